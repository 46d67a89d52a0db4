//! The layout `tests/suite.rs` relies on. With `autotests = false` a new file
//! of `tests/` runs only once it is declared, and insta names the snapshots
//! of the suite's modules `suite__FILE__NAME.snap`.

use std::path::{Path, PathBuf};

fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The file names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_file_of_tests_is_built() {
    let suite = include_str!("suite.rs");
    let manifest = include_str!("../Cargo.toml");
    for name in names(&tests_dir()) {
        let Some(stem) = name.strip_suffix(".rs") else {
            continue;
        };
        let declared = suite.lines().any(|l| l == format!("mod {stem};"));
        let own_binary = manifest.contains(&format!("path = \"tests/{name}\""));
        assert!(
            declared || own_binary,
            "tests/{name} is not built: declare `mod {stem};` in tests/suite.rs"
        );
    }
}

#[test]
fn snapshots_are_named_after_the_suite() {
    for name in names(&tests_dir().join("snapshots")) {
        assert!(
            name.starts_with("suite__"),
            "tests/snapshots/{name}: the suite's snapshots are suite__FILE__NAME.snap"
        );
    }
}
