//! Two main lines compared move by move (a Myers diff of their SAN).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde::Serialize;
use similar::{capture_diff_slices_deadline, group_diff_ops, Algorithm, DiffTag};

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

/// Compares two lists of SAN moves (Myers diff, three moves of context).
///
/// Near-linear in practice: the common start and end are cut first, moves
/// are compared as small integers, and the search for the smallest edit
/// script stops at [`DIFF_DEADLINE`] (the hunks are then coarser; the
/// first divergence and the ply counts are always exact).
pub fn diff_moves(a: &[String], b: &[String]) -> MovesDiff {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let first = (prefix < a.len().max(b.len())).then_some(prefix + 1);
    let mut hunks = Vec::new();
    if first.is_some() {
        // Moves as integers: equal SAN, equal number.
        let mut ids: HashMap<&str, u32> = HashMap::new();
        let (a_ids, b_ids) = (number(a, &mut ids), number(b, &mut ids));
        let deadline = Instant::now() + DIFF_DEADLINE;
        let ops = capture_diff_slices_deadline(Algorithm::Myers, &a_ids, &b_ids, Some(deadline));
        for group in group_diff_ops(ops, 3) {
            let mut hunk = Vec::new();
            for op in group {
                let (_, old, new) = op.as_tag_tuple();
                let change = |tag, ply: usize, san: &String| MoveChange {
                    tag,
                    ply: ply + 1,
                    san: san.clone(),
                };
                match op.tag() {
                    DiffTag::Equal => hunk.extend(old.clone().map(|i| change(' ', i, &a[i]))),
                    DiffTag::Delete | DiffTag::Insert | DiffTag::Replace => {
                        hunk.extend(old.clone().map(|i| change('-', i, &a[i])));
                        hunk.extend(new.clone().map(|i| change('+', i, &b[i])));
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

/// Each move as a small integer, the same for the same SAN.
fn number<'a>(moves: &'a [String], ids: &mut HashMap<&'a str, u32>) -> Vec<u32> {
    moves
        .iter()
        .map(|s| {
            let n = ids.len() as u32;
            *ids.entry(s.as_str()).or_insert(n)
        })
        .collect()
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
    fn labels() {
        assert_eq!(ply_label(1), "1.");
        assert_eq!(ply_label(2), "1...");
        assert_eq!(ply_label(5), "3.");
    }
}
