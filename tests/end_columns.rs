//! The formats that report where a finding ends (SARIF `endColumn`, rdjson
//! `range.end`) count the end in the unit they count the start in: SARIF in
//! UTF-16 code units, rdjson in UTF-8 bytes, one per byte that is not UTF-8
//! in both (`src/report/columns.rs`). A span over `é` ends one SARIF column
//! after it and two rdjson columns. (`tests/report_columns.rs` checks every
//! format on lines with é, ♔ and emoji.)

use crate::cli;
use cli::{fvnote, render};
use serde_json::Value;

/// Runs `validate --format FORMAT` on `bytes` (a file, or standard input
/// when `stdin`) with `extra` arguments; the JSON document printed.
fn report(format: &str, bytes: &[u8], extra: &[&str], stdin: bool) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pgn");
    std::fs::write(&path, bytes).unwrap();
    let mut cmd = fvnote();
    cmd.args(["validate", "--format", format]).args(extra);
    if stdin {
        cmd.write_stdin(bytes.to_vec());
    } else {
        cmd.arg(&path);
    }
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", render(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// (rule, start line, start column, end line, end column) of each SARIF
/// result.
fn sarif(doc: &Value) -> Vec<(String, u64, u64, u64, u64)> {
    doc["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let region = &r["locations"][0]["physicalLocation"]["region"];
            let line = region["startLine"].as_u64().unwrap();
            (
                r["ruleId"].as_str().unwrap().to_owned(),
                line,
                region["startColumn"].as_u64().unwrap(),
                region["endLine"].as_u64().unwrap_or(line),
                region["endColumn"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// The same from rdjson's diagnostics (its code, or `-`).
fn rdjson(doc: &Value) -> Vec<(String, u64, u64, u64, u64)> {
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let r = &d["location"]["range"];
            (
                d["code"]["value"].as_str().unwrap_or("-").to_owned(),
                r["start"]["line"].as_u64().unwrap(),
                r["start"]["column"].as_u64().unwrap(),
                r["end"]["line"].as_u64().unwrap(),
                r["end"]["column"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Both formats, from a file and from standard input: the finding of
/// `rule` on line 3 spans `sarif` in SARIF and `rdjson` in rdjson (start,
/// exclusive end).
fn assert_span(
    bytes: &[u8],
    extra: &[&str],
    rule: &str,
    sarif_at: (u64, u64),
    rdjson_at: (u64, u64),
) {
    for stdin in [false, true] {
        for (format, found, (start, end)) in [
            (
                "sarif",
                sarif(&report("sarif", bytes, extra, stdin)),
                sarif_at,
            ),
            (
                "rdjson",
                rdjson(&report("rdjson", bytes, extra, stdin)),
                rdjson_at,
            ),
        ] {
            assert!(
                found.contains(&(rule.to_owned(), 3, start, 3, end)),
                "{format} (stdin: {stdin}): {found:?}"
            );
        }
    }
}

/// `Qé5` is a malformed move: four bytes, three characters (20..23 in
/// UTF-16 units; 21..25 in bytes, café's é counting two).
#[test]
fn a_token_with_a_two_byte_character_ends_after_three_columns() {
    let pgn = "[Result \"*\"]\n\n1. e4 {caf\u{e9}} e5 2. Q\u{e9}5 *\n";
    assert_span(pgn.as_bytes(), &[], "illegal-move", (20, 23), (21, 25));
}

/// `Qé5` in Latin-1 read with `--encoding latin1`: the same columns, bytes
/// counted in the decoded text, which has é in two bytes.
#[test]
fn a_latin1_token_read_as_latin1_ends_after_its_characters() {
    let pgn = b"[Result \"*\"]\n\n1. e4 {caf\xe9} e5 2. Q\xe95 *\n";
    assert_span(
        pgn,
        &["--encoding", "latin1"],
        "illegal-move",
        (20, 23),
        (21, 25),
    );
}

/// `{[%deny é]}` in a chess game (ruling FL10: `[%deny]` belongs to Fault
/// Line): the finding spans the comment, eleven characters in twelve
/// bytes (7..18 in UTF-16 units, 7..19 in bytes).
#[test]
fn a_comment_with_a_two_byte_character_ends_after_its_characters() {
    let pgn = "[Result \"*\"]\n\n1. e4 {[%deny \u{e9}]} e5 *\n";
    assert_span(pgn.as_bytes(), &[], "FL10", (7, 18), (7, 19));
}
