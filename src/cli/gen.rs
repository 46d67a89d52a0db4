//! `fvnote gen`: random legal games as PGN (see `record::gen`).
//!
//! Games are written one at a time as they are made, so memory holds one
//! game whatever the count (`gen chess 18446744073709551615 | head` stops
//! as soon as `head` has enough). With `-o` the file is replaced only when
//! every game was written.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::args::{parse_variant, WriteArgs};
use super::CliError;
use crate::fs::Output;
use crate::notation::pgn::write_record;
use crate::record::gen::{games, GenOptions};
use crate::variant::Variant;

/// The longest game `--max-plies` accepts: a game is held whole while it is
/// made (about a hundred bytes a ply).
pub const MAX_PLIES: usize = 1_000_000;

#[derive(Args, Debug)]
pub struct GenArgs {
    /// Variant identifier (see `fvnote variants`).
    #[arg(value_parser = parse_variant)]
    pub variant: Variant,
    /// Number of games (up to 18446744073709551615; they are written as
    /// they are made).
    pub count: u64,
    /// Seed: the same seed gives the same bytes.
    #[arg(long, short, default_value_t = 0)]
    pub seed: u64,
    /// Longest game in plies (at most 1000000); longer games stop with
    /// result `*`.
    #[arg(long, default_value_t = 200)]
    pub max_plies: usize,
    /// Write to this file (atomically) instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub write: WriteArgs,
}

pub fn run(args: &GenArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    args.write
        .refuse_without_output(args.output.is_some(), "-o FILE")?;
    if args.max_plies > MAX_PLIES {
        return Err(CliError::usage(format!(
            "--max-plies {} is more than {MAX_PLIES} (expected a game length a record can \
             hold in memory)",
            args.max_plies
        )));
    }
    let Ok(count) = usize::try_from(args.count) else {
        return Err(CliError::usage(format!(
            "{} games is more than this system can count (expected at most {})",
            args.count,
            usize::MAX
        )));
    };
    let opts = GenOptions {
        variant: args.variant,
        games: count,
        seed: args.seed,
        max_plies: args.max_plies,
    };
    match &args.output {
        Some(path) => {
            let mut file = Output::open(path, &args.write.options()).map_err(CliError::write)?;
            let name = path.display().to_string();
            for g in games(&opts) {
                write_record(&g.record, &mut file).map_err(|e| CliError::io(&name, e))?;
            }
            file.commit().map_err(CliError::write)?;
        }
        None => {
            for g in games(&opts) {
                write_record(&g.record, &mut &mut *out).map_err(|e| CliError::io("stdout", e))?;
            }
        }
    }
    Ok(0)
}
