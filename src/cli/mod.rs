//! The command-line interface: argument parsing and one module per command.
//!
//! Exit codes follow diff(1) and ripgrep: 0 success (valid, equal), 1 a negative
//! answer (invalid, different, would change), 2 usage or I/O errors.

mod convert;
mod fmt;
mod gen;
mod perft;
mod position_args;
mod show;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::rules::Variant;

/// Read, write, validate, convert and diff game records of chess variants.
#[derive(Parser, Debug)]
#[command(name = "fvnote", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (RULINGS G7).
    Perft(perft::PerftArgs),
    /// List the variants: identifier, aliases, summary.
    Variants,
    /// List the legal moves of a position in canonical SAN.
    Moves(show::MovesArgs),
    /// Draw a position as text (or SVG).
    Show(show::ShowArgs),
    /// Convert records: PGN to JSON/JSON Lines/canonical PGN/FEN list, JSON to PGN.
    #[command(
        after_help = "Nothing is written unless every input converts. Errors name \
FILE:LINE:COLUMN.\nExit status: 0 converted; 2 usage or I/O error, or input that cannot be \
converted (syntax error; for --to fen, a main line that does not replay).\n\
The JSON form is specified in notation/json.md."
    )]
    Convert(convert::ConvertArgs),
    /// Rewrite PGN files in canonical layout and SAN, losing nothing.
    #[command(
        after_help = "Tags, comments (and [%...] commands), NAGs, variations and results \
are kept.\nA file with a syntax error, an illegal or ambiguous move, or an unreadable FEN tag \
is reported and left untouched.\nExit status: 0 all formatted (or already canonical); 1 with \
--check, some file would change; 2 some file could not be formatted, read or written."
    )]
    Fmt(fmt::FmtArgs),
    /// Generate random legal games as PGN (deterministic for a seed).
    Gen(gen::GenArgs),
}

/// An error that ends the command, with its exit code.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl CliError {
    /// A usage error (exit 2).
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            code: 2,
            message: message.into(),
        }
    }
    /// An I/O error (exit 2).
    pub fn io(context: &str, err: std::io::Error) -> CliError {
        CliError {
            code: 2,
            message: format!("{context}: {err}"),
        }
    }
}

/// Parses a `--variant` value; the error lists the known identifiers.
pub fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse::<Variant>().map_err(|e| e.to_string())
}

/// Runs the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = run(cli, &mut out);
    let _ = out.flush();
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}

/// Runs one command, writing its output to `out`; returns the exit code.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<u8, CliError> {
    let result = match cli.command {
        Command::Perft(args) => perft::run(&args, out),
        Command::Variants => variants(out),
        Command::Moves(args) => show::moves(&args, out),
        Command::Show(args) => show::show(&args, out),
        Command::Convert(args) => convert::run(&args, out),
        Command::Fmt(args) => fmt::run(&args, out),
        Command::Gen(args) => gen::run(&args, out),
    };
    match result {
        // A closed pipe (`fvnote moves … | head`) is not an error.
        Err(e) if e.message.contains("Broken pipe") => Ok(0),
        r => r,
    }
}

fn variants(out: &mut dyn Write) -> Result<u8, CliError> {
    for v in Variant::ALL {
        writeln!(out, "{:<14} {}", v.id(), v.summary()).map_err(|e| CliError::io("stdout", e))?;
        writeln!(out, "{:<14} aliases: {}", "", v.aliases().join(", "))
            .map_err(|e| CliError::io("stdout", e))?;
    }
    Ok(0)
}
