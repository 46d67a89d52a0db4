//! Man pages and shell completions generated from the clap definitions.
//!
//! `fvnote generate-man DIR` writes `DIR/fvnote.1`, one `DIR/fvnote-CMD.1` a
//! subcommand, and `DIR/completions/{fvnote.bash,_fvnote,fvnote.fish}`. The
//! committed copies live in `man/`; a test fails when they are stale.
//!
//! Each page gets an EXAMPLES section, and the pages of commands that read
//! or print moves a NOTATION section (the legend of move tokens, FEN
//! extensions and ruling ids), placed before VERSION.

use std::path::Path;

use clap::CommandFactory;
use clap_complete::Shell;

use super::Cli;

/// Every generated file: (path relative to the output directory, contents).
pub fn generated_files() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    let mut cmd = Cli::command();
    cmd.build();
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut buf)?;
    files.push(("fvnote.1".to_owned(), with_extra_sections(buf, "")));
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        let name = format!("fvnote-{}", sub.get_name());
        let mut buf = Vec::new();
        clap_mangen::Man::new(sub.clone())
            .title(name.clone())
            .render(&mut buf)?;
        files.push((
            format!("{name}.1"),
            with_extra_sections(buf, sub.get_name()),
        ));
    }
    for (shell, file) in [
        (Shell::Bash, "fvnote.bash"),
        (Shell::Zsh, "_fvnote"),
        (Shell::Fish, "fvnote.fish"),
    ] {
        let mut buf = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "fvnote", &mut buf);
        files.push((format!("completions/{file}"), buf));
    }
    Ok(files)
}

/// Writes every generated file under `dir`.
pub fn write_all(dir: &Path) -> std::io::Result<usize> {
    let files = generated_files()?;
    std::fs::create_dir_all(dir.join("completions"))?;
    for (rel, bytes) in &files {
        std::fs::write(dir.join(rel), bytes)?;
    }
    Ok(files.len())
}

/// Example command lines of each page: (command line, what it does).
fn examples(command: &str) -> &'static [(&'static str, &'static str)] {
    match command {
        "" => &[
            ("fvnote validate games/", "check every game of every *.pgn file under games/"),
            ("fvnote explain FL5", "print ruling FL5, which a message cited"),
            ("fvnote moves -v fault-line '*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBNR* w KQkq - 0 1'", "list the legal moves of the Fault Line start"),
            ("fvnote fmt --check --diff games/", "show what fmt would change"),
        ],
        "validate" => &[
            ("fvnote validate fixtures/", "check a directory; errors with their source line and ruling"),
            ("fvnote validate -q --max-warnings 0 games.pgn", "errors only; any lenient notation fails the run"),
            ("fvnote validate --deny warnings games.pgn", "lenient notation is an error (as --strict)"),
            ("fvnote validate --format sarif games/ > fvnote.sarif", "a SARIF log for code scanning"),
            ("fvnote validate --format junit games/ > report.xml", "JUnit XML for a CI test widget"),
            ("fvnote validate --format github games/", "annotations in a GitHub Actions job, and a table of every failure in $GITHUB_STEP_SUMMARY"),
            ("cat games.pgn | fvnote validate --format json", "JSON Lines from standard input"),
        ],
        "convert" => &[
            ("fvnote convert --to json games.pgn -o games.json", "PGN to JSON"),
            ("fvnote convert --to jsonl --fens games.pgn", "JSON Lines with the FEN after every ply"),
            ("fvnote convert --to pgn games.json", "JSON back to PGN"),
            ("fvnote convert --to fen games.pgn", "the FEN of every main-line position"),
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

/// Text for a roff line: backslashes and hyphens escaped.
fn roff_text(s: &str) -> String {
    s.replace('\\', "\\e").replace('-', "\\-")
}

/// `page` with EXAMPLES (and, for commands that read moves, NOTATION)
/// before its VERSION section.
fn with_extra_sections(page: Vec<u8>, command: &str) -> Vec<u8> {
    let mut extra = String::new();
    let list = examples(command);
    if !list.is_empty() {
        extra.push_str(".SH EXAMPLES\n");
        for (line, what) in list {
            extra.push_str(&format!(
                ".TP\n\\fB{}\\fR\n{}\n",
                roff_text(line),
                roff_text(what)
            ));
        }
    }
    if matches!(
        command,
        "" | "validate" | "convert" | "fmt" | "diff" | "show" | "moves" | "explain"
    ) {
        extra.push_str(NOTATION);
    }
    let text = String::from_utf8_lossy(&page).into_owned();
    let at = text.find(".SH VERSION").unwrap_or(text.len());
    let mut out = text[..at].to_owned();
    out.push_str(&extra);
    out.push_str(&text[at..]);
    out.into_bytes()
}
