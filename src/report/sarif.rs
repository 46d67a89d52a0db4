//! `--format sarif`: SARIF 2.1.0 for code scanning. One run; a result per
//! diagnostic, filed under its ruling id (`FL5`) as the rule id, whose rule
//! entry carries the rule book's text, or under its damage kind
//! (`cut-in-tag`, also in the result's `properties.kind`); an input that
//! could not be checked is an `io-error` result and a tool execution
//! notification, and makes the invocation unsuccessful. Results are written as they come (JSON objects
//! have no key order, so `results` opens the run and `tool` closes it).

use std::collections::BTreeSet;
use std::io::{self, Write};

use serde_json::{json, Value};

use super::common::StreamedArray;
use super::common::{game_name, rule_id, uri, Failure, IO_RULE};
use super::rulings;
use super::source::Source;
use super::Printer;
use crate::model::Span;
use crate::record::pipeline::summary::RunSummary;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{Diagnostic, Severity};

/// The schema SARIF consumers know the format by.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// What the document starts with, up to its array of results.
fn head() -> String {
    format!("{{\"$schema\":\"{SCHEMA}\",\"version\":\"2.1.0\",\"runs\":[{{\"results\":[")
}

/// The SARIF printer.
#[derive(Default)]
pub struct Sarif {
    file: String,
    array: StreamedArray,
    rules: BTreeSet<&'static str>,
    notifications: Vec<Value>,
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A place in `file`: a line, or (`span`) a range from the span's start to
/// its `end` (line, column; exclusive, in characters).
fn location(file: &str, line: u32, span: Option<(Span, (u32, u32))>) -> Value {
    let mut region = json!({ "startLine": line.max(1) });
    if let Some((span, (end_line, end_column))) = span {
        region["startColumn"] = json!(span.column.max(1));
        if end_line > line {
            region["endLine"] = json!(end_line);
        }
        region["endColumn"] = json!(end_column.max(1));
    }
    json!({
        "physicalLocation": {
            "artifactLocation": { "uri": uri(file) },
            "region": region,
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
        self.array.open(out, &head())
    }

    fn result(&mut self, out: &mut dyn Write, value: &Value) -> io::Result<()> {
        self.array.push(out, &head(), value)
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
        let end = source.end(d.span);
        let mut text = format!("{}: {}", game_name(v), d.message);
        if let Some(p) = d.ply {
            text = format!("{}, ply {p}: {}", game_name(v), d.message);
        }
        if !d.suggestions.is_empty() {
            text.push_str(&format!(" (did you mean {}?)", d.suggestions.join(", ")));
        }
        let mut result = json!({
            "ruleId": id,
            "level": level(d.severity),
            "message": { "text": text },
            "locations": [location(&self.file, d.span.line, Some((d.span, end)))],
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
        self.file = name.to_owned();
        self.open(out)
    }

    fn game(&mut self, out: &mut dyn Write, v: &Verdict, source: Source<'_>) -> io::Result<()> {
        for (d, syntax) in v.findings() {
            self.diagnostic(out, v, d, syntax, &source)?;
        }
        Ok(())
    }

    fn file_end(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn failure(&mut self, out: &mut dyn Write, f: &Failure) -> io::Result<()> {
        self.rules.insert(IO_RULE);
        let loc = location(&f.path, f.line.unwrap_or(1), None);
        let text = format!("{}: {}", f.path, f.message);
        self.result(
            out,
            &json!({
                "ruleId": IO_RULE,
                "level": "error",
                "message": { "text": text },
                "locations": [loc.clone()],
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
