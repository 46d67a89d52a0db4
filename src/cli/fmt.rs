//! `fvnote fmt`: rewrite PGN files in canonical layout and canonical SAN.
//!
//! Nothing but notation and layout changes (see `record::format`). Each file is
//! handled on its own: a file with a syntax error, an illegal or ambiguous
//! move, or a start position that cannot be set up is reported and left
//! untouched, and the others are still formatted.
//!
//! Exit codes (as prettier's `--check`): 0 nothing to do or all formatted;
//! 1 with `--check`, some file would change; 2 some file could not be
//! formatted (or read, or written) — this wins over 1.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::encoding_args::EncodingArgs;
use super::CliError;
use crate::record::fix_result::format_fixing;
use crate::record::format::format_pgn;
use crate::record::io::write_atomic;

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Write nothing; list the files that would change and exit 1 if any.
    #[arg(long)]
    pub check: bool,
    /// PGN files, or directories (every `*.pgn` file under them).
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// Set each game's Result tag and termination marker from its final
    /// position where the rules decide it (checkmate, stalemate, Fault Line
    /// wins: G5, FL1); each change is reported on stderr.
    #[arg(long)]
    pub fix_result: bool,
    #[command(flatten)]
    pub encoding: EncodingArgs,
}

/// Files named, and `*.pgn` files under directories named, in sorted order.
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for p in paths {
        if !p.is_dir() {
            files.push(p.clone());
            continue;
        }
        let mut found = Vec::new();
        let mut dirs = vec![p.clone()];
        while let Some(d) = dirs.pop() {
            let entries =
                std::fs::read_dir(&d).map_err(|e| CliError::io(&d.display().to_string(), e))?;
            for entry in entries {
                let path = entry
                    .map_err(|e| CliError::io(&d.display().to_string(), e))?
                    .path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
                {
                    found.push(path);
                }
            }
        }
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// What happened to one file.
enum Outcome {
    Unchanged,
    Changed,
    Failed,
}

fn one(
    path: &Path,
    check: bool,
    fix: bool,
    encoding: EncodingArgs,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return Ok(Outcome::Failed);
        }
    };
    // Decoded to UTF-8, which is what is written back.
    let decoded = encoding.bytes(&bytes, &name);
    let formatted = match fix {
        false => format_pgn(&decoded),
        true => format_fixing(&decoded).map(|(text, changes)| {
            for (game, c) in changes {
                eprintln!("{name}: game {game}: {c}");
            }
            text
        }),
    };
    let text = match formatted {
        Ok(t) => t,
        Err(errors) => {
            for e in errors {
                eprintln!("error: {name}:{}:{}: {}", e.line, e.column, e.message);
            }
            eprintln!("note: {name} left unchanged");
            return Ok(Outcome::Failed);
        }
    };
    if text.as_bytes() == bytes {
        return Ok(Outcome::Unchanged);
    }
    if !check {
        if let Err(e) = write_atomic(path, text.as_bytes()) {
            eprintln!("error: {name}: {e}");
            return Ok(Outcome::Failed);
        }
    }
    writeln!(out, "{name}").map_err(|e| CliError::io("stdout", e))?;
    Ok(Outcome::Changed)
}

pub fn run(args: &FmtArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let files = expand(&args.paths)?;
    let (mut changed, mut failed) = (false, false);
    for f in &files {
        match one(f, args.check, args.fix_result, args.encoding, out)? {
            Outcome::Unchanged => {}
            Outcome::Changed => changed = true,
            Outcome::Failed => failed = true,
        }
    }
    Ok(if failed {
        2
    } else if changed && args.check {
        1
    } else {
        0
    })
}
