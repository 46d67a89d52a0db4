//! A FEN the position can hold (CH1, FL8): a castling letter needs the king
//! on its home square and the rook on the corner it names; an en passant
//! square needs the pawn that just double-stepped beyond it and the two
//! squares it crossed empty. Otherwise the FEN (a `[FEN]` tag, `--fen`) is
//! an error at the field, as python-chess's `Board.status()` has it.

use crate::cli::{fvnote, write_file};
use crate::peer;

use fvnote::notation::fen::{read_fen, FenField};
use fvnote::variant::Variant;

/// The error's field, 1-based character and message for `fen` in `variant`.
fn refused(fen: &str, variant: Variant) -> (FenField, usize, String) {
    let e = read_fen(fen, variant).expect_err(fen);
    (e.field, e.column, e.to_string())
}

#[test]
fn a_castling_letter_needs_king_and_rook_at_home() {
    let (field, column, msg) = refused("4k3/8/8/8/8/8/8/R5K1 w Q - 0 1", Variant::Chess);
    assert_eq!(field, FenField::Castling);
    assert_eq!(column, 24, "{msg}");
    assert!(
        msg.contains("king on e1") && msg.contains("stands on g1"),
        "{msg}"
    );
    // The second letter is the one at fault: its own column.
    let fen = "r6k/p2r4/3p4/8/8/P6P/8/2R1K2R b Kq - 2 2";
    let (field, column, msg) = refused(fen, Variant::Chess);
    assert_eq!(field, FenField::Castling);
    assert_eq!(column, fen.find('q').unwrap() + 1, "{msg}");
    assert!(
        msg.contains("Black's king on e8") && msg.contains("h8"),
        "{msg}"
    );
    // A missing rook is named.
    let (_, _, msg) = refused("4k3/8/8/8/8/8/8/4K1N1 w K - 0 1", Variant::Chess);
    assert!(msg.contains("h1 is empty"), "{msg}");
    let (_, _, msg) = refused("4k3/8/8/8/8/8/8/4K2N w K - 0 1", Variant::Chess);
    assert!(msg.contains("h1 holds a White knight"), "{msg}");
}

#[test]
fn an_en_passant_square_needs_the_pawn_that_crossed_it() {
    let fen = "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1";
    let (field, column, msg) = refused(fen, Variant::Chess);
    assert_eq!(field, FenField::EnPassant);
    assert_eq!(column, fen.find("d6").unwrap() + 1);
    assert!(msg.contains("d5 is empty"), "{msg}");
    // The squares crossed must be empty.
    let (_, _, msg) = refused("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", Variant::Chess);
    assert!(msg.contains("d6 holds a Black knight"), "{msg}");
    let (_, _, msg) = refused("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", Variant::Chess);
    assert!(msg.contains("d7 holds a Black knight"), "{msg}");
    // Held: the pawn that just double-stepped, capturable or not.
    for ok in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        read_fen(ok, Variant::Chess).unwrap_or_else(|e| panic!("{ok}: {e}"));
    }
}

#[test]
fn grid_and_rank_and_file_hold_the_same() {
    for v in [Variant::Grid, Variant::RankAndFile] {
        let (field, _, _) = refused("4k3/8/8/8/8/8/8/R5K1 w Q - 0 1", v);
        assert_eq!(field, FenField::Castling, "{v}");
        let (field, _, _) = refused("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", v);
        assert_eq!(field, FenField::EnPassant, "{v}");
        read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", v).unwrap();
    }
}

#[test]
fn fault_line_castling_cells_are_held_too() {
    // FL8: the king on the fourth cell of its home rank, the rook on the end cell.
    let start = "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBK2R* w KQkq - 0 1";
    read_fen(start, Variant::FaultLine).unwrap();
    let moved = "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNB1K1R* w K - 0 1";
    let (field, _, msg) = refused(moved, Variant::FaultLine);
    assert_eq!(field, FenField::Castling);
    assert!(msg.contains("FL8") && msg.contains("stands on e1"), "{msg}");
    let no_rook = "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/RNBK3* w K - 0 1";
    let (_, _, msg) = refused(no_rook, Variant::FaultLine);
    assert!(msg.contains("g1 is empty"), "{msg}");
}

#[test]
fn a_fen_tag_that_cannot_castle_is_an_error_at_the_tag() {
    let dir = tempfile::tempdir().unwrap();
    let pgn =
        "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R5K1 w Q - 0 1\"]\n\n1. O-O-O *\n";
    let path = write_file(dir.path(), "g.pgn", pgn);
    let out = fvnote().arg("validate").arg(&path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("castling field") && err.contains("g.pgn:3:1"),
        "{err}"
    );
    // A FEN on the command line says the same.
    let out = fvnote()
        .args(["moves", "r6k/p2r4/3p4/8/8/P6P/8/2R1K2R b Kq - 2 2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("castling field"), "{err}");
}

/// FENs whose castling and en passant fields vary on a few boards; each
/// is read by fvnote exactly when python-chess finds neither
/// `STATUS_BAD_CASTLING_RIGHTS` nor `STATUS_INVALID_EP_SQUARE`.
#[test]
fn held_exactly_when_python_chess_holds_it() {
    if !peer::python_chess() {
        return;
    }
    let boards = [
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R", "w"),
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R", "b"),
        ("1r2k1r1/8/8/3pP3/8/8/8/R3K1R1", "w"),
        ("4k2r/8/8/8/4Pp2/8/8/R4K2", "b"),
        ("r2k3r/8/8/2Pp4/8/8/8/R3K2R", "w"),
        ("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR", "w"),
        ("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR", "b"),
    ];
    let rights = ["-", "K", "Q", "k", "q", "KQkq", "Kk", "Qq"];
    let eps = ["-", "d6", "e6", "c6", "d3", "e3", "f3", "a6"];
    let mut fens = Vec::new();
    for (board, turn) in boards {
        for r in rights {
            for ep in eps {
                fens.push(format!("{board} {turn} {r} {ep} 0 1"));
            }
        }
    }
    let script = "import sys, chess\n\
        bad = chess.STATUS_BAD_CASTLING_RIGHTS | chess.STATUS_INVALID_EP_SQUARE\n\
        for line in sys.stdin:\n    \
            print(int(chess.Board(line.strip()).status() & bad == 0))\n";
    let out = run_python(script, &fens.join("\n"));
    let verdicts: Vec<&str> = out.lines().collect();
    assert_eq!(verdicts.len(), fens.len());
    let mut held = 0;
    for (fen, py) in fens.iter().zip(verdicts) {
        let ours = read_fen(fen, Variant::Chess);
        assert_eq!(ours.is_ok(), py == "1", "{fen}: {ours:?}");
        held += usize::from(py == "1");
    }
    assert!(
        held > 20 && held < fens.len() / 2,
        "{held} of {}",
        fens.len()
    );
}

fn run_python(script: &str, input: &str) -> String {
    let (ok, out) = peer::python(script, input);
    assert!(ok, "{out}");
    out
}

#[test]
fn quake_hands_and_slide_cages_are_errors_at_their_fields() {
    // QK0: a piece of another army in hand, at the pockets.
    let fen = "k7/8/8/8/8/4K3[Q] w - - 0 1";
    let (field, column, msg) = refused(fen, Variant::Quake);
    assert_eq!(field, FenField::Pockets, "{msg}");
    assert_eq!(column, fen.find('[').unwrap() + 1, "{msg}");
    assert!(msg.contains("QK0") && msg.contains("queen"), "{msg}");
    read_fen("k7/8/8/8/8/4K3[N] w - - 0 1", Variant::Quake).unwrap();
    // SC0: both cages on one ring square, at the cages field (as before).
    let start = fvnote::notation::fen::write_fen(&fvnote::Position::start(Variant::Slide));
    let (rest, cages) = start.rsplit_once(' ').unwrap();
    let white = &cages[..2];
    let fen = format!("{rest} {white}{white}");
    let (field, _, msg) = refused(&fen, Variant::Slide);
    assert_eq!(field, FenField::Cages, "{msg}");
    assert!(msg.contains("two cages on different squares"), "{msg}");
}
