//! Validating a Game Courier list files its report while the turns are
//! matched (one pass). The report must be the one replaying the list's
//! record gives (the record `read` makes, then the list's own error), for
//! every option: every fixture list, every fixture game written as a list,
//! and lists that end in each kind of error.

use std::path::{Path, PathBuf};

use fvnote::notation::pgn::read_all;
use fvnote::record::gamecourier::write_list;
use fvnote::record::replay::record_variant;
use fvnote::variant::Variant;

use crate::gamecourier_oracle as oracle;
use oracle::same_report;

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

#[test]
fn fixture_lists_report_as_their_replayed_record() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/gamecourier");
    let mut lists = Vec::new();
    files(&root, "txt", &mut lists);
    assert!(lists.len() >= 10, "{lists:?}");
    for path in lists {
        // fixtures/gamecourier/VARIANT/{valid,invalid}/NAME.txt
        let id = path
            .parent()
            .and_then(Path::parent)
            .and_then(Path::file_name);
        let variant: Variant = id.unwrap().to_str().unwrap().parse().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        same_report(&text, variant, None, &path.display().to_string());
    }
}

#[test]
fn fixture_games_as_lists_report_as_their_replayed_record() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut games = 0;
    for v in Variant::ALL.into_iter().filter(|v| v.has_game_courier()) {
        let mut pgns = Vec::new();
        files(&root.join(v.id()).join("valid"), "pgn", &mut pgns);
        for path in pgns {
            for record in read_all(&std::fs::read(&path).unwrap())
                .into_iter()
                .flatten()
            {
                let Ok(text) = write_list(&record) else {
                    continue;
                };
                let fen = match record.tag("SetUp") {
                    Some("0") => None,
                    _ => record.tag("FEN"),
                };
                let variant = record_variant(&record).unwrap();
                same_report(&text, variant, fen, &path.display().to_string());
                games += 1;
            }
        }
    }
    assert!(games >= 20, "{games} games");
}

#[test]
fn lists_ending_in_errors_report_as_their_replayed_record() {
    let fools_mate = "1. f2-f3\n1... e7-e5\n2. g2-g4\n2... d8-h4\n";
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let cases: [(&str, Variant, Option<&str>); 13] = [
        // A game over by the rules: its result is the rules' own (G5).
        (fools_mate, Variant::Chess, None),
        // A turn after the end: the list reads to the rules' result, and the
        // extra turn is the error at its place (G5).
        (
            "1. f2-f3\n1... e7-e5\n2. g2-g4\n2... d8-h4\n3. e2-e4\n",
            Variant::Chess,
            None,
        ),
        ("", Variant::Chess, Some(mated)),
        ("1. e2-e4\n", Variant::Chess, Some(mated)),
        // An illegal turn, a wrong move number, a syntax error.
        ("1. e2-e4\n1... e7-e4\n", Variant::Chess, None),
        ("1. e2-e4\n2. e7-e5\n", Variant::Chess, None),
        ("1. e2-e4;; x\n", Variant::Chess, None),
        // Fault Line slides of uncontrolled ranks are played with
        // permission (FL6): a note each.
        (
            "// a comment before\n1. g1-h1; f1-g1; e1-f1; d1-e1; c1-d1; b1-c1; a1-b1 // S1e\n",
            Variant::FaultLine,
            None,
        ),
        // Chess turns matched on bitboards, then a capture, an en passant
        // capture and castling on the reference rules, back each time, and
        // a wrong move number.
        (
            "1. P e2-e4 1... p d7-d5 2. P e4-d5 2... p e7-e5 3. P d5-e6; e5- 3... n g8-f6\n\
             4. N g1-f3 4... b f8-c5 5. B f1-e2 5... k e8-g8; r h8-f8 6. K e1-g1; R h1-f1\n\
             6... p h7-h6 7. P e6-f7 7... k g8-h7 8. d2-d4 8... c5-b4 9. c2-c3 10... a7-a6\n",
            Variant::Chess,
            None,
        ),
        // A wrong label and a move of the other side's piece, on bitboards.
        ("1. N e2-e4\n", Variant::Chess, None),
        ("1. p e7-e5\n", Variant::Chess, None),
        // Comment commands other than a refusal.
        (
            "1. P e2-e4 // [%clk 0:01:00]\n1... p e7-e5 // [%clk 0:00:59]\n",
            Variant::Chess,
            None,
        ),
        // A refusal comment command (FL10) is read by the replay.
        (
            "1. P e2-e4 // [%deny S4w]\n1... p e7-e5\n",
            Variant::FaultLine,
            None,
        ),
    ];
    for (text, variant, fen) in cases {
        same_report(text, variant, fen, text);
    }
}
