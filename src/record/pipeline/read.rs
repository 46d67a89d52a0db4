//! Readers of games, one per record syntax, behind one trait, and the loop
//! that reads an input's games through [`Checked`].

use std::io::{self, BufRead};
use std::ops::RangeInclusive;

use crate::model::{Comment, Span};
use crate::notation::pgn::{PgnError, PgnErrorKind, Reader, Visitor};
use crate::record::pipeline::game::{Checked, Finished, GameWriter};
use crate::record::replay::damage::relabel_syntax;
use crate::record::replay::verdict::syntax_diagnostic;
use crate::record::replay::Diagnostic;

/// Why a game could not be read.
#[derive(Clone, Debug)]
pub struct ReadError {
    /// Where and why, as every command reports it (boxed: errors are
    /// rare, and a `Result` of one stays small).
    pub error: Box<Diagnostic>,
    /// The input itself failed (an I/O error): it ends here.
    pub io: bool,
    /// The game was read up to this error, which ends it (a Game Courier
    /// turn that matches no move): its tokens went to the visitor, and the
    /// error is its verdict's. Otherwise the game could not be read.
    pub ends_game: bool,
}

impl ReadError {
    /// The game could not be read: `error` says where and why.
    pub fn new(error: Diagnostic) -> ReadError {
        ReadError {
            error: Box::new(error),
            io: false,
            ends_game: false,
        }
    }

    /// A syntax error at `span`.
    pub fn syntax(span: Span, message: impl std::fmt::Display) -> ReadError {
        ReadError::new(syntax_diagnostic(span, message))
    }

    /// The input failed at `span` (an I/O error).
    pub fn io(span: Span, e: io::Error) -> ReadError {
        ReadError {
            io: true,
            ..ReadError::syntax(span, e)
        }
    }

    /// A syntax error of the JSON form at `span` (rule id `json-syntax`).
    pub fn json(span: Span, message: impl std::fmt::Display) -> ReadError {
        let mut e = ReadError::syntax(span, format!("JSON: {message}"));
        e.error.kind = Some("json-syntax");
        e
    }
}

impl From<PgnError> for ReadError {
    fn from(e: PgnError) -> ReadError {
        let error = match &e.kind {
            // The input failed, not its syntax: what failed says it.
            PgnErrorKind::Io(m) => syntax_diagnostic(e.span, m),
            _ => relabel_syntax(&e)
                .unwrap_or_else(|| syntax_diagnostic(e.span, format!("PGN syntax: {}", e.kind))),
        };
        ReadError {
            io: matches!(e.kind, PgnErrorKind::Io(_)),
            ..ReadError::new(error)
        }
    }
}

/// A game's bytes as read, and the stream offset of the first.
#[derive(Clone, Copy, Debug)]
pub struct GameText<'a> {
    /// The bytes, from where the game before ended to where this one did.
    pub bytes: &'a [u8],
    /// The stream offset of `bytes[0]` (spans count from the stream's
    /// start).
    pub offset: u64,
    /// Whether the bytes are PGN (a game that could not be read is written
    /// back as it was read only into PGN).
    pub pgn: bool,
    /// For a game of the JSON form kept as the PGN text it stood as (its
    /// `unreadable` field), that text.
    pub unreadable: Option<&'a str>,
    /// For a game of the JSON form, the first field it holds that the form
    /// does not (read past, so a rewrite would drop it).
    pub ignored: Option<&'a str>,
}

impl<'a> GameText<'a> {
    /// The PGN text of a game that could not be read, as it stands: its
    /// bytes when they are PGN, or the text a JSON `unreadable` field kept.
    pub fn as_pgn(&self) -> Option<&'a [u8]> {
        match self.pgn {
            true => Some(self.bytes),
            false => self.unreadable.map(str::as_bytes),
        }
    }
}

/// A source of games in one record syntax (PGN, JSON, Game Courier).
pub trait GameReader {
    /// Reads the next game into `v`; `Ok(None)` at the end of the input.
    /// After a syntax error the next call reads the next game.
    fn read_game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, ReadError>;
    /// The bytes of the game just read, from where the game before it
    /// ended (`None` unless kept: see [`PgnGames::keep_text`]).
    fn game_text(&mut self) -> Option<GameText<'_>>;
    /// Once the input is read: the comments after its last game that
    /// belong to no game (PGN: only comments after the last termination
    /// marker; JSON: the `trailing_comments` object), taken.
    fn trailer(&mut self) -> Vec<Comment> {
        Vec::new()
    }
    /// The bytes of the trailer, after the last game's (when kept).
    fn trailer_text(&mut self) -> Option<&[u8]> {
        None
    }
}

/// A `BufRead` that keeps what is read from it, while asked to.
pub struct Recorder<R> {
    inner: R,
    keep: bool,
    /// Stream offset of `kept[0]`.
    base: u64,
    kept: Vec<u8>,
}

impl<R: BufRead> io::Read for Recorder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = io::Read::read(&mut self.inner, buf)?;
        if self.keep {
            self.kept.extend_from_slice(&buf[..n]);
        }
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Recorder<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        if self.keep {
            if let Ok(buf) = self.inner.fill_buf() {
                self.kept.extend_from_slice(&buf[..n.min(buf.len())]);
            }
        }
        self.inner.consume(n);
    }
}

/// PGN games read by the streaming [`Reader`], with their bytes when kept.
/// A game's bytes run from where the game before it ended to the first
/// token after it (the white space after a game is the game's; a comment
/// between games belongs to the next one, which the reader hands it to).
pub struct PgnGames<R> {
    reader: Reader<Recorder<R>>,
    /// Where the last game began and ended.
    start: u64,
    end: u64,
}

impl<R: BufRead> PgnGames<R> {
    /// The games of `input`.
    pub fn new(input: R) -> PgnGames<R> {
        let recorder = Recorder {
            inner: input,
            keep: false,
            base: 0,
            kept: Vec::new(),
        };
        PgnGames {
            reader: Reader::new(recorder),
            start: 0,
            end: 0,
        }
    }

    /// The games of `input`, a slice of a larger text that starts at byte
    /// `offset`, the start of line `line`.
    pub fn starting_at(input: R, offset: u64, line: u32) -> PgnGames<R> {
        let mut games = PgnGames::new(input);
        games.reader = games.reader.starting_at(offset, line);
        games.reader.get_mut().base = offset;
        games.start = offset;
        games.end = offset;
        games
    }

    /// Keeps each game's bytes for [`GameReader::game_text`] (memory: one
    /// game and what the reader has read ahead).
    pub fn keep_text(mut self) -> PgnGames<R> {
        self.reader.get_mut().keep = true;
        self
    }

    /// Makes `%` escape lines errors rather than skipped (a rewrite would
    /// delete them).
    pub fn refuse_escape_lines(mut self) -> PgnGames<R> {
        self.reader = self.reader.refuse_escape_lines();
        self
    }
}

impl<R> PgnGames<R> {
    /// The stream offsets of the last game's bytes.
    pub fn last_range(&self) -> std::ops::Range<u64> {
        self.start..self.end
    }
}

impl<R: BufRead> GameReader for PgnGames<R> {
    fn read_game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, ReadError> {
        // The game before this one is handed on: forget its bytes (once
        // they are half of what is kept, so that forgetting stays linear).
        let rec = self.reader.get_mut();
        let done = (self.end.saturating_sub(rec.base) as usize).min(rec.kept.len());
        if done * 2 >= rec.kept.len() {
            rec.kept.drain(..done);
            rec.base += done as u64;
        }
        let read = self.reader.read_game(v);
        if read.as_ref().is_ok_and(Option::is_none) {
            return read.map_err(ReadError::from);
        }
        if read.is_ok() {
            // A read error here is the next game's to report.
            let _ = self.reader.skip_white_space();
        }
        self.start = self.end;
        self.end = self.reader.position().offset.max(self.end);
        read.map_err(ReadError::from)
    }

    fn trailer(&mut self) -> Vec<Comment> {
        self.reader.take_trailer()
    }

    fn trailer_text(&mut self) -> Option<&[u8]> {
        let (start, end) = (self.end, self.reader.position().offset);
        let rec = self.reader.get_mut();
        if !rec.keep {
            return None;
        }
        let at = |o: u64| (o.saturating_sub(rec.base) as usize).min(rec.kept.len());
        Some(&rec.kept[at(start)..at(end).max(at(start))])
    }

    fn game_text(&mut self) -> Option<GameText<'_>> {
        let (start, end) = (self.start, self.end);
        let rec = self.reader.get_mut();
        if !rec.keep {
            return None;
        }
        let at = |o: u64| (o.saturating_sub(rec.base) as usize).min(rec.kept.len());
        Some(GameText {
            bytes: &rec.kept[at(start)..at(end)],
            offset: start.max(rec.base),
            pgn: true,
            unreadable: None,
            ignored: None,
        })
    }
}

/// Why reading an input stopped before its end.
#[derive(Debug)]
pub enum Stopped {
    /// The input could not be read further (I/O); the games before were
    /// handed on.
    Read(ReadError),
    /// The game's consumer failed (writing its output).
    Write(io::Error),
}

/// What [`each_game`] hands each game to: its number, the game, its bytes
/// when kept; says whether to go on.
pub type EachGame<'e, T> =
    dyn FnMut(usize, Finished<T>, Option<GameText<'_>>) -> io::Result<bool> + 'e;

/// Reads every game of `reader` through `checked`, numbering them from 1,
/// and hands each chosen one, with its bytes when kept, to `each`, which
/// says whether to go on; games outside `numbers` are read (to count them)
/// but neither replayed nor written, and reading stops after the last
/// number chosen. Returns how many games were read.
pub fn each_game<R: GameReader, W: GameWriter>(
    reader: &mut R,
    checked: &mut Checked<W>,
    numbers: Option<&RangeInclusive<usize>>,
    each: &mut EachGame<'_, W::Output>,
) -> Result<usize, Stopped> {
    let mut read = 0usize;
    loop {
        if numbers.is_some_and(|n| read >= *n.end()) {
            return Ok(read);
        }
        let number = read + 1;
        let skip = numbers.is_some_and(|n| !n.contains(&number));
        checked.writer().game_number(number);
        let finished = match next_game(reader, checked, skip) {
            Ok(None) => return Ok(read),
            Ok(Some(f)) => f,
            Err(e) => return Err(Stopped::Read(e)),
        };
        read = number;
        if let Some(mut f) = finished {
            f.verdict.game = number;
            if !each(number, f, reader.game_text()).map_err(Stopped::Write)? {
                return Ok(read);
            }
        }
    }
}

/// The step of [`each_game`], for a caller that pulls games one at a time
/// (the Python package's iterators): reads the next game of `reader`
/// through `checked` (not chosen when `skip`). `Ok(None)` at the end of
/// the input; `Ok(Some(None))` for a game read but not chosen; `Err` when
/// the input failed (an I/O error), which ends it. The game's `verdict.game`
/// is the caller's to number.
#[allow(clippy::type_complexity)]
pub fn next_game<R: GameReader, W: GameWriter>(
    reader: &mut R,
    checked: &mut Checked<W>,
    skip: bool,
) -> Result<Option<Option<Finished<W::Output>>>, ReadError> {
    checked.skip_next_game(skip);
    match reader.read_game(checked) {
        Ok(found) => Ok(found),
        Err(e) if e.io => Err(e),
        Err(e) if e.ends_game => Ok(Some(checked.end_with(*e.error))),
        Err(e) => {
            let wants = checked.writer().wants_text();
            let text = if wants { reader.game_text() } else { None };
            Ok(Some(checked.unreadable(*e.error, text)))
        }
    }
}
