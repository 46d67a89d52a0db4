//! Validating a list: the report and the verdict `fvnote validate` prints.

use crate::record::replay::{replay, GameReport, ReplayOptions};
use crate::record::validate::Verdict;
use crate::record::Span;
use crate::rules::Variant;

use super::read::read;

/// Validates a move list: the report every output format prints. The turns
/// that resolved are replayed as their record; the first turn that does not
/// is the error.
pub fn validate_list(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
    opts: &ReplayOptions,
) -> Result<(GameReport, bool), String> {
    let read = read(text, variant, fen)?;
    let mut report = replay(&read.record, opts);
    if let Some(d) = read.error {
        if report.error.is_none() {
            report.error = Some(d.clone());
        }
        report.errors.push(d);
    }
    Ok((report, read.syntax_error))
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
        fens: false,
        verdict_only: true,
    };
    let (report, syntax_error) = validate_list(text, setup.variant, setup.fen.as_deref(), &opts)?;
    Ok(Some(verdict(report, syntax_error, text.len())))
}
