//! One hostile game cannot fill memory: a verdict-only report (what
//! `validate` keeps) holds the first error and the first `KEPT_DIAGNOSTICS`
//! warnings and notes, counts the rest exactly, and shows what a full
//! report of the same game shows.

use crate::cli;
use cli::fvnote;

use fvnote::notation::pgn::{read_all, Reader};
use fvnote::record::pipeline::{verdicts, Options};
use fvnote::record::replay::verdict::Summary;
use fvnote::record::replay::{
    replay, GameReport, ReplayMode, ReplayOptions, Replayer, KEPT_DIAGNOSTICS,
};

/// The first game of `pgn`, replayed in full from its record.
fn full(pgn: &str, strict: bool) -> GameReport {
    let opts = ReplayOptions {
        strict,
        ..ReplayOptions::default()
    };
    replay(read_all(pgn.as_bytes())[0].as_ref().unwrap(), &opts)
}

/// The first game of `pgn` streamed into a verdict-only replayer, as
/// `validate` reads it.
fn streamed(pgn: &str, strict: bool) -> GameReport {
    let mut replayer = Replayer::new(ReplayOptions {
        strict,
        ..ReplayOptions::new(ReplayMode::Verdict)
    });
    let mut reader = Reader::new(pgn.as_bytes());
    reader.read_game(&mut replayer).unwrap().unwrap()
}

/// What a verdict shows.
fn shown(r: &GameReport) -> String {
    format!(
        "plies {} error {:?}\nerrors {:?}\nwarnings {:?}\nnotes {:?}\nomitted {:?}",
        r.plies, r.error, r.errors, r.warnings, r.notes, r.omitted
    )
}

/// Streams `pgn` verdict-only and returns it, after checking that it shows
/// what the full replay shows.
fn bounded(pgn: &str, strict: bool) -> GameReport {
    let (mut full, streamed) = (full(pgn, strict), streamed(pgn, strict));
    full.limit_diagnostics();
    assert_eq!(shown(&streamed), shown(&full));
    assert!(streamed.errors.len() <= 1);
    assert!(streamed.warnings.len() <= KEPT_DIAGNOSTICS);
    assert!(streamed.notes.len() <= KEPT_DIAGNOSTICS);
    streamed
}

/// `n` full moves of knights out and back in long algebraic (lenient).
fn lenient_knights(n: usize) -> String {
    // The full Seven Tag Roster: its warnings are not the ones counted here.
    let mut s = String::from(
        "[Event \"lenient\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n",
    );
    for i in 0..n {
        let (a, b) = if i % 2 == 0 {
            ("Ng1f3", "Ng8f6")
        } else {
            ("Nf3g1", "Nf6g8")
        };
        s.push_str(&format!("{}. {a} {b}\n", i + 1));
    }
    s.push_str("*\n");
    s
}

#[test]
fn lenient_moves_by_the_thousand_keep_the_first_warnings_and_count_all() {
    let r = bounded(&lenient_knights(5_000), false);
    assert!(r.is_valid());
    assert_eq!(r.warnings.len(), KEPT_DIAGNOSTICS);
    assert_eq!(r.omitted.warnings, 10_000 - KEPT_DIAGNOSTICS);
    // The first ones, in order: the last kept is ply 100.
    assert_eq!(r.warnings.last().unwrap().ply, Some(KEPT_DIAGNOSTICS));
}

#[test]
fn strict_mode_keeps_the_first_error_and_counts_the_rest() {
    let r = bounded(&lenient_knights(1_000), true);
    assert!(!r.is_valid());
    let e = r.error.as_ref().unwrap();
    assert_eq!((e.token.as_str(), e.span.line), ("Ng1f3", 9));
    assert_eq!(r.errors.len(), 1);
    assert_eq!(r.omitted.errors, 2_000 - 1);
}

#[test]
fn deny_comments_by_the_thousand_keep_the_first_error() {
    // Not Fault Line: every [%deny] is an error (FL10); the first is shown.
    let mut pgn = String::from("1. e4 ");
    pgn.push_str(&"{[%deny S3e]}\n".repeat(5_000));
    pgn.push_str("1... e5 *\n");
    let r = bounded(&pgn, false);
    let e = r.error.as_ref().unwrap();
    assert_eq!((e.ruling, e.span.line, e.span.column), (Some("FL10"), 1, 7));
    assert_eq!(r.omitted.errors, 4_999);
    assert_eq!(r.plies, 2);
}

#[test]
fn permission_notes_by_the_hundred_keep_the_first() {
    // Rank 4 is empty, so uncontrolled: every slide of it is played with
    // permission (FL6), a note each.
    let moves: Vec<String> = (1..=150).map(|i| format!("{i}. S4w S4e")).collect();
    let pgn = format!("[Variant \"Fault Line\"]\n\n{} *\n", moves.join(" "));
    let r = bounded(&pgn, false);
    assert!(r.is_valid(), "{:?}", r.error);
    assert_eq!(r.notes.len(), KEPT_DIAGNOSTICS);
    assert_eq!(r.omitted.notes, 300 - KEPT_DIAGNOSTICS);
    assert!(r.notes.iter().all(|n| n.ruling == Some("FL6")));
}

#[test]
fn refusals_before_the_tags_are_judged_once_per_slide_and_counted() {
    // FL10: each [%deny] is judged in the start position. A verdict-only
    // replay keeps one of each slide (and one of the rest) and counts the
    // repeats, yet shows what the full replay shows, in either variant.
    let mut early = String::new();
    for _ in 0..300 {
        for args in ["S4w", "S3e", "S4e", "junk", "S6w", "S9e", "S4w!"] {
            early.push_str(&format!("{{[%deny {args}]}}\n"));
        }
    }
    for variant in ["Fault Line", "chess"] {
        let pgn = format!("{early}[Variant \"{variant}\"]\n\n1. c3 c6 *\n");
        let r = bounded(&pgn, false);
        assert!(!r.is_valid());
        assert_eq!(r.error.as_ref().unwrap().ruling, Some("FL10"));
        assert!(r.omitted.errors > 1_000, "{variant}: {:?}", r.omitted);
    }
    // Valid refusals alone: the refused slide cites the first of them.
    let pgn = format!(
        "{}[Variant \"Fault Line\"]\n\n1. S4w *\n",
        "{[%deny S4w]}\n".repeat(50)
    );
    let r = bounded(&pgn, false);
    let e = r.error.as_ref().unwrap();
    assert_eq!((e.ruling, e.token.as_str()), (Some("FL6"), "S4w"));
    assert!(e.message.contains("line 1, column 1"), "{}", e.message);
    assert_eq!(r.omitted.errors, 0);
}

#[test]
fn a_refused_slide_cites_the_first_of_repeated_refusals() {
    let pgn = "[Variant \"Fault Line\"]\n\n1. c3 {[%deny S4w]} {[%deny S4w]}\n1... S4w *\n";
    let r = bounded(pgn, false);
    let e = r.error.as_ref().unwrap();
    assert_eq!((e.ruling, e.token.as_str()), (Some("FL6"), "S4w"));
    assert!(e.message.contains("line 3, column 7"), "{}", e.message);
}

#[test]
fn a_result_tag_before_many_variation_errors_is_the_first_error() {
    // Black mates (fool's mate), so the Result tag's 1-0 is wrong (G5); it
    // comes before the variations' errors in the file, though the replay
    // finds it last.
    let mut pgn = String::from("[Result \"1-0\"]\n\n1. f3 e5 2. g4 ");
    pgn.push_str(&"(2. Kf9) ".repeat(200));
    pgn.push_str("2... Qh4#\n");
    let r = bounded(&pgn, false);
    let e = r.error.as_ref().unwrap();
    assert_eq!((e.span.line, e.ruling), (1, Some("G5")));
    assert_eq!(r.omitted.errors, 200);
}

#[test]
fn validate_counts_what_it_does_not_show() {
    let pgn = lenient_knights(100);
    let verdicts = verdicts(pgn.as_bytes(), &Options::default());
    let v = &verdicts[0];
    assert_eq!((v.warnings.len(), v.omitted.warnings), (100, 100));
    let mut summary = Summary::default();
    summary.add(v);
    assert_eq!(summary.warnings, 200);

    let validate = |args: &[&str]| {
        let mut cmd = fvnote();
        cmd.arg("validate")
            .args(args)
            .arg("-")
            .write_stdin(pgn.clone());
        String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
    };
    let line: serde_json::Value = serde_json::from_str(&validate(&["--format", "json"])).unwrap();
    assert_eq!(line["warnings"].as_array().unwrap().len(), 100);
    assert_eq!(line["warnings_omitted"], 100);
    assert!(line.get("notes_omitted").is_none(), "only when some were");

    let human = validate(&[]);
    assert!(
        human.contains("100 more warnings not shown"),
        "{}",
        &human[human.len().saturating_sub(400)..]
    );
    assert!(human.contains("200 warnings"));
}

/// Found by the `replay` fuzz target: `[%deny]` in a variation with no
/// move was judged when streamed but lost from the record, so the two
/// counted different errors. Such a comment is now a syntax error, the
/// same one either way (`tests/pgn_reader.rs` has the reader's side).
#[test]
fn deny_in_a_variation_of_a_malformed_move() {
    let err = fvnote::notation::pgn::read_all(&b":({[%deny]})"[..]).remove(0);
    let mut reader = Reader::new(&b":({[%deny]})"[..]);
    let streamed = reader.read_game(&mut Replayer::new(ReplayOptions::default()));
    assert_eq!(streamed.unwrap_err(), err.unwrap_err());
    // With a move in the variation, both judge the [%deny] (FL10).
    let r = bounded(":({[%deny]} e4)", false);
    assert_eq!(r.omitted.errors, 1);
}
