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

use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::chess::{orthodox_candidates, standard_start, validate_orthodox};
use crate::rules::movegen;
use crate::rules::{Illegal, Rules, Scope, Variant};
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

/// RF1: the permitted lines of `color` in `pos`.
pub fn permitted(pos: &Position, color: Color) -> Lines {
    let mut files = [0u8; 64];
    let mut ranks = [0u8; 64];
    for sq in pos.squares() {
        if pos.piece_at(sq).is_some_and(|p| p.color == color) {
            // Frames are at most 26 × 40 (square.rs), so the indices fit.
            let (f, r) = (usize::from(sq.file()), usize::from(sq.rank()));
            if f < 64 && r < 64 {
                files[f] += 1;
                ranks[r] += 1;
            }
        }
    }
    let best_file = files.iter().copied().max().unwrap_or(0);
    let best_rank = ranks.iter().copied().max().unwrap_or(0);
    // RF1: files win ties.
    let (use_files, counts, best) = if best_file >= best_rank {
        (true, &files, best_file)
    } else {
        (false, &ranks, best_rank)
    };
    let mask = counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == best && c > 0)
        .fold(0u64, |m, (i, _)| m | (1u64 << i));
    Lines {
        files: use_files,
        mask,
        count: best,
    }
}

/// The RF2 refusal.
const NOT_PERMITTED: Illegal = Illegal::new("RF2", "does not move from a most crowded line");

impl Rules for RankAndFile {
    fn start(variant: Variant) -> Position {
        standard_start(variant)
    }

    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        orthodox_candidates(pos, scope, out);
    }

    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        let Some(from) = mv.from() else {
            return Err(Illegal::new("G3", "is not a move of Rank and File Chess"));
        };
        if !permitted(pos, pos.turn).contains(from) {
            // RF2: only a king move (not castling) escapes the rule, and only in check.
            let king_step = matches!(
                mv,
                Move::Normal {
                    role: Role::King,
                    ..
                }
            );
            if !(king_step && Self::in_check(pos)) {
                return Err(NOT_PERMITTED);
            }
        }
        // The RF2 escape lets a king in check step next to the enemy king,
        // which attacks nothing from a non-permitted line (RF3), and step onto
        // it. A king is never captured (RF7), so the capture is not a move.
        if matches!(
            mv,
            Move::Normal {
                capture: Some(Role::King),
                ..
            }
        ) {
            return Err(Illegal::new("RF7", "a king is never captured"));
        }
        if let Move::Castle { king, rook } = *mv {
            movegen::castle_conditions::<RankAndFile>(pos, king, rook)?;
        }
        // RF4: the opponent's lines are recomputed in the new position.
        if movegen::king_safe_after::<RankAndFile>(pos, mv) {
            Ok(())
        } else {
            Err(Illegal::KING_ATTACKED)
        }
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

    fn validate(pos: &Position) -> Result<(), &'static str> {
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

    #[test]
    fn foreign_move_kinds_are_refused_without_panicking() {
        let pos = Position::start(Variant::RankAndFile);
        let drop = Move::Drop {
            role: crate::piece::Role::Knight,
            to: Square::new(4, 3).unwrap(),
        };
        assert_eq!(
            <RankAndFile as Rules>::check(&pos, &drop)
                .unwrap_err()
                .ruling,
            "G3"
        );
        assert_eq!(pos.check_move(&drop).unwrap_err().ruling, "G3");
    }
}
