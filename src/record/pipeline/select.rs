//! Choosing games of an archive: by number (`FILE:N`, `FILE:N-M`) and by
//! tag (`--where`).
//!
//! The `--where` syntax, one condition per option, all of them required:
//!
//! | condition     | a game is chosen when                                  |
//! |---------------|--------------------------------------------------------|
//! | `TAG=VALUE`   | its first `TAG` tag's value is exactly `VALUE`         |
//! | `TAG!=VALUE`  | it has no `TAG` tag, or its value is not `VALUE`       |
//! | `TAG~TEXT`    | its `TAG` value contains `TEXT`, ignoring case         |
//! | `TAG>=VALUE`  | its `TAG` value is at least `VALUE`; also `>`, `<`, `<=` |
//!
//! The ordered comparisons compare numbers, or dates on a tag whose name
//! ends in `Date` (`WhiteElo>=2500`, `Date<2020.01.01`): see
//! [`compare`](mod@super::compare) for unknown date parts and values that are
//! not numbers.
//!
//! `TAG` is a tag name (letters, digits, `_`), compared case-sensitively as
//! PGN does; `VALUE` is the rest of the option, literal (so `Result!=*`
//! chooses finished games, and `Result=*` unfinished ones). An empty
//! `VALUE` is an empty value (`Round=` chooses games whose Round is `""`).
//!
//! ```
//! use fvnote::record::pipeline::select::Condition;
//! use fvnote::model::Tag;
//! let finished: Condition = "Result!=*".parse().unwrap();
//! let mut tags = Vec::new();
//! assert!(finished.holds(&tags));
//! tags.push(Tag::new("Result", "*"));
//! assert!(!finished.holds(&tags));
//! assert!("White~müll".parse::<Condition>().is_ok());
//! assert!("=x".parse::<Condition>().is_err());
//! ```

use std::ops::RangeInclusive;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::digit1;
use nom::combinator::{all_consuming, map_res, opt, rest};
use nom::sequence::{preceded, tuple};
use nom::IResult;

use crate::model::Tag;
use crate::record::pipeline::compare;

/// How a condition compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=`
    Is,
    /// `!=`
    IsNot,
    /// `~`
    Contains,
    /// `>`
    Greater,
    /// `>=`
    AtLeast,
    /// `<`
    Less,
    /// `<=`
    AtMost,
}

impl Op {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Is => "=",
            Op::IsNot => "!=",
            Op::Contains => "~",
            Op::Greater => ">",
            Op::AtLeast => ">=",
            Op::Less => "<",
            Op::AtMost => "<=",
        }
    }

    /// Whether the operator orders (numbers or dates).
    pub fn orders(self) -> bool {
        matches!(self, Op::Greater | Op::AtLeast | Op::Less | Op::AtMost)
    }
}

/// One `--where` condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The tag's name.
    pub tag: String,
    /// How it compares.
    pub op: Op,
    /// The value compared with.
    pub value: String,
}

fn condition(s: &str) -> IResult<&str, (&str, Op, &str)> {
    let name = take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_');
    let op = alt((
        nom::combinator::value(Op::IsNot, tag("!=")),
        nom::combinator::value(Op::Is, tag("=")),
        nom::combinator::value(Op::Contains, tag("~")),
        nom::combinator::value(Op::AtLeast, tag(">=")),
        nom::combinator::value(Op::Greater, tag(">")),
        nom::combinator::value(Op::AtMost, tag("<=")),
        nom::combinator::value(Op::Less, tag("<")),
    ));
    all_consuming(tuple((name, op, rest)))(s)
}

impl FromStr for Condition {
    type Err = String;
    fn from_str(s: &str) -> Result<Condition, String> {
        let (_, (tag, op, value)) = condition(s).map_err(|_| {
            format!("{s:?} is not a condition (expected TAG=VALUE, TAG!=VALUE, TAG~TEXT, or TAG>=VALUE with >, >=, <, <=; as in Result!=* or WhiteElo>=2500)")
        })?;
        if op.orders() {
            if let Some(why) = compare::refused(tag, op, value) {
                return Err(format!("{s:?}: {why}"));
            }
        }
        Ok(Condition {
            tag: tag.to_owned(),
            op,
            value: value.to_owned(),
        })
    }
}

impl Condition {
    /// Whether a game with `tags` meets the condition (its first tag of
    /// the name counts).
    pub fn holds(&self, tags: &[Tag]) -> bool {
        self.holds_in(tags.iter())
    }

    fn holds_in<'a>(&self, mut tags: impl Iterator<Item = &'a Tag>) -> bool {
        let v = tags.find(|t| t.name == self.tag).map(|t| t.value.as_str());
        match self.op {
            Op::Is => v == Some(self.value.as_str()),
            Op::IsNot => v != Some(self.value.as_str()),
            Op::Contains => {
                v.is_some_and(|v| v.to_lowercase().contains(&self.value.to_lowercase()))
            }
            op => compare::holds(&self.tag, op, &self.value, v),
        }
    }
}

/// Games chosen by number (1-based, inclusive) and by conditions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// Game numbers chosen; `None`: every game.
    pub games: Option<RangeInclusive<usize>>,
    /// Conditions every chosen game meets.
    pub conditions: Vec<Condition>,
}

fn number(s: &str) -> IResult<&str, usize> {
    map_res(digit1, str::parse)(s)
}

fn numbers(s: &str) -> IResult<&str, (usize, Option<usize>)> {
    all_consuming(tuple((number, opt(preceded(tag("-"), number)))))(s)
}

/// Whether `nums` has the shape `N` or `N-M` (ASCII digits), whatever
/// their size: the game numbers of `FILE:N-M`.
pub fn looks_numbered(nums: &str) -> bool {
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    match nums.split_once('-') {
        Some((a, b)) => digits(a) && digits(b),
        None => digits(nums),
    }
}

/// Splits `FILE:N` or `FILE:N-M` into the file and its game numbers, when
/// the argument is not itself a file that exists (`exists`) but the part
/// before the last `:` is (or is `-`). `Err` for numbers out of order or 0.
pub fn split_path(
    arg: &str,
    mut exists: impl FnMut(&str) -> bool,
) -> Result<(String, Option<RangeInclusive<usize>>), String> {
    if exists(arg) {
        return Ok((arg.to_owned(), None));
    }
    let Some((file, nums)) = arg.rsplit_once(':') else {
        return Ok((arg.to_owned(), None));
    };
    if file != "-" && !exists(file) {
        return Ok((arg.to_owned(), None));
    }
    let Ok((_, (from, to))) = numbers(nums) else {
        // Digits that overflow are still meant as game numbers, not as
        // part of a file name that does not exist.
        if looks_numbered(nums) {
            return Err(format!(
                "{arg}: game number too large (expected FILE:N or FILE:N-M with N <= M <= {})",
                usize::MAX
            ));
        }
        return Ok((arg.to_owned(), None));
    };
    let to = to.unwrap_or(from);
    if from == 0 || to < from {
        return Err(format!(
            "{arg}: games are numbered from 1, first to last (expected FILE:N or FILE:N-M with 1 <= N <= M)"
        ));
    }
    Ok((file.to_owned(), Some(from..=to)))
}

/// Why a file of `total` games has none of `games` (`None`: it has the
/// first), said the same way by every command that takes `FILE:N-M`.
pub fn no_such_game(games: Option<&RangeInclusive<usize>>, total: usize) -> Option<String> {
    let first = *games?.start();
    let plural = if total == 1 { "" } else { "s" };
    (first > total).then(|| format!("there is no game {first} (the file has {total} game{plural})"))
}

impl Selection {
    /// Whether nothing is left out.
    pub fn is_all(&self) -> bool {
        self.games.is_none() && self.conditions.is_empty()
    }

    /// Whether there are conditions on the tags.
    pub fn has_conditions(&self) -> bool {
        !self.conditions.is_empty()
    }

    /// Whether game `n` (1-based) is chosen by number.
    pub fn keeps_number(&self, n: usize) -> bool {
        self.games.as_ref().is_none_or(|r| r.contains(&n))
    }

    /// Whether a game with `tags` meets every condition (the tags read
    /// before an error count for an unreadable game).
    pub fn holds<'a>(&self, tags: impl Iterator<Item = &'a Tag> + Clone) -> bool {
        self.conditions.iter().all(|c| c.holds_in(tags.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_parse() {
        let c: Condition = "Result!=*".parse().unwrap();
        assert_eq!(
            (c.tag.as_str(), c.op, c.value.as_str()),
            ("Result", Op::IsNot, "*")
        );
        let c: Condition = "Date=1998.??.??".parse().unwrap();
        assert_eq!((c.op, c.value.as_str()), (Op::Is, "1998.??.??"));
        let c: Condition = "Round=".parse().unwrap();
        assert_eq!(c.value, "");
        let c: Condition = "Event~a=b".parse().unwrap();
        assert_eq!((c.op, c.value.as_str()), (Op::Contains, "a=b"));
        let c: Condition = "WhiteElo>=2500".parse().unwrap();
        assert_eq!((c.op, c.value.as_str()), (Op::AtLeast, "2500"));
        let c: Condition = "Date<2020.01.01".parse().unwrap();
        assert_eq!((c.op, c.value.as_str()), (Op::Less, "2020.01.01"));
        let e = "White>=Carlsen".parse::<Condition>().unwrap_err();
        assert!(
            e.contains("compares numbers") && e.contains("White>=Carlsen"),
            "{e}"
        );
        let e = "Date<yesterday".parse::<Condition>().unwrap_err();
        assert!(e.contains("YYYY.MM.DD"), "{e}");
        for bad in [
            "",
            "Result",
            "=1-0",
            "Re sult=1",
            "!=*",
            "WhiteElo>",
            "Date<=",
        ] {
            assert!(bad.parse::<Condition>().is_err(), "{bad}");
        }
    }

    #[test]
    fn paths_with_game_numbers() {
        let exists = |p: &str| p == "a.pgn" || p == "b:2.pgn";
        assert_eq!(
            split_path("a.pgn:3", exists),
            Ok(("a.pgn".into(), Some(3..=3)))
        );
        assert_eq!(
            split_path("a.pgn:2-5", exists),
            Ok(("a.pgn".into(), Some(2..=5)))
        );
        assert_eq!(split_path("-:2", exists), Ok(("-".into(), Some(2..=2))));
        assert_eq!(split_path("b:2.pgn", exists), Ok(("b:2.pgn".into(), None)));
        assert_eq!(split_path("c.pgn:2", exists), Ok(("c.pgn:2".into(), None)));
        assert_eq!(split_path("a.pgn:x", exists), Ok(("a.pgn:x".into(), None)));
        assert!(split_path("a.pgn:0", exists).is_err());
        assert!(split_path("a.pgn:5-2", exists).is_err());
        // Too large for a number, but still a game number of a file that
        // exists: an error that says so, not "no such file".
        let huge = split_path("a.pgn:99999999999999999999999", exists).unwrap_err();
        assert!(huge.contains("game number too large"), "{huge}");
        assert!(split_path("-:1-99999999999999999999999", exists).is_err());
        assert_eq!(
            split_path("c.pgn:99999999999999999999999", exists),
            Ok(("c.pgn:99999999999999999999999".into(), None))
        );
    }
}
