//! Command-line conventions: options that cannot apply are refused with a
//! message instead of being ignored. Each run's whole output against its
//! golden file in `tests/snapshots/`.

use crate::cli;
use cli::{fvnote, transcript, transcript_in};
use insta::assert_snapshot;

#[test]
fn fens_only_apply_to_json_targets() {
    for to in ["pgn", "fen"] {
        assert_snapshot!(
            format!("fens_to_{to}"),
            transcript(fvnote().args(["convert", "--to", to, "--fens", "tests/data/valid.pgn"]))
        );
    }
    assert_snapshot!(
        "fens_to_jsonl",
        transcript(fvnote().args(["convert", "--to", "jsonl", "--fens", "tests/data/valid.pgn"]))
    );
}

/// `-v` gives an untagged game its variant: `valid.pgn`'s first game has no
/// Variant tag, so with `-v grid` its position is a Grid one (the moves
/// listed lack Be2 and Ke2: a Grid move must leave its cell).
#[test]
fn variant_applies_to_an_untagged_record_position() {
    for cmd in ["show", "moves"] {
        assert_snapshot!(
            format!("{cmd}_variant_and_record"),
            transcript(fvnote().args([cmd, "-v", "grid", "tests/data/valid.pgn:1@2"]))
        );
        assert_snapshot!(
            format!("{cmd}_record"),
            transcript(fvnote().args([cmd, "tests/data/valid.pgn:1@2"]))
        );
        assert_snapshot!(
            format!("{cmd}_variant_and_fen"),
            transcript(fvnote().args([
                cmd,
                "-v",
                "grid",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ]))
        );
    }
}

const LENIENT: &str = "[Result \"*\"]\n\n1. e2e4 e5 2. Ng1f3 *\n";

#[test]
fn fmt_dash_reads_stdin_and_writes_stdout() {
    assert_snapshot!(
        "fmt_stdin",
        transcript(fvnote().args(["fmt", "-"]).write_stdin(LENIENT))
    );
    assert_snapshot!(
        "fmt_stdin_illegal",
        transcript(
            fvnote()
                .args(["fmt", "-"])
                .write_stdin("1. e4 Ke7 2. Ke3 *\n")
        )
    );
}

#[test]
fn fmt_check_diff_shows_the_change_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pgn");
    std::fs::write(&file, LENIENT).unwrap();
    assert_snapshot!(
        "fmt_check_diff",
        transcript_in(
            fvnote().args(["fmt", "--check", "--diff"]).arg(&file),
            dir.path()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), LENIENT);
    // --diff alone would do nothing: refused.
    assert_snapshot!(
        "fmt_diff_alone",
        transcript_in(fvnote().args(["fmt", "--diff"]).arg(&file), dir.path())
    );
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
