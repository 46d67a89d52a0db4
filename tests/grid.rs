//! Grid Chess (RULINGS GR1–GR4) through the public API: FEN in, moves and rulings out.
use crate::common;

use common::*;
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::variant::Variant;
use fvnote::{Move, Position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Position {
    read_fen(fen, Variant::Grid).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn start_position_is_the_standard_array() {
    let start = Position::start(Variant::Grid);
    assert_eq!(write_fen(&start), START);
    assert_eq!(pos(START), start);
}

#[test]
fn perft_from_the_start_to_depth_4() {
    let start = Position::start(Variant::Grid);
    let counts: Vec<u64> = (1..=4).map(|d| start.perft(d)).collect();
    assert_eq!(counts, [20, 400, 8342, 173_165]);
}

#[test]
#[ignore = "deep"]
fn perft_from_the_start_depth_5() {
    assert_eq!(Position::start(Variant::Grid).perft(5), 3_814_913);
}

#[test]
fn gr1_sections_are_two_by_two_from_a1() {
    // b1 is in section (0,0), c3 in (1,1), a3 in (0,1): knights cross.
    let p = Position::start(Variant::Grid);
    assert_legal(&p, "b1c3");
    assert_legal(&p, "b1a3");
    assert_legal(&p, "g1f3");
    assert_legal(&p, "g1h3");
    // The grid lines run between b|c, d|e, f|g: d1 and e1 are in different
    // sections (the seed's "e1 cannot go to d1" contradicts its own lines; GR1).
    let k = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_legal(&k, "e1d1");
    assert_legal(&k, "e1d2");
    assert_illegal(&k, "e1f1", "GR2");
    assert_illegal(&k, "e1e2", "GR2");
    assert_illegal(&k, "e1f2", "GR2");
    assert_eq!(legal_strings(&k), ["e1d1", "e1d2"]);
}

#[test]
fn gr2_every_move_must_change_section() {
    // Rook a1: b1 is its own section, c1 beyond the line. Bishop c1: d2 same section.
    let p = pos("4k3/8/8/8/8/8/8/R1B1K3 w - - 0 1");
    assert_illegal(&p, "a1b1", "GR2");
    assert_legal(&p, "a1a3");
    assert_illegal(&p, "a1a2", "GR2");
    assert_illegal(&p, "c1d2", "GR2");
    assert_legal(&p, "c1e3");
    assert_legal(&p, "c1b2");
    // Captures too: the rook may not capture inside its section.
    let c = pos("4k3/8/8/8/8/8/n7/R3K3 w - - 0 1");
    assert_illegal(&c, "a1a2", "GR2");
    let m = cand(&c, "a1a2");
    assert!(m.is_capture());
    assert!(c
        .explain(&m, &c.check_move(&m).unwrap_err())
        .contains("(0,0)"));
}

#[test]
fn gr2_en_passant_must_cross() {
    // Black has just played e7-e5: d5xe6 crosses from (1,2) to (2,2); f5xe6 stays in (2,2).
    let p = pos("4k3/8/8/3PpP2/8/8/8/4K3 w - e6 0 2");
    assert!(matches!(cand(&p, "d5e6"), Move::EnPassant { .. }));
    assert_legal(&p, "d5e6");
    assert!(matches!(cand(&p, "f5e6"), Move::EnPassant { .. }));
    assert_illegal(&p, "f5e6", "GR2");
    // Pawn pushes from the 5th to the 6th rank never cross.
    assert_illegal(&p, "d5d6", "GR2");
    assert_illegal(&p, "f5f6", "GR2");
}

#[test]
fn gr2_castling_both_parts_cross_from_the_standard_array() {
    // King e1→g1 (2,0)→(3,0), rook h1→f1 (3,0)→(2,0); king e1→c1, rook a1→d1.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_legal(&p, "e1g1");
    assert_legal(&p, "e1c1");
    let after = p.play(&cand(&p, "e1g1"));
    assert_eq!(write_fen(&after), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // The rook now on f1 attacks f8 across the lines: Black may not castle through it.
    assert_illegal(&after, "e8g8", "G6");
    assert_legal(&after, "e8c8");
}

#[test]
fn gr3_kings_side_by_side_in_one_section() {
    // e3 and f4 are both in section (2,1): no check, no capture.
    let p = pos("8/8/8/8/5k2/4K3/8/8 w - - 0 1");
    assert!(!p.is_check());
    assert_illegal(&p, "e3f4", "GR2");
    assert_illegal(&p, "e3e4", "GR2");
    assert_illegal(&p, "e3f3", "GR2");
    assert_legal(&p, "e3d4");
    // The king may step next to the enemy king into its section...
    let q = pos("8/8/8/8/5k2/3K4/8/8 w - - 0 1");
    assert_legal(&q, "d3e3");
    assert_legal(&q, "d3e4");
    // ...but not next to it across a line: the king on e3 (2,1) attacks d4 (1,1).
    let r = pos("8/8/8/2k5/8/4K3/8/8 b - - 0 1");
    assert_illegal(&r, "c5d4", "G6");
    assert_legal(&r, "c5c4");
    // A position where the kings touch in one section is valid.
    assert!(read_fen("8/8/8/8/5k2/4K3/8/8 b - - 0 1", Variant::Grid).is_ok());
}

#[test]
fn gr3_a_pin_by_a_grid_attack() {
    // Re8 pins Re4 to Ke1 (e8 and e1 in different sections). The queen on f2 shares
    // e1's section: it gives no check (an orthodox check, not a grid one).
    let p = pos("k3r3/8/8/8/4R3/8/5q2/4K3 w - - 0 1");
    assert!(!p.is_check());
    assert_illegal(&p, "e4d4", "G6");
    assert_illegal(&p, "e4h4", "G6");
    assert_legal(&p, "e4e5");
    assert_legal(&p, "e4e8");
    assert_illegal(&p, "e4e3", "GR2");
    // The king: f2 is in its section (GR2), d2 is attacked across a line (GR3).
    assert_illegal(&p, "e1f2", "GR2");
    assert_illegal(&p, "e1d2", "G6");
    assert_legal(&p, "e1d1");
    let mut legal = legal_strings(&p);
    legal.retain(|m| m.starts_with("e1"));
    assert_eq!(legal, ["e1d1"]);
    // Without the rook on e8 there is no pin.
    let free = pos("k7/8/8/8/4R3/8/5q2/4K3 w - - 0 1");
    assert_legal(&free, "e4d4");
}

#[test]
fn gr3_a_grid_check_must_be_answered() {
    // Rook e8 checks e1 across three lines.
    let p = pos("k3r3/p7/8/8/1R6/8/8/R3K3 w Q - 0 1");
    assert!(p.is_check());
    assert_illegal(&p, "e1c1", "G6");
    assert_legal(&p, "e1d1");
    assert_legal(&p, "b4e4");
    assert_illegal(&p, "b4b5", "G6");
    assert_illegal(&p, "a1a7", "G6");
}

#[test]
fn gr3_castling_conditions_use_grid_attacks() {
    // The queen on e2 attacks e1 and f1 in orthodox chess, but shares their
    // section: under GR3 the king is not in check and may castle through f1.
    let p = pos("k7/8/8/8/8/8/4q3/4K2R w K - 0 1");
    assert!(!p.is_check());
    assert_legal(&p, "e1g1");
    // A rook on f8 attacks f1 across the lines: no castling through it.
    let q = pos("k4r2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_illegal(&q, "e1g1", "G6");
    // A rook on g8 attacks the landing cell g1.
    let g = pos("k5r1/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_illegal(&g, "e1g1", "G6");
    // A rook on f2 shares the section of f1 but attacks g2 and f3; f1 is not attacked
    // (same section) while g1 is not on its lines: castling is legal.
    let f = pos("k7/8/8/8/8/8/5r2/4K2R w K - 0 1");
    assert!(!f.is_check());
    assert_legal(&f, "e1g1");
}

#[test]
fn gr4_pawns_on_the_grid() {
    let p = pos("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1");
    assert_illegal(&p, "e3e4", "GR2");
    let d = pos("4k3/3p4/8/8/8/8/3P4/4K3 w - - 0 1");
    assert_legal(&d, "d2d4");
    assert_legal(&d, "d2d3");
    let e = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_legal(&e, "e2e4");
    assert_legal(&e, "e2e3");
    let e3 = e.play(&cand(&e, "e2e3"));
    let e3 = e3.play(&cand(&e3, "e8d8"));
    assert_illegal(&e3, "e3e4", "GR2");
    // Black: d7-d5 and d7-d6 cross; d6-d5 does not.
    let b = pos("4k3/3p4/8/8/8/8/8/4K3 b - - 0 1");
    assert_legal(&b, "d7d5");
    assert_legal(&b, "d7d6");
    let b2 = pos("4k3/8/3p4/8/8/8/8/4K3 b - - 0 1");
    assert_illegal(&b2, "d6d5", "GR2");
}

#[test]
fn gr4_promotion_only_by_capturing_across_a_file_line() {
    // g7-g8 and g7xh8 stay in section (3,3).
    let p = pos("7r/6P1/8/8/8/8/8/K6k w - - 0 1");
    for promo in ["q", "r", "b", "n"] {
        assert_illegal(&p, &format!("g7g8{promo}"), "GR2");
        assert_illegal(&p, &format!("g7h8{promo}"), "GR2");
    }
    // f7xg8 crosses from (2,3) to (3,3): all four choices (G4); f7-f8 does not.
    let q = pos("6n1/5P2/8/8/8/8/8/K6k w - - 0 1");
    for promo in ["q", "r", "b", "n"] {
        assert_legal(&q, &format!("f7g8{promo}"));
        assert_illegal(&q, &format!("f7f8{promo}"), "GR2");
    }
    let mut promos: Vec<String> = legal_strings(&q);
    promos.retain(|m| m.starts_with("f7"));
    assert_eq!(promos, ["f7g8b", "f7g8n", "f7g8q", "f7g8r"]);
}

#[test]
fn validate_uses_grid_attacks() {
    // Black (not to move) attacked across a line: rejected.
    assert!(read_fen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1", Variant::Grid).is_ok());
    assert!(read_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", Variant::Grid).is_err());
    // Orthodox "check" from inside the section is not a check: accepted.
    assert!(read_fen("8/8/8/8/8/8/3q4/2K1k3 b - - 0 1", Variant::Grid).is_ok());
    assert!(read_fen("8/8/8/8/8/8/8/8 w - - 0 1", Variant::Grid).is_err());
}

#[test]
fn gr2_record_error_says_why_in_grid_terms() {
    use fvnote::notation::pgn::read_all;
    use fvnote::record::replay::{replay, ReplayOptions};
    let games = read_all(b"[Variant \"Grid Chess\"]\n\n1. Nc3 Nc6 2. Rb1 *\n");
    let r = replay(games[0].as_ref().unwrap(), &ReplayOptions::default());
    let e = r.error.unwrap();
    assert_eq!(
        (e.ruling, e.ply, e.span.line, e.span.column),
        (Some("GR2"), Some(3), 3, 15)
    );
    assert!(
        e.message.starts_with("Ra1-b1: does not cross a grid line"),
        "{}",
        e.message
    );
    assert_eq!(e.suggestions, ["Nb1"]);
}
