//! Choosing games (issue: correspondence archives, item 3): `FILE:N`,
//! `FILE:N-M` and `--where` on `validate` and `convert`.

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

/// Four games: an unfinished one, a cut-off one, a win, a draw.
const ARCHIVE: &str = "\
[White \"Ahlberg\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
[White \"Brandt\"]\n[Result \"*\"]\n\n1. d4 d5 2. Ke3\n\n\
[White \"Castro\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[White \"Dubois\"]\n[Result \"1/2-1/2\"]\n\n1. c4 c5 1/2-1/2\n";

fn archive() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("archive.pgn");
    std::fs::write(&path, ARCHIVE).unwrap();
    let p = path.display().to_string();
    (dir, p)
}

/// `validate --format json` of `args`: exit code, and each game's White tag
/// with its first error's line.
fn validate(args: &[&str]) -> (i32, Vec<(String, Option<u64>)>) {
    let out = fvnote()
        .args(["validate", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    let games = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["white"].as_str().unwrap_or("").to_owned(),
                v["error"]["line"].as_u64(),
            )
        })
        .collect();
    (out.status.code().unwrap(), games)
}

#[test]
fn file_n_m_validates_only_those_games_at_their_own_lines() {
    let (_d, p) = archive();
    let (code, games) = validate(&[&format!("{p}:2-3")]);
    assert_eq!(code, 1);
    // Game 2 fails at its `Ke3` (line 9), game 3 at its wrong result (line 14).
    assert_eq!(
        games,
        vec![("Brandt".into(), Some(9)), ("Castro".into(), Some(14))]
    );
    let (code, games) = validate(&[&format!("{p}:4")]);
    assert_eq!((code, games), (0, vec![("Dubois".into(), None)]));
}

#[test]
fn where_chooses_games_by_tag() {
    let (_d, p) = archive();
    let (_, games) = validate(&["--where", "Result!=*", &p]);
    let white: Vec<&str> = games.iter().map(|g| g.0.as_str()).collect();
    assert_eq!(white, ["Castro", "Dubois"]);
    let (_, games) = validate(&["--where", "Result=*", "--where", "White~BRAND", &p]);
    assert_eq!(games, vec![("Brandt".into(), Some(9))]);
}

#[test]
fn bad_choices_are_usage_errors() {
    let (_d, p) = archive();
    for args in [
        vec![
            "validate".to_owned(),
            "--where".into(),
            "Result".into(),
            p.clone(),
        ],
        vec!["validate".to_owned(), format!("{p}:0")],
        vec!["validate".to_owned(), format!("{p}:3-2")],
        vec![
            "convert".to_owned(),
            "--to".into(),
            "pgn".into(),
            "--in-place".into(),
            format!("{p}:1"),
        ],
    ] {
        let out = fvnote().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
    assert_eq!(std::fs::read_to_string(&p).unwrap(), ARCHIVE);
}

#[test]
fn convert_writes_the_chosen_games_from_pgn_and_from_json() {
    let (d, p) = archive();
    let out = fvnote()
        .args(["convert", "--to", "jsonl", &format!("{p}:4")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1);
    assert!(text.contains("Dubois"));
    // All four as JSON Lines, then the finished ones back to PGN.
    let json = d.path().join("all.jsonl");
    fvnote()
        .args(["convert", "--to", "jsonl", "-o"])
        .arg(&json)
        .arg(&p)
        .assert()
        .code(0);
    let out = fvnote()
        .args(["convert", "--to", "pgn", "--where", "Result!=*"])
        .arg(&json)
        .output()
        .unwrap();
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(pgn.contains("Castro") && pgn.contains("Dubois"), "{pgn}");
    assert!(!pgn.contains("Ahlberg") && !pgn.contains("Brandt"), "{pgn}");
}

#[test]
fn valid_out_writes_only_the_chosen_games() {
    let (d, p) = archive();
    let good = d.path().join("good.pgn");
    fvnote()
        .args(["validate", "--where", "White!=Dubois", "--valid-out"])
        .arg(&good)
        .arg(&p)
        .assert()
        .code(1);
    let first_game = &ARCHIVE[..ARCHIVE.find("[White \"Brandt").unwrap()];
    assert_eq!(std::fs::read_to_string(&good).unwrap(), first_game);
}
