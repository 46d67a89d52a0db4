//! Fault Line slides played with permission (FL6) on the accelerator: a
//! verdict-only replay (bitboards) must file exactly the note the reference
//! engine files (same ply, place, token, variation flag), and a pending
//! `[%deny]` (FL10) must still refuse the slide it names.
use crate::mailbox_fast;

use fvnote::notation::pgn::read_all;
use fvnote::record::replay::GameReport;
use fvnote::variant::Variant;
use mailbox_fast::{compare_verdicts, fast_against_reference, special_games, to_pgn};

const NOTE: &str = "a slide of an uncontrolled rank, played with permission";

/// The verdict-only replay (on the accelerator) of each game of `pgn`,
/// checked equal to the reference's (full replay, limited as a verdict is).
fn fast_reports(pgn: &str) -> Vec<GameReport> {
    let mut out = Vec::new();
    for rec in read_all(pgn.as_bytes()) {
        let rec = rec.expect("a game");
        out.push(fast_against_reference(&rec, false, pgn));
    }
    out
}

/// (ply, line, column, token, in variation) of each note, all FL6's.
fn notes(r: &GameReport) -> Vec<(Option<usize>, u32, u32, String, bool)> {
    r.notes
        .iter()
        .map(|d| {
            assert_eq!((d.ruling, d.message.as_str()), (Some("FL6"), NOTE));
            (
                d.ply,
                d.span.line,
                d.span.column,
                d.token.clone(),
                d.in_variation,
            )
        })
        .collect()
}

#[test]
fn permitted_slide_on_the_main_line_is_noted() {
    // FL6: rank 3 is empty at the start, so nobody controls it.
    let r = &fast_reports("[Variant \"Fault Line\"]\n\n1. S3e Nd4 *\n")[0];
    assert!(r.is_valid(), "{:?}", r.error);
    assert_eq!(r.plies, 2);
    assert_eq!(notes(r), vec![(Some(1), 3, 4, "S3e".into(), false)]);
}

#[test]
fn permitted_slide_in_a_variation_is_noted_there() {
    let pgn = "[Variant \"Fault Line\"]\n\n1. e3 (1. S3e Nd4) 1... Nd4 *\n";
    let r = &fast_reports(pgn)[0];
    assert!(r.is_valid(), "{:?}", r.error);
    assert_eq!(notes(r), vec![(Some(1), 3, 11, "S3e".into(), true)]);
}

#[test]
fn pending_denial_still_refuses_the_slide() {
    // FL10: the refusal before the move applies to it; FL6 cites the refusal.
    let r = &fast_reports("[Variant \"Fault Line\"]\n\n{[%deny S3e]} 1. S3e *\n")[0];
    let e = r.error.as_ref().expect("refused");
    assert_eq!(e.ruling, Some("FL6"));
    assert_eq!(
        (e.span.line, e.span.column, e.token.as_str()),
        (3, 18, "S3e")
    );
    assert_eq!(
        e.message,
        "this slide was refused this turn by [%deny] at line 3, column 1"
    );
    assert!(r.notes.is_empty());
}

#[test]
fn denial_ends_with_the_move_it_was_written_for() {
    // FL10: the refusal names White's slide; Black's slide of rank 4 (west: its hole is on h) after
    // it is permitted (noted) and replayed on the accelerator again.
    let pgn = "[Variant \"Fault Line\"]\n\n{[%deny S3e]} 1. e3 S4w 2. Nc3 *\n";
    let r = &fast_reports(pgn)[0];
    assert!(r.is_valid(), "{:?}", r.error);
    assert_eq!(r.plies, 3);
    assert_eq!(notes(r), vec![(Some(2), 3, 21, "S4w".into(), false)]);
}

#[test]
fn generated_games_rich_in_slides_agree_with_the_reference() {
    let games = special_games(Variant::FaultLine, 60, 27, 60);
    let pgn = to_pgn(Variant::FaultLine, &games);
    let noted: usize = fast_reports(&pgn).iter().map(|r| notes(r).len()).sum();
    assert!(noted > 100, "only {noted} permitted slides");
    let compared = compare_verdicts(&[("generated".into(), pgn.into_bytes())]);
    assert_eq!(compared, 120);
}
