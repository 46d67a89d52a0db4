//! Reading archives in old 8-bit encodings: a decode step in front of the
//! PGN and JSON readers, which read UTF-8 only.
//!
//! Correspondence archives kept for decades are often Latin-1 or Windows-1252
//! (`M\xfcller`). The readers stay UTF-8; a file named as one of these
//! encodings is decoded to UTF-8 first, every byte to one character, so
//! nothing is lost and whatever is written from it (`fmt`, `convert`) is
//! UTF-8. Positions in diagnostics then count in the decoded text: lines and
//! columns (characters) are those of the file, byte offsets those of its
//! UTF-8 form. Read without decoding, a byte that is not UTF-8 also counts
//! as one column, so a Latin-1 file's columns are the same either way.
//!
//! ```
//! use fvnote::notation::encoding::{decode, detect, Encoding};
//! let latin1 = b"[White \"M\xfcller\"]";
//! assert_eq!(detect(latin1), Encoding::Cp1252);
//! assert_eq!(&*decode(latin1, Encoding::Latin1), "[White \"Müller\"]".as_bytes());
//! assert_eq!(detect("Müller".as_bytes()), Encoding::Utf8);
//! ```

use std::borrow::Cow;
use std::io::{self, Read};

/// A text encoding the readers can be put behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8: read as it is (invalid bytes stay errors).
    Utf8,
    /// ISO-8859-1: each byte is the character of the same number.
    Latin1,
    /// Windows-1252: Latin-1 with printable characters (`€`, `„`, `…`, curly
    /// quotes) where Latin-1 has control codes 0x80–0x9F; its five unassigned
    /// bytes decode to the control code of the same number, so no byte is lost.
    Cp1252,
}

impl Encoding {
    /// The name the command line uses.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Latin1 => "latin1",
            Encoding::Cp1252 => "cp1252",
        }
    }
}

/// The encoding of `bytes` when it is not known: UTF-8 if they are valid
/// UTF-8, else Windows-1252 (which reads every Latin-1 text the same way,
/// and the bytes 0x80–0x9F as the characters such files mean by them).
pub fn detect(bytes: &[u8]) -> Encoding {
    if std::str::from_utf8(bytes).is_ok() {
        Encoding::Utf8
    } else {
        Encoding::Cp1252
    }
}

/// `bytes` as UTF-8; borrowed when nothing changes (UTF-8, or ASCII only).
pub fn decode(bytes: &[u8], enc: Encoding) -> Cow<'_, [u8]> {
    if enc == Encoding::Utf8 || bytes.is_ascii() {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8);
    let mut decoder = Decoder::new(enc);
    decoder.push(bytes, &mut out);
    Cow::Owned(out)
}

/// Decodes one 8-bit encoding chunk by chunk (every byte is one character,
/// so chunks need no carry-over).
struct Decoder {
    enc: Encoding,
    inner: Option<encoding_rs::Decoder>,
}

impl Decoder {
    fn new(enc: Encoding) -> Decoder {
        let inner = (enc == Encoding::Cp1252)
            .then(|| encoding_rs::WINDOWS_1252.new_decoder_without_bom_handling());
        Decoder { enc, inner }
    }

    fn push(&mut self, bytes: &[u8], out: &mut Vec<u8>) {
        match (&mut self.inner, self.enc) {
            (_, Encoding::Utf8) => out.extend_from_slice(bytes),
            (Some(d), _) => {
                let start = out.len();
                // Each byte gives at most three UTF-8 bytes.
                out.resize(start + bytes.len() * 3, 0);
                let (_, _, written) =
                    d.decode_to_utf8_without_replacement(bytes, &mut out[start..], false);
                out.truncate(start + written);
            }
            (None, _) => {
                let start = out.len();
                out.resize(start + bytes.len() * 2, 0);
                let written = encoding_rs::mem::convert_latin1_to_utf8(bytes, &mut out[start..]);
                out.truncate(start + written);
            }
        }
    }
}

/// A reader that decodes `inner`, in `enc`, to UTF-8 as it streams.
pub struct DecodeReader<R> {
    inner: R,
    decoder: Decoder,
    raw: Vec<u8>,
    out: Vec<u8>,
    at: usize,
}

impl<R: Read> DecodeReader<R> {
    /// Decodes `inner`, written in `enc`.
    pub fn new(inner: R, enc: Encoding) -> DecodeReader<R> {
        DecodeReader {
            inner,
            decoder: Decoder::new(enc),
            raw: vec![0; 1 << 16],
            out: Vec::new(),
            at: 0,
        }
    }
}

impl<R: Read> Read for DecodeReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.out.len() {
            let n = match self.inner.read(&mut self.raw) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if n == 0 {
                return Ok(0);
            }
            self.out.clear();
            self.at = 0;
            self.decoder.push(&self.raw[..n], &mut self.out);
        }
        let n = buf.len().min(self.out.len() - self.at);
        buf[..n].copy_from_slice(&self.out[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Whether all of `r` is valid UTF-8, read in chunks (memory stays bounded).
pub fn is_utf8(mut r: impl Read) -> io::Result<bool> {
    let mut buf = vec![0u8; 1 << 16];
    // A sequence cut by the chunk's end: at most three bytes carried over.
    let mut carry = 0;
    loop {
        let n = match r.read(&mut buf[carry..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let len = carry + n;
        match std::str::from_utf8(&buf[..len]) {
            Ok(_) if n == 0 => return Ok(true),
            Ok(_) => carry = 0,
            Err(e) if e.error_len().is_some() => return Ok(false),
            Err(_) if n == 0 => return Ok(false),
            Err(e) => {
                let valid = e.valid_up_to();
                buf.copy_within(valid..len, 0);
                carry = len - valid;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_is_one_character() {
        let all: Vec<u8> = (0..=255).collect();
        for enc in [Encoding::Latin1, Encoding::Cp1252] {
            let text = String::from_utf8(decode(&all, enc).into_owned()).unwrap();
            assert_eq!(text.chars().count(), 256, "{enc:?}");
            assert!(!text.contains('\u{FFFD}'), "{enc:?}");
        }
        let cp = String::from_utf8(decode(b"\x80\x84\x93\x94\x81", Encoding::Cp1252).into_owned());
        assert_eq!(cp.unwrap(), "€„“”\u{81}");
        let l1 = String::from_utf8(decode(b"\x80\xfc", Encoding::Latin1).into_owned());
        assert_eq!(l1.unwrap(), "\u{80}ü");
    }

    #[test]
    fn the_streaming_reader_matches_the_whole_decode() {
        let bytes: Vec<u8> = (0..200_000u32).map(|i| (i * 7 % 256) as u8).collect();
        for enc in [Encoding::Latin1, Encoding::Cp1252] {
            let mut streamed = Vec::new();
            DecodeReader::new(&bytes[..], enc)
                .read_to_end(&mut streamed)
                .unwrap();
            assert_eq!(streamed, decode(&bytes, enc).into_owned());
        }
    }

    #[test]
    fn utf8_is_checked_across_chunks() {
        // A two-byte character straddling the 64 KiB chunk boundary.
        let mut text = vec![b'a'; (1 << 16) - 1];
        text.extend_from_slice("ü".as_bytes());
        assert!(is_utf8(&text[..]).unwrap());
        text.push(0xfc);
        assert!(!is_utf8(&text[..]).unwrap());
        assert!(!is_utf8(&b"ab\xc3"[..]).unwrap());
    }
}
