//! `--encoding` (issue: correspondence archives, item 2): Latin-1 and
//! Windows-1252 archives are read on request, written as UTF-8, and no
//! character is lost; by default input must be UTF-8.

const LATIN1: &str = "fixtures/correspondence/chess-latin1.pgn";

use crate::cli;
use cli::{fvnote, transcript, transcript_in};
use insta::assert_snapshot;

fn latin1_bytes() -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(LATIN1)).unwrap()
}

/// Latin-1 is the first 256 code points: each byte is the character.
fn as_latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

#[test]
fn a_latin1_archive_is_invalid_as_utf8_and_valid_when_named() {
    assert_snapshot!(
        "latin1_as_utf8",
        transcript(fvnote().args(["validate", LATIN1]))
    );
    // A named encoding needs no note; the three names read alike.
    let named =
        transcript(fvnote().args(["validate", "--verbose", "--encoding", "latin1", LATIN1]));
    assert_snapshot!("latin1_named", named);
    for enc in ["cp1252", "iso-8859-1"] {
        let out = transcript(fvnote().args(["validate", "--verbose", "--encoding", enc, LATIN1]));
        assert_eq!(out, named, "{enc}");
    }
}

#[test]
fn auto_detects_a_non_utf8_file_and_says_so() {
    assert_snapshot!(
        "auto_latin1",
        transcript(fvnote().args(["validate", "--encoding", "auto", LATIN1]))
    );
    // A UTF-8 file is read as UTF-8, without a note (cp1252 would read
    // `ü`'s two bytes as `Ã¼`).
    let utf8 = as_latin1(&latin1_bytes());
    assert_snapshot!(
        "auto_utf8",
        transcript(
            fvnote()
                .args(["validate", "--verbose", "--encoding", "auto", "-"])
                .write_stdin(utf8)
        )
    );
}

#[test]
fn convert_writes_utf8_and_loses_no_character() {
    let original = latin1_bytes();
    // The file is canonical PGN already: the UTF-8 output is the same
    // text, character for character.
    let out = fvnote()
        .args(["convert", "--to", "pgn", "--encoding", "latin1", LATIN1])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), as_latin1(&original));
    // Zürich, Müller, Jürgen, Sjöberg, Åsa, « klassisch » in UTF-8.
    assert_snapshot!(
        "latin1_to_jsonl",
        transcript(fvnote().args(["convert", "--to", "jsonl", "--encoding", "latin1", LATIN1]))
    );
    // Not named: refused, not replaced by U+FFFD.
    assert_snapshot!(
        "latin1_unnamed",
        transcript(fvnote().args(["convert", "--to", "pgn", LATIN1]))
    );
}

#[test]
fn cp1252_reads_the_bytes_latin1_leaves_to_control_codes() {
    let pgn = b"[Event \"\x93Fernturnier\x94 \x80 \x85\"]\n\n1. e4 {Zug \x84gut\x93} *\n";
    // “Fernturnier” € … and „gut“.
    assert_snapshot!(transcript(
        fvnote()
            .args(["convert", "--to", "pgn", "--encoding", "cp1252", "-"])
            .write_stdin(pgn.to_vec())
    ));
}

#[test]
fn fmt_rewrites_a_latin1_file_as_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.pgn");
    std::fs::write(&path, latin1_bytes()).unwrap();
    assert_snapshot!(transcript_in(
        fvnote().args(["fmt", "--encoding", "latin1"]).arg(&path),
        dir.path()
    ));
    let now = std::fs::read_to_string(&path).expect("UTF-8 now");
    assert_eq!(now, as_latin1(&latin1_bytes()));
}
