//! `fvnote show`'s picture flags: flip, size, arrows, coordinates, the last
//! move of `RECORD@ply`.

use predicates::prelude::*;

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

fn svg_of(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d.svg");
    fvnote()
        .args(args)
        .arg("--svg")
        .arg(&out)
        .assert()
        .success();
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn a_record_position_marks_its_last_move() {
    // 1. S3e (FL4): the whole of rank 3 is marked, and named in the caption.
    let svg = svg_of(&[
        "show",
        "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn@1",
    ]);
    assert_eq!(svg.matches("data-mark=\"last\"").count(), 7);
    assert!(svg.contains("last move S3e"));
    // The start of a record has no last move.
    let svg = svg_of(&[
        "show",
        "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn@0",
    ]);
    assert_eq!(svg.matches("data-mark=").count(), 0);
}

#[test]
fn flags_change_the_picture() {
    let plain = svg_of(&["show"]);
    let small = svg_of(&["show", "--size", "20", "--no-coordinates", "--no-legend"]);
    let width = |s: &str| -> f64 {
        let w = s.split("width=\"").nth(1).unwrap();
        w[..w.find('"').unwrap()].parse().unwrap()
    };
    assert!(width(&small) < width(&plain) / 2.0);
    assert!(!small.contains(">a</text>") && plain.contains(">a</text>"));
    assert!(!small.contains("data-caption") && plain.contains("data-caption"));
    let arrows = svg_of(&["show", "--arrow", "e2e4", "--arrow", "g1f3"]);
    assert_eq!(arrows.matches("data-arrow=").count(), 2);
    assert!(arrows.contains("data-arrow=\"e2e4\""));
    let flipped = svg_of(&["show", "--flip"]);
    assert!(flipped.contains("data-flip=\"true\""));
}

#[test]
fn bad_flags_are_usage_errors() {
    fvnote()
        .args(["show", "--arrow", "e2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "expected two squares such as e2e4",
        ));
    // Fault Line's frame is a–h × 1–6.
    fvnote()
        .args(["show", "-v", "fault-line", "--arrow", "e2e8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "arrow e2e8: the frame is a1 to h6",
        ));
    fvnote().args(["show", "--size", "0"]).assert().code(2);
}

#[test]
fn flip_turns_the_text_board_too() {
    fvnote()
        .args(["show", "--flip"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "     h  g  f  e  d  c  b  a\n 1   R  N  B  K  Q  B  N  R  1\n",
        ));
}
