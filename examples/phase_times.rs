//! Times the phases of validation on one file, single-threaded: reading
//! records, replaying them. For profiling; not a benchmark against peers.
//! `LEX_ONLY=1` stops after the first phase (the reader with a visitor that
//! only counts), for profilers such as `valgrind --tool=callgrind`.
use std::time::Instant;

use fvnote::model::Span;
use fvnote::notation::pgn::{Reader, RecordBuilder, Visitor};
use fvnote::record::replay::{replay, ReplayOptions};

struct Count(usize);
impl Visitor for Count {
    type Output = ();
    fn san(&mut self, _: &str, _: Span) {
        self.0 += 1;
    }
    fn end_game(&mut self) {}
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: phase_times FILE");
    let bytes = std::fs::read(&path).expect("readable file");
    let t = Instant::now();
    let mut reader = Reader::new(&bytes[..]);
    let mut count = Count(0);
    while let Some(r) = reader.read_game(&mut count).transpose() {
        r.expect("valid PGN");
    }
    println!(
        "lex only: {:.3} s for {} tokens",
        t.elapsed().as_secs_f64(),
        count.0
    );
    if std::env::var_os("LEX_ONLY").is_some() {
        return;
    }
    let t = Instant::now();
    let mut reader = Reader::new(&bytes[..]);
    let mut builder = RecordBuilder::default();
    let mut records = Vec::new();
    while let Some(r) = reader.read_game(&mut builder).transpose() {
        records.push(r.expect("valid PGN"));
    }
    let read = t.elapsed();
    let t = Instant::now();
    let mut plies = 0;
    let opts = ReplayOptions::default();
    for r in &records {
        plies += replay(r, &opts).plies;
    }
    let rep = t.elapsed();
    println!(
        "games {} plies {plies}: read {:.3} s ({:.0} ns/ply), replay {:.3} s ({:.0} ns/ply)",
        records.len(),
        read.as_secs_f64(),
        read.as_nanos() as f64 / plies as f64,
        rep.as_secs_f64(),
        rep.as_nanos() as f64 / plies as f64
    );
}
