//! Fault Line (RULINGS FL0–FL10) through the public API: FEN in, legal moves,
//! `check_move` rulings, outcomes and perft out.
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::rules::fault_line::{control, deny_is_valid, slide_needs_permission};
use fvnote::variant::Variant;
use fvnote::{CastleSide, Color, Dir, Move, Outcome, Piece, PieceMove, Position, Role, Square};

const START: &str = "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBNR* w KQkq - 0 1";

fn fen(text: &str) -> Position {
    read_fen(text, Variant::FaultLine).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The candidate written `long` (`e2e3`, `S1e`, `d1f1` for castling).
fn find(pos: &Position, long: &str) -> Option<Move> {
    pos.candidate_moves()
        .into_iter()
        .find(|m| m.to_string() == long)
}

fn slide(rank: u8, dir: Dir) -> Move {
    Move::Slide {
        rank: rank - 1,
        dir,
    }
}

fn assert_legal(pos: &Position, long: &str) -> Move {
    let m = find(pos, long).unwrap_or_else(|| panic!("{long} is not a candidate in {pos:?}"));
    assert_eq!(pos.check_move(&m), Ok(()), "{long} in {pos:?}");
    assert!(pos.legal_moves().contains(&m), "{long} not listed as legal");
    m
}

fn assert_illegal(pos: &Position, m: &Move, ruling: &str) {
    let err = pos
        .check_move(m)
        .expect_err(&format!("{m} should be illegal in {pos:?}"));
    assert_eq!(err.ruling, ruling, "{m}: {}", err.reason);
    assert!(!pos.legal_moves().contains(m));
}

fn play(pos: &Position, long: &str) -> Position {
    let m = assert_legal(pos, long);
    pos.play(&m)
}

fn long_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------- perft (G7)

#[test]
fn perft_start_d1_to_d4() {
    let pos = Position::start(Variant::FaultLine);
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [13, 158, 2182, 30_336]);
}

#[test]
#[ignore = "deep"]
fn perft_start_d5() {
    assert_eq!(Position::start(Variant::FaultLine).perft(5), 474_906);
}

// ---------------------------------------------------------------- FL0

#[test]
fn fl0_start_position_and_fen() {
    let pos = Position::start(Variant::FaultLine);
    assert_eq!(write_fen(&pos), START);
    assert_eq!(fen(START), pos);
    assert_eq!(pos.frame(), (8, 6));
    // Ranks 2 and 5 at b–g; 1 and 3 at a–g; 4 and 6 at b–h.
    for hole in ["a2", "h2", "a5", "h5", "h1", "h3", "a4", "a6"] {
        assert!(!pos.is_cell(sq(hole)), "{hole} should be a hole");
    }
    for cell in [
        "a1", "g1", "b2", "g2", "a3", "g3", "b4", "h4", "b5", "g5", "b6", "h6",
    ] {
        assert!(pos.is_cell(sq(cell)), "{cell} should be a cell");
    }
    assert_eq!(pos.cells().count(), 40);
    let w = |r| Some(Piece::new(Color::White, r));
    let b = |r| Some(Piece::new(Color::Black, r));
    assert_eq!(pos.piece_at(sq("a1")), w(Role::Rook));
    assert_eq!(pos.piece_at(sq("d1")), w(Role::King));
    assert_eq!(pos.piece_at(sq("g1")), w(Role::Rook));
    assert_eq!(pos.piece_at(sq("b6")), b(Role::Rook));
    assert_eq!(pos.piece_at(sq("e6")), b(Role::King));
    assert_eq!(pos.piece_at(sq("h6")), b(Role::Rook));
    assert_eq!(pos.piece_at(sq("b5")), b(Role::Pawn));
    assert_eq!(pos.piece_at(sq("g2")), w(Role::Pawn));
    // No queens at the start.
    assert!(pos
        .cells()
        .all(|s| pos.piece_at(s).map(|p| p.role) != Some(Role::Queen)));
    assert_eq!(pos.castling(), fvnote::Castling::ALL);
}

#[test]
fn fl0_impossible_boards_are_rejected() {
    for (bad, why) in [
        // Rank 2 at a–f.
        (
            "*rnbkbnr/*pppppp*/*7/7*/PPPPPP**/RNBKBNR* w KQkq - 0 1",
            "ranks 2 and 5",
        ),
        // Rank 3 with eight cells.
        (
            "*rnbkbnr/*pppppp*/*7/8/*PPPPPP*/RNBKBNR* w KQkq - 0 1",
            "seven cells",
        ),
        // Rank 4 with a hole in the middle.
        (
            "*rnbkbnr/*pppppp*/*3*3/7*/*PPPPPP*/RNBKBNR* w KQkq - 0 1",
            "seven cells",
        ),
        // An 8×8 frame.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8 files by 6 ranks",
        ),
        // Two white kings.
        (
            "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBKR* w - - 0 1",
            "one king",
        ),
        // A white pawn on the far rank (FL3: it must have promoted).
        (
            "*rnbkbnP/*pppppp*/*7/7*/*PPPPP1*/RNBKBNR* w - - 0 1",
            "pawns cannot stand",
        ),
        // A white pawn on rank 1.
        (
            "*rnbkbnr/*pppppp*/*7/7*/*PPPPP1*/RNBKBNP* w - - 0 1",
            "pawns cannot stand",
        ),
        // Castling right without the rook on the end cell (FL8).
        (
            "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBN1* w KQkq - 0 1",
            "rook on the end cell g1 (FL8), but g1 is empty",
        ),
        // En passant does not exist (FL3).
        (
            "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBNR* b KQkq c3 0 1",
            "en passant",
        ),
    ] {
        let err = read_fen(bad, Variant::FaultLine).unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
}

// ---------------------------------------------------------------- FL1

#[test]
fn fl1_capturing_the_king_ends_the_game() {
    let pos = fen("*3k3/*6*/*7/4R2*/*6*/3K3* w - - 0 1");
    assert_eq!(pos.outcome(), None);
    let after = play(&pos, "e3e6");
    assert_eq!(
        after.outcome(),
        Some(Outcome::KingCaptured {
            winner: Color::White
        })
    );
    assert_eq!(after.outcome().map(|o| o.result()), Some("1-0"));
    // G7: a game end has no moves; G5: any move after it is rejected.
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.perft(1), 0);
    let slide6 = slide(6, Dir::West);
    assert_eq!(after.check_move(&slide6).unwrap_err().ruling, "G5");
    // The final position (Black to move, no black king) reads back.
    assert_eq!(fen(&write_fen(&after)), after);
}

#[test]
fn fl1_white_king_walking_onto_rank_6_wins() {
    let pos = fen("*6k/*1K4*/*7/7*/*6*/7* w - - 0 1");
    assert_eq!(pos.outcome(), None);
    let after = play(&pos, "c5c6");
    assert_eq!(
        after.outcome(),
        Some(Outcome::KingReachedFarRank {
            winner: Color::White
        })
    );
    assert!(after.legal_moves().is_empty());
    let black_king = Move::Normal(PieceMove {
        role: Role::King,
        from: sq("h6"),
        to: sq("g6"),
        capture: None,
        promotion: None,
    });
    assert_illegal(&after, &black_king, "G5");
    assert_eq!(fen(&write_fen(&after)), after);
}

#[test]
fn fl1_black_king_walking_onto_rank_1_wins() {
    let pos = fen("*7/*6*/*6K/7*/*1k4*/7* b - - 0 1");
    let after = play(&pos, "c2b1");
    assert_eq!(
        after.outcome(),
        Some(Outcome::KingReachedFarRank {
            winner: Color::Black
        })
    );
    assert_eq!(after.outcome().map(|o| o.result()), Some("0-1"));
    assert_illegal(&after, &slide(4, Dir::West), "G5");
}

#[test]
fn fl1_game_end_positions_must_come_from_the_last_move() {
    let err = |text: &str| read_fen(text, Variant::FaultLine).unwrap_err().to_string();
    // White's king on rank 6 with White to move: White would have won already.
    assert!(err("*1K4k/*6*/*7/7*/*6*/7* w - - 0 1").contains("far rank"));
    // The side that just moved has no king.
    assert!(err("*6k/*6*/*7/7*/*6*/7* b - - 0 1").contains("no king"));
    // Both ends at once (Black's king gone, White's on rank 6) are one move:
    // White's king captured Black's on rank 6 (see king_captures_king_on_far_rank).
    assert!(read_fen("*1K5/*6*/*7/7*/*6*/7* b - - 0 1", Variant::FaultLine).is_ok());
    // A finished game with Black to move after White's win reads fine.
    let won = fen("*1K3k1/*6*/*7/7*/*6*/7* b - - 0 1");
    assert_eq!(
        won.outcome(),
        Some(Outcome::KingReachedFarRank {
            winner: Color::White
        })
    );
}

// ---------------------------------------------------------------- FL2

#[test]
fn fl2_no_check_obligation() {
    // Black's king on e6 is attacked by the rook on e3; Black need not answer.
    let pos = fen("*n2k3/*6*/*7/4R2*/*6*/3K3* b - - 0 1");
    assert!(pos.is_check());
    assert_eq!(pos.outcome(), None);
    // A knight move that ignores the attack, and a king step along the rook's file.
    assert_legal(&pos, "b6c4");
    let into = play(&pos, "e6e5");
    // White may now capture the king, which wins (FL1).
    let won = play(&into, "e3e5");
    assert_eq!(
        won.outcome(),
        Some(Outcome::KingCaptured {
            winner: Color::White
        })
    );
    // The king may even step next to the enemy king.
    let kings = fen("*7/*6*/*7/7*/*1k4*/3K3* b - - 0 1");
    assert_legal(&kings, "c2d2");
    assert_legal(&kings, "c2c1"); // reaches rank 1: allowed, and it wins
}

#[test]
fn fl2_no_moves_while_attacked_is_stalemate_not_mate() {
    // Black's king a3 is attacked by the knight c4 but Black has no move at all:
    // every piece is blocked and every sliding rank is controlled by White.
    let pos = fen("*3R3/*6*/*pN4R/kp2PPP*/*p5*/*K6 b - - 0 1");
    assert!(pos.is_check());
    assert!(pos.legal_moves().is_empty(), "{:?}", long_moves(&pos));
    assert_eq!(pos.outcome(), Some(Outcome::Stalemate));
    assert_illegal(&pos, &slide(3, Dir::East), "FL5");
    assert_illegal(&pos, &slide(4, Dir::West), "FL5");
    assert_illegal(&pos, &slide(6, Dir::West), "FL5");
    assert_illegal(&pos, &slide(1, Dir::West), "FL5");
}

// ---------------------------------------------------------------- FL3

#[test]
fn fl3_single_steps_only() {
    let pos = Position::start(Variant::FaultLine);
    assert_legal(&pos, "c2c3");
    let double = Move::Normal(PieceMove {
        role: Role::Pawn,
        from: sq("c2"),
        to: sq("c4"),
        capture: None,
        promotion: None,
    });
    assert_illegal(&pos, &double, "G3");
    // After c2c3 no en passant square is written.
    let after = play(&pos, "c2c3");
    assert_eq!(after.ep_square(), None);
    assert!(write_fen(&after).contains(" - 0 1"));
    // A white pawn on h4 faces the hole h5: it cannot step.
    let h4 = fen("*3k3/*6*/*6P/7*/*6*/3K3* w - - 0 1");
    assert!(long_moves(&h4).iter().all(|m| !m.starts_with("h4")));
}

#[test]
fn fl3_white_promotes_on_rank_6_with_four_choices() {
    let pos = fen("*1r4k/*2P3*/*7/7*/*6*/1K5* w - - 0 1");
    let pawn: Vec<String> = long_moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("d5"))
        .collect();
    assert_eq!(
        pawn,
        ["d5c6b", "d5c6n", "d5c6q", "d5c6r", "d5d6b", "d5d6n", "d5d6q", "d5d6r"]
    );
    let plain = Move::Normal(PieceMove {
        role: Role::Pawn,
        from: sq("d5"),
        to: sq("d6"),
        capture: None,
        promotion: None,
    });
    assert_illegal(&pos, &plain, "G3");
    let after = play(&pos, "d5d6q");
    assert_eq!(
        after.piece_at(sq("d6")),
        Some(Piece::new(Color::White, Role::Queen))
    );
}

#[test]
fn fl3_black_promotes_on_rank_1() {
    let pos = fen("*6k/*6*/*7/7*/*3p2*/K6* b - - 0 1");
    let pawn: Vec<String> = long_moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("e2"))
        .collect();
    assert_eq!(pawn, ["e2e1b", "e2e1n", "e2e1q", "e2e1r"]);
}

// ---------------------------------------------------------------- FL4

#[test]
fn fl4_slides_from_the_start() {
    let pos = Position::start(Variant::FaultLine);
    assert_eq!(
        long_moves(&pos),
        [
            "S1e", "S3e", "S4w", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "e2e3", "f1e3", "f1g3",
            "f2f3", "g2g3"
        ]
    );
    // Each rank has one direction; ranks 2 and 5 never slide.
    assert_illegal(&pos, &slide(1, Dir::West), "FL4");
    assert_illegal(&pos, &slide(3, Dir::West), "FL4");
    assert_illegal(&pos, &slide(4, Dir::East), "FL4");
    assert_illegal(&pos, &slide(2, Dir::East), "FL4");
    assert_illegal(&pos, &slide(2, Dir::West), "FL4");
    assert_illegal(&pos, &slide(5, Dir::West), "FL4");
    let ill = pos.check_move(&slide(1, Dir::West)).unwrap_err();
    assert!(pos
        .explain(&slide(1, Dir::West), &ill)
        .contains("only slide east"));
    // North/south are not slides at all.
    assert_eq!(
        pos.check_move(&slide(1, Dir::North)).unwrap_err().ruling,
        "G3"
    );
}

#[test]
fn fl4_a_slide_carries_king_and_rooks_and_keeps_rights() {
    let pos = Position::start(Variant::FaultLine);
    let after = play(&pos, "S1e");
    assert_eq!(
        write_fen(&after),
        "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/*RNBKBNR b KQkq - 1 1"
    );
    assert_eq!(after.king(Color::White), Some(sq("e1")));
    assert_eq!(
        after.piece_at(sq("b1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert_eq!(
        after.piece_at(sq("h1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert!(!after.is_cell(sq("a1")));
    assert_eq!(after.castling(), fvnote::Castling::ALL);
    // Black's rank 6 carries the black king: S6w, which Black controls.
    let back = play(&after, "S6w");
    assert_eq!(back.king(Color::Black), Some(sq("d6")));
    assert_eq!(
        write_fen(&back),
        "rnbkbnr*/*pppppp*/*7/7*/*PPPPPP*/*RNBKBNR w KQkq - 2 2"
    );
    // Now rank 1 slides only west, back to a–g.
    assert_illegal(&back, &slide(1, Dir::East), "FL4");
    let home = play(&back, "S1w");
    assert_eq!(home.king(Color::White), Some(sq("d1")));
    // Pieces on a slid rank move from their new cells.
    assert_legal(&after, "c6d4");
    assert!(find(&play(&after, "g6f4"), "b1a3").is_none());
    assert_legal(&play(&after, "g6f4"), "c1b3");
}

// ---------------------------------------------------------------- FL5

#[test]
fn fl5_control_by_unit_count() {
    let pos = Position::start(Variant::FaultLine);
    assert_eq!(control(&pos, 0), Some(Color::White));
    assert_eq!(control(&pos, 1), Some(Color::White));
    assert_eq!(control(&pos, 2), None);
    assert_eq!(control(&pos, 3), None);
    assert_eq!(control(&pos, 5), Some(Color::Black));
    // White may not slide Black's rank 6.
    let s6w = slide(6, Dir::West);
    assert_illegal(&pos, &s6w, "FL5");
    let ill = pos.check_move(&s6w).unwrap_err();
    assert_eq!(
        pos.explain(&s6w, &ill),
        "the opponent controls this rank: rank 6 has 0 White and 7 Black units"
    );
    // Rank 3 with two white units and one black: White slides it, Black may not.
    let mixed = fen("*3k3/*6*/*7/1N1P1n1*/*6*/3K3* w - - 0 1");
    assert_eq!(control(&mixed, 2), Some(Color::White));
    assert_legal(&mixed, "S3e");
    let black = fen("*3k3/*6*/*7/1N1P1n1*/*6*/3K3* b - - 0 1");
    assert_illegal(&black, &slide(3, Dir::East), "FL5");
    // One unit each: uncontrolled, either side may slide it.
    let even = fen("*3k3/*6*/*7/1N3n1*/*6*/3K3* b - - 0 1");
    assert_eq!(control(&even, 2), None);
    assert_legal(&even, "S3e");
}

// ---------------------------------------------------------------- FL6

#[test]
fn fl6_uncontrolled_slides_are_legal_moves_needing_permission() {
    let pos = Position::start(Variant::FaultLine);
    assert!(slide_needs_permission(&pos, 2));
    assert!(slide_needs_permission(&pos, 3));
    assert!(!slide_needs_permission(&pos, 0));
    assert!(!slide_needs_permission(&pos, 5));
    // Both uncontrolled slides are counted (13 = 10 piece moves + S1e, S3e, S4w).
    assert_legal(&pos, "S3e");
    assert_legal(&pos, "S4w");
    assert_eq!(pos.perft(1), 13);
}

// ---------------------------------------------------------------- FL7

#[test]
fn fl7_slides_never_change_ranks() {
    // White's king on h4 next to the hole h5; every slide keeps it on rank 4.
    let pos = fen("*3k3/*6*/*6K/7*/*6*/7* w - - 0 1");
    let slides: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, Move::Slide { .. }))
        .collect();
    // S1e, S3e, S4w; rank 6 is Black's (FL5).
    assert_eq!(slides.len(), 3);
    for m in slides {
        let after = pos.play(&m);
        assert_eq!(after.king(Color::White).map(|k| k.rank()), Some(3), "{m}");
        assert_eq!(after.outcome(), None, "{m}");
    }
    let after = play(&pos, "S4w");
    assert_eq!(after.king(Color::White), Some(sq("g4")));
}

// ---------------------------------------------------------------- FL8

// Pawns shield the b- and g-files from the enemy rooks.
const CASTLE: &str = "*r2k2r/*pppppp*/*7/7*/*PPPPPP*/R2K2R* w KQkq - 0 1";

fn castle(king: &str, rook: &str) -> Move {
    Move::Castle {
        king: sq(king),
        rook: sq(rook),
    }
}

#[test]
fn fl8_castling_both_sides_from_the_start_array() {
    let pos = fen(CASTLE);
    // O-O: K d1-f1, R g1-e1; O-O-O: K d1-b1, R a1-c1.
    assert_legal(&pos, "d1f1");
    assert_legal(&pos, "d1b1");
    let oo = pos.play(&castle("d1", "g1"));
    assert_eq!(oo.king(Color::White), Some(sq("f1")));
    assert_eq!(
        oo.piece_at(sq("e1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert!(!oo.castling().has(Color::White, CastleSide::Queen));
    let ooo = pos.play(&castle("d1", "a1"));
    assert_eq!(ooo.king(Color::White), Some(sq("b1")));
    assert_eq!(
        ooo.piece_at(sq("c1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    // Black: O-O towards h (K e6-g6, R h6-f6), O-O-O towards a (K e6-c6, R b6-d6).
    let black = play(&pos, "S3e");
    assert_legal(&black, "e6g6");
    assert_legal(&black, "e6c6");
    let b_oo = black.play(&castle("e6", "h6"));
    assert_eq!(b_oo.king(Color::Black), Some(sq("g6")));
    assert_eq!(
        b_oo.piece_at(sq("f6")),
        Some(Piece::new(Color::Black, Role::Rook))
    );
    let b_ooo = black.play(&castle("e6", "b6"));
    assert_eq!(b_ooo.king(Color::Black), Some(sq("c6")));
    assert_eq!(
        b_ooo.piece_at(sq("d6")),
        Some(Piece::new(Color::Black, Role::Rook))
    );
}

#[test]
fn fl8_castling_after_rank_1_slides_east_and_back_west() {
    let pos = fen(CASTLE);
    let slid = play(&pos, "S1e");
    assert_eq!(
        write_fen(&slid),
        "*r2k2r/*pppppp*/*7/7*/*PPPPPP*/*R2K2R b KQkq - 1 1"
    );
    // Black slides rank 6 west (Black controls it) and castles there too.
    let both = play(&slid, "S6w");
    assert!(both.castling().has(Color::White, CastleSide::King));
    assert!(both.castling().has(Color::White, CastleSide::Queen));
    // White: K e1-g1 with R h1-f1; K e1-c1 with R b1-d1.
    assert_legal(&both, "e1g1");
    assert_legal(&both, "e1c1");
    let oo = both.play(&castle("e1", "h1"));
    assert_eq!(oo.king(Color::White), Some(sq("g1")));
    assert_eq!(
        oo.piece_at(sq("f1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    let ooo = both.play(&castle("e1", "b1"));
    assert_eq!(ooo.king(Color::White), Some(sq("c1")));
    assert_eq!(
        ooo.piece_at(sq("d1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    // Black after S6w: K d6-f6 with R g6-e6, K d6-b6 with R a6-c6.
    let black = play(&both, "S3e");
    assert_legal(&black, "d6f6");
    assert_legal(&black, "d6b6");
    // Slide rank 1 back west: the rights are still there, castling from d1 again.
    let back = play(&black, "S4w");
    let home = play(&back, "S1w");
    let again = play(&home, "S4e");
    assert_eq!(again.king(Color::White), Some(sq("d1")));
    assert_legal(&again, "d1f1");
    assert_legal(&again, "d1b1");
}

#[test]
fn fl8_castling_restrictions() {
    // The white rook on f3 attacks f4, f5 and f6: Black may not castle through f6.
    let pos = fen("*r2k2r/*6*/*7/5R1*/*6*/3K3* b kq - 0 1");
    assert_illegal(&pos, &castle("e6", "h6"), "FL8");
    assert_legal(&pos, "e6c6");
    // Out of an attack (rook on e3): neither side.
    let attacked = fen("*r2k2r/*6*/*7/4R2*/*6*/3K3* b kq - 0 1");
    assert_illegal(&attacked, &castle("e6", "h6"), "FL8");
    assert_illegal(&attacked, &castle("e6", "b6"), "FL8");
    // A pawn's capture cell counts as attacked: a white pawn on b5 covers c6.
    let pawn = fen("*r2k2r/*P5*/*7/7*/*6*/3K3* b kq - 0 1");
    assert_illegal(&pawn, &castle("e6", "b6"), "FL8");
    assert_legal(&pawn, "e6g6");
    // Landing on an attacked cell: a white knight on h4 covers g6 (not f6 or e6).
    let land = fen("*r2k2r/*6*/*6N/7*/*6*/3K3* b kq - 0 1");
    assert_illegal(&land, &castle("e6", "h6"), "FL8");
    // Cells between occupied.
    let start = Position::start(Variant::FaultLine);
    assert!(find(&start, "d1f1").is_some());
    assert_illegal(&start, &castle("d1", "g1"), "FL8");
    // A rook move loses that right only; a king move loses both.
    let rook = play(&fen("*r2k2r/*6*/*7/7*/*6*/R2K2R* w KQkq - 0 1"), "g1g3");
    assert!(!rook.castling().has(Color::White, CastleSide::King));
    assert!(rook.castling().has(Color::White, CastleSide::Queen));
    let king = play(&fen(CASTLE), "d1e1");
    assert!(!king.castling().has(Color::White, CastleSide::King));
    assert!(!king.castling().has(Color::White, CastleSide::Queen));
}

// ---------------------------------------------------------------- FL9

#[test]
fn fl9_check_mark_and_no_mate_sign() {
    let pos = fen("*3k3/*6*/*7/R6*/*6*/3K3* w - - 0 1");
    assert!(!pos.uses_mate_sign());
    let check = play(&pos, "a3e3");
    assert!(check.gives_check_mark());
    let quiet = play(&pos, "a3b3");
    assert!(!quiet.gives_check_mark());
    // A winning king move that also attacks the enemy king is marked `+`.
    let walk = fen("*3k3/*1K4*/*7/7*/*6*/7* w - - 0 1");
    let won = play(&walk, "c5d6");
    assert!(won.outcome().is_some());
    assert!(won.gives_check_mark());
    // The slide notation: S + rank + direction.
    assert_eq!(slide(1, Dir::East).to_string(), "S1e");
    assert_eq!(slide(4, Dir::West).to_string(), "S4w");
}

// ---------------------------------------------------------------- FL10

#[test]
fn fl10_deny_needs_an_uncontrolled_rank_that_can_slide_that_way() {
    let pos = Position::start(Variant::FaultLine);
    assert!(deny_is_valid(&pos, 2, Dir::East)); // S3e
    assert!(deny_is_valid(&pos, 3, Dir::West)); // S4w
    assert!(!deny_is_valid(&pos, 2, Dir::West)); // wrong direction
    assert!(!deny_is_valid(&pos, 3, Dir::East));
    assert!(!deny_is_valid(&pos, 0, Dir::East)); // White controls rank 1
    assert!(!deny_is_valid(&pos, 5, Dir::West)); // Black controls rank 6
    assert!(!deny_is_valid(&pos, 1, Dir::East)); // rank 2 is fixed
    assert!(!deny_is_valid(&pos, 9, Dir::East));
    // After S3e rank 3 is at b–h: only a west slide can be denied.
    let after = play(&pos, "S3e");
    assert!(deny_is_valid(&after, 2, Dir::West));
    assert!(!deny_is_valid(&after, 2, Dir::East));
}

#[test]
fn fl2_hook_leaves_chess_checkmate_alone() {
    // The no-checkmate hook (FL2) is Fault Line's only: fool's mate is still mate.
    let mate = read_fen(
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        Variant::Chess,
    )
    .unwrap();
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert!(mate.uses_mate_sign());
}

/// Found by the property tests: capturing a king left its castling rights in
/// place, so the final position's FEN (`KQk`) failed FL8 validation on reading.
#[test]
fn captured_king_loses_castling_rights() {
    let pos = fen("*1rbkb1r/*pppppp*/*7/3n3*/*PPPPPP*/*RNBKB1R b KQk - 0 10");
    let after = play(&pos, "d3e1");
    assert_eq!(
        after.outcome(),
        Some(Outcome::KingCaptured {
            winner: Color::Black
        })
    );
    assert!(!after.castling().has(Color::White, CastleSide::King));
    assert!(!after.castling().has(Color::White, CastleSide::Queen));
    assert!(after.castling().has(Color::Black, CastleSide::King));
    let text = write_fen(&after);
    assert_eq!(
        read_fen(&text, Variant::FaultLine).unwrap(),
        after,
        "{text}"
    );
}

/// Found by the property tests: a king capturing the enemy king on its far rank
/// ends the game both ways at once (FL1); FEN validation called that "ended
/// twice" and refused the position the move had just produced.
#[test]
fn king_captures_king_on_far_rank() {
    let pos = fen("*2B1bnr/*1N1pB1*/3n2p*/*1pP2P1/*1PkP1P*/Rr1K2R* b - - 0 18");
    let after = play(&pos, "d2d1");
    assert_eq!(
        after.outcome(),
        Some(Outcome::KingCaptured {
            winner: Color::Black
        })
    );
    let text = write_fen(&after);
    assert_eq!(
        read_fen(&text, Variant::FaultLine).unwrap(),
        after,
        "{text}"
    );
}
