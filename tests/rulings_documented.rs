//! The rule book (`notation/rules.md`) covers every ruling: each id the code
//! can cite, each id of the binding rulings, each with an example, and each
//! `pgn-invalid` example fails with the ruling it names.

use std::collections::BTreeSet;
use std::path::Path;

use fvnote::notation::pgn::read_all;
use fvnote::record::replay::{replay, ReplayOptions};
use fvnote::report::rulings::{entries, is_ruling_id};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn documented() -> BTreeSet<String> {
    entries().iter().map(|e| e.id.to_owned()).collect()
}

/// Ruling-id string literals (`"FL5"`) in the Rust files under `dir`.
fn cited_literals(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            cited_literals(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            // A literal is `"` + capitals + digits + `"`.
            for piece in text.split('"').skip(1).step_by(2) {
                if is_ruling_id(piece)
                    && [
                        "G", "CH", "GR", "RF", "FL", "QK", "SC", "ZH", "AT", "AC", "KH", "TC",
                        "HO", "RK",
                    ]
                    .iter()
                    .any(|p| {
                        piece
                            .strip_prefix(p)
                            .is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()))
                    })
                {
                    out.insert(piece.to_owned());
                }
            }
        }
    }
}

#[test]
fn every_id_the_code_cites_is_documented() {
    let mut cited = BTreeSet::new();
    cited_literals(&root().join("src"), &mut cited);
    assert!(
        cited.len() >= 15,
        "only {cited:?} found: the scan is broken"
    );
    let doc = documented();
    let missing: Vec<_> = cited.difference(&doc).collect();
    assert!(
        missing.is_empty(),
        "cited in src/ but not in notation/rules.md: {missing:?}"
    );
}

/// The ids of the binding rulings: `**ID` at the start of a bullet. The
/// rulings file lives beside the repository (`../shared/RULINGS.md`) on
/// the team's machines only; a clone without it checks the list below,
/// copied from it.
#[test]
fn every_binding_ruling_is_documented() {
    const IDS: &str = "G1 G2 G3 G4 G5 G6 G7 CH1 GR1 GR2 GR3 GR4 RF1 RF2 RF3 RF4 RF5 RF6 RF7 \
FL0 FL1 FL2 FL3 FL4 FL5 FL6 FL7 FL8 FL9 FL10 QK0 QK1 QK2 QK3 QK4 QK5 QK6 QK7 SC0 SC1 SC2 SC3 SC4";
    // The lichess variants' entries restate lichess's rules: RULINGS.md,
    // which settles the five variants, has none of them.
    const LICHESS: &str = "ZH1 AT1 AC1 KH1 TC1 HO1 RK1";
    let mut binding: BTreeSet<String> = IDS
        .split(' ')
        .chain(LICHESS.split(' '))
        .map(str::to_owned)
        .collect();
    if let Ok(text) = std::fs::read_to_string(root().join("../shared/RULINGS.md")) {
        for line in text.lines() {
            if let Some(rest) = line.trim_start().strip_prefix("- **") {
                let id: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                if is_ruling_id(&id) {
                    binding.insert(id);
                }
            }
        }
    }
    let doc = documented();
    let missing: Vec<_> = binding.difference(&doc).collect();
    assert!(
        missing.is_empty(),
        "rulings missing from notation/rules.md: {missing:?}"
    );
    let extra: Vec<_> = doc.difference(&binding).collect();
    assert!(
        extra.is_empty(),
        "notation/rules.md has ids no ruling has: {extra:?}"
    );
}

/// Fenced blocks of an entry: (info string, body).
fn blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in text.lines() {
        match open.take() {
            None => {
                if let Some(info) = line.strip_prefix("```") {
                    open = Some((info.trim().to_owned(), String::new()));
                }
            }
            Some((info, mut body)) if line.trim_end() != "```" => {
                body.push_str(line);
                body.push('\n');
                open = Some((info, body));
            }
            Some((info, body)) => out.push((info, body)),
        }
    }
    out
}

#[test]
fn every_entry_has_a_checked_example() {
    // Tags checked here or by tests/notation_examples.rs.
    const CHECKED: [&str; 6] = ["fen", "san", "san-parse", "pgn", "pgn-invalid", "json"];
    for e in entries() {
        let tags: Vec<String> = blocks(e.text)
            .into_iter()
            .map(|(info, _)| info.split(' ').next().unwrap_or("").to_owned())
            .collect();
        assert!(
            tags.iter().any(|t| CHECKED.contains(&t.as_str())),
            "{}: no checked example (tags {tags:?})",
            e.id
        );
        assert!(!e.summary().is_empty(), "{}: no text", e.id);
    }
}

#[test]
fn every_invalid_example_fails_with_its_ruling() {
    let mut checked = 0;
    for e in entries() {
        for (info, body) in blocks(e.text) {
            let Some(ruling) = info.strip_prefix("pgn-invalid") else {
                continue;
            };
            let ruling = ruling.trim();
            let games = read_all(body.as_bytes());
            assert_eq!(games.len(), 1, "{}: one game per example", e.id);
            let rec = games
                .into_iter()
                .next()
                .unwrap()
                .unwrap_or_else(|err| panic!("{}: the example does not read: {err}", e.id));
            let report = replay(&rec, &ReplayOptions::default());
            let error = report
                .error
                .unwrap_or_else(|| panic!("{}: the example replays valid", e.id));
            if ruling.is_empty() {
                checked += 1;
                continue;
            }
            assert_eq!(
                error.ruling,
                Some(ruling),
                "{}: wrong ruling for: {}",
                e.id,
                error.message
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} invalid examples");
}
