//! The reproductions of "One truth across commands" (issue 41), each as it
//! was seen: no command turns a damaged log into a game that validates,
//! locations are the same in every command, and invalid games travel
//! through conversion as they are.

use std::path::{Path, PathBuf};

use crate::cli::run_in as run;
use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

/// `validate --format json` of `text`: each game's error kind (or
/// `valid`), and its variant.
fn verdicts(text: &[u8]) -> Vec<(String, String)> {
    let (_, out, _) = run(Path::new("."), &["validate", "--format", "json", "-"], text);
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|g| g.get("io_error").is_none())
        .map(|g| {
            let kind = match g["valid"].as_bool() {
                Some(true) => "valid".to_owned(),
                _ => g["error"]["kind"].as_str().unwrap_or("error").to_owned(),
            };
            (kind, g["variant"].as_str().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn fmt_leaves_a_cut_off_log_as_it_is_and_says_where_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log.pgn");
    std::fs::copy(fixture("correspondence/chess-cut-off.pgn"), &log).unwrap();
    let before = std::fs::read(&log).unwrap();
    let (code, _, err) = run(dir.path(), &["fmt", "log.pgn"], b"");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("error[ends-inside-move-pair]: log.pgn:9:48:"),
        "{err}"
    );
    assert_eq!(std::fs::read(&log).unwrap(), before, "fmt wrote `5. O-O *`");
}

#[test]
fn convert_keeps_a_dangling_move_number_and_invents_no_marker() {
    let log = std::fs::read(fixture("correspondence/fault-line-dangling-number.pgn")).unwrap();
    let (code, pgn, err) = run(Path::new("."), &["convert", "--to", "pgn", "-"], &log);
    assert_eq!(code, 1, "{err}");
    assert!(pgn.trim_end().ends_with("S3e 7."), "{pgn}");
    assert!(
        !pgn.contains('*') || pgn.contains("[Result \"*\"]"),
        "{pgn}"
    );
    assert_eq!(
        verdicts(pgn.as_bytes()),
        [("ends-after-move-number".to_owned(), "fault-line".to_owned())]
    );
}

#[test]
fn a_game_cut_after_a_move_gains_no_result_from_its_tag() {
    let log = b"[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Bb3\n";
    for route in [&["pgn"][..], &["jsonl", "pgn"]] {
        let mut text = log.to_vec();
        for to in route {
            let (code, out, err) = run(Path::new("."), &["convert", "--to", to, "-"], &text);
            assert_eq!(code, 1, "{route:?}: {err}");
            text = out.into_bytes();
            if *to == "jsonl" {
                let g: Value = serde_json::from_slice(&text).unwrap();
                assert_eq!(g["result"], Value::Null, "{g}");
            }
        }
        let pgn = String::from_utf8(text).unwrap();
        assert!(pgn.trim_end().ends_with("5. Bb3"), "{route:?}: {pgn}");
        assert_eq!(
            verdicts(pgn.as_bytes())[0].0,
            "ends-inside-move-pair",
            "{pgn}"
        );
    }
}

/// Ten logs in five variants, each cut off: every route gives ten invalid
/// games, and none that validates.
#[test]
fn an_archive_of_cut_off_logs_stays_cut_off_through_every_route() {
    let mut archive = Vec::new();
    for variant in ["chess", "fault-line", "grid", "quake", "slide"] {
        let (_, games, _) = run(
            Path::new("."),
            &["gen", variant, "2", "--max-plies", "9", "--seed", "7"],
            b"",
        );
        // Each game loses its termination marker (the last token).
        for game in games.split("\n\n[").filter(|g| !g.trim().is_empty()) {
            let game = game.trim_end();
            let game = game.strip_prefix('[').unwrap_or(game);
            let cut = game.rsplit_once(' ').unwrap().0;
            archive.extend_from_slice(format!("[{cut}\n\n").as_bytes());
        }
    }
    let truth = verdicts(&archive);
    assert_eq!(truth.len(), 10);
    assert!(truth.iter().all(|(k, _)| k != "valid"), "{truth:?}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pgn"), &archive).unwrap();
    for route in [&["pgn"][..], &["jsonl", "pgn"], &["json", "pgn"]] {
        let mut text = archive.clone();
        for to in route {
            let (code, out, _) = run(dir.path(), &["convert", "--to", to, "-"], &text);
            assert_eq!(code, 1);
            text = out.into_bytes();
        }
        assert_eq!(verdicts(&text), truth, "{route:?}");
    }
    let (code, _, _) = run(dir.path(), &["fmt", "a.pgn"], b"");
    assert_eq!(code, 1);
    assert_eq!(std::fs::read(dir.path().join("a.pgn")).unwrap(), archive);
}

#[test]
fn a_game_that_cannot_be_read_keeps_the_variant_of_its_tags() {
    let pgn = b"[Variant \"quake\"]\n\n1. e4 ) e5 *\n\n[Variant \"grid\"]\n\n1. e4 *\n";
    assert_eq!(
        verdicts(pgn),
        [
            ("error".to_owned(), "quake".to_owned()),
            ("valid".to_owned(), "grid".to_owned())
        ]
    );
    let (_, out, _) = run(Path::new("."), &["validate", "-"], pgn);
    assert!(
        out.contains("by variant: grid 1, quake 1 (1 invalid)"),
        "{out}"
    );
}

#[test]
fn a_bad_fen_tag_is_at_one_place_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        fixture("chess/invalid/malformed-fen-tag.pgn"),
        dir.path().join("g.pgn"),
    )
    .unwrap();
    for args in [
        &["validate", "--format", "github", "g.pgn"][..],
        &["fmt", "g.pgn"],
        &["fmt", "--check", "g.pgn"],
        &["convert", "--to", "pgn", "g.pgn"],
        &["convert", "--to", "json", "g.pgn"],
        &["convert", "--to", "fen", "g.pgn"],
    ] {
        let (code, out, err) = run(dir.path(), args, b"");
        assert_eq!(code, 1, "{args:?}: {err}");
        let said = format!("{out}{err}");
        assert!(
            said.contains("g.pgn:10:1:") || said.contains("line=10,endLine=10,col=1,"),
            "{args:?}: {said}"
        );
    }
}

#[test]
fn json_input_is_located_at_the_ply_and_deny_at_its_comment() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = std::fs::read(fixture("fault-line/invalid/retry-denied-slide.pgn")).unwrap();
    let (_, json, _) = run(dir.path(), &["convert", "--to", "json", "-"], &pgn);
    std::fs::write(dir.path().join("g.json"), &json).unwrap();
    let (code, _, err) = run(dir.path(), &["convert", "--to", "pgn", "g.json"], b"");
    assert_eq!(code, 1, "{err}");
    // The ply `S4w` of move 3 (its object's `{`), and the [%deny] in the
    // comment before it.
    let place = |needle: &str| {
        let at = json.find(needle).unwrap();
        let at = json[..at].rfind('{').unwrap();
        let line = json[..at].matches('\n').count() + 1;
        let column = at - json[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
        (line, column)
    };
    let (line, column) = place("\"san\": \"S4w\"");
    assert!(
        err.contains(&format!("error[FL6]: g.json:{line}:{column}: S4w: ")),
        "{err}"
    );
    let (line, column) = place("\"text\": \"[%deny S4w]\"");
    assert!(
        err.contains(&format!("by [%deny] at line {line}, column {column}")),
        "{err}"
    );
}

#[test]
fn an_illegal_game_converts_both_ways_with_exit_1() {
    let pgn = b"1. e4 e5 2. Ke3 Nc6 *\n";
    let (code, json, _) = run(Path::new("."), &["convert", "--to", "jsonl", "-"], pgn);
    assert_eq!(code, 1);
    let g: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(g["verdict"]["error"]["token"], "Ke3");
    assert_eq!(g["verdict"]["error"]["ply"], 3);
    let (code, back, _) = run(
        Path::new("."),
        &["convert", "--to", "pgn", "-"],
        json.as_bytes(),
    );
    assert_eq!(code, 1);
    assert_eq!(back, "1. e4 e5 2. Ke3 Nc6 *\n\n");
    // The option that did nothing is gone.
    let (code, _, err) = run(
        Path::new("."),
        &["convert", "--to", "json", "--no-check", "-"],
        pgn,
    );
    assert_eq!(code, 2, "{err}");
}

#[test]
fn an_archive_with_one_bad_game_converts_game_by_game() {
    let pgn = b"1. d4 d5 *\n\n1. e4 e5 2. Ke3 *\n\n1. c4 c5 *\n";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pgn"), pgn).unwrap();
    let (code, _, err) = run(
        dir.path(),
        &["convert", "--to", "fen", "a.pgn", "-o", "a.fen"],
        b"",
    );
    assert_eq!(code, 1, "{err}");
    let fens = std::fs::read_to_string(dir.path().join("a.fen")).unwrap();
    // Games 1 and 3: their positions; game 2 said and left out.
    let games: Vec<&str> = fens.split("\n\n").collect();
    assert_eq!(games.len(), 2, "{fens}");
    assert!(games[0].contains("/3P4/"), "{fens}");
    assert!(games[1].contains("/2P5/"), "{fens}");
    assert!(!fens.contains("/4P3/"), "{fens}");
    assert!(err.contains("a.pgn:3:13"), "{err}");
    assert!(err.contains("game 2 not written"), "{err}");
}

#[test]
fn dedup_reads_a_directory_and_says_what_validate_says() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("logs")).unwrap();
    std::fs::write(dir.path().join("logs/a.pgn"), b"1. d4 d5 *\n").unwrap();
    std::fs::write(dir.path().join("logs/b.pgn"), b"1. d4 {caf\xe9} d5 *\n").unwrap();
    let (code, out, err) = run(dir.path(), &["dedup", "logs"], b"");
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("1. d4 d5 *"), "{out}");
    assert!(err.contains("error[not-utf8]: logs/b.pgn:1:11:"), "{err}");
    let (_, validated, _) = run(dir.path(), &["validate", "--format", "github", "logs"], b"");
    assert!(
        validated.contains("file=logs/b.pgn,line=1,endLine=1,col=11,endColumn=11,title=not-utf8"),
        "{validated}"
    );
}

#[test]
fn where_matching_nothing_says_how_many_games_were_read() {
    let pgn = b"[White \"a\"]\n\n1. d4 d5 *\n\n[White \"b\"]\n\n1. e4 e5 *\n";
    let (code, out, err) = run(
        Path::new("."),
        &["validate", "--where", "White=c", "-"],
        pgn,
    );
    assert_eq!(code, 2, "{out}{err}");
    let said = format!("{out}{err}");
    assert!(said.contains("2 games read, none chosen"), "{said}");
    assert!(!said.contains("no games found"), "{said}");
}

#[test]
fn fmt_check_reads_standard_input() {
    let (code, _, err) = run(Path::new("."), &["fmt", "--check", "-"], b"1. d4 d5 *\n\n");
    assert_eq!(code, 0, "{err}");
    let (code, _, _) = run(Path::new("."), &["fmt", "--check", "-"], b"1.d4   d5 *\n");
    assert_eq!(code, 1);
}

#[test]
fn fix_result_changes_only_results() {
    let dir = tempfile::tempdir().unwrap();
    let messy = "[Result \"*\"]\n\n1.f3 e5 2.g4?! Qh4# *\n";
    std::fs::write(dir.path().join("m.pgn"), messy).unwrap();
    let (code, _, err) = run(dir.path(), &["fmt", "--fix-result", "m.pgn"], b"");
    assert!(code <= 1, "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("m.pgn")).unwrap(),
        "[Result \"0-1\"]\n\n1.f3 e5 2.g4?! Qh4# 0-1\n"
    );
}
