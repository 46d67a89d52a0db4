//! Choosing games (issue: correspondence archives, item 3): `FILE:N`,
//! `FILE:N-M` and `--where` on `validate` and `convert`.

use crate::cli;
use cli::{fvnote, transcript_in};
use insta::assert_snapshot;

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

/// The whole output of `fvnote ARGS` run in `dir` (the archive's).
fn run(dir: &tempfile::TempDir, args: &[&str]) -> String {
    transcript_in(fvnote().args(args), dir.path())
}

#[test]
fn file_n_m_validates_only_those_games_at_their_own_lines() {
    let (d, p) = archive();
    // Game 2 fails at its `Ke3` (line 9), game 3 at its wrong result (line
    // 14); each is numbered as in the file.
    assert_snapshot!(
        "games_2_3",
        run(&d, &["validate", "--format", "json", &format!("{p}:2-3")])
    );
    // The chosen game keeps its number in its file (game 4), as its line
    // (16) is its own.
    assert_snapshot!(
        "game_4",
        run(&d, &["validate", "--format", "json", &format!("{p}:4")])
    );
}

#[test]
fn where_chooses_games_by_tag() {
    let (d, p) = archive();
    // Castro and Dubois.
    assert_snapshot!(
        "finished",
        run(
            &d,
            &["validate", "--format", "json", "--where", "Result!=*", &p]
        )
    );
    // Brandt only.
    assert_snapshot!(
        "unfinished_brandt",
        run(
            &d,
            &[
                "validate",
                "--format",
                "json",
                "--where",
                "Result=*",
                "--where",
                "White~BRAND",
                &p
            ]
        )
    );
}

#[test]
fn bad_choices_are_usage_errors() {
    let (d, p) = archive();
    for (name, args) in [
        (
            "where_without_a_test",
            vec!["validate", "--where", "Result", &p],
        ),
        ("game_0", vec!["validate", &format!("{p}:0")]),
        ("backwards_range", vec!["validate", &format!("{p}:3-2")]),
        (
            "in_place_of_a_choice",
            vec!["convert", "--to", "pgn", "--in-place", &format!("{p}:1")],
        ),
    ] {
        assert_snapshot!(name, run(&d, &args));
    }
    assert_eq!(std::fs::read_to_string(&p).unwrap(), ARCHIVE);
}

#[test]
fn convert_writes_the_chosen_games_from_pgn_and_from_json() {
    let (d, p) = archive();
    assert_snapshot!(
        "game_4_jsonl",
        run(&d, &["convert", "--to", "jsonl", &format!("{p}:4")])
    );
    // All four as JSON Lines, then the finished ones back to PGN.
    let json = d.path().join("all.jsonl").display().to_string();
    assert_snapshot!(
        "all_to_jsonl",
        run(&d, &["convert", "--to", "jsonl", "-o", &json, &p])
    );
    // Castro and Dubois.
    assert_snapshot!(
        "finished_from_json",
        run(
            &d,
            &["convert", "--to", "pgn", "--where", "Result!=*", &json]
        )
    );
}

#[test]
fn valid_out_writes_only_the_chosen_games() {
    let (d, p) = archive();
    let good = d.path().join("good.pgn").display().to_string();
    assert_snapshot!(
        "valid_out",
        run(
            &d,
            &[
                "validate",
                "--where",
                "White!=Dubois",
                "--valid-out",
                &good,
                &p
            ]
        )
    );
    let first_game = &ARCHIVE[..ARCHIVE.find("[White \"Brandt").unwrap()];
    assert_eq!(std::fs::read_to_string(&good).unwrap(), first_game);
}

/// How each argument is looked at once: a file whose name ends in `:N` is
/// that file, `FILE:N` of a file without that name is its game N, and a
/// directory's games are not chosen by number.
#[test]
fn a_name_with_a_colon_a_choice_and_a_directory_are_told_apart() {
    let (d, p) = archive();
    let json = |args: &[&str]| {
        let out = fvnote().args(args).current_dir(d.path()).output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    // `archive.pgn:2` names no file: game 2 of the archive, alone.
    let (code, out) = json(&["validate", "--format", "json", &format!("{p}:2")]);
    assert_eq!(code, Some(1));
    assert_eq!(out.matches("\"game\":").count(), 1, "{out}");
    assert!(out.contains("\"game\":2") && out.contains("Ke3"), "{out}");
    // A file named `archive.pgn:2` is read whole: its own one game.
    let named = format!("{p}:2");
    std::fs::write(&named, "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n").unwrap();
    let (code, out) = json(&["validate", "--format", "json", &named]);
    assert_eq!(code, Some(1));
    assert_eq!(out.matches("\"game\":").count(), 1, "{out}");
    assert!(
        out.contains("\"ruling\":\"G5\"") && !out.contains("Ke3"),
        "{out}"
    );
    // A directory's games are not numbered.
    let dir = d.path().display().to_string();
    let out = fvnote()
        .args(["validate", &format!("{dir}:1")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("games are chosen by number in a file, not a directory"),
        "{err}"
    );
}
