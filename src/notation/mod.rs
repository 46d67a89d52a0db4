//! Notation: PGN, move tokens, FEN, JSON.
pub mod fen;
pub mod pgn;
pub mod san;
