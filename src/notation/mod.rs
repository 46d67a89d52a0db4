//! Notation: PGN, move tokens, FEN, JSON, Game Courier move lists.
mod expected;
#[allow(missing_docs)] // undocumented items left for after the merge
pub mod fen;
pub mod gamecourier;
#[allow(missing_docs)] // undocumented items left for after the merge
pub mod long_move;
pub mod pgn;
// Its one broken link (`San::resolve`) is left to the SAN rewrite.
#[allow(missing_docs, rustdoc::broken_intra_doc_links)]
pub mod san;
