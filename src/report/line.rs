//! The one-line form of a finding, for commands that report verdicts on
//! standard error beside their own output (`convert`, `fmt`, `dedup`):
//! `error[ID]: FILE:LINE:COLUMN: TOKEN: message`, with the same id, place
//! and message `validate` gives.

use super::common::rule_id;
use crate::escape::terminal;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{Diagnostic, Severity};

/// One finding of `file` on a line.
pub fn finding(file: &str, d: &Diagnostic, syntax: bool) -> String {
    let level = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    let id = rule_id(d, syntax);
    let token = match d.token.as_str() {
        "" => String::new(),
        t => format!("{}: ", terminal(t)),
    };
    format!(
        "{level}[{id}]: {}:{}:{}: {token}{}",
        terminal(file),
        d.span.line,
        d.span.column,
        terminal(&d.message)
    )
}

/// The error that makes a game invalid, on a line (`None` for a valid game).
pub fn verdict_error(file: &str, v: &Verdict) -> Option<String> {
    let e = v.error.as_ref()?;
    Some(finding(file, e, v.syntax_error))
}
