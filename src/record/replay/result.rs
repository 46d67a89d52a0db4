//! Checking the result against the end of the game (G5).

use crate::model::Span;
use crate::record::replay::report::{diag, GameReport, Severity};
use crate::rules::Outcome;

/// Checks the result against the final position (G5) and the Result tag.
/// The final position is asked for only as needed: its `outcome`, unless
/// the main line failed, and its `fen` for a diagnostic.
pub(crate) fn check_result(
    report: &mut GameReport,
    outcome: impl FnOnce() -> Option<Outcome>,
    fen: impl FnOnce() -> String,
    movetext: Option<&(String, Span)>,
    tag: Option<&(String, Span)>,
    game_span: Span,
) {
    if report.main_failed {
        return;
    }
    report.outcome = outcome();
    // Point at the result token, else at the Result tag, else at the game.
    let result_span = movetext.or(tag).map_or(game_span, |r| r.1);
    let tag = tag.map(|t| t.0.trim());
    if let (Some((m, _)), Some(t)) = (movetext, tag) {
        if m != t && t != "?" {
            let mut d = diag(
                Severity::Error,
                result_span,
                m,
                format!("the movetext ends with {m} but the Result tag says {t}"),
            );
            d.ply = Some(report.plies);
            report.file(Severity::Error, result_span, false, || d);
            return;
        }
    }
    if let Some(outcome) = report.outcome {
        let written = report.result.clone().unwrap_or_else(|| "*".into());
        if written != outcome.result() {
            let mut d = diag(
                Severity::Error,
                result_span,
                &written,
                format!(
                    "the game ended: {outcome} ({}), so the result must be {}, not {written}",
                    outcome.ruling(),
                    outcome.result()
                ),
            );
            d.ruling = Some(outcome.ruling());
            d.ply = Some(report.plies);
            d.fen = Some(fen());
            report.file(Severity::Error, result_span, false, || d);
        }
    }
}
