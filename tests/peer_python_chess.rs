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

/// Random games of `variant` from its start, one line each: the start FEN,
/// then `|SAN;FEN` per ply (the checkers' input); and the number of plies.
fn random_games(
    variant: Variant,
    games: usize,
    plies: usize,
    seed: u64,
    prefix: &str,
) -> (String, usize) {
    let mut seed = seed;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut input = String::new();
    let mut played = 0;
    for _ in 0..games {
        let mut pos = Position::start(variant);
        input.push_str(&format!("{prefix}{}", write_fen(&pos)));
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            let san = write_san(&pos, &mv);
            pos = pos.play(&mv);
            input.push_str(&format!("|{san};{}", write_fen(&pos)));
            played += 1;
        }
        input.push('\n');
    }
    (input, played)
}

#[test]
fn fen_and_san_match_python_chess_on_random_games() {
    if !peer::python_chess() {
        return;
    }
    let (input, plies) = random_games(Variant::Chess, 60, 160, 0x2545_f491_4f6c_dd1d, "");
    let (ok, text) = peer::python(CHECKER, &input);
    assert!(ok, "python-chess disagrees: {text}");
    assert_eq!(text.trim(), plies.to_string());
}

const VARIANT_CHECKER: &str = r#"
import sys, chess, chess.variant
def pockets(fen):
    # Pocket letters in one order: python-chess writes Q R B N P. And no
    # halfmove clock: python-chess does not reset it on a pawn drop, where
    # shakmaty, whose rules fvnote plays, does.
    if "[" not in fen:
        return fen
    fields = fen.split(" ")
    fen = " ".join(fields[:4] + fields[5:])
    head, rest = fen.split("[", 1)
    inside, tail = rest.split("]", 1)
    return head + "[" + "".join(sorted(inside)) + "]" + tail
ok = 0
for line in sys.stdin:
    name, fen0, rest = line.rstrip("\n").split("|", 2)
    board = chess.variant.find_variant(name)(fen0)
    for step in rest.split("|"):
        san, fen = step.split(";", 1)
        got = board.san(board.parse_san(san))
        # python-chess writes a pawn drop `@d5`; fvnote, as lichess, `P@d5`.
        if got != san and "P" + got != san:
            print("SAN", name, board.fen(), san, got); sys.exit(1)
        board.push_san(san)
        if pockets(board.fen()) != pockets(fen):
            print("FEN", name, san, fen, board.fen()); sys.exit(1)
        ok += 1
print(ok)
"#;

/// The lichess variants, by python-chess's `uci_variant` key: SAN and FEN
/// after every ply of random games agree (ZH1, AT1, AC1, KH1, TC1, HO1, RK1).
#[test]
fn lichess_variants_match_python_chess_on_random_games() {
    if !peer::python_chess() {
        return;
    }
    let mut input = String::new();
    let mut plies = 0;
    for key in [
        "crazyhouse",
        "atomic",
        "antichess",
        "kingofthehill",
        "3check",
        "horde",
        "racingkings",
    ] {
        let variant: Variant = key.parse().expect("python-chess's key is an alias");
        let (games, n) = random_games(variant, 25, 120, 0x9e37_79b9_7f4a_7c15, &format!("{key}|"));
        input.push_str(&games);
        plies += n;
    }
    let (ok, text) = peer::python(VARIANT_CHECKER, &input);
    assert!(ok, "python-chess disagrees: {text}");
    assert_eq!(text.trim(), plies.to_string());
}
