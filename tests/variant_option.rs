//! `-v/--variant` means one thing in every command: the variant of what
//! names none — a game without a `Variant` tag (or with a blank one), a
//! FEN, a Game Courier list. A game's own tag wins; what is written anew
//! (convert, fmt) gets the tag it was read with.

use crate::cli;
use cli::{fvnote, stdout_of, write_file};

/// A Fault Line game without a Variant tag: `S1e` slides rank 1 east,
/// which chess has no move for.
const UNTAGGED: &str = "[Result \"*\"]\n\n1. S1e *\n";
/// The same game saying its variant.
const TAGGED: &str = "[Variant \"fault-line\"]\n[Result \"*\"]\n\n1. S1e *\n";

fn status(cmd: &mut assert_cmd::Command) -> i32 {
    cmd.output().unwrap().status.code().unwrap_or(-1)
}

#[test]
fn validate_reads_a_game_without_a_variant_tag_in_the_given_variant() {
    let dir = tempfile::tempdir().unwrap();
    let f = write_file(dir.path(), "g.pgn", UNTAGGED);
    assert_eq!(
        status(fvnote().arg("validate").arg(&f)),
        1,
        "chess by default"
    );
    for v in ["-v", "--variant"] {
        let run = fvnote()
            .args(["validate", v, "fault-line", "--format", "json"])
            .arg(&f)
            .output();
        let out = String::from_utf8(run.unwrap().stdout).unwrap();
        let game: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        assert_eq!(game["valid"], true, "{out}");
        assert_eq!(game["variant"], "fault-line", "{out}");
    }
    // A blank tag names no variant either.
    let blank = write_file(
        dir.path(),
        "blank.pgn",
        &format!("[Variant \"\"]\n{UNTAGGED}"),
    );
    assert_eq!(
        status(fvnote().args(["validate", "-v", "fault-line"]).arg(&blank)),
        0
    );
    // Standard input, JSON input and the stream path read it alike.
    assert_eq!(
        status(
            fvnote()
                .args(["validate", "-v", "fault-line", "-"])
                .write_stdin(UNTAGGED)
        ),
        0
    );
    // The JSON form of the game, its Variant tag taken out.
    let json = stdout_of(
        fvnote()
            .args(["convert", "--to", "json", "-v", "fault-line"])
            .arg(&f),
    );
    let mut doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let tags = doc[0]["tags"].as_array_mut().unwrap();
    tags.retain(|t| t["name"] != "Variant");
    assert_eq!(tags.len(), 1, "{json}");
    let jf = write_file(dir.path(), "g.json", &doc.to_string());
    assert_eq!(status(fvnote().arg("validate").arg(&jf)), 1);
    assert_eq!(
        status(fvnote().args(["validate", "-v", "fault-line"]).arg(&jf)),
        0
    );
}

#[test]
fn a_variant_tag_wins_over_the_option() {
    let dir = tempfile::tempdir().unwrap();
    let f = write_file(dir.path(), "g.pgn", TAGGED);
    assert_eq!(status(fvnote().args(["validate", "-v", "grid"]).arg(&f)), 0);
    let chess = write_file(
        dir.path(),
        "c.pgn",
        "[Variant \"chess\"]\n[Result \"*\"]\n\n1. S1e *\n",
    );
    assert_eq!(
        status(fvnote().args(["validate", "-v", "fault-line"]).arg(&chess)),
        1
    );
}

#[test]
fn large_inputs_read_in_parallel_blocks_take_the_variant_too() {
    // Over a mebibyte: `validate` cuts it into blocks checked on the pool.
    let dir = tempfile::tempdir().unwrap();
    let games = "1. S1e S6w *\n\n".repeat(90_000);
    assert!(games.len() > 1 << 20);
    let f = write_file(dir.path(), "big.pgn", &games);
    let out = fvnote()
        .args(["validate", "-q", "-v", "fault-line"])
        .arg(&f)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("90000 valid"), "{text}");
}

#[test]
fn writers_give_the_game_the_tag_it_was_read_with() {
    let dir = tempfile::tempdir().unwrap();
    let f = write_file(dir.path(), "g.pgn", UNTAGGED);
    let pgn = stdout_of(
        fvnote()
            .args(["convert", "--to", "pgn", "-v", "fault-line"])
            .arg(&f),
    );
    assert!(
        pgn.starts_with("[Result \"*\"]\n[Variant \"fault-line\"]\n"),
        "{pgn}"
    );
    // What was written stands alone: it validates without the option.
    let back = write_file(dir.path(), "back.pgn", &pgn);
    assert_eq!(status(fvnote().arg("validate").arg(&back)), 0);
    let fens = stdout_of(
        fvnote()
            .args(["convert", "--to", "fen", "-v", "fault-line"])
            .arg(&f),
    );
    assert_eq!(fens.lines().count(), 2, "{fens}");
    assert!(
        fens.starts_with("*rnbkbnr/"),
        "the Fault Line start: {fens}"
    );
    // fmt too, and its check of the rewritten game agrees.
    assert_eq!(status(fvnote().arg("fmt").arg(&f)), 1, "invalid as chess");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), UNTAGGED);
    assert_eq!(
        status(fvnote().args(["fmt", "-v", "fault-line"]).arg(&f)),
        0
    );
    let formatted = std::fs::read_to_string(&f).unwrap();
    assert!(
        formatted.contains("[Variant \"fault-line\"]"),
        "{formatted}"
    );
    assert_eq!(status(fvnote().arg("validate").arg(&f)), 0);
}

#[test]
fn commands_that_pick_a_record_position_take_it_for_an_untagged_game() {
    let dir = tempfile::tempdir().unwrap();
    let f = write_file(dir.path(), "g.pgn", UNTAGGED);
    let at = format!("{}@1", f.display());
    let moves = stdout_of(fvnote().args(["moves", "-v", "fault-line", &at]));
    assert!(
        moves.lines().any(|m| m == "S6w"),
        "Black slides after S1e: {moves}"
    );
    let shown = stdout_of(fvnote().args(["show", "-v", "fault-line", &at]));
    assert!(shown.contains("Black to move"), "{shown}");
    // As chess the game breaks at ply 1: said, exit 1.
    assert_eq!(status(fvnote().args(["moves", &at])), 1);
    let other = write_file(dir.path(), "h.pgn", "[Result \"*\"]\n\n1. S1e S6w *\n");
    let diff = fvnote()
        .args(["diff", "-v", "fault-line", "--format", "json"])
        .arg(&f)
        .arg(&other)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&diff.stdout).unwrap();
    assert_eq!(
        (doc["plies_a"].as_u64(), doc["plies_b"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(diff.status.code(), Some(1));
    assert!(
        diff.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&diff.stderr)
    );
    // html (which reads its records through the same pick).
    let page = dir.path().join("g.html");
    assert_eq!(
        status(
            fvnote()
                .args(["html", "-v", "fault-line"])
                .arg(&f)
                .arg("-o")
                .arg(&page)
        ),
        0
    );
    assert_eq!(
        status(fvnote().args(["html"]).arg(&f).arg("-o").arg(&page)),
        1
    );
}

#[test]
fn dedup_replays_untagged_games_in_the_variant() {
    // Re-sent: the longer sending is kept, which needs both to replay.
    let dir = tempfile::tempdir().unwrap();
    let f = write_file(
        dir.path(),
        "g.pgn",
        "[Event \"c\"]\n\n1. S1e *\n\n[Event \"c\"]\n\n1. S1e S6w *\n",
    );
    let out = fvnote()
        .args(["dedup", "-v", "fault-line"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let kept = String::from_utf8(out.stdout).unwrap();
    assert_eq!(kept, "[Event \"c\"]\n\n1. S1e S6w *\n", "written as read");
    let as_chess = fvnote().arg("dedup").arg(&f).output().unwrap();
    assert_eq!(as_chess.status.code(), Some(1));
}

#[test]
fn where_reads_the_tags_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let f = write_file(dir.path(), "g.pgn", &format!("{UNTAGGED}\n{TAGGED}"));
    let run = fvnote()
        .args([
            "validate",
            "-v",
            "fault-line",
            "--where",
            "Variant=fault-line",
        ])
        .args(["--format", "json"])
        .arg(&f)
        .output();
    let out = String::from_utf8(run.unwrap().stdout).unwrap();
    let games: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 1, "{out}");
    assert_eq!(games[0]["game"], 2);
}
