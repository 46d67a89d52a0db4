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
mod deny;
pub mod fast;
mod fast_engine;
mod frame;
mod replayer;
mod report;
mod result;
mod san_buf;
mod setup;
mod token;

pub use canonical::canonical_record;
pub use replayer::Replayer;
pub use report::{Diagnostic, GameReport, Omitted, PlyInfo, Severity, KEPT_DIAGNOSTICS};
pub use setup::{record_start, record_variant};
// For the Game Courier matcher, which files its report as it matches.
pub(crate) use report::{empty_report, permission_note};
// For the streamed JSON form, which describes moves on the accelerators.
pub(crate) use fast_engine::{FastPos, Played};
pub(crate) use result::check_result;

use crate::model::{Comment, Record, Span, Step};
use crate::notation::pgn::Visitor;

/// How strict a replay is.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// Lenient notation is an error, not a warning.
    pub strict: bool,
    /// Record the FEN after every main-line ply.
    pub fens: bool,
    /// Only the verdict: skip `main_line` and `canonical` (archive validation).
    pub verdict_only: bool,
}

/// Replays a record: its tokens, in document order, through a [`Replayer`].
pub fn replay(record: &Record, opts: &ReplayOptions) -> GameReport {
    let r = &mut Replayer::new(opts.clone());
    r.touch(record.span);
    r.end = record
        .span
        .offset
        .saturating_add(u64::from(record.span.len));
    for t in &record.tags {
        r.tag(&t.name, &t.value, t.span);
    }
    r.set_up();
    let comment = |r: &mut Replayer, c: &Comment| r.comment(&c.text, c.span);
    record.prelude.iter().for_each(|c| comment(r, c));
    for step in record.steps() {
        match step {
            Step::Enter => r.begin_variation(Span::default()),
            Step::Leave => r.end_variation(Span::default()),
            Step::Move(node) => {
                node.comments_before.iter().for_each(|c| comment(r, c));
                r.san(&node.san, node.span);
                node.comments.iter().for_each(|c| comment(r, c));
            }
        }
    }
    if let Some(res) = &record.result {
        // Records made in code may have no span for the result: show the
        // Result tag then, else the game.
        let tag = record.tag_pair("Result").map(|t| t.span);
        r.outcome(res, record.result_span.or(tag).unwrap_or(record.span));
    }
    r.end_game()
}
