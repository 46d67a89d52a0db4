//! The human report's caret stands under the byte it names when the line
//! holds characters of several bytes before it: a byte that is not UTF-8
//! makes its game invalid (`not-utf8`) at that byte, one column wide
//! (CHANGELOG: "Columns count characters consistently") and shown as one
//! U+FFFD, so the snippet and the caret agree, also on a long line cut to a
//! window around it.

use crate::cli;
use cli::{fvnote, render};

/// The source line of the snippet that shows `token` and the caret line
/// under it; asserts the caret starts under the token's first character.
fn assert_caret_under(out: &str, token: &str) {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| l.contains(" | ") && l.contains(token))
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

/// Two-byte characters before a cut-off three-byte sequence (two bytes
/// shown as two U+FFFD): the caret stands under the first, at column 30.
#[test]
fn caret_under_a_byte_not_utf8_after_wide_characters() {
    let line = "1. e4 {café über} e5 2. Nf3 {\u{e2}\u{82}} Nc6 *\n";
    // The two bytes of the cut sequence, written as raw bytes.
    let line: Vec<u8> = line
        .chars()
        .flat_map(|c| match c {
            '\u{e2}' => vec![0xe2],
            '\u{82}' => vec![0x82],
            c => c.to_string().into_bytes(),
        })
        .collect();
    let mut pgn = b"[Result \"*\"]\n\n".to_vec();
    pgn.extend_from_slice(&line);
    let out = validate(&pgn);
    assert!(out.contains("error: not UTF-8: byte 0xe2"), "{out}");
    assert!(out.contains("bytes.pgn:3:30"), "{out}");
    assert_caret_under(&out, "\u{FFFD}");
    assert!(
        out.contains("{café über} e5 2. Nf3 {\u{FFFD}\u{FFFD}} Nc6"),
        "{out}"
    );
}

/// A line of about 2,000 columns of two-byte characters, with bytes that
/// are not UTF-8 at its end: cut to a window around them, the caret is
/// still under the first.
#[test]
fn caret_under_a_byte_not_utf8_on_a_cut_line() {
    let mut line = String::new();
    let mut n = 1;
    while line.len() < 1900 {
        line.push_str(&format!("{n}. Nf3 {{é}} Nf6 {}. Ng1 Ng8 ", n + 1));
        n += 2;
    }
    line.push_str(&format!("{n}. {{"));
    let mut line = line.into_bytes();
    line.extend_from_slice(b"\xff \xe2\x82} Nf3 *\n");
    let mut pgn = b"[Result \"*\"]\n\n".to_vec();
    pgn.extend_from_slice(&line);
    let out = validate(&pgn);
    assert!(out.contains("| ..."), "the line is cut:\n{out}");
    assert!(out.contains("error: not UTF-8: byte 0xff"), "{out}");
    assert_caret_under(&out, "\u{FFFD}");
}
