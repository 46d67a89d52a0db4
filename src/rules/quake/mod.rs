//! Quake Chess, DF army (`quake`) and LB army (`quake-lb`) (RULINGS QK0–QK7).
//!
//! - QK0: frame a–h × 1–6 with holes at a1 and h6. DF: Black `r n n k b b r` on
//!   a6–g6, White `R B B K N N R` on b1–h1, pawns on ranks 5 and 2. LB: the
//!   compounds `rb nb nr k br bn rn` / `RN BN BR K NR NB RB`; a compound moves
//!   quietly like its carrier and captures, attacks and checks like its hunter
//!   (the shared [`movegen`] already splits them by `Role::hunter/carrier`).
//! - QK1: instead of moving, the king quakes `n`/`s`/`e`/`w`: its *strip* (the
//!   maximal run of adjacent cells through the king along the quake's axis) moves
//!   one step with everything on it (`rows`: the strip a run of bits).
//! - QK2: afterwards all cells must be orthogonally connected (a), the cells of
//!   each (file+rank) parity diagonally connected (b), and all cells knight
//!   connected (c) (`shape`, on the same bit rows).
//! - QK3: no quake of a strip that holds both kings. QK4: no quake in check, and
//!   none leaving the mover's king attacked.
//! - QK5: after every move the frame is the bounding box of the cells, renamed
//!   from `a1` (`rows`); a frame wider than 26 files (`a`–`z`) or taller
//!   than [`MAX_RANKS`] makes the quake illegal (squares beyond it have no name).
//! - QK6: pawns step one cell forward and capture diagonally forward; no double
//!   step, en passant nor promotion. At the end of every move each pawn of either
//!   colour without a forward cell goes into the mover's hand as the mover's
//!   pawn; king safety is judged after that pocketing.
//! - QK7: captured pieces go to the capturer's hand in the capturer's colour (LB
//!   pieces keep their type); drops on any empty cell, pawns not where their
//!   forward cell is missing nor into a vertical strip that holds any pawn. No
//!   castling.

mod pocket;
pub(crate) mod rows;
mod shape;

pub(crate) use pocket::{drop_allowed, lacks_forward_cell, pocket_pawn_at};
pub use rows::Coord;
pub(crate) use rows::{apply as apply_plan, plan, plan_on, read_rows, Plan, Rows, MARGIN, ROWS};
pub(crate) use shape::{shape_violation, DIAG_STEPS, KNIGHT_STEPS, ORTH_STEPS};

use crate::moves::{Dir, Move, MoveList, PieceMove};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::rules::fit::{Field, Unfit};
use crate::rules::movegen::{self, PawnRules};
use crate::rules::{Illegal, Rules, Scope};
use crate::square::{Square, MAX_FILES, MAX_RANKS};
use crate::variant::Variant;

use pocket::{drop_candidates, pocket_pawns};
use rows::{coord, quake_board, quake_in_place, strip_ends};

/// Quake Chess, both armies.
pub struct Quake;

/// QK6: single steps only.
const PAWNS: PawnRules = PawnRules {
    double_step: false,
    en_passant: false,
};

/// QK6: no promotion.
fn never_promotes(_: Color, _: Square) -> bool {
    false
}

/// The pieces each army may have (QK0): DF orthodox without queens, LB compounds.
fn role_allowed(variant: Variant, role: Role) -> bool {
    match role {
        Role::Pawn | Role::King => true,
        Role::Queen => false,
        r if r.is_compound() => variant == Variant::QuakeLb,
        _ => variant == Variant::Quake,
    }
}

impl Rules for Quake {
    fn start(variant: Variant) -> Position {
        let mut pos = Position::empty(variant, 8, 6);
        // QK0: hunters as DF; LB carriers N N R K R B B.
        let (white, black): ([&str; 8], [&str; 8]) = if variant == Variant::QuakeLb {
            (
                ["*", "RN", "BN", "BR", "K", "NR", "NB", "RB"],
                ["RB", "NB", "NR", "K", "BR", "BN", "RN", "*"],
            )
        } else {
            (
                ["*", "R", "B", "B", "K", "N", "N", "R"],
                ["R", "N", "N", "K", "B", "B", "R", "*"],
            )
        };
        movegen::place_start_ranks(&mut pos, 0, &white, &["P"; 8], &[[""; 8]; 2], &black);
        pos
    }

    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        let us = pos.turn;
        movegen::all_piece_moves(pos, PAWNS, &never_promotes, scope, out);
        if !scope.extras() {
            return;
        }
        // QK7: drops on any empty cell (pawn limits are checked in `check`).
        drop_candidates(pos, out);
        // QK1: quakes.
        if pos.king(us).is_some() {
            for dir in Dir::ALL {
                out.push(Move::Quake { dir });
            }
        }
    }

    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        checked(pos, mv, || Self::in_check(pos))
    }

    fn check_in(pos: &Position, mv: &Move, in_check: bool) -> Result<(), Illegal> {
        checked(pos, mv, || in_check)
    }

    fn play(pos: &mut Position, mv: &Move) {
        let us = pos.turn;
        match *mv {
            Move::Normal(PieceMove { capture, .. }) => {
                // QK7: the capturer pockets the piece in its own colour.
                if let Some(role) = capture.filter(|&r| r != Role::King) {
                    pos.add_to_hand(us, role, 1);
                }
                movegen::play_piece_move(pos, mv);
                // QK6: the cells stay as they are, so only a pawn that
                // stepped onto a cell without a forward cell is pocketed.
                if let Move::Normal(PieceMove {
                    role: Role::Pawn,
                    to,
                    ..
                }) = *mv
                {
                    pocket_pawn_at(pos, to, us);
                }
            }
            Move::Drop { role, to } => {
                // QK7 keeps pawns off cells without a forward cell: nothing
                // to pocket (QK6).
                pos.add_to_hand(us, role, -1);
                pos.set(to, Some(Piece::new(us, role)));
                pos.ep = None;
                movegen::finish_turn(pos, false);
            }
            Move::Quake { dir } => {
                // A legal quake: its shape was tested by `check` (QK2).
                quake_in_place(pos, dir);
                pos.ep = None;
                movegen::finish_turn(pos, false);
                // QK6: pocketing at the end of the move, by the mover.
                pocket_pawns(pos, us);
            }
            _ => movegen::finish_turn(pos, false),
        }
    }

    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        movegen::attacked_by(pos, target, by, |_, _| true)
    }

    fn validate(pos: &Position) -> Result<(), Unfit> {
        if Color::ALL.iter().any(|&c| pos.count_kings(c) != 1) {
            return Err("each side must have exactly one king".into());
        }
        let (files, ranks) = pos.frame();
        if files > MAX_FILES || ranks > MAX_RANKS {
            return Err("the frame is larger than 26 files (a–z) by 40 ranks".into());
        }
        let edge = |on: &dyn Fn(Square) -> bool| pos.cells().any(on);
        if !edge(&|s| s.file() == 0)
            || !edge(&|s| s.file() + 1 == files)
            || !edge(&|s| s.rank() == 0)
            || !edge(&|s| s.rank() + 1 == ranks)
        {
            return Err("the frame must be the bounding box of the cells (QK5)".into());
        }
        let variant = pos.variant();
        for sq in pos.cells() {
            if let Some(p) = pos.piece_at(sq) {
                if !role_allowed(variant, p.role) {
                    return Err("a piece that does not belong to this army (QK0)".into());
                }
                if p.role == Role::Pawn && lacks_forward_cell(pos, sq, p.color) {
                    return Err(
                        "a pawn without a forward cell would have been pocketed (QK6)".into(),
                    );
                }
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                if pos.in_hand(color, role) > 0 && !role_allowed(variant, role) {
                    return Err(Unfit::new(
                        Field::Pockets,
                        "QK0",
                        format!(
                            "pieces of the {variant} army in hand (QK0), but a {} is there",
                            role.name()
                        ),
                    ));
                }
            }
        }
        let them = pos.turn.other();
        if pos
            .king(them)
            .is_some_and(|k| Self::attacked(pos, k, pos.turn))
        {
            return Err("the side not to move is in check".into());
        }
        Ok(())
    }

    fn explain(pos: &Position, mv: &Move, ill: &Illegal) -> String {
        if let (Move::Quake { dir }, "QK5") = (mv, ill.ruling) {
            if let Some(k) = pos.king(pos.turn) {
                let along_row = matches!(dir, Dir::East | Dir::West);
                let (lo, hi) = strip_ends(&read_rows(pos), coord(k), along_row);
                let cells = (hi.0 - lo.0) + (hi.1 - lo.1) + 1;
                return format!(
                    "{}: the strip of {} cells through {k} would leave the {}×{} frame",
                    ill.reason, cells, pos.files, pos.ranks
                );
            }
        }
        ill.reason.to_owned()
    }
}

/// QK4 on the board a quake makes (`next`, from [`quake_board`]), after
/// QK6's pocketing, which this does: what `play` would do, without
/// computing the quake twice. The turn is not passed.
fn quake_safe(mover: Color, next: &mut Position) -> Result<(), Illegal> {
    pocket_pawns(next, mover);
    if next
        .king(mover)
        .is_some_and(|k| Quake::attacked(next, k, mover.other()))
    {
        return Err(Illegal::new(
            "QK4",
            "the quake would leave the king attacked",
        ));
    }
    Ok(())
}

/// [`Rules::check`] with whether the mover is in check asked only of a quake
/// (QK4), the one move kind that needs it.
fn checked(pos: &Position, mv: &Move, in_check: impl FnOnce() -> bool) -> Result<(), Illegal> {
    match *mv {
        Move::Drop { role, to } => drop_allowed(pos, role, to)?,
        Move::Quake { dir } => {
            if in_check() {
                return Err(Illegal::new("QK4", "a king in check may not quake"));
            }
            let mut next = quake_board(pos, dir)?;
            return quake_safe(pos.turn, &mut next);
        }
        Move::Normal(_) => {}
        _ => return Err(Illegal::new("QK7", "no such move in Quake Chess")),
    }
    // Normal moves and drops leave the cells as they are, so QK6 can pocket
    // only a pawn that steps onto a cell without a forward cell; everything
    // else is tested on an overlay of the move instead of a copy.
    let pockets_itself = matches!(*mv, Move::Normal(PieceMove { role: Role::Pawn, to, .. })
        if lacks_forward_cell(pos, to, pos.turn));
    let overlay = match pockets_itself {
        false => movegen::king_safe_overlay(pos, mv, |_, _| true),
        true => None,
    };
    movegen::king_safe::<Quake>(pos, mv, overlay)
}
