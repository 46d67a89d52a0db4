//! The human report: lines that fit, repeated warnings folded, the
//! controls (`--quiet`, `--max-warnings`, `--deny warnings`), the summary
//! by variant, and flags that mean one thing everywhere.

use crate::cli;
use cli::{fvnote, transcript};
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

/// `-v` is `--variant` in every command (tests/variant_option.rs): in
/// `validate` too it takes a variant, so a path after it is read as one.
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
