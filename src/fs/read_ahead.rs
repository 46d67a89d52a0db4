//! Standard input read ahead on a thread of its own.
//!
//! A pipe hands over at most its buffer (64 KiB on Linux) a read, and a
//! reader that reads it between games waits on each of those reads in
//! turn. [`ReadAhead`] reads on a thread of its own into a buffer of up to
//! [`AHEAD`] bytes, and each read of the caller takes everything gathered
//! so far: the copying out of the pipe runs beside the parsing, and a
//! parser that is slower than its producer is handed large blocks (so a
//! value cut by a block's end is rare). A slow producer loses nothing: a
//! read returns as soon as any bytes have come, so games are still handled
//! as they arrive.
//!
//! ```
//! use std::io::Read;
//! use fvnote::fs::ReadAhead;
//! let mut r = ReadAhead::new(&b"1. e4 e5 *\n"[..]);
//! let mut text = String::new();
//! r.read_to_string(&mut text).unwrap();
//! assert_eq!(text, "1. e4 e5 *\n");
//! ```

use std::io::{self, BufRead, Read};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The most bytes read ahead of the caller: memory stays bounded whatever
/// the input.
pub const AHEAD: usize = 4 << 20;
/// The most bytes the thread asks for in one read.
const READ: usize = 1 << 18;

/// A [`Read`] and [`BufRead`] over `R`, which a thread of its own reads
/// ahead (see the module). The thread ends at the input's end, at its first error (which
/// the caller's next read returns, after the bytes before it), or when the
/// `ReadAhead` is dropped and its read in progress returns.
pub struct ReadAhead {
    shared: Arc<Shared>,
    /// Bytes taken from the thread, `block[at..]` not yet read.
    block: Vec<u8>,
    at: usize,
}

struct Shared {
    state: Mutex<State>,
    /// Signalled when bytes, the end or an error come, and when the
    /// caller takes the bytes or goes.
    changed: Condvar,
}

#[derive(Default)]
struct State {
    ahead: Vec<u8>,
    end: bool,
    error: Option<io::Error>,
    /// The `ReadAhead` is gone: the thread stops.
    closed: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic never holds the lock with the state half changed.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(&self, guard: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed.wait(guard).unwrap_or_else(|e| e.into_inner())
    }
}

impl ReadAhead {
    /// Starts the thread that reads `input`.
    pub fn new<R: Read + Send + 'static>(input: R) -> ReadAhead {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
        });
        let theirs = Arc::clone(&shared);
        std::thread::spawn(move || fill(input, &theirs));
        ReadAhead {
            shared,
            block: Vec::new(),
            at: 0,
        }
    }

    /// Standard input, read ahead.
    pub fn stdin() -> ReadAhead {
        ReadAhead::new(io::stdin())
    }
}

/// The thread's work: reads `input` into the shared buffer until its end,
/// an error or the reader's going.
fn fill<R: Read>(mut input: R, shared: &Shared) {
    let mut chunk = vec![0u8; READ];
    loop {
        let got = match input.read(&mut chunk) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            got => got,
        };
        let mut state = shared.lock();
        match got {
            Ok(0) => state.end = true,
            Ok(n) => {
                while state.ahead.len() >= AHEAD && !state.closed {
                    state = shared.wait(state);
                }
                state.ahead.extend_from_slice(&chunk[..n]);
            }
            Err(e) => state.error = Some(e),
        }
        let done = state.end || state.error.is_some() || state.closed;
        drop(state);
        shared.changed.notify_all();
        if done {
            return;
        }
    }
}

impl BufRead for ReadAhead {
    /// The rest of the block taken last, or everything gathered since:
    /// the block is the buffer, so no reader need be put on top.
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.block.len() {
            let mut state = self.shared.lock();
            while state.ahead.is_empty() && !state.end && state.error.is_none() {
                state = self.shared.wait(state);
            }
            if state.ahead.is_empty() {
                // The end, or the error (once; then the end).
                return match state.error.take() {
                    Some(e) => {
                        state.end = true;
                        Err(e)
                    }
                    None => Ok(&[]),
                };
            }
            self.block.clear();
            std::mem::swap(&mut self.block, &mut state.ahead);
            self.at = 0;
            drop(state);
            self.shared.changed.notify_all();
        }
        Ok(&self.block[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.block.len());
    }
}

impl Read for ReadAhead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        let ahead = self.fill_buf()?;
        let n = out.len().min(ahead.len());
        out[..n].copy_from_slice(&ahead[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl Drop for ReadAhead {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufRead;

    /// Hands out `text` a few bytes a read, then an error.
    struct Trickle {
        text: Vec<u8>,
        at: usize,
        step: usize,
        fail: bool,
    }

    impl Read for Trickle {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.at == self.text.len() {
                return match self.fail {
                    true => Err(io::Error::other("disk on fire")),
                    false => Ok(0),
                };
            }
            let n = self.step.min(out.len()).min(self.text.len() - self.at);
            out[..n].copy_from_slice(&self.text[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    fn text(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[test]
    fn every_byte_comes_in_order_whatever_the_read_sizes() {
        let (short, long) = (text(10_007), text(3 * AHEAD + 12_345));
        for (bytes, step) in [(&short, 1), (&long, 4096), (&long, READ), (&long, 3 * READ)] {
            let input = Trickle {
                text: bytes.clone(),
                at: 0,
                step,
                fail: false,
            };
            let mut r = ReadAhead::new(input);
            let mut got = Vec::new();
            // Odd-sized reads of the caller too.
            let mut buf = vec![0u8; 1000 + step % 777];
            loop {
                let n = r.read(&mut buf).unwrap();
                if n == 0 {
                    break;
                }
                got.extend_from_slice(&buf[..n]);
            }
            assert_eq!(got.len(), bytes.len(), "step {step}");
            assert!(got == *bytes, "step {step}");
        }
    }

    #[test]
    fn an_error_comes_after_the_bytes_before_it_then_the_end() {
        let input = Trickle {
            text: b"[Event \"x\"]\n".to_vec(),
            at: 0,
            step: 5,
            fail: true,
        };
        let mut r = ReadAhead::new(input);
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        assert_eq!(line, "[Event \"x\"]\n");
        let e = r.read_line(&mut line).unwrap_err();
        assert_eq!(e.to_string(), "disk on fire");
        assert_eq!(r.read_line(&mut line).unwrap(), 0);
    }

    #[test]
    fn an_empty_input_reads_as_its_end() {
        let mut r = ReadAhead::new(&b""[..]);
        let mut buf = [0u8; 8];
        assert_eq!(r.read(&mut buf).unwrap(), 0);
        assert_eq!(r.read(&mut buf).unwrap(), 0);
    }

    #[test]
    fn an_endless_input_is_read_only_so_far_ahead_and_not_once_dropped() {
        struct Endless(Arc<Mutex<usize>>);
        impl Read for Endless {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                *self.0.lock().unwrap() += out.len();
                out.fill(b'x');
                Ok(out.len())
            }
        }
        // The bytes read so far, once no read came for 50 ms (a loaded
        // machine gets 10 s).
        let settled = |count: &Arc<Mutex<usize>>| {
            let mut last = *count.lock().unwrap();
            for _ in 0..200 {
                std::thread::sleep(std::time::Duration::from_millis(50));
                let now = *count.lock().unwrap();
                if now == last {
                    break;
                }
                last = now;
            }
            last
        };
        let count = Arc::new(Mutex::new(0));
        let mut r = ReadAhead::new(Endless(Arc::clone(&count)));
        let mut buf = [0u8; 16];
        assert_eq!(r.read(&mut buf).unwrap(), 16);
        let ahead = settled(&count);
        // What the caller took, the buffer full, and one read waiting.
        assert!(ahead <= 2 * AHEAD + READ, "read {ahead} bytes ahead");
        drop(r);
        assert_eq!(settled(&count), ahead, "read on after the reader went");
    }
}
