//! Typed annotations (`[%clk]`, `[%emt]`, `[%eval]`, `[%cal]`, `[%csl]`) in
//! the JSON form: derived from the comment text, which stays the record;
//! checked against it when read.

use std::path::Path;

use fvnote::notation::pgn::{read_all, to_string};
use fvnote::record::convert::{convert_record, ConvertOptions, Target};
use fvnote::record::json::read::read_records;
use fvnote::record::json::write::JsonOptions;
use serde_json::{json, Value};

const PGN: &str = "[Event \"Blitz\"]\n\n1. e4 {[%clk 0:02:59.9] [%eval 0.17,22] [%cal Ge2e4,Rd8h4] [%csl Yf7,Bd5]} 1... e5\n{[%clk 0:03:00] [%emt 0:00:02] [%eval #-3]} 2. Nf3 {a plain comment [%clk soon]}\n(2. f4 {[%eval -0.5] [%cal Gf4e5]}) 2... Nc6 *\n";

fn jsonl(pgn: &str, compact: bool) -> String {
    let rec = read_all(pgn.as_bytes()).remove(0).unwrap();
    let opts = ConvertOptions {
        to: Target::Jsonl,
        json: JsonOptions {
            fens: false,
            compact,
        },
        fix_result: false,
    };
    String::from_utf8(convert_record(&rec, &opts).unwrap()).unwrap()
}

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/record.schema.json"),
    )
    .unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

#[test]
fn annotations_are_typed_on_the_ply_and_the_text_is_kept() {
    let v: Value = serde_json::from_str(&jsonl(PGN, false)).unwrap();
    assert!(schema().is_valid(&v), "{v:#}");
    let moves = &v["moves"];
    let e4 = &moves[0];
    assert_eq!(e4["clock"], json!(179.9));
    assert_eq!(e4["eval"], json!({"pawns": 0.17, "depth": 22}));
    assert_eq!(
        e4["arrows"],
        json!([{"from": "e2", "to": "e4", "color": "green"}, {"from": "d8", "to": "h4", "color": "red"}])
    );
    assert_eq!(
        e4["marks"],
        json!([{"square": "f7", "color": "yellow"}, {"square": "d5", "color": "blue"}])
    );
    assert_eq!(
        e4["comments"][0]["text"],
        json!("[%clk 0:02:59.9] [%eval 0.17,22] [%cal Ge2e4,Rd8h4] [%csl Yf7,Bd5]")
    );
    let e5 = &moves[1];
    assert_eq!(
        (&e5["clock"], &e5["emt"], &e5["eval"]),
        (&json!(180), &json!(2), &json!({"mate": -3}))
    );
    assert_eq!(e5.get("arrows"), None);
    // A command that does not read is not typed; its text stays.
    let nf3 = &moves[2];
    assert_eq!(nf3.get("clock"), None);
    assert_eq!(
        nf3["comments"][0]["text"],
        json!("a plain comment [%clk soon]")
    );
    // Variations are typed too.
    let f4 = &nf3["variations"][0][0];
    assert_eq!(f4["eval"], json!({"pawns": -0.5}));
    assert_eq!(f4["arrows"][0]["to"], json!("e5"));
    // The compact form keeps them.
    let c: Value = serde_json::from_str(&jsonl(PGN, true)).unwrap();
    assert_eq!(c["moves"][0]["clock"], json!(179.9));
}

#[test]
fn pgn_json_pgn_is_byte_identical_and_writes_each_annotation_once() {
    let rec = read_all(PGN.as_bytes()).remove(0).unwrap();
    let pgn = to_string(&rec);
    for compact in [false, true] {
        let back = read_records(jsonl(PGN, compact).as_bytes())
            .unwrap()
            .remove(0);
        let again = to_string(&back);
        assert_eq!(again, pgn);
        assert_eq!(again.matches("[%clk").count(), 3);
        assert_eq!(again.matches("[%cal").count(), 2);
    }
}

/// The error reading `text` back, with its line and column.
fn refused(text: &str) -> (String, u32, u32) {
    let e = read_records(text.as_bytes()).unwrap_err();
    (
        e.error.message.clone(),
        e.error.span.line,
        e.error.span.column,
    )
}

#[test]
fn a_typed_field_that_disagrees_with_its_comment_is_refused_where_it_stands() {
    let text = jsonl(PGN, false);
    let col = |needle: &str| text.find(needle).unwrap() as u32 + 1;
    // The second ply's object starts at its `{"san":"e5"`.
    let e5 = col("{\"san\":\"e5\"");
    let (m, line, column) = refused(&text.replace("\"clock\":180,", "\"clock\":181,"));
    assert_eq!((line, column), (1, e5));
    assert!(
        m.contains("\"clock\" is 181 but its comments say 180"),
        "{m}"
    );
    let (m, _, _) = refused(&text.replace("{\"mate\":-3}", "{\"mate\":3}"));
    assert!(m.contains("\"eval\" is {\"mate\":3}"), "{m}");
    let (m, _, _) = refused(&text.replace("\"color\":\"red\"", "\"color\":\"blue\""));
    assert!(m.contains("\"arrows\""), "{m}");
    let (m, _, _) = refused(&text.replace("\"square\":\"f7\"", "\"square\":\"f6\""));
    assert!(m.contains("\"marks\""), "{m}");
    // A typed field with no annotation in the comments at all.
    let nf3 = text.replace("{\"san\":\"Nf3\",", "{\"san\":\"Nf3\",\"emt\":4,");
    let (m, _, column) = refused(&nf3);
    assert!(
        m.contains("\"emt\" is 4 but its comments say nothing"),
        "{m}"
    );
    assert_eq!(column, col("{\"san\":\"Nf3\""));
    // Fields left out, or agreeing in another spelling, are fine.
    let dropped = text
        .replace("\"clock\":180,", "")
        .replace("\"emt\":2,", "\"emt\":2.0,");
    assert!(read_records(dropped.as_bytes()).is_ok());
}
