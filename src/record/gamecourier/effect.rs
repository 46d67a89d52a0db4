//! What a turn's operations did to the board, and how far a legal move's
//! result is from it: on any [`Board`], the reference position's or an
//! accelerator's, so both matchers read and compare a turn alike.

use std::collections::BTreeSet;

use smallvec::SmallVec;

use super::coord::{cell_at, coord, name, named, piece_at, square_at, Coord};
use super::label::{cage_label, label_of, read_label, Label};
use crate::notation::gamecourier::{OpKind, SquareName};
use crate::piece::{Color, Piece, Role};
use crate::rules::fast::Board;
use crate::rules::quake::lacks_forward_cell;

/// What a turn did to the board: the scratch copy after its operations.
#[derive(Clone, Debug, Default)]
pub struct TurnEffect {
    /// Squares written by the turn, with what they hold after it.
    pub(super) written: Written,
    /// Squares marked `#-SQ`.
    pub(super) holes: BTreeSet<Coord>,
    /// Squares marked `.-SQ`.
    pub(super) cells: BTreeSet<Coord>,
    pub(super) cages: [Option<Coord>; 2],
    /// Whether a cage was moved onto a board square (pushed across, SC2).
    pub(super) crossed: [bool; 2],
    /// Pieces taken from hand, by colour and role.
    pub(super) drops: [[u8; 13]; 2],
}

impl TurnEffect {
    pub(super) fn start<B: Board>(pos: &B) -> TurnEffect {
        TurnEffect {
            cages: Color::ALL.map(|c| pos.cage(c).map(coord)),
            ..TurnEffect::default()
        }
    }

    pub(super) fn get<B: Board>(&self, pos: &B, c: Coord) -> Option<Piece> {
        match self.written.get(&c) {
            Some(p) => *p,
            None => piece_at(pos, c),
        }
    }

    /// The squares whose piece differs from the position before the turn.
    pub(super) fn changed<B: Board>(&self, pos: &B) -> SmallVec<[Coord; 8]> {
        self.written
            .iter()
            .filter(|&(&c, &p)| piece_at(pos, c) != p)
            .map(|(&c, _)| c)
            .collect()
    }

    /// Applies one operation, or says why it contradicts the board.
    pub(super) fn apply<B: Board>(&mut self, pos: &B, op: &OpKind) -> Result<(), String> {
        let variant = pos.variant();
        let check = |n: SquareName| -> Result<Coord, String> {
            let c = named(n);
            let (files, ranks) = pos.frame();
            // QK1: a quake may carry cells one file east or one rank north.
            let grow = i16::from(variant.has_hands());
            if c.0 < i16::from(files) + grow && c.1 < i16::from(ranks) + grow {
                Ok(c)
            } else {
                Err(format!(
                    "square {n} is outside the board (a1–{}){}",
                    name((i16::from(files) - 1, i16::from(ranks) - 1)),
                    if grow > 0 {
                        " and one step beyond it"
                    } else {
                        ""
                    }
                ))
            }
        };
        match op {
            OpKind::Move { label, from, to } => {
                let (f, t) = (check(*from)?, check(*to)?);
                if f == t {
                    return Err(format!(
                        "{from}-{to} moves nothing: expected two different squares"
                    ));
                }
                let label = label
                    .as_deref()
                    .map(|l| read_label(l, variant))
                    .transpose()?;
                match label {
                    Some(Label::Cage(color)) => {
                        if self.cages[color.index()] != Some(f) {
                            return Err(format!(
                                "label {} contradicts the board: {}'s cage is not on {from}",
                                cage_label(color),
                                color.name()
                            ));
                        }
                        self.cages[color.index()] = Some(t);
                        let (files, ranks) = pos.frame();
                        let inner = |v: i16, n: u8| v >= 1 && v < i16::from(n) - 1;
                        if inner(t.0, files) && inner(t.1, ranks) {
                            self.crossed[color.index()] = true;
                        }
                        // The cage carries its content (none: the target keeps its own).
                        if let Some(p) = self.get(pos, f) {
                            self.written.insert(f, None);
                            self.written.insert(t, Some(p));
                        }
                        Ok(())
                    }
                    Some(Label::Hole | Label::Cell) => {
                        Err("a hole or cell mark does not move: expected #-SQ or .-SQ".into())
                    }
                    label => {
                        let Some(p) = self.get(pos, f) else {
                            return Err(format!("{from} is empty: expected a piece to move"));
                        };
                        if let Some(Label::Piece(named)) = label {
                            if named != p {
                                return Err(format!(
                                    "label {} contradicts the board: {from} holds {}",
                                    label_of(named),
                                    label_of(p)
                                ));
                            }
                        }
                        self.written.insert(f, None);
                        self.written.insert(t, Some(p));
                        Ok(())
                    }
                }
            }
            OpKind::Put { label, sq } => {
                let c = check(*sq)?;
                match read_label(label, variant)? {
                    Label::Piece(p) => {
                        self.written.insert(c, Some(p));
                    }
                    Label::Cage(color) => self.cages[color.index()] = Some(c),
                    Label::Cell => {
                        self.cells.insert(c);
                    }
                    Label::Hole => {
                        if !cell_at(pos, c) {
                            return Err(format!(
                                "{sq} is a hole already: expected a cell the move turns into a hole"
                            ));
                        }
                        self.written.insert(c, None);
                        self.holes.insert(c);
                    }
                }
                Ok(())
            }
            OpKind::Clear { sq } => {
                let c = check(*sq)?;
                if self.get(pos, c).is_none() {
                    return Err(format!("{sq} is already empty: expected a piece to clear"));
                }
                self.written.insert(c, None);
                Ok(())
            }
            OpKind::Drop { label, sq } => {
                let c = check(*sq)?;
                let Label::Piece(p) = read_label(label, variant)? else {
                    return Err(format!("{label} is not a piece: only pieces are dropped"));
                };
                if !variant.has_hands() {
                    return Err(format!(
                        "{} has no pieces in hand: expected a move, put or clear (drops are QK7)",
                        variant.id()
                    ));
                }
                let taken = self.drops[p.color.index()][p.role as usize];
                if taken >= pos.in_hand(p.color, p.role) {
                    return Err(format!(
                        "label {} contradicts the board: {} holds no{} {} in hand",
                        label_of(p),
                        p.color.name(),
                        if taken > 0 { " more" } else { "" },
                        p.role.name()
                    ));
                }
                if let Some(there) = self.get(pos, c) {
                    return Err(format!(
                        "{sq} holds {}: expected an empty square to drop on",
                        label_of(there)
                    ));
                }
                self.drops[p.color.index()][p.role as usize] += 1;
                self.written.insert(c, Some(p));
                Ok(())
            }
        }
    }

    /// The squares (in this frame) where the position `after`, mapped into
    /// this frame by adding `shift`, holds another piece than the turn left,
    /// with what `after` holds there.
    pub(super) fn mismatches<B: Board>(
        &self,
        pos: &B,
        after: &B,
        shift: Coord,
    ) -> Vec<(Coord, Option<Piece>)> {
        self.mismatch_iter(pos, after, shift).collect()
    }

    /// The squares of [`TurnEffect::mismatches`], in rank-then-file order,
    /// over both frames (`after`'s mapped by `shift`).
    fn mismatch_iter<'a, B: Board>(
        &'a self,
        pos: &'a B,
        after: &'a B,
        shift: Coord,
    ) -> impl Iterator<Item = (Coord, Option<Piece>)> + 'a {
        let (lo, hi) = both_frames(pos, after, shift);
        (lo.1..hi.1)
            .flat_map(move |r| (lo.0..hi.0).map(move |f| (f, r)))
            .filter_map(move |c| {
                let a = (c.0 - shift.0, c.1 - shift.1);
                let (typed, cand) = (self.get(pos, c), piece_at(after, a));
                // QK6: a pawn left without a forward cell is pocketed by the move.
                (typed != cand && !pocketed(after, a, typed, cand)).then_some((c, cand))
            })
    }

    /// How far the position `after` (mapped into this frame by adding
    /// `shift`) is from what the turn did: 0 is a match, else the number of
    /// squares, holes, cages and hand entries that differ.
    pub(super) fn distance<B: Board>(&self, pos: &B, after: &B, shift: Coord) -> usize {
        let mut d = self.mismatches(pos, after, shift).len();
        for &h in &self.holes {
            if cell_at(after, (h.0 - shift.0, h.1 - shift.1)) {
                d += 1;
            }
        }
        for &c in &self.cells {
            if !cell_at(after, (c.0 - shift.0, c.1 - shift.1)) {
                d += 1;
            }
        }
        for c in Color::ALL {
            let cand = after.cage(c).map(|sq| {
                let (f, r) = coord(sq);
                (f + shift.0, r + shift.1)
            });
            if cand != self.cages[c.index()] {
                d += 1;
            }
            for role in Role::ALL {
                let taken = pos.in_hand(c, role).saturating_sub(after.in_hand(c, role));
                d += usize::from(taken.abs_diff(self.drops[c.index()][role as usize]));
            }
        }
        d
    }

    /// Whether the holes, cells, cages and hands of [`TurnEffect::distance`]
    /// add nothing.
    fn marks_and_hands_match<B: Board>(&self, pos: &B, after: &B, shift: Coord) -> bool {
        let moved = |c: &Coord| (c.0 - shift.0, c.1 - shift.1);
        if self.holes.iter().any(|h| cell_at(after, moved(h)))
            || self.cells.iter().any(|c| !cell_at(after, moved(c)))
        {
            return false;
        }
        Color::ALL.into_iter().all(|c| {
            let cand = after.cage(c).map(|sq| {
                let (f, r) = coord(sq);
                (f + shift.0, r + shift.1)
            });
            cand == self.cages[c.index()]
                && Role::ALL.into_iter().all(|role| {
                    let taken = pos.in_hand(c, role).saturating_sub(after.in_hand(c, role));
                    taken == self.drops[c.index()][role as usize]
                })
        })
    }

    /// Whether [`TurnEffect::distance`] is 0, stopping at the first
    /// difference: the squares the turn wrote, then the others, each of
    /// those read only where the two boards differ (on an unchanged frame,
    /// only where the boards tell they may).
    pub(super) fn equals<B: Board>(&self, pos: &B, after: &B, shift: Coord) -> bool {
        if !self.marks_and_hands_match(pos, after, shift) {
            return false;
        }
        let moved = |c: Coord| (c.0 - shift.0, c.1 - shift.1);
        let differs = |a: Coord, typed: Option<Piece>, cand: Option<Piece>| {
            typed != cand && !pocketed(after, a, typed, cand)
        };
        if self
            .written
            .iter()
            .any(|(&c, &typed)| differs(moved(c), typed, piece_at(after, moved(c))))
        {
            return false;
        }
        let unwritten_differs = |c: Coord, before: Option<Piece>, cand: Option<Piece>| {
            before != cand && !self.written.contains_key(&c) && differs(moved(c), before, cand)
        };
        if shift == (0, 0) && after.frame() == pos.frame() {
            return !pos.differences(after).any(|sq| {
                let c = coord(sq);
                unwritten_differs(c, pos.piece_at(sq), after.piece_at(sq))
            });
        }
        let (lo, hi) = both_frames(pos, after, shift);
        !(lo.1..hi.1)
            .flat_map(|r| (lo.0..hi.0).map(move |f| (f, r)))
            .any(|c| unwritten_differs(c, piece_at(pos, c), piece_at(after, moved(c))))
    }

    /// [`TurnEffect::distance`] for a move that changes only the squares
    /// `own` (a piece move or drop): other squares are equal by the filter.
    pub(super) fn distance_on<B: Board>(&self, pos: &B, after: &B, own: &[Coord]) -> usize {
        let mut d = 0;
        for &c in own {
            let typed = self.get(pos, c);
            let cand = piece_at(after, c);
            d += usize::from(typed != cand && !pocketed(after, c, typed, cand));
        }
        d += self.holes.iter().filter(|&&h| cell_at(after, h)).count();
        d += self.cells.iter().filter(|&&c| !cell_at(after, c)).count();
        d + Color::ALL
            .into_iter()
            .map(|c| {
                Role::ALL
                    .into_iter()
                    .map(|role| {
                        let taken = pos.in_hand(c, role).saturating_sub(after.in_hand(c, role));
                        usize::from(taken != self.drops[c.index()][role as usize])
                    })
                    .sum::<usize>()
            })
            .sum::<usize>()
    }

    /// What the turn did, in words ("e2: P → empty, e4: empty → P").
    pub(super) fn describe<B: Board>(&self, pos: &B) -> String {
        let show = |p: Option<Piece>| p.map_or_else(|| "empty".to_owned(), label_of);
        let mut parts: Vec<String> = self
            .changed(pos)
            .into_iter()
            .map(|c| {
                format!(
                    "{}: {} → {}",
                    name(c),
                    show(piece_at(pos, c)),
                    show(self.get(pos, c))
                )
            })
            .collect();
        parts.extend(self.holes.iter().map(|&h| format!("{}: hole", name(h))));
        parts.extend(self.cells.iter().map(|&c| format!("{}: cell", name(c))));
        for c in Color::ALL {
            let before = pos.cage(c).map(coord);
            if before != self.cages[c.index()] {
                let at = |x: Option<Coord>| x.map_or_else(|| "none".to_owned(), name);
                parts.push(format!(
                    "{}'s cage: {} → {}",
                    c.name(),
                    at(before),
                    at(self.cages[c.index()])
                ));
            }
            for role in Role::ALL {
                let n = self.drops[c.index()][role as usize];
                if n > 0 {
                    parts.push(format!("{n} {} from hand", label_of(Piece::new(c, role))));
                }
            }
        }
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join(", ")
        }
    }
}

/// QK6: a pawn the turn left on `c` without a forward cell after the move
/// is pocketed by the move, so its absence there is no difference.
fn pocketed<B: Board>(after: &B, c: Coord, typed: Option<Piece>, cand: Option<Piece>) -> bool {
    cand.is_none()
        && after.variant().has_hands()
        && typed.is_some_and(|p| {
            p.role == Role::Pawn
                && match square_at(after, c) {
                    Some(sq) => lacks_forward_cell(after, sq, p.color),
                    // Off the frame: whether the square ahead is one of its cells.
                    None => {
                        let ahead = if p.color == Color::White { 1 } else { -1 };
                        !cell_at(after, (c.0, c.1 + ahead))
                    }
                }
        })
}

/// The squares a turn wrote, in square order, with what each holds after
/// it: a handful, so kept inline in a sorted array rather than a tree.
#[derive(Clone, Debug, Default)]
pub(super) struct Written(SmallVec<[(Coord, Option<Piece>); 8]>);

impl Written {
    pub(super) fn get(&self, c: &Coord) -> Option<&Option<Piece>> {
        self.0
            .binary_search_by(|(k, _)| k.cmp(c))
            .ok()
            .map(|i| &self.0[i].1)
    }

    pub(super) fn contains_key(&self, c: &Coord) -> bool {
        self.get(c).is_some()
    }

    pub(super) fn insert(&mut self, c: Coord, p: Option<Piece>) {
        match self.0.binary_search_by(|(k, _)| k.cmp(&c)) {
            Ok(i) => self.0[i].1 = p,
            Err(i) => self.0.insert(i, (c, p)),
        }
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (&Coord, &Option<Piece>)> + '_ {
        self.0.iter().map(|(c, p)| (c, p))
    }
}

/// The squares that cover `pos`'s frame and `after`'s mapped by `shift`:
/// from `lo` (inclusive) to `hi` (exclusive), files then ranks.
fn both_frames<B: Board>(pos: &B, after: &B, shift: Coord) -> (Coord, Coord) {
    let (bf, br) = pos.frame();
    let (af, ar) = after.frame();
    let lo = (shift.0.min(0), shift.1.min(0));
    let hi = (
        (i16::from(bf) + 1).max(i16::from(af) + shift.0),
        (i16::from(br) + 1).max(i16::from(ar) + shift.1),
    );
    (lo, hi)
}
