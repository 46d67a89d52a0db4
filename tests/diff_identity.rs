//! `fvnote diff` between two positions of one game follows every piece
//! through the plies between them: a quake, a slide or a cage carries
//! pieces, it captures none; captures, pocketings, drops and promotions are
//! told with their ply. The expected outputs are worked out from the rules
//! (notation/rules.md), as the comments say.
use predicates::prelude::*;

use crate::cli;
use crate::diff;
use cli::{fvnote, write_file};
use diff::{diff_json, diff_out};

const QUAKE_WEST: &str = "fixtures/quake/valid/02-quake-west-pocketing.pgn";
const QUAKE_SOUTH: &str = "fixtures/quake/valid/01-quake-south-and-drops.pgn";

/// A game written to a temporary file, and the file's name.
fn game(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let name = write_file(dir.path(), "game.pgn", text)
        .display()
        .to_string();
    (dir, name)
}

/// `fvnote diff A B`, which must find differences: its stdout.
fn diff(a: &str, b: &str) -> String {
    diff_out(&[a, b])
}

/// The diff between plies `a` and `b` of the first game of `file`.
fn plies(file: &str, a: usize, b: usize) -> String {
    diff(&format!("{file}@{a}"), &format!("{file}@{b}"))
}

/// The diff between plies `a` and `b` of the game `text`.
fn plies_of(text: &str, a: usize, b: usize) -> String {
    let (_dir, p) = game(text);
    plies(&p, a, b)
}

#[test]
fn a_quake_that_grows_the_frame_carries_the_strip_and_re_letters() {
    // After 1. K-qw 1... g4 White's rank 1 is R B B K N N R on a1-g1. 2. K-qw
    // moves that whole strip one step west, past file a (QK1); the frame
    // grows to nine files and is re-lettered so the new west file is `a`
    // (QK5): every old name gains a file. The rank-1 pieces stand on a1-g1
    // again, each one place west of where it stood: carried, none captured.
    // Old h1/new i1 and old g1/new h1 are holes now; the new a1 is a cell.
    let a = format!("{QUAKE_WEST}@2");
    let b = format!("{QUAKE_WEST}@3");
    assert_eq!(
        diff(&a, &b),
        "plies: 2 -> 3 of one game, every piece followed move by move\n\
         frame: 8×6 -> 9×6\n\
         frame re-lettered at ply 3 (K-qw): A's a1 is B's b1\n\
         became holes: g1\n\
         became cells: a1\n\
         carried: R b1-a1, B c1-b1, B d1-c1, K e1-d1, N f1-e1, N g1-f1, R h1-g1\n\
         side to move: White -> Black\n\
         halfmove clock: 0 -> 1\n"
    );
    let v = diff_json(&a, &b);
    assert_eq!(v["pairing"], "identity");
    assert_eq!(v["plies"], serde_json::json!([2, 3]));
    assert_eq!(
        v["relettered"],
        serde_json::json!({"files": 1, "ranks": 0, "at": [{"ply": 3, "san": "K-qw"}], "example": ["a1", "b1"]})
    );
    assert_eq!(
        v["moved"][3],
        serde_json::json!({"piece": "K", "from": "e1", "to": "d1", "captured": null, "carried": true})
    );
    assert_eq!(v["events"], serde_json::json!([]));
}

#[test]
fn the_earlier_position_may_come_second() {
    // The same two positions the other way round: names are still those of
    // the later position (here A), and the re-lettering is told from A to B.
    let out = plies(QUAKE_WEST, 3, 2);
    assert!(out.starts_with("plies: 3 -> 2 of one game"), "{out}");
    assert!(
        out.contains("frame re-lettered at ply 3 (K-qw): A's b1 is B's a1\n"),
        "{out}"
    );
    assert!(
        out.contains("carried: R a1-b1, B b1-c1, B c1-d1, K d1-e1, N e1-f1, N f1-g1, R g1-h1\n"),
        "{out}"
    );
}

#[test]
fn a_quake_between_two_plies_is_no_capture() {
    // The case: 1. K-qs re-letters the ranks (QK5), so the bishop of
    // d1 is on d2 when 2. Bxh6 takes a pawn, and 2... Bxh3 takes one back.
    // Pairing squares by name saw kings and bishops captured instead.
    let out = plies(QUAKE_SOUTH, 0, 4);
    assert!(
        out.contains("frame re-lettered at ply 1 (K-qs): A's b1 is B's b2\n"),
        "{out}"
    );
    assert!(
        out.contains("moved: B d2xh6 (captured p), p a6-a5, b e7xh3 (captured P)\n"),
        "{out}"
    );
    assert!(
        out.contains("carried: K e2-e1, P e3-e2, p e6-e5\n"),
        "{out}"
    );
    assert!(out.contains("ply 3 (Bxh6): p h6 captured by B\n"), "{out}");
    assert!(out.contains("ply 4 (Bxh3): P h3 captured by b\n"), "{out}");
    assert!(
        !out.contains("captured K") && !out.contains("captured k"),
        "{out}"
    );
}

#[test]
fn a_pawn_pocketed_after_a_capture() {
    // 10... fxe2 takes the knight on e2; e1 does not exist, so the pawn is
    // removed into Black's hand (QK6) with the knight (QK7).
    assert_eq!(
        plies(QUAKE_WEST, 19, 20),
        "plies: 19 -> 20 of one game, every piece followed move by move\n\
         removed: N e2, p f3\n\
         ply 20 (fxe2): N e2 captured by p\n\
         ply 20 (fxe2): p e2 pocketed\n\
         in hand: Black P 2 -> 3\n\
         in hand: Black N 0 -> 1\n\
         side to move: Black -> White\n\
         halfmove clock: 1 -> 0\n\
         fullmove number: 10 -> 11\n"
    );
}

#[test]
fn a_drop_is_told() {
    // 3... P@h5: Black's pawn from hand onto h5 (QK7).
    assert_eq!(
        plies(QUAKE_SOUTH, 5, 6),
        "plies: 5 -> 6 of one game, every piece followed move by move\n\
         added: p h5\n\
         ply 6 (P@h5): p h5 dropped\n\
         in hand: Black P 1 -> 0\n\
         side to move: Black -> White\n\
         halfmove clock: 0 -> 1\n\
         fullmove number: 3 -> 4\n"
    );
}

#[test]
fn a_fault_line_slide_carries_its_rank() {
    // FL0: rank 1 is R N B K B N R on a1-g1; S1e moves it to b1-h1 with
    // everything on it (FL4): a1 becomes a hole, h1 a cell, and the castling
    // rights stay (a slide is not a move of the pieces).
    assert_eq!(
        plies_of("[Variant \"fault-line\"]\n\n1. S1e *\n", 0, 1),
        "plies: 0 -> 1 of one game, every piece followed move by move\n\
         became holes: a1\n\
         became cells: h1\n\
         carried: R a1-b1, N b1-c1, B c1-d1, K d1-e1, B e1-f1, N f1-g1, R g1-h1\n\
         side to move: White -> Black\n\
         halfmove clock: 0 -> 1\n"
    );
}

#[test]
fn a_slide_chess_cage_carries_its_content() {
    // 1. C-a3 puts White's cage next to b3 (SC1); 2. Na3 moves the knight
    // into it; 3. C-i4 relocates the cage with the knight in it (SC1): the
    // knight is carried, the a3 cell is gone and i4 is one.
    let (_dir, p) = game("[Variant \"slide\"]\n\n1. C-a3 b5 2. Na3 c5 3. C-i4 *\n");
    assert_eq!(
        plies(&p, 4, 5),
        "plies: 4 -> 5 of one game, every piece followed move by move\n\
         became holes: a3\n\
         became cells: i4\n\
         carried: N a3-i4\n\
         side to move: White -> Black\n\
         halfmove clock: 0 -> 1\n\
         White cage: a3 -> i4\n\
         White relocated last turn: false -> true\n"
    );
    // Over all five plies the knight moved itself, so it is "moved".
    let out = plies(&p, 0, 5);
    assert!(out.contains("moved: N c2-i4, p b6-b5, p c6-c5\n"), "{out}");
}

#[test]
fn castling_moves_king_and_rook() {
    // 4. O-O: the king e1-g1 and the rook h1-f1 (G4); 5. Re1 takes the rook
    // on to e1, where the king stood. Pairing by name read "R h1xe1
    // (captured K)" and a king added on g1.
    assert_eq!(
        plies_of("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Re1 *\n", 6, 9),
        "plies: 6 -> 9 of one game, every piece followed move by move\n\
         moved: K e1-g1, R h1-e1, n g8-f6\n\
         side to move: White -> Black\n\
         castling: KQkq -> kq\n\
         halfmove clock: 4 -> 7\n\
         fullmove number: 4 -> 5\n"
    );
}

#[test]
fn en_passant_names_the_pawn_it_takes() {
    // 3. exd6 takes the d5 pawn en passant: it lands on d6, the pawn taken
    // stood on d5 (G4).
    assert_eq!(
        plies_of("1. e4 Nf6 2. e5 d5 3. exd6 *\n", 4, 5),
        "plies: 4 -> 5 of one game, every piece followed move by move\n\
         moved: P e5xd6 (captured p)\n\
         removed: p d5\n\
         ply 5 (exd6): p d5 captured by P\n\
         side to move: White -> Black\n\
         en passant: d6 -> -\n"
    );
}

#[test]
fn a_promoted_pawn_is_the_same_piece() {
    assert_eq!(
        plies_of(
            "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8=Q+ *\n",
            0,
            1
        ),
        "plies: 0 -> 1 of one game, every piece followed move by move\n\
         moved: P a7-a8=Q\n\
         ply 1 (a8=Q+): P a8 promoted to Q\n\
         side to move: White -> Black\n"
    );
}

#[test]
fn unrelated_positions_whose_frames_differ_are_not_paired() {
    // The same two Quake positions as FENs: nothing says how the names of
    // one map onto the other, so no piece is paired by square.
    fvnote()
        .args([
            "diff",
            "--variant",
            "quake",
            "rnnkbbr*/pppppp1p/6p1/8/PPPPPPPP/RBBKNNR*[] w - - 0 2",
            "*rnnkbbr*/*pppppp1p/*6p1/*8/*PPPPPPPP/RBBKNNR**[] b - - 1 2",
        ])
        .assert()
        .code(1)
        .stdout(
            "frame: 8×6 -> 9×6\n\
             frames differ: squares of A and B are not the same places, so pieces are not paired by square\n\
             side to move: White -> Black\n\
             halfmove clock: 0 -> 1\n",
        );
    // Different material is still told, by piece.
    fvnote()
        .args([
            "diff",
            "--variant",
            "quake",
            "rnnkbbr*/pppppp1p/6p1/8/PPPPPPPP/RBBKNNR*[] w - - 0 2",
            "*rnnkbbr*/*pppppp1p/*6p1/*8/*PPPPPP1P/RBBKNNR**[P] b - - 1 2",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("material: P 8 -> 7\n"));
}

#[test]
fn one_game_however_it_is_named() {
    // `FILE@2` and `FILE:1@3` are both game 1: followed, not paired by name.
    let out = diff(&format!("{QUAKE_WEST}@2"), &format!("{QUAKE_WEST}:1@3"));
    assert!(out.starts_with("plies: 2 -> 3 of one game"), "{out}");
    // Two games of one file are two games: compared as unrelated positions,
    // square by square (the same frame, so names mean the same places).
    let (_dir, p) = game("1. e4 *\n\n1. d4 *\n");
    let out = diff(&format!("{p}:1@1"), &format!("{p}:2@1"));
    assert_eq!(out, "moved: P d2-e2, P e4-d4\n", "{out}");
}

#[test]
fn a_cage_push_carries_the_line_and_promotes() {
    // 5. C>h8/h7=Q: White's empty cage on h1 is pushed up the h-file (SC2):
    // h2's rook to h3, h3's pawn to h4, h6's pawn to h7 where it promotes
    // (SC3, White chose a queen), h7's black rook into the cage, which ends
    // on h8. Nothing is captured.
    let p = "fixtures/slide/valid/02-promotion-by-push.pgn";
    assert_eq!(
        plies(p, 8, 9),
        "plies: 8 -> 9 of one game, every piece followed move by move\n\
         became holes: h1\n\
         became cells: h8\n\
         carried: R h2-h3, P h3-h4, P h6-h7=Q, r h7-h8\n\
         ply 9 (C>h8/h7=Q): P h7 promoted to Q\n\
         side to move: White -> Black\n\
         White cage: h1 -> h8\n\
         White relocated last turn: true -> false\n"
    );
}
