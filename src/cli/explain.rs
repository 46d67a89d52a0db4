//! `fvnote explain ID`: print a ruling's entry from the rule book, as
//! `rustc --explain` does for error codes.

use std::io::Write;

use clap::Args;

use super::CliError;
use crate::report::rulings;

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// An id as messages cite it: a ruling (`FL5`, `gr2` …; case does not
    /// matter) or another finding (`no-termination`, `pgn-syntax` …).
    /// Without one, lists every id with its title.
    pub id: Option<String>,
}

pub fn run(args: &ExplainArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let io = |e| CliError::io("stdout", e);
    let Some(id) = &args.id else {
        let mut entries = rulings::entries();
        entries.extend(rulings::findings());
        let width = entries.iter().map(|e| e.id.len()).max().unwrap_or(0);
        for e in entries {
            writeln!(out, "{:<width$} {}", e.id, e.title).map_err(io)?;
        }
        return Ok(0);
    };
    match rulings::entry(id) {
        Some(e) => {
            writeln!(out, "{}", e.text).map_err(io)?;
            writeln!(out, "\n(from {})", e.link()).map_err(io)?;
            Ok(0)
        }
        None => {
            let known: Vec<&str> = rulings::entries()
                .into_iter()
                .chain(rulings::findings())
                .map(|e| e.id)
                .collect();
            // A pasted paragraph is not echoed whole.
            let shown: String = id.chars().take(40).collect();
            let cut = if shown.len() < id.len() { "…" } else { "" };
            Err(CliError::usage(format!(
                "no ruling or finding '{shown}{cut}'; known ids: {}",
                known.join(", ")
            )))
        }
    }
}
