//! Read and replay arbitrary records (any variant the tags name), and build
//! the canonical record; replay each again for its verdict only (orthodox
//! chess then runs on the bitboard accelerator) and require the same verdict
//! (and, replayed as a writer does, the same last position);
//! stream the input into a replayer as validation does (the reader's short
//! paths hand plain tokens over as bytes) and require the same verdicts again.
#![no_main]

use fvnote::notation::pgn::{Reader, ReaderOptions};
use fvnote::record::replay::{
    canonical_record, replay, GameReport, ReplayMode, ReplayOptions, Replayer,
};
use libfuzzer_sys::fuzz_target;

/// What a verdict shows (a full report cut to what a verdict-only one
/// keeps: `GameReport::limit_diagnostics`; a verdict keeps no position).
fn verdict(r: &GameReport) -> String {
    format!(
        "{} {:?} {:?} {:?} {:?} {:?}",
        r.plies, r.outcome, r.errors, r.warnings, r.notes, r.omitted
    )
}

fuzz_target!(|data: &[u8]| {
    let opts = ReaderOptions {
        max_token_len: 255,
        max_tag_value_len: 4096,
        max_comment_len: 1 << 16,
        max_depth: 64,
    };
    let verdict_only = ReplayOptions::new(ReplayMode::Verdict);
    let mut from_records = Vec::new();
    for game in Reader::with_options(data, opts).take(16) {
        let Ok(game) = game else {
            from_records.push(None);
            continue;
        };
        let report = replay(
            &game,
            &ReplayOptions {
                fens: true,
                ..ReplayOptions::new(ReplayMode::Full)
            },
        );
        let _ = canonical_record(&game, &report);
        if report.is_valid() {
            assert!(report.final_position.is_some());
        }
        // The accelerator's last position, as a writer's replay keeps it.
        let written = replay(&game, &ReplayOptions::new(ReplayMode::Canonical));
        assert_eq!(written.final_position, report.final_position);
        let fast = replay(&game, &verdict_only);
        let mut cut = report.clone();
        cut.limit_diagnostics();
        assert_eq!(verdict(&fast), verdict(&cut));
        from_records.push(Some(verdict(&fast)));
    }
    let mut streamed = Vec::new();
    let mut reader = Reader::with_options(data, opts);
    let mut replayer = Replayer::new(verdict_only);
    while streamed.len() < from_records.len() {
        match reader.read_game(&mut replayer) {
            Ok(Some(report)) => streamed.push(Some(verdict(&report))),
            Ok(None) => break,
            Err(_) => streamed.push(None),
        }
    }
    assert_eq!(streamed, from_records);
});
