//! Replaying records: verdicts, locations, rulings, results (G5).
use fvnote::notation::pgn::read_all;
use fvnote::record::replay::{canonical_record, replay, ReplayOptions, Severity};

fn one(pgn: &str) -> fvnote::record::replay::GameReport {
    let games = read_all(pgn.as_bytes());
    replay(games[0].as_ref().unwrap(), &ReplayOptions::default())
}

#[test]
fn a_mate_with_the_right_result_is_valid() {
    let r = one("1. e4 e5 2. Qh5 Nc6 (2... Nf6 3. Qxe5+ Be7) 3. Bc4 Nf6 4. Qxf7# 1-0\n");
    assert!(r.is_valid(), "{:?}", r.error);
    assert_eq!(r.plies, 7);
    assert_eq!(r.outcome.map(|o| o.result()), Some("1-0"));
}

#[test]
fn g5_result_must_match_a_game_end() {
    let r = one("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1/2-1/2\n");
    let e = r.error.unwrap();
    assert_eq!(e.ruling, Some("G5"));
    assert!(e.message.contains("must be 1-0"), "{}", e.message);
}

#[test]
fn g5_moves_after_mate_are_invalid() {
    let r = one("1. f3 e5 2. g4 Qh4# 3. e4 0-1\n");
    let e = r.error.unwrap();
    assert_eq!(
        (e.ply, e.token.as_str(), e.ruling),
        (Some(5), "e4", Some("G5"))
    );
    assert_eq!((e.span.line, e.span.column), (1, 24));
}

#[test]
fn illegal_move_points_at_the_token_with_suggestions() {
    let r = one("[Event \"x\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n");
    let e = r.error.unwrap();
    assert_eq!((e.span.line, e.span.column, e.ply), (4, 4, Some(3)));
    assert_eq!(e.token, "Ke3");
    assert!(
        e.suggestions.contains(&"Ke2".to_string()),
        "{:?}",
        e.suggestions
    );
}

#[test]
fn errors_in_variations_are_found_and_the_main_line_goes_on() {
    let r = one("1. e4 (1. e5) e5 2. Nf3 *\n");
    let e = r.error.unwrap();
    assert!(e.in_variation);
    assert_eq!(e.token, "e5");
    assert_eq!(r.plies, 3);
}

#[test]
fn lenient_tokens_warn_and_canonicalise() {
    let games = read_all(b"1. e2e4 e7-e5 2. Ng1f3 Nb8-c6 *\n");
    let rec = games[0].as_ref().unwrap();
    let r = replay(rec, &ReplayOptions::default());
    assert!(r.is_valid());
    assert_eq!(r.warnings.len(), 4);
    assert!(r.warnings.iter().all(|w| w.severity == Severity::Warning));
    let canon = canonical_record(rec, &r);
    let sans: Vec<&str> = canon.moves.iter().map(|n| n.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    let strict = replay(
        rec,
        &ReplayOptions {
            strict: true,
            ..Default::default()
        },
    );
    assert!(!strict.is_valid());
}

#[test]
fn setup_and_fen_tags_start_the_game() {
    let r = one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n");
    assert!(r.is_valid(), "{:?}", r.error);
    let bad = one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2X w - - 0 1\"]\n\n1. O-O *\n");
    let msg = bad.error.unwrap().message;
    assert!(msg.contains("board field, character 20 'X'"), "{msg}");
}

#[test]
fn unknown_variant_tag_lists_the_identifiers() {
    let r = one("[Variant \"Shogi\"]\n\n1. e4 *\n");
    assert!(r
        .error
        .unwrap()
        .message
        .contains("expected one of chess, grid"));
}
