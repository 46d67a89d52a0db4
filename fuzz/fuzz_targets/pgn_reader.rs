//! The streaming PGN reader on arbitrary bytes; what it reads, the writer
//! writes back as one game that reads again as the same record (positions,
//! move numbers and a supplied termination aside); read a byte at a time
//! (nothing past a token buffered, so every token takes the general path),
//! it reads the same records and errors, spans included, as read whole
//! (where plain tokens take the short paths); and every token it reports
//! is in the record it builds (`tests/common/lossless.rs`).
#![no_main]

#[path = "../../tests/common/lossless.rs"]
mod lossless;

use fvnote::notation::pgn::{Reader, ReaderOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let opts = ReaderOptions {
        max_token_len: 255,
        max_tag_value_len: 4096,
        max_comment_len: 1 << 16,
        max_depth: 64,
    };
    let whole: Vec<_> = Reader::with_options(data, opts).take(64).collect();
    let trickled: Vec<_> = Reader::with_options(std::io::BufReader::with_capacity(1, data), opts)
        .take(64)
        .collect();
    assert_eq!(trickled, whole);
    lossless::assert_nothing_lost(data, opts, 64);
    for game in whole.iter().flatten() {
        lossless::assert_rewritten_alike(game);
    }
});
