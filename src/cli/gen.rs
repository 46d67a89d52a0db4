//! `fvnote gen`: random legal games as PGN (see `record::gen`).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::{parse_variant, CliError};
use crate::record::gen::{generate, to_pgn, GenOptions};
use crate::rules::Variant;

#[derive(Args, Debug)]
pub struct GenArgs {
    /// Variant identifier (see `fvnote variants`).
    #[arg(value_parser = parse_variant)]
    pub variant: Variant,
    /// Number of games.
    pub count: usize,
    /// Seed: the same seed gives the same bytes.
    #[arg(long, short, default_value_t = 0)]
    pub seed: u64,
    /// Longest game in plies; longer games stop with result `*`.
    #[arg(long, default_value_t = 200)]
    pub max_plies: usize,
    /// Write to this file (atomically) instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

pub fn run(args: &GenArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let games = generate(&GenOptions {
        variant: args.variant,
        games: args.count,
        seed: args.seed,
        max_plies: args.max_plies,
    });
    let text = to_pgn(&games);
    match &args.output {
        Some(path) => crate::record::io::write_atomic(path, text.as_bytes())
            .map_err(|e| CliError::io(&path.display().to_string(), e))?,
        None => out
            .write_all(text.as_bytes())
            .map_err(|e| CliError::io("stdout", e))?,
    }
    Ok(0)
}
