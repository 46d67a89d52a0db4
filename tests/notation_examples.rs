//! Every tagged example in `notation/*.md` is checked (see notation/README.md).

use std::path::Path;

use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::notation::pgn::read_all;
use fvnote::notation::san::San;
use fvnote::record::convert::{convert_record, ConvertOptions, Target};
use fvnote::record::json::read::read_records;
use fvnote::record::json::write::JsonOptions;
use fvnote::record::replay::{record_variant, replay, ReplayOptions};
use fvnote::variant::Variant;
use fvnote::Position;

struct Block {
    file: String,
    line: usize,
    info: String,
    body: String,
}

fn blocks() -> Vec<Block> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("notation");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let mut open: Option<(usize, String, String)> = None;
        for (i, line) in text.lines().enumerate() {
            match open.take() {
                None => {
                    if let Some(info) = line.strip_prefix("```") {
                        open = Some((i + 1, info.trim().to_owned(), String::new()));
                    }
                }
                Some((at, info, mut body)) => {
                    if line.trim_end() == "```" {
                        out.push(Block {
                            file: name.clone(),
                            line: at,
                            info,
                            body,
                        });
                    } else {
                        body.push_str(line);
                        body.push('\n');
                        open = Some((at, info, body));
                    }
                }
            }
        }
        assert!(open.is_none(), "{name}: unclosed code block");
    }
    out
}

fn position(rest: &str, ctx: &str) -> Position {
    let (v, fen) = rest.split_once(' ').unwrap_or((rest, ""));
    let v: Variant = v.parse().unwrap_or_else(|e| panic!("{ctx}: {e}"));
    match fen.trim() {
        "start" => Position::start(v),
        fen => read_fen(fen, v).unwrap_or_else(|e| panic!("{ctx}: {e}")),
    }
}

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/record.schema.json"),
    )
    .unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

fn check(b: &Block) -> bool {
    let ctx = format!("{}:{} ```{}", b.file, b.line, b.info);
    let (lang, rest) = b.info.split_once(' ').unwrap_or((&b.info, ""));
    let tokens = || b.body.split_whitespace();
    match lang {
        "fen" | "fen-start" => {
            let v: Variant = rest.trim().parse().unwrap_or_else(|e| panic!("{ctx}: {e}"));
            for line in b.body.lines().filter(|l| !l.trim().is_empty()) {
                match read_fen(line, v) {
                    Ok(pos) => assert_eq!(write_fen(&pos), line, "{ctx}"),
                    Err(e) => panic!("{ctx}: {line}: {e}"),
                }
                if lang == "fen-start" {
                    assert_eq!(write_fen(&Position::start(v)), line, "{ctx}");
                }
            }
        }
        "san" | "san-lenient" => {
            let pos = position(rest, &ctx);
            for t in tokens() {
                let parsed = San::parse(t).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                let r = parsed
                    .resolve(&pos)
                    .unwrap_or_else(|e| panic!("{ctx}: {t}: {e}"));
                if lang == "san" {
                    assert!(r.warnings.is_empty(), "{ctx}: {t}: {:?}", r.warnings);
                } else {
                    assert!(!r.warnings.is_empty(), "{ctx}: {t} has no warning");
                }
            }
        }
        "san-parse" => {
            for t in tokens() {
                San::parse(t).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            }
        }
        "san-reject" => {
            for t in tokens() {
                assert!(San::parse(t).is_err(), "{ctx}: {t} parses");
            }
        }
        "pgn" => {
            let games = read_all(b.body.as_bytes());
            assert!(!games.is_empty(), "{ctx}: no game");
            for g in games {
                let rec = g.unwrap_or_else(|e| panic!("{ctx}: {e}"));
                record_variant(&rec).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                for n in &rec.moves {
                    San::parse(&n.san).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                }
                let report = replay(&rec, &ReplayOptions::default());
                assert!(report.is_valid(), "{ctx}: {:?}", report.error);
            }
        }
        "json" => {
            let value: serde_json::Value =
                serde_json::from_str(&b.body).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            let v = schema();
            let errors: Vec<String> = v.iter_errors(&value).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{ctx}: {errors:?}");
            let games: Vec<serde_json::Value> = match value {
                serde_json::Value::Array(games) => games,
                one => vec![one],
            };
            for g in games {
                if let Some(pgn) = g["unreadable"].as_str() {
                    // Kept as the PGN it stands as: that text's verdict.
                    let v = fvnote::record::pipeline::verdicts(pgn.as_bytes(), &Default::default());
                    let kind = v[0].error.as_ref().and_then(|e| e.kind);
                    assert_eq!(kind, g["verdict"]["error"]["kind"].as_str(), "{ctx}");
                    continue;
                }
                let text = serde_json::to_vec(&g).unwrap();
                let rec = read_records(&text)
                    .unwrap_or_else(|e| panic!("{ctx}: {}", e.error.message))
                    .remove(0);
                let fens = g["moves"]
                    .as_array()
                    .is_some_and(|m| m.iter().any(|p| p.get("fen_after").is_some()));
                let opts = ConvertOptions {
                    to: Target::Jsonl,
                    json: JsonOptions {
                        fens,
                        compact: false,
                    },
                    fix_result: false,
                };
                let mut again: serde_json::Value =
                    serde_json::from_slice(&convert_record(&rec, &opts).unwrap()).unwrap();
                // A verdict's place is in the text the game was read from.
                let mut g = g;
                for v in [&mut again, &mut g] {
                    if let Some(e) = v.pointer_mut("/verdict/error") {
                        e["line"] = 0.into();
                        e["column"] = 0.into();
                    }
                }
                assert_eq!(again, g, "{ctx}: not what fvnote writes");
            }
        }
        _ => return false,
    }
    true
}

#[test]
fn every_tagged_example_checks() {
    let mut checked = 0;
    let mut langs = std::collections::BTreeSet::new();
    for b in blocks() {
        if check(&b) {
            checked += 1;
            langs.insert(b.info.split(' ').next().unwrap_or("").to_owned());
        }
    }
    println!("{checked} examples checked");
    assert!(checked >= 30, "only {checked} examples found");
    for l in [
        "fen",
        "fen-start",
        "san",
        "san-lenient",
        "san-parse",
        "san-reject",
        "pgn",
        "json",
    ] {
        assert!(langs.contains(l), "no ```{l} example");
    }
}
