//! Replays every game of a PGN file single-threaded and prints plies per second.
//! `cargo run --release --example replay_file -- FILE`
use std::time::Instant;

use fvnote::notation::pgn::Reader;
use fvnote::record::replay::{replay, ReplayOptions};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: replay_file FILE.pgn");
        std::process::exit(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let (mut games, mut plies, mut invalid) = (0, 0, 0);
    for rec in Reader::new(std::io::BufReader::new(file)).flatten() {
        let r = replay(&rec, &ReplayOptions::default());
        games += 1;
        plies += r.plies;
        invalid += usize::from(!r.is_valid());
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies, {invalid} invalid in {secs:.3} s: {:.0} plies/s",
        plies as f64 / secs
    );
}
