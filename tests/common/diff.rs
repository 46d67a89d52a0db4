//! Runs of `fvnote diff` that find differences (exit code 1), shared by
//! the diff tests. Needs the crate's `cli` module (`common/cli.rs`).
#![allow(dead_code)] // each test file uses a different subset

use crate::cli::fvnote;

/// The stdout of `fvnote diff ARGS`, which must exit 1 (differences found).
pub fn diff_out(args: &[&str]) -> String {
    let out = fvnote()
        .arg("diff")
        .args(args)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// `fvnote diff --format json A B`, which must exit 1, parsed.
pub fn diff_json(a: &str, b: &str) -> serde_json::Value {
    serde_json::from_str(&diff_out(&["--format", "json", a, b])).unwrap()
}
