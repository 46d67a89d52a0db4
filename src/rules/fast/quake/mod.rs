//! The Quake Chess accelerator, both armies (QK0–QK7): the reference
//! position and rules, asked only what a clean token needs, beside the
//! cells kept as bit rows between plies. Keeping the reference board makes
//! it exact by construction; a profile showed the reference path's time
//! going to what a clean token does not need (its canonical SAN written
//! out, every candidate generated for one move), not to the board.
//!
//! What it saves over SAN resolution on the reference engine: a drop
//! (`N@e4`, QK7) or a quake (`K-qn`, QK1) is judged alone instead of among
//! every candidate drop and quake; a quake is planned once on the kept
//! rows (only a quake changes them, and its plan holds the new ones), for
//! its judgement and its move together; QK2 is tested only where the
//! quake can break it (`shape`) and QK6 only on the cells it moved
//! (`pocket`); the check a piece move or drop gives is found from the
//! squares it touched (`check`), and a piece with no enemy slider behind
//! it on a line from its king is legal without a scan; no canonical SAN
//! is written.
//!
//! ```
//! use fvnote::moves::{Dir, Move};
//! use fvnote::piece::Role;
//! use fvnote::rules::fast::quake::FastQuake;
//! use fvnote::rules::fast::Accelerator;
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::Quake);
//! let fast = FastQuake::from_position(&start).unwrap();
//! let mut next = fast.clone();
//! // QK1: the same judgement of `K-qn` as the reference engine's.
//! let quake = Move::Quake { dir: Dir::North };
//! let legal = start.legal_moves().contains(&quake);
//! let mv = fast.special(&quake).unwrap();
//! assert_eq!(fast.play_into(mv, &mut next).is_some(), legal);
//! // QK7: nothing in hand yet.
//! let drop = Move::Drop { role: Role::Knight, to: "e3".parse().unwrap() };
//! assert!(fast.special(&drop).is_none());
//! ```

use super::{game_end, Accelerator, Board, CheckMark, Onto};
use crate::moves::{Dir, Move, PieceMove};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::rules::quake::{self, Quake, Rows};
use crate::rules::{movegen, Outcome, Rules};
use crate::square::Square;
use crate::variant::Variant;
use std::sync::atomic::{AtomicU64, Ordering};

mod check;
mod onto;
mod pocket;
mod reply;
mod shape;

pub use onto::{OntoList, Origins};

/// A Quake Chess position (either army) on the accelerator.
#[derive(Debug)]
pub struct FastQuake {
    pos: Position,
    /// Whether the side to move is in check: known from the mark of the
    /// move that led here, and asked by the next quake (QK4).
    in_check: bool,
    /// The cells of `pos` as bit rows (`quake::read_rows`).
    rows: Rows,
    /// Which `rows` these are: equal ids, equal rows. Only a quake changes
    /// the cells, so a piece move or a drop copies the rows only into a
    /// slot that holds other ones.
    rows_id: u64,
    /// Whether the cells meet QK2, so that a quake needs testing only
    /// where it can break it.
    shape_ok: bool,
}

impl Accelerator for FastQuake {
    type Move = Move;
    type Squares = Origins;

    /// Not a position no game reaches (a pawn without its forward cell,
    /// QK6, or the side not to move in check): the rules judge those.
    fn from_position(pos: &Position) -> Option<FastQuake> {
        if !matches!(pos.variant(), Variant::Quake | Variant::QuakeLb) {
            return None;
        }
        Self::read(pos)
    }

    fn to_position(&self) -> Position {
        self.pos.clone()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ends()
    }

    /// QK6: no promotion; the moves of [`FastQuake::legal_moves_onto`].
    fn origins(
        &self,
        Onto {
            role,
            to,
            promotion,
            ..
        }: Onto,
    ) -> Option<Origins> {
        promotion.is_none().then(|| {
            let mut out = Origins::default();
            let moves = self.legal_moves_onto(role, to);
            moves
                .iter()
                .filter_map(Move::from)
                .for_each(|from| out.push(from));
            out
        })
    }

    /// The move's legality alone, and its rivals' only where SAN needs
    /// them: a piece other than a pawn with another candidate origin.
    fn legal_move_from(&self, onto: Onto, from: Square) -> Option<(Move, Origins)> {
        let (role, to, _, promotion) = onto.parts();
        if promotion.is_some() {
            return None;
        }
        let (mv, candidates) = self.between(role, from, to)?;
        let mut origins = Origins::default();
        origins.push(from);
        if role != Role::Pawn {
            candidates
                .iter()
                .filter(|m| m.from() != Some(from) && self.legal_candidate(m))
                .filter_map(Move::from)
                .for_each(|sq| origins.push(sq));
        }
        // The same as every legal origin, but for a pawn's rivals.
        debug_assert!(self.origins(onto).is_some_and(|all| {
            use super::SquareSet;
            let rivals = |set: Origins| set.iter().filter(|&sq| sq != from).count();
            all.contains(from) && (role == Role::Pawn || rivals(all) == rivals(origins))
        }));
        Some((mv, origins))
    }

    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let pos = &self.pos;
        let p = pos.piece_at(from).filter(|p| p.color == pos.turn())?;
        let capture = pos.piece_at(to).map(|q| q.role);
        Some(Move::Normal(PieceMove {
            role: p.role,
            from,
            to,
            capture,
            promotion,
        }))
    }

    fn is_capture(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// A legal drop (QK7), or a quake (QK1), judged when played.
    fn special(&self, mv: &Move) -> Option<Move> {
        match *mv {
            Move::Drop { role, to } => self.drop_move(role, to),
            Move::Quake { .. } => Some(*mv),
            _ => None,
        }
    }

    fn play_into(&self, mv: Move, next: &mut FastQuake) -> Option<CheckMark> {
        match mv {
            Move::Quake { dir } => self.quake_into(dir, next),
            _ => Some(self.play_piece_into(&mv, next)),
        }
    }
}

impl FastQuake {
    /// [`Accelerator::from_position`] for a Quake Chess position.
    fn read(pos: &Position) -> Option<FastQuake> {
        let them = pos.turn().other();
        let unpocketed = pos.cells().any(|sq| {
            pos.piece_at(sq).is_some_and(|p| {
                p.role == Role::Pawn && quake::lacks_forward_cell(pos, sq, p.color)
            })
        });
        if unpocketed
            || pos
                .king(them)
                .is_some_and(|k| pos.is_attacked(k, pos.turn()))
        {
            return None;
        }
        let rows = quake::read_rows(pos);
        let band = band(&rows)?;
        Some(FastQuake {
            pos: pos.clone(),
            in_check: pos.is_check(),
            shape_ok: quake::shape_violation(&rows, band).is_none(),
            rows,
            rows_id: new_rows_id(),
        })
    }

    /// The position, borrowed.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// How the game stands (mate or stalemate), as `Position::outcome`.
    fn ends(&self) -> Option<Outcome> {
        let pos = &self.pos;
        let us = pos.turn();
        if self.in_check {
            // QK4: the check is known; only the replies are looked for.
            return game_end(reply::has_reply(pos), || true, us);
        }
        // A safe king step is a legal move, so no stalemate.
        let king_moves = pos
            .king(us)
            .is_some_and(|k| reply::king_steps(pos, k).any(|to| check::king_step_safe(pos, k, to)));
        match king_moves {
            true => None,
            false => pos.outcome(),
        }
    }

    /// The legal piece moves of a `role` onto `to`, in a short list (Quake
    /// Chess has no en passant or castling, QK6, QK7).
    pub fn legal_moves_onto(&self, role: Role, to: Square) -> OntoList {
        let pos = &self.pos;
        let mut out = OntoList::new();
        onto::candidates_onto(pos, role, to, &mut out);
        out.retain(|m| self.legal_candidate(m));
        out
    }

    /// Whether a candidate of `onto::candidates_onto` is legal.
    fn legal_candidate(&self, m: &Move) -> bool {
        let pos = &self.pos;
        match *m {
            // QK4: only a quake's legality reads whether the mover is in
            // check; a piece move is judged on the board after it (G6).
            Move::Normal(PieceMove {
                role: Role::King,
                from,
                to,
                ..
            }) => check::king_step_safe(pos, from, to),
            Move::Normal(PieceMove { role, from, to, .. }) => {
                check::surely_safe(pos, self.in_check, role, from, to)
                    || pos.is_legal_candidate_in(m, false)
            }
            _ => false,
        }
    }

    /// The legal piece move of a `role` from `from` onto `to`, if there is
    /// one: [`FastQuake::legal_moves_onto`]'s move from `from`, the other
    /// origins' legality not asked.
    pub fn legal_move_between(&self, role: Role, from: Square, to: Square) -> Option<Move> {
        self.between(role, from, to).map(|(mv, _)| mv)
    }

    /// [`FastQuake::legal_move_between`], with the candidates onto `to`.
    fn between(&self, role: Role, from: Square, to: Square) -> Option<(Move, OntoList)> {
        let mut candidates = OntoList::new();
        onto::candidates_onto(&self.pos, role, to, &mut candidates);
        let mv = *candidates.iter().find(|m| m.from() == Some(from))?;
        self.legal_candidate(&mv).then_some((mv, candidates))
    }

    /// The drop of `role` on `to` when it is legal (QK7: a piece in hand,
    /// an empty cell, a pawn's limits, the mover's king not attacked after
    /// it); `None` otherwise.
    fn drop_move(&self, role: Role, to: Square) -> Option<Move> {
        let mv = Move::Drop { role, to };
        // A candidate of `Quake::candidates` is a drop of a role in hand on
        // an empty cell, which `Quake::check` tests again, and never of a
        // king (no hand should hold one; the candidates say so whatever
        // the hand). A drop's legality does not read whether the mover is
        // in check.
        // Not in check, a drop can only shield the king (G6).
        let legal = role != Role::King
            && match self.in_check {
                false => quake::drop_allowed(&self.pos, role, to).is_ok(),
                true => self.pos.is_legal_candidate_in(&mv, false),
            };
        legal.then_some(mv)
    }

    /// Plays the mover's quake in `dir` into `next` when it is legal
    /// (QK1–QK6) and says whether it checks or mates; `None` (and `next`
    /// holds anything) when it is not legal.
    fn quake_into(&self, dir: Dir, next: &mut FastQuake) -> Option<CheckMark> {
        let pos = &self.pos;
        let us = pos.turn();
        // QK4: no quake in check.
        if self.in_check {
            return None;
        }
        let king = pos.king(us)?;
        // The quake is planned on `next`'s rows, which no longer hold what
        // their id says, whatever the verdict.
        next.rows_id = STALE_ROWS;
        next.rows = self.rows;
        let rows = &mut next.rows;
        let plan = quake::plan_on(rows, pos.ranks, king, pos.king(us.other()), dir).ok()?;
        // QK2: where the quake can break it, else everywhere.
        if !(self.shape_ok && shape::quake_keeps_shape(rows, &plan))
            && quake::shape_violation(rows, plan.band).is_some()
        {
            return None;
        }
        next.pos.clone_frame_from(pos);
        quake::apply_plan(&mut next.pos, &plan);
        // QK6 at the end of the move, then QK4 on the board after it (the
        // mover still to move), by the rules' own test: a test of only what
        // the quake moved was measured to cost more than the whole one.
        pocket::pocket_after_quake(&mut next.pos, &plan, &next.rows, us);
        if Quake::in_check(&next.pos) {
            return None;
        }
        // What `Quake::play` does after the quake.
        next.pos.ep = None;
        movegen::finish_turn(&mut next.pos, false);
        normalise(&plan, &mut next.rows);
        next.rows_id = new_rows_id();
        next.shape_ok = true;
        // The other side to move now: whether the quake checks it.
        let check = Quake::in_check(&next.pos);
        Some(next.marked(mark_of(check, &next.pos)))
    }

    /// Plays the legal piece move or drop `mv` into `next` and says whether
    /// it checks or mates.
    fn play_piece_into(&self, mv: &Move, next: &mut FastQuake) -> CheckMark {
        next.pos.clone_frame_from(&self.pos);
        next.pos.play_in_place(mv);
        if next.rows_id != self.rows_id {
            next.rows = self.rows;
            next.rows_id = self.rows_id;
        }
        next.shape_ok = self.shape_ok;
        let touched = match *mv {
            Move::Normal(PieceMove { from, to, .. }) => Some((Some(from), to)),
            Move::Drop { to, .. } => Some((None, to)),
            _ => None,
        };
        let check = match touched {
            Some((from, to)) => check::in_check_after(&next.pos, from, to),
            None => next.pos.gives_check_mark(),
        };
        next.marked(mark_of(check, &next.pos))
    }

    /// Keeps whether the side to move is in check, which is what a mark
    /// says in Quake Chess (its `gives_check` is `in_check`).
    fn marked(&mut self, mark: CheckMark) -> CheckMark {
        self.in_check = mark != CheckMark::None;
        mark
    }
}

/// The mark of a move into `after`, given whether it checks: `#` when the
/// side in check has no reply.
fn mark_of(check: bool, after: &Position) -> CheckMark {
    match check {
        false => CheckMark::None,
        true if reply::has_reply(after) => CheckMark::Check,
        true => CheckMark::Mate,
    }
}

impl Board for FastQuake {
    fn variant(&self) -> Variant {
        self.pos.variant()
    }
    fn frame(&self) -> (u8, u8) {
        self.pos.frame()
    }
    fn turn(&self) -> Color {
        self.pos.turn()
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pos.piece_at(sq)
    }
    fn is_cell(&self, sq: Square) -> bool {
        self.pos.is_cell(sq)
    }
    fn king(&self, color: Color) -> Option<Square> {
        self.pos.king(color)
    }
    fn in_hand(&self, color: Color, role: Role) -> u8 {
        self.pos.in_hand(color, role)
    }
    fn differences(&self, other: &FastQuake) -> impl Iterator<Item = Square> {
        self.pos.differences(&other.pos)
    }
}

impl Clone for FastQuake {
    fn clone(&self) -> FastQuake {
        FastQuake {
            pos: self.pos.clone(),
            in_check: self.in_check,
            rows: self.rows,
            rows_id: self.rows_id,
            shape_ok: self.shape_ok,
        }
    }

    /// Copies only the mailbox rows of the frame, and the cell rows only
    /// when they differ: a replay adopts one position per ply this way.
    fn clone_from(&mut self, src: &FastQuake) {
        self.pos.clone_frame_from(&src.pos);
        if self.rows_id != src.rows_id || src.rows_id == STALE_ROWS {
            self.rows = src.rows;
            self.rows_id = src.rows_id;
        }
        self.in_check = src.in_check;
        self.shape_ok = src.shape_ok;
    }
}

impl PartialEq for FastQuake {
    fn eq(&self, other: &FastQuake) -> bool {
        self.pos == other.pos
            && self.in_check == other.in_check
            && self.rows == other.rows
            && self.shape_ok == other.shape_ok
    }
}
impl Eq for FastQuake {}

/// The `rows_id` of rows being rewritten: [`new_rows_id`] gives every
/// other value first.
const STALE_ROWS: u64 = u64::MAX;

/// A `rows_id` no other rows have had.
fn new_rows_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The first and last occupied row of `rows`; `None` for no cells.
fn band(rows: &Rows) -> Option<(usize, usize)> {
    let first = rows.iter().position(|&r| r != 0)?;
    let last = rows.iter().rposition(|&r| r != 0)?;
    Some((first, last))
}

/// The cells `rows` after `plan`, moved by its shift (QK5) in place, as
/// the board has them. Most quakes leave the frame's corner where it was:
/// then nothing moves.
fn normalise(plan: &quake::Plan, rows: &mut Rows) {
    let (sf, sr) = plan.shift;
    if (sf, sr) == (0, 0) {
        return;
    }
    let (first, last) = plan.band;
    let before = *rows;
    rows.fill(0);
    for (i, &row) in before.iter().enumerate().take(last + 1).skip(first) {
        let row = if sf >= 0 { row >> sf } else { row << -sf };
        if let Some(slot) = (i as i16 - sr)
            .try_into()
            .ok()
            .and_then(|j: usize| rows.get_mut(j))
        {
            *slot = row;
        }
    }
}
