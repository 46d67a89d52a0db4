//! Differences between two positions, and between two move lists.
//!
//! Two positions of one game ([`diff_tracked`]) are compared piece by piece:
//! [`crate::record::track`] follows every piece through the plies between
//! them, so a piece a quake, slide or cage carried is reported as carried,
//! not as captured, and a re-lettered frame (QK5) is said as such. Two
//! unrelated positions ([`diff_positions`]) are compared square by square
//! when their square names mean the same places (the same frame, and for
//! Quake the same cells); otherwise the frames differ and only the material
//! is compared, since pairing squares by name would be guesswork.
//!
//! ```
//! use fvnote::{Position, Variant};
//! use fvnote::record::diff::diff_positions;
//! let a = Position::start(Variant::Chess);
//! let mv = a.legal_moves().iter().find(|m| m.to_string().contains("e2")).copied().unwrap();
//! let b = a.play(&mv);
//! let d = diff_positions(&a, &b);
//! assert_eq!(d.moved.len(), 1);
//! assert!(!d.is_empty());
//! assert!(diff_positions(&a, &a).is_empty());
//! ```

use std::collections::HashMap;
use std::fmt;
use std::time::{Duration, Instant};

use serde::Serialize;
use similar::{capture_diff_slices_deadline, group_diff_ops, Algorithm, DiffTag};

use crate::notation::fen::write_fen;
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::record::track::{EventKind, Track};
use crate::square::Square;
use crate::variant::MoveKind;

/// A piece on a square, as text (`e4`, `P`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placed {
    /// The square, e.g. `e4`.
    pub square: String,
    /// The piece code in its colour's case, e.g. `P`.
    pub piece: String,
}

/// A piece that left one square for another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Moved {
    /// The piece code in its colour's case (as it is in A).
    pub piece: String,
    /// The square it left. Within one game, named in the later position's
    /// frame (`A's e1` when that frame has no name for it).
    pub from: String,
    /// The square it is on now, named likewise.
    pub to: String,
    /// What it captured on the way, if anything.
    pub captured: Option<String>,
    /// Within one game: it never moved itself; a quake, slide or cage
    /// carried it with its cell.
    #[serde(skip_serializing_if = "is_false")]
    pub carried: bool,
    /// What it is in B, when it was promoted on the way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub became: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A square whose occupant changed to a different piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replaced {
    /// The square.
    pub square: String,
    /// The piece code in A.
    pub before: String,
    /// The piece code in B.
    pub after: String,
}

/// A value that differs: before and after, as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The value in A.
    pub before: String,
    /// The value in B.
    pub after: String,
}

/// How the pieces of A and B were paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pairing {
    /// By square name: the names mean the same places in both.
    #[default]
    Square,
    /// Followed through the plies of one game ([`diff_tracked`]).
    Identity,
    /// Not at all: the frames differ, so only material is compared.
    None,
}

/// A ply where the frame was re-lettered between A and B (QK5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReletterAt {
    /// The ply.
    pub ply: usize,
    /// Its move.
    pub san: String,
}

/// How the names of A's squares changed on the way to B (QK5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Relettering {
    /// Files added to a name of A to name the same place in B.
    pub files: i16,
    /// Ranks added likewise.
    pub ranks: i16,
    /// The plies that re-lettered, in game order.
    pub at: Vec<ReletterAt>,
    /// One of A's squares and its name in B, e.g. `("e1", "f1")`.
    pub example: Option<(String, String)>,
}

/// A capture, pocketing, drop or promotion between two positions of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceEvent {
    /// The ply.
    pub ply: usize,
    /// Its move.
    pub san: String,
    /// `captured`, `pocketed`, `dropped`, `promoted` (or, never for a legal
    /// game, `vanished`, `appeared`).
    pub kind: &'static str,
    /// The piece (after a promotion, what it became).
    pub piece: String,
    /// Where, in the frame the move was played from.
    pub square: String,
    /// The capturer, or the role a promoted piece had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// Everything that differs between two positions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PositionDiff {
    /// A's FEN.
    pub fen_a: String,
    /// B's FEN.
    pub fen_b: String,
    /// How pieces were paired.
    pub pairing: Pairing,
    /// The plies of A and B when both are positions of one game.
    pub plies: Option<(usize, usize)>,
    /// The variants, if they differ.
    pub variant: Option<Change>,
    /// The frame sizes (`files×ranks`), if they differ.
    pub frame: Option<Change>,
    /// How the squares were re-lettered between A and B (one game only).
    pub relettered: Option<Relettering>,
    /// Holes of A that are cells in B.
    pub became_cells: Vec<String>,
    /// Cells of A that are holes in B.
    pub became_holes: Vec<String>,
    /// Pieces only in B.
    pub added: Vec<Placed>,
    /// Pieces only in A.
    pub removed: Vec<Placed>,
    /// Pieces of A found on another square in B.
    pub moved: Vec<Moved>,
    /// Squares holding different pieces in A and B.
    pub replaced: Vec<Replaced>,
    /// Captures, pocketings, drops and promotions between A and B, in game
    /// order (one game only).
    pub events: Vec<PieceEvent>,
    /// Pieces on the board by code, where the counts differ, when the
    /// frames differ and squares are not paired.
    pub material: Vec<(String, u32, u32)>,
    /// Hand counts that differ, e.g. `White N`.
    pub hands: Vec<(String, u8, u8)>,
    /// The side to move, if it differs.
    pub turn: Option<Change>,
    /// The castling rights, if they differ.
    pub castling: Option<Change>,
    /// The en passant square, if it differs.
    pub en_passant: Option<Change>,
    /// The halfmove clock, if it differs.
    pub halfmoves: Option<Change>,
    /// The fullmove number, if it differs.
    pub fullmoves: Option<Change>,
    /// Cage squares that differ, by side (Slide-chess).
    pub cages: Vec<(String, Change)>,
    /// Whether each side's last turn was a cage relocation, where it
    /// differs, by side (Slide-chess, SC1).
    pub relocated: Vec<(String, Change)>,
    /// Squares of A to mark in a side-by-side diagram.
    #[serde(skip)]
    pub marked_a: Vec<Square>,
    /// Squares of B to mark likewise.
    #[serde(skip)]
    pub marked_b: Vec<Square>,
}

impl PositionDiff {
    /// Whether the positions are the same (QK5: positions that differ only
    /// by a shift of the names are the same).
    pub fn is_empty(&self) -> bool {
        self.variant.is_none()
            && self.frame.is_none()
            && self.pairing != Pairing::None
            && self.became_cells.is_empty()
            && self.became_holes.is_empty()
            && self.added.is_empty()
            && self.removed.is_empty()
            && self.moved.is_empty()
            && self.replaced.is_empty()
            && self.material.is_empty()
            && self.hands.is_empty()
            && self.turn.is_none()
            && self.castling.is_none()
            && self.en_passant.is_none()
            && self.halfmoves.is_none()
            && self.fullmoves.is_none()
            && self.cages.is_empty()
            && self.relocated.is_empty()
    }
}

fn change<T: PartialEq + fmt::Display>(a: T, b: T) -> Option<Change> {
    (a != b).then(|| Change {
        before: a.to_string(),
        after: b.to_string(),
    })
}

/// What a square is in a position: outside the frame and holes are the same.
fn cell(pos: &Position, sq: Square) -> Option<Option<Piece>> {
    let (files, ranks) = pos.frame();
    if sq.file() >= files || sq.rank() >= ranks || !pos.is_cell(sq) {
        None
    } else {
        Some(pos.piece_at(sq))
    }
}

fn is_cell(pos: &Position, sq: Option<Square>) -> bool {
    sq.is_some_and(|sq| cell(pos, sq).is_some())
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

/// `sq` with `shift` added to its file and rank; `None` off every frame.
fn shifted(sq: Square, (df, dr): (i16, i16)) -> Option<Square> {
    let f = u8::try_from(i16::from(sq.file()) + df).ok()?;
    let r = u8::try_from(i16::from(sq.rank()) + dr).ok()?;
    Square::new(f, r)
}

/// Everything but the pieces and the cells: variant, frame size, hands,
/// side to move, rights, counters, cages.
fn scalars(a: &Position, b: &Position) -> PositionDiff {
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

/// Whether the variant re-letters its frame as cells move (QK5).
fn reletters(pos: &Position) -> bool {
    pos.variant().move_kinds().contains(&MoveKind::Quake)
}

/// Whether a square name means the same place in `a` and `b`: the same
/// frame, and where frames are re-lettered, the same cells.
fn names_agree(a: &Position, b: &Position) -> bool {
    a.frame() == b.frame() && (!(reletters(a) || reletters(b)) || a.cells().eq(b.cells()))
}

/// Compares two positions that need not be of one game: square by square
/// when names mean the same places in both, else only the material
/// ([`Pairing::None`]).
pub fn diff_positions(a: &Position, b: &Position) -> PositionDiff {
    let mut d = scalars(a, b);
    if !names_agree(a, b) {
        d.pairing = Pairing::None;
        d.material = material(a, b);
        return d;
    }
    by_square(a, b, &mut d);
    d
}

/// Pieces by code where the counts on the board differ.
fn material(a: &Position, b: &Position) -> Vec<(String, u32, u32)> {
    let count = |pos: &Position| {
        let mut m: HashMap<Piece, u32> = HashMap::new();
        for sq in pos.cells() {
            if let Some(p) = pos.piece_at(sq) {
                *m.entry(p).or_default() += 1;
            }
        }
        m
    };
    let (ca, cb) = (count(a), count(b));
    let mut out = Vec::new();
    for color in Color::ALL {
        for role in Role::ALL {
            let p = Piece::new(color, role);
            let (x, y) = (ca.get(&p).copied(), cb.get(&p).copied());
            if x != y {
                out.push((p.to_string(), x.unwrap_or(0), y.unwrap_or(0)));
            }
        }
    }
    out
}

/// Pairs pieces by square name, the names meaning the same places.
fn by_square(a: &Position, b: &Position, d: &mut PositionDiff) {
    let (fa, ra) = a.frame();
    let (fb, rb) = b.frame();
    let mut gone: Vec<(Square, Piece)> = Vec::new();
    let mut came: Vec<(Square, Piece)> = Vec::new();
    for rank in 0..ra.max(rb) {
        for file in 0..fa.max(fb) {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let (x, y) = (cell(a, sq), cell(b, sq));
            if x == y {
                continue;
            }
            d.marked_a.push(sq);
            d.marked_b.push(sq);
            match (x, y) {
                (None, Some(_)) => d.became_cells.push(sq.to_string()),
                (Some(_), None) => d.became_holes.push(sq.to_string()),
                _ => {}
            }
            let (p, q) = (x.flatten(), y.flatten());
            match (p, q) {
                (Some(p), Some(q)) if p != q => d.replaced.push(Replaced {
                    square: sq.to_string(),
                    before: p.to_string(),
                    after: q.to_string(),
                }),
                (Some(p), None) => gone.push((sq, p)),
                (None, Some(q)) => came.push((sq, q)),
                _ => {}
            }
        }
    }
    // Pair a vanished piece with an appeared one of the same colour and role:
    // the nearest first, so a slid rank reads as pieces that moved along it.
    let mut i = 0;
    while i < gone.len() {
        let (from, p) = gone[i];
        let best = came
            .iter()
            .enumerate()
            .filter(|(_, (_, q))| *q == p)
            .min_by_key(|(_, (to, _))| {
                (to.file() as i32 - from.file() as i32).abs()
                    + (to.rank() as i32 - from.rank() as i32).abs()
            })
            .map(|(j, _)| j);
        match best {
            Some(j) => {
                let (to, _) = came.remove(j);
                gone.remove(i);
                d.moved.push(Moved {
                    piece: p.to_string(),
                    from: from.to_string(),
                    to: to.to_string(),
                    captured: None,
                    carried: false,
                    became: None,
                });
            }
            None => i += 1,
        }
    }
    // A vanished piece that now stands where another piece stood: a capture.
    let mut i = 0;
    while i < gone.len() {
        let (from, p) = gone[i];
        let piece = p.to_string();
        match d.replaced.iter().position(|r| r.after == piece) {
            Some(j) => {
                let r = d.replaced.remove(j);
                gone.remove(i);
                d.moved.push(Moved {
                    piece,
                    from: from.to_string(),
                    to: r.square,
                    captured: Some(r.before),
                    carried: false,
                    became: None,
                });
            }
            None => i += 1,
        }
    }
    let placed = |(sq, p): (Square, Piece)| Placed {
        square: sq.to_string(),
        piece: p.to_string(),
    };
    d.removed = gone.into_iter().map(placed).collect();
    d.added = came.into_iter().map(placed).collect();
}

/// Compares two positions of one game, A at ply `ply_a` and B at `ply_b`,
/// given `track`: every piece followed from the position at the lower ply
/// to the other ([`crate::record::track::track`]). Squares of moved pieces
/// are named in the later position's frame; removed and added pieces and
/// cells in their own position's frame.
pub fn diff_tracked(
    a: &Position,
    b: &Position,
    (ply_a, ply_b): (usize, usize),
    track: &Track,
) -> PositionDiff {
    let mut d = scalars(a, b);
    d.pairing = Pairing::Identity;
    d.plies = Some((ply_a, ply_b));
    let forward = ply_a <= ply_b;
    // What a name of A adds to mean the same place in B.
    let t = if forward {
        track.shift
    } else {
        (-track.shift.0, -track.shift.1)
    };
    let earlier = if forward { a } else { b };
    // A name of the earlier position in the later one's frame.
    let who = if forward { "A" } else { "B" };
    let in_later = |sq: Square| match shifted(sq, track.shift) {
        Some(s) => s.to_string(),
        None => format!("{who}'s {sq}"),
    };
    let placed = |(sq, p): (Square, Piece)| Placed {
        square: sq.to_string(),
        piece: p.to_string(),
    };
    for life in &track.lives {
        match (life.start, life.end) {
            (Some((s, p)), Some((e, q))) => {
                if shifted(s, track.shift) == Some(e) && p == q {
                    continue;
                }
                let (from, to, piece, became, from_sq, to_sq) = if forward {
                    (in_later(s), e.to_string(), p, q, s, e)
                } else {
                    (e.to_string(), in_later(s), q, p, e, s)
                };
                let captured = (forward && !life.captured.is_empty()).then(|| {
                    life.captured
                        .iter()
                        .map(Piece::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                });
                d.marked_a.push(from_sq);
                d.marked_b.push(to_sq);
                d.moved.push(Moved {
                    piece: piece.to_string(),
                    from,
                    to,
                    captured,
                    carried: !life.moved && life.carried,
                    became: (became != piece).then(|| became.to_string()),
                });
            }
            (Some(start), None) => {
                let list = if forward {
                    &mut d.removed
                } else {
                    &mut d.added
                };
                list.push(placed(start));
                if forward {
                    d.marked_a.push(start.0);
                } else {
                    d.marked_b.push(start.0);
                }
            }
            (None, Some(end)) => {
                let list = if forward {
                    &mut d.added
                } else {
                    &mut d.removed
                };
                list.push(placed(end));
                if forward {
                    d.marked_b.push(end.0);
                } else {
                    d.marked_a.push(end.0);
                }
            }
            (None, None) => {}
        }
    }
    // Cells by place: a place of A that is no cell in B, and back.
    for sq in a.cells() {
        if !is_cell(b, shifted(sq, t)) {
            d.became_holes.push(sq.to_string());
            d.marked_a.push(sq);
        }
    }
    for sq in b.cells() {
        if !is_cell(a, shifted(sq, (-t.0, -t.1))) {
            d.became_cells.push(sq.to_string());
            d.marked_b.push(sq);
        }
    }
    // A changed place is marked on both sides, in each side's names.
    let (on_a, on_b) = (d.marked_a.clone(), d.marked_b.clone());
    d.marked_b
        .extend(on_a.iter().filter_map(|&sq| shifted(sq, t)));
    d.marked_a
        .extend(on_b.iter().filter_map(|&sq| shifted(sq, (-t.0, -t.1))));
    if !track.relettered.is_empty() {
        let example = earlier
            .cells()
            .find_map(|sq| shifted(sq, track.shift).map(|to| (sq, to)))
            .map(|(e, l)| {
                if forward {
                    (e.to_string(), l.to_string())
                } else {
                    (l.to_string(), e.to_string())
                }
            });
        d.relettered = Some(Relettering {
            files: t.0,
            ranks: t.1,
            at: track
                .relettered
                .iter()
                .map(|r| ReletterAt {
                    ply: r.ply,
                    san: r.san.clone(),
                })
                .collect(),
            example,
        });
    }
    d.events = track
        .events
        .iter()
        .map(|e| PieceEvent {
            ply: e.ply,
            san: e.san.clone(),
            kind: e.kind.name(),
            piece: e.piece.to_string(),
            square: e.square.to_string(),
            by: match e.kind {
                EventKind::Captured { by } => Some(by.to_string()),
                EventKind::Promoted { from } => Some(Piece::new(e.piece.color, from).to_string()),
                _ => None,
            },
        })
        .collect();
    d
}

fn list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for PositionDiff {
    /// The differences in words, one kind a line; "no differences" if none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return writeln!(f, "no differences");
        }
        let ch = |f: &mut fmt::Formatter<'_>, what: &str, c: &Option<Change>| match c {
            Some(c) => writeln!(f, "{what}: {} -> {}", c.before, c.after),
            None => Ok(()),
        };
        if let Some((x, y)) = self.plies {
            writeln!(
                f,
                "plies: {x} -> {y} of one game, every piece followed move by move"
            )?;
        }
        ch(f, "variant", &self.variant)?;
        ch(f, "frame", &self.frame)?;
        if self.pairing == Pairing::None {
            writeln!(
                f,
                "frames differ: squares of A and B are not the same places, so pieces are not paired by square"
            )?;
        }
        if let Some(r) = &self.relettered {
            let plies = list(&r.at, |p| format!("{} ({})", p.ply, p.san));
            let s = if r.at.len() == 1 { "" } else { "s" };
            match &r.example {
                Some((x, y)) if (r.files, r.ranks) != (0, 0) => {
                    writeln!(f, "frame re-lettered at ply{s} {plies}: A's {x} is B's {y}")?
                }
                _ => writeln!(
                    f,
                    "frame re-lettered at ply{s} {plies}: the names are back where they were"
                )?,
            }
        }
        if !self.became_holes.is_empty() {
            writeln!(f, "became holes: {}", self.became_holes.join(", "))?;
        }
        if !self.became_cells.is_empty() {
            writeln!(f, "became cells: {}", self.became_cells.join(", "))?;
        }
        let piece_move = |m: &Moved| {
            let to = match &m.became {
                Some(b) => format!("{}={b}", m.to),
                None => m.to.clone(),
            };
            match &m.captured {
                Some(c) => format!("{} {}x{to} (captured {c})", m.piece, m.from),
                None => format!("{} {}-{to}", m.piece, m.from),
            }
        };
        let (carried, moved): (Vec<&Moved>, Vec<&Moved>) =
            self.moved.iter().partition(|m| m.carried);
        if !moved.is_empty() {
            writeln!(f, "moved: {}", list(&moved, |m| piece_move(m)))?;
        }
        if !carried.is_empty() {
            writeln!(f, "carried: {}", list(&carried, |m| piece_move(m)))?;
        }
        if !self.added.is_empty() {
            writeln!(
                f,
                "added: {}",
                list(&self.added, |p| format!("{} {}", p.piece, p.square))
            )?;
        }
        if !self.removed.is_empty() {
            let s = list(&self.removed, |p| format!("{} {}", p.piece, p.square));
            writeln!(f, "removed: {s}")?;
        }
        if !self.replaced.is_empty() {
            let s = list(&self.replaced, |r| {
                format!("{} {} -> {}", r.square, r.before, r.after)
            });
            writeln!(f, "replaced: {s}")?;
        }
        for e in &self.events {
            let what = match (e.kind, &e.by) {
                ("captured", Some(by)) => format!("{} {} captured by {by}", e.piece, e.square),
                ("promoted", Some(from)) => format!("{from} {} promoted to {}", e.square, e.piece),
                (kind, _) => format!("{} {} {kind}", e.piece, e.square),
            };
            writeln!(f, "ply {} ({}): {what}", e.ply, e.san)?;
        }
        if !self.material.is_empty() {
            let s = list(&self.material, |(p, x, y)| format!("{p} {x} -> {y}"));
            writeln!(f, "material: {s}")?;
        }
        for (who, x, y) in &self.hands {
            writeln!(f, "in hand: {who} {x} -> {y}")?;
        }
        ch(f, "side to move", &self.turn)?;
        ch(f, "castling", &self.castling)?;
        ch(f, "en passant", &self.en_passant)?;
        ch(f, "halfmove clock", &self.halfmoves)?;
        ch(f, "fullmove number", &self.fullmoves)?;
        for (who, c) in &self.cages {
            writeln!(f, "{who} cage: {} -> {}", c.before, c.after)?;
        }
        for (who, c) in &self.relocated {
            writeln!(f, "{who} relocated last turn: {} -> {}", c.before, c.after)?;
        }
        Ok(())
    }
}

/// One line of a move-list diff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveChange {
    /// `-` only in A, `+` only in B, ` ` in both.
    pub tag: char,
    /// 1-based ply in A (for `-` and ` `) or B (for `+`).
    pub ply: usize,
    /// The move as SAN.
    pub san: String,
}

/// The difference between two main lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovesDiff {
    /// The first ply (1-based) at which the lines differ, if they do.
    pub first_divergence: Option<usize>,
    /// Plies in A's main line.
    pub plies_a: usize,
    /// Plies in B's main line.
    pub plies_b: usize,
    /// Hunks of changes with up to three lines of context, in order;
    /// hunks are separated by `None`.
    pub hunks: Vec<Vec<MoveChange>>,
}

impl MovesDiff {
    /// Whether the lines are the same.
    pub fn is_empty(&self) -> bool {
        self.first_divergence.is_none()
    }
}

/// How long the move diff may search for the smallest edit script; past
/// it, the rest of the difference is shown as one replacement. Records of
/// the same game (few edits) finish far sooner; only very different long
/// records reach it.
pub const DIFF_DEADLINE: Duration = Duration::from_secs(2);

/// Compares two lists of SAN moves (Myers diff, three moves of context).
///
/// Near-linear in practice: the common start and end are cut first, moves
/// are compared as small integers, and the search for the smallest edit
/// script stops at [`DIFF_DEADLINE`] (the hunks are then coarser; the
/// first divergence and the ply counts are always exact).
pub fn diff_moves(a: &[String], b: &[String]) -> MovesDiff {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let first = (prefix < a.len().max(b.len())).then_some(prefix + 1);
    let mut hunks = Vec::new();
    if first.is_some() {
        // Moves as integers: equal SAN, equal number.
        let mut ids: HashMap<&str, u32> = HashMap::new();
        let (a_ids, b_ids) = (number(a, &mut ids), number(b, &mut ids));
        let deadline = Instant::now() + DIFF_DEADLINE;
        let ops = capture_diff_slices_deadline(Algorithm::Myers, &a_ids, &b_ids, Some(deadline));
        for group in group_diff_ops(ops, 3) {
            let mut hunk = Vec::new();
            for op in group {
                let (_, old, new) = op.as_tag_tuple();
                let change = |tag, ply: usize, san: &String| MoveChange {
                    tag,
                    ply: ply + 1,
                    san: san.clone(),
                };
                match op.tag() {
                    DiffTag::Equal => hunk.extend(old.clone().map(|i| change(' ', i, &a[i]))),
                    DiffTag::Delete | DiffTag::Insert | DiffTag::Replace => {
                        hunk.extend(old.clone().map(|i| change('-', i, &a[i])));
                        hunk.extend(new.clone().map(|i| change('+', i, &b[i])));
                    }
                }
            }
            hunks.push(hunk);
        }
    }
    MovesDiff {
        first_divergence: first,
        plies_a: a.len(),
        plies_b: b.len(),
        hunks,
    }
}

/// Each move as a small integer, the same for the same SAN.
fn number<'a>(moves: &'a [String], ids: &mut HashMap<&'a str, u32>) -> Vec<u32> {
    moves
        .iter()
        .map(|s| {
            let n = ids.len() as u32;
            *ids.entry(s.as_str()).or_insert(n)
        })
        .collect()
}

/// A ply as a move number: ply 1 is `1.`, ply 2 is `1...` (White starts).
pub fn ply_label(ply: usize) -> String {
    let n = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn moves_equal_and_different() {
        assert!(diff_moves(&v("e4 e5"), &v("e4 e5")).is_empty());
        let d = diff_moves(&v("e4 e5 Nf3"), &v("e4 c5 Nf3"));
        assert_eq!(d.first_divergence, Some(2));
        let flat: Vec<_> = d.hunks.concat();
        assert!(flat.contains(&MoveChange {
            tag: '-',
            ply: 2,
            san: "e5".into()
        }));
        assert!(flat.contains(&MoveChange {
            tag: '+',
            ply: 2,
            san: "c5".into()
        }));
        let d = diff_moves(&v("e4"), &v("e4 e5"));
        assert_eq!(d.first_divergence, Some(2));
    }

    #[test]
    fn labels() {
        assert_eq!(ply_label(1), "1.");
        assert_eq!(ply_label(2), "1...");
        assert_eq!(ply_label(5), "3.");
    }

    #[test]
    fn capture_is_replaced_and_moved() {
        let a = crate::notation::fen::read_fen(
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            crate::Variant::Chess,
        )
        .unwrap();
        let b = crate::notation::fen::read_fen(
            "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1",
            crate::Variant::Chess,
        )
        .unwrap();
        let d = diff_positions(&a, &b);
        assert!(d.replaced.is_empty());
        assert!(d.removed.is_empty());
        assert!(d.turn.is_some());
        let text = d.to_string();
        assert!(text.contains("moved: P e4xd5 (captured p)"), "{text}");
        assert_eq!(d.pairing, Pairing::Square);
        assert!(text.contains("side to move: White -> Black"), "{text}");
    }
}
