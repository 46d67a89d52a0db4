//! The human report's caret stands under the token it names when bytes
//! that are not UTF-8 come before it on the line: each such byte is one
//! column (CHANGELOG: "Columns count characters consistently") and is
//! shown as one U+FFFD, so the snippet and the caret agree, also on a long
//! line cut to a window around the token.

use crate::cli;
use cli::{fvnote, render};

/// The source line of the snippet that shows `token` and the caret line
/// under it; asserts the caret starts under the token's first character.
fn assert_caret_under(out: &str, token: &str) {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains(" | ") && l.contains(token))
        .unwrap_or_else(|| panic!("no snippet line shows {token}:\n{out}"));
    let shown = lines[at];
    let caret = lines[at + 1];
    // Columns on screen: every character here is one column wide.
    let token_col = shown[..shown.find(token).unwrap()].chars().count();
    let caret_col = caret[..caret.find('^').expect("a caret line")]
        .chars()
        .count();
    assert_eq!(caret_col, token_col, "caret misplaced:\n{shown}\n{caret}");
    assert!(
        caret[caret.find('^').unwrap()..].starts_with(&"^".repeat(token.chars().count())),
        "{shown}\n{caret}"
    );
}

fn validate(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bytes.pgn");
    std::fs::write(&path, bytes).unwrap();
    let out = fvnote()
        .args(["validate", "-q", "--color", "never"])
        .arg(&path)
        .output()
        .unwrap();
    let text = render(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    text
}

/// A lone Latin-1 byte, two of them, and a cut-off three-byte sequence
/// (two bytes that `from_utf8_lossy` would show as one U+FFFD) before the
/// error: the caret stands under `Nc9`, at its column 32.
#[test]
fn caret_after_bytes_not_utf8() {
    let line = b"1. e4 {caf\xe9 \xe9\xe9} e5 2. Nf3 {\xe2\x82} Nc9 *\n";
    let mut pgn = b"[Result \"*\"]\n\n".to_vec();
    pgn.extend_from_slice(line);
    let out = validate(&pgn);
    assert!(out.contains("bytes.pgn:3:32"), "{out}");
    assert_caret_under(&out, "Nc9");
    // Each byte is one U+FFFD on the snippet line.
    assert!(
        out.contains("{caf\u{FFFD} \u{FFFD}\u{FFFD}} e5 2. Nf3 {\u{FFFD}\u{FFFD}} Nc9"),
        "{out}"
    );
}

/// A line of about 2,000 columns, with bytes that are not UTF-8 near the
/// error and far before it: cut to a window around `Nh4`, the caret is
/// still under it.
#[test]
fn caret_after_bytes_not_utf8_on_a_cut_line() {
    let mut line = Vec::new();
    let mut n = 1;
    while line.len() < 1900 {
        // A comment of é (UTF-8) and é (Latin-1): two columns, three bytes.
        line.extend_from_slice(format!("{n}. Nf3 {{\u{e9}").as_bytes());
        line.push(0xe9);
        line.extend_from_slice(format!("}} Nf6 {}. Ng1 Ng8 ", n + 1).as_bytes());
        n += 2;
    }
    // The knights are home: none reaches h4.
    line.extend_from_slice(format!("{n}. {{").as_bytes());
    line.extend_from_slice(b"\xe2\x82 \xff");
    line.extend_from_slice(b"} Nh4 *\n");
    let mut pgn = b"[Result \"*\"]\n\n".to_vec();
    pgn.extend_from_slice(&line);
    let out = validate(&pgn);
    assert!(out.contains("| ..."), "the line is cut:\n{out}");
    assert_caret_under(&out, "Nh4");
}
