//! The JSON reader (`record::json::read`) reads every text serde reads
//! whole as games to the same records, whatever the read buffer's size,
//! and fails at a place on every other text, never by a panic; every token
//! it hands on is located at its own line and column in the JSON text.

use crate::json_oracle;

use fvnote::model::Record;
use fvnote::notation::pgn::{read_all, RecordBuilder};
use fvnote::record::convert::{convert_record, ConvertOptions, Target};
use fvnote::record::gen::{generate, GenOptions};
use fvnote::record::json::read::JsonReader;
use fvnote::record::pipeline::read::GameReader;
use fvnote::record::replay::damage::Watch;
use fvnote::record::replay::ReplayOptions;
use fvnote::variant::Variant;
use json_oracle::{streamed, whole};
use proptest::prelude::*;

fn assert_same(bytes: &[u8]) {
    json_oracle::assert_same(bytes, &[1, 2, 7, 8192]);
}

/// The JSON Lines form of `record`.
fn jsonl(record: &fvnote::model::Record) -> String {
    let opts = ConvertOptions {
        to: Target::Jsonl,
        json: Default::default(),
        fix_result: false,
    };
    String::from_utf8(convert_record(record, &opts).unwrap()).unwrap()
}

/// `games` random games of every variant, of at most `max_plies` plies.
fn generated(games: usize, seed: u64, max_plies: usize) -> impl Iterator<Item = Record> {
    Variant::ALL.iter().flat_map(move |&variant| {
        let options = GenOptions {
            variant,
            games,
            seed,
            max_plies,
        };
        generate(&options).into_iter().map(|g| g.record)
    })
}

/// A few small games of every variant, each a JSON object on one line.
fn games() -> Vec<String> {
    generated(1, 3, 6)
        .map(|r| jsonl(&r).trim_end().to_owned())
        .collect()
}

#[test]
fn well_formed_texts_read_the_same_games() {
    let games = games();
    let array = format!("[{}]", games.join(","));
    let values: Vec<serde_json::Value> = games
        .iter()
        .map(|g| serde_json::from_str(g).unwrap())
        .collect();
    let pretty = serde_json::to_string_pretty(&values).unwrap();
    let lines = games.join("\n") + "\n";
    // JSON Lines as other tools leave it: CRLF and spaces at line ends,
    // two games on a line, a pretty game among one-line ones, no last
    // newline.
    let (g, one_pretty) = (&games[0], serde_json::to_string_pretty(&values[1]).unwrap());
    let mixed = format!("{g} \r\n{g} {g}\n{one_pretty}\n{g}\t\n\n{g}");
    for text in [
        array.as_str(),
        &pretty,
        &lines,
        &mixed,
        "",
        " \n\t\r ",
        "[]",
        " [ \n ] \n",
    ] {
        assert_same(text.as_bytes());
        assert!(whole(text.as_bytes()).is_ok(), "{text}");
    }
    assert_eq!(streamed(array.as_bytes(), 3).0.len(), games.len());
}

#[test]
fn malformed_texts_fail_at_a_place() {
    let g = &games()[0];
    for text in [        "[".to_owned(),
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
        assert!(streamed(text.as_bytes(), 8192).1.is_some(), "{text}");
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
        assert!(whole(text).is_err());
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
        let (_, at) = streamed(text, 8192);
        assert_eq!(at.map(|a| a.1), Some(1), "{text:?}");
        assert_same(text);
    }
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
    fn mutated_texts_read_as_serde_reads_them(
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
    fn texts_of_pieces_read_as_serde_reads_them(
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
    for text in [
        deep("[", "]"),
        deep("{\"a\":", "}"),
        format!("[{}", "{\"a\":[".repeat(100_000)),
        format!("[\"{}", "a".repeat(1 << 20)),
        "[\0]".to_owned(),
        format!("{GAME}\0"),
    ] {
        for capacity in [7, 8192] {
            let (_, at) = streamed(text.as_bytes(), capacity);
            let (line, column) = at.expect("an error");
            assert!(line >= 1 && column >= 1, "{line}:{column}");
        }
    }
}

/// Where the reader hands each move on: a ply at its own object, on its
/// own line in pretty JSON, so an error is located there, as in PGN.
#[test]
fn a_ply_is_located_at_its_own_line_and_column() {
    let rec = read_all(b"1. e4 e5 2. Ke3 *").remove(0).unwrap();
    let line = jsonl(&rec);
    let value: serde_json::Value = serde_json::from_str(&line).unwrap();
    let pretty = format!("[\n{}\n]", serde_json::to_string_pretty(&value).unwrap());
    for (text, expected) in [
        (
            line.clone(),
            (1, line.find("{\"san\":\"Ke3\"").unwrap() as u32 + 1),
        ),
        (pretty.clone(), {
            let at = pretty.find("\"san\": \"Ke3\"").unwrap();
            let ply_start = pretty[..at].rfind('{').unwrap();
            let line_start = pretty[..ply_start].rfind('\n').unwrap() + 1;
            let line = pretty[..ply_start].matches('\n').count() as u32 + 1;
            let column = (ply_start - line_start) as u32 + 1;
            (line, column)
        }),
    ] {
        let mut reader = JsonReader::new(text.as_bytes());
        let report = reader
            .read_game(&mut Watch::new(ReplayOptions::default()))
            .unwrap()
            .unwrap();
        let e = report.error.expect("Ke3 is illegal");
        assert_eq!(e.token, "Ke3");
        assert_eq!((e.span.line, e.span.column), expected, "{text}");
    }
}

/// Comments before, between and after the tag pairs, and a game that is a
/// comment alone, travel PGN → JSON → PGN (they were dropped with the tags).
#[test]
fn comments_around_tags_travel_both_ways() {
    let pgn = "{before} [Event \"a\"]\n{between} [Site \"b\"]\n{after}\n\n1. e4 *\n\n{trailing}\n";
    for rec in read_all(pgn.as_bytes()) {
        let rec = rec.unwrap();
        let json = jsonl(&rec);
        let mut reader = JsonReader::new(json.as_bytes());
        let back = reader
            .read_game(&mut RecordBuilder::new())
            .unwrap()
            .unwrap();
        assert_eq!(
            fvnote::notation::pgn::to_string(&back),
            fvnote::notation::pgn::to_string(&rec),
            "{json}"
        );
    }
    let first = read_all(pgn.as_bytes()).remove(0).unwrap();
    assert_eq!(first.tags.len(), 2);
    assert_eq!(first.tags[1].comments_before[0].text, "between");
}

/// Found by the property test: an array after a game object is no form of
/// the input (a game object, an array of them, or a sequence of objects);
/// the reader stops at the `[`.
#[test]
fn an_array_after_a_game_object_is_refused_at_its_bracket() {
    let text = br#"{"format": "fvnote-record", "version": 1, "tags": [], "moves": []} [{"format": "fvnote-record", "version": 1, "tags": [{"name": "E", "value": "]}"}], "moves": []}]"#;
    assert_same(text);
    let (records, error) = streamed(text, 4096);
    assert_eq!((records.len(), error), (1, Some((1, 68))));
}

/// Every game object of `text` read by a reader holding games up to
/// `window` bytes, `step` bytes a read: each record (with its spans) and
/// its replay's report, or the error.
fn read_within(text: &[u8], window: usize, step: usize) -> Vec<String> {
    read_as(text, window, step, false)
}

/// [`read_within`], by serde alone when `serde_only`.
fn read_as(text: &[u8], window: usize, step: usize, serde_only: bool) -> Vec<String> {
    let read = |checked: bool| {
        let input = std::io::BufReader::with_capacity(step, text);
        let mut reader = JsonReader::new(input).hold_up_to(window);
        if serde_only {
            reader = reader.serde_only();
        }
        let mut out = Vec::new();
        loop {
            let got = match checked {
                false => reader
                    .read_game(&mut RecordBuilder::new())
                    .map(|r| r.map(|r| format!("{r:?}"))),
                true => reader
                    .read_game(&mut Watch::new(ReplayOptions::default()))
                    .map(|r| r.map(|r| format!("{:?} {:?}", r.error, r.plies))),
            };
            match got {
                Ok(Some(r)) => out.push(r),
                Ok(None) => return out,
                Err(e) => out.push(format!("{:?}", e.error)),
            }
        }
    };
    let mut out = read(false);
    out.extend(read(true));
    out
}

/// A game longer than the reader's window is read one main-line ply at a
/// time: every record, span and verdict is what reading it whole gives,
/// in JSON Lines and pretty JSON, for every game the tests ship.
#[test]
fn a_game_longer_than_the_window_reads_as_a_whole_one() {
    let mut compared = 0;
    for path in crate::common::pgn_files(&["fixtures", "tests/data"]) {
        let bytes = std::fs::read(&path).unwrap();
        let records: Vec<_> = read_all(&bytes).into_iter().flatten().collect();
        if records.is_empty() {
            continue;
        }
        let lines: String = records.iter().map(jsonl).collect();
        let values: Vec<serde_json::Value> = lines
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // serde's objects sort their keys: `moves` before `tags`.
        let sorted = serde_json::to_string_pretty(&values).unwrap();
        let pretty = records
            .iter()
            .map(|r| {
                let opts = ConvertOptions {
                    to: Target::Json,
                    json: Default::default(),
                    fix_result: false,
                };
                let text = String::from_utf8(convert_record(r, &opts).unwrap()).unwrap();
                let inner = &text[text.find('[').unwrap() + 1..text.rfind(']').unwrap()];
                inner.trim().to_owned()
            })
            .collect::<Vec<_>>()
            .join(",\n");
        for text in [lines, format!("[\n{pretty}\n]\n"), sorted] {
            let whole = read_within(text.as_bytes(), usize::MAX, 8192);
            for (window, step) in [(0, 8192), (0, 7), (100, 64)] {
                let part = read_within(text.as_bytes(), window, step);
                assert_eq!(part, whole, "{} window {window}", path.display());
            }
            compared += whole.len();
        }
    }
    assert!(compared > 400, "only {compared} games compared");
}

/// A streamed game's members after `moves` are its result and derived
/// fields; a `prelude` there cannot be told before the moves, and is
/// refused at its place (a game held whole reads it).
#[test]
fn a_long_game_holds_its_prelude_before_its_moves() {
    let text = br#"{"format": "fvnote-record", "version": 1, "tags": [], "moves": [{"san": "e4"}], "prelude": [{"text": "late"}], "result": "*"}"#;
    let whole = read_within(text, usize::MAX, 8192);
    assert!(whole[0].contains("late"), "{whole:?}");
    let (records, error) = json_oracle::streamed_within(text, 8192, 0);
    let column = text.windows(9).position(|w| w == b"\"prelude\"").unwrap() as u32 + 1;
    assert_eq!((records.len(), error), (0, Some((1, column))));
    let mut reader = JsonReader::new(&text[..]).hold_up_to(0);
    let e = reader.read_game(&mut RecordBuilder::new()).unwrap_err();
    assert!(
        e.error.message.contains("`prelude` after `moves`"),
        "{}",
        e.error.message
    );
    // Between plies: a comma or the end of the line, else an error there.
    let text =
        br#"{"format": "fvnote-record", "version": 1, "tags": [], "moves": [{"san": "e4"} x]}"#;
    let mut reader = JsonReader::new(&text[..]).hold_up_to(0);
    let e = reader.read_game(&mut RecordBuilder::new()).unwrap_err();
    // In the words serde gives the game held whole.
    assert_eq!(e.error.message, "JSON: expected `,` or `]`");
    let held = JsonReader::new(&text[..]).read_game(&mut RecordBuilder::new());
    assert_eq!(held.unwrap_err().error, e.error);
    let x = text.iter().position(|&b| b == b'x').unwrap() as u32;
    assert_eq!(e.error.span.column, x + 1);
    assert!(reader
        .read_game(&mut RecordBuilder::new())
        .unwrap()
        .is_none());
    // A result (or trailing move number) before `moves` is the game's end.
    let early = br#"{"format": "fvnote-record", "version": 1, "tags": [], "result": "1-0", "trailing_move_number": 2, "moves": [{"san": "e4"}]}"#;
    let whole = read_within(early, usize::MAX, 8192);
    assert!(whole[0].contains("1-0"), "{whole:?}");
    assert_eq!(read_within(early, 0, 8), whole);
    // A game after the `trailing_comments` object is refused either way.
    let text =
        br#"{"format": "fvnote-record", "version": 1, "trailing_comments": [{"text": "end"}]}
{"format": "fvnote-record", "version": 1, "tags": [], "moves": [{"san": "e4"}], "result": "*"}"#;
    for window in [usize::MAX, 0] {
        let mut reader = JsonReader::new(&text[..]).hold_up_to(window);
        let e = reader.read_game(&mut RecordBuilder::new()).unwrap_err();
        assert!(
            e.error.message.contains("a game after `trailing_comments`"),
            "{window}: {}",
            e.error.message
        );
        assert_eq!(e.error.span.line, 2);
    }
    // Members in another order (as `jq -S` sorts them) are read whole.
    let sorted = br#"{"format": "fvnote-record", "moves": [{"san": "e4"}], "prelude": [{"text": "early"}], "result": "*", "tags": [], "version": 1}"#;
    assert_eq!(
        read_within(sorted, 0, 8),
        read_within(sorted, usize::MAX, 8192)
    );
}

/// Found by `mutated_texts_read_as_serde_reads_them` in CI: a game read as
/// it comes (longer than the window) was framed from the last comma before
/// `"moves"` to the `[` after it, and whatever else stood there (a member
/// with its comma lost, a stray value) was skipped unread, as was a missing
/// comma after the main line. Each is now refused where holding the game
/// whole refuses it.
#[test]
fn a_long_game_skips_nothing_around_its_moves() {
    let head = r#"{"format": "fvnote-record", "version": 1, "tags": []"#;
    for middle in [
        r#", "prelude": [{"text": "lost"}] "moves": [{"san": "e4"}], "result": "*"}"#,
        r#", "moves": [{"san": "e4"}] "result": "*"}"#,
        r#", "moves" 1: [{"san": "e4"}], "result": "*"}"#,
        r#", "moves": 1 [{"san": "e4"}], "result": "*"}"#,
        r#", 1 "moves": [{"san": "e4"}], "result": "*"}"#,
    ] {
        let text = format!("{head}{middle}");
        let held = json_oracle::streamed_within(text.as_bytes(), 8192, usize::MAX);
        assert!(held.1.is_some(), "{text}");
        for step in [1, 7, 8192] {
            let streamed = json_oracle::streamed_within(text.as_bytes(), step, 0);
            assert_eq!((streamed.0.len(), streamed.1), (0, held.1), "{text}");
        }
        // The same message too.
        let message = |window| {
            let mut reader = JsonReader::new(text.as_bytes()).hold_up_to(window);
            reader
                .read_game(&mut RecordBuilder::new())
                .unwrap_err()
                .error
        };
        assert_eq!(message(0), message(usize::MAX), "{text}");
        assert_same(text.as_bytes());
    }
    // White space around the key and its colon is no damage.
    let text =
        format!("{head},\n \"moves\"\t:\r\n [{{\"san\": \"e4\"}}]\n , \"result\": \"*\"\n}}");
    assert_eq!(
        read_within(text.as_bytes(), 0, 1),
        read_within(text.as_bytes(), usize::MAX, 8192)
    );
    assert_same(text.as_bytes());
}

/// A few games of every variant as JSON Lines without comments or
/// variations: what the hand-written reader reads.
fn plain_games() -> Vec<String> {
    generated(2, 5, 8)
        .map(|mut record| {
            record.prelude.clear();
            for node in &mut record.moves {
                node.comments.clear();
                node.comments_before.clear();
                node.variations.clear();
            }
            jsonl(&record).trim_end().to_owned()
        })
        .collect()
}

/// Pieces that fvnote's own layout holds or must refuse, for the
/// hand-written reader of it (`record::json::laid`).
const LAID_PIECES: [&str; 28] = [
    "\\u0065",
    "\"a\u{1}b\"",
    "[99999]",
    "[65535,65536]",
    "x",
    "null",
    "0",
    "01",
    "1.5",
    "1e2",
    "-1",
    "99999",
    "4294967296",
    "true",
    "[]",
    "[1]",
    "{}",
    "\"\"",
    ",\"x\":1",
    ",\"canonical\":\"e4\"",
    ",\"san\":\"e4\"",
    ",\"clock\":60",
    ",\"comments\":[]",
    "\u{1}",
    "\u{e9}",
    " ",
    "\"",
    ",",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    /// JSON Lines as fvnote writes it, edited anywhere: the hand-written
    /// reader of that layout reads every text as serde alone does, to the
    /// same records, spans, verdicts and errors.
    #[test]
    fn fvnote_s_layout_reads_as_serde_reads_it(
        pick in 0usize..64,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..5, 0usize..LAID_PIECES.len()), 0..3),
    ) {
        let games = plain_games();
        let chosen: Vec<&str> = games.iter().cycle().skip(pick).take(1 + pick % 2).map(String::as_str).collect();
        let mut text = (chosen.join("\n") + "\n").into_bytes();
        for (at, op, piece) in edits {
            let i = at.index(text.len() + 1);
            let piece = LAID_PIECES[piece].bytes();
            match op {
                0 => {
                    let n = (text.len() - i).min(1 + piece.len() % 4);
                    text.drain(i..i + n);
                }
                1 => {
                    text.splice(i..i, piece);
                }
                2 => {
                    // After a game, on its line.
                    let ends: Vec<usize> = text.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(i, _)| i).collect();
                    if let Some(&end) = ends.get(at.index(ends.len().max(1))) {
                        text.splice(end..end, piece);
                    }
                }
                _ => {
                    // A value replaced: the one after the chosen `:`.
                    let colons: Vec<usize> = text.iter().enumerate().filter(|(_, &b)| b == b':').map(|(i, _)| i + 1).collect();
                    if let Some(&from) = colons.get(at.index(colons.len().max(1))) {
                        let len = value_len(&text[from..]);
                        text.splice(from..from + len, piece);
                    }
                }
            }
        }
        let by_hand = read_as(&text, usize::MAX, 8192, false);
        prop_assert_eq!(by_hand, read_as(&text, usize::MAX, 8192, true));
    }
}

/// Each value of a game in fvnote's layout replaced by each piece: read by
/// hand as by serde alone.
#[test]
fn every_value_of_fvnote_s_layout_reads_as_serde_reads_it() {
    let game = plain_games().swap_remove(0);
    let keys = [
        "format",
        "version",
        "tags",
        "name",
        "value",
        "variant",
        "prelude",
        "moves",
        "san",
        "move_number",
        "canonical",
        "from",
        "check",
        "nags",
        "comments",
        "variations",
        "result",
        "comments_before",
        "trailing_move_number",
    ];
    let mut compared = 0;
    for key in keys {
        let Some(at) = game.find(&format!("\"{key}\":")) else {
            continue;
        };
        let from = at + key.len() + 3;
        let len = value_len(&game.as_bytes()[from..]);
        // The key twice, with the same value: serde refuses the game.
        let (head, value, tail) = (&game[..from], &game[from..from + len], &game[from + len..]);
        let twice = format!("{head}{value},\"{key}\":{value}{tail}\n");
        let by_hand = read_as(twice.as_bytes(), usize::MAX, 8192, false);
        assert_eq!(
            by_hand,
            read_as(twice.as_bytes(), usize::MAX, 8192, true),
            "{twice}"
        );
        for piece in LAID_PIECES
            .iter()
            .chain(&["[1,2]", "[]", "\"e4\"", "\"*\""])
        {
            let edited = format!("{}{piece}{}\n", &game[..from], &game[from + len..]);
            let by_hand = read_as(edited.as_bytes(), usize::MAX, 8192, false);
            assert_eq!(
                by_hand,
                read_as(edited.as_bytes(), usize::MAX, 8192, true),
                "{edited}"
            );
            compared += 1;
        }
    }
    assert!(compared > 400, "{compared}");
}

/// The length of the JSON value `text` starts with (a list or object to
/// its closing bracket; its strings hold no escapes).
fn value_len(text: &[u8]) -> usize {
    let (mut depth, mut in_string) = (0usize, false);
    for (i, &b) in text.iter().enumerate() {
        match (b, in_string) {
            (b'"', _) => in_string = !in_string,
            (_, true) => {}
            (b'[' | b'{', _) => depth += 1,
            (b']' | b'}', _) if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            (b',' | b']' | b'}', _) if depth == 0 => return i,
            _ => {}
        }
    }
    text.len()
}

/// Every game the tests ship, as JSON Lines, reads the same by hand as by
/// serde alone.
#[test]
fn shipped_games_read_by_hand_as_by_serde() {
    let mut lines = String::new();
    for path in crate::common::pgn_files(&["fixtures", "tests/data"]) {
        let bytes = std::fs::read(&path).unwrap();
        for record in read_all(&bytes).into_iter().flatten() {
            lines.push_str(&jsonl(&record));
        }
    }
    assert!(lines.lines().count() > 100, "{}", lines.lines().count());
    let by_hand = read_as(lines.as_bytes(), usize::MAX, 8192, false);
    assert_eq!(by_hand, read_as(lines.as_bytes(), usize::MAX, 8192, true));
}
