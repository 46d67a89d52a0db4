//! End-to-end tests of `fvnote diff`: positions, records, formats, exit codes.
use predicates::prelude::*;

use crate::cli;
use crate::diff;
use cli::{fvnote, write_file};
use diff::{diff_json, diff_out};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn equal_positions_exit_0() {
    fvnote()
        .args(["diff", START, START])
        .assert()
        .code(0)
        .stdout("no differences\n");
}

#[test]
fn a_pawn_move_in_words() {
    fvnote()
        // Black's d4 pawn can take on e3, so the en passant square is real.
        .args([
            "diff",
            "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        ])
        .assert()
        .code(1)
        .stdout("moved: P e2-e4\nside to move: White -> Black\nen passant: - -> e3\n");
}

#[test]
fn an_en_passant_square_no_pawn_can_use_is_no_difference() {
    // FIDE 9.2.3: after 1. e4 from the start no capture is possible on e3.
    fvnote()
        .args([
            "diff",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ])
        .assert()
        .code(0);
}

#[test]
fn added_removed_castling_and_counters() {
    fvnote()
        .args([
            "diff",
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "4k3/8/8/8/8/8/2N5/4K3 w - - 5 9",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("added: N c2\n"))
        .stdout(predicate::str::contains("removed: R a1\n"))
        .stdout(predicate::str::contains("castling: Q -> -\n"))
        .stdout(predicate::str::contains("halfmove clock: 0 -> 5\n"))
        .stdout(predicate::str::contains("fullmove number: 1 -> 9\n"));
}

#[test]
fn capture_from_a_record_ply_to_the_end() {
    fvnote()
        .args(["diff", "tests/data/valid.pgn:1@6", "tests/data/valid.pgn"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("moved: Q h5xf7 (captured p)\n"));
}

#[test]
fn json_position_diff() {
    let v = diff_json("tests/data/line_a.pgn@4", "tests/data/line_a.pgn@5");
    assert_eq!(v["equal"], false);
    assert_eq!(
        v["moved"],
        serde_json::json!([{"piece": "B", "from": "f1", "to": "b5", "captured": null}])
    );
    assert_eq!(
        v["turn"],
        serde_json::json!({"before": "White", "after": "Black"})
    );
    assert_eq!(v["became_holes"], serde_json::json!([]));
}

#[test]
fn side_by_side_marks_changed_squares() {
    let text = diff_out(&[
        "--format",
        "side-by-side",
        "tests/data/line_a.pgn@0",
        "tests/data/line_a.pgn@1",
    ]);
    // The boards are those of `fvnote show` (render::text), a `*` in front
    // of each changed square.
    assert!(
        text.contains(" 4   .  .  .  . *.  .  .  .  4  |   4   .  .  .  . *P  .  .  .  4\n"),
        "{text}"
    );
    assert!(text.contains(" 2   P  P  P  P *P  P  P  P  2  |   2   P  P  P  P *.  P  P  P  2\n"));
    assert!(text.contains(&format!("A: {START}\n")));
    assert!(text.contains("moved: P e2-e4\n"));
}

#[test]
fn records_diverge_at_a_ply() {
    fvnote()
        .args(["diff", "tests/data/line_a.pgn", "tests/data/line_b.pgn"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "first difference at ply 5: 3. Bb5 vs 3. Bc4\n",
        ))
        .stdout(predicate::str::contains(
            " 2... Nc6\n-3. Bb5\n-3... a6\n-4. Ba4\n+3. Bc4\n+3... Bc5\n+4. c3\n 4... Nf6\n",
        ));
}

#[test]
fn same_record_is_equal() {
    fvnote()
        .args(["diff", "tests/data/line_a.pgn", "tests/data/line_a.pgn:1"])
        .assert()
        .code(0)
        .stdout("same main line (8 plies)\n");
}

#[test]
fn records_json() {
    let v = diff_json("tests/data/valid.pgn:1", "tests/data/valid.pgn:2");
    assert_eq!(v["first_divergence"], 1);
    assert_eq!(v["plies_a"], 7);
    assert_eq!(v["result_a"], "1-0");
    assert_eq!(v["result_b"], "*");
    assert_eq!(
        v["hunks"][0][0],
        serde_json::json!({"tag": "-", "ply": 1, "san": "e4"})
    );
}

#[test]
fn errors_exit_2() {
    fvnote()
        .args(["diff", "not a fen", START])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("error: invalid FEN"));
    fvnote()
        .args(["diff", "tests/data/line_a.pgn:2", START])
        .assert()
        .code(2)
        .stderr("error: tests/data/line_a.pgn: there is no game 2 (the file has 1 game)\n");
    fvnote()
        .args(["diff", "tests/data/line_a.pgn@99", START])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the main line has 8 plies"));
    fvnote()
        .args(["diff", "tests/data/missing.pgn", START])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tests/data/missing.pgn"));
    // An invalid game: its error as validate says it, exit 1.
    fvnote()
        .args(["diff", "tests/data/illegal.pgn", START])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("]: tests/data/illegal.pgn:7:4: "))
        .stderr(predicate::str::contains(
            "tests/data/illegal.pgn: game 1: the main line breaks at ply",
        ));
}

#[test]
fn fault_line_slide_changes_geometry() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write_file(
        dir.path(),
        "fl.pgn",
        "[Variant \"fault-line\"]\n\n1. S3e *\n",
    );
    let p = pgn.display().to_string();
    fvnote()
        .args(["diff", &format!("{p}@0"), &format!("{p}@1")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("became holes:"))
        .stdout(predicate::str::contains("became cells:"));
}
