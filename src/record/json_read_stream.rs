//! JSON → PGN a game at a time, without building records (`convert --to
//! pgn` from JSON, checked).
//!
//! Each game value is read where it starts in the input buffer by a
//! hand-written scanner ([`crate::notation::json_scan`]): it keeps what a
//! record holds (tags, the prelude, each ply's `san`, `move_number`,
//! `nags`, comments and variations, the result) and checks the derived
//! fields as serde would read them, without building them. Keys are
//! matched as predicted words in the order the writer puts them, and a key
//! out of that order is read the general way. Each ply is replayed as soon
//! as it is read, by the replayer `GameStream` gives PGN input (the same
//! calls in the same order), and its canonical PGN goes straight from the
//! replay's verdict to the writer: a plain ply builds no `Node`, only a
//! ply with variations (or a token to check the full way) does, written
//! as `CanonicalPgn` writes a node. The text goes out only once the game is
//! read to its end, so a game that fails late is never half written, and
//! memory holds one game's text, not the archive. Nothing the input
//! chooses is recursed into: variations are read on an explicit stack.
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

use crate::model::{for_each_node_mut, Comment, CommentKind, Node, Record, Span, Step, Tag};
use crate::notation::json_layout::{Frag, Spacing};
use crate::notation::json_scan::{Key, Scanner, Step as Read, Stop};
use crate::notation::pgn::{
    check_writable, result_token, write_tags, Movetext, ReaderOptions, Visitor as PgnVisitor,
};
use crate::record::convert::Converter;
use crate::record::format::InputFormat;
use crate::record::held::Held;
use crate::record::json::FORMAT;
use crate::record::json_reader::{parse_game, read_json_values, Fast, JsonReadError, JsonValues};
use crate::record::replay::{ReplayOptions, Replayer};
use crate::record::unresolved::unresolved_error;

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
    /// The replay, made as `GameStream` makes it for canonical PGN.
    replayer: Replayer,
    /// The game's tag pairs.
    tags: Vec<Tag>,
    /// The movetext, renumbered (the canonical form), once the tags are
    /// read.
    movetext: Option<Movetext<Vec<u8>>>,
    /// The verdicts on a ply with variations, in document order.
    verdicts: Vec<Option<CompactString>>,
    /// The prelude, a ply or the result at a time, for [`check_writable`].
    part: Record,
    /// The last game's text.
    text: Vec<u8>,
    /// A movetext buffer to reuse.
    spare: Vec<u8>,
    /// The longest comment PGN readers take.
    max_comment: usize,
    /// The fragments of the last layouts read.
    layouts: Layouts,
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
            replayer: Replayer::new(ReplayOptions::default())
                .fast_verdicts()
                .plain_verdicts_empty(),
            tags: Vec::new(),
            movetext: None,
            verdicts: Vec::new(),
            part: Record::default(),
            text: Vec::new(),
            spare: Vec::new(),
            max_comment: ReaderOptions::default().max_comment_len,
            layouts: Layouts::default(),
        }
    }

    /// The canonical PGN of the game value at the start of `text` (found
    /// at `at`); `whole`: `text` is exactly the value, else it may go on
    /// past it or be cut short.
    pub fn game(&mut self, text: &[u8], at: Span, whole: bool) -> GameRead<'_> {
        self.part = Record::default();
        self.movetext = None;
        let mut s = Scanner::new(text);
        let read =
            self.read_game(&mut s, at)
                .and_then(|result| match whole && s.pos() != text.len() {
                    true => Err(Stop::Leave),
                    false => Ok(result),
                });
        let done = match &read {
            Ok(result) => self.end_game(result.as_deref()),
            Err(_) => false,
        };
        if done {
            return GameRead::Done(s.pos(), &self.text);
        }
        // Not clean, perhaps left half read: start the next afresh.
        *self = JsonToPgn::new();
        match read {
            Err(Stop::End) if !whole => GameRead::More,
            _ => GameRead::Leave,
        }
    }

    /// The game is read, `result` its result: the replay's report, and
    /// the text when the game is clean (every move resolved, which the
    /// reading already required, no warning): as `CanonicalPgn` writes it.
    fn end_game(&mut self, result: Option<&str>) -> bool {
        let Some(m) = self.movetext.take() else {
            return false;
        };
        let report = self.replayer.end_game();
        let quiet = report.warnings.is_empty();
        if !quiet || unresolved_error(&report, Span::default(), false).is_some() {
            return false;
        }
        self.text.clear();
        let _ = write_tags(&self.tags, &mut self.text);
        if let Ok(mut moves) = m.finish(result_token(result, &self.tags)) {
            self.text.extend_from_slice(&moves);
            moves.clear();
            self.spare = moves;
        }
        true
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

/// Reads an object whose keys are among `keys` (else it leaves), each
/// field by `field` with its key's index: keys are tried as words in
/// `keys`' order from the one after the last read (the writer's order),
/// and read the general way when another comes. An empty object leaves.
fn fields<'a>(
    s: &mut Scanner<'a>,
    keys: &[Key],
    mut field: impl FnMut(&mut Scanner<'a>, usize) -> Read<()>,
) -> Read<()> {
    s.eat(b'{')?;
    let mut next = 0;
    loop {
        let i = next_key(s, keys, next)?;
        next = i + 1;
        field(s, i)?;
        match s.byte()? {
            b',' => {}
            b'}' => return Ok(()),
            _ => return leave(),
        }
    }
}

/// The index in `keys` of the key that comes next (read, with its `:`),
/// tried as predicted from `from` on, then read the general way; a key
/// not in `keys` leaves.
#[inline(always)]
fn next_key(s: &mut Scanner<'_>, keys: &[Key], from: usize) -> Read<usize> {
    if let (Some(w), Some(rest)) = (s.key_word(), keys.get(from..)) {
        for (i, k) in rest.iter().enumerate() {
            if k.matches(w) {
                s.take_key(k)?;
                return Ok(from + i);
            }
        }
    }
    other_key(s, keys)
}

/// [`next_key`] when the key is not one predicted: read the general way.
#[inline(never)]
fn other_key(s: &mut Scanner<'_>, keys: &[Key]) -> Read<usize> {
    let key = s.key()?;
    keys.iter().position(|k| k.is(key)).ok_or(Stop::Leave)
}

/// A derived string: null or a string, not kept.
#[inline]
fn skip_derived(s: &mut Scanner) -> Read<()> {
    s.skip_string_or_null()
}

/// A comment as read: its text and kind.
type JsonComment<'a> = (Cow<'a, str>, CommentKind);

/// The keys of a comment object, in the writer's order.
const COMMENT_KEYS: [Key; 3] = [Key::new(b"text"), Key::new(b"kind"), Key::new(b"commands")];

/// A comment object: `text`, `kind` (`line`, else brace) and `commands`,
/// which are checked, not kept.
fn comment<'a>(s: &mut Scanner<'a>) -> Read<JsonComment<'a>> {
    let (mut seen, mut text, mut kind) = (0, Cow::Borrowed(""), CommentKind::Brace);
    fields(s, &COMMENT_KEYS, |s, i| {
        once(&mut seen, 1 << i)?;
        match i {
            0 => text = s.string()?,
            1 => {
                if s.string()? == "line" {
                    kind = CommentKind::Line;
                }
            }
            _ => string_pairs(s, b"name", b"args")?,
        }
        Ok(())
    })?;
    match seen & 1 {
        0 => leave(),
        _ => Ok((text, kind)),
    }
}

/// The comment keys' fragments in one layout, for [`laid_comment`].
struct CommentFrags {
    spacing: Spacing,
    text: Frag,
    kind: Frag,
}

/// [`comment`] on a comment laid out as the writer lays it (compact or
/// pretty, `text` then perhaps `kind`, no commands): each key matched as
/// one fragment. Reads what `comment` reads of the same text, on fewer
/// texts: None for any other (then the caller reads it again from its
/// start). `frags` holds the last layout's fragments.
#[inline]
fn laid_comment<'a>(
    s: &mut Scanner<'a>,
    frags: &mut Option<CommentFrags>,
) -> Option<JsonComment<'a>> {
    s.eat(b'{').ok()?;
    let spacing = Spacing::learn(s.ahead(), b"text")?;
    let f = match frags {
        Some(f) if f.spacing == spacing => f,
        _ => frags.insert(CommentFrags {
            spacing,
            text: spacing.first(b"text")?,
            kind: spacing.next(b"kind")?,
        }),
    };
    if !s.take(&f.text) {
        return None;
    }
    let text = s.string().ok()?;
    let mut kind = CommentKind::Brace;
    if s.take(&f.kind) && *s.string_bytes().ok()? == *b"line" {
        kind = CommentKind::Line;
    }
    match s.byte().ok()? {
        b'}' => Some((text, kind)),
        _ => None,
    }
}

/// A list of comments; `frags` as [`laid_comment`]'s.
fn comments<'a>(
    s: &mut Scanner<'a>,
    into: &mut Vec<JsonComment<'a>>,
    frags: &mut Option<CommentFrags>,
) -> Read<()> {
    list(s, |s| {
        let start = s.pos();
        let c = match laid_comment(s, frags) {
            Some(c) => c,
            None => {
                s.rewind(start);
                comment(s)?
            }
        };
        into.push(c);
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

// A ply's fields read here, one bit each (a field read twice leaves), the
// bit of `PLY_KEYS[i]` being `1 << i`.
const SAN: u32 = 1;
const MOVE_NUMBER: u32 = 1 << 1;
const RANK: u32 = 1 << 8;
const PROMOTION: u32 = 1 << 10;
const PERMISSION: u32 = 1 << 13;
const NAGS: u32 = 1 << 14;
const COMMENTS_BEFORE: u32 = 1 << 15;
const COMMENTS: u32 = 1 << 16;
const VARIATIONS: u32 = 1 << 17;

/// Variation levels read on the fast path; deeper records go the whole
/// way (serde's nesting limit is far beyond: 3 levels of JSON each).
const MAX_DEPTH: usize = 30;

/// A ply as [`crate::record::json::Ply`] reads it (the same fields and
/// types), keeping only what a record holds.
#[derive(Default)]
struct Ply<'a> {
    seen: u32,
    /// The index in [`PLY_KEYS`] of the key expected next.
    next: usize,
    san: Cow<'a, [u8]>,
    move_number: Option<u32>,
    nags: Vec<u16>,
    comments_before: Vec<JsonComment<'a>>,
    comments: Vec<JsonComment<'a>>,
    variations: Vec<Vec<Node>>,
}

impl Ply<'_> {
    /// Empties it for the next ply, keeping its lists' room.
    #[inline]
    fn clear(&mut self) {
        self.seen = 0;
        self.next = 0;
        self.san = Cow::Borrowed(b"");
        self.move_number = None;
        // Most plies have no lists: then nothing is dropped or called.
        let lists = [
            self.nags.len(),
            self.comments_before.len(),
            self.comments.len(),
            self.variations.len(),
        ];
        if lists != [0; 4] {
            self.clear_lists();
        }
    }

    #[inline(never)]
    fn clear_lists(&mut self) {
        self.nags.clear();
        self.comments_before.clear();
        self.comments.clear();
        self.variations.clear();
    }

    /// The record's node (as `Game::to_record` makes it).
    fn to_node(&self) -> Node {
        // The bytes of a string read: UTF-8, so nothing is replaced.
        let mut n = Node::new(&*String::from_utf8_lossy(&self.san));
        n.move_number = self.move_number;
        n.nags.clone_from(&self.nags);
        n.comments_before = self
            .comments_before
            .iter()
            .cloned()
            .map(to_comment)
            .collect();
        n.comments = self.comments.iter().cloned().map(to_comment).collect();
        n.variations.clone_from(&self.variations);
        n
    }
}

/// A ply's keys in the writer's order, the one of bit `1 << i` at `i`.
const PLY_KEY_NAMES: [&[u8]; 19] = [
    b"san",
    b"move_number",
    b"canonical",
    b"kind",
    b"color",
    b"piece",
    b"from",
    b"to",
    b"rank",
    b"direction",
    b"promotion",
    b"captured",
    b"check",
    b"permission",
    b"nags",
    b"comments_before",
    b"comments",
    b"variations",
    b"fen_after",
];

/// [`PLY_KEY_NAMES`] as keys to match.
const PLY_KEYS: [Key; 19] = {
    let mut keys = [Key::new(b""); 19];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = Key::new(PLY_KEY_NAMES[i]);
        i += 1;
    }
    keys
};

/// One field of a ply other than `variations`.
fn ply_field<'a>(s: &mut Scanner<'a>, bit: u32, ply: &mut Ply<'a>) -> Read<()> {
    once(&mut ply.seen, bit)?;
    match bit {
        SAN => ply.san = s.string_bytes()?,
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
        COMMENTS_BEFORE => comments(s, &mut ply.comments_before, &mut None)?,
        COMMENTS => comments(s, &mut ply.comments, &mut None)?,
        _ => skip_derived(s)?,
    }
    Ok(())
}

/// A ply without variations as the writer writes it (keys in
/// [`PLY_KEYS`] order, `san` first, `variations` empty, a promotion a
/// role), read in one straight pass into `p` (cleared first); None when
/// anything else comes (then [`ply`] reads it again from its start, and
/// decides). Keys come in rising order, so none is read twice.
#[inline]
fn straight_ply<'a>(
    s: &mut Scanner<'a>,
    p: &mut Ply<'a>,
    cf: &mut Option<CommentFrags>,
) -> Option<()> {
    s.eat(b'{').ok()?;
    if !s.key_word().is_some_and(|w| PLY_KEYS[0].matches(w)) {
        return None;
    }
    s.take_key(&PLY_KEYS[0]).ok()?;
    p.clear();
    p.san = s.string_bytes().ok()?;
    let mut next = 1;
    loop {
        match s.byte().ok()? {
            b',' => {}
            b'}' => return Some(()),
            _ => return None,
        }
        let w = s.key_word()?;
        let i = (next..PLY_KEYS.len()).find(|&i| PLY_KEYS[i].matches(w))?;
        s.take_key(&PLY_KEYS[i]).ok()?;
        next = i + 1;
        straight_field(s, i, p, cf)?;
    }
}

/// The fragments of the last layouts read.
#[derive(Default)]
struct Layouts {
    ply: Option<PlyFrags>,
    comment: Option<CommentFrags>,
}

/// The ply keys' fragments in one layout, for [`laid_ply`].
struct PlyFrags {
    spacing: Spacing,
    /// `san`'s, after the `{`.
    san: Frag,
    /// Each later key's, after the value before it, at its index in
    /// [`PLY_KEYS`].
    keys: [Frag; PLY_KEYS.len()],
    /// The ply's `{` and `}` with the white space before them (None: not
    /// predicted).
    open: Option<Frag>,
    close: Option<Frag>,
}

impl PlyFrags {
    /// The fragments, if every key's fits (deep indentation does not).
    fn new(spacing: Spacing) -> Option<PlyFrags> {
        let san = spacing.first(b"san")?;
        let mut keys = [san; PLY_KEYS.len()];
        for (k, name) in keys.iter_mut().zip(PLY_KEY_NAMES) {
            *k = spacing.next(name)?;
        }
        Some(PlyFrags {
            spacing,
            san,
            keys,
            open: spacing.bracket(b'{'),
            close: spacing.bracket(b'}'),
        })
    }
}

/// [`straight_ply`] on the texts laid out exactly as the writer lays them
/// (compact or pretty, see [`crate::notation::json_layout`]): each key
/// with the separator before it is matched as one fragment, tried once
/// each in the writer's order. Reads what `straight_ply` reads of the
/// same text, on fewer texts: None for any other (then the caller reads
/// it again from its start). `layouts` holds the last layouts' fragments.
#[inline]
fn laid_ply<'a>(at: &mut Scanner<'a>, layouts: &mut Layouts, p: &mut Ply<'a>) -> Option<()> {
    // Read on a copy, so its place stays in a register; kept if it reads.
    let mut copy = at.clone();
    laid_ply_on(&mut copy, layouts, p)?;
    *at = copy;
    Some(())
}

/// [`laid_ply`] on `s`.
#[inline(always)]
fn laid_ply_on<'a>(s: &mut Scanner<'a>, layouts: &mut Layouts, p: &mut Ply<'a>) -> Option<()> {
    // The `{`, laid as the last ply's was (else after any white space).
    let open = layouts.ply.as_ref().and_then(|f| f.open.as_ref());
    if !open.is_some_and(|o| s.take(o)) {
        s.eat(b'{').ok()?;
    }
    let Layouts { ply, comment } = layouts;
    // `san` as the last ply laid it, else its layout learned afresh.
    let f = match ply {
        Some(f) if s.take(&f.san) => f,
        _ => {
            let spacing = Spacing::learn(s.ahead(), b"san")?;
            let f = match ply {
                Some(f) if f.spacing == spacing => f,
                _ => ply.insert(PlyFrags::new(spacing)?),
            };
            if !s.take(&f.san) {
                return None;
            }
            f
        }
    };
    p.clear();
    p.san = s.string_bytes().ok()?;
    match f.spacing.is_compact() {
        true => laid_fields::<true>(s, f, p, comment)?,
        false => laid_fields::<false>(s, f, p, comment)?,
    }
    if f.close.as_ref().is_some_and(|c| s.take(c)) {
        return Some(());
    }
    match s.byte().ok()? {
        b'}' => Some(()),
        _ => None,
    }
}

/// The ply's fields after `san` in the layout of `f`; `COMPACT` when it is
/// the compact one, whose fragments are constants ([`COMPACT_KEYS`]),
/// compared without loading them.
#[inline(always)]
fn laid_fields<'a, const COMPACT: bool>(
    s: &mut Scanner<'a>,
    f: &PlyFrags,
    p: &mut Ply<'a>,
    comment: &mut Option<CommentFrags>,
) -> Option<()> {
    // Unrolled, so that each field's reading is known where it is tried.
    macro_rules! fields {
        ($($i:literal)*) => {$(
            let key = match COMPACT {
                true => &COMPACT_KEYS[$i],
                false => &f.keys[$i],
            };
            if s.take(key) {
                straight_field(s, $i, p, comment)?;
            }
        )*};
    }
    fields!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18);
    Some(())
}

/// The fragment of each ply key after the first, `,"key":`, in the compact
/// layout (`PlyFrags::keys` of that layout, known when compiling).
const COMPACT_KEYS: [Frag; PLY_KEYS.len()] = {
    // Every key fits a fragment: a panic here fails the build, not a run.
    const fn compact(name: &[u8]) -> Frag {
        match Spacing::COMPACT.next(name) {
            Some(f) => f,
            None => panic!("a ply key longer than a fragment"),
        }
    }
    let mut keys = [compact(PLY_KEY_NAMES[0]); PLY_KEYS.len()];
    let mut k = 1;
    while k < keys.len() {
        keys[k] = compact(PLY_KEY_NAMES[k]);
        k += 1;
    }
    keys
};

/// The value of the field of [`PLY_KEYS`]`[i]` (not `san`) on the
/// straight path: as [`ply_field`] reads it, but `variations` only empty
/// and a promotion only a role.
#[inline(always)]
fn straight_field<'a>(
    s: &mut Scanner<'a>,
    i: usize,
    p: &mut Ply<'a>,
    cf: &mut Option<CommentFrags>,
) -> Option<()> {
    // Most lists are empty, written `[]`.
    const LISTS: u32 = NAGS | COMMENTS_BEFORE | COMMENTS | VARIATIONS;
    if (1 << i) & LISTS != 0 && s.ahead().starts_with(b"[]") {
        s.skip(2);
        return Some(());
    }
    match 1 << i {
        MOVE_NUMBER => {
            p.move_number = match s.small_u32() {
                Some(n) => Some(n),
                None if s.null_here() => None,
                None => match s.null().ok()? {
                    true => None,
                    false => Some(s.u32().ok()?),
                },
            }
        }
        RANK => {
            if !s.null().ok()? {
                s.u32().ok()?;
            }
        }
        PERMISSION => {
            if !s.null().ok()? {
                s.bool().ok()?;
            }
        }
        NAGS => list(s, |s| {
            p.nags.push(s.u16()?);
            Ok(())
        })
        .ok()?,
        COMMENTS_BEFORE => comments(s, &mut p.comments_before, cf).ok()?,
        COMMENTS => comments(s, &mut p.comments, cf).ok()?,
        VARIATIONS => {
            s.eat(b'[').ok()?;
            s.eat(b']').ok()?;
        }
        // The derived strings, and a promotion's role: most are short,
        // right after the key's fragment.
        _ => {
            if !s.skip_short_string_here() {
                skip_derived(s).ok()?
            }
        }
    }
    Some(())
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
                let i = next_key(s, &PLY_KEYS, cur.next)?;
                cur.next = i + 1;
                let bit = 1 << i;
                if bit != VARIATIONS {
                    ply_field(s, bit, &mut cur)?;
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
                        open.line.push(cur.to_node());
                        cur.clear();
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
fn plain_token(b: &[u8]) -> bool {
    b.len() <= 255
        && b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(|&c| PLAIN_BYTE[usize::from(c)])
}

/// The bytes [`plain_token`] takes: ASCII graphic characters other than
/// PGN's delimiters and annotation glyphs, one lookup a byte.
static PLAIN_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_graphic()
            && !matches!(
                b,
                b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'"' | b'!' | b'?' | b'.'
            );
        c += 1;
    }
    t
};

// A game's fields, one bit each, in the writer's order.
const G_FORMAT: u32 = 1;
const G_VERSION: u32 = 1 << 1;
const G_TAGS: u32 = 1 << 2;
const G_VARIANT: u32 = 1 << 3;
const G_START: u32 = 1 << 4;
const G_PRELUDE: u32 = 1 << 5;
const G_MOVES: u32 = 1 << 6;
const G_RESULT: u32 = 1 << 7;

/// A game's keys, the one of bit `1 << i` at `i`.
const GAME_KEYS: [Key; 8] = [
    Key::new(b"format"),
    Key::new(b"version"),
    Key::new(b"tags"),
    Key::new(b"variant"),
    Key::new(b"start"),
    Key::new(b"prelude"),
    Key::new(b"moves"),
    Key::new(b"result"),
];

/// A tag's keys.
const TAG_KEYS: [Key; 2] = [Key::new(b"name"), Key::new(b"value")];

/// Hands a comment to the replay, as `GameStream` does.
fn replay_comment(r: &mut Replayer, text: &str, kind: CommentKind) {
    match kind {
        CommentKind::Brace => r.comment(text, Span::default()),
        CommentKind::Line => r.line_comment(text, Span::default()),
    }
}

/// Gives each node of `node`'s tree its verdict (in document order; a
/// move that did not resolve leaves) and no move number (renumbered), as
/// `CanonicalPgn` does.
fn canonical_node(node: &mut Node, verdicts: &[Option<CompactString>]) -> Read<()> {
    let mut verdicts = verdicts.iter();
    let mut resolved = true;
    for_each_node_mut(std::slice::from_mut(node), |n| {
        match verdicts.next() {
            Some(Some(san)) => n.san.clone_from(san),
            _ => resolved = false,
        }
        n.move_number = None;
    });
    match resolved && verdicts.next().is_none() {
        true => Ok(()),
        false => leave(),
    }
}

impl JsonToPgn {
    /// Whether `part` (one piece of the game) can be written as PGN.
    fn writable(&self) -> bool {
        check_writable(&self.part).is_ok()
    }

    /// Whether PGN holds a comment's text as it is (as `check_writable`).
    fn comment_fits(&self, (text, _): &JsonComment) -> bool {
        text.len() <= self.max_comment && !(text.contains('}') && text.contains(['\n', '\r']))
    }

    /// The movetext being written (there is one once the tags are read,
    /// and the moves come after them).
    fn movetext(&mut self) -> Read<&mut Movetext<Vec<u8>>> {
        self.movetext.as_mut().ok_or(Stop::Leave)
    }

    /// Replays a node with its variations in document order, as
    /// `GameStream::record` hands them on, keeping the verdicts.
    fn replay_node(&mut self, node: &Node) {
        self.verdicts.clear();
        let r = &mut self.replayer;
        for step in crate::model::steps(std::slice::from_ref(node)) {
            match step {
                Step::Enter => r.begin_variation(Span::default()),
                Step::Leave => r.end_variation(Span::default()),
                Step::Move(n) => {
                    for c in &n.comments_before {
                        replay_comment(r, &c.text, c.kind);
                    }
                    if let Some(number) = n.move_number {
                        r.move_number(number, Span::default());
                    }
                    r.san(&n.san, Span::default());
                    // An empty verdict: the token is its own canonical SAN.
                    let verdict = r.take_verdict().map(|v| match v.is_empty() {
                        true => n.san.clone(),
                        false => v,
                    });
                    self.verdicts.push(verdict);
                    for &nag in &n.nags {
                        r.nag(nag, Span::default());
                    }
                    for c in &n.comments {
                        replay_comment(r, &c.text, c.kind);
                    }
                }
            }
        }
    }

    /// Replays and writes a main-line ply: a plain one straight from the
    /// verdict to the writer, one with variations (or a token to check
    /// the full way) as a node.
    fn ply(&mut self, ply: &Ply) -> Read<()> {
        let fits = ply.comments_before.iter().all(|c| self.comment_fits(c))
            && ply.comments.iter().all(|c| self.comment_fits(c));
        if !fits {
            return leave();
        }
        if !(ply.variations.is_empty() && plain_token(&ply.san)) {
            return self.node_ply(ply.to_node());
        }
        let r = &mut self.replayer;
        for (text, kind) in &ply.comments_before {
            replay_comment(r, text, *kind);
        }
        if let Some(number) = ply.move_number {
            r.move_number(number, Span::default());
        }
        // ASCII, as `plain_token` found.
        r.san_ascii(&ply.san, Span::default());
        let Some(verdict) = r.take_verdict() else {
            return leave();
        };
        for &nag in &ply.nags {
            r.nag(nag, Span::default());
        }
        for (text, kind) in &ply.comments {
            replay_comment(r, text, *kind);
        }
        let m = self.movetext()?;
        // Writing to memory cannot fail.
        for (text, kind) in &ply.comments_before {
            let _ = m.comment_between(text, *kind);
        }
        // An empty verdict: the token (ASCII) is its own canonical SAN.
        let san = match verdict.is_empty() {
            true => &*ply.san,
            false => verdict.as_bytes(),
        };
        let _ = m.plain_move(san, &ply.nags);
        for (text, kind) in &ply.comments {
            let _ = m.comment_between(text, *kind);
        }
        Ok(())
    }

    /// A main-line ply as a node (checked writable, replayed, written).
    fn node_ply(&mut self, node: Node) -> Read<()> {
        self.part.moves.push(node);
        if !self.writable() {
            return leave();
        }
        let Some(mut node) = self.part.moves.pop() else {
            return leave();
        };
        self.replay_node(&node);
        let verdicts = std::mem::take(&mut self.verdicts);
        let done = canonical_node(&mut node, &verdicts);
        self.verdicts = verdicts;
        done?;
        let _ = self.movetext()?.node(&node);
        Ok(())
    }

    /// The tag objects of `tags`.
    fn tags<'a>(s: &mut Scanner<'a>) -> Read<Vec<Tag>> {
        let mut tags = Vec::new();
        list(s, |s| {
            let (mut seen, mut name, mut value) = (0, Cow::Borrowed(""), Cow::Borrowed(""));
            fields(s, &TAG_KEYS, |s, i| {
                once(&mut seen, 1 << i)?;
                match i {
                    0 => name = s.string()?,
                    _ => value = s.string()?,
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

    /// Reads and replays the game object at the start of `s`, writing its
    /// movetext; its result.
    fn read_game<'a>(&mut self, s: &mut Scanner<'a>, at: Span) -> Read<Option<Cow<'a, str>>> {
        let mut seen = 0;
        let mut result: Option<Cow<'a, str>> = None;
        let mut result_tag = None;
        self.replayer.begin_game();
        fields(s, &GAME_KEYS, |s, i| {
            let bit = 1 << i;
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
                    self.tags = std::mem::take(&mut self.part.tags);
                    for t in &self.tags {
                        self.replayer.tag(&t.name, &t.value, t.span);
                    }
                    self.replayer.begin_movetext();
                    let buf = std::mem::take(&mut self.spare);
                    self.movetext = Some(Movetext::new(buf, &self.tags));
                    Ok(())
                }
                G_PRELUDE => {
                    let mut list = Vec::new();
                    comments(s, &mut list, &mut self.layouts.comment)?;
                    self.part.prelude = list.into_iter().map(to_comment).collect();
                    if !self.writable() {
                        return leave();
                    }
                    let prelude = std::mem::take(&mut self.part.prelude);
                    for c in &prelude {
                        replay_comment(&mut self.replayer, &c.text, c.kind);
                    }
                    let m = self.movetext()?;
                    for c in &prelude {
                        let _ = m.comment(c);
                    }
                    Ok(())
                }
                G_MOVES => {
                    // One ply's room for the whole game.
                    let mut p = Ply::default();
                    list(s, |s| {
                        let start = s.pos();
                        if laid_ply(s, &mut self.layouts, &mut p).is_none() {
                            s.rewind(start);
                            if straight_ply(s, &mut p, &mut self.layouts.comment).is_none() {
                                s.rewind(start);
                                p = ply(s)?;
                            }
                        }
                        self.ply(&p)
                    })
                }
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
        self.part.result = result.as_deref().map(str::to_owned);
        if !self.writable() {
            return leave();
        }
        if let Some(res) = &result {
            // Where `GameStream::record` places it: the Result tag, else the game.
            self.replayer.outcome(res, result_tag.unwrap_or(at));
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compact_constants_are_the_compact_layouts_fragments() {
        let compact = Spacing::learn(br#""san":"e4"}"#, b"san").unwrap();
        assert!(compact.is_compact());
        let learned = PlyFrags::new(compact).unwrap();
        assert_eq!(learned.keys, COMPACT_KEYS);
        let pretty = Spacing::learn(b"\n    \"san\": \"e4\"", b"san").unwrap();
        assert!(!pretty.is_compact());
    }

    #[test]
    fn plain_tokens_are_ascii_move_tokens_without_delimiters_or_glyphs() {
        for t in [
            "e4", "Nf3", "Qh4+", "Rxe8#", "K-qe", "N@e4", "S3e", "C-a5", "O-O-O", "e8=Q",
        ] {
            assert!(plain_token(t.as_bytes()), "{t}");
        }
        for t in [
            "", "1.", "4e", "e4!", "e4?", "exd6.", "e4{", "e4}", "(e4", "e4)", "[e4", "e4]",
        ] {
            assert!(!plain_token(t.as_bytes()), "{t}");
        }
        for t in [
            "e4;", "e4$", "e4\"", "e4 ", "e4\t", "e4\n", "-e4", "*", "e4\u{7f}",
        ] {
            assert!(!plain_token(t.as_bytes()), "{t:?}");
        }
        // Not ASCII (Latin-1 or UTF-8 bytes), not plain: checked the full way.
        for b in 0x80..=0xff {
            assert!(!plain_token(&[b'e', b]), "{b:#x}");
        }
        assert!(plain_token(&[b'a'; 255]) && !plain_token(&[b'a'; 256]));
    }

    /// What a ply read holds, to compare.
    fn held(p: &Ply) -> String {
        format!(
            "{:?} {:?} {:?} {:?} {:?} {}",
            String::from_utf8_lossy(&p.san),
            p.move_number,
            p.nags,
            p.comments_before,
            p.comments,
            p.variations.len()
        )
    }

    /// A ply in the writer's two layouts, with every field it can write
    /// for a piece move, comments and NAGs.
    fn plies() -> [String; 2] {
        let compact = r#"{"san":"Nbxd7+","move_number":12,"canonical":"Nbxd7+","kind":"capture","color":"white","piece":"N","from":"b6","to":"d7","rank":3,"direction":"n","promotion":"Q","captured":"B","check":"+","permission":true,"nags":[1,14],"comments_before":[{"text":"before"}],"comments":[{"text":"a \"quoted\" one","kind":"line"},{"text":"b","kind":"brace"}],"variations":[],"fen_after":"8/8/8/8/8/8/8/8 w - - 0 1"}"#;
        let value: serde_json::Value = serde_json::from_str(compact).unwrap();
        // Pretty as serde writes it, keys kept in order by hand.
        let pretty = compact
            .replace("{\"", "{\n        \"")
            .replace(",\"", ",\n        \"")
            .replace("\":", "\": ")
            .replace("}", "\n      }");
        assert!(value.is_object());
        [compact.to_string(), pretty]
    }

    #[test]
    fn the_writers_layouts_are_read_a_fragment_a_key() {
        for text in plies() {
            let mut layouts = Layouts::default();
            let (mut laid, mut straight) = (Ply::default(), Ply::default());
            let mut a = Scanner::new(text.as_bytes());
            assert!(
                laid_ply(&mut a, &mut layouts, &mut laid).is_some(),
                "{text}"
            );
            let mut b = Scanner::new(text.as_bytes());
            assert!(straight_ply(&mut b, &mut straight, &mut None).is_some());
            assert_eq!(held(&laid), held(&straight));
            assert_eq!(a.pos(), text.len());
            assert_eq!(laid.nags, [1, 14]);
            assert_eq!(laid.comments[0].1, CommentKind::Line);
        }
    }

    #[test]
    fn a_laid_ply_reads_what_a_straight_one_does_or_nothing() {
        // Every byte replaced or removed: where the laid reader takes the
        // text, the straight one takes it alike, to the same place.
        let mut taken = 0;
        for text in plies() {
            let bytes = text.as_bytes();
            for at in 0..bytes.len() {
                let removed = [&bytes[..at], &bytes[at + 1..]].concat();
                let replaced = b"\" \n,:}]{[x0\\".iter().map(|&b| {
                    let mut t = bytes.to_vec();
                    t[at] = b;
                    t
                });
                for t in replaced.chain([removed]) {
                    let mut layouts = Layouts::default();
                    let (mut laid, mut straight) = (Ply::default(), Ply::default());
                    let mut a = Scanner::new(&t);
                    if laid_ply(&mut a, &mut layouts, &mut laid).is_none() {
                        continue;
                    }
                    taken += 1;
                    let mut b = Scanner::new(&t);
                    let text = String::from_utf8_lossy(&t);
                    assert!(
                        straight_ply(&mut b, &mut straight, &mut None).is_some(),
                        "{text}"
                    );
                    assert_eq!(held(&laid), held(&straight), "{text}");
                    assert_eq!(a.pos(), b.pos(), "{text}");
                }
            }
        }
        // Changes inside strings and numbers keep the layout.
        assert!(taken > 100, "{taken}");
    }
}
