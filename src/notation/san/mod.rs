//! Move tokens: SAN and fvnote's extensions (`notation/moves.md`).
//!
//! Reading is two steps, as in shakmaty: [`San::parse`] checks the text alone
//! against the grammar ([`ParseSanError`], with the offending byte span);
//! [`ParsedSan::resolve`] finds the one legal move it names in a position
//! ([`SanError`]: none, illegal with a reason, or several). Lenient spellings
//! are accepted but reported as [`Lenient`] warnings, never silently.
//!
//! ```
//! use fvnote::notation::san::{San, write_san};
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let pos = Position::start(Variant::Chess);
//! let parsed = San::parse("Ng1-f3").unwrap();
//! let resolved = parsed.resolve(&pos).unwrap();
//! assert_eq!(write_san(&pos, &resolved.mv), "Nf3");
//! assert!(!resolved.warnings.is_empty()); // long algebraic is lenient
//! ```
//!
//! One concept per file: the values and their canonical `Display`
//! (`types.rs`), the grammar as nom parsers (`grammar.rs`) with a fast path
//! for plain tokens (`plain.rs`), resolution in a position (`resolve.rs`),
//! and the writer (`write.rs`).

mod grammar;
mod plain;
mod resolve;
mod types;
mod write;

/// The square grammar (`e4`, `b10`), shared with the other move forms.
pub(crate) use grammar::square as square_parser;
pub use grammar::ParseSanError;
pub use resolve::{Resolved, SanError};
pub use types::{Lenient, ParsedSan, San, SanPlus, Suffix};
pub use write::{canonical_with, check_suffix, long_form, told_apart, write_san, write_san_among};

impl San {
    /// Parses a token (the text of one move, check mark included).
    pub fn parse(token: &str) -> Result<ParsedSan, ParseSanError> {
        grammar::parse_token(token.as_bytes())
    }

    /// [`San::parse`] on bytes, as a PGN reader lends them: no UTF-8 check
    /// first; bytes that are not UTF-8 are no move.
    ///
    /// ```
    /// use fvnote::notation::san::San;
    /// assert_eq!(San::parse_bytes(b"Nbd7").unwrap(), San::parse("Nbd7").unwrap());
    /// assert!(San::parse_bytes(b"N\xffd7").is_err());
    /// ```
    pub fn parse_bytes(token: &[u8]) -> Result<ParsedSan, ParseSanError> {
        grammar::parse_token(token)
    }

    /// [`San::parse_bytes`], and whether the token has one of the plain
    /// canonical shapes the fast path reads (`e4`, `exd8=Q+`, `Nbd7`,
    /// `R1e2#`, `K-qn`, `N@e4`, `RNxd4`): such a token is its move and
    /// mark written back byte for byte (as `Display` and the mark write
    /// them), so a caller that writes the move may copy the token instead.
    ///
    /// ```
    /// use fvnote::notation::san::San;
    /// let (parsed, plain) = San::parse_bytes_plain(b"Nbd7+");
    /// assert!(plain);
    /// assert_eq!(parsed.unwrap(), San::parse("Nbd7+").unwrap());
    /// assert!(!San::parse_bytes_plain(b"Ng1-f3").1);
    /// ```
    pub fn parse_bytes_plain(token: &[u8]) -> (Result<ParsedSan, ParseSanError>, bool) {
        match plain::parse_plain(token) {
            Some(parsed) => (Ok(parsed), true),
            None => (grammar::parse_grammar(token), false),
        }
    }
}

/// Texts shaped like move tokens, for tests that hold one reader of them
/// to another: every text of up to four bytes over the bytes the plain
/// shapes use, then a fixed pseudo-random sample of `longer` texts of five
/// to seven bytes, each handed to `each`.
#[doc(hidden)]
pub fn each_sample_token(longer: usize, mut each: impl FnMut(&[u8])) {
    const ALPHABET: &[u8] = b"abhiyzx0189=NBRQKPO+#-@qnsew";
    let mut t = Vec::new();
    for len in 1..=4u32 {
        for mut n in 0..ALPHABET.len().pow(len) {
            t.clear();
            for _ in 0..len {
                t.push(ALPHABET[n % ALPHABET.len()]);
                n /= ALPHABET.len();
            }
            each(&t);
        }
    }
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..longer {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let len = 5 + (x % 3) as usize;
        t.clear();
        t.extend((0..len).map(|i| ALPHABET[(x >> (8 * i)) as usize % ALPHABET.len()]));
        each(&t);
    }
}
