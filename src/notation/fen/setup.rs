//! Setting up a [`Position`] of a variant from FEN fields: what the
//! variant allows, and a legal position of it.

use super::{even_ranks, CastleLetter, Fen, FenError, FenField, FenSquare};
use crate::piece::{Color, Piece, Role};
use crate::position::{promoted_bit, CastleSide, Position};
use crate::rules::castling::castle_corner;
use crate::rules::fit::Field;
use crate::rules::movegen::home_rank;
use crate::square::Square;
use crate::variant::Variant;

/// `h-side` or `a-side`, for messages.
fn side_name(side: CastleSide) -> &'static str {
    match side {
        CastleSide::King => "h-side",
        CastleSide::Queen => "a-side",
    }
}

/// Moves an error at the castling field's start onto its `k`-th letter
/// (one byte each).
fn shift(e: &mut FenError, k: usize, letter: char) {
    if e.column > 0 {
        e.span = e.span.start + k..e.span.start + k + 1;
        e.column += k;
        e.found = Some(letter);
    }
}

/// The side and rook file a castling letter names, the board read: X-FEN's
/// `K`/`Q` the outermost rook of that side of the king on its home rank,
/// Shredder-FEN's file the rook on it, on whichever side of the king it
/// stands. `None` for the file is the end cell of the home rank (FL8),
/// which the variant's rules then check (CH1, FL8).
fn resolve_right(
    pos: &Position,
    color: Color,
    letter: CastleLetter,
) -> Result<(CastleSide, Option<u8>), String> {
    let home = home_rank(pos, color);
    let king = pos.king(color).filter(|k| k.rank() == home);
    let rook = Piece::new(color, Role::Rook);
    let (side, file) = match (letter, king) {
        (CastleLetter::File(_), None) => {
            return Err(format!(
                "{}'s king on rank {}, so that a rook's file names a side",
                color.name(),
                u32::from(home) + 1
            ))
        }
        (CastleLetter::File(f), Some(k)) => {
            if f >= pos.files || f == k.file() {
                return Err(format!(
                    "the file of a {} rook beside the king on {k}",
                    color.name()
                ));
            }
            let side = if f > k.file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            (side, Some(f))
        }
        (xfen, king) => {
            let side = xfen.side().unwrap_or(CastleSide::King);
            let outermost = king.and_then(|k| {
                let mut files: Vec<u8> = match side {
                    CastleSide::King => (k.file() + 1..pos.files).collect(),
                    CastleSide::Queen => (0..k.file()).rev().collect(),
                };
                files.reverse();
                files.into_iter().find(|&f| {
                    Square::new(f, home).is_some_and(|sq| pos.piece_at(sq) == Some(rook))
                })
            });
            (side, outermost)
        }
    };
    // The end cell is the default: kept as such, so equal rights are equal.
    let corner = castle_corner(pos, color, side).map(|sq| sq.file());
    Ok((side, file.filter(|&f| Some(f) != corner)))
}

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
                match *sq {
                    FenSquare::Piece(p) => pos.set(s, Some(p)),
                    FenSquare::Promoted(p) => {
                        pos.set(s, Some(p));
                        pos.promoted |= promoted_bit(s).unwrap_or(0);
                    }
                    FenSquare::Hole | FenSquare::Empty => {}
                }
            }
        }
        if pos.promoted != 0 && !variant.tracks_promoted() {
            return Err(FenError::whole(
                FenField::Board,
                format!("no '~' marks: {variant} does not mark promoted pieces"),
            ));
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
        // Where each right was written, to point at its letter.
        let mut letters = Vec::with_capacity(self.castling.len());
        for (k, &(color, letter)) in self.castling.iter().enumerate() {
            let here = |what: String| {
                let mut e = at(FenField::Castling, &self.at.castling, what);
                shift(&mut e, k, letter.char(color));
                e
            };
            let (side, file) = resolve_right(&pos, color, letter).map_err(here)?;
            if pos.castling.has(color, side) {
                return Err(here(format!(
                    "one castling right per side: {} already has one towards the {}",
                    color.name(),
                    side_name(side)
                )));
            }
            pos.castling.set(color, side, true);
            pos.castling.set_rook_file(color, side, file);
            letters.push(((color, side), k, letter.char(color)));
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
        match (variant.counts_checks(), self.checks) {
            (true, checks) => {
                pos.checks = Some(checks.map_or([3, 3], |c| c.remaining()));
            }
            (false, Some(_)) => {
                return Err(at(
                    FenField::Checks,
                    &self.at.checks,
                    format!("no check counters: {variant} does not count checks"),
                ))
            }
            (false, None) => {}
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
        pos.validate_rules().map_err(|unfit| {
            let mut e = match unfit.field {
                Field::Board => FenError::whole(
                    FenField::Position,
                    format!("a legal {variant} position, but {}", unfit.expected),
                ),
                Field::Pockets => at(FenField::Pockets, &self.at.pockets, unfit.expected),
                Field::EnPassant => at(FenField::EnPassant, &self.at.ep, unfit.expected),
                Field::Cages => at(FenField::Cages, &self.at.cages, unfit.expected),
                Field::Checks => at(FenField::Checks, &self.at.checks, unfit.expected),
                Field::Castling(color, side) => {
                    let mut e = at(FenField::Castling, &self.at.castling, unfit.expected);
                    if let Some(&(_, k, c)) = letters.iter().find(|l| l.0 == (color, side)) {
                        shift(&mut e, k, c);
                    }
                    e
                }
            };
            e.ruling = unfit.ruling;
            e
        })?;
        pos.keep_ep_only_if_capturable();
        Ok(pos)
    }
}
