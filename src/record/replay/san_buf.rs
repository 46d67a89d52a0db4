//! A move's text built on the stack.
//!
//! [`clean_san`](super::fast::clean_san) writes a few bytes a ply; pushed
//! one at a time into a `CompactString` they cost more than replaying the
//! move. They are written into a [`SanBuf`] instead and the string is made
//! once from the finished text.

use std::fmt;

/// Longer than any piece move or castling with its mark; a longer text
/// (a Slide-chess insertion with many promotions) overflows and is
/// written the slow way.
const CAP: usize = 32;

/// Text of at most [`CAP`] bytes on the stack; writing more fails and
/// marks it overflowed.
pub struct SanBuf {
    bytes: [u8; CAP],
    len: usize,
    overflow: bool,
}

impl SanBuf {
    /// An empty buffer.
    #[inline]
    pub fn new() -> SanBuf {
        SanBuf {
            bytes: [0; CAP],
            len: 0,
            overflow: false,
        }
    }

    /// The bytes written, None if more were written than fit.
    #[inline]
    pub fn bytes(&self) -> Option<&[u8]> {
        match self.overflow {
            true => None,
            false => self.bytes.get(..self.len),
        }
    }
}

impl Default for SanBuf {
    fn default() -> SanBuf {
        SanBuf::new()
    }
}

impl fmt::Write for SanBuf {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        match self.bytes.get_mut(self.len..end) {
            Some(slot) => {
                // A byte at a time: a piece letter or two, where a call to
                // copy them would cost more than the copy.
                for (slot, &b) in slot.iter_mut().zip(s.as_bytes()) {
                    *slot = b;
                }
                self.len = end;
                Ok(())
            }
            None => {
                self.overflow = true;
                Err(fmt::Error)
            }
        }
    }

    #[inline]
    fn write_char(&mut self, c: char) -> fmt::Result {
        // Nearly every character of SAN is ASCII: one byte, no encoding.
        match (u8::try_from(c), self.bytes.get_mut(self.len)) {
            (Ok(b), Some(slot)) if b.is_ascii() => {
                *slot = b;
                self.len += 1;
                Ok(())
            }
            _ => self.write_str(c.encode_utf8(&mut [0; 4])),
        }
    }
}
