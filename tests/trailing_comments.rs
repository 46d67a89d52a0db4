//! Comments after an input's last game (issue 46): text that holds only
//! comments after the last game's termination marker belongs to no game,
//! as pgn-extract and python-chess read it. It is not a cut-off game (no
//! finding), and it is kept: `convert --to pgn` and `fmt` write it after
//! the games, the JSON form holds it in a `trailing_comments` object, so
//! PGN → JSON → PGN keeps it too. A game that is cut off is still one.

use std::path::Path;

use crate::cli::run_in as run;
use serde_json::Value;

const ARCHIVE: &str = "[Event \"x\"]\n\n1. e4 e5 *\n\n{ end of archive }\n";

/// `validate --format json` of `text`: each game's error kind, or `valid`.
fn verdicts(text: &str) -> Vec<String> {
    let (_, out, _) = run(
        Path::new("."),
        &["validate", "--format", "json", "-"],
        text.as_bytes(),
    );
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|g| g.get("valid").is_some())
        .map(|g| match g["valid"].as_bool() {
            Some(true) => "valid".to_owned(),
            _ => g["error"]["kind"].as_str().unwrap_or("error").to_owned(),
        })
        .collect()
}

#[test]
fn a_comment_after_the_last_game_is_no_game() {
    assert_eq!(verdicts(ARCHIVE), ["valid"]);
    let two = "1. e4 e5 *\n\n; the end\n{ of the archive }\n\n";
    assert_eq!(verdicts(two), ["valid"]);
    let (code, out, err) = run(Path::new("."), &["validate", "-"], ARCHIVE.as_bytes());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 game"), "{out}");
}

#[test]
fn a_cut_off_game_is_still_one() {
    // Tags after the last termination, or moves without one: cut off.
    let tags = "1. e4 e5 *\n\n{ next }\n[Event \"y\"]\n";
    assert_eq!(verdicts(tags), ["valid", "no-termination"]);
    let moves = "1. e4 e5 *\n\n{ next } 1. d4 d5\n";
    assert_eq!(verdicts(moves), ["valid", "no-termination"]);
    // A comment alone, with no game before it, is not after a game.
    assert_eq!(verdicts("{ only a comment }\n"), ["no-termination"]);
    // A game cut off keeps the comment after it in its movetext.
    assert_eq!(verdicts("1. e4 e5\n{ end }\n"), ["no-termination"]);
    // A comment between games still goes with the next game.
    let between = "1. e4 e5 *\n\n{ between }\n1. d4 d5 *\n";
    assert_eq!(verdicts(between), ["valid", "valid"]);
}

#[test]
fn convert_and_fmt_keep_it_after_the_games() {
    let (code, pgn, err) = run(
        Path::new("."),
        &["convert", "--to", "pgn", "-"],
        ARCHIVE.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(pgn, "[Event \"x\"]\n\n1. e4 e5 *\n\n{ end of archive }\n");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.pgn");
    std::fs::write(&file, "[Event \"x\"]\n\n1.e4 e5 *\n\n{ end of archive }\n").unwrap();
    let (code, _, err) = run(dir.path(), &["fmt", "a.pgn"], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), pgn);
    let (code, _, err) = run(dir.path(), &["fmt", "--check", "a.pgn"], b"");
    assert_eq!(code, 0, "{err}");
    // Selected games are those games alone.
    let (_, one, _) = run(dir.path(), &["convert", "--to", "pgn", "a.pgn:1"], b"");
    assert_eq!(one, "[Event \"x\"]\n\n1. e4 e5 *\n\n");
}

#[test]
fn pgn_to_json_to_pgn_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("a.pgn");
    std::fs::write(&pgn, ARCHIVE).unwrap();
    let (_, direct, _) = run(dir.path(), &["convert", "--to", "pgn", "a.pgn"], b"");
    for to in ["json", "jsonl"] {
        let json = dir.path().join(format!("a.{to}"));
        let (code, _, err) = run(
            dir.path(),
            &["convert", "--to", to, "a.pgn", "-o", &format!("a.{to}")],
            b"",
        );
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&json).unwrap();
        assert!(text.contains("\"trailing_comments\""), "{text}");
        let (code, back, err) = run(
            dir.path(),
            &["convert", "--to", "pgn", &format!("a.{to}")],
            b"",
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(back, direct, "{to}");
        let (code, out, err) = run(dir.path(), &["validate", &format!("a.{to}")], b"");
        assert_eq!(code, 0, "{out}{err}");
    }
    // The document, trailer and all, is one the schema describes.
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/record.schema.json"),
    )
    .unwrap();
    let schema = jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap();
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("a.json")).unwrap()).unwrap();
    let errors: Vec<String> = schema.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let jsonl = std::fs::read_to_string(dir.path().join("a.jsonl")).unwrap();
    let last: Value = serde_json::from_str(jsonl.lines().last().unwrap()).unwrap();
    assert_eq!(
        last,
        serde_json::json!({"format": "fvnote-record", "version": 1,
            "trailing_comments": [{"text": " end of archive ", "kind": "brace"}]})
    );
}

#[test]
fn a_json_trailer_is_alone_and_last() {
    let dir = tempfile::tempdir().unwrap();
    let trailer = r#"{"format":"fvnote-record","version":1,"trailing_comments":[{"text":"x"}]}"#;
    let game =
        r#"{"format":"fvnote-record","version":1,"tags":[],"moves":[{"san":"e4"}],"result":"*"}"#;
    std::fs::write(
        dir.path().join("after.jsonl"),
        format!("{trailer}\n{game}\n"),
    )
    .unwrap();
    let (code, _, err) = run(dir.path(), &["validate", "after.jsonl"], b"");
    assert_eq!(code, 1, "{err}");
    let with_tags = r#"{"format":"fvnote-record","version":1,"tags":[{"name":"Event","value":"x"}],"trailing_comments":[]}"#;
    std::fs::write(dir.path().join("tags.jsonl"), format!("{with_tags}\n")).unwrap();
    let (code, out, err) = run(dir.path(), &["validate", "tags.jsonl"], b"");
    assert_eq!(code, 1, "{out}{err}");
}
