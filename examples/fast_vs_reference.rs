//! Checks, on any PGN file, that validation with the bitboard accelerator
//! reports exactly what the reference engine reports.
//!
//!     cargo run --release --example fast_vs_reference -- FILE.pgn
use fvnote::notation::pgn::read_all;
use fvnote::record::replay::{replay, ReplayMode, ReplayOptions};

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: fast_vs_reference FILE.pgn");
    let bytes = std::fs::read(&path).expect("readable file");
    let (mut games, mut differ) = (0, 0);
    for rec in read_all(&bytes).iter().flatten() {
        let (a, b) = (
            replay(rec, &ReplayOptions::new(ReplayMode::Verdict)),
            replay(rec, &ReplayOptions::new(ReplayMode::Full)),
        );
        let key = |r: &fvnote::record::replay::GameReport| {
            format!(
                "{} {:?} {:?} {:?} {:?}",
                r.plies, r.final_position, r.errors, r.warnings, r.notes
            )
        };
        games += 1;
        if key(&a) != key(&b) {
            differ += 1;
            eprintln!(
                "game {games} differs:\n  fast:      {}\n  reference: {}",
                key(&a),
                key(&b)
            );
        }
    }
    println!("{games} games, {differ} differ");
    std::process::exit(i32::from(differ > 0));
}
