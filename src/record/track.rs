//! Following every piece through the plies of a game.
//!
//! Square names do not identify pieces across moves that move cells: a
//! quake carries a strip and re-letters the frame (QK1, QK5), a Fault Line
//! slide carries a rank (FL4), a Slide-chess cage carries its content
//! (SC1, SC2). [`track`] replays the plies with the rules' own `play` and
//! carries each piece's identity through every one of them: a piece moved
//! or carried keeps it; a capture, a pocketing (QK6) or a drop (QK7) ends
//! or starts one; a promotion changes what the piece is, not which piece it
//! is. Where cells go comes from [`crate::rules::carry`].
//!
//! ```
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! use fvnote::moves::{Dir, Move};
//! use fvnote::record::track::track;
//! let pos = Position::start(Variant::FaultLine);
//! let t = track(&pos, &[(Move::Slide { rank: 0, dir: Dir::East }, "S1e".into())], 1);
//! // The king on d1 was carried to e1: the same piece, no capture.
//! let king = t.lives.iter().find(|l| l.start.is_some_and(|(sq, _)| sq.to_string() == "d1")).unwrap();
//! assert_eq!(king.end.map(|(sq, _)| sq.to_string()), Some("e1".into()));
//! assert!(king.carried && !king.moved);
//! assert!(t.events.is_empty());
//! ```

use std::collections::HashMap;

use crate::moves::{Move, PieceMove};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::rules::carry::carry;
use crate::square::Square;

/// One piece from where it was at the start (or was dropped) to where it is
/// at the end (or was taken off).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Life {
    /// Its square and what it was in the first position; `None` for a piece
    /// dropped on the way.
    pub start: Option<(Square, Piece)>,
    /// Its square and what it is in the last position; `None` for a piece
    /// taken off on the way.
    pub end: Option<(Square, Piece)>,
    /// Whether it made a move of its own (a piece move or castling).
    pub moved: bool,
    /// Whether a quake, slide or cage carried it with its cell.
    pub carried: bool,
    /// What it captured on the way, in order.
    pub captured: Vec<Piece>,
}

/// What happened to a piece at one ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// Taken by `by` (the capturing piece as it was then).
    Captured {
        /// The capturer.
        by: Piece,
    },
    /// Taken off because its forward cell is gone (QK6).
    Pocketed,
    /// Put on the board from a hand (QK7).
    Dropped,
    /// Promoted from the role it had (G4, SC3).
    Promoted {
        /// What it was before.
        from: Role,
    },
    /// Gone without a rule that says why (never for a legal game).
    Vanished,
    /// Came without a rule that says why (never for a legal game).
    Appeared,
}

impl EventKind {
    /// The name used in text and JSON (`captured`, `pocketed` …).
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Captured { .. } => "captured",
            EventKind::Pocketed => "pocketed",
            EventKind::Dropped => "dropped",
            EventKind::Promoted { .. } => "promoted",
            EventKind::Vanished => "vanished",
            EventKind::Appeared => "appeared",
        }
    }
}

/// An event of one piece at one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The ply (numbered as the caller numbers the first one).
    pub ply: usize,
    /// The move played at that ply, as given.
    pub san: String,
    /// What happened.
    pub kind: EventKind,
    /// The piece as it is after the event (before it, for one taken off).
    pub piece: Piece,
    /// Where, named in the frame of the position the move was played from
    /// (for a pocketing, of the position after it).
    pub square: Square,
}

/// A ply after which the frame was re-lettered (QK5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reletter {
    /// The ply.
    pub ply: usize,
    /// Its move.
    pub san: String,
    /// What the re-lettering added to every (file, rank).
    pub shift: (i16, i16),
}

/// Every piece's way through a run of plies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Track {
    /// One entry per piece that was on the board at some point.
    pub lives: Vec<Life>,
    /// Captures, pocketings, drops and promotions, in ply order.
    pub events: Vec<Event>,
    /// The plies that re-lettered the frame.
    pub relettered: Vec<Reletter>,
    /// The sum of every re-lettering: a square of the first position,
    /// wherever its cell stayed put, is this much further in the last.
    pub shift: (i16, i16),
}

/// Follows every piece of `start` through `plies` (each move with its text),
/// numbering the first ply `first_ply`. A move that cannot be played from
/// its position (never one from a replay) ends the track there.
pub fn track(start: &Position, plies: &[(Move, String)], first_ply: usize) -> Track {
    let mut t = Track::default();
    let mut pos = start.clone();
    // Which life stands on each occupied square of `pos`.
    let mut on: HashMap<Square, usize> = HashMap::new();
    for sq in pos.cells() {
        if let Some(p) = pos.piece_at(sq) {
            on.insert(sq, t.lives.len());
            t.lives.push(Life {
                start: Some((sq, p)),
                end: Some((sq, p)),
                moved: false,
                carried: false,
                captured: Vec::new(),
            });
        }
    }
    for (i, (mv, san)) in plies.iter().enumerate() {
        if !pos.is_legal_candidate(mv) {
            break;
        }
        let ply = first_ply + i;
        let next = pos.play(mv);
        on = step(&mut t, &pos, &next, mv, san, ply, on);
        pos = next;
    }
    for life in &mut t.lives {
        if let Some((sq, _)) = life.end {
            life.end = pos.piece_at(sq).map(|p| (sq, p));
        }
    }
    t
}

/// One ply: where each life goes, and what starts or ends there.
fn step(
    t: &mut Track,
    pos: &Position,
    next: &Position,
    mv: &Move,
    san: &str,
    ply: usize,
    mut on: HashMap<Square, usize>,
) -> HashMap<Square, usize> {
    let event = |t: &mut Track, kind, piece, square| {
        t.events.push(Event {
            ply,
            san: san.to_owned(),
            kind,
            piece,
            square,
        })
    };
    let carried = carry(pos, mv);
    if let Some(c) = carried.as_ref().filter(|c| c.shift != (0, 0)) {
        t.relettered.push(Reletter {
            ply,
            san: san.to_owned(),
            shift: c.shift,
        });
        t.shift = (t.shift.0 + c.shift.0, t.shift.1 + c.shift.1);
    }
    // The pieces a piece move moves, and the one it takes.
    let mut moves: Vec<(Square, Square)> = Vec::new();
    let mut taken = None;
    match *mv {
        Move::Normal(PieceMove {
            from, to, capture, ..
        }) => {
            moves.push((from, to));
            taken = capture.map(|_| to);
        }
        Move::EnPassant { from, to } => {
            moves.push((from, to));
            taken = Square::new(to.file(), from.rank());
        }
        Move::Castle { king, rook } => {
            let (land, cross) = pos.castle_targets(king, rook);
            moves.push((king, land));
            moves.push((rook, cross));
        }
        _ => {}
    }
    if let Some(sq) = taken {
        if let Some(id) = on.remove(&sq) {
            let victim = t.lives[id].end.map(|e| e.1);
            let by = moves.first().and_then(|(from, _)| on.get(from).copied());
            if let (Some(victim), Some(by)) = (victim, by) {
                let capturer = t.lives[by].end.map(|e| e.1);
                t.lives[by].captured.push(victim);
                if let Some(capturer) = capturer {
                    event(t, EventKind::Captured { by: capturer }, victim, sq);
                }
            }
            t.lives[id].end = None;
        }
    }
    let mut after: HashMap<Square, usize> = HashMap::new();
    for (sq, id) in on {
        let dest = if let Some(&(_, to)) = moves.iter().find(|(from, _)| *from == sq) {
            t.lives[id].moved = true;
            Some(to)
        } else if let Some(c) = &carried {
            t.lives[id].carried |= c.moved.iter().any(|(from, _)| *from == sq);
            c.destination(sq)
        } else {
            Some(sq)
        };
        let was = t.lives[id].end.map(|e| e.1);
        let now = dest.and_then(|d| next.piece_at(d));
        match (was, dest, now) {
            (Some(p), Some(d), Some(q)) if q.color == p.color && !after.contains_key(&d) => {
                if q.role != p.role {
                    event(t, EventKind::Promoted { from: p.role }, q, d);
                }
                t.lives[id].end = Some((d, q));
                after.insert(d, id);
            }
            (Some(p), Some(d), None) if p.role == Role::Pawn && pos.variant().has_hands() => {
                // QK6: a pawn without a forward cell goes into the mover's hand.
                event(t, EventKind::Pocketed, p, d);
                t.lives[id].end = None;
            }
            (Some(p), _, _) => {
                event(t, EventKind::Vanished, p, sq);
                t.lives[id].end = None;
            }
            (None, _, _) => {}
        }
    }
    // Pieces no life reached: a drop, or (never for a legal move) a surprise.
    for sq in next.cells() {
        let Some(p) = next.piece_at(sq) else { continue };
        if after.contains_key(&sq) {
            continue;
        }
        let kind = match *mv {
            Move::Drop { to, .. } if to == sq => EventKind::Dropped,
            _ => EventKind::Appeared,
        };
        event(t, kind, p, sq);
        after.insert(sq, t.lives.len());
        t.lives.push(Life {
            start: None,
            end: Some((sq, p)),
            moved: false,
            carried: false,
            captured: Vec::new(),
        });
    }
    after
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::read_fen;
    use crate::variant::Variant;

    #[test]
    fn a_capture_ends_one_life_and_is_told() {
        let pos = read_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", Variant::Chess).unwrap();
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.is_capture())
            .unwrap();
        let t = track(&pos, &[(mv, "exd5".into())], 1);
        assert_eq!(t.events.len(), 1);
        assert_eq!(t.events[0].kind.name(), "captured");
        assert_eq!(t.events[0].square.to_string(), "d5");
        assert_eq!(t.lives.iter().filter(|l| l.end.is_none()).count(), 1);
    }
}
