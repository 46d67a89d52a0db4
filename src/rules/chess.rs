//! Orthodox chess (RULINGS CH1): the baseline every variant departs from.

use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::{Castling, Position};
use crate::rules::fit::Unfit;
use crate::rules::movegen::{self, PawnRules};
use crate::rules::{castling, Illegal, Rules, Scope};
use crate::square::Square;
use crate::variant::Variant;

/// FIDE chess.
pub struct Chess;

pub(crate) const PAWNS: PawnRules = PawnRules {
    double_step: true,
    en_passant: true,
};

/// The standard array on an 8×8 frame, shared by Grid and Rank and File.
pub(crate) fn standard_start(variant: Variant) -> Position {
    let mut pos = Position::empty(variant, 8, 8);
    let back = ["R", "N", "B", "Q", "K", "B", "N", "R"];
    movegen::place_start_ranks(&mut pos, 0, &back, &["P"; 8], &[[""; 8]; 4], &back);
    pos.castling = Castling::ALL;
    pos
}

/// Pawns promote on the last rank of the frame.
pub(crate) fn last_rank_promotes(ranks: u8) -> impl Fn(Color, Square) -> bool {
    move |color, sq| match color {
        Color::White => sq.rank() + 1 == ranks,
        Color::Black => sq.rank() == 0,
    }
}

/// Orthodox piece moves and castling: the candidates of chess, Grid and Rank
/// and File, whose restrictions all live in `check`.
pub(crate) fn orthodox_candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
    movegen::all_piece_moves(pos, PAWNS, &last_rank_promotes(pos.ranks), scope, out);
    if scope.castling() {
        castling::fide_moves(pos, out);
    }
}

/// What an orthodox 8×8 position must satisfy, shared by Grid and Rank and File.
pub(crate) fn validate_orthodox<R: Rules>(pos: &Position) -> Result<(), Unfit> {
    if pos.frame() != (8, 8) || pos.squares().any(|sq| !pos.is_cell(sq)) {
        return Err(Unfit::from("the board must be 8×8 without holes"));
    }
    if Color::ALL.iter().any(|&c| pos.count_kings(c) != 1) {
        return Err("each side must have exactly one king".into());
    }
    if pos.squares().any(|sq| {
        (sq.rank() == 0 || sq.rank() == 7) && pos.piece_at(sq).is_some_and(|p| p.role == Role::Pawn)
    }) {
        return Err(Unfit::from("pawns cannot stand on the first or last rank"));
    }
    if pos
        .squares()
        .any(|sq| pos.piece_at(sq).is_some_and(|p| p.role.is_compound()))
    {
        return Err(Unfit::from("compound pieces belong to quake-lb"));
    }
    let them = pos.turn().other();
    if pos
        .king(them)
        .is_some_and(|k| R::attacked(pos, k, pos.turn()))
    {
        return Err(Unfit::from("the side not to move is in check"));
    }
    Ok(())
}

impl Rules for Chess {
    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        if let Move::Castle { king, rook } = *mv {
            castling::fide_conditions::<Chess>(pos, king, rook)?;
        }
        let overlay = movegen::king_safe_overlay(pos, mv, |_, _| true);
        movegen::king_safe::<Chess>(pos, mv, overlay)
    }

    fn check_in(pos: &Position, mv: &Move, in_check: bool) -> Result<(), Illegal> {
        match movegen::safe_without_scan(pos, mv, in_check) {
            Some(true) => Ok(()),
            _ => Self::check(pos, mv),
        }
    }

    fn play(pos: &mut Position, mv: &Move) {
        movegen::play_piece_move(pos, mv);
    }

    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        movegen::attacked_by(pos, target, by, |_, _| true)
    }

    fn validate(pos: &Position) -> Result<(), Unfit> {
        validate_orthodox::<Chess>(pos)
    }
}
