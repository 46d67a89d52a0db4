//! Replaying a record through the rules: the verdict on one game.
//!
//! Every move token, in the main line and in every variation, is read in two
//! steps (syntax, then the position) and played. The walk over variations uses
//! an explicit stack, so nesting depth never touches the call stack.
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::replay::{replay, ReplayOptions};
//! let games = read_all(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
//! let report = replay(games[0].as_ref().unwrap(), &ReplayOptions::default());
//! assert!(report.is_valid());
//! assert_eq!(report.plies, 7);
//! ```

mod canonical;
pub mod damage;
mod deny;
pub mod facts;
pub mod fast;
mod fast_engine;
mod frame;
mod replayer;
mod report;
mod result;
mod san_buf;
mod setup;
mod token;
pub mod verdict;

pub use canonical::canonical_record;
pub use replayer::Replayer;

pub use report::{Diagnostic, GameReport, Omitted, PlyInfo, Severity, KEPT_DIAGNOSTICS};
pub use setup::{record_start, record_variant, tags_start};
// For the Game Courier matcher, which files its report as it matches.
pub(crate) use report::{empty_report, permission_note};
pub(crate) use result::end_main_line;

use crate::model::Record;
use crate::notation::pgn::visit_record;
use crate::variant::Variant;

/// What a replay keeps besides the verdict: one mode per kind of caller.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReplayMode {
    /// The verdict alone (`validate`): lines are replayed on their
    /// variant's accelerator where one takes them, and a game keeps its
    /// first error and the first [`KEPT_DIAGNOSTICS`] warnings and notes
    /// (no start or last position).
    Verdict,
    /// The verdict and each move token's canonical SAN, taken as the game
    /// is read ([`Replayer::take_verdict`]): writers of canonical PGN and
    /// JSON. Clean tokens are played on the accelerator.
    Canonical,
    /// [`ReplayMode::Canonical`], and what each move token that resolved
    /// played ([`Replayer::take_facts`]): writers of the JSON form and of
    /// FEN lists; `fens`: with the FEN after each move.
    Described {
        /// Each move's facts hold the FEN after it.
        fens: bool,
    },
    /// Everything: the start position, every main-line ply, each node's
    /// canonical SAN, and every diagnostic ([`replay`] on a record).
    #[default]
    Full,
}

/// How a replay goes.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// Lenient notation is an error, not a warning.
    pub strict: bool,
    /// What is kept besides the verdict.
    pub mode: ReplayMode,
    /// [`ReplayMode::Full`]: record the FEN after every main-line ply.
    pub fens: bool,
    /// The variant of a game whose `Variant` tag is absent or blank
    /// (`--variant`); `None`: chess.
    pub variant: Option<Variant>,
}

impl ReplayOptions {
    /// Options for `mode`, not strict.
    pub fn new(mode: ReplayMode) -> ReplayOptions {
        ReplayOptions {
            mode,
            ..ReplayOptions::default()
        }
    }

    /// Whether only the verdict is kept ([`ReplayMode::Verdict`]).
    pub fn verdict_only(&self) -> bool {
        self.mode == ReplayMode::Verdict
    }
}

/// Replays a record: its tokens, in document order, through a [`Replayer`].
pub fn replay(record: &Record, opts: &ReplayOptions) -> GameReport {
    visit_record(record, &mut Replayer::new(opts.clone()))
}
