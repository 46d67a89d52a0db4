//! Where the contents of cells go when a move moves cells: a quake carries
//! its strip and re-letters the frame (QK1, QK5), a Fault Line slide carries
//! a rank (FL4), a Slide-chess cage carries its content (SC1) or pushes a
//! line (SC2). Piece moves carry nothing: their pieces are named by the
//! [`Move`] itself.
//!
//! The answer is what the variant's `play` does, told as a map, so a caller
//! can follow each piece through a game (`record::track`).
//!
//! ```
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! use fvnote::moves::{Dir, Move};
//! use fvnote::rules::carry::carry;
//! use fvnote::square::Square;
//! let pos = Position::start(Variant::FaultLine);
//! let c = carry(&pos, &Move::Slide { rank: 0, dir: Dir::East }).unwrap();
//! let a1 = Square::new(0, 0).unwrap();
//! assert_eq!(c.destination(a1), Square::new(1, 0));
//! assert_eq!(c.shift, (0, 0));
//! ```

use crate::moves::{Dir, Move};
use crate::position::Position;
use crate::square::Square;

/// Where contents go in one move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Carry {
    /// Squares whose content ends on another square, named before → after
    /// (the after name includes [`Carry::shift`]).
    pub moved: Vec<(Square, Square)>,
    /// What the re-lettering of the frame adds to every (file, rank) after
    /// the move (QK5); `(0, 0)` when the names stay.
    pub shift: (i16, i16),
}

impl Carry {
    /// Where the content of `sq` is after the move: its entry in
    /// [`Carry::moved`], else `sq` re-lettered by [`Carry::shift`]; `None`
    /// when that name falls outside any frame.
    pub fn destination(&self, sq: Square) -> Option<Square> {
        if let Some(&(_, to)) = self.moved.iter().find(|(from, _)| *from == sq) {
            return Some(to);
        }
        shifted(sq, self.shift)
    }
}

fn shifted(sq: Square, (df, dr): (i16, i16)) -> Option<Square> {
    let f = u8::try_from(i16::from(sq.file()) + df).ok()?;
    let r = u8::try_from(i16::from(sq.rank()) + dr).ok()?;
    Square::new(f, r)
}

/// What `mv`, played from `pos`, does to the contents of cells; `None` for
/// a move that carries no cell (a piece move, castling, a drop: the pieces
/// it moves are in the [`Move`]) or one that cannot be played from `pos`.
pub fn carry(pos: &Position, mv: &Move) -> Option<Carry> {
    match *mv {
        Move::Quake { dir } => quake(pos, dir),
        Move::Slide { rank, dir } => Some(slide(pos, rank, dir)),
        Move::CageMove { to } => {
            let cage = pos.cage(pos.turn())?;
            Some(Carry {
                moved: vec![(cage, to)],
                shift: (0, 0),
            })
        }
        Move::CageInsert { .. } => {
            // SC2: the cage's content to s1, each sᵢ's to sᵢ₊₁, sn's into
            // the cage, which ends on E.
            let cage = pos.cage(pos.turn())?;
            let (line, end) = super::slide::insertion_path(cage)?;
            let mut from = vec![cage];
            from.extend(&line);
            let mut to = line;
            to.push(end);
            Some(Carry {
                moved: from.into_iter().zip(to).collect(),
                shift: (0, 0),
            })
        }
        _ => None,
    }
}

/// QK1 and QK5: the king's strip one step on, then the frame re-lettered to
/// the bounding box of the cells (the rules' own plan of the quake).
fn quake(pos: &Position, dir: Dir) -> Option<Carry> {
    let plan = super::quake::plan(pos, dir, &mut [0; super::quake::ROWS]).ok()?;
    let ((lo_f, lo_r), (hi_f, hi_r)) = plan.strip;
    let (sf, sr) = plan.step;
    let (xf, xr) = plan.shift;
    let mut moved = Vec::new();
    for r in lo_r..=hi_r {
        for f in lo_f..=hi_f {
            let from = Square::new(u8::try_from(f).ok()?, u8::try_from(r).ok()?)?;
            let to = Square::new(
                u8::try_from(f + sf - xf).ok()?,
                u8::try_from(r + sr - xr).ok()?,
            )?;
            moved.push((from, to));
        }
    }
    Some(Carry {
        moved,
        shift: (-xf, -xr),
    })
}

/// FL4: every cell of the rank one file east or west.
fn slide(pos: &Position, rank: u8, dir: Dir) -> Carry {
    let (df, _) = dir.delta();
    let (files, _) = pos.frame();
    let moved = (0..files)
        .filter_map(|f| Square::new(f, rank))
        .filter(|&sq| pos.is_cell(sq))
        .filter_map(|sq| Some((sq, shifted(sq, (i16::from(df), 0))?)))
        .collect();
    Carry {
        moved,
        shift: (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn piece_moves_carry_nothing() {
        let pos = Position::start(Variant::Chess);
        for mv in pos.legal_moves() {
            assert_eq!(carry(&pos, &mv), None);
        }
    }

    #[test]
    fn every_carried_piece_is_where_play_puts_it() {
        // The map agrees with the rules' own `play` for every carrying move
        // of the start positions that carry cells.
        for v in [
            Variant::Quake,
            Variant::QuakeLb,
            Variant::FaultLine,
            Variant::Slide,
        ] {
            let pos = Position::start(v);
            for mv in pos.legal_moves() {
                let Some(c) = carry(&pos, &mv) else { continue };
                let after = pos.play(&mv);
                for sq in pos.cells() {
                    let Some(p) = pos.piece_at(sq) else { continue };
                    let to = c.destination(sq).unwrap();
                    assert_eq!(
                        after.piece_at(to).map(|q| q.color),
                        Some(p.color),
                        "{v} {mv}"
                    );
                }
            }
        }
    }
}
