//! Perft: leaf nodes of the legal move tree (RULINGS G7).

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;

/// The deepest perft the command line accepts. Chess perft 7 is already
/// 3.2 billion leaves (minutes); 20 is far past anything that finishes, and
/// keeps the recursion (one frame of a few kilobytes per ply) far from any
/// stack limit.
pub const MAX_DEPTH: u32 = 20;

/// Counts leaves at `depth`; at depth 1 the legal moves are counted, not
/// played. Recursion is `depth` frames deep: callers taking a depth from
/// outside check it against [`MAX_DEPTH`].
pub fn perft<R: Rules>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::with_capacity(64);
    R::legal_moves(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            R::play(&mut next, m);
            perft::<R>(&next, depth - 1)
        })
        .sum()
}

/// Perft below each legal move.
pub fn divide<R: Rules>(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = MoveList::with_capacity(64);
    R::legal_moves(pos, &mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            R::play(&mut next, &m);
            (m, perft::<R>(&next, depth.saturating_sub(1)))
        })
        .collect()
}
