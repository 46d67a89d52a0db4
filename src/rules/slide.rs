//! Slide-chess (RULINGS SC0–SC4), seed `004_…`.
//!
//! As implemented:
//! - **SC0** The frame is a–i × 1–8; the board squares b2–h7 are always cells. The 30
//!   ring squares around them are holes, except the two that carry a cage
//!   (`Position::cages`, by owner). A cage is an ordinary cell holding at most one
//!   piece: pieces move, capture and attack into, out of and between cages by the
//!   normal cell rules (G2, G3), and moving a piece never moves a cage.
//!   Start: White R N B K B N R on b2–h2, pawns b3–h3; Black r n b k b n r on
//!   b7–h7, pawns b6–h6; White's cage on e8, Black's on e1.
//! - **SC1** Relocation (`Move::CageMove`): the mover's cage, with whatever it holds
//!   (empty or not), moves to any ring square without a cage. Illegal right after
//!   the mover's own previous relocation (`Position::relocated`, set on every move:
//!   true after a relocation, false after anything else) and illegal if afterwards
//!   the opponent is in check. These limits apply to relocations only.
//! - **SC2** Insertion (`Move::CageInsert`): the mover's cage on an edge square of the
//!   ring (orthogonally next to the board, not a corner) is pushed across the rank
//!   or file it faces: with the line's board squares s1…sn counted from the cage and
//!   E the ring square beyond sn, the cage's content goes to s1, each sᵢ to sᵢ₊₁, sn
//!   into the cage, and the cage ends on E (which must not hold the other cage); the
//!   old cage square becomes a hole. Kings on the line move with it.
//! - **SC3** No double step, no en passant, no castling. A pawn promotes whenever a
//!   move ends with it on a board square of its last rank (White: b7–h7, Black:
//!   b2–h2), whoever moved it: the mover chooses (G4), the piece keeps the pawn's
//!   colour. Ring squares (a cage on a7, i2 …) never promote. An insertion can
//!   promote up to two pawns (a file push); `promotions` holds the choices in
//!   ascending rank order of the promoted pawns' squares, filled from index 0.
//! - **SC4** No king may be in a cage: king moves onto a cage square and insertions
//!   pushing a king into the cage are illegal. Relocations carry no king (SC4).
//! - G6 applies to every move; check marks are the default (side to move attacked).
//! - Halfmove clock (draw claims only, G5): reset by pawn moves, captures and by an
//!   insertion that displaces a pawn; relocations never reset it.

use crate::moves::{Move, MoveList, PieceMove};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::rules::fit::Unfit;
use crate::rules::movegen::{self, PawnRules};
use crate::rules::{Illegal, Rules, Scope};
use crate::square::Square;
use crate::variant::Variant;

/// Slide-chess.
pub struct Slide;

/// Frame size (SC0).
const FILES: u8 = 9;
const RANKS: u8 = 8;

/// SC3: no double step, no en passant.
const PAWNS: PawnRules = PawnRules {
    double_step: false,
    en_passant: false,
};

const TWICE: Illegal = Illegal::new("SC1", "may not relocate the cage twice in a row");
const RELOCATION_CHECKS: Illegal = Illegal::new("SC1", "a relocation may not give check");
const FAR_END_CAGED: Illegal = Illegal::new("SC2", "the far end of the line holds a cage");
const KING_ENTERS_CAGE: Illegal = Illegal::new("SC4", "would put a king in a cage");
const KING_PUSHED_INTO_CAGE: Illegal = Illegal::new("SC4", "would push a king into the cage");

/// Whether `sq` is a board square b2–h7 (SC0).
#[inline]
fn is_board(sq: Square) -> bool {
    (1..=7).contains(&sq.file()) && (1..=6).contains(&sq.rank())
}

/// Whether `sq` is one of the 30 ring squares (SC0).
#[inline]
pub fn is_ring(sq: Square) -> bool {
    sq.file() < FILES && sq.rank() < RANKS && !is_board(sq)
}

/// The ring squares, rank by rank.
fn ring_squares() -> impl Iterator<Item = Square> {
    // Relocations list them every time all moves are generated: built once.
    static RING: std::sync::OnceLock<Vec<Square>> = std::sync::OnceLock::new();
    RING.get_or_init(|| {
        (0..RANKS)
            .flat_map(|r| (0..FILES).filter_map(move |f| Square::new(f, r)))
            .filter(|&sq| is_ring(sq))
            .collect()
    })
    .iter()
    .copied()
}

/// The 0-based rank where a pawn of `color` promotes.
#[inline]
fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 6,
        Color::Black => 1,
    }
}

/// SC3: a pawn of `color` on `sq` promotes (board squares of its last rank only).
#[inline]
fn promotes(color: Color, sq: Square) -> bool {
    is_board(sq) && sq.rank() == last_rank(color)
}

/// The geometry of pushing a cage from an edge square (SC2).
struct Push {
    /// s1…sn, counted from the cage's side.
    line: [Square; 7],
    n: usize,
    /// The ring square beyond sn, where the cage ends.
    end: Square,
    /// Whether the line runs towards lower ranks (a push from rank 8).
    southwards: bool,
}

impl Push {
    fn line(&self) -> &[Square] {
        &self.line[..self.n]
    }
}

/// The push of a cage standing on `cage`, if it is an edge square (not a corner).
fn push_geometry(cage: Square) -> Option<Push> {
    let (f, r) = (cage.file() as i8, cage.rank() as i8);
    let (df, dr): (i8, i8) = if f == 0 && (1..=6).contains(&r) {
        (1, 0)
    } else if f == 8 && (1..=6).contains(&r) {
        (-1, 0)
    } else if r == 0 && (1..=7).contains(&f) {
        (0, 1)
    } else if r == 7 && (1..=7).contains(&f) {
        (0, -1)
    } else {
        return None;
    };
    let n = if dr == 0 { 7 } else { 6 };
    let at = |i: i8| Square::new((f + df * i) as u8, (r + dr * i) as u8);
    let mut line = [cage; 7];
    for (i, slot) in line.iter_mut().enumerate().take(n) {
        *slot = at(i as i8 + 1)?;
    }
    Some(Push {
        line,
        n,
        end: at(n as i8 + 1)?,
        southwards: dr < 0,
    })
}

/// The pieces on s1…sn after pushing `cage` (SC2): the cage's content, then sᵢ₋₁.
fn pushed_contents(pos: &Position, cage: Square, push: &Push) -> [Option<Piece>; 7] {
    let mut out = [None; 7];
    let mut prev = pos.piece_at(cage);
    for (slot, &sq) in out.iter_mut().zip(push.line()) {
        *slot = prev;
        prev = pos.piece_at(sq);
    }
    out
}

/// The line squares where a pushed pawn promotes (SC3), in ascending rank order.
fn pushed_promotions(pos: &Position, cage: Square, push: &Push) -> ([Option<Square>; 2], usize) {
    let after = pushed_contents(pos, cage, push);
    let mut found = [None; 2];
    let mut k = 0;
    for (p, &sq) in after.iter().zip(push.line()) {
        if let Some(p) = p {
            if p.role == Role::Pawn && promotes(p.color, sq) && k < 2 {
                found[k] = Some(sq);
                k += 1;
            }
        }
    }
    if push.southwards {
        found[..k].reverse();
    }
    (found, k)
}

/// SC2 and SC4 for the mover's insertion, before king safety: the far end
/// holds no cage and the push carries no king into the cage.
pub(crate) fn insertion_allowed(pos: &Position) -> Result<(), Illegal> {
    let Some(cage) = pos.cages[pos.turn.index()] else {
        return Err(FAR_END_CAGED);
    };
    let Some(push) = push_geometry(cage) else {
        return Err(FAR_END_CAGED);
    };
    if pos.cage_owner(push.end).is_some() {
        return Err(FAR_END_CAGED);
    }
    let last = push.line().last().and_then(|&sq| pos.piece_at(sq));
    if last.is_some_and(|p| p.role == Role::King) {
        return Err(KING_PUSHED_INTO_CAGE);
    }
    Ok(())
}

fn relocation_candidates(pos: &Position, out: &mut MoveList) {
    if pos.cages[pos.turn.index()].is_none() {
        return;
    }
    for sq in ring_squares() {
        if !pos.is_cell(sq) && pos.cage_owner(sq).is_none() {
            out.push(Move::CageMove { to: sq });
        }
    }
}

fn insertion_candidates(pos: &Position, out: &mut MoveList) {
    let Some(cage) = pos.cages[pos.turn.index()] else {
        return;
    };
    let Some(push) = push_geometry(cage) else {
        return;
    };
    let to = push.end;
    match pushed_promotions(pos, cage, &push).1 {
        0 => out.push(Move::CageInsert {
            to,
            promotions: [None, None],
        }),
        1 => {
            for p in Role::PROMOTIONS {
                out.push(Move::CageInsert {
                    to,
                    promotions: [Some(p), None],
                });
            }
        }
        _ => {
            for a in Role::PROMOTIONS {
                for b in Role::PROMOTIONS {
                    out.push(Move::CageInsert {
                        to,
                        promotions: [Some(a), Some(b)],
                    });
                }
            }
        }
    }
}

fn play_relocation(pos: &mut Position, to: Square) {
    let us = pos.turn;
    let Some(cage) = pos.cages[us.index()] else {
        return;
    };
    let content = pos.piece_at(cage);
    pos.set_cell(cage, false);
    pos.set_cell(to, true);
    pos.set(to, content);
    pos.cages[us.index()] = Some(to);
    pos.relocated[us.index()] = true;
    pos.ep = None;
    movegen::finish_turn(pos, false);
}

fn play_insertion(pos: &mut Position, promotions: [Option<Role>; 2]) {
    let us = pos.turn;
    let Some(cage) = pos.cages[us.index()] else {
        return;
    };
    let Some(push) = push_geometry(cage) else {
        return;
    };
    let (promoted, k) = pushed_promotions(pos, cage, &push);
    let after = pushed_contents(pos, cage, &push);
    let last = push.line().last().and_then(|&sq| pos.piece_at(sq));
    let moved_pawn = pos.piece_at(cage).is_some_and(|p| p.role == Role::Pawn)
        || push
            .line()
            .iter()
            .any(|&sq| pos.piece_at(sq).is_some_and(|p| p.role == Role::Pawn));
    pos.set_cell(cage, false);
    for (&sq, &p) in push.line().iter().zip(&after) {
        pos.set(sq, p);
    }
    pos.set_cell(push.end, true);
    pos.set(push.end, last);
    // SC3: the mover chooses, the piece keeps the pawn's colour.
    for (sq, choice) in promoted[..k].iter().zip(promotions) {
        if let (Some(sq), Some(role)) = (*sq, choice) {
            if let Some(p) = pos.piece_at(sq) {
                pos.set(sq, Some(Piece::new(p.color, role)));
            }
        }
    }
    pos.cages[us.index()] = Some(push.end);
    pos.relocated[us.index()] = false;
    pos.ep = None;
    movegen::finish_turn(pos, moved_pawn);
}

impl Rules for Slide {
    fn start(variant: Variant) -> Position {
        let mut pos = Position::empty(variant, FILES, RANKS);
        let back = ["*", "R", "N", "B", "K", "B", "N", "R", "*"];
        let pawns = ["*", "P", "P", "P", "P", "P", "P", "P", "*"];
        let empty = ["*", "", "", "", "", "", "", "", "*"];
        movegen::place_start_ranks(&mut pos, 1, &back, &pawns, &[empty; 2], &back);
        // SC0: White's cage on e8, Black's on e1.
        for (color, rank) in [(Color::White, RANKS - 1), (Color::Black, 0)] {
            if let Some(sq) = Square::new(4, rank) {
                pos.set_cell(sq, true);
                pos.cages[color.index()] = Some(sq);
            }
        }
        pos
    }

    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        movegen::all_piece_moves(pos, PAWNS, &promotes, scope, out);
        if scope.extras() {
            relocation_candidates(pos, out);
            insertion_candidates(pos, out);
        }
    }

    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        let us = pos.turn;
        match *mv {
            Move::Normal(PieceMove {
                role: Role::King,
                to,
                ..
            }) if pos.cage_owner(to).is_some() => return Err(KING_ENTERS_CAGE),
            Move::CageMove { .. } if pos.relocated[us.index()] => return Err(TWICE),
            Move::CageInsert { .. } => insertion_allowed(pos)?,
            _ => {}
        }
        // A piece move changes only its own cells: judged on an overlay.
        if let Some(safe) = movegen::king_safe_overlay(pos, mv, |_, _| true) {
            return if safe {
                Ok(())
            } else {
                Err(Illegal::KING_ATTACKED)
            };
        }
        let mut next = pos.clone();
        Slide::play(&mut next, mv);
        if next
            .king(us)
            .is_some_and(|k| Slide::attacked(&next, k, us.other()))
        {
            return Err(Illegal::KING_ATTACKED);
        }
        if matches!(mv, Move::CageMove { .. }) && Slide::in_check(&next) {
            return Err(RELOCATION_CHECKS);
        }
        Ok(())
    }

    fn check_in(pos: &Position, mv: &Move, in_check: bool) -> Result<(), Illegal> {
        // Attacks depend only on the cells (cages are cells), so a piece
        // other than the king (SC4 concerns kings only) leaving every line
        // through its unchecked king is safe.
        match movegen::safe_without_scan(pos, mv, in_check) {
            Some(true) => Ok(()),
            _ => Self::check(pos, mv),
        }
    }

    fn play(pos: &mut Position, mv: &Move) {
        match *mv {
            Move::CageMove { to } => play_relocation(pos, to),
            Move::CageInsert { promotions, .. } => play_insertion(pos, promotions),
            _ => {
                let us = pos.turn;
                movegen::play_piece_move(pos, mv);
                pos.relocated[us.index()] = false;
            }
        }
    }

    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        movegen::attacked_by(pos, target, by, |_, _| true)
    }

    fn validate(pos: &Position) -> Result<(), Unfit> {
        if pos.frame() != (FILES, RANKS) {
            return Err("the frame must be 9×8 (a–i × 1–8)".into());
        }
        if pos.squares().any(|sq| is_board(sq) && !pos.is_cell(sq)) {
            return Err("every board square b2–h7 must be a cell".into());
        }
        let (Some(w), Some(b)) = (pos.cages[0], pos.cages[1]) else {
            return Err("each side needs a cage".into());
        };
        if !is_ring(w) || !is_ring(b) || w == b {
            return Err("the cages must stand on two different ring squares".into());
        }
        if ring_squares().any(|sq| pos.is_cell(sq) != (sq == w || sq == b)) {
            return Err("ring squares without a cage must be holes ('*')".into());
        }
        if Color::ALL.iter().any(|&c| pos.count_kings(c) != 1) {
            return Err("each side must have exactly one king".into());
        }
        if [w, b]
            .iter()
            .any(|&sq| pos.piece_at(sq).is_some_and(|p| p.role == Role::King))
        {
            return Err("a king stands in a cage (SC4)".into());
        }
        if pos.squares().any(|sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.role == Role::Pawn && promotes(p.color, sq))
        }) {
            return Err("a pawn stands unpromoted on its last rank (SC3)".into());
        }
        if pos
            .squares()
            .any(|sq| pos.piece_at(sq).is_some_and(|p| p.role.is_compound()))
        {
            return Err("compound pieces belong to quake-lb".into());
        }
        let (us, them) = (pos.turn, pos.turn.other());
        if pos.king(them).is_some_and(|k| Slide::attacked(pos, k, us)) {
            return Err("the side not to move is in check".into());
        }
        if pos.relocated[them.index()] && Slide::in_check(pos) {
            return Err("the last move was a relocation, which cannot give check (SC1)".into());
        }
        Ok(())
    }

    fn promotion_squares(pos: &Position, mv: &Move) -> Vec<Square> {
        let Move::CageInsert { .. } = mv else {
            return Vec::new();
        };
        let Some(cage) = pos.cages[pos.turn.index()] else {
            return Vec::new();
        };
        let Some(push) = push_geometry(cage) else {
            return Vec::new();
        };
        let (found, k) = pushed_promotions(pos, cage, &push);
        found[..k].iter().flatten().copied().collect()
    }

    fn explain(pos: &Position, mv: &Move, ill: &Illegal) -> String {
        let us = pos.turn;
        let owner = |sq: Square| pos.cage_owner(sq).map_or("a", |c| c.name());
        match (*mv, ill.ruling) {
            (Move::Normal(PieceMove { to, .. }), "SC4") => {
                format!("{}: {to} is {}'s cage", ill.reason, owner(to))
            }
            (Move::CageInsert { to, .. }, "SC2") => {
                format!("{}: {to} holds {}'s cage", ill.reason, owner(to))
            }
            (Move::CageInsert { to, .. }, "SC4") => {
                format!("{}: the king at the far end would ride to {to}", ill.reason)
            }
            (Move::CageMove { .. }, "SC1") if pos.relocated[us.index()] => format!(
                "{}: {}'s previous turn was already a relocation",
                ill.reason,
                us.name()
            ),
            (Move::CageMove { to }, "SC1") => {
                let content = pos.cages[us.index()]
                    .and_then(|c| pos.piece_at(c))
                    .map_or_else(|| "the cage".to_owned(), |p| p.role.name().to_owned());
                format!("{}: the {content} on {to} would check", ill.reason)
            }
            _ => ill.reason.to_owned(),
        }
    }
}

/// SC2: the squares a push of the cage on `cage` carries contents along
/// (s1…sn, from the cage's side) and the ring square E where the cage ends;
/// `None` for a square that cannot push. For callers that follow pieces
/// through a move ([`crate::rules::carry`]).
pub(crate) fn insertion_path(cage: Square) -> Option<(Vec<Square>, Square)> {
    push_geometry(cage).map(|p| (p.line().to_vec(), p.end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn sc0_ring_has_thirty_squares_and_edges_push_across() {
        assert_eq!(ring_squares().count(), 30);
        let p = push_geometry(sq("a5")).unwrap();
        assert_eq!(p.line().len(), 7);
        assert_eq!((p.line()[0], p.end), (sq("b5"), sq("i5")));
        let p = push_geometry(sq("e8")).unwrap();
        assert_eq!(
            (p.line()[0], p.line()[5], p.end),
            (sq("e7"), sq("e2"), sq("e1"))
        );
        assert!(p.southwards);
        for corner in ["a1", "i1", "a8", "i8"] {
            assert!(push_geometry(sq(corner)).is_none());
        }
    }

    #[test]
    fn sc0_start_cages() {
        let pos = Slide::start(Variant::Slide);
        assert_eq!(pos.cages, [Some(sq("e8")), Some(sq("e1"))]);
        assert!(pos.is_cell(sq("e8")) && pos.piece_at(sq("e8")).is_none());
        assert!(!pos.is_cell(sq("d8")));
        assert_eq!(Slide::validate(&pos), Ok(()));
    }
}
