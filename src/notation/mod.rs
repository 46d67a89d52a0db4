//! Notation: PGN, move tokens, FEN, JSON, Game Courier move lists.
mod expected;
pub mod fen;
pub mod gamecourier;
pub mod long_move;
pub mod pgn;
pub mod san;
