//! Man pages and shell completions generated from the clap definitions.
//!
//! `fvnote man DIR` writes `DIR/fvnote.1` and one `DIR/fvnote-CMD.1` a
//! command; `fvnote completions SHELL` prints one shell's script. The
//! hidden `fvnote generate-man DIR` writes both, the scripts under
//! `DIR/completions/` (`fvnote.bash`, `_fvnote`, `fvnote.fish`): the
//! committed copies live in `man/`, and a test fails when they are stale.
//!
//! clap_mangen renders each page; its SYNOPSIS (options without their
//! values), SUBCOMMANDS (which names a `fvnote-help(1)` that does not exist)
//! and EXTRA (the `after_help` text as one run-on paragraph) are replaced.
//! Each page gets EXAMPLES, SEE ALSO and, for commands that read or print
//! moves, NOTATION (the legend of move tokens, FEN extensions and ruling
//! ids), before VERSION.

use std::path::{Path, PathBuf};

use clap::{Arg, ArgAction, Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, CliError};
use crate::fs::{write_file, WriteOptions};

/// `fvnote man DIR`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// The directory to write the pages into (made if missing), e.g.
    /// ~/.local/share/man/man1; a page there is replaced.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

/// `fvnote completions SHELL`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell whose completion script to print.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

/// The shells whose scripts `man/completions/` keeps, and their file names.
pub const KEPT_SHELLS: [(Shell, &str); 3] = [
    (Shell::Bash, "fvnote.bash"),
    (Shell::Zsh, "_fvnote"),
    (Shell::Fish, "fvnote.fish"),
];

/// The man pages: (file name, contents), `fvnote.1` first.
pub fn man_pages() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = Cli::command();
    cmd.build();
    let mut pages = Vec::new();
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut buf)?;
    pages.push(("fvnote.1".to_owned(), page(buf, &cmd, "")));
    for sub in shown(&cmd) {
        let name = format!("fvnote-{}", sub.get_name());
        let mut buf = Vec::new();
        clap_mangen::Man::new(sub.clone())
            .title(name.clone())
            .render(&mut buf)?;
        pages.push((format!("{name}.1"), page(buf, sub, sub.get_name())));
    }
    Ok(pages)
}

/// The completion script of `shell`.
pub fn completion(shell: Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "fvnote", &mut buf);
    buf
}

/// Every file `generate-man` writes: (path relative to the output
/// directory, contents).
pub fn generated_files() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut files = man_pages()?;
    for (shell, file) in KEPT_SHELLS {
        files.push((format!("completions/{file}"), completion(shell)));
    }
    Ok(files)
}

/// Writes every generated file under `dir` (`generate-man`).
pub fn write_all(dir: &Path) -> std::io::Result<usize> {
    let files = generated_files()?;
    std::fs::create_dir_all(dir.join("completions"))?;
    for (rel, bytes) in &files {
        std::fs::write(dir.join(rel), bytes)?;
    }
    Ok(files.len())
}

/// `fvnote man DIR`: writes the pages, each atomically; says how many on
/// standard error.
pub fn man(args: &ManArgs) -> Result<u8, CliError> {
    let dir = &args.dir;
    std::fs::create_dir_all(dir).map_err(|e| CliError::io(&dir.display().to_string(), e))?;
    let pages = man_pages().map_err(|e| CliError::io("rendering the man pages", e))?;
    for (name, bytes) in &pages {
        write_file(&dir.join(name), bytes, &WriteOptions::default()).map_err(CliError::write)?;
    }
    eprintln!("wrote {} man pages into {}", pages.len(), dir.display());
    Ok(0)
}

/// `fvnote completions SHELL`: the script to `out`.
pub fn completions(args: &CompletionsArgs, out: &mut dyn std::io::Write) -> Result<u8, CliError> {
    out.write_all(&completion(args.shell))
        .map_err(|e| CliError::io("stdout", e))?;
    Ok(0)
}

/// The commands that get a page: not hidden, not `help`.
fn shown(cmd: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    cmd.get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
}

/// Example command lines of each page: (command line, what it does).
fn examples(command: &str) -> &'static [(&'static str, &'static str)] {
    match command {
        "" => &[
            ("fvnote validate games/", "check every game of every *.pgn file under games/"),
            ("fvnote explain FL5", "print ruling FL5, which a message cited"),
            ("fvnote moves -v fault-line '*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBNR* w KQkq - 0 1'", "list the legal moves of the Fault Line start"),
            ("fvnote fmt --check --diff games/", "show what fmt would change"),
            ("fvnote man ~/.local/share/man/man1", "install these pages for man(1)"),
        ],
        "validate" => &[
            ("fvnote validate fixtures/", "check a directory; errors with their source line and ruling"),
            ("fvnote validate -q --max-warnings 0 games.pgn", "errors only; any lenient notation fails the run"),
            ("fvnote validate --deny warnings games.pgn", "lenient notation is an error (as --strict)"),
            ("fvnote validate --format sarif games/ > fvnote.sarif", "a SARIF log for code scanning"),
            ("fvnote validate --format junit games/ > report.xml", "JUnit XML for a CI test widget"),
            ("fvnote validate --format github games/", "annotations in a GitHub Actions job, and a table of every failure in $GITHUB_STEP_SUMMARY"),
            ("cat games.pgn | fvnote validate --format json", "JSON Lines from standard input"),
            ("cat games.pgn | fvnote validate --format junit > report.xml", "JUnit XML of standard input's games"),
            ("fvnote validate -v fault-line --strict untagged/", "games without a Variant tag are Fault Line games"),
            ("fvnote validate --where 'WhiteElo>=2500' --where 'Date<2020.01.01' archive.pgn.zst", "the games of a zstd-compressed archive with White rated 2500 or more, played before 2020"),
        ],
        "convert" => &[
            ("fvnote convert --to json games.pgn -o games.json", "PGN to JSON"),
            ("fvnote convert --to jsonl --fens games.pgn", "JSON Lines with the FEN after every ply"),
            ("fvnote convert --to pgn games.json", "JSON back to PGN"),
            ("fvnote convert --to fen games.pgn", "the FEN of every main-line position"),
            ("fvnote convert --to jsonl --where 'Result!=*' archive/ > finished.jsonl", "the finished games of an archive as JSON Lines"),
            ("fvnote convert --to pgn -v grid untagged.pgn", "canonical PGN, each game without a Variant tag given [Variant \"grid\"]"),
            ("fvnote convert --to pgn --strip comments,nags,variations games.pgn.gz -o bare.pgn", "the main lines alone, from a gzip-compressed archive"),
        ],
        "dedup" => &[
            ("fvnote dedup archive.pgn -o kept.pgn", "the games of archive.pgn without repeats, into kept.pgn"),
            ("fvnote dedup --in-place correspondence/", "drop repeats across every *.pgn under correspondence/, rewriting the files that lose a game"),
        ],
        "html" => &[
            ("fvnote html games.pgn:3 -o game3.html", "a replay page of game 3"),
            ("fvnote html --all games.pgn -o site/", "a page per game and site/index.html"),
        ],
        "man" => &[
            ("fvnote man ~/.local/share/man/man1", "install the pages where man(1) finds them for this user"),
            ("fvnote man /usr/local/share/man/man1", "install them for every user (as root)"),
        ],
        "completions" => &[
            ("fvnote completions bash > ~/.local/share/bash-completion/completions/fvnote", "bash completion for this user"),
            ("fvnote completions zsh > ~/.zfunc/_fvnote", "zsh completion (with ~/.zfunc in $fpath)"),
            ("fvnote completions fish > ~/.config/fish/completions/fvnote.fish", "fish completion"),
        ],
        "fmt" => &[
            ("fvnote fmt games/", "rewrite every *.pgn under games/ in canonical form"),
            ("fvnote fmt --check --diff games.pgn", "show the change as a unified diff; exit 1 if any"),
            ("fvnote fmt - < in.pgn > out.pgn", "format standard input to standard output"),
        ],
        "diff" => &[
            ("fvnote diff a.pgn b.pgn", "compare two records' main lines move by move"),
            ("fvnote diff games.pgn:1@10 games.pgn:1@12", "compare two positions of a game"),
        ],
        "show" => &[
            ("fvnote show games.pgn:2@15", "the position after ply 15 of game 2"),
            ("fvnote show -v slide --svg start.svg '****1****/*rnbkbnr*/*ppppppp*/*7*/*7*/*PPPPPPP*/*RNBKBNR*/****1**** w - - 0 1 e8e1'", "draw a FEN, and write an SVG"),
        ],
        "moves" => &[
            ("fvnote moves -v quake '<FEN>'", "the legal moves of a Quake position, in canonical SAN"),
            ("fvnote moves --format json games.pgn@4", "as JSON, after ply 4 of the first game"),
        ],
        "perft" => &[("fvnote perft -v fault-line 3", "count the leaf nodes three plies deep (ruling G7)")],
        "gen" => &[("fvnote gen grid 10 --seed 7 -o grid.pgn", "ten random legal Grid Chess games")],
        "variants" => &[("fvnote variants", "list the variant identifiers and their aliases")],
        "explain" => &[
            ("fvnote explain", "list every ruling id with its title"),
            ("fvnote explain qk3", "print ruling QK3 (ids are not case sensitive)"),
        ],
        _ => &[],
    }
}

/// The legend of the notation (for pages of commands that read or print moves).
const NOTATION: &str = r#".SH NOTATION
.TP
\fBe4, Nf3, exd5, O\-O, e8=Q, +, #\fR
Standard algebraic notation (SAN); \fBO\-O\fR castles towards the h side and \fBO\-O\-O\fR towards the a side.
.TP
\fBS1e, S4w\fR
Fault Line: slide rank 1 east, rank 4 west (rulings FL4, FL9).
.TP
\fBK\-qn, K\-qs, K\-qe, K\-qw\fR
Quake Chess: the king quakes its strip north, south, east or west (QK1).
.TP
\fBN@e4, P@e4\fR
Quake Chess: drop a piece from hand (QK7).
.TP
\fBRN, NB, BR \fR...
Quake LB two\-letter pieces, hunter first: captures like the first letter, moves like the second (QK0).
.TP
\fBC\-a5, C>e1, C>e1/e7=Q\fR
Slide\-chess: relocate the cage; push it across a line, with promotions after a slash (SC1\-SC3).
.TP
\fB*\fR, \fB[PNp]\fR, \fBe8e1\fR
FEN extensions: a hole; pieces in hand; Slide\-chess cage squares (a seventh field).
.TP
\fBG1 CH1 GR2 RF3 FL5 QK2 SC4\fR ...
Ruling ids in messages: G all variants, CH chess, GR Grid, RF Rank and File, FL Fault Line, QK Quake, SC Slide\-chess. \fBfvnote explain ID\fR prints one; all are in notation/rules.md.
"#;

/// Text for a roff line: backslashes and hyphens escaped, and a line that
/// would start with a control character (`.` or `'`) kept as text.
fn roff_text(s: &str) -> String {
    let s = s.replace('\\', "\\e").replace('-', "\\-");
    match s.starts_with(['.', '\'']) {
        true => format!("\\&{s}"),
        false => s,
    }
}

/// Bold text.
fn bold(s: &str) -> String {
    format!("\\fB{}\\fR", roff_text(s))
}

/// Italic text.
fn italic(s: &str) -> String {
    format!("\\fI{}\\fR", roff_text(s))
}

/// What stands for an argument's value: its value names, else its id in
/// capitals (as `--help` shows it).
fn value_name(arg: &Arg) -> String {
    match arg.get_value_names() {
        Some(names) if !names.is_empty() => names
            .iter()
            .map(|n| n.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        _ => arg.get_id().as_str().to_uppercase(),
    }
}

/// Whether an argument may be given more than once (or takes many values).
fn repeats(arg: &Arg) -> bool {
    matches!(arg.get_action(), ArgAction::Append | ArgAction::Count)
        || arg.get_num_args().is_some_and(|n| n.max_values() > 1)
}

/// The synopsis line: the command, every option with its value, the
/// positionals, and for the top command `COMMAND`.
fn synopsis(cmd: &clap::Command, command: &str) -> String {
    let name = match command {
        "" => "fvnote".to_owned(),
        c => format!("fvnote {c}"),
    };
    let mut parts = vec![bold(&name)];
    let args: Vec<&Arg> = cmd.get_arguments().filter(|a| !a.is_hide_set()).collect();
    for arg in args.iter().filter(|a| !a.is_positional()) {
        let mut flag = match (arg.get_short(), arg.get_long()) {
            (Some(s), Some(l)) => format!("{}|{}", bold(&format!("-{s}")), bold(&format!("--{l}"))),
            (Some(s), None) => bold(&format!("-{s}")),
            (None, Some(l)) => bold(&format!("--{l}")),
            (None, None) => continue,
        };
        if arg.get_action().takes_values() {
            flag = format!("{flag} {}", italic(&value_name(arg)));
        }
        if repeats(arg) {
            flag.push_str("...");
        }
        parts.push(match arg.is_required_set() {
            true => flag,
            false => format!("[{flag}]"),
        });
    }
    for arg in args.iter().filter(|a| a.is_positional()) {
        let mut value = italic(&value_name(arg));
        if repeats(arg) {
            value.push_str("...");
        }
        parts.push(match arg.is_required_set() {
            true => value,
            false => format!("[{value}]"),
        });
    }
    if cmd.has_subcommands() {
        parts.push(format!("{} [{}]", italic("COMMAND"), italic("ARGS")));
    }
    parts.join(" ")
}

/// The commands of the top page, each with its page.
fn subcommands(cmd: &clap::Command) -> String {
    let mut out = String::from(".SH COMMANDS\n");
    for sub in shown(cmd) {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        out.push_str(&format!(
            ".TP\n{}(1)\n{}\n",
            bold(&format!("fvnote-{}", sub.get_name())),
            roff_text(&about)
        ));
    }
    out.push_str(&format!(
        ".PP\n{} prints a command\\*(Aqs help.\n",
        bold("fvnote help COMMAND")
    ));
    out
}

/// The `after_help` text as paragraphs, one a line; an `Examples:` block
/// is left out (EXAMPLES lists them, with what each does).
fn notes(cmd: &clap::Command) -> String {
    let Some(text) = cmd.get_after_long_help().or(cmd.get_after_help()) else {
        return String::new();
    };
    let mut out = String::from(".SH NOTES\n");
    let mut in_examples = false;
    let mut first = true;
    for line in text.to_string().lines() {
        if line == "Examples:" {
            in_examples = true;
            continue;
        }
        if in_examples && line.starts_with("  ") {
            continue;
        }
        in_examples = false;
        if !first {
            out.push_str(".PP\n");
        }
        first = false;
        out.push_str(&roff_text(line));
        out.push('\n');
    }
    match first {
        true => String::new(),
        false => out,
    }
}

/// The `Examples:` lines of a command's `--help`, for the test that
/// EXAMPLES holds each.
pub fn help_examples(command: &str) -> Vec<String> {
    let cmd = Cli::command();
    let Some(sub) = cmd.find_subcommand(command) else {
        return Vec::new();
    };
    let text = sub
        .get_after_long_help()
        .or(sub.get_after_help())
        .map(|t| t.to_string())
        .unwrap_or_default();
    text.lines()
        .skip_while(|l| *l != "Examples:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().to_owned())
        .collect()
}

/// The example command lines of a page, as the man page lists them.
pub fn example_lines(command: &str) -> Vec<&'static str> {
    examples(command).iter().map(|(line, _)| *line).collect()
}

/// Other pages to read: the top page lists every command's; a command's
/// names the top page and the commands its text refers to.
fn see_also(cmd: &clap::Command, command: &str) -> String {
    let root = Cli::command();
    let pages: Vec<String> = match command {
        "" => shown(cmd)
            .map(|s| format!("fvnote-{}", s.get_name()))
            .collect(),
        _ => {
            let text = format!(
                "{} {}",
                cmd.get_long_about()
                    .map(|t| t.to_string())
                    .unwrap_or_default(),
                cmd.get_after_help()
                    .map(|t| t.to_string())
                    .unwrap_or_default()
            );
            let mut pages = vec!["fvnote".to_owned()];
            for other in shown(&root).map(|s| s.get_name()) {
                let cited = text.contains(&format!("`{other}`"))
                    || text.contains(&format!("fvnote {other}"));
                if other != command && cited {
                    pages.push(format!("fvnote-{other}"));
                }
            }
            pages
        }
    };
    let refs: Vec<String> = pages.iter().map(|p| format!("{}(1)", bold(p))).collect();
    format!(".SH SEE ALSO\n{}\n", refs.join(", "))
}

/// The sections of a roff page: what comes before the first `.SH`, then
/// each section's name and its text (its `.SH` line included).
fn sections(page: &str) -> (String, Vec<(String, String)>) {
    let mut head = String::new();
    let mut list: Vec<(String, String)> = Vec::new();
    for line in page.split_inclusive('\n') {
        if let Some(name) = line.strip_prefix(".SH ") {
            list.push((name.trim().to_owned(), line.to_owned()));
        } else if let Some((_, text)) = list.last_mut() {
            text.push_str(line);
        } else {
            head.push_str(line);
        }
    }
    (head, list)
}

/// clap_mangen's page with its SYNOPSIS, SUBCOMMANDS and EXTRA replaced,
/// and EXAMPLES, NOTATION and SEE ALSO before its VERSION.
fn page(rendered: Vec<u8>, cmd: &clap::Command, command: &str) -> Vec<u8> {
    let text = String::from_utf8_lossy(&rendered).into_owned();
    let (mut out, list) = sections(&text);
    for (name, section) in list {
        match name.as_str() {
            "SYNOPSIS" => {
                out.push_str(&format!(".SH SYNOPSIS\n{}\n", synopsis(cmd, command)));
            }
            "SUBCOMMANDS" => out.push_str(&subcommands(cmd)),
            "EXTRA" => out.push_str(&notes(cmd)),
            "VERSION" => {
                out.push_str(&extra_sections(cmd, command));
                out.push_str(&section);
            }
            _ => out.push_str(&section),
        }
    }
    out.into_bytes()
}

/// EXAMPLES, NOTATION (for commands that read or print moves) and SEE ALSO.
fn extra_sections(cmd: &clap::Command, command: &str) -> String {
    let mut extra = String::new();
    let list = examples(command);
    if !list.is_empty() {
        extra.push_str(".SH EXAMPLES\n");
        for (line, what) in list {
            extra.push_str(&format!(".TP\n{}\n{}\n", bold(line), roff_text(what)));
        }
    }
    if matches!(
        command,
        "" | "validate" | "convert" | "fmt" | "diff" | "show" | "moves" | "explain"
    ) {
        extra.push_str(NOTATION);
    }
    extra.push_str(&see_also(cmd, command));
    extra
}
