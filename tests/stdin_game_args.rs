//! `-:N` and `-:N-M` (games N to M of standard input) are inputs wherever
//! an input may stand, as `FILE:N-M` is for a file: not flags. Flags next
//! to them stay flags, and an unknown flag is still refused.

use crate::cli;
use cli::{fvnote, render};

/// Game 2 is the only invalid one: its king steps onto its own pawn (on
/// line 9), after a move in long algebraic notation (a warning).
const ARCHIVE: &str = "[White \"A\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
[White \"B\"]\n[Result \"*\"]\n\n1. Ng1f3 Ke7 *\n\n\
[White \"C\"]\n[Result \"*\"]\n\n1. d4 *\n";

/// The games a JSON report names, by number, with their validity.
fn games(stdout: &[u8]) -> Vec<(u64, bool)> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| (v["game"].as_u64().unwrap(), v["valid"].as_bool().unwrap()))
        .collect()
}

#[test]
fn stdin_games_are_inputs_before_and_after_flags() {
    for args in [
        &["validate", "-:2", "--format", "json"][..],
        &["validate", "--format", "json", "-:2"],
        &["validate", "--format=json", "-:2-2", "--strict"],
    ] {
        let out = fvnote().args(args).write_stdin(ARCHIVE).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}\n{}", render(&out));
        assert_eq!(games(&out.stdout), [(2, false)], "{args:?}");
    }
}

/// `-q` after `-:N` is still the flag (no warnings shown), not a file.
#[test]
fn a_short_flag_after_stdin_games_stays_a_flag() {
    let out = fvnote()
        .args(["validate", "-:2-3", "-q", "--color", "never"])
        .write_stdin(ARCHIVE)
        .output()
        .unwrap();
    let text = render(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("<stdin>:9:"), "{text}");
    assert!(!text.contains("warning:"), "{text}");
    assert!(
        text.contains("checked 2 games in 1 file: 1 valid, 1 invalid"),
        "{text}"
    );
}

/// Game 0 is refused as `FILE:0` is, with what was expected.
#[test]
fn stdin_game_zero_is_refused_with_the_expected_form() {
    let out = fvnote()
        .args(["validate", "-:0"])
        .write_stdin(ARCHIVE)
        .output()
        .unwrap();
    let text = render(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("error: -:0: games are numbered from 1")
            && text.contains("expected FILE:N or FILE:N-M"),
        "{text}"
    );
}

/// An unknown flag is a usage error naming it, before and after an input;
/// `-:2` as the value of an option is that option's value, not an input.
#[test]
fn unknown_flags_and_option_values_are_not_inputs() {
    for args in [&["validate", "-z"][..], &["validate", "-:2", "-z"]] {
        let out = fvnote().args(args).write_stdin(ARCHIVE).output().unwrap();
        let text = render(&out);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(text.contains("unexpected argument '-z' found"), "{text}");
    }
    let out = fvnote()
        .args(["validate", "--where", "-:2"])
        .write_stdin(ARCHIVE)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", render(&out));
    assert!(!render(&out).contains("checked"), "{}", render(&out));
}

/// `-` alone still reads standard input, and `-- -:N` still works.
#[test]
fn dash_and_escaped_forms_still_read_stdin() {
    let out = fvnote()
        .args(["validate", "--format", "json", "-"])
        .write_stdin(ARCHIVE)
        .output()
        .unwrap();
    assert_eq!(games(&out.stdout), [(1, true), (2, false), (3, true)]);
    let out = fvnote()
        .args(["validate", "--format", "json", "--", "-:3"])
        .write_stdin(ARCHIVE)
        .output()
        .unwrap();
    assert_eq!(games(&out.stdout), [(3, true)]);
}

/// `convert -:N` reads game N of standard input (not a file named `-`),
/// and standard input named twice, as `-` and `-:N`, is refused.
#[test]
fn convert_reads_the_chosen_games_of_standard_input() {
    let out = fvnote()
        .args(["convert", "--to", "jsonl", "-:3"])
        .write_stdin(ARCHIVE)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", render(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 1, "{text}");
    assert_eq!(records[0]["tags"][0]["value"], "C", "{text}");
    assert_eq!(records[0]["moves"][0]["san"], "d4", "{text}");

    let twice = fvnote()
        .args(["convert", "--to", "jsonl", "-", "-:1"])
        .write_stdin(ARCHIVE)
        .output()
        .unwrap();
    assert_eq!(twice.status.code(), Some(2), "{}", render(&twice));
    assert!(render(&twice).contains("given twice"), "{}", render(&twice));
}
