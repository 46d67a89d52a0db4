//! Helpers shared by the per-variant rule tests: moves named in the
//! position-independent long form (`e2e4`, `f7g8q`, `e1g1` for castling).
#![allow(dead_code)] // each test file uses a different subset

use fvnote::{Move, Position};

/// The candidate move written `long`.
pub fn cand(p: &Position, long: &str) -> Move {
    p.candidate_moves()
        .into_iter()
        .find(|m| m.to_string() == long)
        .unwrap_or_else(|| panic!("{long} is not a candidate in {p:?}"))
}

/// Asserts that `long` is legal: `check_move` accepts it and it is listed.
pub fn assert_legal(p: &Position, long: &str) {
    let m = cand(p, long);
    assert_eq!(p.check_move(&m), Ok(()), "{long} should be legal in {p:?}");
    assert!(
        p.legal_moves().contains(&m),
        "{long} missing from legal moves"
    );
}

/// Asserts that `long` is illegal under `ruling` and unlisted; returns the explanation.
pub fn assert_illegal(p: &Position, long: &str, ruling: &str) -> String {
    let m = cand(p, long);
    let err = p
        .check_move(&m)
        .expect_err(&format!("{long} should be illegal in {p:?}"));
    assert_eq!(err.ruling, ruling, "{long}: {}", err.reason);
    assert!(!p.legal_moves().contains(&m), "{long} listed as legal");
    p.explain(&m, &err)
}

/// The legal moves in long form, sorted.
pub fn legal_strings(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays `moves` (long form), asserting each is legal.
pub fn play(p: &Position, moves: &[&str]) -> Position {
    let mut p = p.clone();
    for long in moves {
        let m = cand(&p, long);
        assert_eq!(p.check_move(&m), Ok(()), "{long} in {p:?}");
        p = p.play(&m);
    }
    p
}

/// Every `.pgn` file under the given directories of the repository, sorted
/// (an explicit stack: no recursion).
pub fn pgn_files(dirs: &[&str]) -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack: Vec<_> = dirs.iter().map(|d| root.join(d)).collect();
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for p in entries.flatten().map(|e| e.path()) {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
