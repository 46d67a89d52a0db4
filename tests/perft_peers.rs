//! Perft against python-chess's suites (`examples/perft/`, copied to
//! `../shared/peers/python-chess/`): Chess960 on `chess960.perft`, and on
//! `tricky.perft` and `random.perft`, which python-chess counts with
//! Chess960 castling; each lichess variant on its own suite (ZH1, AT1, AC1,
//! TC1, HO1, RK1). Quick depths here; every depth in the ignored test.
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
    id: String,
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
    let mut id = String::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("id ") {
            id = name.trim().to_owned();
        } else if let Some(epd) = line.strip_prefix("epd ") {
            cases.push(Case {
                id: id.clone(),
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

/// Each suite and the variant python-chess counts it in.
const SUITES: [(&str, Variant); 9] = [
    ("chess960.perft", Variant::Chess960),
    ("tricky.perft", Variant::Chess960),
    ("random.perft", Variant::Chess960),
    ("crazyhouse.perft", Variant::Crazyhouse),
    ("atomic.perft", Variant::Atomic),
    ("giveaway.perft", Variant::Antichess),
    ("3check.perft", Variant::ThreeCheck),
    ("horde.perft", Variant::Horde),
    ("racingkings.perft", Variant::RacingKings),
];

fn variant_of(name: &str) -> Variant {
    SUITES
        .iter()
        .find(|s| s.0 == name)
        .expect("a suite of the table")
        .1
}

/// The position, castling letters it cannot hold dropped (python-chess's
/// reading); any other error fails.
fn position(fen: &str) -> Position {
    position_in(fen, Variant::Chess960)
}

fn position_in(fen: &str, variant: Variant) -> Position {
    let mut fen = fen.to_owned();
    loop {
        match read_fen(&fen, variant) {
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
    let variant = variant_of(name);
    for case in cases.iter().take(first) {
        // `atomic960-castle-*`: Atomic from a Chess960 start, castling as
        // in Chess960. fvnote's Atomic is lichess's, from the standard start.
        if variant != Variant::Chess960 && case.id.contains("960") {
            continue;
        }
        let pos = position_in(&case.fen, variant);
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
fn lichess_suites_quick_depths() {
    // Every position of every suite up to 100,000 leaves.
    for (name, want) in [
        ("crazyhouse.perft", 8),
        ("atomic.perft", 12),
        ("giveaway.perft", 10),
        ("3check.perft", 4),
        ("horde.perft", 8),
        ("racingkings.perft", 10),
    ] {
        let n = check(name, 100_000, usize::MAX);
        assert!(n == 0 || n >= want, "{name}: {n} counts checked");
    }
}

#[test]
#[ignore = "every depth of python-chess's suites: hours"]
fn every_depth_of_the_suites() {
    for (name, _) in SUITES {
        check(name, u64::MAX, usize::MAX);
    }
}
