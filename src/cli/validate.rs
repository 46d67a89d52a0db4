//! `fvnote validate`: replay every game of PGN files (or Game Courier move
//! lists) and report what is wrong.
//!
//! Output goes to stdout in the chosen format (the printers live in
//! `crate::report`). The summary line goes to stdout for `--format human`
//! (so a saved report is complete) and to stderr for the machine formats
//! (so stdout stays parseable). Exit 0 when every game is valid, 1 when any
//! is invalid (or warnings exceed `--max-warnings`), 2 on usage or I/O
//! errors or when no game was checked (after the rest of the inputs were
//! checked).

use std::collections::HashMap;
use std::io::{IsTerminal, Read, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::encoding_args::{EncodingArgs, EncodingChoice};
use super::select_args::{chosen, SelectArgs};
use super::split_out::{self, Keeping, Outs};
use super::{CliError, WalkArgs, WriteArgs};
use crate::fs::{ReadAhead, WalkEvent};
use crate::record::gamecourier::{start_position, ListSetup};
use crate::record::select::{Condition, GameNumbers, Selection};
use crate::record::validate::ValidateOptions;
use crate::report::run::{
    run as run_inputs, stdin_is_terminal, Input, InputKind, ReadThrough, RunOptions,
};
use crate::report::{human, printer, Failure, Format, HumanOptions, Printer};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// What `validate` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Syntax {
    /// PGN archives.
    Pgn,
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
fvnote validate --format sarif archive/ > fvnote.sarif\n  \
cat games.pgn | fvnote validate --format junit > report.xml\n\
Rules: `fvnote explain ID` prints a ruling a message cites (notation/rules.md).")]
pub struct ValidateArgs {
    /// PGN files or directories (searched recursively for *.pgn), or with
    /// --from gamecourier list files; `-` or nothing reads standard input,
    /// `-:N` or `-:N-M` its games N to M.
    pub paths: Vec<String>,
    /// Input format: PGN, or Game Courier move lists (one game per file, no
    /// directories; needs --variant).
    #[arg(long, value_enum, default_value_t = Syntax::Pgn)]
    pub from: Syntax,
    /// --from gamecourier: the variant whose rules the lists are read by.
    #[arg(long, value_parser = super::parse_variant)]
    pub variant: Option<crate::variant::Variant>,
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
    /// Colour in human output [default: auto; NO_COLOR turns auto off; an
    /// explicit choice wins over NO_COLOR].
    #[arg(long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorChoice>,
    /// Human output: also list every valid game.
    #[arg(long, conflicts_with = "quiet")]
    pub verbose: bool,
    /// Human output: errors and the summary only (no warnings or notes).
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
    pub encoding: EncodingArgs,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Also write the valid games to FILE, each byte for byte as read
    /// (atomically; never an input; not with standard input).
    #[arg(long, value_name = "FILE")]
    pub valid_out: Option<PathBuf>,
    /// Also write the invalid games to FILE, as --valid-out does.
    #[arg(long, value_name = "FILE")]
    pub invalid_out: Option<PathBuf>,
    #[command(flatten)]
    pub write: WriteArgs,
}

/// The step in front of the reader: `--encoding`, and the games chosen by
/// `FILE:N-M` and `--where`.
struct Through<'a> {
    encoding: EncodingArgs,
    /// Game numbers chosen by `FILE:N-M` (key `None`: standard input).
    ranges: HashMap<Option<PathBuf>, RangeInclusive<usize>>,
    conditions: &'a [Condition],
}

impl Through<'_> {
    fn selection(&self, inp: &Input) -> Selection {
        let key = match inp {
            Input::File(p) => Some(p.clone()),
            Input::Stdin => None,
        };
        Selection {
            games: self.ranges.get(&key).cloned(),
            conditions: self.conditions.to_vec(),
        }
    }
}

impl ReadThrough for Through<'_> {
    fn is_plain(&self, inp: &Input) -> bool {
        self.encoding.encoding == EncodingChoice::Utf8 && self.selection(inp).is_all()
    }

    fn open(&self, inp: &Input) -> std::io::Result<(Box<dyn Read>, GameNumbers)> {
        let name = inp.name();
        let decoded = match inp {
            Input::Stdin => self.encoding.reader(ReadAhead::stdin(), &name)?,
            Input::File(p) => self.encoding.open(p, &name)?,
        };
        chosen(decoded, &self.selection(inp))
    }
}

/// Files under `dir` named `*.pgn`, sorted, through the one walker
/// (`crate::fs::walk`: links not followed unless asked, never out of `dir`).
fn walk(dir: &Path, args: &WalkArgs, out: &mut Vec<Input>, errors: &mut Vec<String>) {
    for event in crate::fs::walk(&[dir.to_path_buf()], &["pgn"], &args.options()) {
        match event {
            WalkEvent::File(p) => out.push(Input::File(p)),
            WalkEvent::Skipped { path, reason } => eprintln!("note: {}: {reason}", path.display()),
            WalkEvent::Error { path, error } => errors.push(format!("{}: {error}", path.display())),
        }
    }
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
fn input_kind(args: &ValidateArgs) -> Result<InputKind, CliError> {
    match args.from {
        Syntax::Pgn if args.variant.is_some() || args.fen.is_some() => Err(CliError::usage(
            "--variant and --fen are for --from gamecourier",
        )),
        Syntax::Pgn => Ok(InputKind::Pgn),
        Syntax::Gamecourier => {
            let variant = args.variant.ok_or_else(|| {
                CliError::usage("--from gamecourier needs --variant: a move list names no rules")
            })?;
            start_position(variant, args.fen.as_deref()).map_err(CliError::usage)?;
            if let Some(d) = args.paths.iter().find(|p| Path::new(p).is_dir()) {
                return Err(CliError::usage(format!(
                    "{d}: --from gamecourier reads list files, not directories"
                )));
            }
            Ok(InputKind::GameCourier(ListSetup {
                variant,
                fen: args.fen.clone(),
            }))
        }
    }
}

pub fn run(args: &ValidateArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    if args.format != Format::Human {
        let human_only = [
            ("--verbose", args.verbose),
            ("--quiet", args.quiet),
            ("--color", args.color.is_some()),
        ];
        if let Some((flag, _)) = human_only.iter().find(|(_, on)| *on) {
            return Err(CliError::usage(format!(
                "{flag} shapes --format human only; it cannot apply to --format {}",
                args.format
                    .to_possible_value()
                    .map_or(String::new(), |v| v.get_name().to_owned())
            )));
        }
    }
    let kind = input_kind(args)?;
    let mut inputs = Vec::new();
    let mut io_errors = Vec::new();
    if args.paths.is_empty() {
        if stdin_is_terminal() {
            return Err(CliError::usage(
                "no input: give PGN files or directories, or pipe a PGN into standard input (see fvnote validate --help)",
            ));
        }
        inputs.push(Input::Stdin);
    }
    let mut ranges = HashMap::new();
    for arg in &args.paths {
        let (p, chosen) = args.select.split(arg)?;
        let path = Path::new(&p);
        if p == "-" {
            inputs.push(Input::Stdin);
            ranges.extend(chosen.games.map(|g| (None, g)));
        } else if path.is_dir() {
            walk(path, &args.walk, &mut inputs, &mut io_errors);
        } else {
            inputs.push(Input::File(path.to_path_buf()));
            ranges.extend(chosen.games.map(|g| (Some(path.to_path_buf()), g)));
        }
    }
    let through = Through {
        encoding: args.encoding,
        ranges,
        conditions: &args.select.conditions,
    };
    let split_outs: Vec<&Path> = [&args.valid_out, &args.invalid_out]
        .into_iter()
        .flatten()
        .map(PathBuf::as_path)
        .collect();
    let files: Vec<PathBuf> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::File(p) => Some(p.clone()),
            Input::Stdin => None,
        })
        .collect();
    if !split_outs.is_empty() {
        split_out::check(&files, files.len() < inputs.len(), &split_outs)?;
    }
    let failures = io_errors
        .into_iter()
        .map(|e| {
            let (path, message) = e.split_once(": ").unwrap_or(("", &e));
            Failure::whole(path, message)
        })
        .collect();
    let strict = args.strict || args.deny.contains(&Lint::Warnings);
    let human = HumanOptions {
        color: use_color(args.color),
        width: human::output_width(),
        quiet: args.quiet,
        verbose: args.verbose,
    };
    let opts = RunOptions {
        kind,
        validate: ValidateOptions {
            strict,
            ..ValidateOptions::default()
        },
        snippets: args.format.reads_source(),
        allow_empty: args.allow_empty,
        empty_name: if args.paths.is_empty() {
            "<stdin>".to_owned()
        } else {
            args.paths.join(" ")
        },
        read_through: Some(&through),
    };
    let mut printer = printer(args.format, human);
    let mut keeping = Keeping::new(printer.as_mut());
    let io = |e| CliError::io("stdout", e);
    let summary = run_inputs(&inputs, failures, &opts, &mut keeping, out).map_err(io)?;
    keeping.finish(out, &summary).map_err(io)?;
    if !split_outs.is_empty() {
        let chosen = |p: &Path| through.selection(&Input::File(p.to_path_buf()));
        let outs = Outs {
            valid: args.valid_out.as_deref(),
            invalid: args.invalid_out.as_deref(),
            write: args.write.options(),
        };
        split_out::write(&files, &keeping.verdicts, args.encoding, &chosen, &outs)?;
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
    Ok(if summary.failures > 0 || summary.empty {
        2
    } else if summary.counts.invalid > 0 || too_many.is_some() {
        1
    } else {
        0
    })
}
