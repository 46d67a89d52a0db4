//! Two main lines compared move by move (a Myers diff of their SAN).

use std::collections::HashMap;
use std::convert::Infallible;
use std::time::{Duration, Instant};

use compact_str::CompactString;
use serde::Serialize;
use similar::algorithms::{myers, Capture, Compact, DiffHook, NoFinishHook, Replace};
use similar::{group_diff_ops, DiffOp, DiffTag};

/// One line of a move-list diff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveChange {
    /// `-` only in A, `+` only in B, ` ` in both.
    pub tag: char,
    /// 1-based ply in A (for `-` and ` `) or B (for `+`).
    pub ply: usize,
    /// The move as SAN.
    pub san: String,
}

/// The difference between two main lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesDiff {
    /// The first ply (1-based) at which the lines differ, if they do.
    pub first_divergence: Option<usize>,
    /// Plies in A's main line.
    pub plies_a: usize,
    /// Plies in B's main line.
    pub plies_b: usize,
    /// Hunks of changes with up to three lines of context, in order;
    /// hunks are separated by `None`.
    pub hunks: Vec<Vec<MoveChange>>,
}

impl MovesDiff {
    /// Whether the lines are the same.
    pub fn is_empty(&self) -> bool {
        self.first_divergence.is_none()
    }
}

/// How long the move diff may search for the smallest edit script; past
/// it, the rest of the difference is shown as one replacement. Records of
/// the same game (few edits) finish far sooner; only very different long
/// records reach it.
pub const DIFF_DEADLINE: Duration = Duration::from_secs(2);

/// A main line as small integers, one per ply, into a table of its
/// distinct SAN: a line of any length costs four bytes a ply, not a
/// string (a 1 M-ply game's line is 4 MB).
#[derive(Clone, Debug, Default)]
pub struct SanLine {
    ids: Vec<u32>,
    names: Vec<CompactString>,
    index: HashMap<CompactString, u32>,
}

impl SanLine {
    /// The next ply's SAN.
    pub fn push(&mut self, san: &str) {
        let id = match self.index.get(san) {
            Some(&id) => id,
            None => {
                let id = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
                self.names.push(san.into());
                self.index.insert(san.into(), id);
                id
            }
        };
        self.ids.push(id);
    }

    /// Plies in the line.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the line has no ply.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The SAN of ply `i + 1`.
    pub fn get(&self, i: usize) -> Option<&str> {
        let id = *self.ids.get(i)?;
        self.names.get(id as usize).map(CompactString::as_str)
    }

    /// The SAN of ply `i + 1`, owned (empty past the end).
    fn owned(&self, i: usize) -> String {
        self.get(i).unwrap_or_default().to_owned()
    }
}

impl<S: AsRef<str>> FromIterator<S> for SanLine {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> SanLine {
        let mut line = SanLine::default();
        for san in iter {
            line.push(san.as_ref());
        }
        line
    }
}

/// Compares two lists of SAN moves (Myers diff, three moves of context).
///
/// Near-linear in practice: the common start and end are cut first, moves
/// are compared as small integers, and the search for the smallest edit
/// script stops at [`DIFF_DEADLINE`] (the hunks are then coarser; the
/// first divergence and the ply counts are always exact).
pub fn diff_moves(a: &[String], b: &[String]) -> MovesDiff {
    diff_lines(&a.iter().collect(), &b.iter().collect())
}

/// [`diff_moves`] of two lines held as [`SanLine`]s. The search's memory
/// is that of the part between the common start and end, not of the
/// lines.
pub fn diff_lines(a: &SanLine, b: &SanLine) -> MovesDiff {
    // B's moves in A's numbering: equal SAN, equal number.
    let extra = u32::try_from(a.names.len()).unwrap_or(u32::MAX);
    let mut more: HashMap<u32, u32> = HashMap::new();
    let mut renumber = |id: u32| {
        let name = b.names.get(id as usize).map_or("", CompactString::as_str);
        match a.index.get(name) {
            Some(&n) => n,
            None => {
                let next = extra.saturating_add(u32::try_from(more.len()).unwrap_or(u32::MAX));
                *more.entry(id).or_insert(next)
            }
        }
    };
    let b_ids: Vec<u32> = b.ids.iter().map(|&id| renumber(id)).collect();
    let a_ids = &a.ids[..];
    let prefix = a_ids.iter().zip(&b_ids).take_while(|(x, y)| x == y).count();
    let first = (prefix < a_ids.len().max(b_ids.len())).then_some(prefix + 1);
    let mut hunks = Vec::new();
    if first.is_some() {
        let ops = edit_script(a_ids, &b_ids, prefix);
        for group in group_diff_ops(ops, 3) {
            let mut hunk = Vec::new();
            for op in group {
                let (_, old, new) = op.as_tag_tuple();
                let change = |tag, ply: usize, line: &SanLine| MoveChange {
                    tag,
                    ply: ply + 1,
                    san: line.owned(ply),
                };
                match op.tag() {
                    DiffTag::Equal => hunk.extend(old.clone().map(|i| change(' ', i, a))),
                    DiffTag::Delete | DiffTag::Insert | DiffTag::Replace => {
                        hunk.extend(old.clone().map(|i| change('-', i, a)));
                        hunk.extend(new.clone().map(|i| change('+', i, b)));
                    }
                }
            }
            hunks.push(hunk);
        }
    }
    MovesDiff {
        first_divergence: first,
        plies_a: a.len(),
        plies_b: b.len(),
        hunks,
    }
}

/// The edit script of `a` into `b` (which share their first `prefix`
/// moves): the calls `similar`'s Myers diff makes on the whole lines —
/// the common start, the middle's script, the common end, then the
/// compaction — with the search's arrays sized by the middle alone (on
/// the whole lines they took 16 bytes a ply of both).
fn edit_script(a: &[u32], b: &[u32], prefix: usize) -> Vec<DiffOp> {
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a_end, b_end) = (a.len() - suffix, b.len() - suffix);
    let deadline = Instant::now() + DIFF_DEADLINE;
    let mut d = Compact::new(Replace::new(Capture::new()), a, b);
    let mut calls = || -> Result<(), Infallible> {
        let mut middle = NoFinishHook::new(&mut d);
        if prefix > 0 {
            middle.equal(0, 0, prefix)?;
        }
        let (old, new) = (prefix..a_end, prefix..b_end);
        myers::diff_deadline(&mut middle, a, old, b, new, Some(deadline))?;
        if suffix > 0 {
            middle.equal(a_end, b_end, suffix)?;
        }
        d.finish()
    };
    match calls() {
        Ok(()) => d.into_inner().into_inner().into_ops(),
        Err(never) => match never {},
    }
}

/// A ply as a move number: ply 1 is `1.`, ply 2 is `1...` (White starts).
pub fn ply_label(ply: usize) -> String {
    let n = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn moves_equal_and_different() {
        assert!(diff_moves(&v("e4 e5"), &v("e4 e5")).is_empty());
        let d = diff_moves(&v("e4 e5 Nf3"), &v("e4 c5 Nf3"));
        assert_eq!(d.first_divergence, Some(2));
        let flat: Vec<_> = d.hunks.concat();
        assert!(flat.contains(&MoveChange {
            tag: '-',
            ply: 2,
            san: "e5".into()
        }));
        assert!(flat.contains(&MoveChange {
            tag: '+',
            ply: 2,
            san: "c5".into()
        }));
        let d = diff_moves(&v("e4"), &v("e4 e5"));
        assert_eq!(d.first_divergence, Some(2));
    }

    #[test]
    fn the_edit_script_is_similar_s_on_the_whole_lines() {
        use similar::{capture_diff_slices_deadline, Algorithm};
        let cases: [(&[u32], &[u32]); 8] = [
            (&[1, 2, 2], &[1, 2]),
            (&[1, 2], &[1, 2, 2]),
            (&[1, 2, 3, 2, 3, 4], &[1, 2, 3, 4]),
            (&[5, 1, 1, 1, 6], &[5, 1, 1, 6]),
            (&[1, 2, 3], &[4, 5, 6]),
            (&[1, 2, 3, 4, 5, 1, 2, 3], &[1, 2, 9, 4, 5, 1, 2, 3, 3]),
            (&[], &[1, 2]),
            (&[7, 7, 7, 8, 7, 7], &[7, 7, 8, 7, 7, 7]),
        ];
        for (a, b) in cases {
            let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
            let whole = capture_diff_slices_deadline(Algorithm::Myers, a, b, None);
            assert_eq!(edit_script(a, b, prefix), whole, "{a:?} {b:?}");
        }
    }

    #[test]
    fn lines_number_their_moves_apart() {
        let a: SanLine = ["e4", "e5", "Nf3"].into_iter().collect();
        let b: SanLine = ["e4", "c5", "Nf3", "d6"].into_iter().collect();
        assert_eq!(
            diff_lines(&a, &b),
            diff_moves(&v("e4 e5 Nf3"), &v("e4 c5 Nf3 d6"))
        );
        assert_eq!((a.len(), a.get(2), a.get(3)), (3, Some("Nf3"), None));
    }

    #[test]
    fn labels() {
        assert_eq!(ply_label(1), "1.");
        assert_eq!(ply_label(2), "1...");
        assert_eq!(ply_label(5), "3.");
    }
}
