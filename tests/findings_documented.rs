//! Every id a finding can carry is explained: a ruling by the rule book
//! (`notation/rules.md`, tests/rulings_documented.rs), every other id by
//! `notation/findings.md`, whose examples `validate` reports as they say.

use std::path::Path;

use crate::cli::fvnote;
use fvnote::record::replay::damage::DamageKind;
use serde_json::Value;

/// The ids a finding carries when no ruling decides it (besides the
/// damage kinds): what `report::common::rule_id` and the readers give.
const OTHER_IDS: [&str; 7] = [
    "pgn-syntax",
    "json-syntax",
    "unknown-variant",
    "fen-tag",
    "illegal-move",
    "lenient-notation",
    "io-error",
];

fn book() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join("notation/findings.md")).unwrap()
}

/// Each entry of the book: its id and its example (a fenced block, with
/// `\xHH` standing for a byte), if it has one.
fn entries() -> Vec<(String, Option<Vec<u8>>)> {
    let text = book();
    let mut out = Vec::new();
    for part in text.split("\n### ").skip(1) {
        let id = part.split_whitespace().next().unwrap().to_owned();
        let example = part.split("```").nth(1).map(|block| {
            let body = block.split_once('\n').map_or("", |(_, b)| b);
            let mut bytes = Vec::new();
            let mut rest = body;
            while let Some(at) = rest.find("\\x") {
                bytes.extend_from_slice(&rest.as_bytes()[..at]);
                bytes.push(u8::from_str_radix(&rest[at + 2..at + 4], 16).unwrap());
                rest = &rest[at + 4..];
            }
            bytes.extend_from_slice(rest.as_bytes());
            bytes
        });
        out.push((id, example));
    }
    out
}

#[test]
fn every_id_that_is_not_a_ruling_has_an_entry() {
    let ids: Vec<String> = entries().into_iter().map(|(id, _)| id).collect();
    let wanted = DamageKind::ALL
        .iter()
        .map(|k| k.id())
        .chain(OTHER_IDS)
        .collect::<Vec<_>>();
    for id in &wanted {
        assert!(
            ids.iter().any(|i| i == id),
            "notation/findings.md lacks {id}"
        );
        let out = fvnote().args(["explain", id]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "fvnote explain {id}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(&format!("### {id} ·")), "{text}");
        assert!(text.contains("(from notation/findings.md#"), "{text}");
    }
    // And nothing else: each entry is an id some finding carries.
    for id in &ids {
        assert!(
            wanted.contains(&id.as_str()),
            "{id} is documented but never reported"
        );
    }
}

#[test]
fn each_example_shows_its_finding_first() {
    for (id, example) in entries() {
        let Some(bytes) = example else {
            assert_eq!(id, "io-error", "{id} has no example");
            continue;
        };
        let out = fvnote()
            .args(["validate", "--format", "json", "-"])
            .write_stdin(bytes)
            .output()
            .unwrap();
        let line = String::from_utf8(out.stdout).unwrap();
        let game: Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
        let first = match game["error"].is_null() {
            false => &game["error"],
            true => &game["warnings"][0],
        };
        let found = first["kind"]
            .as_str()
            .or(first["ruling"].as_str())
            .unwrap_or(
                match (first["syntax"].as_bool(), first["severity"].as_str()) {
                    (Some(true), _) => "pgn-syntax",
                    _ if game["error"].is_null() => "lenient-notation",
                    _ => "illegal-move",
                },
            );
        assert_eq!(found, id, "{id}: {game}");
    }
}
