//! `--format json`: JSON Lines, one object per game (keys sorted), and one
//! `{"file", "io_error"}` object per input that could not be checked
//! (schema: notation/report.schema.json). A finding's `column` counts
//! characters (one per byte that is not UTF-8); `offset` and `length` count
//! bytes of the text as read, from which any other unit follows.

use std::io::{self, Write};

use super::rulings;
use super::source::Source;
use super::Printer;
use crate::notation::pgn::decimal_digits;
use crate::record::pipeline::summary::RunSummary;
use crate::record::pipeline::Failure;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::Diagnostic;

/// A value written by hand into a line, as serde_json would write it: a
/// Fault Line archive files a note per permitted slide, and serde's
/// per-field key escaping cost more than replaying the game.
trait Put {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()>;
}

impl Put for str {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        // No early exit, so the scan vectorises; escapes are serde_json's own.
        let plain = !self.bytes().fold(false, |dirty, b| {
            dirty | (b < 0x20) | (b == b'"') | (b == b'\\')
        });
        if plain {
            out.reserve(self.len() + 2);
            out.push(b'"');
            out.extend_from_slice(self.as_bytes());
            out.push(b'"');
            Ok(())
        } else {
            Ok(serde_json::to_writer(out, self)?)
        }
    }
}

impl Put for String {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        self.as_str().put(out)
    }
}

impl Put for bool {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        out.extend_from_slice(if *self { b"true" } else { b"false" });
        Ok(())
    }
}

impl Put for u64 {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        let mut digits = [0u8; 20];
        out.extend_from_slice(decimal_digits(*self, &mut digits));
        Ok(())
    }
}

impl Put for u32 {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        u64::from(*self).put(out)
    }
}

impl Put for usize {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        (*self as u64).put(out)
    }
}

impl<T: Put + ?Sized> Put for &T {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        (**self).put(out)
    }
}

impl<T: Put> Put for Option<T> {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        match self {
            Some(v) => v.put(out),
            None => {
                out.extend_from_slice(b"null");
                Ok(())
            }
        }
    }
}

impl Put for [String] {
    fn put(&self, out: &mut Vec<u8>) -> io::Result<()> {
        out.push(b'[');
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            s.put(out)?;
        }
        out.push(b']');
        Ok(())
    }
}

/// Writes `"key":` (after a comma unless first in its object): the keys
/// are plain ASCII, written as they are.
fn key(out: &mut Vec<u8>, key: &str) {
    if out.last() != Some(&b'{') {
        out.push(b',');
    }
    out.push(b'"');
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(b"\":");
}

/// Writes `"key":value`.
fn field(out: &mut Vec<u8>, name: &str, value: &(impl Put + ?Sized)) -> io::Result<()> {
    key(out, name);
    value.put(out)
}

/// A diagnostic with its span spelled out, keys sorted; `syntax` only on
/// the error (whether it is a PGN syntax error).
fn put_diag(out: &mut Vec<u8>, d: &Diagnostic, syntax: Option<bool>) -> io::Result<()> {
    out.push(b'{');
    field(out, "column", &d.span.column)?;
    field(out, "fen", &d.fen)?;
    field(out, "in_variation", &d.in_variation)?;
    // The damage kind (`cut-in-tag` …), only on damage.
    if let Some(kind) = d.kind {
        field(out, "kind", kind)?;
    }
    field(out, "length", &d.span.len)?;
    field(out, "line", &d.span.line)?;
    field(out, "message", &d.message)?;
    field(out, "offset", &d.span.offset)?;
    field(out, "ply", &d.ply)?;
    field(out, "ruling", &d.ruling)?;
    // Where the ruling is explained: `notation/rules.md#anchor`.
    if let Some(link) = d.ruling.and_then(rulings::link) {
        field(out, "ruling_doc", link)?;
    }
    field(out, "suggestions", d.suggestions.as_slice())?;
    if let Some(syntax) = syntax {
        field(out, "syntax", &syntax)?;
    }
    field(out, "token", &d.token)?;
    out.push(b'}');
    Ok(())
}

/// A list of diagnostics, as a JSON array.
fn put_diags(out: &mut Vec<u8>, name: &str, list: &[Diagnostic]) -> io::Result<()> {
    key(out, name);
    out.push(b'[');
    for (i, d) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        put_diag(out, d, None)?;
    }
    out.push(b']');
    Ok(())
}

/// One game's line: the keys in sorted order.
fn put_verdict(out: &mut Vec<u8>, file: &str, v: &Verdict) -> io::Result<()> {
    out.push(b'{');
    field(out, "black", &v.black)?;
    if let Some(e) = &v.error {
        key(out, "error");
        put_diag(out, e, Some(v.syntax_error))?;
    }
    field(out, "file", file)?;
    field(out, "game", &v.game)?;
    field(out, "line", &v.span.line)?;
    put_diags(out, "notes", &v.notes)?;
    // Notes counted but not kept (only when some were).
    if v.omitted.notes != 0 {
        field(out, "notes_omitted", &v.omitted.notes)?;
    }
    field(out, "plies", &v.plies)?;
    field(out, "valid", &v.valid)?;
    field(out, "variant", &v.variant)?;
    put_diags(out, "warnings", &v.warnings)?;
    // Warnings counted but not kept (only when some were).
    if v.omitted.warnings != 0 {
        field(out, "warnings_omitted", &v.omitted.warnings)?;
    }
    field(out, "white", &v.white)?;
    out.push(b'}');
    Ok(())
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
    fn file_start(&mut self, _out: &mut dyn Write, name: &str) -> io::Result<()> {
        self.file = name.to_owned();
        Ok(())
    }

    fn game(&mut self, out: &mut dyn Write, v: &Verdict, _: Source<'_>) -> io::Result<()> {
        self.line.clear();
        put_verdict(&mut self.line, &self.file, v)?;
        self.line.push(b'\n');
        out.write_all(&self.line)
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
