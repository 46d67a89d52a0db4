//! `fvnote convert`: PGN ⇄ JSON / JSON Lines, canonical PGN, FEN lists.
//!
//! Everything is converted in memory first; output is written only when every
//! input converted, so a malformed input never leaves a half-written file.
//! Exit codes: 0 converted, 2 usage, I/O, or input that cannot be converted
//! (a syntax error; for `--to fen`, a main line that does not replay).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::CliError;
use crate::record::format::{
    canonical_form, main_line_fens, pgn_text, read_records, sniff, InputFormat, Located,
};
use crate::record::io::write_atomic;
use crate::record::json::{to_game, JsonOptions};
use crate::record::replay::{canonical_record, replay, ReplayOptions};
use crate::record::Record;

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// One JSON document: an array of games, pretty-printed.
    Json,
    /// JSON Lines: one game per line.
    Jsonl,
    /// PGN; PGN input is rewritten in canonical form.
    Pgn,
    /// The FEN after every main-line ply, start first; a blank line between games.
    Fen,
}

/// What to read (default: recognised by content).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Source {
    Pgn,
    Json,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// Output format.
    #[arg(long, value_enum)]
    pub to: Target,
    /// Input format; by default JSON is recognised by its first bytes (`[{`, `{"`).
    #[arg(long, value_enum)]
    pub from: Option<Source>,
    /// Write to FILE (atomically) instead of standard output; never an input.
    #[arg(short, long, value_name = "FILE", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,
    /// Replace each input file with its conversion (atomically).
    #[arg(long)]
    pub in_place: bool,
    /// JSON: add `fen_after` to every ply.
    #[arg(long)]
    pub fens: bool,
    /// Input files; `-` or nothing reads standard input.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
}

/// One input: its display name, its path (None: stdin), its bytes.
struct Input {
    name: String,
    path: Option<PathBuf>,
    bytes: Vec<u8>,
}

fn read_inputs(paths: &[PathBuf]) -> Result<Vec<Input>, CliError> {
    let stdin_only = [PathBuf::from("-")];
    let paths = if paths.is_empty() {
        &stdin_only[..]
    } else {
        paths
    };
    let mut stdin_used = false;
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            if stdin_used {
                return Err(CliError::usage("standard input ('-') given twice"));
            }
            stdin_used = true;
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| CliError::io("<stdin>", e))?;
            out.push(Input {
                name: "<stdin>".into(),
                path: None,
                bytes,
            });
        } else {
            let name = p.display().to_string();
            let bytes = std::fs::read(p).map_err(|e| CliError::io(&name, e))?;
            out.push(Input {
                name,
                path: Some(p.clone()),
                bytes,
            });
        }
    }
    Ok(out)
}

/// The path a file would be known by once it exists (for comparing an output
/// with the inputs, even when it does not exist yet).
fn identity(p: &Path) -> Option<PathBuf> {
    if let Ok(c) = std::fs::canonicalize(p) {
        return Some(c);
    }
    let parent = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(parent).ok()?.join(p.file_name()?))
}

fn located(name: &str, errs: Vec<Located>) -> Vec<String> {
    errs.into_iter()
        .map(|e| format!("{name}:{}:{}: {}", e.line, e.column, e.message))
        .collect()
}

/// Converts the records of one input (or several, concatenated).
fn convert(
    records: &[(String, Record, InputFormat)],
    args: &ConvertArgs,
) -> Result<Vec<u8>, Vec<String>> {
    let opts = JsonOptions { fens: args.fens };
    let mut errors = Vec::new();
    let mut out = Vec::new();
    match args.to {
        Target::Json | Target::Jsonl => {
            let mut games = Vec::new();
            for (name, r, _) in records {
                match to_game(r, &opts) {
                    Ok(g) => games.push(g),
                    Err(e) => errors.push(format!("{name}:{}:{}: {e}", r.span.line, r.span.column)),
                }
            }
            if args.to == Target::Json {
                // Serialising plain data to a Vec cannot fail.
                let _ = serde_json::to_writer_pretty(&mut out, &games);
                out.push(b'\n');
            } else {
                for g in &games {
                    let _ = serde_json::to_writer(&mut out, g);
                    out.push(b'\n');
                }
            }
        }
        Target::Pgn => {
            let mut recs = Vec::with_capacity(records.len());
            for (name, r, format) in records {
                if *format == InputFormat::Json {
                    recs.push(r.clone());
                    continue;
                }
                match canonical_form(r) {
                    Ok(c) => recs.push(c),
                    Err(e) => {
                        // Still lossless: the moves that resolve are rewritten,
                        // the rest kept as written.
                        eprintln!(
                            "warning: {name}:{}:{}: {}; moves from here are kept as written",
                            e.line, e.column, e.message
                        );
                        let report = replay(r, &ReplayOptions::default());
                        recs.push(canonical_record(r, &report));
                    }
                }
            }
            out = pgn_text(&recs).into_bytes();
        }
        Target::Fen => {
            for (i, (name, r, _)) in records.iter().enumerate() {
                match main_line_fens(r) {
                    Ok(fens) => {
                        if i > 0 {
                            out.push(b'\n');
                        }
                        for f in fens {
                            out.extend_from_slice(f.as_bytes());
                            out.push(b'\n');
                        }
                    }
                    Err(e) => errors.extend(located(name, vec![e])),
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn records_of(
    input: &Input,
    from: Option<Source>,
) -> Result<Vec<(String, Record, InputFormat)>, Vec<String>> {
    let format = match from {
        Some(Source::Pgn) => InputFormat::Pgn,
        Some(Source::Json) => InputFormat::Json,
        None => sniff(&input.bytes),
    };
    read_records(&input.bytes, format)
        .map(|v| {
            v.into_iter()
                .map(|r| (input.name.clone(), r, format))
                .collect()
        })
        .map_err(|e| located(&input.name, e))
}

fn failed(errors: Vec<String>) -> CliError {
    CliError {
        code: 2,
        message: errors.join("\nerror: "),
    }
}

pub fn run(args: &ConvertArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    if args.in_place && (args.inputs.is_empty() || args.inputs.iter().any(|p| p.as_os_str() == "-"))
    {
        return Err(CliError::usage(
            "--in-place needs input files; it cannot rewrite standard input",
        ));
    }
    if let Some(o) = &args.output {
        let target = identity(o);
        for p in args.inputs.iter().filter(|p| p.as_os_str() != "-") {
            if target.is_some() && identity(p) == target {
                return Err(CliError::usage(format!(
                    "-o {} is also an input; refusing to overwrite it (use --in-place)",
                    o.display()
                )));
            }
        }
    }
    let inputs = read_inputs(&args.inputs)?;
    if args.in_place {
        let mut results = Vec::new();
        let mut errors = Vec::new();
        for input in &inputs {
            match records_of(input, args.from).and_then(|recs| convert(&recs, args)) {
                Ok(bytes) => results.push((input, bytes)),
                Err(e) => errors.extend(e),
            }
        }
        if !errors.is_empty() {
            return Err(failed(errors));
        }
        for (input, bytes) in results {
            if let Some(p) = &input.path {
                if bytes != input.bytes {
                    write_atomic(p, &bytes).map_err(|e| CliError::io(&input.name, e))?;
                }
            }
        }
        return Ok(0);
    }
    let mut all = Vec::new();
    let mut errors = Vec::new();
    for input in &inputs {
        match records_of(input, args.from) {
            Ok(v) => all.extend(v),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(failed(errors));
    }
    let bytes = convert(&all, args).map_err(failed)?;
    match &args.output {
        Some(o) => {
            write_atomic(o, &bytes).map_err(|e| CliError::io(&o.display().to_string(), e))?
        }
        None => out
            .write_all(&bytes)
            .map_err(|e| CliError::io("stdout", e))?,
    }
    Ok(0)
}
