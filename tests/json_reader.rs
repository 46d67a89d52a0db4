//! The streaming JSON reader gives every text the verdict serde gives it
//! read whole: the same games, or the same first error at the same line and
//! column, whatever the read buffer's size.

use crate::json_oracle;

use fvnote::record::gen::{generate, GenOptions};
use fvnote::record::json::{to_game, Game, JsonOptions};
use fvnote::record::json_reader::{each_json_game, JsonReadError};
use fvnote::variant::Variant;
use json_oracle::{streamed, whole};
use proptest::prelude::*;

fn assert_same(bytes: &[u8]) {
    json_oracle::assert_same(bytes, &[1, 2, 7, 8192]);
}

/// A few small games of every variant, as JSON values.
fn games() -> Vec<String> {
    Variant::ALL
        .iter()
        .flat_map(|&variant| {
            generate(&GenOptions {
                variant,
                games: 1,
                seed: 3,
                max_plies: 6,
            })
        })
        .map(|g| {
            let game = to_game(&g.record, &JsonOptions { fens: false }).unwrap();
            serde_json::to_string(&game).unwrap()
        })
        .collect()
}

#[test]
fn well_formed_texts_read_the_same_games() {
    let games = games();
    let array = format!("[{}]", games.join(","));
    let pretty = serde_json::to_string_pretty(
        &games
            .iter()
            .map(|g| serde_json::from_str::<Game>(g).unwrap())
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let lines = games.join("\n") + "\n";
    for text in [
        array.as_str(),
        &pretty,
        &lines,
        "",
        " \n\t\r ",
        "[]",
        " [ \n ] \n",
    ] {
        assert_same(text.as_bytes());
        assert!(whole(text.as_bytes()).is_ok(), "{text}");
    }
    assert_eq!(streamed(array.as_bytes(), 3).unwrap().len(), games.len());
}

#[test]
fn malformed_texts_fail_at_the_same_place() {
    let g = &games()[0];
    for text in [
        "[".to_owned(),
        "[\n\n".to_owned(),
        format!("[{g},]"),
        format!("[{g}\n\n  ,\n ]"),
        format!("[{g},  "),
        format!("[{g} {g}]"),
        format!("[{g}] x"),
        format!("[{g}]]"),
        format!("{g}\n{g}x"),
        format!("{g}\n1"),
        format!("{g}}}"),
        "\n\n  [1]".to_owned(),
        "[1.]".to_owned(),
        "[1.\n]".to_owned(),
        "[tru]".to_owned(),
        "[\"abc".to_owned(),
        // Columns count characters: errors after `é` on the first line of a
        // game, on a later line of it, and between games.
        "[{\"format\": \"fvnote-record\", \"é\": 1, \"version\": 1, \"tags\": 5}]".to_owned(),
        "[{\"format\": \"fvnote-record\", \"version\": 1,\n \"é\": 1, \"tags\": [{\"name\": \"é\", \"value\": 5}]}]".to_owned(),
        format!("[{g}, \"é\" x]"),
        "[\"a\\\"]".to_owned(),
        "\u{c}[]".to_owned(),
        "\u{feff}[]".to_owned(),
        "[,]".to_owned(),
        "{\"format\": \"fvnote-record\", \"version\": 2}".to_owned(),
        "[{\"format\": \"fvnote-record\", \"version\": 1, \"tags\": 5, \"moves\": []}]".to_owned(),
        g[..g.len() / 2].to_owned(),
        format!("[{}", &g[..g.len() - 1]),
    ] {
        assert_same(text.as_bytes());
        assert!(whole(text.as_bytes()).is_err(), "{text}");
    }
}

/// Found by the `json_reader` fuzz target: serde reads the four bytes after
/// `\u` before judging them, a quote included, so that quote does not end the
/// string (it was taken as the end, and serde then ran out of text).
#[test]
fn a_unicode_escape_takes_four_bytes_even_a_quote() {
    for text in [
        &b"\"\\u1\"23\""[..],
        b"[\"\\u1\"x\"]",
        b"[\"\\uD800\\u\"\"\"\"]",
        // The input as found (bytes that are not UTF-8 included).
        b"\"for\\\\$\xff\xff#$\\\\\\u\xb5\xb5\"o",
    ] {
        assert_same(text);
        let err = whole(text).unwrap_err();
        assert!(!err.message.contains("EOF"), "{err:?}");
    }
}

/// Found by the `json_reader` fuzz target: a byte that continues a
/// character, alone (the text is not UTF-8), adds no column, whether serde
/// or the framer reports the error at it.
#[test]
fn a_stray_continuation_byte_takes_no_column() {
    for text in [
        &b"  [ ]\t\t\t\t\t\t\x9e\t"[..],
        b"[1 \x9e]",
        b"[{\"format\": \"fvnote-record\"}\x9e]",
        b"\xe9\x9e",
        b"[\x9e]",
    ] {
        assert_same(text);
        assert!(whole(text).is_err());
    }
}

#[test]
fn a_text_that_starts_with_no_character_fails_at_column_1() {
    for text in [&b"\x80abc"[..], b"\x9e", b"\n\x80"] {
        let e = whole(text).unwrap_err();
        assert_eq!(e.column, 1, "{e:?}");
        assert_same(text);
    }
}

#[test]
fn the_callers_error_stops_reading() {
    let games = games();
    let lines = games.join("\n");
    let mut seen = 0;
    let read = each_json_game(lines.as_bytes(), |_, _| {
        seen += 1;
        match seen {
            2 => Err(std::io::Error::other("disk full")),
            _ => Ok(()),
        }
    });
    assert!(matches!(read, Err(JsonReadError::Each(e)) if e.to_string() == "disk full"));
    assert_eq!(seen, 2);
}

/// A minimal game, for texts built from pieces.
const GAME: &str = r#"{"format": "fvnote-record", "version": 1, "tags": [], "moves": []}"#;

/// Texts built from pieces that matter to the framer and to serde.
const TOKENS: [&str; 22] = [
    GAME,
    GAME,
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    " ",
    "\n",
    "1",
    "1.",
    "-",
    "true",
    "tru",
    "\"a\\\"b\"",
    "\\u",
    "\\u12",
    "\"",
    "\\",
    "x",
    r#"{"format": "fvnote-record", "version": 1, "tags": [{"name": "E", "value": "]}"}], "moves": []}"#,
];

/// Bytes that matter to the framer and to serde.
const PIECES: [&str; 14] = [
    "[", "]", "{", "}", ",", ":", "\"", "\\", " ", "\n", "1", "-", "x", "\u{e9}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    /// Well-formed texts, cut and spliced anywhere.
    #[test]
    fn mutated_texts_get_serdes_verdict(
        pick in 0usize..64,
        form in 0usize..3,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..4, 0usize..PIECES.len()), 0..4),
    ) {
        let games = games();
        let chosen: Vec<&str> = games.iter().cycle().skip(pick).take(1 + pick % 3).map(String::as_str).collect();
        let mut text = match form {
            0 => format!("[{}]", chosen.join(",")),
            1 => format!("[\n  {}\n]\n", chosen.join(",\n  ")),
            _ => chosen.join("\n"),
        }
        .into_bytes();
        for (at, op, piece) in edits {
            let i = at.index(text.len() + 1);
            match op {
                0 => text.truncate(i),
                1 => {
                    let n = (text.len() - i).min(1 + piece);
                    text.drain(i..i + n);
                }
                _ => {
                    text.splice(i..i, PIECES[piece].bytes());
                }
            }
        }
        assert_same(&text);
    }

    /// Texts of a few structural pieces, where every delimiter counts.
    #[test]
    fn texts_of_pieces_get_serdes_verdict(
        pieces in prop::collection::vec(0usize..TOKENS.len(), 0..10),
    ) {
        let text: String = pieces.iter().map(|&i| TOKENS[i]).collect();
        assert_same(text.as_bytes());
    }
}

/// Hostile JSON: nesting 100,000 deep, unclosed strings and brackets, and
/// NUL bytes are errors with a position, never a crash or a stack overflow.
#[test]
fn hostile_json_is_an_error_with_a_position() {
    let deep =
        |open: &str, close: &str| format!("[{}1{}]", open.repeat(100_000), close.repeat(100_000));
    for (text, message) in [
        (deep("[", "]"), "expected a string"),
        // serde skips an unknown field's value without recursing.
        (deep("{\"a\":", "}"), "missing field `format`"),
        (
            format!("[{}", "{\"a\":[".repeat(100_000)),
            "EOF while parsing a list",
        ),
        (
            format!("[\"{}", "a".repeat(1 << 20)),
            "EOF while parsing a string",
        ),
        ("[\0]".to_owned(), "expected value"),
        (format!("{GAME}\0"), "expected value"),
    ] {
        for capacity in [7, 8192] {
            let err = streamed(text.as_bytes(), capacity).unwrap_err();
            assert!(err.message.contains(message), "{err:?}");
            assert!(err.line >= 1 && err.column >= 1, "{err:?}");
        }
    }
}
