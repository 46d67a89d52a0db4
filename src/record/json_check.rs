//! JSON → PGN, checked: each game read from JSON is replayed as a PGN game
//! is, and written in canonical SAN, so both routes to PGN give the same
//! text; diagnostics are located in the JSON (a game's moves have no
//! position of their own there, so they name the game's place and the ply).
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::json_check::checked;
//! let game = read_all(b"1. e2e4 e5 *").remove(0).unwrap();
//! let (canonical, warnings) = checked(&game).unwrap();
//! assert_eq!(canonical.moves[0].san, "e4");
//! assert_eq!(warnings.len(), 1);
//! let illegal = read_all(b"1. e4 Ke7 *").remove(0).unwrap();
//! assert!(checked(&illegal).unwrap_err().message.contains("Ke7"));
//! ```

use crate::model::Located;
use crate::model::{Record, Span};
use crate::record::format::canonical_form;
use crate::record::replay::{replay, Diagnostic, ReplayOptions};

fn at(span: Span, message: impl Into<String>) -> Located {
    Located {
        line: span.line,
        column: span.column,
        message: message.into(),
    }
}

/// Where `d` is: its own place, or (a record read from JSON) the game's,
/// naming the ply.
fn located(record: &Record, d: &Diagnostic) -> Located {
    let message = match d.token.is_empty() {
        true => d.message.clone(),
        false => format!("{}: {}", d.token, d.message),
    };
    match d.ply {
        Some(ply) if d.span.line == 0 => at(record.span, format!("ply {ply}, {message}")),
        _ if d.span.line == 0 => at(record.span, message),
        _ => at(d.span, message),
    }
}

/// `record` in canonical SAN with its replay's warnings, or the first move
/// that does not resolve (illegal, ambiguous, unreadable) or a start
/// position that cannot be set up.
pub fn checked(record: &Record) -> Result<(Record, Vec<Located>), Located> {
    let canonical = canonical_form(record)?;
    let report = replay(record, &ReplayOptions::default());
    let warnings = report.warnings.iter().map(|d| located(record, d)).collect();
    Ok((canonical, warnings))
}
