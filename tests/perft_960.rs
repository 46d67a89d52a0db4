//! Chess960 perft against python-chess's suites (`examples/perft/`, copied
//! to `../shared/peers/python-chess/`): `chess960.perft`, and `tricky.perft`
//! and `random.perft`, which python-chess counts with Chess960 castling.
//! Quick depths here; every depth in the ignored test.
//!
//! As python-chess, a castling letter the position cannot hold is dropped
//! before counting (its `clean_castling_rights`); fvnote itself refuses
//! such a FEN (CH1), so the test drops the letter the error points at.

use crate::peer;

use std::path::PathBuf;

use fvnote::notation::fen::{read_fen, FenField};
use fvnote::variant::Variant;
use fvnote::Position;

/// One position of a suite: its FEN and `(depth, count)` pairs.
struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite(name: &str) -> Option<Vec<Case>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/peers/python-chess");
    let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
        peer::missing_peer(&format!(
            "python-chess's {name} not found in ../shared/peers"
        ));
        return None;
    };
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines() {
        if let Some(epd) = line.strip_prefix("epd ") {
            cases.push(Case {
                fen: format!("{} 0 1", epd.trim()),
                counts: Vec::new(),
            });
        } else if let Some(p) = line.strip_prefix("perft ") {
            let (d, n) = p.trim().split_once(' ').unwrap();
            let case = cases.last_mut().unwrap();
            case.counts.push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    assert!(!cases.is_empty(), "{name}: no position");
    Some(cases)
}

/// The position, castling letters it cannot hold dropped (python-chess's
/// reading); any other error fails.
fn position(fen: &str) -> Position {
    let mut fen = fen.to_owned();
    loop {
        match read_fen(&fen, Variant::Chess960) {
            Ok(pos) => return pos,
            Err(e) if e.field == FenField::Castling && e.column > 0 => {
                fen.remove(e.span.start);
                // An emptied castling field is `-`.
                let fields: Vec<&str> = fen.split(' ').collect();
                if fields[2].is_empty() {
                    fen = fen.replacen("  ", " - ", 1);
                }
            }
            Err(e) => panic!("{fen}: {e}"),
        }
    }
}

/// Checks every case's counts up to `most` leaves; returns how many were checked.
fn check(name: &str, most: u64, first: usize) -> usize {
    let Some(cases) = suite(name) else { return 0 };
    let mut checked = 0;
    for case in cases.iter().take(first) {
        let pos = position(&case.fen);
        for &(depth, count) in &case.counts {
            if count <= most {
                assert_eq!(
                    pos.perft(depth),
                    count,
                    "{name}: {} depth {depth}",
                    case.fen
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn chess960_suite_quick_depths() {
    // Every position to depth 3 (about 12 M nodes).
    let n = check("chess960.perft", 100_000, usize::MAX);
    assert!(n == 0 || n > 2_800, "{n}");
}

#[test]
fn tricky_suite_quick_depths() {
    let n = check("tricky.perft", 200_000, usize::MAX);
    assert!(n == 0 || n > 40, "{n}");
}

#[test]
fn random_suite_quick_depths() {
    // Every position to depth 2, many to 3.
    let n = check("random.perft", 20_000, usize::MAX);
    assert!(n == 0 || n > 13_000, "{n}");
}

#[test]
fn dropped_castling_letters_are_those_python_chess_ignores() {
    // With the king off its home rank no right is held: both dropped.
    let pos = position("4k3/8/8/8/8/8/4K3/R6R w KQk - 0 1");
    let fen = fvnote::notation::fen::write_fen(&pos);
    assert_eq!(fen, "4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    // tricky.perft: Black's q with the king on h8 names the a8 rook, on
    // the king's a-side: a Chess960 right, kept (as python-chess keeps it).
    let pos = position("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1");
    let fen = fvnote::notation::fen::write_fen(&pos);
    assert_eq!(fen, "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1");
}

#[test]
#[ignore = "every depth of python-chess's chess960, tricky and random suites: hours"]
fn every_depth_of_the_suites() {
    for name in ["tricky.perft", "chess960.perft", "random.perft"] {
        check(name, u64::MAX, usize::MAX);
    }
}
