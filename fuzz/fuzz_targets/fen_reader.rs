//! `read_fen` for every variant on arbitrary text; an accepted FEN is written
//! and read back to the same position.
#![no_main]

use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::variant::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(first) % Variant::ALL.len()];
    let text = String::from_utf8_lossy(rest);
    if let Ok(pos) = read_fen(&text, variant) {
        let fen = write_fen(&pos);
        let back = read_fen(&fen, variant)
            .unwrap_or_else(|e| panic!("{fen} (from {text:?}) does not read back: {e}"));
        assert_eq!(back, pos, "{fen}");
        // Exercise move generation on whatever position was accepted.
        let _ = pos.legal_moves();
        let _ = pos.outcome();
    }
});
