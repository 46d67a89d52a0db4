//! Notation: PGN, move tokens, FEN, JSON, Game Courier move lists.
pub mod fen;
pub mod gamecourier;
pub mod pgn;
pub mod san;
