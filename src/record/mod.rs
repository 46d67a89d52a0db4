//! The record model and replay: a game as tags, moves, comments, variations.
pub mod gen;
pub mod io;
pub mod model;
pub mod replay;
pub use model::*;
