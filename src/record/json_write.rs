//! A JSON text writer that lays values out exactly as `serde_json` does,
//! compact (`to_writer`) or pretty (`to_writer_pretty`, two spaces), but
//! takes them one at a time: a game's JSON form is written as the game is
//! read instead of being built whole first (`record::json_stream`).
//!
//! The caller keeps the structure right (a key before each value in an
//! object); the writer keeps the commas, line breaks and indentation.
//!
//! ```
//! use fvnote::record::json_write::JsonWriter;
//! let mut w = JsonWriter::new(Vec::new(), true, 0);
//! w.begin_object().unwrap();
//! w.key("a").unwrap();
//! w.string("x\n").unwrap();
//! w.key("b").unwrap();
//! w.begin_array().unwrap();
//! w.end_array().unwrap();
//! w.end_object().unwrap();
//! let text = String::from_utf8(w.into_inner()).unwrap();
//! assert_eq!(text, serde_json::to_string_pretty(&serde_json::json!({"a": "x\n", "b": []})).unwrap());
//! ```

use std::io::{self, Write};

/// Writes JSON values to `W` in `serde_json`'s layout.
pub struct JsonWriter<W: Write> {
    out: W,
    pretty: bool,
    /// Indentation level of the innermost open container.
    indent: usize,
    /// For each open container: whether it has a value yet.
    open: Vec<bool>,
    /// A key was just written: the next value follows it directly.
    after_key: bool,
}

/// serde_json's escapes: `"`, `\`, and the control characters.
fn escape(b: u8) -> Option<&'static [u8]> {
    Some(match b {
        b'"' => b"\\\"",
        b'\\' => b"\\\\",
        0x08 => b"\\b",
        0x0C => b"\\f",
        b'\n' => b"\\n",
        b'\r' => b"\\r",
        b'\t' => b"\\t",
        _ => return None,
    })
}

impl<W: Write> JsonWriter<W> {
    /// A writer to `out`; `pretty`: serde_json's pretty layout, starting
    /// `indent` levels in (an element of an enclosing array written by the
    /// caller).
    pub fn new(out: W, pretty: bool, indent: usize) -> JsonWriter<W> {
        JsonWriter {
            out,
            pretty,
            indent,
            open: Vec::new(),
            after_key: false,
        }
    }

    /// Starts a new value at `indent` levels in (after an error left one
    /// unfinished).
    pub fn reset(&mut self, indent: usize) {
        self.indent = indent;
        self.open.clear();
        self.after_key = false;
    }

    /// The underlying writer.
    pub fn into_inner(self) -> W {
        self.out
    }

    /// The underlying writer, borrowed.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    fn newline(&mut self) -> io::Result<()> {
        self.out.write_all(b"\n")?;
        for _ in 0..self.indent {
            self.out.write_all(b"  ")?;
        }
        Ok(())
    }

    /// Before a value: the comma and line break of an array element.
    fn value(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.after_key) {
            return Ok(());
        }
        if let Some(has) = self.open.last_mut() {
            let first = !std::mem::replace(has, true);
            if !first {
                self.out.write_all(b",")?;
            }
            if self.pretty {
                self.newline()?;
            }
        }
        Ok(())
    }

    fn begin(&mut self, bracket: &[u8]) -> io::Result<()> {
        self.value()?;
        self.out.write_all(bracket)?;
        self.open.push(false);
        self.indent += 1;
        Ok(())
    }

    fn end(&mut self, bracket: &[u8]) -> io::Result<()> {
        let had = self.open.pop().unwrap_or(false);
        self.indent = self.indent.saturating_sub(1);
        if had && self.pretty {
            self.newline()?;
        }
        self.out.write_all(bracket)
    }

    /// `{`.
    pub fn begin_object(&mut self) -> io::Result<()> {
        self.begin(b"{")
    }

    /// `}`.
    pub fn end_object(&mut self) -> io::Result<()> {
        self.end(b"}")
    }

    /// `[`.
    pub fn begin_array(&mut self) -> io::Result<()> {
        self.begin(b"[")
    }

    /// `]`.
    pub fn end_array(&mut self) -> io::Result<()> {
        self.end(b"]")
    }

    /// A key of the open object; its value comes next.
    pub fn key(&mut self, k: &str) -> io::Result<()> {
        self.value()?;
        self.quoted(k)?;
        self.out.write_all(if self.pretty { b": " } else { b":" })?;
        self.after_key = true;
        Ok(())
    }

    /// A string value.
    pub fn string(&mut self, s: &str) -> io::Result<()> {
        self.value()?;
        self.quoted(s)
    }

    fn quoted(&mut self, s: &str) -> io::Result<()> {
        let bytes = s.as_bytes();
        self.out.write_all(b"\"")?;
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b >= 0x20 && b != b'"' && b != b'\\' {
                continue;
            }
            self.out.write_all(&bytes[start..i])?;
            match escape(b) {
                Some(e) => self.out.write_all(e)?,
                None => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    let u = [
                        b'\\',
                        b'u',
                        b'0',
                        b'0',
                        HEX[usize::from(b >> 4)],
                        HEX[usize::from(b & 0xF)],
                    ];
                    self.out.write_all(&u)?;
                }
            }
            start = i + 1;
        }
        self.out.write_all(&bytes[start..])?;
        self.out.write_all(b"\"")
    }

    /// A whole number.
    pub fn number(&mut self, n: u64) -> io::Result<()> {
        self.value()?;
        write!(self.out, "{n}")
    }

    /// `true` or `false`.
    pub fn boolean(&mut self, b: bool) -> io::Result<()> {
        self.value()?;
        self.out.write_all(if b { b"true" } else { b"false" })
    }

    /// `null`.
    pub fn null(&mut self) -> io::Result<()> {
        self.value()?;
        self.out.write_all(b"null")
    }

    /// A string, or `null`.
    pub fn opt_string(&mut self, s: Option<&str>) -> io::Result<()> {
        match s {
            Some(s) => self.string(s),
            None => self.null(),
        }
    }
}
