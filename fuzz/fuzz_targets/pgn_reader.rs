//! The streaming PGN reader on arbitrary bytes; what it reads, the writer
//! writes back in a form the reader reads again; read a byte at a time
//! (nothing past a token buffered, so every token takes the general path),
//! it reads the same records and errors, spans included, as read whole
//! (where plain tokens take the short paths); and every token it reports
//! is in the record it builds (`tests/common/lossless.rs`).
#![no_main]

#[path = "../../tests/common/lossless.rs"]
mod lossless;

use fvnote::notation::pgn::{read_all, to_string, Reader, ReaderOptions};
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
    for game in whole {
        let Ok(rec) = game else { continue };
        let text = to_string(&rec);
        let again = read_all(text.as_bytes());
        assert_eq!(again.len(), 1, "writer output is not one game:\n{text}");
        if let Err(e) = &again[0] {
            panic!("writer output does not read back: {e}\n{text}");
        }
    }
});
