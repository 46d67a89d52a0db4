//! fvnote: read, write, validate, convert and diff game records of chess
//! variants: Fault Line, Rank and File, Grid, Quake (DF and LB armies),
//! Slide-chess, and orthodox chess as the baseline.
//!
//! The library is usable without the command line: build it with
//! `default-features = false` to leave out the `cli` feature (clap, man pages,
//! shell completions).
//!
//! # A tour
//!
//! Read a PGN game ([`notation::pgn`]) into the record model ([`model`]):
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! let games = read_all(b"[Variant \"fault-line\"]\n\n1. e3 S3e 2. Nf3 *\n");
//! let record = games[0].as_ref().unwrap();
//! assert_eq!(record.tag("Variant"), Some("fault-line"));
//! assert_eq!(record.moves[1].san, "S3e");
//! ```
//!
//! Replay it through the rules ([`record::replay`]): the verdict, with every
//! diagnostic located in the source and citing its ruling.
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::replay::{replay, ReplayOptions};
//! let games = read_all(b"1. e4 e5 2. Ke3 *\n");
//! let report = replay(games[0].as_ref().unwrap(), &ReplayOptions::default());
//! let error = report.error.unwrap();
//! assert_eq!((error.token.as_str(), error.span.line, error.span.column), ("Ke3", 1, 13));
//! ```
//!
//! Convert it to the JSON form ([`record::json`]) and back:
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::convert::{convert_record, ConvertOptions, Target};
//! use fvnote::record::json::read::read_records;
//! let record = read_all(b"1. e4 {best} e5 *\n").remove(0).unwrap();
//! let opts = ConvertOptions { to: Target::Jsonl, json: Default::default(), fix_result: false };
//! let json = convert_record(&record, &opts).unwrap();
//! assert!(String::from_utf8_lossy(&json).contains("\"san\":\"e4\""));
//! assert_eq!(read_records(&json).unwrap()[0].moves.len(), 2);
//! ```
//!
//! Ask a position for its legal moves ([`Position`], [`rules`]) and write
//! them in SAN ([`notation::san`]) or the position in FEN ([`notation::fen`]):
//!
//! ```
//! use fvnote::notation::fen::{read_fen, write_fen};
//! use fvnote::notation::san::write_san;
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let pos = Position::start(Variant::FaultLine);
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 13);
//! assert!(moves.iter().any(|m| write_san(&pos, m) == "S3e"));
//! assert_eq!(read_fen(&write_fen(&pos), Variant::FaultLine), Ok(pos));
//! ```
//!
//! # Layers
//!
//! Imports run only downward: `cli` → [`record`] → [`notation`] → [`model`] →
//! [`rules`] → [`position`] → [`variant`], [`piece`], [`square`]. See
//! ARCHITECTURE.md in the repository for the data flow and invariants.
#![warn(missing_docs)]

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

#[cfg(feature = "cli")]
pub mod cli;
pub mod escape;
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

pub use moves::{Dir, Move, MoveList, PieceMove};
pub use piece::{Color, Piece, Role};
pub use position::{CastleSide, Castling, Position};
pub use rules::{Illegal, Outcome, Rules};
pub use square::Square;
