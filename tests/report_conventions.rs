//! Command-line conventions: options that cannot apply are refused with a
//! message instead of being ignored.

use assert_cmd::Command;
use predicates::prelude::*;

fn fvnote() -> Command {
    let mut c = Command::cargo_bin("fvnote").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

#[test]
fn fens_only_apply_to_json_targets() {
    for to in ["pgn", "fen"] {
        fvnote()
            .args(["convert", "--to", to, "--fens", "tests/data/valid.pgn"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "--fens adds FENs to JSON; it cannot apply to --to {to}"
            )));
    }
    fvnote()
        .args(["convert", "--to", "jsonl", "--fens", "tests/data/valid.pgn"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("fen_after"));
}

#[test]
fn variant_cannot_apply_to_a_record_position() {
    for cmd in ["show", "moves"] {
        fvnote()
            .args([cmd, "-v", "grid", "tests/data/valid.pgn:1@2"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "--variant grid cannot apply to a record position",
            ));
        fvnote()
            .args([cmd, "tests/data/valid.pgn:1@2"])
            .assert()
            .code(0);
        fvnote()
            .args([
                cmd,
                "-v",
                "grid",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ])
            .assert()
            .code(0);
    }
}
