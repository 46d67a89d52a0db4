//! Game Courier move lists as games: reading a list typed as board edits,
//! validating it, and writing a game as one (notation/gamecourier.md).
//!
//! **Reading.** A turn's operations are applied in order to a scratch copy of
//! the board ([`TurnEffect`]); the turn is the one legal move of the variant
//! that produces the same arrangement. Equality is defined on what a list
//! can say, in the frame of the position the turn is played from (QK5):
//!
//! - *pieces*: every square holds the same piece. A pawn the move pockets
//!   (QK6) may be left standing: pocketing follows from the move;
//! - *hands*: the pieces the turn took out of hand (drops) are the ones the
//!   move takes; pieces that go into a hand (QK6, QK7) follow from the move;
//! - *holes and cells*: a square the turn marked `#-SQ` is not a cell after
//!   the move, one marked `.-SQ` is;
//!   other cells follow from the move (moving a piece onto a hole is allowed:
//!   a slide or quake carries cells with it);
//! - *cages* (Slide-chess): each cage stands where the turn left it; a cage
//!   moved onto a board square during the turn was pushed across the board
//!   (an insertion, SC2), never relocated (SC1);
//! - castling rights, en passant, counters follow from the move.
//!
//! A quake that grows the frame west or south would carry cells to squares
//! with no name in the frame of the position it is played from; such a quake
//! may be typed as the rest of the board moving the other way, which is the
//! same position (QK5: positions that differ only by a shift are the same).
//!
//! Matching does not build a board per legal move: a piece move or drop must
//! change a subset of its own squares first (the cheap filter), and only the
//! few candidates left are played and compared.
//!
//! ```
//! use fvnote::record::gamecourier::{read_list, write_list};
//! use fvnote::Variant;
//! // A Fault Line rank slide (S1e) typed as each piece's move, east-most first.
//! let list = "1. g1-h1; f1-g1; e1-f1; d1-e1; c1-d1; b1-c1; a1-b1\n";
//! let record = read_list(list, Variant::FaultLine, None).unwrap();
//! assert_eq!(record.moves[0].san, "S1e");
//! assert_eq!(write_list(&record).unwrap(), "1. R g1-h1; N f1-g1; B e1-f1; K d1-e1; B c1-d1; N b1-c1; R a1-b1\n");
//! ```

use std::collections::{BTreeMap, BTreeSet};

use compact_str::CompactString;

use crate::moves::{Move, MoveList};
use crate::notation::fen::{read_fen, write_fen};
use crate::notation::gamecourier::{parse, Item, Op, OpKind, SquareName, Turn};
use crate::notation::san::write_san;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::record::replay::{replay, Diagnostic, GameReport, ReplayOptions, Severity};
use crate::record::validate::Verdict;
use crate::record::{Comment, CommentKind, Node, Record, Span, Tag};
use crate::rules::{quake, Variant};
use crate::square::Square;

/// A square in the frame of the position a turn is played from, 0-based;
/// may lie one step outside it (a quake).
pub type Coord = (i16, i16);

fn coord(sq: Square) -> Coord {
    (i16::from(sq.file()), i16::from(sq.rank()))
}

fn named(n: SquareName) -> Coord {
    (i16::from(n.file), n.rank as i16)
}

fn name(c: Coord) -> String {
    match (u8::try_from(c.0), u32::try_from(c.1)) {
        (Ok(f), Ok(r)) if f < 26 => format!("{}{}", (b'a' + f) as char, r + 1),
        _ => format!("({},{})", c.0, c.1),
    }
}

/// The square of `pos` at `c`, if it is inside the frame.
fn square_at(pos: &Position, c: Coord) -> Option<Square> {
    let (files, ranks) = pos.frame();
    if c.0 < 0 || c.1 < 0 || c.0 >= i16::from(files) || c.1 >= i16::from(ranks) {
        return None;
    }
    Square::new(c.0 as u8, c.1 as u8)
}

fn piece_at(pos: &Position, c: Coord) -> Option<Piece> {
    square_at(pos, c).and_then(|sq| pos.piece_at(sq))
}

fn cell_at(pos: &Position, c: Coord) -> bool {
    square_at(pos, c).is_some_and(|sq| pos.is_cell(sq))
}

/// What a label names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Piece(Piece),
    /// A Slide-chess cage: `C` White's, `c` Black's.
    Cage(Color),
    /// `#`: the square is a hole after the turn.
    Hole,
    /// `.`: the square is a cell after the turn.
    Cell,
}

fn read_label(text: &str, variant: Variant) -> Result<Label, String> {
    // Messages show a long label's start only.
    let shown: String = text.chars().take(12).collect();
    let shown = if shown.len() < text.len() {
        format!("{shown}…")
    } else {
        shown
    };
    if text == "#" {
        return Ok(Label::Hole);
    }
    if text == "." {
        return Ok(Label::Cell);
    }
    let color = if text.bytes().all(|b| b.is_ascii_uppercase()) {
        Color::White
    } else if text.bytes().all(|b| b.is_ascii_lowercase()) {
        Color::Black
    } else {
        return Err(format!(
            "label {shown:?} mixes cases: expected upper case (White) or lower case (Black)"
        ));
    };
    let upper = text.to_ascii_uppercase();
    if upper == "C" && variant.has_cages() {
        return Ok(Label::Cage(color));
    }
    match Role::from_code(&upper) {
        Some(role) => Ok(Label::Piece(Piece::new(color, role))),
        None => Err(format!(
            "unknown label {shown:?}: expected a piece (P N B R Q K, or RN RB NR NB BR BN){}, \
             # (a hole) or . (a cell)",
            if variant.has_cages() {
                ", C (a cage)"
            } else {
                ""
            }
        )),
    }
}

fn label_of(p: Piece) -> String {
    p.code()
}

fn cage_label(c: Color) -> &'static str {
    match c {
        Color::White => "C",
        Color::Black => "c",
    }
}

/// What a turn did to the board: the scratch copy after its operations.
#[derive(Clone, Debug, Default)]
pub struct TurnEffect {
    /// Squares written by the turn, with what they hold after it.
    written: BTreeMap<Coord, Option<Piece>>,
    /// Squares marked `#-SQ`.
    holes: BTreeSet<Coord>,
    /// Squares marked `.-SQ`.
    cells: BTreeSet<Coord>,
    cages: [Option<Coord>; 2],
    /// Whether a cage was moved onto a board square (pushed across, SC2).
    crossed: [bool; 2],
    /// Pieces taken from hand, by colour and role.
    drops: [[u8; 13]; 2],
}

impl TurnEffect {
    fn start(pos: &Position) -> TurnEffect {
        TurnEffect {
            cages: Color::ALL.map(|c| pos.cage(c).map(coord)),
            ..TurnEffect::default()
        }
    }

    fn get(&self, pos: &Position, c: Coord) -> Option<Piece> {
        match self.written.get(&c) {
            Some(p) => *p,
            None => piece_at(pos, c),
        }
    }

    /// The squares whose piece differs from the position before the turn.
    fn changed(&self, pos: &Position) -> Vec<Coord> {
        self.written
            .iter()
            .filter(|&(&c, &p)| piece_at(pos, c) != p)
            .map(|(&c, _)| c)
            .collect()
    }

    /// Applies one operation, or says why it contradicts the board.
    fn apply(&mut self, pos: &Position, op: &OpKind) -> Result<(), String> {
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
    fn mismatches(
        &self,
        pos: &Position,
        after: &Position,
        shift: Coord,
    ) -> Vec<(Coord, Option<Piece>)> {
        let (bf, br) = pos.frame();
        let (af, ar) = after.frame();
        let lo = (shift.0.min(0), shift.1.min(0));
        let hi = (
            (i16::from(bf) + 1).max(i16::from(af) + shift.0),
            (i16::from(br) + 1).max(i16::from(ar) + shift.1),
        );
        let mut out = Vec::new();
        for r in lo.1..hi.1 {
            for f in lo.0..hi.0 {
                let c = (f, r);
                let a = (f - shift.0, r - shift.1);
                let typed = self.get(pos, c);
                let cand = piece_at(after, a);
                if typed == cand {
                    continue;
                }
                // QK6: a pawn left without a forward cell is pocketed by the move.
                let pocketed = after.variant().has_hands()
                    && cand.is_none()
                    && typed.is_some_and(|p| {
                        let fwd = if p.color == Color::White { 1 } else { -1 };
                        p.role == Role::Pawn && !cell_at(after, (a.0, a.1 + fwd))
                    });
                if !pocketed {
                    out.push((c, cand));
                }
            }
        }
        out
    }

    /// How far the position `after` (mapped into this frame by adding
    /// `shift`) is from what the turn did: 0 is a match, else the number of
    /// squares, holes, cages and hand entries that differ.
    fn distance(&self, pos: &Position, after: &Position, shift: Coord) -> usize {
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

    /// [`TurnEffect::distance`] for a move that changes only the squares
    /// `own` (a piece move or drop): other squares are equal by the filter.
    fn distance_on(&self, pos: &Position, after: &Position, own: &[Coord]) -> usize {
        let mut d = 0;
        for &c in own {
            let typed = self.get(pos, c);
            let cand = piece_at(after, c);
            // QK6: a pawn left without a forward cell is pocketed by the move.
            let pocketed = cand.is_none()
                && after.variant().has_hands()
                && typed.is_some_and(|p| {
                    let fwd = if p.color == Color::White { 1 } else { -1 };
                    p.role == Role::Pawn && !cell_at(after, (c.0, c.1 + fwd))
                });
            d += usize::from(typed != cand && !pocketed);
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
    fn describe(&self, pos: &Position) -> String {
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

/// The shifts that map a position after `mv` into the frame of `pos`: the
/// move's own, and for a quake also the one where the strip stays and the
/// rest moves back (the same position, QK5).
fn shifts(pos: &Position, mv: &Move) -> Vec<Coord> {
    let Move::Quake { dir } = *mv else {
        return vec![(0, 0)];
    };
    let Some(king) = pos.king(pos.turn()) else {
        return vec![(0, 0)];
    };
    let (df, dr) = dir.delta();
    let cells: Vec<Coord> = pos.cells().map(coord).collect();
    let strip = quake::strip(&cells, coord(king), dir);
    let moved: Vec<Coord> = cells
        .iter()
        .map(|&c| {
            if strip.contains(&c) {
                (c.0 + i16::from(df), c.1 + i16::from(dr))
            } else {
                c
            }
        })
        .collect();
    let min = |k: fn(&Coord) -> i16| moved.iter().map(k).min().unwrap_or(0);
    let s = (min(|c| c.0), min(|c| c.1));
    vec![s, (s.0 - i16::from(df), s.1 - i16::from(dr))]
}

/// The cheap test a candidate passes before its board is built: a piece move
/// or drop changes only its own squares, and moves no cage.
fn may_match(mv: &Move, changed: &[Coord], eff: &TurnEffect, pos: &Position) -> bool {
    let still = eff.holes.is_empty() && eff.cages == Color::ALL.map(|c| pos.cage(c).map(coord));
    let within = |own: &[Square], first: Square, most: usize| {
        still
            && changed.len() <= most
            && changed.contains(&coord(first))
            && changed.iter().all(|c| own.iter().any(|&s| coord(s) == *c))
    };
    match *mv {
        Move::Normal { from, to, .. } => within(&[from, to], from, 2),
        Move::Drop { to, .. } => within(&[to], to, 1),
        Move::EnPassant { from, .. } => {
            still && changed.len() <= 3 && changed.contains(&coord(from))
        }
        Move::Castle { king, .. } => still && changed.len() <= 4 && changed.contains(&coord(king)),
        Move::CageMove { to } => {
            let us = pos.turn().index();
            eff.cages[us] == Some(coord(to)) && !eff.crossed[us]
        }
        // An insertion that moves no piece shows the cage crossing the line.
        Move::CageInsert { to, .. } => {
            let us = pos.turn().index();
            eff.cages[us] == Some(coord(to)) && (eff.crossed[us] || !changed.is_empty())
        }
        // FL4: a slide changes only its own rank.
        Move::Slide { rank, .. } => changed.iter().all(|c| c.1 == i16::from(rank)),
        // QK1: typed as its strip, a quake moves the mover's king; typed as the
        // rest of the board moving back, it moves the other king (never on the
        // strip, QK3) and not the mover's.
        Move::Quake { .. } => {
            let king = |c: Color| pos.king(c).map(coord);
            let has = |k: Option<Coord>| k.is_some_and(|k| changed.contains(&k));
            has(king(pos.turn())) || has(king(pos.turn().other()))
        }
    }
}

/// Whether `eff` equals the position after `mv` under one of its shifts.
fn matches(pos: &Position, eff: &TurnEffect, mv: &Move, after: &Position) -> bool {
    shifts(pos, mv)
        .into_iter()
        .any(|s| eff.distance(pos, after, s) == 0)
}

/// The legal moves whose result equals what the turn did.
fn matching_moves(pos: &Position, eff: &TurnEffect) -> Vec<Move> {
    matching(pos, eff).into_iter().map(|(m, _)| m).collect()
}

/// [`matching_moves`] with the position after each.
fn matching(pos: &Position, eff: &TurnEffect) -> Vec<(Move, Position)> {
    matching_scoped(pos, eff).0
}

/// [`matching`], and the candidates it searched when they were only the
/// piece moves onto the turn's target (they hold every SAN rival).
fn matching_scoped(pos: &Position, eff: &TurnEffect) -> (Vec<(Move, Position)>, Option<MoveList>) {
    let changed = eff.changed(pos);
    let mut in_check = None;
    let mut found = Vec::new();
    let scope = piece_move_scope(pos, eff, &changed);
    let candidates = match scope {
        Some(scope) => pos.candidate_moves_in(scope),
        None => match few_candidates(pos, eff, &changed) {
            Some(few) => few,
            None => pos.candidate_moves(),
        },
    };
    for &mv in &candidates {
        if !may_match(&mv, &changed, eff, pos) {
            continue;
        }
        let check = *in_check.get_or_insert_with(|| pos.is_check());
        if !pos.is_legal_candidate_in(&mv, check) {
            continue;
        }
        let after = pos.play(&mv);
        let same = match mv {
            // These leave every other square as it was: compare their own.
            Move::Normal { from, to, .. } => {
                eff.distance_on(pos, &after, &[coord(from), coord(to)]) == 0
            }
            Move::Drop { to, .. } => eff.distance_on(pos, &after, &[coord(to)]) == 0,
            _ => matches(pos, eff, &mv, &after),
        };
        if same {
            found.push((mv, after));
        }
    }
    (found, scope.map(|_| candidates))
}

/// Canonical SAN of a legal piece move (`write_san`'s), its rivals taken from
/// `scoped`: the candidates onto its target, not every move of the position.
fn scoped_san(pos: &Position, mv: &Move, after: &Position, scoped: &[Move]) -> Option<String> {
    let Move::Normal {
        role,
        from,
        to,
        capture,
        promotion,
    } = *mv
    else {
        return None;
    };
    let mut san = String::with_capacity(8);
    let file = |sq: Square| (b'a' + sq.file()) as char;
    if role == Role::Pawn {
        if capture.is_some() {
            san.push(file(from));
            san.push('x');
        }
    } else {
        san.push_str(role.code());
        let in_check = pos.is_check();
        let rivals: Vec<Square> = scoped
            .iter()
            .filter_map(|m| match *m {
                Move::Normal {
                    role: r,
                    from: f,
                    to: t,
                    ..
                } if r == role
                    && t == to
                    && f != from
                    && pos.is_legal_candidate_in(m, in_check) =>
                {
                    Some(f)
                }
                _ => None,
            })
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|f| f.file() != from.file()) {
                san.push(file(from));
            } else if rivals.iter().all(|f| f.rank() != from.rank()) {
                san.push_str(&(from.rank() as u32 + 1).to_string());
            } else {
                san.push_str(&from.to_string());
            }
        }
        if capture.is_some() {
            san.push('x');
        }
    }
    san.push_str(&to.to_string());
    if let Some(p) = promotion {
        san.push('=');
        san.push_str(p.code());
    }
    if after.gives_check_mark() {
        san.push(if after.uses_mate_sign() && !after.has_legal_move() {
            '#'
        } else {
            '+'
        });
    }
    debug_assert_eq!(san, write_san(pos, mv));
    Some(san)
}

/// Candidates for two common Quake turns, without listing every drop on
/// every cell (QK7): a turn that only dropped one piece is that drop; a turn
/// whose changes include the mover's king is one of its moves or a quake.
fn few_candidates(pos: &Position, eff: &TurnEffect, changed: &[Coord]) -> Option<MoveList> {
    if !pos.variant().has_hands() || !eff.holes.is_empty() || !eff.cells.is_empty() {
        return None;
    }
    let us = pos.turn();
    let dropped: Vec<Role> = Role::ALL
        .into_iter()
        .filter(|&r| eff.drops[us.index()][r as usize] > 0)
        .collect();
    let other_drops = eff.drops[us.other().index()] != [0; 13];
    match (&dropped[..], changed) {
        ([role], [to]) if !other_drops && eff.drops[us.index()][*role as usize] == 1 => {
            // Only onto an empty cell, as the move generator lists drops.
            let to =
                square_at(pos, *to).filter(|&sq| pos.is_cell(sq) && pos.piece_at(sq).is_none())?;
            let mut out = MoveList::new();
            out.push(Move::Drop { role: *role, to });
            Some(out)
        }
        ([], _) if !other_drops => {
            let king = pos.king(us)?;
            let to = changed
                .iter()
                .copied()
                .find(|&c| c != coord(king) && eff.get(pos, c) == pos.piece_at(king))?;
            let mut out = pos.candidate_moves_in(crate::rules::Scope::Target {
                role: Some(Role::King),
                to: square_at(pos, to)?,
            });
            out.extend(crate::moves::Dir::ALL.map(|dir| Move::Quake { dir }));
            Some(out)
        }
        _ => None,
    }
}

/// When only a piece move can match the turn, the scope that lists the moves
/// onto its target (what a SAN token resolves through), not every move.
///
/// That is when the turn changed two squares, took one of the mover's pieces
/// off the first, and marked nothing, moved no cage and dropped nothing;
/// unless the move could also be a slide (a one-file step along a Fault Line
/// rank, FL4) or a quake (a step of the mover's king, QK1).
fn piece_move_scope(
    pos: &Position,
    eff: &TurnEffect,
    changed: &[Coord],
) -> Option<crate::rules::Scope> {
    let [a, b] = changed[..] else {
        return None;
    };
    let plain = eff.holes.is_empty()
        && eff.cells.is_empty()
        && eff.drops == [[0; 13]; 2]
        && eff.cages == Color::ALL.map(|c| pos.cage(c).map(coord));
    if !plain {
        return None;
    }
    let us = pos.turn();
    let left = |c: Coord| piece_at(pos, c).filter(|p| p.color == us && eff.get(pos, c).is_none());
    let (from, to, piece) = match (left(a), left(b)) {
        (Some(p), None) => (a, b, p),
        (None, Some(p)) => (b, a, p),
        _ => return None,
    };
    let sideways = from.1 == to.1 && (from.0 - to.0).abs() == 1;
    let variant = pos.variant();
    if (variant == Variant::FaultLine && sideways)
        || (variant.has_hands() && piece.role == Role::King)
    {
        return None;
    }
    Some(crate::rules::Scope::Target {
        role: Some(piece.role),
        to: square_at(pos, to)?,
    })
}

/// A turn that does not resolve to one legal move, or an operation that
/// contradicts the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnError {
    /// The operation at fault, or the default span for the whole turn.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// The legal moves closest to the turn, in SAN.
    pub suggestions: Vec<String>,
}

/// The one legal move a turn's operations produce, played from `pos`.
pub fn resolve_turn(pos: &Position, ops: &[Op]) -> Result<Move, TurnError> {
    resolve(pos, ops).map(|(m, _, _)| m)
}

/// [`resolve_turn`] with the position after the move, and its canonical SAN.
fn resolve(pos: &Position, ops: &[Op]) -> Result<(Move, Position, String), TurnError> {
    let mut eff = TurnEffect::start(pos);
    for op in ops {
        eff.apply(pos, &op.kind).map_err(|message| TurnError {
            span: op.span,
            message,
            suggestions: Vec::new(),
        })?;
    }
    let (mut found, scoped) = matching_scoped(pos, &eff);
    let span = Span::default();
    match found.len() {
        1 => {
            let (mv, after) = found.remove(0);
            let san = scoped
                .and_then(|c| scoped_san(pos, &mv, &after, &c))
                .unwrap_or_else(|| write_san(pos, &mv));
            Ok((mv, after, san))
        }
        0 => {
            let legal = pos.legal_moves();
            let message = if legal.is_empty() {
                match pos.outcome() {
                    Some(end) => format!("the game is already over ({end}, {})", end.ruling()),
                    None => "the side to move has no legal move".into(),
                }
            } else {
                format!("matches no legal move; the turn did {}", eff.describe(pos))
            };
            // The legal moves closest to it: fewest squares whose contents
            // differ, then those moving a piece from a square the turn changed.
            let changed = eff.changed(pos);
            let mut ranked: Vec<(usize, bool, String)> = legal
                .iter()
                .map(|m| {
                    let after = pos.play(m);
                    let d = shifts(pos, m)
                        .into_iter()
                        .map(|s| eff.distance(pos, &after, s))
                        .min()
                        .unwrap_or(usize::MAX);
                    let elsewhere = !m.from().is_some_and(|f| changed.contains(&coord(f)));
                    (d, elsewhere, write_san(pos, m))
                })
                .collect();
            ranked.sort();
            ranked.truncate(5);
            Err(TurnError {
                span,
                message,
                suggestions: ranked.into_iter().map(|(_, _, s)| s).collect(),
            })
        }
        n => {
            let sans: Vec<String> = found.iter().map(|(m, _)| write_san(pos, m)).collect();
            Err(TurnError {
                span,
                message: format!(
                    "is ambiguous: {n} legal moves ({}) give this arrangement; mark a square \
                     that becomes a hole (#-SQ) to tell them apart",
                    sans.join(", ")
                ),
                suggestions: sans,
            })
        }
    }
}

/// What a list reads to: the record of the turns that resolved, and the first
/// error, if any (then the record holds the turns before it).
#[derive(Clone, Debug)]
pub struct ListRead {
    /// The turns that resolved, as a record.
    pub record: Record,
    /// The first error, if any.
    pub error: Option<Diagnostic>,
    /// Whether the error is a syntax error (the list could not be read).
    pub syntax_error: bool,
}

/// The start position for `variant` and an optional FEN.
pub fn start_position(variant: Variant, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::start(variant)),
        Some(f) => read_fen(f, variant).map_err(|e| format!("--fen: {e}")),
    }
}

fn diagnostic(span: Span, token: &str, message: String) -> Diagnostic {
    Diagnostic::new(Severity::Error, span, token, message)
}

/// Reads a move list of `variant` from `fen` (or the start position): every
/// turn resolved to its legal move, in canonical SAN. Comments (`//`) are
/// kept: one after a turn on its line follows that turn; lines of comments
/// between turns (joined by line breaks) come before the next turn.
pub fn read(text: &str, variant: Variant, fen: Option<&str>) -> Result<ListRead, String> {
    let start = start_position(variant, fen)?;
    let mut tags = vec![Tag::new("Variant", variant.id())];
    if let Some(f) = fen {
        tags.push(Tag::new("SetUp", "1"));
        tags.push(Tag::new("FEN", f));
    }
    let mut record = Record {
        tags,
        prelude: Vec::new(),
        moves: Vec::new(),
        result: None,
        result_span: None,
        span: Span {
            offset: 0,
            line: 1,
            column: 1,
            len: text.len().min(u32::MAX as usize) as u32,
        },
    };
    let mut pos = start;
    let list = match parse(text) {
        Ok(l) => l,
        Err(e) => {
            let span = Span {
                offset: e.offset,
                line: e.line,
                column: e.column,
                len: 0,
            };
            record.result = Some("*".into());
            let message = format!(
                "Game Courier syntax: expected {}, found {}",
                e.expected, e.found
            );
            return Ok(ListRead {
                record,
                error: Some(diagnostic(span, "", message)),
                syntax_error: true,
            });
        }
    };
    let mut pending: Vec<String> = Vec::new();
    let mut pending_span = Span::default();
    let mut number: Option<(u32, bool, Span)> = None;
    let mut error = None;
    for item in &list.items {
        match item {
            Item::Comment {
                text,
                own_line: false,
                span,
            } if pending.is_empty() && !record.moves.is_empty() => {
                if let Some(last) = record.moves.last_mut() {
                    last.comments.push(comment(text.clone(), *span));
                }
            }
            Item::Comment { text, span, .. } => {
                if pending.is_empty() {
                    pending_span = *span;
                }
                pending.push(text.clone());
            }
            Item::Number { n, black, span } => number = Some((*n, *black, *span)),
            Item::Turn(turn) => {
                let ply = record.moves.len() + 1;
                if let Err(d) = check_number(&pos, number.take(), ply) {
                    error = Some(*d);
                    break;
                }
                match resolve(&pos, &turn.ops) {
                    Ok((_, after, san)) => {
                        let mut node = Node::new(CompactString::from(san));
                        node.span = turn.span;
                        if !pending.is_empty() {
                            let text = std::mem::take(&mut pending).join("\n");
                            node.comments_before.push(comment(text, pending_span));
                        }
                        record.moves.push(node);
                        pos = after;
                    }
                    Err(e) => {
                        error = Some(turn_diagnostic(&pos, turn, e, ply));
                        break;
                    }
                }
            }
        }
    }
    if !pending.is_empty() {
        let c = comment(pending.join("\n"), pending_span);
        match record.moves.last_mut() {
            Some(last) => last.comments.push(c),
            None => record.prelude.push(c),
        }
    }
    // A list carries no result: the rules' own, else unfinished (`*`).
    let result = match (&error, pos.outcome()) {
        (None, Some(end)) => end.result(),
        _ => "*",
    };
    record.result = Some(result.into());
    Ok(ListRead {
        record,
        error,
        syntax_error: false,
    })
}

fn comment(text: String, span: Span) -> Comment {
    Comment {
        text,
        kind: CommentKind::Brace,
        span,
    }
}

fn check_number(
    pos: &Position,
    number: Option<(u32, bool, Span)>,
    ply: usize,
) -> Result<(), Box<Diagnostic>> {
    let Some((n, black, span)) = number else {
        return Ok(());
    };
    let want_black = pos.turn() == Color::Black;
    if n == pos.fullmoves() && black == want_black {
        return Ok(());
    }
    let dots = if want_black { "..." } else { "." };
    let mut d = diagnostic(
        span,
        &format!("{n}{}", if black { "..." } else { "." }),
        format!(
            "expected move number {}{dots}: the next turn is {}'s move {}",
            pos.fullmoves(),
            pos.turn().name(),
            pos.fullmoves()
        ),
    );
    d.ply = Some(ply);
    d.fen = Some(write_fen(pos));
    Err(Box::new(d))
}

fn turn_diagnostic(pos: &Position, turn: &Turn, e: TurnError, ply: usize) -> Diagnostic {
    let span = if e.span == Span::default() {
        turn.span
    } else {
        e.span
    };
    let token = if e.span == Span::default() {
        turn.text.clone()
    } else {
        turn.ops
            .iter()
            .find(|o| o.span == e.span)
            .map_or_else(|| turn.text.clone(), |o| format_op(&o.kind))
    };
    let mut d = diagnostic(span, &token, e.message);
    d.ply = Some(ply);
    d.fen = Some(write_fen(pos));
    d.suggestions = e.suggestions;
    d
}

/// Reads a move list into a record, or its first error.
pub fn read_list(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
) -> Result<Record, Box<Diagnostic>> {
    let read =
        read(text, variant, fen).map_err(|m| Box::new(diagnostic(Span::default(), "", m)))?;
    match read.error {
        Some(d) => Err(Box::new(d)),
        None => Ok(read.record),
    }
}

/// Validates a move list: the report every output format prints. The turns
/// that resolved are replayed as their record; the first turn that does not
/// is the error.
pub fn validate_list(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
    opts: &ReplayOptions,
) -> Result<(GameReport, bool), String> {
    let read = read(text, variant, fen)?;
    let mut report = replay(&read.record, opts);
    if let Some(d) = read.error {
        if report.error.is_none() {
            report.error = Some(d.clone());
        }
        report.errors.push(d);
    }
    Ok((report, read.syntax_error))
}

/// The verdict `fvnote validate` prints for one list.
pub fn verdict(report: GameReport, syntax_error: bool, text_len: usize) -> Verdict {
    Verdict {
        game: 1,
        span: Span {
            offset: 0,
            line: 1,
            column: 1,
            len: text_len.min(u32::MAX as usize) as u32,
        },
        valid: report.is_valid(),
        plies: report.plies,
        variant: report.variant.id().to_owned(),
        white: None,
        black: None,
        error: report.error,
        syntax_error,
        warnings: report.warnings,
        notes: report.notes,
        omitted: report.omitted,
    }
}

/// The rules and start position a list is read by (a list names neither).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListSetup {
    /// The rules the turns are matched against.
    pub variant: Variant,
    /// The start position; `None` is the variant's.
    pub fen: Option<String>,
}

/// Where a list stops being UTF-8 (`line L, column C`, columns in
/// characters as everywhere), and what was expected.
pub fn not_utf8(bytes: &[u8], valid_up_to: usize) -> String {
    let valid = &bytes[..valid_up_to.min(bytes.len())];
    let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
    // The prefix is valid UTF-8, so this counts its characters.
    let column = String::from_utf8_lossy(&valid[line_start..])
        .chars()
        .count()
        + 1;
    format!("line {line}, column {column}: a byte that is not UTF-8 (expected UTF-8 text)")
}

/// Checks one whole list file for `fvnote validate`: its verdict, `None` for
/// a blank file (no game, as an empty PGN file has none), or why the bytes
/// could not be read as a list.
pub fn check_list(
    bytes: &[u8],
    setup: &ListSetup,
    strict: bool,
) -> Result<Option<Verdict>, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| not_utf8(bytes, e.valid_up_to()))?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    let opts = ReplayOptions {
        strict,
        fens: false,
        verdict_only: true,
    };
    let (report, syntax_error) = validate_list(text, setup.variant, setup.fen.as_deref(), &opts)?;
    Ok(Some(verdict(report, syntax_error, text.len())))
}

// ---------------------------------------------------------------- writing

fn format_op(op: &OpKind) -> String {
    match op {
        OpKind::Move {
            label: Some(l),
            from,
            to,
        } => format!("{l} {from}-{to}"),
        OpKind::Move {
            label: None,
            from,
            to,
        } => format!("{from}-{to}"),
        OpKind::Put { label, sq } => format!("{label}-{sq}"),
        OpKind::Clear { sq } => format!("{sq}-"),
        OpKind::Drop { label, sq } => format!("{label}*{sq}"),
    }
}

fn sq_name(c: Coord) -> Option<SquareName> {
    Some(SquareName {
        file: u8::try_from(c.0).ok().filter(|&f| f < 26)?,
        rank: u16::try_from(c.1).ok()?,
    })
}

fn mv_op(label: String, from: Coord, to: Coord) -> Option<OpKind> {
    Some(OpKind::Move {
        label: Some(label),
        from: sq_name(from)?,
        to: sq_name(to)?,
    })
}

/// Piece moves of `from` squares one step by `d`, the leading piece first so
/// that no move lands on a piece not yet moved.
fn translate(pos: &Position, from: &[Coord], d: Coord) -> Option<Vec<OpKind>> {
    let mut pieces: Vec<(Coord, Piece)> = from
        .iter()
        .filter_map(|&c| piece_at(pos, c).map(|p| (c, p)))
        .collect();
    pieces.sort_by_key(|&(c, _)| std::cmp::Reverse(c.0 * d.0 + c.1 * d.1));
    pieces
        .into_iter()
        .map(|(c, p)| mv_op(label_of(p), c, (c.0 + d.0, c.1 + d.1)))
        .collect()
}

/// The motion part of a move's operations, before puts and clears.
fn motion(pos: &Position, mv: &Move, after: &Position) -> Option<(Vec<OpKind>, Coord)> {
    let us = pos.turn();
    let at = |sq: Square| pos.piece_at(sq).map(label_of);
    Some(match *mv {
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => {
            (vec![mv_op(at(from)?, coord(from), coord(to))?], (0, 0))
        }
        Move::Castle { king, rook } => {
            let kto = coord(after.king(us)?);
            let k = coord(king);
            let rto = (k.0 + (kto.0 - k.0).signum(), k.1);
            let kop = mv_op(at(king)?, k, kto)?;
            let rop = mv_op(at(rook)?, coord(rook), rto)?;
            // The king may land where the rook stood: the rook goes first then.
            if kto == coord(rook) {
                (vec![rop, kop], (0, 0))
            } else {
                (vec![kop, rop], (0, 0))
            }
        }
        Move::Drop { role, to } => (
            vec![OpKind::Drop {
                label: label_of(Piece::new(us, role)),
                sq: sq_name(coord(to))?,
            }],
            (0, 0),
        ),
        Move::Slide { rank, dir } => {
            let (files, _) = pos.frame();
            let row: Vec<Coord> = (0..i16::from(files))
                .map(|f| (f, i16::from(rank)))
                .collect();
            let (df, dr) = dir.delta();
            (
                translate(pos, &row, (i16::from(df), i16::from(dr)))?,
                (0, 0),
            )
        }
        Move::Quake { dir } => {
            let king = pos.king(us)?;
            let cells: Vec<Coord> = pos.cells().map(coord).collect();
            let strip = quake::strip(&cells, coord(king), dir);
            let (df, dr) = dir.delta();
            let d = (i16::from(df), i16::from(dr));
            let [s, back] = shifts(pos, mv)[..] else {
                return None;
            };
            if strip.iter().all(|c| c.0 + d.0 >= 0 && c.1 + d.1 >= 0) {
                (translate(pos, &strip, d)?, s)
            } else {
                // The strip would leave the frame's names: the rest moves back.
                let rest: Vec<Coord> = cells.into_iter().filter(|c| !strip.contains(c)).collect();
                (translate(pos, &rest, (-d.0, -d.1))?, back)
            }
        }
        Move::CageMove { to } => {
            let cage = pos.cage(us)?;
            (
                vec![mv_op(cage_label(us).into(), coord(cage), coord(to))?],
                (0, 0),
            )
        }
        Move::CageInsert { to, .. } => {
            let cage = coord(pos.cage(us)?);
            let end = coord(to);
            let d = ((end.0 - cage.0).signum(), (end.1 - cage.1).signum());
            let n = (end.0 - cage.0).abs().max((end.1 - cage.1).abs());
            let line: Vec<Coord> = (0..n)
                .map(|i| (cage.0 + d.0 * i, cage.1 + d.1 * i))
                .collect();
            let mut ops = translate(pos, &line, d)?;
            if ops.is_empty() {
                // An empty cage across an empty line leaves the board as a
                // relocation would: the cage is shown passing the line (SC2).
                let s1 = (cage.0 + d.0, cage.1 + d.1);
                ops.push(mv_op(cage_label(us).into(), cage, s1)?);
                ops.push(mv_op(cage_label(us).into(), s1, end)?);
            } else {
                ops.push(mv_op(cage_label(us).into(), cage, end)?);
            }
            (ops, (0, 0))
        }
    })
}

/// The operations a reader turns into `mv` and nothing else: the motion,
/// then puts and clears for what it leaves different (promotions, en passant
/// captures), then hole marks while another legal move still matches.
pub fn turn_ops(pos: &Position, mv: &Move) -> Result<Vec<OpKind>, String> {
    let after = pos.play(mv);
    let fail = || {
        format!(
            "{} cannot be written as a Game Courier turn",
            write_san(pos, mv)
        )
    };
    let (mut ops, shift) = motion(pos, mv, &after).ok_or_else(fail)?;
    let mut eff = TurnEffect::start(pos);
    for op in &ops {
        eff.apply(pos, op).map_err(|e| format!("{}: {e}", fail()))?;
    }
    // Then puts and clears, in square order, for what the motion left
    // different (a promotion's piece, a pawn taken en passant).
    for (c, want) in eff.mismatches(pos, &after, shift) {
        let sq = sq_name(c).ok_or_else(fail)?;
        let op = match want {
            Some(p) => OpKind::Put {
                label: label_of(p),
                sq,
            },
            None => OpKind::Clear { sq },
        };
        eff.apply(pos, &op)
            .map_err(|e| format!("{}: {e}", fail()))?;
        ops.push(op);
    }
    // Hole and cell marks, while another legal move still matches: each
    // mark names a square where the two results differ in cells.
    loop {
        let found = matching_moves(pos, &eff);
        // A turn has at least one operation (an empty rank's slide: a hole mark).
        if found == [*mv] && !ops.is_empty() {
            return Ok(ops);
        }
        let other = found.iter().find(|m| *m != mv).copied();
        let mark = mark_between(pos, &after, shift, other.as_ref(), &eff);
        let Some(op) = mark else {
            return Err(format!(
                "{}: the operations {:?} match {} legal moves",
                fail(),
                ops.iter().map(format_op).collect::<Vec<_>>(),
                found.len()
            ));
        };
        eff.apply(pos, &op)
            .map_err(|e| format!("{}: {e}", fail()))?;
        ops.push(op);
    }
}

/// A hole or cell mark true after the move whose result is `after` (mapped by
/// `shift`) and false after `other` (or, with no other, any square `mv`
/// turns into a hole), not yet made.
fn mark_between(
    pos: &Position,
    after: &Position,
    shift: Coord,
    other: Option<&Move>,
    eff: &TurnEffect,
) -> Option<OpKind> {
    let is_cell = |p: &Position, s: Coord, c: Coord| cell_at(p, (c.0 - s.0, c.1 - s.1));
    // The other move's result under the shifts where it matches the turn.
    let other_after = other.map(|m| {
        let o = pos.play(m);
        let ss: Vec<Coord> = shifts(pos, m)
            .into_iter()
            .filter(|&s| eff.distance(pos, &o, s) == 0)
            .collect();
        (o, ss)
    });
    // Squares of either frame, in this frame's coordinates.
    let (files, ranks) = pos.frame();
    for r in -1..=i16::from(ranks) + 1 {
        for f in -1..=i16::from(files) + 1 {
            let c = (f, r);
            if eff.holes.contains(&c) || eff.cells.contains(&c) || sq_name(c).is_none() {
                continue;
            }
            let mine = is_cell(after, shift, c);
            let differs = match &other_after {
                Some((o, ss)) => ss.iter().all(|&s| is_cell(o, s, c) != mine),
                None => !mine && cell_at(pos, c),
            };
            // A hole mark needs a cell before the turn.
            if differs && (mine || cell_at(pos, c)) {
                let label = if mine { "." } else { "#" };
                return Some(OpKind::Put {
                    label: label.into(),
                    sq: sq_name(c)?,
                });
            }
        }
    }
    None
}

/// A turn as text: operations joined by `; `.
pub fn turn_text(ops: &[OpKind]) -> String {
    ops.iter().map(format_op).collect::<Vec<_>>().join("; ")
}

fn write_comment(out: &mut String, prefix: &str, text: &str) {
    for line in text.split('\n') {
        let line = line.trim();
        out.push_str(prefix);
        if line.is_empty() {
            out.push_str("//");
        } else {
            out.push_str("// ");
            out.push_str(line);
        }
        out.push('\n');
    }
}

/// Writes a record's main line as a move list: one numbered turn per line,
/// comments after `//`. Tags, the result, NAGs and variations are not
/// written (a list cannot carry them).
pub fn write_list(record: &Record) -> Result<String, String> {
    let report = replay(record, &ReplayOptions::default());
    let Some(start) = report.start.clone() else {
        return Err(report.error.map_or_else(String::new, |d| d.message));
    };
    if report.main_line.len() < record.moves.len() {
        let d = report
            .errors
            .iter()
            .find(|d| !d.in_variation)
            .or(report.error.as_ref());
        return Err(d.map_or_else(
            || "the main line does not replay".to_owned(),
            |d| {
                format!(
                    "{}:{}: {}: {}",
                    d.span.line, d.span.column, d.token, d.message
                )
            },
        ));
    }
    let mut out = String::new();
    for c in &record.prelude {
        write_comment(&mut out, "", &c.text);
    }
    let mut pos = start;
    for (node, ply) in record.moves.iter().zip(&report.main_line) {
        for c in &node.comments_before {
            write_comment(&mut out, "", &c.text);
        }
        let ops = turn_ops(&pos, &ply.mv)?;
        let dots = if pos.turn() == Color::White {
            "."
        } else {
            "..."
        };
        out.push_str(&format!("{}{dots} {}", pos.fullmoves(), turn_text(&ops)));
        // One comment of one line goes on the turn's line; the rest below it.
        let mut rest = &node.comments[..];
        if let Some((first, more)) = node.comments.split_first() {
            if !first.text.contains('\n') {
                let t = first.text.trim();
                out.push_str(if t.is_empty() { " //" } else { " // " });
                out.push_str(t);
                rest = more;
            }
        }
        out.push('\n');
        for c in rest {
            write_comment(&mut out, "", &c.text);
        }
        pos.play_in_place(&ply.mv);
    }
    Ok(out)
}
