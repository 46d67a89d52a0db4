//! Slide-chess (RULINGS SC0–SC4): start, perft and one test per ruling.
use fvnote::notation::fen::{read_fen, write_board, write_fen};
use fvnote::variant::Variant;
use fvnote::{Move, Piece, Position, Role, Square};

const START: &str =
    "****1****/*rnbkbnr*/*ppppppp*/*7*/*7*/*PPPPPPP*/*RNBKBNR*/****1**** w - - 0 1 e8e1";

fn pos(fen: &str) -> Position {
    read_fen(fen, Variant::Slide).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// The legal moves in long form, sorted.
fn legal(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Finds a candidate move (legal or not) by its long form.
fn cand(p: &Position, long: &str) -> Move {
    *p.candidate_moves()
        .iter()
        .find(|m| m.to_string() == long)
        .unwrap_or_else(|| panic!("{long} is not a candidate in {}", write_fen(p)))
}

fn ruling(p: &Position, long: &str) -> &'static str {
    p.check_move(&cand(p, long)).unwrap_err().ruling
}

fn is_legal(p: &Position, long: &str) -> bool {
    legal(p).iter().any(|m| m == long)
}

#[test]
fn sc0_start_position_and_fen() {
    let p = Position::start(Variant::Slide);
    assert_eq!(write_fen(&p), START);
    assert_eq!(pos(START), p);
    assert_eq!(p.cage(fvnote::Color::White), Some(sq("e8")));
    assert_eq!(p.cage(fvnote::Color::Black), Some(sq("e1")));
    // 7 pawn steps (no double step), knights c2-b4/d4/e1, g2-f4/h4/e1, bishops into
    // Black's empty cage on e1, and 28 relocations of the empty cage.
    let moves = legal(&p);
    assert_eq!(moves.len(), 43);
    assert_eq!(moves.iter().filter(|m| m.starts_with("C-")).count(), 28);
    for m in [
        "c2e1", "g2e1", "d2e1", "f2e1", "b3b4", "C-a1", "C-i8", "C-d8",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    // No double step (SC3), the ring is holes.
    assert!(!moves.contains(&"b3b5".to_string()));
    assert!(!moves.contains(&"b2a2".to_string()));
    // SC4: the king may not enter Black's cage on e1.
    assert_eq!(ruling(&p, "e2e1"), "SC4");
    // SC2: the far end e1 holds Black's cage.
    assert_eq!(ruling(&p, "C>e1"), "SC2");
}

#[test]
fn sc0_fen_rejects_bad_setups() {
    for (fen, why) in [
        // a ring square that is a cell but no cage
        (
            "***2****/*rnbkbnr*/*ppppppp*/*7*/*7*/*PPPPPPP*/*RNBKBNR*/****1**** w - - 0 1 e8e1",
            "ring",
        ),
        // a hole on the board
        (
            "****1****/*rnbkbnr*/*ppppppp*/*3*3*/*7*/*PPPPPPP*/*RNBKBNR*/****1**** w - - 0 1 e8e1",
            "board",
        ),
        // a king in a cage
        (
            "****K****/*rnb1bnr*/*ppppppp*/*7*/*7*/*PPPPPPP*/*RNBkBNR*/****1**** w - - 0 1 e8e1",
            "cage",
        ),
        // unpromoted white pawn on b7
        (
            "****1****/*Pnbkbnr*/*ppppppp*/*7*/*7*/*PPPPPPP*/*RNBKBNR*/****1**** w - - 0 1 e8e1",
            "last rank",
        ),
        // White's last move was a relocation (e8!) and Black is in check: impossible (SC1)
        (
            "****R****/*3k3*/*7*/*7*/*7*/*7*/*K6*/****1**** b - - 0 1 e8!e1",
            "relocation",
        ),
        // 8×8 frame
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 e8e1",
            "frame",
        ),
    ] {
        let err = read_fen(fen, Variant::Slide).unwrap_err().to_string();
        assert!(err.contains(why), "{fen}: {err}");
    }
}

#[test]
fn perft_start_to_depth_4() {
    let p = Position::start(Variant::Slide);
    let counts: Vec<u64> = (1..=4).map(|d| p.perft(d)).collect();
    assert_eq!(counts, [43, 1739, 41_601, 959_585]);
}

#[test]
#[ignore = "deep: about a minute"]
fn perft_start_depth_5() {
    assert_eq!(Position::start(Variant::Slide).perft(5), 29_745_389);
}

/// White rook b5, White bishop in White's cage on i4, Black knight in Black's cage
/// on a5, Black pawn g6, kings b2 and h7.
const CAGES: &str = "*********/*6k*/*5p1*/nR6*/*7B/*7*/*K6*/********* w - - 0 1 i4a5";

#[test]
fn sc0_capturing_into_and_out_of_a_cage() {
    let p = pos(CAGES);
    // Into Black's cage: the rook captures the knight on a5.
    assert!(is_legal(&p, "b5a5"));
    // Out of White's cage: the bishop on i4 captures on g6 and steps to h3/h5.
    assert!(is_legal(&p, "i4g6"));
    assert!(is_legal(&p, "i4h3"));
    let after = p.play(&cand(&p, "b5a5"));
    assert_eq!(
        after.piece_at(sq("a5")),
        Some(Piece::new(fvnote::Color::White, Role::Rook))
    );
    assert_eq!(
        after.cage(fvnote::Color::Black),
        Some(sq("a5")),
        "moving a piece never moves a cage"
    );
    // Black may relocate its cage with White's rook in it.
    let moved = after.play(&cand(&after, "C-i1"));
    assert_eq!(
        moved.piece_at(sq("i1")),
        Some(Piece::new(fvnote::Color::White, Role::Rook))
    );
    assert!(!moved.is_cell(sq("a5")));
    // A piece in a cage attacks: the knight on a5 covers b3 and c4.
    let q = pos("*********/*6k*/*7*/n7*/*7B/*7*/*K6*/********* w - - 0 1 i4a5");
    assert!(!is_legal(&q, "b2b3"));
    assert_eq!(ruling(&q, "b2b3"), "G6");
    assert!(is_legal(&q, "b2c2"));
}

/// White's cage on a5 holds a White rook; Black king e7, White king b2.
const RELOC: &str = "*********/*3k3*/*7*/R7*/*7*/*7*/*K6*/****1**** w - - 0 1 a5e1";

#[test]
fn sc1_relocation_may_not_give_check() {
    let p = pos(RELOC);
    // The rook would check from e8 (next to the king), from a7 and i7 (along rank 7).
    for m in ["C-e8", "C-a7", "C-i7"] {
        assert_eq!(ruling(&p, m), "SC1", "{m}");
        assert!(p
            .explain(&cand(&p, m), &p.check_move(&cand(&p, m)).unwrap_err())
            .contains("check"));
    }
    // Elsewhere it is fine, with the rook inside.
    assert!(is_legal(&p, "C-a3"));
    let after = p.play(&cand(&p, "C-a3"));
    assert_eq!(
        after.piece_at(sq("a3")),
        Some(Piece::new(fvnote::Color::White, Role::Rook))
    );
    assert!(!after.is_cell(sq("a5")));
    assert!(after.relocated_last(fvnote::Color::White));
    assert!(write_fen(&after).ends_with(" a3!e1"));
    // 30 ring squares minus the two cages, minus the three checking ones.
    assert_eq!(legal(&p).iter().filter(|m| m.starts_with("C-")).count(), 25);
}

#[test]
fn sc1_two_relocations_in_a_row_are_illegal() {
    let p = pos("*********/*3k3*/*7*/R7*/*7*/*7*/*K6*/****1**** w - - 0 1 a5!e1");
    assert!(legal(&p).iter().all(|m| !m.starts_with("C-")));
    assert_eq!(ruling(&p, "C-a3"), "SC1");
    // Another move clears the flag: after Kb2-c2 and a Black move White may relocate.
    let q = p.play(&cand(&p, "b2c2"));
    assert!(!q.relocated_last(fvnote::Color::White));
    let r = q.play(&cand(&q, "e7d7"));
    assert!(is_legal(&r, "C-a3"));
    // Relocation sequence through play: White relocates, Black moves, White may not.
    let s = pos(RELOC);
    let s = s.play(&cand(&s, "C-a3"));
    let s = s.play(&cand(&s, "e7d7"));
    assert_eq!(ruling(&s, "C-a4"), "SC1");
}

#[test]
fn sc1_empty_cage_push_may_give_check_right_after_a_relocation() {
    // White's empty cage on a4 (previous turn a relocation), White rook b4, Black king c7.
    let p = pos("*********/*1k5*/*7*/*7*/1R6*/*7*/*6K*/****1**** w - - 0 1 a4!e1");
    assert_eq!(ruling(&p, "C-a3"), "SC1");
    assert!(is_legal(&p, "C>i4"));
    let after = p.play(&cand(&p, "C>i4"));
    assert_eq!(
        after.piece_at(sq("c4")),
        Some(Piece::new(fvnote::Color::White, Role::Rook))
    );
    assert!(after.is_check());
    assert!(!after.relocated_last(fvnote::Color::White));
    assert_eq!(after.cage(fvnote::Color::White), Some(sq("i4")));
}

#[test]
fn sc2_push_along_a_rank_as_in_the_seed() {
    // The seed's example: Black's cage with a knight on i5 is pushed west.
    let p = pos(
        "****1****/*r1bkbnr*/*pppp1pp*/*2P1p2n/*7*/*PP1PPPP*/*RNBKBNR*/********* b - - 0 5 e8i5",
    );
    assert!(is_legal(&p, "C>a5"));
    let after = p.play(&cand(&p, "C>a5"));
    assert_eq!(
        write_board(&after),
        "****1****/*r1bkbnr*/*pppp1pp*/2P1p2n*/*7*/*PP1PPPP*/*RNBKBNR*/*********"
    );
    assert_eq!(after.cage(fvnote::Color::Black), Some(sq("a5")));
    assert_eq!(pos(&write_fen(&after)), after);
}

#[test]
fn sc2_push_along_a_file_carries_a_piece_into_the_far_cage() {
    // White's cage on c1 holds a White knight; file c: c2 R, c4 p, c7 r. Black's cage h8.
    let p = pos("*******1*/*1r3k1*/*7*/*7*/*1p5*/*7*/*1R4K*/**N****** w - - 0 1 c1h8");
    assert!(is_legal(&p, "C>c8"));
    let after = p.play(&cand(&p, "C>c8"));
    let w = |r| Some(Piece::new(fvnote::Color::White, r));
    let b = |r| Some(Piece::new(fvnote::Color::Black, r));
    assert_eq!(after.piece_at(sq("c2")), w(Role::Knight));
    assert_eq!(after.piece_at(sq("c3")), w(Role::Rook));
    assert_eq!(after.piece_at(sq("c4")), None);
    assert_eq!(after.piece_at(sq("c5")), b(Role::Pawn));
    assert_eq!(after.piece_at(sq("c7")), None);
    // The black rook rides into the cage, which now stands on c8.
    assert_eq!(after.piece_at(sq("c8")), b(Role::Rook));
    assert_eq!(after.cage(fvnote::Color::White), Some(sq("c8")));
    assert!(!after.is_cell(sq("c1")));
    // Black's rook moves out of White's cage; its own pawn on c5 blocks it.
    assert!(is_legal(&after, "c8c6"));
    assert!(!is_legal(&after, "c8c3"));
}

#[test]
fn sc2_far_end_must_not_hold_a_cage_and_corners_cannot_push() {
    // Black's cage on c8 blocks the far end of White's push from c1.
    assert!(read_fen(
        "*******1*/*1r3k1*/*7*/*7*/*1p5*/*7*/*1R4K*/**N****** w - - 0 1 c1c8",
        Variant::Slide
    )
    .is_err());
    let q = pos("**1******/*1r3k1*/*7*/*7*/*1p5*/*7*/*1R4K*/**N****** w - - 0 1 c1c8");
    assert_eq!(ruling(&q, "C>c8"), "SC2");
    // A cage in a corner has no insertion at all.
    let r = pos("*******1*/*1r3k1*/*7*/*7*/*1p5*/*7*/*1R4K*/N******** w - - 0 1 a1h8");
    assert!(r
        .candidate_moves()
        .iter()
        .all(|m| !matches!(m, Move::CageInsert { .. })));
}

#[test]
fn sc3_pawn_promoted_by_the_opponents_push_the_mover_chooses() {
    // Black pushes its empty cage from c1 up file c: White's pawn c6 reaches c7.
    let p = pos("********1/*4k2*/*1P5*/*7*/*7*/*7*/*6K*/**1****** b - - 0 1 i8c1");
    let pushes: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("C>"))
        .collect();
    // A White queen or rook on c7 would attack Black's own king on f7 (G6).
    assert_eq!(pushes, ["C>c8/b", "C>c8/n"]);
    assert_eq!(ruling(&p, "C>c8/q"), "G6");
    assert_eq!(ruling(&p, "C>c8/r"), "G6");
    let after = p.play(&cand(&p, "C>c8/n"));
    // The piece keeps the pawn's colour.
    assert_eq!(
        after.piece_at(sq("c7")),
        Some(Piece::new(fvnote::Color::White, Role::Knight))
    );
    assert_eq!(after.cage(fvnote::Color::Black), Some(sq("c8")));
    assert!(!after.is_cell(sq("c1")));
}

#[test]
fn sc3_double_promotion_by_a_file_push() {
    // White's cage on d8 holds a White pawn; Black pawn d3. Pushing south promotes both.
    let p = pos("***P*****/*7*/*7*/*k6*/*7*/*2p3K*/*7*/********1 w - - 0 1 d8i1");
    let pushes: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("C>"))
        .collect();
    assert_eq!(pushes.len(), 16);
    assert!(pushes.contains(&"C>d1/n/q".to_string()));
    // Choices in ascending rank order: first d2 (Black's pawn), then d7 (White's).
    let mv = Move::CageInsert {
        to: sq("d1"),
        promotions: [Some(Role::Knight), Some(Role::Queen)],
    };
    assert_eq!(p.check_move(&mv), Ok(()));
    let after = p.play(&mv);
    assert_eq!(
        after.piece_at(sq("d2")),
        Some(Piece::new(fvnote::Color::Black, Role::Knight))
    );
    assert_eq!(
        after.piece_at(sq("d7")),
        Some(Piece::new(fvnote::Color::White, Role::Queen))
    );
    assert_eq!(after.piece_at(sq("d1")), None);
    assert_eq!(after.cage(fvnote::Color::White), Some(sq("d1")));
    assert!(after.is_check());
    // An insertion without its promotion choices is not a move.
    let bare = Move::CageInsert {
        to: sq("d1"),
        promotions: [None, None],
    };
    assert!(p.check_move(&bare).is_err());
}

#[test]
fn sc3_pawn_in_a_cage_on_a7_does_not_promote() {
    // White pawn b6; Black's cage on a7 holds a knight; Black rook c7.
    let p = pos("********1/n1r5*/*P6*/*5k1*/*7*/*7*/*6K*/********* w - - 0 1 i8a7");
    let pawn: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("b6"))
        .collect();
    assert_eq!(
        pawn,
        ["b6a7", "b6b7b", "b6b7n", "b6b7q", "b6b7r", "b6c7b", "b6c7n", "b6c7q", "b6c7r"]
    );
    let after = p.play(&cand(&p, "b6a7"));
    assert_eq!(
        after.piece_at(sq("a7")),
        Some(Piece::new(fvnote::Color::White, Role::Pawn))
    );
    // The position with a pawn in the cage on a7 is valid and reads back.
    assert_eq!(pos(&write_fen(&after)), after);
    // Normal pawn moves onto b7–h7 promote: the knight on b6 after b6b7n is White's.
    let n = p.play(&cand(&p, "b6b7n"));
    assert_eq!(
        n.piece_at(sq("b7")),
        Some(Piece::new(fvnote::Color::White, Role::Knight))
    );
}

#[test]
fn sc4_a_push_may_not_put_a_king_in_a_cage() {
    // White's empty cage on a4; Black's king on h4 would ride into it.
    let p = pos("********1/*7*/*7*/*7*/7k*/*7*/*K6*/********* w - - 0 1 a4i8");
    assert_eq!(ruling(&p, "C>i4"), "SC4");
    assert!(!is_legal(&p, "C>i4"));
    // A king elsewhere on the line moves with it.
    let q = pos("********1/*7*/*7*/*7*/3k4*/*7*/*K6*/********* w - - 0 1 a4i8");
    assert!(is_legal(&q, "C>i4"));
    let after = q.play(&cand(&q, "C>i4"));
    assert_eq!(after.king(fvnote::Color::Black), Some(sq("e4")));
    assert_eq!(after.piece_at(sq("d4")), None);
}

#[test]
fn sc4_a_king_may_not_step_or_capture_into_a_cage() {
    // White king b2 next to White's empty cage a1 and Black's cage a2 with a pawn.
    // A Black pawn on the ring square a2 is not promoted (SC3).
    let p = pos("*********/*6k*/*7*/*7*/*7*/*7*/pK6*/1******** w - - 0 1 a1a2");
    let king: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("b2"))
        .collect();
    assert_eq!(king, ["b2b3", "b2c2", "b2c3"]);
    assert_eq!(ruling(&p, "b2a1"), "SC4");
    assert_eq!(ruling(&p, "b2a2"), "SC4");
    let mv = cand(&p, "b2a2");
    let why = p.explain(&mv, &p.check_move(&mv).unwrap_err());
    assert!(why.contains("a2 is Black's cage"), "{why}");
}

#[test]
fn sc1_check_after_an_ordinary_move_is_a_valid_setup() {
    // The same check without the relocation flag is a legal position.
    let p = pos("****R****/*3k3*/*7*/*7*/*7*/*7*/*K6*/****1**** b - - 0 1 e8e1");
    assert!(p.is_check());
}

#[test]
fn sc0_random_games_round_trip_through_fen() {
    // Deterministic pseudo-random walks: every position reads back from its FEN.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _game in 0..20 {
        let mut p = Position::start(Variant::Slide);
        for _ply in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                assert!(p.outcome().is_some());
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            p = p.play(&mv);
            let fen = write_fen(&p);
            assert_eq!(pos(&fen), p, "{fen}");
        }
    }
}

#[test]
fn sc3_insertion_promotions_round_trip_through_san() {
    use fvnote::notation::san::{write_san, San};
    // Every legal move of random Slide-chess games writes to SAN and reads back.
    let mut pos = fvnote::Position::start(fvnote::variant::Variant::Slide);
    let mut seed: u64 = 0x9e3779b97f4a7c15;
    let mut inserts_with_promotion = 0;
    for _ in 0..400 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            pos = fvnote::Position::start(fvnote::variant::Variant::Slide);
            continue;
        }
        for mv in &moves {
            let text = write_san(&pos, mv);
            if text.contains('/') {
                inserts_with_promotion += 1;
            }
            let back = San::parse(&text).unwrap().resolve(&pos).unwrap();
            assert_eq!(
                back.mv,
                *mv,
                "{text} in {}",
                fvnote::notation::fen::write_fen(&pos)
            );
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        pos = pos.play(&mv);
    }
    assert!(
        inserts_with_promotion > 0,
        "no insertion with a promotion was written"
    );
}

/// SC3: a promotion written in a push names the square its pawn is pushed
/// onto; a push whose promotion squares are misnamed matches no legal move.
#[test]
fn sc3_a_push_names_the_squares_it_promotes_on() {
    use fvnote::notation::san::San;
    // White's cage on h1 under the h-file; the pawn on h6 is pushed to h7.
    let p = pos(
        "*********/*r1bkbnr*/*2p1ppP*/*ppnp3*/*7*/*PPPPP1P*/*RNBKBNR*/****1**1* w - - 0 5 h1!e1",
    );
    let right = San::parse("C>h8/h7=Q").unwrap();
    assert!(right.resolve(&p).is_ok());
    let wrong = San::parse("C>h8/b3=Q").unwrap();
    let err = wrong.resolve(&p).unwrap_err().to_string();
    assert!(
        err.contains("promotes on h7, not on b3"),
        "a misnamed promotion square must be refused: {err}"
    );
    let missing = San::parse("C>h8").unwrap();
    let err = missing.resolve(&p).unwrap_err().to_string();
    assert!(err.contains("e.g. C>h8/h7=Q"), "{err}");
}
