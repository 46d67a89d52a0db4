//! `fvnote convert`: PGN, JSON and Game Courier lists in, PGN, JSON, JSON
//! Lines, FEN lists and Game Courier lists out.
//!
//! The games come through the one pipeline (`record::pipeline::run`) and
//! are written by the writer of `--to` (`record::convert`) as they are
//! read. Each game's verdict is the one `validate` gives: an invalid game
//! is said on stderr (`error[ID]: FILE:LINE:COLUMN: …`) and written as it
//! stands where the form can say so (PGN, JSON), refused where it cannot
//! (FEN, Game Courier); nothing is made up, so a cut-off game stays cut
//! off. The rest of the archive is converted either way.
//!
//! Output: standard output gets each game whole as soon as it is converted;
//! `-o FILE` is written through `crate::fs` and kept when every input could
//! be read; `--in-place` replaces each file with its conversion when every
//! game of it was written. Exit codes: 0 every game converted and valid;
//! 1 a game invalid or not written; 2 usage or I/O errors.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::args::{inputs, ReadArgs, StripArgs, WalkArgs, WriteArgs};
use super::CliError;
use crate::escape;
use crate::fs::Output;
use crate::record::convert::held::{Held, HOLD_MIB};
use crate::record::convert::strip::Stripped;
use crate::record::convert::{ConvertOptions, Converted, GameError, Writer};
use crate::record::gamecourier::{start_position, ListSetup};
use crate::record::json::write::JsonOptions;
use crate::record::pipeline::game::Finished;
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::source::{refuse_rewrite, Input, Inputs, Syntax};
use crate::record::pipeline::{run as run_pipeline, Failure, Options, Sink};
use crate::report::line;

pub use crate::record::convert::Target;

/// What to read (default: PGN or JSON, told by content).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Source {
    Pgn,
    Json,
    /// A Game Courier move list, one game per file; needs --variant (and
    /// --fen for a set-up start).
    Gamecourier,
}

// The command's text is on `Command::Convert` (an `after_help` here is
// overridden there); examples are in the man page (`cli::generate`).
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
    /// --from gamecourier: the start position (default: the variant's).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    #[command(flatten)]
    pub strip: StripArgs,
    #[command(flatten)]
    pub write: WriteArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
    /// Input files or directories (every `*.pgn` under them; with
    /// `--from json`, every `*.json` and `*.jsonl`; `--from gamecourier`
    /// takes list files only); `-` or nothing reads standard input.
    /// Compressed inputs (gzip, bzip2, xz, zstd; `*.pgn.gz` … in
    /// directories) are read directly; --in-place refuses them.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,
    /// JSON: leave out what a reader can do without (empty and null fields;
    /// `canonical` when it equals `san`, `color`, `kind`, `piece`, `move_number`).
    #[arg(long)]
    pub compact: bool,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// What a run of `convert` saw, for its exit status: findings are said on
/// stderr as they come.
struct Converting {
    /// Games not written (refused by the form, or cut).
    refused: usize,
    /// The output ends inside a game.
    cut: bool,
    /// Writing failed (stops the run).
    error: Option<std::io::Error>,
    /// The output replaces the input (`--in-place`): a field the JSON form
    /// does not hold would be lost, so its game is refused.
    in_place: bool,
}

impl Sink<Converted> for Converting {
    fn game(
        &mut self,
        input: &Input,
        game: Finished<Converted>,
        text: Option<GameText<'_>>,
    ) -> std::io::Result<()> {
        if let Some(e) = line::verdict_error(&input.name, &game.verdict) {
            eprintln!("{e}");
        }
        let at = game.verdict.span;
        let place = format!("{}:{}:{}", input.name, at.line, at.column);
        if let Some(field) = text.and_then(|t| t.ignored) {
            let n = game.verdict.game;
            if self.in_place {
                self.refused += 1;
                eprintln!(
                    "error: {place}: game {n} holds the field `{}`, which the JSON form does not \
                     keep: rewriting in place would drop it (write the conversion elsewhere with \
                     -o FILE)",
                    escape::terminal(field)
                );
                return Ok(());
            }
            eprintln!(
                "warning: {place}: game {n}: the field `{}` is not part of the JSON form and is \
                 not written",
                escape::terminal(field)
            );
        }
        match game.output {
            Ok(_) => Ok(()),
            Err(GameError::Refused(why)) => {
                self.refused += 1;
                // An invalid game's error is said above; its refusal follows from it.
                let level = if game.verdict.valid { "error" } else { "note" };
                eprintln!(
                    "{level}: {place}: game {} not written: {why}",
                    game.verdict.game
                );
                Ok(())
            }
            Err(GameError::Cut(why)) => {
                self.refused += 1;
                self.cut = true;
                eprintln!(
                    "error: {place}: game {}: {why}; the output ends inside it (its conversion \
                     outgrew the {HOLD_MIB} MiB held back before this was found)",
                    game.verdict.game
                );
                Ok(())
            }
            Err(GameError::Io(e)) => Err(e),
        }
    }

    fn failure(&mut self, _: &Failure) -> std::io::Result<()> {
        Ok(())
    }
}

/// Whether `--in-place` may write `to` over a file in `from`: only into
/// the file's own syntax.
fn same_syntax(from: &Syntax, to: Target) -> Result<(), &'static str> {
    match (from, to) {
        (Syntax::Pgn, Target::Pgn)
        | (Syntax::Json, Target::Json | Target::Jsonl)
        | (Syntax::GameCourier(_), Target::Gamecourier) => Ok(()),
        (_, Target::Fen) => Err("a list of positions"),
        (_, Target::Pgn) => Err("PGN"),
        (_, Target::Json | Target::Jsonl) => Err("JSON"),
        (_, Target::Gamecourier) => Err("a Game Courier move list"),
    }
}

/// The syntax `--from`, `--variant` and `--fen` ask for; `--fen` serves
/// Game Courier lists only and is refused elsewhere.
fn syntax(args: &ConvertArgs) -> Result<Option<Syntax>, CliError> {
    if args.from != Some(Source::Gamecourier) && args.fen.is_some() {
        return Err(CliError::usage(
            "--fen is the start of a Game Courier list (--from gamecourier); a record's start is its FEN tag",
        ));
    }
    Ok(match args.from {
        None => None,
        Some(Source::Pgn) => Some(Syntax::Pgn),
        Some(Source::Json) => Some(Syntax::Json),
        Some(Source::Gamecourier) => {
            let Some(variant) = args.read.variant else {
                return Err(CliError::usage(
                    "--from gamecourier needs --variant: a move list names no rules",
                ));
            };
            start_position(variant, args.fen.as_deref()).map_err(CliError::usage)?;
            if let Some(d) = args
                .inputs
                .iter()
                .find(|p| std::path::Path::new(p).is_dir())
            {
                return Err(CliError::usage(format!(
                    "{d}: --from gamecourier reads list files, not directories"
                )));
            }
            Some(Syntax::GameCourier(ListSetup {
                variant,
                fen: args.fen.clone(),
            }))
        }
    })
}

/// The refusal of an option (`what` it does) that cannot apply to `--to to`.
fn cannot_apply(what: &str, to: Target) -> CliError {
    let to = to
        .to_possible_value()
        .map_or(String::new(), |v| v.get_name().to_owned());
    CliError::usage(format!("{what}; it cannot apply to --to {to}"))
}

/// Options that cannot apply to the chosen target are refused, not ignored.
fn check_args(args: &ConvertArgs) -> Result<(), CliError> {
    let json_only = [
        (args.fens, "--fens adds FENs to JSON"),
        (args.compact, "--compact shapes JSON"),
    ];
    if let Some((_, what)) = json_only.iter().find(|(on, _)| *on) {
        if !matches!(args.to, Target::Json | Target::Jsonl) {
            return Err(cannot_apply(what, args.to));
        }
    }
    if args.strip.strip.is_some() && matches!(args.to, Target::Fen | Target::Gamecourier) {
        return Err(cannot_apply("--strip shapes PGN and JSON records", args.to));
    }
    if args.in_place && (args.inputs.is_empty() || args.inputs.iter().any(|p| p == "-")) {
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
    Ok(())
}

pub fn run(args: &ConvertArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    check_args(args)?;
    args.write.refuse_without_output(
        args.output.is_some() || args.in_place,
        "-o FILE or --in-place",
    )?;
    let syntax = syntax(args)?;
    let extensions: &[&str] = match syntax {
        Some(Syntax::Json) => &["json", "jsonl"],
        _ => &["pgn"],
    };
    let inputs = inputs(&args.inputs, extensions, &args.walk)?;
    super::refuse_lossy_writes(&inputs, &args.read, args.output.as_deref(), args.in_place)?;
    let opts = Options {
        syntax,
        rewrite: args.in_place,
        ..args.read.options()
    };
    let convert = ConvertOptions {
        to: args.to,
        json: JsonOptions {
            fens: args.fens,
            compact: args.compact,
        },
        fix_result: false,
    };
    if args.in_place {
        return in_place(&inputs, &opts, &convert, args);
    }
    let mut file = match &args.output {
        Some(o) => Some(Output::open(o, &args.write.options()).map_err(CliError::write)?),
        None => None,
    };
    let out_name = args
        .output
        .as_ref()
        .map_or_else(|| "stdout".to_owned(), |o| o.display().to_string());
    let target: &mut dyn Write = match &mut file {
        Some(f) => f,
        None => out,
    };
    let held = Held::new(target, HOLD_MIB << 20);
    let mut sink = Converting {
        refused: 0,
        cut: false,
        error: None,
        in_place: false,
    };
    let writer = Stripped::new(Writer::new(&convert, held), args.strip.strip());
    let (summary, writer) =
        run_pipeline(&inputs, &opts, writer, &mut sink).map_err(|e| CliError::io(&out_name, e))?;
    let mut writer = writer.into_inner();
    // A JSON array is closed even after an error, so what was written
    // parses (unless it ends inside a game).
    if !sink.cut {
        writer.finish().map_err(|e| CliError::io(&out_name, e))?;
    }
    drop(writer);
    if let Some(e) = sink.error {
        return Err(CliError::io(&out_name, e));
    }
    let status = summary.exit_status(true);
    if let Some(f) = file {
        if status == 2 {
            return Ok(2);
        }
        f.commit().map_err(CliError::write)?;
    }
    Ok(status.max(u8::from(sink.refused > 0)))
}

/// `--in-place`: each input converts into a file beside it, which replaces
/// it when every game of it was written (and differs).
fn in_place(
    inputs: &Inputs,
    opts: &Options,
    convert: &ConvertOptions,
    args: &ConvertArgs,
) -> Result<u8, CliError> {
    let mut status = if inputs.failures.is_empty() { 0 } else { 2 };
    for f in &inputs.failures {
        eprintln!("error: {}: {}", f.path, f.message);
    }
    for input in &inputs.list {
        let Some(path) = input.path() else { continue };
        if let Some(why) = refuse_rewrite(input) {
            eprintln!("error: {why}");
            status = 2;
            continue;
        }
        let file = match Output::open(path, &args.write.options()) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("error: {e}");
                status = 2;
                continue;
            }
        };
        let from = match &opts.syntax {
            Some(s) => s.clone(),
            None => match crate::record::pipeline::source::sniff_file(path) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("error: {}: {e}", input.name);
                    status = 2;
                    continue;
                }
            },
        };
        if let Err(what) = same_syntax(&from, convert.to) {
            eprintln!(
                "error: {}: --in-place would replace this {} file with {what}; refusing (write the \
                 conversion elsewhere with -o FILE)",
                input.name,
                from.name()
            );
            status = 2;
            continue;
        }
        let mut file = file;
        let held = Held::new(&mut file, 0);
        let mut sink = Converting {
            refused: 0,
            cut: false,
            error: None,
            in_place: true,
        };
        let one = Inputs {
            list: vec![input.clone()],
            failures: Vec::new(),
        };
        let opts = Options {
            syntax: Some(from),
            ..opts.clone()
        };
        let writer = Stripped::new(Writer::new(convert, held), args.strip.strip());
        let run = run_pipeline(&one, &opts, writer, &mut sink);
        let (summary, mut writer) = run.map_err(|e| CliError::io(&input.name, e))?;
        writer
            .get_mut()
            .finish()
            .map_err(|e| CliError::io(&input.name, e))?;
        drop(writer);
        let here = summary.exit_status(true);
        status = status.max(here);
        // As `fmt`: a file whose games are not all valid (or not all
        // written) is evidence to keep as it is.
        if here != 0 || sink.refused > 0 {
            status = status.max(1);
            eprintln!(
                "note: {} left unchanged: not every game of it is valid and kept whole",
                input.name
            );
            continue;
        }
        let ready = file.finish().map_err(CliError::write)?;
        if !ready.same_as_target().map_err(CliError::write)? {
            ready.commit().map_err(CliError::write)?;
        }
    }
    Ok(status)
}
