//! `fvnote dedup`: drop identical games and earlier sendings of re-sent games
//! ([`crate::record::dedup`]); the games kept are written byte for byte as
//! read, and every game dropped is reported on stderr.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::encoding_args::EncodingArgs;
use super::{CliError, WriteArgs};
use crate::fs::write_file;
use crate::record::cut::{games, Game};
use crate::record::dedup::{dedup, Why};

#[derive(Args, Debug)]
pub struct DedupArgs {
    /// PGN files; games are compared across all of them.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Write the games kept to FILE (atomically; never an input) instead of
    /// standard output.
    #[arg(short, long, value_name = "FILE", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,
    /// Rewrite each input that lost a game with the games it keeps (atomically).
    #[arg(long)]
    pub in_place: bool,
    #[command(flatten)]
    pub encoding: EncodingArgs,
    #[command(flatten)]
    pub write: WriteArgs,
}

/// One input: its name, its (decoded) bytes and its games.
struct File {
    name: String,
    bytes: Vec<u8>,
    games: Vec<Game>,
}

/// Where a game is, for the report: `FILE game N (line L)`.
fn place(files: &[File], at: (usize, usize)) -> String {
    let f = &files[at.0];
    let line = match &f.games[at.1].record {
        Ok(r) => r.span.line,
        Err(e) => e.span.line,
    };
    format!("{} game {} (line {line})", f.name, at.1 + 1)
}

pub fn run(args: &DedupArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    if let Some(o) = &args.output {
        let same =
            |p: &PathBuf| matches!((p.canonicalize(), o.canonicalize()), (Ok(a), Ok(b)) if a == b);
        if args.files.iter().any(same) {
            return Err(CliError::usage(format!(
                "{} is an input: use --in-place to rewrite inputs",
                o.display()
            )));
        }
    }
    let mut files = Vec::new();
    for p in &args.files {
        let name = p.display().to_string();
        let raw = std::fs::read(p).map_err(|e| CliError::io(&name, e))?;
        let bytes = args.encoding.bytes(&raw, &name).into_owned();
        let games = games(&bytes);
        files.push(File { name, bytes, games });
    }
    let index: Vec<(usize, usize)> = files
        .iter()
        .enumerate()
        .flat_map(|(f, file)| (0..file.games.len()).map(move |g| (f, g)))
        .collect();
    let records: Vec<_> = index
        .iter()
        .map(|&(f, g)| files[f].games[g].record.as_ref().ok())
        .collect();
    let verdicts = dedup(&records);
    let mut kept: Vec<Vec<u8>> = vec![Vec::new(); files.len()];
    let mut dropped_from = vec![false; files.len()];
    let mut dropped = 0;
    for (k, v) in verdicts.iter().enumerate() {
        let (f, g) = index[k];
        let Some(d) = v else {
            let range = files[f].games[g].range.clone();
            kept[f].extend_from_slice(&files[f].bytes[range]);
            continue;
        };
        dropped += 1;
        dropped_from[f] = true;
        let why = match d.why {
            Why::Identical => "identical to".to_owned(),
            Why::Resent { plies, kept_plies } => {
                format!("re-sent with more moves ({plies} plies, then {kept_plies}) as")
            }
        };
        eprintln!(
            "dropped {}: {why} {}",
            place(&files, (f, g)),
            place(&files, index[d.kept])
        );
    }
    eprintln!(
        "kept {} of {} games, dropped {dropped}",
        index.len() - dropped,
        index.len()
    );
    let opts = args.write.options();
    if args.in_place {
        for (f, path) in args.files.iter().enumerate() {
            if dropped_from[f] {
                write_file(path, &kept[f], &opts).map_err(CliError::write)?;
            }
        }
        return Ok(0);
    }
    // Files joined: a game that ends its file without a line break gets one.
    let mut all = Vec::new();
    for k in kept {
        if !all.is_empty() && !all.ends_with(b"\n") {
            all.push(b'\n');
        }
        all.extend(k);
    }
    match &args.output {
        Some(o) => write_file(o, &all, &opts).map_err(CliError::write)?,
        None => out.write_all(&all).map_err(|e| CliError::io("stdout", e))?,
    }
    Ok(0)
}
