//! Game Courier move lists through the shared CLI machinery: `validate
//! --from gamecourier` in every output format with the PGN run's summary,
//! exit codes and empty-input handling; `convert --from/--to gamecourier`
//! through the write path, and `--in-place` kept within one syntax.
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

use crate::cli;
use cli::fvnote;

fn fixture(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/gamecourier")
        .join(rel)
        .display()
        .to_string()
}

/// A game fixture (`fixtures/REL`).
fn game_fixture(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel)
        .display()
        .to_string()
}

/// The list whose turn `3. P e2-e4` (line 7, column 4) is illegal.
fn illegal() -> String {
    fixture("fault-line/invalid/01-illegal-turn.txt")
}

fn legal() -> String {
    fixture("fault-line/valid/01-board-edits.txt")
}

/// `fvnote validate --from gamecourier --variant fault-line`.
fn list_validate() -> Command {
    let mut c = fvnote();
    c.args([
        "validate",
        "--from",
        "gamecourier",
        "--variant",
        "fault-line",
    ]);
    c
}

/// `fvnote convert --from gamecourier --variant fault-line --to pgn`.
fn list_to_pgn() -> Command {
    let mut c = fvnote();
    c.args([
        "convert",
        "--from",
        "gamecourier",
        "--variant",
        "fault-line",
        "--to",
        "pgn",
    ]);
    c
}

fn validate(format: &str, files: &[&str]) -> Command {
    let mut c = list_validate();
    c.args(["--format", format]).args(files);
    c
}

/// The SAN moves of the first game of the PGN `t`.
fn moves(t: &str) -> Vec<String> {
    let rec = fvnote::notation::pgn::read_all(t.as_bytes())
        .remove(0)
        .unwrap();
    rec.moves.iter().map(|n| n.san.to_string()).collect()
}

fn stdout_of(c: &mut Command, code: i32) -> String {
    String::from_utf8(c.assert().code(code).get_output().stdout.clone()).unwrap()
}

#[test]
fn every_format_puts_the_illegal_turn_at_its_line_and_column() {
    let bad = illegal();
    let human = stdout_of(&mut validate("human", &[&bad]), 1);
    assert!(human.contains("01-illegal-turn.txt:7:4"), "{human}");
    assert!(human.contains("7 | 3. P e2-e4"), "snippet: {human}");
    assert!(
        human.contains("checked 1 game in 1 file: 0 valid, 1 invalid"),
        "{human}"
    );

    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&mut validate("json", &[&bad]), 1)).unwrap();
    assert_eq!(json["valid"], false);
    assert_eq!(
        (&json["error"]["line"], &json["error"]["column"]),
        (&7.into(), &4.into())
    );

    let github = stdout_of(&mut validate("github", &[&bad]), 1);
    assert!(
        github.contains("01-illegal-turn.txt,line=7,endLine=7,col=4,"),
        "{github}"
    );

    let sarif: serde_json::Value =
        serde_json::from_str(&stdout_of(&mut validate("sarif", &[&bad]), 1)).unwrap();
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (&region["startLine"], &region["startColumn"]),
        (&7.into(), &4.into())
    );

    let rdjson: serde_json::Value =
        serde_json::from_str(&stdout_of(&mut validate("rdjson", &[&bad]), 1)).unwrap();
    let start = &rdjson["diagnostics"][0]["location"]["range"]["start"];
    assert_eq!((&start["line"], &start["column"]), (&7.into(), &4.into()));

    let junit = stdout_of(&mut validate("junit", &[&bad]), 1);
    assert!(junit.contains("tests=\"1\" failures=\"1\""), "{junit}");
    assert!(junit.contains("01-illegal-turn.txt:7:4"), "{junit}");
}

#[test]
fn lists_share_the_runs_summary_and_exit_codes() {
    let (good, bad) = (legal(), illegal());
    for format in ["human", "json", "github", "junit", "sarif", "rdjson"] {
        validate(format, &[&good]).assert().code(0);
    }
    // Two lists, one game each; the machine formats say the summary on stderr.
    list_validate()
        .args([&good, &bad])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "checked 2 games in 2 files: 1 valid, 1 invalid",
        ));
    validate("json", &[&good, &bad])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "checked 2 games in 2 files: 1 valid, 1 invalid",
        ));
    // A missing file is an input failure (2), and the rest is still checked.
    validate("json", &[&good, "no-such-list.txt"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("\"valid\":true"))
        .stderr(predicate::str::contains("no-such-list.txt"));
}

#[test]
fn a_list_read_from_standard_input_shows_its_lines() {
    let text = std::fs::read_to_string(illegal()).unwrap();
    list_validate()
        .arg("-")
        .write_stdin(text)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("<stdin>:7:4"))
        .stdout(predicate::str::contains("7 | 3. P e2-e4"));
}

#[test]
fn a_blank_list_is_no_game_as_an_empty_pgn_is() {
    let dir = tempfile::tempdir().unwrap();
    let blank = dir.path().join("blank.txt");
    std::fs::write(&blank, "\n  \n").unwrap();
    let blank = blank.display().to_string();
    validate("human", &[&blank])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("no games found"));
    validate("human", &[&blank, "--allow-empty"])
        .assert()
        .code(0);
    // Beside a real list, a blank one adds nothing.
    validate("human", &[&blank, &legal()])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("checked 1 game in 2 files"));
}

#[test]
fn usage_errors_name_what_is_missing_or_misplaced() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    validate("human", &[&d])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not directories"));
    fvnote()
        .args(["validate", "--from", "gamecourier", &legal()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs --variant"));
    // --fen starts a list; a record's start is its FEN tag. (--variant is
    // taken without --from gamecourier: the variant of untagged games.)
    let start = "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/*RNBKBNR w KQkq - 0 1";
    fvnote()
        .args(["validate", "--fen", start, &legal()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("(--from gamecourier)"));
    fvnote()
        .args(["convert", "--to", "pgn", "--fen", start, &legal()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("(--from gamecourier)"));
    validate("human", &["--fen", "not a fen", &legal()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--fen"));
}

fn copy(from: &str, dir: &Path, name: &str) -> (PathBuf, Vec<u8>) {
    let bytes = std::fs::read(from).unwrap();
    let to = dir.join(name);
    std::fs::write(&to, &bytes).unwrap();
    (to, bytes)
}

#[test]
fn in_place_never_changes_a_files_syntax() {
    let dir = tempfile::tempdir().unwrap();
    let (list, list_bytes) = copy(&legal(), dir.path(), "game.txt");
    list_to_pgn()
        .arg("--in-place")
        .arg(&list)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "would replace this Game Courier file with PGN",
        ));
    assert_eq!(std::fs::read(&list).unwrap(), list_bytes);
    let pgn_src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/fault-line/valid/02-castling-and-promotion.pgn")
        .display()
        .to_string();
    let (pgn, pgn_bytes) = copy(&pgn_src, dir.path(), "game.pgn");
    fvnote()
        .args(["convert", "--to", "gamecourier", "--in-place"])
        .arg(&pgn)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "would replace this PGN file with a Game Courier move list",
        ));
    assert_eq!(std::fs::read(&pgn).unwrap(), pgn_bytes);
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["game.pgn", "game.txt"], "no temporary file left");
}

#[test]
fn convert_writes_a_list_to_a_file_that_reads_back_as_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let pgn = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/fault-line/valid/02-castling-and-promotion.pgn");
    fvnote()
        .args(["convert", "--to", "gamecourier", "-o"])
        .arg(&out)
        .arg(&pgn)
        .assert()
        .code(0)
        .stdout("");
    let canonical = |c: &mut Command| stdout_of(c, 0);
    let again = canonical(list_to_pgn().arg(&out));
    let original = canonical(fvnote().args(["convert", "--to", "pgn"]).arg(&pgn));
    assert!(!moves(&original).is_empty());
    assert_eq!(moves(&again), moves(&original));
    // A list with a turn that matches no move is an invalid game: said
    // at the turn and not written (its turn has no PGN form), exit 1.
    let refused = dir.path().join("refused.pgn");
    list_to_pgn()
        .arg("-o")
        .arg(&refused)
        .arg(illegal())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("01-illegal-turn.txt:7:4: P e2-e4"))
        .stderr(predicate::str::contains("game 1 not written"));
    assert_eq!(std::fs::read(&refused).unwrap(), b"");
}

#[test]
fn a_list_that_is_not_utf8_is_refused_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("latin1.txt");
    std::fs::write(&list, b"1. e2-e4 e7-e5\n2. g1-f3 // caf\xe9\n").unwrap();
    for args in [
        &["validate", "--from", "gamecourier", "--variant", "chess"][..],
        &[
            "convert",
            "--from",
            "gamecourier",
            "--variant",
            "chess",
            "--to",
            "pgn",
        ][..],
    ] {
        let o = fvnote().args(args).arg(&list).output().unwrap();
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let said = String::from_utf8_lossy(&o.stderr) + String::from_utf8_lossy(&o.stdout);
        assert!(said.contains("latin1.txt:2:16"), "{said}");
        assert!(said.contains("not UTF-8: byte 0xe9"), "{said}");
    }
}

// The "Done when" of the Game Courier issue, through the binary.

#[test]
fn validate_accepts_board_edits_and_rejects_an_illegal_turn_at_its_line() {
    let ok = fixture("fault-line/valid/01-board-edits.txt");
    list_validate()
        .arg(&ok)
        .assert()
        .code(0)
        .stdout(predicates::str::contains("1 valid, 0 invalid"));
    let bad = fixture("fault-line/invalid/01-illegal-turn.txt");
    let out = list_validate()
        .args(["--format", "json", &bad])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["column"].as_u64()),
        (Some(7), Some(4))
    );
    assert_eq!(v["error"]["token"], "P e2-e4");
    assert_eq!(v["error"]["suggestions"][0], "e3");
    // Without --variant: a usage error.
    fvnote()
        .args(["validate", "--from", "gamecourier", &ok])
        .assert()
        .code(2);
}

#[test]
fn convert_gives_the_canonical_pgn_and_lists_read_back() {
    let list = fixture("fault-line/valid/01-board-edits.txt");
    let pgn = stdout_of(list_to_pgn().arg(&list), 0);
    // The same moves as the PGN fixture the list was typed from.
    let original = game_fixture("fault-line/valid/02-castling-and-promotion.pgn");
    let canonical = stdout_of(fvnote().args(["convert", "--to", "pgn", &original]), 0);
    assert_eq!(moves(&pgn), moves(&canonical));
    assert!(
        pgn.contains("[Variant \"fault-line\"]") && pgn.ends_with("0-1\n\n"),
        "{pgn}"
    );
    // convert --to gamecourier, then back: the same game again.
    let written = stdout_of(
        fvnote().args(["convert", "--to", "gamecourier", &original]),
        0,
    );
    let again = stdout_of(list_to_pgn().arg("-").write_stdin(written), 0);
    assert_eq!(moves(&again), moves(&pgn));
}

#[test]
fn an_unreadable_list_is_an_error_at_its_place() {
    let bad = fixture("fault-line/invalid/01-illegal-turn.txt");
    list_to_pgn()
        .arg(&bad)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicates::str::contains("error[illegal-move]: "))
        .stderr(predicates::str::contains(
            "01-illegal-turn.txt:7:4: P e2-e4: matches no legal move",
        ));
    fvnote()
        .args(["convert", "--from", "gamecourier", "--to", "pgn", &bad])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("needs --variant"));
}
