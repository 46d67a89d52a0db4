//! Rank and File Chess (seed 001, RULINGS RF1–RF6).
//!
//! Orthodox chess on the standard 8×8 array and FEN (CH1), where each side may
//! move only from its most crowded lines:
//!
//! - **RF1** a side's *permitted lines*: count its own units (pieces, pawns, king)
//!   on each file and each rank; with F the largest file count and R the largest
//!   rank count, the permitted lines are the files counting F if F ≥ R (files win
//!   ties), otherwise the ranks counting R. Opponent units never count.
//! - **RF2** a unit may move only from a permitted line ([`Rules::check`] says
//!   `RF2`). Exception: a side in check may make any king move (still not into
//!   check). Castling is a king move but never allowed in check, so it always needs
//!   the king on a permitted line; en passant needs the capturing pawn on one.
//! - **RF3** a unit of side T attacks a cell only if its movement pattern reaches
//!   it *and* it stands on one of T's permitted lines computed in the same
//!   position ([`movegen::attacked_by`] with a permitted-line filter). Kings attack
//!   the same way; the in-check exception creates no attacks.
//! - **RF4** king safety: the move is played, the opponent's permitted lines are
//!   recomputed in the new position, and the move is rejected (`G6`) if the mover's
//!   king is then attacked under RF3 (a capture can change the opponent's lines).
//! - **RF5** checkmate and stalemate as in G5, with these moves and attacks.
//! - **RF6** a move can give check only by changing which of the mover's lines are
//!   permitted; `+`/`#` use RF3 attacks by the mover in the new position
//!   ([`Rules::gives_check`]).

use crate::moves::{Move, PieceMove};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::chess::validate_orthodox;
use crate::rules::fit::Unfit;
use crate::rules::movegen;
use crate::rules::{castling, Illegal, Rules};
use crate::square::Square;

/// Rank and File Chess.
pub struct RankAndFile;

/// A side's permitted lines (RF1): either files or ranks, as a bit set of
/// 0-based indices, with the unit count they share.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Lines {
    /// Whether the permitted lines are files (else ranks).
    pub files: bool,
    /// Bit `i` set when file (or rank) `i` is permitted.
    pub mask: u64,
    /// How many of the side's units stand on each permitted line.
    pub count: u8,
}

impl Lines {
    /// Whether `sq` lies on one of the lines.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        let i = if self.files { sq.file() } else { sq.rank() };
        i < 64 && self.mask & (1u64 << i) != 0
    }

    /// "file e has 3 units", "ranks 1 and 2 have 8 units each".
    pub fn describe(self) -> String {
        let names: Vec<String> = (0..64u8)
            .filter(|i| self.mask & (1u64 << i) != 0)
            .map(|i| {
                if self.files {
                    ((b'a' + i.min(25)) as char).to_string()
                } else {
                    (u32::from(i) + 1).to_string()
                }
            })
            .collect();
        let kind = if self.files { "file" } else { "rank" };
        let units = if self.count == 1 { "unit" } else { "units" };
        match names.as_slice() {
            [] => format!("no {kind} has any unit"),
            [one] => format!("{kind} {one} has {} {units}", self.count),
            [init @ .., last] => format!(
                "{kind}s {} and {last} have {} {units} each",
                init.join(", "),
                self.count
            ),
        }
    }
}

/// Units of one side counted per file and per rank (RF1), before the
/// maximum is taken: kept apart from [`Lines`] so RF4 can take a captured
/// unit off without counting the board again.
#[derive(Clone, Copy)]
struct Counts {
    files: [u8; 64],
    ranks: [u8; 64],
    /// The frame's size: counts beyond it stay 0.
    size: (usize, usize),
}

impl Counts {
    /// Counts `color`'s units from the frame's raw cell bytes, row by row:
    /// this runs several times per ply, so no per-square decoding.
    #[inline]
    fn of(pos: &Position, color: Color) -> Counts {
        // Frames are at most 26 × 40 (square.rs), so the indices fit.
        let files = usize::from(pos.files).min(64);
        let mut c = Counts {
            files: [0; 64],
            ranks: [0; 64],
            size: (files, usize::from(pos.ranks.min(64))),
        };
        let want = movegen::color_bits(color);
        for r in 0..pos.ranks.min(64) {
            let Some(row) = Square::new(0, r) else {
                continue;
            };
            let Some(cells) = pos.cells.get(row.index()..row.index() + files) else {
                continue;
            };
            let mut n = 0;
            for (slot, &b) in c.files.iter_mut().zip(cells) {
                // A unit of `color`: a role in the low bits, no hole bit.
                let ours = u8::from((b & 0xf0 == want) & (b & 0x0f != 0));
                *slot += ours;
                n += ours;
            }
            c.ranks[usize::from(r)] = n;
        }
        c
    }

    /// Takes the unit on `sq` off the counts (a captured unit, RF4).
    #[inline]
    fn remove(&mut self, sq: Square) {
        let (f, r) = (usize::from(sq.file()), usize::from(sq.rank()));
        if f < 64 && r < 64 {
            self.files[f] = self.files[f].saturating_sub(1);
            self.ranks[r] = self.ranks[r].saturating_sub(1);
        }
    }

    /// RF1: the most crowded lines, files winning ties.
    #[inline]
    fn lines(&self) -> Lines {
        let (best_file, file_mask) = best(&self.files[..self.size.0]);
        let (best_rank, rank_mask) = best(&self.ranks[..self.size.1]);
        let (files, mask, count) = if best_file >= best_rank {
            (true, file_mask, best_file)
        } else {
            (false, rank_mask, best_rank)
        };
        Lines {
            files,
            mask: if count > 0 { mask } else { 0 },
            count,
        }
    }
}

/// The largest count and the bit set of the indices that have it, in one pass.
#[inline]
fn best(counts: &[u8]) -> (u8, u64) {
    let (mut top, mut mask) = (0u8, 0u64);
    for (i, &c) in counts.iter().enumerate() {
        if c > top {
            (top, mask) = (c, 1 << i);
        } else if c == top {
            mask |= 1 << i;
        }
    }
    (top, mask)
}

/// RF1: the permitted lines of `color` in `pos`.
pub fn permitted(pos: &Position, color: Color) -> Lines {
    Counts::of(pos, color).lines()
}

/// RF4 without a copy of the position: the opponent's lines after `mv` are
/// its lines now less the unit `mv` captures, and the move is overlaid on
/// the cells for the attack test. `None` for castling, which is played on a
/// copy.
fn king_safe_overlay(pos: &Position, mv: &Move) -> Option<bool> {
    let gone = match *mv {
        Move::Normal(PieceMove {
            to,
            capture: Some(_),
            ..
        }) => Some(to),
        Move::Normal(_) => None,
        Move::EnPassant { to, .. } => Some(to.offset(-movegen::forward(pos.turn))),
        _ => return None,
    };
    let mut counts = Counts::of(pos, pos.turn.other());
    if let Some(sq) = gone {
        counts.remove(sq);
    }
    let lines = counts.lines();
    movegen::king_safe_overlay(pos, mv, |from, _| lines.contains(from))
}

/// The RF2 refusal.
const NOT_PERMITTED: Illegal = Illegal::new("RF2", "does not move from a most crowded line");

/// [`Rules::check`], asking whether the mover is in check only when needed.
fn check_with(pos: &Position, mv: &Move, in_check: impl Fn() -> bool) -> Result<(), Illegal> {
    let mut known = None;
    let mut in_check = || *known.get_or_insert_with(&in_check);
    let Some(from) = mv.from() else {
        return Err(Illegal::new("G3", "is not a move of Rank and File Chess"));
    };
    if !permitted(pos, pos.turn).contains(from) {
        // RF2: only a king move (not castling) escapes the rule, and only in check.
        let king_step = matches!(
            mv,
            Move::Normal(PieceMove {
                role: Role::King,
                ..
            })
        );
        if !(king_step && in_check()) {
            return Err(NOT_PERMITTED);
        }
    }
    // The RF2 escape lets a king in check step next to the enemy king,
    // which attacks nothing from a non-permitted line (RF3), and step onto
    // it. A king is never captured (RF7), so the capture is not a move.
    if matches!(
        mv,
        Move::Normal(PieceMove {
            capture: Some(Role::King),
            ..
        })
    ) {
        return Err(Illegal::new("RF7", "a king is never captured"));
    }
    if let Move::Castle { king, rook } = *mv {
        castling::fide_conditions::<RankAndFile>(pos, king, rook)?;
    }
    // RF4: the opponent's lines are recomputed in the new position. A
    // quiet move cannot change them, and one from off every line through
    // a king not in check opens no line onto it.
    let quiet = matches!(mv, Move::Normal(PieceMove { capture: None, .. }));
    if quiet && movegen::safe_without_scan(pos, mv, in_check()) == Some(true) {
        return Ok(());
    }
    movegen::king_safe::<RankAndFile>(pos, mv, king_safe_overlay(pos, mv))
}

impl Rules for RankAndFile {
    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        check_with(pos, mv, || Self::in_check(pos))
    }

    fn check_in(pos: &Position, mv: &Move, in_check: bool) -> Result<(), Illegal> {
        check_with(pos, mv, || in_check)
    }

    fn play(pos: &mut Position, mv: &Move) {
        movegen::play_piece_move(pos, mv);
    }

    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        // RF3: only units on `by`'s permitted lines, computed in this position.
        let lines = permitted(pos, by);
        movegen::attacked_by(pos, target, by, |from, _| lines.contains(from))
    }

    fn gives_check(after: &Position) -> bool {
        // RF6: attacks by the side that just moved, with its lines in the new position.
        let mover = after.turn.other();
        after
            .king(after.turn)
            .is_some_and(|k| Self::attacked(after, k, mover))
    }

    fn validate(pos: &Position) -> Result<(), Unfit> {
        validate_orthodox::<RankAndFile>(pos)
    }

    fn explain(pos: &Position, mv: &Move, ill: &Illegal) -> String {
        if ill.ruling != "RF2" {
            return ill.reason.to_owned();
        }
        let Some(from) = mv.from() else {
            return ill.reason.to_owned();
        };
        let role = pos.piece_at(from).map_or("unit", |p| p.role.name());
        let lines = permitted(pos, pos.turn);
        let mut text = format!(
            "the {role} on {from} is not on {}'s most crowded line: {} (RF1)",
            pos.turn.name(),
            lines.describe()
        );
        if matches!(mv, Move::Castle { .. }) {
            text.push_str("; castling is a king move");
        } else if Self::in_check(pos) {
            text.push_str("; in check only the king may move from elsewhere (RF2)");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn describe_lines() {
        let l = Lines {
            files: true,
            mask: 1 << 4,
            count: 3,
        };
        assert_eq!(l.describe(), "file e has 3 units");
        let r = Lines {
            files: false,
            mask: 0b11,
            count: 8,
        };
        assert_eq!(r.describe(), "ranks 1 and 2 have 8 units each");
        let t = Lines {
            files: true,
            mask: 0b111,
            count: 1,
        };
        assert_eq!(t.describe(), "files a, b and c have 1 unit each");
    }

    #[test]
    fn start_permits_both_back_ranks() {
        let pos = Position::start(Variant::RankAndFile);
        let l = permitted(&pos, Color::White);
        assert_eq!((l.files, l.mask, l.count), (false, 0b11, 8));
        let b = permitted(&pos, Color::Black);
        assert_eq!((b.files, b.mask, b.count), (false, 0b1100_0000, 8));
    }
}
