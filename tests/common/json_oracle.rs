//! The oracle for the JSON reader, shared by `tests/json_reader.rs` and the
//! `json_reader` fuzz target: serde reading the text whole. A text serde
//! reads whole as games reads to the same records, whatever the read
//! buffer's size; a text it does not read fails, at a place (line and
//! column from 1), never by a panic.

#[path = "trickle.rs"]
mod trickle;

use fvnote::model::Record;
use fvnote::notation::pgn::{to_string, RecordBuilder};
use fvnote::record::json::read::JsonReader;
use fvnote::record::pipeline::read::GameReader;
use trickle::Trickle;

/// The records of `text` read whole by serde (an array, one object, or a
/// sequence of objects), each object read alone by the reader; `Err` when
/// serde does not read the text or an object is no game.
pub fn whole(text: &[u8]) -> Result<Vec<String>, String> {
    let first = text.iter().find(|b| !b.is_ascii_whitespace());
    let values: Vec<serde_json::Value> = match first {
        Some(b'[') => serde_json::from_slice(text).map_err(|e| e.to_string())?,
        _ => serde_json::Deserializer::from_slice(text)
            .into_iter()
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?,
    };
    values
        .iter()
        .map(|v| {
            let one = serde_json::to_vec(v).map_err(|e| e.to_string())?;
            let mut reader = JsonReader::new(&one[..]);
            match reader.read_game(&mut RecordBuilder::new()) {
                Ok(Some(r)) => Ok(to_string(&r)),
                Ok(None) => Err("no game".into()),
                Err(e) => Err(e.error.message),
            }
        })
        .collect()
}

/// The records of `text` read by the reader, `step` bytes a read, up to
/// the first error; the error's line and column.
pub fn streamed(text: &[u8], step: usize) -> (Vec<Record>, Option<(u32, u32)>) {
    let mut reader = JsonReader::new(std::io::BufReader::with_capacity(
        step,
        Trickle { data: text, step },
    ));
    let mut out = Vec::new();
    loop {
        match reader.read_game(&mut RecordBuilder::new()) {
            Ok(Some(r)) => out.push(r),
            Ok(None) => return (out, None),
            Err(e) => return (out, Some((e.error.span.line, e.error.span.column))),
        }
    }
}

/// Whether the reader's first error on `text` is a key given twice.
fn duplicate_key(text: &[u8], step: usize) -> bool {
    let mut reader = JsonReader::new(std::io::BufReader::with_capacity(
        step,
        Trickle { data: text, step },
    ));
    loop {
        match reader.read_game(&mut RecordBuilder::new()) {
            Ok(Some(_)) => {}
            Ok(None) => return false,
            Err(e) => return e.error.message.contains("duplicate field"),
        }
    }
}

/// Asserts the reader's verdict on `text` at every step of `steps`.
pub fn assert_same(text: &[u8], steps: &[usize]) {
    let expected = whole(text);
    for &step in steps {
        let (records, error) = streamed(text, step);
        match (&expected, error) {
            (Ok(games), None) => {
                let got: Vec<String> = records.iter().map(to_string).collect();
                assert_eq!(&got, games, "step {step}");
            }
            // A key twice in an object: serde's values keep the last, the
            // form's reader refuses the game.
            (Ok(_), Some(_)) if duplicate_key(text, step) => {}
            (Ok(_), Some(at)) => panic!(
                "step {step}: serde reads it, the reader fails at {at:?}: {}",
                String::from_utf8_lossy(text)
            ),
            (Err(e), None) => panic!(
                "step {step}: serde fails ({e}), the reader does not: {}",
                String::from_utf8_lossy(text)
            ),
            (Err(_), Some((line, column))) => {
                assert!(
                    line >= 1 && column >= 1,
                    "step {step}: located at {line}:{column}"
                );
            }
        }
    }
}
