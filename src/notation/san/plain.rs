//! A fast path for the plain canonical tokens that make up most of real
//! games (and of the variants' games: quakes, drops, LB compounds, slides,
//! cage relocations), read by
//! byte patterns before the nom grammar (`grammar.rs`), which
//! is the definition: the grammar reads every token this reads, to the same
//! value (tested exhaustively below). Measured: without it, validating an
//! archive of orthodox games took 1.5 times as long (BENCHMARKS.md).

use super::types::{ParsedSan, San, Suffix};
use crate::moves::Dir;
use crate::piece::Role;
use crate::square::Square;

/// The plain canonical shapes most tokens have (`e4`, `exd5`, `e8=Q`, `Nf3`,
/// `Nxe5`, `Nbd7`, `R1e2`, each with an optional `+` or `#`), read by byte
/// patterns; `None` for anything else, which the grammar then reads. Both
/// agree on every token this accepts (tested below).
///
/// Always inlined: returned through memory, the move was read back in
/// wider loads than it was written in, each waiting on the stores (chess
/// `validate` took 5% longer, paired runs).
#[inline(always)]
pub(super) fn parse_plain(t: &[u8]) -> Option<ParsedSan> {
    let (body, suffix) = match t {
        [body @ .., b'+'] => (body, Some(Suffix::Check)),
        [body @ .., b'#'] => (body, Some(Suffix::Mate)),
        _ => (t, None),
    };
    let file = |c: u8| c.is_ascii_lowercase().then(|| c - b'a');
    // `parse_square` for a one-digit rank, without its general checks.
    let square = |f: u8, r: u8| {
        (f.is_ascii_lowercase() && matches!(r, b'1'..=b'9'))
            .then(|| Square::new(f - b'a', r - b'1'))?
    };
    let piece = |c: u8| match c {
        b'N' | b'B' | b'R' | b'Q' | b'K' => Role::from_char(c as char),
        _ => None,
    };
    let promotion = |c: u8| match c {
        b'Q' | b'R' | b'B' | b'N' => Role::from_char(c as char),
        _ => None,
    };
    let pawn = |file, capture, to, promotion| San::Normal {
        role: Some(Role::Pawn),
        file,
        rank: None,
        capture,
        to,
        promotion,
    };
    // LB compounds (QK0) by their two capitals, hunter then carrier.
    let compound = |h: u8, c: u8| match [h, c] {
        [b'R', b'N'] => Some(Role::RookKnight),
        [b'R', b'B'] => Some(Role::RookBishop),
        [b'N', b'R'] => Some(Role::KnightRook),
        [b'N', b'B'] => Some(Role::KnightBishop),
        [b'B', b'R'] => Some(Role::BishopRook),
        [b'B', b'N'] => Some(Role::BishopKnight),
        _ => None,
    };
    let san = match *body {
        // Pawn moves first, the commonest tokens, ahead of the compounds'
        // guarded arm. No shape below reads a body these arms take (two
        // bytes; `=` third of four; a lowercase letter, then `x`).
        [f, r] => pawn(None, false, square(f, r)?, None),
        [f, r, b'=', p] => pawn(None, false, square(f, r)?, Some(promotion(p)?)),
        [from @ b'a'..=b'z', b'x', f, r] => pawn(Some(file(from)?), true, square(f, r)?, None),
        [from @ b'a'..=b'z', b'x', f, r, b'=', p] => {
            pawn(Some(file(from)?), true, square(f, r)?, Some(promotion(p)?))
        }
        // Quakes (`K-qn`, QK1) and drops (`N@e4`, `RN@c3`, QK7; never a king).
        [b'K', b'-', b'q', d] => San::Quake {
            dir: Dir::from_char(char::from(d))?,
        },
        [p @ (b'P' | b'N' | b'B' | b'R' | b'Q'), b'@', f, r] => San::Drop {
            role: Role::from_char(char::from(p))?,
            to: square(f, r)?,
        },
        [h, c, b'@', f, r] => San::Drop {
            role: compound(h, c)?,
            to: square(f, r)?,
        },
        // Fault Line's slides (`S3e`, FL4) and Slide-chess's relocations
        // (`C-a5`, SC1).
        [b'S', r @ b'1'..=b'9', d @ (b'e' | b'w')] => San::Slide {
            rank: r - b'1',
            dir: Dir::from_char(char::from(d))?,
        },
        [b'C', b'-', f, r] => San::CageMove { to: square(f, r)? },
        [h, c, ref rest @ ..] if compound(h, c).is_some() => {
            return piece_move(compound(h, c), rest, suffix);
        }
        [p, ref rest @ ..] => return piece_move(piece(p), rest, suffix),
        _ => return None,
    };
    Some(ParsedSan {
        san,
        suffix,
        lenient: Vec::new(),
    })
}

/// A piece move after its piece letters: `f3`, `xe5`, `bd7`, `1e2`, `bxd7`.
fn piece_move(role: Option<Role>, rest: &[u8], suffix: Option<Suffix>) -> Option<ParsedSan> {
    let role = Some(role?);
    let (hint, capture, f, r) = match *rest {
        [f, r] => (None, false, f, r),
        [b'x', f, r] => (None, true, f, r),
        [h, f, r] => (Some(h), false, f, r),
        [h, b'x', f, r] => (Some(h), true, f, r),
        _ => return None,
    };
    let (file, rank) = match hint {
        None => (None, None),
        Some(h @ b'a'..=b'z') => (Some(h - b'a'), None),
        Some(h @ b'1'..=b'9') => (None, Some(h - b'1')),
        Some(_) => return None,
    };
    let to = (f.is_ascii_lowercase() && matches!(r, b'1'..=b'9'))
        .then(|| Square::new(f - b'a', r - b'1'))??;
    let san = San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    };
    Some(ParsedSan {
        san,
        suffix,
        lenient: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse_plain` and the grammar agree wherever `parse_plain` answers.
    fn agree(t: &[u8]) -> bool {
        let Some(plain) = parse_plain(t) else {
            return false;
        };
        let text = std::str::from_utf8(t).unwrap();
        let general = super::super::grammar::parse_grammar(text.as_bytes());
        assert_eq!(
            format!("{:?}", Ok::<_, crate::notation::san::ParseSanError>(plain)),
            format!("{general:?}"),
            "{text}"
        );
        true
    }

    #[test]
    fn plain_shapes_read_as_the_grammar_reads_them() {
        let mut taken = 0;
        // Every token of up to four bytes over the alphabet, and a sample
        // of longer ones …
        super::super::each_sample_token(400_000, |t| taken += usize::from(agree(t)));
        // … and every combination of the parts of the longer shapes.
        for p in ["", "N", "K", "P", "e", "exd", "O"] {
            for hint in ["", "a", "h", "1", "9", "0", "x"] {
                for sep in ["", "x", "-"] {
                    for sq in ["e4", "h8", "z1", "a0", "i9", "e10"] {
                        for tail in ["", "=Q", "=K", "=q", "Q", "+", "#", "++", "=N#"] {
                            let t = format!("{p}{hint}{sep}{sq}{tail}");
                            taken += usize::from(agree(t.as_bytes()));
                        }
                    }
                }
            }
        }
        // … and the Quake shapes: quakes, drops and LB compounds (QK0,
        // QK1, QK7), with their near misses.
        for p in [
            "", "K", "P", "Q", "N", "RN", "BN", "NB", "RB", "BR", "NR", "NN", "RK", "Rn",
        ] {
            for sep in ["", "-q", "-", "@", "*", "x", "b", "1", "bx", "1x", "a1"] {
                for sq in [
                    "n", "s", "e", "w", "x", "e4", "h8", "z1", "a0", "e10", "@e4",
                ] {
                    for tail in ["", "+", "#", "++", "=Q"] {
                        let t = format!("{p}{sep}{sq}{tail}");
                        taken += usize::from(agree(t.as_bytes()));
                    }
                }
            }
        }
        // … and Fault Line's slides and Slide-chess's relocations (FL4,
        // SC1), with their near misses.
        for p in ["S", "C", "C-", "C>", "s", "SS"] {
            for body in [
                "", "1", "3e", "9w", "0e", "3n", "3s", "3x", "10e", "e", "a5", "h8", "z1", "a0",
                "e10", "-a5", "3E",
            ] {
                for tail in ["", "+", "#", "++", "!", "=Q"] {
                    let t = format!("{p}{body}{tail}");
                    taken += usize::from(agree(t.as_bytes()));
                }
            }
        }
        assert!(taken > 1_500, "{taken}");
        for shape in ["S3e", "S1w+", "S9e#", "C-a5", "C-h8+", "C-z1#"] {
            assert!(parse_plain(shape.as_bytes()).is_some(), "{shape}");
        }
        for quake in [
            "K-qn", "K-qw+", "N@e4", "P@a1#", "RN@c3", "RNxd4+", "BNbd7", "NR1e2",
        ] {
            assert!(parse_plain(quake.as_bytes()).is_some(), "{quake}");
        }
        for canonical in [
            "e4", "exd5", "e8=Q#", "Nf3", "Nxe5+", "Nbd7", "R1e2", "Qh4xe1",
        ] {
            assert_eq!(
                parse_plain(canonical.as_bytes()).is_some(),
                canonical != "Qh4xe1",
                "{canonical}"
            );
        }
    }
}
