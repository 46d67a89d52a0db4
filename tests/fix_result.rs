//! `fmt --fix-result` (issue: correspondence archives, item 3): the Result tag
//! and termination marker set from the final position where the rules decide
//! it (RULINGS G5, FL1), and nowhere else.

use crate::cli;
use cli::{fvnote, transcript_in};
use insta::assert_snapshot;

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `fmt` (with `extra` arguments) on a copy of `text` named `g.pgn`;
/// the file after, and the run's whole output.
fn fmt(text: &str, extra: &[&str]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.pgn");
    std::fs::write(&path, text).unwrap();
    let whole = transcript_in(fvnote().arg("fmt").args(extra).arg(&path), dir.path());
    (std::fs::read_to_string(&path).unwrap(), whole)
}

/// `text` with its result (tag and marker) replaced by `wrong`.
fn with_result(text: &str, right: &str, wrong: &str) -> String {
    let tag = format!("[Result \"{right}\"]");
    assert!(text.contains(&tag));
    let end = text.trim_end();
    assert!(end.ends_with(right), "the marker ends the game");
    let body = &end[..end.len() - right.len()];
    format!("{}{wrong}\n", body).replace(&tag, &format!("[Result \"{wrong}\"]"))
}

#[test]
fn decided_endings_of_several_variants_get_their_result_back() {
    let mut runs = String::new();
    for (file, right, ruling) in [
        (
            "fixtures/chess/valid/04-loyd-stalemate.pgn",
            "1/2-1/2",
            "G5",
        ),
        (
            "fixtures/grid/valid/03-stalemate-pawns-stuck.pgn",
            "1/2-1/2",
            "G5",
        ),
        (
            "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn",
            "",
            "FL1",
        ),
        (
            "fixtures/fault-line/valid/03-king-reaches-far-rank.pgn",
            "",
            "FL1",
        ),
        (
            "fixtures/fault-line/valid/05-stalemate.pgn",
            "1/2-1/2",
            "G5",
        ),
    ] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let right = if right.is_empty() {
            text.lines()
                .find_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
                .unwrap()
                .to_owned()
        } else {
            right.to_owned()
        };
        let (canonical, _) = fmt(&text, &[]);
        for wrong in ["*", "1-0", "0-1", "1/2-1/2"]
            .into_iter()
            .filter(|w| *w != right)
        {
            let broken = with_result(&text, &right, wrong);
            let (fixed, whole) = fmt(&broken, &["--fix-result", "--canonical"]);
            assert_eq!(fixed, canonical, "{file} from {wrong}");
            // Without --canonical, only the result changes.
            let (only, _) = fmt(&broken, &["--fix-result"]);
            assert_eq!(
                only,
                with_result(&broken, wrong, &right),
                "{file} from {wrong}"
            );
            runs.push_str(&format!("=== {file} ({ruling}) from {wrong}\n{whole}"));
        }
    }
    // Every run's whole output: the result set, the ruling, what was there.
    assert_snapshot!(runs);
}

#[test]
fn an_undecided_ending_keeps_any_result() {
    // Resignation or agreement: the position decides nothing (G5).
    let text = "[Event \"e\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 0-1\n";
    let (plain, plain_run) = fmt(text, &[]);
    let (fixed, fixed_run) = fmt(text, &["--fix-result", "--canonical"]);
    assert_eq!((fixed, fixed_run), (plain, plain_run));
    let (only, _) = fmt(text, &["--fix-result"]);
    assert_eq!(only, text);
}

#[test]
fn a_missing_tag_and_marker_are_added() {
    let text = "[Event \"e\"]\n\n1. f3 e5 2. g4 Qh4#\n";
    let (fixed, whole) = fmt(text, &["--fix-result"]);
    assert_eq!(
        fixed,
        "[Event \"e\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
    );
    assert_snapshot!(whole);
    // Nothing but the result: a layout fmt would change stays, `?!` too.
    let text = "[Event \"e\"]\n[Result \"*\"]\n\n1.f3  e5?! 2. g4 Qh4# *\n";
    let (fixed, _) = fmt(text, &["--fix-result"]);
    assert_eq!(
        fixed,
        "[Event \"e\"]\n[Result \"0-1\"]\n\n1.f3  e5?! 2. g4 Qh4# 0-1\n"
    );
}
