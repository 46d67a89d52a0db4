//! JSON → PGN on the fast route against the whole-record route (serde
//! reading each game, then `Converter::game`), exhaustively on a small
//! game: cut at every byte, every byte replaced by bytes that break JSON
//! in different ways, and hand-made records that place comments around
//! variations, where the fast route writes plies straight from the replay
//! (a ply's `comments_before` stay before it, after the variations of the
//! ply before).

use crate::json_pgn_oracle;

use json_pgn_oracle::{assert_same, fast, whole};

const HEAD: &str = r#""format": "fvnote-record", "version": 1"#;

/// A small game with what the fast route treats apart: comments before
/// and after moves, NAGs, a line comment, nested variations, a ply with
/// variations followed by one with `comments_before`, derived fields.
fn small_game() -> String {
    format!(
        r#"{{{HEAD}, "tags": [{{"name": "Event", "value": "x"}}, {{"name": "Result", "value": "*"}}], "variant": "chess", "prelude": [{{"text": "pre"}}], "moves": [
{{"san": "e4", "move_number": 1, "canonical": "e4", "kind": "move", "color": "white", "piece": "P", "from": "e2", "to": "e4", "check": null, "nags": [1], "comments_before": [{{"text": "first"}}], "comments": [{{"text": "c", "kind": "line"}}], "variations": [[{{"san": "d4", "variations": [[{{"san": "c4"}}]]}}, {{"san": "d5", "comments_before": [{{"text": "in"}}]}}]]}},
{{"san": "e5", "move_number": null, "comments_before": [{{"text": "after var"}}], "nags": [], "comments": [], "variations": []}},
{{"san": "Nf3", "nags": [3, 14]}}, {{"san": "Nc6", "comments_before": [{{"text": "b"}}]}},
{{"san": "Bb5", "variations": [[{{"san": "Bc4"}}]]}}], "result": "*"}}"#
    )
}

/// Bytes that break JSON, strings, numbers and UTF-8 in different ways.
const BYTES: &[u8] = b"\"\\{}[],: x0\x01\xc3\xff\n";

#[test]
fn a_small_game_converts_the_same_both_ways() {
    let game = small_game();
    let out = whole(game.as_bytes());
    assert_eq!(out.games, 1, "{out:?}");
    assert!(out.errors.is_empty(), "{out:?}");
    // The fast route takes it whole (not the fallback).
    assert_same(game.as_bytes(), &[1, 7, 1 << 20]);
}

#[test]
fn cut_at_every_byte_converts_the_same_both_ways() {
    let game = small_game();
    let compact =
        serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&game).unwrap()).unwrap();
    for text in [game, compact] {
        let text = format!("{text}\n{text}\n");
        for cut in 0..text.len() {
            let t = &text.as_bytes()[..cut];
            let want = whole(t);
            assert_eq!(fast(t, 1 << 20, 0), want, "cut at {cut}");
        }
    }
}

#[test]
fn every_byte_replaced_converts_the_same_both_ways() {
    let game = small_game();
    let text = format!("[{game},\n{game}]");
    assert_same_with_every_byte_replaced(&text, BYTES);
}

/// Requires both routes to agree on `text` with each of its bytes
/// replaced by each of `bytes`.
fn assert_same_with_every_byte_replaced(text: &str, bytes: &[u8]) {
    for at in 0..text.len() {
        for &b in bytes {
            let mut t = text.as_bytes().to_vec();
            if t[at] == b {
                continue;
            }
            t[at] = b;
            let want = whole(&t);
            assert_eq!(
                fast(&t, 1 << 20, 0),
                want,
                "{at}: {:?}",
                String::from_utf8_lossy(&t)
            );
        }
    }
}

#[test]
fn comments_around_variations_are_placed_as_the_record_has_them() {
    let moves = [
        // A ply with variations, then one with comments before it.
        r#"{"san": "e4", "variations": [[{"san": "d4"}]]}, {"san": "e5", "comments_before": [{"text": "x"}]}"#,
        // The same in a variation.
        r#"{"san": "e4", "variations": [[{"san": "d4", "variations": [[{"san": "c4"}]]}, {"san": "d5", "comments_before": [{"text": "x"}, {"text": "y", "kind": "line"}]}]]}"#,
        // Two plies with variations in a row, the last ending the game.
        r#"{"san": "e4", "variations": [[{"san": "d4"}]]}, {"san": "e5", "comments_before": [{"text": "x"}], "variations": [[{"san": "c5", "comments_before": [{"text": "v"}]}]]}"#,
        // Comments before the first ply (the prelude's place), and before
        // a plain ply after a plain one.
        r#"{"san": "e4", "comments_before": [{"text": "p"}]}, {"san": "e5", "comments_before": [{"text": "q"}], "comments": [{"text": "r"}]}, {"san": "Nf3"}"#,
        // A ply with variations whose comments come before and after it.
        r#"{"san": "e4", "comments": [{"text": "a"}], "variations": [[{"san": "d4", "comments": [{"text": "b"}]}], [{"san": "c4"}]]}, {"san": "e5", "comments_before": [{"text": "c"}], "nags": [2]}"#,
        // A variation that does not resolve, after a clean one.
        r#"{"san": "e4", "variations": [[{"san": "d4"}], [{"san": "Ke2"}]]}, {"san": "e5"}"#,
        // A move that does not resolve after a ply with variations.
        r#"{"san": "e4", "variations": [[{"san": "d4"}]]}, {"san": "e4"}"#,
    ];
    for m in moves {
        let game = format!(r#"{{{HEAD}, "tags": [], "moves": [{m}], "result": "*"}}"#);
        let clean = format!(r#"{{{HEAD}, "tags": [], "moves": [{{"san": "d4"}}]}}"#);
        for text in [game.clone(), format!("{clean}\n{game}\n{clean}\n")] {
            assert_same(text.as_bytes(), &[1, 1 << 20]);
        }
    }
}

/// A small game in each layout the writer itself uses (compact, and
/// pretty, keys in the writer's order), which the fast route reads a key
/// with its separator at a time: every ply field it writes, comments
/// before and after (a line comment), NAGs, a variation, a capture, a
/// promotion and castling.
fn written_game() -> [String; 2] {
    let pgn = "[Event \"x\"]\n[Result \"*\"]\n\n{pre} 1. e4 $1 {c} d5 (1... e5 ; in\n2. Nf3) \
               2. exd5 $3 $14 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q e5 6. Nf3 Bd6 7. Be2 O-O \
               8. O-O Qc7 9. Qxc8 Rxc8 *\n";
    let record = fvnote::notation::pgn::read_all(pgn.as_bytes())
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    let opts = fvnote::record::json::JsonOptions { fens: false };
    let game = fvnote::record::json::to_game(&record, &opts).unwrap();
    [
        serde_json::to_string(&game).unwrap(),
        serde_json::to_string_pretty(&game).unwrap(),
    ]
}

#[test]
fn the_writers_layouts_convert_the_same_both_ways_with_every_byte_replaced() {
    // Fewer bytes than above: the layouts are longer.
    const SOME: &[u8] = b"\"\\, ";
    for game in written_game() {
        let clean = whole(game.as_bytes());
        assert!(clean.errors.is_empty() && clean.games == 1, "{clean:?}");
        assert_same(game.as_bytes(), &[1 << 20]);
        assert_same_with_every_byte_replaced(&game, SOME);
    }
}
