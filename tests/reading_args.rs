//! `--encoding`, `FILE:N`, `FILE:N-M` and `--where` on the commands that
//! read one game of a record (`show`, `moves`, `diff`, `html`), with the
//! meaning and the messages `validate` and `convert` give them.
use predicates::prelude::*;

use crate::cli;
use cli::fvnote;

/// Two games in Latin-1: "Müller" (1-0, 1. e4 e5) and "Sjöberg"
/// (unfinished, 1. d4 d5 2. c4).
const ARCHIVE: &[u8] =
    b"[Event \"A\"]\n[White \"M\xfcller\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
[Event \"B\"]\n[White \"Sj\xf6berg\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *\n";

fn archive() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("archive.pgn");
    std::fs::write(&path, ARCHIVE).unwrap();
    let name = path.display().to_string();
    (dir, name)
}

const AFTER_D4_D5: &str = "FEN: rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n";

#[test]
fn show_chooses_by_a_tag_read_in_latin1() {
    let (_dir, p) = archive();
    fvnote()
        .args([
            "show",
            &format!("{p}@2"),
            "--where",
            "White~sjö",
            "--encoding",
            "latin1",
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with(AFTER_D4_D5));
    // Read as UTF-8 the name is not "Sjöberg", so no game is chosen.
    fvnote()
        .args(["show", &format!("{p}@2"), "--where", "White~sjö"])
        .assert()
        .code(2)
        .stderr(format!(
            "error: {p}: no game chosen: the 2 games do not meet --where White~sjö\n"
        ));
}

#[test]
fn moves_of_a_numbered_game() {
    let (_dir, p) = archive();
    let out = fvnote()
        .args([
            "moves",
            &format!("{p}:2"),
            "--encoding",
            "cp1252",
            "--format",
            "json",
        ])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    // The end of game 2's main line: after 2. c4, Black to move.
    assert_eq!(
        v["fen"],
        "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"
    );
}

#[test]
fn diff_reads_both_sides_alike() {
    let (_dir, p) = archive();
    fvnote()
        .args([
            "diff",
            "--encoding",
            "latin1",
            &format!("{p}:1"),
            &format!("{p}:2"),
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "first difference at ply 1: 1. e4 vs 1. d4\n",
        ));
    // --where chooses the same game for both places: one game, followed.
    fvnote()
        .args([
            "diff",
            "--encoding",
            "auto",
            "--where",
            "Result=*",
            &format!("{p}@0"),
            &format!("{p}@2"),
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("moved: P d2-d4, p d7-d5\n"))
        .stderr(predicate::str::contains("is not UTF-8; read as cp1252"));
}

#[test]
fn html_page_of_a_chosen_game_is_utf8() {
    let (_dir, p) = archive();
    fvnote()
        .args(["html", &p, "--where", "Result!=*", "--encoding", "latin1"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Müller"))
        .stdout(predicate::str::contains("Sjöberg").not());
}

#[test]
fn html_all_writes_only_the_games_chosen() {
    let (dir, p) = archive();
    let out = dir.path().join("pages");
    fvnote()
        .args(["html", "--all", &format!("{p}:2-2"), "-o"])
        .arg(&out)
        .args(["--encoding", "latin1"])
        .assert()
        .code(0);
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game-0002.html", "index.html"]);
    let page = std::fs::read_to_string(out.join("game-0002.html")).unwrap();
    assert!(page.contains("Sjöberg"));
}

#[test]
fn game_numbers_are_refused_as_validate_refuses_them() {
    let (_dir, p) = archive();
    for arg in [format!("{p}:0"), format!("{p}:2-1")] {
        let expected = fvnote()
            .args(["validate", &arg])
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let expected = String::from_utf8(expected).unwrap();
        assert!(expected.contains("games are numbered from 1"), "{expected}");
        for cmd in [
            ["show", arg.as_str()],
            ["moves", arg.as_str()],
            ["html", arg.as_str()],
        ] {
            fvnote().args(cmd).assert().code(2).stderr(expected.clone());
        }
    }
    fvnote()
        .args(["show", &format!("{p}:3")])
        .assert()
        .code(2)
        .stderr(format!(
            "error: {p}: there is no game 3 (the file has 2 games)\n"
        ));
    fvnote()
        .args(["show", &format!("{p}:2-3"), "--where", "White=Nobody"])
        .assert()
        .code(2)
        .stderr(format!(
            "error: {p}: no game chosen: games 2-3 do not meet --where White=Nobody\n"
        ));
}

#[test]
fn options_for_records_are_refused_with_a_fen() {
    fvnote()
        .args(["show", "--where", "White=X"])
        .assert()
        .code(2)
        .stderr("error: --where chooses games of a record: name RECORD.pgn, not a FEN\n");
    fvnote()
        .args([
            "moves",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "--encoding",
            "latin1",
        ])
        .assert()
        .code(2)
        .stderr("error: --encoding applies to a record file: name RECORD.pgn, not a FEN\n");
}

#[test]
fn a_ply_too_large_for_a_number_is_past_the_game_not_a_fen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.pgn");
    std::fs::write(&path, "[Event \"x\"]\n\n1. e4 e5 *\n").unwrap();
    let a = format!("{}@0", path.display());
    let b = format!("{}@99999999999999999999999", path.display());
    let out = cli::fvnote().args(["diff", &a, &b]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the main line has 2 plies"), "{err}");
    assert!(!err.contains("FEN"), "{err}");
}

#[test]
fn a_game_number_too_large_for_a_number_is_said_so_not_no_such_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.pgn");
    std::fs::write(&path, "[Event \"x\"]\n\n1. e4 e5 *\n").unwrap();
    let arg = format!("{}:99999999999999999999999", path.display());
    for cmd in [&["validate"][..], &["convert", "--to", "json"]] {
        let out = cli::fvnote().args(cmd).arg(&arg).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{cmd:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("game number too large"), "{cmd:?}: {err}");
        assert!(!err.contains("No such file"), "{cmd:?}: {err}");
    }
    let out = cli::fvnote()
        .args(["validate", "-:99999999999999999999999"])
        .write_stdin("1. e4 *\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game number too large"), "{err}");
}

/// A first game number past the file's last game is said so by every
/// command, rather than read as "no games" (validate) or as an empty,
/// successful output (convert, html).
#[test]
fn a_game_past_the_last_is_an_error_everywhere() {
    let (dir, p) = archive();
    let expected = format!("{p}: there is no game 3 (the file has 2 games)");
    let out = dir.path().join("pages");
    let out = out.to_str().unwrap();
    let json = dir.path().join("archive.jsonl");
    let json_name = json.to_str().unwrap().to_owned();
    let converted = fvnote()
        .args(["convert", "--encoding", "latin1", "--to", "jsonl", &p])
        .output()
        .unwrap();
    assert!(converted.status.success());
    std::fs::write(&json, converted.stdout).unwrap();
    let arg = format!("{p}:3-9");
    for cmd in [
        vec!["validate", arg.as_str()],
        vec!["convert", "--to", "jsonl", arg.as_str()],
        vec!["html", "--all", arg.as_str(), "-o", out],
        vec!["show", arg.as_str()],
    ] {
        fvnote()
            .args(&cmd)
            .assert()
            .code(2)
            .stdout(predicate::str::contains("{").not())
            .stderr(predicate::str::contains(expected.as_str()));
    }
    assert!(!std::path::Path::new(out).exists(), "html left its folder");
    fvnote()
        .args(["convert", "--to", "pgn", &format!("{json_name}:3")])
        .assert()
        .code(2)
        .stderr(format!(
            "error: {json_name}: there is no game 3 (the file has 2 games)\n"
        ));
    // A range that starts inside the file keeps what it holds.
    fvnote()
        .args(["validate", "--encoding", "latin1", &format!("{p}:2-9")])
        .assert()
        .success()
        .stdout(predicate::str::contains("checked 1 game"));
    // Read as UTF-8 both games are unreadable; game 2 is reported alone,
    // at its own byte, not from where game 1's error stopped the reading.
    fvnote()
        .args(["validate", &format!("{p}:2-9")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(format!("--> {p}:8:11")))
        .stdout(predicate::str::contains(":2:").not())
        .stdout(predicate::str::contains(
            "checked 1 game in 1 file: 0 valid, 1 invalid",
        ));
    fvnote()
        .args(["validate", "-:3"])
        .write_stdin(ARCHIVE)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "<stdin>: there is no game 3 (the file has 2 games)",
        ));
}
