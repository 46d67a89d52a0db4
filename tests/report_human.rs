//! The human report: lines that fit, repeated warnings folded, the
//! controls (`--quiet`, `--max-warnings`, `--deny warnings`), the summary
//! by variant, and flags that mean one thing everywhere.

use crate::cli;
use cli::{fvnote, transcript, transcript_in};
use insta::assert_snapshot;

/// One game on one line of about 1,700 columns, every move in long
/// algebraic (a lenient spelling), the knights dancing; `tail` ends it.
fn one_line_game(tail: &str) -> String {
    let mut moves = String::new();
    let mut n = 1;
    while moves.len() < 1700 {
        moves.push_str(&format!("{n}. g1f3 g8f6 {}. f3g1 f6g8 ", n + 1));
        n += 2;
    }
    format!("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n{moves}{tail} *\n")
}

/// `fvnote validate ARGS` on `stdin`: its whole output.
fn run(args: &[&str], stdin: String) -> String {
    transcript(fvnote().arg("validate").args(args).write_stdin(stdin))
}

/// The widest line of a text, in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn a_one_line_game_prints_no_line_wider_than_120_columns() {
    let game = one_line_game(&format!("{}. Nh4", 9999));
    assert!(
        game.lines().any(|l| l.len() > 1700),
        "the test needs a long line"
    );
    // The source line cut to a window marked `...`, the caret still under
    // the token.
    let out = run(&["--color", "never"], game);
    assert!(widest(&out) <= 120, "{out}");
    assert_snapshot!(out);
}

#[test]
fn repeated_lenient_warnings_are_shown_once_with_a_count() {
    // Every move is long algebraic: one warning printed, the rest counted.
    let out = run(&["--color", "never"], one_line_game(""));
    assert!(widest(&out) <= 120, "{out}");
    assert_snapshot!(out);
}

#[test]
fn quiet_shows_errors_and_the_summary_only() {
    assert_snapshot!(run(
        &["-q", "--color", "never"],
        one_line_game(&format!("{}. Nh4", 9999)),
    ));
}

#[test]
fn max_warnings_and_deny_warnings() {
    // The Seven Tag Roster complete, so the lenient move is the only warning.
    let lenient = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e2e4 e5 *\n"
        .to_owned();
    assert_snapshot!(
        "max_warnings_1",
        run(
            &["--max-warnings", "1", "--color", "never"],
            lenient.clone()
        )
    );
    assert_snapshot!(
        "max_warnings_0",
        run(
            &["--max-warnings", "0", "--color", "never"],
            lenient.clone()
        )
    );
    // --deny warnings is --strict: the lenient move is an error.
    let deny = run(&["--deny", "warnings", "--color", "never"], lenient.clone());
    assert_snapshot!("deny_warnings", deny);
    assert_eq!(run(&["--strict", "--color", "never"], lenient), deny);
}

#[test]
fn the_summary_counts_by_variant() {
    let games = "[Variant \"grid\"]\n[Result \"*\"]\n\n1. e3 e6 2. e4 *\n\n\
[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[Result \"*\"]\n\n1. d4 *\n";
    assert_snapshot!(run(&["--color", "never"], games.to_owned()));
}

#[test]
fn a_cited_ruling_points_to_explain() {
    assert_snapshot!(run(
        &["--color", "never"],
        "[Variant \"grid\"]\n[Result \"*\"]\n\n1. e3 e6 2. e4 *\n".to_owned(),
    ));
}

/// `-v` is `--variant` wherever it exists; `validate` has no variant, so
/// `-v` is refused there rather than meaning something else.
#[test]
fn short_v_means_variant_everywhere() {
    assert_snapshot!(
        "moves_v",
        transcript(fvnote().args([
            "moves",
            "-v",
            "fault-line",
            "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBNR* w KQkq - 0 1",
        ]))
    );
    assert_snapshot!(
        "validate_v",
        transcript(fvnote().args(["validate", "-v", "tests/data/valid.pgn"]))
    );
}

#[test]
fn human_only_options_conflict_with_machine_formats() {
    for (name, flag) in [
        ("quiet", "--quiet"),
        ("verbose", "--verbose"),
        ("color", "--color=always"),
    ] {
        assert_snapshot!(
            format!("json_and_{name}"),
            transcript(fvnote().args([
                "validate",
                "--format",
                "json",
                flag,
                "tests/data/valid.pgn"
            ]))
        );
    }
}

/// Standard input is kept only until its games are reported; the source
/// line of an error deep in a large input is still shown.
#[test]
fn snippets_from_a_large_standard_input() {
    let mut text = "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(20_000);
    text.push_str("[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    text.push_str(&"[Result \"*\"]\n\n1. d4 d5 *\n\n".repeat(5_000));
    // Quiet: 25,000 tag roster warnings are not the point.
    assert_snapshot!(run(&["-q", "--color", "never"], text));
}

/// A line longer than the window read around an error still reports the
/// column as read (not counted from the window) and fits the width.
#[test]
fn a_line_longer_than_the_source_window_keeps_its_column() {
    let mut moves = String::new();
    let mut n = 1;
    while moves.len() < 6000 {
        moves.push_str(&format!("{n}. Nf3 Nf6 {}. Ng1 Ng8 ", n + 1));
        n += 2;
    }
    let column = moves.len() + 1 + format!("{n}. ").len();
    let game = format!("[Result \"*\"]\n\n{moves}{n}. Nh4 *\n");
    // A file: its lines are read again in a window around the error.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.pgn");
    std::fs::write(&path, game).unwrap();
    let out = transcript_in(
        fvnote().args(["validate", "--color", "never"]).arg(&path),
        dir.path(),
    );
    assert!(widest(&out) <= 120, "{out}");
    // The window sits under the place as read with no ` ::: ` line between
    // (tests/polish.rs). The column as read, counted here from the text
    // written.
    assert!(
        out.contains(&format!("[TMP]/long.pgn:3:{column}\n")),
        "{out}"
    );
    assert_snapshot!(out);
}
