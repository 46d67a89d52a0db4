//! Output held back a game at a time, so standard output gets only whole
//! games: a game's conversion is kept in memory until the game is read to
//! its end without error ([`Held::commit`]), and dropped when it fails
//! ([`Held::abandon`]). A game whose conversion outgrows the limit is
//! passed on as it is made instead (memory stays bounded); if such a game
//! then fails, what was passed on is cut, and `abandon` says so.
//!
//! ```
//! use std::io::Write;
//! use fvnote::record::convert::held::Held;
//! let mut out = Vec::new();
//! let mut held = Held::new(&mut out, 1 << 20);
//! held.write_all(b"game 1\n").unwrap();
//! held.commit().unwrap();
//! held.write_all(b"half a ga").unwrap();
//! assert!(!held.abandon()); // nothing of it went out
//! drop(held);
//! assert_eq!(out, b"game 1\n");
//! ```

use std::io::{self, Write};

/// A writer that holds each game back (see the module).
pub struct Held<'a> {
    out: &'a mut dyn Write,
    buf: Vec<u8>,
    limit: usize,
    /// Part of the current game went out already.
    passed: bool,
    /// Everything written is dropped (after an error).
    discard: bool,
}

impl<'a> Held<'a> {
    /// Holds up to `limit` bytes of a game (0: passes everything on at once,
    /// for a file that is only kept when everything converted).
    pub fn new(out: &'a mut dyn Write, limit: usize) -> Held<'a> {
        Held {
            out,
            buf: Vec::new(),
            limit,
            passed: false,
            discard: false,
        }
    }

    /// The game is complete: pass it on, and (when games are held back,
    /// for a reader at the other end of a pipe) flush it, so a game is out
    /// before the next is read; one write per game costs little beside
    /// converting it.
    pub fn commit(&mut self) -> io::Result<()> {
        self.passed = false;
        let r = self.out.write_all(&self.buf);
        self.buf.clear();
        r?;
        if self.limit > 0 && !self.discard {
            self.out.flush()?;
        }
        Ok(())
    }

    /// The game failed: drop it. Whether part of it had gone out already.
    pub fn abandon(&mut self) -> bool {
        self.buf.clear();
        std::mem::take(&mut self.passed)
    }

    /// From now on drop everything written (nothing more is to be output).
    pub fn discard(&mut self) {
        self.discard = true;
        self.buf = Vec::new();
    }
}

impl Write for Held<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.discard {
            return Ok(data.len());
        }
        if !self.passed && self.buf.len() + data.len() <= self.limit {
            self.buf.extend_from_slice(data);
            return Ok(data.len());
        }
        self.passed = true;
        if !self.buf.is_empty() {
            self.out.write_all(&self.buf)?;
            self.buf = Vec::new();
        }
        self.out.write_all(data)?;
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// An output written a game at a time: a game is passed on whole when
/// complete, or dropped when a writer finds late that it cannot be written.
pub trait GameOut: Write {
    /// The game is complete: pass it on.
    fn commit_game(&mut self) -> io::Result<()>;
    /// Drops what was written of the current game; whether part of it had
    /// gone out already (the output is then cut inside it).
    fn drop_game(&mut self) -> bool;
}

impl GameOut for Held<'_> {
    fn commit_game(&mut self) -> io::Result<()> {
        self.commit()
    }
    fn drop_game(&mut self) -> bool {
        self.abandon()
    }
}

/// How much of one game's conversion is held back, so that the output
/// gets only whole games (a longer game streams).
pub const HOLD_MIB: usize = 16;

/// Games written to memory, a game at a time (a dropped game is cut off
/// the end).
#[derive(Debug, Default)]
pub struct Buffer {
    /// The games written.
    pub bytes: Vec<u8>,
    /// Where the current game starts.
    start: usize,
}

impl Write for Buffer {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.bytes.extend_from_slice(data);
        Ok(data.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl GameOut for Buffer {
    fn commit_game(&mut self) -> io::Result<()> {
        self.start = self.bytes.len();
        Ok(())
    }
    fn drop_game(&mut self) -> bool {
        self.bytes.truncate(self.start);
        false
    }
}
