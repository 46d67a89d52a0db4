//! The streaming reader, the visitor trait and the record builder.

use std::borrow::Cow;
use std::cell::Cell;
use std::io::{self, BufRead};

use super::lexer::{
    classify, glyph_nag, is_ascii_token_byte, is_token_byte, is_ws, parse_decimal, parse_tag,
    split_glyphs, unescape, Class, Scan, TagParse, Window, EP,
};
use super::{PgnError, PgnErrorKind};
use crate::model::{Comment, CommentKind, Line, Node, Record, Span, Tag};

/// Receives the tokens of one game, in order (pgn-reader style).
///
/// Only `end_game` is required; everything else defaults to ignoring the
/// token, so a visitor that counts games allocates nothing.
pub trait Visitor {
    /// What a finished game turns into.
    type Output;
    /// A new game starts (called before its first token).
    fn begin_game(&mut self) {}
    /// A tag pair; `value` has its escapes resolved.
    fn tag(&mut self, _name: &str, _value: &str, _span: Span) {}
    /// The first movetext token follows.
    fn begin_movetext(&mut self) {}
    /// A move token (number and suffix glyphs removed).
    fn san(&mut self, _token: &str, _span: Span) {}
    /// A move token that is plain ASCII, as bytes: the reader's path for
    /// the common token, so a visitor that reads bytes skips the UTF-8
    /// check a `&str` costs. By default it goes on to [`Visitor::san`].
    fn san_ascii(&mut self, token: &[u8], span: Span) {
        // ASCII is UTF-8: this always goes on.
        if let Ok(token) = std::str::from_utf8(token) {
            self.san(token, span);
        }
    }
    /// A `$n` NAG or a suffix glyph mapped to its NAG.
    fn nag(&mut self, _nag: u16, _span: Span) {}
    /// A `{...}` comment (text without braces).
    fn comment(&mut self, _text: &str, _span: Span) {}
    /// A `;` comment (text without `;` and line terminator).
    fn line_comment(&mut self, text: &str, span: Span) {
        self.comment(text, span);
    }
    /// The comment about to be reported holds bytes that are not UTF-8,
    /// read as U+FFFD (unless [`Reader::refuse_invalid_utf8`]): the first
    /// such byte and its span. Called before [`Visitor::comment`].
    fn lossy_comment(&mut self, _byte: u8, _span: Span) {}
    /// `(`.
    fn begin_variation(&mut self, _span: Span) {}
    /// `)`.
    fn end_variation(&mut self, _span: Span) {}
    /// A move number such as `12.` or `12...`.
    fn move_number(&mut self, _n: u32, _span: Span) {}
    /// A result token ending the game.
    fn outcome(&mut self, _result: &str, _span: Span) {}
    /// The game is complete.
    fn end_game(&mut self) -> Self::Output;
}

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
/// a line starting with `[Event`).
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
    /// Bytes that are not UTF-8 in comments are errors, not U+FFFD.
    refuse_invalid_utf8: bool,
}

/// The main line and the variations open at a point of the movetext: what
/// each has seen decides whether a `(`, a NAG or a `)` has something to
/// belong to. Nothing read may be lost on the way to a [`Record`], whose
/// variations, NAGs and comments all hang on moves. Explicit stack: nesting
/// depth never touches the call stack.
#[derive(Default)]
struct Lines {
    /// The main line has a move.
    main_has_move: bool,
    /// One entry per open `(`.
    open: Vec<OpenLine>,
}

struct OpenLine {
    /// Where the `(` is.
    at: Span,
    has_move: bool,
    /// The first comment of the variation while it has no move (cleared
    /// by its first move).
    comment: Option<Span>,
}

impl Lines {
    /// A new game: only the main line, without a move.
    fn clear(&mut self) {
        self.main_has_move = false;
        self.open.clear();
    }

    /// Whether the current line (the innermost open variation, else the
    /// main line) has a move yet.
    fn has_move(&self) -> bool {
        self.open.last().map_or(self.main_has_move, |o| o.has_move)
    }

    fn moved(&mut self) {
        match self.open.last_mut() {
            Some(o) => {
                o.has_move = true;
                o.comment = None;
            }
            None => self.main_has_move = true,
        }
    }

    /// A comment of the current line. In the main line before its first
    /// move it is the game's (the record's prelude); in a variation it
    /// waits for the variation's first move.
    fn commented(&mut self, span: Span) {
        if let Some(o) = self.open.last_mut() {
            if !o.has_move {
                o.comment.get_or_insert(span);
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

/// Read every game from an in-memory buffer.
pub fn read_all(bytes: &[u8]) -> Vec<Result<Record, PgnError>> {
    Reader::new(bytes).collect()
}

fn found_char(b: Option<u8>) -> String {
    match b {
        None => "end of line".to_string(),
        Some(b) if b.is_ascii_graphic() || b == b' ' => format!("'{}'", b as char),
        Some(b) => format!("byte 0x{b:02x}"),
    }
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
            refuse_invalid_utf8: false,
        }
    }

    /// Makes `%` escape lines errors instead of skipping them, for callers
    /// that rewrite the file they read (`fmt`, `convert --in-place`): a
    /// record keeps no escape data, so rewriting would delete the line.
    pub fn refuse_escape_lines(mut self) -> Self {
        self.refuse_escapes = true;
        self
    }

    /// Makes bytes that are not UTF-8 in comments errors (located at the
    /// first such byte) instead of replacing them with U+FFFD, for callers
    /// that write what they read (`fmt`, `convert`): a replacement would
    /// silently alter the text. Tags and move tokens are always checked.
    /// Input in another encoding is decoded to UTF-8 before this reader.
    pub fn refuse_invalid_utf8(mut self) -> Self {
        self.refuse_invalid_utf8 = true;
        self
    }

    /// A comment's text: lossy unless [`Reader::refuse_invalid_utf8`].
    fn comment_text<'a, V: Visitor>(
        &self,
        v: &mut V,
        bytes: &'a [u8],
        rel: usize,
    ) -> Result<Cow<'a, str>, PgnError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Cow::Borrowed(text)),
            Err(_) if self.refuse_invalid_utf8 => self.utf8(bytes, rel).map(Cow::Borrowed),
            Err(e) => {
                let bad = e.valid_up_to();
                let byte = bytes.get(bad).copied().unwrap_or(0);
                v.lossy_comment(byte, self.win.span_at(rel + bad, 1));
                Ok(String::from_utf8_lossy(bytes))
            }
        }
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
    /// After an error the next call first skips to the next game.
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, PgnError> {
        if self.dead {
            return Ok(None);
        }
        let r = (|| {
            self.win.skip_bom().map_err(|e| self.io_err(e))?;
            if self.recover.replace(false) {
                self.skip_to_next_game().map_err(|e| self.io_err(e))?;
            }
            self.game(v)
        })();
        if let Err(PgnError {
            kind: PgnErrorKind::Io(_),
            ..
        }) = &r
        {
            self.dead = true;
        }
        r
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

    fn game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, PgnError> {
        let mut state = State::Start;
        self.lines.clear();
        loop {
            let next = self.skip_ws().map_err(|e| self.io_err(e))?;
            let Some(b) = next else {
                return match state {
                    State::Start => Ok(None),
                    _ => self.finish(v, "end of input"),
                };
            };
            if b == b'[' {
                if state == State::Movetext {
                    return self.finish(v, "a new tag section '['");
                }
                if state == State::Start {
                    v.begin_game();
                    state = State::Tags;
                }
                self.tag(v)?;
                continue;
            }
            if state == State::Start {
                v.begin_game();
                state = State::Tags;
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
                        return self.finish(v, &format!("result '{res}'"));
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
    fn finish<V: Visitor>(
        &mut self,
        v: &mut V,
        found: &str,
    ) -> Result<Option<V::Output>, PgnError> {
        if let Some(line) = self.lines.open.last() {
            return Err(PgnError {
                span: line.at,
                kind: PgnErrorKind::UnterminatedVariation {
                    found: found.to_string(),
                },
            });
        }
        Ok(Some(v.end_game()))
    }

    fn tag<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError> {
        let cap = self.opts.max_tag_value_len.saturating_add(1024);
        let scan = self
            .win
            .scan_until(0, |b| b == b'\n' || b == b'\r', cap)
            .map_err(|e| self.io_err(e))?;
        let (len, capped, eof) = match scan {
            Scan::Found(i) => (i, false, false),
            Scan::Eof(i) => (i, false, true),
            Scan::Cap => (cap, true, false),
        };
        let line = self.win.slice(0, len);
        let parsed = parse_tag(line);
        // Unfinished at the end of the input: the file was cut in the tag.
        let expected = match parsed {
            TagParse::OpenString { .. } => Some("'\"' closing the value, then ']'"),
            TagParse::Expected { at, what } if at == len => Some(match what {
                "a tag name" => "a tag name, a value in quotes and ']'",
                "']'" => "']'",
                _ => "a value in quotes and ']'",
            }),
            _ => None,
        };
        if let (true, Some(expected)) = (eof, expected) {
            let span = self.win.span_at(len, 0);
            let column = self.win.column();
            return Err(self.fail(span, PgnErrorKind::TagCutOff { column, expected }));
        }
        match parsed {
            TagParse::Ok {
                name,
                value,
                value_at,
                len,
            } => {
                if value.len() > self.opts.max_tag_value_len {
                    let span = self.win.span_at(value_at, 0);
                    let limit = self.opts.max_tag_value_len;
                    return Err(self.fail(span, PgnErrorKind::TagValueTooLong { limit }));
                }
                let name = std::str::from_utf8(name).unwrap_or("");
                let value = unescape(self.utf8(value, value_at)?);
                v.tag(name, &value, self.win.span(len));
                // Within the line: the scan above stopped at its end.
                self.win.advance_in_line(len);
                Ok(())
            }
            TagParse::OpenString { at } => {
                let span = self.win.span_at(at, 1);
                let kind = if capped {
                    PgnErrorKind::TagValueTooLong {
                        limit: self.opts.max_tag_value_len,
                    }
                } else {
                    PgnErrorKind::UnterminatedString
                };
                Err(self.fail(span, kind))
            }
            TagParse::Expected { at, what } => {
                let next = line.get(at).copied();
                let span = self.win.span_at(at, usize::from(next.is_some()));
                let found = found_char(next);
                let kind = if what == "']'" {
                    PgnErrorKind::UnterminatedTag { found }
                } else {
                    PgnErrorKind::MalformedTag {
                        expected: what,
                        found,
                    }
                };
                Err(self.fail(span, kind))
            }
        }
    }

    /// A `{...}` comment; its span.
    fn brace_comment<V: Visitor>(&mut self, v: &mut V) -> Result<Span, PgnError> {
        let cap = self.opts.max_comment_len.saturating_add(2);
        let scan = self
            .win
            .scan_until(1, |b| b == b'}', cap)
            .map_err(|e| self.io_err(e))?;
        match scan {
            Scan::Found(end) => {
                let text = self.comment_text(v, self.win.slice(1, end - 1), 1)?;
                let span = self.win.span(end + 1);
                v.comment(&text, span);
                self.win.advance(end + 1);
                Ok(span)
            }
            Scan::Eof(_) => {
                let span = self.win.span(1);
                Err(self.fail(span, PgnErrorKind::UnterminatedComment))
            }
            Scan::Cap => {
                let span = self.win.span(1);
                let limit = self.opts.max_comment_len;
                Err(self.fail(span, PgnErrorKind::CommentTooLong { limit }))
            }
        }
    }

    /// A `;` comment; its span.
    fn line_comment<V: Visitor>(&mut self, v: &mut V) -> Result<Span, PgnError> {
        let cap = self.opts.max_comment_len.saturating_add(2);
        let scan = self
            .win
            .scan_until(1, |b| b == b'\n' || b == b'\r', cap)
            .map_err(|e| self.io_err(e))?;
        match scan {
            Scan::Found(end) | Scan::Eof(end) => {
                let text = self.comment_text(v, self.win.slice(1, end - 1), 1)?;
                let span = self.win.span(end);
                v.line_comment(&text, span);
                self.win.advance(end);
                Ok(span)
            }
            Scan::Cap => {
                let span = self.win.span(1);
                let limit = self.opts.max_comment_len;
                Err(self.fail(span, PgnErrorKind::CommentTooLong { limit }))
            }
        }
    }

    /// The NAG (or glyph) of `len` bytes here needs a move before it in
    /// its line: it annotates that move, and a record has nowhere else to
    /// keep it.
    fn annotatable(&self, len: usize) -> Result<(), PgnError> {
        if self.lines.has_move() {
            return Ok(());
        }
        let span = self.win.span(len);
        let found = String::from_utf8_lossy(self.win.slice(0, len)).into_owned();
        Err(self.fail(span, PgnErrorKind::NagBeforeMove { found }))
    }

    fn nag<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError> {
        let cap = self.opts.max_token_len.saturating_add(1);
        let scan = self
            .win
            .scan_until(1, |b| !b.is_ascii_digit(), cap)
            .map_err(|e| self.io_err(e))?;
        let end = match scan {
            Scan::Found(i) | Scan::Eof(i) => i,
            Scan::Cap => {
                let span = self.win.span(1);
                let limit = self.opts.max_token_len;
                return Err(self.fail(span, PgnErrorKind::TokenTooLong { limit }));
            }
        };
        let span = self.win.span(end);
        if end == 1 {
            return Err(self.fail(span, PgnErrorKind::EmptyNag));
        }
        self.annotatable(end)?;
        let digits = self.win.slice(1, end - 1);
        match parse_decimal::<u16>(digits) {
            Some(n) => {
                v.nag(n, span);
                self.win.advance(end);
                Ok(())
            }
            None => {
                let digits = String::from_utf8_lossy(digits).into_owned();
                Err(self.fail(span, PgnErrorKind::NagOverflow { digits }))
            }
        }
    }

    /// A run of token bytes: result, move number, dots, glyphs or a move.
    /// Returns (whether a move was reported, the result if it ended the game).
    fn token<V: Visitor>(&mut self, v: &mut V) -> Result<(bool, Option<String>), PgnError> {
        let cap = self.opts.max_token_len.saturating_add(1);
        // Most tokens end inside the buffered bytes, before a space.
        let mut end = match self.win.avail().iter().position(|&b| !is_token_byte(b)) {
            Some(i) if i < cap && self.win.avail()[i] != b'(' => return self.classified(v, i),
            _ => 0,
        };
        loop {
            let scan = self
                .win
                .scan_until(end, |b| !is_token_byte(b), cap)
                .map_err(|e| self.io_err(e))?;
            match scan {
                Scan::Eof(i) => {
                    end = i;
                    break;
                }
                Scan::Found(i) => {
                    end = i;
                    // Lenient promotion `e8(Q)`: glued single uppercase
                    // letter, right after a square's rank. Not after `2.`:
                    // `2.(Y)` is a move number and a variation, not a move
                    // `(Y)` that the writer could only write as a variation
                    // (found by fuzzing).
                    let after_rank = self
                        .win
                        .slice(0, end)
                        .last()
                        .is_some_and(u8::is_ascii_digit);
                    let mut p = |k| self.win.peek(i + k).map_err(|e| self.io_err(e));
                    if after_rank
                        && p(0)? == Some(b'(')
                        && p(1)?.is_some_and(|b| b.is_ascii_uppercase())
                        && p(2)? == Some(b')')
                        && end + 3 < cap
                    {
                        end += 3;
                        continue;
                    }
                    break;
                }
                Scan::Cap => end = cap,
            }
            break;
        }
        if end > self.opts.max_token_len {
            let span = self.win.span(1);
            let limit = self.opts.max_token_len;
            return Err(self.fail(span, PgnErrorKind::TokenTooLong { limit }));
        }
        self.classified(v, end)
    }

    /// The token of `end` bytes at the position, by its class.
    fn classified<V: Visitor>(
        &mut self,
        v: &mut V,
        end: usize,
    ) -> Result<(bool, Option<String>), PgnError> {
        let tok = self.win.slice(0, end);
        match classify(tok) {
            Class::Result(r) => {
                v.outcome(r, self.win.span(end));
                let r = r.to_string();
                self.win.advance(end);
                Ok((false, Some(r)))
            }
            Class::Dots => {
                self.win.advance(end);
                Ok((false, None))
            }
            Class::Number { digits, dots, rest } => {
                let nlen = digits.len() + dots;
                let rest_len = rest.len();
                let span = self.win.span(nlen);
                let Some(n) = parse_decimal::<u32>(digits) else {
                    let digits = String::from_utf8_lossy(digits).into_owned();
                    return Err(self.fail(span, PgnErrorKind::MoveNumberOverflow { digits }));
                };
                v.move_number(n, span);
                self.win.advance_in_line(nlen);
                if rest_len == 0 {
                    return Ok((false, None));
                }
                self.move_token(v, rest_len, false).map(|m| (m, None))
            }
            Class::Move => self.move_token(v, end, true).map(|m| (m, None)),
        }
    }

    /// The length of the move token at the position when it is the common
    /// kind: ASCII, ended inside the buffered bytes by whitespace, no suffix
    /// glyph, no final `.` (so `e.p.` itself, an error, and the rare glued
    /// `exd6e.p.` go the general way) and no `e.p.` after it. Anything else
    /// (`None`) takes the general path ([`Reader::token`]), which reads such
    /// a token the same way.
    fn plain_move_len(&self) -> Option<usize> {
        let avail = self.win.avail();
        // Uncapped (a cap cost 1% of validation): a run longer than a token
        // lies within one line, which the general path's error then skips,
        // so no byte is scanned more than a few times.
        let len = avail.iter().position(|&b| !is_ascii_token_byte(b))?;
        let plain = len > 0
            && len <= self.opts.max_token_len
            && avail.get(len).is_some_and(|&b| is_ws(b))
            && !matches!(avail.get(len - 1), Some(b'!' | b'?' | b'.'))
            && self.surely_not_ep(len);
        plain.then_some(len)
    }

    /// Reports a move number such as `12.` or `12...` ended by whitespace
    /// inside the buffered bytes, the common kind; false (nothing consumed)
    /// for anything else, which [`Reader::token`] reads the same way.
    fn plain_move_number<V: Visitor>(&mut self, v: &mut V) -> bool {
        let avail = self.win.avail();
        // Scanned uncapped, as in `plain_move_len`; a number longer than a
        // token (`000…02.`, which fits a `u32`) or too long for a `u32` is
        // the general path's error, which skips its line.
        let Some(digits) = avail.iter().position(|b| !b.is_ascii_digit()) else {
            return false;
        };
        let rest = avail.get(digits..).unwrap_or(&[]);
        let Some(dots) = rest.iter().position(|&b| b != b'.') else {
            return false;
        };
        let len = digits + dots;
        if dots == 0 || len > self.opts.max_token_len || !avail.get(len).is_some_and(|&b| is_ws(b))
        {
            return false;
        }
        let Some(n) = parse_decimal::<u32>(&avail[..digits]) else {
            return false;
        };
        v.move_number(n, self.win.span(len));
        self.win.advance_ascii(len);
        true
    }

    /// Reports the move token of [`Reader::plain_move_len`] bytes.
    fn plain_move<V: Visitor>(&mut self, v: &mut V, len: usize) {
        v.san_ascii(self.win.slice(0, len), self.win.span(len));
        self.win.advance_ascii(len);
    }

    /// Whether the buffered bytes after `len` show at once that no `e.p.`
    /// follows (the next token is there and does not start with `e.`).
    fn surely_not_ep(&self, len: usize) -> bool {
        let rest = self.win.avail().get(len..).unwrap_or(&[]);
        rest.iter()
            .position(|&b| !is_ws(b))
            .and_then(|j| rest.get(j..j + 2))
            .is_some_and(|next| next != b"e.")
    }

    /// Where a separate `e.p.` token starts after the move token of `len`
    /// bytes (past whitespace), and how many glyph bytes follow it
    /// (`e.p.!`, joined too: read apart, `# e.p.?` was the move `#` and the
    /// move `e.p.`, written back as `# e.p. $2`, which reads as one move;
    /// found by fuzzing). `None` when the next token is not `e.p.` with at
    /// most two glyph bytes.
    fn separate_ep(&mut self, len: usize) -> Result<Option<(usize, usize)>, PgnError> {
        let scan = self
            .win
            .scan_until(len, |b| !is_ws(b), len + 256)
            .map_err(|e| self.io_err(e))?;
        let Scan::Found(j) = scan else {
            return Ok(None);
        };
        let mut w = |k| self.win.peek(j + k).map_err(|e| self.io_err(e));
        for (k, &b) in EP.as_bytes().iter().enumerate() {
            if w(k)? != Some(b) {
                return Ok(None);
            }
        }
        let mut glyphs = 0;
        loop {
            match w(EP.len() + glyphs)? {
                Some(b'!' | b'?') if glyphs < 2 => glyphs += 1,
                Some(b) if is_token_byte(b) => return Ok(None),
                _ => return Ok(Some((j, glyphs))),
            }
        }
    }

    /// The move token of `len` bytes at the current position, with suffix
    /// glyphs and an optional following `e.p.`. The text is lent to the
    /// visitor straight from the window.
    /// `classified`: the whole token is known to be of [`Class::Move`].
    fn move_token<V: Visitor>(
        &mut self,
        v: &mut V,
        len: usize,
        classified: bool,
    ) -> Result<bool, PgnError> {
        let (mv_len, g_len) = {
            let (mv, g) = split_glyphs(self.win.slice(0, len));
            (mv.len(), g.len())
        };
        let known = classified && g_len == 0;
        if mv_len > 0 && !known && classify(self.win.slice(0, mv_len)) != Class::Move {
            // `*?`, `1-0!`, `12?`, `...!`, `1.2`, `1.1-0`: glyphs on a result,
            // number or dots, or one glued to a move number. Read as a move
            // named `*` or `2`, the writer could not write it back as a move
            // (found by fuzzing).
            let span = self.win.span(len);
            let found = String::from_utf8_lossy(self.win.slice(0, len)).into_owned();
            return Err(self.fail(span, PgnErrorKind::NotAMove { found }));
        }
        if self.win.slice(0, mv_len) == EP.as_bytes()
            && (g_len == 0 || glyph_nag(self.win.slice(mv_len, g_len)).is_some())
        {
            // Found by fuzzing: `q`, a `%` line, `e.p.` was the moves `q` and
            // `e.p.`, written back as `q e.p.`, one move. With a glyph that is
            // none of the six, that is the error to report instead.
            let span = self.win.span(len);
            return Err(self.fail(span, PgnErrorKind::LoneEnPassant));
        }
        // A separate `e.p.` joined to the move: its glyph bytes.
        let mut ep = None;
        if mv_len > 0 {
            let mut total = mv_len;
            if g_len == 0 && !self.surely_not_ep(mv_len) {
                if let Some((at, glyphs)) = self.separate_ep(mv_len)? {
                    total = at + EP.len();
                    ep = Some(glyphs);
                }
            }
            let span = self.win.span(total);
            let text = self.utf8(self.win.slice(0, mv_len), 0)?;
            if ep.is_some() {
                v.san(&format!("{text} {EP}"), span);
                self.win.advance(total);
            } else {
                v.san(text, span);
                self.win.advance_in_line(total);
            }
        }
        let g_len = ep.unwrap_or(g_len);
        if g_len > 0 {
            let span = self.win.span(g_len);
            if mv_len == 0 {
                self.annotatable(g_len)?;
            }
            let glyphs = self.win.slice(0, g_len);
            let Some(n) = glyph_nag(glyphs) else {
                let found = String::from_utf8_lossy(glyphs).into_owned();
                return Err(self.fail(span, PgnErrorKind::UnknownGlyph { found }));
            };
            v.nag(n, span);
            self.win.advance(g_len);
        }
        Ok(mv_len > 0)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut b = RecordBuilder::default();
        self.read_game(&mut b).transpose()
    }
}

/// A [`Visitor`] that builds [`Record`]s.
///
/// Placement rules: a comment goes after the last move of the current line;
/// before the first move it goes to `Record::prelude` (main line) or the
/// next move's `comments_before` (variation). A variation is attached to the
/// last move of the enclosing line. A NAG before any move, or a comment in
/// a variation with none, would be dropped: the [`Reader`] makes them
/// errors first (other drivers should too).
#[derive(Debug, Default)]
pub struct RecordBuilder {
    rec: Record,
    /// Current lines, main line at the bottom.
    stack: Vec<Line>,
    pending_number: Option<u32>,
    pending_comments: Vec<Comment>,
    end: u64,
    started: bool,
}

impl RecordBuilder {
    /// A fresh builder.
    pub fn new() -> Self {
        Self::default()
    }

    fn touch(&mut self, span: Span) {
        if !self.started {
            self.started = true;
            self.rec.span = Span { len: 0, ..span };
            self.end = span.offset;
        }
        self.end = self
            .end
            .max(span.offset.saturating_add(u64::from(span.len)));
    }

    fn top(&mut self) -> &mut Line {
        if self.stack.is_empty() {
            self.stack.push(Line::new());
        }
        // Cannot fail: the stack was made non-empty just above.
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    fn push_comment(&mut self, c: Comment) {
        let depth = self.stack.len();
        match self.top().last_mut() {
            Some(n) => n.comments.push(c),
            None if depth <= 1 => self.rec.prelude.push(c),
            None => self.pending_comments.push(c),
        }
    }
}

impl Visitor for RecordBuilder {
    type Output = Record;

    fn begin_game(&mut self) {
        *self = RecordBuilder::default();
    }

    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.touch(span);
        self.rec.tags.push(Tag {
            name: name.to_string(),
            value: value.to_string(),
            span,
        });
    }

    fn san(&mut self, token: &str, span: Span) {
        self.touch(span);
        let mut n = Node::new(token);
        n.span = span;
        n.move_number = self.pending_number.take();
        n.comments_before = std::mem::take(&mut self.pending_comments);
        self.top().push(n);
    }

    fn nag(&mut self, nag: u16, span: Span) {
        self.touch(span);
        if let Some(n) = self.top().last_mut() {
            n.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &str, span: Span) {
        self.touch(span);
        self.push_comment(Comment {
            text: text.to_string(),
            kind: CommentKind::Brace,
            span,
        });
    }

    fn line_comment(&mut self, text: &str, span: Span) {
        self.touch(span);
        self.push_comment(Comment {
            text: text.to_string(),
            kind: CommentKind::Line,
            span,
        });
    }

    fn begin_variation(&mut self, span: Span) {
        self.touch(span);
        self.top();
        self.pending_number = None;
        self.pending_comments.clear();
        self.stack.push(Line::new());
    }

    fn end_variation(&mut self, span: Span) {
        self.touch(span);
        self.pending_number = None;
        self.pending_comments.clear();
        if self.stack.len() > 1 {
            if let Some(line) = self.stack.pop() {
                if let Some(n) = self.top().last_mut() {
                    n.variations.push(line);
                }
            }
        }
    }

    fn move_number(&mut self, n: u32, span: Span) {
        self.touch(span);
        self.pending_number = Some(n);
    }

    fn outcome(&mut self, result: &str, span: Span) {
        self.touch(span);
        self.rec.result = Some(result.to_string());
        self.rec.result_span = Some(span);
    }

    fn end_game(&mut self) -> Record {
        // Close anything left open (the reader reports that as an error, but
        // a builder driven by other code should still not lose moves).
        while self.stack.len() > 1 {
            if let Some(line) = self.stack.pop() {
                if let Some(n) = self.top().last_mut() {
                    n.variations.push(line);
                }
            }
        }
        let mut rec = std::mem::take(&mut self.rec);
        rec.moves = self.stack.pop().unwrap_or_default();
        rec.span.len = u32::try_from(self.end.saturating_sub(rec.span.offset)).unwrap_or(u32::MAX);
        *self = RecordBuilder::default();
        rec
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
