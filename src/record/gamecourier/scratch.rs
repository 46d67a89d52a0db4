//! A turn's operations applied to an accelerator's board (Fault Line,
//! Slide-chess), and the comparison of the result with a candidate move's:
//! [`TurnEffect`](super::TurnEffect)'s reading and equality, on boards that
//! answer square by square instead of on a reference position.
//!
//! Any operation the reference would refuse (a wrong label, a move from an
//! empty square, a square off the board, a drop in a variant without
//! hands, a hole mark on a hole) makes [`Scratch::read`] give up: the
//! reference rules read that turn and explain it.

use smallvec::SmallVec;

use super::label::{read_label, Label};
use crate::notation::gamecourier::{Op, OpKind, SquareName};
use crate::piece::{Color, Piece};
use crate::rules::fast_fault_line::FastFaultLine;
use crate::rules::fast_slide::FastSlide;
use crate::square::Square;
use crate::variant::Variant;

/// An accelerator a turn's arrangement is compared with square by square.
pub(super) trait CellBoard {
    /// The rules its labels are read by.
    const VARIANT: Variant;
    /// Files and ranks of its frame (fixed: neither variant grows it).
    const FRAME: (u8, u8);
    /// The side to move.
    fn mover(&self) -> Color;
    /// The piece on `sq`.
    fn piece(&self, sq: Square) -> Option<Piece>;
    /// Whether `sq` is a cell.
    fn cell(&self, sq: Square) -> bool;
    /// Where `color`'s cage stands (Slide-chess).
    fn cage(&self, color: Color) -> Option<Square>;
    /// Whether every square whose piece differs between `self` and `other`
    /// passes `written`.
    fn changes_within(&self, other: &Self, written: impl Fn(Square) -> bool) -> bool;
}

impl CellBoard for FastFaultLine {
    const VARIANT: Variant = Variant::FaultLine;
    const FRAME: (u8, u8) = (8, 6);
    #[inline]
    fn mover(&self) -> Color {
        self.side_to_move()
    }
    #[inline]
    fn piece(&self, sq: Square) -> Option<Piece> {
        self.piece_on(sq)
    }
    #[inline]
    fn cell(&self, sq: Square) -> bool {
        self.is_cell_on(sq)
    }
    #[inline]
    fn cage(&self, _color: Color) -> Option<Square> {
        None
    }
    #[inline]
    fn changes_within(&self, other: &Self, written: impl Fn(Square) -> bool) -> bool {
        self.piece_changes(other).iter().all(written)
    }
}

impl CellBoard for FastSlide {
    const VARIANT: Variant = Variant::Slide;
    const FRAME: (u8, u8) = (9, 8);
    #[inline]
    fn mover(&self) -> Color {
        FastSlide::turn(self)
    }
    #[inline]
    fn piece(&self, sq: Square) -> Option<Piece> {
        self.piece_on(sq)
    }
    #[inline]
    fn cell(&self, sq: Square) -> bool {
        self.is_cell_on(sq)
    }
    #[inline]
    fn cage(&self, color: Color) -> Option<Square> {
        FastSlide::cage(self, color)
    }
    #[inline]
    fn changes_within(&self, other: &Self, written: impl Fn(Square) -> bool) -> bool {
        self.piece_changes(other).iter().all(written)
    }
}

/// What a turn did to an accelerator's board.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// Squares written, each once, with what it holds after the turn.
    written: SmallVec<[(Square, Option<Piece>); 12]>,
    /// Squares marked `#-SQ`.
    holes: SmallVec<[Square; 2]>,
    /// Squares marked `.-SQ`.
    cells: SmallVec<[Square; 2]>,
    /// Where each cage stands after the turn.
    pub(super) cages: [Option<Square>; 2],
    /// Whether a cage was moved onto a board square (pushed across, SC2).
    pub(super) crossed: [bool; 2],
}

impl Scratch {
    /// The turn's operations applied in order to `board`, as
    /// [`TurnEffect::apply`](super::TurnEffect) applies them; `None` when
    /// one would be an error there (or is not read here).
    pub(super) fn read<B: CellBoard>(board: &B, ops: &[Op]) -> Option<Scratch> {
        let mut s = Scratch {
            cages: Color::ALL.map(|c| board.cage(c)),
            ..Scratch::default()
        };
        for op in ops {
            s.apply(board, &op.kind)?;
        }
        Some(s)
    }

    /// What the square holds after the operations so far.
    #[inline]
    pub(super) fn get<B: CellBoard>(&self, board: &B, sq: Square) -> Option<Piece> {
        match self.written.iter().find(|(s, _)| *s == sq) {
            Some(&(_, p)) => p,
            None => board.piece(sq),
        }
    }

    fn write(&mut self, sq: Square, p: Option<Piece>) {
        match self.written.iter_mut().find(|(s, _)| *s == sq) {
            Some(slot) => slot.1 = p,
            None => self.written.push((sq, p)),
        }
    }

    fn apply<B: CellBoard>(&mut self, board: &B, op: &OpKind) -> Option<()> {
        let (files, ranks) = B::FRAME;
        let square = |n: SquareName| -> Option<Square> {
            if n.file < files && n.rank < u16::from(ranks) {
                Square::new(n.file, n.rank as u8)
            } else {
                None
            }
        };
        match op {
            OpKind::Move { label, from, to } => {
                let (f, t) = (square(*from)?, square(*to)?);
                if f == t {
                    return None;
                }
                let label = match label {
                    Some(l) => Some(read_label(l, B::VARIANT).ok()?),
                    None => None,
                };
                match label {
                    Some(Label::Cage(color)) => {
                        if self.cages[color.index()] != Some(f) {
                            return None;
                        }
                        self.cages[color.index()] = Some(t);
                        let inner = |v: u8, n: u8| v >= 1 && v + 1 < n;
                        if inner(t.file(), files) && inner(t.rank(), ranks) {
                            self.crossed[color.index()] = true;
                        }
                        // The cage carries its content (none: the target keeps its own).
                        if let Some(p) = self.get(board, f) {
                            self.write(f, None);
                            self.write(t, Some(p));
                        }
                    }
                    Some(Label::Hole | Label::Cell) => return None,
                    label => {
                        let p = self.get(board, f)?;
                        if matches!(label, Some(Label::Piece(named)) if named != p) {
                            return None;
                        }
                        self.write(f, None);
                        self.write(t, Some(p));
                    }
                }
            }
            OpKind::Put { label, sq } => {
                let c = square(*sq)?;
                match read_label(label, B::VARIANT).ok()? {
                    Label::Piece(p) => self.write(c, Some(p)),
                    Label::Cage(color) => self.cages[color.index()] = Some(c),
                    Label::Cell => self.cells.push(c),
                    Label::Hole => {
                        if !board.cell(c) {
                            return None;
                        }
                        self.write(c, None);
                        self.holes.push(c);
                    }
                }
            }
            OpKind::Clear { sq } => {
                let c = square(*sq)?;
                self.get(board, c)?;
                self.write(c, None);
            }
            // No hands in these variants: the reference says so.
            OpKind::Drop { .. } => return None,
        }
        Some(())
    }

    /// Whether the turn marked a hole or a cell.
    pub(super) fn marked(&self) -> bool {
        !self.holes.is_empty() || !self.cells.is_empty()
    }

    /// The squares whose piece the turn changed, with what each held before.
    pub(super) fn changed<B: CellBoard>(
        &self,
        board: &B,
    ) -> SmallVec<[(Square, Option<Piece>); 8]> {
        self.written
            .iter()
            .filter_map(|&(sq, p)| {
                let was = board.piece(sq);
                (was != p).then_some((sq, was))
            })
            .collect()
    }

    /// [`Scratch::equals`] for the piece move [`Scratch::changed`] names
    /// (played from `before`): it changes exactly those two squares as the
    /// turn did, and no cell or cage, so only the marks can differ.
    pub(super) fn piece_move_equals<B: CellBoard>(&self, before: &B, after: &B) -> bool {
        let same = self.holes.is_empty() && self.cells.iter().all(|&c| before.cell(c));
        debug_assert_eq!(same, self.equals(before, after));
        same
    }

    /// Whether the board `after` (a candidate move played from `before`)
    /// holds the arrangement the turn left: every piece, the cages, and the
    /// marked holes and cells (`TurnEffect::equals` without a shift).
    pub(super) fn equals<B: CellBoard>(&self, before: &B, after: &B) -> bool {
        Color::ALL.map(|c| after.cage(c)) == self.cages
            && self.holes.iter().all(|&h| !after.cell(h))
            && self.cells.iter().all(|&c| after.cell(c))
            && self.written.iter().all(|&(sq, p)| after.piece(sq) == p)
            && before.changes_within(after, |sq| self.written.iter().any(|(s, _)| *s == sq))
    }
}
