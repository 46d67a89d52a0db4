//! `fvnote html`: replay pages, one per game, and an index for an archive.
//! Each page is written as its game is read (`render::html::PageSink`), so
//! a game of any length costs the memory of a move, not of the game.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use super::args::{record_arg, ReadArgs, WriteArgs};
use super::CliError;
use crate::fs::{Output, WriteError, WriteOptions};
use crate::record::convert::stream::GameStream;
use crate::record::pipeline::pick::{each_chosen, none_chosen, RecordSpec};
use crate::record::pipeline::select::no_such_game;
use crate::render::html::{count, index, IndexEntry, PageEntry, PageOut, PageSink};
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

/// Refuses an output that is the record read.
fn refuse_clash(path: &Path, record: &Path) -> Result<(), CliError> {
    crate::fs::check_outputs(&[record], &[("-o", path)]).map_err(|e| CliError::usage(e.to_string()))
}

/// An error of writing a page, as an I/O error for the page writer.
fn io_error(e: WriteError) -> io::Error {
    io::Error::other(e.to_string())
}

/// Pages into files: the one named, or `DIR/game-NNNN.html` per game.
struct Files<'a> {
    /// The file of the one page, or the directory of all.
    target: &'a Path,
    /// The record read, which no page may overwrite.
    record: &'a Path,
    all: bool,
    opts: WriteOptions,
    open: Option<Output>,
    /// Where a page goes whose file could not be opened (the error is kept).
    nowhere: io::Sink,
}

impl PageOut for Files<'_> {
    fn begin(&mut self, n: usize) -> io::Result<()> {
        let path = match self.all {
            true => self.target.join(format!("game-{n:04}.html")),
            false => self.target.to_path_buf(),
        };
        crate::fs::check_outputs(&[self.record], &[("-o", &path)])
            .map_err(|e| io::Error::other(e.to_string()))?;
        self.open = Some(Output::open(&path, &self.opts).map_err(io_error)?);
        Ok(())
    }
    fn writer(&mut self) -> &mut dyn Write {
        match &mut self.open {
            Some(o) => o,
            None => &mut self.nowhere,
        }
    }
    fn end(&mut self, keep: bool) -> io::Result<()> {
        match (self.open.take(), keep) {
            (Some(o), true) => o.commit().map_err(io_error),
            // Dropped uncommitted, the file is left as it was.
            _ => Ok(()),
        }
    }
}

/// The one page on standard output.
struct Stdout<'a>(&'a mut dyn Write);

impl PageOut for Stdout<'_> {
    fn begin(&mut self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn writer(&mut self) -> &mut dyn Write {
        &mut *self.0
    }
    fn end(&mut self, _: bool) -> io::Result<()> {
        self.0.flush()
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
    if let Some(path) = &args.output {
        refuse_clash(path, &spec.path)?;
    }
    match (&args.output, args.all) {
        (Some(dir), true) => all(&spec, dir, args),
        (None, true) => Err(CliError::usage(
            "--all writes a page per game: name a directory with -o DIR",
        )),
        (Some(file), false) => {
            let files = Files {
                target: file,
                record: &spec.path,
                all: false,
                opts: args.write.options(),
                open: None,
                nowhere: io::sink(),
            };
            one(&spec, args, files)
        }
        (None, false) => {
            if args.write.force || args.write.break_hard_links {
                return Err(CliError::usage(
                    "--force and --break-hard-links concern the file written: they need -o FILE",
                ));
            }
            one(&spec, args, Stdout(out))
        }
    }
}

/// The page of the first game chosen.
fn one(spec: &RecordSpec, args: &HtmlArgs, pages: impl PageOut) -> Result<u8, CliError> {
    let to_stdout = args.output.is_none();
    let shown = spec.path.display().to_string();
    let mut result = None;
    let writer = GameStream::new(PageSink::new(pages, args.read.options().variant));
    let (read, _) = each_chosen(spec, &args.read.options(), writer, &mut |_, f| {
        if let Some(line) = verdict_error(&shown, &f.verdict) {
            eprintln!("{line}");
        }
        result = Some((f.verdict.valid, f.output));
        false
    })
    .map_err(CliError::usage)?;
    match result {
        None => Err(CliError::usage(none_chosen(
            spec,
            &args.read.options(),
            read,
        ))),
        // A file's error names it; standard output's is told as such (a
        // reader gone away is quiet).
        Some((_, Err(e))) if to_stdout => Err(CliError::io("stdout", e)),
        Some((_, Err(e))) => Err(CliError::usage(e.to_string())),
        Some((valid, Ok(_))) => Ok(u8::from(!valid)),
    }
}

/// A page per chosen game (`FILE:N-M`, `--where`), named by its number in
/// the file, and the index; each invalid game's error said on standard
/// error.
fn all(spec: &RecordSpec, dir: &Path, args: &HtmlArgs) -> Result<u8, CliError> {
    let path = &spec.path;
    let shown = path.display().to_string();
    let existed = dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| CliError::io(&dir.display().to_string(), e))?;
    let mut entries: Vec<IndexEntry> = Vec::new();
    let mut invalid = false;
    let mut failed = None;
    let files = Files {
        target: dir,
        record: path,
        all: true,
        opts: args.write.options(),
        open: None,
        nowhere: io::sink(),
    };
    let writer = GameStream::new(PageSink::new(files, args.read.options().variant));
    let (total, _) = each_chosen(spec, &args.read.options(), writer, &mut |_, f| {
        if let Some(line) = verdict_error(&shown, &f.verdict) {
            eprintln!("{line}");
        }
        invalid |= !f.verdict.valid;
        match f.output {
            Ok(page) => {
                entries.push(entry(page));
                true
            }
            Err(e) => {
                failed = Some(e);
                false
            }
        }
    })
    .map_err(CliError::usage)?;
    if let Some(e) = failed {
        return Err(CliError::usage(e.to_string()));
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
    let index_path = dir.join("index.html");
    refuse_clash(&index_path, path)?;
    crate::fs::write_file(
        &index_path,
        index(&name, &entries).as_bytes(),
        &args.write.options(),
    )
    .map_err(CliError::write)?;
    eprintln!(
        "wrote {} and index.html into {}",
        count(entries.len(), "page", "pages"),
        dir.display()
    );
    Ok(u8::from(invalid))
}

/// The index's row for a page.
fn entry(page: PageEntry) -> IndexEntry {
    IndexEntry {
        href: format!("game-{:04}.html", page.number),
        title: page.title,
        result: page.result,
        verdict: page.verdict,
        valid: page.valid,
    }
}
