//! Notation: PGN, move tokens, FEN, JSON.
