//! Fault Line (RULINGS FL0–FL10) through the public API.
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::rules::fault_line::{control, deny_is_valid, slide_needs_permission};
use fvnote::{Color, Dir, Move, Outcome, Position, Variant};

const START: &str = "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBKBNR* w KQkq - 0 1";

#[test]
fn perft_start_d1_to_d4() {
    let pos = Position::start(Variant::FaultLine);
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [13, 158, 2182, 30_336]);
}
