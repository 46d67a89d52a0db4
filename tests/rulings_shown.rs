//! Behaviour tests for the rulings no other test names (G1, G2, RF4, RF5),
//! and a check that every ruling of notation/rules.md is named by a test.

use std::collections::BTreeSet;
use std::path::Path;

use fvnote::notation::fen::read_fen;
use fvnote::notation::pgn::read_all;
use fvnote::notation::san::San;
use fvnote::record::replay::{replay, ReplayOptions};
use fvnote::report::rulings::entries;
use fvnote::variant::Variant;
use fvnote::{Outcome, Position};

fn legal(pos: &Position, san: &str) -> bool {
    San::parse(san).unwrap().resolve(pos).is_ok()
}

/// G1: White moves towards the higher ranks, Black towards the lower.
#[test]
fn g1_white_moves_north_black_south() {
    let start = Position::start(Variant::Chess);
    assert!(legal(&start, "e3") && legal(&start, "e4"));
    let black = read_fen(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        Variant::Chess,
    )
    .unwrap();
    assert!(legal(&black, "e5") && legal(&black, "e6"));
    // The e-pawn of the side to move never steps towards its own side.
    assert!(!legal(&black, "e3"));
}

/// G2: a hole stops a slider as a board edge does; a knight leaps over it.
#[test]
fn g2_holes_stop_sliders_not_knights() {
    // Fault Line: a2 is a hole between the rook on a1 and the empty a3.
    let start = Position::start(Variant::FaultLine);
    assert!(legal(&start, "Na3"), "the knight leaps past the hole");
    assert!(
        !legal(&start, "Ra3"),
        "the rook may not pass the hole on a2"
    );
    assert!(!legal(&start, "Ra2"), "nothing stands on a hole");
}

/// RF4: whether a king is attacked is judged with the opponent's permitted
/// lines: the same rook attacks the e-file or not as Black's lines change.
#[test]
fn rf4_check_uses_the_opponents_lines() {
    let rook_on_its_line =
        read_fen("4r2k/8/8/8/8/8/8/3K4 w - - 0 1", Variant::RankAndFile).unwrap();
    assert!(!legal(&rook_on_its_line, "Ke2"), "rank 8 is Black's line");
    assert!(legal(&rook_on_its_line, "Kc2"));
    let rook_off_its_line =
        read_fen("4r2k/5ppp/8/8/8/8/8/3K4 w - - 0 1", Variant::RankAndFile).unwrap();
    assert!(legal(&rook_off_its_line, "Ke2"), "rank 7 is Black's line");
}

/// RF5: mate is judged with Rank and File moves and attacks: the game below
/// ends in checkmate, and a move after it is refused under G5.
#[test]
fn rf5_checkmate_with_rank_and_file_moves() {
    let pgn = "[Variant \"rank-and-file\"]\n[Result \"0-1\"]\n\n\
1. c3 h5 2. Qb3 Nh6 3. d3 b5 4. Na3 Nc6 5. Kd2 d6 6. f3 Rb8 7. Ke3 Rb7 8. Ke4 f5\n\
9. Qd1 e6 10. Qe1 Qf6 11. Bd2 Qe5# 0-1\n";
    let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
    let report = replay(&rec, &ReplayOptions::default());
    assert!(report.is_valid(), "{:?}", report.error);
    assert!(matches!(report.outcome, Some(Outcome::Checkmate { .. })));
}

/// Every ruling of the rule book is named by some test under tests/ (this
/// file names G1, G2, RF4 and RF5 for the ones no other test did).
#[test]
fn every_ruling_is_named_by_a_test() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut words = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            words.extend(
                text.split(|c: char| !c.is_ascii_alphanumeric())
                    .map(str::to_owned),
            );
        }
    }
    let missing: Vec<&str> = entries()
        .iter()
        .map(|e| e.id)
        .filter(|id| !words.contains(*id))
        .collect();
    assert!(missing.is_empty(), "no test names {missing:?}");
}
