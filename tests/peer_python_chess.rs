//! Side by side with python-chess (PyPI `chess`): the FEN after every ply and the
//! SAN of every move of random games must be byte-identical (CH1).
//!
//! Skips (with a note on stderr) when python3 or the `chess` module is
//! absent, and fails then under `CI=true`; `pip install chess` enables it.

use crate::peer;

use fvnote::notation::fen::write_fen;
use fvnote::notation::san::write_san;
use fvnote::variant::Variant;
use fvnote::Position;

const CHECKER: &str = r#"
import sys, chess
ok = 0
for line in sys.stdin:
    fen0, rest = line.rstrip("\n").split("|", 1)
    board = chess.Board(fen0)
    for step in rest.split("|"):
        san, fen = step.split(";", 1)
        got = board.san(board.parse_san(san))
        if got != san:
            print("SAN", board.fen(), san, got); sys.exit(1)
        board.push_san(san)
        if board.fen() != fen:
            print("FEN", san, fen, board.fen()); sys.exit(1)
        ok += 1
print(ok)
"#;

#[test]
fn fen_and_san_match_python_chess_on_random_games() {
    if !peer::python_chess() {
        return;
    }
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut input = String::new();
    let mut plies = 0;
    for _ in 0..60 {
        let mut pos = Position::start(Variant::Chess);
        input.push_str(&write_fen(&pos));
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            let san = write_san(&pos, &mv);
            pos = pos.play(&mv);
            input.push_str(&format!("|{san};{}", write_fen(&pos)));
            plies += 1;
        }
        input.push('\n');
    }
    let (ok, text) = peer::python(CHECKER, &input);
    assert!(ok, "python-chess disagrees: {text}");
    assert_eq!(text.trim(), plies.to_string());
}
