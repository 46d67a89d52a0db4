//! `fvnote explain ID` prints the rule book's entry (notation/rules.md).

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

#[test]
fn explain_prints_the_entry_case_insensitively() {
    let out = fvnote().args(["explain", "fl5"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("### FL5 · Who controls a rank"), "{text}");
    // The entry's example, and no neighbour's text.
    assert!(text.contains("1. S4w e4 2. e3 S3e *"), "{text}");
    assert!(!text.contains("FL6 ·"), "{text}");
    assert!(text.contains("notation/rules.md#fl5--who-controls-a-rank"));
}

#[test]
fn unknown_id_is_a_usage_error_listing_the_ids() {
    let out = fvnote().args(["explain", "FL99"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no ruling 'FL99'"), "{err}");
    assert!(err.contains("G1, G2") && err.contains("SC4"), "{err}");
}

#[test]
fn without_an_id_every_ruling_is_listed() {
    let out = fvnote().arg("explain").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let ids: Vec<&str> = text.lines().filter_map(|l| l.split(' ').next()).collect();
    assert_eq!(ids.len(), 43, "{text}");
    assert!(ids.contains(&"QK7") && ids.contains(&"CH1"));
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
    let o = fvnote().args(["explain", &long]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("no ruling '{}…'", "X".repeat(40))),
        "{err}"
    );
    assert!(err.len() < 2_000, "{} bytes", err.len());
}
