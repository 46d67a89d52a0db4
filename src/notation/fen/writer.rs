//! Writing FEN: the fields of a position, and their text.

use std::fmt;

use super::{CastleLetter, Fen, FenChecks, FenSquare, Offsets};
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::castling::{castle_rook, SIDES};
use crate::square::Square;

impl From<&Position> for Fen {
    /// The fields of `pos`, as [`write_fen`] writes them.
    fn from(pos: &Position) -> Fen {
        Fen {
            board: rows_of(pos).map(Iterator::collect).collect(),
            ..Fen::beside_board(pos)
        }
    }
}

/// The squares of `pos`, ranks from the top, files from `a` (as a FEN
/// lists them).
fn rows_of(pos: &Position) -> impl Iterator<Item = impl Iterator<Item = FenSquare> + '_> + '_ {
    let (files, ranks) = pos.frame();
    (0..ranks).rev().map(move |rank| {
        (0..files)
            .filter_map(move |file| Square::new(file, rank))
            .map(move |sq| match pos.piece_at(sq) {
                _ if !pos.is_cell(sq) => FenSquare::Hole,
                Some(p) if pos.is_promoted(sq) => FenSquare::Promoted(p),
                Some(p) => FenSquare::Piece(p),
                None => FenSquare::Empty,
            })
    })
}

impl Fen {
    /// The fields of `pos` but its board (left empty).
    fn beside_board(pos: &Position) -> Fen {
        let variant = pos.variant();
        let pockets = variant.has_hands().then(|| {
            let mut hand = Vec::new();
            for color in Color::ALL {
                for role in Role::ALL {
                    for _ in 0..pos.in_hand(color, role) {
                        hand.push(Piece::new(color, role));
                    }
                }
            }
            hand
        });
        let castling = castling_letters(pos);
        let cages = match (pos.cage(Color::White), pos.cage(Color::Black)) {
            (Some(w), Some(b)) if variant.has_cages() => Some([
                (w, pos.relocated_last(Color::White)),
                (b, pos.relocated_last(Color::Black)),
            ]),
            _ => None,
        };
        Fen {
            board: Vec::new(),
            pockets,
            turn: pos.turn(),
            castling,
            ep: pos.ep_square(),
            counters: Some((pos.halfmoves(), pos.fullmoves())),
            cages,
            checks: pos.checks.map(FenChecks::Remaining),
            pocket_rank: false,
            at: Offsets::default(),
        }
    }
}

/// The castling field's letters: White's then Black's, the h-side first;
/// X-FEN's `K`/`Q` when the right's rook is the outermost on its side of
/// the king, else Shredder-FEN's file letter (`notation/fen.md`).
fn castling_letters(pos: &Position) -> Vec<(Color, CastleLetter)> {
    let mut out = Vec::new();
    for color in Color::ALL {
        for side in SIDES {
            if !pos.castling().has(color, side) {
                continue;
            }
            let letter = match (castle_rook(pos, color, side), pos.king(color)) {
                (Some(rook), Some(king)) if !outermost(pos, color, king, rook) => {
                    CastleLetter::File(rook.file())
                }
                _ => match side {
                    CastleSide::King => CastleLetter::King,
                    CastleSide::Queen => CastleLetter::Queen,
                },
            };
            out.push((color, letter));
        }
    }
    out
}

/// Whether no rook of `color` stands beyond `rook` on the king's rank,
/// away from `king`: X-FEN's letter then names it.
fn outermost(pos: &Position, color: Color, king: Square, rook: Square) -> bool {
    let beyond: Vec<u8> = if rook > king {
        (rook.file() + 1..pos.frame().0).collect()
    } else {
        (0..rook.file()).collect()
    };
    let mine = Piece::new(color, Role::Rook);
    !beyond
        .into_iter()
        .filter_map(|f| Square::new(f, rook.rank()))
        .any(|sq| pos.piece_at(sq) == Some(mine))
}

/// A piece's letter (a compound's two in parentheses), written a character
/// at a time: `Piece::code` makes a `String`, one per square of every FEN.
fn push_piece(out: &mut impl fmt::Write, p: Piece) -> fmt::Result {
    let in_case = |c: char| match p.color {
        Color::White => c,
        Color::Black => c.to_ascii_lowercase(),
    };
    let code = p.role.code();
    // One letter, the usual piece: written without walking the code.
    if let [letter] = *code.as_bytes() {
        return out.write_char(in_case(char::from(letter)));
    }
    out.write_char('(')?;
    for c in code.chars() {
        out.write_char(in_case(c))?;
    }
    out.write_char(')')
}

/// A run of `n` empty squares: a digit, without `core::fmt`'s integer
/// formatting, on a board up to 9 files wide.
fn push_empty(out: &mut impl fmt::Write, n: u32) -> fmt::Result {
    match char::from_digit(n, 10) {
        Some(digit) => out.write_char(digit),
        None => write!(out, "{n}"),
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(f, self.board.iter().map(|row| row.iter().copied()))?;
        self.write_beside_board(f)
    }
}

/// The board field: each rank's squares, ranks from the top.
fn write_rows(
    f: &mut impl fmt::Write,
    rows: impl Iterator<Item = impl Iterator<Item = FenSquare>>,
) -> fmt::Result {
    for (k, row) in rows.enumerate() {
        if k > 0 {
            f.write_char('/')?;
        }
        let mut empty = 0u32;
        for sq in row {
            if sq == FenSquare::Empty {
                empty += 1;
                continue;
            }
            if empty > 0 {
                push_empty(f, empty)?;
                empty = 0;
            }
            match sq {
                FenSquare::Piece(p) => push_piece(f, p)?,
                FenSquare::Promoted(p) => {
                    push_piece(f, p)?;
                    f.write_char('~')?;
                }
                _ => f.write_char('*')?,
            }
        }
        if empty > 0 {
            push_empty(f, empty)?;
        }
    }
    Ok(())
}

impl Fen {
    /// Everything after the board field: the pockets, the side to move
    /// and the fields that follow it.
    fn write_beside_board(&self, f: &mut impl fmt::Write) -> fmt::Result {
        if let Some(hand) = &self.pockets {
            f.write_char(if self.pocket_rank { '/' } else { '[' })?;
            for &p in hand {
                push_piece(f, p)?;
            }
            if !self.pocket_rank {
                f.write_char(']')?;
            }
        }
        write!(f, " {} ", self.turn.char())?;
        if self.castling.is_empty() {
            f.write_char('-')?;
        }
        for &(color, letter) in &self.castling {
            f.write_char(letter.char(color))?;
        }
        match self.ep {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        if let Some(FenChecks::Remaining([w, b])) = self.checks {
            write!(f, " {w}+{b}")?;
        }
        if let Some((half, full)) = self.counters {
            write!(f, " {half} {full}")?;
        }
        if let Some(FenChecks::Given([w, b])) = self.checks {
            write!(f, " +{w}+{b}")?;
        }
        if let Some(cages) = self.cages {
            f.write_char(' ')?;
            for (sq, relocated) in cages {
                write!(f, "{sq}{}", if relocated { "!" } else { "" })?;
            }
        }
        Ok(())
    }
}

/// The board field (without pockets).
pub fn write_board(pos: &Position) -> String {
    let mut text = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_rows(&mut text, rows_of(pos));
    text
}

/// Writes the FEN of `pos`; [`read_fen`](super::read_fen) reads it back to the same position.
pub fn write_fen(pos: &Position) -> String {
    // Room for a usual FEN at once: grown piece by piece, the string was
    // reallocated several times per FEN.
    let mut text = String::with_capacity(96);
    // The board straight from `pos` (a `Fen` value holds a vector per
    // rank); writing to a `String` cannot fail.
    let _ = write_rows(&mut text, rows_of(pos));
    let _ = Fen::beside_board(pos).write_beside_board(&mut text);
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::read_fen;
    use crate::variant::Variant;

    /// `write_fen` writes the board straight from the position, a `Fen`
    /// value from its ranks: the same text, which the reader turns back
    /// into the position, for every variant's start and each position one
    /// move from it.
    #[test]
    fn write_fen_writes_the_fen_values_text() {
        for variant in Variant::ALL {
            let start = Position::start(variant);
            let next = start.legal_moves().into_iter().map(|mv| start.play(&mv));
            for pos in std::iter::once(start.clone()).chain(next) {
                let text = write_fen(&pos);
                assert_eq!(text, Fen::from(&pos).to_string(), "{variant:?}");
                let read = read_fen(&text, variant);
                assert!(read.as_ref() == Ok(&pos), "{variant:?}: {text}");
                let board = write_board(&pos);
                assert!(
                    text.starts_with(&format!("{board} "))
                        || text.starts_with(&format!("{board}[")),
                    "{text} / {board}"
                );
            }
        }
    }
}
