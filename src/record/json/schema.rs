//! The JSON form's types (`notation/json.md`, `notation/record.schema.json`),
//! written once: serde derives both directions from them.
//!
//! Plies nest (a ply's variations are lines of plies), so the types take the
//! type of a ply in a line as a parameter: [`Written`] when writing, a
//! borrowed [`RawValue`] when reading, which lets the reader locate each ply
//! in the text before it reads it.
//!
//! Fields that may be left out (`--compact`) are `Option`s skipped when
//! `None`; a field that is written as `null` in the full form is an
//! `Option<Option<T>>` (`Some(None)`: `null`).

use std::borrow::Cow;

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::notation::annotation::{Annotations, EvalValue};

/// The value of `format`.
pub const FORMAT: &str = "fvnote-record";
/// The value of `version` this fvnote writes and reads.
pub const VERSION: u32 = 1;
/// Deepest variation nesting written as JSON (serde_json reads 128 levels;
/// each variation level costs three).
pub const MAX_VARIATION_DEPTH: usize = 40;

/// The fields derived from the record (`skip_deserializing` above: written,
/// read past, since the record is the truth). A reader telling fields the
/// form does not hold from these uses this list; a test holds it to the
/// types.
pub const DERIVED_FIELDS: [&str; 17] = [
    "variant",
    "start",
    "verdict",
    "commands",
    "canonical",
    "kind",
    "color",
    "piece",
    "from",
    "to",
    "rank",
    "direction",
    "promotion",
    "captured",
    "check",
    "permission",
    "fen_after",
];

/// One game. `P` is how a ply of a line is held, `T` how a tag pair is,
/// `C` how a comment is (see the module).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(
    serialize = "P: Serialize, T: Serialize, C: Serialize",
    deserialize = "P: Deserialize<'de>, T: Deserialize<'de>, C: Deserialize<'de>, 'de: 'a"
))]
pub struct Game<'a, P, T, C = Comment<'a>> {
    /// Always [`FORMAT`] (a reader says when it is missing).
    #[serde(default, borrow)]
    pub format: Option<Cow<'a, str>>,
    /// Always [`VERSION`].
    #[serde(default)]
    pub version: Option<u32>,
    /// Tag pairs in source order, duplicates kept.
    #[serde(default = "Vec::new")]
    pub tags: Vec<T>,
    /// Derived: the variant identifier; null when the `Variant` tag names
    /// no known variant.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Option<&'a str>>,
    /// Derived: the start position when the record sets one up.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Comments before the first move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prelude: Option<Vec<C>>,
    /// The main line.
    #[serde(default = "Vec::new")]
    pub moves: Vec<P>,
    /// The termination marker written, or null (a cut-off game).
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub result: Option<Option<Cow<'a, str>>>,
    /// A move number the movetext ends with (a cut-off log: `7.`), kept
    /// so that the damage travels with the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trailing_move_number: Option<u32>,
    /// Not a game: the comments after the input's last game (an object of
    /// its own, with `format` and `version` only beside it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trailing_comments: Option<Vec<C>>,
    /// A game that could not be read: its text exactly as it stands in the
    /// source, and nothing else of it.
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub unreadable: Option<Cow<'a, str>>,
    /// Derived: the verdict, as `validate` gives it.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<VerdictJson<'a>>,
}

/// A tag pair; `C` is how a comment is held.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(
    serialize = "C: Serialize",
    deserialize = "C: Deserialize<'de>, 'de: 'a"
))]
pub struct Tag<'a, C = Comment<'a>> {
    /// The name.
    #[serde(borrow)]
    pub name: Cow<'a, str>,
    /// The value, escapes resolved.
    #[serde(borrow)]
    pub value: Cow<'a, str>,
    /// Comments that stand before the tag pair in the source.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments_before: Vec<C>,
}

/// A comment: its text, how it was delimited, and the `[%…]` commands in it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Comment<'a> {
    /// The text without its delimiters.
    #[serde(borrow)]
    pub text: Cow<'a, str>,
    /// `brace` for `{…}`, `line` for `;…` (default `brace`).
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    pub kind: Option<Cow<'a, str>>,
    /// Derived: the comment commands (`[%clk 0:01:00]`).
    #[serde(default, skip_deserializing, skip_serializing_if = "Vec::is_empty")]
    pub commands: Vec<Command<'a>>,
}

/// A comment command `[%name args]`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Command<'a> {
    /// The name after `%`, e.g. `clk`.
    pub name: &'a str,
    /// The rest, trimmed, e.g. `0:01:00`.
    pub args: &'a str,
}

/// A promotion made by a cage insertion (SC3).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CagePromotion {
    /// The square of the promoting pawn.
    pub square: String,
    /// The role code it promotes to.
    pub piece: &'static str,
}

/// What a ply promotes to: one piece, or for a cage insertion, per square.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Promotion {
    /// The role code a pawn promotes to.
    Piece(&'static str),
    /// Each pawn a cage insertion promotes (SC3).
    Cage(Vec<CagePromotion>),
}

/// One ply. `san` and the record fields are read; the derived fields are
/// written for plies that resolved and ignored when reading. `P` is how the
/// plies of its variations are held, `C` how a comment is.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(
    serialize = "P: Serialize, C: Serialize",
    deserialize = "P: Deserialize<'de>, C: Deserialize<'de>, 'de: 'a"
))]
pub struct Ply<'a, P, C = Comment<'a>> {
    /// The move token exactly as written in the source.
    #[serde(borrow)]
    pub san: Cow<'a, str>,
    /// The move number written before the move, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_number: Option<Option<u32>>,
    /// Derived: the move as canonical SAN.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub canonical: Option<&'a str>,
    /// Derived: `move`, `capture`, `castle` … (`Move::kind_name`).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// Derived: `white` or `black`.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub color: Option<&'static str>,
    /// Derived: the role code of the moving (or dropped) piece.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub piece: Option<&'static str>,
    /// Derived: the origin square.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub from: Option<CompactString>,
    /// Derived: the destination square.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub to: Option<CompactString>,
    /// Derived: slides, the rank (1-based).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// Derived: slides and quakes, `n`, `s`, `e` or `w`.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub direction: Option<char>,
    /// Derived: what the move promotes to.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Promotion>,
    /// Derived: the role code of the captured piece (`P` for en passant).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub captured: Option<&'static str>,
    /// Derived: `+`, `#` or null.
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub check: Option<Option<&'static str>>,
    /// Derived: Fault Line, whether the slide needed permission (FL6).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub permission: Option<bool>,
    /// NAGs (`!` is 1, `?` 2, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nags: Option<Vec<u16>>,
    /// Comments before the move where no earlier move of its line can
    /// carry them (the start of a variation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments_before: Vec<C>,
    /// Comments after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comments: Option<Vec<C>>,
    /// Derived from `comments`, and checked when read: `[%clk]`, the
    /// mover's clock after the move, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Seconds>,
    /// Derived, checked: `[%emt]`, the time the move took, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emt: Option<Seconds>,
    /// Derived, checked: `[%eval]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<EvalJson>,
    /// Derived, checked: the arrows of `[%cal]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrows: Option<Vec<ArrowJson>>,
    /// Derived, checked: the square marks of `[%csl]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marks: Option<Vec<MarkJson>>,
    /// Alternatives to this ply, each a line of plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variations: Option<Vec<Vec<P>>>,
    /// Derived: the FEN after the ply (`--fens`).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub fen_after: Option<String>,
}

/// A time in seconds, written as an integer when it is whole.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(transparent)]
pub struct Seconds(pub f64);

impl Serialize for Seconds {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.fract() == 0.0 && (0.0..9.0e15).contains(&self.0) {
            s.serialize_u64(self.0 as u64)
        } else {
            s.serialize_f64(self.0)
        }
    }
}

/// An evaluation (`[%eval]`): `pawns` or `mate`, and the depth if given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvalJson {
    /// The advantage in pawns, White's positive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawns: Option<f64>,
    /// Mate in so many moves, White's positive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// The search depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
}

/// An arrow (`[%cal Ge2e4]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArrowJson {
    /// Its tail.
    pub from: String,
    /// Its head.
    pub to: String,
    /// `green`, `red`, `yellow` or `blue`.
    pub color: String,
}

/// A square mark (`[%csl Re4]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MarkJson {
    /// The square.
    pub square: String,
    /// `green`, `red`, `yellow` or `blue`.
    pub color: String,
}

/// The typed fields of a ply, derived from its comments' annotations.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypedFields {
    /// `clock`.
    pub clock: Option<Seconds>,
    /// `emt`.
    pub emt: Option<Seconds>,
    /// `eval`.
    pub eval: Option<EvalJson>,
    /// `arrows`.
    pub arrows: Option<Vec<ArrowJson>>,
    /// `marks`.
    pub marks: Option<Vec<MarkJson>>,
}

impl TypedFields {
    /// The fields `a` gives (none for what it lacks).
    pub fn of(a: &Annotations) -> TypedFields {
        TypedFields {
            clock: a.clock.map(|c| Seconds(c.seconds())),
            emt: a.emt.map(|c| Seconds(c.seconds())),
            eval: a.eval.map(|e| EvalJson {
                pawns: match e.value {
                    EvalValue::Pawns(p) => Some(p),
                    EvalValue::Mate(_) => None,
                },
                mate: match e.value {
                    EvalValue::Mate(n) => Some(n),
                    EvalValue::Pawns(_) => None,
                },
                depth: e.depth,
            }),
            arrows: (!a.arrows.is_empty()).then(|| {
                a.arrows
                    .iter()
                    .map(|x| ArrowJson {
                        from: x.from.to_string(),
                        to: x.to.to_string(),
                        color: x.brush.name().into(),
                    })
                    .collect()
            }),
            marks: (!a.marks.is_empty()).then(|| {
                a.marks
                    .iter()
                    .map(|x| MarkJson {
                        square: x.square.to_string(),
                        color: x.brush.name().into(),
                    })
                    .collect()
            }),
        }
    }

    /// The first field `read` holds that differs from `self` (what the
    /// comments say): its name, what was read and what is derived, in JSON.
    pub fn disagreement(&self, read: &TypedFields) -> Option<(&'static str, String, String)> {
        fn check<T: PartialEq + Serialize>(
            name: &'static str,
            read: &Option<T>,
            derived: &Option<T>,
        ) -> Option<(&'static str, String, String)> {
            let read = read.as_ref()?;
            if derived.as_ref() == Some(read) {
                return None;
            }
            let text = |x: &T| serde_json::to_string(x).unwrap_or_default();
            Some((
                name,
                text(read),
                derived.as_ref().map_or_else(|| "nothing".into(), text),
            ))
        }
        check("clock", &read.clock, &self.clock)
            .or_else(|| check("emt", &read.emt, &self.emt))
            .or_else(|| check("eval", &read.eval, &self.eval))
            .or_else(|| check("arrows", &read.arrows, &self.arrows))
            .or_else(|| check("marks", &read.marks, &self.marks))
    }
}

/// A ply as written: its variations hold plies as written.
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct Written<'a>(pub Ply<'a, Written<'a>>);

/// A ply as read: located in the text before it is read.
pub type Raw<'a> = &'a RawValue;

/// The verdict a converted game carries (derived; `validate`'s, with the
/// location in the source it was read from).
#[derive(Debug, Clone, Serialize)]
pub struct VerdictJson<'a> {
    /// Whether the game has no error.
    pub valid: bool,
    /// The first error, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorJson<'a>>,
}

/// Where and why a game is invalid.
#[derive(Debug, Clone, Serialize)]
pub struct ErrorJson<'a> {
    /// Line in the source (1-based).
    pub line: u32,
    /// Column in the source, in characters (1-based).
    pub column: u32,
    /// The ply, counted from the start of the game, when at a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// The token as written (empty when none).
    pub token: &'a str,
    /// The ruling that decides it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruling: Option<&'static str>,
    /// The damage kind (`no-termination` …), for damage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// What is wrong.
    pub message: &'a str,
}
