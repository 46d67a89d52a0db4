//! Where the human printer finds the source line of a diagnostic: the file
//! again (a seek near the offset), or the recent bytes of standard input,
//! kept only until their games are reported.

use std::cell::RefCell;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::rc::Rc;

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

impl Source {
    /// The source line holding byte `offset`, and the offset of its start.
    /// A line longer than the window is cut to the window around `offset`.
    pub fn line(&mut self, offset: u64) -> Option<(u64, String)> {
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
                Some((
                    from + start as u64,
                    String::from_utf8_lossy(line).into_owned(),
                ))
            }
            Source::Kept(k) => {
                let k = k.borrow();
                let (base, bytes) = k.live();
                let rel = offset.checked_sub(base)? as usize;
                let (start, line) = line_around(bytes, rel)?;
                Some((
                    base + start as u64,
                    String::from_utf8_lossy(line).into_owned(),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
