//! The shipped fixtures under `fixtures/<variant>/{valid,invalid}/*.pgn`.
//!
//! They are documentation as much as test data, so this test holds them to what
//! `fixtures/README.md` says: every valid game replays without an error (in
//! variations too), every invalid file fails with exactly the first error its
//! `[ExpectedError "ply=… ruling=… line=… column=…"]` tag declares, each variant
//! has enough games, its valid games use every move kind of the variant, and
//! every ending the README claims for a variant occurs among its valid games,
//! and the README lists every file.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fvnote::notation::pgn::read_all;
use fvnote::record::replay::{replay, GameReport, ReplayOptions};
use fvnote::variant::{MoveKind, Variant};
use fvnote::{Move, Outcome, PieceMove, Position, Role};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// The move kinds each variant has (RULINGS G7, the registry's list), as
/// `Move::kind_name` spells them (an en passant capture is a capture).
fn move_kinds(v: Variant) -> BTreeSet<&'static str> {
    v.move_kinds()
        .iter()
        .map(|k| match k {
            MoveKind::Quiet => "move",
            MoveKind::Capture | MoveKind::EnPassant => "capture",
            MoveKind::Promotion => "promotion",
            MoveKind::Castle => "castle",
            MoveKind::Drop => "drop",
            MoveKind::Slide => "slide",
            MoveKind::Quake => "quake",
            MoveKind::CageMove => "cage-move",
            MoveKind::CageInsert => "cage-insert",
        })
        .collect()
}

/// How a valid game ended, in the words of `fixtures/README.md`.
fn ending(report: &GameReport) -> &'static str {
    match report.outcome {
        Some(Outcome::Checkmate { .. }) => "checkmate",
        Some(Outcome::Stalemate) => "stalemate",
        Some(Outcome::KingCaptured { .. }) => "king-captured",
        Some(Outcome::KingReachedFarRank { .. }) => "far-rank",
        Some(Outcome::Variant { .. }) => "variant-end",
        None => match report.result.as_deref() {
            Some("1/2-1/2") => "draw-agreed",
            Some("1-0" | "0-1") => "resignation",
            _ => "unfinished",
        },
    }
}

/// `Endings shown: a, b` lines of the README, per `## variant` section.
fn claimed_endings() -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(root().join("README.md")).expect("fixtures/README.md");
    let mut out = BTreeMap::new();
    let mut section = String::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            section = h.trim().trim_matches('`').to_owned();
        } else if let Some(list) = line.trim().strip_prefix("Endings shown:") {
            let endings = list
                .split(',')
                .map(|s| s.trim().trim_end_matches('.').trim_matches('`').to_owned())
                .filter(|s| !s.is_empty())
                .collect();
            out.insert(section.clone(), endings);
        }
    }
    out
}

/// The `[ExpectedError "…"]` value, read from the raw text so that files with a
/// PGN syntax error can declare it too.
fn expected_error(text: &str) -> Option<BTreeMap<String, String>> {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("[ExpectedError"))?;
    let value = line.split('"').nth(1)?;
    Some(
        value
            .split_whitespace()
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect(),
    )
}

fn variant_of(path: &Path) -> Variant {
    let name = path
        .strip_prefix(root())
        .ok()
        .and_then(|p| p.components().next())
        .and_then(|c| c.as_os_str().to_str())
        .unwrap_or("");
    name.parse()
        .unwrap_or_else(|_| panic!("{}: not under a variant directory", path.display()))
}

#[derive(Default)]
struct Seen {
    valid: usize,
    invalid: usize,
    kinds: BTreeSet<&'static str>,
    endings: BTreeSet<&'static str>,
    features: BTreeSet<&'static str>,
}

/// Features the issues ask the fixtures to show, beyond move kinds.
fn features(report: &GameReport, record_text: &str, out: &mut BTreeSet<&'static str>) {
    if record_text.contains("[%deny") {
        out.insert("deny");
    }
    let Some(start) = report.start.clone() else {
        return;
    };
    let mut pos: Position = *start;
    for ply in &report.main_line {
        let next = pos.play(&ply.mv);
        match ply.mv {
            Move::Slide { .. } if ply.with_permission => {
                out.insert("uncontrolled-slide");
            }
            Move::Slide { .. } => {
                out.insert("controlled-slide");
            }
            Move::Quake { .. } if next.frame() != pos.frame() => {
                out.insert("frame-change");
            }
            Move::Drop {
                role: Role::Pawn, ..
            } => {
                out.insert("pawn-drop");
            }
            Move::Drop { role, .. } if role.is_compound() => {
                out.insert("compound-drop");
            }
            Move::CageInsert { promotions, .. } if promotions.iter().any(Option::is_some) => {
                out.insert("push-promotion");
            }
            _ => {}
        }
        if pos.variant().has_hands() {
            let mover = pos.turn();
            let captured_pawn = matches!(
                ply.mv,
                Move::Normal(PieceMove {
                    capture: Some(Role::Pawn),
                    ..
                })
            );
            let gained = i32::from(next.in_hand(mover, Role::Pawn))
                - i32::from(pos.in_hand(mover, Role::Pawn));
            if gained > i32::from(captured_pawn) {
                out.insert("pocketing");
            }
        }
        pos = next;
    }
}

#[test]
fn fixtures_replay_as_documented() {
    // `correspondence/` holds damaged archives, not one variant's games:
    // tests/correspondence.rs checks them.
    let files: Vec<_> = common::pgn_files(&["fixtures"])
        .into_iter()
        .filter(|p| !p.starts_with(root().join("correspondence")))
        .collect();
    assert!(!files.is_empty(), "no fixtures found");
    let mut seen: BTreeMap<Variant, Seen> = BTreeMap::new();
    let mut failures = Vec::new();
    for path in &files {
        let variant = variant_of(path);
        let text = std::fs::read_to_string(path).expect("readable fixture");
        let rel = path
            .strip_prefix(root())
            .unwrap_or(path)
            .display()
            .to_string();
        let entry = seen.entry(variant).or_default();
        let games = read_all(text.as_bytes());
        if rel.contains("/valid/") {
            for g in &games {
                let rec = match g {
                    Ok(r) => r,
                    Err(e) => {
                        failures.push(format!("{rel}: PGN error {e}"));
                        continue;
                    }
                };
                let report = replay(rec, &ReplayOptions::default());
                if report.variant != variant {
                    failures.push(format!("{rel}: variant {} in {variant}/", report.variant));
                }
                if let Some(first) = report.errors.first() {
                    failures.push(format!(
                        "{rel}: {} error(s), first at line {} column {} ({:?}): {}",
                        report.errors.len(),
                        first.span.line,
                        first.span.column,
                        first.token,
                        first.message
                    ));
                    continue;
                }
                entry.valid += 1;
                entry
                    .kinds
                    .extend(report.main_line.iter().map(|p| p.mv.kind_name()));
                entry.endings.insert(ending(&report));
                features(&report, &text, &mut entry.features);
            }
        } else if rel.contains("/invalid/") {
            entry.invalid += 1;
            let Some(want) = expected_error(&text) else {
                failures.push(format!("{rel}: no ExpectedError tag"));
                continue;
            };
            if games.len() != 1 {
                failures.push(format!("{rel}: expected one record, found {}", games.len()));
                continue;
            }
            let get = |k: &str| want.get(k).map(String::as_str).unwrap_or("?");
            let got = match &games[0] {
                Err(e) => format!(
                    "ply=- ruling=- line={} column={}",
                    e.span.line, e.span.column
                ),
                Ok(rec) => {
                    let report = replay(rec, &ReplayOptions::default());
                    match &report.error {
                        None => "no error".to_owned(),
                        Some(d) => format!(
                            "ply={} ruling={} line={} column={}",
                            d.ply.map_or("-".to_owned(), |p| p.to_string()),
                            d.ruling.unwrap_or("-"),
                            d.span.line,
                            d.span.column
                        ),
                    }
                }
            };
            let declared = format!(
                "ply={} ruling={} line={} column={}",
                get("ply"),
                get("ruling"),
                get("line"),
                get("column")
            );
            if got != declared {
                failures.push(format!("{rel}: declared {declared}, got {got}"));
            }
        } else {
            failures.push(format!("{rel}: neither under valid/ nor invalid/"));
        }
    }

    let readme = std::fs::read_to_string(root().join("README.md")).unwrap_or_default();
    for path in &files {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !readme.contains(name) {
            failures.push(format!("README.md does not list {name}"));
        }
    }

    let claims = claimed_endings();
    for v in Variant::ALL {
        let s = seen.remove(&v).unwrap_or_default();
        let min_valid = if v == Variant::FaultLine { 3 } else { 2 };
        if s.valid < min_valid {
            failures.push(format!("{v}: {} valid games, want {min_valid}", s.valid));
        }
        if s.invalid < 3 {
            failures.push(format!("{v}: {} invalid files, want 3", s.invalid));
        }
        for k in move_kinds(v) {
            if !s.kinds.contains(k) {
                failures.push(format!("{v}: no valid game plays a {k}"));
            }
        }
        match claims.get(v.id()) {
            None => failures.push(format!("{v}: README.md claims no endings")),
            Some(list) => {
                for e in list {
                    if !s.endings.contains(e.as_str()) {
                        failures.push(format!("{v}: README claims {e}, no valid game ends so"));
                    }
                }
            }
        }
        let wanted: &[&str] = match v {
            Variant::FaultLine => &["deny", "uncontrolled-slide", "controlled-slide"],
            Variant::Quake => &["frame-change", "pawn-drop", "pocketing"],
            Variant::QuakeLb => &["frame-change", "pawn-drop", "compound-drop"],
            Variant::Slide => &["push-promotion"],
            _ => &[],
        };
        for f in wanted {
            if !s.features.contains(f) {
                failures.push(format!("{v}: no valid game shows {f}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "fixture problems:\n{}",
        failures.join("\n")
    );
}
