//! `--encoding`, shared by every command that reads records: the decode step
//! ([`crate::notation::encoding`]) in front of the readers.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use clap::{Args, ValueEnum};

use crate::notation::encoding::{decode, detect, is_utf8, DecodeReader, Encoding};

/// The values of `--encoding`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EncodingChoice {
    /// UTF-8 only: a byte that is not UTF-8 is an error where text is required.
    #[default]
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    /// ISO-8859-1 (Latin-1).
    #[value(alias = "iso-8859-1", alias = "latin-1")]
    Latin1,
    /// Windows-1252.
    #[value(alias = "windows-1252")]
    Cp1252,
    /// UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr).
    Auto,
}

/// The `--encoding` option.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct EncodingArgs {
    /// Encoding of the inputs; they are read as UTF-8 after decoding, and
    /// whatever is written is UTF-8. `auto` reads a file that is not valid
    /// UTF-8 as Windows-1252 (Latin-1's characters, plus € „ … “ ” in
    /// 0x80–0x9F) and says so on stderr.
    #[arg(long, value_enum, default_value_t = EncodingChoice::Utf8, value_name = "ENCODING")]
    pub encoding: EncodingChoice,
}

impl EncodingArgs {
    fn named(self) -> Option<Encoding> {
        match self.encoding {
            EncodingChoice::Utf8 => Some(Encoding::Utf8),
            EncodingChoice::Latin1 => Some(Encoding::Latin1),
            EncodingChoice::Cp1252 => Some(Encoding::Cp1252),
            EncodingChoice::Auto => None,
        }
    }

    /// The encoding detected for `name`, noted on stderr when not UTF-8.
    fn detected(enc: Encoding, name: &str) -> Encoding {
        if enc != Encoding::Utf8 {
            eprintln!(
                "note: {name} is not UTF-8; read as {} (--encoding auto)",
                enc.name()
            );
        }
        enc
    }

    /// The encoding to read the file at `path` in: the one named, or (for
    /// `auto`) the one its bytes show, scanned once without holding them.
    pub fn for_file(self, path: &Path, name: &str) -> io::Result<Encoding> {
        match self.named() {
            Some(e) => Ok(e),
            None => {
                let utf8 = is_utf8(io::BufReader::new(File::open(path)?))?;
                let enc = if utf8 {
                    Encoding::Utf8
                } else {
                    Encoding::Cp1252
                };
                Ok(Self::detected(enc, name))
            }
        }
    }

    /// `r` decoded to UTF-8. For `auto` all of `r` is read first (a pipe
    /// cannot be scanned twice).
    pub fn reader<'a>(self, mut r: impl Read + 'a, name: &str) -> io::Result<Box<dyn Read + 'a>> {
        let enc = match self.named() {
            Some(Encoding::Utf8) => return Ok(Box::new(r)),
            Some(e) => e,
            None => {
                let mut all = Vec::new();
                r.read_to_end(&mut all)?;
                let enc = Self::detected(detect(&all), name);
                return Ok(Box::new(io::Cursor::new(decode(&all, enc).into_owned())));
            }
        };
        Ok(Box::new(DecodeReader::new(r, enc)))
    }

    /// A file opened and decoded to UTF-8.
    pub fn open(self, path: &Path, name: &str) -> io::Result<Box<dyn Read>> {
        let enc = self.for_file(path, name)?;
        let file = File::open(path)?;
        Ok(match enc {
            Encoding::Utf8 => Box::new(file),
            enc => Box::new(DecodeReader::new(file, enc)),
        })
    }

    /// `bytes` decoded to UTF-8 (borrowed when they are already).
    pub fn bytes<'a>(self, bytes: &'a [u8], name: &str) -> Cow<'a, [u8]> {
        let enc = match self.named() {
            Some(e) => e,
            None => Self::detected(detect(bytes), name),
        };
        decode(bytes, enc)
    }

    /// As [`EncodingArgs::bytes`], for bytes read a second time (their
    /// encoding was already noted when they were first read).
    pub fn bytes_again(self, bytes: &[u8]) -> Cow<'_, [u8]> {
        decode(bytes, self.named().unwrap_or_else(|| detect(bytes)))
    }
}
