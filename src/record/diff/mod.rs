//! Differences between two positions, and between two move lists.
//!
//! Two positions of one game ([`diff_tracked`]) are compared piece by piece:
//! [`crate::record::track`] follows every piece through the plies between
//! them, so a piece a quake, slide or cage carried is reported as carried,
//! not as captured, and a re-lettered frame (QK5) is said as such. Two
//! unrelated positions ([`diff_positions`]) are compared square by square
//! when their square names mean the same places (the same frame, and for
//! Quake the same cells); otherwise the frames differ and only the material
//! is compared, since pairing squares by name would be guesswork.
//!
//! ```
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! use fvnote::record::diff::diff_positions;
//! let a = Position::start(Variant::Chess);
//! let mv = a.legal_moves().iter().find(|m| m.to_string().contains("e2")).copied().unwrap();
//! let b = a.play(&mv);
//! let d = diff_positions(&a, &b);
//! assert_eq!(d.moved.len(), 1);
//! assert!(!d.is_empty());
//! assert!(diff_positions(&a, &a).is_empty());
//! ```

mod by_square;
mod moves;
mod place;
mod position_diff;
mod scalars;
mod text;
mod tracked;

pub use by_square::diff_positions;
pub use moves::{diff_lines, diff_moves, ply_label, MoveChange, MovesDiff, SanLine, DIFF_DEADLINE};
pub use position_diff::{
    Change, Moved, Pairing, PieceEvent, Placed, PositionDiff, ReletterAt, Relettering, Replaced,
};
pub use tracked::diff_tracked;
