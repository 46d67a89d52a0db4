//! python-chess's own test PGNs (`data/pgn/*.pgn` in its repository, copied
//! to `../shared/peers/python-chess/pgn/`): every game reads and validates,
//! and PGN → JSON → PGN keeps everything python-chess sees in them —
//! headers, moves, comments, NAGs and variations — compared by python-chess
//! itself.

use crate::cli::fvnote;
use crate::peer;

use std::path::PathBuf;

fn files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/peers/python-chess/pgn");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        peer::missing_peer("python-chess's test PGNs not found in ../shared/peers");
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    out.sort();
    out
}

#[test]
fn every_game_of_python_chess_s_test_pgns_is_valid() {
    let files = files();
    if files.is_empty() {
        return;
    }
    assert_eq!(files.len(), 12, "python-chess ships 12 test PGNs");
    let out = fvnote()
        .args(["validate", "--quiet", "--format", "json"])
        .args(&files)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let games: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per game"))
        .collect();
    let invalid: Vec<_> = games.iter().filter(|g| g["valid"] != true).collect();
    assert!(invalid.is_empty(), "{invalid:?}");
    // 22 games: Antichess and Crazyhouse from lichess, Chess960 from
    // cutechess, chess from ChessBase, Stockfish, and UCI move lists.
    assert_eq!(games.len(), 22);
    let variants: std::collections::BTreeSet<&str> =
        games.iter().filter_map(|g| g["variant"].as_str()).collect();
    assert_eq!(
        variants.into_iter().collect::<Vec<_>>(),
        ["antichess", "chess", "chess960", "crazyhouse"]
    );
}

const COMPARE: &str = r#"
import sys, chess.pgn
def games(path):
    out = []
    with open(path, encoding="utf-8-sig") as f:
        while (g := chess.pgn.read_game(f)) is not None:
            out.append(g)
    return out
def node(n):
    return (n.move.uci(), n.comment, sorted(n.nags), n.starting_comment,
            [node(v) for v in n.variations])
def view(g):
    return (dict(g.headers), g.comment, [str(e) for e in g.errors],
            [node(v) for v in g.variations])
seen = 0
for line in sys.stdin:
    orig, back = line.rstrip("\n").split("\t")
    a, b = games(orig), games(back)
    if len(a) != len(b) or not a:
        print(orig, "games:", len(a), "then", len(b)); sys.exit(1)
    for k, (x, y) in enumerate(zip(a, b)):
        if view(x) != view(y):
            print(orig, "game", k + 1, "differs after the round trip"); sys.exit(1)
        seen += 1
print(seen)
"#;

#[test]
fn json_round_trip_keeps_what_python_chess_sees() {
    let files = files();
    if files.is_empty() || !peer::python_chess() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut pairs = String::new();
    for (k, file) in files.iter().enumerate() {
        let json = dir.path().join(format!("{k}.json"));
        let back = dir.path().join(format!("{k}.pgn"));
        fvnote()
            .args(["convert", "--to", "json", "-o"])
            .arg(&json)
            .arg(file)
            .assert()
            .success();
        fvnote()
            .args(["convert", "--from", "json", "--to", "pgn", "-o"])
            .arg(&back)
            .arg(&json)
            .assert()
            .success();
        pairs.push_str(&format!("{}\t{}\n", file.display(), back.display()));
    }
    let (ok, text) = peer::python(COMPARE, &pairs);
    assert!(ok, "python-chess sees a difference: {text}");
    assert_eq!(text.trim(), "22");
}
