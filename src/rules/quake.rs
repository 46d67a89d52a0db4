//! Quake Chess, DF army (`quake`) and LB army (`quake-lb`) (RULINGS QK0–QK7).
//!
//! - QK0: frame a–h × 1–6 with holes at a1 and h6. DF: Black `r n n k b b r` on
//!   a6–g6, White `R B B K N N R` on b1–h1, pawns on ranks 5 and 2. LB: the
//!   compounds `rb nb nr k br bn rn` / `RN BN BR K NR NB RB`; a compound moves
//!   quietly like its carrier and captures, attacks and checks like its hunter
//!   (the shared [`movegen`] already splits them by `Role::hunter/carrier`).
//! - QK1: instead of moving, the king quakes `n`/`s`/`e`/`w`: its *strip* (the
//!   maximal run of adjacent cells through the king along the quake's axis) moves
//!   one step with everything on it ([`strip`], [`quake_cells`]).
//! - QK2: afterwards all cells must be orthogonally connected (a), the cells of
//!   each (file+rank) parity diagonally connected (b), and all cells knight
//!   connected (c) ([`shape_violation`]).
//! - QK3: no quake of a strip that holds both kings. QK4: no quake in check, and
//!   none leaving the mover's king attacked.
//! - QK5: after every move the frame is the bounding box of the cells, renamed
//!   from `a1` ([`normalise`]); a frame wider than 26 files (`a`–`z`) or taller
//!   than [`MAX_RANKS`] makes the quake illegal (squares beyond it have no name).
//! - QK6: pawns step one cell forward and capture diagonally forward; no double
//!   step, en passant nor promotion. At the end of every move each pawn of either
//!   colour without a forward cell goes into the mover's hand as the mover's
//!   pawn; king safety is judged after that pocketing.
//! - QK7: captured pieces go to the capturer's hand in the capturer's colour (LB
//!   pieces keep their type); drops on any empty cell, pawns not where their
//!   forward cell is missing nor into a vertical strip that holds any pawn. No
//!   castling.

use std::collections::VecDeque;

use crate::moves::{Dir, Move, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::{Position, EMPTY, HOLE};
use crate::rules::movegen::{self, PawnRules};
use crate::rules::{Illegal, Rules, Scope, Variant};
use crate::square::{Square, MAILBOX, MAX_FILES, MAX_RANKS, STRIDE};

/// Quake Chess, both armies.
pub struct Quake;

/// QK6: single steps only.
const PAWNS: PawnRules = PawnRules {
    double_step: false,
    en_passant: false,
};

/// QK6: no promotion.
fn never_promotes(_: Color, _: Square) -> bool {
    false
}

/// A cell coordinate (file, rank), 0-based, on a scratch layout that may leave
/// the frame by one step before [`normalise`].
pub type Coord = (i16, i16);

const ORTH_STEPS: [Coord; 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG_STEPS: [Coord; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [Coord; 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

fn dir_step(dir: Dir) -> Coord {
    let (df, dr) = dir.delta();
    (i16::from(df), i16::from(dr))
}

/// QK1: the strip of `at` for a quake in `dir`: the maximal run of cells adjacent
/// along the quake's axis (the rank for `e`/`w`, the file for `n`/`s`) through
/// `at`, in order along the axis.
pub fn strip(cells: &[Coord], at: Coord, dir: Dir) -> Vec<Coord> {
    let (sf, sr) = match dir {
        Dir::East | Dir::West => (1, 0),
        Dir::North | Dir::South => (0, 1),
    };
    if !cells.contains(&at) {
        return Vec::new();
    }
    let mut lo = at;
    while cells.contains(&(lo.0 - sf, lo.1 - sr)) {
        lo = (lo.0 - sf, lo.1 - sr);
    }
    let mut out = vec![lo];
    let mut c = lo;
    while cells.contains(&(c.0 + sf, c.1 + sr)) {
        c = (c.0 + sf, c.1 + sr);
        out.push(c);
    }
    out
}

/// QK1: the layout after the cells of `strip` (with their contents) move one step
/// in `dir`. The target of the leading cell is a hole by maximality of the strip.
pub fn quake_cells<T: Copy>(cells: &[(Coord, T)], strip: &[Coord], dir: Dir) -> Vec<(Coord, T)> {
    let (df, dr) = dir_step(dir);
    cells
        .iter()
        .map(|&(c, t)| {
            if strip.contains(&c) {
                ((c.0 + df, c.1 + dr), t)
            } else {
                (c, t)
            }
        })
        .collect()
}

/// QK5: the shift that puts the lowest file and rank at 0, and the frame size
/// (files, ranks) of the bounding box. `None` for no cells.
pub fn normalise(cells: &[Coord]) -> Option<(Coord, (i16, i16))> {
    let min_f = cells.iter().map(|c| c.0).min()?;
    let max_f = cells.iter().map(|c| c.0).max()?;
    let min_r = cells.iter().map(|c| c.1).min()?;
    let max_r = cells.iter().map(|c| c.1).max()?;
    Some(((-min_f, -min_r), (max_f - min_f + 1, max_r - min_r + 1)))
}

/// Whether `cells` form one component under `steps` (true for no cells).
///
/// A flood fill over one bit mask per rank: quakes test four connectivities per
/// candidate, so this is the hot path of Quake move generation. Shapes too large
/// for the masks fall back to [`connected_bfs`].
pub fn connected(cells: &[Coord], steps: &[Coord]) -> bool {
    const ROWS: usize = 48;
    let Some(((sx, sy), (w, h))) = normalise(cells) else {
        return true;
    };
    let reach_max = steps
        .iter()
        .map(|s| s.0.abs().max(s.1.abs()))
        .max()
        .unwrap_or(0);
    // Two margin bits/rows on each side keep every step inside the masks.
    if w + 4 > 64 || h as usize + 4 > ROWS || reach_max > 2 {
        return connected_bfs(cells, steps);
    }
    let mut board = [0u64; ROWS];
    for &(f, r) in cells {
        board[(r + sy + 2) as usize] |= 1 << (f + sx + 2);
    }
    let (first_f, first_r) = (cells[0].0 + sx + 2, cells[0].1 + sy + 2);
    let mut reach = [0u64; ROWS];
    reach[first_r as usize] = 1 << first_f;
    let rows = 2..h as usize + 2;
    // Grow in place until nothing new is reached (a monotone fill, so updating
    // rows while sweeping is as correct as a copy and converges sooner).
    loop {
        let mut grew = false;
        for r in rows.clone() {
            let here = reach[r];
            if here == 0 {
                continue;
            }
            for &(df, dr) in steps {
                let shifted = if df >= 0 { here << df } else { here >> -df };
                let t = (r as i16 + dr) as usize;
                let new = shifted & board[t] & !reach[t];
                if new != 0 {
                    reach[t] |= new;
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    rows.into_iter().all(|r| reach[r] == board[r])
}

/// Breadth-first reference for [`connected`], for any shape and step.
pub fn connected_bfs(cells: &[Coord], steps: &[Coord]) -> bool {
    let Some(((sx, sy), (w, h))) = normalise(cells) else {
        return true;
    };
    let (w, h) = (w as usize, h as usize);
    let idx = |c: Coord| -> Option<usize> {
        let (x, y) = (c.0 + sx, c.1 + sy);
        (x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h)
            .then(|| y as usize * w + x as usize)
    };
    // 0: no cell, 1: unvisited cell, 2: visited.
    let mut grid = vec![0u8; w * h];
    for &c in cells {
        if let Some(i) = idx(c) {
            grid[i] = 1;
        }
    }
    let mut queue = VecDeque::from([cells[0]]);
    if let Some(i) = idx(cells[0]) {
        grid[i] = 2;
    }
    let mut seen = 1;
    while let Some(c) = queue.pop_front() {
        for &(df, dr) in steps {
            let n = (c.0 + df, c.1 + dr);
            if let Some(i) = idx(n) {
                if grid[i] == 1 {
                    grid[i] = 2;
                    seen += 1;
                    queue.push_back(n);
                }
            }
        }
    }
    seen == grid.iter().filter(|&&g| g != 0).count()
}

/// QK2 (a): all cells orthogonally connected.
pub fn orthogonally_connected(cells: &[Coord]) -> bool {
    connected(cells, &ORTH_STEPS)
}

/// QK2 (b): the even (file+rank) cells diagonally connected among themselves, and
/// the odd ones likewise (parity of this layout).
pub fn diagonally_connected(cells: &[Coord]) -> bool {
    [0, 1].into_iter().all(|parity| {
        let class: Vec<Coord> = cells
            .iter()
            .copied()
            .filter(|c| (c.0 + c.1).rem_euclid(2) == parity)
            .collect();
        connected(&class, &DIAG_STEPS)
    })
}

/// QK2 (c): all cells connected through knight leaps.
pub fn knight_connected(cells: &[Coord]) -> bool {
    connected(cells, &KNIGHT_STEPS)
}

/// QK2's three refusals, (a) to (c).
const NOT_ORTHOGONAL: Illegal = Illegal::new(
    "QK2",
    "would leave the cells not orthogonally connected (QK2 a)",
);
const NOT_DIAGONAL: Illegal = Illegal::new(
    "QK2",
    "would leave cells of one colour not diagonally connected (QK2 b)",
);
const NOT_KNIGHT: Illegal = Illegal::new(
    "QK2",
    "would leave the cells not connected by knight leaps (QK2 c)",
);

/// QK2: the first shape limit the layout breaks, if any.
pub fn shape_violation(cells: &[Coord]) -> Option<Illegal> {
    if !orthogonally_connected(cells) {
        return Some(NOT_ORTHOGONAL);
    }
    if !diagonally_connected(cells) {
        return Some(NOT_DIAGONAL);
    }
    if !knight_connected(cells) {
        return Some(NOT_KNIGHT);
    }
    None
}

/// The cells of `pos` with their raw contents.
fn layout(pos: &Position) -> Vec<(Coord, u8)> {
    pos.cells()
        .map(|sq| ((i16::from(sq.file()), i16::from(sq.rank())), pos.raw(sq)))
        .collect()
}

fn coord(sq: Square) -> Coord {
    (i16::from(sq.file()), i16::from(sq.rank()))
}

/// QK5: `pos` with its board replaced by `cells`, normalised to the bounding box.
fn rebuild(pos: &Position, cells: &[(Coord, u8)]) -> Result<Position, Illegal> {
    let coords: Vec<Coord> = cells.iter().map(|c| c.0).collect();
    let Some(((sx, sy), (w, h))) = normalise(&coords) else {
        return Err(Illegal::new("QK5", "would leave no cells"));
    };
    if w > i16::from(MAX_FILES) {
        return Err(Illegal::new(
            "QK5",
            "would make the frame wider than 26 files (a–z)",
        ));
    }
    if h > i16::from(MAX_RANKS) {
        return Err(Illegal::new(
            "QK5",
            "would make the frame taller than the 40-rank limit",
        ));
    }
    let mut next = pos.clone();
    next.cells = [HOLE; MAILBOX];
    next.files = w as u8;
    next.ranks = h as u8;
    for &((f, r), b) in cells {
        let sq = Square::new((f + sx) as u8, (r + sy) as u8)
            .ok_or(Illegal::new("QK5", "would leave the engine frame"))?;
        next.set_raw(sq, b);
    }
    next.refresh_kings();
    Ok(next)
}

/// Margin of [`Rows`] around the frame: a quake moves a cell one step out of
/// it and a knight step reaches two further, so every step stays in the masks.
const MARGIN: i16 = 3;
/// Rows of [`Rows`]: the tallest frame plus the margins on both sides.
const ROWS: usize = MAX_RANKS as usize + 2 * MARGIN as usize;

/// The cells of a layout as one bit mask per rank: bit `file + MARGIN` of
/// row `rank + MARGIN`. What QK1–QK5 need per quake without a list of cells.
type Rows = [u64; ROWS];

/// Whether the cells of `rows` form one component under `steps` (true for
/// none): a flood fill over the masks, as [`connected`] does on a list.
fn rows_connected(rows: &Rows, steps: &[Coord]) -> bool {
    let Some(first) = rows.iter().position(|&r| r != 0) else {
        return true;
    };
    let mut reach = [0u64; ROWS];
    reach[first] = rows[first] & rows[first].wrapping_neg();
    // Occupied rows keep a margin of MARGIN ≥ 2 rows, so r + dr stays inside.
    let lo = first;
    let hi = ROWS - rows.iter().rev().position(|&r| r != 0).unwrap_or(0);
    loop {
        let mut grew = false;
        for r in lo..hi {
            let here = reach[r];
            if here == 0 {
                continue;
            }
            for &(df, dr) in steps {
                let shifted = if df >= 0 { here << df } else { here >> -df };
                let t = (r as i16 + dr) as usize;
                let new = shifted & rows[t] & !reach[t];
                if new != 0 {
                    reach[t] |= new;
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    reach == *rows
}

/// QK2 on bit rows, in the order and words of [`shape_violation`].
fn rows_shape_violation(rows: &Rows) -> Option<Illegal> {
    if !rows_connected(rows, &ORTH_STEPS) {
        return Some(NOT_ORTHOGONAL);
    }
    // (b): the two (file + rank) parities; MARGIN is added to both, so the
    // parity of bit + row is the cell's own.
    for parity in [0, 1] {
        let mut class = *rows;
        for (i, row) in class.iter_mut().enumerate() {
            let even_bits = 0x5555_5555_5555_5555u64;
            *row &= if (i + parity) % 2 == 0 {
                even_bits
            } else {
                !even_bits
            };
        }
        if !rows_connected(&class, &DIAG_STEPS) {
            return Some(NOT_DIAGONAL);
        }
    }
    if !rows_connected(rows, &KNIGHT_STEPS) {
        return Some(NOT_KNIGHT);
    }
    None
}

/// QK1–QK3, QK5: the board after the mover's quake in `dir` (before pocketing and
/// passing the turn), or why the shape forbids it.
///
/// On bit rows: the strip is a run of bits, the quake a shift, the frame the
/// rows' bounding box; the position is built only for a legal shape.
pub(crate) fn quake_board(pos: &Position, dir: Dir) -> Result<Position, Illegal> {
    let us = pos.turn;
    let Some(king) = pos.king(us) else {
        return Err(Illegal::new("QK1", "needs the mover's king on the board"));
    };
    let m = MARGIN as usize;
    let mut rows: Rows = [0; ROWS];
    for r in 0..pos.ranks {
        let Some(row) = Square::new(0, r) else {
            continue;
        };
        let mut bits = 0u64;
        for (f, &b) in pos.cells[row.index()..row.index() + usize::from(pos.files)]
            .iter()
            .enumerate()
        {
            bits |= u64::from(b & HOLE == 0) << (f + m);
        }
        rows[usize::from(r) + m] = bits;
    }
    let has = |rows: &Rows, f: i16, r: i16| rows[(r + MARGIN) as usize] >> (f + MARGIN) & 1 != 0;
    // QK1: the strip, as its first and last cell along the quake's axis.
    let (kf, kr) = coord(king);
    let (sf, sr) = match dir {
        Dir::East | Dir::West => (1, 0),
        Dir::North | Dir::South => (0, 1),
    };
    let (mut lo, mut hi) = ((kf, kr), (kf, kr));
    while has(&rows, lo.0 - sf, lo.1 - sr) {
        lo = (lo.0 - sf, lo.1 - sr);
    }
    while has(&rows, hi.0 + sf, hi.1 + sr) {
        hi = (hi.0 + sf, hi.1 + sr);
    }
    let in_strip = |(f, r): Coord| (lo.0..=hi.0).contains(&f) && (lo.1..=hi.1).contains(&r);
    // QK3: a strip holding both kings cannot quake.
    if pos.king(us.other()).is_some_and(|k| in_strip(coord(k))) {
        return Err(Illegal::new(
            "QK3",
            "the strip holds both kings, so neither may quake it",
        ));
    }
    let (df, dr) = dir_step(dir);
    if sr == 0 {
        let row = &mut rows[(kr + MARGIN) as usize];
        let run = ((1u64 << (hi.0 - lo.0 + 1)) - 1) << (lo.0 + MARGIN);
        *row = (*row & !run) | if df > 0 { run << 1 } else { run >> 1 };
    } else {
        let bit = 1u64 << (kf + MARGIN);
        for r in lo.1..=hi.1 {
            rows[(r + MARGIN) as usize] &= !bit;
        }
        for r in lo.1..=hi.1 {
            rows[(r + dr + MARGIN) as usize] |= bit;
        }
    }
    // QK5: the bounding box, and the frame limits.
    let all = rows.iter().fold(0, |a, &r| a | r);
    let first_row = rows.iter().position(|&r| r != 0).unwrap_or(0);
    let last_row = ROWS - 1 - rows.iter().rev().position(|&r| r != 0).unwrap_or(0);
    let (min_f, max_f) = (all.trailing_zeros() as i16, 63 - all.leading_zeros() as i16);
    let (w, h) = (max_f - min_f + 1, (last_row - first_row + 1) as i16);
    if all == 0 {
        return Err(Illegal::new("QK5", "would leave no cells"));
    }
    if w > i16::from(MAX_FILES) {
        return Err(Illegal::new(
            "QK5",
            "would make the frame wider than 26 files (a–z)",
        ));
    }
    if h > i16::from(MAX_RANKS) {
        return Err(Illegal::new(
            "QK5",
            "would make the frame taller than the 40-rank limit",
        ));
    }
    if let Some(ill) = rows_shape_violation(&rows) {
        return Err(ill);
    }
    // The new board: every cell keeps its content, the strip's one step on.
    let (shift_f, shift_r) = (min_f - MARGIN, first_row as i16 - MARGIN);
    let mut next = pos.clone();
    next.cells = [HOLE; MAILBOX];
    next.files = w as u8;
    next.ranks = h as u8;
    for sq in pos.cells() {
        let (mut f, mut r) = coord(sq);
        if in_strip((f, r)) {
            (f, r) = (f + df, r + dr);
        }
        let to = Square::new((f - shift_f) as u8, (r - shift_r) as u8)
            .ok_or(Illegal::new("QK5", "would leave the engine frame"))?;
        next.set_raw(to, pos.raw(sq));
    }
    next.refresh_kings();
    Ok(next)
}

/// [`quake_board`] on lists of cells: the first implementation, kept as the
/// reference the bit-row version is tested against (`rules::reference`).
pub(crate) fn quake_board_by_cells(pos: &Position, dir: Dir) -> Result<Position, Illegal> {
    let us = pos.turn;
    let Some(king) = pos.king(us) else {
        return Err(Illegal::new("QK1", "needs the mover's king on the board"));
    };
    let cells = layout(pos);
    let coords: Vec<Coord> = cells.iter().map(|c| c.0).collect();
    let strip = strip(&coords, coord(king), dir);
    // QK3: a strip holding both kings cannot quake.
    if let Some(their) = pos.king(us.other()) {
        if strip.contains(&coord(their)) {
            return Err(Illegal::new(
                "QK3",
                "the strip holds both kings, so neither may quake it",
            ));
        }
    }
    let moved = quake_cells(&cells, &strip, dir);
    let next = rebuild(pos, &moved)?;
    let new_coords: Vec<Coord> = next.cells().map(coord).collect();
    if let Some(ill) = shape_violation(&new_coords) {
        return Err(ill);
    }
    Ok(next)
}

/// QK6: removes every pawn without a forward cell into `mover`'s hand.
fn pocket_pawns(pos: &mut Position, mover: Color) {
    for r in 0..pos.ranks {
        let Some(row) = Square::new(0, r) else {
            continue;
        };
        for i in row.index()..row.index() + usize::from(pos.files) {
            // Raw bytes: this runs after every move and candidate played.
            let b = pos.cells[i];
            if b & HOLE != 0 || b & 0x0f != Role::Pawn as u8 {
                continue;
            }
            let sq = Square::from_index(i);
            let color = if b & 0x10 != 0 {
                Color::Black
            } else {
                Color::White
            };
            if !pos.is_cell(sq.offset(movegen::forward(color))) {
                pos.set(sq, None);
                pos.add_to_hand(mover, Role::Pawn, 1);
            }
        }
    }
}

/// QK7: the vertical strip through `sq` holds a pawn of either colour.
fn vertical_strip_has_pawn(pos: &Position, sq: Square) -> bool {
    let pawn = |s: Square| pos.piece_at(s).is_some_and(|p| p.role == Role::Pawn);
    if !pos.is_cell(sq) {
        return false;
    }
    // The strip is the run of cells through `sq` along its file (QK1); the
    // mailbox border is holes, so both walks stop inside it.
    for step in [STRIDE, -STRIDE] {
        let mut s = sq.offset(step);
        while pos.is_cell(s) {
            if pawn(s) {
                return true;
            }
            s = s.offset(step);
        }
    }
    pawn(sq)
}

/// The pieces each army may have (QK0): DF orthodox without queens, LB compounds.
fn role_allowed(variant: Variant, role: Role) -> bool {
    match role {
        Role::Pawn | Role::King => true,
        Role::Queen => false,
        r if r.is_compound() => variant == Variant::QuakeLb,
        _ => variant == Variant::Quake,
    }
}

impl Rules for Quake {
    fn start(variant: Variant) -> Position {
        let mut pos = Position::empty(variant, 8, 6);
        // QK0: hunters as DF; LB carriers N N R K R B B.
        let (white, black): ([&str; 8], [&str; 8]) = if variant == Variant::QuakeLb {
            (
                ["*", "RN", "BN", "BR", "K", "NR", "NB", "RB"],
                ["RB", "NB", "NR", "K", "BR", "BN", "RN", "*"],
            )
        } else {
            (
                ["*", "R", "B", "B", "K", "N", "N", "R"],
                ["R", "N", "N", "K", "B", "B", "R", "*"],
            )
        };
        movegen::place_rank(&mut pos, 0, Color::White, &white);
        movegen::place_rank(&mut pos, 1, Color::White, &["P"; 8]);
        for r in 2..4 {
            movegen::place_rank(&mut pos, r, Color::White, &[""; 8]);
        }
        movegen::place_rank(&mut pos, 4, Color::Black, &["P"; 8]);
        movegen::place_rank(&mut pos, 5, Color::Black, &black);
        pos
    }

    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        let us = pos.turn;
        movegen::all_piece_moves(pos, PAWNS, &never_promotes, scope, out);
        if !scope.extras() {
            return;
        }
        // QK7: drops on any empty cell (pawn limits are checked in `check`).
        let hand = &pos.hands[us.index()];
        if Role::ALL
            .iter()
            .any(|&r| r != Role::King && hand[r as usize] > 0)
        {
            // The empty cells in frame order, found once for every role.
            let mut empty = [Square::from_index(0); MAILBOX];
            let mut n = 0;
            for r in 0..pos.ranks {
                let Some(row) = Square::new(0, r) else {
                    continue;
                };
                for i in row.index()..row.index() + usize::from(pos.files) {
                    if pos.cells[i] == EMPTY && n < empty.len() {
                        empty[n] = Square::from_index(i);
                        n += 1;
                    }
                }
            }
            for role in Role::ALL {
                if role == Role::King || hand[role as usize] == 0 {
                    continue;
                }
                out.extend(empty[..n].iter().map(|&to| Move::Drop { role, to }));
            }
        }
        // QK1: quakes.
        if pos.king(us).is_some() {
            for dir in Dir::ALL {
                out.push(Move::Quake { dir });
            }
        }
    }

    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        match *mv {
            Move::Drop { role, to } => {
                if pos.in_hand(pos.turn, role) == 0 {
                    return Err(Illegal::new("QK7", "no such piece in hand"));
                }
                if pos.raw(to) != EMPTY {
                    return Err(Illegal::new("QK7", "drops only on an empty cell"));
                }
                if role == Role::Pawn {
                    if !pos.is_cell(to.offset(movegen::forward(pos.turn))) {
                        return Err(Illegal::new(
                            "QK7",
                            "a pawn may not be dropped where its forward cell does not exist",
                        ));
                    }
                    if vertical_strip_has_pawn(pos, to) {
                        return Err(Illegal::new(
                            "QK7",
                            "a pawn may not be dropped into a vertical strip that holds a pawn",
                        ));
                    }
                }
            }
            Move::Quake { dir } => {
                if Self::in_check(pos) {
                    return Err(Illegal::new("QK4", "a king in check may not quake"));
                }
                // QK4 on the board the quake makes, after QK6's pocketing
                // (what `play` does, without computing the quake twice).
                let mut next = quake_board(pos, dir)?;
                pocket_pawns(&mut next, pos.turn);
                let them = pos.turn.other();
                if next
                    .king(pos.turn)
                    .is_some_and(|k| Self::attacked(&next, k, them))
                {
                    return Err(Illegal::new(
                        "QK4",
                        "the quake would leave the king attacked",
                    ));
                }
                return Ok(());
            }
            Move::Normal { .. } => {}
            _ => return Err(Illegal::new("QK7", "no such move in Quake Chess")),
        }
        // Normal moves and drops leave the cells as they are, so QK6 can pocket
        // only a pawn that steps onto a cell without a forward cell; everything
        // else is tested on an overlay of the move instead of a copy.
        let pockets_itself = matches!(*mv, Move::Normal { role: Role::Pawn, to, .. }
            if !pos.is_cell(to.offset(movegen::forward(pos.turn))));
        let safe = match pockets_itself {
            false => movegen::king_safe_overlay(pos, mv, |_, _| true),
            true => None,
        };
        if safe.unwrap_or_else(|| movegen::king_safe_after::<Quake>(pos, mv)) {
            Ok(())
        } else {
            Err(Illegal::KING_ATTACKED)
        }
    }

    fn play(pos: &mut Position, mv: &Move) {
        let us = pos.turn;
        match *mv {
            Move::Normal { capture, .. } => {
                // QK7: the capturer pockets the piece in its own colour.
                if let Some(role) = capture.filter(|&r| r != Role::King) {
                    pos.add_to_hand(us, role, 1);
                }
                movegen::play_piece_move(pos, mv);
            }
            Move::Drop { role, to } => {
                pos.add_to_hand(us, role, -1);
                pos.set(to, Some(Piece::new(us, role)));
                pos.ep = None;
                movegen::finish_turn(pos, false);
            }
            Move::Quake { dir } => {
                if let Ok(next) = quake_board(pos, dir) {
                    *pos = next;
                }
                pos.ep = None;
                movegen::finish_turn(pos, false);
            }
            _ => movegen::finish_turn(pos, false),
        }
        // QK6: pocketing at the end of every move, by the mover.
        pocket_pawns(pos, us);
    }

    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        movegen::attacked_by(pos, target, by, |_, _| true)
    }

    fn validate(pos: &Position) -> Result<(), &'static str> {
        if Color::ALL.iter().any(|&c| pos.count_kings(c) != 1) {
            return Err("each side must have exactly one king");
        }
        let (files, ranks) = pos.frame();
        if files > MAX_FILES || ranks > MAX_RANKS {
            return Err("the frame is larger than 26 files (a–z) by 40 ranks");
        }
        let edge = |on: &dyn Fn(Square) -> bool| pos.cells().any(on);
        if !edge(&|s| s.file() == 0)
            || !edge(&|s| s.file() + 1 == files)
            || !edge(&|s| s.rank() == 0)
            || !edge(&|s| s.rank() + 1 == ranks)
        {
            return Err("the frame must be the bounding box of the cells (QK5)");
        }
        let variant = pos.variant();
        for sq in pos.cells() {
            if let Some(p) = pos.piece_at(sq) {
                if !role_allowed(variant, p.role) {
                    return Err("a piece that does not belong to this army (QK0)");
                }
                if p.role == Role::Pawn && !pos.is_cell(sq.offset(movegen::forward(p.color))) {
                    return Err("a pawn without a forward cell would have been pocketed (QK6)");
                }
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                if pos.in_hand(color, role) > 0 && !role_allowed(variant, role) {
                    return Err("a piece in hand that does not belong to this army (QK0)");
                }
            }
        }
        let them = pos.turn.other();
        if pos
            .king(them)
            .is_some_and(|k| Self::attacked(pos, k, pos.turn))
        {
            return Err("the side not to move is in check");
        }
        Ok(())
    }

    fn explain(pos: &Position, mv: &Move, ill: &Illegal) -> String {
        if let (Move::Quake { dir }, "QK5") = (mv, ill.ruling) {
            if let Some(k) = pos.king(pos.turn) {
                let coords: Vec<Coord> = pos.cells().map(coord).collect();
                let s = strip(&coords, coord(k), *dir);
                return format!(
                    "{}: the strip of {} cells through {k} would leave the {}×{} frame",
                    ill.reason,
                    s.len(),
                    pos.files,
                    pos.ranks
                );
            }
        }
        ill.reason.to_owned()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn bitset_flood_fill_agrees_with_bfs() {
        // Every subset-like shape from a pseudo-random walk over a 9×7 box.
        let mut seed: u64 = 0x1234_5678_9abc_def1;
        for _ in 0..3000 {
            let mut cells = Vec::new();
            for r in 0..7i16 {
                for f in 0..9i16 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed % 3 != 0 {
                        cells.push((f - 3, r - 2));
                    }
                }
            }
            for steps in [&ORTH_STEPS[..], &DIAG_STEPS[..], &KNIGHT_STEPS[..]] {
                assert_eq!(
                    connected(&cells, steps),
                    connected_bfs(&cells, steps),
                    "{cells:?}"
                );
            }
        }
    }

    use super::*;

    fn rect(w: i16, h: i16) -> Vec<Coord> {
        (0..h).flat_map(|r| (0..w).map(move |f| (f, r))).collect()
    }

    #[test]
    fn qk1_strip_is_the_maximal_run_through_the_cell() {
        // Rank 0: a b c _ e f g (a hole at d).
        let cells: Vec<Coord> = [0, 1, 2, 4, 5, 6].iter().map(|&f| (f, 0)).collect();
        assert_eq!(
            strip(&cells, (5, 0), Dir::East),
            vec![(4, 0), (5, 0), (6, 0)]
        );
        assert_eq!(
            strip(&cells, (1, 0), Dir::West),
            vec![(0, 0), (1, 0), (2, 0)]
        );
        assert_eq!(strip(&cells, (1, 0), Dir::North), vec![(1, 0)]);
        assert!(strip(&cells, (3, 0), Dir::North).is_empty());
    }

    #[test]
    fn qk1_quake_moves_only_the_strip() {
        let cells: Vec<(Coord, char)> = vec![((0, 0), 'a'), ((1, 0), 'b'), ((0, 1), 'c')];
        let s = strip(&[(0, 0), (1, 0), (0, 1)], (0, 0), Dir::East);
        let moved = quake_cells(&cells, &s, Dir::West);
        assert_eq!(moved, vec![((-1, 0), 'a'), ((0, 0), 'b'), ((0, 1), 'c')]);
    }

    #[test]
    fn qk5_normalise_gives_shift_and_frame() {
        assert_eq!(
            normalise(&[(-1, 0), (0, 0), (0, 1)]),
            Some(((1, 0), (2, 2)))
        );
        assert_eq!(normalise(&[]), None);
    }

    #[test]
    fn qk2_connectivity_limits() {
        let full = rect(8, 6);
        assert!(shape_violation(&full).is_none());
        // (a): two separate blocks.
        let mut split = rect(3, 3);
        split.extend(rect(3, 3).into_iter().map(|(f, r)| (f + 4, r)));
        assert!(!orthogonally_connected(&split));
        // (b): an L of cells orthogonally connected but a lone corner parity.
        // Cells (0,0),(1,0),(1,1): odd cells (1,0) alone, even (0,0),(1,1) joined.
        assert!(diagonally_connected(&[(0, 0), (1, 0), (1, 1)]));
        // A straight line of 3: the even cells (0,0),(2,0) are not diagonal neighbours.
        let line = [(0, 0), (1, 0), (2, 0)];
        assert!(orthogonally_connected(&line));
        assert!(!diagonally_connected(&line));
        // (c): a 2×23 strip passes (a) and (b) and fails (c) (the ruling's example).
        let strip = rect(23, 2);
        assert!(orthogonally_connected(&strip));
        assert!(diagonally_connected(&strip));
        assert!(!knight_connected(&strip));
        assert_eq!(
            shape_violation(&strip).map(|i| i.reason.contains("knight")),
            Some(true)
        );
        // A 3×3 block: the centre cannot be reached by a knight.
        assert!(!knight_connected(&rect(3, 3)));
        assert!(knight_connected(&rect(4, 3)));
    }
}
