//! `fvnote fmt` beyond files in place: `fmt -` (standard input to standard
//! output) and `fmt --check --diff` (the change as a unified diff). Both
//! format the whole text with `record::format::format_pgn`, apart from the
//! in-place path, so they can hook into any way of writing files.

use std::io::{Read, Write};
use std::path::Path;

use similar::TextDiff;

use super::CliError;
use crate::record::format::format_pgn;

/// Formats standard input to `out`. Exit 0; 2 when the input cannot be
/// formatted (each error reported as `<stdin>:LINE:COLUMN`), and then
/// nothing is written, so a pipe never gets half a file.
pub fn stdin_to_stdout(out: &mut dyn Write) -> Result<u8, CliError> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::io("<stdin>", e))?;
    match format_pgn(&bytes) {
        Ok(text) => {
            out.write_all(text.as_bytes())
                .map_err(|e| CliError::io("stdout", e))?;
            Ok(0)
        }
        Err(errors) => {
            for e in errors {
                eprintln!("error: <stdin>:{}:{}: {}", e.line, e.column, e.message);
            }
            Ok(2)
        }
    }
}

/// Writes to `out` the unified diff from `path` as it is to its canonical
/// form (nothing when it is canonical or cannot be formatted: the caller
/// reports those).
pub fn diff_file(path: &Path, out: &mut dyn Write) -> Result<(), CliError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| CliError::io(&name, e))?;
    let Ok(text) = format_pgn(&bytes) else {
        return Ok(());
    };
    let old = String::from_utf8_lossy(&bytes);
    let diff = TextDiff::from_lines(old.as_ref(), text.as_str());
    write!(
        out,
        "{}",
        diff.unified_diff()
            .context_radius(2)
            .header(&name, &format!("{name} (formatted)"))
    )
    .map_err(|e| CliError::io("stdout", e))
}
