//! A bitboard accelerator for replaying Slide-chess (SC0–SC4).
//!
//! The 9 × 8 frame lives on 128-bit boards (`tables`): a set of cells (the
//! 42 board squares and the two cages; every other ring square is a hole),
//! a board per role and per colour, and the two cage squares. A slider
//! stops at the first hole or piece, as the reference's cells do; a
//! relocation (SC1) moves one cell and its content, and an insertion (SC2)
//! is one shift of every board along the cage's line, so each move is
//! played into a small copy instead of the reference's 1.4 KB mailbox.
//!
//! ```
//! use fvnote::moves::Move;
//! use fvnote::rules::fast::slide::FastSlide;
//! use fvnote::rules::fast::Accelerator;
//! use fvnote::{Position, Square};
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::Slide);
//! let fast = FastSlide::from_position(&start).unwrap();
//! let relocate = |fast: &FastSlide, to: &str, next: &mut FastSlide| {
//!     let mv = fast.special(&Move::CageMove { to: to.parse().unwrap() }).unwrap();
//!     fast.play_into(mv, next).is_some()
//! };
//! let mut next = fast.clone();
//! assert!(relocate(&fast, "a5", &mut next));
//! assert_eq!(next.to_position().cage(fvnote::Color::White), Square::new(0, 4));
//! // SC1: not twice in a row (after Black's reply).
//! let mut after = next.clone();
//! assert!(relocate(&next, "a4", &mut after));
//! let mut third = after.clone();
//! assert!(!relocate(&after, "a6", &mut third));
//! ```

use std::sync::OnceLock;

use super::{game_end, Accelerator, Board, CheckMark, Onto, SquareSet};
use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::rules::movegen::counters_after;
use crate::rules::Outcome;
use crate::square::Square;
use crate::variant::Variant;

mod cage;
mod squares;
mod tables;

pub use squares::FrameSquares;
use squares::{bits, index_of, square_of};
use tables::{
    BISHOP_LINES, BOARD, EAST, FRAME, KING, KNIGHT, LAST, NORTH, NORTH_EAST, NORTH_WEST,
    PAWN_ATTACKS, RAYS, RING, ROOK_LINES, SOUTH, SOUTH_EAST, SOUTH_WEST, WEST,
};

/// The six orthodox roles, in the order of [`FastSlide`]'s boards.
const ROLES: [Role; 6] = Role::ORTHODOX;
const PAWN: usize = 0;
const KNIGHT_I: usize = 1;
const BISHOP: usize = 2;
const ROOK: usize = 3;
const QUEEN: usize = 4;
const KING_I: usize = 5;

/// A Slide-chess position on 128-bit boards (square `16 × rank + file`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastSlide {
    roles: [u128; 6],
    colors: [u128; 2],
    /// Board squares and the two cages (SC0).
    cells: u128,
    /// Each side's cage square, by owner.
    cages: [u8; 2],
    /// Whether each side's previous turn was a relocation (SC1).
    relocated: [bool; 2],
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    /// Whether the side to move is in check, found with the last move's mark.
    check: bool,
}

/// A move on the accelerator: a piece's ([`Accelerator::piece_move`]), or
/// the mover's cage moved or pushed ([`Accelerator::special`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlideMove(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Piece {
        from: u8,
        to: u8,
        role: u8,
        /// Index into [`ROLES`] of the piece the pawn becomes, if it promotes.
        promotion: Option<u8>,
    },
    /// SC1: the cage to an empty ring square.
    Relocation { to: u8 },
    /// SC2: the push, with the promotion choices (indices into [`ROLES`])
    /// of the pawns it promotes, ascending (SC3).
    Insertion { choices: [u8; 2], count: u8 },
}

#[inline]
fn bit(i: u8) -> u128 {
    1u128 << (i & 127)
}

#[inline]
fn role_index(role: Role) -> Option<usize> {
    ROLES.iter().position(|&r| r == role)
}

/// A promotion choice (SC3, G4): queen, rook, bishop or knight.
#[inline]
fn promotion_index(role: Role) -> Option<usize> {
    Role::PROMOTIONS.contains(&role).then(|| role_index(role))?
}

/// The squares along line `d` from `sq` up to and including the first
/// blocker (a piece or a hole). Lines north, east, north-east and
/// north-west run towards higher indices: their first blocker is the
/// lowest bit; the others the highest.
#[inline]
fn ray(d: usize, sq: u8, blockers: u128) -> u128 {
    let ray = RAYS[d][usize::from(sq & 127)];
    let hit = ray & blockers;
    if hit == 0 {
        return ray;
    }
    let up = matches!(d, NORTH | EAST | NORTH_EAST | NORTH_WEST);
    let first = match up {
        true => hit.trailing_zeros(),
        false => 127 - hit.leading_zeros(),
    };
    ray ^ RAYS[d][first as usize]
}

/// The squares along each line of `dirs` from `sq`, as [`ray`] gives them.
#[inline]
fn lines(dirs: [usize; 4], sq: u8, blockers: u128) -> u128 {
    dirs.into_iter()
        .fold(0, |set, d| set | ray(d, sq, blockers))
}

#[inline]
fn rook_lines(sq: u8, blockers: u128) -> u128 {
    lines([NORTH, EAST, SOUTH, WEST], sq, blockers)
}

#[inline]
fn bishop_lines(sq: u8, blockers: u128) -> u128 {
    lines(
        [NORTH_EAST, NORTH_WEST, SOUTH_WEST, SOUTH_EAST],
        sq,
        blockers,
    )
}

/// `b` moved one step of `step` squares (an insertion's shift).
#[inline]
fn shift(b: u128, step: i8) -> u128 {
    if step >= 0 {
        b << step
    } else {
        b >> -step
    }
}

/// The empty Slide-chess frame (board squares cells, ring holes), copied
/// rather than rebuilt.
fn empty_frame() -> &'static Position {
    static FRAME_POS: OnceLock<Position> = OnceLock::new();
    FRAME_POS.get_or_init(|| {
        let mut pos = Position::empty(Variant::Slide, 9, 8);
        for i in bits(BOARD) {
            if let Some(sq) = square_of(i) {
                pos.set_cell(sq, true);
            }
        }
        pos
    })
}

impl FastSlide {
    #[inline]
    fn cage_bits(&self) -> u128 {
        bit(self.cages[0]) | bit(self.cages[1])
    }

    #[inline]
    fn occupied(&self) -> u128 {
        self.colors[0] | self.colors[1]
    }

    /// The square of the king of `color` (one a side, kept so by
    /// [`FastSlide::from_position`] and legal moves; square 0 were it gone,
    /// never an index off the tables).
    #[inline]
    fn king_of(&self, color: Color) -> u8 {
        (self.roles[KING_I] & self.colors[color.index()]).trailing_zeros() as u8 & 127
    }

    /// Whether the pieces `attackers` (a subset of one side's, the side
    /// other than `defender`) attack `sq` with `occupied` standing.
    #[inline]
    fn attacked_with(&self, sq: u8, defender: Color, attackers: u128, occupied: u128) -> bool {
        let s = usize::from(sq & 127);
        let r = &self.roles;
        let steps = KNIGHT[s] & r[KNIGHT_I]
            | PAWN_ATTACKS[defender.index()][s] & r[PAWN]
            | KING[s] & r[KING_I];
        if steps & attackers != 0 {
            return true;
        }
        // Only sliders on a line through `sq` need the lines walked.
        let straight = (r[ROOK] | r[QUEEN]) & attackers & ROOK_LINES[s];
        let diagonal = (r[BISHOP] | r[QUEEN]) & attackers & BISHOP_LINES[s];
        if straight | diagonal == 0 {
            return false;
        }
        let blockers = occupied | !self.cells;
        (straight != 0 && rook_lines(sq, blockers) & straight != 0)
            || (diagonal != 0 && bishop_lines(sq, blockers) & diagonal != 0)
    }

    /// Whether the king of `color` is attacked.
    #[inline]
    fn king_attacked(&self, color: Color) -> bool {
        let them = self.colors[color.other().index()];
        self.attacked_with(self.king_of(color), color, them, self.occupied())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.check
    }

    /// G6 for the piece move `from`–`to` of a `role` of the side to move,
    /// judged on the boards as they would stand (cells do not change).
    #[inline]
    fn safe_after(&self, from: u8, to: u8, role: usize) -> bool {
        let us = self.turn;
        let (fb, tb) = (bit(from), bit(to));
        let king = if role == KING_I {
            to
        } else {
            let k = self.king_of(us);
            // Out of check, only a piece on a line through the king can
            // uncover an attack on it.
            let k_lines = ROOK_LINES[usize::from(k)] | BISHOP_LINES[usize::from(k)];
            if !self.check && k_lines & fb == 0 {
                return true;
            }
            k
        };
        let occupied = (self.occupied() & !fb) | tb;
        let them = self.colors[us.other().index()] & !tb;
        !self.attacked_with(king, us, them, occupied)
    }

    /// Where a `role` piece of the side to move on `from` may go by
    /// movement alone (G3, SC0, SC4), captures included.
    fn targets(&self, role: usize, from: u8) -> u128 {
        let us = self.turn.index();
        let ours = self.colors[us];
        let theirs = self.colors[us ^ 1];
        let free = self.cells & !ours;
        let f = usize::from(from & 127);
        match role {
            PAWN => {
                let one = if us == 0 {
                    bit(from) << 16
                } else {
                    bit(from) >> 16
                };
                one & FRAME & self.cells & !self.occupied() | PAWN_ATTACKS[us][f] & theirs
            }
            KNIGHT_I => KNIGHT[f] & free,
            BISHOP => bishop_lines(from, self.occupied() | !self.cells) & free,
            ROOK => rook_lines(from, self.occupied() | !self.cells) & free,
            QUEEN => {
                let blockers = self.occupied() | !self.cells;
                (bishop_lines(from, blockers) | rook_lines(from, blockers)) & free
            }
            // SC4: a king never steps into a cage.
            _ => KING[f] & free & !self.cage_bits(),
        }
    }

    /// Passes the turn and advances the counters (G5).
    #[inline]
    fn finish_turn(&mut self, reset_clock: bool) {
        (self.halfmoves, self.fullmoves) =
            counters_after(self.halfmoves, self.fullmoves, self.turn, reset_clock);
        self.turn = self.turn.other();
    }

    /// The mark the move that reached this position deserves: check when
    /// the side to move is attacked, mate when it has no legal move too.
    fn mark(&mut self) -> CheckMark {
        self.check = self.king_attacked(self.turn);
        if !self.check {
            CheckMark::None
        } else if self.has_legal_move() {
            CheckMark::Check
        } else {
            CheckMark::Mate
        }
    }

    /// Plays the piece move `from`–`to` of a `role` piece (promoting to the
    /// role of index `promotion`) into `next`; its mark.
    fn play_piece(
        &self,
        from: u8,
        to: u8,
        role: usize,
        promotion: Option<u8>,
        next: &mut FastSlide,
    ) -> CheckMark {
        *next = *self;
        let us = self.turn.index();
        let (fb, tb) = (bit(from), bit(to));
        let capture = self.colors[us ^ 1] & tb != 0;
        if capture {
            for b in next.roles.iter_mut() {
                *b &= !tb;
            }
            next.colors[us ^ 1] &= !tb;
        }
        next.roles[role] &= !fb;
        next.roles[promotion.map_or(role, usize::from)] |= tb;
        next.colors[us] ^= fb | tb;
        next.relocated[us] = false;
        next.finish_turn(role == PAWN || capture);
        next.mark()
    }

    /// Whether the side to move has a legal move: a piece move, a
    /// relocation or an insertion.
    fn has_legal_move(&self) -> bool {
        let us = self.turn.index();
        let ours = self.colors[us];
        // After a check the king's steps are the likeliest replies.
        let king = self.king_of(self.turn);
        if bits(self.targets(KING_I, king)).any(|t| self.safe_after(king, t, KING_I)) {
            return true;
        }
        for role in PAWN..KING_I {
            for from in bits(self.roles[role] & ours) {
                if bits(self.targets(role, from)).any(|t| self.safe_after(from, t, role)) {
                    return true;
                }
            }
        }
        let mut next = *self;
        if !self.relocated[us] && bits(RING & !self.cells).any(|t| self.relocation(t, &mut next)) {
            return true;
        }
        let Some(push) = self.push() else {
            return false;
        };
        // Promoting an enemy pawn may check the mover (SC3): every choice.
        const CHOICES: [usize; 4] = [QUEEN, ROOK, BISHOP, KNIGHT_I];
        let mut legal = |c: &[usize]| {
            self.insertion(push, c, &mut next).is_some() && !next.king_attacked(self.turn)
        };
        legal(&[])
            || CHOICES.iter().any(|&a| legal(&[a]))
            || CHOICES
                .iter()
                .any(|&a| CHOICES.iter().any(|&b| legal(&[a, b])))
    }
}

impl Accelerator for FastSlide {
    type Move = SlideMove;
    type Squares = FrameSquares;

    fn origins(&self, onto: Onto) -> Option<FrameSquares> {
        let (role, to, capture, promotion) = onto.parts();
        let ti = index_of(to)?;
        let tb = bit(ti);
        let r = role_index(role)?;
        let us = self.turn.index();
        if self.cells & tb == 0 || self.colors[us] & tb != 0 {
            return None;
        }
        let t = usize::from(ti);
        let ours = self.roles[r] & self.colors[us];
        let blockers = self.occupied() | !self.cells;
        let candidates = match r {
            PAWN => {
                let last = LAST[us] & tb != 0;
                if last != promotion.is_some()
                    || promotion.is_some_and(|p| promotion_index(p).is_none())
                {
                    return None;
                }
                if capture {
                    if self.colors[us ^ 1] & tb == 0 {
                        return None;
                    }
                    PAWN_ATTACKS[us ^ 1][t] & ours
                } else {
                    if self.occupied() & tb != 0 {
                        return None;
                    }
                    let back = if us == 0 { tb >> 16 } else { tb << 16 };
                    back & ours
                }
            }
            _ if promotion.is_some() => return None,
            KNIGHT_I => KNIGHT[t] & ours,
            BISHOP => bishop_lines(ti, blockers) & ours,
            ROOK => rook_lines(ti, blockers) & ours,
            QUEEN => (bishop_lines(ti, blockers) | rook_lines(ti, blockers)) & ours,
            _ if self.cage_bits() & tb != 0 => return None,
            _ => KING[t] & ours,
        };
        let mut legal = 0;
        for from in bits(candidates) {
            if self.safe_after(from, ti, r) {
                legal |= bit(from);
            }
        }
        Some(FrameSquares(legal))
    }

    /// The accelerator's copy of a Slide-chess position; `None` for another
    /// variant or a position it does not model (castling rights, an en
    /// passant square, pieces in hand or not exactly one king a side, a
    /// king in a cage, a pawn unpromoted on its last rank).
    fn from_position(pos: &Position) -> Option<FastSlide> {
        if pos.variant() != Variant::Slide
            || pos.frame() != (9, 8)
            || !pos.castling().is_empty()
            || pos.ep_square().is_some()
            || pos.hands != [[0; 13]; 2]
        {
            return None;
        }
        let mut fast = FastSlide {
            roles: [0; 6],
            colors: [0; 2],
            cells: 0,
            cages: [0; 2],
            relocated: pos.relocated,
            turn: pos.turn(),
            halfmoves: pos.halfmoves(),
            fullmoves: pos.fullmoves(),
            check: false,
        };
        for (slot, cage) in fast.cages.iter_mut().zip(pos.cages) {
            *slot = index_of(cage?)?;
        }
        if fast.cages[0] == fast.cages[1] || fast.cage_bits() & RING != fast.cage_bits() {
            return None;
        }
        for sq in pos.squares() {
            let i = index_of(sq)?;
            let cell = pos.is_cell(sq);
            let cage = fast.cage_bits() & bit(i) != 0;
            // SC0: board squares are cells; ring squares are holes but the cages.
            if cell != (BOARD & bit(i) != 0 || cage) {
                return None;
            }
            if cell {
                fast.cells |= bit(i);
            }
            if let Some(p) = pos.piece_at(sq) {
                let r = role_index(p.role)?;
                fast.roles[r] |= bit(i);
                fast.colors[p.color.index()] |= bit(i);
            }
        }
        let kings = fast.roles[KING_I];
        let ok = Color::ALL
            .iter()
            .all(|&c| (kings & fast.colors[c.index()]).count_ones() == 1)
            && kings & fast.cage_bits() == 0
            && fast.roles[PAWN] & (fast.colors[0] & LAST[0] | fast.colors[1] & LAST[1]) == 0;
        fast.check = ok && fast.king_attacked(fast.turn);
        ok.then_some(fast)
    }

    /// The reference position, equal to the one the reference engine reaches.
    fn to_position(&self) -> Position {
        let mut pos = empty_frame().clone();
        for (c, &cage) in self.cages.iter().enumerate() {
            if let Some(sq) = square_of(cage) {
                pos.set_cell(sq, true);
                pos.cages[c] = Some(sq);
            }
        }
        for color in Color::ALL {
            for (r, &role) in ROLES.iter().enumerate() {
                for i in bits(self.roles[r] & self.colors[color.index()]) {
                    if let Some(sq) = square_of(i) {
                        pos.set(sq, Some(Piece::new(color, role)));
                    }
                }
            }
        }
        pos.turn = self.turn;
        pos.relocated = self.relocated;
        pos.halfmoves = self.halfmoves;
        pos.fullmoves = self.fullmoves;
        pos
    }

    /// How the game stands: mate or stalemate, as `Position::outcome`.
    fn outcome(&self) -> Option<Outcome> {
        game_end(self.has_legal_move(), || self.is_check(), self.turn)
    }

    /// The move of the piece on `from` to `to`, if both are on the frame
    /// and `from` holds a piece of the side to move.
    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<SlideMove> {
        let (f, t) = (index_of(from)?, index_of(to)?);
        if self.colors[self.turn.index()] & bit(f) == 0 {
            return None;
        }
        let role = self.roles.iter().position(|b| b & bit(f) != 0)?;
        let promotion = match promotion {
            Some(p) => Some(promotion_index(p)? as u8),
            None => None,
        };
        Some(SlideMove(Kind::Piece {
            from: f,
            to: t,
            role: role as u8,
            promotion,
        }))
    }

    #[inline]
    fn is_capture(&self, mv: SlideMove) -> bool {
        match mv.0 {
            Kind::Piece { to, .. } => self.colors[self.turn.other().index()] & bit(to) != 0,
            _ => false,
        }
    }

    /// A cage move (SC1) or insertion (SC2, SC3) of the mover's cage.
    fn special(&self, mv: &Move) -> Option<SlideMove> {
        match *mv {
            Move::CageMove { to } => Some(SlideMove(Kind::Relocation { to: index_of(to)? })),
            Move::CageInsert { to, promotions } => {
                let mut choices = [0; 2];
                let mut count = 0;
                for role in promotions.into_iter().flatten() {
                    choices[count] = promotion_index(role)? as u8;
                    count += 1;
                }
                let end = self.push()?.end;
                (index_of(to)? == end).then_some(SlideMove(Kind::Insertion {
                    choices,
                    count: count as u8,
                }))
            }
            _ => None,
        }
    }

    /// A relocation that gives check or exposes the king, and an insertion
    /// whose choices are not one per pawn it promotes or that leaves the
    /// mover's king attacked, are refused here (SC1, SC3, G6).
    fn play_into(&self, mv: SlideMove, next: &mut FastSlide) -> Option<CheckMark> {
        match mv.0 {
            Kind::Piece {
                from,
                to,
                role,
                promotion,
            } => Some(self.play_piece(from, to, usize::from(role), promotion, next)),
            Kind::Relocation { to } => self.relocation(to, next).then_some(CheckMark::None),
            Kind::Insertion { choices, count } => {
                let choices = choices.map(usize::from);
                self.insertion(self.push()?, &choices[..usize::from(count)], next)?;
                (!next.king_attacked(self.turn)).then(|| next.mark())
            }
        }
    }

    /// Where the mover's cage ends when it pushes (SC2) and the squares
    /// that push would promote on (SC3), ascending; `None` when it cannot
    /// push.
    fn insertion_end(&self) -> Option<(Square, FrameSquares)> {
        let push = self.push()?;
        let seg = push.segment;
        let moved = |b: u128| (b & !seg) | shift(b & seg, push.step);
        let pawns = moved(self.roles[PAWN]);
        let promoted = pawns & (moved(self.colors[0]) & LAST[0] | moved(self.colors[1]) & LAST[1]);
        Some((square_of(push.end)?, FrameSquares(promoted)))
    }
}

impl Board for FastSlide {
    fn variant(&self) -> Variant {
        Variant::Slide
    }
    fn frame(&self) -> (u8, u8) {
        (9, 8)
    }
    fn turn(&self) -> Color {
        self.turn
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = bit(index_of(sq)?);
        let color = Color::ALL
            .into_iter()
            .find(|c| self.colors[c.index()] & b != 0)?;
        let r = self.roles.iter().position(|x| x & b != 0)?;
        Some(Piece::new(color, ROLES[r]))
    }
    /// SC0: a board square or a cage.
    fn is_cell(&self, sq: Square) -> bool {
        index_of(sq).is_some_and(|i| self.cells & bit(i) != 0)
    }
    fn king(&self, color: Color) -> Option<Square> {
        square_of(self.king_of(color))
    }
    fn cage(&self, color: Color) -> Option<Square> {
        square_of(self.cages[color.index()])
    }
    /// Pieces and cells: a cage carries its cell (SC1, SC2).
    fn differences(&self, other: &FastSlide) -> impl Iterator<Item = Square> {
        let mut d = (self.colors[0] ^ other.colors[0]) | (self.colors[1] ^ other.colors[1]);
        for (a, b) in self.roles.iter().zip(&other.roles) {
            d |= a ^ b;
        }
        FrameSquares(d | (self.cells ^ other.cells)).iter()
    }
}
