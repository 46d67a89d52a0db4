//! JSON → PGN read by the hand-written scanner (`convert --to pgn`,
//! streamed) gives what serde reading each game whole gives (the
//! whole-record route): the same PGN, the same errors at the same line and
//! column, on valid JSON of every variant in every layout and on mutated
//! and cut texts, through reads of any size. And the scanner does take the
//! clean games (else this would only test the fallback).

use crate::json_pgn_oracle;

use fvnote::model::Span;
use fvnote::notation::pgn::read_all;
use fvnote::record::gen::{generate, GenOptions};
use fvnote::record::json::{to_game, Game, JsonOptions};
use fvnote::record::json_read_stream::{GameRead, JsonToPgn};
use fvnote::variant::Variant;
use json_pgn_oracle::{assert_same, fast, whole};
use proptest::prelude::*;

/// Records with what generated games lack: variations (nested, with
/// comments before their first move), NAGs, line comments, a prelude,
/// escapes, text that is not ASCII, a set-up position.
const PGN: &str = r#"[Event "Ex \"quoted\" \\ back"]
[White "Anna Å"]
[Result "1-0"]

{A short game} ; a line comment
1. e4 {[%clk 0:05:00]} e5 2. Bc4 $1 Nc6 3. Qh5 Nf6?? (3... g6 {then} 4. Qf3 (4. Qe2 {deeper} (4. Qd1)) Nf6) ({x} 3... Qf6) 4. Qxf7# 1-0

[Event "set up"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"]

7... Kd7 8. e4 {é} *

[Event "illegal"]

1. e4 e5 2. Ke3 {oops} Nc6 *
"#;

/// JSON values of a few games of every variant, and of [`PGN`]'s.
fn games(max_plies: usize) -> Vec<Game> {
    let mut records: Vec<_> = Variant::ALL
        .iter()
        .flat_map(|&variant| {
            generate(&GenOptions {
                variant,
                games: 2,
                seed: 5,
                max_plies,
            })
        })
        .map(|g| g.record)
        .collect();
    records.extend(read_all(PGN.as_bytes()).into_iter().map(Result::unwrap));
    records
        .iter()
        .map(|r| to_game(r, &JsonOptions { fens: true }).unwrap())
        .collect()
}

/// The layouts `convert` writes and reads: JSON Lines, a pretty array, a
/// compact array, and values on one line.
fn texts(games: &[Game]) -> Vec<String> {
    let lines: Vec<String> = games
        .iter()
        .map(|g| serde_json::to_string(g).unwrap())
        .collect();
    vec![
        lines.join("\n") + "\n",
        serde_json::to_string_pretty(games).unwrap(),
        format!("[{}]", lines.join(",")),
        lines.join(" "),
    ]
}

#[test]
fn valid_json_converts_the_same_both_ways() {
    let games = games(40);
    for text in texts(&games) {
        assert_same(text.as_bytes(), &[1, 13, 4096, 1 << 20]);
        let out = whole(text.as_bytes());
        // Two games do not convert: the illegal one, and nothing after it.
        assert_eq!(out.games, games.len() - 1, "{:?}", out.errors);
        assert!(out.illegal);
    }
}

#[test]
fn the_scanner_takes_clean_games() {
    let games = games(60);
    let mut fast = JsonToPgn::new();
    let mut taken = 0;
    for g in &games {
        let illegal = g.tags.iter().any(|t| t.value == "illegal");
        for text in [
            serde_json::to_string(g).unwrap(),
            serde_json::to_string_pretty(g).unwrap(),
        ] {
            match fast.game(text.as_bytes(), Span::default(), true) {
                GameRead::Done(len, _) => {
                    assert_eq!(len, text.len());
                    taken += 1;
                }
                other => assert!(illegal, "{other:?}: {text}"),
            }
            // Cut short, it asks for more (unless the framed value is whole).
            let cut = &text.as_bytes()[..text.len() / 2];
            assert!(matches!(
                fast.game(cut, Span::default(), false),
                GameRead::More
            ));
            assert!(matches!(
                fast.game(cut, Span::default(), true),
                GameRead::Leave
            ));
        }
    }
    assert_eq!(taken, 2 * (games.len() - 1));
}

#[test]
fn odd_and_broken_texts_convert_the_same_both_ways() {
    let head = r#""format": "fvnote-record", "version": 1"#;
    let cases = [
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "move_number": 01}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "move_number": 1.0}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "rank": -1}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "nags": [65536]}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "nags": [1,]}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "nags": null}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "san": "e4"}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "extra": 1}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"move_number": 1}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "check": "\u002b"}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e\u0034"}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "permission": nul}}]}}"#),
        format!(
            r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "promotion": [{{"square": "e8"}}]}}]}}"#
        ),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "promotion": []}}]}}"#),
        format!(
            r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "comments": [{{"kind": "line"}}]}}]}}"#
        ),
        format!(
            r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "comments": [{{"text": "a}}\nb"}}]}}]}}"#
        ),
        format!(
            r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "comments": [{{"text": "x", "commands": [{{"name": "a"}}]}}]}}]}}"#
        ),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "variations": [[]]}}]}}"#),
        format!(
            r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "variations": [[{{"san": "d4"}}], []]}}]}}"#
        ),
        format!(
            r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "variations": [[{{"san": "d4", "variations": [[{{"san": "c4"}}]]}}]]}}]}}"#
        ),
        format!(
            r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "variations": [[{{"san": "d4"}},]]}}]}}"#
        ),
        format!(
            r#"{{{head}, "tags": [], "moves": [{{"san": "O-O"}}, {{"san": "0-0"}}, {{"san": "e4!"}}]}}"#
        ),
        format!(
            r#"{{{head}, "tags": [{{"name": "Event", "value": "a", "span": null}}], "moves": []}}"#
        ),
        format!(
            r#"{{{head}, "tags": [{{"name": "Result", "value": "1-0"}}], "moves": [], "result": "1-0"}}"#
        ),
        format!(r#"{{{head}, "tags": [{{"name": "Ev ent", "value": "a"}}], "moves": []}}"#),
        format!(
            r#"{{{head}, "tags": [], "prelude": [{{"text": "p"}}], "moves": [], "prelude": []}}"#
        ),
        format!(r#"{{{head}, "tags": [], "moves": [], "prelude": [{{"text": "p"}}]}}"#),
        r#"{"version": 2, "format": "fvnote-record", "tags": [], "moves": []}"#.to_string(),
        r#"{"version": 1, "format": "fvnote-recor", "tags": [], "moves": []}"#.to_string(),
        format!(r#"{{{head}, "tags": [], "moves": [], "result": "2-0"}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [], "result": null, "result": null}}"#),
        format!(r#"{{{head}, "tags": [], "variant": 1, "moves": []}}"#),
        format!("{{{head}, \"tags\": [], \"moves\": [{{\"san\": \"e4\", \"kind\": \"a\u{1}\"}}]}}"),
        format!("{{{head}, \"tags\": [], \"moves\": [{{\"san\": \"e4\", \"kind\": \"\u{e9}\"}}]}}"),
        format!("{{{head},\t\"tags\":[],\r\n\"moves\":[ ]  }}"),
        "{}".to_string(),
        "[1, 2]".to_string(),
        "\"x\"".to_string(),
    ];
    let clean = format!(r#"{{{head}, "tags": [], "moves": [{{"san": "d4"}}], "result": "*"}}"#);
    for case in &cases {
        for text in [
            case.clone(),
            format!("[{clean},\n{case},\n{clean}]"),
            format!("{clean}\n{case}\n{clean}\n"),
        ] {
            assert_same(text.as_bytes(), &[1, 5, 1 << 20]);
        }
    }
}

/// The clean texts to mutate.
fn bases() -> Vec<String> {
    texts(&games(8))
}

/// Bytes and snippets that make JSON go wrong in interesting ways.
const BYTES: &[u8] = b"\"\\{}[],:01n .-e\x01\xc3\xff\n";
const SNIPPETS: &[&str] = &[
    r#"\""#,
    r#"\u0041"#,
    r#""x": 1, "#,
    "null",
    "1.0",
    "[]",
    "{}",
    ",",
    r#""san": "e4", "#,
    r#""nags": [1], "#,
    r#""variations": [[{"san": "d4"}]], "#,
    r#""comments": [{"text": "c", "kind": "line"}], "#,
    "\u{e9}",
];

#[derive(Debug, Clone)]
enum Mutation {
    Cut(usize),
    Byte(usize, u8),
    Insert(usize, &'static str),
    Delete(usize, usize),
}

fn mutate(text: &[u8], m: &Mutation) -> Vec<u8> {
    let mut t = text.to_vec();
    let at = |i: usize, t: &Vec<u8>| i % (t.len() + 1);
    match *m {
        Mutation::Cut(i) => t.truncate(at(i, &t)),
        Mutation::Byte(i, b) => {
            let i = at(i, &t).min(t.len().saturating_sub(1));
            if let Some(x) = t.get_mut(i) {
                *x = b;
            }
        }
        Mutation::Insert(i, s) => {
            let i = at(i, &t);
            t.splice(i..i, s.bytes());
        }
        Mutation::Delete(i, n) => {
            let i = at(i, &t);
            let end = (i + n).min(t.len());
            t.drain(i..end);
        }
    }
    t
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Cut),
        (any::<usize>(), prop::sample::select(BYTES)).prop_map(|(i, b)| Mutation::Byte(i, b)),
        (any::<usize>(), prop::sample::select(SNIPPETS)).prop_map(|(i, s)| Mutation::Insert(i, s)),
        (any::<usize>(), 1usize..12).prop_map(|(i, n)| Mutation::Delete(i, n)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_texts_convert_the_same_both_ways(
        base in 0usize..4,
        ms in prop::collection::vec(mutation(), 1..4),
        step in prop::sample::select(vec![3usize, 64, 1 << 20]),
    ) {
        let bases = bases();
        let mut text = bases[base % bases.len()].clone().into_bytes();
        for m in &ms {
            text = mutate(&text, m);
        }
        let want = whole(&text);
        for hold in [0, 1 << 20] {
            prop_assert_eq!(fast(&text, step, hold), want.clone(), "{:?}", String::from_utf8_lossy(&text));
        }
    }
}
