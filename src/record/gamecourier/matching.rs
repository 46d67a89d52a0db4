//! The legal moves whose result equals what a turn did: which moves are
//! candidates ([`Reach`]), the cheap filter ([`may_match`]) and the
//! comparison ([`same`]), on any [`Board`]; and the reference matcher,
//! which lists the candidates through the rules ([`matching_in`]).

use smallvec::{smallvec, SmallVec};

use crate::moves::{Dir, Move, MoveList, PieceMove};
use crate::notation::san::{write_san, write_san_among};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::rules::fast::Board;
use crate::rules::Scope;
use crate::square::Square;
use crate::variant::Variant;

use super::coord::{coord, piece_at, square_at, Coord};
use super::effect::TurnEffect;

/// The shifts that map a position after `mv` into the frame of `pos`: the
/// move's own, and for a quake also the one where the strip stays and the
/// rest moves back (the same position, QK5). A quake's own is read off the
/// other king, which never rides the strip (QK3) and so moves only by the
/// re-lettering.
pub(super) fn shifts<B: Board>(pos: &B, mv: &Move, after: &B) -> SmallVec<[Coord; 2]> {
    let them = pos.turn().other();
    let (Move::Quake { dir }, Some(k0), Some(k1)) = (*mv, pos.king(them), after.king(them)) else {
        return smallvec![(0, 0)];
    };
    let (b, a) = (coord(k0), coord(k1));
    let s = (b.0 - a.0, b.1 - a.1);
    let (df, dr) = dir.delta();
    smallvec![s, (s.0 - i16::from(df), s.1 - i16::from(dr))]
}

/// The cheap test a candidate passes before its board is built: a piece move
/// or drop changes only its own squares, and moves no cage.
/// `still`: whether the turn marked no hole and moved no cage.
pub(super) fn may_match<B: Board>(
    mv: &Move,
    changed: &[Coord],
    eff: &TurnEffect,
    pos: &B,
    still: bool,
) -> bool {
    let within = |own: &[Square], first: Square, most: usize| {
        still
            && changed.len() <= most
            && changed.contains(&coord(first))
            && changed.iter().all(|c| own.iter().any(|&s| coord(s) == *c))
    };
    match *mv {
        Move::Normal(PieceMove { from, to, .. }) => within(&[from, to], from, 2),
        Move::Drop { to, .. } => within(&[to], to, 1),
        Move::EnPassant { from, .. } => {
            still && changed.len() <= 3 && changed.contains(&coord(from))
        }
        // The king may stay where it is (Chess960): then the rook moves.
        Move::Castle { king, rook } => {
            still
                && changed.len() <= 4
                && (changed.contains(&coord(king)) || changed.contains(&coord(rook)))
        }
        Move::CageMove { to } => {
            let us = pos.turn().index();
            eff.cages[us] == Some(coord(to)) && !eff.crossed[us]
        }
        // An insertion that moves no piece shows the cage crossing the line.
        Move::CageInsert { to, .. } => {
            let us = pos.turn().index();
            eff.cages[us] == Some(coord(to)) && (eff.crossed[us] || !changed.is_empty())
        }
        // A pass has no Game Courier form.
        Move::Null => false,
        // FL4: a slide changes only its own rank.
        Move::Slide { rank, .. } => changed.iter().all(|c| c.1 == i16::from(rank)),
        // QK1: typed as its strip, a quake moves the mover's king one step
        // its way; typed as the rest of the board moving back, it moves the
        // other king (never on the strip, QK3) one step back.
        Move::Quake { dir } => {
            let (df, dr) = dir.delta();
            let d = (i16::from(df), i16::from(dr));
            let us = pos.turn();
            let king = |c: Color| pos.king(c).map(coord);
            let has = |k: Option<Coord>| k.is_some_and(|k| changed.contains(&k));
            let lands = |c: Color, by: Coord| {
                king(c).is_some_and(|k| {
                    let to = (k.0 + by.0, k.1 + by.1);
                    eff.get(pos, to) == Some(Piece::new(c, Role::King))
                })
            };
            (has(king(us)) && lands(us, d))
                || (has(king(us.other())) && lands(us.other(), (-d.0, -d.1)))
        }
    }
}

/// Whether `eff` equals the position `after` the legal `mv` from `pos`. A
/// piece move or drop leaves every other square as it was: only its own
/// are compared.
pub(super) fn same<B: Board>(pos: &B, eff: &TurnEffect, mv: &Move, after: &B) -> bool {
    match *mv {
        Move::Normal(PieceMove { from, to, .. }) => {
            eff.distance_on(pos, after, &[coord(from), coord(to)]) == 0
        }
        Move::Drop { to, .. } => eff.distance_on(pos, after, &[coord(to)]) == 0,
        _ => shifts(pos, mv, after)
            .into_iter()
            .any(|s| eff.equals(pos, after, s)),
    }
}

/// Which moves a turn is matched among: the few its changes point to, or
/// every move. Both matchers ask it, so they weigh the same candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// The moves of one piece type onto one square (what a SAN token
    /// resolves through): see [`piece_move_scope`].
    Onto { role: Role, to: Square },
    /// One drop (QK7): a turn that only dropped that piece there.
    Drop { role: Role, to: Square },
    /// The mover's king's moves onto `to`, and the quakes (QK1).
    KingOrQuake { to: Square },
    /// Fault Line: the slides of `rank` (FL4), castling when four squares
    /// or fewer changed (FL8), and with two changed, piece moves onto them.
    Rank {
        rank: u8,
        onto: Option<[Square; 2]>,
        castling: bool,
    },
    /// A cage moved: the variant's own moves.
    Extras,
    /// Every move.
    All,
}

impl Reach {
    /// Which moves the turn `eff` (whose changed squares are `changed`)
    /// from `pos` is matched among.
    pub(super) fn of<B: Board>(pos: &B, eff: &TurnEffect, changed: &[Coord]) -> Reach {
        if let Some(Scope::Target {
            role: Some(role),
            to,
        }) = piece_move_scope(pos, eff, changed)
        {
            return Reach::Onto { role, to };
        }
        if let Some(few) = few_candidates(pos, eff, changed) {
            return few;
        }
        if let Some(rank) = rank_candidates(pos, eff, changed) {
            return rank;
        }
        if eff.cages != Color::ALL.map(|c| pos.cage(c).map(coord)) {
            // A turn that moved a cage is a cage move or insertion (the
            // cheap test refuses every other kind).
            return Reach::Extras;
        }
        Reach::All
    }

    /// Whether `mv` is among these moves.
    pub(super) fn admits(self, mv: &Move) -> bool {
        let onto = |m: &Move| match *m {
            Move::Normal(PieceMove { role, to, .. }) => Some((role, to)),
            Move::EnPassant { to, .. } => Some((Role::Pawn, to)),
            _ => None,
        };
        match self {
            Reach::Onto { role, to } => {
                onto(mv) == Some((role, to))
                    || (role == Role::King && matches!(mv, Move::Castle { .. }))
            }
            Reach::Drop { role, to } => *mv == Move::Drop { role, to },
            Reach::KingOrQuake { to } => {
                onto(mv) == Some((Role::King, to)) || matches!(mv, Move::Quake { .. })
            }
            Reach::Rank {
                rank,
                onto: two,
                castling,
            } => match *mv {
                Move::Normal(PieceMove { to, .. }) => two.is_some_and(|t| t.contains(&to)),
                Move::Castle { .. } => castling,
                Move::Slide { rank: r, .. } => r == rank,
                _ => false,
            },
            Reach::Extras => !matches!(
                mv,
                Move::Normal(_) | Move::EnPassant { .. } | Move::Castle { .. }
            ),
            Reach::All => true,
        }
    }

    /// These moves by movement alone, as the rules list them, in the order
    /// the reference weighs them.
    fn candidates(self, pos: &Position) -> MoveList {
        let target = |role: Option<Role>, to| pos.candidate_moves_in(Scope::Target { role, to });
        match self {
            Reach::Onto { role, to } => target(Some(role), to),
            Reach::Drop { role, to } => {
                let mut out = MoveList::new();
                out.push(Move::Drop { role, to });
                out
            }
            Reach::KingOrQuake { to } => {
                let mut out = target(Some(Role::King), to);
                out.extend(Dir::ALL.map(|dir| Move::Quake { dir }));
                out
            }
            Reach::Rank {
                rank,
                onto,
                castling,
            } => {
                // In the order every move lists them: piece moves, castling,
                // slides.
                let mut out = MoveList::new();
                let mut add = |mv: &Move| {
                    if !out.contains(mv) {
                        out.push(*mv);
                    }
                };
                for to in onto.into_iter().flatten() {
                    let moves = target(None, to);
                    moves
                        .iter()
                        .filter(|m| matches!(m, Move::Normal(_)))
                        .for_each(&mut add);
                }
                if castling {
                    let kings = pos.candidate_moves_in(Scope::Role(Role::King));
                    kings
                        .iter()
                        .filter(|m| matches!(m, Move::Castle { .. }))
                        .for_each(&mut add);
                }
                for dir in [Dir::East, Dir::West] {
                    add(&Move::Slide { rank, dir });
                }
                out
            }
            Reach::Extras => pos.candidate_moves_in(Scope::Extras),
            Reach::All => pos.candidate_moves(),
        }
    }
}

/// The legal moves whose result equals what the turn did.
pub(super) fn matching_moves(pos: &Position, eff: &TurnEffect) -> Vec<Move> {
    matching(pos, eff).into_iter().map(|(m, _)| m).collect()
}

/// [`matching_moves`] with the position after each.
pub(super) fn matching(pos: &Position, eff: &TurnEffect) -> Vec<(Move, Position)> {
    let mut found = Vec::new();
    let mut scratch = Box::new(pos.clone());
    search(pos, eff, &mut scratch, |mv, after| {
        found.push((mv, Position::clone(after)));
    });
    found
}

/// Positions a turn is matched in, kept from turn to turn: `after` holds the
/// position after the first match of the last search.
pub(super) struct Boards {
    pub(super) after: Box<Position>,
    scratch: Box<Position>,
}

impl Boards {
    pub(super) fn new(pos: &Position) -> Boards {
        Boards {
            after: Box::new(pos.clone()),
            scratch: Box::new(pos.clone()),
        }
    }
}

/// The legal moves whose result equals what the turn did, the position after
/// the first left in `boards.after` (each move is played once, in place, and
/// no position is copied again), and the candidates searched when they were
/// only the piece moves onto the turn's target (they hold every SAN rival).
pub(super) fn matching_in(
    pos: &Position,
    eff: &TurnEffect,
    boards: &mut Boards,
) -> (SmallVec<[Move; 2]>, Option<MoveList>) {
    let mut found = SmallVec::new();
    let after = &mut boards.after;
    let scoped = search(pos, eff, &mut boards.scratch, |mv, played| {
        if found.is_empty() {
            std::mem::swap(after, played);
        }
        found.push(mv);
    });
    (found, scoped)
}

/// Tells `found` each legal move whose result equals what the turn did, with
/// the position after it played in `scratch` (which `found` may take);
/// returns the candidates when they were only the piece moves onto the
/// turn's target.
fn search(
    pos: &Position,
    eff: &TurnEffect,
    scratch: &mut Box<Position>,
    mut found: impl FnMut(Move, &mut Box<Position>),
) -> Option<MoveList> {
    let changed = eff.changed(pos);
    let mut in_check = None;
    let reach = Reach::of(pos, eff, &changed);
    let candidates = reach.candidates(pos);
    let still = eff.holes.is_empty() && eff.cages == Color::ALL.map(|c| pos.cage(c).map(coord));
    for &mv in &candidates {
        if !may_match(&mv, &changed, eff, pos, still) {
            continue;
        }
        let check = *in_check.get_or_insert_with(|| pos.is_check());
        if !pos.is_legal_candidate_in(&mv, check) {
            continue;
        }
        Position::clone_from(scratch, pos);
        scratch.play_in_place(&mv);
        if same(pos, eff, &mv, &**scratch) {
            found(mv, scratch);
        }
    }
    matches!(reach, Reach::Onto { .. }).then_some(candidates)
}

/// Canonical SAN of a legal piece move (`write_san`'s), its rivals taken from
/// `scoped`: the candidates onto its target, not every move of the position.
pub(super) fn scoped_san(
    pos: &Position,
    mv: &Move,
    after: &Position,
    scoped: &[Move],
) -> Option<String> {
    if !matches!(mv, Move::Normal(_)) {
        return None;
    }
    let san = write_san_among(pos, mv, after, scoped).to_string();
    debug_assert_eq!(san, write_san(pos, mv));
    Some(san)
}

/// Two common Quake turns, without every drop on every cell (QK7): a turn
/// that only dropped one piece is that drop; a turn whose changes include
/// the mover's king is one of its moves or a quake.
fn few_candidates<B: Board>(pos: &B, eff: &TurnEffect, changed: &[Coord]) -> Option<Reach> {
    if !pos.variant().has_hands() || !eff.holes.is_empty() || !eff.cells.is_empty() {
        return None;
    }
    let us = pos.turn();
    let mut dropped = Role::ALL
        .into_iter()
        .filter(|&r| eff.drops[us.index()][r as usize] > 0);
    let one = (dropped.next(), dropped.next());
    let other_drops = eff.drops[us.other().index()] != [0; 13];
    match (one, changed) {
        ((Some(role), None), [to]) if !other_drops && eff.drops[us.index()][role as usize] == 1 => {
            // Only onto an empty cell, as the move generator lists drops.
            let to =
                square_at(pos, *to).filter(|&sq| pos.is_cell(sq) && pos.piece_at(sq).is_none())?;
            Some(Reach::Drop { role, to })
        }
        ((None, _), _) if !other_drops => {
            let king = pos.king(us)?;
            let to = changed
                .iter()
                .copied()
                .find(|&c| c != coord(king) && eff.get(pos, c) == pos.piece_at(king))?;
            Some(Reach::KingOrQuake {
                to: square_at(pos, to)?,
            })
        }
        _ => None,
    }
}

/// Fault Line: a turn that changed only squares of one rank, and nothing
/// else, is a slide of that rank (FL4), a castling (FL8), or, when it
/// changed two squares, a piece move onto one of them. A piece move
/// changes two squares, en passant two ranks.
fn rank_candidates<B: Board>(pos: &B, eff: &TurnEffect, changed: &[Coord]) -> Option<Reach> {
    if pos.variant() != Variant::FaultLine || changed.len() < 2 || !plain(pos, eff) {
        return None;
    }
    let rank = changed[0].1;
    if changed.iter().any(|c| c.1 != rank) {
        return None;
    }
    let rank = u8::try_from(rank).ok().filter(|&r| r < pos.frame().1)?;
    let onto = match changed {
        &[a, b] => Some([square_at(pos, a)?, square_at(pos, b)?]),
        _ => None,
    };
    Some(Reach::Rank {
        rank,
        onto,
        castling: changed.len() <= 4,
    })
}

/// Whether the turn marked no hole or cell, dropped nothing and moved no cage.
fn plain<B: Board>(pos: &B, eff: &TurnEffect) -> bool {
    eff.holes.is_empty()
        && eff.cells.is_empty()
        && eff.drops == [[0; 13]; 2]
        && eff.cages == Color::ALL.map(|c| pos.cage(c).map(coord))
}

/// Whether `from` and `to` could be the two squares a Fault Line slide
/// (FL4) changes: on one rank, every square between them holding the moved
/// piece (`same`). A run of equal pieces sliding one file changes only its
/// two ends, however long the run; a one-file step is a run of one.
pub(super) fn slide_ends(from: Coord, to: Coord, same: impl Fn(Coord) -> bool) -> bool {
    let (lo, hi) = (from.0.min(to.0), from.0.max(to.0));
    from.1 == to.1 && (lo + 1..hi).all(|f| same((f, from.1)))
}

/// When only a piece move can match the turn, the scope that lists the moves
/// onto its target (what a SAN token resolves through), not every move.
///
/// That is when the turn changed two squares, took one of the mover's pieces
/// off the first, and marked nothing, moved no cage and dropped nothing;
/// unless the move could also be a slide (the two ends of a run of equal
/// pieces along a Fault Line rank, FL4, [`slide_ends`]) or a quake (a step
/// of the mover's king, QK1).
fn piece_move_scope<B: Board>(pos: &B, eff: &TurnEffect, changed: &[Coord]) -> Option<Scope> {
    let [a, b] = changed[..] else {
        return None;
    };
    if !plain(pos, eff) {
        return None;
    }
    let us = pos.turn();
    let left = |c: Coord| piece_at(pos, c).filter(|p| p.color == us && eff.get(pos, c).is_none());
    let (from, to, piece) = match (left(a), left(b)) {
        (Some(p), None) => (a, b, p),
        (None, Some(p)) => (b, a, p),
        _ => return None,
    };
    let variant = pos.variant();
    if (variant == Variant::FaultLine && slide_ends(from, to, |c| piece_at(pos, c) == Some(piece)))
        || (variant.has_hands() && piece.role == Role::King)
        // A Chess960 castling may move the rook alone (the king stays).
        || (variant == Variant::Chess960 && piece.role == Role::Rook)
    {
        return None;
    }
    Some(Scope::Target {
        role: Some(piece.role),
        to: square_at(pos, to)?,
    })
}
