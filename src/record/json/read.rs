//! The JSON form read game by game into a PGN [`Visitor`], as the PGN
//! reader drives one: every command reads JSON through the same pipeline as
//! PGN, and every token is located at its own line and column in the JSON
//! text (a ply at its object, a tag at its pair).
//!
//! Each game object is framed in the input (an array of games, one game, or
//! a sequence of them: JSON Lines), so memory holds one game's text; serde
//! reads the object with its plies and tags left as raw text, which tells
//! where each one is before it is read in turn (`json/visit.rs`). A game
//! that does not parse is an error at its place, and reading goes on with
//! the next game.
//!
//! A game object longer than the reader's window ([`WINDOW`]) is not held:
//! once its `format`, `version` and `tags` are read and its `moves` array
//! has begun, the main line is read one ply (with its variations) at a
//! time and forgotten, so memory stays bounded however long the game. Such
//! a game must hold its `prelude` (if any) before `moves`, as fvnote writes
//! it; members in another order are read whole, as any shorter game is.

use std::io::{self, BufRead};
use std::ops::Range;

use crate::model::{advance, Comment as ModelComment, Span};
use crate::notation::pgn::Visitor;
use crate::record::json::frame::{is_json_space, Framed, Members, MovesAt};
use crate::record::json::laid;
use crate::record::json::schema::Raw;
use crate::record::json::visit::{self, at_game, serde_error, Locator};
use crate::record::pipeline::read::{GameReader, GameText, ReadError};

/// A game object's text is held whole up to this many bytes; a longer one
/// is read one main-line ply at a time (see the module).
pub const WINDOW: usize = 4 << 20;

/// serde_json's words for a missing separator, which a game held whole
/// gets: a streamed game says the same at the same place.
const SERDE_NO_COMMA_IN_ARRAY: &str = "expected `,` or `]`";
const SERDE_NO_COMMA_IN_OBJECT: &str = "expected `,` or `}`";

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
    /// A place in `buf` whose line and column are known, from which
    /// locating goes on (so that it stays linear in the text).
    cursor: (usize, u32, u32),
    eof: bool,
    state: State,
    /// Game objects longer than this are streamed.
    window: usize,
    /// Whether a game in fvnote's own JSON Lines layout is read by hand
    /// (`json/laid.rs`) before serde.
    by_hand: bool,
    /// How deep inside a streamed game object reading stands (0: none).
    open: usize,
    /// The last game's text in `buf` (of a streamed game: what is held).
    last: Range<usize>,
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
            cursor: (0, 1, 1),
            eof: false,
            state: State::Start,
            window: WINDOW,
            by_hand: true,
            open: 0,
            last: 0..0,
            unreadable: None,
            ignored: None,
            trailer: Vec::new(),
        }
    }

    /// Holds a game object's text whole up to `bytes` bytes ([`WINDOW`]
    /// unless set); a longer game is read one main-line ply at a time.
    pub fn hold_up_to(mut self, bytes: usize) -> JsonReader<R> {
        self.window = bytes;
        self
    }

    /// Reads every game with serde, also those in fvnote's own layout,
    /// which are otherwise read by hand: the reference the hand-written
    /// reader is tested against.
    pub fn serde_only(mut self) -> JsonReader<R> {
        self.by_hand = false;
        self
    }

    /// Reads more input; false at its end.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let more = crate::fs::read_chunk(&mut self.input, &mut self.buf)? > 0;
        self.eof = !more;
        Ok(more)
    }

    /// The line and column of byte `at` of `buf`.
    fn line_column(&mut self, at: usize) -> (u32, u32) {
        if at < self.cursor.0 {
            self.cursor = (0, self.line, self.column);
        }
        let (from, line, column) = self.cursor;
        let (line, column) = advance(&self.buf[from..at], line, column);
        self.cursor = (at, line, column);
        (line, column)
    }

    /// Forgets the bytes before `pos`, keeping count of lines and columns.
    fn forget(&mut self) {
        (self.line, self.column) = self.line_column(self.pos);
        self.base += self.pos as u64;
        self.buf.drain(..self.pos);
        self.pos = 0;
        self.cursor = (0, self.line, self.column);
    }

    /// The next byte that is not white space, if any (not consumed).
    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            while let Some(&b) = self.buf.get(self.pos) {
                if !is_json_space(b) {
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
    fn span(&mut self, at: usize, len: usize) -> Span {
        let (line, column) = self.line_column(at);
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

    /// One past the end of the value that opens at `from`, `depth` levels
    /// deep already (0: `from` is its `{`); `None` if the input ends first.
    fn close(&mut self, from: usize, mut depth: usize) -> io::Result<Option<usize>> {
        let (mut in_string, mut escaped) = (false, false);
        let mut i = from;
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

    /// Frames the game object whose `{` is at `start`: whole, or, once it
    /// is longer than the window, at the point where its main line can be
    /// streamed (see [`Framed`]).
    fn frame(&mut self, start: usize) -> io::Result<Framed> {
        let mut members = Members::default();
        let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
        let mut i = start;
        loop {
            while let Some(&b) = self.buf.get(i) {
                if escaped {
                    escaped = false;
                    i += 1;
                    continue;
                }
                if in_string {
                    // Most of the text is strings: on to their next quote
                    // or escape in a tight loop.
                    let rest = &self.buf[i..];
                    let Some(k) = rest.iter().position(|&c| c == b'"' || c == b'\\') else {
                        i = self.buf.len();
                        break;
                    };
                    i += k;
                    if self.buf[i] == b'"' {
                        in_string = false;
                        members.string.1 = i;
                    } else {
                        escaped = true;
                        members.escape = i;
                    }
                    i += 1;
                    continue;
                }
                match b {
                    b'"' => {
                        in_string = true;
                        members.string.0 = i;
                    }
                    b':' if depth == 1 => members.key(&self.buf),
                    b',' if depth == 1 => members.member_ends(i),
                    b'[' if depth == 1 => {
                        depth += 1;
                        if members.array_opens(&self.buf, i) && i - start >= self.window {
                            return Ok(members.streamable());
                        }
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return Ok(Framed::Whole(i + 1));
                        }
                        if depth == 1 && members.moves == MovesAt::Inside {
                            members.moves = MovesAt::Past;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            if members.moves == MovesAt::Inside && self.buf.len() - start > self.window {
                return Ok(members.streamable());
            }
            if !self.fill()? {
                return Ok(Framed::Cut);
            }
        }
    }

    /// The end of the game object at `start` if it stands alone on its
    /// line, as in JSON Lines (the line without its trailing white space);
    /// `None` for a line longer than the window, or one the input ends
    /// in. A line that does not parse as one game object is framed byte
    /// by byte ([`Self::frame`]) instead.
    fn line_end(&mut self, start: usize) -> io::Result<Option<usize>> {
        if self.state != State::Objects {
            return Ok(None);
        }
        let mut from = start;
        loop {
            if let Some(k) = memchr::memchr(b'\n', &self.buf[from..]) {
                let line = &self.buf[start..from + k];
                let kept =
                    line.len() - line.iter().rev().take_while(|&&b| is_json_space(b)).count();
                return Ok((line.len() <= self.window).then_some(start + kept));
            }
            from = self.buf.len();
            if from - start > self.window {
                return Ok(None);
            }
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// Finds the `{` of the next game object, keeping track of the array
    /// around the games; `None` at the end.
    fn next_start(&mut self) -> Result<Option<usize>, ReadError> {
        loop {
            let b = match self.peek() {
                Ok(b) => b,
                Err(e) => return Err(ReadError::io(self.span(self.pos, 0), e)),
            };
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
                    return Ok(Some(self.pos));
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

    /// A game object was read to its end.
    fn object_done(&mut self) {
        if matches!(self.state, State::ArrayStart | State::ArrayNext) {
            self.state = State::Array;
        }
    }

    /// The input ended inside the game object at `base`.
    fn cut(&mut self, base: Span) -> ReadError {
        self.pos = self.buf.len();
        self.state = State::Done;
        self.open = 0;
        at_game(
            base,
            "the input ends inside this game object (expected its closing '}')",
        )
    }

    /// The next byte that is not white space, one of `wanted` (not
    /// consumed); else the error `message` makes of the byte found, in the
    /// game object at `base`.
    fn expect(
        &mut self,
        wanted: &[u8],
        message: impl FnOnce(char) -> String,
        base: Span,
    ) -> Result<u8, ReadError> {
        match self.peek() {
            Ok(Some(b)) if wanted.contains(&b) => Ok(b),
            Ok(Some(b)) => {
                let at = self.pos;
                Err(self.error(at, message(char::from(b))))
            }
            Ok(None) => Err(self.cut(base)),
            Err(e) => Err(ReadError::io(self.span(self.pos, 0), e)),
        }
    }

    /// Reads a game object longer than the window (see [`Framed::Moves`]):
    /// its head, then its main line one ply at a time, then its end.
    fn stream<V: Visitor>(
        &mut self,
        start: usize,
        base: Span,
        comma: usize,
        array: usize,
        v: &mut V,
    ) -> Result<V::Output, ReadError> {
        self.pos = array + 1;
        self.open = 2;
        let out = self.stream_game(start, base, comma, v);
        if out.is_err() && self.open > 0 {
            // Past the rest of the game object, to the next one.
            let depth = std::mem::take(&mut self.open);
            match self.close(self.pos, depth) {
                Ok(Some(end)) => self.pos = end,
                _ => {
                    self.pos = self.buf.len();
                    self.state = State::Done;
                }
            }
        }
        if self.state != State::Done {
            self.object_done();
        }
        self.last.end = self.pos.max(self.last.start);
        out
    }

    fn stream_game<V: Visitor>(
        &mut self,
        start: usize,
        base: Span,
        comma: usize,
        v: &mut V,
    ) -> Result<V::Output, ReadError> {
        // The head: the members before `moves`, closed where its comma was.
        let mut head = self.buf[start..comma].to_vec();
        head.push(b'}');
        let game = visit::game_object(&head, base, &mut self.ignored)?;
        visit::check_form(game.format.as_deref(), game.version, base)?;
        visit::no_game_after(&self.trailer, base)?;
        visit::head(&game, v, &mut Locator::new(&head, base, &mut self.ignored))?;
        self.last = start..start;
        let mut last = base;
        let io = |e, r: &mut Self| ReadError::io(r.span(r.pos, 0), e);
        let mut more = self.peek().map_err(|e| io(e, self))? != Some(b']');
        if !more {
            self.pos += 1;
        }
        while more {
            let ply = |found| format!("found {found:?} (expected a ply object '{{')");
            self.expect(b"{", ply, base)?;
            let from = self.pos;
            let Some(end) = self.close(from, 0).map_err(|e| io(e, self))? else {
                return Err(self.cut(base));
            };
            self.pos = end;
            let at = self.span(from, 1);
            let text = &self.buf[from..end];
            let json = visit::utf8(text, at)?;
            let raw: Raw<'_> = serde_json::from_str(json).map_err(|e| serde_error(&e, at, text))?;
            let mut locator = Locator::new(text, at, &mut self.ignored);
            visit::ply_tree(raw, v, &mut locator, &mut last)?;
            more = self.expect(b",]", |_| SERDE_NO_COMMA_IN_ARRAY.into(), base)? == b',';
            self.pos += 1;
            if self.pos > self.window {
                self.forget();
                self.last = 0..0;
            }
        }
        // The rest of the object: what may follow `moves`, after a comma.
        self.open = 1;
        self.expect(b",}", |_| SERDE_NO_COMMA_IN_OBJECT.into(), base)?;
        let from = self.pos;
        let Some(end) = self.close(from, 1).map_err(|e| ReadError::io(base, e))? else {
            return Err(self.cut(base));
        };
        self.pos = end;
        self.open = 0;
        let at = self.span(from, 1);
        let mut rest = self.buf[from..end].to_vec();
        // `,` becomes `{`: the members after `moves`, at their places.
        match rest.first_mut() {
            Some(comma @ b',') => *comma = b'{',
            _ => rest = b"{}".to_vec(),
        }
        let after = visit::game_object(&rest, at, &mut self.ignored)?;
        let misplaced = [
            ("format", after.format.is_some()),
            ("version", after.version.is_some()),
            ("tags", !after.tags.is_empty()),
            ("moves", !after.moves.is_empty()),
            (
                "prelude",
                after.prelude.as_ref().is_some_and(|p| !p.is_empty()),
            ),
            ("unreadable", after.unreadable.is_some()),
            ("trailing_comments", after.trailing_comments.is_some()),
            // The game's end stands on one side of `moves` or the other.
            ("result", after.result.is_some() && ends(&game)),
            (
                "trailing_move_number",
                after.trailing_move_number.is_some() && ends(&game),
            ),
        ];
        let mut locator = Locator::new(&rest, at, &mut self.ignored);
        if let Some((name, _)) = misplaced.iter().find(|(_, here)| *here) {
            let key = format!("\"{name}\"");
            let place =
                memchr::memmem::find(&rest, key.as_bytes()).map_or(&rest[..], |i| &rest[i..]);
            return Err(at_game(
                locator.of(place),
                format!(
                    "`{name}` after `moves`: a game object longer than {} MiB is read as it \
                     comes, so `{name}` must stand before `moves` (as fvnote writes it)",
                    self.window >> 20
                ),
            ));
        }
        match ends(&game) {
            true => {
                let mut locator = Locator::new(&head, base, &mut self.ignored);
                visit::end(visit::ending(&game), &head, v, &mut locator, last)
            }
            false => visit::end(visit::ending(&after), &rest, v, &mut locator, last),
        }
    }
}

/// Whether `game` holds its end: a result or a trailing move number.
fn ends(game: &visit::GameIn<'_>) -> bool {
    game.result.is_some() || game.trailing_move_number.is_some()
}

impl<R: BufRead> GameReader for JsonReader<R> {
    fn read_game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, ReadError> {
        loop {
            self.forget();
            self.last = 0..0;
            let Some(start) = self.next_start()? else {
                return Ok(None);
            };
            let base = self.span(start, 1);
            self.unreadable = None;
            self.ignored = None;
            if let Some(end) = self.line_end(start).map_err(|e| ReadError::io(base, e))? {
                let text = &self.buf[start..end];
                let (ignored, trailer) = (&mut self.ignored, &self.trailer);
                let by_hand = self
                    .by_hand
                    .then(|| laid::visit(text, base, v, ignored, trailer));
                if let Some(read) = by_hand.flatten() {
                    self.pos = end;
                    self.last = start..end;
                    return read.map(Some);
                }
                if let Ok(game) = visit::game_object(text, base, &mut self.ignored) {
                    self.pos = end;
                    self.last = start..end;
                    let (kept, ignored) = (&mut self.unreadable, &mut self.ignored);
                    let read =
                        visit::visit(&game, text, base, v, kept, ignored, &mut self.trailer)?;
                    match read {
                        Some(out) => return Ok(Some(out)),
                        None => continue,
                    }
                }
                // Framed byte by byte, to find where it ends, and told
                // as before.
                self.ignored = None;
            }
            match self.frame(start).map_err(|e| ReadError::io(base, e))? {
                Framed::Cut => return Err(self.cut(base)),
                Framed::Moves { comma, array } => {
                    return self.stream(start, base, comma, array, v).map(Some);
                }
                Framed::Whole(end) => {
                    self.pos = end;
                    self.object_done();
                    self.last = start..end;
                    let text = &self.buf[start..end];
                    let (kept, ignored) = (&mut self.unreadable, &mut self.ignored);
                    let game = visit::game_object(text, base, ignored)?;
                    if let Some(out) =
                        visit::visit(&game, text, base, v, kept, ignored, &mut self.trailer)?
                    {
                        return Ok(Some(out));
                    }
                }
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
