//! `fvnote perft`: count the legal move tree (G7).

use std::io::Write;

use clap::Args;

use super::{parse_variant, position_args, CliError};
use crate::notation::san::write_san;
use crate::rules::Variant;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// Variant identifier (see `fvnote variants`).
    #[arg(long, short, default_value = "chess", value_parser = parse_variant)]
    pub variant: Variant,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// First print one `token: count` line per legal move.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let pos = position_args::position(args.fen.as_deref(), args.variant)?;
    let io = |e| CliError::io("stdout", e);
    let total = if args.divide && args.depth > 0 {
        let mut lines: Vec<(String, u64)> = pos
            .divide(args.depth)
            .into_iter()
            .map(|(mv, n)| (write_san(&pos, &mv), n))
            .collect();
        lines.sort();
        for (san, n) in &lines {
            writeln!(out, "{san}: {n}").map_err(io)?;
        }
        writeln!(out).map_err(io)?;
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(args.depth)
    };
    writeln!(out, "{total}").map_err(io)?;
    Ok(0)
}
