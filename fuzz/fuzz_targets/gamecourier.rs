//! Game Courier move lists: the first byte picks the variant, the rest is the
//! list. Reading and validating never panic; a list that reads is written
//! back as a list that reads to the same moves; every error has a line and
//! column inside the text.
#![no_main]

use fvnote::record::gamecourier::{read_list, validate_list, write_list};
use fvnote::record::replay::ReplayOptions;
use fvnote::variant::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let variant = Variant::ALL[usize::from(pick) % Variant::ALL.len()];
    let lines = text.split('\n').count() as u32;
    let (report, _) = validate_list(text, variant, None, &ReplayOptions::default())
        .expect("the start position is always readable");
    if let Some(e) = &report.error {
        assert!(e.span.line >= 1 && e.span.line <= lines, "{e:?}");
        assert!(e.span.column >= 1, "{e:?}");
    }
    let Ok(record) = read_list(text, variant, None) else {
        assert!(!report.is_valid() || report.error.is_none());
        return;
    };
    let list = write_list(&record).expect("a game read from a list is writable");
    let again = read_list(&list, variant, None).expect("a written list reads");
    let sans = |r: &fvnote::model::Record| -> Vec<String> {
        r.moves.iter().map(|n| n.san.to_string()).collect()
    };
    assert_eq!(sans(&again), sans(&record), "{list}");
});
