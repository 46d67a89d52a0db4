//! Chess perft against the published tables (RULINGS CH1, G7).
use fvnote::notation::fen::read_fen;
use fvnote::variant::Variant;
use fvnote::Position;

fn perft(fen: &str, depth: u32) -> u64 {
    read_fen(fen, Variant::Chess).unwrap().perft(depth)
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn start_position_to_depth_4() {
    let pos = Position::start(Variant::Chess);
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [20, 400, 8902, 197_281]);
}

#[test]
fn start_position_depth_5() {
    assert_eq!(Position::start(Variant::Chess).perft(5), 4_865_609);
}

#[test]
fn kiwipete_to_depth_3() {
    let counts: Vec<u64> = (1..=3).map(|d| perft(KIWIPETE, d)).collect();
    assert_eq!(counts, [48, 2039, 97_862]);
}

#[test]
fn kiwipete_depth_4() {
    assert_eq!(perft(KIWIPETE, 4), 4_085_603);
}

#[test]
fn position_3_endgame_with_en_passant_pins() {
    let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    let counts: Vec<u64> = (1..=5).map(|d| perft(fen, d)).collect();
    assert_eq!(counts, [14, 191, 2812, 43_238, 674_624]);
}

#[test]
fn position_4_promotions_and_castling() {
    let fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    let counts: Vec<u64> = (1..=4).map(|d| perft(fen, d)).collect();
    assert_eq!(counts, [6, 264, 9467, 422_333]);
}

#[test]
fn position_5() {
    let fen = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    let counts: Vec<u64> = (1..=3).map(|d| perft(fen, d)).collect();
    assert_eq!(counts, [44, 1486, 62_379]);
}

#[test]
fn position_6() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    let counts: Vec<u64> = (1..=3).map(|d| perft(fen, d)).collect();
    assert_eq!(counts, [46, 2079, 89_890]);
}

#[test]
#[ignore = "deep: run with --ignored --release"]
fn deep_counts() {
    assert_eq!(Position::start(Variant::Chess).perft(6), 119_060_324);
    assert_eq!(perft(KIWIPETE, 5), 193_690_690);
}
