//! Read and replay arbitrary records (any variant the tags name), and build
//! the canonical record.
#![no_main]

use fvnote::notation::pgn::{Reader, ReaderOptions};
use fvnote::record::replay::{canonical_record, replay, ReplayOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let opts = ReaderOptions {
        max_token_len: 255,
        max_tag_value_len: 4096,
        max_comment_len: 1 << 16,
        max_depth: 64,
    };
    for game in Reader::with_options(data, opts).take(16).flatten() {
        let report = replay(
            &game,
            &ReplayOptions {
                strict: false,
                fens: true,
            },
        );
        let _ = canonical_record(&game, &report);
        if report.is_valid() {
            assert!(report.final_position.is_some());
        }
    }
});
