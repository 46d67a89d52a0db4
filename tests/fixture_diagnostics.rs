//! Snapshot tests: the exact diagnostic `fvnote validate` prints for every
//! invalid fixture, stored beside it as `NAME.expected`.
//!
//! The snapshots were read and checked against RULINGS.md by a person; a change
//! in wording shows up here as a diff to review. After an intended change,
//! regenerate them with `FVNOTE_UPDATE_SNAPSHOTS=1 cargo test --test suite
//! fixture_diagnostics::` and review the diff before committing.

use crate::cli;
use cli::fvnote;

use std::path::{Path, PathBuf};

fn invalid_fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut out = Vec::new();
    for variant in std::fs::read_dir(&root).unwrap().flatten() {
        let dir = variant.path().join("invalid");
        if let Ok(entries) = std::fs::read_dir(&dir) {
            out.extend(
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "pgn")),
            );
        }
    }
    out.sort();
    out
}

#[test]
fn every_invalid_fixture_gives_its_snapshot_diagnostic() {
    let update = std::env::var_os("FVNOTE_UPDATE_SNAPSHOTS").is_some();
    let files = invalid_fixtures();
    assert!(files.len() >= 21, "only {} invalid fixtures", files.len());
    let mut stale = Vec::new();
    for file in files {
        let rel = file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let out = fvnote()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["validate", "--color", "never", &rel])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "{rel}: every invalid fixture exits 1"
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let snapshot = file.with_extension("expected");
        if update {
            std::fs::write(&snapshot, &text).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snapshot) {
            Ok(want) if want == text => {}
            Ok(want) => stale.push(format!("{rel}:\n--- expected\n{want}\n+++ got\n{text}")),
            Err(_) => stale.push(format!("{rel}: no snapshot {}", snapshot.display())),
        }
    }
    assert!(
        stale.is_empty(),
        "{}\n(after an intended change: FVNOTE_UPDATE_SNAPSHOTS=1 cargo test --test suite fixture_diagnostics::)",
        stale.join("\n")
    );
}
