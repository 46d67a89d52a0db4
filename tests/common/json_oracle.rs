//! The oracle for the streaming JSON reader, shared by `tests/json_reader.rs`
//! and the `json_reader` fuzz target: serde reading the text whole, with its
//! byte columns counted in characters.
#![allow(dead_code)] // each user takes what it needs

use std::io::BufReader;

#[path = "trickle.rs"]
mod trickle;
use trickle::Trickle;

use fvnote::model::Located;
use fvnote::record::json::Game;
use fvnote::record::json_reader::{each_json_game, JsonReadError};

/// serde's column (bytes into its line) in characters.
pub fn char_column(bytes: &[u8], line: usize, column: usize) -> usize {
    if line == 0 {
        return column;
    }
    // Past the (line - 1)th line break.
    let start = match line {
        1 => 0,
        _ => bytes
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .nth(line - 2)
            .map_or(bytes.len(), |(i, _)| i + 1),
    };
    let end = (start + column).min(bytes.len());
    bytes[start..end]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count()
}

/// What the text means to serde read whole: an array when its first byte
/// after white space is `[`, else a stream of values.
pub fn whole(bytes: &[u8]) -> Result<Vec<Game>, Located> {
    let loc = |e: serde_json::Error| {
        let text = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        Located {
            line: e.line() as u32,
            // At a byte on a line, at least column 1 (a stray continuation
            // byte counts no character but is somewhere).
            column: match (e.line(), char_column(bytes, e.line(), e.column())) {
                (0, c) => c,
                (_, c) if e.is_eof() => c,
                (_, c) => c.max(1),
            } as u32,
            message: format!(
                "invalid fvnote-record JSON: {}",
                text.strip_suffix(&suffix).unwrap_or(&text)
            ),
        }
    };
    let array = bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'[');
    if array {
        return serde_json::from_slice::<Vec<Game>>(bytes).map_err(loc);
    }
    serde_json::Deserializer::from_slice(bytes)
        .into_iter::<Game>()
        .map(|g| g.map_err(loc))
        .collect()
}

/// The streaming reader's verdict, reading through a buffer of `capacity`
/// that gets at most `capacity` bytes a read.
pub fn streamed(bytes: &[u8], capacity: usize) -> Result<Vec<Game>, Located> {
    let mut games = Vec::new();
    let input = Trickle {
        data: bytes,
        step: capacity,
    };
    let read = each_json_game(BufReader::with_capacity(capacity, input), |g, at| {
        // The span covers the game's text, and its line and column (in
        // characters) are the offset's.
        let start = at.offset as usize;
        let text = &bytes[start..start + at.len as usize];
        assert_eq!(serde_json::from_slice::<Game>(text).unwrap(), g);
        let before = &bytes[..start];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + before[line_start..]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        assert_eq!((at.line, at.column), (line as u32, column as u32));
        games.push(g);
        Ok(())
    });
    match read {
        Ok(()) => Ok(games),
        Err(JsonReadError::Syntax(e)) => Err(e),
        Err(e) => panic!("a slice cannot fail to read: {e:?}"),
    }
}

/// Requires the streaming reader, through buffers of each of `capacities`,
/// to give `bytes` the verdict serde gives it read whole.
pub fn assert_same(bytes: &[u8], capacities: &[usize]) {
    let want = whole(bytes);
    // serde's nesting limit counts the enclosing array when read whole.
    if matches!(&want, Err(e) if e.message.contains("recursion limit")) {
        return;
    }
    for &capacity in capacities {
        assert_eq!(
            streamed(bytes, capacity),
            want,
            "capacity {capacity}: {:?}",
            String::from_utf8_lossy(bytes)
        );
    }
}
