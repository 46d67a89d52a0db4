//! The JSON form read game by game into a PGN [`Visitor`], as the PGN
//! reader drives one: every command reads JSON through the same pipeline as
//! PGN, and every token is located at its own line and column in the JSON
//! text (a ply at its object, a tag at its pair).
//!
//! Each game object is framed in the input (an array of games, one game, or
//! a sequence of them: JSON Lines), so memory holds one game's text; serde
//! reads the object with its plies and tags left as raw text, which tells
//! where each one is before it is read in turn. A game that does not parse
//! is an error at its place, and reading goes on with the next game.

use std::io::{self, BufRead};

use crate::model::{advance, width, Comment as ModelComment, CommentKind, Span};
use crate::notation::annotation::Annotations;
use crate::notation::pgn::{Reader, Visitor};
use crate::record::json::schema::{
    Comment, Game, Ply, Raw, Tag, TypedFields, DERIVED_FIELDS, FORMAT, VERSION,
};
use crate::record::pipeline::read::{GameReader, GameText, ReadError};
use crate::record::replay::damage::not_utf8;

/// Where the reader is in the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before anything.
    Start,
    /// Inside the top-level array, before its first element.
    ArrayStart,
    /// Inside the top-level array, after an element.
    Array,
    /// Inside the top-level array, after a comma.
    ArrayNext,
    /// A sequence of game objects (one, or JSON Lines).
    Objects,
    /// The end.
    Done,
}

/// JSON games read one at a time from any `BufRead` (see the module).
pub struct JsonReader<R> {
    input: R,
    /// Bytes read and not yet forgotten; `buf[0]` is at stream offset
    /// `base`, on line `line`, column `column`.
    buf: Vec<u8>,
    pos: usize,
    base: u64,
    line: u32,
    column: u32,
    eof: bool,
    state: State,
    /// The last game's text in `buf`.
    last: std::ops::Range<usize>,
    /// The last game's `unreadable` text, if it had one.
    unreadable: Option<String>,
    /// The first field of the last game that the JSON form does not hold.
    ignored: Option<String>,
    /// The comments of a `trailing_comments` object: no game's.
    trailer: Vec<ModelComment>,
}

impl<R: BufRead> JsonReader<R> {
    /// The games of `input`.
    pub fn new(input: R) -> JsonReader<R> {
        JsonReader {
            input,
            buf: Vec::new(),
            pos: 0,
            base: 0,
            line: 1,
            column: 1,
            eof: false,
            state: State::Start,
            last: 0..0,
            unreadable: None,
            ignored: None,
            trailer: Vec::new(),
        }
    }

    /// Reads more input; false at its end.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        loop {
            match self.input.fill_buf() {
                Ok([]) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(chunk) => {
                    let n = chunk.len();
                    self.buf.extend_from_slice(chunk);
                    self.input.consume(n);
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Forgets the bytes before `pos`, keeping count of lines and columns.
    fn forget(&mut self) {
        let gone = &self.buf[..self.pos];
        (self.line, self.column) = advance(gone, self.line, self.column);
        self.base += self.pos as u64;
        self.buf.drain(..self.pos);
        self.pos = 0;
        self.last = 0..0;
    }

    /// The next byte that is not white space, if any (not consumed).
    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            while let Some(&b) = self.buf.get(self.pos) {
                // JSON's white space (not form feed, unlike ASCII's).
                if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                    return Ok(Some(b));
                }
                self.pos += 1;
            }
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// The span of `len` bytes at `at` in `buf`.
    fn span(&self, at: usize, len: usize) -> Span {
        let (line, column) = advance(&self.buf[..at], self.line, self.column);
        Span {
            offset: self.base + at as u64,
            line,
            column,
            len: u32::try_from(len).unwrap_or(u32::MAX),
        }
    }

    fn error(&mut self, at: usize, message: impl std::fmt::Display) -> ReadError {
        let span = self.span(at, 1);
        ReadError::json(span, message)
    }

    /// The end of the object that starts at `pos`: one past its `}`.
    fn object_end(&mut self) -> io::Result<Option<usize>> {
        let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
        let mut i = self.pos;
        loop {
            while let Some(&b) = self.buf.get(i) {
                i += 1;
                if in_string {
                    match (escaped, b) {
                        (true, _) => escaped = false,
                        (false, b'\\') => escaped = true,
                        (false, b'"') => in_string = false,
                        _ => {}
                    }
                    continue;
                }
                match b {
                    b'"' => in_string = true,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return Ok(Some(i));
                        }
                    }
                    _ => {}
                }
            }
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// Frames the next game object: its range in `buf`; `None` at the end.
    fn next_object(&mut self) -> Result<Option<std::ops::Range<usize>>, ReadError> {
        let io = |e: io::Error, r: &Self| ReadError::io(r.span(r.pos, 0), e);
        loop {
            let b = self.peek().map_err(|e| io(e, self))?;
            match (self.state, b) {
                (State::Done | State::Objects | State::Start, None) => {
                    self.state = State::Done;
                    return Ok(None);
                }
                (State::Done, Some(_)) => {
                    let at = self.pos;
                    self.pos = self.buf.len();
                    self.eof = true;
                    return Err(self.error(
                        at,
                        "text after the end of the JSON document (expected nothing more)",
                    ));
                }
                (State::Start, Some(b'[')) => {
                    self.pos += 1;
                    self.state = State::ArrayStart;
                }
                (State::Start, Some(b'{')) => self.state = State::Objects,
                (State::ArrayStart, Some(b']')) | (State::Array, Some(b']')) => {
                    self.pos += 1;
                    self.state = State::Done;
                }
                (State::Array, Some(b',')) => {
                    self.pos += 1;
                    self.state = State::ArrayNext;
                }
                (State::ArrayStart | State::ArrayNext | State::Objects, Some(b'{')) => {
                    let start = self.pos;
                    let Some(end) = self.object_end().map_err(|e| io(e, self))? else {
                        self.pos = self.buf.len();
                        self.state = State::Done;
                        return Err(self.error(
                            start,
                            "the input ends inside this game object (expected its closing '}')",
                        ));
                    };
                    self.pos = end;
                    if matches!(self.state, State::ArrayStart | State::ArrayNext) {
                        self.state = State::Array;
                    }
                    return Ok(Some(start..end));
                }
                (_, None) => {
                    let at = self.pos;
                    self.state = State::Done;
                    return Err(self.error(
                        at,
                        "the input ends inside the array of games (expected ']')",
                    ));
                }
                (state, Some(b)) => {
                    let at = self.pos;
                    let expected = match state {
                        State::Array => "',' or ']'",
                        State::ArrayStart => "a game object '{' or ']'",
                        State::ArrayNext => "a game object '{'",
                        _ => "a game object '{' or an array of them",
                    };
                    // Nothing after this can be framed reliably.
                    self.pos = self.buf.len();
                    self.state = State::Done;
                    self.eof = true;
                    return Err(self.error(
                        at,
                        format!("found {:?} (expected {expected})", char::from(b)),
                    ));
                }
            }
        }
    }
}

/// Positions in one game's text, found going forward from the last one
/// or from a mark (so that reading stays linear in the text).
struct Locator<'t, 'k> {
    text: &'t [u8],
    /// The first field of the game that the JSON form does not hold.
    ignored: &'k mut Option<String>,
    base: Span,
    at: usize,
    line: u32,
    column: u32,
    /// Where a search that would go back starts again: the start of the
    /// value whose parts are being found.
    mark: (usize, u32, u32),
}

impl<'t, 'k> Locator<'t, 'k> {
    fn new(text: &'t [u8], base: Span, ignored: &'k mut Option<String>) -> Locator<'t, 'k> {
        Locator {
            text,
            ignored,
            base,
            at: 0,
            line: base.line,
            column: base.column,
            mark: (0, base.line, base.column),
        }
    }

    /// Parts found from now on stand after the last one found.
    fn mark(&mut self) {
        self.mark = (self.at, self.line, self.column);
    }

    /// The span of `part`, a slice of the text.
    fn of(&mut self, part: &[u8]) -> Span {
        let rel = (part.as_ptr() as usize)
            .saturating_sub(self.text.as_ptr() as usize)
            .min(self.text.len());
        if rel < self.at {
            (self.at, self.line, self.column) = match self.mark {
                m if m.0 <= rel => m,
                _ => (0, self.base.line, self.base.column),
            };
        }
        (self.line, self.column) = advance(&self.text[self.at..rel], self.line, self.column);
        self.at = rel;
        Span {
            offset: self.base.offset + rel as u64,
            line: self.line,
            column: self.column,
            len: u32::try_from(part.len().min(1)).unwrap_or(1),
        }
    }
}

/// The span of byte `upto` of a game's `text` (at `base`), in characters.
fn locate(text: &[u8], base: Span, upto: usize) -> Span {
    let upto = upto.min(text.len());
    let line_start = text[..upto]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |n| n + 1);
    let lines = text[..line_start].iter().filter(|&&b| b == b'\n').count() as u32;
    let chars = width(&text[line_start..upto]);
    Span {
        offset: base.offset + upto as u64,
        line: base.line + lines,
        column: if lines == 0 {
            base.column + chars
        } else {
            1 + chars
        },
        len: 1,
    }
}

/// A serde error in a game's text, located in the stream.
fn serde_error(e: &serde_json::Error, base: Span, text: &[u8]) -> ReadError {
    let (line, column) = (e.line(), e.column());
    // serde_json counts columns in bytes, from 1.
    let line_start = text
        .split_inclusive(|&b| b == b'\n')
        .take(line.saturating_sub(1))
        .map(<[u8]>::len)
        .sum::<usize>();
    let span = locate(text, base, line_start + column.saturating_sub(1));
    // serde's message ends with its own position, which is the text's.
    let message = e.to_string();
    let message = message.split(" at line ").next().unwrap_or(&message);
    ReadError::json(span, message)
}

/// `json` read as a `T`; the first field `T` does not hold, if any, is
/// put in `ignored` (serde skips it; a rewrite would drop it).
fn from_json<'t, T: serde::Deserialize<'t>>(
    json: &'t str,
    ignored: &mut Option<String>,
) -> serde_json::Result<T> {
    let mut de = serde_json::Deserializer::from_str(json);
    let value = serde_ignored::deserialize(&mut de, |path| {
        let path = path.to_string();
        let field = path.rsplit('.').next().unwrap_or(&path);
        if !DERIVED_FIELDS.contains(&field) {
            ignored.get_or_insert(path);
        }
    })?;
    de.end()?;
    Ok(value)
}

/// A value read from its raw text, and where that text is.
fn parse<'t, T: serde::Deserialize<'t>>(
    raw: Raw<'t>,
    at: &mut Locator<'_, '_>,
) -> Result<(T, Span), ReadError> {
    let span = at.of(raw.get().as_bytes());
    from_json(raw.get(), at.ignored)
        .map(|x| (x, span))
        .map_err(|e| serde_error(&e, span, raw.get().as_bytes()))
}

/// A ply as read: its record fields, its variations left raw.
type PlyIn<'a> = Ply<'a, Raw<'a>, Raw<'a>>;

/// Drives `v` over one game object (`text`, at `base`).
fn visit<V: Visitor>(
    text: &[u8],
    base: Span,
    v: &mut V,
    kept: &mut Option<String>,
    ignored: &mut Option<String>,
    trailer: &mut Vec<ModelComment>,
) -> Result<Option<V::Output>, ReadError> {
    // Every byte, also of fields this reader skips, is UTF-8 (RFC 8259).
    let json = std::str::from_utf8(text).map_err(|e| {
        let at = e.valid_up_to();
        ReadError::new(not_utf8(text[at], locate(text, base, at)))
    })?;
    let game: Game<'_, Raw<'_>, Raw<'_>, Raw<'_>> =
        from_json(json, ignored).map_err(|e| serde_error(&e, base, text))?;
    let at_game = |message: String| ReadError::json(Span { len: 1, ..base }, message);
    if game.format != FORMAT {
        return Err(at_game(format!(
            "format {:?} is not {FORMAT:?}",
            game.format
        )));
    }
    if game.version != VERSION {
        return Err(at_game(format!(
            "version {} is not supported (this fvnote reads version {VERSION})",
            game.version
        )));
    }
    if let Some(list) = &game.trailing_comments {
        let alone = game.tags.is_empty()
            && game.moves.is_empty()
            && game.prelude.as_ref().is_none_or(Vec::is_empty)
            && !matches!(game.result, Some(Some(_)))
            && game.trailing_move_number.is_none()
            && game.unreadable.is_none();
        if !alone {
            return Err(at_game(
                "`trailing_comments` holds the comments after the last game, which are no \
                 game's: its object has no tags, prelude, moves or result"
                    .into(),
            ));
        }
        let mut at = Locator::new(text, base, ignored);
        for &raw in list {
            let (c, span): (Comment<'_>, Span) = parse(raw, &mut at)?;
            let kind = match c.kind.as_deref() {
                Some("line") => CommentKind::Line,
                _ => CommentKind::Brace,
            };
            trailer.push(ModelComment {
                text: c.text.into_owned(),
                kind,
                span,
            });
        }
        return Ok(None);
    }
    if !trailer.is_empty() {
        return Err(at_game(
            "a game after `trailing_comments`: they hold the comments after the last game".into(),
        ));
    }
    if let Some(pgn) = &game.unreadable {
        *kept = Some(pgn.to_string());
        // Read again as the PGN it is: the same error, at this game.
        return match Reader::new(pgn.as_bytes()).read_game(v) {
            Ok(Some(out)) => Ok(Some(out)),
            Ok(None) => Err(at_game("an unreadable game with no text".into())),
            Err(e) => {
                let mut e = ReadError::from(e);
                e.error.span = Span { len: 1, ..base };
                Err(e)
            }
        };
    }
    let mut at = Locator::new(text, base, ignored);
    // Each comment read where it stands.
    fn comment<'t, V: Visitor>(
        v: &mut V,
        raw: Raw<'t>,
        at: &mut Locator<'_, '_>,
    ) -> Result<Comment<'t>, ReadError> {
        let (c, span): (Comment<'_>, Span) = parse(raw, at)?;
        match c.kind.as_deref() {
            Some("line") => v.line_comment(&c.text, span),
            _ => v.comment(&c.text, span),
        }
        Ok(c)
    }
    v.begin_game();
    for &raw in &game.tags {
        let (tag, span): (Tag<'_, Raw<'_>>, Span) = parse(raw, &mut at)?;
        at.mark();
        for &c in &tag.comments_before {
            comment(v, c, &mut at)?;
        }
        v.tag(&tag.name, &tag.value, span);
    }
    v.begin_movetext();
    for &c in game.prelude.iter().flatten() {
        comment(v, c, &mut at)?;
    }
    // Lines open, innermost last: each line's plies, the next one's index,
    // and the variations of the same ply waiting after it (last first).
    struct Open<'t> {
        plies: Vec<Raw<'t>>,
        next: usize,
        siblings: Vec<Vec<Raw<'t>>>,
    }
    let mut stack = vec![Open {
        plies: game.moves,
        next: 0,
        siblings: Vec::new(),
    }];
    let mut last = base;
    while let Some(top) = stack.last_mut() {
        if let Some(&raw) = top.plies.get(top.next) {
            top.next += 1;
            let (ply, span): (PlyIn<'_>, Span) = parse(raw, &mut at)?;
            // What the ply holds stands after its start, in any order.
            at.mark();
            last = span;
            for &c in &ply.comments_before {
                comment(v, c, &mut at)?;
            }
            if let Some(Some(n)) = ply.move_number {
                v.move_number(n, span);
            }
            v.san(&ply.san, Span { len: 1, ..span });
            for &nag in ply.nags.iter().flatten() {
                v.nag(nag, span);
            }
            let mut notes = Annotations::default();
            for &c in ply.comments.iter().flatten() {
                notes.add(&comment(v, c, &mut at)?.text);
            }
            check_typed(&ply, &notes, span)?;
            let mut siblings = ply.variations.unwrap_or_default();
            siblings.reverse();
            if let Some(first) = siblings.pop() {
                v.begin_variation(span);
                stack.push(Open {
                    plies: first,
                    next: 0,
                    siblings,
                });
            }
            continue;
        }
        let Some(mut done) = stack.pop() else { break };
        if stack.is_empty() {
            break;
        }
        v.end_variation(last);
        if let Some(next) = done.siblings.pop() {
            v.begin_variation(last);
            stack.push(Open {
                plies: next,
                next: 0,
                siblings: done.siblings,
            });
        }
    }
    if let Some(n) = game.trailing_move_number {
        v.move_number(n, last);
    }
    if let Some(Some(result)) = &game.result {
        let key = memchr::memmem::rfind(text, b"\"result\"").map_or(text, |i| &text[i..]);
        let span = at.of(key);
        if !matches!(&**result, "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Err(ReadError::json(
                span,
                format!(
                    "result {result:?} (expected \"1-0\", \"0-1\", \"1/2-1/2\", \"*\" or null)"
                ),
            ));
        }
        v.outcome(result, span);
    }
    Ok(Some(v.end_game()))
}

/// The typed fields `ply` holds must say what its comments say: the text
/// is the record, the fields are derived from it (`notation/json.md`).
fn check_typed(ply: &PlyIn<'_>, notes: &Annotations, span: Span) -> Result<(), ReadError> {
    let read = TypedFields {
        clock: ply.clock,
        emt: ply.emt,
        eval: ply.eval.clone(),
        arrows: ply.arrows.clone(),
        marks: ply.marks.clone(),
    };
    if read == TypedFields::default() {
        return Ok(());
    }
    match TypedFields::of(notes).disagreement(&read) {
        None => Ok(()),
        Some((name, read, derived)) => Err(ReadError::json(
            span,
            format!(
                "ply {:?}: \"{name}\" is {read} but its comments say {derived} (the comment text is the record and the typed fields are derived from it: correct the field or leave it out)",
                ply.san
            ),
        )),
    }
}

impl<R: BufRead> GameReader for JsonReader<R> {
    fn read_game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, ReadError> {
        loop {
            self.forget();
            let Some(range) = self.next_object()? else {
                return Ok(None);
            };
            self.last = range.clone();
            let base = self.span(range.start, 1);
            let text = &self.buf[range];
            self.unreadable = None;
            self.ignored = None;
            let (kept, ignored) = (&mut self.unreadable, &mut self.ignored);
            if let Some(out) = visit(text, base, v, kept, ignored, &mut self.trailer)? {
                return Ok(Some(out));
            }
        }
    }

    fn trailer(&mut self) -> Vec<ModelComment> {
        std::mem::take(&mut self.trailer)
    }

    fn game_text(&mut self) -> Option<GameText<'_>> {
        Some(GameText {
            bytes: &self.buf[self.last.clone()],
            offset: self.base + self.last.start as u64,
            pgn: false,
            unreadable: self.unreadable.as_deref(),
            ignored: self.ignored.as_deref(),
        })
    }
}

/// Reads the JSON form's games from `text` into records (spans point into
/// the text); the first error stops it.
pub fn read_records(text: &[u8]) -> Result<Vec<crate::model::Record>, ReadError> {
    let mut reader = JsonReader::new(text);
    let mut builder = crate::notation::pgn::RecordBuilder::new();
    let mut out = Vec::new();
    while let Some(r) = reader.read_game(&mut builder)? {
        out.push(r);
    }
    Ok(out)
}
