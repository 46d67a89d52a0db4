//! `fvnote validate`: replay every game of PGN files, JSON records or Game
//! Courier move lists and report what is wrong.
//!
//! The games come through the one pipeline (`record::pipeline::check`);
//! the report is the printer of `--format` (`crate::report`). The summary
//! line goes to stdout for `--format human` (so a saved report is
//! complete) and to stderr for the machine formats (so stdout stays
//! parseable). Exit 0 when every game is valid, 1 when any is invalid (or
//! warnings exceed `--max-warnings`), 2 on usage or I/O errors or when no
//! game was checked (after the rest of the inputs were checked).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::args::{inputs, ReadArgs, WalkArgs, WriteArgs};
use super::CliError;
use crate::fs::Output;
use crate::record::gamecourier::{start_position, ListSetup};
use crate::record::pipeline::game::Finished;
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::source::{Input, Syntax};
use crate::record::pipeline::{check, Failure, Options, Sink};
use crate::report::sink::Report;
use crate::report::{human, printer, Format, HumanOptions, Root};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// What `validate` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum From {
    /// PGN archives, or the JSON form (told by their first bytes).
    Pgn,
    /// The JSON form.
    Json,
    /// Game Courier move lists (notation/gamecourier.md), one game per file.
    Gamecourier,
}

/// What `--deny` turns into errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lint {
    /// Every warning (lenient notation): the same as --strict.
    Warnings,
}

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
fvnote validate fixtures/\n  \
fvnote validate -q --max-warnings 0 games.pgn\n  \
fvnote validate --format sarif games/ > fvnote.sarif\n  \
cat games.pgn | fvnote validate --format junit > report.xml\n\
Rules: `fvnote explain ID` prints a ruling a message cites (notation/rules.md).")]
pub struct ValidateArgs {
    /// PGN files or directories (searched recursively for *.pgn; with
    /// --from json, *.json and *.jsonl), or with --from gamecourier list
    /// files; `-` or nothing reads standard input, `-:N` or `-:N-M` its
    /// games N to M. A file whose first bytes are the JSON form's is read
    /// as JSON. Files (and standard input) compressed with gzip, bzip2, xz
    /// or zstd are read directly, told by their first bytes; directories
    /// also yield *.pgn.gz, *.pgn.bz2, *.pgn.xz, *.pgn.zst.
    pub paths: Vec<String>,
    /// Input format: PGN (or JSON, told by content), JSON, or Game Courier
    /// move lists (one game per file, no directories; needs --variant).
    #[arg(long, value_enum, default_value_t = From::Pgn)]
    pub from: From,
    /// --from gamecourier: the start position (default: the variant's).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Treat lenient notation (long algebraic, 0-0, e8Q …) as errors.
    #[arg(long)]
    pub strict: bool,
    /// Turn a class of findings into errors: `--deny warnings` is --strict.
    #[arg(long, value_enum, value_name = "WHAT")]
    pub deny: Vec<Lint>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// The directory reports name files from: SARIF's %SRCROOT% (its URIs
    /// are relative to it; default: the working directory), and the base of
    /// github's and rdjson's paths (as given without it). Refused with the
    /// other formats, which name files as given.
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Colour in human output [default: auto; NO_COLOR turns auto off; an
    /// explicit choice wins over NO_COLOR]. The other formats have no
    /// colour and accept it, so one command line serves every --format.
    #[arg(long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorChoice>,
    /// Also list every valid game (human output; json and junit list every
    /// game anyway, and github, sarif and rdjson only findings, so there it
    /// changes nothing).
    #[arg(long, conflicts_with = "quiet")]
    pub verbose: bool,
    /// Errors only: warnings and notes are left out of the report, in every
    /// format (the summary still counts them, and --max-warnings too).
    #[arg(long, short)]
    pub quiet: bool,
    /// Exit 1 when the run has more than N warnings.
    #[arg(long, value_name = "N")]
    pub max_warnings: Option<usize>,
    /// Exit 0 even when no game was checked (an empty directory or input).
    #[arg(long)]
    pub allow_empty: bool,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Also write the valid games to FILE, each byte for byte as read
    /// (atomically; never an input).
    #[arg(long, value_name = "FILE")]
    pub valid_out: Option<PathBuf>,
    /// Also write the invalid games to FILE, as --valid-out does.
    #[arg(long, value_name = "FILE")]
    pub invalid_out: Option<PathBuf>,
    #[command(flatten)]
    pub write: WriteArgs,
}

/// Whether to colour: an explicit `--color` wins; `auto` is off under
/// NO_COLOR (no-color.org) and off the terminal.
fn use_color(choice: Option<ColorChoice>) -> bool {
    match choice {
        Some(ColorChoice::Always) => true,
        Some(ColorChoice::Never) => false,
        Some(ColorChoice::Auto) | None => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    }
}

/// What the inputs hold, from `--from`, `--variant` and `--fen`; a list
/// names no rules, so `--from gamecourier` needs `--variant`, and a list is
/// one game, so it is a file, not a directory.
fn syntax(args: &ValidateArgs) -> Result<Option<Syntax>, CliError> {
    if args.from != From::Gamecourier && args.fen.is_some() {
        return Err(CliError::usage(
            "--fen is the start of a Game Courier list (--from gamecourier); a record's start is its FEN tag",
        ));
    }
    match args.from {
        From::Pgn => Ok(None),
        From::Json => Ok(Some(Syntax::Json)),
        From::Gamecourier => {
            let variant = args.read.variant.ok_or_else(|| {
                CliError::usage("--from gamecourier needs --variant: a move list names no rules")
            })?;
            start_position(variant, args.fen.as_deref()).map_err(CliError::usage)?;
            if let Some(d) = args.paths.iter().find(|p| std::path::Path::new(p).is_dir()) {
                return Err(CliError::usage(format!(
                    "{d}: --from gamecourier reads list files, not directories"
                )));
            }
            Ok(Some(Syntax::GameCourier(ListSetup {
                variant,
                fen: args.fen.clone(),
            })))
        }
    }
}

/// The report, and beside it the games sorted by verdict into
/// `--valid-out` and `--invalid-out`, each byte for byte as read.
struct Split<'a> {
    report: Report<'a>,
    valid: Option<Output>,
    invalid: Option<Output>,
}

impl Sink<()> for Split<'_> {
    fn wants_text(&self) -> bool {
        true
    }
    fn input_start(&mut self, input: &Input) -> std::io::Result<()> {
        self.report.input_start(input)
    }
    fn game(
        &mut self,
        input: &Input,
        game: Finished<()>,
        text: Option<GameText<'_>>,
    ) -> std::io::Result<()> {
        let out = match game.verdict.valid {
            true => &mut self.valid,
            false => &mut self.invalid,
        };
        if let (Some(out), Some(text)) = (out, &text) {
            out.write_all(text.bytes)?;
        }
        self.report.game(input, game, text)
    }
    fn input_end(&mut self, input: &Input) -> std::io::Result<()> {
        self.report.input_end(input)
    }
    fn failure(&mut self, failure: &Failure) -> std::io::Result<()> {
        self.report.failure(failure)
    }
}

pub fn run(args: &ValidateArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let syntax = syntax(args)?;
    args.write.refuse_without_output(
        args.valid_out.is_some() || args.invalid_out.is_some(),
        "--valid-out FILE or --invalid-out FILE",
    )?;
    if args.paths.is_empty() && std::io::stdin().is_terminal() {
        return Err(CliError::usage(
            "no input: give PGN files or directories, or pipe a PGN into standard input (see fvnote validate --help)",
        ));
    }
    let extensions: &[&str] = match syntax {
        Some(Syntax::Json) => &["json", "jsonl"],
        _ => &["pgn"],
    };
    let inputs = inputs(&args.paths, extensions, &args.walk)?;
    let outs: Vec<(&str, &std::path::Path)> = [
        ("--valid-out", &args.valid_out),
        ("--invalid-out", &args.invalid_out),
    ]
    .into_iter()
    .filter_map(|(option, path)| Some((option, path.as_deref()?)))
    .collect();
    super::refuse_clashes(&inputs, &outs)?;
    let opts = Options {
        syntax,
        strict: args.strict || args.deny.contains(&Lint::Warnings),
        ..args.read.options()
    };
    let human = HumanOptions {
        color: use_color(args.color),
        width: human::output_width(),
        quiet: args.quiet,
        verbose: args.verbose,
    };
    if let Some(dir) = args.root.as_ref().filter(|d| !d.is_dir()) {
        return Err(CliError::usage(format!(
            "--root {}: not a directory",
            dir.display()
        )));
    }
    if args.root.is_some() && matches!(args.format, Format::Human | Format::Json | Format::Junit) {
        return Err(CliError::usage(
            "--root is the base of the paths of --format sarif, github and rdjson; this format names files as given",
        ));
    }
    let root = Root::new(args.root.as_deref()).given(args.root.is_some());
    let mut printer = printer(args.format, human, root);
    let write = args.write.options();
    let open = |p: &Option<PathBuf>| p.as_ref().map(|p| Output::open(p, &write)).transpose();
    let valid = open(&args.valid_out).map_err(CliError::write)?;
    let invalid = open(&args.invalid_out).map_err(CliError::write)?;
    let io = |e| CliError::io("stdout", e);
    let mut split = Split {
        report: Report::new(printer.as_mut(), out, args.format.reads_source()).quiet(args.quiet),
        valid,
        invalid,
    };
    let mut summary = if outs.is_empty() {
        check(&inputs, &opts, &mut split.report).map_err(io)?
    } else {
        check(&inputs, &opts, &mut split).map_err(io)?
    };
    let empty_name = match args.paths.is_empty() {
        true => "<stdin>".to_owned(),
        false => args.paths.join(" "),
    };
    split
        .report
        .finish(&mut summary, args.allow_empty, &empty_name)
        .map_err(io)?;
    for file in [split.valid, split.invalid].into_iter().flatten() {
        file.commit().map_err(CliError::write)?;
    }
    if args.format != Format::Human {
        eprintln!("{summary}");
    }
    let too_many = args
        .max_warnings
        .filter(|&n| summary.counts.warnings > n)
        .inspect(|n| {
            eprintln!(
                "error: {} warnings, more than --max-warnings {n}",
                summary.counts.warnings
            )
        });
    Ok(match summary.exit_status(args.allow_empty) {
        0 if too_many.is_some() => 1,
        status => status,
    })
}
