//! Checking the result against the end of the game (G5).

use crate::model::Span;
use crate::notation::fen::write_fen;
use crate::position::Position;
use crate::record::replay::report::{diag, GameReport, Severity};
use crate::rules::Outcome;

/// Ends a main line that reached its last position, as every replay does:
/// checks the result against that position (G5) and the Result tag, and
/// keeps the position when `keep` (a verdict keeps none). The position is
/// built by `last`, at most once, only as needed: for `keep`, and for the
/// FEN of a wrong result; `outcome` is asked unless the main line failed.
pub(crate) fn end_main_line(
    report: &mut GameReport,
    last: impl FnOnce() -> Position,
    outcome: impl FnOnce() -> Option<Outcome>,
    movetext: Option<&(String, Span)>,
    tag: Option<&(String, Span)>,
    game_span: Span,
    keep: bool,
) {
    let mut last = Some(last);
    let mut built = None;
    let fen = || {
        let position = last.take().map(|f| f());
        let fen = position.as_ref().map(write_fen).unwrap_or_default();
        built = position;
        fen
    };
    check_result(report, outcome, fen, movetext, tag, game_span);
    if keep {
        report.final_position = built.or_else(|| last.map(|f| f())).map(Box::new);
    }
}

/// Checks the result against the final position (G5) and the Result tag.
fn check_result(
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
