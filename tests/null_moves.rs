//! Null moves (`--`, and `Z0`, `0000`, `@@@@` read leniently): the side to
//! move passes. Written back as `--`; in a main line `validate` warns (an
//! error under `--strict`), in a variation nothing is said.

use crate::cli::{fvnote, write_file};
use crate::peer;

use fvnote::moves::Move;
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::notation::san::San;
use fvnote::variant::Variant;

fn game(moves: &str) -> String {
    format!(
        "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n\
         [Black \"b\"]\n[Result \"*\"]\n\n{moves} *\n"
    )
}

#[test]
fn every_spelling_reads_as_a_pass_written_back_as_two_dashes() {
    let pos = fvnote::Position::start(Variant::Chess);
    for t in ["--", "Z0", "0000", "@@@@"] {
        let parsed = San::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(parsed.san, San::Null, "{t}");
        let r = parsed.resolve(&pos).unwrap();
        assert_eq!(r.mv, Move::Null);
        assert_eq!(r.san.as_str(), "--");
        assert!(r.warnings.is_empty());
    }
    // Not a pass: other dashes and zeros.
    for t in ["-", "---", "Z00", "000", "@@@"] {
        assert!(San::parse(t).map(|p| p.san) != Ok(San::Null), "{t}");
    }
}

#[test]
fn a_pass_in_the_main_line_warns_and_in_a_variation_says_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let main = write_file(dir.path(), "main.pgn", &game("1. e4 Z0 2. d4 0000 3. Nf3"));
    let out = fvnote().arg("validate").arg(&main).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    // The second is folded into the first ("1 more like this").
    assert_eq!(
        text.matches("a null move in the main line").count(),
        1,
        "{text}"
    );
    assert!(text.contains("1 more like this"), "{text}");
    assert!(
        text.contains("main.pgn:9:7") && text.contains("2 warnings"),
        "{text}"
    );
    let out = fvnote()
        .args(["validate", "--strict"])
        .arg(&main)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("error: a null move in the main line"),
        "{text}"
    );
    // In variations: no word, strict or not.
    let var = write_file(
        dir.path(),
        "var.pgn",
        &game("1. e4 e5 (1... -- 2. d4 @@@@ 3. c4) 2. Nf3"),
    );
    for strict in [false, true] {
        let mut cmd = fvnote();
        cmd.arg("validate");
        if strict {
            cmd.arg("--strict");
        }
        let out = cmd.arg(&var).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(
            text.contains("1 valid") && text.contains("0 warnings"),
            "{text}"
        );
    }
}

#[test]
fn fmt_and_json_carry_a_pass_as_two_dashes() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write_file(
        dir.path(),
        "g.pgn",
        &game("1. e4 Z0 2. d4 (2. Nf3 0000) 2... d5"),
    );
    let out = fvnote()
        .args(["fmt", "--check"])
        .arg(&pgn)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = fvnote().arg("fmt").arg(&pgn).output().unwrap();
    assert!(out.status.success());
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.contains("1. e4 -- 2. d4 (2. Nf3 --) 2... d5 *"),
        "{text}"
    );
    let json = dir.path().join("g.json");
    let out = fvnote()
        .args(["convert", "--to", "json", "-o"])
        .arg(&json)
        .arg(&pgn)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let null = &v[0]["moves"][1];
    assert_eq!(null["kind"], "null");
    assert_eq!(null["canonical"], "--");
    assert_eq!(null["color"], "black");
    assert!(
        null.get("from").is_none() && null.get("piece").is_none(),
        "{null}"
    );
    let out = fvnote()
        .args(["convert", "--to", "pgn"])
        .arg(&json)
        .output()
        .unwrap();
    let back = String::from_utf8_lossy(&out.stdout);
    assert!(
        back.contains("1. e4 -- 2. d4 (2. Nf3 --) 2... d5 *"),
        "{back}"
    );
}

#[test]
fn game_courier_says_a_pass_has_no_turn() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write_file(dir.path(), "g.pgn", &game("1. e4 -- 2. d4"));
    let out = fvnote()
        .args(["convert", "--to", "gamecourier"])
        .arg(&pgn)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("-- cannot be written as a Game Courier turn"),
        "{err}"
    );
}

/// The position after a pass, as python-chess's `push(Move.null())` has it.
#[test]
fn a_pass_leaves_the_position_python_chess_leaves() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/8/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 20",
        "4k3/8/8/8/8/8/8/4K3 b - - 37 60",
    ];
    let ours: Vec<String> = fens
        .iter()
        .map(|f| {
            let mut pos = read_fen(f, Variant::Chess).unwrap();
            let r = San::parse("--").unwrap().play(&mut pos).unwrap();
            assert_eq!(r.mv, Move::Null);
            write_fen(&pos)
        })
        .collect();
    assert_eq!(
        ours[1],
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"
    );
    if !peer::python_chess() {
        return;
    }
    let script = "import sys, chess\n\
        for line in sys.stdin:\n    \
            b = chess.Board(line.strip()); b.push(chess.Move.null()); print(b.fen())\n";
    let (ok, theirs) = peer::python(script, &fens.join("\n"));
    assert!(ok, "{theirs}");
    assert_eq!(theirs.lines().collect::<Vec<_>>(), ours);
}
