//! Gathering a buffered input into a buffer of one's own, a chunk at a
//! time: the PGN lexer's window, the parallel reader's blocks, the JSON
//! reader and a Game Courier list all read through here.

use std::io::{self, BufRead};

/// Appends the next chunk `input` has buffered to `out` and returns its
/// length, 0 at the end of the input. An interrupted read is tried again.
#[inline]
pub(crate) fn read_chunk<R: BufRead + ?Sized>(
    input: &mut R,
    out: &mut Vec<u8>,
) -> io::Result<usize> {
    loop {
        match input.fill_buf() {
            Ok(chunk) => {
                let n = chunk.len();
                out.extend_from_slice(chunk);
                input.consume(n);
                return Ok(n);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Appends the rest of `input` to `out`, chunk by chunk: a buffered file's
/// `read_to_end` first asks the file's size and place, two system calls
/// more than a list of a few hundred bytes takes to read.
pub(crate) fn read_rest<R: BufRead + ?Sized>(input: &mut R, out: &mut Vec<u8>) -> io::Result<()> {
    while read_chunk(input, out)? > 0 {}
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// Interrupted before every chunk, then hands out `text` three bytes
    /// at a time.
    struct Hiccups {
        text: &'static [u8],
        interrupt: bool,
    }

    impl Read for Hiccups {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            unreachable!("read through the buffer")
        }
    }

    impl BufRead for Hiccups {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            Ok(&self.text[..self.text.len().min(3)])
        }
        fn consume(&mut self, n: usize) {
            self.text = &self.text[n..];
        }
    }

    #[test]
    fn chunks_come_whole_through_interruptions() {
        let mut input = Hiccups {
            text: b"1. e4 e5 *",
            interrupt: false,
        };
        let mut out = b"> ".to_vec();
        assert_eq!(read_chunk(&mut input, &mut out).unwrap(), 3);
        assert_eq!(out, b"> 1. ");
        read_rest(&mut input, &mut out).unwrap();
        assert_eq!(out, b"> 1. e4 e5 *");
        assert_eq!(read_chunk(&mut input, &mut out).unwrap(), 0);
    }

    #[test]
    fn an_error_is_returned() {
        let mut input = io::BufReader::new(Broken);
        let mut out = Vec::new();
        let e = read_rest(&mut input, &mut out).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
    }

    struct Broken;

    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::ErrorKind::PermissionDenied.into())
        }
    }
}
