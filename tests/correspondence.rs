//! Damaged correspondence logs (issue: correspondence archives, item 1):
//! cut-off games, dangling move numbers, results that disagree, and the
//! Seven Tag Roster, in every output format of `fvnote validate`, on the
//! logs of `fixtures/correspondence/`.

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

/// `validate --format json` of a file or of standard input: exit code and
/// the games' JSON objects.
fn json(args: &[&str], stdin: Option<&[u8]>) -> (i32, Vec<serde_json::Value>) {
    let mut c = fvnote();
    c.args(["validate", "--format", "json"]).args(args);
    if let Some(s) = stdin {
        c.arg("-").write_stdin(s.to_vec());
    }
    let out = c.output().unwrap();
    let games = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out.status.code().unwrap(), games)
}

fn error_at(game: &serde_json::Value) -> (String, u64, u64) {
    let e = &game["error"];
    (
        e["message"].as_str().unwrap_or("").to_owned(),
        e["line"].as_u64().unwrap_or(0),
        e["column"].as_u64().unwrap_or(0),
    )
}

#[test]
fn the_issue_example_is_a_truncated_game_even_with_its_tags() {
    // PGN requires a termination marker; without one, and after a dangling
    // move number, the log was cut off.
    let pgn = b"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3.";
    let (code, games) = json(&[], Some(pgn));
    assert_eq!(code, 1);
    let (message, line, column) = error_at(&games[0]);
    assert!(message.starts_with("truncated game: the movetext ends after the move number 3."));
    assert!(message.contains("the Result tag says 1-0"), "{message}");
    // Just after `3.`: the end of what was read.
    assert_eq!((line, column), (4, 23));
    // Under --strict the roster's missing tags are errors too, but the cut
    // stays the game's error: roster errors come after the damage.
    let (code, games) = json(&["--strict"], Some(pgn));
    assert_eq!(code, 1);
    assert!(error_at(&games[0])
        .0
        .starts_with("truncated game: the movetext ends after the move number 3."));
    assert_eq!(games[0]["valid"], false);
}

#[test]
fn a_log_cut_inside_a_move_pair_is_truncated_where_it_ends() {
    let (code, games) = json(&["fixtures/correspondence/chess-cut-off.pgn"], None);
    assert_eq!(code, 1);
    let (message, line, column) = error_at(&games[0]);
    assert!(message.starts_with("truncated game: no termination marker after the last move, inside move pair 5 (after White's move)"), "{message}");
    assert_eq!((line, column), (9, 48));
}

#[test]
fn a_dangling_move_number_in_fault_line_is_truncated() {
    let (code, games) = json(
        &["fixtures/correspondence/fault-line-dangling-number.pgn"],
        None,
    );
    assert_eq!(code, 1);
    assert_eq!(games[0]["variant"], "fault-line");
    let (message, line, column) = error_at(&games[0]);
    assert!(
        message.contains("ends after the move number 7."),
        "{message}"
    );
    assert_eq!((line, column), (10, 68));
}

#[test]
fn a_result_tag_that_differs_from_the_marker_is_inconsistent() {
    // The quake game's final position decides nothing, so any marker is a
    // result (G5) — but the tag and the marker must agree.
    let (code, games) = json(&["fixtures/correspondence/quake-result-mismatch.pgn"], None);
    assert_eq!(code, 1);
    let e = &games[0]["error"];
    assert!(e["message"]
        .as_str()
        .unwrap()
        .starts_with("inconsistent game: the movetext ends with 0-1 but the Result tag says 1-0"));
    assert_eq!(e["ruling"], "G5");
    assert_eq!(e["token"], "0-1");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(10), Some(71))
    );
}

#[test]
fn a_game_cut_at_the_next_tag_section_is_truncated_and_the_next_game_is_read() {
    let pgn = b"[Event \"a\"] [Site \"?\"] [Date \"????.??.??\"] [Round \"1\"] [White \"A\"] [Black \"B\"] [Result \"*\"]\n\n1. e4 e5\n\n[Event \"b\"] [Site \"?\"] [Date \"????.??.??\"] [Round \"1\"] [White \"A\"] [Black \"B\"] [Result \"*\"]\n\n1. d4 *\n";
    let (code, games) = json(&[], Some(pgn));
    assert_eq!(code, 1);
    assert_eq!(games.len(), 2);
    let (message, line, column) = error_at(&games[0]);
    assert!(
        message.starts_with("truncated game: no termination marker"),
        "{message}"
    );
    assert_eq!((line, column), (3, 9));
    assert_eq!(games[1]["valid"], true);
    assert!(games[1]["warnings"].as_array().unwrap().is_empty());
}

#[test]
fn the_input_ending_in_a_comment_or_a_variation_is_truncated() {
    let (_, games) = json(&[], Some(b"1. e4 e5 2. Nf3 {the knight"));
    let (message, line, column) = error_at(&games[0]);
    assert!(
        message.starts_with("truncated game: the input ends inside a comment"),
        "{message}"
    );
    assert_eq!((line, column), (1, 17));
    let (_, games) = json(&[], Some(b"1. e4 e5 (1... c5 2. Nf3"));
    let (message, ..) = error_at(&games[0]);
    assert!(
        message.starts_with("truncated game: the input ends inside a variation"),
        "{message}"
    );
}

#[test]
fn roster_problems_are_warnings_and_errors_under_strict() {
    let file = "fixtures/correspondence/chess-roster.pgn";
    let (code, games) = json(&[file], None);
    assert_eq!(code, 0);
    let warnings: Vec<&str> = games[0]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["message"].as_str().unwrap())
        .collect();
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert!(warnings[0].starts_with("tag roster: missing Round"));
    assert!(warnings[1].starts_with("tag roster: Site out of order"));
    assert!(warnings[2].starts_with("tag roster: malformed Date \"2019-03-02\""));
    let (code, games) = json(&["--strict", file], None);
    assert_eq!(code, 1);
    assert!(error_at(&games[0])
        .0
        .starts_with("tag roster: missing Round"));
}

#[test]
fn dates_with_unknown_parts_are_well_formed() {
    use fvnote::record::damage::date_ok;
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
        "",
    ] {
        assert!(!date_ok(bad), "{bad}");
    }
}

#[test]
fn a_cut_off_log_is_invalid_in_every_format() {
    let file = "fixtures/correspondence/chess-cut-off.pgn";
    for (format, needle) in [
        ("human", "error: truncated game: no termination marker"),
        (
            "json",
            "\"message\":\"truncated game: no termination marker",
        ),
        (
            "github",
            "::error file=fixtures/correspondence/chess-cut-off.pgn,line=9,col=48",
        ),
        ("junit", "truncated game: no termination marker"),
    ] {
        // `--color` shapes human output only (refused with the others).
        let color: &[&str] = match format {
            "human" => &["--color", "never"],
            _ => &[],
        };
        let out = fvnote()
            .arg("validate")
            .args(color)
            .args(["--format", format, file])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(needle), "{format}: {text}");
    }
}

#[test]
fn complete_logs_of_several_variants_are_valid_without_warnings() {
    for file in [
        "fixtures/correspondence/slide-resent.pgn",
        "fixtures/correspondence/fault-line-duplicates.pgn",
    ] {
        let (code, games) = json(&["--strict", file], None);
        assert_eq!(code, 0, "{file}");
        assert_eq!(games.len(), 2);
        for g in &games {
            assert!(g["warnings"].as_array().unwrap().is_empty(), "{file}");
        }
    }
}
