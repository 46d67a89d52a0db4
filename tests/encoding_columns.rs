//! What a column is (correspondence issue, item 2): characters of the text
//! as read, a byte of an 8-bit encoding being one character. A Latin-1 file
//! therefore gets the same columns read as UTF-8 (each byte that is not
//! UTF-8 counts one, and the first is the game's `not-utf8` error), as
//! `--encoding latin1`, as `--encoding cp1252`, and as its UTF-8
//! conversion. Offsets count bytes of the text the reader read: the file's
//! own without `--encoding`, its UTF-8 form with it.

use crate::cli;
use cli::fvnote;

use serde_json::Value;

/// The first game's error of `validate --format json ARGS… -` on `bytes`.
fn first(bytes: &[u8], args: &[&str]) -> Value {
    let out = fvnote()
        .args(["validate", "--format", "json"])
        .args(args)
        .arg("-")
        .write_stdin(bytes.to_vec())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let game: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    game["error"].clone()
}

fn place(d: &Value) -> (u64, u64, u64) {
    (
        d["line"].as_u64().unwrap(),
        d["column"].as_u64().unwrap(),
        d["offset"].as_u64().unwrap(),
    )
}

/// `«été»` in a comment, then an illegal move: in Latin-1 and in UTF-8.
const LATIN1: &[u8] = b"[Event \"Fernschach\"]\n\n1. e4 {\xab\xe9t\xe9\xbb} e5 2. Ke3 *\n";

fn utf8() -> Vec<u8> {
    LATIN1
        .iter()
        .map(|&b| b as char)
        .collect::<String>()
        .into_bytes()
}

#[test]
fn a_latin1_file_has_the_same_columns_however_it_is_read() {
    // `Ke3` is the 21st character of its line: "1. e4 {" (7), «été» (5),
    // "} e5 2. " (8).
    let expected_column = 21;
    for args in [
        &["--encoding", "latin1"][..],
        &["--encoding", "cp1252"],
        &["--encoding", "auto"],
    ] {
        let e = first(LATIN1, args);
        assert_eq!(e["token"], "Ke3", "{args:?}");
        let (line, column, _) = place(&e);
        assert_eq!((line, column), (3, expected_column), "{args:?}");
    }
    let e = first(&utf8(), &[]);
    assert_eq!(place(&e).1, expected_column);
    // Read as UTF-8, the file stops at «, column 8.
    let e = first(LATIN1, &[]);
    assert_eq!(e["kind"], "not-utf8");
    assert_eq!(place(&e).1, 8);
}

#[test]
fn offsets_count_bytes_of_the_text_read() {
    let at = |bytes: &[u8]| bytes.windows(3).position(|w| w == b"Ke3").unwrap() as u64;
    // Read as it is: the file's bytes (« is one byte, the one that stops it).
    let guillemet = LATIN1.iter().position(|&b| b == 0xab).unwrap() as u64;
    assert_eq!(place(&first(LATIN1, &[])).2, guillemet);
    // Decoded: the bytes of its UTF-8 form (« é é » are two bytes each).
    let decoded = utf8();
    assert_eq!(at(&decoded), at(LATIN1) + 4);
    assert_eq!(
        place(&first(LATIN1, &["--encoding", "latin1"])).2,
        at(&decoded)
    );
}

#[test]
fn a_byte_that_is_not_utf8_is_located_at_its_own_column() {
    // The error on the comment points at «, the 8th character; in a tag
    // value at ü, the 9th.
    let w = first(LATIN1, &[]);
    assert_eq!(w["kind"], "not-utf8");
    let offset = LATIN1.iter().position(|&b| b == 0xab).unwrap() as u64;
    assert_eq!(place(&w), (3, 8, offset));
    let e = first(b"[White \"M\xfcller\"]\n\n1. e4 *\n", &[]);
    assert_eq!(e["kind"], "not-utf8");
    assert!(e["message"]
        .as_str()
        .unwrap()
        .contains("not UTF-8: byte 0xfc"));
    assert_eq!(place(&e), (1, 10, 9));
    // After such bytes columns go on one per byte: this file, cut before
    // its `]`, ends after 15 characters (« is a lone continuation byte,
    // which a count of UTF-8 lead bytes would skip).
    let e = first(b"[White \"M\xfc\xabler\"", &[]);
    assert_eq!(e["kind"], "cut-in-tag");
    assert_eq!(place(&e).1, 16);
}
