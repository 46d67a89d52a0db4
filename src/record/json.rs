//! The JSON form of a record (`notation/json.md`, schema `notation/record.schema.json`).
//!
//! A [`Game`] is one record as a self-describing document
//! (`"format": "fvnote-record", "version": 1`). It carries two kinds of fields:
//!
//! * the record itself — `tags`, `prelude`, every ply's `san` as written,
//!   `move_number`, `nags`, `comments_before`, `comments`, `variations`, and
//!   `result`. [`Game::to_record`] rebuilds the [`Record`] from these alone,
//!   so PGN → JSON → PGN loses nothing;
//! * fields derived by replaying the record through the rules — `variant`,
//!   `start`, and per ply `canonical`, `kind`, `color`, `piece`, `from`, `to`,
//!   `promotion`, `captured`, `check`, `permission`, `fen_after`. They are
//!   written for consumers that do not want to implement the rules, present only
//!   for plies that resolved, and ignored when reading.
//!
//! Both walks over the variation tree use explicit stacks. JSON itself is read
//! with serde_json's nesting limit (128 levels, about 40 levels of
//! variations); [`to_game`] refuses deeper records with [`JsonError::TooDeep`]
//! rather than write a document that cannot be read back.
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::json::{to_game, Game, JsonOptions};
//!
//! let rec = read_all(b"1. e4 {best} (1. d4) e5 2. Nf3 $1 *\n").remove(0).unwrap();
//! let game = to_game(&rec, &JsonOptions::default()).unwrap();
//! assert_eq!(game.moves[0].kind.as_deref(), Some("move"));
//! assert_eq!(game.moves[0].from.as_deref(), Some("e2"));
//! let text = serde_json::to_string(&game).unwrap();
//! let back: Game = serde_json::from_str(&text).unwrap();
//! let mut again = back.to_record();
//! again.span = rec.span; // spans are not part of the JSON form
//! assert_eq!(fvnote::notation::pgn::to_string(&again), fvnote::notation::pgn::to_string(&rec));
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::model::{comment_commands, steps, Comment, CommentKind, Node, Record, Span, Step, Tag};
use crate::moves::Move;
use crate::notation::fen::write_fen;
use crate::notation::san::{Resolved, San, Suffix};
use crate::piece::Color;
use crate::position::Position;
use crate::record::replay::{record_start, record_variant, replay, ReplayOptions};
use crate::rules::fault_line::move_needs_permission as slide_needs_permission;
use crate::rules::{movegen::castle_squares, promotion_squares};
use crate::variant::Variant;

/// The value of `format`.
pub const FORMAT: &str = "fvnote-record";
/// The value of `version` this fvnote writes and reads.
pub const VERSION: u32 = 1;
/// Deepest variation nesting written as JSON (serde_json reads 128 levels;
/// each variation level costs three).
pub const MAX_VARIATION_DEPTH: usize = 40;

/// Why a record cannot be written as JSON.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JsonError {
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations nested {depth} deep; the JSON form holds at most {limit} levels")]
    TooDeep {
        /// The record's deepest nesting.
        depth: usize,
        /// [`MAX_VARIATION_DEPTH`].
        limit: usize,
    },
}

/// Options for [`to_game`].
#[derive(Debug, Clone, Default)]
pub struct JsonOptions {
    /// Write `fen_after` on every ply that resolved.
    pub fens: bool,
}

/// `"fvnote-record"`, checked when reading.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Format;

impl Serialize for Format {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(FORMAT)
    }
}

impl<'de> Deserialize<'de> for Format {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Format, D::Error> {
        let s = String::deserialize(d)?;
        if s == FORMAT {
            Ok(Format)
        } else {
            Err(serde::de::Error::custom(format!(
                "format {s:?} is not {FORMAT:?}"
            )))
        }
    }
}

/// The format version, checked when reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Version(pub u32);

impl Default for Version {
    fn default() -> Self {
        Version(VERSION)
    }
}

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.0)
    }
}

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Version, D::Error> {
        let v = u32::deserialize(d)?;
        if v == VERSION {
            Ok(Version(v))
        } else {
            Err(serde::de::Error::custom(format!(
                "version {v} is not supported (this fvnote reads version {VERSION})"
            )))
        }
    }
}

/// One game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Always `fvnote-record`.
    pub format: Format,
    /// Always [`VERSION`].
    pub version: Version,
    /// Tag pairs in source order, duplicates kept.
    pub tags: Vec<Tag>,
    /// The variant identifier (`chess`, `fault-line` …); null when the
    /// `Variant` tag names no known variant. Derived from the tags.
    #[serde(default)]
    pub variant: Option<String>,
    /// The start position when the record sets one up (`SetUp`/`FEN`),
    /// normalised when it reads. Derived from the tags.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Comments before the first move.
    #[serde(default)]
    pub prelude: Vec<JsonComment>,
    /// The main line.
    #[serde(default)]
    pub moves: Vec<Ply>,
    /// The result token written in the movetext, or null.
    #[serde(default)]
    pub result: Option<String>,
}

/// A comment: its text, how it was delimited, and the `[%…]` commands in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonComment {
    /// The text without its delimiters.
    pub text: String,
    /// `brace` for `{…}`, `line` for `;…`.
    #[serde(default = "brace")]
    pub kind: String,
    /// Derived: the comment commands (`[%clk 0:01:00]`), ignored when reading.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commands: Vec<JsonCommand>,
}

fn brace() -> String {
    "brace".to_owned()
}

/// A comment command `[%name args]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonCommand {
    /// The name after `%`, e.g. `clk`.
    pub name: String,
    /// The rest, trimmed, e.g. `0:01:00`.
    pub args: String,
}

/// A promotion made by a cage insertion (SC3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CagePromotion {
    /// The square of the promoting pawn.
    pub square: String,
    /// The role code it promotes to.
    pub piece: String,
}

/// What a ply promotes to: one piece, or for a cage insertion, per square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Promotion {
    /// The role code a pawn promotes to.
    Piece(String),
    /// Each pawn a cage insertion promotes (SC3).
    Cage(Vec<CagePromotion>),
}

/// One ply. `san` and the record fields are always present; the derived
/// fields only when the move resolved in its position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ply {
    /// The move token exactly as written in the source.
    pub san: String,
    /// The move number written before the move, if any.
    #[serde(default)]
    pub move_number: Option<u32>,
    /// The move as canonical SAN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canonical: Option<String>,
    /// `move`, `capture`, `castle`, `promotion`, `drop`, `slide`, `quake`,
    /// `cage-move` or `cage-insert`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `white` or `black`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// Role code of the moving (or dropped) piece: `P`, `N`, `BR` …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// The origin square: the king's for castling and quakes, the
    /// cage's for cage moves and insertions; none for drops and slides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The destination square: the king's for castling, the cage's for
    /// cage moves and insertions; none for slides and quakes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Slides: the rank (1-based) that slides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// Slides and quakes: `n`, `s`, `e` or `w`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<String>,
    /// What the move promotes to, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Promotion>,
    /// The role code of the captured piece (`P` for en passant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<String>,
    /// `+`, `#` or null (only for resolved plies).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "double_option"
    )]
    pub check: Option<Option<String>>,
    /// Fault Line: the slide moved an uncontrolled rank, so it needed the
    /// opponent's permission (FL6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permission: Option<bool>,
    /// NAGs (`!` is 1, `?` 2, …).
    #[serde(default)]
    pub nags: Vec<u16>,
    /// Comments before the move where no earlier move of its line can
    /// carry them (the start of a variation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments_before: Vec<JsonComment>,
    /// Comments after the move.
    #[serde(default)]
    pub comments: Vec<JsonComment>,
    /// Alternatives to this ply, each a line of plies.
    #[serde(default)]
    pub variations: Vec<Vec<Ply>>,
    /// The FEN after the ply (`--fens`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen_after: Option<String>,
}

/// `Option<Option<T>>`: absent, `null`, or a value.
mod double_option {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<Option<String>>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(inner) => inner.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<String>>, D::Error> {
        Option::<String>::deserialize(d).map(Some)
    }
}

impl Ply {
    fn bare(node: &Node) -> Ply {
        Ply {
            san: node.san.to_string(),
            move_number: node.move_number,
            canonical: None,
            kind: None,
            color: None,
            piece: None,
            from: None,
            to: None,
            rank: None,
            direction: None,
            promotion: None,
            captured: None,
            check: None,
            permission: None,
            nags: node.nags.clone(),
            comments_before: node.comments_before.iter().map(to_json_comment).collect(),
            comments: node.comments.iter().map(to_json_comment).collect(),
            variations: Vec::new(),
            fen_after: None,
        }
    }

    fn to_node(&self) -> Node {
        Node {
            san: self.san.as_str().into(),
            span: Span::default(),
            nags: self.nags.clone(),
            comments_before: self.comments_before.iter().map(from_json_comment).collect(),
            comments: self.comments.iter().map(from_json_comment).collect(),
            variations: Vec::new(),
            move_number: self.move_number,
        }
    }
}

fn to_json_comment(c: &Comment) -> JsonComment {
    JsonComment {
        text: c.text.clone(),
        kind: match c.kind {
            CommentKind::Brace => "brace",
            CommentKind::Line => "line",
        }
        .to_owned(),
        commands: comment_commands(&c.text)
            .map(|(name, args)| JsonCommand {
                name: name.to_owned(),
                args: args.to_owned(),
            })
            .collect(),
    }
}

impl From<&Comment> for JsonComment {
    fn from(c: &Comment) -> JsonComment {
        to_json_comment(c)
    }
}

fn from_json_comment(c: &JsonComment) -> Comment {
    Comment {
        text: c.text.clone(),
        kind: if c.kind == "line" {
            CommentKind::Line
        } else {
            CommentKind::Brace
        },
        span: Span::default(),
    }
}

/// Maps a tree of lines to another, visiting nodes in document order
/// (a node, then its variations, then the next node) with an explicit stack.
///
/// `ctx` is threaded along each line: `make` sees the context before the
/// node and advances it; a variation starts from the context its node saw.
fn map_tree<S, T, C: Clone>(
    root: &[S],
    ctx: C,
    children: impl Fn(&S) -> &[Vec<S>],
    mut make: impl FnMut(&S, &mut C) -> T,
    attach: impl Fn(&mut T, Vec<T>),
) -> Vec<T> {
    struct Frame<'a, S, T, C> {
        src: &'a [S],
        idx: usize,
        out: Vec<T>,
        ctx: C,
        /// The node just made, the next of its variations to build, and the
        /// context before it.
        cur: Option<(T, usize, C)>,
    }
    let mut stack = vec![Frame {
        src: root,
        idx: 0,
        out: Vec::new(),
        ctx,
        cur: None,
    }];
    loop {
        let Some(top) = stack.last_mut() else {
            return Vec::new();
        };
        if let Some((made, vi, before)) = top.cur.take() {
            let node = top.idx.checked_sub(1).and_then(|i| top.src.get(i));
            if let Some(line) = node.and_then(|n| children(n).get(vi)) {
                let start = before.clone();
                top.cur = Some((made, vi + 1, before));
                stack.push(Frame {
                    src: line,
                    idx: 0,
                    out: Vec::new(),
                    ctx: start,
                    cur: None,
                });
            } else {
                top.out.push(made);
            }
            continue;
        }
        if let Some(node) = top.src.get(top.idx) {
            top.idx += 1;
            let before = top.ctx.clone();
            let made = make(node, &mut top.ctx);
            top.cur = Some((made, 0, before));
            continue;
        }
        let Some(done) = stack.pop() else {
            return Vec::new();
        };
        match stack.last_mut().and_then(|p| p.cur.as_mut()) {
            Some((parent, _, _)) => attach(parent, done.out),
            None => return done.out,
        }
    }
}

/// The deepest variation nesting of a line (0: no variations).
pub fn variation_depth(moves: &[Node]) -> usize {
    let (mut depth, mut deepest) = (0, 0);
    for step in steps(moves) {
        match step {
            Step::Enter => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            Step::Leave => depth -= 1,
            Step::Move(_) => {}
        }
    }
    deepest
}

/// The derived fields of a ply that resolved from `pos` to `after`. The
/// canonical SAN and its mark come from the resolution: writing them again
/// would replay the move and search for mate a second time.
/// `before` is the position the move was played from, needed only by slides,
/// quakes and cage moves (None: the move is none of those).
fn describe(
    turn: Color,
    before: Option<&Position>,
    after: &Position,
    resolved: &Resolved,
    ply: &mut Ply,
    opts: &JsonOptions,
) {
    let mv = &resolved.mv;
    ply.canonical = Some(resolved.san.to_string());
    ply.kind = Some(mv.kind_name().to_owned());
    ply.color = Some(turn.name().to_ascii_lowercase());
    ply.check = Some(resolved.suffix.map(|s| {
        match s {
            Suffix::Check => "+",
            Suffix::Mate => "#",
        }
        .to_owned()
    }));
    let sq = |s: crate::Square| Some(s.to_string());
    match (*mv, before) {
        (
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            },
            _,
        ) => {
            ply.piece = Some(role.code().to_owned());
            ply.from = sq(from);
            ply.to = sq(to);
            ply.captured = capture.map(|r| r.code().to_owned());
            ply.promotion = promotion.map(|r| Promotion::Piece(r.code().to_owned()));
        }
        (Move::EnPassant { from, to }, _) => {
            ply.piece = Some("P".into());
            ply.from = sq(from);
            ply.to = sq(to);
            ply.captured = Some("P".into());
        }
        (Move::Castle { king, rook }, _) => {
            ply.piece = Some("K".into());
            ply.from = sq(king);
            ply.to = sq(castle_squares(king, rook).1);
        }
        (Move::Drop { role, to }, _) => {
            ply.piece = Some(role.code().to_owned());
            ply.to = sq(to);
        }
        (Move::Slide { rank, dir }, Some(pos)) => {
            ply.rank = Some(u32::from(rank) + 1);
            ply.direction = Some(dir.char().to_string());
            ply.permission = Some(slide_needs_permission(pos, mv));
        }
        (Move::Quake { dir }, Some(pos)) => {
            ply.piece = Some("K".into());
            ply.from = pos.king(turn).map(|s| s.to_string());
            ply.direction = Some(dir.char().to_string());
        }
        (Move::CageMove { to }, Some(pos)) => {
            ply.from = pos.cage(turn).map(|s| s.to_string());
            ply.to = sq(to);
            ply.piece = pos
                .cage(turn)
                .and_then(|c| pos.piece_at(c))
                .map(|p| p.role.code().to_owned());
        }
        (Move::CageInsert { to, promotions }, Some(pos)) => {
            ply.from = pos.cage(turn).map(|s| s.to_string());
            ply.to = sq(to);
            let squares = promotion_squares(pos, mv);
            let list: Vec<CagePromotion> = squares
                .iter()
                .zip(promotions.iter().flatten())
                .map(|(s, r)| CagePromotion {
                    square: s.to_string(),
                    piece: r.code().to_owned(),
                })
                .collect();
            if !list.is_empty() {
                ply.promotion = Some(Promotion::Cage(list));
            }
        }
        // Not played in place (see `play_ply`).
        (
            Move::Slide { .. }
            | Move::Quake { .. }
            | Move::CageMove { .. }
            | Move::CageInsert { .. },
            None,
        ) => {}
    }
    if opts.fens {
        ply.fen_after = Some(write_fen(after));
    }
}

/// What a game's tags say about its start: the variant (None when the
/// `Variant` tag names no known one), the start position (None when it
/// cannot be set up), and the `start` field (the set-up position, when the
/// tags set one up).
pub(crate) fn game_start(record: &Record) -> (Option<Variant>, Option<Position>, Option<String>) {
    let variant = record_variant(record).ok();
    let start = variant.and_then(|v| record_start(record, v).ok());
    let sets_up = record.tag("FEN").is_some() && record.tag("SetUp").map(str::trim) != Some("0");
    let start_fen = if sets_up {
        start
            .as_ref()
            .map(write_fen)
            .or_else(|| record.tag("FEN").map(|f| f.trim().to_owned()))
    } else {
        None
    };
    (variant, start, start_fen)
}

/// The ply of `node` (its variations left empty) played from `pos`, which
/// becomes the position after it: with the derived fields when `resolved`
/// (the replay's verdict) and the move plays, else as written and with no
/// position after it.
pub(crate) fn play_ply(
    node: &Node,
    resolved: bool,
    pos: &mut Option<Position>,
    opts: &JsonOptions,
) -> Ply {
    let mut ply = Ply::bare(node);
    let before = pos.take();
    *pos = match (before, resolved) {
        (Some(mut p), true) => San::parse(&node.san).ok().and_then(|parsed| {
            let turn = p.turn();
            // A piece move, castling or a drop is described without the
            // position before it: played in place, no copy. (A side with
            // no cage has no cage moves.)
            let simple = matches!(
                parsed.san,
                San::Normal { .. } | San::Castle(_) | San::Drop { .. }
            ) && p.cage(turn).is_none();
            if simple {
                let r = parsed.play(&mut p).ok()?;
                describe(turn, None, &p, &r, &mut ply, opts);
                return Some(p);
            }
            let mut after = p.clone();
            let r = parsed.play(&mut after).ok()?;
            describe(turn, Some(&p), &after, &r, &mut ply, opts);
            Some(after)
        }),
        _ => None,
    };
    ply
}

/// The JSON form of a record, with the derived fields of every ply that
/// replays (the rest keep only what was written).
pub fn to_game(record: &Record, opts: &JsonOptions) -> Result<Game, JsonError> {
    let depth = variation_depth(&record.moves);
    if depth > MAX_VARIATION_DEPTH {
        return Err(JsonError::TooDeep {
            depth,
            limit: MAX_VARIATION_DEPTH,
        });
    }
    let (variant, start, start_fen) = game_start(record);
    let report = replay(record, &ReplayOptions::default());
    // The replay's verdict per node, in document order: a node resolves in
    // the JSON form exactly when it did in the replay (FL10 refusals included).
    let mut verdicts = report.canonical.iter();
    let plies = map_tree(
        &record.moves,
        start.clone(),
        |n: &Node| n.variations.as_slice(),
        |n: &Node, pos: &mut Option<Position>| {
            let ok = matches!(verdicts.next(), Some(Some(_)));
            play_ply(n, ok, pos, opts)
        },
        |p: &mut Ply, v| p.variations.push(v),
    );
    Ok(Game {
        format: Format,
        version: Version(VERSION),
        // Source locations are not part of the JSON form.
        tags: record
            .tags
            .iter()
            .map(|t| Tag::new(&*t.name, &*t.value))
            .collect(),
        variant: variant.map(|v| v.id().to_owned()),
        start: start_fen,
        prelude: record.prelude.iter().map(to_json_comment).collect(),
        moves: plies,
        result: record.result.clone(),
    })
}

impl Game {
    /// The record of this document read from text at `span`: moves and
    /// comments have no positions of their own, so errors point at the game.
    pub fn to_record_at(&self, span: Span) -> Record {
        Record {
            span,
            ..self.to_record()
        }
    }

    /// The record this document describes (spans default; derived fields ignored).
    pub fn to_record(&self) -> Record {
        Record {
            tags: self.tags.clone(),
            prelude: self.prelude.iter().map(from_json_comment).collect(),
            moves: map_tree(
                &self.moves,
                (),
                |p: &Ply| p.variations.as_slice(),
                |p: &Ply, _: &mut ()| p.to_node(),
                |n: &mut Node, v| n.variations.push(v),
            ),
            result: self.result.clone(),
            result_span: None,
            span: Span::default(),
        }
    }
}
