//! Golden output of `fvnote validate` in every format (insta snapshots in
//! tests/snapshots/, reviewed by a person: each failure appears, its ruling
//! as the rule id), and the SARIF and JUnit outputs checked against their
//! published schemas (tests/data/).
//!
//! After an intended change: `INSTA_UPDATE=always cargo test --test
//! suite report_formats::`, then review the diff of tests/snapshots/.

use crate::cli;
use cli::{fvnote, redact_times};

use std::path::Path;
use std::process::Output;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `fvnote validate ARGS` from the repository root, outside any workflow.
fn validate(args: &[&str]) -> Output {
    fvnote()
        .current_dir(root())
        .arg("validate")
        .args(args)
        .output()
        .unwrap()
}

/// An invalid game, a lenient one, a valid one, and a path that does not exist.
const MIXED: [&str; 4] = [
    "tests/data/illegal.pgn",
    "tests/data/lenient.pgn",
    "tests/data/valid.pgn",
    "tests/data/no-such-file.pgn",
];

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Validates `instance` against the JSON schema in `tests/data/NAME`; the
/// errors, if any. (The one place the schema validator is used.)
pub(crate) fn schema_errors(name: &str, instance: &serde_json::Value) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("tests/data").join(name)).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    validator
        .iter_errors(instance)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

/// Validates XML against `tests/data/junit-10.xsd` with xmllint. Without
/// xmllint the check is skipped, except under CI, where it fails.
fn junit_schema_check(xml: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("report.xml");
    std::fs::write(&file, xml).unwrap();
    let run = std::process::Command::new("xmllint")
        .args(["--noout", "--schema"])
        .arg(root().join("tests/data/junit-10.xsd"))
        .arg(&file)
        .output();
    match run {
        Ok(o) => assert!(
            o.status.success(),
            "not valid JUnit XML: {}\n{xml}",
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "xmllint is needed under CI (.ci/run installs libxml2-utils): {e}"
            );
            eprintln!("note: xmllint not found ({e}); JUnit schema check skipped");
        }
    }
}

#[test]
fn human_golden() {
    let o = validate(&["--color", "never", MIXED[0], MIXED[1], MIXED[2], MIXED[3]]);
    assert_eq!(o.status.code(), Some(2));
    insta::assert_snapshot!("human", stdout(&o));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("error: tests/data/no-such-file.pgn: "),
        "{err}"
    );
}

#[test]
fn json_golden() {
    let o = validate(&["--format", "json", MIXED[0], MIXED[1], MIXED[2], MIXED[3]]);
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o);
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
    insta::assert_snapshot!("json", text);
}

#[test]
fn github_golden_and_step_summary() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.md");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let o = fvnote()
        .current_dir(root())
        .env("GITHUB_STEP_SUMMARY", &summary)
        .args(["validate", "--format", "github"])
        .args(MIXED)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    insta::assert_snapshot!("github", stdout(&o));
    // Appended, and every failure in the table (the unreadable file too).
    let md = std::fs::read_to_string(&summary).unwrap();
    assert!(md.starts_with("earlier step\n"), "{md}");
    insta::assert_snapshot!("github_step_summary", md);
}

#[test]
fn github_step_summary_lists_every_failure_not_just_ten() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("many.pgn");
    let game = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    std::fs::write(&pgn, game.repeat(25)).unwrap();
    let summary = dir.path().join("summary.md");
    let o = fvnote()
        .env("GITHUB_STEP_SUMMARY", &summary)
        .args(["validate", "--format", "github"])
        .arg(&pgn)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).matches("::error ").count(), 25);
    let md = std::fs::read_to_string(&summary).unwrap();
    let rows = md
        .lines()
        .filter(|l| l.contains("no king can reach e3: the king on e1 reaches e2"))
        .count();
    assert_eq!(rows, 25, "{md}");
}

#[test]
fn junit_golden_and_schema_valid() {
    let o = validate(&["--format", "junit", MIXED[0], MIXED[1], MIXED[2], MIXED[3]]);
    assert_eq!(o.status.code(), Some(2));
    let xml = stdout(&o);
    junit_schema_check(&xml);
    // Totals: 5 games and the unreadable file; 2 failures, 1 error.
    assert!(
        xml.contains(
            "<testsuites name=\"fvnote validate\" tests=\"6\" failures=\"2\" errors=\"1\" time=\""
        ),
        "{xml}"
    );
    insta::assert_snapshot!("junit", redact_times(&xml));
}

#[test]
fn sarif_golden_and_schema_valid() {
    let o = validate(&["--format", "sarif", MIXED[0], MIXED[1], MIXED[2], MIXED[3]]);
    assert_eq!(o.status.code(), Some(2));
    let text = stdout(&o);
    let sarif: serde_json::Value = serde_json::from_str(&text).unwrap();
    let errors = schema_errors("sarif-schema-2.1.0.json", &sarif);
    assert!(errors.is_empty(), "{errors:#?}");
    let run = &sarif["runs"][0];
    let rule_ids: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    // Ruling ids are the rule ids, and each carries the rule book's text.
    assert!(rule_ids.contains(&"G6"), "{rule_ids:?}");
    assert!(rule_ids.contains(&"io-error"), "{rule_ids:?}");
    let g6 = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "G6")
        .unwrap();
    assert!(g6["help"]["markdown"]
        .as_str()
        .unwrap()
        .starts_with("### G6"));
    assert_eq!(run["invocations"][0]["executionSuccessful"], false);
    // %SRCROOT% is the working directory, this checkout: written [ROOT].
    let base = &run["originalUriBaseIds"]["%SRCROOT%"]["uri"];
    assert_eq!(*base, format!("file://{}/", root().display()));
    let mut sarif = sarif.clone();
    sarif["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] = "[ROOT]".into();
    insta::assert_snapshot!("sarif", serde_json::to_string_pretty(&sarif).unwrap());
}

#[test]
fn sarif_of_a_clean_run_is_schema_valid() {
    let o = validate(&["--format", "sarif", "tests/data/valid.pgn"]);
    assert_eq!(o.status.code(), Some(0));
    let sarif: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let errors = schema_errors("sarif-schema-2.1.0.json", &sarif);
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 0);
    assert_eq!(
        sarif["runs"][0]["invocations"][0]["executionSuccessful"],
        true
    );
}

#[test]
fn rdjson_golden() {
    let o = validate(&["--format", "rdjson", MIXED[0], MIXED[1], MIXED[2], MIXED[3]]);
    assert_eq!(o.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let diags = doc["diagnostics"].as_array().unwrap();
    // 2 errors, 2 warnings, the unreadable file.
    assert_eq!(diags.len(), 5, "{doc:#}");
    assert_eq!(doc["source"]["name"], "fvnote");
    insta::assert_snapshot!("rdjson", serde_json::to_string_pretty(&doc).unwrap());
}

/// The schema check itself can fail: a SARIF log without `version` and with
/// a level SARIF does not know is refused.
#[test]
fn sarif_schema_check_refuses_a_broken_log() {
    let o = validate(&["--format", "sarif", "tests/data/illegal.pgn"]);
    let mut sarif: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    sarif.as_object_mut().unwrap().remove("version");
    sarif["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(schema_errors("sarif-schema-2.1.0.json", &sarif).len() >= 2);
}

/// Every format shows an unreadable input and an empty run as a failure.
#[test]
fn empty_and_unreadable_inputs_fail_visibly_in_every_format() {
    let empty = tempfile::tempdir().unwrap();
    let empty = empty.path().to_str().unwrap().to_owned();
    for format in ["human", "json", "github", "junit", "sarif", "rdjson"] {
        for path in [empty.as_str(), "/nonexistent/fvnote-input.pgn"] {
            let o = validate(&["--format", format, path]);
            assert_eq!(o.status.code(), Some(2), "{format} {path}");
            let out = stdout(&o);
            let err = String::from_utf8(o.stderr.clone()).unwrap();
            assert!(err.contains(&format!("error: {path}: ")), "{format}: {err}");
            let visible = match format {
                "human" => out.contains("could not be read") || out.contains("no games found"),
                "json" => out.contains("\"io_error\""),
                "github" => out.contains(&format!("::error file={}", path.replace(':', "%3A"))),
                "junit" => out.contains("<error message=") && out.contains("errors=\"1\""),
                "sarif" => {
                    out.contains("\"executionSuccessful\":false") && out.contains("io-error")
                }
                _ => out.contains("\"severity\":\"ERROR\""),
            };
            assert!(visible, "{format} {path}: {out}");
        }
        // Accepted on request.
        let o = validate(&["--format", format, "--allow-empty", empty.as_str()]);
        assert_eq!(o.status.code(), Some(0), "{format} --allow-empty");
    }
}

#[test]
fn empty_standard_input_is_a_failure() {
    fvnote()
        .args(["validate", "--format", "json"])
        .write_stdin("")
        .assert()
        .code(2)
        .stdout(predicates::str::contains(
            "\"file\":\"<stdin>\",\"io_error\":\"no games found",
        ));
}
