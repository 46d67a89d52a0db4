//! JSON → PGN read by the hand-written scanner (the streaming route)
//! against the whole-record route (serde reading each game): the same PGN,
//! the same errors at the same places, the same counts, reading the text
//! a few bytes at a time and all at once. The oracle is the one
//! `tests/json_pgn_scan.rs` uses.
#![no_main]

#[path = "../../tests/common/json_pgn_oracle.rs"]
mod json_pgn_oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| json_pgn_oracle::assert_same(data, &[3, 1 << 20]));
