//! Read and replay arbitrary records (any variant the tags name), and build
//! the canonical record; replay each again for its verdict only (orthodox
//! chess then runs on the bitboard accelerator) and require the same verdict.
#![no_main]

use fvnote::notation::pgn::{Reader, ReaderOptions};
use fvnote::record::replay::{canonical_record, replay, GameReport, ReplayOptions};
use libfuzzer_sys::fuzz_target;

/// What a verdict shows.
fn verdict(r: &GameReport) -> String {
    format!(
        "{} {:?} {:?} {:?} {:?} {:?}",
        r.plies, r.outcome, r.final_position, r.errors, r.warnings, r.notes
    )
}

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
                verdict_only: false,
            },
        );
        let _ = canonical_record(&game, &report);
        if report.is_valid() {
            assert!(report.final_position.is_some());
        }
        let fast = replay(
            &game,
            &ReplayOptions {
                strict: false,
                fens: false,
                verdict_only: true,
            },
        );
        assert_eq!(verdict(&fast), verdict(&report));
    }
});
