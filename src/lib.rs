//! fvnote: read, write, validate, convert and diff game records of chess variants.
//!
//! ```
//! use fvnote::{Position, Variant};
//! let pos = Position::start(Variant::FaultLine);
//! assert_eq!(pos.legal_moves().len(), 13);
//! ```

/// `eprintln!` that never panics: std's panics when standard error is
/// closed (`fvnote validate 2>&1 | head -1`). Defined before the modules,
/// so it shadows std's in every one of them; a message that cannot be
/// written is dropped.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::writeln!(::std::io::stderr(), $($arg)*);
    }};
}

/// `eprint!` that never panics (see `eprintln!` above).
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::write!(::std::io::stderr(), $($arg)*);
    }};
}

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
