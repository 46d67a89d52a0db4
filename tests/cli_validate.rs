//! End-to-end tests of `fvnote validate`: every format and exit code, each
//! run's whole output (exit code, stdout, stderr) compared with its golden
//! file in `tests/snapshots/`.

use crate::cli;
use cli::{fvnote, transcript, transcript_in};
use insta::assert_snapshot;

fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn valid_games_with_comments_variations_and_nags_exit_0() {
    assert_snapshot!(transcript(
        fvnote().args(["validate", "tests/data/valid.pgn"])
    ));
}

#[test]
fn verbose_lists_valid_games() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "--verbose",
        "tests/data/valid.pgn"
    ])));
}

#[test]
fn illegal_move_human_report_points_at_the_token() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "--color",
        "never",
        "tests/data/illegal.pgn"
    ])));
}

#[test]
fn color_always_paints_and_no_color_wins() {
    let always =
        transcript(fvnote().args(["validate", "--color", "always", "tests/data/illegal.pgn"]));
    assert_snapshot!("color_always", always);
    // NO_COLOR turns off the default (auto), never an explicit choice
    // (no-color.org).
    let no_color_always = transcript(fvnote().env("NO_COLOR", "1").args([
        "validate",
        "--color",
        "always",
        "tests/data/illegal.pgn",
    ]));
    assert_eq!(no_color_always, always);
    let no_color_auto = transcript(fvnote().env("NO_COLOR", "1").args([
        "validate",
        "--color",
        "auto",
        "tests/data/illegal.pgn",
    ]));
    // Not a terminal: auto means no colour.
    let auto = transcript(fvnote().args(["validate", "tests/data/illegal.pgn"]));
    let never =
        transcript(fvnote().args(["validate", "--color", "never", "tests/data/illegal.pgn"]));
    assert_eq!(no_color_auto, never);
    assert_eq!(auto, never);
    assert_ne!(always, never);
}

#[test]
fn wrong_result_after_mate_cites_g5() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "--format",
        "json",
        "tests/data/wrong_result.pgn",
    ])));
}

#[test]
fn wrong_result_caret_under_the_result() {
    assert_snapshot!(transcript(
        fvnote().args(["validate", "tests/data/wrong_result.pgn"])
    ));
}

#[test]
fn json_fields_for_each_game() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "--format",
        "json",
        "tests/data/illegal.pgn",
        "tests/data/valid.pgn",
    ])));
}

#[test]
fn syntax_error_is_an_invalid_game_and_the_reader_recovers() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "--format",
        "json",
        "tests/data/syntax.pgn"
    ])));
}

#[test]
fn lenient_notation_warns_and_strict_rejects() {
    assert_snapshot!(
        "lenient",
        transcript(fvnote().args(["validate", "tests/data/lenient.pgn"]))
    );
    assert_snapshot!(
        "lenient_strict",
        transcript(fvnote().args([
            "validate",
            "--strict",
            "--format",
            "json",
            "tests/data/lenient.pgn",
        ]))
    );
}

#[test]
fn github_annotations_are_escaped() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "--format",
        "github",
        "tests/data/illegal.pgn",
        "tests/data/lenient.pgn"
    ])));
}

#[test]
fn junit_has_a_suite_per_file_and_a_case_per_game() {
    let out = transcript(fvnote().args([
        "validate",
        "--format",
        "junit",
        "tests/data/valid.pgn",
        "tests/data/illegal.pgn",
    ]));
    assert_snapshot!(cli::redact_times(&out));
}

#[test]
fn directories_are_searched_recursively_in_sorted_order() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "--format",
        "json",
        "tests/data/dir"
    ])));
}

#[test]
fn standard_input_with_dash_or_no_arguments() {
    let pgn = std::fs::read("tests/data/illegal.pgn").unwrap();
    let dash = transcript(fvnote().args(["validate", "-"]).write_stdin(pgn.clone()));
    assert_snapshot!(dash);
    let none = transcript(fvnote().arg("validate").write_stdin(pgn));
    assert_eq!(none, dash);
}

#[test]
fn unreadable_path_exits_2_after_checking_the_rest() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "tests/data/no-such.pgn",
        "tests/data/valid.pgn"
    ])));
}

#[test]
fn bad_flag_is_a_usage_error() {
    assert_snapshot!(transcript(fvnote().args([
        "validate",
        "--format",
        "xml",
        "tests/data/valid.pgn"
    ])));
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
    // The human report, whole: the one invalid game where it is.
    assert_snapshot!(
        "many_games_human",
        transcript_in(fvnote().arg("validate").arg(&path), dir.path())
    );
    // 600 JSON lines are no golden to read by eye: their order is checked
    // line by line instead.
    let out = fvnote()
        .args(["validate", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let v = json_lines(&out.stdout);
    assert_eq!(v.len(), 600);
    for (i, g) in v.iter().enumerate() {
        assert_eq!(g["game"], i + 1);
        assert_eq!(g["valid"], i != 457);
    }
    // The same through standard input (streamed in batches): the same
    // output but for the file's name.
    let bytes = std::fs::read(&path).unwrap();
    let stdin = transcript(
        fvnote()
            .args(["validate", "--format", "json", "-"])
            .write_stdin(bytes),
    );
    let file = transcript_in(
        fvnote().args(["validate", "--format", "json"]).arg(&path),
        dir.path(),
    );
    assert_eq!(stdin, file.replace("[TMP]/big.pgn", "<stdin>"));
}

#[test]
fn fault_line_slide_of_an_uncontrolled_rank_is_noted() {
    let pgn = "[Variant \"fault-line\"]\n\n1. S3e *\n";
    assert_snapshot!(transcript(
        fvnote()
            .args(["validate", "--format", "json", "-"])
            .write_stdin(pgn)
    ));
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
    assert_snapshot!(transcript(
        fvnote()
            .current_dir(dir.path())
            .args(["validate", "--format", "json", "."])
    ));
}
