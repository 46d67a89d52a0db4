//! The record model: a game as tags, moves, comments, variations.
pub mod io;
pub mod model;
pub use model::*;
