//! Validating a list: the report and the verdict `fvnote validate` prints.

use compact_str::CompactString;

use crate::model::Span;
use crate::notation::fen::write_fen;
use crate::notation::pgn::Proof;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{
    empty_report, end_main_line, permission_note, replay, Diagnostic, GameReport, PlyInfo,
    ReplayMode, ReplayOptions, Severity,
};
use crate::rules::fault_line::move_needs_permission;
use crate::variant::Variant;

use super::read::{list_span, read, start_position, walk, ResolvedTurn, Sink};

/// Validates a move list: the report every output format prints, the same
/// as replaying the record [`read`](super::read()) makes (the turns that
/// resolved) with the first turn that does not as the error.
///
/// The report is filed as the turns are matched, in one pass: a matched
/// turn is its move, so replaying its canonical SAN would only find it
/// again. A list that may hold a refusal (`[%deny]`, FL10: the replay's one
/// comment command) is read and replayed.
pub fn validate_list(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
    opts: &ReplayOptions,
) -> Result<(GameReport, bool), String> {
    if text.contains("[%") && text.contains("deny") {
        return validate_by_replay(text, variant, fen, opts);
    }
    let start = start_position(variant, fen)?;
    let fresh = || {
        let mut report = empty_report(opts.verdict_only());
        report.variant = variant;
        if !opts.verdict_only() {
            report.start = Some(Box::new(start.clone()));
        }
        report
    };
    let mut sink = ReportSink {
        report: fresh(),
        opts,
        variant,
    };
    let walked = walk(text, start.clone(), &mut sink);
    // A list that does not read tells nothing but its syntax error.
    let mut report = if walked.syntax_error {
        fresh()
    } else {
        sink.report
    };
    // What the replay does at the end of the game: the result (which the
    // list reads to) checked against the rules (G5), errors in order.
    let span = list_span(text);
    // The end's outcome, asked once (it may search every move).
    let outcome = walked.outcome();
    let result = (walked.result_of(outcome).to_owned(), span);
    report.result = Some(result.0.clone());
    let (last, keep) = (move || walked.end, !opts.verdict_only());
    end_main_line(
        &mut report,
        last,
        || outcome,
        Some(&result),
        None,
        span,
        keep,
    );
    report.errors.sort_by_key(|d| d.span.offset);
    report.error = report.errors.first().cloned();
    Ok((with_read_error(report, walked.error), walked.syntax_error))
}

/// [`validate_list`] by reading the record and replaying it.
fn validate_by_replay(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
    opts: &ReplayOptions,
) -> Result<(GameReport, bool), String> {
    let read = read(text, variant, fen)?;
    let report = replay(&read.record, opts);
    Ok((with_read_error(report, read.error), read.syntax_error))
}

/// The report with the list's own error (a turn that resolved to no one
/// legal move, or the syntax) after the replay's.
fn with_read_error(mut report: GameReport, error: Option<Diagnostic>) -> GameReport {
    if let Some(d) = error {
        if report.error.is_none() {
            report.error = Some(d.clone());
        }
        report.errors.push(d);
    }
    report
}

/// Files what the replay of a resolved turn files: the ply, the permission
/// note of a Fault Line slide (FL6), and the main line when asked for.
struct ReportSink<'a> {
    report: GameReport,
    opts: &'a ReplayOptions,
    variant: Variant,
}

impl Sink for ReportSink<'_> {
    fn comment(&mut self, _text: &str, _own_line: bool, _span: Span) {}

    /// A verdict needs only the count, and the note of a Fault Line slide
    /// played with permission (FL6), which the accelerator says.
    fn needs_turns(&self) -> bool {
        !self.opts.verdict_only()
    }

    fn fast_turn(&mut self, span: Span, proof: Proof<'_>) {
        let report = &mut self.report;
        report.plies += 1;
        if proof.permission {
            let ply = report.plies;
            let note = || permission_note(span, &proof.token(), ply, false);
            report.file(Severity::Note, span, false, note);
        }
    }

    fn turn(&mut self, span: Span, turn: ResolvedTurn<'_>) {
        let report = &mut self.report;
        report.plies += 1;
        let ply = report.plies;
        let mv = turn.resolved.mv;
        let with_permission =
            self.variant == Variant::FaultLine && move_needs_permission(turn.before, &mv);
        let full = !self.opts.verdict_only();
        // SAN only where it is shown: a verdict's notes, or the main line.
        let san = (with_permission || full).then(|| turn.san());
        if let (true, Some(san)) = (with_permission, &san) {
            let note = || permission_note(span, san, ply, false);
            report.file(Severity::Note, span, false, note);
        }
        if let (true, Some(san)) = (full, san) {
            let san = CompactString::from(san);
            report.main_line.push(PlyInfo {
                mv,
                san: san.clone(),
                with_permission,
                fen_after: self.opts.fens.then(|| write_fen(turn.after)),
            });
            report.canonical.push(Some(san));
        }
    }
}

/// The verdict `fvnote validate` prints for one list.
pub fn verdict(report: GameReport, syntax_error: bool, text_len: usize) -> Verdict {
    Verdict {
        game: 1,
        span: Span {
            offset: 0,
            line: 1,
            column: 1,
            len: text_len.min(u32::MAX as usize) as u32,
        },
        valid: report.is_valid(),
        plies: report.plies,
        variant: report.variant.id().to_owned(),
        white: None,
        black: None,
        error: report.error,
        syntax_error,
        warnings: report.warnings,
        notes: report.notes,
        omitted: report.omitted,
        outcome: report.outcome,
    }
}

/// The rules and start position a list is read by (a list names neither).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListSetup {
    /// The rules the turns are matched against.
    pub variant: Variant,
    /// The start position; `None` is the variant's.
    pub fen: Option<String>,
}

/// Where a list stops being UTF-8 (`line L, column C`, columns in
/// characters as everywhere), and what was expected.
pub fn not_utf8(bytes: &[u8], valid_up_to: usize) -> String {
    let valid = &bytes[..valid_up_to.min(bytes.len())];
    let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
    // The prefix is valid UTF-8, so this counts its characters.
    let column = String::from_utf8_lossy(&valid[line_start..])
        .chars()
        .count()
        + 1;
    format!("line {line}, column {column}: a byte that is not UTF-8 (expected UTF-8 text)")
}

/// Checks one whole list file for `fvnote validate`: its verdict, `None` for
/// a blank file (no game, as an empty PGN file has none), or why the bytes
/// could not be read as a list.
pub fn check_list(
    bytes: &[u8],
    setup: &ListSetup,
    strict: bool,
) -> Result<Option<Verdict>, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| not_utf8(bytes, e.valid_up_to()))?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    let opts = ReplayOptions {
        strict,
        ..ReplayOptions::new(ReplayMode::Verdict)
    };
    let (report, syntax_error) = validate_list(text, setup.variant, setup.fen.as_deref(), &opts)?;
    Ok(Some(verdict(report, syntax_error, text.len())))
}
