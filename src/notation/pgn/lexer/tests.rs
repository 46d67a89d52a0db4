//! The lexer's tests.
use super::*;

#[test]
fn token_bytes_are_all_but_blanks_controls_and_delimiters() {
    for b in 0..=255u8 {
        let delimiter = b"{}()[];$\"".contains(&b);
        assert_eq!(
            is_token_byte(b),
            !(b <= 0x20 || b == 0x7F || delimiter),
            "{b:#x}"
        );
    }
    assert!(is_token_byte(b'e') && is_token_byte(0xC3) && !is_token_byte(b'\n'));
}

#[test]
fn classify_tokens() {
    assert_eq!(classify(b"1-0"), Class::Result("1-0"));
    assert_eq!(classify(b"*"), Class::Result("*"));
    assert_eq!(classify(b"N*e4"), Class::Move);
    assert_eq!(classify(b"0-0"), Class::Move);
    assert_eq!(classify(b"..."), Class::Dots);
    assert_eq!(
        classify(b"12...Nf6"),
        Class::Number {
            digits: b"12",
            dots: 3,
            rest: b"Nf6"
        }
    );
    assert_eq!(
        classify(b"7"),
        Class::Number {
            digits: b"7",
            dots: 0,
            rest: b""
        }
    );
}

#[test]
fn classify_edges() {
    let number = |digits, dots, rest| Class::Number { digits, dots, rest };
    assert_eq!(classify(b"1/2-1/2"), Class::Result("1/2-1/2"));
    assert_eq!(classify(b"0-1"), Class::Result("0-1"));
    assert_eq!(classify(b"1."), number(b"1", 1, b""));
    assert_eq!(classify(b"1.2"), number(b"1", 1, b"2"));
    assert_eq!(classify(b"99999999999"), number(b"99999999999", 0, b""));
    for moves in ["1-", "1/2", "0-1x", "1-0-1", "*x", "**", "12a", "e4", ".e4"] {
        assert_eq!(classify(moves.as_bytes()), Class::Move, "{moves}");
    }
    assert_eq!(classify(b"."), Class::Dots);
}

#[test]
fn decimals() {
    assert_eq!(parse_decimal::<u32>(b"0042"), Some(42));
    assert_eq!(parse_decimal::<u16>(b"65535"), Some(u16::MAX));
    assert_eq!(parse_decimal::<u16>(b"65536"), None);
    assert_eq!(parse_decimal::<u32>(b"99999999999999999999999"), None);
    assert_eq!(parse_decimal::<u32>(b""), None);
    assert_eq!(parse_decimal::<u32>(b"+1"), None);
}

/// Characters of `bytes`, each byte of an invalid sequence one: by
/// `from_utf8`'s error positions (not the chunks [`chars`] uses).
fn reference_chars(mut bytes: &[u8]) -> u32 {
    let mut n = 0;
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => return n + s.chars().count() as u32,
            Err(e) => {
                let valid = e.valid_up_to();
                let bad = e.error_len().unwrap_or(bytes.len() - valid);
                n += std::str::from_utf8(&bytes[..valid])
                    .unwrap()
                    .chars()
                    .count() as u32;
                n += bad as u32;
                bytes = &bytes[valid + bad..];
            }
        }
    }
}

#[test]
fn a_byte_that_is_not_utf8_is_one_column() {
    // « é t é » in Latin-1: five bytes, five columns, as when decoded.
    assert_eq!(width(b"\xab\xe9t\xe9\xbb"), 5);
    assert_eq!(width("«été»".as_bytes()), 5);
    assert_eq!(width(b"\xe2\x82"), 2);
    assert_eq!(width("€".as_bytes()), 1);
    assert_eq!(width(b"Nf3 e4"), 6);
}

proptest::proptest! {
    /// Counting over a slice tracks lines as stepping byte by byte
    /// does, and columns as characters.
    #[test]
    fn walking_a_slice_is_stepping_each_byte(
        bytes in proptest::collection::vec(
            proptest::sample::select(vec![b'a', b' ', b'\n', b'\r', 0xC3, 0xA9, 0xE2]),
            0..64,
        ),
        after_cr: bool,
        line in 0u32..3,
    ) {
        let start = Tracker { line, column: 5, after_cr };
        let (mut walked, mut stepped) = (start, start);
        walked.walk(&bytes);
        bytes.iter().for_each(|&b| stepped.step(b));
        proptest::prop_assert_eq!(
            (walked.line, walked.after_cr),
            (stepped.line, stepped.after_cr)
        );
        // Columns: characters since the last line break, a byte that
        // is not UTF-8 counting as one.
        let tail = match bytes.iter().rposition(|&b| b == b'\n' || b == b'\r') {
            Some(i) => (1, &bytes[i + 1..]),
            None => (5, &bytes[..]),
        };
        proptest::prop_assert_eq!(walked.column, tail.0 + reference_chars(tail.1));
        if bytes.is_ascii() {
            proptest::prop_assert_eq!(walked.column, stepped.column);
        }
        let mut from_start = Tracker::at_line(0);
        bytes.iter().for_each(|&b| from_start.step(b));
        proptest::prop_assert_eq!(line_breaks(&bytes), from_start.line);
    }
}

#[test]
fn glyphs() {
    assert_eq!(split_glyphs(b"Nf3+!?"), (&b"Nf3+"[..], &b"!?"[..]));
    assert_eq!(glyph_nag(b"?!"), Some(6));
    assert_eq!(glyph_nag(b"!!!"), None);
}

#[test]
fn tags() {
    match parse_tag(br#"[White "a \"b\" \\"] rest"#) {
        TagParse::Ok {
            name, value, len, ..
        } => {
            assert_eq!(name, b"White");
            assert_eq!(value, br#"a \"b\" \\"#);
            assert_eq!(len, 20);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(unescape(r#"a \"b\" \\"#), r#"a "b" \"#);
    assert_eq!(parse_tag(br#"[A "x"#), TagParse::OpenString { at: 3 });
    assert!(matches!(
        parse_tag(br#"[A "x" "#),
        TagParse::Expected { at: 7, .. }
    ));
}
