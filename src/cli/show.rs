//! `fvnote show` and `fvnote moves`.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::{parse_variant, position_args, CliError};
use crate::notation::san::write_san;
use crate::render;
use crate::rules::Variant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// A FEN, or RECORD.pgn[:game]@ply.
    pub position: Option<String>,
    /// Variant of a FEN (see `fvnote variants`) [default: chess]; a record
    /// position takes its own.
    #[arg(long, short, value_parser = parse_variant)]
    pub variant: Option<Variant>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// A FEN, or RECORD.pgn[:game]@ply.
    pub position: Option<String>,
    /// Variant of a FEN (see `fvnote variants`) [default: chess]; a record
    /// position takes its own.
    #[arg(long, short, value_parser = parse_variant)]
    pub variant: Option<Variant>,
    /// Also write an SVG diagram to this file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

pub fn moves(args: &MovesArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let variant = position_args::variant_for(args.position.as_deref(), args.variant)?;
    let pos = position_args::position_spec(args.position.as_deref(), variant)?;
    let io = |e| CliError::io("stdout", e);
    let mut list: Vec<(String, String, &'static str)> = pos
        .legal_moves()
        .iter()
        .map(|m| (write_san(&pos, m), m.to_string(), m.kind_name()))
        .collect();
    list.sort();
    match args.format {
        ListFormat::Text => {
            for (san, _, _) in &list {
                writeln!(out, "{san}").map_err(io)?;
            }
        }
        ListFormat::Json => {
            let json: Vec<_> = list
                .iter()
                .map(|(san, long, kind)| serde_json::json!({ "san": san, "long": long, "kind": kind }))
                .collect();
            let doc =
                serde_json::json!({ "fen": crate::notation::fen::write_fen(&pos), "moves": json });
            writeln!(out, "{doc}").map_err(io)?;
        }
    }
    Ok(0)
}

pub fn show(args: &ShowArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let variant = position_args::variant_for(args.position.as_deref(), args.variant)?;
    let pos = position_args::position_spec(args.position.as_deref(), variant)?;
    out.write_all(render::text(&pos).as_bytes())
        .map_err(|e| CliError::io("stdout", e))?;
    if let Some(path) = &args.svg {
        crate::fs::write_file(path, render::svg(&pos).as_bytes(), &Default::default())
            .map_err(CliError::write)?;
    }
    Ok(0)
}
