//! The layout a JSON writer puts an object's fields in, learned from the
//! first field, so that each later key is read as one fragment
//! (`,` + the same white space + `"key"` + `:` + the same space) in one
//! compare instead of a byte at a time.
//!
//! Only the two layouts serde writes are learned: compact (`{"a":1,"b":2}`)
//! and pretty (a line break and a run of spaces before each key, `": "`
//! after it). Anything else has no [`Spacing`], and its reader goes the
//! general way; a fragment that does not match reads nothing.
//!
//! ```
//! use fvnote::notation::json_layout::{Frag, Spacing};
//! use fvnote::notation::json_scan::Scanner;
//! let text = b"{\n  \"a\": 1,\n  \"b\": 2\n}";
//! let sp = Spacing::learn(&text[1..], b"a").unwrap();
//! let (a, b) = (sp.first(b"a").unwrap(), sp.next(b"b").unwrap());
//! let mut s = Scanner::new(text);
//! s.eat(b'{').unwrap();
//! assert!(s.take(&a));
//! assert_eq!(s.u32(), Ok(1));
//! assert!(!s.take(&a));
//! assert!(s.take(&b));
//! assert_eq!(s.u32(), Ok(2));
//! ```

use crate::notation::json_scan::Scanner;

/// The longest fragment: keys and indentation past it are read the general
/// way.
pub const MAX_FRAG: usize = 32;

/// The white space around an object's keys (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spacing {
    /// The spaces after the line break before each key; None: no line
    /// break, no spaces (compact).
    indent: Option<u8>,
    /// One space after each key's `:`.
    space: bool,
}

impl Spacing {
    /// The spacing of an object whose first key is `key`, from the text
    /// `rest` just after its `{`: None unless `rest` starts with one of the
    /// two layouts and that key.
    #[inline]
    pub fn learn(rest: &[u8], key: &[u8]) -> Option<Spacing> {
        let (indent, at) = match rest.first()? {
            b'"' => (None, 0),
            b'\n' => {
                let n = rest[1..].iter().take_while(|&&b| b == b' ').count();
                (Some(u8::try_from(n).ok()?), n + 1)
            }
            _ => return None,
        };
        let rest = rest.get(at..)?;
        let colon = 1 + key.len() + 1;
        if rest.get(1..colon - 1)? != key || rest[0] != b'"' || rest.get(colon - 1) != Some(&b'"') {
            return None;
        }
        let space = match rest.get(colon..colon + 2)? {
            [b':', b' '] => true,
            [b':', _] => false,
            _ => return None,
        };
        // Compact text has no space; pretty text has both.
        match indent.is_some() == space {
            true => Some(Spacing { indent, space }),
            false => None,
        }
    }

    /// The compact layout: no white space at all.
    pub const COMPACT: Spacing = Spacing {
        indent: None,
        space: false,
    };

    /// Whether it is the compact layout.
    pub fn is_compact(&self) -> bool {
        *self == Spacing::COMPACT
    }

    /// The fragment of the first key, `key` (after the `{`).
    pub const fn first(&self, key: &[u8]) -> Option<Frag> {
        self.frag(false, key)
    }

    /// The fragment of a later key, `key` (after the value before it).
    pub const fn next(&self, key: &[u8]) -> Option<Frag> {
        self.frag(true, key)
    }

    /// The fragment of `bracket` (`{` or `}`) of the object itself, as
    /// laid in a list of such objects: in pretty text on its own line,
    /// indented one level (two spaces) less than the keys.
    pub fn bracket(&self, bracket: u8) -> Option<Frag> {
        match self.indent {
            None => Frag::new(&[bracket]),
            Some(n) => {
                let mut bytes = vec![b'\n'];
                bytes.extend(std::iter::repeat_n(b' ', usize::from(n.checked_sub(2)?)));
                bytes.push(bracket);
                Frag::new(&bytes)
            }
        }
    }

    /// `,` (when `comma`), the line break and indentation, `"key":` and
    /// the space; a `const fn`, so that the compact layout's fragments can
    /// be constants.
    const fn frag(&self, comma: bool, key: &[u8]) -> Option<Frag> {
        let indent = match self.indent {
            Some(n) => 1 + n as usize,
            None => 0,
        };
        let len = comma as usize + indent + key.len() + 3 + self.space as usize;
        if len > MAX_FRAG {
            return None;
        }
        let mut bytes = [b' '; MAX_FRAG];
        let mut n = 0;
        if comma {
            bytes[n] = b',';
            n += 1;
        }
        if indent > 0 {
            // The spaces are already there.
            bytes[n] = b'\n';
            n += indent;
        }
        bytes[n] = b'"';
        n += 1;
        let mut i = 0;
        while i < key.len() {
            bytes[n] = key[i];
            n += 1;
            i += 1;
        }
        bytes[n] = b'"';
        bytes[n + 1] = b':';
        Frag::new(bytes.split_at(len).0)
    }
}

/// Bytes to match at once (at most [`MAX_FRAG`]): little-endian words and
/// masks of the bytes that count, the words past its length unused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frag {
    words: [u64; 4],
    masks: [u64; 4],
    len: usize,
}

impl Frag {
    /// The fragment `bytes`; None when longer than [`MAX_FRAG`] or empty.
    /// A `const fn`, so that a fragment known when compiling is compared
    /// against constants.
    pub const fn new(bytes: &[u8]) -> Option<Frag> {
        if bytes.is_empty() || bytes.len() > MAX_FRAG {
            return None;
        }
        let (mut words, mut masks) = ([0u64; 4], [0u64; 4]);
        let mut i = 0;
        while i < bytes.len() {
            words[i / 8] |= (bytes[i] as u64) << (8 * (i % 8));
            masks[i / 8] |= 0xff << (8 * (i % 8));
            i += 1;
        }
        Some(Frag {
            words,
            masks,
            len: bytes.len(),
        })
    }

    /// How many bytes it is.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no bytes (never: see [`Frag::new`]).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `text` starts with it: a word at a time, the first that
    /// differs ending it.
    #[inline(always)]
    pub fn starts(&self, text: &[u8]) -> bool {
        let Some(t) = text.first_chunk::<MAX_FRAG>() else {
            return self.starts_short(text);
        };
        let differs = |i: usize| (word(&t[8 * i..]) ^ self.words[i]) & self.masks[i] != 0;
        !(differs(0)
            || self.len > 8 && differs(1)
            || self.len > 16 && differs(2)
            || self.len > 24 && differs(3))
    }

    /// [`Frag::starts`] near the end of the text.
    #[inline(never)]
    fn starts_short(&self, text: &[u8]) -> bool {
        text.len() >= self.len
            && (0..self.len).all(|i| text[i] == self.words[i / 8].to_le_bytes()[i % 8])
    }
}

/// The first eight bytes of `b` (zeros past its end) as a little-endian
/// word.
#[inline(always)]
fn word(b: &[u8]) -> u64 {
    match b.first_chunk::<8>() {
        Some(w) => u64::from_le_bytes(*w),
        None => 0,
    }
}

impl Scanner<'_> {
    /// Reads `f` if the text goes on with it (no white space is skipped
    /// first); whether it did.
    #[inline(always)]
    pub fn take(&mut self, f: &Frag) -> bool {
        let found = f.starts(self.ahead());
        if found {
            self.skip(f.len);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frag_bytes(f: &Frag) -> Vec<u8> {
        let mut b: Vec<u8> = f.words.iter().flat_map(|w| w.to_le_bytes()).collect();
        b.truncate(f.len());
        b
    }

    #[test]
    fn the_two_layouts_serde_writes_are_learned() {
        let compact = Spacing::learn(br#""san":"e4"}"#, b"san").unwrap();
        assert_eq!(frag_bytes(&compact.first(b"san").unwrap()), br#""san":"#);
        assert_eq!(frag_bytes(&compact.next(b"to").unwrap()), br#","to":"#);
        let pretty = Spacing::learn(b"\n    \"san\": \"e4\"", b"san").unwrap();
        assert_eq!(
            frag_bytes(&pretty.next(b"to").unwrap()),
            b",\n    \"to\": ".to_vec()
        );
        assert_eq!(frag_bytes(&pretty.bracket(b'}').unwrap()), b"\n  }");
        assert_eq!(frag_bytes(&compact.bracket(b'{').unwrap()), b"{");
        let flat = Spacing::learn(b"\n \"san\": 1", b"san").unwrap();
        assert_eq!(flat.bracket(b'}'), None);
        for other in [
            &b"\n  \"san\":\"e4\""[..],
            b"\"san\": \"e4\"",
            b" \"san\":\"e4\"",
            b"\r\n  \"san\": 1",
            b"\n\t\"san\": 1",
            b"\"sa\":1",
            b"\"sanx\":1",
            b"\"san\"",
            b"\"san",
            b"",
        ] {
            assert_eq!(Spacing::learn(other, b"san"), None, "{other:?}");
        }
    }

    #[test]
    fn a_fragment_matches_exactly_its_bytes() {
        for len in 1..=MAX_FRAG {
            let bytes: Vec<u8> = (0..len as u8).map(|i| b'a' + i % 26).collect();
            let f = Frag::new(&bytes).unwrap();
            // With more text after it, or none (the short compare).
            for tail in [&b""[..], b"x", &[b'z'; 40]] {
                let text = [&bytes[..], tail].concat();
                assert!(f.starts(&text), "{len} {tail:?}");
                // Any one byte changed, or the text cut short: no match.
                for i in 0..len {
                    let mut t = text.clone();
                    t[i] ^= 1;
                    assert!(!f.starts(&t), "{len} {i}");
                }
                assert!(!f.starts(&bytes[..len - 1]));
            }
        }
        assert!(Frag::new(&[b'a'; MAX_FRAG + 1]).is_none());
        assert!(Frag::new(b"").is_none());
    }
}
