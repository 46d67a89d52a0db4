//! The streaming reader: games read token by token from any `BufRead`
//! and reported to a [`Visitor`]; errors, and resynchronising after them.
//!
//! The files: `visitor.rs` (the trait), `lines.rs` (the open variations),
//! `tag.rs` (tag pairs), `plain.rs` (the fast path for common tokens),
//! `tokens.rs` (every movetext token the general way), `builder.rs` (the
//! visitor that builds records).

mod builder;
mod lines;
mod plain;
mod tag;
mod tokens;
mod visitor;

use std::cell::Cell;
use std::io::{self, BufRead};

use super::lexer::{is_token_byte, is_ws, Window};
use super::{PgnError, PgnErrorKind};
use crate::model::{Comment, CommentKind, Record, Span};
use lines::{Lines, OpenLine};

pub use builder::RecordBuilder;
pub use visitor::{visit_record, visit_tokens, Proof, Visitor};

/// Limits that keep memory and time bounded on hostile input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReaderOptions {
    /// Longest move token, in bytes (default 255).
    pub max_token_len: usize,
    /// Longest tag value, in bytes (default 64 KiB).
    pub max_tag_value_len: usize,
    /// Longest comment, in bytes (default 16 MiB).
    pub max_comment_len: usize,
    /// Deepest variation nesting (default 1024).
    pub max_depth: usize,
}

impl Default for ReaderOptions {
    fn default() -> Self {
        ReaderOptions {
            max_token_len: 255,
            max_tag_value_len: 64 * 1024,
            max_comment_len: 16 * 1024 * 1024,
            max_depth: 1024,
        }
    }
}

/// A streaming PGN reader over any `BufRead`.
///
/// It is also an iterator of `Result<Record, PgnError>`; after an error it
/// skips to the next game (a line starting with `[` after a blank line, or
/// a line starting with `[Event`) before it returns.
pub struct Reader<R> {
    win: Window<R>,
    opts: ReaderOptions,
    /// Set by errors that leave the reader mid-game. A `Cell` so errors can
    /// be built while the window is borrowed (tokens are lent to the visitor
    /// straight from the window, without copying).
    recover: Cell<bool>,
    dead: bool,
    /// The lines open at the current point of the movetext.
    lines: Lines,
    /// `%` escape lines are errors, not skipped.
    refuse_escapes: bool,
    /// A read error met while resynchronising, for the next call.
    pending_io: Option<PgnError>,
    /// The last game read ended with its termination marker.
    after_result: bool,
    /// Comments after the last game's termination marker that no game
    /// followed: they belong to no game ([`Reader::take_trailer`]).
    trailer: Vec<Comment>,
}

/// The comments read before a game is known to begin (see
/// [`Reader::take_trailer`]).
#[derive(Default)]
struct Held(Vec<Comment>);

impl Visitor for Held {
    type Output = ();
    fn comment(&mut self, text: &str, span: Span) {
        self.0.push(Comment {
            text: text.to_owned(),
            kind: CommentKind::Brace,
            span,
        });
    }
    fn line_comment(&mut self, text: &str, span: Span) {
        self.0.push(Comment {
            text: text.to_owned(),
            kind: CommentKind::Line,
            span,
        });
    }
    fn end_game(&mut self) {}
}

impl Held {
    /// The comments held, to the game they turn out to begin.
    fn replay<V: Visitor>(&mut self, v: &mut V) {
        for c in self.0.drain(..) {
            match c.kind {
                CommentKind::Line => v.line_comment(&c.text, c.span),
                CommentKind::Brace => v.comment(&c.text, c.span),
            }
        }
    }
}

#[derive(PartialEq, Eq, Clone, Copy)]
enum State {
    Start,
    Tags,
    Movetext,
}

/// Read every game from an in-memory buffer. Comments after the last game
/// belong to no game and are not in any record: a caller that writes the
/// games back and must keep them reads with a [`Reader`] and asks
/// [`Reader::take_trailer`].
pub fn read_all(bytes: &[u8]) -> Vec<Result<Record, PgnError>> {
    Reader::new(bytes).collect()
}

impl<R: BufRead> Reader<R> {
    /// A reader with default [`ReaderOptions`].
    pub fn new(read: R) -> Self {
        Self::with_options(read, ReaderOptions::default())
    }

    /// A reader with explicit limits.
    pub fn with_options(read: R, opts: ReaderOptions) -> Self {
        Reader {
            win: Window::new(read),
            opts,
            recover: Cell::new(false),
            dead: false,
            lines: Lines::default(),
            refuse_escapes: false,
            pending_io: None,
            after_result: false,
            trailer: Vec::new(),
        }
    }

    /// Makes `%` escape lines errors instead of skipping them, for callers
    /// that rewrite the file they read (`fmt`, `convert --in-place`): a
    /// record keeps no escape data, so rewriting would delete the line.
    pub fn refuse_escape_lines(mut self) -> Self {
        self.refuse_escapes = true;
        self
    }

    /// A reader for input that continues a larger text at byte `offset`,
    /// the start of line `line`: spans count from there. Parallel
    /// validation reads an archive in blocks that start at game starts.
    pub fn starting_at(mut self, offset: u64, line: u32) -> Self {
        self.win.set_origin(offset, line);
        self
    }

    /// Read the next game into `v`. `Ok(None)` at the end of input.
    ///
    /// After a syntax error the reader has skipped to the next game.
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, PgnError> {
        if self.dead {
            return Ok(None);
        }
        if let Some(e) = self.pending_io.take() {
            self.dead = true;
            return Err(e);
        }
        let r = (|| {
            self.win.skip_bom().map_err(|e| self.io_err(e))?;
            self.game(v)
        })();
        match &r {
            Err(PgnError {
                kind: PgnErrorKind::Io(_),
                ..
            }) => self.dead = true,
            // Resynchronised at once, so [`Reader::position`] is where the
            // broken game ends: the next game's start.
            Err(_) if self.recover.replace(false) => {
                if let Err(e) = self.skip_to_next_game() {
                    self.pending_io = Some(self.io_err(e));
                }
            }
            _ => {}
        }
        r
    }

    /// The input being read.
    pub fn get_mut(&mut self) -> &mut R {
        self.win.src_mut()
    }

    /// Skips white space and `%` escape lines up to the next token (or the
    /// end): after a game, where its bytes end and the next game's begin.
    pub fn skip_white_space(&mut self) -> Result<(), PgnError> {
        self.skip_ws().map(drop).map_err(|e| self.io_err(e))
    }

    /// Where the reader is: after a game (read or not), where the next one
    /// may start.
    pub fn position(&self) -> Span {
        self.win.span(0)
    }

    fn io_err(&self, e: io::Error) -> PgnError {
        PgnError {
            span: self.win.span(0),
            kind: PgnErrorKind::Io(e.to_string()),
        }
    }

    /// An error after which the reader must resynchronise.
    fn fail(&self, span: Span, kind: PgnErrorKind) -> PgnError {
        self.recover.set(true);
        PgnError { span, kind }
    }

    /// Skip the rest of the current line, then whole lines until a line
    /// that starts a game. Streams: skipped bytes are not kept.
    fn skip_to_next_game(&mut self) -> io::Result<()> {
        self.win.skip_line()?;
        self.win.eat_newline()?;
        let mut prev_blank = false;
        loop {
            match self.win.peek(0)? {
                None => return Ok(()),
                Some(b'[') => {
                    let event = (1..6).all(
                        |i| matches!(self.win.peek(i), Ok(Some(b)) if Some(&b) == b"[Event".get(i)),
                    );
                    if prev_blank || event {
                        return Ok(());
                    }
                }
                _ => {}
            }
            while matches!(self.win.peek(0)?, Some(b' ' | b'\t' | 0x0B | 0x0C)) {
                self.win.advance(1);
            }
            prev_blank = matches!(self.win.peek(0)?, None | Some(b'\n' | b'\r'));
            self.win.skip_line()?;
            self.win.eat_newline()?;
        }
    }

    /// Skip whitespace and `%` escape lines; the next byte, if any.
    // Called between every two tokens. The block readers of parallel
    // validation (`Reader<&[u8]>`) otherwise call it out of line: forcing it
    // took that run from 5.35 to 5.05 billion instructions (callgrind, 2
    // threads, the 32 MB engine archive); one stream inlines it anyway.
    #[inline(always)]
    fn skip_ws(&mut self) -> io::Result<Option<u8>> {
        loop {
            let avail = self.win.avail();
            if let [b' ', b, ..] = *avail {
                // One space between tokens, most often.
                if !is_ws(b) {
                    self.win.advance_ascii(1);
                    return Ok(Some(b));
                }
            }
            let mut breaks = false;
            let end = avail.iter().position(|&b| {
                breaks |= b == b'\n' || b == b'\r';
                !is_ws(b)
            });
            match end {
                Some(i) => {
                    let b = avail[i];
                    if breaks {
                        self.win.advance(i);
                    } else {
                        self.win.advance_ascii(i);
                    }
                    if b == b'%' && self.win.column() == 1 && !self.refuse_escapes {
                        self.win.skip_line()?;
                        continue;
                    }
                    return Ok(Some(b));
                }
                None => {
                    let n = avail.len();
                    self.win.advance(n);
                    if !self.win.fill_more()? {
                        return Ok(None);
                    }
                }
            }
        }
    }

    fn utf8<'a>(&self, bytes: &'a [u8], rel: usize) -> Result<&'a str, PgnError> {
        std::str::from_utf8(bytes).map_err(|e| {
            let bad = e.valid_up_to();
            let span = self.win.span_at(rel + bad, 1);
            let byte = bytes.get(bad).copied().unwrap_or(0);
            self.fail(span, PgnErrorKind::InvalidUtf8 { byte })
        })
    }

    /// The comments after the last game's termination marker that no game
    /// followed (only comments and white space to the end of the input):
    /// they belong to no game, so they are not read as a cut-off one, and
    /// a writer that keeps them asks for them here once the input is read.
    pub fn take_trailer(&mut self) -> Vec<Comment> {
        std::mem::take(&mut self.trailer)
    }

    fn game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, PgnError> {
        let mut state = State::Start;
        self.lines.clear();
        // After a game that ended with its termination marker, comments
        // are held until a game begins: to the end of the input, they are
        // no game's.
        let after_result = std::mem::take(&mut self.after_result);
        let mut held = Held::default();
        loop {
            let next = self.skip_ws().map_err(|e| self.io_err(e))?;
            let Some(b) = next else {
                return match state {
                    State::Start => {
                        self.trailer.append(&mut held.0);
                        Ok(None)
                    }
                    _ => self.finish(v, || "end of input".into()),
                };
            };
            if state == State::Start && after_result && (b == b'{' || b == b';') {
                let read = match b {
                    b'{' => self.brace_comment(&mut held),
                    _ => self.line_comment(&mut held),
                };
                if let Err(e) = read {
                    // A broken comment is a broken game, as before.
                    v.begin_game();
                    held.replay(v);
                    return Err(e);
                }
                continue;
            }
            if state == State::Start {
                v.begin_game();
                held.replay(v);
                state = State::Tags;
            }
            if b == b'[' {
                if state == State::Movetext {
                    return self.finish(v, || "a new tag section '['".into());
                }
                self.tag(v)?;
                continue;
            }
            let first_movetext = b != b'{' && b != b';' && state == State::Tags;
            if first_movetext {
                v.begin_movetext();
                state = State::Movetext;
            }
            if b.is_ascii_alphabetic() {
                if let Some(len) = self.plain_move_len() {
                    self.plain_move(v, len);
                    self.lines.moved();
                    continue;
                }
            }
            if b.is_ascii_digit() && self.plain_move_number(v) {
                continue;
            }
            match b {
                b'{' => {
                    let span = self.brace_comment(v)?;
                    self.lines.commented(span);
                }
                b';' => {
                    let span = self.line_comment(v)?;
                    self.lines.commented(span);
                }
                b'(' => {
                    let span = self.win.span(1);
                    if !self.lines.has_move() {
                        return Err(self.fail(span, PgnErrorKind::VariationBeforeMove));
                    }
                    if self.lines.open.len() >= self.opts.max_depth {
                        let limit = self.opts.max_depth;
                        return Err(self.fail(span, PgnErrorKind::TooDeep { limit }));
                    }
                    self.lines.open.push(OpenLine {
                        at: span,
                        has_move: false,
                        comment: None,
                    });
                    v.begin_variation(span);
                    self.win.advance(1);
                }
                b')' => {
                    let span = self.win.span(1);
                    let Some(closed) = self.lines.open.pop() else {
                        return Err(self.fail(span, PgnErrorKind::UnmatchedParen));
                    };
                    if let Some(comment) = closed.comment {
                        // A record hangs comments on moves: this one would
                        // be lost (found by the `replay` fuzz target).
                        let (line, column) = (span.line, span.column);
                        let kind = PgnErrorKind::CommentWithoutMove { line, column };
                        return Err(self.fail(comment, kind));
                    }
                    v.end_variation(span);
                    self.win.advance(1);
                }
                b'$' => self.nag(v)?,
                b'%' if self.refuse_escapes && self.win.column() == 1 => {
                    let span = self.win.span(1);
                    return Err(self.fail(span, PgnErrorKind::EscapeLine));
                }
                b if is_token_byte(b) => {
                    let (moved, ended) = self.token(v)?;
                    if moved {
                        self.lines.moved();
                    }
                    if let Some(res) = ended {
                        let finished = self.finish(v, || format!("result '{res}'"));
                        self.after_result = finished.is_ok();
                        return finished;
                    }
                }
                _ => {
                    let span = self.win.span(1);
                    let found = match b {
                        b'}' | b']' | b'"' => format!("'{}'", b as char),
                        _ => format!("control byte 0x{b:02x}"),
                    };
                    return Err(self.fail(span, PgnErrorKind::UnexpectedChar { found }));
                }
            }
        }
    }

    /// End the game; an error if a variation is still open. The game's
    /// extent is known here, so no resynchronisation is needed.
    /// `found`: what ended it, for that error (worded only then).
    fn finish<V: Visitor>(
        &mut self,
        v: &mut V,
        found: impl FnOnce() -> String,
    ) -> Result<Option<V::Output>, PgnError> {
        if let Some(line) = self.lines.open.last() {
            return Err(PgnError {
                span: line.at,
                kind: PgnErrorKind::UnterminatedVariation { found: found() },
            });
        }
        Ok(Some(v.end_game()))
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut b = RecordBuilder::default();
        self.read_game(&mut b).transpose()
    }
}

/// Convert an `io::Error` for callers that mix readers.
impl From<io::Error> for PgnError {
    fn from(e: io::Error) -> Self {
        PgnError {
            span: Span::default(),
            kind: PgnErrorKind::Io(e.to_string()),
        }
    }
}
