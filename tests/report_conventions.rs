//! Command-line conventions: options that cannot apply are refused with a
//! message instead of being ignored.

use predicates::prelude::*;

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

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

const LENIENT: &str = "[Result \"*\"]\n\n1. e2e4 e5 2. Ng1f3 *\n";

#[test]
fn fmt_dash_reads_stdin_and_writes_stdout() {
    fvnote()
        .args(["fmt", "-"])
        .write_stdin(LENIENT)
        .assert()
        .code(0)
        .stdout("[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n");
    fvnote()
        .args(["fmt", "-"])
        .write_stdin("1. e4 Ke7 2. Ke3 *\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("error: <stdin>:1:"));
}

#[test]
fn fmt_check_diff_shows_the_change_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pgn");
    std::fs::write(&file, LENIENT).unwrap();
    fvnote()
        .args(["fmt", "--check", "--diff"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "-1. e2e4 e5 2. Ng1f3 *\n+1. e4 e5 2. Nf3 *\n",
        ));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), LENIENT);
    // --diff alone would do nothing: refused.
    fvnote()
        .args(["fmt", "--diff"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--check"));
}

#[test]
fn man_pages_have_examples_and_the_notation_legend() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    for page in [
        "fvnote.1",
        "fvnote-validate.1",
        "fvnote-moves.1",
        "fvnote-explain.1",
    ] {
        let text = std::fs::read_to_string(dir.join(page)).unwrap();
        assert!(text.contains(".SH EXAMPLES"), "{page}");
        assert!(text.contains(".SH NOTATION"), "{page}");
        assert!(text.contains("fvnote explain ID"), "{page}");
    }
    let perft = std::fs::read_to_string(dir.join("fvnote-perft.1")).unwrap();
    assert!(perft.contains(".SH EXAMPLES") && !perft.contains(".SH NOTATION"));
}
