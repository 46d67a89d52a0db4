//! `--format sarif`: SARIF 2.1.0 for code scanning. One run; a result per
//! diagnostic, filed under its ruling id (`FL5`) as the rule id, whose rule
//! entry carries the rule book's text, or under its damage kind
//! (`cut-in-tag`, also in the result's `properties.kind`); an input that
//! could not be checked is an `io-error` result and a tool execution
//! notification, and makes the invocation unsuccessful. Results are written
//! as they come (JSON objects have no key order, so `results` opens the run
//! and `tool` closes it).
//!
//! Columns count UTF-16 code units, as the run's `columnKind` says
//! ([`super::columns`]). Artifact URIs are relative to `%SRCROOT%`, the
//! root of [`Root`] (`--root`, else the working directory), given in
//! `originalUriBaseIds`; a file outside it gets an absolute `file:` URI.
//! Each result's `partialFingerprints` (`fvnote/v1`) is a hash of what
//! identifies the finding wherever and whenever the run is made: the
//! artifact's URI relative to the root, the rule id, the offending text
//! (the token, else its line without surrounding blanks) and how many
//! results of the same URI, rule and text came before it in the run.
//! Line and column numbers are left out, so a finding keeps its
//! fingerprint when lines are added above it.

use std::collections::{BTreeSet, HashMap};
use std::io::{self, Write};

use serde_json::{json, Value};
use sha2::{Digest as _, Sha256};

use super::columns::Region;
use super::common::StreamedArray;
use super::common::{finding_text, rule_id, Failure, IO_RULE};
use super::root::{Root, SRCROOT};
use super::rulings;
use super::source::Source;
use super::Printer;
use crate::record::pipeline::summary::RunSummary;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{Diagnostic, Severity};

/// The schema SARIF consumers know the format by.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The key of fvnote's own entry in `partialFingerprints`.
pub const FINGERPRINT: &str = "fvnote/v1";

/// The SARIF printer.
pub struct Sarif {
    root: Root,
    /// What the document starts with, up to its array of results.
    head: String,
    /// The current file's artifact location (URI, relative to the root).
    artifact: (String, bool),
    array: StreamedArray,
    rules: BTreeSet<&'static str>,
    notifications: Vec<Value>,
    /// How many results each (URI, rule, text) had so far, by their hash.
    seen: HashMap<[u8; 32], u32>,
}

impl Sarif {
    /// A printer whose URIs are relative to `root`.
    pub fn new(root: Root) -> Sarif {
        let mut run = serde_json::Map::new();
        run.insert("columnKind".into(), json!("utf16CodeUnits"));
        let base = match root.uri() {
            Some(uri) => json!({ "uri": uri }),
            None => json!({}),
        };
        run.insert("originalUriBaseIds".into(), json!({ SRCROOT: base }));
        let run = Value::Object(run).to_string();
        let head = format!(
            "{{\"$schema\":\"{SCHEMA}\",\"version\":\"2.1.0\",\"runs\":[{},\"results\":[",
            run.strip_suffix('}').unwrap_or(&run)
        );
        Sarif {
            root,
            head,
            artifact: (String::new(), false),
            array: StreamedArray::default(),
            rules: BTreeSet::new(),
            notifications: Vec::new(),
            seen: HashMap::new(),
        }
    }
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A place in the artifact `(uri, under the root)`: a line, or a region
/// (columns in UTF-16 code units, the end exclusive).
fn location(artifact: &(String, bool), line: u32, region: Option<Region>) -> Value {
    let mut r = json!({ "startLine": line.max(1) });
    if let Some(Region { start, end }) = region {
        r["startColumn"] = json!(start.utf16.max(1));
        if end.line > start.line {
            r["endLine"] = json!(end.line);
        }
        r["endColumn"] = json!(end.utf16.max(1));
    }
    let mut at = json!({ "uri": artifact.0 });
    if artifact.1 {
        at["uriBaseId"] = json!(SRCROOT);
    }
    json!({
        "physicalLocation": {
            "artifactLocation": at,
            "region": r,
        }
    })
}

/// The rule entry of `id`: the rule book's text when it is a ruling.
fn rule(id: &str) -> Value {
    match rulings::entry(id) {
        Some(e) => json!({
            "id": e.id,
            "name": e.title,
            "shortDescription": { "text": e.title },
            "fullDescription": { "text": e.summary() },
            // The books tag an example for their own test; a reader wants the format.
            "help": { "text": e.summary(), "markdown": e.text.replace("```finding ", "```") },
            "properties": { "rulesDoc": e.link() },
        }),
        // Every id is in one of the books (tests/findings_documented.rs).
        None => {
            let what = "A finding of fvnote.";
            json!({
                "id": id,
                "shortDescription": { "text": what },
                "fullDescription": { "text": what },
            })
        }
    }
}

impl Sarif {
    fn open(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.array.open(out, &self.head)
    }

    fn result(&mut self, out: &mut dyn Write, value: &Value) -> io::Result<()> {
        self.array.push(out, &self.head, value)
    }

    /// The fingerprint of the next result of `rule` on `text` in the
    /// current artifact (see the module).
    fn fingerprint(&mut self, rule: &str, text: &str) -> String {
        let key: [u8; 32] = Sha256::new()
            .chain_update(self.artifact.0.as_bytes())
            .chain_update([0])
            .chain_update(rule.as_bytes())
            .chain_update([0])
            .chain_update(text.as_bytes())
            .finalize()
            .into();
        let n = self.seen.entry(key).or_insert(0);
        let index = *n;
        *n = n.saturating_add(1);
        let digest = Sha256::new()
            .chain_update(key)
            .chain_update(index.to_be_bytes())
            .finalize();
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn diagnostic(
        &mut self,
        out: &mut dyn Write,
        v: &Verdict,
        d: &Diagnostic,
        syntax: bool,
        source: &Source<'_>,
    ) -> io::Result<()> {
        let id = rule_id(d, syntax);
        self.rules.insert(id);
        let region = source.region(d.span);
        let mut text = finding_text(v, d);
        if !d.suggestions.is_empty() {
            text.push_str(&format!(" (did you mean {}?)", d.suggestions.join(", ")));
        }
        let offending = match d.token.as_str() {
            "" => source
                .line(d.span.offset)
                .map(|(_, line)| String::from_utf8_lossy(line).trim().to_owned())
                .unwrap_or_default(),
            token => token.to_owned(),
        };
        let fingerprint = self.fingerprint(id, &offending);
        let mut result = json!({
            "ruleId": id,
            "level": level(d.severity),
            "message": { "text": text },
            "locations": [location(&self.artifact, d.span.line, Some(region))],
            "partialFingerprints": { FINGERPRINT: fingerprint },
        });
        if let Some(fen) = &d.fen {
            result["properties"] = json!({ "fen": fen, "game": v.game, "variant": v.variant });
        }
        if let Some(kind) = d.kind {
            // The kind is the rule id; a ruling behind it (G5) stays here.
            let mut props = json!({ "kind": kind, "game": v.game });
            if let Some(r) = d.ruling {
                props["ruling"] = json!(r);
            }
            result["properties"] = props;
        }
        self.result(out, &result)
    }
}

impl Printer for Sarif {
    fn file_start(&mut self, out: &mut dyn Write, name: &str) -> io::Result<()> {
        self.artifact = self.root.artifact(name);
        self.open(out)
    }

    fn game(&mut self, out: &mut dyn Write, v: &Verdict, source: Source<'_>) -> io::Result<()> {
        for (d, syntax) in v.findings() {
            self.diagnostic(out, v, d, syntax, &source)?;
        }
        Ok(())
    }

    fn failure(&mut self, out: &mut dyn Write, f: &Failure) -> io::Result<()> {
        self.rules.insert(IO_RULE);
        let artifact = self.root.artifact(&f.path);
        let loc = location(&artifact, f.line.unwrap_or(1), None);
        let text = format!("{}: {}", f.path, f.message);
        let saved = std::mem::replace(&mut self.artifact, artifact);
        let fingerprint = self.fingerprint(IO_RULE, "");
        self.artifact = saved;
        self.result(
            out,
            &json!({
                "ruleId": IO_RULE,
                "level": "error",
                "message": { "text": text },
                "locations": [loc.clone()],
                "partialFingerprints": { FINGERPRINT: fingerprint },
            }),
        )?;
        self.notifications.push(json!({
            "level": "error",
            "message": { "text": text },
            "locations": [loc],
        }));
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, _summary: &RunSummary) -> io::Result<()> {
        self.open(out)?;
        let rules: Vec<Value> = self.rules.iter().map(|id| rule(id)).collect();
        let tool = json!({
            "driver": {
                "name": "fvnote",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }
        });
        let invocation = json!({
            "executionSuccessful": self.notifications.is_empty(),
            "toolExecutionNotifications": self.notifications,
        });
        write!(out, "\n],\"tool\":")?;
        serde_json::to_writer(&mut *out, &tool)?;
        write!(out, ",\"invocations\":[")?;
        serde_json::to_writer(&mut *out, &invocation)?;
        writeln!(out, "]}}]}}")
    }
}
