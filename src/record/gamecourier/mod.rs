//! Game Courier move lists as games: reading a list typed as board edits,
//! validating it, and writing a game as one (notation/gamecourier.md).
//!
//! **Reading.** A turn's operations are applied in order to a scratch copy of
//! the board ([`TurnEffect`]); the turn is the one legal move of the variant
//! that produces the same arrangement. Equality is defined on what a list
//! can say, in the frame of the position the turn is played from (QK5):
//!
//! - *pieces*: every square holds the same piece. A pawn the move pockets
//!   (QK6) may be left standing: pocketing follows from the move;
//! - *hands*: the pieces the turn took out of hand (drops) are the ones the
//!   move takes; pieces that go into a hand (QK6, QK7) follow from the move;
//! - *holes and cells*: a square the turn marked `#-SQ` is not a cell after
//!   the move, one marked `.-SQ` is;
//!   other cells follow from the move (moving a piece onto a hole is allowed:
//!   a slide or quake carries cells with it);
//! - *cages* (Slide-chess): each cage stands where the turn left it; a cage
//!   moved onto a board square during the turn was pushed across the board
//!   (an insertion, SC2), never relocated (SC1);
//! - castling rights, en passant, counters follow from the move.
//!
//! A quake that grows the frame west or south would carry cells to squares
//! with no name in the frame of the position it is played from; such a quake
//! may be typed as the rest of the board moving the other way, which is the
//! same position (QK5: positions that differ only by a shift are the same).
//!
//! Matching does not build a board per legal move: a piece move or drop must
//! change a subset of its own squares first (the cheap filter), and only the
//! few candidates left are played and compared.
//!
//! ```
//! use fvnote::record::gamecourier::{read_list, write_list};
//! use fvnote::variant::Variant;
//! // A Fault Line rank slide (S1e) typed as each piece's move, east-most first.
//! let list = "1. g1-h1; f1-g1; e1-f1; d1-e1; c1-d1; b1-c1; a1-b1\n";
//! let record = read_list(list, Variant::FaultLine, None).unwrap();
//! assert_eq!(record.moves[0].san, "S1e");
//! assert_eq!(write_list(&record).unwrap(), "1. R g1-h1; N f1-g1; B e1-f1; K d1-e1; B c1-d1; N b1-c1; R a1-b1\n");
//! ```

mod coord;
mod effect;
mod fast;
mod label;
mod matching;
mod read;
mod resolve;
mod validate;
mod write;

pub use coord::Coord;
pub use effect::TurnEffect;
pub use fast::fast_turn;
pub use read::{read, read_list, start_position, visit_list, ListRead};
pub use resolve::{resolve_turn, TurnError};
pub use validate::{check_list, not_utf8, validate_list, verdict, ListSetup};
pub use write::{turn_ops, turn_text, write_list, ListWriter};
