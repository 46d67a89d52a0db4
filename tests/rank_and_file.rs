//! Rank and File Chess (RULINGS RF1–RF6) through the public API.
use crate::common;

use common::*;
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::variant::Variant;
use fvnote::{Color, Move, Outcome, Position, Square};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Position {
    read_fen(fen, Variant::RankAndFile).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn start_position_is_the_standard_array() {
    let start = Position::start(Variant::RankAndFile);
    assert_eq!(write_fen(&start), START);
    assert_eq!(pos(START), start);
}

#[test]
fn perft_from_the_start_to_depth_4() {
    let start = Position::start(Variant::RankAndFile);
    let counts: Vec<u64> = (1..=4).map(|d| start.perft(d)).collect();
    assert_eq!(counts, [20, 400, 3536, 31_237]);
}

#[test]
#[ignore = "deep"]
fn perft_from_the_start_depth_5() {
    assert_eq!(Position::start(Variant::RankAndFile).perft(5), 601_394);
}

#[test]
fn rf1_after_a_pawn_move_only_the_back_rank_is_permitted() {
    // Ranks 1 and 2 tie at 8 (files have 2): every unit may move at the start.
    let start = Position::start(Variant::RankAndFile);
    assert_eq!(start.legal_moves().len(), 20);
    // After 1.e4 e5 White's rank 1 has 8 units, rank 2 only 7: pieces must move.
    let p = play(&start, &["e2e4", "e7e5"]);
    assert_legal(&p, "g1f3");
    assert_legal(&p, "b1c3");
    assert_legal(&p, "f1c4");
    assert_legal(&p, "d1h5");
    assert_legal(&p, "e1e2");
    let why = assert_illegal(&p, "d2d4", "RF2");
    assert_eq!(
        why,
        "the pawn on d2 is not on White's most crowded line: rank 1 has 8 units (RF1)"
    );
    assert_illegal(&p, "a2a3", "RF2");
    // g1: Nf3 Nh3 Ne2; b1: Na3 Nc3; f1: Be2 Bd3 Bc4 Bb5 Ba6; d1: Qe2 Qf3 Qg4 Qh5; Ke2.
    assert_eq!(p.legal_moves().len(), 15);
}

#[test]
fn rf1_files_win_ties_and_opponent_units_never_count() {
    // White: file e has 3 units (e1 e2 e3), rank 3 has 3 (a3 b3 e3): the file wins.
    // Black's pawns on g3 and h3 would make rank 3 the longest if they counted.
    let p = pos("k7/8/8/8/8/PP2P1pp/4P3/4K3 w - - 0 1");
    assert_legal(&p, "e3e4");
    assert_legal(&p, "e1d1");
    assert_legal(&p, "e1f1");
    // f2 is attacked by the black pawn on g3 (Black's rank 3 is permitted).
    assert_illegal(&p, "e1f2", "G6");
    let why = assert_illegal(&p, "a3a4", "RF2");
    assert_eq!(
        why,
        "the pawn on a3 is not on White's most crowded line: file e has 3 units (RF1)"
    );
    assert_illegal(&p, "b3b4", "RF2");
    // File h has 3 units with the king (a has 2, ranks 2 and 3 have 2): only file h.
    let q = pos("k7/8/8/8/8/P6P/P6P/7K w - - 0 1");
    assert_legal(&q, "h3h4");
    assert_legal(&q, "h1g1");
    assert_illegal(&q, "a3a4", "RF2");
    // Files a and h tie at 2 with ranks 2 and 3: both files, no rank.
    let t = pos("k7/8/8/8/8/P6P/P6P/4K3 w - - 0 1");
    assert_legal(&t, "a3a4");
    assert_legal(&t, "h3h4");
    assert_illegal(&t, "e1d1", "RF2");
    // A rank longer than every file: the rank.
    let r = pos("k7/8/8/8/8/8/PPP5/4K3 w - - 0 1");
    assert_legal(&r, "a2a4");
    assert_legal(&r, "c2c3");
    let why = assert_illegal(&r, "e1d1", "RF2");
    assert!(why.ends_with("rank 2 has 3 units (RF1)"), "{why}");
}

#[test]
fn rf2_in_check_any_king_move_but_not_into_check() {
    // Black's rank 8 (a8 h8) is permitted: Rh8 checks Kh1. White's rank 2 (a2 b2 c2 d2)
    // is permitted; the king on h1 and the bishop on c3 are not on it.
    let p = pos("k6r/8/8/8/8/2B5/PPPR4/7K w - - 0 1");
    assert!(p.is_check());
    assert_legal(&p, "h1g1");
    assert_legal(&p, "h1g2");
    assert_illegal(&p, "h1h2", "G6");
    // Interposing from the permitted rank is fine; the bishop may not capture the checker.
    assert_legal(&p, "d2h2");
    let why = assert_illegal(&p, "c3h8", "RF2");
    assert!(why.contains("in check only the king may move"), "{why}");
    assert_illegal(&p, "a2a3", "G6");
    assert_eq!(legal_strings(&p), ["d2h2", "h1g1", "h1g2"]);
    // Not in check, the same king may not move at all.
    let quiet = pos("k7/8/8/8/8/2B5/PPPR4/7K w - - 0 1");
    assert!(!quiet.is_check());
    assert_illegal(&quiet, "h1g1", "RF2");
}

#[test]
fn rf2_castling_needs_the_king_on_a_permitted_line() {
    // File h has 3 units (h1 h2 h3): the rook may move, the king on e1 may not castle.
    let p = pos("k7/8/8/8/8/7P/7P/4K2R w K - 0 1");
    assert_legal(&p, "h1g1");
    let why = assert_illegal(&p, "e1g1", "RF2");
    assert!(
        why.starts_with("the king on e1 is not on White's most crowded line"),
        "{why}"
    );
    // Rank 1 with three units (a1 e1 h1) beats rank 3 and every file: both castlings.
    let q = pos("k7/8/8/8/8/PP6/8/R3K2R w KQ - 0 1");
    assert_legal(&q, "e1g1");
    assert_legal(&q, "e1c1");
    assert_illegal(&q, "a3a4", "RF2");
}

#[test]
fn rf2_en_passant_needs_the_pawn_on_a_permitted_line() {
    // Black has just played e7-e5. White's file d (d1 d2 d5) is the only permitted line.
    let p = pos("4k3/8/8/3PpP2/8/8/3P4/3K4 w - e6 0 2");
    assert!(matches!(cand(&p, "d5e6"), Move::EnPassant { .. }));
    assert_legal(&p, "d5e6");
    assert!(matches!(cand(&p, "f5e6"), Move::EnPassant { .. }));
    let why = assert_illegal(&p, "f5e6", "RF2");
    assert!(why.contains("file d has 3 units"), "{why}");
    assert_illegal(&p, "f5f6", "RF2");
}

#[test]
fn rf3_attacks_only_from_permitted_lines() {
    // Black's rank 7 (a7 b7 c7) is permitted; the rook on a2 and the king on e8 are not.
    let p = pos("4k3/ppp5/4K3/8/8/8/r7/8 w - - 0 1");
    assert!(!p.is_check());
    assert!(p.is_attacked(sq("d6"), Color::Black)); // pawn c7
    assert!(p.is_attacked(sq("b6"), Color::Black));
    assert!(!p.is_attacked(sq("e7"), Color::Black)); // the king e8 is not permitted
    assert!(!p.is_attacked(sq("b2"), Color::Black)); // nor the rook a2
                                                     // The white king may step next to the black king.
    assert_legal(&p, "e6e7");
    assert_legal(&p, "e6d7");
    assert_legal(&p, "e6f7");
    assert_illegal(&p, "e6d6", "G6");
    // White's only unit, the king, is on its permitted file e: it attacks d7 e7 f7 …
    assert!(p.is_attacked(sq("d7"), Color::White));
}

#[test]
fn rf3_the_in_check_exception_creates_no_attacks() {
    // White's rank 2 (a2 b2) is permitted; White's king on d4 is not. Black's queen
    // on d8 (its only unit besides the king, both on file d) checks the king.
    let p = pos("3q4/8/8/8/3K4/8/PP6/3k4 w - - 0 1");
    assert!(p.is_check());
    // The white king may move out of check (RF2 exception) ...
    assert_legal(&p, "d4e5");
    // ... yet it attacks nothing: its escape rights are not attacks (RF3).
    assert!(!p.is_attacked(sq("e5"), Color::White));
    assert!(!p.is_attacked(sq("d3"), Color::White));
}

#[test]
fn rf4_a_capture_that_changes_the_opponents_lines() {
    // Black's rank 7 (b7 c7) is permitted, so the rook on e5 gives no check.
    // Nxc7 leaves Black with b7, e5, h8: every file counts 1, files win the tie,
    // and the rook on file e now attacks e1.
    let p = pos("7k/1pp5/8/1N2r3/8/8/8/4K3 w - - 0 1");
    assert!(!p.is_check());
    assert_illegal(&p, "b5c7", "G6");
    assert_legal(&p, "b5d6");
    assert_legal(&p, "b5a7");
    assert_legal(&p, "e1e2");
    // White's king is checked in the new position, not the old one.
    let take = cand(&p, "b5c7");
    assert!(p.play(&take).is_attacked(sq("e1"), Color::Black));
}

#[test]
fn rf5_stalemate_with_units_off_the_permitted_line() {
    // White's rank 4 (a4 c4) is permitted and both pawns are blocked; the king on h1
    // is not in check and may not move.
    let p = pos("4k3/8/8/p1p5/P1P5/8/8/7K w - - 0 1");
    assert!(!p.is_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn rf5_checkmate_because_the_bishop_is_off_the_line() {
    // Black's rank 8 (a8 g8 h8): Rh8 checks, Rg8 guards g1 and g2. The bishop on c3
    // could take h8 in chess but is not on White's rank 2.
    let p = pos("k5rr/8/8/8/8/2B5/PPP5/7K w - - 0 1");
    assert!(p.is_check());
    assert_illegal(&p, "c3h8", "RF2");
    assert_illegal(&p, "h1g1", "G6");
    assert_illegal(&p, "h1g2", "G6");
    assert_illegal(&p, "h1h2", "G6");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
}

#[test]
fn rf6_a_pawn_move_gives_check_by_changing_lines() {
    // White's rank 2 (d2 e2) is permitted, so the bishop on b3 gives no check.
    // d2-d3 makes rank 3 (b3 d3) the only permitted line: Bb3 now checks g8.
    let p = pos("6k1/8/8/8/8/1B6/3PP3/7K w - - 0 1");
    assert!(!p.is_attacked(sq("g8"), Color::White));
    assert_illegal(&p, "b3c4", "RF2");
    let d3 = p.play(&cand(&p, "d2d3"));
    assert!(d3.gives_check_mark());
    assert!(d3.is_check());
    let e3 = p.play(&cand(&p, "e2e3"));
    assert!(e3.gives_check_mark());
    // d2-d4 leaves every line of White's at 1 unit: files win the tie (RF1), file b is
    // permitted and the bishop checks too.
    let d4 = p.play(&cand(&p, "d2d4"));
    assert!(d4.gives_check_mark());
    // Black must answer the check: the king is on its permitted file g.
    assert_legal(&d3, "g8h8");
    assert_legal(&d3, "g8f8");
    assert_illegal(&d3, "g8f7", "G6");
    // With a third pawn on rank 2, d2-d4 keeps rank 2 (e2 f2) the only line: no check,
    // while d2-d3 ties ranks 2 and 3 and the bishop's rank is permitted again.
    let q = pos("6k1/8/8/8/8/1B6/3PPP2/7K w - - 0 1");
    assert!(!q.play(&cand(&q, "d2d4")).gives_check_mark());
    assert!(q.play(&cand(&q, "d2d3")).gives_check_mark());
}

#[test]
fn validate_uses_rf_attacks() {
    // Ka1 Re1: rank 1 (2 units) beats every file, so the rook checks e8 with White
    // to move: rejected. With three pawns on rank 3, rank 3 alone is permitted: valid.
    assert!(read_fen("4k3/8/8/8/8/8/8/K3R3 w - - 0 1", Variant::RankAndFile).is_err());
    assert!(read_fen("4k3/8/8/8/8/PPP5/8/K3R3 w - - 0 1", Variant::RankAndFile).is_ok());
    assert!(read_fen("8/8/8/8/8/8/8/8 w - - 0 1", Variant::RankAndFile).is_err());
}

/// Found by the property tests: a king in check may make any king move (RF2),
/// and the enemy king beside it attacks nothing from a non-permitted line (RF3),
/// so the king could step onto it and capture it. A king is never captured.
#[test]
fn king_in_check_cannot_capture_the_enemy_king() {
    let p = pos("8/ppp5/3N4/8/3k4/2K5/8/3R4 b - - 0 1");
    assert!(p.is_check());
    let why = assert_illegal(&p, "d4c3", "RF7");
    assert_eq!(why, "a king is never captured");
    let err = p.check_move(&cand(&p, "d4c3")).unwrap_err();
    assert_eq!(err.reason, "a king is never captured");
    assert!(!legal_strings(&p).contains(&"d4c3".to_string()));
    assert_legal(&p, "d4e5");
}
