//! Notation: PGN, move tokens, FEN, JSON.
pub mod encoding;
pub mod fen;
pub mod pgn;
pub mod san;
