//! Damaged correspondence logs (issue: correspondence archives, item 1):
//! cut-off games, dangling move numbers, results that disagree, and the
//! Seven Tag Roster, in every output format of `fvnote validate`, on the
//! logs of `fixtures/correspondence/`.

use crate::cli;
use cli::{fvnote, transcript};
use insta::assert_snapshot;

/// The whole output of `validate --format json` of a file or of standard
/// input.
fn json(args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut c = fvnote();
    c.args(["validate", "--format", "json"]).args(args);
    if let Some(s) = stdin {
        c.arg("-").write_stdin(s.to_vec());
    }
    transcript(&mut c)
}

#[test]
fn the_issue_example_is_a_truncated_game_even_with_its_tags() {
    // PGN requires a termination marker; without one, and after a dangling
    // move number, the log was cut off: at 4:23, just after `3.`, the end
    // of what was read.
    let pgn = b"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3.";
    assert_snapshot!("issue_example", json(&[], Some(pgn)));
    // Under --strict the roster's missing tags are errors too, but the cut
    // stays the game's error: roster errors come after the damage.
    assert_snapshot!("issue_example_strict", json(&["--strict"], Some(pgn)));
}

#[test]
fn a_log_cut_inside_a_move_pair_is_truncated_where_it_ends() {
    // At 9:48, inside move pair 5.
    assert_snapshot!(json(&["fixtures/correspondence/chess-cut-off.pgn"], None));
}

#[test]
fn a_dangling_move_number_in_fault_line_is_truncated() {
    // After the move number 7., at 10:68.
    assert_snapshot!(json(
        &["fixtures/correspondence/fault-line-dangling-number.pgn"],
        None,
    ));
}

#[test]
fn a_result_tag_that_differs_from_the_marker_is_inconsistent() {
    // The quake game's final position decides nothing, so any marker is a
    // result (G5) — but the tag and the marker must agree: the error is at
    // the marker 0-1 (10:71).
    assert_snapshot!(json(
        &["fixtures/correspondence/quake-result-mismatch.pgn"],
        None
    ));
}

#[test]
fn a_game_cut_at_the_next_tag_section_is_truncated_and_the_next_game_is_read() {
    let pgn = b"[Event \"a\"] [Site \"?\"] [Date \"????.??.??\"] [Round \"1\"] [White \"A\"] [Black \"B\"] [Result \"*\"]\n\n1. e4 e5\n\n[Event \"b\"] [Site \"?\"] [Date \"????.??.??\"] [Round \"1\"] [White \"A\"] [Black \"B\"] [Result \"*\"]\n\n1. d4 *\n";
    // Game 1 truncated at 3:9; game 2 valid without warnings.
    assert_snapshot!(json(&[], Some(pgn)));
}

#[test]
fn the_input_ending_in_a_comment_or_a_variation_is_truncated() {
    // At the comment's `{` (1:17).
    assert_snapshot!(
        "inside_a_comment",
        json(&[], Some(b"1. e4 e5 2. Nf3 {the knight"))
    );
    assert_snapshot!(
        "inside_a_variation",
        json(&[], Some(b"1. e4 e5 (1... c5 2. Nf3"))
    );
}

#[test]
fn roster_problems_are_warnings_and_errors_under_strict() {
    let file = "fixtures/correspondence/chess-roster.pgn";
    // Three warnings: Round missing, Site out of order, Date malformed.
    assert_snapshot!("roster", json(&[file], None));
    assert_snapshot!("roster_strict", json(&["--strict", file], None));
}

#[test]
fn dates_with_unknown_parts_are_well_formed() {
    use fvnote::record::replay::damage::date_ok;
    for ok in ["1998.??.??", "????.??.??", "2024.02.10", "19??.12.31"] {
        assert!(date_ok(ok), "{ok}");
    }
    for bad in [
        "2019-03-02",
        "1998",
        "1998.13.01",
        "1998.1.01",
        "98.01.01",
        "1998.01.32",
        "1998.01.01.01",
        "1998.01.",
        "",
    ] {
        assert!(!date_ok(bad), "{bad}");
    }
}

#[test]
fn a_cut_off_log_is_invalid_in_every_format() {
    let file = "fixtures/correspondence/chess-cut-off.pgn";
    for format in ["human", "json", "github", "junit"] {
        // `--color` shapes human output only (refused with the others).
        let color: &[&str] = match format {
            "human" => &["--color", "never"],
            _ => &[],
        };
        let out = transcript(
            fvnote()
                .arg("validate")
                .args(color)
                .args(["--format", format, file]),
        );
        assert_snapshot!(format!("cut_off_{format}"), cli::redact_times(&out));
    }
}

#[test]
fn complete_logs_of_several_variants_are_valid_without_warnings() {
    for (name, file) in [
        ("slide", "fixtures/correspondence/slide-resent.pgn"),
        (
            "fault_line",
            "fixtures/correspondence/fault-line-duplicates.pgn",
        ),
    ] {
        assert_snapshot!(format!("complete_{name}"), json(&["--strict", file], None));
    }
}
