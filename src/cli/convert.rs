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

use super::CliError;
use crate::notation::pgn::{check_writable, write_records, PgnErrorKind, Reader};
use crate::record::format::{canonical_form, main_line_fens, sniff, InputFormat, Located};
use crate::record::io::{AtomicFile, Written};
use crate::record::json::{to_game, JsonOptions};
use crate::record::json_reader::{each_json_game, JsonReadError};
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
    /// A Game Courier move list (notation/gamecourier.md): one numbered turn
    /// per line; tags, result, NAGs and variations are not written.
    Gamecourier,
}

/// What to read (default: recognised by content).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Source {
    Pgn,
    Json,
    /// A Game Courier move list; needs --variant (and --fen for a set-up start).
    Gamecourier,
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
    /// --from gamecourier: the variant whose rules the list is read by.
    #[arg(long, value_parser = super::parse_variant)]
    pub variant: Option<crate::rules::Variant>,
    /// --from gamecourier: the start position (default: the variant's).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Input files; `-` or nothing reads standard input.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
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

/// An input: its display name and its path (None: standard input).
struct Input {
    name: String,
    path: Option<PathBuf>,
}

impl Input {
    fn open(&self) -> Result<Box<dyn BufRead>, CliError> {
        Ok(match &self.path {
            None => Box::new(std::io::stdin().lock()),
            Some(p) => {
                let file = File::open(p).map_err(|e| CliError::io(&self.name, e))?;
                Box::new(BufReader::with_capacity(1 << 16, file))
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
        }]);
    }
    Ok(paths
        .iter()
        .map(|p| match p.as_os_str() == "-" {
            true => Input {
                name: "<stdin>".into(),
                path: None,
            },
            false => Input {
                name: p.display().to_string(),
                path: Some(p.clone()),
            },
        })
        .collect())
}

/// Hands every record of `input` to `each`, one at a time, as it is read:
/// memory holds one game. PGN syntax errors are collected, and reading goes
/// on to report them all; JSON stops at its first. `rewrite`: the output
/// replaces the input, so a PGN escape line, which no record keeps, is an
/// error rather than deleted.
#[allow(clippy::too_many_arguments)]
fn each_record(
    input: &Input,
    from: Option<Source>,
    gc: (Option<crate::rules::Variant>, Option<&str>),
    rewrite: bool,
    errors: &mut Vec<String>,
    out_name: &str,
    mut each: impl FnMut(&Record, InputFormat) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let written = |e| CliError::io(out_name, e);
    let io = |e| CliError::io(&input.name, e);
    let mut reader = input.open()?;
    if let Some(Source::Gamecourier) = from {
        return gamecourier_record(input, &mut reader, errors, gc)
            .map_or(Ok(()), |r| each(&r, InputFormat::Pgn).map_err(written));
    }
    // Enough of the start to recognise JSON (its first two non-space bytes).
    let mut head: Vec<u8> = Vec::new();
    let format = match from {
        Some(Source::Pgn | Source::Gamecourier) => InputFormat::Pgn,
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
        return match each_json_game(rest, |g, at| each(&g.to_record_at(at), format)) {
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
    for game in games {
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

/// Reads a whole Game Courier list (`--from gamecourier`) as one record; a
/// list that does not read is an error at its line and column.
fn gamecourier_record(
    input: &Input,
    reader: &mut dyn BufRead,
    errors: &mut Vec<String>,
    (variant, fen): (Option<crate::rules::Variant>, Option<&str>),
) -> Option<Record> {
    let mut text = String::new();
    if let Err(e) = reader.read_to_string(&mut text) {
        errors.push(format!("{}: {e}", input.name));
        return None;
    }
    let variant = variant.unwrap_or(crate::rules::Variant::Chess);
    match crate::record::gamecourier::read_list(&text, variant, fen) {
        Ok(r) => Some(r),
        Err(d) => {
            errors.push(format!(
                "{}:{}:{}: {} {}",
                input.name, d.span.line, d.span.column, d.token, d.message
            ));
            None
        }
    }
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
}

impl Converter<'_> {
    fn new(args: &ConvertArgs) -> Converter<'_> {
        Converter {
            args,
            opts: JsonOptions { fens: args.fens },
            games: 0,
            errors: Vec::new(),
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
                Ok(g) if self.args.to == Target::Jsonl => {
                    let _ = serde_json::to_writer(&mut text, &g);
                    text.push(b'\n');
                }
                Ok(g) => {
                    // An element of a pretty-printed array: each line one
                    // level in (strings hold no raw line breaks).
                    let mut pretty = Vec::new();
                    let _ = serde_json::to_writer_pretty(&mut pretty, &g);
                    text.extend_from_slice(if self.games == 0 { b"[" } else { b"," });
                    for line in pretty.split(|&b| b == b'\n') {
                        text.extend_from_slice(b"\n  ");
                        text.extend_from_slice(line);
                    }
                }
                Err(e) => self.refuse(name, r, e),
            },
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
            Target::Gamecourier => match crate::record::gamecourier::write_list(r) {
                Ok(list) => {
                    if self.games > 0 {
                        text.push(b'\n');
                    }
                    text.extend_from_slice(list.as_bytes());
                }
                Err(e) => self.refuse(name, r, e),
            },
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
    if args.from == Some(Source::Gamecourier) {
        let Some(v) = args.variant else {
            return Err(CliError::usage(
                "--from gamecourier needs --variant: a move list names no rules",
            ));
        };
        crate::record::gamecourier::start_position(v, args.fen.as_deref())
            .map_err(CliError::usage)?;
    } else if args.variant.is_some() || args.fen.is_some() {
        return Err(CliError::usage(
            "--variant and --fen are for --from gamecourier",
        ));
    }
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
    if args.in_place {
        // Each input converts into a file beside it; all replace their
        // inputs only when every one converted (unchanged ones stay).
        let mut written = Vec::new();
        let mut errors = Vec::new();
        for input in &inputs {
            let Some(path) = &input.path else { continue };
            let io = |e| CliError::io(&input.name, e);
            let mut file = AtomicFile::create(path).map_err(io)?;
            let mut conv = Converter::new(args);
            each_record(
                input,
                args.from,
                (args.variant, args.fen.as_deref()),
                true,
                &mut errors,
                &input.name,
                |r, format| conv.game(&input.name, r, format, &mut file),
            )?;
            conv.finish(&mut file).map_err(io)?;
            errors.extend(conv.errors);
            if errors.is_empty() {
                written.push((input, file.finish().map_err(io)?));
            }
        }
        if !errors.is_empty() {
            return Err(failed(errors));
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
            (args.variant, args.fen.as_deref()),
            false,
            &mut errors,
            &out_name,
            |r, format| conv.game(&input.name, r, format, &mut spool),
        )?;
    }
    errors.extend(std::mem::take(&mut conv.errors));
    if !errors.is_empty() {
        return Err(failed(errors));
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
            variant: None,
            fen: None,
            inputs: Vec::new(),
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
