//! `fvnote explain ID` prints the rule book's entry (notation/rules.md).

use crate::cli;
use cli::{fvnote, transcript};
use insta::assert_snapshot;

#[test]
fn explain_prints_the_entry_case_insensitively() {
    // The entry, its example and link, and no neighbour's text.
    let lower = transcript(fvnote().args(["explain", "fl5"]));
    assert_snapshot!(lower);
    assert_eq!(transcript(fvnote().args(["explain", "FL5"])), lower);
}

#[test]
fn unknown_id_is_a_usage_error_listing_the_ids() {
    assert_snapshot!(transcript(fvnote().args(["explain", "FL99"])));
}

#[test]
fn without_an_id_every_ruling_is_listed() {
    // 43 rulings: G1-G7, CH1, GR1-GR4, RF1-RF7, FL0-FL10, QK0-QK7, SC0-SC4.
    assert_snapshot!(transcript(fvnote().arg("explain")));
}

/// Every ruling a validate message cites can be explained: the fixtures'
/// messages cite ids, and each explains with exit 0.
#[test]
fn every_cited_ruling_in_the_fixtures_explains() {
    let out = fvnote()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["validate", "--format", "json", "fixtures"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut cited = std::collections::BTreeSet::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if let Some(r) = v["error"]["ruling"].as_str() {
            cited.insert(r.to_owned());
        }
    }
    assert!(cited.len() >= 10, "{cited:?}");
    for id in cited {
        let out = fvnote().args(["explain", &id]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{id}");
    }
}

#[test]
fn an_unknown_id_is_not_echoed_whole() {
    let long = "X".repeat(100_000);
    assert_snapshot!(transcript(fvnote().args(["explain", &long])));
}
