//! Whether and how a turn was played on an accelerator: what the
//! dispatcher (`fast.rs`) and the variant matchers (`fast_cells.rs`) hand
//! each other, in a file of its own so neither imports the other.

use compact_str::CompactString;

/// Whether and how a turn was played on an accelerator.
pub(super) enum Played {
    /// Not: the reference rules take the turn.
    No,
    /// Played, with nothing to say.
    Quiet,
    /// A Fault Line slide of an uncontrolled rank, played with permission
    /// (FL6): its canonical SAN, for the note the reference files.
    Permitted(CompactString),
}

impl From<bool> for Played {
    fn from(played: bool) -> Played {
        if played {
            Played::Quiet
        } else {
            Played::No
        }
    }
}
