//! `fvnote html`: replay pages, one per game, and an index for an archive.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::args::{record_arg, ReadArgs, WriteArgs};
use super::picked::{picked, say_verdict};
use super::CliError;
use crate::model::Record;
use crate::record::pipeline::pick::{each_picked, Picked, RecordSpec};
use crate::record::pipeline::select::no_such_game;
use crate::record::replay::{replay, GameReport, ReplayOptions};
use crate::render::html::{count, game_title, index, page, IndexEntry};
use crate::report::line::verdict_error;

#[derive(Args, Debug)]
pub struct HtmlArgs {
    /// RECORD.pgn[:N[-M]]: the first game chosen (by number and --where;
    /// game 1 by default), or with --all every game chosen.
    pub record: String,
    /// Write the page to FILE (with --all: the pages and index.html into DIR).
    #[arg(long, short, value_name = "FILE|DIR")]
    pub output: Option<PathBuf>,
    /// One page per game of the archive plus an index page; needs -o DIR.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub write: WriteArgs,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// Writes a page, never over the record read.
fn write(path: &Path, text: &str, args: &HtmlArgs, record: &Path) -> Result<(), CliError> {
    refuse_clash(path, record)?;
    crate::fs::write_file(path, text.as_bytes(), &args.write.options()).map_err(CliError::write)
}

/// Refuses an output that is the record read.
fn refuse_clash(path: &Path, record: &Path) -> Result<(), CliError> {
    crate::fs::check_outputs(&[record], &[("-o", path)]).map_err(|e| CliError::usage(e.to_string()))
}

/// A one-line verdict for the index.
fn verdict_line(report: &GameReport) -> String {
    match &report.error {
        None => format!("valid, {}", count(report.plies, "ply", "plies")),
        Some(e) => format!(
            "invalid at line {}, column {}: {}",
            e.span.line, e.span.column, e.message
        ),
    }
}

pub fn run(args: &HtmlArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let spec = record_arg(&args.record)?
        .filter(|s| s.ply.is_none())
        .ok_or_else(|| {
            CliError::usage(format!(
                "{}: expected RECORD.pgn, RECORD.pgn:N or RECORD.pgn:N-M (no @ply)",
                args.record
            ))
        })?;
    if args.all {
        let dir = args.output.as_ref().ok_or_else(|| {
            CliError::usage("--all writes a page per game: name a directory with -o DIR")
        })?;
        return all(&spec, dir, args);
    }
    if let Some(path) = &args.output {
        refuse_clash(path, &spec.path)?;
    }
    let picked = picked(&spec, &args.read)?;
    say_verdict(&spec, &picked);
    let (record, report) = replayed(picked);
    let html = page(&record, &report);
    match &args.output {
        Some(path) => write(path, &html, args, &spec.path)?,
        None => out
            .write_all(html.as_bytes())
            .map_err(|e| CliError::io("stdout", e))?,
    }
    Ok(u8::from(!report.is_valid()))
}

/// The game's full replay, its verdict the pipeline's (damage included).
fn replayed(picked: Picked) -> (Record, GameReport) {
    let mut report = replay(&picked.record, &ReplayOptions::default());
    report.error = picked.verdict.error;
    (picked.record, report)
}

/// A page per chosen game (`FILE:N-M`, `--where`), named by its number in
/// the file, and the index; each invalid game's error said on standard
/// error.
fn all(spec: &RecordSpec, dir: &Path, args: &HtmlArgs) -> Result<u8, CliError> {
    let path = &spec.path;
    let shown = path.display().to_string();
    let existed = dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| CliError::io(&shown_dir(dir), e))?;
    let mut entries = Vec::new();
    let mut invalid = false;
    let mut failed = None;
    let total = each_picked(spec, &args.read.options(), &mut |game| {
        let verdict = match &game {
            Ok(picked) => &picked.verdict,
            Err(v) => v,
        };
        if let Some(line) = verdict_error(&shown, verdict) {
            eprintln!("{line}");
        }
        let entry = match game {
            Ok(picked) => {
                let n = picked.number;
                let href = format!("game-{n:04}.html");
                let (record, report) = replayed(picked);
                if let Err(e) = write(&dir.join(&href), &page(&record, &report), args, &spec.path) {
                    failed = Some(e);
                    return false;
                }
                invalid |= !report.is_valid();
                entry_for(&record, &report, href)
            }
            Err(v) => {
                invalid = true;
                let why = v.error.map_or_else(String::new, |e| e.message);
                IndexEntry {
                    href: String::new(),
                    title: format!("game {}", v.game),
                    result: String::new(),
                    verdict: format!("cannot be read: {why}"),
                    valid: false,
                }
            }
        };
        entries.push(entry);
        true
    })
    .map_err(CliError::usage)?;
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(why) = no_such_game(spec.games.as_ref(), total) {
        if !existed {
            // Made for nothing and still empty: remove_dir refuses otherwise.
            let _ = std::fs::remove_dir(dir);
        }
        return Err(CliError::usage(format!("{shown}: {why}")));
    }
    let name = path
        .file_name()
        .map_or_else(|| shown.clone(), |n| n.to_string_lossy().into_owned());
    write(&dir.join("index.html"), &index(&name, &entries), args, path)?;
    eprintln!(
        "wrote {} and index.html into {}",
        count(
            entries.iter().filter(|e| !e.href.is_empty()).count(),
            "page",
            "pages"
        ),
        dir.display()
    );
    Ok(u8::from(invalid))
}

fn shown_dir(dir: &Path) -> String {
    dir.display().to_string()
}

fn entry_for(record: &Record, report: &GameReport, href: String) -> IndexEntry {
    IndexEntry {
        href,
        title: game_title(record),
        result: report.result.clone().unwrap_or_default(),
        verdict: verdict_line(report),
        valid: report.is_valid(),
    }
}
