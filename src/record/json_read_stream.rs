//! JSON → PGN a game at a time, without building records (`convert --to
//! pgn` from JSON, checked).
//!
//! Each game value found by [`each_json_value`] is deserialized straight
//! into a [`GameStream`] (a ply at a time, strings borrowed from the text
//! where they have no escapes), which replays it with the replayer PGN
//! input is converted with, and writes its canonical PGN into memory;
//! the text goes out only once the game is read to its end, so a game that
//! fails late is never half written, and memory holds one game's text, not
//! the archive.
//!
//! That fast path takes only clean games: tags before the movetext, every
//! field of the types the JSON form has, everything writable as PGN, every
//! move resolving and no warning. Anything else (a malformed or illegal
//! record, a warning, fields in another order) goes the whole-record way
//! ([`parse_game`], [`Converter::game`]), which files every diagnostic
//! exactly as before; the fast path has written nothing by then.

use std::borrow::Cow;
use std::fmt;
use std::io::{BufRead, Write};

use compact_str::CompactString;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

use crate::model::{Comment, CommentKind, Node, Record, Span, Step, Tag};
use crate::notation::pgn::{check_writable, Visitor as PgnVisitor};
use crate::record::convert::Converter;
use crate::record::format::InputFormat;
use crate::record::game_stream::{GameEnd, GameSink, GameStream};
use crate::record::held::Held;
use crate::record::json::{Format, JsonComment, Promotion, Version};
use crate::record::json_reader::{each_json_value, parse_game, JsonReadError};
use crate::record::pgn_stream::{CanonicalPgn, Resolve};

impl Converter {
    /// Converts the JSON games of `reader` to canonical PGN as they are
    /// read, to `out` (checked: each game replayed, see the module): a game
    /// costs its text, held back whole when `hold` > 0 (standard output)
    /// and flushed, so `out` gets each game complete as soon as it is
    /// converted. Errors as [`each_json_value`]'s: a syntax error stops
    /// reading (the games before it are written); a game that does not
    /// replay is filed in `errors`, and nothing more is written.
    pub fn stream_json_pgn(
        &mut self,
        name: &str,
        reader: impl BufRead,
        out: &mut dyn Write,
        hold: usize,
    ) -> Result<(), JsonReadError> {
        let mut held = Held::new(out, hold);
        let mut fast = JsonToPgn::new();
        each_json_value(reader, |value, at| {
            match fast.game(value, at) {
                Some(text) if self.errors.is_empty() => {
                    held.write_all(text).map_err(JsonReadError::Each)?;
                    self.games += 1;
                }
                // After an error nothing more is written.
                Some(_) => {}
                None => {
                    let record = parse_game(value, at)?.to_record_at(at);
                    self.game(name, record, InputFormat::Json, &mut held)
                        .map_err(JsonReadError::Each)?;
                }
            }
            held.commit().map_err(JsonReadError::Each)
        })
    }
}

/// The fast path: JSON game values to canonical PGN (see the module).
pub struct JsonToPgn {
    stream: GameStream<Clean>,
    /// One ply (or the prelude, or the result) at a time, for
    /// [`check_writable`].
    part: Record,
    /// The last game's text.
    text: Vec<u8>,
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
        }
    }

    /// The canonical PGN of the game in `value` (read at `at`), or None
    /// when the game is not clean and must go the whole-record way.
    pub fn game(&mut self, value: &[u8], at: Span) -> Option<&[u8]> {
        self.part = Record::default();
        let mut de = serde_json::Deserializer::from_slice(value);
        let seed = GameSeed {
            stream: &mut self.stream,
            part: &mut self.part,
            at,
        };
        let read = seed.deserialize(&mut de).and_then(|()| de.end());
        let done = read.ok().and_then(|()| self.stream.end_game());
        match done {
            Some(text) => {
                self.text = text;
                Some(&self.text)
            }
            None => {
                // Not clean, perhaps left half read: start the next afresh.
                *self = JsonToPgn::new();
                None
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

/// Any error: leave the fast path (the message is never shown).
fn leave<E: de::Error>() -> E {
    E::custom("not on the fast path")
}

/// A string whose value is not needed (a derived field): accepts only
/// what a `String` does, keeps nothing. It is read raw (no UTF-8
/// validation by serde), so the checks a `String` gets are made here on a
/// string without escapes; one with escapes leaves the fast path.
struct Skip;

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skip, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Skip;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_bytes<E: de::Error>(self, b: &'de [u8]) -> Result<Skip, E> {
                // No control character (JSON forbids them raw), UTF-8.
                let printable = b.iter().all(|&c| c >= 0x20);
                match printable && (b.is_ascii() || std::str::from_utf8(b).is_ok()) {
                    true => Ok(Skip),
                    false => Err(leave()),
                }
            }
        }
        d.deserialize_bytes(V)
    }
}

/// A ply as [`crate::record::json::Ply`] reads it (the same fields and
/// types, so the same texts are accepted), keeping only what a record holds.
#[derive(Deserialize)]
#[allow(dead_code)] // the derived fields are read only to be type-checked
struct LightPly<'a> {
    #[serde(borrow)]
    san: Cow<'a, str>,
    #[serde(default)]
    move_number: Option<u32>,
    #[serde(default)]
    canonical: Option<Skip>,
    #[serde(default)]
    kind: Option<Skip>,
    #[serde(default)]
    color: Option<Skip>,
    #[serde(default)]
    piece: Option<Skip>,
    #[serde(default)]
    from: Option<Skip>,
    #[serde(default)]
    to: Option<Skip>,
    #[serde(default)]
    rank: Option<u32>,
    #[serde(default)]
    direction: Option<Skip>,
    #[serde(default)]
    promotion: Option<Promotion>,
    #[serde(default)]
    captured: Option<Skip>,
    /// Absent, null or a string.
    #[serde(default)]
    check: Option<Option<Skip>>,
    #[serde(default)]
    permission: Option<bool>,
    #[serde(default)]
    nags: Vec<u16>,
    #[serde(default)]
    comments_before: Vec<JsonComment>,
    #[serde(default)]
    comments: Vec<JsonComment>,
    #[serde(default, borrow)]
    variations: Vec<Vec<LightPly<'a>>>,
    #[serde(default)]
    fen_after: Option<Skip>,
}

fn comment(c: JsonComment) -> Comment {
    Comment {
        text: c.text,
        kind: match c.kind.as_str() {
            "line" => CommentKind::Line,
            _ => CommentKind::Brace,
        },
        span: Span::default(),
    }
}

impl LightPly<'_> {
    /// The record's node (as `Game::to_record` makes it).
    fn into_node(self) -> Node {
        let mut n = Node::new(&*self.san);
        n.move_number = self.move_number;
        n.nags = self.nags;
        n.comments_before = self.comments_before.into_iter().map(comment).collect();
        n.comments = self.comments.into_iter().map(comment).collect();
        n.variations = self
            .variations
            .into_iter()
            .map(|line| line.into_iter().map(LightPly::into_node).collect())
            .collect();
        n
    }
}

/// The fields of a game (as the derived `Game` names them).
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Key {
    Format,
    Version,
    Tags,
    Variant,
    Start,
    Prelude,
    Moves,
    Result,
    #[serde(other)]
    Other,
}

/// Reads one game into the stream.
struct GameSeed<'s> {
    stream: &'s mut GameStream<Clean>,
    part: &'s mut Record,
    at: Span,
}

impl GameSeed<'_> {
    /// Hands a record's comment to the stream.
    fn comment(&mut self, c: &Comment) {
        match c.kind {
            CommentKind::Brace => self.stream.comment(&c.text, c.span),
            CommentKind::Line => self.stream.line_comment(&c.text, c.span),
        }
    }

    /// Hands a node (and its variations) to the stream, in document
    /// order, as `GameStream::record` does.
    fn node(&mut self, node: &Node) {
        let one = |s: &mut Self, n: &Node| {
            n.comments_before.iter().for_each(|c| s.comment(c));
            if let Some(number) = n.move_number {
                s.stream.move_number(number, n.span);
            }
            s.stream.san(&n.san, n.span);
            for &nag in &n.nags {
                s.stream.nag(nag, n.span);
            }
            n.comments.iter().for_each(|c| s.comment(c));
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

    /// Whether `part` (one piece of the game) can be written as PGN.
    fn writable(&self) -> bool {
        check_writable(self.part).is_ok()
    }
}

impl<'de> DeserializeSeed<'de> for GameSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for GameSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a game")
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        let (mut format, mut version, mut variant, mut start) = (false, false, false, false);
        let (mut tags, mut prelude, mut moves) = (false, false, false);
        let mut result: Option<Option<String>> = None;
        let mut result_tag = None;
        let once = |seen: &mut bool| match std::mem::replace(seen, true) {
            true => Err(leave()),
            false => Ok(()),
        };
        self.stream.begin_game();
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Format => {
                    once(&mut format)?;
                    map.next_value::<Format>()?;
                }
                Key::Version => {
                    once(&mut version)?;
                    map.next_value::<Version>()?;
                }
                Key::Variant => {
                    once(&mut variant)?;
                    map.next_value::<Option<Skip>>()?;
                }
                Key::Start => {
                    once(&mut start)?;
                    map.next_value::<Option<Skip>>()?;
                }
                Key::Tags => {
                    once(&mut tags)?;
                    self.part.tags = map.next_value::<Vec<Tag>>()?;
                    if !self.writable() {
                        return Err(leave());
                    }
                    result_tag = self.part.tag_pair("Result").map(|t| t.span);
                    for t in std::mem::take(&mut self.part.tags) {
                        self.stream.tag(&t.name, &t.value, t.span);
                    }
                    self.stream.begin_movetext();
                }
                // The movetext comes after the tags, the prelude before the moves.
                Key::Prelude if !tags || moves => return Err(leave()),
                Key::Prelude => {
                    once(&mut prelude)?;
                    let list = map.next_value::<Vec<JsonComment>>()?;
                    self.part.prelude = list.into_iter().map(comment).collect();
                    if !self.writable() {
                        return Err(leave());
                    }
                    for c in std::mem::take(&mut self.part.prelude) {
                        self.comment(&c);
                    }
                }
                Key::Moves if !tags => return Err(leave()),
                Key::Moves => {
                    once(&mut moves)?;
                    map.next_value_seed(MovesSeed(&mut self))?;
                }
                Key::Result => {
                    if result.is_some() {
                        return Err(leave());
                    }
                    result = Some(map.next_value::<Option<String>>()?);
                }
                Key::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !(format && version && tags) {
            return Err(leave());
        }
        let result = result.flatten();
        self.part.result.clone_from(&result);
        if !self.writable() {
            return Err(leave());
        }
        if let Some(res) = &result {
            // Where `GameStream::record` places it: the Result tag, else the game.
            self.stream.outcome(res, result_tag.unwrap_or(self.at));
        }
        Ok(())
    }
}

/// Reads a main line, handing each ply to the stream as it is read.
struct MovesSeed<'a, 's>(&'a mut GameSeed<'s>);

impl<'de> DeserializeSeed<'de> for MovesSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for MovesSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence of plies")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let game = self.0;
        while let Some(ply) = seq.next_element::<LightPly>()? {
            game.part.moves.push(ply.into_node());
            if !game.writable() {
                return Err(leave());
            }
            let Some(node) = game.part.moves.pop() else {
                return Err(leave());
            };
            game.node(&node);
        }
        Ok(())
    }
}
