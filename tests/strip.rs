//! `fmt` and `convert --strip comments,nags,variations`: what is asked
//! is left out of the games written, the verdict stays the game's as read,
//! and damage stays visible (a cut-off game keeps no invented result; a
//! game that could not be read is copied as read).
use crate::cli;
use cli::fvnote;

const GAME: &str =
    "[Event \"x\"]\n\n1. e4 $1 {good} e5 (1... c5 {sicilian} 2. Nf3) 2. Nf3 ; line\n Nc6 *\n";

fn convert(strip: &str, text: &str, to: &str) -> (Option<i32>, String, String) {
    let out = fvnote()
        .args(["convert", "--to", to, "--strip", strip, "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn each_item_is_left_out_of_pgn() {
    let cases = [
        ("comments", "1. e4 $1 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *"),
        (
            "nags",
            "1. e4 {good} 1... e5 (1... c5 {sicilian} 2. Nf3) 2. Nf3 ; line\n2... Nc6 *",
        ),
        (
            "variations",
            "1. e4 $1 {good} 1... e5 2. Nf3 ; line\n2... Nc6 *",
        ),
        ("comments,nags,variations", "1. e4 e5 2. Nf3 Nc6 *"),
        ("variations, nags,comments", "1. e4 e5 2. Nf3 Nc6 *"),
    ];
    for (strip, moves) in cases {
        let want = format!("[Event \"x\"]\n\n{moves}\n\n");
        assert_eq!(
            convert(strip, GAME, "pgn"),
            (Some(0), want, String::new()),
            "{strip}"
        );
    }
}

#[test]
fn json_is_stripped_too() {
    let (code, out, _) = convert("comments,nags,variations", GAME, "jsonl");
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    for m in v["moves"].as_array().unwrap() {
        assert_eq!(m["comments"], serde_json::json!([]), "{m}");
        assert_eq!(m["nags"], serde_json::json!([]), "{m}");
        assert_eq!(m["variations"], serde_json::json!([]), "{m}");
    }
    assert_eq!(v["moves"].as_array().unwrap().len(), 4);
}

#[test]
fn damage_stays_visible() {
    // Cut off after a move: still no termination marker, still an error.
    let (code, out, err) = convert("comments", "1. e4 {c} e5 2. Nf3\n", "pgn");
    assert_eq!((code, out.as_str()), (Some(1), "1. e4 e5 2. Nf3\n\n"));
    assert!(err.contains("error[ends-inside-move-pair]"), "{err}");
    // Cut inside a variation: it could not be read, and is copied as read.
    let cut = "1. d4 {a} d5 (1... Nf6 2. c4\n";
    let (code, out, err) = convert("comments,variations", cut, "pgn");
    assert_eq!((code, out.as_str()), (Some(1), cut));
    assert!(err.contains("error[cut-in-variation]"), "{err}");
    // An illegal move inside a stripped variation is still the verdict's.
    let (code, out, err) = convert("variations", "1. e4 e5 (1... c5 2. Ke3) 2. Nf3 *\n", "pgn");
    assert_eq!((code, out.as_str()), (Some(1), "1. e4 e5 2. Nf3 *\n\n"));
    assert!(
        err.contains("error[illegal-move]") && err.contains("Ke3"),
        "{err}"
    );
}

#[test]
fn fmt_strips_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("g.pgn");
    std::fs::write(&p, "1. e4 {c} e5 $2 *\n").unwrap();
    fvnote()
        .args(["fmt", "--check", "--strip", "comments"])
        .arg(&p)
        .assert()
        .code(1);
    fvnote()
        .args(["fmt", "--strip", "comments"])
        .arg(&p)
        .assert()
        .code(0);
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "1. e4 e5 $2 *\n\n");
    fvnote()
        .args(["fmt", "--fix-result", "--strip", "nags"])
        .arg(&p)
        .assert()
        .code(2)
        .stderr(
            "error: --strip writes games anew, and --fix-result alone changes only results: \
             add --canonical\n",
        );
}

#[test]
fn what_cannot_be_stripped_is_refused() {
    let (code, _, err) = convert("comments,clocks", GAME, "pgn");
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with(
            "error: invalid value 'comments,clocks' for '--strip <ITEMS>': \"clocks\" cannot be \
             stripped (expected a comma list of comments, nags, variations)"
        ),
        "{err}"
    );
    let (code, _, err) = convert("nags", GAME, "fen");
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: --strip shapes PGN and JSON records; it cannot apply to --to fen\n"
    );
}
