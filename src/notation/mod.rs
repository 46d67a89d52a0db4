//! Notation: PGN, move tokens, FEN, JSON.
pub mod pgn;
