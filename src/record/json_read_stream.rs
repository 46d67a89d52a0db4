//! JSON → PGN a game at a time, without building records (`convert --to
//! pgn` from JSON, checked).
//!
//! Each game value is read where it starts in the input buffer by a
//! hand-written scanner ([`crate::notation::json_scan`]): it keeps what a
//! record holds (tags, the prelude, each ply's `san`, `move_number`,
//! `nags`, comments and variations, the result) and checks the derived
//! fields as serde would read them, without building them. Each ply goes to
//! a [`GameStream`] as soon as it is read, which replays it with the
//! replayer PGN input is converted with and writes its canonical PGN into
//! memory; the text goes out only once the game is read to its end, so a
//! game that fails late is never half written, and memory holds one game's
//! text, not the archive. Nothing the input chooses is recursed into:
//! variations are read on an explicit stack.
//!
//! That fast path takes only clean games: tags before the movetext, every
//! field of the types the JSON form has, strings serde reads as they are
//! (escapes only where a value is kept), everything writable as PGN, every
//! move resolving and no warning. Anything else (a malformed or illegal
//! record, a warning, fields in another order, unknown fields, a game cut
//! by the end of the buffer) goes to the framer, and then, unless the
//! whole framed value reads clean, the whole-record way ([`parse_game`],
//! [`Converter::game`]), which files every diagnostic exactly as before;
//! the fast path has written nothing by then.

use std::borrow::Cow;
use std::io::{BufRead, Write};

use compact_str::CompactString;

use crate::model::{Comment, CommentKind, Node, Record, Span, Step, Tag};
use crate::notation::json_scan::{Scanner, Step as Read, Stop};
use crate::notation::pgn::{check_writable, ReaderOptions, Visitor as PgnVisitor};
use crate::record::convert::Converter;
use crate::record::format::InputFormat;
use crate::record::game_stream::{GameEnd, GameSink, GameStream};
use crate::record::held::Held;
use crate::record::json::FORMAT;
use crate::record::json_reader::{parse_game, read_json_values, Fast, JsonReadError, JsonValues};
use crate::record::pgn_stream::{CanonicalPgn, Resolve};

impl Converter {
    /// Converts the JSON games of `reader` to canonical PGN as they are
    /// read, to `out` (checked: each game replayed, see the module): a game
    /// costs its text, held back whole when `hold` > 0 (standard output)
    /// and flushed, so `out` gets each game complete as soon as it is
    /// converted. Errors as [`crate::record::json_reader::each_json_value`]'s:
    /// a syntax error stops reading (the games before it are written); a
    /// game that does not replay is filed in `errors`, and nothing more is
    /// written.
    pub fn stream_json_pgn(
        &mut self,
        name: &str,
        reader: impl BufRead,
        out: &mut dyn Write,
        hold: usize,
    ) -> Result<(), JsonReadError> {
        let mut held = Held::new(out, hold);
        let mut values = Values {
            conv: self,
            name,
            held: &mut held,
            fast: JsonToPgn::new(),
        };
        read_json_values(reader, &mut values)
    }
}

/// The games of one input: read fast where they are clean, else whole.
struct Values<'a, 'o> {
    conv: &'a mut Converter,
    name: &'a str,
    held: &'a mut Held<'o>,
    fast: JsonToPgn,
}

impl JsonValues for Values<'_, '_> {
    fn fast(&mut self, text: &[u8], at: Span, whole: bool) -> Result<Fast, JsonReadError> {
        let (len, pgn) = match self.fast.game(text, at, whole) {
            GameRead::Done(len, pgn) => (len, pgn),
            GameRead::More => return Ok(Fast::More),
            GameRead::Leave => return Ok(Fast::Leave),
        };
        // After an error nothing more is written.
        if self.conv.errors.is_empty() {
            self.held.write_all(pgn).map_err(JsonReadError::Each)?;
            self.conv.games += 1;
        }
        self.held.commit().map_err(JsonReadError::Each)?;
        Ok(Fast::Done(len))
    }

    fn value(&mut self, value: &[u8], at: Span) -> Result<(), JsonReadError> {
        let record = parse_game(value, at)?.to_record_at(at);
        self.conv
            .game(self.name, record, InputFormat::Json, &mut *self.held)
            .map_err(JsonReadError::Each)?;
        self.held.commit().map_err(JsonReadError::Each)
    }
}

/// What [`JsonToPgn::game`] made of a text.
#[derive(Debug)]
pub enum GameRead<'t> {
    /// The game was read, its first this many bytes, and is clean: its
    /// canonical PGN.
    Done(usize, &'t [u8]),
    /// The text ended inside the game (only when not `whole`).
    More,
    /// Not clean: the game goes the whole-record way.
    Leave,
}

/// The fast path: JSON game values to canonical PGN (see the module).
pub struct JsonToPgn {
    stream: GameStream<Clean>,
    /// The prelude, a ply or the result at a time, for [`check_writable`].
    part: Record,
    /// The last game's text.
    text: Vec<u8>,
    /// The longest comment PGN readers take.
    max_comment: usize,
}

impl Default for JsonToPgn {
    fn default() -> Self {
        JsonToPgn::new()
    }
}

impl JsonToPgn {
    /// A converter with nothing read.
    pub fn new() -> JsonToPgn {
        JsonToPgn {
            stream: GameStream::new(Clean(CanonicalPgn::new(Resolve::Every, false)), true),
            part: Record::default(),
            text: Vec::new(),
            max_comment: ReaderOptions::default().max_comment_len,
        }
    }

    /// The canonical PGN of the game value at the start of `text` (found
    /// at `at`); `whole`: `text` is exactly the value, else it may go on
    /// past it or be cut short.
    pub fn game(&mut self, text: &[u8], at: Span, whole: bool) -> GameRead<'_> {
        self.part = Record::default();
        let mut s = Scanner::new(text);
        let mut game = GameReader {
            stream: &mut self.stream,
            part: &mut self.part,
            at,
            max_comment: self.max_comment,
        };
        let read = game
            .game(&mut s)
            .and_then(|()| match whole && s.pos() != text.len() {
                true => Err(Stop::Leave),
                false => Ok(()),
            });
        let done = match read {
            Ok(()) => self.stream.end_game(),
            Err(_) => None,
        };
        match done {
            Some(pgn) => {
                self.text = pgn;
                GameRead::Done(s.pos(), &self.text)
            }
            None => {
                // Not clean, perhaps left half read: start the next afresh.
                *self = JsonToPgn::new();
                match read {
                    Err(Stop::End) if !whole => GameRead::More,
                    _ => GameRead::Leave,
                }
            }
        }
    }
}

/// The canonical-PGN sink, keeping a game only when it is clean.
struct Clean(CanonicalPgn);

impl GameSink for Clean {
    type Output = Option<Vec<u8>>;

    fn begin_game(&mut self) {
        self.0.begin_game();
    }
    fn movetext(&mut self, tags: &[Tag], span: Span) -> bool {
        self.0.movetext(tags, span)
    }
    fn prelude(&mut self, c: &Comment) {
        self.0.prelude(c);
    }
    fn node(&mut self, node: Node, verdicts: &[Option<CompactString>]) {
        self.0.node(node, verdicts);
    }
    fn end_game(&mut self, end: GameEnd) -> Option<Vec<u8>> {
        let quiet = end.report.as_ref().is_some_and(|r| r.warnings.is_empty());
        match self.0.end_game(end) {
            Ok(g) if quiet && g.unresolved.is_none() => Some(g.text),
            _ => None,
        }
    }
}

/// Leaves the fast path.
fn leave<T>() -> Read<T> {
    Err(Stop::Leave)
}

/// Marks `bit` in `seen`; a field read twice leaves (serde refuses it).
fn once(seen: &mut u32, bit: u32) -> Read<()> {
    match std::mem::replace(seen, *seen | bit) & bit {
        0 => Ok(()),
        _ => leave(),
    }
}

/// Reads a list of objects that each hold exactly the string fields `a`
/// and `b`, once each (a comment's commands, an insertion's promotions).
fn string_pairs(s: &mut Scanner<'_>, a: &[u8], b: &[u8]) -> Read<()> {
    list(s, |s| {
        let mut fields = 0;
        object(s, |s, key| {
            match key {
                k if k == a => once(&mut fields, 1)?,
                k if k == b => once(&mut fields, 2)?,
                _ => return leave(),
            }
            s.string().map(drop)
        })?;
        match fields {
            3 => Ok(()),
            _ => leave(),
        }
    })
}

/// Reads a list, `[` item (`,` item)* `]`, each item by `item`.
fn list<'a>(s: &mut Scanner<'a>, mut item: impl FnMut(&mut Scanner<'a>) -> Read<()>) -> Read<()> {
    s.eat(b'[')?;
    if s.next_is(b']')? {
        return Ok(());
    }
    loop {
        item(s)?;
        match s.byte()? {
            b',' => {}
            b']' => return Ok(()),
            _ => return leave(),
        }
    }
}

/// Reads an object, `{` key `:` value (`,` …)* `}`, each field by
/// `field`; an empty object leaves (every object here has a field it
/// needs).
fn object<'a>(
    s: &mut Scanner<'a>,
    mut field: impl FnMut(&mut Scanner<'a>, &'a [u8]) -> Read<()>,
) -> Read<()> {
    s.eat(b'{')?;
    loop {
        let key = s.key()?;
        field(s, key)?;
        match s.byte()? {
            b',' => {}
            b'}' => return Ok(()),
            _ => return leave(),
        }
    }
}

/// A derived string: null or a string, not kept.
fn skip_derived(s: &mut Scanner) -> Read<()> {
    match s.null()? {
        true => Ok(()),
        false => s.skip_string(),
    }
}

/// A comment as read: its text and kind.
type JsonComment<'a> = (Cow<'a, str>, CommentKind);

/// A comment object: `text`, `kind` (`line`, else brace) and `commands`,
/// which are checked, not kept.
fn comment<'a>(s: &mut Scanner<'a>) -> Read<JsonComment<'a>> {
    let (mut seen, mut text, mut kind) = (0, Cow::Borrowed(""), CommentKind::Brace);
    object(s, |s, key| match key {
        b"text" => {
            once(&mut seen, 1)?;
            text = s.string()?;
            Ok(())
        }
        b"kind" => {
            once(&mut seen, 2)?;
            if s.string()? == "line" {
                kind = CommentKind::Line;
            }
            Ok(())
        }
        b"commands" => {
            once(&mut seen, 4)?;
            string_pairs(s, b"name", b"args")
        }
        _ => leave(),
    })?;
    match seen & 1 {
        0 => leave(),
        _ => Ok((text, kind)),
    }
}

/// A list of comments.
fn comments<'a>(s: &mut Scanner<'a>, into: &mut Vec<JsonComment<'a>>) -> Read<()> {
    list(s, |s| {
        into.push(comment(s)?);
        Ok(())
    })
}

/// A comment of the record.
fn to_comment((text, kind): JsonComment) -> Comment {
    Comment {
        text: text.into_owned(),
        kind,
        span: Span::default(),
    }
}

// A ply's fields, one bit each (a field read twice leaves).
const SAN: u32 = 1;
const MOVE_NUMBER: u32 = 1 << 1;
const CANONICAL: u32 = 1 << 2;
const KIND: u32 = 1 << 3;
const COLOR: u32 = 1 << 4;
const PIECE: u32 = 1 << 5;
const FROM: u32 = 1 << 6;
const TO: u32 = 1 << 7;
const RANK: u32 = 1 << 8;
const DIRECTION: u32 = 1 << 9;
const PROMOTION: u32 = 1 << 10;
const CAPTURED: u32 = 1 << 11;
const CHECK: u32 = 1 << 12;
const PERMISSION: u32 = 1 << 13;
const NAGS: u32 = 1 << 14;
const COMMENTS_BEFORE: u32 = 1 << 15;
const COMMENTS: u32 = 1 << 16;
const VARIATIONS: u32 = 1 << 17;
const FEN_AFTER: u32 = 1 << 18;

/// Variation levels read on the fast path; deeper records go the whole
/// way (serde's nesting limit is far beyond: 3 levels of JSON each).
const MAX_DEPTH: usize = 30;

/// A ply as [`crate::record::json::Ply`] reads it (the same fields and
/// types), keeping only what a record holds.
#[derive(Default)]
struct Ply<'a> {
    seen: u32,
    san: Cow<'a, str>,
    move_number: Option<u32>,
    nags: Vec<u16>,
    comments_before: Vec<JsonComment<'a>>,
    comments: Vec<JsonComment<'a>>,
    variations: Vec<Vec<Node>>,
}

impl Ply<'_> {
    /// The record's node (as `Game::to_record` makes it).
    fn into_node(self) -> Node {
        let mut n = Node::new(&*self.san);
        n.move_number = self.move_number;
        n.nags = self.nags;
        n.comments_before = self.comments_before.into_iter().map(to_comment).collect();
        n.comments = self.comments.into_iter().map(to_comment).collect();
        n.variations = self.variations;
        n
    }
}

/// The bit of a ply's field other than `variations`, by its name: told
/// apart by length, first and last byte (a jump, not a chain of compares),
/// then checked whole.
fn ply_key(key: &[u8]) -> Option<u32> {
    let (first, last) = (*key.first()?, *key.last()?);
    // Each name compared at its known length (inlined, no call).
    Some(match (key.len(), first, last) {
        (3, b's', b'n') if key == b"san" => SAN,
        (11, b'm', b'r') if key == b"move_number" => MOVE_NUMBER,
        (9, b'c', b'l') if key == b"canonical" => CANONICAL,
        (4, b'k', b'd') if key == b"kind" => KIND,
        (5, b'c', b'r') if key == b"color" => COLOR,
        (5, b'p', b'e') if key == b"piece" => PIECE,
        (4, b'f', b'm') if key == b"from" => FROM,
        (2, b't', b'o') if key == b"to" => TO,
        (4, b'r', b'k') if key == b"rank" => RANK,
        (9, b'd', b'n') if key == b"direction" => DIRECTION,
        (9, b'p', b'n') if key == b"promotion" => PROMOTION,
        (8, b'c', b'd') if key == b"captured" => CAPTURED,
        (5, b'c', b'k') if key == b"check" => CHECK,
        (10, b'p', b'n') if key == b"permission" => PERMISSION,
        (4, b'n', b's') if key == b"nags" => NAGS,
        (15, b'c', b'e') if key == b"comments_before" => COMMENTS_BEFORE,
        (8, b'c', b's') if key == b"comments" => COMMENTS,
        (9, b'f', b'r') if key == b"fen_after" => FEN_AFTER,
        _ => return None,
    })
}

/// One field of a ply other than `variations`.
fn ply_field<'a>(s: &mut Scanner<'a>, key: &[u8], ply: &mut Ply<'a>) -> Read<()> {
    let Some(bit) = ply_key(key) else {
        return leave();
    };
    once(&mut ply.seen, bit)?;
    match bit {
        SAN => ply.san = s.string()?,
        MOVE_NUMBER => {
            ply.move_number = match s.null()? {
                true => None,
                false => Some(s.u32()?),
            }
        }
        RANK => {
            if !s.null()? {
                s.u32()?;
            }
        }
        PERMISSION => {
            if !s.null()? {
                s.bool()?;
            }
        }
        PROMOTION => {
            if !s.null()? {
                // A role code, or a cage insertion's `{square, piece}` list.
                match s.peek()? {
                    b'[' => string_pairs(s, b"square", b"piece")?,
                    _ => s.skip_string()?,
                }
            }
        }
        NAGS => list(s, |s| {
            ply.nags.push(s.u16()?);
            Ok(())
        })?,
        COMMENTS_BEFORE => comments(s, &mut ply.comments_before)?,
        COMMENTS => comments(s, &mut ply.comments)?,
        _ => skip_derived(s)?,
    }
    Ok(())
}

/// A ply whose variations are being read.
struct Open<'a> {
    ply: Ply<'a>,
    lines: Vec<Vec<Node>>,
    line: Vec<Node>,
}

/// Where the ply reader is.
#[derive(Clone, Copy)]
enum At {
    /// A key of the current ply comes next.
    Field,
    /// After a field of the current ply: `,` or `}`.
    Next,
    /// After the `[` of a variation: `]` or a ply.
    LineStart,
    /// After a ply of a variation: `,` or `]`.
    LineNext,
    /// After a variation: `,` or `]`.
    LinesNext,
}

/// Reads a ply with its variations, nested plies on an explicit stack.
fn ply<'a>(s: &mut Scanner<'a>) -> Read<Ply<'a>> {
    let mut stack: Vec<Open<'a>> = Vec::new();
    let mut cur = Ply::default();
    s.eat(b'{')?;
    let mut at = At::Field;
    loop {
        at = match at {
            At::Field => {
                let key = s.key()?;
                if key != b"variations" {
                    ply_field(s, key, &mut cur)?;
                    At::Next
                } else {
                    once(&mut cur.seen, VARIATIONS)?;
                    s.eat(b'[')?;
                    if s.next_is(b']')? {
                        At::Next
                    } else if stack.len() >= MAX_DEPTH {
                        return leave();
                    } else {
                        s.eat(b'[')?;
                        stack.push(Open {
                            ply: std::mem::take(&mut cur),
                            lines: Vec::new(),
                            line: Vec::new(),
                        });
                        At::LineStart
                    }
                }
            }
            At::Next => match s.byte()? {
                b',' => At::Field,
                b'}' if cur.seen & SAN == 0 => return leave(),
                b'}' => match stack.last_mut() {
                    None => return Ok(cur),
                    Some(open) => {
                        open.line.push(std::mem::take(&mut cur).into_node());
                        At::LineNext
                    }
                },
                _ => return leave(),
            },
            At::LineStart | At::LineNext => {
                let Some(open) = stack.last_mut() else {
                    return leave();
                };
                match (at, s.byte()?) {
                    (At::LineStart, b'{') => At::Field,
                    (At::LineNext, b',') => {
                        s.eat(b'{')?;
                        At::Field
                    }
                    (_, b']') => {
                        open.lines.push(std::mem::take(&mut open.line));
                        At::LinesNext
                    }
                    _ => return leave(),
                }
            }
            At::LinesNext => match s.byte()? {
                b',' => {
                    s.eat(b'[')?;
                    At::LineStart
                }
                b']' => {
                    let Some(open) = stack.pop() else {
                        return leave();
                    };
                    cur = open.ply;
                    cur.variations = open.lines;
                    At::Next
                }
                _ => return leave(),
            },
        };
    }
}

/// A move token that certainly reads back as itself (see
/// `notation::pgn::check_writable`): it starts with a letter (so it is no
/// number or result), holds only ASCII token bytes, and no `!`, `?` or `.`
/// (no annotation glyphs, no `e.p.`). Others are checked the full way.
fn plain_token(san: &str) -> bool {
    let b = san.as_bytes();
    b.len() <= 255
        && b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(|&c| {
            c.is_ascii_graphic()
                && !matches!(
                    c,
                    b'{' | b'}'
                        | b'('
                        | b')'
                        | b'['
                        | b']'
                        | b';'
                        | b'$'
                        | b'"'
                        | b'!'
                        | b'?'
                        | b'.'
                )
        })
}

/// Reads one game into the stream.
struct GameReader<'s> {
    stream: &'s mut GameStream<Clean>,
    part: &'s mut Record,
    at: Span,
    max_comment: usize,
}

// A game's fields, one bit each.
const G_FORMAT: u32 = 1;
const G_VERSION: u32 = 1 << 1;
const G_TAGS: u32 = 1 << 2;
const G_VARIANT: u32 = 1 << 3;
const G_START: u32 = 1 << 4;
const G_PRELUDE: u32 = 1 << 5;
const G_MOVES: u32 = 1 << 6;
const G_RESULT: u32 = 1 << 7;

impl GameReader<'_> {
    /// Hands a comment to the stream.
    fn comment(&mut self, text: &str, kind: CommentKind) {
        match kind {
            CommentKind::Brace => self.stream.comment(text, Span::default()),
            CommentKind::Line => self.stream.line_comment(text, Span::default()),
        }
    }

    /// Whether `part` (one piece of the game) can be written as PGN.
    fn writable(&self) -> bool {
        check_writable(self.part).is_ok()
    }

    /// Whether PGN holds a comment's text as it is (as `check_writable`).
    fn comment_fits(&self, (text, _): &JsonComment) -> bool {
        text.len() <= self.max_comment && !(text.contains('}') && text.contains(['\n', '\r']))
    }

    /// Hands a node (and its variations) to the stream, in document
    /// order, as `GameStream::record` does.
    fn node(&mut self, node: &Node) {
        let one = |s: &mut Self, n: &Node| {
            for c in &n.comments_before {
                s.comment(&c.text, c.kind);
            }
            if let Some(number) = n.move_number {
                s.stream.move_number(number, n.span);
            }
            s.stream.san(&n.san, n.span);
            for &nag in &n.nags {
                s.stream.nag(nag, n.span);
            }
            for c in &n.comments {
                s.comment(&c.text, c.kind);
            }
        };
        if node.variations.is_empty() {
            return one(self, node);
        }
        for step in crate::model::steps(std::slice::from_ref(node)) {
            match step {
                Step::Enter => self.stream.begin_variation(Span::default()),
                Step::Leave => self.stream.end_variation(Span::default()),
                Step::Move(n) => one(self, n),
            }
        }
    }

    /// Hands a main-line ply to the stream: a plain one straight, one
    /// with variations (or a token to check the full way) as a node.
    fn ply(&mut self, ply: Ply) -> Read<()> {
        let plain = ply.variations.is_empty() && plain_token(&ply.san);
        let fits = ply.comments_before.iter().all(|c| self.comment_fits(c))
            && ply.comments.iter().all(|c| self.comment_fits(c));
        if !fits {
            return leave();
        }
        if !plain {
            self.part.moves.push(ply.into_node());
            if !self.writable() {
                return leave();
            }
            let Some(node) = self.part.moves.pop() else {
                return leave();
            };
            self.node(&node);
            return Ok(());
        }
        for (text, kind) in &ply.comments_before {
            self.comment(text, *kind);
        }
        if let Some(number) = ply.move_number {
            self.stream.move_number(number, Span::default());
        }
        self.stream.san(&ply.san, Span::default());
        for &nag in &ply.nags {
            self.stream.nag(nag, Span::default());
        }
        for (text, kind) in &ply.comments {
            self.comment(text, *kind);
        }
        Ok(())
    }

    /// The tag objects of `tags`.
    fn tags<'a>(s: &mut Scanner<'a>) -> Read<Vec<Tag>> {
        let mut tags = Vec::new();
        list(s, |s| {
            let (mut seen, mut name, mut value) = (0, Cow::Borrowed(""), Cow::Borrowed(""));
            object(s, |s, key| {
                match key {
                    b"name" => {
                        once(&mut seen, 1)?;
                        name = s.string()?;
                    }
                    b"value" => {
                        once(&mut seen, 2)?;
                        value = s.string()?;
                    }
                    _ => return leave(),
                }
                Ok(())
            })?;
            if seen != 3 {
                return leave();
            }
            tags.push(Tag::new(name, value));
            Ok(())
        })?;
        Ok(tags)
    }

    /// Reads the game object at the start of `s`.
    fn game<'a>(&mut self, s: &mut Scanner<'a>) -> Read<()> {
        let mut seen = 0;
        let mut result: Option<Cow<'a, str>> = None;
        let mut result_tag = None;
        self.stream.begin_game();
        object(s, |s, key| {
            let bit = match key {
                b"format" => G_FORMAT,
                b"version" => G_VERSION,
                b"tags" => G_TAGS,
                b"variant" => G_VARIANT,
                b"start" => G_START,
                b"prelude" => G_PRELUDE,
                b"moves" => G_MOVES,
                b"result" => G_RESULT,
                _ => return leave(),
            };
            // The movetext comes after the tags, the prelude before the moves.
            let tags = seen & G_TAGS != 0;
            match bit {
                G_PRELUDE if !tags || seen & G_MOVES != 0 => return leave(),
                G_MOVES if !tags => return leave(),
                _ => once(&mut seen, bit)?,
            }
            match bit {
                G_FORMAT if s.string()? != FORMAT => leave(),
                G_VERSION if s.u32()? != crate::record::json::VERSION => leave(),
                G_VARIANT | G_START => skip_derived(s),
                G_TAGS => {
                    self.part.tags = Self::tags(s)?;
                    if !self.writable() {
                        return leave();
                    }
                    result_tag = self.part.tag_pair("Result").map(|t| t.span);
                    for t in std::mem::take(&mut self.part.tags) {
                        self.stream.tag(&t.name, &t.value, t.span);
                    }
                    self.stream.begin_movetext();
                    Ok(())
                }
                G_PRELUDE => {
                    let mut list = Vec::new();
                    comments(s, &mut list)?;
                    self.part.prelude = list.into_iter().map(to_comment).collect();
                    if !self.writable() {
                        return leave();
                    }
                    for c in std::mem::take(&mut self.part.prelude) {
                        self.comment(&c.text, c.kind);
                    }
                    Ok(())
                }
                G_MOVES => list(s, |s| {
                    let p = ply(s)?;
                    self.ply(p)
                }),
                G_RESULT => {
                    result = match s.null()? {
                        true => None,
                        false => Some(s.string()?),
                    };
                    Ok(())
                }
                _ => Ok(()),
            }
        })?;
        if seen & (G_FORMAT | G_VERSION | G_TAGS) != G_FORMAT | G_VERSION | G_TAGS {
            return leave();
        }
        let result = result.map(Cow::into_owned);
        self.part.result.clone_from(&result);
        if !self.writable() {
            return leave();
        }
        if let Some(res) = &result {
            // Where `GameStream::record` places it: the Result tag, else the game.
            self.stream.outcome(res, result_tag.unwrap_or(self.at));
        }
        Ok(())
    }
}
