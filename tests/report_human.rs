//! The human report: lines that fit, repeated warnings folded, the
//! controls (`--quiet`, `--max-warnings`, `--deny warnings`), the summary
//! by variant, and flags that mean one thing everywhere.

use predicates::prelude::*;

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

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

fn run(args: &[&str], stdin: String) -> (Option<i32>, String) {
    let o = fvnote()
        .arg("validate")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (o.status.code(), String::from_utf8(o.stdout).unwrap())
}

#[test]
fn a_one_line_game_prints_no_line_wider_than_120_columns() {
    let game = one_line_game(&format!("{}. Nh4", 9999));
    assert!(
        game.lines().any(|l| l.len() > 1700),
        "the test needs a long line"
    );
    let (code, out) = run(&["--color", "never"], game);
    assert_eq!(code, Some(1));
    let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest <= 120, "a line of {widest} columns:\n{out}");
    // The caret still stands under the token, inside the cut window.
    let lines: Vec<&str> = out.lines().collect();
    let src = lines
        .iter()
        .position(|l| l.contains("Nh4") && l.contains('|'))
        .unwrap();
    let at = lines[src].find("Nh4").unwrap();
    assert_eq!(&lines[src + 1][at..at + 3], "^^^", "{out}");
    assert!(
        lines[src].contains("..."),
        "the window is marked: {}",
        lines[src]
    );
}

#[test]
fn repeated_lenient_warnings_are_shown_once_with_a_count() {
    let (code, out) = run(&["--color", "never"], one_line_game(""));
    assert_eq!(code, Some(0));
    // Every move is long algebraic: one warning printed, the rest counted.
    assert_eq!(
        out.matches("warning: long algebraic notation").count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("more like this in this game (lines 5, 5"),
        "{out}"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 120));
}

#[test]
fn quiet_shows_errors_and_the_summary_only() {
    let (code, out) = run(
        &["-q", "--color", "never"],
        one_line_game(&format!("{}. Nh4", 9999)),
    );
    assert_eq!(code, Some(1));
    assert!(
        out.contains(
            "error: no knight can reach h4: the knights on b1 and g1 reach a3, c3 / f3, h3"
        ),
        "{out}"
    );
    assert!(!out.contains("warning:"), "{out}");
    assert!(out.contains("checked 1 game in 1 file"), "{out}");
}

#[test]
fn max_warnings_and_deny_warnings() {
    // The Seven Tag Roster complete, so the lenient move is the only warning.
    let lenient = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e2e4 e5 *\n"
        .to_owned();
    let (code, _) = run(&["--max-warnings", "1"], lenient.clone());
    assert_eq!(code, Some(0));
    fvnote()
        .args(["validate", "--max-warnings", "0"])
        .write_stdin(lenient.clone())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "1 warnings, more than --max-warnings 0",
        ));
    // --deny warnings is --strict: the lenient move is an error.
    let (code, out) = run(&["--deny", "warnings", "--color", "never"], lenient.clone());
    assert_eq!(code, Some(1));
    let (strict_code, strict_out) = run(&["--strict", "--color", "never"], lenient);
    assert_eq!((code, &out), (strict_code, &strict_out));
}

#[test]
fn the_summary_counts_by_variant() {
    let games = "[Variant \"grid\"]\n[Result \"*\"]\n\n1. e3 e6 2. e4 *\n\n\
[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[Result \"*\"]\n\n1. d4 *\n";
    let (code, out) = run(&["--color", "never"], games.to_owned());
    assert_eq!(code, Some(1));
    assert!(
        out.ends_with("by variant: chess 2, grid 1 (1 invalid)\n"),
        "{out}"
    );
}

#[test]
fn a_cited_ruling_points_to_explain() {
    let (_, out) = run(
        &["--color", "never"],
        "[Variant \"grid\"]\n[Result \"*\"]\n\n1. e3 e6 2. e4 *\n".to_owned(),
    );
    assert!(
        out.contains("= help: run 'fvnote explain GR2' for the rule (notation/rules.md)"),
        "{out}"
    );
}

/// `-v` is `--variant` wherever it exists; `validate` has no variant, so
/// `-v` is refused there rather than meaning something else.
#[test]
fn short_v_means_variant_everywhere() {
    fvnote()
        .args([
            "moves",
            "-v",
            "fault-line",
            "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBNR* w KQkq - 0 1",
        ])
        .assert()
        .code(0);
    fvnote()
        .args(["validate", "-v", "tests/data/valid.pgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unexpected argument '-v'"));
}

#[test]
fn human_only_options_conflict_with_machine_formats() {
    for flag in ["--quiet", "--verbose", "--color=always"] {
        fvnote()
            .args(["validate", "--format", "json", flag, "tests/data/valid.pgn"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot apply to --format json"));
    }
}

/// Standard input is kept only until its games are reported; the source
/// line of an error deep in a large input is still shown.
#[test]
fn snippets_from_a_large_standard_input() {
    let mut text = "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(20_000);
    text.push_str("[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    text.push_str(&"[Result \"*\"]\n\n1. d4 d5 *\n\n".repeat(5_000));
    let (code, out) = run(&["--color", "never"], text);
    assert_eq!(code, Some(1));
    assert!(out.contains(" --> <stdin>:80003:13\n"), "{out}");
    assert!(out.contains("80003 | 1. e4 e5 2. Ke3 *\n"), "{out}");
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
    let o = fvnote()
        .args(["validate", "--color", "never"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains(&format!("long.pgn:3:{column}\n")), "{out}");
    assert!(out.contains("Nh4 *"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 120), "{out}");
}
