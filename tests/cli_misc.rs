//! End-to-end tests of perft, variants, moves and show (each run's whole
//! output against its golden file in `tests/snapshots/`), and the freshness
//! of the generated man pages and completions.

use crate::cli;
use cli::{fvnote, transcript, transcript_in};
use insta::assert_snapshot;

#[test]
fn perft_and_divide() {
    assert_snapshot!("perft_3", transcript(fvnote().args(["perft", "3"])));
    assert_snapshot!(
        "perft_divide",
        transcript(fvnote().args(["perft", "1", "--divide"]))
    );
    // Counted by hand: 15 first moves; Black's king has 5 replies to
    // each but Rh7 (2), Rh8+ (3), Rf1 and O-O (3 each: the f-file is
    // covered): 11 * 5 + 2 + 3 + 3 + 3 = 66.
    assert_snapshot!(
        "perft_fen",
        transcript(fvnote().args(["perft", "2", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]))
    );
    assert_snapshot!("perft_bad_depth", transcript(fvnote().args(["perft", "x"])));
    assert_snapshot!(
        "perft_unknown_variant",
        transcript(fvnote().args(["perft", "1", "--variant", "nope"]))
    );
}

#[test]
fn variants_lists_every_identifier() {
    assert_snapshot!(transcript(fvnote().arg("variants")));
}

#[test]
fn moves_text_json_and_record_positions() {
    assert_snapshot!("moves_start", transcript(fvnote().arg("moves")));
    // The mated side has no legal move.
    assert_snapshot!(
        "moves_mated",
        transcript(fvnote().args(["moves", "--format", "json", "tests/data/wrong_result.pgn"]))
    );
    assert_snapshot!(
        "moves_record_position",
        transcript(fvnote().args(["moves", "--format", "json", "tests/data/valid.pgn:2@1"]))
    );
    assert_snapshot!(
        "moves_bad_fen",
        transcript(fvnote().args(["moves", "8/8/8 w"]))
    );
}

#[test]
fn show_text_and_svg() {
    assert_snapshot!(
        "show_text",
        transcript(fvnote().args(["show", "tests/data/valid.pgn:2@2"]))
    );
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("b.svg");
    assert_snapshot!(
        "show_svg",
        transcript_in(fvnote().args(["show", "--svg"]).arg(&svg), dir.path())
    );
    assert_snapshot!("show_svg_file", std::fs::read_to_string(&svg).unwrap());
}

#[test]
fn no_subcommand_is_a_usage_error() {
    assert_snapshot!(transcript(&mut fvnote()));
}

/// The committed `man/` must match the clap definitions.
#[test]
fn man_pages_and_completions_are_fresh() {
    let dir = tempfile::tempdir().unwrap();
    let n = fvnote::cli::generate::write_all(dir.path()).unwrap();
    assert!(n >= 9);
    let mut stale = Vec::new();
    for (rel, bytes) in fvnote::cli::generate::generated_files().unwrap() {
        let committed = std::path::Path::new("man").join(&rel);
        if std::fs::read(&committed).ok().as_deref() != Some(&bytes[..]) {
            stale.push(committed.display().to_string());
        }
        assert_eq!(std::fs::read(dir.path().join(&rel)).unwrap(), bytes);
    }
    assert!(
        stale.is_empty(),
        "stale or missing: {stale:?}; refresh them with `cargo run -- generate-man man` and commit"
    );
    for shell in ["fvnote.bash", "_fvnote", "fvnote.fish"] {
        let text = std::fs::read_to_string(dir.path().join("completions").join(shell)).unwrap();
        assert!(text.contains("validate"), "{shell}");
    }
    let page = std::fs::read_to_string(dir.path().join("fvnote-validate.1")).unwrap();
    assert!(page.contains("junit"));
}
