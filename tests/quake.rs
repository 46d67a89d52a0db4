//! Quake Chess, DF and LB armies (RULINGS QK0–QK7): FEN in, legal moves, rulings
//! and FEN out.
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::variant::Variant;
use fvnote::{Color, Move, Outcome, PieceMove, Position, Role, Square};

const DF_START: &str = "rnnkbbr*/pppppppp/8/8/PPPPPPPP/*RBBKNNR[] w - - 0 1";
const LB_START: &str =
    "(rb)(nb)(nr)k(br)(bn)(rn)*/pppppppp/8/8/PPPPPPPP/*(RN)(BN)(BR)K(NR)(NB)(RB)[] w - - 0 1";

fn df(fen: &str) -> Position {
    read_fen(fen, Variant::Quake).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn lb(fen: &str) -> Position {
    read_fen(fen, Variant::QuakeLb).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// The candidate move written `s` in long form (`e2e3`, `N@e4`, `K-qn`).
fn find(pos: &Position, s: &str) -> Move {
    pos.candidate_moves()
        .into_iter()
        .find(|m| m.to_string() == s)
        .unwrap_or_else(|| panic!("{s} is not a candidate in {pos:?}"))
}

fn is_legal(pos: &Position, s: &str) -> bool {
    pos.legal_moves().iter().any(|m| m.to_string() == s)
}

/// Asserts `s` is legal and returns the position after it.
fn play(pos: &Position, s: &str) -> Position {
    let m = find(pos, s);
    assert_eq!(pos.check_move(&m), Ok(()), "{s} in {pos:?}");
    assert!(is_legal(pos, s));
    pos.play(&m)
}

/// Asserts `s` is a candidate but illegal, and returns the ruling.
fn ruling(pos: &Position, s: &str) -> &'static str {
    let m = find(pos, s);
    assert!(!is_legal(pos, s), "{s} should be illegal in {pos:?}");
    pos.check_move(&m).unwrap_err().ruling
}

fn plain(role: Role, from: &str, to: &str) -> Move {
    Move::Normal(PieceMove {
        role,
        from: sq(from),
        to: sq(to),
        capture: None,
        promotion: None,
    })
}

// ---- QK0: board, armies, FEN ----

#[test]
fn qk0_start_positions_and_fen() {
    for (variant, fen) in [(Variant::Quake, DF_START), (Variant::QuakeLb, LB_START)] {
        let pos = Position::start(variant);
        assert_eq!(write_fen(&pos), fen);
        assert_eq!(read_fen(fen, variant).unwrap(), pos);
        assert_eq!(pos.frame(), (8, 6));
        assert!(!pos.is_cell(sq("a1")) && !pos.is_cell(sq("h6")));
        assert_eq!(pos.cells().count(), 46);
        assert_eq!(pos.king(Color::White), Some(sq("e1")));
        assert_eq!(pos.king(Color::Black), Some(sq("d6")));
    }
    let lb = Position::start(Variant::QuakeLb);
    // Hunter first: White RN on b1, Black rb on a6.
    assert_eq!(
        lb.piece_at(sq("b1")).map(|p| p.role),
        Some(Role::RookKnight)
    );
    assert_eq!(
        lb.piece_at(sq("a6")).map(|p| p.role),
        Some(Role::RookBishop)
    );
}

#[test]
fn qk0_start_moves() {
    // 8 pawn steps (no double step, QK6), 4 knight moves, 4 quakes.
    let pos = Position::start(Variant::Quake);
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    for m in [
        "a2a3", "h2h3", "f1e3", "f1g3", "g1f3", "g1h3", "K-qn", "K-qs", "K-qe", "K-qw",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert_eq!(moves.len(), 16);
    // LB: the NR on f1 and NB on g1 move like rook and bishop (blocked), the BN
    // on c1 and RN on b1 like knights.
    let pos = Position::start(Variant::QuakeLb);
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    for m in ["b1a3", "b1c3", "c1b3", "c1d3", "K-qn"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert_eq!(moves.len(), 16);
}

#[test]
fn qk0_lb_compound_moves_like_carrier_captures_like_hunter() {
    // White BR on b1: moves like a rook, captures like a bishop.
    let pos = lb("7k/8/8/1p1(nb)4/8/1(BR)5K[] w - - 0 1");
    assert!(is_legal(&pos, "b1b2")); // quiet rook step
    assert!(is_legal(&pos, "b1g1"));
    assert!(is_legal(&pos, "b1d3")); // bishop capture
    let rook_capture = Move::Normal(PieceMove {
        role: Role::BishopRook,
        from: sq("b1"),
        to: sq("b3"),
        capture: Some(Role::Pawn),
        promotion: None,
    });
    assert_eq!(pos.check_move(&rook_capture).unwrap_err().ruling, "G3");
    let bishop_quiet = plain(Role::BishopRook, "b1", "c2");
    assert_eq!(pos.check_move(&bishop_quiet).unwrap_err().ruling, "G3");
    // Black NB on d3 moves like a bishop, captures like a knight.
    let black = lb("7k/8/8/1p1(nb)4/8/1(BR)5K[] b - - 0 1");
    assert!(is_legal(&black, "d3e4") && is_legal(&black, "d3c2"));
    assert!(!black
        .candidate_moves()
        .iter()
        .any(|m| m.to_string() == "d3b2"));
}

#[test]
fn qk0_lb_compound_checks_like_hunter() {
    // A rook-hunter on the king's rank gives check, a knight-hunter there does not.
    assert!(lb("k7/8/8/8/8/(rn)3K3[] w - - 0 1").is_check());
    assert!(!lb("k7/8/8/8/8/(nr)3K3[] w - - 0 1").is_check());
    // NR moves like a rook to d3, from where its knight attacks e5.
    let pos = lb("8/4k3/8/(NR)7/8/7K[] w - - 0 1");
    let after = play(&pos, "a3d3");
    assert!(after.is_check());
    // The BN on b4 moving (as a knight) next to the king is no check: a bishop
    // does not attack orthogonally.
    let pos = lb("8/4k3/1(BN)6/8/8/7K[] w - - 0 1");
    assert!(!play(&pos, "b4d5").is_check());
    // Capturing like the hunter: the LB piece keeps its type in hand (QK7).
    let pos = lb("7k/8/8/1p1(nb)4/8/1(BR)5K[] w - - 0 1");
    let after = play(&pos, "b1d3");
    assert_eq!(after.in_hand(Color::White, Role::KnightBishop), 1);
    assert!(write_fen(&after).starts_with("7k/8/8/1p1(BR)4/8/7K[(NB)] b"));
}

#[test]
fn qk0_armies_are_validated() {
    // A queen exists in neither army; LB has no simple pieces, DF no compounds.
    assert!(read_fen("k7/8/8/8/8/Q3K3[] w - - 0 1", Variant::Quake).is_err());
    assert!(read_fen("k7/8/8/8/8/R3K3[] w - - 0 1", Variant::QuakeLb).is_err());
    assert!(read_fen("k7/8/8/8/8/(RN)3K3[] w - - 0 1", Variant::Quake).is_err());
    assert!(read_fen("k7/8/8/8/8/4K3[N] w - - 0 1", Variant::QuakeLb).is_err());
    // QK5: the frame must be the bounding box (a file of holes is not allowed).
    assert!(read_fen("k7*/8*/8*/8*/8*/4K3*[] w - - 0 1", Variant::Quake).is_err());
    // QK6: no pawn without a forward cell.
    assert!(read_fen("k6P/8/8/8/8/4K3[] w - - 0 1", Variant::Quake).is_err());
    assert!(read_fen("k7/8/8/8/8/p3K3[] w - - 0 1", Variant::Quake).is_err());
    assert!(read_fen("k6*/8/8/8/7P/4K3[] w - - 0 1", Variant::Quake).is_ok());
    assert!(read_fen("k5*1/7P/8/8/8/4K3[] w - - 0 1", Variant::Quake).is_ok());
    assert!(read_fen("k6*/7P/8/8/8/4K3[] w - - 0 1", Variant::Quake).is_err());
    // One king each; the side not to move not in check; no castling, no ep.
    assert!(read_fen("k7/8/8/8/8/8[] w - - 0 1", Variant::Quake).is_err());
    assert!(read_fen("k7/8/8/8/8/R3K3[] w - - 0 1", Variant::Quake).is_err());
    assert!(read_fen("k7/8/8/8/8/R3K3[] b - - 0 1", Variant::Quake).is_ok());
    assert!(read_fen("k7/8/8/8/8/R3K2R[] w K - 0 1", Variant::Quake).is_err());
}

// ---- QK1: quakes move the king's strip ----

#[test]
fn qk1_quake_moves_the_whole_strip_and_grows_the_frame_east() {
    let pos = Position::start(Variant::Quake);
    let after = play(&pos, "K-qe");
    assert_eq!(
        write_fen(&after),
        "rnnkbbr**/pppppppp*/8*/8*/PPPPPPPP*/**RBBKNNR[] b - - 1 1"
    );
    let after = play(&pos, "K-qn");
    assert_eq!(
        write_fen(&after),
        "****b***/rnnkpbr*/pppp1ppp/8/4P3/PPPPKPPP/*RBB*NNR[] b - - 1 1"
    );
}

#[test]
fn qk1_strip_is_cut_by_a_hole() {
    // The seed's example: d4 is a hole; the king on g4 moves only e4–h4.
    let pos = df("8/8/3*2K1/8/8/3k4[] w - - 0 1");
    let west = play(&pos, "K-qw");
    assert_eq!(write_fen(&west), "8/8/5K1*/8/8/3k4[] b - - 1 1");
    let east = play(&pos, "K-qe");
    assert_eq!(write_fen(&east), "8*/8*/3**2K1/8*/8*/3k4*[] b - - 1 1");
    // The d-file's strips are d5–d6 and d1–d3.
    let black = df("8/8/3*2K1/8/8/3k4[] b - - 0 1");
    let north = play(&black, "K-qn");
    assert_eq!(write_fen(&north), "8/8/6K1/8/3k4/3*4[] w - - 1 2");
}

// ---- QK2: shape limits ----

#[test]
fn qk2a_quake_that_cuts_the_board_apart() {
    // i1 hangs on h1 only; quaking the h-file north leaves it alone.
    let pos = df("k7*/8*/8*/7K*/8*/9[] w - - 0 1");
    assert_eq!(ruling(&pos, "K-qn"), "QK2");
    let ill = pos.check_move(&find(&pos, "K-qn")).unwrap_err();
    assert!(ill.reason.contains("orthogonally"), "{}", ill.reason);
    assert!(is_legal(&pos, "K-qe") && is_legal(&pos, "K-qw"));
}

#[test]
fn qk2b_quake_that_isolates_a_cell_diagonally() {
    // The h-file sticks out one rank; one more quake north leaves h8 with no
    // diagonal neighbour although it is orthogonally attached.
    let pos = df("*******1/k7/8/7K/8/8/7*[] w - - 0 1");
    assert_eq!(ruling(&pos, "K-qn"), "QK2");
    let ill = pos.check_move(&find(&pos, "K-qn")).unwrap_err();
    assert!(ill.reason.contains("diagonally"), "{}", ill.reason);
    // Quaking back south restores the 8×6 rectangle, renamed to rank 1 = old rank 2.
    let back = play(&pos, "K-qs");
    assert_eq!(write_fen(&back), "k7/8/8/7K/8/8[] b - - 1 1");
}

#[test]
fn qk2c_quake_that_breaks_only_knight_connectivity() {
    // A 2×8 strip with b3, c3 on top: knight connected through the two top cells.
    // Quaking them west to a3, b3 keeps (a) and (b) but the knight can no longer
    // reach d1, b2, f2, … from a1 (as in the ruling's 2×23 strip).
    let pos = df("*K1*****/8/k7[] w - - 0 1");
    assert_eq!(ruling(&pos, "K-qw"), "QK2");
    let ill = pos.check_move(&find(&pos, "K-qw")).unwrap_err();
    assert!(ill.reason.contains("knight"), "{}", ill.reason);
    let east = play(&pos, "K-qe");
    assert_eq!(write_fen(&east), "**K1****/8/k7[] b - - 1 1");
}

#[test]
fn qk2c_quake_into_the_rulings_2x23_strip() {
    // Rank 3 is only w3 (the king's file strip w2–w3, w1 a hole). Quaking it south
    // leaves exactly a 2×23 rectangle: orthogonally and diagonally connected, but
    // a knight keeps its file parity there (QK2 c).
    let pos = df("**********************K/k22/22*[] w - - 0 1");
    assert_eq!(pos.frame(), (23, 3));
    assert_eq!(ruling(&pos, "K-qs"), "QK2");
    let ill = pos.check_move(&find(&pos, "K-qs")).unwrap_err();
    assert!(ill.reason.contains("knight"), "{}", ill.reason);
}

#[test]
fn qk5_renamed_positions_round_trip_through_fen() {
    let pos = Position::start(Variant::QuakeLb);
    let west = play(&pos, "K-qw");
    // Both kings now stand on the d-file: neither may quake it (QK3).
    assert_eq!(ruling(&west, "K-qs"), "QK3");
    let after = play(&west, "K-qe");
    let fen = write_fen(&after);
    assert_eq!(
        fen,
        "*(rb)(nb)(nr)k(br)(bn)(rn)/pppppppp/8/8/PPPPPPPP/(RN)(BN)(BR)K(NR)(NB)(RB)*[] w - - 2 2"
    );
    assert_eq!(read_fen(&fen, Variant::QuakeLb).unwrap(), after);
}

// ---- QK3: both kings on the strip ----

#[test]
fn qk3_no_quake_of_a_strip_holding_both_kings() {
    let pos = df("4k3/8/8/8/8/4K3[] w - - 0 1");
    assert_eq!(ruling(&pos, "K-qn"), "QK3");
    assert_eq!(ruling(&pos, "K-qs"), "QK3");
    assert!(is_legal(&pos, "K-qe") && is_legal(&pos, "K-qw"));
    // Same rank: east and west are barred, north and south are not.
    let pos = df("8/8/1k4K1/8/8/8[] b - - 0 1");
    assert_eq!(ruling(&pos, "K-qe"), "QK3");
    assert_eq!(ruling(&pos, "K-qw"), "QK3");
    assert!(is_legal(&pos, "K-qn") && is_legal(&pos, "K-qs"));
    // A hole between them splits the file into two strips.
    let pos = df("4k3/8/4*3/8/8/4K3[] w - - 0 1");
    assert!(is_legal(&pos, "K-qn"));
}

// ---- QK4: king safety ----

#[test]
fn qk4_no_quake_out_of_check() {
    let pos = df("7k/8/8/8/8/r3K3[] w - - 0 1");
    assert!(pos.is_check());
    for q in ["K-qn", "K-qs", "K-qe", "K-qw"] {
        assert_eq!(ruling(&pos, q), "QK4", "{q}");
    }
    assert!(is_legal(&pos, "e1e2"));
}

#[test]
fn qk4_no_quake_into_check() {
    // Quaking the e-file north lifts the king onto the rook's rank.
    let pos = df("7k/8/8/8/r7/4K3[] w - - 0 1");
    assert_eq!(ruling(&pos, "K-qn"), "QK4");
    assert_eq!(ruling(&pos, "e1e2"), "G6");
    assert!(is_legal(&pos, "K-qe") && is_legal(&pos, "K-qs"));
}

#[test]
fn qk4_king_safety_is_judged_after_pocketing() {
    // Quaking rank 3 east puts the shielding pawn on c3 under the hole c4: it is
    // pocketed, and the rook (moved to b3) then attacks the king on d3.
    let pos = df("7k/8/2*5/rPK5/8/8[] w - - 0 1");
    assert!(!pos.is_check());
    assert_eq!(ruling(&pos, "K-qe"), "QK4");
}

// ---- QK5: frame and renaming ----

#[test]
fn qk5_quake_west_from_file_a_renames_squares() {
    let pos = df("7k/6p1/8/K7/1P6/8[] w - - 0 1");
    let after = play(&pos, "K-qw");
    assert_eq!(write_fen(&after), "*7k/*6p1/*8/K7*/*1P6/*8[] b - - 1 1");
    assert_eq!(after.frame(), (9, 6));
    assert_eq!(after.piece_at(sq("c2")).map(|p| p.role), Some(Role::Pawn));
    assert_eq!(after.king(Color::Black), Some(sq("i6")));
    // Moves are written in the new frame: the pawn that was on b2 is on c2.
    assert!(is_legal(&play(&after, "h5h4"), "c2c3"));
}

#[test]
fn qk5_quake_south_from_rank_1_renames_squares() {
    let pos = df("7k/8/8/8/8/K7[] w - - 0 1");
    let after = play(&pos, "K-qs");
    assert_eq!(write_fen(&after), "*6k/8/8/8/8/8/K*******[] b - - 1 1");
    assert_eq!(after.frame(), (8, 7));
    assert_eq!(after.king(Color::White), Some(sq("a1")));
    assert_eq!(after.king(Color::Black), Some(sq("h7")));
}

#[test]
fn qk5_frame_wider_than_26_files_is_illegal() {
    let pos = df("25k/K25/26[] w - - 0 1");
    assert_eq!(pos.frame(), (26, 3));
    assert_eq!(ruling(&pos, "K-qw"), "QK5");
    assert_eq!(ruling(&pos, "K-qe"), "QK5");
    let ill = pos.check_move(&find(&pos, "K-qw")).unwrap_err();
    assert!(ill.reason.contains("26 files"));
    let text = pos.explain(&find(&pos, "K-qw"), &ill);
    assert!(text.contains("26 cells through a2"), "{text}");
    assert!(is_legal(&pos, "K-qn") && is_legal(&pos, "K-qs"));
}

// ---- QK6: pawns ----

#[test]
fn qk6_no_double_step_and_pocketing_after_a_pawn_move() {
    let pos = Position::start(Variant::Quake);
    assert_eq!(
        pos.check_move(&plain(Role::Pawn, "e2", "e4"))
            .unwrap_err()
            .ruling,
        "G3"
    );
    // h5 has no forward cell (h6 is a hole): the pawn arriving there is pocketed.
    let pos = df("k6*/8/7P/8/8/4K3[] w - - 0 1");
    let after = play(&pos, "h4h5");
    assert_eq!(write_fen(&after), "k6*/8/8/8/8/4K3[P] b - - 0 1");
}

#[test]
fn qk6_quake_pockets_friendly_and_enemy_pawns_for_the_mover() {
    // Quaking rank 1 east: a1 disappears under the black pawn on a2, and the white
    // pawn on h1 moves to i1 under no cell. Both go to White's hand.
    let pos = df("4k3/8/8/8/p7/3K3P[] w - - 0 1");
    let after = play(&pos, "K-qe");
    assert_eq!(write_fen(&after), "4k3*/8*/8*/8*/8*/*3K4[PP] b - - 1 1");
    assert_eq!(after.in_hand(Color::White, Role::Pawn), 2);
    assert_eq!(after.in_hand(Color::Black, Role::Pawn), 0);
    // Black quaking its rank west pockets the white pawn under h6 as a black pawn.
    let pos = df("k7/7P/8/8/8/4K3[] b - - 0 1");
    let after = play(&pos, "K-qw");
    assert_eq!(after.in_hand(Color::Black, Role::Pawn), 1);
    assert_eq!(after.in_hand(Color::White, Role::Pawn), 0);
    assert_eq!(write_fen(&after), "k7*/*8/*8/*8/*8/*4K3[p] w - - 1 2");
}

// ---- QK7: captures and drops ----

#[test]
fn qk7_captures_go_to_the_capturer_in_its_colour() {
    let pos = df("4k3/8/8/3r4/8/3RK3[] w - - 0 1");
    let after = play(&pos, "d1d3");
    assert_eq!(after.in_hand(Color::White, Role::Rook), 1);
    assert!(write_fen(&after).contains("[R] b"));
    let dropped = play(&after, "e6e5");
    assert!(is_legal(&dropped, "R@a1"));
    assert_eq!(
        write_fen(&play(&dropped, "R@a1")),
        "8/4k3/8/3R4/8/R3K3[] b - - 2 2"
    );
}

#[test]
fn qk7_pawn_drop_limits() {
    // White has a pawn in hand. Black pawn on c5; d4 is a hole.
    let pos = df("k7/2p5/3*4/8/8/4K3[P] w - - 0 1");
    // Anything but a pawn may go on the last rank; a pawn may not (no forward cell).
    assert_eq!(ruling(&pos, "P@b6"), "QK7");
    // d3 lies under the hole d4: no forward cell.
    assert_eq!(ruling(&pos, "P@d3"), "QK7");
    // The c-file strip holds a black pawn.
    assert_eq!(ruling(&pos, "P@c2"), "QK7");
    assert!(is_legal(&pos, "P@b2") && is_legal(&pos, "P@d5") && is_legal(&pos, "P@d2"));
    // The d-file is split by d4: a pawn on d5 does not bar d1–d3.
    let pos = df("k2p4/8/3*4/8/8/4K3[P] w - - 0 1");
    assert!(is_legal(&pos, "P@d2"));
    assert_eq!(ruling(&pos, "P@d5"), "QK7");
    let why = pos.check_move(&find(&pos, "P@d5")).unwrap_err();
    assert!(why.reason.contains("vertical strip"));
    // Black drops: forward is south, so rank 1 is barred for Black.
    let pos = df("k7/8/8/8/8/4K3[p] b - - 0 1");
    assert_eq!(ruling(&pos, "P@c1"), "QK7");
    assert!(is_legal(&pos, "P@c6"));
}

#[test]
fn qk7_drop_gives_mate() {
    let pos = df("k7/pp6/8/8/8/4K3[R] w - - 0 1");
    assert!(is_legal(&pos, "R@h6"));
    let after = play(&pos, "R@h6");
    assert!(after.is_check());
    assert_eq!(
        after.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    // Next to the king the rook checks but is taken.
    let after = play(&pos, "R@b6");
    assert!(after.is_check());
    assert!(after.outcome().is_none()); // the king takes the rook
}

#[test]
fn qk7_drop_must_not_leave_king_in_check() {
    let pos = df("7k/8/8/8/8/r3K3[N] w - - 0 1");
    assert!(is_legal(&pos, "N@c1"));
    assert_eq!(ruling(&pos, "N@c4"), "G6");
}

// ---- perft (G7) ----

#[test]
fn perft_quake_df_to_depth_4() {
    let pos = Position::start(Variant::Quake);
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [16, 265, 4760, 86_803]);
}

#[test]
fn perft_quake_lb_to_depth_4() {
    let pos = Position::start(Variant::QuakeLb);
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [16, 257, 4376, 74_699]);
}

#[test]
#[ignore = "deep: run with --ignored"]
fn perft_depth_5() {
    assert_eq!(Position::start(Variant::Quake).perft(5), 1_683_615);
    assert_eq!(Position::start(Variant::QuakeLb).perft(5), 1_357_883);
}

/// Deterministic random playouts: every reached position is valid (its FEN reads
/// back to an equal position) and the frame stays normalised (QK5).
#[test]
fn playouts_stay_valid_and_round_trip() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    let mut quakes = 0;
    let mut drops = 0;
    for game in 0..40 {
        let variant = if game % 2 == 0 {
            Variant::Quake
        } else {
            Variant::QuakeLb
        };
        let mut pos = Position::start(variant);
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Favour quakes and drops so the board wanders.
            let special: Vec<&Move> = moves
                .iter()
                .filter(|m| matches!(m, Move::Quake { .. } | Move::Drop { .. }))
                .collect();
            let m = if !special.is_empty() && next(2) == 0 {
                *special[next(special.len())]
            } else {
                moves[next(moves.len())]
            };
            match m {
                Move::Quake { .. } => quakes += 1,
                Move::Drop { .. } => drops += 1,
                _ => {}
            }
            pos = pos.play(&m);
            let fen = write_fen(&pos);
            let back = read_fen(&fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back, pos, "{fen}");
            let cells: Vec<(i16, i16)> = pos
                .cells()
                .map(|c| (i16::from(c.file()), i16::from(c.rank())))
                .collect();
            assert_eq!(cells.len(), 46);
            assert_eq!(
                crate::quake_by_cells::shape_violation(&cells),
                None,
                "{fen}"
            );
        }
    }
    assert!(quakes > 100 && drops > 20, "{quakes} quakes, {drops} drops");
}
