//! `--format rdjson`: reviewdog's Diagnostic Format (one JSON document,
//! `reviewdog -f=rdjson`). Each diagnostic carries its damage kind
//! (`cut-in-tag`) or else its ruling as its code (the ruling's page as the
//! code's url) and its "did you mean" moves as suggested replacements of the token; an
//! input that could not be checked is an ERROR diagnostic on its path.

use std::io::{self, Write};

use serde_json::{json, Value};

use super::common::StreamedArray;
use super::common::{game_name, rule_id, Failure, IO_RULE};
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
    file: String,
    array: StreamedArray,
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
        let start = json!({ "line": d.span.line, "column": d.span.column });
        let (end_line, end_column) = source.end(d.span);
        let end = json!({ "line": end_line, "column": end_column });
        let range = json!({ "start": start, "end": end });
        let mut code = json!({ "value": rule_id(d, syntax) });
        if let Some(e) = d.ruling.and_then(rulings::entry) {
            code["url"] = json!(e.link());
        }
        let suggestions: Vec<Value> = d
            .suggestions
            .iter()
            .map(|s| json!({ "range": range, "text": s }))
            .collect();
        let mut message = format!("{}: {}", game_name(v), d.message);
        if let Some(p) = d.ply {
            message = format!("{}, ply {p}: {}", game_name(v), d.message);
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
        let mut location = json!({ "path": f.path });
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
