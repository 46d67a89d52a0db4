//! Notation: PGN, move tokens, FEN, JSON, Game Courier move lists.
pub mod annotation;
pub mod encoding;
mod expected;
pub mod fen;
pub mod gamecourier;

pub mod long_move;
pub mod pgn;
pub mod san;
