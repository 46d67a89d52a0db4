//! Fault Line (Patrick Riley; RULINGS FL0–FL10), as implemented here.
//!
//! - **FL0** An 8×6 frame. Ranks 2 and 5 are always b–g; ranks 1, 3, 4 and 6 have
//!   seven cells, either at a–g or at b–h (FEN shows the missing end as `*`). Start:
//!   `*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBNR* w KQkq - 0 1` (no queens).
//! - **FL1** A player wins at once by capturing the enemy king
//!   ([`Outcome::KingCaptured`]) or by moving their own king onto the far rank
//!   (White rank 6, Black rank 1: [`Outcome::KingReachedFarRank`]). A game end has
//!   no moves (G7).
//! - **FL2** No check obligation: candidates are not filtered by king safety and a
//!   move that captures the king is legal. There is no checkmate: a side with no
//!   legal move is stalemated ([`Rules::has_checkmate`] is false).
//! - **FL3** Pawns step one cell only (no double step, no en passant) and must
//!   promote (G4) on the far rank.
//! - **FL4** Instead of a piece move, rank 1, 3, 4 or 6 may slide one file: east
//!   when at a–g, west when at b–h, carrying everything on it. Ranks 2 and 5 never
//!   slide. A slide is not a move of the pieces on the rank: castling rights stay.
//! - **FL5** The side with more units on a rank controls it; a slide of a rank the
//!   opponent controls is illegal. **FL6** A slide of an uncontrolled rank is a legal
//!   move here (perft counts it); asking permission is a record matter, see
//!   [`slide_needs_permission`].
//! - **FL7** Slides never change ranks, so no slide reaches the far rank.
//! - **FL8** Castling as in [`castling::two_step_conditions`]: the king moves two cells
//!   towards the end cell of its home rank, the rook lands on the crossed cell; the
//!   right belongs to that end cell, wherever the rank has slid. "Attacked" means
//!   any enemy piece could capture there (no king-safety exception).
//! - **FL9** `+` marks a move after which the opponent's king is attacked; `#` is
//!   never used ([`Rules::uses_mate_sign`] is false).
//! - **FL10** `[%deny]` is checked by the record layer; [`deny_is_valid`] is its test.

use crate::moves::{Dir, Move, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Castling, Position, HOLE};
use crate::rules::castling::{self, castle_corner, castle_rook};
use crate::rules::chess::last_rank_promotes;
use crate::rules::fit::{self, Field, Unfit};
use crate::rules::movegen::{self, PawnRules};
use crate::rules::{Illegal, Outcome, Rules, Scope};
use crate::square::Square;
use crate::variant::Variant;

/// Fault Line.
pub struct FaultLine;

/// FL3: single steps only, no en passant.
const PAWNS: PawnRules = PawnRules {
    double_step: false,
    en_passant: false,
};

/// Frame size (FL0).
const FILES: u8 = 8;
const RANKS: u8 = 6;

/// The 0-based ranks that slide (FL4): 1, 3, 4, 6.
pub const SLIDING_RANKS: [u8; 4] = [0, 2, 3, 5];

/// Whether the 0-based `rank` is one that slides (FL4).
pub fn is_sliding_rank(rank: u8) -> bool {
    SLIDING_RANKS.contains(&rank)
}

/// The direction the 0-based `rank` can slide now (FL4): east when at a–g, west
/// when at b–h; `None` for the fixed ranks 2 and 5 and for anything else.
pub fn slide_dir(pos: &Position, rank: u8) -> Option<Dir> {
    if !is_sliding_rank(rank) || rank >= pos.ranks {
        return None;
    }
    let cell = |f: u8| Square::new(f, rank).is_some_and(|sq| pos.is_cell(sq));
    let last = pos.files.checked_sub(1)?;
    match (cell(0), cell(last)) {
        (true, false) => Some(Dir::East),
        (false, true) => Some(Dir::West),
        _ => None,
    }
}

/// Units (pieces, pawns, kings) of (White, Black) on the 0-based `rank` (FL5).
pub fn unit_counts(pos: &Position, rank: u8) -> (u8, u8) {
    let (mut white, mut black) = (0, 0);
    for f in 0..pos.files {
        if let Some(p) = Square::new(f, rank).and_then(|sq| pos.piece_at(sq)) {
            match p.color {
                Color::White => white += 1,
                Color::Black => black += 1,
            }
        }
    }
    (white, black)
}

/// The side controlling the 0-based `rank`: the one with more units on it (FL5).
pub fn control(pos: &Position, rank: u8) -> Option<Color> {
    let (white, black) = unit_counts(pos, rank);
    match white.cmp(&black) {
        std::cmp::Ordering::Greater => Some(Color::White),
        std::cmp::Ordering::Less => Some(Color::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether a slide of the 0-based `rank` needs the opponent's permission: the rank
/// is uncontrolled (FL5, FL6). The record layer reports such slides as "played with
/// permission".
pub fn slide_needs_permission(pos: &Position, rank: u8) -> bool {
    control(pos, rank).is_none()
}

/// Whether `[%deny S<rank><dir>]` is valid before a move from `pos` (FL10): the
/// 0-based `rank` is uncontrolled and can slide in `dir`.
pub fn deny_is_valid(pos: &Position, rank: u8, dir: Dir) -> bool {
    slide_dir(pos, rank) == Some(dir) && slide_needs_permission(pos, rank)
}

/// Whether `mv` is a slide of an uncontrolled rank, which needs the
/// opponent's permission (FL5, FL6). False for every other move, and in
/// every other variant.
pub fn move_needs_permission(pos: &Position, mv: &Move) -> bool {
    pos.variant() == Variant::FaultLine
        && matches!(*mv, Move::Slide { rank, .. } if slide_needs_permission(pos, rank))
}

/// Why a `[%deny]` refusal of a slide is void (FL10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoidDenial {
    /// The game is not Fault Line.
    NotFaultLine,
    /// The player to move could never make that slide here.
    NoSuchSlide,
    /// The rank is controlled, so the slide needs no permission (FL5).
    Controlled(Color),
}

/// Judges `[%deny]` of the slide of the 0-based `rank` towards `dir`, made
/// before a move from `pos` (FL10): `Ok` when it is a valid refusal.
pub fn judge_denial(pos: &Position, rank: u8, dir: Dir) -> Result<(), VoidDenial> {
    if pos.variant() != Variant::FaultLine {
        return Err(VoidDenial::NotFaultLine);
    }
    if slide_dir(pos, rank) != Some(dir) {
        return Err(VoidDenial::NoSuchSlide);
    }
    if let Some(owner) = control(pos, rank) {
        return Err(VoidDenial::Controlled(owner));
    }
    debug_assert!(deny_is_valid(pos, rank, dir));
    Ok(())
}

/// The far rank of `color` (FL1): White rank 6, Black rank 1 (0-based).
fn far_rank(color: Color) -> u8 {
    match color {
        Color::White => RANKS - 1,
        Color::Black => 0,
    }
}

/// Shifts the whole 0-based `rank` one file in `dir`, pieces and holes (FL4).
/// Does nothing for a fixed rank or if the far end is a cell (it cannot slide that way).
fn slide_rank(pos: &mut Position, rank: u8, dir: Dir) {
    if !is_sliding_rank(rank) {
        return;
    }
    // In place on the row's bytes: replay slides every few plies, so no
    // allocation here.
    let Some(first) = Square::new(0, rank) else {
        return;
    };
    let Some(last) = pos.files.checked_sub(1).and_then(|f| Square::new(f, rank)) else {
        return;
    };
    let step: i16 = match dir {
        Dir::East if pos.raw(last) == HOLE => 1,
        Dir::West if pos.raw(first) == HOLE => -1,
        _ => return,
    };
    // Kings riding along (FL0: at most one a side), for the king cache.
    let riders = Color::ALL.map(|c| pos.king(c).filter(|k| k.rank() == rank));
    let row = &mut pos.cells[first.index()..=last.index()];
    if step > 0 {
        row.rotate_right(1);
    } else {
        row.rotate_left(1);
    }
    for (color, king) in Color::ALL.into_iter().zip(riders) {
        if let Some(k) = king {
            pos.set(k.offset(step), Some(Piece::new(color, Role::King)));
        }
    }
}

impl Rules for FaultLine {
    fn start(variant: Variant) -> Position {
        // FL0: ranks 1 and 3 at a–g, ranks 4 and 6 at b–h, 2 and 5 at b–g.
        let mut pos = Position::empty(variant, FILES, RANKS);
        let empty7 = [""; 7];
        let white = ["R", "N", "B", "K", "B", "N", "R", "*"];
        let black = ["*", "R", "N", "B", "K", "B", "N", "R"];
        let pawns = ["*", "P", "P", "P", "P", "P", "P", "*"];
        let at_ag: Vec<&str> = empty7.iter().copied().chain(["*"]).collect();
        let at_bh: Vec<&str> = ["*"].into_iter().chain(empty7).collect();
        movegen::place_start_ranks(&mut pos, 0, &white, &pawns, &[at_ag, at_bh], &black);
        pos.castling = Castling::ALL;
        pos
    }

    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        movegen::all_piece_moves(pos, PAWNS, &last_rank_promotes(pos.ranks), scope, out);
        if scope.castling() {
            castling::two_step_moves(pos, out);
        }
        if !scope.extras() {
            return;
        }
        // FL4: every rank in both directions; `check` keeps the possible ones, so
        // a wrong slide is explained rather than unknown.
        for rank in 0..pos.ranks {
            for dir in [Dir::East, Dir::West] {
                out.push(Move::Slide { rank, dir });
            }
        }
    }

    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        match *mv {
            Move::Castle { king, rook } => {
                // FL8 with FL2's meaning of "attacked"; G6 does not apply here.
                castling::two_step_conditions::<FaultLine>(pos, king, rook)
                    .map_err(|e| Illegal::new("FL8", e.reason))
            }
            Move::Slide { rank, dir } => {
                if !is_sliding_rank(rank) {
                    return Err(Illegal::new("FL4", "only ranks 1, 3, 4 and 6 slide"));
                }
                if slide_dir(pos, rank) != Some(dir) {
                    return Err(Illegal::new(
                        "FL4",
                        "a rank at a–g slides only east, a rank at b–h only west",
                    ));
                }
                if control(pos, rank) == Some(pos.turn.other()) {
                    return Err(Illegal::new("FL5", "the opponent controls this rank"));
                }
                Ok(())
            }
            // FL2: no king-safety test.
            _ => Ok(()),
        }
    }

    fn play(pos: &mut Position, mv: &Move) {
        match *mv {
            Move::Slide { rank, dir } => {
                // FL4: not a move of the pieces: rights stay with the end cells.
                slide_rank(pos, rank, dir);
                pos.ep = None;
                movegen::finish_turn(pos, false);
            }
            _ => {
                let victim = pos.turn.other();
                movegen::play_piece_move(pos, mv);
                // FL1/FL8: a captured king takes its castling rights with it
                // (the king has left its home rank), so the final position
                // is one `validate` accepts and its FEN reads back.
                if pos.king(victim).is_none() {
                    pos.castling.clear_color(victim);
                }
            }
        }
    }

    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        movegen::attacked_by(pos, target, by, |_, _| true)
    }

    fn uses_mate_sign() -> bool {
        false // FL9
    }

    fn has_checkmate() -> bool {
        false // FL2
    }

    fn special_end(pos: &Position) -> Option<Outcome> {
        // FL1.
        for color in Color::ALL {
            if pos.king(color).is_none() {
                return Some(Outcome::KingCaptured {
                    winner: color.other(),
                });
            }
        }
        for color in Color::ALL {
            if pos.king(color).is_some_and(|k| k.rank() == far_rank(color)) {
                return Some(Outcome::KingReachedFarRank { winner: color });
            }
        }
        None
    }

    fn validate(pos: &Position) -> Result<(), Unfit> {
        validate_fault_line(pos).map_err(Unfit::from)
    }

    fn castling_fits(pos: &Position, color: Color, side: CastleSide) -> Result<(), Unfit> {
        castling_fits(pos, color, side)
    }

    fn castle_targets(_pos: &Position, king: Square, rook: Square) -> (Square, Square) {
        castling::two_steps(king, rook)
    }

    fn explain(pos: &Position, mv: &Move, ill: &Illegal) -> String {
        match (*mv, ill.ruling) {
            (Move::Slide { rank, .. }, "FL5") => {
                let (white, black) = unit_counts(pos, rank);
                format!(
                    "{}: rank {} has {white} White and {black} Black units",
                    ill.reason,
                    rank as u32 + 1
                )
            }
            (Move::Slide { rank, .. }, "FL4") => match slide_dir(pos, rank) {
                Some(d) => format!(
                    "{}: rank {} can only slide {}",
                    ill.reason,
                    rank as u32 + 1,
                    if d == Dir::East { "east" } else { "west" }
                ),
                None => ill.reason.to_owned(),
            },
            _ => ill.reason.to_owned(),
        }
    }
}

/// FL0 shape and FL1/FL3 consistency of a position read from a FEN.
fn validate_fault_line(pos: &Position) -> Result<(), &'static str> {
    if pos.frame() != (FILES, RANKS) {
        return Err("the board must be 8 files by 6 ranks");
    }
    for rank in 0..RANKS {
        let cells: Vec<bool> = (0..FILES)
            .map(|f| Square::new(f, rank).is_some_and(|sq| pos.is_cell(sq)))
            .collect();
        let ok = if is_sliding_rank(rank) {
            let at_ag = (0..7).all(|f| cells[f]) && !cells[7];
            let at_bh = !cells[0] && (1..8).all(|f| cells[f]);
            at_ag || at_bh
        } else {
            !cells[0] && !cells[7] && (1..7).all(|f| cells[f])
        };
        if !ok {
            return Err(if is_sliding_rank(rank) {
                "ranks 1, 3, 4 and 6 must have seven cells at a–g or b–h"
            } else {
                "ranks 2 and 5 must have cells exactly at b–g"
            });
        }
    }
    let mut kings = [0usize; 2];
    for sq in pos.cells() {
        let Some(p) = pos.piece_at(sq) else { continue };
        if p.role.is_compound() {
            return Err("compound pieces belong to quake-lb");
        }
        if p.role == Role::Pawn {
            // FL3: pawns promote on the far rank and never move backwards.
            let (home, far) = match p.color {
                Color::White => (0, RANKS - 1),
                Color::Black => (RANKS - 1, 0),
            };
            if sq.rank() == home || sq.rank() == far {
                return Err("pawns cannot stand on their own first rank or the far rank");
            }
        }
        if p.role == Role::King {
            kings[p.color.index()] += 1;
        }
    }
    if kings.iter().any(|&n| n > 1) {
        return Err("each side has at most one king");
    }
    // FL1: a game end must be one the last move (by the side not to move) made.
    // Both ends at once (the enemy king gone and the mover's king on its far
    // rank) are one move: the king captured the enemy king on the far rank.
    let mover = pos.turn.other();
    if kings[mover.index()] == 0 {
        return Err("the side not to move has no king");
    }
    if pos
        .king(pos.turn)
        .is_some_and(|k| k.rank() == far_rank(pos.turn))
    {
        return Err("the side to move has a king on its far rank");
    }
    Ok(())
}

/// FL8: a right needs the king unmoved, on the fourth cell of its home
/// rank (where FL0 puts it, wherever the rank has slid), and its rook on
/// the end cell of that rank.
fn castling_fits(pos: &Position, color: Color, side: CastleSide) -> Result<(), Unfit> {
    let home = movegen::home_rank(pos, color);
    let king_home = (0..FILES)
        .filter_map(|f| Square::new(f, home))
        .filter(|&sq| pos.is_cell(sq))
        .nth(3);
    let corner = castle_corner(pos, color, side);
    let (Some(king_home), Some(corner)) = (king_home, corner) else {
        return Err("the castling rights need a home rank".into());
    };
    let mut faults = Vec::new();
    if pos.king(color) != Some(king_home) {
        faults.push(fit::king_place(pos, color));
    }
    let rook = Piece::new(color, Role::Rook);
    if castle_rook(pos, color, side) != Some(corner) || pos.piece_at(corner) != Some(rook) {
        faults.push(fit::holding(pos, corner));
    }
    let needs = format!(
        "{} king on {king_home} and rook on the end cell {corner} (FL8)",
        fit::owner(color)
    );
    fit::unless_faults(Field::Castling(color, side), "FL8", needs, &faults)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slide_rank_shifts_pieces_and_holes() {
        let mut pos = Position::start(Variant::FaultLine);
        slide_rank(&mut pos, 0, Dir::East);
        let a1 = Square::new(0, 0).unwrap();
        let h1 = Square::new(7, 0).unwrap();
        assert!(!pos.is_cell(a1));
        assert_eq!(pos.piece_at(h1), Some(Piece::new(Color::White, Role::Rook)));
        assert_eq!(pos.king(Color::White), Square::new(4, 0));
        // The wrong way, a fixed rank or a rank outside the frame: a no-op, never a panic.
        let before = pos.clone();
        slide_rank(&mut pos, 0, Dir::East);
        slide_rank(&mut pos, 1, Dir::East);
        slide_rank(&mut pos, 4, Dir::West);
        slide_rank(&mut pos, 0, Dir::North);
        slide_rank(&mut pos, 200, Dir::West);
        assert_eq!(pos, before);
    }
}
