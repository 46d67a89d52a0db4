//! Columns in each consumer's unit (issue 45, item 1), on lines holding é,
//! ♔ and emoji: characters in human, json, junit and github; UTF-16 code
//! units in SARIF (`columnKind`), UTF-8 bytes in rdjson. SARIF is checked
//! against the OASIS 2.1.0 schema and rdjson against reviewdog's
//! (tests/data/SCHEMAS.md), and, since reviewdog's schema requires nothing,
//! rdjson's shape explicitly. SARIF's URIs are relative to `%SRCROOT%` and
//! its fingerprints do not move with the file's place or its line numbers.

use std::path::Path;

use crate::cli;
use crate::report_formats::schema_errors;
use cli::{fvnote, render};
use serde_json::Value;

/// The Seven Tag Roster (so the games' one finding is their move), seven
/// lines and a blank one: the movetext is on line 9.
macro_rules! roster {
    ($movetext:expr) => {
        concat!(
            "[Event \"Open\"]\n[Site \"Z\u{fc}rich \u{2654}\"]\n[Date \"2026.01.01\"]\n",
            "[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n",
            $movetext,
            "\n"
        )
    };
}

/// `Ke3` (illegal: the king steps one square) after two emoji: character
/// column 23, UTF-16 column 25, byte column 29.
const EMOJI: &str = roster!("1. e4 {\u{1F3C6}\u{1F3C6}} 1... e5 2. Ke3 *");

/// `Ke3` after é, "Zürich", ♔ and an emoji: character column 28, UTF-16
/// column 29 (the emoji counts two), byte column 35 (é and ü two bytes
/// each, ♔ three, the emoji four).
const MIXED: &str = roster!("1. e4 {\u{e9} Z\u{fc}rich \u{2654} \u{1F3C6}} e5 2. Ke3 *");

/// `validate ARGS FILE` run in `dir` on `text` written to `dir/name`.
fn run_in(dir: &Path, name: &str, text: &str, args: &[&str]) -> std::process::Output {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, text).unwrap();
    fvnote()
        .current_dir(dir)
        .arg("validate")
        .args(args)
        .arg(name)
        .output()
        .unwrap()
}

/// The report of `validate --format FORMAT` on `text`, as text.
fn report(format: &str, text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(dir.path(), "game.pgn", text, &["--format", format]);
    assert_eq!(o.status.code(), Some(1), "{}", render(&o));
    String::from_utf8(o.stdout).unwrap()
}

fn sarif_region(doc: &Value) -> Value {
    doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"].clone()
}

/// Every format places `Ke3` in its own unit: `chars`, `utf16`, `bytes`
/// the start columns on line 9 (the token is three columns long in each).
fn assert_columns(text: &str, chars: u64, utf16: u64, bytes: u64) {
    let human = report("human", text);
    assert!(human.contains(&format!("game.pgn:9:{chars}")), "{human}");

    let json: Value = serde_json::from_str(report("json", text).lines().next().unwrap()).unwrap();
    assert_eq!(json["error"]["token"], "Ke3");
    assert_eq!(json["error"]["column"], chars);
    // The byte offset and length locate the token in any unit.
    let offset = json["error"]["offset"].as_u64().unwrap() as usize;
    assert_eq!(&text[offset..offset + 3], "Ke3");
    assert_eq!(json["error"]["length"], 3);

    let junit = report("junit", text);
    assert!(junit.contains(&format!("game.pgn:9:{chars}")), "{junit}");

    let github = report("github", text);
    let expected = format!(
        "::error file=game.pgn,line=9,endLine=9,col={chars},endColumn={},",
        chars + 2
    );
    assert!(github.starts_with(&expected), "{github}");

    let sarif: Value = serde_json::from_str(&report("sarif", text)).unwrap();
    assert_eq!(
        schema_errors("sarif-schema-2.1.0.json", &sarif),
        Vec::<String>::new()
    );
    assert_eq!(sarif["runs"][0]["columnKind"], "utf16CodeUnits");
    let region = sarif_region(&sarif);
    assert_eq!(region["startLine"], 9);
    assert_eq!(region["startColumn"], utf16);
    assert_eq!(region["endColumn"], utf16 + 3);
    assert!(region.get("endLine").is_none(), "{region}");

    let rdjson: Value = serde_json::from_str(&report("rdjson", text)).unwrap();
    assert_eq!(
        schema_errors("rdjson-DiagnosticResult.json", &rdjson),
        Vec::<String>::new()
    );
    let d = &rdjson["diagnostics"][0];
    let range = &d["location"]["range"];
    assert_eq!(
        range["start"],
        serde_json::json!({ "line": 9, "column": bytes })
    );
    assert_eq!(
        range["end"],
        serde_json::json!({ "line": 9, "column": bytes + 3 })
    );
    assert_eq!(
        d["suggestions"],
        serde_json::json!([{ "range": range, "text": "Ke2" }])
    );
}

#[test]
fn emoji_count_two_utf16_units_and_four_bytes() {
    assert_columns(EMOJI, 23, 25, 29);
}

#[test]
fn accents_figurines_and_emoji_in_one_comment() {
    assert_columns(MIXED, 28, 29, 35);
}

/// reviewdog's schema requires nothing and allows anything more: the
/// document's shape, checked here. A finding with several legal moves like
/// it (`Nf5`: no knight reaches f5) suggests one replacement, the closest
/// spelling, and names the others in its message.
#[test]
fn rdjson_suggests_one_replacement_per_range() {
    let doc: Value = serde_json::from_str(&report("rdjson", roster!("1. e4 e5 2. Nf5 *"))).unwrap();
    assert_eq!(doc["source"]["name"], "fvnote");
    let diagnostics = doc["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1);
    let d = &diagnostics[0];
    let keys: Vec<&str> = d.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["code", "location", "message", "severity", "suggestions"]
    );
    assert_eq!(d["severity"], "ERROR");
    assert_eq!(d["location"]["path"], "game.pgn");
    let range = &d["location"]["range"];
    assert_eq!(range["start"]["column"], 13);
    assert_eq!(range["end"]["column"], 16);
    let suggestions = d["suggestions"].as_array().unwrap();
    assert_eq!(suggestions.len(), 1, "{d}");
    assert_eq!(suggestions[0]["text"], "Nf3");
    assert_eq!(&suggestions[0]["range"], range);
    let message = d["message"].as_str().unwrap();
    assert!(
        message.ends_with("(also legal: Na3, Nc3, Ne2, Nh3)"),
        "{message}"
    );
}

/// The step summary's fourth column holds ruling ids, damage kinds and
/// kinds of finding alike: it is called "Finding".
#[test]
fn the_step_summary_names_its_columns_for_what_they_hold() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.md");
    std::fs::write(dir.path().join("cut.pgn"), roster!("1. e4 e5 2. Nf3")).unwrap();
    let o = fvnote()
        .current_dir(dir.path())
        .env("GITHUB_STEP_SUMMARY", &summary)
        .args(["validate", "--format", "github", "cut.pgn"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", render(&o));
    let md = std::fs::read_to_string(&summary).unwrap();
    assert!(
        md.contains("| File | Line | Game | Finding | Message |"),
        "{md}"
    );
    assert!(md.contains("| ends-inside-move-pair |"), "{md}");
}

/// (uri, uriBaseId) of each SARIF result, and the root's URI.
fn artifacts(doc: &Value) -> (Vec<(String, Option<String>)>, Value) {
    let run = &doc["runs"][0];
    let list = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let a = &r["locations"][0]["physicalLocation"]["artifactLocation"];
            (
                a["uri"].as_str().unwrap().to_owned(),
                a["uriBaseId"].as_str().map(str::to_owned),
            )
        })
        .collect();
    (list, run["originalUriBaseIds"]["%SRCROOT%"]["uri"].clone())
}

fn sarif_of(o: &std::process::Output) -> Value {
    assert_eq!(o.status.code(), Some(1), "{}", render(o));
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        schema_errors("sarif-schema-2.1.0.json", &doc),
        Vec::<String>::new()
    );
    doc
}

#[test]
fn sarif_uris_are_relative_to_the_working_directory_or_root() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().canonicalize().unwrap();
    let o = run_in(&base, "./ci/../games/a.pgn", EMOJI, &["--format", "sarif"]);
    let (list, root) = artifacts(&sarif_of(&o));
    assert_eq!(
        list,
        [("games/a.pgn".to_owned(), Some("%SRCROOT%".to_owned()))]
    );
    assert_eq!(root, format!("file://{}/", base.display()));

    // --root: relative to it, wherever the command runs.
    let elsewhere = tempfile::tempdir().unwrap();
    let file = base.join("games/a.pgn");
    let o = fvnote()
        .current_dir(elsewhere.path())
        .args(["validate", "--format", "sarif", "--root"])
        .arg(base.join("games"))
        .arg(&file)
        .output()
        .unwrap();
    let (list, root) = artifacts(&sarif_of(&o));
    assert_eq!(list, [("a.pgn".to_owned(), Some("%SRCROOT%".to_owned()))]);
    assert_eq!(root, format!("file://{}/games/", base.display()));

    // A file outside the root: an absolute URI, no base.
    let o = fvnote()
        .current_dir(elsewhere.path())
        .args(["validate", "--format", "sarif"])
        .arg(&file)
        .output()
        .unwrap();
    let (list, _) = artifacts(&sarif_of(&o));
    assert_eq!(list, [(format!("file://{}", file.display()), None)]);

    // github and rdjson: relative with --root, as given without.
    for format in ["github", "rdjson"] {
        let run = |root: bool| {
            let mut cmd = fvnote();
            cmd.current_dir(elsewhere.path())
                .args(["validate", "--format", format]);
            if root {
                cmd.arg("--root").arg(&base);
            }
            let o = cmd.arg(&file).output().unwrap();
            String::from_utf8(o.stdout).unwrap()
        };
        assert!(run(true).contains("games/a.pgn"), "{format}");
        assert!(!run(true).contains(&*base.to_string_lossy()), "{format}");
        assert!(run(false).contains(&*file.to_string_lossy()), "{format}");
    }
}

#[test]
fn root_is_refused_where_it_would_change_nothing_or_is_no_directory() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["human", "json", "junit"] {
        let o = run_in(
            dir.path(),
            "a.pgn",
            EMOJI,
            &["--format", format, "--root", "."],
        );
        assert_eq!(o.status.code(), Some(2), "{format}: {}", render(&o));
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("--root"),
            "{}",
            render(&o)
        );
    }
    let o = run_in(
        dir.path(),
        "a.pgn",
        EMOJI,
        &["--format", "sarif", "--root", "a.pgn"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", render(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("not a directory"),
        "{}",
        render(&o)
    );
}

/// Each result's `partialFingerprints` entry.
fn fingerprints(doc: &Value) -> Vec<String> {
    doc["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["partialFingerprints"]["fvnote/v1"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// Two games with the same illegal token, checked in two directories (two
/// machines' checkouts), then with lines added above them: the same
/// fingerprints, and each finding its own.
#[test]
fn sarif_fingerprints_survive_moves_of_the_file_and_its_lines() {
    let twice = format!("{EMOJI}\n{EMOJI}");
    let sarif = |dir: &Path, text: &str| {
        sarif_of(&run_in(dir, "games/a.pgn", text, &["--format", "sarif"]))
    };
    let one = tempfile::tempdir().unwrap();
    let two = tempfile::tempdir().unwrap();
    let first = fingerprints(&sarif(one.path(), &twice));
    assert_eq!(first.len(), 2);
    assert_ne!(first[0], first[1]);
    assert!(first
        .iter()
        .all(|f| f.len() == 64 && f.bytes().all(|b| b.is_ascii_hexdigit())));
    assert_eq!(fingerprints(&sarif(two.path(), &twice)), first);
    let shifted = format!("\n\n\n{twice}");
    let doc = sarif(two.path(), &shifted);
    assert_eq!(sarif_region(&doc)["startLine"], 12);
    assert_eq!(fingerprints(&doc), first);
    // Another file: other fingerprints.
    let other = sarif_of(&run_in(
        two.path(),
        "games/b.pgn",
        &twice,
        &["--format", "sarif"],
    ));
    assert_ne!(fingerprints(&other)[0], first[0]);
}
