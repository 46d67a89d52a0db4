//! A JSON scanner over a byte slice for readers that take only the plain
//! shapes of a known form and hand everything else to serde: it reads
//! tokens (strings, integers, literals, punctuation) in linear time and
//! never decides an error itself. Each step either reads what JSON allows
//! there, giving what serde would give for it, or stops: [`Stop::End`] when
//! the text ran out (more text might go on validly), [`Stop::Leave`] when
//! the text is anything else (malformed, or a shape this scanner does not
//! take, such as a number with a fraction where an integer is wanted).
//!
//! ```
//! use fvnote::notation::json_scan::{Scanner, Stop};
//! let mut s = Scanner::new(br#" {"a": [1, "x"]}"#);
//! s.eat(b'{').unwrap();
//! assert_eq!(s.key().unwrap(), b"a");
//! s.eat(b'[').unwrap();
//! assert_eq!(s.u32().unwrap(), 1);
//! s.eat(b',').unwrap();
//! assert_eq!(s.string().unwrap(), "x");
//! s.eat(b']').unwrap();
//! assert!(matches!(s.eat(b'}'), Ok(())));
//! assert!(matches!(s.eat(b','), Err(Stop::End)));
//! ```

use std::borrow::Cow;

/// Why a step of the [`Scanner`] did not read what was asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The text ended first.
    End,
    /// The text is not what was asked for, or not in a shape taken here.
    Leave,
}

/// What a step gives.
pub type Step<T> = Result<T, Stop>;

/// Bytes that end the plain run of a string: the quote, a backslash, a
/// control character (JSON forbids them raw) and any byte that is not ASCII.
static STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = b < 0x20 || b >= 0x80 || b == b'"' as usize || b == b'\\' as usize;
        b += 1;
    }
    t
};

/// The bytes of `w` (eight, little-endian) that [`STRING_STOP`] holds, as
/// the high bit of each: the lowest one set is the first such byte (the
/// tests for a zero byte may also flag bytes after a true one, never
/// before).
#[inline]
fn string_stops(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x;
    let quote = zero(w ^ (ONES * u64::from(b'"')));
    let backslash = zero(w ^ (ONES * u64::from(b'\\')));
    let control = w.wrapping_sub(ONES * 0x20) & !w;
    (quote | backslash | control | w) & HIGH
}

/// An object key known in advance, for [`Key::matches`]: its bytes
/// and closing quote (at most 16) as one little-endian word, and a mask
/// of the bytes that count.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    word: u128,
    mask: u128,
    /// The name's length plus the closing quote.
    len: usize,
}

impl Key {
    /// The key `name` (at most 15 bytes, no `"` or backslash, else it never
    /// matches and readers fall back to [`Scanner::key`]).
    pub const fn new(name: &[u8]) -> Key {
        let len = name.len() + 1;
        if len > 16 {
            return Key {
                word: 0,
                mask: 0,
                len: 0,
            };
        }
        let mut bytes = [0u8; 16];
        let mut i = 0;
        while i < name.len() {
            bytes[i] = name[i];
            i += 1;
        }
        bytes[name.len()] = b'"';
        let mask = match len {
            16 => u128::MAX,
            _ => (1u128 << (8 * len)) - 1,
        };
        Key {
            word: u128::from_le_bytes(bytes),
            mask,
            len,
        }
    }

    /// Whether a [`Scanner::key_word`] starts with this key and its
    /// closing quote.
    #[inline]
    pub fn matches(&self, word: u128) -> bool {
        word & self.mask == self.word && self.len > 0
    }

    /// Whether `key` (as [`Scanner::key`] gives it) is this one.
    pub fn is(&self, key: &[u8]) -> bool {
        self.len > 0 && key.len() + 1 == self.len && self.word.to_le_bytes()[..key.len()] == *key
    }
}

/// A position in a JSON text (see the module).
#[derive(Clone)]
pub struct Scanner<'a> {
    text: &'a [u8],
    pos: usize,
    /// The spaces after the last line break skipped (pretty text indents
    /// the next line alike, mostly), and a mask of as many bytes.
    indent: (usize, u128),
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `text`.
    pub fn new(text: &'a [u8]) -> Scanner<'a> {
        Scanner {
            text,
            pos: 0,
            indent: (0, 0),
        }
    }

    /// How many bytes have been read.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The text not read yet.
    #[inline(always)]
    pub fn ahead(&self) -> &'a [u8] {
        self.text.get(self.pos..).unwrap_or_default()
    }

    /// Moves past the next `n` bytes of [`Scanner::ahead`] (a prefix a
    /// reader has matched itself).
    #[inline(always)]
    pub fn skip(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.text.len());
    }

    /// Goes back to `pos` (a position read before), to read again from
    /// there.
    pub fn rewind(&mut self, pos: usize) {
        self.pos = self.pos.min(pos);
    }

    /// Skips JSON white space.
    #[inline]
    fn ws(&mut self) {
        // Compact text has none.
        if self.text.get(self.pos).is_some_and(|&b| b > b' ') {
            return;
        }
        self.skip_ws();
    }

    #[inline(never)]
    fn skip_ws(&mut self) {
        // A line break and the last indentation, then no white space: one
        // compare of sixteen bytes.
        let (text, at, (n, mask)) = (self.text, self.pos + 1, self.indent);
        if text.get(self.pos) == Some(&b'\n') {
            if let Some(w) = text.get(at..at + 16) {
                let w = <[u8; 16]>::try_from(w).map_or(0, u128::from_le_bytes);
                let spaces = (w ^ (u128::MAX / 255 * 0x20)) & mask;
                if spaces == 0 && text.get(at + n).is_some_and(|&b| b > b' ') {
                    self.pos = at + n;
                    return;
                }
            }
        }
        let mut line = None;
        while let Some(&b) = self.text.get(self.pos) {
            if b == b'\n' {
                line = Some(self.pos + 1);
            }
            match b {
                b' ' => match self.eight() {
                    // A run of spaces (indentation), eight bytes at a time:
                    // the bytes that are spaces become zero.
                    Some(w) => match u64::from_le_bytes(w) ^ 0x2020_2020_2020_2020 {
                        0 => self.pos += 8,
                        x => self.pos += (x.trailing_zeros() / 8) as usize,
                    },
                    None => self.pos += 1,
                },
                b'\n' | b'\t' | b'\r' => self.pos += 1,
                _ => break,
            }
        }
        if let Some(line) = line {
            let n = self.pos - line;
            // Longer indentation is not predicted (a mask of no bytes
            // would take any).
            self.indent = match n {
                0..=15 => (n, (1u128 << (8 * n)) - 1),
                _ => (0, u128::MAX),
            };
        }
    }

    /// The next eight bytes, if there are eight.
    #[inline]
    fn eight(&self) -> Option<[u8; 8]> {
        self.text
            .get(self.pos..self.pos + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
    }

    /// The next byte after white space, not consumed.
    #[inline]
    pub fn peek(&mut self) -> Step<u8> {
        self.ws();
        self.text.get(self.pos).copied().ok_or(Stop::End)
    }

    /// The next byte after white space, consumed.
    #[inline]
    pub fn byte(&mut self) -> Step<u8> {
        let b = self.peek()?;
        self.pos += 1;
        Ok(b)
    }

    /// Reads `b` (after white space).
    #[inline]
    pub fn eat(&mut self, b: u8) -> Step<()> {
        match self.byte()? {
            x if x == b => Ok(()),
            _ => Err(Stop::Leave),
        }
    }

    /// Reads `b` if it comes next (after white space).
    #[inline]
    pub fn next_is(&mut self, b: u8) -> Step<bool> {
        let next = self.peek()? == b;
        self.pos += usize::from(next);
        Ok(next)
    }

    /// The literal `word` (its first byte already seen, not consumed).
    fn word(&mut self, word: &[u8]) -> Step<()> {
        let have = &self.text[self.pos.min(self.text.len())..];
        let n = have.len().min(word.len());
        if have[..n] != word[..n] {
            return Err(Stop::Leave);
        }
        if n < word.len() {
            return Err(Stop::End);
        }
        self.pos += n;
        Ok(())
    }

    /// Reads `null` if it comes next; whether it did.
    #[inline]
    pub fn null(&mut self) -> Step<bool> {
        if self.peek()? != b'n' {
            return Ok(false);
        }
        if self.text.get(self.pos..self.pos + 4) == Some(b"null") {
            self.pos += 4;
            return Ok(true);
        }
        self.word(b"null").map(|()| true)
    }

    /// `true` or `false`.
    pub fn bool(&mut self) -> Step<bool> {
        match self.peek()? {
            b't' => self.word(b"true").map(|()| true),
            b'f' => self.word(b"false").map(|()| false),
            _ => Err(Stop::Leave),
        }
    }

    /// A non-negative integer up to `max`, written as serde reads an
    /// unsigned integer (no sign, fraction, exponent or leading zero).
    fn unsigned(&mut self, max: u64) -> Step<u64> {
        let first = self.peek()?;
        if !first.is_ascii_digit() {
            return Err(Stop::Leave);
        }
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(&b) = self.text.get(self.pos) {
            if !b.is_ascii_digit() {
                // A fraction or exponent makes it a float.
                if matches!(b, b'.' | b'e' | b'E') {
                    return Err(Stop::Leave);
                }
                return match (first == b'0' && self.pos - start > 1) || value > max {
                    true => Err(Stop::Leave),
                    false => Ok(value),
                };
            }
            value = value * 10 + u64::from(b - b'0');
            self.pos += 1;
            // Nothing this long is taken (and the value cannot overflow).
            if self.pos - start > 10 {
                return Err(Stop::Leave);
            }
        }
        Err(Stop::End)
    }

    /// A `u32`.
    pub fn u32(&mut self) -> Step<u32> {
        self.unsigned(u64::from(u32::MAX)).map(|v| v as u32)
    }

    /// A number of one to three digits right here (no white space first)
    /// that a `,`, `}` or `]` ends, as [`Scanner::u32`] reads it: most move
    /// numbers, read inline; None (nothing read) for anything else.
    #[inline(always)]
    pub fn small_u32(&mut self) -> Option<u32> {
        let t = self.ahead();
        let digit = |i: usize| {
            t.get(i)
                .filter(|b| b.is_ascii_digit())
                .map(|b| u32::from(b - b'0'))
        };
        let ends = |i: usize| matches!(t.get(i), Some(b',' | b'}' | b']'));
        let first = digit(0)?;
        let (value, len) = match (digit(1), digit(2)) {
            _ if ends(1) => (first, 1),
            (Some(b), _) if first > 0 && ends(2) => (first * 10 + b, 2),
            (Some(b), Some(c)) if first > 0 && ends(3) => (first * 100 + b * 10 + c, 3),
            _ => return None,
        };
        self.pos += len;
        Some(value)
    }

    /// Reads `null` if it comes right here (no white space first); whether
    /// it did.
    #[inline(always)]
    pub fn null_here(&mut self) -> bool {
        let found = self.ahead().starts_with(b"null");
        if found {
            self.pos += 4;
        }
        found
    }

    /// A `u16`.
    pub fn u16(&mut self) -> Step<u16> {
        self.unsigned(u64::from(u16::MAX)).map(|v| v as u16)
    }

    /// The bytes of a string without escapes (after white space): raw, no
    /// control characters, UTF-8; `escaped` when it holds a backslash (then
    /// nothing is read).
    #[inline]
    fn plain(&mut self) -> Step<Result<&'a [u8], ()>> {
        self.ws();
        match self.text.get(self.pos) {
            Some(b'"') => {}
            Some(_) => return Err(Stop::Leave),
            None => return Err(Stop::End),
        }
        let start = self.pos + 1;
        let text = self.text;
        let mut i = start;
        // Eight bytes at a time while there are eight, then one at a time.
        loop {
            if let Some(word) = text.get(i..i + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
                let stops = string_stops(u64::from_le_bytes(word));
                if stops != 0 {
                    i += (stops.trailing_zeros() / 8) as usize;
                    break;
                }
                i += 8;
                continue;
            }
            let Some(&b) = text.get(i) else {
                return Err(Stop::End);
            };
            if STRING_STOP[usize::from(b)] {
                break;
            }
            i += 1;
        }
        if text[i] == b'"' {
            self.pos = i + 1;
            return Ok(Ok(&text[start..i]));
        }
        // Not ASCII, a backslash or a control character: find the end.
        let Some(k) = memchr::memchr2(b'"', b'\\', &text[i..]) else {
            return Err(Stop::End);
        };
        let end = i + k;
        if text[end] == b'\\' {
            return Ok(Err(()));
        }
        let bytes = &text[start..end];
        if bytes.iter().any(|&b| b < 0x20) || std::str::from_utf8(bytes).is_err() {
            return Err(Stop::Leave);
        }
        self.pos = end + 1;
        Ok(Ok(bytes))
    }

    /// A short plain string next (after white space): its bytes, when its
    /// closing quote is in its first eight bytes and nothing before it
    /// stops a plain run (so they are ASCII), read; else None, nothing
    /// read but white space.
    #[inline(always)]
    fn short_plain(&mut self) -> Option<&'a [u8]> {
        self.ws();
        self.short_plain_here()
    }

    /// [`Scanner::short_plain`] right here, no white space skipped first.
    #[inline(always)]
    fn short_plain_here(&mut self) -> Option<&'a [u8]> {
        // The quote and the eight bytes after it, as one chunk.
        let (quote, rest) = self.ahead().first_chunk::<9>()?.split_first()?;
        let stops = string_stops(<[u8; 8]>::try_from(rest).map_or(0, u64::from_le_bytes));
        let i = (stops.trailing_zeros() / 8) as usize;
        if *quote == b'"' && stops != 0 && rest.get(i) == Some(&b'"') {
            self.pos += i + 2;
            return rest.get(..i);
        }
        None
    }

    /// A short plain string right here (no white space first), as
    /// [`Scanner::skip_string_or_null`] reads it, for a reader that knows
    /// the value starts here (a key's fragment ended with its layout's
    /// separator); whether it was one (else nothing is read).
    #[inline(always)]
    pub fn skip_short_string_here(&mut self) -> bool {
        self.short_plain_here().is_some()
    }

    /// `null`, or a string whose value is not needed, as
    /// [`Scanner::null`] then [`Scanner::skip_string`] read them: a short
    /// plain string (its closing quote in the first eight bytes), and
    /// `null`, are read inline.
    #[inline(always)]
    pub fn skip_string_or_null(&mut self) -> Step<()> {
        if self.short_plain().is_some() {
            return Ok(());
        }
        if self.ahead().first_chunk::<4>() == Some(b"null") {
            self.pos += 4;
            return Ok(());
        }
        self.skip_other_string_or_null()
    }

    /// A string's value as its UTF-8 bytes, as [`Scanner::string`] reads
    /// it: a short plain one (its closing quote in the first eight bytes)
    /// is read inline, without a UTF-8 check (it is ASCII).
    #[inline(always)]
    pub fn string_bytes(&mut self) -> Step<Cow<'a, [u8]>> {
        if let Some(bytes) = self.short_plain() {
            return Ok(Cow::Borrowed(bytes));
        }
        Ok(match self.string()? {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        })
    }

    /// [`Scanner::skip_string_or_null`] past its inline case.
    #[inline(never)]
    fn skip_other_string_or_null(&mut self) -> Step<()> {
        match self.null()? {
            true => Ok(()),
            false => self.skip_string(),
        }
    }

    /// A string whose value is not needed: one without escapes, checked as
    /// serde checks a string (escapes are not taken).
    #[inline]
    pub fn skip_string(&mut self) -> Step<()> {
        match self.plain()? {
            Ok(_) => Ok(()),
            Err(()) => Err(Stop::Leave),
        }
    }

    /// A key without escapes and the `:` after it.
    #[inline]
    pub fn key(&mut self) -> Step<&'a [u8]> {
        let key = self.plain()?.map_err(|()| Stop::Leave)?;
        self.eat(b':')?;
        Ok(key)
    }

    /// The sixteen bytes after the `"` that comes next (after white
    /// space), for [`Key::matches`]; None when no `"` comes or fewer bytes
    /// are left (then keys are read with [`Scanner::key`]). Nothing is
    /// read but white space.
    #[inline(always)]
    pub fn key_word(&mut self) -> Option<u128> {
        self.ws();
        let at = self.pos + 1;
        if self.text.get(self.pos) != Some(&b'"') {
            return None;
        }
        let w = self.text.get(at..at + 16)?;
        <[u8; 16]>::try_from(w).ok().map(u128::from_le_bytes)
    }

    /// Reads the key `k` and the `:` after it, when `k` matched the
    /// [`Scanner::key_word`] just taken: what [`Scanner::key`] reads when
    /// it gives `k` (and the one space pretty text puts before a value).
    #[inline(always)]
    pub fn take_key(&mut self, k: &Key) -> Step<()> {
        self.pos += 1 + k.len;
        let text = self.text;
        match text.get(self.pos) {
            Some(b':') => self.pos += 1,
            _ => self.eat(b':')?,
        }
        // Pretty text has one space before the value.
        if text.get(self.pos) == Some(&b' ') && text.get(self.pos + 1).is_some_and(|&b| b > b' ') {
            self.pos += 1;
        }
        Ok(())
    }

    /// A string's value, as serde reads it (escapes resolved).
    pub fn string(&mut self) -> Step<Cow<'a, str>> {
        if let Ok(bytes) = self.plain()? {
            // Checked by `plain`.
            return std::str::from_utf8(bytes)
                .map(Cow::Borrowed)
                .map_err(|_| Stop::Leave);
        }
        // With escapes: find the closing quote, and let serde read it.
        let start = self.pos;
        let mut i = start + 1;
        loop {
            let Some(k) = memchr::memchr2(b'"', b'\\', &self.text[i..]) else {
                return Err(Stop::End);
            };
            i += k;
            if self.text[i] == b'"' {
                break;
            }
            // Skip the escaped byte (a `\u` escape's digits hold no quote
            // in a valid text).
            i += 2;
            if i > self.text.len() {
                return Err(Stop::End);
            }
        }
        let quoted = &self.text[start..=i];
        let s = serde_json::from_slice::<String>(quoted).map_err(|_| Stop::Leave)?;
        self.pos = i + 1;
        Ok(Cow::Owned(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string(text: &str) -> Step<String> {
        Scanner::new(text.as_bytes()).string().map(Cow::into_owned)
    }

    #[test]
    fn strings_read_as_serde_reads_them() {
        for text in [
            r#""""#,
            r#""abc""#,
            r#""a\"b""#,
            r#""a\\""#,
            r#""\u00e9t\u00e9""#,
            r#""\ud83d\ude00""#,
            "\"\u{e9}t\u{e9} long enough to leave the first loop\"",
        ] {
            let want = serde_json::from_str::<String>(text).unwrap();
            assert_eq!(string(text), Ok(want), "{text}");
        }
        for text in ["\"a\u{1}\"", r#""\ud800""#, r#""\x""#] {
            assert!(serde_json::from_str::<String>(text).is_err());
            assert_eq!(string(text), Err(Stop::Leave), "{text}");
        }
        for text in [r#""abc"#, r#""a\"#, r#""a\""#, "\"\u{e9}"] {
            assert_eq!(string(text), Err(Stop::End), "{text}");
        }
    }

    #[test]
    fn string_bytes_are_the_strings_bytes() {
        for text in [
            r#""""#,
            r#""e4""#,
            r#""Nbxd7+""#,
            r#""Nbxd7+!""#,
            r#""long enough for the general way""#,
            r#""a\"b""#,
            "\"\u{e9}\"",
            "\"a\u{1}\"",
            r#""e4"#,
            "null",
            r#"  "e4" "#,
        ] {
            let mut general = Scanner::new(text.as_bytes());
            let want = general.string().map(|w| w.as_bytes().to_vec());
            let mut s = Scanner::new(text.as_bytes());
            assert_eq!(s.string_bytes().map(Cow::into_owned), want, "{text}");
            if want.is_ok() {
                assert_eq!(s.pos(), general.pos(), "{text}");
            }
        }
    }

    #[test]
    fn a_short_string_here_reads_as_a_skipped_one_or_not_at_all() {
        let mut read = 0;
        for text in [
            r#""""#,
            r#""","x":12"#,
            r#""e4","to":"e5""#,
            r#""Nbxd7+","x""#,
            r#""1234567","x""#,
            r#""12345678","x""#,
            r#""a\"b","x":1"#,
            "\"\u{e9}\",\"x\":1",
            "\"a\u{1}\",\"x\":1",
            r#""e4"#,
            r#"null,"x":1"#,
            r#" "e4","x":1"#,
            r#""e4"    "#,
            r#""e4"     "#,
        ] {
            let mut general = Scanner::new(text.as_bytes());
            let want = general.skip_string_or_null().map(|()| general.pos());
            let mut s = Scanner::new(text.as_bytes());
            match s.skip_short_string_here() {
                true => {
                    assert_eq!(Ok(s.pos()), want, "{text}");
                    read += 1;
                }
                false => assert_eq!(s.pos(), 0, "{text}"),
            }
        }
        assert_eq!(read, 5);
    }

    #[test]
    fn a_word_stops_where_a_byte_does() {
        // Every byte, at every place in a word, after every other byte.
        for b in 0..=255u8 {
            for at in 0..8 {
                for before in [b'a', b'"', 0x1f, 0x80, b'\\', b' ', 0xff] {
                    let mut w = [b'x'; 8];
                    w[at] = b;
                    if at > 0 {
                        w[at - 1] = before;
                    }
                    let want = w.iter().position(|&c| STRING_STOP[usize::from(c)]);
                    let stops = string_stops(u64::from_le_bytes(w));
                    let got = (stops != 0).then(|| (stops.trailing_zeros() / 8) as usize);
                    assert_eq!(got, want, "{w:?}");
                }
            }
        }
    }

    #[test]
    fn known_keys_read_as_keys_do() {
        let names: [&[u8]; 5] = [b"san", b"comments_before", b"to", b"a", b"fifteen_bytes_x"];
        let texts: [&[u8]; 15] = [
            b"\"san\": 1",
            b" \"san\":1",
            b"\"sa\": 1",
            b"\"sanx\": 1",
            b"\"san\" 1",
            b"\"san\"",
            b"\"comments_before\":[]",
            b"\"comments_before\"",
            b"\"comments_befor\":[]",
            b"\"to\":\"e4\"",
            b"\"t\\o\":1",
            b"\"a\":",
            b"\"a",
            b"\"fifteen_bytes_x\": 0",
            b"}",
        ];
        for name in names {
            let k = Key::new(name);
            assert!(k.is(name));
            assert!(!k.is(b"other"));
            // As they are (short: read the general way), and with more text.
            for text in texts
                .iter()
                .flat_map(|t| [t.to_vec(), [*t, &[b' '; 20]].concat()])
            {
                let mut general = Scanner::new(&text);
                let want = general.key().map(|key| key == name);
                let mut known = Scanner::new(&text);
                let word = known.key_word();
                let got = match word {
                    Some(w) if k.matches(w) => known.take_key(&k).map(|()| true),
                    _ => Ok(false),
                };
                match want {
                    Ok(true) if word.is_some() => {
                        assert_eq!(got, Ok(true), "{name:?} {text:?}");
                        // The same place, but for white space before the value.
                        assert_eq!(known.peek(), general.peek());
                        assert_eq!(known.pos(), general.pos());
                    }
                    // Another key, or not a key: the general reader decides.
                    _ => assert!(got != Ok(true), "{name:?} {text:?}"),
                }
            }
        }
        // Too long to be known: never matches.
        let long = Key::new(b"sixteen_bytes_xy");
        let mut s = Scanner::new(b"\"sixteen_bytes_xy\":1 and more text");
        assert!(!s.key_word().is_some_and(|w| long.matches(w)));
        assert!(!long.is(b"sixteen_bytes_xy"));
    }

    #[test]
    fn integers_read_as_serde_reads_them() {
        let read = |t: &str| Scanner::new(t.as_bytes()).u32();
        assert_eq!(read("0,"), Ok(0));
        assert_eq!(read(" 4294967295}"), Ok(u32::MAX));
        assert_eq!(read("4294967296,"), Err(Stop::Leave));
        assert_eq!(read("01,"), Err(Stop::Leave));
        assert_eq!(read("1.0,"), Err(Stop::Leave));
        assert_eq!(read("1e2,"), Err(Stop::Leave));
        assert_eq!(read("-1,"), Err(Stop::Leave));
        assert_eq!(read("12"), Err(Stop::End));
        assert_eq!(Scanner::new(b"65536]").u16(), Err(Stop::Leave));
    }

    #[test]
    fn white_space_is_skipped_whatever_its_length() {
        for n in 0..40 {
            let text = format!("{}\n\t\r{}x", " ".repeat(n), " ".repeat(n));
            assert_eq!(Scanner::new(text.as_bytes()).peek(), Ok(b'x'), "{n}");
        }
        assert_eq!(Scanner::new(b"         ").peek(), Err(Stop::End));
    }

    #[test]
    fn indentation_is_skipped_whatever_came_before() {
        // Each line's indentation after lines of every other indentation,
        // and indentations with tabs, other bytes or the end after them.
        for a in 0..20 {
            for b in 0..20 {
                for tail in ["x", "\tx", " \r\nx", "\u{1}", ""] {
                    let text = format!("\n{}y\n{}{tail}", " ".repeat(a), " ".repeat(b));
                    let mut s = Scanner::new(text.as_bytes());
                    assert_eq!(s.byte(), Ok(b'y'));
                    let want = match tail.trim_start_matches([' ', '\t', '\r', '\n']) {
                        "" => Err(Stop::End),
                        t => Ok(t.as_bytes()[0]),
                    };
                    assert_eq!(s.peek(), want, "{a} {b} {tail:?}");
                }
            }
        }
    }

    #[test]
    fn small_numbers_read_as_numbers_do() {
        for n in 0..1200u32 {
            for end in [",", "}", "]", " ,", ".5,", "e1,", "0,", "", "x"] {
                for text in [format!("{n}{end}"), format!("0{n}{end}")] {
                    let mut small = Scanner::new(text.as_bytes());
                    let Some(v) = small.small_u32() else {
                        assert_eq!(small.pos(), 0);
                        continue;
                    };
                    let mut general = Scanner::new(text.as_bytes());
                    assert_eq!(general.u32(), Ok(v), "{text}");
                    assert_eq!(small.pos(), general.pos(), "{text}");
                }
            }
        }
        // Taken where the writer writes them.
        assert_eq!(Scanner::new(b"7,").small_u32(), Some(7));
        assert_eq!(Scanner::new(b"123}").small_u32(), Some(123));
        assert_eq!(Scanner::new(b"1234,").small_u32(), None);
        let mut s = Scanner::new(b"null,");
        assert!(s.null_here());
        assert_eq!(s.pos(), 4);
        assert!(!Scanner::new(b" null").null_here());
    }

    #[test]
    fn literals_may_be_cut_short() {
        assert_eq!(Scanner::new(b"nu").null(), Err(Stop::End));
        assert_eq!(Scanner::new(b"nul,").null(), Err(Stop::Leave));
        assert_eq!(Scanner::new(b"null").null(), Ok(true));
        assert_eq!(Scanner::new(b"\"n\"").null(), Ok(false));
        assert_eq!(Scanner::new(b" fals").bool(), Err(Stop::End));
        assert_eq!(Scanner::new(b"true").bool(), Ok(true));
    }
}
