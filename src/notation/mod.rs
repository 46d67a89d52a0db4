//! Notation: PGN, move tokens, FEN, JSON.
pub mod encoding;
mod expected;
pub mod fen;
pub mod long_move;
pub mod pgn;
pub mod san;
