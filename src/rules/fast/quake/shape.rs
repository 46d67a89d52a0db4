//! QK2 after a quake, tested only where the quake can break it.
//!
//! A quake moves its strip one step along itself, so the layout loses one
//! cell (the strip's tail `t`) and gains one (the hole beyond its head,
//! `h`). If the old layout met QK2, the new one does too when, for each of
//! the three connectivities, `t`'s neighbours stay connected to each other
//! without `t` (so removing it splits nothing) and `h` has a neighbour left
//! (so it joins the rest). The first is tested by a fill inside an 8 × 8
//! window around `t`: a fill in the window is a fill in the layout, so a
//! pass proves it; a failure proves nothing, and the caller runs the full
//! test (`crate::rules::quake::shape_violation`).
//!
//! For QK2 (b) the steps keep (file + rank) parity, so `t`'s and `h`'s
//! neighbours are in their own classes and the same argument holds per
//! class.

use crate::rules::quake::{self, Coord, Plan, Rows, MARGIN, ROWS};

/// Steps of one connectivity: as window shifts, and as coordinates (for
/// `h`'s neighbours, which may lie far from the window).
struct Steps {
    grow: fn(u64) -> u64,
    coords: &'static [Coord],
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_AB: u64 = !0x0303_0303_0303_0303;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_GH: u64 = !0xc0c0_c0c0_c0c0_c0c0;

fn orthogonal(x: u64) -> u64 {
    (x << 1) & NOT_A | (x >> 1) & NOT_H | x << 8 | x >> 8
}

fn diagonal(x: u64) -> u64 {
    (x << 9) & NOT_A | (x << 7) & NOT_H | (x >> 7) & NOT_A | (x >> 9) & NOT_H
}

fn knight(x: u64) -> u64 {
    let one = (x << 1) & NOT_A | (x >> 1) & NOT_H;
    let two = (x << 2) & NOT_AB | (x >> 2) & NOT_GH;
    one << 16 | one >> 16 | two << 8 | two >> 8
}

const ORTHOGONAL: Steps = Steps {
    grow: orthogonal,
    coords: &quake::ORTH_STEPS,
};
const DIAGONAL: Steps = Steps {
    grow: diagonal,
    coords: &quake::DIAG_STEPS,
};
const KNIGHT: Steps = Steps {
    grow: knight,
    coords: &quake::KNIGHT_STEPS,
};

/// `t`'s place in the window: file 3, rank 3.
const T_BIT: u64 = 1 << (3 * 8 + 3);

/// Whether the layout after `plan`, `rows`, surely meets QK2, given that
/// the layout before it did; false means "not shown here".
pub(super) fn quake_keeps_shape(rows: &Rows, plan: &Plan) -> bool {
    let (lo, hi) = plan.strip;
    let (t, h) = if plan.step.0 + plan.step.1 > 0 {
        (lo, (hi.0 + plan.step.0, hi.1 + plan.step.1))
    } else {
        (hi, (lo.0 + plan.step.0, lo.1 + plan.step.1))
    };
    let window = window(rows, t);
    [ORTHOGONAL, DIAGONAL, KNIGHT]
        .iter()
        .all(|steps| joins(rows, h, steps) && closes_around(window, steps.grow))
}

/// The cells of `rows` in the 8 × 8 window whose file 3, rank 3 is `t`
/// (a hole in `rows`, which hold the layout after the quake). The cell `h`
/// is left in: it has a neighbour outside `t`'s (checked by [`joins`]),
/// so a path through it is a path of the layout.
fn window(rows: &Rows, (tf, tr): Coord) -> u64 {
    let mut out = 0u64;
    for y in 0..8 {
        // Row of the window's rank y: tr - 3 + y + MARGIN, at least 0
        // since tr >= 0 and MARGIN = 3.
        let i = (tr - 3 + y + MARGIN) as usize;
        let Some(&row) = rows.get(i).filter(|_| i < ROWS) else {
            break;
        };
        let bits = (row >> (tf - 3 + MARGIN) as u32) & 0xff;
        out |= bits << (8 * y);
    }
    out
}

/// Whether the cell `h` of `rows` has a neighbour under `steps`.
fn joins(rows: &Rows, (hf, hr): Coord, steps: &Steps) -> bool {
    steps.coords.iter().any(|&(df, dr)| {
        let (f, r) = (hf + df + MARGIN, hr + dr + MARGIN);
        (0..ROWS as i16).contains(&r)
            && (0..64).contains(&f)
            && rows[r as usize] >> f as u32 & 1 != 0
    })
}

/// Whether `t`'s neighbours among `cells` (`t` being a hole there) are one
/// component inside the window; false too when `t` has none.
fn closes_around(cells: u64, grow: fn(u64) -> u64) -> bool {
    let around = grow(T_BIT) & cells;
    if around == 0 {
        return false;
    }
    let mut reach = around & around.wrapping_neg();
    loop {
        let next = (reach | grow(reach)) & cells;
        if next & around == around {
            return true;
        }
        if next == reach {
            return false;
        }
        reach = next;
    }
}
