//! `--format json`: JSON Lines, one object per game (keys sorted), and one
//! `{"file", "io_error"}` object per input that could not be checked.

use std::io::{self, Write};

use super::common::Failure;
use super::rulings;
use super::source::Source;
use super::summary::RunSummary;
use super::Printer;
use crate::record::replay::Diagnostic;
use crate::record::validate::Verdict;

/// One line: the keys in sorted order, a diagnostic with its span spelled out.
#[derive(serde::Serialize)]
struct JsonVerdict<'a> {
    black: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<JsonDiag<'a>>,
    file: &'a str,
    game: usize,
    line: u32,
    notes: Vec<JsonDiag<'a>>,
    /// Notes counted but not kept (only when some were).
    #[serde(skip_serializing_if = "is_zero")]
    notes_omitted: usize,
    plies: usize,
    valid: bool,
    variant: &'a str,
    warnings: Vec<JsonDiag<'a>>,
    /// Warnings counted but not kept (only when some were).
    #[serde(skip_serializing_if = "is_zero")]
    warnings_omitted: usize,
    white: Option<&'a str>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(serde::Serialize)]
struct JsonDiag<'a> {
    column: u32,
    fen: Option<&'a str>,
    in_variation: bool,
    /// The damage kind (`cut-in-tag` …), only on damage.
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'a str>,
    length: u32,
    line: u32,
    message: &'a str,
    offset: u64,
    ply: Option<usize>,
    ruling: Option<&'a str>,
    /// Where the ruling is explained: `notation/rules.md#anchor`.
    #[serde(skip_serializing_if = "Option::is_none")]
    ruling_doc: Option<String>,
    suggestions: &'a [String],
    /// Only on the error: whether it is a PGN syntax error.
    #[serde(skip_serializing_if = "Option::is_none")]
    syntax: Option<bool>,
    token: &'a str,
}

impl<'a> JsonDiag<'a> {
    fn new(d: &'a Diagnostic, syntax: Option<bool>) -> Self {
        JsonDiag {
            column: d.span.column,
            fen: d.fen.as_deref(),
            in_variation: d.in_variation,
            kind: d.kind,
            length: d.span.len,
            line: d.span.line,
            message: &d.message,
            offset: d.span.offset,
            ply: d.ply,
            ruling: d.ruling,
            ruling_doc: d.ruling.and_then(rulings::entry).map(|e| e.link()),
            suggestions: &d.suggestions,
            syntax,
            token: &d.token,
        }
    }
}

#[derive(serde::Serialize)]
struct JsonFailure<'a> {
    file: &'a str,
    io_error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    valid: bool,
}

/// The JSON Lines printer.
#[derive(Default)]
pub struct Json {
    file: String,
    /// One line is serialised here, then written at once (serde's many
    /// small writes through `dyn Write` cost more than the line).
    line: Vec<u8>,
}

impl Json {
    fn write_line(&mut self, out: &mut dyn Write, value: &impl serde::Serialize) -> io::Result<()> {
        self.line.clear();
        serde_json::to_writer(&mut self.line, value)?;
        self.line.push(b'\n');
        out.write_all(&self.line)
    }
}

impl Printer for Json {
    fn file_start(&mut self, _out: &mut dyn Write, name: &str, _source: Source) -> io::Result<()> {
        self.file = name.to_owned();
        Ok(())
    }

    fn game(&mut self, out: &mut dyn Write, v: &Verdict) -> io::Result<()> {
        let file = std::mem::take(&mut self.file);
        let line = JsonVerdict {
            black: v.black.as_deref(),
            error: v
                .error
                .as_ref()
                .map(|e| JsonDiag::new(e, Some(v.syntax_error))),
            file: &file,
            game: v.game,
            line: v.span.line,
            notes: v.notes.iter().map(|d| JsonDiag::new(d, None)).collect(),
            notes_omitted: v.omitted.notes,
            plies: v.plies,
            valid: v.valid,
            variant: &v.variant,
            warnings: v.warnings.iter().map(|d| JsonDiag::new(d, None)).collect(),
            warnings_omitted: v.omitted.warnings,
            white: v.white.as_deref(),
        };
        let r = self.write_line(out, &line);
        self.file = file;
        r
    }

    fn file_end(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn failure(&mut self, out: &mut dyn Write, f: &Failure) -> io::Result<()> {
        self.write_line(
            out,
            &JsonFailure {
                file: &f.path,
                io_error: &f.message,
                line: f.line,
                valid: false,
            },
        )
    }

    fn finish(&mut self, _out: &mut dyn Write, _summary: &RunSummary) -> io::Result<()> {
        Ok(())
    }
}
