//! `validate --valid-out/--invalid-out` sort each game by its own verdict,
//! matched by its number in its file, not by the order verdicts come in: a
//! chosen game that gives no verdict of its own must not pass its place in
//! the order to the next game's verdict.

use crate::cli;
use cli::{fvnote, render, write_file};

/// Runs `validate` with both outputs on `args` (in `dir`); the valid and
/// the invalid games written.
fn split(dir: &std::path::Path, args: &[&str]) -> (String, String) {
    let (valid, invalid) = (dir.join("valid.pgn"), dir.join("invalid.pgn"));
    let out = fvnote()
        .args(["validate", "-q", "--color", "never", "--valid-out"])
        .arg(&valid)
        .arg("--invalid-out")
        .arg(&invalid)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", render(&out));
    (
        std::fs::read_to_string(valid).unwrap(),
        std::fs::read_to_string(invalid).unwrap(),
    )
}

/// `--where Event!=A` leaves game 2 out; game 1 has no result, and once
/// ran on over game 2's blanks into game 3, which then gave no verdict of
/// its own (now each is read apart: `tests/where_keeps_games_apart.rs`).
/// Game 4 is invalid (a king onto its own pawn), game 5 valid: matched by
/// order, game 4 took game 5's verdict and went to --valid-out.
#[test]
fn a_game_without_a_verdict_does_not_shift_the_others() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "w.pgn",
        "1. e4 e5\n\n[Event \"A\"]\n\n1. d4 *\n\n1. Nf3 *\n\n\
[Event \"C\"]\n\n1. Ke2 *\n\n[Event \"D\"]\n\n1. c4 *\n",
    );
    let (valid, invalid) = split(dir.path(), &["--where", "Event!=A", "w.pgn"]);
    assert!(invalid.contains("[Event \"C\"]\n\n1. Ke2 *"), "{invalid}");
    assert!(!valid.contains("Ke2"), "{valid}");
    assert!(valid.contains("[Event \"D\"]\n\n1. c4 *"), "{valid}");
    assert!(!invalid.contains("c4"), "{invalid}");
    // Game 1 is cut off (no termination marker), game 3 valid; game 2
    // nowhere.
    assert!(invalid.contains("1. e4 e5"), "{invalid}");
    assert!(
        valid.contains("1. Nf3 *") && !invalid.contains("Nf3"),
        "{valid}"
    );
    assert!(!valid.contains("d4") && !invalid.contains("d4"));
}

/// `FILE:2-4` over a game cut off inside a comment (2), an invalid one
/// (3) and a valid one (4): each goes where its verdict says; game 1 is
/// in neither file.
#[test]
fn chosen_games_with_damage_go_by_their_own_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "t.pgn",
        "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. e4 {unterminated\n\n\
[Event \"3\"]\n\n1. Ke2 *\n\n[Event \"4\"]\n\n1. c4 *\n",
    );
    let (valid, invalid) = split(dir.path(), &["t.pgn:2-4"]);
    assert_eq!(valid, "[Event \"4\"]\n\n1. c4 *\n");
    assert!(
        invalid.contains("{unterminated") && invalid.contains("1. Ke2 *"),
        "{invalid}"
    );
    assert!(!invalid.contains("[Event \"1\"]") && !valid.contains("[Event \"1\"]"));
}
