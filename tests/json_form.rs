//! The JSON form: PGN → JSON → PGN round trips, and every produced document
//! matches `notation/record.schema.json`.

use crate::common;

use std::path::Path;

use fvnote::model::{Comment, CommentKind, Line, Node, Record, Span, Tag};
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::notation::pgn::{read_all, to_string};
use fvnote::notation::san::{check_suffix, write_san, Suffix};
use fvnote::record::convert::{convert_record, ConvertOptions, Target};
use fvnote::record::gen::{generate, GenOptions};
use fvnote::record::json::read::{read_records, JsonReader};
use fvnote::record::json::schema::MAX_VARIATION_DEPTH;
use fvnote::record::json::write::JsonOptions;
use fvnote::record::pipeline::read::GameReader;
use fvnote::variant::Variant;
use fvnote::Position;
use proptest::prelude::*;
use serde_json::Value;

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/record.schema.json"),
    )
    .unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    jsonschema::validator_for(&value).unwrap()
}

fn assert_schema(v: &jsonschema::Validator, doc: &serde_json::Value) {
    let errors: Vec<String> = v
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "schema errors: {errors:#?}\n{doc:#}");
}

/// The record with every span zeroed (spans are not part of the JSON form).
fn nospan(mut r: Record) -> Record {
    r.span = Span::default();
    r.result_span = None;
    r.tags.iter_mut().for_each(|t| t.span = Span::default());
    let zero = |cs: &mut Vec<Comment>| cs.iter_mut().for_each(|c| c.span = Span::default());
    zero(&mut r.prelude);
    let mut stack: Vec<&mut Line> = vec![&mut r.moves];
    while let Some(line) = stack.pop() {
        for n in line.iter_mut() {
            n.span = Span::default();
            zero(&mut n.comments);
            zero(&mut n.comments_before);
            stack.extend(n.variations.iter_mut());
        }
    }
    r
}

/// The JSON form of `rec`, as `convert --to jsonl` writes it.
fn to_json(rec: &Record, opts: &JsonOptions) -> Result<String, String> {
    let opts = ConvertOptions {
        to: Target::Jsonl,
        json: *opts,
        fix_result: false,
    };
    convert_record(rec, &opts).map(|b| String::from_utf8(b).unwrap())
}

/// PGN text → record → JSON → record: equal, the JSON matches the schema
/// (alone and in an array), and both records write the same PGN.
fn round_trip(v: &jsonschema::Validator, rec: &Record, opts: &JsonOptions) -> Value {
    let text = to_json(rec, opts).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_schema(v, &value);
    assert_schema(v, &Value::Array(vec![value.clone()]));
    let rebuilt = read_records(text.as_bytes()).unwrap().remove(0);
    assert_eq!(nospan(rebuilt.clone()), nospan(rec.clone()));
    assert_eq!(to_string(&rebuilt), to_string(rec));
    value
}

/// A string field of a JSON value.
fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

fn comment(i: u8) -> Comment {
    let (text, kind) = match i % 5 {
        0 => ("good move", CommentKind::Brace),
        1 => ("[%clk 0:01:02]", CommentKind::Brace),
        2 => (" line comment", CommentKind::Line),
        3 => ("multi\nline [%eval 0.25] text", CommentKind::Brace),
        _ => ("é ünïcode", CommentKind::Brace),
    };
    Comment {
        text: text.into(),
        kind,
        span: Span::default(),
    }
}

/// A random legal chess line of up to `plies` plies from `pos`, driven by
/// `choices`, with comments, NAGs and (to depth `depth`) variations.
fn random_line(pos: &Position, choices: &[u32], plies: usize, depth: u32) -> Line {
    let mut line = Line::new();
    let mut pos = pos.clone();
    for (i, &c) in choices.iter().take(plies).enumerate() {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[c as usize % legal.len()];
        // Every third move in long algebraic (lenient), to give `fmt` work.
        let token = if c % 3 == 0 {
            mv.to_string()
        } else {
            write_san(&pos, &mv)
        };
        let mut node = Node::new(token);
        if c % 7 == 0 {
            node.nags.push((c % 140) as u16);
        }
        if c % 5 == 1 {
            node.comments.push(comment((c / 5) as u8));
        }
        if depth > 0 && c % 11 == 3 && i + 1 < choices.len() {
            let rest: Vec<u32> = choices[i + 1..].iter().map(|x| x.rotate_left(7)).collect();
            let mut var = random_line(&pos, &rest, 4, depth - 1);
            if let Some(first) = var.first_mut() {
                if c % 2 == 0 {
                    first.comments_before.push(comment(0));
                }
                node.variations.push(var);
            }
        }
        pos = pos.play(&mv);
        line.push(node);
    }
    line
}

fn random_record(choices: &[u32], plies: usize, result: &str) -> Record {
    Record {
        tags: vec![
            Tag::new("Event", "Random \"quoted\" \\ game"),
            Tag::new("White", "Zoë"),
            Tag::new("Event", "duplicate kept"),
        ],
        prelude: if plies % 2 == 0 {
            vec![comment(1)]
        } else {
            Vec::new()
        },
        moves: random_line(&Position::start(Variant::Chess), choices, plies, 2),
        result: Some(result.into()),
        trailing_move_number: None,
        result_span: None,
        span: Span::default(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn pgn_json_pgn_round_trips(
        choices in prop::collection::vec(any::<u32>(), 0..80),
        plies in 0usize..80,
        result in prop_oneof![Just("1-0"), Just("0-1"), Just("1/2-1/2"), Just("*")],
        fens in any::<bool>(),
    ) {
        let v = schema();
        let rec = random_record(&choices, plies, result);
        let written = to_string(&rec);
        let read = read_all(written.as_bytes());
        prop_assert_eq!(read.len(), 1);
        let rec1 = read.into_iter().next().unwrap().unwrap();
        let game = round_trip(&v, &rec1, &JsonOptions { fens, compact: false });
        // Every ply of a generated game is legal, so every ply is described.
        for ply in game["moves"].as_array().unwrap() {
            prop_assert!(text(ply, "canonical").is_some(), "{:?}", ply);
            prop_assert_eq!(text(ply, "fen_after").is_some(), fens);
        }
    }
}

/// The record's structure and annotations, without tokens or numbers.
fn skeleton(r: &Record) -> (Vec<Tag>, Vec<Comment>, Option<String>, Vec<String>) {
    let mut shape = Vec::new();
    let mut stack: Vec<(&Line, usize)> = vec![(&r.moves, 0)];
    while let Some((line, depth)) = stack.pop() {
        for n in line {
            let texts: Vec<(&str, CommentKind)> = n
                .comments_before
                .iter()
                .chain(&n.comments)
                .map(|c| (c.text.as_str(), c.kind))
                .collect();
            shape.push(format!(
                "{depth} {:?} {texts:?} {}",
                n.nags,
                n.variations.len()
            ));
            stack.extend(n.variations.iter().map(|v| (v, depth + 1)));
        }
    }
    let r = nospan(r.clone());
    (r.tags, r.prelude, r.result, shape)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn fmt_is_lossless_and_idempotent(
        choices in prop::collection::vec(any::<u32>(), 0..60),
        plies in 0usize..60,
    ) {
        let canonical = |text: &str| {
            let rec = read_all(text.as_bytes()).remove(0).unwrap();
            let opts = ConvertOptions { to: Target::Pgn, json: Default::default(), fix_result: false };
            String::from_utf8(convert_record(&rec, &opts).unwrap()).unwrap()
        };
        let rec = random_record(&choices, plies, "*");
        let text = to_string(&rec);
        let once = canonical(&text);
        prop_assert_eq!(canonical(&once), once.clone());
        let before = read_all(text.as_bytes()).remove(0).unwrap();
        let after = read_all(once.as_bytes()).remove(0).unwrap();
        prop_assert_eq!(skeleton(&before), skeleton(&after));
        // Every token is canonical SAN afterwards: replaying warns about nothing.
        let report = fvnote::record::replay::replay(&after, &Default::default());
        // (A random game may end in mate with result "*": only moves matter.)
        prop_assert!(report.canonical.iter().all(Option::is_some), "{}", once);
        prop_assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    }
}

#[test]
fn structured_fields_of_every_chess_move_kind() {
    let v = schema();
    let pgn = "[Event \"kinds\"]\n\n1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q e5 \
               6. Nf3 Bd6 7. Bc4 O-O 8. O-O h6 *\n";
    let rec = read_all(pgn.as_bytes()).remove(0);
    let rec = match rec {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let game = round_trip(&v, &rec, &JsonOptions::default());
    let moves = game["moves"].as_array().unwrap();
    let kinds: Vec<&str> = moves
        .iter()
        .map(|p| text(p, "kind").unwrap_or("?"))
        .collect();
    assert_eq!(kinds[2], "capture");
    assert_eq!(kinds[8], "promotion");
    let promo = &moves[8];
    assert_eq!(text(promo, "promotion"), Some("Q"));
    assert_eq!(text(promo, "captured"), Some("R"));
    let castle = &moves[13];
    assert_eq!(text(castle, "kind"), Some("castle"));
    assert_eq!(
        (text(castle, "from"), text(castle, "to")),
        (Some("e8"), Some("g8"))
    );
    let rec = read_all(b"1. e4 Nf6 2. e5 d5 3. exd6 e.p. *")
        .remove(0)
        .unwrap();
    let game = round_trip(&v, &rec, &JsonOptions::default());
    let ep = game["moves"].as_array().unwrap().last().unwrap();
    assert_eq!(text(ep, "san"), Some("exd6 e.p."));
    assert_eq!(text(ep, "canonical"), Some("exd6"));
    assert_eq!(text(ep, "kind"), Some("capture"));
    assert_eq!(text(ep, "captured"), Some("P"));
    assert_eq!(text(ep, "color"), Some("white"));
}

/// The derived fields of every main-line ply, in every variant, agree with
/// a description built without the resolver: the one legal move whose
/// canonical SAN is the ply's, its mark, its kind and the FEN after it.
#[test]
fn derived_fields_match_an_independent_description_in_every_variant() {
    for variant in Variant::ALL {
        let games = generate(&GenOptions {
            variant,
            games: 4,
            seed: 7,
            max_plies: 120,
        });
        for g in games {
            let opts = JsonOptions {
                fens: true,
                compact: false,
            };
            let game: Value = serde_json::from_str(&to_json(&g.record, &opts).unwrap()).unwrap();
            let mut pos = match text(&game, "start") {
                Some(fen) => read_fen(fen, variant).unwrap(),
                None => Position::start(variant),
            };
            for (i, ply) in game["moves"].as_array().unwrap().iter().enumerate() {
                let canonical = text(ply, "canonical").expect("generated plies are legal");
                let named: Vec<_> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| write_san(&pos, m) == canonical)
                    .collect();
                assert_eq!(named.len(), 1, "{variant:?} ply {i}: {canonical}");
                let mv = named[0];
                let mark = check_suffix(&pos, &mv).map(|s| match s {
                    Suffix::Check => "+",
                    Suffix::Mate => "#",
                });
                assert_eq!(text(ply, "check"), mark, "{variant:?} ply {i}: {canonical}");
                assert!(
                    ply.get("check").is_some(),
                    "{variant:?} ply {i}: check written"
                );
                assert_eq!(text(ply, "kind"), Some(mv.kind_name()));
                pos = pos.play(&mv);
                assert_eq!(text(ply, "fen_after"), Some(write_fen(&pos).as_str()));
            }
        }
    }
}

#[test]
fn check_and_mate_marks() {
    let v = schema();
    let rec = read_all(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n")
        .remove(0)
        .unwrap();
    let game = round_trip(&v, &rec, &JsonOptions::default());
    let moves = game["moves"].as_array().unwrap();
    let last = moves.last().unwrap();
    assert_eq!(text(last, "san"), Some("Qxf7"));
    assert_eq!(text(last, "canonical"), Some("Qxf7#"));
    assert_eq!(text(last, "check"), Some("#"));
    assert_eq!(moves[0]["check"], Value::Null);
}

#[test]
fn illegal_moves_still_convert_losslessly() {
    let v = schema();
    let pgn = "[Event \"broken\"]\n\n1. e4 e5 2. Ke3 {after the error} (2. Nf3 Nc6 3. Bb5) Nc6 \
               3. Nf3 $2 *\n";
    let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
    let game = round_trip(
        &v,
        &rec,
        &JsonOptions {
            fens: true,
            compact: false,
        },
    );
    let moves = game["moves"].as_array().unwrap();
    assert!(text(&moves[1], "canonical").is_some());
    let bad = &moves[2];
    assert_eq!(text(bad, "san"), Some("Ke3"));
    assert!(["canonical", "kind", "check"]
        .iter()
        .all(|k| bad.get(*k).is_none()));
    // The variation replaces the bad move and replays from before it.
    assert_eq!(text(&bad["variations"][0][2], "canonical"), Some("Bb5"));
    // The rest of the main line is dead but kept as written.
    assert_eq!(text(&moves[4], "san"), Some("Nf3"));
    assert!(moves[4].get("canonical").is_none());
    assert_eq!(moves[4]["nags"], serde_json::json!([2]));
    // The game carries its verdict: where the replay stopped, and why.
    let error = &game["verdict"]["error"];
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(3), Some(13))
    );
    assert_eq!(text(error, "token"), Some("Ke3"));
}

#[test]
fn setup_records_carry_their_start() {
    let v = schema();
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n\n40... Kd7 41. e4 *\n";
    let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
    let game = round_trip(&v, &rec, &JsonOptions::default());
    assert_eq!(
        text(&game, "start"),
        Some("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40")
    );
    assert_eq!(text(&game["moves"][0], "color"), Some("black"));
    assert_eq!(game["moves"][0]["move_number"].as_u64(), Some(40));
}

#[test]
fn unknown_variants_and_bad_fens_still_convert() {
    let v = schema();
    for pgn in [
        "[Variant \"shogi\"]\n\n1. e4 *\n",
        "[SetUp \"1\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n",
    ] {
        let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
        let game = round_trip(&v, &rec, &JsonOptions::default());
        assert!(game["moves"][0].get("canonical").is_none());
    }
}

#[test]
fn too_deep_for_json_is_refused() {
    let mut pgn = String::from("1. e4 ");
    for _ in 0..=MAX_VARIATION_DEPTH {
        pgn.push_str("(1. d4 ");
    }
    for _ in 0..=MAX_VARIATION_DEPTH {
        pgn.push(')');
    }
    pgn.push_str(" *\n");
    let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
    assert!(to_json(&rec, &JsonOptions::default()).is_err());
    // One level less fits, and reads back.
    let mut ok = String::from("1. e4 ");
    ok.push_str(&"(1. d4 ".repeat(MAX_VARIATION_DEPTH));
    ok.push_str(&")".repeat(MAX_VARIATION_DEPTH));
    ok.push_str(" *\n");
    let rec = read_all(ok.as_bytes()).remove(0).unwrap();
    round_trip(&schema(), &rec, &JsonOptions::default());
}

#[test]
fn wrong_format_or_version_is_rejected() {
    let good = r#"{"format":"fvnote-record","version":1,"tags":[],"variant":"chess","prelude":[],"moves":[],"result":null}"#;
    let read = |text: &str| {
        JsonReader::new(text.as_bytes())
            .read_game(&mut fvnote::notation::pgn::RecordBuilder::new())
            .map(drop)
            .map_err(|e| e.error.message)
    };
    assert!(read(good).is_ok());
    let e = read(&good.replace("\"version\":1", "\"version\":2")).unwrap_err();
    assert!(e.contains("version 2 is not supported"), "{e}");
    let e = read(&good.replace("fvnote-record", "pgn")).unwrap_err();
    assert!(e.contains("is not \"fvnote-record\""), "{e}");
}

#[test]
fn every_fixture_round_trips() {
    let files = common::pgn_files(&["fixtures", "tests/data", "notation"]);
    let v = schema();
    let mut games = 0;
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        for rec in read_all(&bytes).into_iter().flatten() {
            if to_json(&rec, &JsonOptions::default()).is_ok() {
                round_trip(&v, &rec, &JsonOptions::default());
                games += 1;
            }
        }
    }
    eprintln!("{} files, {games} games round-tripped", files.len());
}

#[test]
fn json_records_from_the_library_know_where_their_game_is() {
    let pgn = "1. e4 e5 *\n\n1. d4 d5 2. Ke3 *\n";
    let games: Vec<String> = read_all(pgn.as_bytes())
        .iter()
        .map(|r| {
            to_json(r.as_ref().unwrap(), &JsonOptions::default())
                .unwrap()
                .trim_end()
                .to_owned()
        })
        .collect();
    let text = format!("[\n  {},\n  {}\n]\n", games[0], games[1]);
    let records = read_records(text.as_bytes()).unwrap();
    let spans: Vec<(u32, u32)> = records
        .iter()
        .map(|r| (r.span.line, r.span.column))
        .collect();
    // A game starts at its first tag, else its first ply.
    assert_eq!(spans.iter().map(|s| s.0).collect::<Vec<_>>(), [2, 3]);
    // An error in a JSON game's moves points at the ply, not at 0:0.
    let report = fvnote::record::replay::replay(&records[1], &Default::default());
    let e = report.error.unwrap();
    let ply = games[1].find("{\"san\":\"Ke3\"").unwrap() as u32;
    assert_eq!((e.span.line, e.span.column), (3, 3 + ply), "{}", e.message);
    assert_eq!(e.token, "Ke3");
}
