//! Turns matched on the accelerator of the game's variant, whichever it is,
//! through the one trait ([`Accelerator`]): the fast path of every list
//! read, which hands each turn on as its canonical SAN, written from the
//! accelerator as the rules write it.
//!
//! A turn is read and compared exactly as the reference matcher reads and
//! compares it ([`TurnEffect`], [`may_match`], [`same`], on the
//! accelerator's board), among the moves the reference weighs ([`Reach`]);
//! only the candidates come from the turn's changes and their legality and
//! play from the accelerator. Every legal move whose result could equal
//! the turn's is among those candidates: a piece move, en passant or
//! castling moves a mover's piece off a changed square; a drop fills the
//! one square changed, with a piece the turn took from hand; a slide
//! changes its own rank only; a quake or a cage move is tried in every
//! direction or to where the turn left the cage. So the count of matches
//! is the reference's, and a turn is played here exactly when it matches
//! one move. Any other turn goes to the reference rules, which also make
//! every diagnostic.

use smallvec::SmallVec;

use super::coord::{coord, named, square_at, Coord};
use super::effect::TurnEffect;
use super::label::{read_label, Label};
use super::matching::{may_match, same, slide_ends, Reach};
use crate::moves::{Dir, Move, PieceMove};
use crate::notation::gamecourier::{Op, OpKind};
use crate::notation::san::{canonical_with, told_apart, San, Suffix};
use crate::piece::{Color, Role};
use crate::position::{CastleSide, Position};
use crate::rules::fast::{with_fast, Accelerator, Board, CheckMark, FastPos, Onto, SquareSet};
use crate::rules::quake::lacks_forward_cell;
use crate::square::Square;
use crate::variant::MoveKind;

/// A game being matched on its accelerator: the position now, a slot the
/// matched move is played into and one a candidate is tried in; the side
/// to move and the next turn's number.
pub(super) struct FastTurns {
    slots: [FastPos; 3],
    now: usize,
    turn: Color,
    fullmoves: u32,
}

/// The accelerated matcher alone (what reading a list tries first): the
/// position after the turn when the accelerator of `pos`'s variant matched
/// it to exactly one legal move, `None` when it leaves the turn to the
/// reference rules ([`resolve_turn`](super::resolve_turn)), which then
/// decide and explain. For tests of the one against the other.
pub fn fast_turn(pos: &Position, ops: &[Op]) -> Option<Position> {
    let mut fast = FastTurns::new(pos)?;
    fast.play(ops).then(|| fast.position())
}

impl FastTurns {
    /// Matching from `pos` on its accelerator, when one takes it.
    pub(super) fn new(pos: &Position) -> Option<FastTurns> {
        let now = FastPos::from_position(pos)?;
        Some(FastTurns {
            slots: [now.clone(), now.clone(), now],
            now: 0,
            turn: pos.turn(),
            fullmoves: pos.fullmoves(),
        })
    }

    /// The reference position now.
    pub(super) fn position(&self) -> Position {
        self.slots[self.now].to_position()
    }

    /// Whether a move number `n` (`black` for `n...`) numbers the next turn.
    pub(super) fn numbers_next(&self, n: u32, black: bool) -> bool {
        n == self.fullmoves && black == (self.turn == Color::Black)
    }

    /// The position now, on the accelerator.
    pub(super) fn now(&self) -> &FastPos {
        &self.slots[self.now]
    }

    /// Plays the turn if it is exactly one legal move; otherwise returns
    /// false and changes nothing.
    pub(super) fn play(&mut self, ops: &[Op]) -> bool {
        self.play_san(ops).is_some()
    }

    /// [`FastTurns::play`], saying what was played: the move's canonical
    /// SAN and its mark, and whether it was a Fault Line slide played with
    /// permission (FL6), whose note the caller files.
    pub(super) fn play_san(&mut self, ops: &[Op]) -> Option<(San, Option<Suffix>, bool)> {
        let (next, spare) = ((self.now + 1) % 3, (self.now + 2) % 3);
        let [a, b, c] = &mut self.slots;
        let mut slots = [Some(a), Some(b), Some(c)];
        let (Some(now), Some(next_slot), Some(spare_slot)) = (
            slots[self.now].take(),
            slots[next].take(),
            slots[spare].take(),
        ) else {
            return None;
        };
        let now: &FastPos = now;
        let played = with_fast!(
            now,
            [next_slot, spare_slot],
            |a, b, c| match_turn(a, ops, b, c).and_then(|(mv, fast, mark, hints)| {
                let suffix = match mark {
                    CheckMark::None => None,
                    CheckMark::Check => Some(Suffix::Check),
                    CheckMark::Mate => Some(Suffix::Mate),
                };
                Some((san_of(&mv, hints, a)?, suffix, a.needs_permission(fast)))
            }),
            else None
        );
        if played.is_some() {
            self.now = next;
            if self.turn == Color::Black {
                self.fullmoves = self.fullmoves.saturating_add(1);
            }
            self.turn = self.turn.other();
        }
        played
    }
}

/// The canonical SAN of `mv`, legal on `now`, as the rules write it
/// (`write_san`) but for its mark, with the `hints` of [`legal`]. `None`
/// for a move it does not write (a pass).
fn san_of<A: Accelerator>(mv: &Move, hints: Hints, now: &A) -> Option<San> {
    let promoted: Vec<Square> = match mv {
        Move::Null => return None,
        // SC3: the squares the push promotes on, ascending.
        Move::CageInsert { .. } => now.insertion_end()?.1.iter().collect(),
        _ => Vec::new(),
    };
    Some(canonical_with(mv, hints, || promoted))
}

/// A turn matched: the move, the accelerator's, the mark its play gave,
/// and its SAN's hints.
type Found<A> = (Move, <A as Accelerator>::Move, CheckMark, Hints);

/// SAN's (file, rank) hints for a move: which of its origin's coordinates
/// tell it apart from its legal rivals ([`told_apart`]).
type Hints = (bool, bool);

/// Matches a turn on `now`, leaving the position after it in `next`
/// (`spare` is scratch space) when it is exactly one legal move. A move
/// that needs permission (FL6) is taken only when it is a slide, whose
/// note the caller files.
fn match_turn<A: Accelerator>(
    now: &A,
    ops: &[Op],
    next: &mut A,
    spare: &mut A,
) -> Option<Found<A>> {
    if let Some(found) = one_operation(now, ops, next) {
        return found;
    }
    let mut eff = TurnEffect::start(now);
    for op in ops {
        eff.apply(now, &op.kind).ok()?;
    }
    let changed = eff.changed(now);
    let reach = Reach::of(now, &eff, &changed);
    let still = eff.holes.is_empty() && eff.cages == Color::ALL.map(|c| now.cage(c).map(coord));
    let mut found = None;
    for mv in candidates(now, &eff, &changed) {
        if !reach.admits(&mv) || !may_match(&mv, &changed, &eff, now, still) {
            continue;
        }
        let Some((fast, hints)) = legal(now, &mv) else {
            continue;
        };
        let Some(mark) = now.play_into(fast, spare) else {
            continue;
        };
        if !same(now, &eff, &mv, spare) {
            continue;
        }
        if found.is_some() {
            // Several moves give this arrangement: the reference says so.
            return None;
        }
        std::mem::swap(next, spare);
        found = Some((mv, fast, mark, hints));
    }
    found.filter(|(mv, fast, ..)| !now.needs_permission(*fast) || matches!(mv, Move::Slide { .. }))
}

/// The commonest turns, one operation of the mover, matched without a
/// [`TurnEffect`]: `Some` when the turn is one of these forms, `None` to
/// read it the general way (`Some(None)`: that form, and no move).
///
/// - a piece's move between two squares of the frame (`N g1-f3`), the
///   target not holding that piece: the turn changes those two squares
///   and takes a mover's piece off the first, so the reference weighs the
///   moves of that piece onto the target ([`Reach::Onto`]) unless a slide
///   (FL4) or a quake (QK1) could leave the same squares; of those only
///   the ones from the origin pass its filter, and the one that is not a
///   promotion matches (the piece lands on the target, or is pocketed
///   there, QK6). A pawn onto an empty square of another file is en
///   passant, which changes a third square: the general way;
/// - a drop of a piece the mover holds onto an empty cell (`N*e4`): the
///   reference weighs that drop alone ([`Reach::Drop`]);
/// - the mover's cage moved to an empty ring square (`C e8-a5`) where a
///   push would not end it: the reference weighs the variant's own moves
///   ([`Reach::Extras`]), and only the relocation there passes its filter
///   (SC1).
fn one_operation<A: Accelerator>(now: &A, ops: &[Op], next: &mut A) -> Option<Option<Found<A>>> {
    let [op] = ops else {
        return None;
    };
    let us = now.turn();
    let variant = now.variant();
    let square = |n| square_at(now, named(n));
    let (mv, to, landing) = match &op.kind {
        OpKind::Move {
            label: Some(label),
            from,
            to,
        } if variant.has_cages() && read_label(label, variant) == Ok(Label::Cage(us)) => {
            let (from, to) = (square(*from)?, square(*to)?);
            let (files, ranks) = now.frame();
            let inner = |v: u8, n: u8| v >= 1 && v + 1 < n;
            let crossed = inner(to.file(), files) && inner(to.rank(), ranks);
            let pushed_there = now.insertion_end().is_some_and(|(end, _)| end == to);
            if now.cage(us) != Some(from) || crossed || pushed_there || now.piece_at(to).is_some() {
                return None;
            }
            (Move::CageMove { to }, to, now.piece_at(from))
        }
        OpKind::Move { label, from, to } => {
            let (from, to) = (square(*from)?, square(*to)?);
            let p = now.piece_at(from).filter(|p| p.color == us)?;
            let target = now.piece_at(to);
            let named_right = label
                .as_deref()
                .is_none_or(|l| read_label(l, variant) == Ok(Label::Piece(p)));
            let slide = variant.move_kinds().contains(&MoveKind::Slide)
                && slide_ends(coord(from), coord(to), |c| {
                    square_at(now, c).and_then(|sq| now.piece_at(sq)) == Some(p)
                });
            let quake = variant.move_kinds().contains(&MoveKind::Quake)
                && p.role == Role::King
                && quake_alike(now, from, to);
            let en_passant = p.role == Role::Pawn && from.file() != to.file() && target.is_none();
            if from == to || target == Some(p) || !named_right || slide || quake || en_passant {
                return None;
            }
            let mv = Move::Normal(PieceMove {
                role: p.role,
                from,
                to,
                capture: target.map(|q| q.role),
                promotion: None,
            });
            (mv, to, Some(p))
        }
        OpKind::Drop { label, sq } => {
            let to = square(*sq)?;
            let Ok(Label::Piece(p)) = read_label(label, variant) else {
                return None;
            };
            let empty = now.is_cell(to) && now.piece_at(to).is_none();
            if p.color != us || now.in_hand(us, p.role) == 0 || !empty {
                return None;
            }
            (Move::Drop { role: p.role, to }, to, Some(p))
        }
        _ => return None,
    };
    let Some((fast, hints)) = legal(now, &mv) else {
        return Some(None);
    };
    let mark = now.play_into(fast, next)?;
    // The piece stands where the turn put it, or a pawn was pocketed there.
    let landed = match (next.piece_at(to), landing) {
        (q, p) if q == p => true,
        (None, Some(p)) => p.role == Role::Pawn && lacks_forward_cell(next, to, p.color),
        _ => false,
    };
    Some(landed.then_some((mv, fast, mark, hints)))
}

/// Whether a quake (QK1) could leave the pieces as the mover's king's step
/// from `from` to `to` does, so that the reference weighs it too. No quake
/// moves the king diagonally. Along a file or rank, the quake that way
/// moves the king's whole strip (the run of cells through it along that
/// axis): a piece on the strip other than a pawn (which a quake may pocket,
/// QK6) then stands one step on, where the step left another piece or
/// none; typed as the rest of the board moving back, it moves the other
/// king (never on the strip, QK3), which the step left in place.
fn quake_alike<B: Board>(now: &B, from: Square, to: Square) -> bool {
    let (f, t) = (coord(from), coord(to));
    let step = (t.0 - f.0, t.1 - f.1);
    if step.0 != 0 && step.1 != 0 {
        return false;
    }
    if now.king(now.turn().other()).is_none() {
        return true;
    }
    let axis = (step.0.abs(), step.1.abs());
    for sign in [1, -1] {
        let mut c = (f.0 + sign * axis.0, f.1 + sign * axis.1);
        while let Some(sq) = square_at(now, c).filter(|&sq| now.is_cell(sq)) {
            if now.piece_at(sq).is_some_and(|p| p.role != Role::Pawn) {
                return false;
            }
            c = (c.0 + sign * axis.0, c.1 + sign * axis.1);
        }
    }
    true
}

/// Every move whose result could equal the turn's, legal or not: what the
/// changed squares, the pieces taken from hand and the cages point to.
fn candidates<A: Accelerator>(now: &A, eff: &TurnEffect, changed: &[Coord]) -> SmallVec<[Move; 8]> {
    let us = now.turn();
    let kinds = now.variant().move_kinds();
    let has = |k: MoveKind| kinds.contains(&k);
    let mut out = SmallVec::new();
    let squares: SmallVec<[Square; 8]> =
        changed.iter().filter_map(|&c| square_at(now, c)).collect();
    // The filter's bounds: a piece move changes at most two squares, en
    // passant three, castling four.
    let most = if has(MoveKind::Castle) { 4 } else { 3 };
    for &from in squares.iter().filter(|_| changed.len() <= most) {
        let Some(p) = now.piece_at(from).filter(|p| p.color == us) else {
            continue;
        };
        // A piece move onto the other changed square, promoting to what
        // the turn left there.
        for &to in squares
            .iter()
            .filter(|&&to| to != from && changed.len() <= 3)
        {
            let landed = eff.get(now, coord(to)).filter(|q| q.color == us);
            let promotion = landed
                .map(|q| q.role)
                .filter(|&r| p.role == Role::Pawn && r != Role::Pawn);
            out.push(Move::Normal(PieceMove {
                role: p.role,
                from,
                to,
                capture: now.piece_at(to).map(|q| q.role),
                promotion,
            }));
            if p.role == Role::Pawn && has(MoveKind::EnPassant) && from.file() != to.file() {
                out.push(Move::EnPassant { from, to });
            }
        }
        // QK6: a pawn's step onto a cell where it is pocketed changes only
        // its origin.
        if p.role == Role::Pawn && squares.len() == 1 && has(MoveKind::Drop) {
            let ahead = match us {
                Color::White => from.rank().checked_add(1),
                Color::Black => from.rank().checked_sub(1),
            };
            if let Some(to) = ahead.and_then(|r| Square::new(from.file(), r)) {
                out.push(Move::Normal(PieceMove {
                    role: p.role,
                    from,
                    to,
                    capture: None,
                    promotion: None,
                }));
            }
        }
        if p.role == Role::King && has(MoveKind::Castle) {
            // FL8: towards the end cell of the king's rank on either side.
            let (files, _) = now.frame();
            let mut rank = (0..files)
                .filter_map(|f| Square::new(f, from.rank()))
                .filter(|&sq| now.is_cell(sq));
            let ends = [rank.next(), rank.last()];
            out.extend(
                ends.into_iter()
                    .flatten()
                    .map(|rook| Move::Castle { king: from, rook }),
            );
        }
    }
    if let &[to] = &squares[..] {
        for role in Role::ALL {
            if eff.drops[us.index()][role as usize] > 0 {
                out.push(Move::Drop { role, to });
            }
        }
    }
    if has(MoveKind::Slide) {
        let ranks = match changed.first() {
            Some(&(_, r)) => u8::try_from(r).ok().into_iter().collect(),
            None => (0..now.frame().1).collect::<SmallVec<[u8; 8]>>(),
        };
        for rank in ranks {
            out.extend([Dir::East, Dir::West].map(|dir| Move::Slide { rank, dir }));
        }
    }
    if has(MoveKind::Quake) {
        out.extend(Dir::ALL.map(|dir| Move::Quake { dir }));
    }
    if let Some(to) = eff.cages[us.index()].and_then(|c| square_at(now, c)) {
        if now.cage(us) != Some(to) {
            out.push(Move::CageMove { to });
            if let Some((end, promoted)) = now.insertion_end() {
                // SC3: promoted to what the turn left on those squares.
                let mut promotions = [None; 2];
                for (slot, sq) in promotions.iter_mut().zip(promoted.iter()) {
                    *slot = eff.get(now, coord(sq)).map(|p| p.role);
                }
                if end == to {
                    out.push(Move::CageInsert { to, promotions });
                }
            }
        }
    }
    out
}

/// The accelerator's move for `mv` when it proves it legal (a quake, and
/// a cage move's check, are judged when played), and its SAN's hints: for
/// a piece other than a pawn, those that tell it apart from the other
/// legal origins of the moves onto its target; none for any other move.
fn legal<A: Accelerator>(now: &A, mv: &Move) -> Option<(A::Move, Hints)> {
    match *mv {
        Move::Normal(PieceMove {
            role,
            from,
            to,
            promotion,
            ..
        }) => {
            // A pawn onto an empty square of another file is en passant,
            // its own candidate.
            let capture = role == Role::Pawn && from.file() != to.file();
            if capture && now.piece_at(to).is_none() {
                return None;
            }
            let onto = Onto {
                role,
                to,
                capture,
                promotion,
            };
            let (fast, origins) = now.legal_move_from(onto, from)?;
            let hints = match role {
                Role::Pawn => (false, false),
                _ => told_apart(from, origins.iter().filter(|&s| s != from)),
            };
            Some((fast, hints))
        }
        Move::EnPassant { from, to } => {
            let origins = now.legal_origins(Onto {
                role: Role::Pawn,
                to,
                capture: true,
                promotion: None,
            });
            if now.piece_at(to).is_some() || !origins.contains(from) {
                return None;
            }
            Some((now.piece_move(from, to, None)?, (false, false)))
        }
        Move::Castle { king, rook } => {
            let side = if rook > king {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            Some((now.castle(side)?, (false, false)))
        }
        _ => Some((now.special(mv)?, (false, false))),
    }
}
