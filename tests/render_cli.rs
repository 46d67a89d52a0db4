//! `fvnote show`'s picture flags: flip, size, arrows, coordinates, the last
//! move of `RECORD@ply`. Each run's whole output and picture against its
//! golden file in `tests/snapshots/`.

use crate::cli;
use cli::{fvnote, transcript, transcript_in};
use insta::assert_snapshot;

/// `fvnote ARGS --svg FILE`: the run's whole output and the picture,
/// both compared with goldens named `name`.
fn assert_svg(name: &str, args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d.svg");
    let run = transcript_in(fvnote().args(args).arg("--svg").arg(&out), dir.path());
    assert_snapshot!(format!("{name}_run"), run);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_snapshot!(format!("{name}_svg"), svg);
    svg
}

#[test]
fn a_record_position_marks_its_last_move() {
    // 1. S3e (FL4): the whole of rank 3 is marked, and named in the caption.
    let svg = assert_svg(
        "slide_marked",
        &[
            "show",
            "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn@1",
        ],
    );
    assert_eq!(svg.matches("data-mark=\"last\"").count(), 7);
    // The start of a record has no last move.
    let svg = assert_svg(
        "record_start",
        &[
            "show",
            "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn@0",
        ],
    );
    assert_eq!(svg.matches("data-mark=").count(), 0);
}

#[test]
fn flags_change_the_picture() {
    assert_svg("plain", &["show"]);
    assert_svg(
        "small",
        &["show", "--size", "20", "--no-coordinates", "--no-legend"],
    );
    assert_svg("arrows", &["show", "--arrow", "e2e4", "--arrow", "g1f3"]);
    assert_svg("flipped", &["show", "--flip"]);
}

#[test]
fn bad_flags_are_usage_errors() {
    assert_snapshot!(
        "bad_arrow",
        transcript(fvnote().args(["show", "--arrow", "e2"]))
    );
    // Fault Line's frame is a–h × 1–6.
    assert_snapshot!(
        "arrow_off_the_frame",
        transcript(fvnote().args([
            "show",
            "-v",
            "fault-line",
            "--arrow",
            "e2e8",
            "--svg",
            "/dev/null"
        ]))
    );
    assert_snapshot!("size_0", transcript(fvnote().args(["show", "--size", "0"])));
}

#[test]
fn flip_turns_the_text_board_too() {
    assert_snapshot!(transcript(fvnote().args(["show", "--flip"])));
}
