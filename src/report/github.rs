//! `--format github`: GitHub Actions workflow commands (`::error file=…`),
//! and, when `$GITHUB_STEP_SUMMARY` names a file, a Markdown table of every
//! failure appended to it: GitHub shows only the first few annotations of a
//! step, the table shows them all. When `$GITHUB_OUTPUT` names a file, the
//! counts (`games`, `valid`, `invalid`, `warnings`, `notes`, `failures`)
//! are appended to it as the step's outputs (the Action's `action.yml`).
//!
//! An annotation gives where its finding starts (`line`, `col`) and where
//! its last character is (`endLine`, and `endColumn` when on the same
//! line, as GitHub takes it), columns in characters. The table's columns
//! are File, Line, Game, Finding (the rule id: a ruling, a damage kind or
//! a kind of finding) and Message.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;

use super::common::{game_name, omitted_text, rule_id, Failure, IO_RULE};
use super::root::Root;
use super::rulings::explain_hint;
use super::source::Source;
use super::Printer;
use crate::escape::{markdown, workflow_message, workflow_property};
use crate::record::pipeline::summary::RunSummary;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::Diagnostic;

/// The GitHub printer.
pub struct Github {
    root: Root,
    file: String,
    /// Where the step summary goes (None: not in a workflow).
    summary_path: Option<PathBuf>,
    /// Where the step's outputs go (None: not in a workflow).
    output_path: Option<PathBuf>,
    /// Table rows: every failure of the run.
    rows: Vec<String>,
}

impl Github {
    /// A printer that appends its table to `summary_path`, if given.
    pub fn new(summary_path: Option<PathBuf>) -> Github {
        Github {
            root: Root::default(),
            file: String::new(),
            summary_path,
            output_path: None,
            rows: Vec::new(),
        }
    }

    /// Also appends the run's counts to `output_path`, if given, as
    /// `NAME=VALUE` lines (`$GITHUB_OUTPUT`).
    pub fn with_outputs(mut self, output_path: Option<PathBuf>) -> Github {
        self.output_path = output_path;
        self
    }

    /// Names files relative to `root` when it was given (`--root`).
    pub fn with_root(mut self, root: Root) -> Github {
        self.root = root;
        self
    }

    fn row(&mut self, file: &str, line: Option<u32>, game: &str, rule: &str, message: &str) {
        let line = line.map_or(String::new(), |l| l.to_string());
        self.rows.push(format!(
            "| {} | {line} | {} | {} | {} |",
            markdown(file),
            markdown(game),
            markdown(rule),
            markdown(message)
        ));
    }

    fn command(
        &self,
        out: &mut dyn Write,
        cmd: &str,
        v: &Verdict,
        d: &Diagnostic,
        source: &Source<'_>,
    ) -> io::Result<()> {
        let title = match d.kind.or(d.ruling) {
            Some(r) => format!("{r}: {}", game_name(v)),
            None => game_name(v),
        };
        let mut msg = d.message.clone();
        if let Some(p) = d.ply {
            msg = format!("ply {p}: {msg}");
        }
        if let Some(fen) = &d.fen {
            let _ = write!(msg, "\nposition: {fen}");
        }
        if !d.suggestions.is_empty() {
            let _ = write!(msg, "\ndid you mean {}?", d.suggestions.join(", "));
        }
        if let Some(r) = d.ruling {
            let _ = write!(msg, "\n{}", explain_hint(r));
        }
        let region = source.region(d.span);
        let last = region.last();
        let end_column = match last.line == region.start.line {
            true => format!(",endColumn={}", last.chars),
            false => String::new(),
        };
        writeln!(
            out,
            "::{cmd} file={},line={},endLine={},col={}{end_column},title={}::{}",
            workflow_property(&self.file),
            region.start.line,
            last.line,
            region.start.chars,
            workflow_property(&title),
            workflow_message(&msg)
        )
    }
}

impl Printer for Github {
    fn file_start(&mut self, _out: &mut dyn Write, name: &str) -> io::Result<()> {
        self.file = self.root.shown(name);
        Ok(())
    }

    fn game(&mut self, out: &mut dyn Write, v: &Verdict, source: Source<'_>) -> io::Result<()> {
        if let Some(e) = &v.error {
            self.command(out, "error", v, e, &source)?;
            let file = self.file.clone();
            let rule = rule_id(e, v.syntax_error);
            self.row(&file, Some(e.span.line), &game_name(v), rule, &e.message);
        }
        for w in &v.warnings {
            self.command(out, "warning", v, w, &source)?;
        }
        for n in &v.notes {
            self.command(out, "notice", v, n, &source)?;
        }
        if let Some(text) = omitted_text(v) {
            writeln!(
                out,
                "::notice file={},line={},title={}::{}",
                workflow_property(&self.file),
                v.span.line,
                workflow_property(&game_name(v)),
                workflow_message(&text)
            )?;
        }
        Ok(())
    }

    fn failure(&mut self, out: &mut dyn Write, f: &Failure) -> io::Result<()> {
        let line = f.line.map_or(String::new(), |l| format!(",line={l}"));
        writeln!(
            out,
            "::error file={}{line},title={}::{}",
            workflow_property(&self.root.shown(&f.path)),
            workflow_property("fvnote could not check this input"),
            workflow_message(&f.message)
        )?;
        let path = self.root.shown(&f.path);
        self.row(&path, f.line, "", IO_RULE, &f.message);
        Ok(())
    }

    fn finish(&mut self, _out: &mut dyn Write, summary: &RunSummary) -> io::Result<()> {
        if let Some(path) = &self.output_path {
            let c = &summary.counts;
            let lines = format!(
                "games={}\nvalid={}\ninvalid={}\nwarnings={}\nnotes={}\nfailures={}\n",
                c.games, c.valid, c.invalid, c.warnings, c.notes, summary.failures
            );
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)?;
            f.write_all(lines.as_bytes())?;
        }
        let Some(path) = &self.summary_path else {
            return Ok(());
        };
        let mut md = String::from("## fvnote validate\n\n");
        let lines: Vec<String> = summary.to_string().lines().map(markdown).collect();
        let _ = writeln!(md, "{}\n", lines.join("  \n"));
        if !self.rows.is_empty() {
            md.push_str(
                "| File | Line | Game | Finding | Message |\n| --- | --- | --- | --- | --- |\n",
            );
            for r in &self.rows {
                md.push_str(r);
                md.push('\n');
            }
            md.push('\n');
        }
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)?;
        f.write_all(md.as_bytes())
    }
}
