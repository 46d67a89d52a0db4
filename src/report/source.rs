//! Where the human printer finds the source line of a diagnostic: the file
//! again (a seek near the offset), or the recent bytes of standard input,
//! kept only until their games are reported.

use std::cell::RefCell;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::rc::Rc;

use crate::model::Span;
use crate::record::validate::line_around;

/// Bytes of standard input kept until their games are reported, so error
/// lines can be shown without reading all of stdin into memory.
#[derive(Default)]
pub struct Kept {
    /// Stream offset of `bytes[0]`.
    base: u64,
    bytes: Vec<u8>,
    /// Bytes at the front already forgotten, dropped only once they are
    /// half the buffer: dropping them after every game moved megabytes
    /// per game and made standard input twice as slow as a file.
    dead: usize,
}

impl Kept {
    /// Forgets bytes before the line that holds `offset`.
    pub fn trim_before(&mut self, offset: u64) {
        let Some(rel) = offset.checked_sub(self.base) else {
            return;
        };
        let rel = (rel as usize).min(self.bytes.len());
        if rel <= self.dead {
            return;
        }
        let cut = self.bytes[self.dead..rel]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(self.dead, |i| self.dead + i + 1);
        self.dead = cut;
        if self.dead > self.bytes.len() / 2 {
            self.bytes.drain(..self.dead);
            self.base += self.dead as u64;
            self.dead = 0;
        }
    }

    /// The kept bytes from the first line not forgotten, and their offset.
    fn live(&self) -> (u64, &[u8]) {
        (self.base + self.dead as u64, &self.bytes[self.dead..])
    }
}

/// A reader that keeps what it reads in a shared [`Kept`].
pub struct Tee<R> {
    inner: R,
    kept: Rc<RefCell<Kept>>,
}

impl<R> Tee<R> {
    /// Reads `inner`, keeping its bytes in `kept`.
    pub fn new(inner: R, kept: Rc<RefCell<Kept>>) -> Tee<R> {
        Tee { inner, kept }
    }
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.kept
            .borrow_mut()
            .bytes
            .extend_from_slice(buf.get(..n).unwrap_or(&[]));
        Ok(n)
    }
}

/// Where source lines come from for the snippet under a diagnostic.
pub enum Source {
    /// The input file, opened again (None: no lines to show).
    File(Option<File>),
    /// Standard input's recent bytes.
    Kept(Rc<RefCell<Kept>>),
}

impl Default for Source {
    /// No lines to show.
    fn default() -> Source {
        Source::File(None)
    }
}

impl Source {
    /// The source line holding byte `offset`, and the offset of its start,
    /// as read (bytes that are not UTF-8 kept: see [`shown`]). A line
    /// longer than the window is cut to the window around `offset`.
    pub fn line(&mut self, offset: u64) -> Option<(u64, Vec<u8>)> {
        match self {
            Source::File(f) => {
                let f = f.as_mut()?;
                const WINDOW: u64 = 4096;
                let from = offset.saturating_sub(WINDOW);
                f.seek(SeekFrom::Start(from)).ok()?;
                let mut buf = Vec::new();
                Read::by_ref(f)
                    .take(2 * WINDOW)
                    .read_to_end(&mut buf)
                    .ok()?;
                let (start, line) = line_around(&buf, (offset - from) as usize)?;
                Some((from + start as u64, line.to_vec()))
            }
            Source::Kept(k) => {
                let k = k.borrow();
                let (base, bytes) = k.live();
                let rel = offset.checked_sub(base)? as usize;
                let (start, line) = line_around(bytes, rel)?;
                Some((base + start as u64, line.to_vec()))
            }
        }
    }
}

impl Source {
    /// The bytes `span` covers, as read; `None` when they cannot be read
    /// again (or when the span is empty or one byte, whose width is known).
    fn bytes(&mut self, span: Span) -> Option<Vec<u8>> {
        if span.len <= 1 {
            return None;
        }
        match self {
            Source::File(f) => {
                let f = f.as_mut()?;
                f.seek(SeekFrom::Start(span.offset)).ok()?;
                let mut buf = Vec::new();
                Read::by_ref(f)
                    .take(u64::from(span.len))
                    .read_to_end(&mut buf)
                    .ok()?;
                (buf.len() == span.len as usize).then_some(buf)
            }
            Source::Kept(k) => {
                let k = k.borrow();
                let (base, bytes) = k.live();
                let rel = usize::try_from(span.offset.checked_sub(base)?).ok()?;
                bytes
                    .get(rel..rel.checked_add(span.len as usize)?)
                    .map(<[u8]>::to_vec)
            }
        }
    }

    /// The line and column just past `span`, in characters ([`Span::end`]),
    /// from its bytes read again.
    pub fn end(&mut self, span: Span) -> (u32, u32) {
        match self.bytes(span) {
            Some(text) => span.end(Some(&text)),
            // Empty or one byte: one column, whatever the byte.
            None if span.len <= 1 => span.end(Some(b"")),
            None => span.end(None),
        }
    }
}

/// `line` as text to show, each byte that is not UTF-8 shown as one U+FFFD,
/// since the reader counts one column for it (`from_utf8_lossy` writes one
/// U+FFFD for a run of such bytes, which would shift what follows); and,
/// for each byte offset of `line` (and its end), the offset in the text
/// where that byte is shown.
pub fn shown(line: &[u8]) -> (String, Vec<usize>) {
    let mut text = String::with_capacity(line.len());
    let mut at = Vec::with_capacity(line.len() + 1);
    for chunk in line.utf8_chunks() {
        let valid = chunk.valid();
        at.extend((0..valid.len()).map(|i| text.len() + i));
        text.push_str(valid);
        for _ in chunk.invalid() {
            at.push(text.len());
            text.push(char::REPLACEMENT_CHARACTER);
        }
    }
    at.push(text.len());
    (text, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_byte_not_utf8_is_one_character() {
        // A truncated 3-byte sequence (two bytes), then é, then a lone byte.
        let (text, at) = shown(b"a\xe2\x82b\xc3\xa9\xffc");
        assert_eq!(text, "a\u{FFFD}\u{FFFD}b\u{e9}\u{FFFD}c");
        assert_eq!(text.chars().count(), 7);
        assert_eq!(&text[at[3]..], "b\u{e9}\u{FFFD}c");
        assert_eq!(&text[at[6]..], "\u{FFFD}c");
        assert_eq!(at[8], text.len());
    }

    #[test]
    fn kept_trims_to_line_start() {
        let mut k = Kept {
            base: 0,
            bytes: b"ab\ncd\nef\ngh".to_vec(),
            dead: 0,
        };
        k.trim_before(4);
        assert_eq!(k.live(), (3, &b"cd\nef\ngh"[..]));
        k.trim_before(1);
        assert_eq!(k.live().0, 3);
        // Past half the buffer the forgotten bytes are dropped.
        k.trim_before(10);
        assert_eq!((k.base, &k.bytes[..], k.dead), (9, &b"gh"[..], 0));
        assert_eq!(k.live(), (9, &b"gh"[..]));
    }
}
