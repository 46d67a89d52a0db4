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
//!
//! `TAG` is a tag name (letters, digits, `_`), compared case-sensitively as
//! PGN does; `VALUE` is the rest of the option, literal (so `Result!=*`
//! chooses finished games, and `Result=*` unfinished ones). An empty
//! `VALUE` is an empty value (`Round=` chooses games whose Round is `""`).
//!
//! ```
//! use fvnote::record::select::Condition;
//! use fvnote::model::{Record, Tag};
//! let finished: Condition = "Result!=*".parse().unwrap();
//! let mut game = Record::default();
//! assert!(finished.holds(&game));
//! game.tags.push(Tag::new("Result", "*"));
//! assert!(!finished.holds(&game));
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

use crate::model::Record;
use crate::notation::pgn::line_breaks;
use crate::record::cut::games;
use crate::record::validate::Cut;

/// How a condition compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=`
    Is,
    /// `!=`
    IsNot,
    /// `~`
    Contains,
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
    ));
    all_consuming(tuple((name, op, rest)))(s)
}

impl FromStr for Condition {
    type Err = String;
    fn from_str(s: &str) -> Result<Condition, String> {
        let (_, (tag, op, value)) = condition(s).map_err(|_| {
            format!("{s:?} is not a condition (expected TAG=VALUE, TAG!=VALUE or TAG~TEXT, as in Result!=*)")
        })?;
        Ok(Condition {
            tag: tag.to_owned(),
            op,
            value: value.to_owned(),
        })
    }
}

impl Condition {
    /// Whether `record` meets the condition.
    pub fn holds(&self, record: &Record) -> bool {
        let v = record.tag(&self.tag);
        match self.op {
            Op::Is => v == Some(self.value.as_str()),
            Op::IsNot => v != Some(self.value.as_str()),
            Op::Contains => {
                v.is_some_and(|v| v.to_lowercase().contains(&self.value.to_lowercase()))
            }
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
    exists: impl Fn(&str) -> bool,
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

    /// Whether game `n` (1-based), read as `record` (`None`: unreadable),
    /// is chosen. An unreadable game meets no condition.
    pub fn keeps(&self, n: usize, record: Option<&Record>) -> bool {
        if self.games.as_ref().is_some_and(|r| !r.contains(&n)) {
            return false;
        }
        self.conditions.is_empty()
            || record.is_some_and(|r| self.conditions.iter().all(|c| c.holds(r)))
    }

    /// `bytes` with every game not chosen blanked out: its bytes become
    /// spaces but for line breaks, so the games kept keep their lines,
    /// columns and offsets. Read as one stream, a kept game without a
    /// result would run on over the blanks into the next kept one: read it
    /// in the pieces [`GameNumbers::cuts`] gives ([`Selection::choose`]).
    pub fn mask(&self, bytes: &[u8]) -> Vec<u8> {
        self.choose(bytes).0
    }

    /// [`Selection::mask`], and the number each game kept has in `bytes`,
    /// which a reader of the masked bytes cannot count, with the cuts
    /// between runs of kept games: read apart, each kept game is read as
    /// it is in `bytes`, ending where the whole file ends it.
    pub fn choose(&self, bytes: &[u8]) -> (Vec<u8>, GameNumbers) {
        let mut out = bytes.to_vec();
        let mut kept = Vec::new();
        let mut cuts = Vec::new();
        // The end of the last game kept, and whether a game left out
        // follows it.
        let mut last_end = None;
        let mut gap = false;
        // The line of `counted`, so lines are counted once over the file.
        let (mut counted, mut line) = (0usize, 1u32);
        let all = games(bytes);
        for (i, g) in all.iter().enumerate() {
            if self.keeps(i + 1, g.record.as_ref().ok()) {
                kept.push((g.range.start as u64, i + 1));
                if let (Some(end), true) = (last_end, gap) {
                    let (at, pad) = cut(bytes, end, g.range.start);
                    line = line.saturating_add(line_breaks(&bytes[counted..at]));
                    counted = at;
                    cuts.push(Cut {
                        at: at as u64,
                        line,
                        pad,
                    });
                }
                last_end = Some(g.range.end);
                gap = false;
            } else {
                gap = true;
                for b in &mut out[g.range.clone()] {
                    if *b != b'\n' && *b != b'\r' {
                        *b = b' ';
                    }
                }
            }
        }
        let total = all.len();
        (out, GameNumbers { kept, cuts, total })
    }
}

/// The cut before a kept game starting at `start`, after blanks from
/// `end` (where the kept game before it ends): at the start of `start`'s
/// line if that is in the blanks, else at `end`, with the characters
/// before it on its line (a kept game's) read as spaces: where, and how
/// many spaces.
fn cut(bytes: &[u8], end: usize, start: usize) -> (usize, u32) {
    let line_start = bytes[..start]
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |i| i + 1);
    let at = end.max(line_start);
    // Characters as the reader counts columns: a byte that is not part of
    // a well-formed UTF-8 character counts as one.
    let pad: usize = bytes[line_start..at]
        .utf8_chunks()
        .map(|c| c.valid().chars().count() + c.invalid().len())
        .sum();
    (at, u32::try_from(pad).unwrap_or(u32::MAX))
}

/// The numbers in their file (1-based) of the games a [`Selection`] kept,
/// by where each game's bytes start: a report of a masked file numbers its
/// games by these, not in the order it reads them, so `FILE:4` is game 4.
/// With them, where the masked file is cut so that no kept game runs on
/// into the next ([`check_games_cut`](crate::record::validate::check_games_cut)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameNumbers {
    kept: Vec<(u64, usize)>,
    cuts: Vec<Cut>,
    total: usize,
}

impl GameNumbers {
    /// The number of the kept game whose bytes hold `offset` (`None`
    /// before the first one, or when nothing was chosen by number).
    pub fn at(&self, offset: u64) -> Option<usize> {
        let i = self.kept.partition_point(|&(start, _)| start <= offset);
        let (_, n) = self.kept.get(i.checked_sub(1)?)?;
        Some(*n)
    }

    /// Where the masked file is read apart, in order: before each kept
    /// game that follows games left out, but the first.
    pub fn cuts(&self) -> &[Cut] {
        &self.cuts
    }

    /// How many games the whole file holds, chosen or not.
    pub fn total(&self) -> usize {
        self.total
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
        for bad in ["", "Result", "=1-0", "Re sult=1", "!=*"] {
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

    #[test]
    fn masking_keeps_positions() {
        let pgn = b"[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 *\n";
        let s = Selection {
            games: None,
            conditions: vec!["White=B".parse().unwrap()],
        };
        let masked = s.mask(pgn);
        assert_eq!(masked.len(), pgn.len());
        let text = String::from_utf8(masked).unwrap();
        assert_eq!(text.lines().count(), 7);
        assert!(!text.contains("\"A\"") && text.ends_with("[White \"B\"]\n\n1. d4 *\n"));
    }

    #[test]
    fn kept_games_keep_their_numbers() {
        let pgn =
            b"[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 *\n\n[White \"C\"]\n\n1. c4 *\n";
        let s = Selection {
            games: Some(2..=3),
            conditions: vec!["White!=B".parse().unwrap()],
        };
        let (_, numbers) = s.choose(pgn);
        let c = pgn.windows(3).position(|w| w == b"\"C\"").unwrap() as u64;
        assert_eq!(numbers.at(c), Some(3));
        assert_eq!(numbers.at(pgn.len() as u64), Some(3));
        assert_eq!(numbers.at(0), None);
    }

    #[test]
    fn cuts_fall_between_runs_of_kept_games() {
        // Games 1 and 3 kept on one line (the cut after game 1, its 13
        // characters read as spaces: `é` is one), 4 and 6 on their own
        // lines (the cut at game 6's line start); 4 follows 3 with no cut.
        let pgn = "1. e4 {é} e5 [Event \"A\"] 1. d4 * 1. Nf3 *\n1. c4 *\n[Event \"A\"]\n1. g3 *\n1. b3 *\n";
        let s = Selection {
            games: None,
            conditions: vec!["Event!=A".parse().unwrap()],
        };
        let (_, numbers) = s.choose(pgn.as_bytes());
        let tag = pgn.find('[').unwrap() as u64;
        let b3 = pgn.find("1. b3").unwrap() as u64;
        assert_eq!(
            numbers.cuts(),
            [
                Cut {
                    at: tag,
                    line: 1,
                    pad: 13
                },
                Cut {
                    at: b3,
                    line: 5,
                    pad: 0
                }
            ]
        );
        assert!(Selection::default()
            .choose(pgn.as_bytes())
            .1
            .cuts()
            .is_empty());
    }
}
