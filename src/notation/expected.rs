//! The error the notation grammars' nom parsers fail with: where (the input
//! left at the failure) and what was expected there. Each grammar turns it
//! into its own public error type with a byte span.

use nom::error::{ContextError, ErrorKind, ParseError};

/// A failure of a nom parser over bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Expected<'a> {
    /// The input not yet read where the parser failed.
    pub rest: &'a [u8],
    /// What would have been accepted there; empty until a `context` names it.
    pub what: &'static str,
}

impl Expected<'_> {
    /// The failure's byte range within `whole` (of which `rest` is a tail):
    /// the character found, or an empty range at the end.
    pub fn span(&self, whole: &[u8]) -> std::ops::Range<usize> {
        let start = whole.len() - self.rest.len();
        let len = match self.rest.first() {
            None => 0,
            Some(&b) if b < 0x80 => 1,
            // A UTF-8 lead byte: the whole character (continuation bytes follow).
            Some(_) => {
                1 + self.rest[1..]
                    .iter()
                    .take_while(|&&c| c & 0xC0 == 0x80)
                    .count()
            }
        };
        start..start + len
    }
}

impl<'a> ParseError<&'a [u8]> for Expected<'a> {
    fn from_error_kind(input: &'a [u8], _: ErrorKind) -> Self {
        Expected {
            rest: input,
            what: "",
        }
    }

    fn append(_: &'a [u8], _: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, the one that read further says more.
    fn or(self, other: Self) -> Self {
        if other.rest.len() <= self.rest.len() {
            other
        } else {
            self
        }
    }
}

impl<'a> ContextError<&'a [u8]> for Expected<'a> {
    /// The innermost context is the most specific: an outer one only fills a gap.
    fn add_context(_: &'a [u8], what: &'static str, mut other: Self) -> Self {
        if other.what.is_empty() {
            other.what = what;
        }
        other
    }
}
