//! The Slide-chess frame on 128 bits (SC0): square `16 × rank + file`, so
//! the 9 × 8 frame fits with room to spare and no step wraps round a rank.
//! Every table is built at compile time.

/// The frame a–i × 1–8.
pub(super) const FRAME: u128 = rect(0, 8, 0, 7);
/// The board squares b2–h7, always cells.
pub(super) const BOARD: u128 = rect(1, 7, 1, 6);
/// The 30 ring squares: holes but for the two cages.
pub(super) const RING: u128 = FRAME & !BOARD;
/// Where a pawn promotes, by colour (SC3: board squares of the last rank).
pub(super) const LAST: [u128; 2] = [rect(1, 7, 6, 6), rect(1, 7, 1, 1)];

/// The eight lines: the first four run towards higher indices.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
pub(super) const NORTH: usize = 0;
pub(super) const EAST: usize = 1;
pub(super) const NORTH_EAST: usize = 2;
pub(super) const NORTH_WEST: usize = 3;
pub(super) const SOUTH: usize = 4;
pub(super) const WEST: usize = 5;
pub(super) const SOUTH_WEST: usize = 6;
pub(super) const SOUTH_EAST: usize = 7;

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The squares of the frame along each line from each square (the square
/// itself excluded), holes included: a slider stops at the first hole or
/// piece on it.
pub(super) static RAYS: [[u128; 128]; 8] = RAY_TABLE;

const RAY_TABLE: [[u128; 128]; 8] = {
    let mut t = [[0u128; 128]; 8];
    let mut d = 0;
    while d < 8 {
        let mut i = 0;
        while i < 128 {
            let (f, r) = (i as i8 % 16, i as i8 / 16);
            let mut k = 1;
            while k < 9 {
                t[d][i] |= bit_at(f + DIRS[d].0 * k, r + DIRS[d].1 * k);
                k += 1;
            }
            i += 1;
        }
        d += 1;
    }
    t
};

/// The squares of the four orthogonal lines from each square, unblocked.
pub(super) static ROOK_LINES: [u128; 128] = union(&RAY_TABLE, [NORTH, EAST, SOUTH, WEST]);
/// The squares of the four diagonal lines from each square, unblocked.
pub(super) static BISHOP_LINES: [u128; 128] =
    union(&RAY_TABLE, [NORTH_EAST, NORTH_WEST, SOUTH_WEST, SOUTH_EAST]);

/// Knight leaps from each square, onto the frame.
pub(super) static KNIGHT: [u128; 128] = steps(&KNIGHT_STEPS);
/// King steps from each square, onto the frame.
pub(super) static KING: [u128; 128] = steps(&DIRS);
/// The squares a pawn of each colour on each square captures towards.
pub(super) static PAWN_ATTACKS: [[u128; 128]; 2] =
    [steps(&[(1, 1), (-1, 1)]), steps(&[(1, -1), (-1, -1)])];

/// The push of a cage on each square (SC2): the cage's square with the
/// line s1…sn it pushes across, the ring square E where the cage ends, and
/// the step from the cage towards E; `step == 0` where a cage cannot push
/// (corners, and squares off the ring).
#[derive(Clone, Copy)]
pub(super) struct Push {
    pub(super) segment: u128,
    pub(super) end: u8,
    pub(super) step: i8,
}

pub(super) static PUSHES: [Push; 128] = {
    let none = Push {
        segment: 0,
        end: 0,
        step: 0,
    };
    let mut t = [none; 128];
    let mut i = 0;
    while i < 128 {
        let (f, r) = (i as i8 % 16, i as i8 / 16);
        let (df, dr) = if f == 0 && r >= 1 && r <= 6 {
            (1, 0)
        } else if f == 8 && r >= 1 && r <= 6 {
            (-1, 0)
        } else if r == 0 && f >= 1 && f <= 7 {
            (0, 1)
        } else if r == 7 && f >= 1 && f <= 7 {
            (0, -1)
        } else {
            (0, 0)
        };
        if df != 0 || dr != 0 {
            let n = if dr == 0 { 7 } else { 6 };
            let mut segment = 0;
            let mut k = 0;
            while k <= n {
                segment |= bit_at(f + df * k, r + dr * k);
                k += 1;
            }
            let (ef, er) = (f + df * (n + 1), r + dr * (n + 1));
            t[i] = Push {
                segment,
                end: (er * 16 + ef) as u8,
                step: dr * 16 + df,
            };
        }
        i += 1;
    }
    t
};

const fn union(rays: &[[u128; 128]; 8], dirs: [usize; 4]) -> [u128; 128] {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        let mut k = 0;
        while k < 4 {
            t[i] |= rays[dirs[k]][i];
            k += 1;
        }
        i += 1;
    }
    t
}

/// The bit of frame square (`f`, `r`), or nothing off the frame.
const fn bit_at(f: i8, r: i8) -> u128 {
    if f >= 0 && f < 9 && r >= 0 && r < 8 {
        1u128 << (r * 16 + f)
    } else {
        0
    }
}

/// Files `f0..=f1` of ranks `r0..=r1`.
const fn rect(f0: i8, f1: i8, r0: i8, r1: i8) -> u128 {
    let mut m = 0;
    let mut r = r0;
    while r <= r1 {
        let mut f = f0;
        while f <= f1 {
            m |= bit_at(f, r);
            f += 1;
        }
        r += 1;
    }
    m
}

const fn steps(by: &[(i8, i8)]) -> [u128; 128] {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        let (f, r) = (i as i8 % 16, i as i8 / 16);
        if f < 9 && r < 8 {
            let mut k = 0;
            while k < by.len() {
                t[i] |= bit_at(f + by[k].0, r + by[k].1);
                k += 1;
            }
        }
        i += 1;
    }
    t
}
