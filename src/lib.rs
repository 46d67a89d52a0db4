//! fvnote: read, write, validate, convert and diff game records of chess variants.
//!
//! ```
//! use fvnote::{Position, Variant};
//! let pos = Position::start(Variant::FaultLine);
//! assert_eq!(pos.legal_moves().len(), 13);
//! ```
pub mod cli;
pub mod fs;
pub mod model;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod record;
pub mod render;
pub mod report;
pub mod rules;
pub mod square;
pub mod variant;

pub use moves::{Dir, Move, MoveList};
pub use piece::{Color, Piece, Role};
pub use position::{CastleSide, Castling, Position};
pub use rules::{Illegal, Outcome, Rules};
pub use square::Square;
pub use variant::Variant;
