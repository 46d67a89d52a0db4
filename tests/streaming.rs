//! The two validation paths agree: streaming (the reader drives a
//! `Replayer`, one thread) and batched (records built, replayed on the pool).
use std::path::{Path, PathBuf};

use fvnote::record::validate::{check_games, check_games_serial, ValidateOptions};

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "pgn") {
            out.push(p);
        }
    }
}

/// Verdicts of both paths, as JSON lines.
fn both(input: &[u8], opts: &ValidateOptions) -> (Vec<String>, Vec<String>) {
    // Two workers, so `check_games` takes its batched, parallel path.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build_global();
    assert!(rayon::current_num_threads() >= 2);
    let json = |v: fvnote::record::validate::Verdict| serde_json::to_string(&v).unwrap();
    let mut serial = Vec::new();
    check_games_serial(input, opts, |v| serial.push(json(v))).unwrap();
    let mut batched = Vec::new();
    check_games(input, opts, |v| batched.push(json(v))).unwrap();
    (serial, batched)
}

#[test]
fn streaming_and_batched_verdicts_are_identical() {
    let mut files = Vec::new();
    pgn_files(Path::new("fixtures"), &mut files);
    pgn_files(Path::new("tests/data"), &mut files);
    assert!(files.len() > 20, "{files:?}");
    let mut games = 0;
    for strict in [false, true] {
        // Small batches, so games cross batch boundaries.
        let opts = ValidateOptions { strict, batch: 3 };
        for f in &files {
            let bytes = std::fs::read(f).unwrap();
            let (serial, batched) = both(&bytes, &opts);
            assert_eq!(serial, batched, "{}", f.display());
            games += serial.len();
        }
    }
    assert!(games > 100, "{games}");
}

#[test]
fn streaming_and_batched_agree_on_damaged_input() {
    let cases: &[&[u8]] = &[
        b"1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n",
        b"[Event \"x\"\n1. e4 *\n\n[White \"a\"]\n1. e4 (1. d4 (1. c4 Ke5) d5) e5 *",
        b"1. e4 ((((( e5 *\n\n1. Nf3 ) ) *\n\n",
        b"[Variant \"quake\"]\n[SetUp \"1\"]\n[FEN \"bogus\"]\n\n1. e4 *\n\n1. e4 \xff\xfe e5 *\n",
        b"[Variant \"fault-line\"]\n\n1. S1e {[%deny S6w]} S6w 2. S1w 1-0\n",
        b"",
        b"\n\n\n",
        b"1-0 0-1 *",
    ];
    for (i, c) in cases.iter().enumerate() {
        for strict in [false, true] {
            let (serial, batched) = both(c, &ValidateOptions { strict, batch: 1 });
            assert_eq!(serial, batched, "case {i}");
        }
    }
}
