//! Damage in archived logs (correspondence issue, item 1): a file cut inside
//! a tag pair is a truncated game in every output format, every damage
//! diagnostic carries a stable kind (documented in the README, enumerated in
//! `notation/report.schema.json`), roster errors under `--strict` come after
//! the damage, and a comment that is not UTF-8 is a located warning.

use crate::cli;
use cli::fvnote;

use std::path::{Path, PathBuf};

use fvnote::record::replay::damage::DamageKind;
use serde_json::Value;

/// `bytes` written to `NAME` in a fresh directory (kept alive by the guard).
fn file(name: &str, bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

/// `validate --format FORMAT ARGS… PATH`: exit code and standard output.
fn validate(format: &str, args: &[&str], path: &Path) -> (i32, String) {
    let out = fvnote()
        .current_dir(path.parent().unwrap())
        .args(["validate", "--format", format])
        .args(args)
        .arg(path.file_name().unwrap())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (out.status.code().unwrap(), stdout)
}

/// The JSON objects of `validate --format json ARGS… PATH`, each checked
/// against the report schema.
fn json_games(args: &[&str], path: &Path) -> (i32, Vec<Value>) {
    let (code, text) = validate("json", args, path);
    let games: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for g in &games {
        let errors = schema_errors("notation/report.schema.json", g);
        assert!(errors.is_empty(), "{errors:?}\n{g}");
    }
    (code, games)
}

fn schema_errors(path: &str, instance: &Value) -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    validator
        .iter_errors(instance)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

/// Files cut inside a tag pair, and where the input ends (line, column).
const CUT_IN_TAG: [(&[u8], u32, u32); 5] = [
    // The value's closing quote and `]` are missing.
    (b"[Event \"x", 1, 10),
    // Only `]` is missing.
    (b"[Event \"x\"", 1, 11),
    // In the second tag pair, after the name.
    (b"[Event \"x\"]\n[Site", 2, 6),
    // Right after `[`.
    (b"[Event \"x\"]\n[", 2, 2),
    // After a character that is not ASCII: columns are characters.
    (b"[Event \"Z\xc3\xbcrich", 1, 15),
];

#[test]
fn a_file_cut_inside_a_tag_pair_is_truncated_where_it_ends() {
    for (bytes, line, column) in CUT_IN_TAG {
        let (_dir, path) = file("cut.pgn", bytes);
        let (code, games) = json_games(&[], &path);
        let shown = String::from_utf8_lossy(bytes);
        assert_eq!(code, 1, "{shown}");
        let e = &games[0]["error"];
        assert_eq!(e["kind"], "cut-in-tag", "{shown}");
        let message = e["message"].as_str().unwrap();
        assert!(
            message.starts_with(
                "truncated game: the input ends inside the tag pair opened at column 1 (expected "
            ),
            "{shown}: {message}"
        );
        assert!(
            message.ends_with(" before the end of the input)"),
            "{message}"
        );
        assert_eq!(
            (e["line"].as_u64(), e["column"].as_u64()),
            (Some(line.into()), Some(column.into())),
            "{shown}"
        );
        assert_eq!(e["offset"].as_u64(), Some(bytes.len() as u64), "{shown}");
    }
}

#[test]
fn a_cut_tag_pair_is_truncated_in_every_format() {
    let (_dir, path) = file("cut.pgn", b"[Event \"Fernschach\"]\n[Site \"Z");
    let cases: [(&str, &[&str], &[&str]); 6] = [
        (
            "human",
            &["--color", "never"],
            &[
                "error: truncated game: the input ends inside the tag pair opened at column 1",
                "--> cut.pgn:2:9",
            ],
        ),
        (
            "json",
            &[],
            &["\"kind\":\"cut-in-tag\"", "\"line\":2", "\"column\":9"],
        ),
        (
            "junit",
            &[],
            &[
                "type=\"cut-in-tag\"",
                "message=\"truncated game: the input ends inside the tag pair",
                ">cut.pgn:2:9<",
            ],
        ),
        (
            "github",
            &[],
            &[
                "::error file=cut.pgn,line=2,endLine=2,col=9,",
                ",title=cut-in-tag%3A game 1::truncated game: the input ends inside the tag pair",
            ],
        ),
        (
            "sarif",
            &[],
            &[
                "\"ruleId\":\"cut-in-tag\"",
                "\"kind\":\"cut-in-tag\"",
                "\"startLine\":2",
                "\"startColumn\":9",
            ],
        ),
        (
            "rdjson",
            &[],
            &[
                "\"code\":{\"value\":\"cut-in-tag\"}",
                "\"start\":{\"column\":9,\"line\":2}",
                "truncated game: the input ends inside the tag pair",
            ],
        ),
    ];
    for (format, args, needles) in cases {
        let (code, out) = validate(format, args, &path);
        assert_eq!(code, 1, "{format}");
        for needle in needles {
            assert!(out.contains(needle), "{format}: {needle}\n{out}");
        }
    }
}

#[test]
fn a_broken_tag_pair_that_the_input_goes_on_after_is_a_syntax_error() {
    // Not cut: the line ends and the file goes on.
    for bytes in [
        &b"[Event \"x\n[Site \"y\"]\n\n1. e4 *\n"[..],
        b"[Event \"x\"\n\n1. e4 *\n",
        // At the end of the input, but not unfinished: a wrong byte.
        b"[Event x",
    ] {
        let (_dir, path) = file("broken.pgn", bytes);
        let (code, games) = json_games(&[], &path);
        assert_eq!(code, 1);
        let e = &games[0]["error"];
        assert!(e.get("kind").is_none(), "{e}");
        assert!(
            e["message"].as_str().unwrap().starts_with("PGN syntax: "),
            "{e}"
        );
    }
}

/// One input for every kind: the bytes, extra arguments, and the severity
/// the kind has there.
fn every_kind() -> Vec<(
    DamageKind,
    &'static [u8],
    &'static [&'static str],
    &'static str,
)> {
    vec![
        (DamageKind::NoTermination, b"1. e4 e5 2. Nf3 Nc6", &[], "error"),
        (DamageKind::EndsAfterMoveNumber, b"1. e4 e5 2.", &[], "error"),
        (DamageKind::EndsInsideMovePair, b"1. e4 e5 2. Nf3", &[], "error"),
        (DamageKind::NoMovetext, b"[Event \"x\"]\n", &[], "error"),
        (DamageKind::CutInTag, b"[Event \"x", &[], "error"),
        (DamageKind::CutInComment, b"1. e4 {cut", &[], "error"),
        (DamageKind::CutInVariation, b"1. e4 (1. d4", &[], "error"),
        (
            DamageKind::ResultMismatch,
            b"[Event \"e\"]\n[Site \"s\"]\n[Date \"2001.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n",
            &[],
            "error",
        ),
        (DamageKind::RosterMissing, b"[Event \"e\"]\n\n1. e4 *\n", &[], "warning"),
        (
            DamageKind::RosterOrder,
            b"[Site \"s\"]\n[Event \"e\"]\n[Date \"2001.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n",
            &[],
            "warning",
        ),
        (
            DamageKind::RosterDate,
            b"[Event \"e\"]\n[Site \"s\"]\n[Date \"2001-01-01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n",
            &["--strict"],
            "error",
        ),
        (DamageKind::NotUtf8, b"1. e4 {caf\xe9} *\n", &[], "error"),
    ]
}

#[test]
fn every_damage_kind_is_reported_with_its_id() {
    let cases = every_kind();
    let listed: Vec<DamageKind> = cases.iter().map(|c| c.0).collect();
    assert_eq!(listed, DamageKind::ALL, "one case per kind");
    for (kind, bytes, args, severity) in cases {
        let (_dir, path) = file("g.pgn", bytes);
        let (code, games) = json_games(args, &path);
        let g = &games[0];
        let found = match severity {
            "error" => {
                assert_eq!(code, 1, "{kind:?}");
                g["error"].clone()
            }
            _ => {
                assert_eq!(code, 0, "{kind:?}: {g}");
                g["warnings"][0].clone()
            }
        };
        assert_eq!(found["kind"], kind.id(), "{kind:?}: {g}");
        // The same id in SARIF (rule id and property) and rdjson (code).
        let (_, sarif) = validate("sarif", args, &path);
        let sarif: Value = serde_json::from_str(&sarif).unwrap();
        let result = &sarif["runs"][0]["results"][0];
        assert_eq!(result["ruleId"], kind.id(), "{kind:?}");
        assert_eq!(result["properties"]["kind"], kind.id(), "{kind:?}");
        let rule = &sarif["runs"][0]["tool"]["driver"]["rules"][0];
        // Its description is its entry in notation/findings.md (whose
        // heading is `### ID · Title`; the title alone is the rule's name).
        assert_eq!(rule["id"], kind.id(), "{kind:?}");
        let help = rule["help"]["markdown"].as_str().unwrap();
        assert!(help.starts_with(&format!("### {} ", kind.id())), "{help}");
        assert_eq!(rule["shortDescription"]["text"], rule["name"], "{rule}");
        assert!(rule["properties"]["rulesDoc"]
            .as_str()
            .unwrap()
            .starts_with("notation/findings.md#"));
        let errors = schema_errors("tests/data/sarif-schema-2.1.0.json", &sarif);
        assert!(errors.is_empty(), "{errors:?}");
        let (_, rdjson) = validate("rdjson", args, &path);
        let rdjson: Value = serde_json::from_str(&rdjson).unwrap();
        assert_eq!(
            rdjson["diagnostics"][0]["code"]["value"],
            kind.id(),
            "{kind:?}"
        );
    }
}

#[test]
fn a_result_mismatch_keeps_its_ruling_beside_its_kind() {
    let (_, bytes, args, _) = every_kind()
        .into_iter()
        .find(|c| c.0 == DamageKind::ResultMismatch)
        .unwrap();
    let (_dir, path) = file("g.pgn", bytes);
    let (_, games) = json_games(args, &path);
    assert_eq!(games[0]["error"]["ruling"], "G5");
    let (_, sarif) = validate("sarif", args, &path);
    let sarif: Value = serde_json::from_str(&sarif).unwrap();
    assert_eq!(sarif["runs"][0]["results"][0]["properties"]["ruling"], "G5");
    let (_, junit) = validate("junit", args, &path);
    assert!(junit.contains("type=\"result-mismatch\""), "{junit}");
}

#[test]
fn damage_kinds_are_documented_and_in_the_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("notation/report.schema.json")).unwrap(),
    )
    .unwrap();
    let in_schema: Vec<&str> = schema["$defs"]["kind"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    let ids: Vec<&str> = DamageKind::ALL.iter().map(|k| k.id()).collect();
    assert_eq!(in_schema, ids);
    for k in DamageKind::ALL {
        assert!(
            readme.contains(&format!("| `{}` |", k.id())),
            "README lacks {}",
            k.id()
        );
        assert_eq!(DamageKind::from_id(k.id()), Some(k));
    }
}

#[test]
fn under_strict_the_damage_comes_before_the_roster() {
    // Roster errors (only Event) and a log cut after a move number: the
    // verdict's error is the cut, which says the game is incomplete; the
    // roster error is about its header.
    let (_dir, path) = file("g.pgn", b"[Event \"x\"]\n\n1. e4 e5 2.");
    let (code, games) = json_games(&["--strict"], &path);
    assert_eq!(code, 1);
    assert_eq!(
        games[0]["error"]["kind"], "ends-after-move-number",
        "{}",
        games[0]
    );
    // Without --strict the roster is a warning beside the same error.
    let (_, games) = json_games(&[], &path);
    assert_eq!(games[0]["error"]["kind"], "ends-after-move-number");
    assert_eq!(games[0]["warnings"][0]["kind"], "roster-missing");
    // A roster error alone is still the error.
    let (_dir, path) = file("g.pgn", b"[Event \"x\"]\n\n1. e4 e5 *\n");
    let (code, games) = json_games(&["--strict"], &path);
    assert_eq!(code, 1);
    assert_eq!(games[0]["error"]["kind"], "roster-missing");
}

#[test]
fn a_comment_that_is_not_utf8_is_a_located_error_in_validate() {
    let pgn = b"[Event \"e\"]\n[Site \"s\"]\n[Date \"2001.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 {Caf\xe9 \xabau lait\xbb} e5 *\n";
    let (_dir, path) = file("latin1.pgn", pgn);
    let (code, games) = json_games(&[], &path);
    assert_eq!(code, 1, "no command can read the game without loss");
    let g = &games[0];
    assert_eq!(g["valid"], false);
    assert_eq!(g["white"], "w", "the tags before the byte are read");
    let e = &g["error"];
    assert_eq!(e["kind"], "not-utf8");
    let offset = pgn.iter().position(|&b| b == 0xe9).unwrap();
    assert_eq!(e["offset"].as_u64(), Some(offset as u64));
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(9), Some(11))
    );
    let message = e["message"].as_str().unwrap();
    assert!(message.contains("byte 0xe9"), "{message}");
    assert!(
        message.contains(&format!("byte offset {offset}, column 11")),
        "{message}"
    );
    assert!(message.contains("--encoding latin1"), "{message}");
    // Named, the encoding reads it: a valid game.
    let (code, games) = json_games(&["--encoding", "latin1"], &path);
    assert_eq!(code, 0);
    assert_eq!(games[0]["valid"], true, "{}", games[0]);
    // The human format shows where.
    let (_, human) = validate("human", &["--color", "never"], &path);
    assert!(human.contains("error: not UTF-8: byte 0xe9"), "{human}");
    assert!(human.contains("--> latin1.pgn:9:11"), "{human}");
}

/// Bytes that are not UTF-8 in a tag value, a move or a comment: one kind,
/// at the first such byte.
#[test]
fn bytes_not_utf8_are_one_kind_wherever_they_stand() {
    for (pgn, column) in [
        (&b"[White \"Jos\xe9\"]\n\n1. e4 *\n"[..], 12),
        (b"1. e4 e5\xe9 *\n", 9),
        (b"1. e4 e5 ; caf\xe9\n*\n", 15),
    ] {
        let (_dir, path) = file("g.pgn", pgn);
        let (code, games) = json_games(&[], &path);
        assert_eq!(code, 1);
        let e = &games[0]["error"];
        assert_eq!(e["kind"], "not-utf8", "{e}");
        assert_eq!(e["column"].as_u64(), Some(column), "{e}");
    }
}

/// Every command says the same error at the same place; the file is left
/// as it is, and `convert` keeps the game's bytes in PGN (verbatim) and
/// refuses it in JSON, which is UTF-8 text.
#[test]
fn fmt_and_convert_say_the_same_not_utf8_error_and_keep_the_bytes() {
    let pgn = b"1. e4 {caf\xe9} e5 *\n";
    let (_dir, path) = file("a.pgn", pgn);
    let dir = path.parent().unwrap();
    for args in [
        &["validate", "--format", "github", "a.pgn"][..],
        &["fmt", "a.pgn"],
        &["fmt", "--check", "a.pgn"],
        &["convert", "--to", "pgn", "--in-place", "a.pgn"],
        &["convert", "--to", "pgn", "a.pgn", "-o", "b.pgn"],
        &["convert", "--to", "json", "a.pgn", "-o", "a.json"],
    ] {
        let out = fvnote().current_dir(dir).args(args).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        let said = format!("{stdout}{stderr}");
        assert!(said.contains("not-utf8"), "{args:?}: {said}");
        assert!(
            said.contains("a.pgn") && said.contains("1:11")
                || said.contains("line=1,endLine=1,col=11,"),
            "{args:?}: {said}"
        );
        assert!(said.contains("byte 0xe9"), "{args:?}: {said}");
        assert_eq!(std::fs::read(&path).unwrap(), pgn, "{args:?}");
    }
    assert_eq!(std::fs::read(dir.join("b.pgn")).unwrap(), pgn);
    assert_eq!(std::fs::read_to_string(dir.join("a.json")).unwrap(), "[]\n");
}
