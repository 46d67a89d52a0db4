//! End-to-end tests of perft, variants, moves and show, and the freshness of
//! the generated man pages and completions.
use predicates::prelude::*;

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

#[test]
fn perft_and_divide() {
    fvnote()
        .args(["perft", "3"])
        .assert()
        .code(0)
        .stdout("8902\n");
    fvnote()
        .args(["perft", "1", "--divide"])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("Na3: 1\nNc3: 1\n"))
        .stdout(predicate::str::ends_with("\n20\n"));
    fvnote()
        .args(["perft", "2", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"])
        .assert()
        .code(0)
        .stdout(predicate::str::is_match(r"^\d+\n$").unwrap());
    fvnote().args(["perft", "x"]).assert().code(2);
    fvnote()
        .args(["perft", "1", "--variant", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nope"));
}

#[test]
fn variants_lists_every_identifier() {
    let out = fvnote()
        .arg("variants")
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for id in [
        "chess",
        "grid",
        "rank-and-file",
        "fault-line",
        "quake",
        "quake-lb",
        "slide",
    ] {
        assert!(text.lines().any(|l| l.starts_with(id)), "{id}");
    }
}

#[test]
fn moves_text_json_and_record_positions() {
    let out = fvnote()
        .arg("moves")
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 20);
    let out = fvnote()
        .args(["moves", "--format", "json", "tests/data/wrong_result.pgn"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    // The mated side has no legal move.
    assert_eq!(v["moves"], serde_json::json!([]));
    let out = fvnote()
        .args(["moves", "--format", "json", "tests/data/valid.pgn:2@1"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(v["moves"].as_array().unwrap().len(), 20);
    fvnote().args(["moves", "8/8/8 w"]).assert().code(2);
}

#[test]
fn show_text_and_svg() {
    fvnote()
        .args(["show", "tests/data/valid.pgn:2@2"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(" 5   .  .  .  p  .  .  .  .  5\n"))
        .stdout(predicate::str::contains(
            "FEN: rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
        ));
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("b.svg");
    fvnote()
        .args(["show", "--svg"])
        .arg(&svg)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("White to move"));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn no_subcommand_is_a_usage_error() {
    fvnote().assert().code(2);
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
