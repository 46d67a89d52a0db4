//! `validate --where` and `FILE:N-M` read each chosen game exactly as the
//! whole file reads it: the games left out between two chosen ones never
//! join them into one game (a game without a termination marker ends
//! where the file has the next game's tags, and is a `truncated game:`,
//! `src/record/damage.rs`), so verdicts, plies, locations and game
//! numbers are the file's.

use std::collections::BTreeMap;

use crate::cli;
use cli::{fvnote, write_file};

/// Game number -> that game's JSON verdict (without the file name), from
/// `validate --format json ARGS` run in `dir`.
fn verdicts(dir: &std::path::Path, args: &[&str]) -> BTreeMap<u64, serde_json::Value> {
    let out = fvnote()
        .args(["validate", "--format", "json"])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    // Valid or not, every game is checked: no crash, no failure.
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(
        summary.starts_with("checked ") && summary.lines().count() == 1,
        "{out:?}"
    );
    let mut by_game = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        v.as_object_mut().unwrap().remove("file");
        let n = v["game"].as_u64().unwrap();
        assert!(by_game.insert(n, v).is_none(), "two verdicts for game {n}");
    }
    by_game
}

/// The verdicts of games `chosen` in the run over the whole file.
fn of_whole(dir: &std::path::Path, file: &str, chosen: &[u64]) -> BTreeMap<u64, serde_json::Value> {
    let mut all = verdicts(dir, &[file]);
    all.retain(|n, _| chosen.contains(n));
    all
}

/// Game 1 has no result; game 2 (left out) has the only tags before game
/// 3, which has none. Read whole, game 1 is truncated after 2 plies and
/// game 3 is valid; through `--where Event!=A` they were read as one
/// valid game of 3 plies and game 3 had no verdict.
#[test]
fn a_game_without_a_result_does_not_run_into_the_next_chosen() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "w.pgn",
        "1. e4 e5\n\n[Event \"A\"]\n\n1. d4 *\n\n1. Nf3 *\n\n\
[Event \"C\"]\n\n1. Ke2 *\n\n[Event \"D\"]\n\n1. c4 *\n",
    );
    let chosen = verdicts(dir.path(), &["--where", "Event!=A", "w.pgn"]);
    let whole = of_whole(dir.path(), "w.pgn", &[1, 3, 4, 5]);
    assert_eq!(chosen, whole);
    // What the whole file says: game 1 cut off (no termination marker),
    // game 3 one ply and valid.
    assert_eq!(chosen[&1]["valid"], false);
    assert_eq!(chosen[&1]["plies"], 2);
    assert_eq!(chosen[&3]["valid"], true);
    assert_eq!(chosen[&3]["plies"], 1);
}

/// `FILE:1-4` with `--where`: game 2 is cut off inside its movetext, game
/// 3 (left out) holds the tags that end it, game 4 has no tags.
#[test]
fn a_numbered_range_keeps_a_cut_off_game_apart_from_a_tagless_one() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "r.pgn",
        "[Event \"X\"]\n\n1. e4 *\n\n[Event \"Y\"]\n\n1. d4 d5 2.\n\n\
[Event \"B\"]\n\n1. c4 *\n\n1. Nf3 Nf6 *\n\n[Event \"Z\"]\n\n1. g3 *\n",
    );
    let chosen = verdicts(dir.path(), &["--where", "Event!=B", "r.pgn:2-4"]);
    let whole = of_whole(dir.path(), "r.pgn", &[2, 4]);
    assert_eq!(chosen, whole);
    assert_eq!(chosen[&2]["valid"], false);
    assert_eq!(chosen[&2]["plies"], 2);
    assert_eq!(chosen[&4]["valid"], true);
    assert_eq!(chosen[&4]["plies"], 2);
}

/// Three games on one line, the middle one left out: the third starts in
/// the middle of the line, after a character of two bytes, so its error's
/// column (characters) and offset (bytes) differ; both are the file's.
#[test]
fn locations_in_a_chosen_game_are_those_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "l.pgn",
        "1. e4 {é} e5 [Event \"A\"] 1. d4 * 1. Nf3 Kd5 *\n",
    );
    let chosen = verdicts(dir.path(), &["--where", "Event!=A", "l.pgn"]);
    assert_eq!(chosen.keys().copied().collect::<Vec<_>>(), [1, 3]);
    let at = |v: &serde_json::Value| {
        let e = &v["error"];
        (e["line"].clone(), e["column"].clone(), e["offset"].clone())
    };
    // Game 1 ends after `e5` (column 12) without a result.
    assert_eq!(chosen[&1]["error"]["kind"], "no-termination");
    assert_eq!(at(&chosen[&1]), (1.into(), 13.into(), 13.into()));
    // `Kd5`, Black's first move in game 3: character 41, byte 41 (0-based).
    assert_eq!(chosen[&3]["error"]["token"], "Kd5");
    assert_eq!(chosen[&3]["error"]["ply"], 2);
    assert_eq!(at(&chosen[&3]), (1.into(), 41.into(), 41.into()));
    assert_eq!(chosen, of_whole(dir.path(), "l.pgn", &[1, 3]));
}

/// The library's pieces: a long archive chosen by `--where`, read in
/// blocks small (checked in parallel) and large, gives each chosen game the
/// verdict of the whole file's reading.
#[test]
fn blocks_small_and_large_read_as_the_whole_file() {
    use fvnote::record::pipeline::blocks::{check_blocks, BlockOptions};
    use fvnote::record::pipeline::select::Selection;
    use fvnote::record::pipeline::{verdicts, Options};
    use fvnote::record::replay::verdict::Verdict;
    let mut pgn = String::new();
    for i in 0..60 {
        pgn += "1. e4 e5\n\n[Event \"A\"]\n\n1. d4 *\n\n1. Nf3 *\n\n";
        pgn += &format!("[Event \"C{i}\"]\n\n1. Ke2 *\n\n1. c4 {{\u{e9}}} c5 [Event \"A\"] 1. g3 * 1. b3 Kd5 *\n");
        for _ in 0..i % 7 {
            pgn += "\n[Event \"B\"]\n\n1. a3 a6 *\n";
        }
    }
    let key = |v: &Verdict| {
        (
            v.game,
            v.valid,
            v.plies,
            v.span,
            v.error.as_ref().map(|e| e.span),
        )
    };
    let conditions = vec!["Event!=A".parse().unwrap()];
    let whole: Vec<_> = verdicts(
        pgn.as_bytes(),
        &Options {
            conditions: conditions.clone(),
            ..Options::default()
        },
    )
    .iter()
    .map(key)
    .collect();
    // Five games of each round, and its `B` games (0 + 1 + ... + 6,
    // eight times over, then 0 + 1 + 2 + 3).
    assert_eq!(whole.len(), 60 * 5 + 8 * 21 + 6);
    for block in [16, 200, 1 << 20] {
        let opts = BlockOptions {
            strict: false,
            variant: None,
            block,
            selection: Selection {
                games: None,
                conditions: conditions.clone(),
            },
        };
        let mut chosen = Vec::new();
        check_blocks(pgn.as_bytes(), &opts, &mut |f, _| {
            chosen.push(key(&f.verdict));
            Ok(())
        })
        .unwrap();
        assert_eq!(chosen, whole, "block {block}");
    }
}
