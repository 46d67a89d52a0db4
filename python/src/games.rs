//! Games read lazily through the library's pipeline: a Python iterator that
//! owns one reader and hands on one game at a time (memory: one game and
//! the reader's buffer), as JSON text the Python layer wraps.

use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::sync::{Arc, Mutex, TryLockError};

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use fvnote::record::convert::held::Buffer;
use fvnote::record::convert::{ConvertOptions, GameError, Target, Writer};
use fvnote::record::json::read::JsonReader;
use fvnote::record::json::write::JsonOptions;
use fvnote::record::pipeline::game::{Checked, Finished, GameWriter, NoWriter};
use fvnote::record::pipeline::read::{next_game, PgnGames, ReadError};
use fvnote::record::pipeline::select::Selection;
use fvnote::record::pipeline::source::{sniff_any, Syntax};
use fvnote::record::replay::verdict::Verdict;
use fvnote::report::json::Json;
use fvnote::report::{Printer, Source};

use crate::errors::{error, Fields};

/// Bytes of any source, sendable to a thread without the interpreter.
type Src = Box<dyn BufRead + Send>;

/// The reader of one record syntax.
enum Reader {
    Pgn(PgnGames<Src>),
    Json(JsonReader<Src>),
}

/// A Python file object read as bytes (a text file's `str` is encoded as
/// UTF-8). Its exception, if `read` raises, is kept for the caller.
struct PyFile {
    file: Py<PyAny>,
    pending: Vec<u8>,
    raised: Arc<Mutex<Option<PyErr>>>,
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            let got = Python::attach(|py| -> PyResult<Vec<u8>> {
                let chunk = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1),))?;
                if let Ok(b) = chunk.cast::<PyBytes>() {
                    Ok(b.as_bytes().to_vec())
                } else if let Ok(s) = chunk.cast::<PyString>() {
                    Ok(s.to_cow()?.as_bytes().to_vec())
                } else if chunk.is_none() {
                    Ok(Vec::new())
                } else {
                    Err(PyTypeError::new_err(
                        "the file's read() returned neither bytes nor str",
                    ))
                }
            });
            match got {
                Ok(bytes) => self.pending = bytes,
                Err(e) => {
                    let message = e.to_string();
                    if let Ok(mut slot) = self.raised.lock() {
                        *slot = Some(e);
                    }
                    return Err(io::Error::other(message));
                }
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// Where a stream's bytes come from.
pub enum Origin {
    Path(String),
    Bytes(Vec<u8>),
    File(Py<PyAny>),
}

/// A source opened: its reader and the slot for a file object's exception.
fn open(origin: Origin, raised: &Arc<Mutex<Option<PyErr>>>) -> io::Result<Src> {
    let src: Src = match origin {
        Origin::Path(p) => Box::new(BufReader::with_capacity(1 << 16, std::fs::File::open(p)?)),
        Origin::Bytes(b) => Box::new(Cursor::new(b)),
        Origin::File(file) => Box::new(BufReader::with_capacity(
            1 << 16,
            PyFile {
                file,
                pending: Vec::new(),
                raised: raised.clone(),
            },
        )),
    };
    Ok(src)
}

/// The exception a file object's `read` raised, taken from its slot.
fn taken(raised: &Mutex<Option<PyErr>>) -> Option<PyErr> {
    raised.lock().ok().and_then(|mut s| s.take())
}

/// The syntax a `syntax` argument names (None: told by the first bytes).
fn syntax(name: Option<&str>) -> PyResult<Option<Syntax>> {
    match name {
        None => Ok(None),
        Some("pgn") => Ok(Some(Syntax::Pgn)),
        Some("json") => Ok(Some(Syntax::Json)),
        Some(other) => Err(PyValueError::new_err(format!(
            "syntax {other:?}: expected \"pgn\", \"json\" or None"
        ))),
    }
}

/// One input's games through `Checked<W>`, pulled one at a time.
struct Stream<W: GameWriter> {
    reader: Reader,
    checked: Checked<W>,
    name: String,
    read: usize,
    done: bool,
    raised: Arc<Mutex<Option<PyErr>>>,
}

impl<W: GameWriter> Stream<W> {
    /// The stream of `origin`; a file object's exception, if its `read`
    /// raised, is left in `raised`.
    fn new(
        origin: Origin,
        name: String,
        syn: Option<Syntax>,
        writer: W,
        strict: bool,
        raised: Arc<Mutex<Option<PyErr>>>,
    ) -> io::Result<Self> {
        let src = open(origin, &raised)?;
        let (syn, src): (Syntax, Src) = match syn {
            Some(s) => (s, src),
            None => {
                let (s, r) = sniff_any(src)?;
                (s, Box::new(r))
            }
        };
        let wants_text = writer.wants_text();
        let reader = match syn {
            Syntax::Json => Reader::Json(JsonReader::new(src)),
            _ if wants_text => Reader::Pgn(PgnGames::new(src).keep_text()),
            _ => Reader::Pgn(PgnGames::new(src)),
        };
        Ok(Stream {
            reader,
            checked: Checked::new(writer, strict, None, Selection::default()),
            name,
            read: 0,
            done: false,
            raised,
        })
    }

    /// The next game, numbered; `Ok(None)` at the end.
    fn next(&mut self) -> Result<Option<Finished<W::Output>>, ReadError> {
        while !self.done {
            let got = match &mut self.reader {
                Reader::Pgn(r) => next_game(r, &mut self.checked, false),
                Reader::Json(r) => next_game(r, &mut self.checked, false),
            };
            match got {
                Ok(None) => self.done = true,
                Ok(Some(found)) => {
                    self.read += 1;
                    if let Some(mut f) = found {
                        f.verdict.game = self.read;
                        return Ok(Some(f));
                    }
                }
                Err(e) => {
                    self.done = true;
                    return Err(e);
                }
            }
        }
        Ok(None)
    }

    /// The exception for a read that failed: the file object's own, or a
    /// `ReadError` at the line where the input broke off.
    fn failure(&self, py: Python<'_>, e: ReadError) -> PyErr {
        if let Some(raised) = taken(&self.raised) {
            return raised;
        }
        let line = e.error.span.line;
        let fields = Fields {
            file: Some(self.name.clone()),
            line: (line > 0).then_some(line),
            ..Fields::default()
        };
        error(py, "ReadError", e.error.message.clone(), fields)
    }

    /// The verdict as the JSON report writes it (one line of `validate
    /// --format json`).
    fn verdict_json(&self, v: &Verdict) -> String {
        let mut printer = Json::default();
        let mut out: Vec<u8> = Vec::new();
        // Writing to memory cannot fail.
        let _ = printer.file_start(&mut out, &self.name);
        let _ = printer.game(&mut out, v, Source::default());
        String::from_utf8_lossy(out.trim_ascii_end()).into_owned()
    }
}

/// What a stream makes of each game (one per stream: the size of the
/// larger costs nothing).
#[allow(clippy::large_enum_variant)]
enum Kind {
    /// Verdicts only (`validate`).
    Verdicts(Stream<NoWriter>),
    /// Each game in the JSON form, with its verdict (`read_games`).
    Games(Stream<Writer<Buffer>>),
}

/// Games of one source, one at a time: the iterator behind
/// `fvnote.read_games` and `fvnote.validate`.
#[pyclass(module = "fvnote._fvnote", frozen)]
pub struct GameStream {
    kind: Mutex<Kind>,
}

/// The writer of the JSON form, one game per line.
fn json_writer(fens: bool) -> Writer<Buffer> {
    let opts = ConvertOptions {
        to: Target::Jsonl,
        json: JsonOptions {
            fens,
            compact: false,
        },
        fix_result: false,
    };
    Writer::new(&opts, Buffer::default())
}

/// The origin a Python source object names (a `str` here is a path: the
/// Python layer has told paths from texts).
pub fn origin(source: &Bound<'_, PyAny>) -> PyResult<Origin> {
    if let Ok(s) = source.cast::<PyString>() {
        Ok(Origin::Path(s.to_cow()?.into_owned()))
    } else if let Ok(b) = source.cast::<PyBytes>() {
        Ok(Origin::Bytes(b.as_bytes().to_vec()))
    } else if source.hasattr("read")? {
        Ok(Origin::File(source.clone().unbind()))
    } else {
        Err(PyTypeError::new_err(
            "expected a path, the text as bytes, or a file object",
        ))
    }
}

/// What `GameStream.__next__` hands the Python layer: the verdict (the
/// JSON report's line), the game (a line of the JSON form), why not.
type Next = (String, Option<String>, Option<String>);

#[pymethods]
impl GameStream {
    /// Opens `source` (a path `str`, `bytes`, or a file object) named
    /// `name` in verdicts; `games`: the JSON form of each game too.
    #[new]
    #[pyo3(signature = (source, name, *, games, syntax=None, strict=false, fens=false))]
    fn py_new(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        name: String,
        games: bool,
        syntax: Option<&str>,
        strict: bool,
        fens: bool,
    ) -> PyResult<GameStream> {
        let origin = origin(source)?;
        let syn = self::syntax(syntax)?;
        let raised = Arc::new(Mutex::new(None));
        let slot = raised.clone();
        let kind = py
            .detach(|| -> io::Result<Kind> {
                Ok(match games {
                    true => Kind::Games(Stream::new(
                        origin,
                        name,
                        syn,
                        json_writer(fens),
                        strict,
                        slot,
                    )?),
                    false => {
                        Kind::Verdicts(Stream::new(origin, name, syn, NoWriter, strict, slot)?)
                    }
                })
            })
            .map_err(|e| taken(&raised).unwrap_or_else(|| e.into()))?;
        Ok(GameStream {
            kind: Mutex::new(kind),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game: `(verdict, game, refused)` — the verdict as the JSON
    /// report's line, the game as a line of the JSON form (None for
    /// verdicts only, or when the form could not hold it: `refused` says
    /// why).
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Next>> {
        // Never wait for the lock holding the interpreter: the holder may
        // need it (a file object's `read`).
        let mut kind = match self.kind.try_lock() {
            Ok(k) => k,
            Err(TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err("the iterator is already running"))
            }
            Err(TryLockError::Poisoned(_)) => {
                return Err(PyRuntimeError::new_err("the reader failed earlier"))
            }
        };
        match &mut *kind {
            Kind::Verdicts(s) => match py.detach(|| s.next()) {
                Ok(Some(f)) => Ok(Some((s.verdict_json(&f.verdict), None, None))),
                Ok(None) => Ok(None),
                Err(e) => Err(s.failure(py, e)),
            },
            Kind::Games(s) => {
                let f = match py.detach(|| s.next()) {
                    Ok(Some(f)) => f,
                    Ok(None) => return Ok(None),
                    Err(e) => return Err(s.failure(py, e)),
                };
                // A fresh buffer each game: a game dropped later is cut
                // from its own start.
                let bytes = std::mem::take(s.checked.writer().out()).bytes;
                let verdict = s.verdict_json(&f.verdict);
                Ok(Some(match f.output {
                    Ok(_) => {
                        let text = String::from_utf8_lossy(bytes.trim_ascii_end()).into_owned();
                        (verdict, Some(text), None)
                    }
                    Err(GameError::Refused(why) | GameError::Cut(why)) => {
                        (verdict, None, Some(why))
                    }
                    Err(GameError::Io(e)) => (verdict, None, Some(e.to_string())),
                }))
            }
        }
    }
}

/// Converts every game of `source` to `to` (`pgn`, `json`, `jsonl`, `fen`,
/// `gamecourier`): the text, and for each game the form could not hold,
/// its verdict (as the JSON report's line) and why.
#[pyfunction]
#[pyo3(signature = (source, name, to, *, syntax=None, fens=false))]
pub fn convert(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    name: String,
    to: &str,
    syntax: Option<&str>,
    fens: bool,
) -> PyResult<(String, Vec<(String, String)>)> {
    let target = match to {
        "pgn" => Target::Pgn,
        "json" => Target::Json,
        "jsonl" => Target::Jsonl,
        "fen" => Target::Fen,
        "gamecourier" => Target::Gamecourier,
        other => {
            return Err(PyValueError::new_err(format!(
                "to {other:?}: expected \"pgn\", \"json\", \"jsonl\", \"fen\" or \"gamecourier\""
            )))
        }
    };
    let opts = ConvertOptions {
        to: target,
        json: JsonOptions {
            fens,
            compact: false,
        },
        fix_result: false,
    };
    let origin = origin(source)?;
    let syn = self::syntax(syntax)?;
    let writer = Writer::new(&opts, Buffer::default());
    let raised = Arc::new(Mutex::new(None));
    let slot = raised.clone();
    let mut s = py
        .detach(|| Stream::new(origin, name, syn, writer, false, slot))
        .map_err(|e| taken(&raised).unwrap_or_else(|| e.into()))?;
    let mut refused = Vec::new();
    loop {
        match py.detach(|| s.next()) {
            Ok(Some(f)) => match f.output {
                Ok(_) => {}
                Err(GameError::Refused(why) | GameError::Cut(why)) => {
                    refused.push((s.verdict_json(&f.verdict), why))
                }
                Err(GameError::Io(e)) => refused.push((s.verdict_json(&f.verdict), e.to_string())),
            },
            Ok(None) => break,
            Err(e) => return Err(s.failure(py, e)),
        }
    }
    let mut writer = s.checked.into_writer();
    writer.finish()?;
    let bytes = std::mem::take(&mut writer.out().bytes);
    Ok((String::from_utf8_lossy(&bytes).into_owned(), refused))
}
