//! `fvnote convert`: PGN ⇄ JSON / JSON Lines, canonical PGN, FEN lists,
//! Game Courier move lists.
//!
//! Games are read and converted one at a time (PGN by the streaming reader,
//! JSON by `record::json_reader`), so memory holds one game, not the archive;
//! a Game Courier list is one game, read whole.
//! The conversion itself is `record::convert` (PGN to PGN and JSON a
//! main-line move at a time) and `record::json_read_stream` (JSON to
//! checked PGN a ply at a time); this file reads the arguments and the inputs.
//! Files (`-o`, `--in-place`) are written through `crate::fs` and replaced
//! only when every input converted, so a malformed input never leaves a
//! half-written file. Standard output gets each game, whole, as soon as it
//! is converted; after the first error nothing more is written (a JSON
//! array is closed), so what was written is complete game by game, and the
//! exit status is 2 (a game whose conversion outgrew what is held back is
//! cut at the error, and the error says so).
//! Exit codes: 0 converted; 1 a game from JSON that does not replay (`--to
//! pgn` without `--no-check`); 2 usage, I/O, or input that cannot be
//! converted (a syntax error, bytes that are not UTF-8 without
//! `--encoding`; for `--to fen`, a main line that does not replay; for
//! `--to pgn` from JSON, a game PGN cannot hold).

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::encoding_args::{EncodingArgs, EncodingChoice};
use super::select_args::SelectArgs;
use super::{CliError, WalkArgs, WriteArgs};
use crate::fs::{walk, Output, ReadAhead, WalkEvent};
use crate::model::Located;
use crate::model::Record;
use crate::notation::pgn::{PgnErrorKind, Reader};
use crate::record::convert::{ConvertOptions, Converter, StreamError, HOLD_MIB};
use crate::record::format::{sniff, InputFormat};
use crate::record::gamecourier::{read_list, start_position, ListSetup};
use crate::record::json_reader::{each_json_game, JsonReadError};
use crate::record::select::{no_such_game, Selection};

pub use crate::record::convert::Target;

/// What to read (default: recognised by content).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Source {
    Pgn,
    Json,
    /// A Game Courier move list, one game per file; needs --variant (and
    /// --fen for a set-up start).
    Gamecourier,
}

impl Source {
    /// The record syntax a game read from here is converted as: a list
    /// reads to a record of canonical moves, as PGN does.
    fn format(self) -> InputFormat {
        match self {
            Source::Json => InputFormat::Json,
            Source::Pgn | Source::Gamecourier => InputFormat::Pgn,
        }
    }

    /// The syntax's name in messages.
    fn name(self) -> &'static str {
        match self {
            Source::Pgn => "PGN",
            Source::Json => "JSON",
            Source::Gamecourier => "Game Courier",
        }
    }
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
    /// Replace each input file with its conversion (atomically); only
    /// into the file's own syntax (PGN to PGN, JSON to JSON or JSON Lines).
    #[arg(long)]
    pub in_place: bool,
    /// JSON: add `fen_after` to every ply (only with --to json or jsonl).
    #[arg(long)]
    pub fens: bool,
    /// --from gamecourier: the variant whose rules the list is read by.
    #[arg(long, value_parser = super::parse_variant)]
    pub variant: Option<crate::variant::Variant>,
    /// --from gamecourier: the start position (default: the variant's).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    #[command(flatten)]
    pub write: WriteArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
    /// Input files or directories (every `*.pgn` under them; with
    /// `--from json`, every `*.json` and `*.jsonl`; `--from gamecourier`
    /// takes list files only); `-` or nothing reads standard input.
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
    /// The games converted (`FILE:N-M`, `--where`).
    selection: Selection,
}

impl Input {
    /// The input opened, decoded to UTF-8 by `--encoding`.
    fn open(&self, encoding: EncodingArgs) -> Result<Box<dyn BufRead>, CliError> {
        let io = |e| CliError::io(&self.name, e);
        Ok(match (&self.path, encoding.encoding) {
            (None, EncodingChoice::Utf8) => Box::new(ReadAhead::stdin()),
            (Some(p), EncodingChoice::Utf8) => {
                let file = File::open(p).map_err(io)?;
                Box::new(BufReader::with_capacity(1 << 16, file))
            }
            (None, _) => {
                let r = encoding.reader(ReadAhead::stdin(), &self.name);
                Box::new(BufReader::with_capacity(1 << 16, r.map_err(io)?))
            }
            (Some(p), _) => {
                let r = encoding.open(p, &self.name).map_err(io)?;
                Box::new(BufReader::with_capacity(1 << 16, r))
            }
        })
    }
}

/// The inputs, directories walked (`crate::fs::walk`); whether some entry
/// could not be read (reported here, and the run ends with status 2).
fn inputs(args: &ConvertArgs) -> Result<(Vec<Input>, bool), CliError> {
    let paths = &args.inputs;
    // `-` and `-:N-M` both name standard input.
    let is_stdin = |p: &PathBuf| {
        let p = p.to_string_lossy();
        p == "-" || p.starts_with("-:")
    };
    if paths.iter().filter(|p| is_stdin(p)).count() > 1 {
        return Err(CliError::usage("standard input ('-') given twice"));
    }
    let stdin = |given: &str| -> Result<Input, CliError> {
        Ok(Input {
            name: "<stdin>".into(),
            path: None,
            selection: args.select.split(given)?.1,
        })
    };
    if paths.is_empty() {
        return Ok((vec![stdin("-")?], false));
    }
    let extensions: &[&str] = match args.from {
        Some(Source::Json) => &["json", "jsonl"],
        _ => &["pgn"],
    };
    let mut found = Vec::new();
    let mut unreadable = false;
    for p in paths {
        if is_stdin(p) {
            found.push(stdin(&p.to_string_lossy())?);
            continue;
        }
        let (file, selection) = args.select.split(&p.to_string_lossy())?;
        let p = PathBuf::from(file);
        if selection.games.is_some() && p.is_dir() {
            return Err(CliError::usage(format!(
                "{}: games are chosen by number in a file, not a directory",
                p.display()
            )));
        }
        for event in walk(std::slice::from_ref(&p), extensions, &args.walk.options()) {
            match event {
                WalkEvent::File(p) => found.push(Input {
                    name: p.display().to_string(),
                    path: Some(p),
                    selection: selection.clone(),
                }),
                WalkEvent::Skipped { path, reason } => {
                    eprintln!("note: {}: {reason}", path.display());
                }
                WalkEvent::Error { path, error } => {
                    eprintln!("error: {}: {error}", path.display());
                    unreadable = true;
                }
            }
        }
    }
    Ok((found, unreadable))
}

/// Opens `input` and tells its syntax (`from`, or recognised by content).
fn open_input(input: &Input, args: &ConvertArgs) -> Result<(Source, Box<dyn BufRead>), CliError> {
    let from = args.from;
    let io = |e| CliError::io(&input.name, e);
    let mut reader = input.open(args.encoding)?;
    // Enough of the start to recognise JSON (its first two non-space bytes).
    let mut head: Vec<u8> = Vec::new();
    let format = match from {
        Some(from) => from,
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
            match sniff(&head) {
                InputFormat::Pgn => Source::Pgn,
                InputFormat::Json => Source::Json,
            }
        }
    };
    let rest = std::io::Cursor::new(head).chain(reader);
    Ok((format, Box::new(BufReader::new(rest))))
}

/// Hands every record of `reader` to `each`, one at a time, as it is read:
/// memory holds one game. A PGN syntax error (or bytes that are not UTF-8)
/// goes to `each` as an error, and reading goes on to report them all; JSON
/// stops at its first; a Game Courier list is one game (none when blank),
/// its first unreadable turn the error. `rewrite`: the output replaces the
/// input, so a PGN escape line, which no record keeps, is an error rather
/// than deleted.
#[allow(clippy::too_many_arguments)]
fn each_record(
    input: &Input,
    from: Source,
    reader: Box<dyn BufRead>,
    rewrite: bool,
    list: Option<&ListSetup>,
    out_name: &str,
    mut each: impl FnMut(Result<Record, String>) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let written = |e| CliError::io(out_name, e);
    let io = |e| CliError::io(&input.name, e);
    // `FILE:N` past the file's last game is an error, not an empty output.
    let beyond = |total| match no_such_game(input.selection.games.as_ref(), total) {
        Some(why) => Err(CliError::usage(format!("{}: {why}", input.name))),
        None => Ok(()),
    };
    let error = |e: Located| format!("{}:{}:{}: {}", input.name, e.line, e.column, e.message);
    if let (Source::Gamecourier, Some(setup)) = (from, list) {
        let mut reader = reader;
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).map_err(io)?;
        let item = match String::from_utf8(bytes) {
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let why = crate::record::gamecourier::not_utf8(e.as_bytes(), at);
                Err(format!("{}: {why}", input.name))
            }
            Ok(text) if text.trim().is_empty() => return Ok(()),
            Ok(text) => read_list(&text, setup.variant, setup.fen.as_deref()).map_err(|d| {
                let (line, column) = (d.span.line, d.span.column);
                match d.token.as_str() {
                    "" => format!("{}:{line}:{column}: {}", input.name, d.message),
                    token => format!("{}:{line}:{column}: {token} {}", input.name, d.message),
                }
            }),
        };
        return each(item).map_err(written);
    }
    if from == Source::Json {
        let mut n = 0;
        let chosen = |g: crate::record::json::Game, at| {
            n += 1;
            let r = g.to_record_at(at);
            match input.selection.keeps(n, Some(&r)) {
                true => each(Ok(r)),
                false => Ok(()),
            }
        };
        return match each_json_game(reader, chosen) {
            Ok(()) => beyond(n),
            Err(JsonReadError::Syntax(e)) => each(Err(error(e))).map_err(written),
            Err(JsonReadError::Read(e)) => Err(io(e)),
            Err(JsonReadError::Each(e)) => Err(written(e)),
        };
    }
    // Nothing read is altered: a byte that is not UTF-8 is an error, not U+FFFD.
    let mut games = Reader::new(reader).refuse_invalid_utf8();
    if rewrite {
        // A record keeps no escape data: replacing the input would delete it.
        games = games.refuse_escape_lines();
    }
    let mut total = 0;
    for (n, game) in games.enumerate() {
        total = n + 1;
        if !input.selection.keeps(n + 1, game.as_ref().ok()) {
            continue;
        }
        match game {
            Ok(r) => each(Ok(r)).map_err(written)?,
            Err(e) => match e.kind {
                PgnErrorKind::Io(message) => {
                    return Err(CliError::usage(format!("{}: {message}", input.name)))
                }
                _ => each(Err(error(Located::from(&e)))).map_err(written)?,
            },
        }
    }
    beyond(total)
}

/// Bytes read at most to recognise JSON by its start.
const SNIFF: usize = 1 << 20;

/// The converter `args` ask for.
fn converter(args: &ConvertArgs) -> Converter {
    Converter::new(ConvertOptions {
        to: args.to,
        compact: args.compact,
        fens: args.fens,
        no_check: args.no_check,
    })
}

/// Whether `input` converts as it is read (every game chosen; PGN, or
/// JSON to checked PGN).
fn streams(conv: &Converter, input: &Input, from: Source, args: &ConvertArgs) -> bool {
    let json_pgn = args.to == Target::Pgn && !args.no_check;
    input.selection.is_all()
        && match from {
            Source::Pgn => conv.streams_pgn(),
            Source::Json => json_pgn,
            Source::Gamecourier => false,
        }
}

/// [`Converter::stream_pgn`] with its errors as the CLI's.
fn stream(
    conv: &mut Converter,
    (input, from): (&Input, Source),
    reader: Box<dyn BufRead>,
    rewrite: bool,
    (out, out_name): (&mut dyn Write, &str),
    hold: usize,
) -> Result<(), CliError> {
    if from == Source::Json {
        return match conv.stream_json_pgn(&input.name, reader, out, hold) {
            Ok(()) => Ok(()),
            Err(JsonReadError::Syntax(e)) => {
                let at = format!("{}:{}:{}: {}", input.name, e.line, e.column, e.message);
                conv.errors.push(at);
                Ok(())
            }
            Err(JsonReadError::Read(e)) => Err(CliError::io(&input.name, e)),
            Err(JsonReadError::Each(e)) => Err(CliError::io(out_name, e)),
        };
    }
    conv.stream_pgn(&input.name, reader, rewrite, out, hold)
        .map_err(|e| match e {
            StreamError::Read(message) => CliError::usage(message),
            StreamError::Write(e) => CliError::io(out_name, e),
        })
}

/// Whether `--in-place` may write `to` over a file in `from`: only into
/// the file's own syntax.
fn same_syntax(from: Source, to: Target) -> Result<(), &'static str> {
    match (from, to) {
        (Source::Pgn, Target::Pgn)
        | (Source::Json, Target::Json | Target::Jsonl)
        | (Source::Gamecourier, Target::Gamecourier) => Ok(()),
        (_, Target::Fen) => Err("a list of positions"),
        (_, Target::Pgn) => Err("PGN"),
        (_, Target::Json | Target::Jsonl) => Err("JSON"),
        (_, Target::Gamecourier) => Err("a Game Courier move list"),
    }
}

/// The rules a Game Courier list is read by (`--from gamecourier` needs
/// `--variant`; a list names none); `--variant` and `--fen` serve nothing
/// else and are refused elsewhere.
fn list_setup(args: &ConvertArgs) -> Result<Option<ListSetup>, CliError> {
    if args.from != Some(Source::Gamecourier) {
        if args.variant.is_some() || args.fen.is_some() {
            return Err(CliError::usage(
                "--variant and --fen are for --from gamecourier",
            ));
        }
        return Ok(None);
    }
    let Some(variant) = args.variant else {
        return Err(CliError::usage(
            "--from gamecourier needs --variant: a move list names no rules",
        ));
    };
    start_position(variant, args.fen.as_deref()).map_err(CliError::usage)?;
    if let Some(d) = args.inputs.iter().find(|p| p.is_dir()) {
        return Err(CliError::usage(format!(
            "{}: --from gamecourier reads list files, not directories",
            d.display()
        )));
    }
    Ok(Some(ListSetup {
        variant,
        fen: args.fen.clone(),
    }))
}

/// Options that cannot apply to the chosen target are refused, not ignored.
fn check_args(args: &ConvertArgs) -> Result<(), CliError> {
    let json_only = [
        (args.fens, "--fens adds FENs to JSON"),
        (args.compact, "--compact shapes JSON"),
    ];
    if let Some((_, what)) = json_only.iter().find(|(on, _)| *on) {
        if !matches!(args.to, Target::Json | Target::Jsonl) {
            let to = args
                .to
                .to_possible_value()
                .map_or(String::new(), |v| v.get_name().to_owned());
            return Err(CliError::usage(format!(
                "{what}; it cannot apply to --to {to}"
            )));
        }
    }
    Ok(())
}

pub fn run(args: &ConvertArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    check_args(args)?;
    let list = list_setup(args)?;
    if args.in_place && (args.inputs.is_empty() || args.inputs.iter().any(|p| p.as_os_str() == "-"))
    {
        return Err(CliError::usage(
            "--in-place needs input files; it cannot rewrite standard input",
        ));
    }
    if args.in_place && args.to == Target::Fen {
        return Err(CliError::usage(
            "--to fen --in-place would replace each record with a list of positions; \
             write the FENs elsewhere with -o FILE",
        ));
    }
    if let Some(o) = &args.output {
        let target = identity(o);
        for p in args.inputs.iter().filter(|p| p.as_os_str() != "-") {
            // `FILE:N` names FILE.
            let (p, _) = args.select.split(&p.to_string_lossy())?;
            if target.is_some() && identity(Path::new(&p)) == target {
                return Err(CliError::usage(format!(
                    "-o {} is also an input; refusing to overwrite it (use --in-place)",
                    o.display()
                )));
            }
        }
    }
    let (inputs, unreadable) = inputs(args)?;
    if args.in_place && inputs.iter().any(|i| !i.selection.is_all()) {
        return Err(CliError::usage(
            "--in-place with FILE:N or --where would delete the games not chosen: write them with -o",
        ));
    }
    let status = if unreadable { 2 } else { 0 };
    let opts = args.write.options();
    if args.in_place {
        // Each input converts into a file beside it; all replace their
        // inputs only when every one converted (unchanged ones stay).
        let mut ready = Vec::new();
        let mut errors = Vec::new();
        let mut illegal = false;
        for input in &inputs {
            let Some(path) = &input.path else { continue };
            let io = |e| CliError::io(&input.name, e);
            let file = match Output::open(path, &opts) {
                Ok(f) => f,
                Err(e) => {
                    errors.push(e.to_string());
                    continue;
                }
            };
            let (format, reader) = open_input(input, args)?;
            if let Err(what) = same_syntax(format, args.to) {
                errors.push(format!(
                    "{}: --in-place would replace this {} file with {what}; refusing (write the \
                     conversion elsewhere with -o FILE)",
                    input.name,
                    format.name()
                ));
                continue;
            }
            let mut conv = converter(args);
            let mut file = file;
            if streams(&conv, input, format, args) {
                stream(
                    &mut conv,
                    (input, format),
                    reader,
                    true,
                    (&mut file, &input.name),
                    0,
                )?;
            } else {
                each_record(
                    input,
                    format,
                    reader,
                    true,
                    list.as_ref(),
                    &input.name,
                    |r| conv.item(&input.name, r, format.format(), &mut file),
                )?;
            }
            conv.finish(&mut file).map_err(io)?;
            errors.extend(conv.errors);
            illegal |= conv.illegal;
            if errors.is_empty() {
                ready.push(file.finish().map_err(CliError::write)?);
            }
        }
        if !errors.is_empty() {
            return Err(failed_replay(errors, illegal));
        }
        for file in ready {
            if !file.same_as_target().map_err(CliError::write)? {
                file.commit().map_err(CliError::write)?;
            }
        }
        return Ok(status);
    }
    let (mut file, out_name) = match &args.output {
        Some(o) => (
            Some(Output::open(o, &opts).map_err(CliError::write)?),
            o.display().to_string(),
        ),
        None => (None, "stdout".to_owned()),
    };
    let written = |e| CliError::io(&out_name, e);
    let to_stdout = file.is_none();
    let sink: &mut dyn Write = match &mut file {
        Some(f) => f,
        None => out,
    };
    let mut conv = converter(args);
    for input in &inputs {
        let (format, reader) = open_input(input, args)?;
        if streams(&conv, input, format, args) {
            // A file is kept only when everything converted: no need to
            // hold games back.
            let hold = if to_stdout { HOLD_MIB << 20 } else { 0 };
            stream(
                &mut conv,
                (input, format),
                reader,
                false,
                (sink, &out_name),
                hold,
            )?;
            continue;
        }
        each_record(
            input,
            format,
            reader,
            false,
            list.as_ref(),
            &out_name,
            |r| conv.item(&input.name, r, format.format(), sink),
        )?;
    }
    // A JSON array on standard output is closed even after an error, so
    // what was written parses (unless it ends inside a game).
    if (conv.errors.is_empty() || to_stdout) && !conv.cut {
        conv.finish(sink).map_err(written)?;
    }
    if !conv.errors.is_empty() {
        return Err(failed_replay(conv.errors, conv.illegal));
    }
    if let Some(f) = file {
        f.commit().map_err(CliError::write)?;
    }
    Ok(status)
}
