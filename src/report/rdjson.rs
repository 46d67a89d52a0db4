//! `--format rdjson`: reviewdog's Diagnostic Format (one JSON document,
//! `reviewdog -f=rdjson`). Each diagnostic carries its damage kind
//! (`cut-in-tag`) or else its ruling as its code (the ruling's page as the
//! code's url); of its "did you mean" moves, the best (the closest in
//! spelling to the token, [`best_suggestion`]) is the one suggested
//! replacement of the token, and the others are named in the message, so
//! no two fixes compete for one range. An input that could not be checked
//! is an ERROR diagnostic on its path. Columns count UTF-8 bytes, as
//! reviewdog does ([`super::columns`]).

use std::io::{self, Write};

use serde_json::{json, Value};

use super::common::StreamedArray;
use super::common::{best_suggestion, finding_text, rule_id, Failure, IO_RULE};
use super::root::Root;
use super::rulings;
use super::source::Source;
use super::Printer;
use crate::record::pipeline::summary::RunSummary;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{Diagnostic, Severity};

/// What the document starts with, up to its array of diagnostics.
const HEAD: &str = "{\"source\":{\"name\":\"fvnote\"},\"diagnostics\":[";

/// The rdjson printer.
#[derive(Default)]
pub struct Rdjson {
    root: Root,
    file: String,
    array: StreamedArray,
}

impl Rdjson {
    /// A printer whose paths are relative to `root` when it was given.
    pub fn new(root: Root) -> Rdjson {
        Rdjson {
            root,
            ..Rdjson::default()
        }
    }
}

fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Error => "ERROR",
        Severity::Warning => "WARNING",
        Severity::Note => "INFO",
    }
}

impl Rdjson {
    fn open(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.array.open(out, HEAD)
    }

    fn push(&mut self, out: &mut dyn Write, value: &Value) -> io::Result<()> {
        self.array.push(out, HEAD, value)
    }

    fn diagnostic(
        &mut self,
        out: &mut dyn Write,
        v: &Verdict,
        d: &Diagnostic,
        syntax: bool,
        source: &Source<'_>,
    ) -> io::Result<()> {
        let region = source.region(d.span);
        let place = |p: super::columns::Place| json!({ "line": p.line, "column": p.bytes });
        let range = json!({ "start": place(region.start), "end": place(region.end) });
        let mut code = json!({ "value": rule_id(d, syntax) });
        if let Some(e) = d.ruling.and_then(rulings::entry) {
            code["url"] = json!(e.link());
        }
        let best = best_suggestion(&d.token, &d.suggestions);
        let suggestions: Vec<Value> = best
            .iter()
            .map(|s| json!({ "range": range, "text": s }))
            .collect();
        let mut message = finding_text(v, d);
        let others: Vec<&str> = d
            .suggestions
            .iter()
            .map(String::as_str)
            .filter(|s| Some(*s) != best)
            .collect();
        if !others.is_empty() {
            message.push_str(&format!(" (also legal: {})", others.join(", ")));
        }
        self.push(
            out,
            &json!({
                "message": message,
                "location": { "path": self.file, "range": range },
                "severity": severity(d.severity),
                "code": code,
                "suggestions": suggestions,
            }),
        )
    }
}

impl Printer for Rdjson {
    fn file_start(&mut self, out: &mut dyn Write, name: &str) -> io::Result<()> {
        self.file = self.root.shown(name);
        self.open(out)
    }

    fn game(&mut self, out: &mut dyn Write, v: &Verdict, source: Source<'_>) -> io::Result<()> {
        for (d, syntax) in v.findings() {
            self.diagnostic(out, v, d, syntax, &source)?;
        }
        Ok(())
    }

    fn failure(&mut self, out: &mut dyn Write, f: &Failure) -> io::Result<()> {
        let mut location = json!({ "path": self.root.shown(&f.path) });
        if let Some(l) = f.line {
            location["range"] = json!({ "start": { "line": l } });
        }
        self.push(
            out,
            &json!({
                "message": format!("could not check {}: {}", f.path, f.message),
                "location": location,
                "severity": "ERROR",
                "code": { "value": IO_RULE },
            }),
        )
    }

    fn finish(&mut self, out: &mut dyn Write, _summary: &RunSummary) -> io::Result<()> {
        self.open(out)?;
        writeln!(out, "\n]}}")
    }
}
