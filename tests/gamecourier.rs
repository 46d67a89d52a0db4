//! Game Courier move lists (notation/gamecourier.md): reading lists typed as
//! board edits, their errors, and writing games as lists that read back.

use std::path::Path;

use fvnote::notation::pgn::read_all;
use fvnote::record::gamecourier::{read_list, validate_list, write_list};
use fvnote::record::replay::{record_variant, replay, ReplayOptions};
use fvnote::record::Record;
use fvnote::Variant;

/// The main line in canonical SAN and the comments in document order.
fn game_of(record: &Record) -> (Vec<String>, Vec<String>) {
    let report = replay(record, &ReplayOptions::default());
    assert!(report.error.is_none() || report.main_line.len() == record.moves.len());
    let sans = report.main_line.iter().map(|p| p.san.to_string()).collect();
    let mut comments: Vec<String> = record.prelude.iter().map(|c| c.text.clone()).collect();
    for n in &record.moves {
        comments.extend(n.comments_before.iter().map(|c| c.text.clone()));
        comments.extend(n.comments.iter().map(|c| c.text.clone()));
    }
    // Lines trimmed, joined: a list keeps a comment's lines, not its breaks
    // between comments.
    let flat = comments
        .join("\n")
        .split('\n')
        .map(|l| l.trim().to_owned())
        .collect();
    (sans, flat)
}

fn fen_of(record: &Record) -> Option<&str> {
    match record.tag("SetUp") {
        Some("0") => None,
        _ => record.tag("FEN"),
    }
}

/// Writes `record` as a list and reads it back: the same game.
fn round_trip(record: &Record, ctx: &str) -> String {
    let variant = record_variant(record).unwrap();
    let text = write_list(record).unwrap_or_else(|e| panic!("{ctx}: {e}"));
    let back = read_list(&text, variant, fen_of(record))
        .unwrap_or_else(|d| panic!("{ctx}: {}:{}: {} {}\n{text}", d.span.line, d.span.column, d.token, d.message));
    assert_eq!(game_of(&back), game_of(record), "{ctx}\n{text}");
    text
}

#[test]
fn every_fixture_game_reads_back_from_its_list() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut games = 0;
    let mut variants = std::collections::BTreeSet::new();
    for v in Variant::ALL {
        let dir = root.join(v.id()).join("valid");
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files.iter().filter(|p| p.extension().is_some_and(|e| e == "pgn")) {
            let bytes = std::fs::read(f).unwrap();
            for (i, g) in read_all(&bytes).into_iter().enumerate() {
                let rec = g.unwrap();
                round_trip(&rec, &format!("{}#{}", f.display(), i + 1));
                games += 1;
                variants.insert(v);
            }
        }
    }
    assert_eq!(variants.len(), Variant::ALL.len());
    assert!(games >= 20, "{games}");
}
