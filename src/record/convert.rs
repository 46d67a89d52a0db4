//! Converting games to another form, one game at a time: JSON, JSON Lines,
//! canonical PGN, FEN lists, Game Courier move lists (`fvnote convert`).
//!
//! PGN input converts to JSON, JSON Lines and PGN as it is read, a main-line
//! move at a time ([`Converter::stream_pgn`]: `record::game_stream` with the
//! sinks of `record::json_stream` and `record::pgn_stream`), so memory does
//! not grow with a game. Other input (JSON, Game Courier lists, games chosen
//! by `--where`) converts a whole record at a time ([`Converter::item`]).
//!
//! After the first error nothing more is written, but games go on being
//! read and converted to report every error. Standard output gets each game
//! whole: a game's conversion is held back until the game is read to its end
//! (up to [`HOLD_MIB`] MiB; a longer one streams and, should it fail late,
//! is cut, which an error says), and flushed, so a reader at the other end
//! of a pipe has each game as soon as it is converted. So on a late error
//! what standard output holds is complete game by game (a JSON array is
//! closed), and the exit status says the run failed. A file (`-o`,
//! `--in-place`) is written as games convert and kept only when every game
//! converted (`crate::fs`).

use std::io::{BufRead, Write};

use crate::model::Located;
use crate::model::Record;
use crate::notation::pgn::{check_writable, write_records, PgnError, PgnErrorKind, Reader};
use crate::record::format::{canonical_pgn_lenient, main_line_fens, InputFormat};
use crate::record::game_stream::GameStream;
use crate::record::gamecourier::write_list;
use crate::record::held::Held;
use crate::record::json::{to_game, JsonOptions};
use crate::record::json_check::checked;
use crate::record::json_compact::compact;
use crate::record::json_stream::{GameError, JsonGames, Layout};
use crate::record::pgn_stream::{CanonicalPgn, Resolve};

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Target {
    /// One JSON document: an array of games, pretty-printed.
    Json,
    /// JSON Lines: one game per line.
    Jsonl,
    /// PGN; PGN input is rewritten in canonical form.
    Pgn,
    /// The FEN after every main-line ply, start first; a blank line between games.
    Fen,
    /// A Game Courier move list (notation/gamecourier.md): one numbered turn
    /// per line; tags, result, NAGs and variations are not written.
    Gamecourier,
}

/// How to convert.
#[derive(Clone, Copy, Debug)]
pub struct ConvertOptions {
    /// What to write.
    pub to: Target,
    /// JSON: the compact form (`record::json_compact`).
    pub compact: bool,
    /// JSON: `fen_after` on every ply.
    pub fens: bool,
    /// JSON to PGN: write moves as they are, without replaying them.
    pub no_check: bool,
}

/// Why converting a stream of games stopped.
#[derive(Debug)]
pub enum StreamError {
    /// The input could not be read (its name and why).
    Read(String),
    /// Writing the output failed.
    Write(std::io::Error),
}

fn located(name: &str, errs: impl IntoIterator<Item = Located>) -> Vec<String> {
    errs.into_iter()
        .map(|e| format!("{name}:{}:{}: {}", e.line, e.column, e.message))
        .collect()
}

/// Says where a game's moves stop resolving (`--to pgn` keeps them as written).
pub fn warn_unresolved(name: &str, error: Option<Located>) {
    if let Some(e) = error {
        eprintln!(
            "warning: {name}:{}:{}: {}; moves from here are kept as written",
            e.line, e.column, e.message
        );
    }
}

/// A game in the compact JSON form (`--compact`).
fn compact_json(g: &impl serde::Serialize) -> serde_json::Result<serde_json::Value> {
    serde_json::to_value(g).map(compact)
}

/// How much of one game's conversion standard output holds back, so that it
/// gets only whole games (a longer game streams).
pub const HOLD_MIB: usize = 16;

/// A writer that indents every line after the first by two spaces (a
/// pretty-printed game as an element of the array).
struct Indent<W>(W);

impl<W: Write> Write for Indent<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut rest = buf;
        while let Some(i) = memchr::memchr(b'\n', rest) {
            self.0.write_all(&rest[..=i])?;
            self.0.write_all(b"  ")?;
            rest = &rest[i + 1..];
        }
        self.0.write_all(rest)?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Writes the conversion of games, one at a time, to `out`; after the first
/// error it only converts (to report every error) and writes nothing more.
pub struct Converter {
    options: ConvertOptions,
    opts: JsonOptions,
    /// Games written.
    pub games: usize,
    /// Every error, located (`FILE:LINE:COLUMN: message`).
    pub errors: Vec<String>,
    /// A game from JSON did not replay (exit 1, as `validate`).
    pub illegal: bool,
    /// The output ends inside a game.
    pub cut: bool,
}

impl Converter {
    /// A converter writing `options.to`.
    pub fn new(options: ConvertOptions) -> Converter {
        Converter {
            opts: JsonOptions { fens: options.fens },
            options,
            games: 0,
            errors: Vec::new(),
            illegal: false,
            cut: false,
        }
    }

    /// Converts one game read whole, `record`, read from `format`, to `out`.
    pub fn game(
        &mut self,
        name: &str,
        record: Record,
        format: InputFormat,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        let r = &record;
        // After an error nothing more is written (only errors collected).
        let write = self.errors.is_empty();
        let mut out = out;
        match self.options.to {
            Target::Json | Target::Jsonl => match to_game(r, &self.opts) {
                Ok(g) if !write => drop(g),
                Ok(g) if self.options.to == Target::Jsonl => {
                    match self.options.compact {
                        true => serde_json::to_writer(&mut out, &compact_json(&g)?)?,
                        false => serde_json::to_writer(&mut out, &g)?,
                    }
                    out.write_all(b"\n")?;
                }
                Ok(g) => {
                    // An element of a pretty-printed array: each line one
                    // level in (strings hold no raw line breaks).
                    out.write_all(if self.games == 0 { b"[\n  " } else { b",\n  " })?;
                    let indented = Indent(&mut out);
                    match self.options.compact {
                        true => serde_json::to_writer_pretty(indented, &compact_json(&g)?)?,
                        false => serde_json::to_writer_pretty(indented, &g)?,
                    }
                }
                Err(e) => self.refuse(name, r, e),
            },
            // What PGN can hold is replayed and written in canonical SAN,
            // as PGN input is.
            Target::Pgn if format == InputFormat::Json && !self.options.no_check => {
                match check_writable(r).map(|()| checked(r)) {
                    Ok(Ok((c, warnings))) => {
                        for w in warnings {
                            eprintln!("warning: {name}:{}:{}: {}", w.line, w.column, w.message);
                        }
                        if write {
                            write_records([&c], &mut out)?;
                        }
                    }
                    Ok(Err(e)) => {
                        self.illegal = true;
                        self.errors.extend(located(name, [e]));
                    }
                    Err(e) => self.refuse(name, r, e),
                }
            }
            Target::Pgn if format == InputFormat::Json => match check_writable(r) {
                // JSON keeps its tokens as written (they may not replay).
                Ok(()) if write => write_records([r], &mut out)?,
                Ok(()) => {}
                Err(e) => self.refuse(name, r, e),
            },
            Target::Pgn => {
                // Still lossless: the moves that resolve are rewritten, the
                // rest kept as written.
                let (canonical, error) = canonical_pgn_lenient(r);
                warn_unresolved(name, error);
                if write {
                    out.write_all(&canonical)?;
                }
            }
            Target::Gamecourier => match write_list(r) {
                Ok(list) if write => {
                    if self.games > 0 {
                        out.write_all(b"\n")?;
                    }
                    out.write_all(list.as_bytes())?;
                }
                Ok(_) => {}
                Err(e) => self.refuse(name, r, e),
            },
            Target::Fen => match main_line_fens(r) {
                Ok(fens) if write => {
                    if self.games > 0 {
                        out.write_all(b"\n")?;
                    }
                    for f in fens {
                        out.write_all(f.as_bytes())?;
                        out.write_all(b"\n")?;
                    }
                }
                Ok(_) => {}
                Err(e) => self.errors.extend(located(name, [e])),
            },
        }
        if self.errors.is_empty() {
            self.games += 1;
        }
        Ok(())
    }

    /// One game, or an error reading one (its message, located).
    pub fn item(
        &mut self,
        name: &str,
        r: Result<Record, String>,
        format: InputFormat,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        match r {
            Ok(r) => self.game(name, r, format, out),
            Err(e) => {
                self.errors.push(e);
                Ok(())
            }
        }
    }

    /// Whether PGN games convert as they are read (a main-line move at a
    /// time), rather than as whole records: into JSON, JSON Lines and PGN.
    pub fn streams_pgn(&self) -> bool {
        matches!(self.options.to, Target::Json | Target::Jsonl | Target::Pgn)
    }

    /// Converts the PGN games of `reader` as they are read, to `out`: a
    /// game costs its converted text at most (held back whole when
    /// `hold` > 0, so `out` gets only complete games while the game's
    /// output fits in `hold` bytes), never its record.
    /// `name` names the input in messages; `rewrite`: the output replaces
    /// the input, so a `%` escape line, which no record keeps, is an error.
    pub fn stream_pgn(
        &mut self,
        name: &str,
        reader: impl BufRead,
        rewrite: bool,
        out: &mut dyn Write,
        hold: usize,
    ) -> Result<(), StreamError> {
        let written = StreamError::Write;
        let mut games = Reader::new(reader).refuse_invalid_utf8();
        if rewrite {
            games = games.refuse_escape_lines();
        }
        let mut held = Held::new(out, hold);
        if !self.errors.is_empty() {
            held.discard();
        }
        if self.options.to == Target::Pgn {
            let mut stream = GameStream::new(CanonicalPgn::new(Resolve::Lenient, false), true);
            loop {
                match games.read_game(&mut stream) {
                    Ok(None) => break,
                    Ok(Some(Ok(g))) => {
                        warn_unresolved(name, g.unresolved);
                        held.write_all(&g.text).map_err(written)?;
                        held.commit().map_err(written)?;
                        if self.errors.is_empty() {
                            self.games += 1;
                        }
                    }
                    // Lenient: every game has a form.
                    Ok(Some(Err(_))) => {}
                    Err(e) => self.read_error(name, &e, &mut held)?,
                }
            }
            return Ok(());
        }
        let layout = match self.options.to {
            Target::Json => Layout::Element,
            _ => Layout::Line,
        };
        let sink = JsonGames::new(held, self.opts.clone(), layout, self.options.compact);
        let mut stream = GameStream::new(sink, true);
        loop {
            stream.sink().games_before = self.games;
            match games.read_game(&mut stream) {
                Ok(None) => break,
                Ok(Some(Ok(()))) => {
                    stream.sink().get_mut().commit().map_err(written)?;
                    if self.errors.is_empty() {
                        self.games += 1;
                    }
                }
                Ok(Some(Err(GameError::Io(e)))) => return Err(written(e)),
                Ok(Some(Err(GameError::Json(e, span)))) => {
                    let at = format!("{name}:{}:{}: {e}", span.line, span.column);
                    self.errors.push(at);
                    self.cut(name, stream.sink().get_mut());
                }
                Err(e) => self.read_error(name, &e, stream.sink().get_mut())?,
            }
        }
        Ok(())
    }

    /// A game that could not be read: its output is dropped, and nothing
    /// more is written.
    fn read_error(&mut self, name: &str, e: &PgnError, held: &mut Held) -> Result<(), StreamError> {
        if let PgnErrorKind::Io(message) = &e.kind {
            return Err(StreamError::Read(format!("{name}: {message}")));
        }
        let at = Located::from(e);
        self.errors
            .push(format!("{name}:{}:{}: {}", at.line, at.column, at.message));
        self.cut(name, held);
        Ok(())
    }

    /// Drops the failed game's output and everything after it; says so
    /// when part of the game had gone out (a conversion longer than what
    /// is held back).
    fn cut(&mut self, name: &str, held: &mut Held) {
        if held.abandon() {
            self.cut = true;
            self.errors.push(format!(
                "{name}: the output ends inside this game: its conversion outgrew the \
                 {HOLD_MIB} MiB held back before the error was found"
            ));
        }
        held.discard();
    }

    /// Files an error about the whole game `r`.
    fn refuse(&mut self, name: &str, r: &Record, e: impl std::fmt::Display) {
        let (line, column) = (r.span.line, r.span.column);
        self.errors.push(format!("{name}:{line}:{column}: {e}"));
    }

    /// Closes what the games opened (the JSON array).
    pub fn finish(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        if self.options.to == Target::Json {
            out.write_all(if self.games == 0 { b"[]\n" } else { b"\n]\n" })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::format::read_pgn;

    /// Converted one game at a time, the JSON document is the one serde
    /// writes for the whole array.
    #[test]
    fn a_json_array_written_game_by_game_is_serdes_pretty_array() {
        let pgn = "[Event \"a \\\"b\\\"\"]\n\n1. e4 {two\nlines} e5 (1... c5 $1) 2. Nf3 *\n\n\
                   [Variant \"grid\"]\n\n1. Nc3 *\n\n1. d4 1-0\n";
        let records = read_pgn(pgn.as_bytes()).unwrap();
        for n in 0..=records.len() {
            let mut conv = Converter::new(ConvertOptions {
                to: Target::Json,
                compact: false,
                fens: true,
                no_check: false,
            });
            let mut out = Vec::new();
            for r in &records[..n] {
                conv.game("t", r.clone(), InputFormat::Pgn, &mut out)
                    .unwrap();
            }
            conv.finish(&mut out).unwrap();
            let games: Vec<_> = records[..n]
                .iter()
                .map(|r| to_game(r, &conv.opts).unwrap())
                .collect();
            let mut expected = serde_json::to_vec_pretty(&games).unwrap();
            expected.push(b'\n');
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(expected).unwrap(),
                "{n} games"
            );
        }
    }
}
