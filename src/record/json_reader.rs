//! Reading JSON games one at a time, so that memory holds one game however
//! long the text is.
//!
//! A small framer finds where each top-level game ends (it tracks only
//! strings, escapes and bracket depth), and serde parses the game's bytes as
//! a slice. Parsing slices, not a reader, keeps serde's positions exact: a
//! reader counts a byte it only peeked at, so its errors can point one
//! column (or one line) too far. The framer's own errors (between games)
//! use serde's words and positions, so a text gets the same verdict as
//! `serde_json::from_slice` would give it whole (`tests/json_reader.rs`
//! checks this; the one difference is serde's nesting limit, which now
//! applies to each game alone rather than counting the enclosing array).
//! Columns count characters, as in PGN positions (serde counts bytes), and
//! an error at a byte is at column 1 at least.
//!
//! The input is read in large blocks into the framer's own buffer, and a
//! reader may first try each value where it starts there, unframed
//! ([`read_json_values`], [`JsonValues::fast`]: `convert --to pgn` reads
//! clean games that way, `record::json_read_stream`); only a value it
//! leaves is framed (and a long one read on until it ends), so memory
//! still holds one game.
//!
//! ```
//! use fvnote::record::json_reader::each_json_game;
//! let text = br#"[{"format": "fvnote-record", "version": 1, "tags": [], "moves": []}]"#;
//! let mut starts = Vec::new();
//! each_json_game(&text[..], |_game, at| {
//!     starts.push((at.line, at.column));
//!     Ok(())
//! })
//! .unwrap();
//! assert_eq!(starts, [(1, 2)]);
//! ```

use std::io::{self, BufRead, Read};

use crate::model::{Located, Span};
use crate::record::json::Game;

/// Why [`each_json_game`] stopped.
#[derive(Debug)]
pub enum JsonReadError {
    /// The text is not fvnote-record JSON: where, and what was expected.
    Syntax(Located),
    /// The input could not be read.
    Read(io::Error),
    /// The caller's `each` failed; reading stopped there.
    Each(io::Error),
}

/// Hands every game of a JSON text to `each` as soon as it is read, with
/// where it is in the text: an array of games, or a sequence of game
/// objects (one document, or JSON Lines). Reading stops at the first syntax
/// error; the games before it have been handed over.
pub fn each_json_game(
    input: impl BufRead,
    mut each: impl FnMut(Game, Span) -> io::Result<()>,
) -> Result<(), JsonReadError> {
    each_json_value(input, |value, at| {
        let game = parse_game(value, at)?;
        each(game, at).map_err(JsonReadError::Each)
    })
}

/// Hands the bytes of every top-level game value of a JSON text to `each`,
/// unparsed, with where the value is (as [`each_json_game`], which parses
/// them with [`parse_game`]). Reading stops at the first error, the
/// framer's or `each`'s.
pub fn each_json_value(
    input: impl BufRead,
    each: impl FnMut(&[u8], Span) -> Result<(), JsonReadError>,
) -> Result<(), JsonReadError> {
    /// Every value framed, none read fast.
    struct Each<F>(F);
    impl<F: FnMut(&[u8], Span) -> Result<(), JsonReadError>> JsonValues for Each<F> {
        fn value(&mut self, value: &[u8], at: Span) -> Result<(), JsonReadError> {
            (self.0)(value, at)
        }
    }
    read_json_values(input, &mut Each(each))
}

/// What a fast reader made of the text at the start of a value
/// ([`JsonValues::fast`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fast {
    /// It read the value, its first this many bytes, and took it.
    Done(usize),
    /// The text ran out first: try again on the whole value.
    More,
    /// Not for it: the value goes to [`JsonValues::value`].
    Leave,
}

/// The receiver of a JSON text's top-level values ([`read_json_values`]).
pub trait JsonValues {
    /// Tries to read the value at the start of `text` (what is buffered
    /// from there on, found at `at`, whose `len` is 0; `whole`: `text` is
    /// exactly the value, framed). Nothing may have been written for it
    /// unless it answers [`Fast::Done`]. By default: [`Fast::Leave`].
    fn fast(&mut self, text: &[u8], at: Span, whole: bool) -> Result<Fast, JsonReadError> {
        let _ = (text, at, whole);
        Ok(Fast::Leave)
    }

    /// The bytes of a value that [`JsonValues::fast`] left, framed, and
    /// where it is.
    fn value(&mut self, value: &[u8], at: Span) -> Result<(), JsonReadError>;
}

/// [`each_json_value`] with a fast reader in front: each value is first
/// offered to `values.fast` where it starts in the buffer (unframed); a
/// value it does not take is framed and handed to `values.value`.
pub fn read_json_values(
    input: impl BufRead,
    values: &mut impl JsonValues,
) -> Result<(), JsonReadError> {
    let mut f = Framer {
        input,
        buf: Vec::new(),
        start: 0,
        end: 0,
        eof: false,
        offset: 0,
        line: 1,
        column: 0,
        counted: 0,
    };
    let Some(first) = f.skip_space()? else {
        return Ok(());
    };
    if first != b'[' {
        // Values separated by white space.
        while f.skip_space()?.is_some() {
            f.value(values)?;
        }
        return Ok(());
    }
    f.eat();
    match f.skip_space()? {
        Some(b']') => f.eat(),
        None => return Err(f.at_end("EOF while parsing a list")),
        Some(_) => loop {
            f.value(values)?;
            match f.skip_space()? {
                Some(b']') => {
                    f.eat();
                    break;
                }
                Some(b',') => {
                    f.eat();
                    match f.skip_space()? {
                        Some(b']') => return Err(f.at_next(b']', "trailing comma")),
                        None => return Err(f.at_end("EOF while parsing a value")),
                        Some(_) => {}
                    }
                }
                Some(b) => return Err(f.at_next(b, "expected `,` or `]`")),
                None => return Err(f.at_end("EOF while parsing a list")),
            }
        },
    }
    match f.skip_space()? {
        None => Ok(()),
        Some(b) => Err(f.at_next(b, "trailing characters")),
    }
}

/// The game in `value`, the bytes of one value found at `at` by
/// [`each_json_value`]; serde's error located in the whole text.
pub fn parse_game(value: &[u8], at: Span) -> Result<Game, JsonReadError> {
    let (line, column) = (at.line as usize, (at.column as usize).saturating_sub(1));
    match serde_json::from_slice::<Game>(value) {
        Ok(game) => Ok(game),
        Err(e) => {
            // serde's position in the value (its column counts bytes),
            // moved to where the value starts, in characters.
            let (l, c) = (e.line(), e.column());
            let at = match l {
                0 => (0, 0),
                1 => (line, column + chars(value.get(..c).unwrap_or(value))),
                _ => {
                    let start = memchr::memchr_iter(b'\n', value)
                        .nth(l - 2)
                        .map_or(value.len(), |i| i + 1);
                    let end = (start + c).min(value.len());
                    (line + l - 1, chars(&value[start..end]))
                }
            };
            Err(syntax(at, &e))
        }
    }
}

/// The bytes that matter between strings: quotes and brackets.
static STRUCTURE: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[b'[' as usize] = true;
    t[b']' as usize] = true;
    t
};

/// JSON's white space (not form feed, which `is_ascii_whitespace` allows).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Ends a value that is not an object, array or string.
fn ends_scalar(b: u8) -> bool {
    is_space(b) || matches!(b, b',' | b':' | b'[' | b']' | b'{' | b'}' | b'"')
}

/// How the bytes of a value are scanned.
#[derive(Clone, Copy)]
enum Shape {
    /// Object or array: to the bracket that closes the first (`depth` open).
    Nested { depth: usize },
    /// To the closing quote.
    String,
    /// Number, literal or junk: up to the next delimiter.
    Scalar,
}

/// Finds where a value ends, fed its bytes a buffer at a time.
#[derive(Default)]
struct Scan {
    shape: Option<Shape>,
    in_string: bool,
    /// The last byte was a backslash in a string.
    escape: bool,
    /// Bytes of a `\u` escape still to come. serde takes four bytes after
    /// `\u` whatever they are, a quote included, before it judges them.
    hex: u8,
}

impl Scan {
    /// Feeds the next bytes of the value. Where it ends in `buf`: the bytes
    /// that belong to it, and the bytes serde should see. A scalar's are one
    /// more, the byte that ends it, which serde peeks at to decide how a
    /// malformed number or literal is wrong.
    fn feed(&mut self, buf: &[u8]) -> Option<(usize, usize)> {
        let mut i = 0;
        while i < buf.len() {
            if self.escape {
                self.escape = false;
                self.hex = if buf[i] == b'u' { 4 } else { 0 };
                i += 1;
                continue;
            }
            if self.hex > 0 {
                let n = usize::from(self.hex).min(buf.len() - i);
                self.hex -= n as u8;
                i += n;
                continue;
            }
            if self.in_string {
                // Jump to what ends the string (a plain loop: strings are short).
                match buf[i..].iter().position(|&b| b == b'"' || b == b'\\') {
                    None => i = buf.len(),
                    Some(k) if buf[i + k] == b'\\' => {
                        self.escape = true;
                        i += k + 1;
                    }
                    Some(k) => {
                        self.in_string = false;
                        i += k + 1;
                        if matches!(self.shape, Some(Shape::String)) {
                            return Some((i, i));
                        }
                    }
                }
                continue;
            }
            if let Some(Shape::Nested { .. }) = self.shape {
                // Between strings only quotes and brackets matter.
                match buf[i..].iter().position(|&b| STRUCTURE[usize::from(b)]) {
                    None => {
                        i = buf.len();
                        continue;
                    }
                    Some(k) => i += k,
                }
            }
            let b = buf[i];
            i += 1;
            match (self.shape, b) {
                (None, b'{' | b'[') => self.shape = Some(Shape::Nested { depth: 1 }),
                (None, b'"') => {
                    self.shape = Some(Shape::String);
                    self.in_string = true;
                }
                (None, _) => self.shape = Some(Shape::Scalar),
                (Some(Shape::Scalar), _) if ends_scalar(b) => return Some((i - 1, i)),
                (Some(Shape::Nested { .. }), b'"') => self.in_string = true,
                (Some(Shape::Nested { depth }), b'{' | b'[') => {
                    self.shape = Some(Shape::Nested { depth: depth + 1 });
                }
                (Some(Shape::Nested { depth: 1 }), b'}' | b']') => return Some((i, i)),
                (Some(Shape::Nested { depth }), b'}' | b']') => {
                    self.shape = Some(Shape::Nested { depth: depth - 1 });
                }
                _ => {}
            }
        }
        None
    }
}

/// Bytes read from the input at a time (at least).
const CHUNK: usize = 1 << 20;

struct Framer<R> {
    input: R,
    /// Input read and not yet dropped, `buf[..end]`; `buf[start..end]`
    /// is unread.
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// The input has ended.
    eof: bool,
    /// Where `buf[start]` is: its offset, its 1-based line, and the
    /// characters on that line before `buf[counted]` (the characters up
    /// to `start` are counted only when a column is asked for, so a value
    /// that ends no line costs no count).
    offset: u64,
    line: usize,
    column: usize,
    counted: usize,
}

impl<R: Read> Framer<R> {
    /// Reads more input after what `buf` holds (dropping what was read
    /// before `start`); false at its end.
    fn fill(&mut self) -> Result<bool, JsonReadError> {
        if self.eof {
            return Ok(false);
        }
        if self.start > 0 {
            self.count_column();
            self.counted = 0;
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        // Room for a chunk (the vector's own growth keeps a long value's
        // reading linear; only the room made is touched, so memory stays
        // near the value's size).
        if self.buf.len() < self.end + CHUNK / 2 {
            self.buf.resize(self.end + CHUNK, 0);
        }
        let read = loop {
            match self.input.read(&mut self.buf[self.end..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                r => break r,
            }
        };
        let n = read.map_err(JsonReadError::Read)?;
        self.end += n;
        self.eof = n == 0;
        Ok(n > 0)
    }

    /// Moves past the next `n` unread bytes.
    fn advance(&mut self, n: usize) {
        let bytes = &self.buf[self.start..self.start + n];
        if let Some(last) = memchr::memrchr(b'\n', bytes) {
            self.line += newlines(&bytes[..last]) + 1;
            self.column = 0;
            self.counted = self.start + last + 1;
        }
        self.start += n;
        self.offset += n as u64;
    }

    /// Counts the characters of the line up to `start`: the column there
    /// (0-based).
    fn count_column(&mut self) -> usize {
        self.column += chars(&self.buf[self.counted..self.start]);
        self.counted = self.start;
        self.column
    }

    /// Consumes the byte just peeked at.
    fn eat(&mut self) {
        self.advance(1);
    }

    /// Skips white space; the next byte, not consumed.
    fn skip_space(&mut self) -> Result<Option<u8>, JsonReadError> {
        loop {
            let rest = &self.buf[self.start..self.end];
            let n = rest
                .iter()
                .position(|&b| !is_space(b))
                .unwrap_or(rest.len());
            self.advance(n);
            if self.start < self.end {
                return Ok(Some(self.buf[self.start]));
            }
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// Hands the value that starts at the next byte (not white space) to
    /// `values` and moves past it.
    fn value(&mut self, values: &mut impl JsonValues) -> Result<(), JsonReadError> {
        let at = Span {
            offset: self.offset,
            line: u32::try_from(self.line).unwrap_or(u32::MAX),
            column: u32::try_from(self.count_column() + 1).unwrap_or(u32::MAX),
            len: 0,
        };
        let mut retried = false;
        let more = loop {
            match values.fast(&self.buf[self.start..self.end], at, false)? {
                Fast::Done(n) => {
                    self.advance(n.min(self.end - self.start));
                    return Ok(());
                }
                // Cut by the end of the buffer (a value that spans a read):
                // one more read and it is most often whole. Only one (a
                // read waits for input, and the value may end in what has
                // come), then it is framed.
                Fast::More if !retried => {
                    retried = true;
                    if !self.fill()? {
                        break true;
                    }
                }
                Fast::More => break true,
                Fast::Leave => break false,
            }
        };
        let (used, copied) = self.frame()?;
        let value = &self.buf[self.start..self.start + copied];
        let at = Span {
            len: u32::try_from(value.len()).unwrap_or(u32::MAX),
            ..at
        };
        let done = more && matches!(values.fast(value, at, true)?, Fast::Done(_));
        if !done {
            values.value(value, at)?;
        }
        self.advance(used);
        Ok(())
    }

    /// Reads on until the value that starts at `buf[start]` ends: the
    /// bytes that belong to it, and the bytes serde should see (see
    /// [`Scan::feed`]).
    fn frame(&mut self) -> Result<(usize, usize), JsonReadError> {
        let mut scan = Scan::default();
        let mut fed = 0;
        loop {
            if let Some((used, copied)) = scan.feed(&self.buf[self.start + fed..self.end]) {
                return Ok((fed + used, fed + copied));
            }
            fed = self.end - self.start;
            if !self.fill()? {
                return Ok((fed, fed));
            }
        }
    }

    /// An error at the next byte, `next` (peeked, not consumed). Its column
    /// counts the characters up to and including it, as serde's positions
    /// are converted: a byte that continues a character (in text that is
    /// not UTF-8) adds none.
    fn at_next(&mut self, next: u8, what: &str) -> JsonReadError {
        located(
            at_byte((self.line, self.count_column() + chars(&[next]))),
            what,
        )
    }

    /// An error at the end of the input.
    fn at_end(&mut self, what: &str) -> JsonReadError {
        located((self.line, self.count_column()), what)
    }
}

/// Line breaks in `bytes` (counted in runs a byte counter cannot overflow,
/// which vectorise).
fn newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|run| {
            let n = run
                .iter()
                .fold(0u8, |n, &b| n.wrapping_add(u8::from(b == b'\n')));
            usize::from(n)
        })
        .sum()
}

/// Characters in UTF-8 `bytes` (bytes that do not continue a character),
/// so columns match what an editor shows, as in PGN positions.
fn chars(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|run| {
            let n = run
                .iter()
                .fold(0u8, |n, &b| n.wrapping_add(u8::from(b & 0xC0 != 0x80)));
            usize::from(n)
        })
        .sum()
}

fn located((line, column): (usize, usize), what: &str) -> JsonReadError {
    JsonReadError::Syntax(Located {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
        message: format!("invalid fvnote-record JSON: {what}"),
    })
}

/// An error at a byte is at column 1 at least: a stray byte that continues
/// no character (which counts none) is still somewhere. (The end of the
/// input on an empty line stays at column 0, serde's place for it.)
fn at_byte((line, column): (usize, usize)) -> (usize, usize) {
    match line {
        0 => (line, column),
        _ => (line, column.max(1)),
    }
}

/// serde's message without its own position.
fn syntax(at: (usize, usize), e: &serde_json::Error) -> JsonReadError {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let at = match e.is_eof() {
        true => at,
        false => at_byte(at),
    };
    located(at, text.strip_suffix(&suffix).unwrap_or(&text))
}
