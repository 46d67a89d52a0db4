//! Fault Line in records: permission notes and `[%deny]` (FL6, FL10),
//! through the replay of a PGN game.
use fvnote::notation::pgn::read_all;
use fvnote::record::replay::{replay, GameReport, ReplayOptions};

fn run(movetext: &str) -> GameReport {
    let pgn = format!("[Variant \"Fault Line\"]\n\n{movetext}\n");
    let games = read_all(pgn.as_bytes());
    replay(games[0].as_ref().unwrap(), &ReplayOptions::default())
}

#[test]
fn fl6_uncontrolled_slide_is_played_with_permission() {
    // Rank 4 is empty, so uncontrolled: sliding it needs (and had) permission.
    let r = run("1. S4w *");
    assert!(r.is_valid(), "{:?}", r.error);
    assert!(r.main_line[0].with_permission);
    assert_eq!(r.notes.len(), 1);
    assert_eq!(r.notes[0].ruling, Some("FL6"));
    // Rank 1 is White's: no permission needed.
    let r = run("1. S1e *");
    assert!(r.is_valid(), "{:?}", r.error);
    assert!(!r.main_line[0].with_permission);
}

#[test]
fn fl10_denied_slide_then_retry_is_illegal() {
    let r = run("1. c3 {[%deny S4w]} 1... S4w *");
    let e = r.error.expect("the refused slide must be an error");
    assert_eq!(
        (e.ruling, e.token.as_str(), e.ply),
        (Some("FL6"), "S4w", Some(2))
    );
    // The refusal lasts one turn: Black may slide rank 4 on a later turn.
    let r = run("1. c3 {[%deny S4w]} 1... c4 2. d3 S4w *");
    assert!(r.is_valid(), "{:?}", r.error);
}

#[test]
fn fl10_deny_of_a_controlled_or_impossible_slide_is_invalid() {
    // Rank 6 is Black's: no permission is ever asked.
    let r = run("1. c3 {[%deny S6w]} 1... c4 *");
    assert_eq!(r.error.unwrap().ruling, Some("FL10"));
    // Rank 4 stands at b–h, so it can only slide west.
    let r = run("1. c3 {[%deny S4e]} 1... c4 *");
    assert_eq!(r.error.unwrap().ruling, Some("FL10"));
    // Rank 2 never slides.
    let r = run("1. c3 {[%deny S2e]} 1... c4 *");
    assert_eq!(r.error.unwrap().ruling, Some("FL10"));
}

#[test]
fn fl1_moves_after_a_king_capture_are_invalid() {
    // 4. Nxd6 captures Black's king (FL1): the game is over, so Black's
    // reply is the first invalid move (G5), at ply 8.
    let r = run("1. S3e S6w 2. Nc3 g4 3. Nxb5+ S4w 4. Nxd6 Nf4 1-0");
    let e = r
        .error
        .expect("a move after the king capture must be an error");
    assert_eq!(
        (e.ply, e.token.as_str(), e.ruling),
        (Some(8), "Nf4", Some("FL1"))
    );
    assert!(e.message.contains("captured the king"), "{}", e.message);
    // Without the extra move the same record is valid and won by White.
    let r = run("1. S3e S6w 2. Nc3 g4 3. Nxb5+ S4w 4. Nxd6 1-0");
    assert!(r.is_valid(), "{:?}", r.error);
}
