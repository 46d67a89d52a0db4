//! SAN parse + resolve of arbitrary tokens in a few positions of every variant;
//! a resolved move is legal and its canonical SAN resolves to it again.
#![no_main]

use fvnote::notation::fen::read_fen;
use fvnote::notation::san::{write_san, San};
use fvnote::variant::Variant;
use fvnote::Position;
use libfuzzer_sys::fuzz_target;

const FENS: [(&str, Variant); 4] = [
    (
        "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        Variant::Chess,
    ),
    (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        Variant::Chess,
    ),
    (
        "*1rbkb1r/*pppppp*/*7/3n3*/*PPPPPP*/*RNBKB1R b KQk - 0 10",
        Variant::FaultLine,
    ),
    (
        "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        Variant::Grid,
    ),
];

fuzz_target!(|data: &[u8]| {
    let Ok(token) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(parsed) = San::parse(token) else {
        return;
    };
    let mut positions: Vec<Position> = Variant::ALL.iter().map(|&v| Position::start(v)).collect();
    positions.extend(FENS.iter().filter_map(|&(f, v)| read_fen(f, v).ok()));
    for pos in &positions {
        if let Ok(r) = parsed.resolve(pos) {
            assert!(
                pos.legal_moves().contains(&r.mv),
                "{token:?} resolved to an illegal move"
            );
            let san = write_san(pos, &r.mv);
            let again = San::parse(&san).expect("canonical SAN parses").resolve(pos);
            assert_eq!(again.map(|a| a.mv), Ok(r.mv), "{token:?} -> {san}");
        }
    }
});
