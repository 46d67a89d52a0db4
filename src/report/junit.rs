//! `--format junit`: JUnit XML, a `<testsuite>` per file and a `<testcase>`
//! per game; an invalid game is a `<failure>` (its `type` the damage kind,
//! else the ruling, else `syntax` or `invalid`), an input that could not be
//! checked a test case with an `<error>`. The `<testsuites>` root carries
//! the totals (tests, failures, errors, time), so the report is held until
//! the run ends. It validates against the Jenkins xUnit JUnit schema
//! (tests/data/junit-10.xsd). Places in a failure's text and in
//! `<system-out>` are `LINE:COLUMN`, the column in characters (one per
//! byte that is not UTF-8), as [`Span::column`](crate::model::Span) counts.

use std::fmt::Write as _;
use std::io::{self, Seek, Write};
use std::time::Instant;

use tempfile::{spooled_tempfile, SpooledTempFile};

use super::common::{game_name, omitted_text, rule_id, Failure};
use super::source::Source;
use super::Printer;
use crate::escape::markup as xml;
use crate::record::pipeline::summary::RunSummary;
use crate::record::replay::verdict::Verdict;

/// The JUnit printer.
pub struct Junit {
    file: String,
    started: Instant,
    cases: String,
    games: usize,
    failures: usize,
    /// Finished suites: in memory, then in a temporary file past a few
    /// megabytes, so a large archive's report does not fill memory.
    suites: SpooledTempFile,
    tests: usize,
    total_failures: usize,
    errors: usize,
}

impl Default for Junit {
    fn default() -> Self {
        Junit {
            file: String::new(),
            started: Instant::now(),
            cases: String::new(),
            games: 0,
            failures: 0,
            suites: spooled_tempfile(8 << 20),
            tests: 0,
            total_failures: 0,
            errors: 0,
        }
    }
}

fn seconds(since: Instant) -> String {
    format!("{:.3}", since.elapsed().as_secs_f64())
}

impl Printer for Junit {
    fn file_start(&mut self, _out: &mut dyn Write, name: &str) -> io::Result<()> {
        self.file = name.to_owned();
        self.started = Instant::now();
        self.cases.clear();
        self.games = 0;
        self.failures = 0;
        Ok(())
    }

    fn game(&mut self, _out: &mut dyn Write, v: &Verdict, _: Source<'_>) -> io::Result<()> {
        self.games += 1;
        let s = &mut self.cases;
        let _ = write!(
            s,
            "    <testcase name=\"{}\" classname=\"{}\" line=\"{}\"",
            xml(&game_name(v)),
            xml(&self.file),
            v.span.line
        );
        if v.valid && v.warnings.is_empty() {
            s.push_str("/>\n");
            return Ok(());
        }
        s.push_str(">\n");
        if let Some(e) = &v.error {
            self.failures += 1;
            let mut body = format!("{}:{}:{}", self.file, e.span.line, e.span.column);
            if let Some(p) = e.ply {
                let _ = write!(body, " ply {p}");
            }
            if !e.token.is_empty() {
                let _ = write!(body, " {:?}", e.token);
            }
            if let Some(fen) = &e.fen {
                let _ = write!(body, "\nposition: {fen}");
            }
            if !e.suggestions.is_empty() {
                let _ = write!(body, "\ndid you mean {}?", e.suggestions.join(", "));
            }
            if let Some(r) = e.ruling {
                let _ = write!(body, "\n{}", super::rulings::explain_hint(r));
            }
            let _ = writeln!(
                s,
                "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                xml(&e.message),
                xml(rule_id(e, v.syntax_error)),
                xml(&body)
            );
        }
        if !v.warnings.is_empty() {
            let mut text: Vec<String> = v
                .warnings
                .iter()
                .map(|w| match w.kind {
                    Some(k) => format!(
                        "warning[{k}]: {}:{}: {}",
                        w.span.line, w.span.column, w.message
                    ),
                    None => format!("warning: {}:{}: {}", w.span.line, w.span.column, w.message),
                })
                .collect();
            text.extend(omitted_text(v).map(|t| format!("note: {t}")));
            let _ = writeln!(
                s,
                "      <system-out>{}</system-out>",
                xml(&text.join("\n"))
            );
        }
        s.push_str("    </testcase>\n");
        Ok(())
    }

    fn file_end(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            self.suites,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" time=\"{}\">",
            xml(&self.file),
            self.games,
            self.failures,
            seconds(self.started)
        )?;
        self.suites.write_all(self.cases.as_bytes())?;
        self.suites.write_all(b"  </testsuite>\n")?;
        self.tests += self.games;
        self.total_failures += self.failures;
        self.cases.clear();
        Ok(())
    }

    /// A suite of its own, whose one test case is the error.
    fn failure(&mut self, _out: &mut dyn Write, f: &Failure) -> io::Result<()> {
        let at = f.line.map_or(String::new(), |l| format!(":{l}"));
        write!(
            self.suites,
            "  <testsuite name=\"{name}\" tests=\"1\" failures=\"0\" errors=\"1\" time=\"0\">\n    \
<testcase name=\"read {name}\" classname=\"{name}\">\n      \
<error message=\"{msg}\" type=\"io\">{name}{at}: {msg}</error>\n    </testcase>\n  </testsuite>\n",
            name = xml(&f.path),
            msg = xml(&f.message),
        )?;
        self.tests += 1;
        self.errors += 1;
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &RunSummary) -> io::Result<()> {
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(
            out,
            "<testsuites name=\"fvnote validate\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3}\">",
            self.tests,
            self.total_failures,
            self.errors,
            summary.elapsed.as_secs_f64()
        )?;
        self.suites.rewind()?;
        io::copy(&mut self.suites, out)?;
        writeln!(out, "</testsuites>")
    }
}
