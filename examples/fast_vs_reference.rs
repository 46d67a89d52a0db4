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
        // A verdict keeps no position: the accelerator's last one is the
        // one a writer's replay (canonical SAN) keeps.
        let (a, last, b) = (
            replay(rec, &ReplayOptions::new(ReplayMode::Verdict)),
            replay(rec, &ReplayOptions::new(ReplayMode::Canonical)).final_position,
            replay(rec, &ReplayOptions::new(ReplayMode::Full)),
        );
        let key = |r: &fvnote::record::replay::GameReport, last: &Option<Box<fvnote::Position>>| {
            format!(
                "{} {:?} {:?} {:?} {:?}",
                r.plies, last, r.errors, r.warnings, r.notes
            )
        };
        games += 1;
        if key(&a, &last) != key(&b, &b.final_position) {
            differ += 1;
            eprintln!(
                "game {games} differs:\n  fast:      {}\n  reference: {}",
                key(&a, &last),
                key(&b, &b.final_position)
            );
        }
    }
    println!("{games} games, {differ} differ");
    std::process::exit(i32::from(differ > 0));
}
