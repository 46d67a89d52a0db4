//! The command-line interface: argument parsing and one module per command.
//!
//! Exit codes follow diff(1) and ripgrep: 0 success (valid, equal), 1 a negative
//! answer (invalid, different, would change), 2 usage or I/O errors.

pub mod args;
mod convert;
mod dedup;
mod diff;
mod explain;
mod fmt;
mod gen;
pub mod generate;
mod html;
mod perft;
mod picked;
mod show;
mod validate;

use std::ffi::{OsStr, OsString};
use std::io::{BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::fs::WriteError;
use crate::record::pipeline::source::Inputs;
use crate::variant::Variant;

/// Read, write, validate, convert and diff game records of chess variants.
#[derive(Parser, Debug)]
#[command(
    name = "fvnote",
    version,
    about,
    long_about = None,
    propagate_version = true,
    after_help = "Exit status: 0 success; 1 a negative answer (invalid game, difference, file would \
change); 2 usage or I/O error.\nRules: notation/rules.md; messages cite its ruling ids (GR2, FL5 …) and \
`fvnote explain ID` prints one. Notation: notation/. Man pages: `fvnote man DIR` writes them; \
shell completion: `fvnote completions SHELL`."
)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands, one variant each.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay every game of PGN files and report the first error of each.
    ///
    /// Each game is replayed through the rules of its Variant tag (-v's when
    /// it has none, else chess); the first error is reported with its file, line, column, token, position (FEN),
    /// ruling and "did you mean" suggestions. Lenient notation is a warning
    /// (an error with --strict). A PGN syntax error makes its game invalid
    /// and reading resumes at the next game.
    ///
    /// A game shows at most its first 100 warnings and 100 notes; the rest
    /// are counted ("N more warnings not shown"; `warnings_omitted` and
    /// `notes_omitted` in JSON, present when not zero), so one hostile game
    /// cannot fill memory or the screen. The summary counts them all.
    ///
    /// The summary line ("checked N games in F files: …") goes to stdout with
    /// --format human and to stderr with the other formats, so their stdout
    /// stays machine-readable. -q, --verbose and --color are accepted with
    /// every format (see each).
    ///
    /// Every format shows an input that could not be read, and a run that
    /// checked no game at all (an empty directory, empty standard input),
    /// as a failure; `--allow-empty` accepts the latter.
    ///
    /// Exit status: 0 all games valid, 1 some game invalid (or more warnings
    /// than --max-warnings), 2 usage or I/O error, or no game checked (an
    /// unreadable path is reported and the rest still checked).
    Validate(validate::ValidateArgs),
    /// Convert records: PGN to JSON/JSON Lines/canonical PGN/FEN list, JSON to PGN.
    #[command(
        after_help = "Games are converted one by one, each checked as `validate` checks it: an \
invalid game is said on stderr (error[ID]: FILE:LINE:COLUMN: ...) and written where the form \
can show it as it is (PGN and JSON keep it with its damage, JSON with its verdict), or refused \
with a note (a FEN or Game Courier list, a game PGN cannot hold); nothing is repaired. A game \
that could not be read is copied byte for byte into PGN. Bytes that are not UTF-8 are errors \
(--encoding names another encoding).\n--in-place rewrites a file only into its own syntax \
(PGN to PGN, JSON to JSON or JSON Lines), and leaves it unchanged unless every game of it is \
valid.\n\
Exit status: 0 every game valid and written; 1 some game invalid or not written; 2 usage or \
I/O error (an -o file is then not written).\n\
`%` escape lines are skipped, as PGN readers do; --in-place refuses a file that has one, \
since replacing it would delete the line.\n\
The JSON form is specified in notation/json.md."
    )]
    Convert(convert::ConvertArgs),
    /// Rewrite PGN files in canonical layout and SAN, losing nothing.
    #[command(
        after_help = "Tags, comments (and [%...] commands), NAGs, variations and results \
are kept.\nA file with a syntax error, an illegal or ambiguous move, an unreadable FEN tag, \
bytes that are not UTF-8, or a `%` escape line (which PGN readers skip, so rewriting would \
delete it) is reported and left untouched. Rewritten files keep their mode, owner and links \
(README: \"What fvnote does to your files\").\nExit status: 0 all formatted (or already canonical); 1 with \
--check, some file would change, or some game is invalid (its file is left as it is); 2 usage \
or I/O error."
    )]
    Fmt(fmt::FmtArgs),
    /// Drop identical games and earlier sendings of re-sent games.
    #[command(
        after_help = "Identical: the same tags, moves, comments, variations and result, \
whatever the layout. Re-sent: the same tags but Result, Date, Time, UTCDate, UTCTime and PlyCount, \
both replaying without an error, one main line (canonical SAN) a prefix of the other's: \
the longest is kept (of equal ones, the last). Games kept are written byte for byte as read; \
each game dropped is reported on stderr, and each invalid game said as `validate` says it.\n\
Exit status: 0 done, every game valid; 1 some game invalid (kept or dropped as any other); 2 \
usage or I/O error."
    )]
    Dedup(dedup::DedupArgs),
    /// Show what differs between two positions or two records' main lines.
    ///
    /// A and B are FENs (with --variant) or `RECORD.pgn[:N[-M]][@ply]`. When
    /// both are records without @ply, their main lines are compared move by
    /// move; otherwise the two positions are: pieces added, removed and
    /// moved, cells that became holes and back, hands, side to move,
    /// castling, en passant, counters, cages.
    ///
    /// Two places in one game are compared piece by piece: each piece is
    /// followed through the plies between them, so a piece a quake, slide
    /// or cage carried is reported as carried (not captured), a frame
    /// re-lettered by a quake is said, and captures, pocketings, drops and
    /// promotions are listed with their ply; squares are named in the later
    /// position's frame. Two unrelated positions whose square names do not
    /// mean the same places (other frames) are not paired by square: the
    /// diff says the frames differ and compares the material.
    ///
    /// A position taken from an invalid game has the game's error said on
    /// stderr, as `validate` says it.
    ///
    /// Exit status: 0 equal, 1 different (as diff(1)), 2 usage or I/O error.
    Diff(diff::DiffArgs),
    /// Draw a position as text (or SVG).
    ///
    /// A position taken from a record (`RECORD.pgn[:N][@ply]`) comes from a
    /// game read as `validate` reads it: an invalid game's error is said on
    /// stderr, and a ply its main line does not reach is refused.
    ///
    /// Exit status: 0 drawn; 1 the game is invalid (drawn if its main line
    /// reaches the ply); 2 usage or I/O error.
    Show(show::ShowArgs),
    /// Write a self-contained HTML replay page of a game (or of every game).
    ///
    /// The page steps through every position of the main line and its
    /// variations (keys ← → Home End, f flips), lists the moves with comments
    /// and NAGs, shows the tags and the validation verdict, and needs no
    /// network access. Exit status: 0 valid; 1 some game invalid (its page
    /// shows where it breaks); 2 usage or I/O error.
    Html(html::HtmlArgs),
    /// List the legal moves of a position in canonical SAN.
    ///
    /// A position taken from a record comes from a game read as `validate`
    /// reads it: an invalid game's error is said on stderr.
    ///
    /// Exit status: 0 listed; 1 the game is invalid (listed if its main line
    /// reaches the ply); 2 usage or I/O error.
    Moves(show::MovesArgs),
    /// Count the leaf nodes of the legal move tree (ruling G7).
    ///
    /// Exit status: 0 counted; 2 usage error (a FEN that cannot be read).
    Perft(perft::PerftArgs),
    /// Generate random legal games as PGN (deterministic for a seed).
    ///
    /// Exit status: 0 written; 2 usage or I/O error.
    Gen(gen::GenArgs),
    /// List the variants: identifier, aliases, summary.
    ///
    /// Exit status: 0.
    Variants,
    /// Print a ruling from the rule book (notation/rules.md), as messages cite it.
    ///
    /// `fvnote explain FL5` prints ruling FL5 with its example; ids are not
    /// case sensitive. Without an id, lists every ruling.
    ///
    /// Exit status: 0 printed; 2 an unknown id (the known ids are listed).
    Explain(explain::ExplainArgs),
    /// Write the man pages (fvnote.1 and a page per command) into DIR.
    ///
    /// For an installed binary (`cargo install`), which has no man/
    /// directory beside it: `fvnote man ~/.local/share/man/man1` lets
    /// `man fvnote-validate` find them. The pages are those the repository
    /// keeps in man/.
    ///
    /// Exit status: 0 written; 2 a page could not be written.
    Man(generate::ManArgs),
    /// Print the completion script of a shell to standard output.
    ///
    /// Redirect it where the shell loads completions from (see the man
    /// page's examples). The bash, zsh and fish scripts are those the
    /// repository keeps in man/completions/.
    ///
    /// Exit status: 0 printed; 2 an unknown shell.
    Completions(generate::CompletionsArgs),
    /// Write man pages and shell completions into DIR (the repository's
    /// man/; `fvnote man` and `fvnote completions` are the public way).
    #[command(hide = true)]
    GenerateMan {
        /// Output directory (the repository keeps them in `man/`).
        dir: std::path::PathBuf,
    },
}

/// An error that ends the command, with its exit code.
#[derive(Debug)]
pub struct CliError {
    /// The exit status: 2 for usage and I/O errors, 0 when the reader of
    /// standard output went away.
    pub code: u8,
    /// What went wrong, for standard error.
    pub message: String,
}

impl CliError {
    /// The game a command needs is invalid, and what it could not do
    /// (exit 1; the game's error is said before).
    pub fn invalid(message: impl Into<String>) -> CliError {
        CliError {
            code: 1,
            message: message.into(),
        }
    }
    /// A usage error (exit 2).
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            code: 2,
            message: message.into(),
        }
    }
    /// An I/O error (exit 2); a closed pipe is told apart (see
    /// [`CliError::is_broken_pipe`]).
    pub fn io(context: &str, err: std::io::Error) -> CliError {
        if err.kind() == std::io::ErrorKind::BrokenPipe {
            return CliError {
                code: 0,
                message: BROKEN_PIPE.into(),
            };
        }
        CliError {
            code: 2,
            message: format!("{context}: {err}"),
        }
    }
    /// A file not written (exit 2).
    pub fn write(err: WriteError) -> CliError {
        match err.io_error() {
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                CliError::io("", std::io::Error::from(std::io::ErrorKind::BrokenPipe))
            }
            _ => CliError::usage(err.to_string()),
        }
    }
    /// The reader of the output went away: end quietly.
    pub fn is_broken_pipe(&self) -> bool {
        self.message == BROKEN_PIPE || self.message.ends_with("Broken pipe (os error 32)")
    }
}

const BROKEN_PIPE: &str = "broken pipe";

/// Refuses outputs that are inputs, or that two outputs share: writing
/// one would destroy what is read, or what the other wrote.
pub fn refuse_clashes(inputs: &Inputs, outputs: &[(&str, &Path)]) -> Result<(), CliError> {
    let read: Vec<&Path> = inputs.list.iter().filter_map(|i| i.path()).collect();
    crate::fs::check_outputs(&read, outputs).map_err(|e| CliError::usage(e.to_string()))
}

/// Refuses what would lose games where a command writes the games it reads
/// to `-o FILE` (`output`) or over its inputs (`in_place`): rewriting the
/// inputs with only the games chosen (`FILE:N`, `--where`), or an output
/// that is an input.
pub fn refuse_lossy_writes(
    inputs: &Inputs,
    read: &args::ReadArgs,
    output: Option<&Path>,
    in_place: bool,
) -> Result<(), CliError> {
    let chosen = inputs.list.iter().any(|i| i.games.is_some()) || !read.conditions.is_empty();
    if in_place && chosen {
        return Err(CliError::usage(
            "--in-place with FILE:N or --where would delete the games not chosen: write them with -o",
        ));
    }
    let outs: Vec<(&str, &Path)> = output.map(|o| ("-o", o)).into_iter().collect();
    refuse_clashes(inputs, &outs)
}

/// Commands whose positional inputs may name standard input's games as
/// `-:N` or `-:N-M`.
const STDIN_GAMES_COMMANDS: [&str; 2] = ["validate", "convert"];

/// Marks an input `-:N[-M]` while clap reads the arguments: an argument
/// never holds a NUL byte, so the mark cannot meet a real one.
const MARK: char = '\0';

/// Parses the command line. `-:N` and `-:N-M` (standard input, games N to
/// M) start with `-`, so clap would take them for flags; given where an
/// input may stand, they are read as inputs, as `-- -:N` is, while flags
/// (`-q`, `--format`) stay flags and an unknown one stays an error.
pub fn parse_args(args: impl IntoIterator<Item = impl Into<OsString>>) -> Result<Cli, clap::Error> {
    let mut cli =
        Cli::try_parse_from(mark_stdin_games(args.into_iter().map(Into::into).collect()))?;
    match &mut cli.command {
        Command::Validate(a) => {
            for p in &mut a.paths {
                if let Some(rest) = p.strip_prefix(MARK) {
                    *p = rest.to_owned();
                }
            }
        }
        Command::Convert(a) => {
            for p in &mut a.inputs {
                if let Some(rest) = p.strip_prefix(MARK) {
                    *p = rest.to_owned();
                }
            }
        }
        _ => {}
    }
    Ok(cli)
}

/// Whether `arg` is `-:N` or `-:N-M`.
fn is_stdin_games(arg: &OsStr) -> bool {
    arg.to_str()
        .and_then(|s| s.strip_prefix("-:"))
        .is_some_and(crate::record::pipeline::select::looks_numbered)
}

/// `args` with each `-:N[-M]` that stands where an input may (after a
/// command of [`STDIN_GAMES_COMMANDS`], before `--`, not the value of an
/// option) marked with [`MARK`].
fn mark_stdin_games(mut args: Vec<OsString>) -> Vec<OsString> {
    // Building the command tree costs a millisecond: only when needed.
    if !args.iter().any(|a| is_stdin_games(a)) {
        return args;
    }
    let root = Cli::command();
    // The command is the first argument after the program that is not a flag.
    let Some((at, cmd)) = args.iter().enumerate().skip(1).find_map(|(i, a)| {
        let name = a.to_str()?;
        (!name.starts_with('-')).then(|| (i, root.find_subcommand(name)))
    }) else {
        return args;
    };
    let Some(cmd) = cmd.filter(|c| STDIN_GAMES_COMMANDS.contains(&c.get_name())) else {
        return args;
    };
    let takes_value = |a: &clap::Arg| a.get_action().takes_values() && !a.is_positional();
    // Whether the argument at `i` is an option waiting for its value.
    let wants_value = |arg: &OsStr| -> bool {
        let Some(arg) = arg.to_str() else {
            return false;
        };
        if let Some(long) = arg.strip_prefix("--") {
            return !long.contains('=')
                && cmd.get_arguments().any(|a| {
                    takes_value(a)
                        && (a.get_long() == Some(long)
                            || a.get_all_aliases().is_some_and(|al| al.contains(&long)))
                });
        }
        let Some(shorts) = arg.strip_prefix('-') else {
            return false;
        };
        // `-qo` waits for -o's value; `-ofile` holds it.
        for (i, c) in shorts.char_indices() {
            if let Some(a) = cmd.get_arguments().find(|a| a.get_short() == Some(c)) {
                if takes_value(a) {
                    return i + c.len_utf8() == shorts.len();
                }
            }
        }
        false
    };
    for i in at + 1..args.len() {
        if args[i] == "--" {
            break;
        }
        if is_stdin_games(&args[i]) && !wants_value(&args[i - 1]) {
            let mut marked = OsString::from(MARK.to_string());
            marked.push(&args[i]);
            args[i] = marked;
        }
    }
    args
}

/// Runs the binary.
pub fn main() -> ExitCode {
    ExitCode::from(main_with_args(std::env::args_os()))
}

/// The binary's work on `args` (the program name first), with its exit
/// status: for a host of the command other than the binary (the Python
/// package's `fvnote`), which must not be ended by `clap`'s own exit.
pub fn main_with_args(args: impl IntoIterator<Item = impl Into<OsString>>) -> u8 {
    let cli = match parse_args(args) {
        Ok(cli) => cli,
        Err(e) => {
            // As `clap::Error::exit` does, but returning the status.
            let _ = e.print();
            let _ = std::io::stdout().flush();
            return u8::try_from(e.exit_code()).unwrap_or(2);
        }
    };
    crate::fs::cleanup_on_signals();
    let stdout = std::io::stdout();
    // A terminal sees each line as it is written; a pipe or file gets
    // blocks (one write per line was a tenth of `validate`'s time).
    let mut out: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(BufWriter::with_capacity(1 << 16, stdout.lock()))
    };
    let result = run(cli, &mut out);
    let result = match (result, out.flush()) {
        (Ok(_), Err(e)) => Err(CliError::io("stdout", e)),
        (result, _) => result,
    };
    match result {
        Ok(code) => code,
        Err(e) if e.is_broken_pipe() => 0,
        Err(e) => {
            eprintln!("error: {}", e.message);
            e.code
        }
    }
}

/// Runs one command, writing its output to `out`; returns the exit code.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<u8, CliError> {
    let result = match cli.command {
        Command::Perft(args) => perft::run(&args, out),
        Command::Variants => variants(out),
        Command::Explain(args) => explain::run(&args, out),
        Command::Moves(args) => show::moves(&args, out),
        Command::Show(args) => show::show(&args, out),
        Command::Html(args) => html::run(&args, out),
        Command::Validate(args) => validate::run(&args, out),
        Command::Diff(args) => diff::run(&args, out),
        Command::GenerateMan { dir } => generate::write_all(&dir)
            .map(|n| {
                eprintln!("wrote {n} files under {}", dir.display());
                0
            })
            .map_err(|e| CliError::io(&dir.display().to_string(), e)),
        Command::Man(args) => generate::man(&args),
        Command::Completions(args) => generate::completions(&args, out),
        Command::Convert(args) => convert::run(&args, out),
        Command::Fmt(args) => fmt::run(&args, out),
        Command::Dedup(args) => dedup::run(&args, out),
        Command::Gen(args) => gen::run(&args, out),
    };
    match result {
        // A closed pipe (`fvnote moves … | head`) is not an error.
        Err(e) if e.is_broken_pipe() => Ok(0),
        r => r,
    }
}

fn variants(out: &mut dyn Write) -> Result<u8, CliError> {
    // The summaries line up after the longest identifier.
    let width = Variant::ALL.iter().map(|v| v.id().len()).max().unwrap_or(0);
    for v in Variant::ALL {
        writeln!(out, "{:<width$} {}", v.id(), v.summary())
            .map_err(|e| CliError::io("stdout", e))?;
        writeln!(out, "{:<width$} aliases: {}", "", v.aliases().join(", "))
            .map_err(|e| CliError::io("stdout", e))?;
    }
    Ok(0)
}
