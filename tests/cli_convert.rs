//! `fvnote convert` and `fvnote fmt` from the outside.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

const GAME: &str = "[Event \"Test\"]\n[Site \"?\"]\n\n{Prelude} 1. e4 {[%clk 0:05:00]} 1... e5 \
                    2. Nf3 $1 (2. Qh5 Nc6 3. Bc4 Nf6 $4 4.\nQxf7#) 2... Nc6 3. Bb5 a6 *\n\n";

const MESSY: &str = "[Event \"Test\"]\n[Site \"?\"]\n{Prelude}\n1.e4   {[%clk 0:05:00]}\n\ne5 \
                     2.Ng1-f3! (2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7++) Nc6\n3.Bb5 a6 *\n";

const SECOND: &str = "[Event \"Two\"]\n\n1. d4 d5 0-1\n\n";

fn fvnote() -> Command {
    Command::cargo_bin("fvnote").unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn pgn_to_json_is_an_array_of_games() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", &format!("{GAME}{SECOND}"));
    let out = stdout_of(fvnote().args(["convert", "--to", "json"]).arg(&f));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let games = v.as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["format"], "fvnote-record");
    assert_eq!(games[0]["version"], 1);
    assert_eq!(games[0]["moves"][2]["canonical"], "Nf3");
    assert_eq!(games[1]["result"], "0-1");
    assert!(out.contains("\n  {\n"), "pretty-printed");
}

#[test]
fn jsonl_is_one_game_per_line_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", &format!("{GAME}{SECOND}"));
    let out = stdout_of(
        fvnote()
            .args(["convert", "--to", "jsonl", "--fens"])
            .arg(&f),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for l in &lines {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert!(v["moves"][0]["fen_after"].is_string());
    }
    // JSON Lines back to PGN through stdin gives the original text.
    let back = stdout_of(fvnote().args(["convert", "--to", "pgn"]).write_stdin(out));
    assert_eq!(back, format!("{GAME}{SECOND}"));
}

#[test]
fn json_document_back_to_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", GAME);
    let json = dir.path().join("a.json");
    fvnote()
        .args(["convert", "--to", "json", "-o"])
        .arg(&json)
        .arg(&f)
        .assert()
        .success()
        .stdout("");
    let out = stdout_of(fvnote().args(["convert", "--to", "pgn"]).arg(&json));
    assert_eq!(out, GAME);
}

#[test]
fn pgn_to_canonical_pgn() {
    let out = stdout_of(fvnote().args(["convert", "--to", "pgn"]).write_stdin(MESSY));
    assert_eq!(out, GAME);
}

#[test]
fn fen_lists_every_main_line_position() {
    let out = stdout_of(
        fvnote()
            .args(["convert", "--to", "fen", "-"])
            .write_stdin(format!("{GAME}{SECOND}")),
    );
    let games: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(games.len(), 2);
    let first: Vec<&str> = games[0].lines().collect();
    assert_eq!(first.len(), 7);
    assert_eq!(
        first[0],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        first[1],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(games[1].lines().count(), 3);
}

#[test]
fn fen_of_an_illegal_game_is_an_error() {
    fvnote()
        .args(["convert", "--to", "fen"])
        .write_stdin("1. e4 e5\n2. Ke3 *\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("<stdin>:2:4: Ke3"));
}

#[test]
fn in_place_rewrites_atomically_and_refuses_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", MESSY);
    fvnote()
        .args(["convert", "--to", "pgn", "--in-place"])
        .arg(&f)
        .assert()
        .success()
        .stdout("");
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.contains("2. Nf3 $1"), "{text}");
    fvnote()
        .args(["convert", "--to", "pgn", "--in-place", "-"])
        .write_stdin(MESSY)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--in-place"));
    fvnote()
        .args(["convert", "--to", "pgn", "--in-place"])
        .assert()
        .code(2);
}

#[test]
fn output_never_overwrites_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", MESSY);
    // The same file under another spelling is still refused.
    let other = dir.path().join(".").join("a.pgn");
    fvnote()
        .args(["convert", "--to", "json", "-o"])
        .arg(&other)
        .arg(&f)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("refusing to overwrite"));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), MESSY);
    // Without -o nothing touches the input either.
    fvnote()
        .args(["convert", "--to", "pgn"])
        .arg(&f)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), MESSY);
}

#[test]
fn malformed_input_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.pgn", MESSY);
    let bad = write(
        dir.path(),
        "bad.pgn",
        "[Event \"x\"]\n\n1. e4 {never closed\n",
    );
    let out = dir.path().join("out.json");
    fvnote()
        .args(["convert", "--to", "json", "-o"])
        .arg(&out)
        .arg(&good)
        .arg(&bad)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "bad.pgn:3:7: unterminated comment",
        ));
    assert!(!out.exists());
    // --in-place: neither file changes when one is malformed.
    fvnote()
        .args(["convert", "--to", "pgn", "--in-place"])
        .arg(&good)
        .arg(&bad)
        .assert()
        .code(2);
    assert_eq!(std::fs::read_to_string(&good).unwrap(), MESSY);
    // Malformed JSON points at its line and column.
    let badjson = write(
        dir.path(),
        "bad.json",
        "[\n  {\"format\": \"fvnote-record\",\n   \"version\": 7}\n]\n",
    );
    fvnote()
        .args(["convert", "--to", "pgn"])
        .arg(&badjson)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("bad.json:3:").and(predicate::str::contains("version 7")));
}

#[test]
fn fmt_check_and_rewrite() {
    let dir = tempfile::tempdir().unwrap();
    let messy = write(dir.path(), "messy.pgn", MESSY);
    let clean = write(dir.path(), "clean.pgn", GAME);
    fvnote()
        .args(["fmt", "--check"])
        .arg(&clean)
        .assert()
        .code(0)
        .stdout("");
    fvnote()
        .args(["fmt", "--check"])
        .arg(&clean)
        .arg(&messy)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("messy.pgn").and(predicate::str::contains("clean").not()));
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        MESSY,
        "--check writes nothing"
    );
    fvnote().arg("fmt").arg(&messy).assert().code(0);
    let text = std::fs::read_to_string(&messy).unwrap();
    assert_eq!(text, GAME);
    for kept in [
        "{Prelude}",
        "[%clk 0:05:00]",
        "$1",
        "$4",
        "(2. Qh5",
        "Qxf7#",
    ] {
        assert!(text.contains(kept), "{kept} lost:\n{text}");
    }
    fvnote()
        .args(["fmt", "--check"])
        .arg(&messy)
        .assert()
        .code(0);
}

#[test]
fn fmt_leaves_broken_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    let illegal_text = "1.e4 e5 2.Ke3 *\n";
    let illegal = write(dir.path(), "illegal.pgn", illegal_text);
    let syntax_text = "1.e4 e5 2.Nf3 {oops\n";
    let syntax = write(dir.path(), "syntax.pgn", syntax_text);
    // A record has no place for these; fmt used to delete them.
    let homeless_text = "1. e4 ({Also good}) e5 *\n\n$1 1. d4 *\n";
    let homeless = write(dir.path(), "homeless.pgn", homeless_text);
    // PGN readers skip escape lines; rewriting would delete this one.
    let escape_text = "%private\n1. e4 *\n";
    let escape = write(dir.path(), "escape.pgn", escape_text);
    let messy = write(dir.path(), "messy.pgn", MESSY);
    fvnote().arg("fmt").arg(dir.path()).assert().code(2).stderr(
        predicate::str::contains("illegal.pgn:1:11: Ke3")
            .and(predicate::str::contains(
                "syntax.pgn:1:15: unterminated comment",
            ))
            .and(predicate::str::contains(
                "homeless.pgn:1:8: comment in a variation with no move",
            ))
            .and(predicate::str::contains("escape.pgn:1:1: '%' escape line")),
    );
    assert_eq!(std::fs::read_to_string(&illegal).unwrap(), illegal_text);
    assert_eq!(std::fs::read_to_string(&syntax).unwrap(), syntax_text);
    assert_eq!(std::fs::read_to_string(&homeless).unwrap(), homeless_text);
    assert_eq!(std::fs::read_to_string(&escape).unwrap(), escape_text);
    // Likewise for conversion in place; converted elsewhere, the line is
    // skipped as PGN readers skip it.
    fvnote()
        .args(["convert", "--to", "pgn", "--in-place"])
        .arg(&escape)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("escape.pgn:1:1: '%' escape line"));
    assert_eq!(std::fs::read_to_string(&escape).unwrap(), escape_text);
    fvnote()
        .args(["convert", "--to", "pgn"])
        .arg(&escape)
        .assert()
        .success()
        .stdout("1. e4 *\n\n");
    // The good file in the same directory was still formatted.
    assert_ne!(std::fs::read_to_string(&messy).unwrap(), MESSY);
    fvnote()
        .args(["fmt", "--check"])
        .arg(&illegal)
        .assert()
        .code(2);
}

/// Games are converted one at a time, so a broken game after many good ones
/// is found after output has begun: still nothing reaches the target, and
/// no temporary file is left beside the output or the input. Standard
/// output gets the games before the error, each complete (issue 27).
/// Converting `input` (alone in its directory) fails with `error` whether
/// the output goes to a file, in place or to standard output, and leaves
/// the input, a file it would have replaced, and the directory as they were.
fn refused_without_trace(input: &Path, to: &str, error: &str) {
    let dir = input.parent().unwrap();
    let text = std::fs::read(input).unwrap();
    let out = dir.join(format!("out.{to}"));
    std::fs::write(&out, "kept\n").unwrap();
    for target in ["-o", "--in-place", "stdout"] {
        let mut cmd = fvnote();
        cmd.args(["convert", "--to", to]);
        match target {
            "-o" => {
                cmd.arg("-o").arg(&out);
            }
            "--in-place" => {
                cmd.arg("--in-place");
            }
            _ => {}
        }
        // In place into another syntax is refused before any game is read.
        let refused = predicate::str::contains("--in-place would replace");
        let assert = cmd
            .arg(input)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(error).or(refused));
        if target != "stdout" {
            assert.stdout("");
        }
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "kept\n", "{target}");
        assert_eq!(std::fs::read(input).unwrap(), text, "{target}");
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        let mut want = vec![
            input.file_name().unwrap().to_str().unwrap().to_owned(),
            format!("out.{to}"),
        ];
        want.sort();
        assert_eq!(names, want, "{target}");
    }
    std::fs::remove_file(out).unwrap();
}

/// JSON is read game by game too: a syntax error after 2,000 games is found
/// at its exact line and column, and nothing is delivered.
#[test]
fn a_late_json_error_leaves_no_trace() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = MESSY.repeat(2_000);
    let lines = stdout_of(
        fvnote()
            .args(["convert", "--to", "jsonl", "-"])
            .write_stdin(pgn.clone()),
    );
    let input = write(
        dir.path(),
        "big.jsonl",
        &format!("{lines}{{\"format\": 1}}\n"),
    );
    refused_without_trace(
        &input,
        "pgn",
        "big.jsonl:2001:12: invalid fvnote-record JSON: invalid type: integer `1`",
    );
    let array = stdout_of(
        fvnote()
            .args(["convert", "--to", "json", "-"])
            .write_stdin(pgn),
    );
    let cut = array.trim_end().strip_suffix(']').unwrap().trim_end();
    let input = write(dir.path(), "big.json", &format!("{cut},\n  7\n]\n"));
    std::fs::remove_file(dir.path().join("big.jsonl")).unwrap();
    let line = cut.lines().count() + 1;
    refused_without_trace(
        &input,
        "pgn",
        &format!("big.json:{line}:3: invalid fvnote-record JSON: invalid type: integer `7`, expected struct Game"),
    );
}

#[test]
fn a_late_error_leaves_no_trace() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = MESSY.repeat(2_000);
    text.push_str("[Event \"late\"]\n\n1. e4 e5 2. Ke3 (2. Nf9) *\n\n");
    text.push_str(&MESSY.repeat(10));
    text.push_str("[Event \"later\"]\n\n1. e4 {never closed\n");
    let input = write(dir.path(), "big.pgn", &text);
    refused_without_trace(&input, "jsonl", "unterminated comment");
    // The same archive without the broken game converts, game by game, to
    // what one document per game would be.
    let good = text[..text.find("[Event \"later\"]").unwrap()].to_owned();
    let good = good.replace("2. Ke3 (2. Nf9)", "2. Ke2 (2. Nf3)");
    std::fs::write(&input, &good).unwrap();
    let lines = stdout_of(fvnote().args(["convert", "--to", "jsonl"]).arg(&input));
    assert_eq!(lines.lines().count(), 2_011);
    let one = stdout_of(
        fvnote()
            .args(["convert", "--to", "jsonl", "-"])
            .write_stdin(MESSY),
    );
    assert_eq!(lines.lines().next().unwrap(), one.trim_end());
}

/// A game read from JSON has no positions for its moves: an error in one
/// points at the game's `{` and names the ply.
#[test]
fn errors_in_json_games_point_at_the_game() {
    let game = |moves: &str| {
        format!(r#"{{"format": "fvnote-record", "version": 1, "tags": [], "moves": [{moves}]}}"#)
    };
    let good = game(r#"{"san": "e4"}"#);
    let bad = game(r#"{"san": "e4"}, {"san": "e5"}, {"san": "Ke3"}"#);
    let text = format!("[\n  {good},\n    {bad}\n]\n");
    fvnote()
        .args(["convert", "--to", "fen", "--from", "json", "-"])
        .write_stdin(text)
        .assert()
        .code(2)
        // The good game's start and one ply, written before the error.
        .stdout(predicate::function(|s: &str| s.lines().count() == 2))
        .stderr(
            "error: <stdin>:3:5: ply 3, Ke3: no king can reach e3: the king on e1 reaches e2\n",
        );
}

/// JSON can hold what PGN cannot; converting such a game to PGN is refused,
/// saying where and why, rather than writing a text that reads as another
/// game.
#[test]
fn json_that_pgn_cannot_hold_is_refused() {
    let game = |moves: &str, result: &str| {
        format!(
            r#"{{"format": "fvnote-record", "version": 1, "tags": [], "moves": [{moves}], "result": {result}}}"#
        )
    };
    for (text, error) in [
        (
            game(r#"{"san": "d4"}, {"san": "e4 e5"}"#, "null"),
            "<stdin>:2:1: ply 2, move `e4 e5` cannot be written in PGN: a move token holds no white space",
        ),
        (
            game(r#"{"san": "d4", "comments": [{"text": "}\n"}]}"#, "null"),
            "<stdin>:2:1: ply 1, comment \"}\\n\": PGN cannot hold a comment with both `}` and a line break",
        ),
        (
            game(r#"{"san": "d4"}"#, r#""won""#),
            "<stdin>:2:1: result `won`: a PGN result is 1-0, 0-1, 1/2-1/2 or *",
        ),
    ] {
        let fine = game(r#"{"san": "d4"}"#, "null");
        fvnote()
            .args(["convert", "--to", "pgn", "-"])
            .write_stdin(format!("{fine}\n{text}\n"))
            .assert()
            .code(2)
            // The fine game went out before the refused one.
            .stdout("1. d4 *\n\n")
            .stderr(predicate::str::starts_with(format!("error: {error}")));
    }
}
