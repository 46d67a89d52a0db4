//! The JSON form: PGN → JSON → PGN round trips, and every produced document
//! matches `notation/record.schema.json`.

use crate::common;

use std::path::Path;

use fvnote::model::{Comment, CommentKind, Line, Node, Record, Span, Tag};
use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::notation::pgn::{read_all, to_string};
use fvnote::notation::san::{check_suffix, write_san, Suffix};
use fvnote::record::gen::{generate, GenOptions};
use fvnote::record::json::{to_game, Game, JsonOptions, MAX_VARIATION_DEPTH};
use fvnote::variant::Variant;
use fvnote::Position;
use proptest::prelude::*;

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

/// PGN text → record → JSON → record: equal, the JSON matches the schema,
/// and both records write the same PGN.
fn round_trip(v: &jsonschema::Validator, rec: &Record, opts: &JsonOptions) -> Game {
    let game = to_game(rec, opts).unwrap();
    let text = serde_json::to_string_pretty(&game).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_schema(v, &value);
    assert_schema(v, &serde_json::Value::Array(vec![value]));
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    let rebuilt = back.to_record();
    assert_eq!(rebuilt, nospan(rec.clone()));
    assert_eq!(to_string(&rebuilt), to_string(rec));
    game
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
        let text = to_string(&rec);
        let read = read_all(text.as_bytes());
        prop_assert_eq!(read.len(), 1);
        let rec1 = read.into_iter().next().unwrap().unwrap();
        let game = round_trip(&v, &rec1, &JsonOptions { fens });
        // Every ply of a generated game is legal, so every ply is described.
        for ply in &game.moves {
            prop_assert!(ply.canonical.is_some(), "{:?}", ply);
            prop_assert_eq!(ply.fen_after.is_some(), fens);
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
        use fvnote::record::format::format_pgn;
        let rec = random_record(&choices, plies, "*");
        let text = to_string(&rec);
        let once = format_pgn(text.as_bytes()).unwrap();
        prop_assert_eq!(format_pgn(once.as_bytes()).unwrap(), once.clone());
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
    let kinds: Vec<&str> = game
        .moves
        .iter()
        .map(|p| p.kind.as_deref().unwrap_or("?"))
        .collect();
    assert_eq!(kinds[2], "capture");
    assert_eq!(kinds[8], "promotion");
    let promo = &game.moves[8];
    assert_eq!(
        promo.promotion,
        Some(fvnote::record::json::Promotion::Piece("Q".into()))
    );
    assert_eq!(promo.captured.as_deref(), Some("R"));
    let castle = &game.moves[13];
    assert_eq!(castle.kind.as_deref(), Some("castle"));
    assert_eq!(
        (castle.from.as_deref(), castle.to.as_deref()),
        (Some("e8"), Some("g8"))
    );
    let rec = read_all(b"1. e4 Nf6 2. e5 d5 3. exd6 e.p. *")
        .remove(0)
        .unwrap();
    let game = round_trip(&v, &rec, &JsonOptions::default());
    let ep = game.moves.last().unwrap();
    assert_eq!(ep.san, "exd6 e.p.");
    assert_eq!(ep.canonical.as_deref(), Some("exd6"));
    assert_eq!(ep.kind.as_deref(), Some("capture"));
    assert_eq!(ep.captured.as_deref(), Some("P"));
    assert_eq!(ep.color.as_deref(), Some("white"));
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
            let game = to_game(&g.record, &JsonOptions { fens: true }).unwrap();
            let mut pos = match &game.start {
                Some(fen) => read_fen(fen, variant).unwrap(),
                None => Position::start(variant),
            };
            for (i, ply) in game.moves.iter().enumerate() {
                let canonical = ply.canonical.as_deref().expect("generated plies are legal");
                let named: Vec<_> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| write_san(&pos, m) == canonical)
                    .collect();
                assert_eq!(named.len(), 1, "{variant:?} ply {i}: {canonical}");
                let mv = named[0];
                let mark = check_suffix(&pos, &mv).map(|s| match s {
                    Suffix::Check => "+".to_owned(),
                    Suffix::Mate => "#".to_owned(),
                });
                assert_eq!(ply.check, Some(mark), "{variant:?} ply {i}: {canonical}");
                assert_eq!(ply.kind.as_deref(), Some(mv.kind_name()));
                pos = pos.play(&mv);
                assert_eq!(ply.fen_after.as_deref(), Some(write_fen(&pos).as_str()));
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
    let last = game.moves.last().unwrap();
    assert_eq!(last.san, "Qxf7");
    assert_eq!(last.canonical.as_deref(), Some("Qxf7#"));
    assert_eq!(last.check, Some(Some("#".into())));
    assert_eq!(game.moves[0].check, Some(None));
}

#[test]
fn illegal_moves_still_convert_losslessly() {
    let v = schema();
    let pgn = "[Event \"broken\"]\n\n1. e4 e5 2. Ke3 {after the error} (2. Nf3 Nc6 3. Bb5) Nc6 \
               3. Nf3 $2 *\n";
    let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
    let game = round_trip(&v, &rec, &JsonOptions { fens: true });
    assert!(game.moves[1].canonical.is_some());
    let bad = &game.moves[2];
    assert_eq!(bad.san, "Ke3");
    assert!(bad.canonical.is_none() && bad.kind.is_none() && bad.check.is_none());
    // The variation replaces the bad move and replays from before it.
    assert_eq!(bad.variations[0][2].canonical.as_deref(), Some("Bb5"));
    // The rest of the main line is dead but kept as written.
    assert_eq!(game.moves[4].san, "Nf3");
    assert!(game.moves[4].canonical.is_none());
    assert_eq!(game.moves[4].nags, vec![2]);
}

#[test]
fn setup_records_carry_their_start() {
    let v = schema();
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n\n40... Kd7 41. e4 *\n";
    let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
    let game = round_trip(&v, &rec, &JsonOptions::default());
    assert_eq!(
        game.start.as_deref(),
        Some("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40")
    );
    assert_eq!(game.moves[0].color.as_deref(), Some("black"));
    assert_eq!(game.moves[0].move_number, Some(40));
}

#[test]
fn unknown_variants_and_bad_fens_still_convert() {
    let v = schema();
    for pgn in [
        "[Variant \"crazyhouse\"]\n\n1. e4 *\n",
        "[SetUp \"1\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n",
    ] {
        let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
        let game = round_trip(&v, &rec, &JsonOptions::default());
        assert!(game.moves[0].canonical.is_none());
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
    assert!(to_game(&rec, &JsonOptions::default()).is_err());
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
    assert!(serde_json::from_str::<Game>(good).is_ok());
    let e = serde_json::from_str::<Game>(&good.replace("\"version\":1", "\"version\":2"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("version 2 is not supported"), "{e}");
    let e = serde_json::from_str::<Game>(&good.replace("fvnote-record", "pgn"))
        .unwrap_err()
        .to_string();
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
            if to_game(&rec, &JsonOptions::default()).is_ok() {
                round_trip(&v, &rec, &JsonOptions::default());
                games += 1;
            }
        }
    }
    eprintln!("{} files, {games} games round-tripped", files.len());
}

#[test]
fn json_records_from_the_library_know_where_their_game_is() {
    use fvnote::record::format::{canonical_form, read_records, InputFormat};
    let pgn = "1. e4 e5 *\n\n1. d4 d5 2. Ke3 *\n";
    let games: Vec<String> = read_all(pgn.as_bytes())
        .iter()
        .map(|r| {
            serde_json::to_string(&to_game(r.as_ref().unwrap(), &JsonOptions::default()).unwrap())
                .unwrap()
        })
        .collect();
    let text = format!("[\n  {},\n  {}\n]\n", games[0], games[1]);
    let records = read_records(text.as_bytes(), InputFormat::Json).unwrap();
    let spans: Vec<(u32, u32)> = records
        .iter()
        .map(|r| (r.span.line, r.span.column))
        .collect();
    assert_eq!(spans, [(2, 3), (3, 3)]);
    // An error in a JSON game's moves points at the game, not at 0:0.
    let e = canonical_form(&records[1]).unwrap_err();
    assert_eq!((e.line, e.column), (3, 3), "{}", e.message);
    assert!(e.message.starts_with("ply 3, Ke3"), "{}", e.message);
}
