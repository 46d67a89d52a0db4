//! The ordered comparisons of `--where` (`>`, `>=`, `<`, `<=`): numbers
//! (`WhiteElo>=2500`, `PlyCount<40`) and dates (`Date<2020.01.01`).
//!
//! A tag whose name ends in `Date` (`Date`, `EventDate`, `UTCDate`) is
//! compared as a date; any other as a number. The value given is checked
//! when the option is read, so `White>=Carlsen` or `Date<May` is refused
//! before any game is.
//!
//! **Numbers** are decimal (`2500`, `-3`, `0.5`). A game whose tag is
//! absent or not a number (`""`, `"-"`, `"?"`) meets no comparison.
//!
//! **Dates** are PGN's `YYYY.MM.DD`, where a part may be unknown (`??`,
//! `????`). A date stands for the days it may be: `2019.??.??` is any day
//! of 2019, and the value given may be shortened the same way (`2019`,
//! `2019.06`). A game meets a comparison only when every day its date may
//! be does (so, certainly): `2019.??.??` meets `Date<2020.01.01` and
//! `Date>=2019`, but neither `Date<2019.06.01` nor `Date>=2019.06.01`. A
//! date whose year is unknown, or that is not a date, meets none.
//!
//! ```
//! use fvnote::record::pipeline::select::Condition;
//! use fvnote::model::Tag;
//! let strong: Condition = "WhiteElo>=2500".parse().unwrap();
//! assert!(strong.holds(&[Tag::new("WhiteElo", "2710")]));
//! assert!(!strong.holds(&[Tag::new("WhiteElo", "-")]));
//! let old: Condition = "Date<2020.01.01".parse().unwrap();
//! assert!(old.holds(&[Tag::new("Date", "2019.??.??")]));
//! assert!(!old.holds(&[Tag::new("Date", "????.??.??")]));
//! assert!("White>=Carlsen".parse::<Condition>().is_err());
//! ```

use std::cmp::Ordering;

use crate::record::pipeline::select::Op;

/// What an ordered comparison compares.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Key {
    /// A number.
    Number(f64),
    /// The first and last day a date may be, as (year, month, day).
    Date(Day, Day),
}

type Day = (u32, u32, u32);

/// Whether a tag of this name is compared as a date.
fn is_date_tag(tag: &str) -> bool {
    tag.ends_with("Date")
}

/// A decimal number (no exponent, no `inf` or `nan`), after trimming.
fn number(s: &str) -> Option<f64> {
    let s = s.trim();
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || !all(int) || !all(frac) || (digits.contains('.') && frac.is_empty()) {
        return None;
    }
    s.parse().ok()
}

/// A part of a date: a number in `range`, or unknown (`?`s).
fn part(s: &str, range: std::ops::RangeInclusive<u32>) -> Option<Option<u32>> {
    if !s.is_empty() && s.bytes().all(|b| b == b'?') {
        return Some(None);
    }
    if s.is_empty() || s.len() > 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u32 = s.parse().ok()?;
    range.contains(&n).then_some(Some(n))
}

/// The days a date may be: `YYYY`, `YYYY.MM` or `YYYY.MM.DD` (`-` or `/`
/// also separate), any part `?`s; `None` when it is not a date or its year
/// is unknown. A part after an unknown one counts as unknown.
fn date(s: &str) -> Option<(Day, Day)> {
    let mut parts = s.trim().split(['.', '-', '/']);
    let year = part(parts.next()?, 0..=9999)??;
    let month = parts.next().map_or(Some(None), |p| part(p, 1..=12))?;
    let day = parts.next().map_or(Some(None), |p| part(p, 1..=31))?;
    if parts.next().is_some() {
        return None;
    }
    let (month, day) = match month {
        Some(m) => (Some(m), day),
        None => (None, None),
    };
    let first = (year, month.unwrap_or(1), day.unwrap_or(1));
    let last = (year, month.unwrap_or(12), day.unwrap_or(31));
    Some((first, last))
}

fn key(tag: &str, value: &str) -> Option<Key> {
    match is_date_tag(tag) {
        true => date(value).map(|(a, b)| Key::Date(a, b)),
        false => number(value).map(Key::Number),
    }
}

/// Why `value` cannot be compared with `op` on `tag` (`None`: it can).
pub(super) fn refused(tag: &str, op: Op, value: &str) -> Option<String> {
    if key(tag, value).is_some() {
        return None;
    }
    let op = op.symbol();
    Some(match is_date_tag(tag) {
        true => format!(
            "{tag} is a date and {op} compares dates: expected {tag}{op}YYYY.MM.DD (or YYYY.MM, YYYY; \
             parts may be ??), as in Date<2020.01.01, not {value:?}"
        ),
        false => format!(
            "{op} compares numbers (or dates, on a tag whose name ends in Date): expected \
             {tag}{op}NUMBER, as in WhiteElo>=2500, not {value:?}"
        ),
    })
}

/// Whether a game whose `tag` has `actual` meets `op value`.
pub(super) fn holds(tag: &str, op: Op, value: &str, actual: Option<&str>) -> bool {
    let (Some(want), Some(have)) = (key(tag, value), actual.and_then(|a| key(tag, a))) else {
        return false;
    };
    match (have, want) {
        (Key::Number(h), Key::Number(w)) => match h.partial_cmp(&w) {
            Some(o) => op_holds(op, o),
            None => false,
        },
        // Every day the game's date may be must meet the comparison.
        (Key::Date(h_first, h_last), Key::Date(w_first, w_last)) => match op {
            Op::Greater => h_first > w_last,
            Op::AtLeast => h_first >= w_first,
            Op::Less => h_last < w_first,
            Op::AtMost => h_last <= w_last,
            _ => false,
        },
        _ => false,
    }
}

/// Whether `op` holds for a value ordered `o` against its bound.
fn op_holds(op: Op, o: Ordering) -> bool {
    match op {
        Op::Greater => o == Ordering::Greater,
        Op::AtLeast => o != Ordering::Less,
        Op::Less => o == Ordering::Less,
        Op::AtMost => o != Ordering::Greater,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(number(" 2500 "), Some(2500.0));
        assert_eq!(number("-3.5"), Some(-3.5));
        for bad in ["", "-", "?", "1e3", "inf", "NaN", "2.", ".5", "25OO"] {
            assert_eq!(number(bad), None, "{bad}");
        }
    }

    #[test]
    fn dates() {
        assert_eq!(date("2019.??.??"), Some(((2019, 1, 1), (2019, 12, 31))));
        assert_eq!(date("2019.06"), Some(((2019, 6, 1), (2019, 6, 31))));
        assert_eq!(date("2019.??.15"), Some(((2019, 1, 1), (2019, 12, 31))));
        assert_eq!(date("2019-06-15"), Some(((2019, 6, 15), (2019, 6, 15))));
        for bad in [
            "????.??.??",
            "2019.13.01",
            "2019.06.32",
            "May",
            "2019.1.2.3",
            "",
        ] {
            assert_eq!(date(bad), None, "{bad}");
        }
    }

    #[test]
    fn date_comparisons_are_certain() {
        let h = |op, v, a| holds("Date", op, v, Some(a));
        assert!(h(Op::Less, "2020.01.01", "2019.??.??"));
        assert!(!h(Op::Less, "2019.06.01", "2019.??.??"));
        assert!(!h(Op::AtLeast, "2019.06.01", "2019.??.??"));
        assert!(h(Op::AtLeast, "2019", "2019.??.??"));
        assert!(h(Op::AtMost, "2019", "2019.12.31"));
        assert!(!h(Op::Greater, "2019", "2019.12.31"));
        assert!(h(Op::Greater, "2019", "2020.01.01"));
        assert!(!h(Op::Less, "2020", "????.??.??"));
        assert!(!holds("Date", Op::Less, "2020", None));
    }
}
