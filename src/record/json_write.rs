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
    /// Text not yet passed to `out`: values come in many small pieces.
    buf: Vec<u8>,
    pretty: bool,
    /// Indentation level of the innermost open container.
    indent: usize,
    /// For each open container: whether it has a value yet.
    open: Vec<bool>,
    /// A key was just written: the next value follows it directly.
    after_key: bool,
}

/// Bytes gathered before they are passed on.
const BUF: usize = 1 << 15;

/// Appends `bytes`; keys and most values are a few bytes long, and a call
/// to `memcpy` for each cost more than the bytes.
#[inline]
fn push_short(buf: &mut Vec<u8>, bytes: &[u8]) {
    if bytes.len() > 16 {
        buf.extend_from_slice(bytes);
        return;
    }
    buf.extend(bytes.iter().copied());
}

/// `s` as a JSON string, escaped as serde_json does, appended to `buf`.
pub fn push_quoted(buf: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    buf.reserve(bytes.len() + 2);
    if bytes.len() <= 16 && !bytes.iter().any(|&b| needs_escape(b)) {
        // The usual case, a short plain string: no copy per stretch.
        buf.push(b'"');
        buf.extend(bytes.iter().copied());
        buf.push(b'"');
        return;
    }
    buf.push(b'"');
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !needs_escape(b) {
            continue;
        }
        buf.extend_from_slice(&bytes[start..i]);
        match escape(b) {
            Some(e) => buf.extend_from_slice(e),
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
                buf.extend_from_slice(&u);
            }
        }
        start = i + 1;
    }
    push_short(buf, &bytes[start..]);
    buf.push(b'"');
}

/// A string that needs no escaping (a field's fixed value: a kind, a
/// colour, a role code), quoted, appended to `buf`.
#[inline]
pub fn push_plain(buf: &mut Vec<u8>, s: &'static str) {
    debug_assert!(!s.bytes().any(needs_escape), "{s:?}");
    buf.reserve(s.len() + 2);
    buf.push(b'"');
    buf.extend(s.bytes());
    buf.push(b'"');
}

/// `n` in decimal, appended to `buf`.
pub fn push_number(buf: &mut Vec<u8>, n: u64) {
    if n < 10 {
        buf.push(b'0' + n as u8);
        return;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// Whether serde_json escapes `b` in a string.
#[inline]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
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
            buf: Vec::with_capacity(BUF),
            pretty,
            indent,
            open: Vec::new(),
            after_key: false,
        }
    }

    /// Starts a new value at `indent` levels in; what was not passed on of
    /// an unfinished one (after an error) is dropped.
    pub fn reset(&mut self, indent: usize) {
        self.buf.clear();
        self.indent = indent;
        self.open.clear();
        self.after_key = false;
    }

    /// The underlying writer, with everything written.
    pub fn into_inner(mut self) -> W {
        // As a `BufWriter` dropped: a failure here is the writer's to report.
        let _ = self.flush();
        self.out
    }

    /// The underlying writer, borrowed (call [`JsonWriter::flush`] first
    /// to have everything written in it).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Passes what was written on to the underlying writer.
    pub fn flush(&mut self) -> io::Result<()> {
        let r = self.out.write_all(&self.buf);
        self.buf.clear();
        r
    }

    /// Bytes written as they are (a separator between values the caller
    /// lays out itself).
    pub fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.put(bytes)
    }

    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(bytes);
        self.spill()
    }

    /// Passes the text on once enough has gathered.
    #[inline]
    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= BUF {
            self.flush()?;
        }
        Ok(())
    }

    fn newline(&mut self) -> io::Result<()> {
        self.buf.push(b'\n');
        for _ in 0..self.indent {
            self.buf.extend_from_slice(b"  ");
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
                self.buf.push(b',');
            }
            if self.pretty {
                self.newline()?;
            }
        }
        Ok(())
    }

    fn begin(&mut self, bracket: &[u8]) -> io::Result<()> {
        self.value()?;
        self.buf.extend_from_slice(bracket);
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
        self.put(bracket)
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

    /// A key of the open object; its value comes next. Keys are the
    /// caller's field names: written as they are, so none may need
    /// escaping (checked in debug builds).
    pub fn key(&mut self, k: &str) -> io::Result<()> {
        debug_assert!(!k.bytes().any(needs_escape), "{k:?}");
        self.value()?;
        let sep: &[u8] = if self.pretty { b"\": " } else { b"\":" };
        self.buf.push(b'"');
        push_short(&mut self.buf, k.as_bytes());
        push_short(&mut self.buf, sep);
        self.after_key = true;
        Ok(())
    }

    /// A string value.
    pub fn string(&mut self, s: &str) -> io::Result<()> {
        self.value()?;
        self.quoted(s)
    }

    fn quoted(&mut self, s: &str) -> io::Result<()> {
        push_quoted(&mut self.buf, s);
        self.spill()
    }

    /// A whole number.
    pub fn number(&mut self, n: u64) -> io::Result<()> {
        self.value()?;
        push_number(&mut self.buf, n);
        self.spill()
    }

    /// Whether the layout is serde_json's pretty one.
    pub fn is_pretty(&self) -> bool {
        self.pretty
    }

    /// The text of the innermost open object, for the caller to append
    /// members to itself: each member its [`JsonWriter::member_lead`]
    /// (without the comma for the first), `"key"`, the colon (`:`, or `: `
    /// when pretty) and the value, written with [`push_quoted`]
    /// and [`push_number`]. The object counts as having a member; the
    /// writer's own calls go on after them. A ply is some fifteen short
    /// members, and this spares each its bookkeeping.
    pub fn members(&mut self) -> &mut Vec<u8> {
        debug_assert!(!self.after_key);
        if let Some(has) = self.open.last_mut() {
            *has = true;
        }
        &mut self.buf
    }

    /// What comes before a member of the innermost open object other than
    /// its first, written into `lead` (cleared first): `,` in the compact
    /// layout; `,`, a line break and the members' indentation in the
    /// pretty one.
    pub fn member_lead(&self, lead: &mut Vec<u8>) {
        lead.clear();
        lead.push(b',');
        if self.pretty {
            lead.push(b'\n');
            lead.resize(2 + 2 * self.indent, b' ');
        }
    }

    /// `true` or `false`.
    pub fn boolean(&mut self, b: bool) -> io::Result<()> {
        self.value()?;
        self.put(if b { b"true" } else { b"false" })
    }

    /// `null`.
    pub fn null(&mut self) -> io::Result<()> {
        self.value()?;
        self.put(b"null")
    }

    /// A string, or `null`.
    pub fn opt_string(&mut self, s: Option<&str>) -> io::Result<()> {
        match s {
            Some(s) => self.string(s),
            None => self.null(),
        }
    }
}
