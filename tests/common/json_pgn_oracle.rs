//! The oracle for the fast JSON → PGN route, shared by
//! `tests/json_pgn_scan.rs` and the `json_pgn` fuzz target: the same text
//! converted by `Converter::stream_json_pgn` (the hand-written scanner,
//! reading games where they start in its buffer) and by the whole-record
//! route (each game framed and read by serde, then `Converter::game`, as
//! `convert FILE:1-99` does) gives the same PGN, the same errors at the
//! same places and the same counts.
#![allow(dead_code)] // each user takes what it needs

use std::io::BufReader;

#[path = "trickle.rs"]
mod trickle;
use trickle::Trickle;

use fvnote::record::convert::{ConvertOptions, Converter, Target};
use fvnote::record::format::InputFormat;
use fvnote::record::json_reader::{each_json_game, JsonReadError};

/// What a route made of a text: the PGN written, the errors (as the CLI
/// prints them), the games written, whether a game did not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub pgn: String,
    pub errors: Vec<String>,
    pub games: usize,
    pub illegal: bool,
}

fn converter() -> Converter {
    Converter::new(ConvertOptions {
        to: Target::Pgn,
        compact: false,
        fens: false,
        no_check: false,
    })
}

fn outcome(conv: Converter, out: Vec<u8>, read: Result<(), JsonReadError>) -> Outcome {
    let mut errors = conv.errors;
    match read {
        Ok(()) => {}
        Err(JsonReadError::Syntax(e)) => {
            errors.push(format!("t:{}:{}: {}", e.line, e.column, e.message))
        }
        Err(e) => panic!("reading a slice into memory cannot fail: {e:?}"),
    }
    Outcome {
        pgn: String::from_utf8_lossy(&out).into_owned(),
        errors,
        games: conv.games,
        illegal: conv.illegal,
    }
}

/// The fast route, reading `step` bytes at a time; `hold`: as for
/// standard output (games held back whole).
pub fn fast(text: &[u8], step: usize, hold: usize) -> Outcome {
    let mut conv = converter();
    let mut out = Vec::new();
    let input = BufReader::with_capacity(1, Trickle { data: text, step });
    let read = conv.stream_json_pgn("t", input, &mut out, hold);
    outcome(conv, out, read)
}

/// The whole-record route.
pub fn whole(text: &[u8]) -> Outcome {
    let mut conv = converter();
    let mut out = Vec::new();
    let read = each_json_game(text, |g, at| {
        conv.game("t", g.to_record_at(at), InputFormat::Json, &mut out)
    });
    outcome(conv, out, read)
}

/// Requires both routes to agree on `text`, the fast one reading it in
/// steps of each of `steps`.
pub fn assert_same(text: &[u8], steps: &[usize]) {
    let want = whole(text);
    for &step in steps {
        for hold in [0, 1 << 20] {
            assert_eq!(
                fast(text, step, hold),
                want,
                "step {step}, hold {hold}: {:?}",
                String::from_utf8_lossy(text)
            );
        }
    }
}
