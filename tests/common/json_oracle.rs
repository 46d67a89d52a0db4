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
        _ => {
            let values: Vec<serde_json::Value> = serde_json::Deserializer::from_slice(text)
                .into_iter()
                .collect::<Result<_, _>>()
                .map_err(|e| e.to_string())?;
            // A sequence is of game objects only: an array after an object
            // is no form of the input (each value read alone would hide it).
            if values.iter().any(|v| !v.is_object()) {
                return Err("a sequence of values that are not all objects".into());
            }
            values
        }
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
    streamed_within(text, step, fvnote::record::json::read::WINDOW)
}

/// [`streamed`], each game object longer than `window` bytes read one
/// main-line ply at a time.
pub fn streamed_within(
    text: &[u8],
    step: usize,
    window: usize,
) -> (Vec<Record>, Option<(u32, u32)>) {
    let mut reader = JsonReader::new(std::io::BufReader::with_capacity(
        step,
        Trickle { data: text, step },
    ))
    .hold_up_to(window);
    let mut out = Vec::new();
    loop {
        match reader.read_game(&mut RecordBuilder::new()) {
            Ok(Some(r)) => out.push(r),
            Ok(None) => return (out, None),
            Err(e) => return (out, Some((e.error.span.line, e.error.span.column))),
        }
    }
}

/// Whether an object of `text` holds a key twice: serde's values keep the
/// last, the form's reader may refuse the game at the first.
fn duplicate_key(text: &[u8]) -> bool {
    use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
    struct Probe(bool);
    struct Look;
    impl<'de> Visitor<'de> for Look {
        type Value = Probe;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("any JSON value")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Probe, A::Error> {
            let mut keys = std::collections::HashSet::new();
            let mut twice = false;
            while let Some(key) = map.next_key::<String>()? {
                twice |= !keys.insert(key);
                twice |= map.next_value::<Probe>()?.0;
            }
            Ok(Probe(twice))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Probe, A::Error> {
            let mut twice = false;
            while let Some(p) = seq.next_element::<Probe>()? {
                twice |= p.0;
            }
            Ok(Probe(twice))
        }
        fn visit_bool<E>(self, _: bool) -> Result<Probe, E> {
            Ok(Probe(false))
        }
        fn visit_i64<E>(self, _: i64) -> Result<Probe, E> {
            Ok(Probe(false))
        }
        fn visit_u64<E>(self, _: u64) -> Result<Probe, E> {
            Ok(Probe(false))
        }
        fn visit_f64<E>(self, _: f64) -> Result<Probe, E> {
            Ok(Probe(false))
        }
        fn visit_str<E>(self, _: &str) -> Result<Probe, E> {
            Ok(Probe(false))
        }
        fn visit_unit<E>(self) -> Result<Probe, E> {
            Ok(Probe(false))
        }
    }
    impl<'de> Deserialize<'de> for Probe {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Probe, D::Error> {
            d.deserialize_any(Look)
        }
    }
    serde_json::Deserializer::from_slice(text)
        .into_iter::<Probe>()
        .map_while(Result::ok)
        .any(|p| p.0)
}

/// Asserts the reader's verdict on `text` at every step of `steps`.
pub fn assert_same(text: &[u8], steps: &[usize]) {
    let expected = whole(text);
    let windows = [fvnote::record::json::read::WINDOW, 0];
    for (step, window) in steps.iter().flat_map(|&s| windows.map(|w| (s, w))) {
        let (records, error) = streamed_within(text, step, window);
        match (&expected, error) {
            (Ok(games), None) => {
                let got: Vec<String> = records.iter().map(to_string).collect();
                assert_eq!(&got, games, "step {step}, window {window}");
            }
            // A key twice in an object: serde's values keep the last, the
            // form's reader refuses the game.
            (Ok(_), Some(_)) if duplicate_key(text) => {}
            (Ok(_), Some(at)) => panic!(
                "step {step}, window {window}: serde reads it, the reader fails at {at:?}: {}",
                String::from_utf8_lossy(text)
            ),
            (Err(e), None) => panic!(
                "step {step}, window {window}: serde fails ({e}), the reader does not: {}",
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
