//! What resolution errors say: which pieces of the kind named exist and where
//! they can go when none can make the move, and each line naming the token
//! and the ruling once, in the library and in every command.

use fvnote::notation::fen::read_fen;
use fvnote::notation::san::{San, SanError};
use fvnote::variant::Variant;
use fvnote::Position;

fn chess(fen: &str) -> Position {
    read_fen(fen, Variant::Chess).unwrap()
}

/// The error `token` gets in `pos`, as printed.
fn why(pos: &Position, token: &str) -> String {
    San::parse(token)
        .unwrap()
        .resolve(pos)
        .map(|r| r.san.to_string())
        .unwrap_err()
        .to_string()
}

use crate::cli;
use cli::fvnote;

const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

#[test]
fn no_piece_of_the_kind_can_reach_the_square_lists_where_they_go() {
    // b1 reaches a3 and c3 (d2 holds a pawn); g1 reaches e2 (free after e4),
    // f3 and h3 (G7: a knight's leap).
    assert_eq!(
        why(&chess(AFTER_E4_E5), "Nh4"),
        "no knight can reach h4: the knights on b1 and g1 reach a3, c3 / e2, f3, h3"
    );
    // One bishop boxed in by its own pawns.
    assert_eq!(
        why(&chess("4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1"), "Bh6"),
        "no bishop can reach h6: the bishop on c1 reaches nothing"
    );
}

#[test]
fn a_side_without_the_piece_is_told_so() {
    assert_eq!(
        why(&chess("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "Nf3"),
        "no knight can reach f3: White has no knight"
    );
    assert_eq!(
        why(&chess("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), "e4"),
        "no pawn can reach e4: White has no pawn on the d-, e-, f-file"
    );
}

#[test]
fn pawns_are_listed_with_their_moves() {
    // The e-pawn on e4 is blocked by e5; d2 and f2 may step or leap.
    let pos = chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3");
    assert_eq!(
        why(&pos, "e5"),
        "no pawn can reach e5: the pawns on d2, f2 and e4 reach d3, d4 / f3, f4 / nothing"
    );
    // A capture names its file: only that file's pawns are meant.
    assert_eq!(
        why(&chess(AFTER_E4_E5), "dxe5"),
        "no pawn can reach e5: the pawn on d2 reaches d3, d4"
    );
}

#[test]
fn drops_and_castling_say_what_is_missing() {
    let quake = read_fen(
        "rnnkbbr*/ppp1pppp/8/8/PPP1PPPP/*RBBKNNR[Pp] w - - 0 1",
        Variant::Quake,
    )
    .unwrap();
    assert_eq!(why(&quake, "N@e3"), "White has no knight (N) in hand");
    let no_rights = chess("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    assert_eq!(
        why(&no_rights, "O-O"),
        "White has no right to castle king side"
    );
}

#[test]
fn a_report_gets_the_explanation_without_token_or_ruling() {
    // Rank 3 holds White's e-pawn and no Black unit: White controls it (FL5).
    let pos = read_fen(
        "*rnbkbnr/*ppp1pp*/4p2*/4P2*/*PPP1PP*/RNBKBNR* b KQkq - 0 2",
        Variant::FaultLine,
    )
    .unwrap();
    let err = San::parse("S3e").unwrap().resolve(&pos).unwrap_err();
    assert_eq!(err.ruling(), Some("FL5"));
    assert_eq!(
        err.message_for(&pos, "S3e"),
        "the opponent controls this rank: rank 3 has 1 White and 0 Black units"
    );
    // Display stands alone: the ruling once.
    assert_eq!(
        err.to_string(),
        "the opponent controls this rank: rank 3 has 1 White and 0 Black units (FL5)"
    );
    // A move named by a token that does not spell its origin is named in
    // long form (the token itself is the report's to show).
    let grid = Position::start(Variant::Grid).play(
        &San::parse("e3")
            .unwrap()
            .resolve(&Position::start(Variant::Grid))
            .unwrap()
            .mv,
    );
    let grid = grid.play(&San::parse("e6").unwrap().resolve(&grid).unwrap().mv);
    let err = San::parse("e4").unwrap().resolve(&grid).unwrap_err();
    assert!(matches!(err, SanError::Illegal { ruling: "GR2", .. }));
    assert_eq!(
        err.message_for(&grid, "e4"),
        "e3-e4: does not cross a grid line: e3 is in section (2,1) and e4 too (GR1)"
    );
}

#[test]
fn malformed_tokens_say_where_and_what_was_expected_without_the_token() {
    let err = San::parse("e8=q").unwrap_err();
    assert_eq!(err.span, 3..4);
    assert_eq!(
        err.to_string(),
        "malformed move: expected a promotion piece Q, R, B or N (K in Antichess) after '=', found \"q\" at character 4"
    );
    let err = San::parse("S3n").unwrap_err();
    assert_eq!(err.span, 2..3);
    assert_eq!(
        err.to_string(),
        "malformed move: expected a slide such as S3e or S4w (direction e or w), found \"n\" at character 3"
    );
}

/// The lines of `text` that mention `needle`.
fn lines_with<'a>(text: &'a str, needle: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.contains(needle)).collect()
}

/// Each line names the token at most once and the ruling at most once,
/// the file's path left out (a temporary directory's random name can hold
/// a ruling id, as `.tmpFL5SAp` did).
fn once_per_line(text: &str, path: &std::path::Path, token: &str, ruling: &str) {
    let path = path.display().to_string();
    for line in text.lines() {
        let line = line.replace(&path, "FILE");
        let token_at = format!(" {token}:");
        assert!(line.matches(&token_at).count() <= 1, "{line}");
        assert!(line.matches(ruling).count() <= 1, "{line}");
    }
}

#[test]
fn fmt_and_convert_name_token_and_ruling_once() {
    // The rulings in the directory's name: only the messages may count.
    let dir = tempfile::Builder::new()
        .prefix("FL5-GR2-S3e:-e4:-")
        .tempdir()
        .unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (fixture, token, ruling, want) in [
        (
            "fixtures/fault-line/invalid/slide-opponents-rank.pgn",
            "S3e",
            "FL5",
            "S3e: the opponent controls this rank: rank 3 has 1 White and 0 Black units",
        ),
        (
            "fixtures/grid/invalid/no-grid-line.pgn",
            "e4",
            "GR2",
            "e4: e3-e4: does not cross a grid line: e3 is in section (2,1) and e4 too (GR1)",
        ),
    ] {
        let file = dir.path().join("game.pgn");
        std::fs::copy(root.join(fixture), &file).unwrap();
        let out = fvnote()
            .args(["fmt", "--check"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(lines_with(&stderr, "error").len(), 1, "{stderr}");
        assert!(stderr.contains(&format!("error[{ruling}]: ")), "{stderr}");
        assert!(stderr.contains(want), "{stderr}");
        once_per_line(&stderr, &file, token, ruling);
        // `convert` replays the game to write positions: the same line.
        let out = fvnote()
            .args(["convert", "--to", "fen"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(lines_with(&stderr, "error").len(), 1, "{stderr}");
        assert!(stderr.contains(want), "{stderr}");
        once_per_line(&stderr, &file, token, ruling);
    }
}

#[test]
fn validate_names_the_ruling_once_in_its_heading_line() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = fvnote()
        .args(["validate", "--color", "never"])
        .arg(root.join("fixtures/grid/invalid/no-grid-line.pgn"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let heading = lines_with(&stdout, "error[");
    assert_eq!(
        heading,
        ["error[GR2]: e3-e4: does not cross a grid line: e3 is in section (2,1) and e4 too (GR1)"]
    );
}

#[test]
fn validate_says_which_knights_there_are() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("knight.pgn");
    std::fs::write(&file, "1. e4 e5 2. Nh4 *\n").unwrap();
    let out = fvnote()
        .args(["validate", "--color", "never"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with(
            "error: no knight can reach h4: the knights on b1 and g1 reach a3, c3 / e2, f3, h3\n"
        ),
        "{stdout}"
    );
}
