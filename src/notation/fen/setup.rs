//! Setting up a [`Position`] of a variant from FEN fields: what the
//! variant allows, and a legal position of it.

use super::{even_ranks, Fen, FenError, FenField, FenSquare};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;

impl Fen {
    /// Sets up the position these fields describe in `variant`: the frame,
    /// what the variant allows (pockets, castling, en passant, cages), and a
    /// legal position of it.
    pub fn position(&self, variant: Variant) -> Result<Position, FenError> {
        // A `Fen` built in code has no text: its errors point nowhere.
        let at = |field, place: &Option<FenError>, what: String| match place {
            Some(e) => FenError {
                field,
                expected: what,
                ..e.clone()
            },
            None => FenError::whole(field, what),
        };
        // Checked again: a `Fen` built in code did not go through the grammar.
        even_ranks(&self.board)?;
        let width = self.board[0].len();
        let (files, ranks) = (width as u8, self.board.len() as u8);
        let mut pos = Position::empty(variant, files, ranks);
        for (k, row) in self.board.iter().enumerate() {
            let rank = ranks - 1 - k as u8;
            for (f, sq) in row.iter().enumerate() {
                let Some(s) = Square::new(f as u8, rank) else {
                    continue;
                };
                pos.set_cell(s, *sq != FenSquare::Hole);
                if let FenSquare::Piece(p) = *sq {
                    pos.set(s, Some(p));
                }
            }
        }
        if let Some(hand) = &self.pockets {
            if !variant.has_hands() {
                return Err(at(
                    FenField::Pockets,
                    &self.at.pockets,
                    format!("no pockets: {variant} has no drops"),
                ));
            }
            for p in hand {
                if p.role == Role::King {
                    return Err(at(
                        FenField::Pockets,
                        &self.at.pockets,
                        "a piece in hand other than a king".into(),
                    ));
                }
                pos.add_to_hand(p.color, p.role, 1);
            }
        }
        pos.turn = self.turn;
        if !self.castling.is_empty() && !variant.has_castling() {
            return Err(at(
                FenField::Castling,
                &self.at.castling,
                format!("'-': {variant} has no castling"),
            ));
        }
        for &(color, side) in &self.castling {
            pos.castling.set(color, side, true);
        }
        if let Some(sq) = self.ep {
            let want_rank = match self.turn {
                Color::White => ranks.wrapping_sub(3),
                Color::Black => 2,
            };
            if !variant.has_en_passant() || sq.rank() != want_rank || sq.file() >= files {
                return Err(at(
                    FenField::EnPassant,
                    &self.at.ep,
                    format!(
                        "'-' or a square on rank {} behind a pawn that just moved two",
                        u32::from(want_rank) + 1
                    ),
                ));
            }
            pos.ep = Some(sq);
        }
        if let Some((half, full)) = self.counters {
            pos.halfmoves = half;
            pos.fullmoves = full.max(1);
        }
        match (variant.has_cages(), self.cages) {
            (true, None) => {
                return Err(at(
                    FenField::Cages,
                    &self.at.end,
                    "a single space before the next field".into(),
                ))
            }
            (false, Some(_)) => {
                return Err(at(
                    FenField::Position,
                    &self.at.cages_space,
                    "the end of the FEN".into(),
                ))
            }
            (true, Some(cages)) => {
                for (color, (sq, relocated)) in Color::ALL.into_iter().zip(cages) {
                    if sq.file() >= files || sq.rank() >= ranks || !pos.is_cell(sq) {
                        return Err(at(
                            FenField::Cages,
                            &self.at.cages,
                            format!(
                                "the {} cage's square, a cell of the ring (e.g. e8e1)",
                                color.name()
                            ),
                        ));
                    }
                    pos.cages[color.index()] = Some(sq);
                    pos.relocated[color.index()] = relocated;
                }
                if cages[0].0 == cages[1].0 {
                    return Err(FenError::whole(
                        FenField::Cages,
                        "two cages on different squares",
                    ));
                }
            }
            (false, None) => {}
        }
        pos.refresh_kings();
        pos.validate_rules().map_err(|why| {
            FenError::whole(
                FenField::Position,
                format!("a legal {variant} position, but {why}"),
            )
        })?;
        pos.keep_ep_only_if_capturable();
        Ok(pos)
    }
}
