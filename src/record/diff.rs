//! Differences between two positions, and between two move lists.
//!
//! Positions are compared square by square over the union of both frames, so
//! a change of geometry (a Fault Line rank that slid, a Quake strip that
//! became holes, a frame that grew) shows up as cells that became holes and
//! holes that became cells, apart from the pieces on them. A piece that left
//! one square and appeared on another with the same colour and role is
//! reported as moved, not as removed plus added.
//!
//! ```
//! use fvnote::{Position, Variant};
//! use fvnote::record::diff::diff_positions;
//! let a = Position::start(Variant::Chess);
//! let mv = a.legal_moves().iter().find(|m| m.to_string().contains("e2")).copied().unwrap();
//! let b = a.play(&mv);
//! let d = diff_positions(&a, &b);
//! assert_eq!(d.moved.len(), 1);
//! assert!(!d.is_empty());
//! assert!(diff_positions(&a, &a).is_empty());
//! ```

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::time::{Duration, Instant};

use serde::Serialize;
use similar::{capture_diff_slices_deadline, group_diff_ops, Algorithm, DiffTag};

use crate::notation::fen::write_fen;
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::square::Square;

/// A piece on a square, as text (`e4`, `P`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placed {
    /// The square, e.g. `e4`.
    pub square: String,
    /// The piece code in its colour's case, e.g. `P`.
    pub piece: String,
}

/// A piece that left one square for another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Moved {
    /// The piece code in its colour's case.
    pub piece: String,
    /// The square it left.
    pub from: String,
    /// The square it is on now.
    pub to: String,
    /// The piece it replaced on `to` (a capture), if any.
    pub captured: Option<String>,
}

/// A square whose occupant changed to a different piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replaced {
    /// The square.
    pub square: String,
    /// The piece code in A.
    pub before: String,
    /// The piece code in B.
    pub after: String,
}

/// A value that differs: before and after, as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The value in A.
    pub before: String,
    /// The value in B.
    pub after: String,
}

/// Everything that differs between two positions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PositionDiff {
    /// A's FEN.
    pub fen_a: String,
    /// B's FEN.
    pub fen_b: String,
    /// The variants, if they differ.
    pub variant: Option<Change>,
    /// The frame sizes (`files×ranks`), if they differ.
    pub frame: Option<Change>,
    /// Holes of A that are cells in B.
    pub became_cells: Vec<String>,
    /// Cells of A that are holes in B.
    pub became_holes: Vec<String>,
    /// Pieces only in B.
    pub added: Vec<Placed>,
    /// Pieces only in A.
    pub removed: Vec<Placed>,
    /// Pieces of A found on another square in B.
    pub moved: Vec<Moved>,
    /// Squares holding different pieces in A and B.
    pub replaced: Vec<Replaced>,
    /// Hand counts that differ, e.g. `White N`.
    pub hands: Vec<(String, u8, u8)>,
    /// The side to move, if it differs.
    pub turn: Option<Change>,
    /// The castling rights, if they differ.
    pub castling: Option<Change>,
    /// The en passant square, if it differs.
    pub en_passant: Option<Change>,
    /// The halfmove clock, if it differs.
    pub halfmoves: Option<Change>,
    /// The fullmove number, if it differs.
    pub fullmoves: Option<Change>,
    /// Cage squares that differ, by side (Slide-chess).
    pub cages: Vec<(String, Change)>,
    /// Whether each side's last turn was a cage relocation, where it
    /// differs, by side (Slide-chess, SC1).
    pub relocated: Vec<(String, Change)>,
    /// Squares to mark in a side-by-side diagram.
    #[serde(skip)]
    pub marked: Vec<Square>,
}

impl PositionDiff {
    /// Whether the positions are the same.
    pub fn is_empty(&self) -> bool {
        self.variant.is_none()
            && self.frame.is_none()
            && self.became_cells.is_empty()
            && self.became_holes.is_empty()
            && self.added.is_empty()
            && self.removed.is_empty()
            && self.moved.is_empty()
            && self.replaced.is_empty()
            && self.hands.is_empty()
            && self.turn.is_none()
            && self.castling.is_none()
            && self.en_passant.is_none()
            && self.halfmoves.is_none()
            && self.fullmoves.is_none()
            && self.cages.is_empty()
            && self.relocated.is_empty()
    }
}

fn change<T: PartialEq + fmt::Display>(a: T, b: T) -> Option<Change> {
    (a != b).then(|| Change {
        before: a.to_string(),
        after: b.to_string(),
    })
}

/// What a square is in a position: outside the frame and holes are the same.
fn cell(pos: &Position, sq: Square) -> Option<Option<Piece>> {
    let (files, ranks) = pos.frame();
    if sq.file() >= files || sq.rank() >= ranks || !pos.is_cell(sq) {
        None
    } else {
        Some(pos.piece_at(sq))
    }
}

fn castling_text(pos: &Position) -> String {
    let c = pos.castling();
    let mut s = String::new();
    for (color, side, ch) in [
        (Color::White, CastleSide::King, 'K'),
        (Color::White, CastleSide::Queen, 'Q'),
        (Color::Black, CastleSide::King, 'k'),
        (Color::Black, CastleSide::Queen, 'q'),
    ] {
        if c.has(color, side) {
            s.push(ch);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

fn opt_square(sq: Option<Square>) -> String {
    sq.map_or_else(|| "-".to_owned(), |s| s.to_string())
}

/// Compares two positions.
pub fn diff_positions(a: &Position, b: &Position) -> PositionDiff {
    let mut d = PositionDiff {
        fen_a: write_fen(a),
        fen_b: write_fen(b),
        variant: change(a.variant(), b.variant()),
        ..PositionDiff::default()
    };
    let (fa, ra) = a.frame();
    let (fb, rb) = b.frame();
    if (fa, ra) != (fb, rb) {
        d.frame = Some(Change {
            before: format!("{fa}×{ra}"),
            after: format!("{fb}×{rb}"),
        });
    }
    let mut gone: Vec<(Square, Piece)> = Vec::new();
    let mut came: Vec<(Square, Piece)> = Vec::new();
    for rank in 0..ra.max(rb) {
        for file in 0..fa.max(fb) {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let (x, y) = (cell(a, sq), cell(b, sq));
            if x == y {
                continue;
            }
            d.marked.push(sq);
            match (x, y) {
                (None, Some(_)) => d.became_cells.push(sq.to_string()),
                (Some(_), None) => d.became_holes.push(sq.to_string()),
                _ => {}
            }
            let (p, q) = (x.flatten(), y.flatten());
            match (p, q) {
                (Some(p), Some(q)) if p != q => d.replaced.push(Replaced {
                    square: sq.to_string(),
                    before: p.to_string(),
                    after: q.to_string(),
                }),
                (Some(p), None) => gone.push((sq, p)),
                (None, Some(q)) => came.push((sq, q)),
                _ => {}
            }
        }
    }
    // Pair a vanished piece with an appeared one of the same colour and role:
    // the nearest first, so a slid rank reads as pieces that moved along it.
    let mut i = 0;
    while i < gone.len() {
        let (from, p) = gone[i];
        let best = came
            .iter()
            .enumerate()
            .filter(|(_, (_, q))| *q == p)
            .min_by_key(|(_, (to, _))| {
                (to.file() as i32 - from.file() as i32).abs()
                    + (to.rank() as i32 - from.rank() as i32).abs()
            })
            .map(|(j, _)| j);
        match best {
            Some(j) => {
                let (to, _) = came.remove(j);
                gone.remove(i);
                d.moved.push(Moved {
                    piece: p.to_string(),
                    from: from.to_string(),
                    to: to.to_string(),
                    captured: None,
                });
            }
            None => i += 1,
        }
    }
    // A vanished piece that now stands where another piece stood: a capture.
    let mut i = 0;
    while i < gone.len() {
        let (from, p) = gone[i];
        let piece = p.to_string();
        match d.replaced.iter().position(|r| r.after == piece) {
            Some(j) => {
                let r = d.replaced.remove(j);
                gone.remove(i);
                d.moved.push(Moved {
                    piece,
                    from: from.to_string(),
                    to: r.square,
                    captured: Some(r.before),
                });
            }
            None => i += 1,
        }
    }
    let placed = |(sq, p): (Square, Piece)| Placed {
        square: sq.to_string(),
        piece: p.to_string(),
    };
    d.removed = gone.into_iter().map(placed).collect();
    d.added = came.into_iter().map(placed).collect();
    for color in Color::ALL {
        for role in Role::ALL {
            let (x, y) = (a.in_hand(color, role), b.in_hand(color, role));
            if x != y {
                d.hands
                    .push((format!("{} {}", color.name(), role.code()), x, y));
            }
        }
        if let Some(c) = change(opt_square(a.cage(color)), opt_square(b.cage(color))) {
            d.cages.push((color.name().to_owned(), c));
        }
        if let Some(c) = change(a.relocated_last(color), b.relocated_last(color)) {
            d.relocated.push((color.name().to_owned(), c));
        }
    }
    d.turn = change(a.turn().name(), b.turn().name());
    d.castling = change(castling_text(a), castling_text(b));
    d.en_passant = change(opt_square(a.ep_square()), opt_square(b.ep_square()));
    d.halfmoves = change(a.halfmoves(), b.halfmoves());
    d.fullmoves = change(a.fullmoves(), b.fullmoves());
    d
}

fn list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for PositionDiff {
    /// The differences in words, one kind a line; "no differences" if none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return writeln!(f, "no differences");
        }
        let ch = |f: &mut fmt::Formatter<'_>, what: &str, c: &Option<Change>| match c {
            Some(c) => writeln!(f, "{what}: {} -> {}", c.before, c.after),
            None => Ok(()),
        };
        ch(f, "variant", &self.variant)?;
        ch(f, "frame", &self.frame)?;
        if !self.became_holes.is_empty() {
            writeln!(f, "became holes: {}", self.became_holes.join(", "))?;
        }
        if !self.became_cells.is_empty() {
            writeln!(f, "became cells: {}", self.became_cells.join(", "))?;
        }
        if !self.moved.is_empty() {
            let s = list(&self.moved, |m| match &m.captured {
                Some(c) => format!("{} {}x{} (captured {c})", m.piece, m.from, m.to),
                None => format!("{} {}-{}", m.piece, m.from, m.to),
            });
            writeln!(f, "moved: {s}")?;
        }
        if !self.added.is_empty() {
            writeln!(
                f,
                "added: {}",
                list(&self.added, |p| format!("{} {}", p.piece, p.square))
            )?;
        }
        if !self.removed.is_empty() {
            let s = list(&self.removed, |p| format!("{} {}", p.piece, p.square));
            writeln!(f, "removed: {s}")?;
        }
        if !self.replaced.is_empty() {
            let s = list(&self.replaced, |r| {
                format!("{} {} -> {}", r.square, r.before, r.after)
            });
            writeln!(f, "replaced: {s}")?;
        }
        for (who, x, y) in &self.hands {
            writeln!(f, "in hand: {who} {x} -> {y}")?;
        }
        ch(f, "side to move", &self.turn)?;
        ch(f, "castling", &self.castling)?;
        ch(f, "en passant", &self.en_passant)?;
        ch(f, "halfmove clock", &self.halfmoves)?;
        ch(f, "fullmove number", &self.fullmoves)?;
        for (who, c) in &self.cages {
            writeln!(f, "{who} cage: {} -> {}", c.before, c.after)?;
        }
        for (who, c) in &self.relocated {
            writeln!(f, "{who} relocated last turn: {} -> {}", c.before, c.after)?;
        }
        Ok(())
    }
}

fn diagram(pos: &Position, marked: &[Square], files: u8, ranks: u8) -> Vec<String> {
    let mut lines = Vec::new();
    let mut head = String::from("   ");
    for f in 0..files {
        let _ = write!(head, " {} ", (b'a' + f) as char);
    }
    lines.push(head.trim_end().to_owned());
    for rank in (0..ranks).rev() {
        let mut s = format!("{:>2} ", rank as u32 + 1);
        for file in 0..files {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let mark = if marked.contains(&sq) { '*' } else { ' ' };
            let body = match cell(pos, sq) {
                None => "  ".to_owned(),
                Some(None) => match pos.cage_owner(sq) {
                    Some(Color::White) => "[]".into(),
                    Some(Color::Black) => "()".into(),
                    None => ". ".into(),
                },
                Some(Some(p)) => format!("{:<2}", p.code()),
            };
            s.push(mark);
            s.push_str(&body);
        }
        lines.push(s.trim_end().to_owned());
    }
    lines.push(format!("{} to move", pos.turn().name()));
    lines
}

/// Two text diagrams next to each other; changed squares carry a `*`.
pub fn side_by_side(a: &Position, b: &Position, d: &PositionDiff) -> String {
    let (fa, ra) = a.frame();
    let (fb, rb) = b.frame();
    let (files, ranks) = (fa.max(fb), ra.max(rb));
    let left = diagram(a, &d.marked, files, ranks);
    let right = diagram(b, &d.marked, files, ranks);
    let width = left.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for i in 0..left.len().max(right.len()) {
        let l = left.get(i).map_or("", String::as_str);
        let r = right.get(i).map_or("", String::as_str);
        let pad = width.saturating_sub(l.chars().count());
        let _ = writeln!(out, "{l}{}  |  {r}", " ".repeat(pad).trim_end_matches('\n'));
    }
    let _ = writeln!(out, "A: {}", d.fen_a);
    let _ = writeln!(out, "B: {}", d.fen_b);
    out
}

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

    #[test]
    fn capture_is_replaced_and_moved() {
        let a = crate::notation::fen::read_fen(
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            crate::Variant::Chess,
        )
        .unwrap();
        let b = crate::notation::fen::read_fen(
            "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1",
            crate::Variant::Chess,
        )
        .unwrap();
        let d = diff_positions(&a, &b);
        assert!(d.replaced.is_empty());
        assert!(d.removed.is_empty());
        assert!(d.turn.is_some());
        let text = d.to_string();
        assert!(text.contains("moved: P e4xd5 (captured p)"), "{text}");
        assert!(text.contains("side to move: White -> Black"), "{text}");
    }
}
