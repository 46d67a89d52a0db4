//! End-to-end tests of `fvnote validate`: every format and exit code.
use predicates::prelude::*;

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn valid_games_with_comments_variations_and_nags_exit_0() {
    fvnote()
        .args(["validate", "tests/data/valid.pgn"])
        .assert()
        .code(0)
        .stdout("checked 2 games in 1 file: 2 valid, 0 invalid, 0 warnings\n");
}

#[test]
fn verbose_lists_valid_games() {
    fvnote()
        .args(["validate", "--verbose", "tests/data/valid.pgn"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "ok: tests/data/valid.pgn game 1 (Anderssen vs Dufresne): 7 plies, chess",
        ));
}

#[test]
fn illegal_move_human_report_points_at_the_token() {
    let out = fvnote()
        .args(["validate", "--color", "never", "tests/data/illegal.pgn"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let expected_first = "\
error: no king can reach e3: the king on e1 reaches e2
 --> tests/data/illegal.pgn:7:4
  |
7 | 2. Ke3 Nc6 *
  |    ^^^
  |
  = note: game 1 (Alice vs Bob), ply 3
  = note: position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
  = help: did you mean Ke2?
";
    assert!(text.starts_with(expected_first), "{text}");
    assert!(
        text.contains("error[G6]: Kf2-g3: leaves the king in check\n"),
        "{text}"
    );
    assert!(
        text.contains("  --> tests/data/illegal.pgn:14:25\n"),
        "{text}"
    );
    assert!(text.contains("   = help: did you mean Ke3?"), "{text}");
    assert!(text.ends_with("checked 2 games in 1 file: 0 valid, 2 invalid, 0 warnings\n"));
    assert!(!text.contains('\x1b'));
}

#[test]
fn color_always_paints_and_no_color_wins() {
    fvnote()
        .args(["validate", "--color", "always", "tests/data/illegal.pgn"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\x1b[91merror\x1b[0m"));
    // NO_COLOR turns off the default (auto), never an explicit choice
    // (no-color.org).
    fvnote()
        .env("NO_COLOR", "1")
        .args(["validate", "--color", "always", "tests/data/illegal.pgn"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\x1b[91merror\x1b[0m"));
    fvnote()
        .env("NO_COLOR", "1")
        .args(["validate", "--color", "auto", "tests/data/illegal.pgn"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains('\x1b').not());
    // Not a terminal: auto means no colour.
    fvnote()
        .args(["validate", "tests/data/illegal.pgn"])
        .assert()
        .stdout(predicate::str::contains('\x1b').not());
}

#[test]
fn wrong_result_after_mate_cites_g5() {
    let out = fvnote()
        .args([
            "validate",
            "--format",
            "json",
            "tests/data/wrong_result.pgn",
        ])
        .assert()
        .code(1)
        .stderr("checked 1 game in 1 file: 0 valid, 1 invalid, 0 warnings\n")
        .get_output()
        .stdout
        .clone();
    let v = json_lines(&out);
    assert_eq!(v.len(), 1);
    let e = &v[0]["error"];
    assert_eq!(e["ruling"], "G5");
    assert_eq!(e["token"], "1/2-1/2");
    assert_eq!(e["ply"], 4);
    // Shown at the result token, not at the start of the game.
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(6), Some(21))
    );
    assert!(e["message"].as_str().unwrap().contains("must be 0-1"));
    assert_eq!(
        e["fen"],
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
}

#[test]
fn wrong_result_caret_under_the_result() {
    fvnote()
        .args(["validate", "tests/data/wrong_result.pgn"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "error[G5]: the game ended: checkmate, Black wins (G5), so the result must be 0-1, not 1/2-1/2\n \
             --> tests/data/wrong_result.pgn:6:21\n  |\n6 | 1. f3 e5 2. g4 Qh4# 1/2-1/2\n  |                     ^^^^^^^\n",
        ));
}

#[test]
fn json_fields_for_each_game() {
    let out = fvnote()
        .args([
            "validate",
            "--format",
            "json",
            "tests/data/illegal.pgn",
            "tests/data/valid.pgn",
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v = json_lines(&out);
    assert_eq!(v.len(), 4);
    let g = &v[1];
    assert_eq!(g["file"], "tests/data/illegal.pgn");
    assert_eq!(g["game"], 2);
    assert_eq!(g["valid"], false);
    assert_eq!(g["plies"], 4);
    assert_eq!(g["variant"], "chess");
    assert_eq!(g["warnings"], serde_json::json!([]));
    let e = &g["error"];
    assert_eq!(e["ply"], 5);
    assert_eq!(e["token"], "Kg3");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(14), Some(25))
    );
    assert_eq!(e["offset"], 185 + 2 * 43); // each game's line 1 now holds Site, Date and Round too
    assert_eq!(e["ruling"], "G6");
    assert_eq!(e["suggestions"], serde_json::json!(["Ke3"]));
    assert_eq!(e["syntax"], false);
    assert_eq!(v[2]["file"], "tests/data/valid.pgn");
    assert_eq!(v[2]["valid"], true);
    assert_eq!(v[2]["plies"], 7);
    assert!(v[2].get("error").is_none());
    assert_eq!(v[3]["game"], 2);
}

#[test]
fn syntax_error_is_an_invalid_game_and_the_reader_recovers() {
    let out = fvnote()
        .args(["validate", "--format", "json", "tests/data/syntax.pgn"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["valid"], false);
    assert_eq!(v[0]["error"]["syntax"], true);
    assert_eq!(v[0]["error"]["line"], 6);
    assert_eq!(v[0]["error"]["column"], 7);
    assert!(v[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("unmatched ')'"));
    assert_eq!(v[1]["valid"], true);
    assert_eq!(v[1]["game"], 2);
    assert_eq!(v[1]["white"], "P");
}

#[test]
fn lenient_notation_warns_and_strict_rejects() {
    fvnote()
        .args(["validate", "tests/data/lenient.pgn"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "warning: long algebraic notation: write e4\n --> tests/data/lenient.pgn:6:4",
        ))
        .stdout(predicate::str::contains(
            "warning: castling written with zeros: write O-O",
        ))
        .stdout(predicate::str::contains("1 valid, 0 invalid, 2 warnings"));
    let out = fvnote()
        .args([
            "validate",
            "--strict",
            "--format",
            "json",
            "tests/data/lenient.pgn",
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v = json_lines(&out);
    assert_eq!(v[0]["error"]["token"], "e2e4");
    assert_eq!(
        v[0]["error"]["message"],
        "long algebraic notation: write e4"
    );
}

#[test]
fn github_annotations_are_escaped() {
    fvnote()
        .args(["validate", "--format", "github", "tests/data/illegal.pgn", "tests/data/lenient.pgn"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "::error file=tests/data/illegal.pgn,line=7,col=4,title=game 1 (Alice vs Bob)::ply 3: no king can reach e3: the king on e1 reaches e2%0Aposition: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2%0Adid you mean Ke2?\n",
        ))
        .stdout(predicate::str::contains(
            "::error file=tests/data/illegal.pgn,line=14,col=25,title=G6%3A game 2 (Carol vs Dave)::",
        ))
        .stdout(predicate::str::contains(
            "::warning file=tests/data/lenient.pgn,line=6,col=4,",
        ));
}

#[test]
fn junit_has_a_suite_per_file_and_a_case_per_game() {
    let out = fvnote()
        .args([
            "validate",
            "--format",
            "junit",
            "tests/data/valid.pgn",
            "tests/data/illegal.pgn",
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let x = String::from_utf8(out).unwrap();
    assert!(x.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"));
    assert!(x.contains(
        "<testsuite name=\"tests/data/valid.pgn\" tests=\"2\" failures=\"0\" errors=\"0\" time=\""
    ));
    assert!(x.contains(
        "<testsuite name=\"tests/data/illegal.pgn\" tests=\"2\" failures=\"2\" errors=\"0\" time=\""
    ));
    assert!(x.contains("<testcase name=\"game 1 (Anderssen vs Dufresne)\""));
    assert!(x.contains("<failure message=\"Kf2-g3: leaves the king in check\" type=\"G6\">"));
    assert!(x.contains("&quot;Kg3&quot;"));
    assert!(x.trim_end().ends_with("</testsuites>"));
    assert_eq!(x.matches("<testcase ").count(), 4);
}

#[test]
fn directories_are_searched_recursively_in_sorted_order() {
    let out = fvnote()
        .args(["validate", "--format", "json", "tests/data/dir"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let files: Vec<String> = json_lines(&out)
        .iter()
        .map(|v| v["file"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        files,
        [
            "tests/data/dir/b.pgn",
            "tests/data/dir/b.pgn",
            "tests/data/dir/sub/a.pgn"
        ]
    );
}

#[test]
fn standard_input_with_dash_or_no_arguments() {
    let pgn = std::fs::read("tests/data/illegal.pgn").unwrap();
    for args in [vec!["validate", "-"], vec!["validate"]] {
        fvnote()
            .args(&args)
            .write_stdin(pgn.clone())
            .assert()
            .code(1)
            .stdout(predicate::str::contains(
                " --> <stdin>:7:4\n  |\n7 | 2. Ke3 Nc6 *\n  |    ^^^\n",
            ))
            .stdout(predicate::str::contains(
                "14 | 1. f3 e5 2. Kf2 Qh4+ 3. Kg3 *",
            ));
    }
}

#[test]
fn unreadable_path_exits_2_after_checking_the_rest() {
    fvnote()
        .args(["validate", "tests/data/no-such.pgn", "tests/data/valid.pgn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("error: tests/data/no-such.pgn:"))
        .stdout(predicate::str::contains(
            "checked 2 games in 1 file: 2 valid",
        ));
}

#[test]
fn bad_flag_is_a_usage_error() {
    fvnote()
        .args(["validate", "--format", "xml", "tests/data/valid.pgn"])
        .assert()
        .code(2);
}

#[test]
fn many_games_keep_input_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.pgn");
    let mut s = String::new();
    for i in 0..600 {
        if i == 457 {
            s.push_str("1. e4 e5 2. Ke3 *\n\n");
        } else {
            s.push_str("1. d4 d5 2. c4 *\n\n");
        }
    }
    std::fs::write(&path, s).unwrap();
    let out = fvnote()
        .args(["validate", "--format", "json"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v = json_lines(&out);
    assert_eq!(v.len(), 600);
    for (i, g) in v.iter().enumerate() {
        assert_eq!(g["game"], i + 1);
        assert_eq!(g["valid"], i != 457);
    }
    // The same through standard input (streamed in batches).
    let bytes = std::fs::read(&path).unwrap();
    let out = fvnote()
        .args(["validate", "--format", "json", "-"])
        .write_stdin(bytes)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v = json_lines(&out);
    assert_eq!(v.len(), 600);
    assert_eq!(v[457]["error"]["line"], 915);
}

#[test]
fn fault_line_slide_of_an_uncontrolled_rank_is_noted() {
    let pgn = "[Variant \"fault-line\"]\n\n1. S3e *\n";
    let out = fvnote()
        .args(["validate", "--format", "json", "-"])
        .write_stdin(pgn)
        .assert()
        .get_output()
        .stdout
        .clone();
    let v = json_lines(&out);
    assert_eq!(v[0]["variant"], "fault-line");
    assert_eq!(v[0]["notes"][0]["ruling"], "FL6");
}

#[test]
fn many_small_files_in_parallel_keep_sorted_order() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..20 {
        let moves = if i == 13 {
            "1. e4 e5 2. Ke3 *"
        } else {
            "1. e4 e5 *"
        };
        std::fs::write(
            dir.path().join(format!("g{i:02}.pgn")),
            format!("{moves}\n\n{moves}\n"),
        )
        .unwrap();
    }
    let out = fvnote()
        .args(["validate", "--format", "json"])
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr("checked 40 games in 20 files: 38 valid, 2 invalid, 0 warnings\n")
        .get_output()
        .stdout
        .clone();
    let v = json_lines(&out);
    assert_eq!(v.len(), 40);
    for (i, g) in v.iter().enumerate() {
        let file = g["file"].as_str().unwrap();
        assert!(file.ends_with(&format!("g{:02}.pgn", i / 2)), "{file}");
        assert_eq!(g["game"], i % 2 + 1);
        assert_eq!(g["valid"], i / 2 != 13);
    }
}
