//! Rank and File's line counting (RF1): which ranks or files hold the
//! most of a side's units, on bytes rather than bit by bit.

use super::FILE_A;

/// Byte `k` of `SPREAD[b]` is bit `k` of `b`: summing the spreads of the
/// eight ranks counts the units on each file.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            if (b >> k) & 1 == 1 {
                table[b] |= 1 << (8 * k);
            }
            k += 1;
        }
        b += 1;
    }
    table
};

/// The largest of eight byte counts and the bit set of the bytes holding it.
#[inline]
fn most(counts: u64) -> (u8, u8) {
    let (mut top, mut mask) = (0u8, 0u8);
    for k in 0..8 {
        let c = (counts >> (8 * k)) as u8;
        if c > top {
            (top, mask) = (c, 1 << k);
        } else if c == top {
            mask |= 1 << k;
        }
    }
    (top, mask)
}

/// RF1: the squares of the permitted lines of a side whose units stand on
/// `own`. Counted a byte per line with tables, not bit by bit: this runs
/// for every move tried and every attack found.
pub(super) fn lines_of(own: u64) -> u64 {
    if own == 0 {
        return 0;
    }
    // Byte f of `files` counts file f; byte r of `ranks` counts rank r.
    let (mut files, mut ranks) = (0u64, 0u64);
    for r in 0..8 {
        let spread = SPREAD[usize::from((own >> (8 * r)) as u8)];
        files += spread;
        ranks |= (spread.wrapping_mul(FILE_A) >> 56) << (8 * r);
    }
    let (file_top, file_mask) = most(files);
    let (rank_top, rank_mask) = most(ranks);
    // Files win ties.
    if file_top >= rank_top {
        u64::from(file_mask).wrapping_mul(FILE_A)
    } else {
        SPREAD[usize::from(rank_mask)].wrapping_mul(0xff)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fast::masked::RANK_1;

    /// RF1 by the letter: count each line square by square.
    fn lines_by_the_letter(own: u64) -> u64 {
        let count = |line: u64| (own & line).count_ones();
        let files: Vec<u64> = (0..8).map(|f| FILE_A << f).collect();
        let ranks: Vec<u64> = (0..8).map(|r| RANK_1 << (8 * r)).collect();
        let top = |lines: &[u64]| lines.iter().map(|&l| count(l)).max().unwrap_or(0);
        let (f, r) = (top(&files), top(&ranks));
        if own == 0 {
            0
        } else if f >= r {
            files
                .iter()
                .filter(|&&l| count(l) == f)
                .fold(0, |a, l| a | l)
        } else {
            ranks
                .iter()
                .filter(|&&l| count(l) == r)
                .fold(0, |a, l| a | l)
        }
    }

    #[test]
    fn lines_are_counted_as_rf1_says() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for n in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse and dense sets, with many ties.
            let own = match n % 3 {
                0 => x & (x >> 3) & (x >> 7),
                1 => x & (x >> 5),
                _ => x,
            };
            assert_eq!(lines_of(own), lines_by_the_letter(own), "{own:#x}");
        }
    }
}
