//! Grid Chess's masks (GR1): the 2×2 sections a move must leave.

/// GR1: the 2×2 section holding square `i`.
#[inline]
pub(super) fn section(i: u8) -> u64 {
    let base = (i & !9) & 63;
    (0b11u64 << base) | (0b11u64 << (base + 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_gr1_blocks() {
        // a1 b1 a2 b2; and g7 h7 g8 h8.
        assert_eq!(section(0), 0b11 | 0b11 << 8);
        assert_eq!(section(9), section(0));
        assert_eq!(section(63), 0b11 << 54 | 0b11 << 62);
        assert_eq!(section(36), section(45)); // e5, f6
        assert_ne!(section(35), section(36)); // d5, e5
    }
}
