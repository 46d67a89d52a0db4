//! Compressed inputs: gzip, bzip2, xz and zstd, told by their magic bytes
//! (never by the file's name) and decompressed as they are read.
//!
//! [`decompressed`] looks at a reader's first bytes; a compressed stream
//! is decompressed on a thread of its own ([`ReadAhead`]: a few
//! megabytes of text at most ahead of the reader), so decompressing runs beside the reading and memory stays
//! bounded whatever the archive's size. Concatenated members (`cat a.gz
//! b.gz`, multi-frame zstd, multi-stream bzip2 and xz) read as one stream.
//!
//! A stream that is damaged or cut short is an I/O error that says which
//! compression, where in the compressed file the decompressor stopped and
//! how much text it had given: a truncated archive is never read as a
//! shorter valid one. Damage inside a stream is caught by its check
//! (gzip's CRC-32, bzip2's block CRCs, xz's check, the zstd frame's
//! checksum, which the `zstd` command writes by default); a zstd frame
//! written without a checksum is caught only where its structure breaks.
//!
//! Decompression needs the `compressed` feature (part of the default
//! `cli`); without it a compressed input is refused with a message that
//! says so.
//!
//! ```
//! # #[cfg(feature = "compressed")] {
//! use std::io::Read;
//! use fvnote::fs::compressed::{decompressed, Compression};
//! // `1. e4 *` compressed by gzip.
//! let gz: &[u8] = &[
//!     0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3, 0x33, 0xd4, 0x53, 0x48, 0x35,
//!     0x51, 0xd0, 0xe2, 2, 0, 0x60, 0x3f, 3, 0x2d, 8, 0, 0, 0,
//! ];
//! let (kind, mut r) = decompressed(gz, "a.pgn.gz").unwrap();
//! assert_eq!(kind, Some(Compression::Gzip));
//! let mut text = String::new();
//! r.read_to_string(&mut text).unwrap();
//! assert_eq!(text, "1. e4 *\n");
//! // Plain text is handed back as it is.
//! let (kind, _) = decompressed(&b"1. e4 *"[..], "a.pgn").unwrap();
//! assert_eq!(kind, None);
//! # }
//! ```

use std::io::{self, BufRead, Read};

#[cfg(doc)]
use crate::fs::ReadAhead;

/// A compression fvnote reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// gzip (`1f 8b`).
    Gzip,
    /// bzip2 (`BZh1`–`BZh9`).
    Bzip2,
    /// xz (`fd 37 7a 58 5a 00`).
    Xz,
    /// Zstandard (`28 b5 2f fd`).
    Zstd,
}

/// Bytes enough to tell every compression by its start.
pub const MAGIC_LEN: usize = 6;

/// File name extensions of compressed files, which directory walks take
/// after a wanted one (`games.pgn.zst`).
pub const EXTENSIONS: &[&str] = &["gz", "bz2", "xz", "zst"];

impl Compression {
    /// The compression's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
            Compression::Zstd => "zstd",
        }
    }

    /// The compression a stream that starts with `head` is in (`None`:
    /// none fvnote reads; a plain text never starts so).
    pub fn of(head: &[u8]) -> Option<Compression> {
        match head {
            [0x1f, 0x8b, ..] => Some(Compression::Gzip),
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
            [0xfd, b'7', b'z', b'X', b'Z', 0, ..] => Some(Compression::Xz),
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
            _ => None,
        }
    }
}

/// The compression of the file at `path`, told by its first bytes.
pub fn of_file(path: &std::path::Path) -> io::Result<Option<Compression>> {
    let mut head = Vec::with_capacity(MAGIC_LEN);
    std::fs::File::open(path)?
        .take(MAGIC_LEN as u64)
        .read_to_end(&mut head)?;
    Ok(Compression::of(&head))
}

/// A stream whose first bytes were read, given back in front of the rest.
type Peeked<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// `reader` with its first [`MAGIC_LEN`] bytes read (fewer at its end).
fn peek<R: BufRead>(mut reader: R) -> io::Result<(Vec<u8>, Peeked<R>)> {
    let mut head = Vec::with_capacity(MAGIC_LEN);
    while head.len() < MAGIC_LEN {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let n = buf.len().min(MAGIC_LEN - head.len());
        head.extend_from_slice(&buf[..n]);
        reader.consume(n);
    }
    Ok((head.clone(), io::Cursor::new(head).chain(reader)))
}

/// `reader` decompressed when its first bytes say it is compressed (and
/// which compression), else as it is. `name` names the input in errors.
/// Fails when the stream is compressed and this build cannot decompress
/// it (no `compressed` feature).
pub fn decompressed<R: BufRead + Send + 'static>(
    reader: R,
    name: &str,
) -> io::Result<(Option<Compression>, Box<dyn BufRead + Send>)> {
    let (head, reader) = peek(reader)?;
    let Some(kind) = Compression::of(&head) else {
        return Ok((None, Box::new(reader)));
    };
    Ok((Some(kind), decoder(kind, reader, name)?))
}

#[cfg(not(feature = "compressed"))]
fn decoder<R: BufRead + Send + 'static>(
    kind: Compression,
    _: R,
    name: &str,
) -> io::Result<Box<dyn BufRead + Send>> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        format!(
            "{name} is {}-compressed, and this build reads no compressed input \
             (build fvnote with the `compressed` feature)",
            kind.name()
        ),
    ))
}

#[cfg(feature = "compressed")]
fn decoder<R: BufRead + Send + 'static>(
    kind: Compression,
    reader: R,
    _name: &str,
) -> io::Result<Box<dyn BufRead + Send>> {
    use crate::fs::ReadAhead;
    let counted = Counted {
        inner: reader,
        consumed: std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0)),
    };
    let consumed = std::sync::Arc::clone(&counted.consumed);
    let inner: Box<dyn Read + Send> = match kind {
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(counted)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(counted)),
        Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(counted)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(counted)?),
    };
    let inflated = Inflated {
        inner,
        kind,
        consumed,
        given: 0,
        failed: false,
    };
    Ok(Box::new(ReadAhead::new(inflated)))
}

/// A compressed stream that counts the bytes its decompressor consumed.
#[cfg(feature = "compressed")]
struct Counted<R> {
    inner: R,
    consumed: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

#[cfg(feature = "compressed")]
impl<R: BufRead> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed
            .fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(feature = "compressed")]
impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.consumed
            .fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
        self.inner.consume(n);
    }
}

/// The decompressed text, its errors said with where they struck.
#[cfg(feature = "compressed")]
struct Inflated {
    inner: Box<dyn Read + Send>,
    kind: Compression,
    consumed: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Bytes of text given so far.
    given: u64,
    /// An error was given: the stream ends there.
    failed: bool,
}

#[cfg(feature = "compressed")]
impl Read for Inflated {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.failed {
            return Ok(0);
        }
        match self.inner.read(buf) {
            Ok(n) => {
                self.given += n as u64;
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => {
                self.failed = true;
                let at = self.consumed.load(std::sync::atomic::Ordering::Relaxed);
                let what = match e.kind() {
                    io::ErrorKind::UnexpectedEof => "cut short",
                    _ => "damaged",
                };
                Err(io::Error::new(
                    e.kind(),
                    format!(
                        "{} stream {what}: the decompressor stopped at compressed byte {at}, \
                         after {} bytes of text ({e})",
                        self.kind.name(),
                        self.given
                    ),
                ))
            }
        }
    }
}

#[cfg(all(test, feature = "compressed"))]
mod tests {
    use super::*;
    use std::io::Write;

    fn compress(kind: Compression, text: &[u8]) -> Vec<u8> {
        match kind {
            Compression::Gzip => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
            Compression::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
            Compression::Xz => {
                let mut e = liblzma::write::XzEncoder::new(Vec::new(), 1);
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
            Compression::Zstd => {
                // With its checksum, as the zstd command writes it.
                let mut e = zstd::stream::Encoder::new(Vec::new(), 1).unwrap();
                e.include_checksum(true).unwrap();
                e.write_all(text).unwrap();
                e.finish().unwrap()
            }
        }
    }

    fn read_all(bytes: Vec<u8>) -> (Option<Compression>, io::Result<Vec<u8>>) {
        let (kind, mut r) = decompressed(io::Cursor::new(bytes), "t").unwrap();
        let mut out = Vec::new();
        let r = r.read_to_end(&mut out).map(|_| out);
        (kind, r)
    }

    /// `n` short games, each with its number (so that the text does not
    /// compress to nearly nothing).
    fn games(n: usize) -> Vec<u8> {
        (0..n)
            .flat_map(|i| format!("[Round \"{i}\"]\n\n1. e4 e5 {i} *\n\n").into_bytes())
            .collect()
    }

    const ALL: [Compression; 4] = [
        Compression::Gzip,
        Compression::Bzip2,
        Compression::Xz,
        Compression::Zstd,
    ];

    #[test]
    fn round_trips_and_concatenated_members() {
        let text = games(2000);
        for kind in ALL {
            let c = compress(kind, &text);
            assert_eq!(Compression::of(&c), Some(kind));
            let (k, r) = read_all(c.clone());
            assert_eq!((k, r.unwrap()), (Some(kind), text.clone()), "{kind:?}");
            let mut twice = c.clone();
            twice.extend_from_slice(&c);
            let mut both = text.clone();
            both.extend_from_slice(&text);
            assert_eq!(read_all(twice).1.unwrap(), both, "{kind:?} members");
        }
    }

    #[test]
    fn a_cut_or_damaged_stream_is_an_error() {
        let text = games(5000);
        for kind in ALL {
            let c = compress(kind, &text);
            for cut in [c.len() / 2, c.len() - 1] {
                let (_, r) = read_all(c[..cut].to_vec());
                let e = r.expect_err(&format!("{kind:?} cut at {cut}"));
                let m = e.to_string();
                assert!(
                    m.contains(kind.name()) && m.contains("compressed byte"),
                    "{m}"
                );
            }
            let mut bad = c.clone();
            let mid = bad.len() / 2;
            for b in &mut bad[mid..mid + 16] {
                *b ^= 0x55;
            }
            let (_, r) = read_all(bad);
            assert!(r.is_err(), "{kind:?} damaged");
        }
    }
}
