//! The oracle of the Game Courier reading tests (`tests/gamecourier_one_pass.rs`,
//! `tests/gamecourier_stream.rs`): a list's report, filed while its turns are
//! matched, must be the one replaying the list's record gives, with the
//! list's own error after the replay's, under every option.
#![allow(dead_code)] // each test file uses a different subset

use fvnote::record::gamecourier::{read, validate_list};
use fvnote::record::replay::{replay, GameReport, ReplayMode, ReplayOptions};
use fvnote::variant::Variant;

/// The report of reading the record first, then replaying it, with the
/// list's own error after the replay's.
pub fn by_replay(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
    opts: &ReplayOptions,
) -> GameReport {
    let read = read(text, variant, fen).unwrap();
    let mut report = replay(&read.record, opts);
    if let Some(d) = read.error {
        if report.error.is_none() {
            report.error = Some(d.clone());
        }
        report.errors.push(d);
    }
    report
}

/// Every field a printer or caller can read.
pub fn shown(r: &GameReport) -> String {
    format!(
        "{:?}\n{}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        r.variant,
        r.plies,
        r.main_line,
        r.error,
        r.errors,
        r.warnings,
        r.notes,
        r.omitted,
        r.outcome,
        r.result,
        r.start,
        r.final_position,
        r.canonical
    )
}

/// Every combination of the replay options.
pub fn options() -> Vec<ReplayOptions> {
    let mut all = Vec::new();
    for strict in [false, true] {
        for fens in [false, true] {
            for mode in [ReplayMode::Full, ReplayMode::Verdict] {
                all.push(ReplayOptions {
                    strict,
                    mode,
                    fens,
                    variant: None,
                });
            }
        }
    }
    all
}

/// Asserts the one-pass report of `text` is the replayed one under every
/// option; `ctx` names the case in a failure.
pub fn same_report(text: &str, variant: Variant, fen: Option<&str>, ctx: &str) {
    for opts in options() {
        let (one_pass, _) = validate_list(text, variant, fen, &opts).unwrap();
        let two_pass = by_replay(text, variant, fen, &opts);
        assert_eq!(
            shown(&one_pass),
            shown(&two_pass),
            "{ctx} ({variant}) with {opts:?}\n{text}"
        );
    }
}
