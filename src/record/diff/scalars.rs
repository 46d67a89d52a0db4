//! Everything of two positions but the pieces and the cells: variant,
//! frame size, hands, side to move, rights, counters, cages.

use std::fmt;

use crate::notation::fen::write_fen;
use crate::piece::{Color, Role};
use crate::position::{CastleSide, Position};
use crate::square::Square;

use super::{Change, PositionDiff};

pub(super) fn change<T: PartialEq + fmt::Display>(a: T, b: T) -> Option<Change> {
    (a != b).then(|| Change {
        before: a.to_string(),
        after: b.to_string(),
    })
}

fn castling_text(pos: &Position) -> String {
    let c = pos.castling();
    let mut s = String::new();
    for (color, side, ch) in [
        (Color::White, CastleSide::King, 'K'),
        (Color::White, CastleSide::Queen, 'Q'),
        (Color::Black, CastleSide::King, 'k'),
        (Color::Black, CastleSide::Queen, 'q'),
    ] {
        if c.has(color, side) {
            s.push(ch);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

fn opt_square(sq: Option<Square>) -> String {
    sq.map_or_else(|| "-".to_owned(), |s| s.to_string())
}

/// Everything but the pieces and the cells: variant, frame size, hands,
/// side to move, rights, counters, cages.
pub(super) fn scalars(a: &Position, b: &Position) -> PositionDiff {
    let mut d = PositionDiff {
        fen_a: write_fen(a),
        fen_b: write_fen(b),
        variant: change(a.variant(), b.variant()),
        ..PositionDiff::default()
    };
    let (fa, ra) = a.frame();
    let (fb, rb) = b.frame();
    if (fa, ra) != (fb, rb) {
        d.frame = Some(Change {
            before: format!("{fa}×{ra}"),
            after: format!("{fb}×{rb}"),
        });
    }
    for color in Color::ALL {
        for role in Role::ALL {
            let (x, y) = (a.in_hand(color, role), b.in_hand(color, role));
            if x != y {
                d.hands
                    .push((format!("{} {}", color.name(), role.code()), x, y));
            }
        }
        if let Some(c) = change(opt_square(a.cage(color)), opt_square(b.cage(color))) {
            d.cages.push((color.name().to_owned(), c));
        }
        if let Some(c) = change(a.relocated_last(color), b.relocated_last(color)) {
            d.relocated.push((color.name().to_owned(), c));
        }
    }
    d.turn = change(a.turn().name(), b.turn().name());
    d.castling = change(castling_text(a), castling_text(b));
    d.en_passant = change(opt_square(a.ep_square()), opt_square(b.ep_square()));
    d.halfmoves = change(a.halfmoves(), b.halfmoves());
    d.fullmoves = change(a.fullmoves(), b.fullmoves());
    d
}
