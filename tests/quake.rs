//! Quake Chess, DF and LB armies (RULINGS QK0–QK7).
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::{Color, Dir, Move, Position, Role, Square, Variant};

const DF_START: &str = "rnnkbbr*/pppppppp/8/8/PPPPPPPP/*RBBKNNR[] w - - 0 1";
const LB_START: &str =
    "(rb)(nb)(nr)k(br)(bn)(rn)*/pppppppp/8/8/PPPPPPPP/*(RN)(BN)(BR)K(NR)(NB)(RB)[] w - - 0 1";

#[test]
fn perft_quick() {
    let pos = Position::start(Variant::Quake);
    assert_eq!(write_fen(&pos), DF_START);
    let counts: Vec<u64> = (1..=3).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [16, 265, 4760]);
    let pos = Position::start(Variant::QuakeLb);
    assert_eq!(write_fen(&pos), LB_START);
    let counts: Vec<u64> = (1..=3).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [16, 257, 4376]);
}
