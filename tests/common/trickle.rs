//! A reader that gives at most `step` bytes a read, so input crosses the
//! end of every buffer the readers under test keep.

use std::io::Read;

/// `data`, handed out `step` bytes at a time at most.
pub struct Trickle<'a> {
    pub data: &'a [u8],
    pub step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}
