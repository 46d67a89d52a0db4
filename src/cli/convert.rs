//! `fvnote convert`: PGN ⇄ JSON / JSON Lines, canonical PGN, FEN lists.
//!
//! Games are read and converted one at a time (PGN by the streaming reader,
//! JSON by `record::json_reader`), so memory holds one game, not the archive. The
//! output waits in a temporary file beside its target (`-o`, `--in-place`)
//! or in a spool (standard output: memory, then a temporary file) and is
//! delivered only when every input converted, so a malformed input never
//! leaves a half-written file.
//! Exit codes: 0 converted, 2 usage, I/O, or input that cannot be converted
//! (a syntax error; for `--to fen`, a main line that does not replay; for
//! `--to pgn` from JSON, a game PGN cannot hold).

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use tempfile::{spooled_tempfile, SpooledTempFile};

use super::encoding_args::{EncodingArgs, EncodingChoice};
use super::select_args::SelectArgs;
use super::CliError;
use crate::notation::pgn::{check_writable, write_records, PgnErrorKind, Reader};
use crate::record::format::{canonical_form, main_line_fens, sniff, InputFormat, Located};
use crate::record::io::{AtomicFile, Written};
use crate::record::json::{to_game, JsonOptions};
use crate::record::json_check::checked;
use crate::record::json_compact::compact;

/// A game in the compact JSON form.
fn compact_json(g: &impl serde::Serialize) -> serde_json::Value {
    compact(serde_json::to_value(g).unwrap_or_default())
}
use crate::record::json_reader::{each_json_game, JsonReadError};
use crate::record::replay::{canonical_record, replay, ReplayOptions};
use crate::record::select::Selection;
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
    /// JSON: leave out what a reader can do without (empty and null fields;
    /// `canonical` when it equals `san`, `color`, `kind`, `piece`, `move_number`).
    #[arg(long)]
    pub compact: bool,
    /// JSON to PGN: write the moves as they are in the JSON, without
    /// replaying them (by default each game is replayed, a move that does
    /// not resolve is an error, exit 1, and moves are written in canonical SAN).
    #[arg(long)]
    pub no_check: bool,
    #[command(flatten)]
    pub encoding: EncodingArgs,
    #[command(flatten)]
    pub select: SelectArgs,
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

fn located(name: &str, errs: impl IntoIterator<Item = Located>) -> Vec<String> {
    errs.into_iter()
        .map(|e| format!("{name}:{}:{}: {}", e.line, e.column, e.message))
        .collect()
}

fn failed(errors: Vec<String>) -> CliError {
    CliError {
        code: 2,
        message: errors.join("\nerror: "),
    }
}

/// As [`failed`]; exit 1 when a game from JSON did not replay.
fn failed_replay(errors: Vec<String>, illegal: bool) -> CliError {
    let mut e = failed(errors);
    if illegal {
        e.code = 1;
    }
    e
}

/// An input: its display name and its path (None: standard input).
struct Input {
    name: String,
    path: Option<PathBuf>,
    /// How its bytes are decoded (`--encoding`).
    encoding: EncodingArgs,
    /// The games converted (`FILE:N-M`, `--where`).
    selection: Selection,
}

impl Input {
    fn open(&self) -> Result<Box<dyn BufRead>, CliError> {
        let io = |e| CliError::io(&self.name, e);
        Ok(match (&self.path, self.encoding.encoding) {
            (None, EncodingChoice::Utf8) => Box::new(std::io::stdin().lock()),
            (Some(p), EncodingChoice::Utf8) => {
                let file = File::open(p).map_err(io)?;
                Box::new(BufReader::with_capacity(1 << 16, file))
            }
            (None, _) => {
                let r = self.encoding.reader(std::io::stdin().lock(), &self.name);
                Box::new(BufReader::with_capacity(1 << 16, r.map_err(io)?))
            }
            (Some(p), _) => {
                let r = self.encoding.open(p, &self.name).map_err(io)?;
                Box::new(BufReader::with_capacity(1 << 16, r))
            }
        })
    }
}

fn inputs(paths: &[PathBuf]) -> Result<Vec<Input>, CliError> {
    if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err(CliError::usage("standard input ('-') given twice"));
    }
    if paths.is_empty() {
        return Ok(vec![Input {
            name: "<stdin>".into(),
            path: None,
            encoding: EncodingArgs::default(),
            selection: Selection::default(),
        }]);
    }
    Ok(paths
        .iter()
        .map(|p| match p.as_os_str() == "-" {
            true => Input {
                name: "<stdin>".into(),
                path: None,
                encoding: EncodingArgs::default(),
                selection: Selection::default(),
            },
            false => Input {
                name: p.display().to_string(),
                path: Some(p.clone()),
                encoding: EncodingArgs::default(),
                selection: Selection::default(),
            },
        })
        .collect())
}

/// Hands every record of `input` to `each`, one at a time, as it is read:
/// memory holds one game. PGN syntax errors are collected, and reading goes
/// on to report them all; JSON stops at its first. `rewrite`: the output
/// replaces the input, so a PGN escape line, which no record keeps, is an
/// error rather than deleted.
fn each_record(
    input: &Input,
    from: Option<Source>,
    rewrite: bool,
    errors: &mut Vec<String>,
    out_name: &str,
    mut each: impl FnMut(&Record, InputFormat) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let written = |e| CliError::io(out_name, e);
    let io = |e| CliError::io(&input.name, e);
    let mut reader = input.open()?;
    // Enough of the start to recognise JSON (its first two non-space bytes).
    let mut head: Vec<u8> = Vec::new();
    let format = match from {
        Some(Source::Pgn) => InputFormat::Pgn,
        Some(Source::Json) => InputFormat::Json,
        None => {
            while head.iter().filter(|b| !b.is_ascii_whitespace()).count() < 2 && head.len() < SNIFF
            {
                let buf = reader.fill_buf().map_err(io)?;
                if buf.is_empty() {
                    break;
                }
                let n = buf.len().min(SNIFF - head.len());
                head.extend_from_slice(&buf[..n]);
                reader.consume(n);
            }
            sniff(&head)
        }
    };
    let rest = std::io::Cursor::new(head).chain(reader);
    if format == InputFormat::Json {
        let mut n = 0;
        let chosen = |g: crate::record::json::Game, at| {
            n += 1;
            let r = g.to_record_at(at);
            match input.selection.keeps(n, Some(&r)) {
                true => each(&r, format),
                false => Ok(()),
            }
        };
        return match each_json_game(rest, chosen) {
            Ok(()) => Ok(()),
            Err(JsonReadError::Syntax(e)) => {
                errors.extend(located(&input.name, [e]));
                Ok(())
            }
            Err(JsonReadError::Read(e)) => Err(io(e)),
            Err(JsonReadError::Each(e)) => Err(written(e)),
        };
    }
    let mut games = Reader::new(BufReader::new(rest));
    if rewrite {
        // A record keeps no escape data: replacing the input would delete it.
        games = games.refuse_escape_lines();
    }
    for (n, game) in games.enumerate() {
        if !input.selection.keeps(n + 1, game.as_ref().ok()) {
            continue;
        }
        match game {
            Ok(r) => each(&r, format).map_err(written)?,
            Err(e) => match e.kind {
                PgnErrorKind::Io(message) => {
                    return Err(CliError::usage(format!("{}: {message}", input.name)))
                }
                _ => errors.extend(located(&input.name, [Located::from(&e)])),
            },
        }
    }
    Ok(())
}

/// Bytes read at most to recognise JSON by its start.
const SNIFF: usize = 1 << 20;

/// Writes the conversion of games, one at a time, to `out`; after the first
/// error it only converts (to report every error) and writes nothing more.
struct Converter<'a> {
    args: &'a ConvertArgs,
    opts: JsonOptions,
    games: usize,
    errors: Vec<String>,
    /// A game from JSON did not replay (exit 1, as `validate`).
    illegal: bool,
}

impl Converter<'_> {
    fn new(args: &ConvertArgs) -> Converter<'_> {
        Converter {
            args,
            opts: JsonOptions { fens: args.fens },
            games: 0,
            errors: Vec::new(),
            illegal: false,
        }
    }

    fn game(
        &mut self,
        name: &str,
        r: &Record,
        format: InputFormat,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        let mut text = Vec::new();
        match self.args.to {
            Target::Json | Target::Jsonl => match to_game(r, &self.opts) {
                // Serialising plain data to a Vec cannot fail.
                Ok(g) if self.args.to == Target::Jsonl && self.args.compact => {
                    let _ = serde_json::to_writer(&mut text, &compact_json(&g));
                    text.push(b'\n');
                }
                Ok(g) if self.args.to == Target::Jsonl => {
                    let _ = serde_json::to_writer(&mut text, &g);
                    text.push(b'\n');
                }
                Ok(g) => {
                    // An element of a pretty-printed array: each line one
                    // level in (strings hold no raw line breaks).
                    let mut pretty = Vec::new();
                    let _ = match self.args.compact {
                        true => serde_json::to_writer_pretty(&mut pretty, &compact_json(&g)),
                        false => serde_json::to_writer_pretty(&mut pretty, &g),
                    };
                    text.extend_from_slice(if self.games == 0 { b"[" } else { b"," });
                    for line in pretty.split(|&b| b == b'\n') {
                        text.extend_from_slice(b"\n  ");
                        text.extend_from_slice(line);
                    }
                }
                Err(e) => self.refuse(name, r, e),
            },
            // What PGN can hold is replayed and written in canonical SAN,
            // as PGN input is.
            Target::Pgn if format == InputFormat::Json && !self.args.no_check => {
                match check_writable(r).map(|()| checked(r)) {
                    Ok(Ok((c, warnings))) => {
                        for w in warnings {
                            eprintln!("warning: {name}:{}:{}: {}", w.line, w.column, w.message);
                        }
                        write_records([&c], &mut text)?;
                    }
                    Ok(Err(e)) => {
                        self.illegal = true;
                        self.errors.extend(located(name, [e]));
                    }
                    Err(e) => self.refuse(name, r, e),
                }
            }
            Target::Pgn if format == InputFormat::Json => match check_writable(r) {
                // JSON keeps its tokens as written (they may not replay).
                Ok(()) => write_records([r], &mut text)?,
                Err(e) => self.refuse(name, r, e),
            },
            Target::Pgn => {
                let canonical = canonical_form(r).unwrap_or_else(|e| {
                    // Still lossless: the moves that resolve are rewritten,
                    // the rest kept as written.
                    eprintln!(
                        "warning: {name}:{}:{}: {}; moves from here are kept as written",
                        e.line, e.column, e.message
                    );
                    canonical_record(r, &replay(r, &ReplayOptions::default()))
                });
                write_records([&canonical], &mut text)?;
            }
            Target::Fen => match main_line_fens(r) {
                Ok(fens) => {
                    if self.games > 0 {
                        text.push(b'\n');
                    }
                    for f in fens {
                        text.extend_from_slice(f.as_bytes());
                        text.push(b'\n');
                    }
                }
                Err(e) => self.errors.extend(located(name, [e])),
            },
        }
        if self.errors.is_empty() {
            out.write_all(&text)?;
            self.games += 1;
        }
        Ok(())
    }

    /// Files an error about the whole game `r`.
    fn refuse(&mut self, name: &str, r: &Record, e: impl std::fmt::Display) {
        let (line, column) = (r.span.line, r.span.column);
        self.errors.push(format!("{name}:{line}:{column}: {e}"));
    }

    /// Closes what the games opened (the JSON array).
    fn finish(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        if self.args.to == Target::Json {
            out.write_all(if self.games == 0 { b"[]\n" } else { b"\n]\n" })?;
        }
        Ok(())
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
    let inputs = inputs(&args.inputs)?;
    let mut chosen = Vec::new();
    for i in inputs {
        let (path, selection) = match &i.path {
            Some(p) => {
                let (p, sel) = args.select.split(&p.to_string_lossy())?;
                (Some(PathBuf::from(p)), sel)
            }
            None => (None, args.select.split("-")?.1),
        };
        chosen.push(Input {
            name: path
                .as_ref()
                .map_or(i.name, |p: &PathBuf| p.display().to_string()),
            path,
            encoding: args.encoding,
            selection,
        });
    }
    if args.in_place && chosen.iter().any(|i| !i.selection.is_all()) {
        return Err(CliError::usage(
            "--in-place with FILE:N or --where would delete the games not chosen: write them with -o",
        ));
    }
    let inputs = chosen;
    if args.in_place {
        // Each input converts into a file beside it; all replace their
        // inputs only when every one converted (unchanged ones stay).
        let mut written = Vec::new();
        let mut errors = Vec::new();
        let mut illegal = false;
        for input in &inputs {
            let Some(path) = &input.path else { continue };
            let io = |e| CliError::io(&input.name, e);
            let mut file = AtomicFile::create(path).map_err(io)?;
            let mut conv = Converter::new(args);
            each_record(
                input,
                args.from,
                true,
                &mut errors,
                &input.name,
                |r, format| conv.game(&input.name, r, format, &mut file),
            )?;
            conv.finish(&mut file).map_err(io)?;
            errors.extend(conv.errors);
            illegal |= conv.illegal;
            if errors.is_empty() {
                written.push((input, file.finish().map_err(io)?));
            }
        }
        if !errors.is_empty() {
            return Err(failed_replay(errors, illegal));
        }
        for (input, file) in written {
            let io = |e| CliError::io(&input.name, e);
            if !file.same_as_target().map_err(io)? {
                file.commit().map_err(io)?;
            }
        }
        return Ok(0);
    }
    // Games are converted into a spool (memory, then a temporary file when
    // large), and copied out only when every input converted.
    let out_name = match &args.output {
        Some(o) => o.display().to_string(),
        None => "the output spool".to_owned(),
    };
    let written = |e| CliError::io(&out_name, e);
    let mut spool: Box<dyn WriteSpool> = match &args.output {
        Some(o) => Box::new(AtomicFile::create(o).map_err(written)?),
        None => Box::new(BufWriter::with_capacity(1 << 16, spooled_tempfile(SPOOL))),
    };
    let mut errors = Vec::new();
    let mut conv = Converter::new(args);
    for input in &inputs {
        each_record(
            input,
            args.from,
            false,
            &mut errors,
            &out_name,
            |r, format| conv.game(&input.name, r, format, &mut spool),
        )?;
    }
    errors.extend(std::mem::take(&mut conv.errors));
    if !errors.is_empty() {
        return Err(failed_replay(errors, conv.illegal));
    }
    conv.finish(&mut spool).map_err(written)?;
    spool.deliver(out).map_err(written)?;
    Ok(0)
}

/// Output held in memory before it moves to a temporary file.
const SPOOL: usize = 16 << 20;

/// Where converted games wait until every input has converted.
trait WriteSpool: Write {
    /// Hands the output on: the file replaces its target, or the bytes are
    /// copied to `out`.
    fn deliver(self: Box<Self>, out: &mut dyn Write) -> std::io::Result<()>;
}

impl WriteSpool for AtomicFile {
    fn deliver(self: Box<Self>, _: &mut dyn Write) -> std::io::Result<()> {
        self.finish().and_then(Written::commit)
    }
}

impl WriteSpool for BufWriter<SpooledTempFile> {
    fn deliver(self: Box<Self>, out: &mut dyn Write) -> std::io::Result<()> {
        let mut spool = self.into_inner().map_err(|e| e.into_error())?;
        spool.seek(SeekFrom::Start(0))?;
        std::io::copy(&mut spool, out)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::format::read_pgn;

    fn args(to: Target) -> ConvertArgs {
        ConvertArgs {
            to,
            from: None,
            output: None,
            in_place: false,
            fens: true,
            inputs: Vec::new(),
            encoding: EncodingArgs::default(),
            select: SelectArgs::default(),
            no_check: false,
            compact: false,
        }
    }

    /// Converted one game at a time, the JSON document is the one serde
    /// writes for the whole array.
    #[test]
    fn a_json_array_written_game_by_game_is_serdes_pretty_array() {
        let pgn = "[Event \"a \\\"b\\\"\"]\n\n1. e4 {two\nlines} e5 (1... c5 $1) 2. Nf3 *\n\n\
                   [Variant \"grid\"]\n\n1. Nc3 *\n\n1. d4 1-0\n";
        let records = read_pgn(pgn.as_bytes()).unwrap();
        for n in 0..=records.len() {
            let args = args(Target::Json);
            let mut conv = Converter::new(&args);
            let mut out = Vec::new();
            for r in &records[..n] {
                conv.game("t", r, InputFormat::Pgn, &mut out).unwrap();
            }
            conv.finish(&mut out).unwrap();
            let games: Vec<_> = records[..n]
                .iter()
                .map(|r| to_game(r, &conv.opts).unwrap())
                .collect();
            let mut expected = serde_json::to_vec_pretty(&games).unwrap();
            expected.push(b'\n');
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(expected).unwrap(),
                "{n} games"
            );
        }
    }
}
