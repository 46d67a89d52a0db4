//! What the token-agreement tests of the move shortcuts share
//! (`tests/fast_variants.rs`, `tests/fast_quake.rs`, `tests/fast_masked.rs`):
//! a token's verdict in comparable form, and the random walk's choice of
//! move.
#![allow(dead_code)] // each test file uses a different subset

use fvnote::notation::san::{San, SanError};
use fvnote::record::gen::SplitMix64;
use fvnote::{Move, PieceMove, Position};

/// What a token resolves to: the move, or the ruling that refuses it (`None`
/// for refusals without one: no match, ambiguity, syntax).
pub fn verdict(pos: &Position, token: &str) -> Result<Move, Option<&'static str>> {
    let parsed = San::parse(token).map_err(|_| None)?;
    match parsed.resolve(pos) {
        Ok(r) => Ok(r.mv),
        Err(SanError::Illegal { ruling, .. }) => Err(Some(ruling)),
        Err(SanError::GameOver { outcome }) => Err(Some(outcome.ruling())),
        Err(_) => Err(None),
    }
}

/// A legal special move (anything but a plain piece move: castling, en
/// passant, promotion, the variants' own moves) with probability 3/5 when
/// there is one, else any legal move: the mix of `examples/special_games.rs`.
pub fn pick(legal: &[Move], rng: &mut SplitMix64) -> Move {
    let special: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            !matches!(
                m,
                Move::Normal(PieceMove {
                    promotion: None,
                    ..
                })
            )
        })
        .collect();
    if !special.is_empty() && rng.chance(3, 5) {
        *special[rng.below(special.len())]
    } else {
        legal[rng.below(legal.len())]
    }
}
