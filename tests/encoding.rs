//! `--encoding` (issue: correspondence archives, item 2): Latin-1 and
//! Windows-1252 archives are read on request, written as UTF-8, and no
//! character is lost; by default input must be UTF-8.

const LATIN1: &str = "fixtures/correspondence/chess-latin1.pgn";

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

fn latin1_bytes() -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(LATIN1)).unwrap()
}

/// Latin-1 is the first 256 code points: each byte is the character.
fn as_latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

#[test]
fn a_latin1_archive_is_invalid_as_utf8_and_valid_when_named() {
    let out = fvnote().args(["validate", LATIN1]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("invalid UTF-8 (found byte 0xfc"));
    for enc in ["latin1", "cp1252", "iso-8859-1"] {
        let out = fvnote()
            .args(["validate", "--verbose", "--encoding", enc, LATIN1])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{enc}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("game 1 (Müller, Jürgen vs Sjöberg, Åsa): 6 plies"),
            "{enc}: {text}"
        );
        assert!(
            out.stderr.is_empty(),
            "{enc}: a named encoding needs no note"
        );
    }
}

#[test]
fn auto_detects_a_non_utf8_file_and_says_so() {
    let out = fvnote()
        .args(["validate", "--encoding", "auto", LATIN1])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!("note: {LATIN1} is not UTF-8; read as cp1252 (--encoding auto)\n")
    );
    // A UTF-8 file is read as UTF-8, without a note (cp1252 would read
    // `ü`'s two bytes as `Ã¼`).
    let utf8 = as_latin1(&latin1_bytes());
    let out = fvnote()
        .args(["validate", "--verbose", "--encoding", "auto", "-"])
        .write_stdin(utf8)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("(Müller, Jürgen vs Sjöberg, Åsa)"));
}

#[test]
fn convert_writes_utf8_and_loses_no_character() {
    let original = latin1_bytes();
    for to in ["pgn", "jsonl"] {
        let out = fvnote()
            .args(["convert", "--to", to, "--encoding", "latin1", LATIN1])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{to}");
        let text = String::from_utf8(out.stdout).expect("UTF-8 output");
        for s in ["Zürich", "Müller, Jürgen", "Sjöberg, Åsa", "« klassisch »"] {
            assert!(text.contains(s), "{to}: {s} in {text}");
        }
        if to == "pgn" {
            // The file is canonical PGN already: the UTF-8 output is the
            // same text, character for character.
            assert_eq!(text, as_latin1(&original));
        }
    }
    // Not named: refused, not replaced by U+FFFD.
    let out = fvnote()
        .args(["convert", "--to", "pgn", LATIN1])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn cp1252_reads_the_bytes_latin1_leaves_to_control_codes() {
    let pgn = b"[Event \"\x93Fernturnier\x94 \x80 \x85\"]\n\n1. e4 {Zug \x84gut\x93} *\n";
    let out = fvnote()
        .args(["convert", "--to", "pgn", "--encoding", "cp1252", "-"])
        .write_stdin(pgn.to_vec())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[Event \"“Fernturnier” € …\"]"), "{text}");
    assert!(text.contains("{Zug „gut“}"), "{text}");
}

#[test]
fn fmt_rewrites_a_latin1_file_as_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.pgn");
    std::fs::write(&path, latin1_bytes()).unwrap();
    fvnote()
        .args(["fmt", "--encoding", "latin1"])
        .arg(&path)
        .assert()
        .code(0);
    let now = std::fs::read_to_string(&path).expect("UTF-8 now");
    assert_eq!(now, as_latin1(&latin1_bytes()));
}
