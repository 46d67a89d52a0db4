//! The streaming JSON reader against serde reading the text whole: the same
//! games or the same first error (message, line, column), through a one-byte
//! buffer and a large one; each game's span covers its text.
#![no_main]

use std::io::BufReader;

use fvnote::record::format::Located;
use fvnote::record::json::Game;
use fvnote::record::json_reader::{each_json_game, JsonReadError};
use libfuzzer_sys::fuzz_target;

/// serde's column (bytes into its line) in characters.
fn char_column(bytes: &[u8], line: usize, column: usize) -> usize {
    if line == 0 {
        return column;
    }
    let start = bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(line.saturating_sub(2))
        .map_or(0, |(i, _)| i + 1);
    let start = if line == 1 { 0 } else { start };
    let end = (start + column).min(bytes.len());
    bytes[start..end].iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

fn whole(bytes: &[u8]) -> Result<Vec<Game>, Located> {
    let loc = |e: serde_json::Error| {
        let text = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        Located {
            line: e.line() as u32,
            column: char_column(bytes, e.line(), e.column()) as u32,
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

fn streamed(bytes: &[u8], capacity: usize) -> Result<Vec<Game>, Located> {
    let mut games = Vec::new();
    match each_json_game(BufReader::with_capacity(capacity, bytes), |g, at| {
        // The span covers the game's text; its line and column are its offset's.
        let start = at.offset as usize;
        let text = &bytes[start..start + at.len as usize];
        assert_eq!(serde_json::from_slice::<Game>(text).ok().as_ref(), Some(&g));
        let before = &bytes[..start];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        assert_eq!((at.line, at.column), (line as u32, column as u32));
        games.push(g);
        Ok(())
    }) {
        Ok(()) => Ok(games),
        Err(JsonReadError::Syntax(e)) => Err(e),
        Err(e) => panic!("a slice cannot fail to read: {e:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let want = whole(data);
    // serde's nesting limit counts the enclosing array when read whole.
    if matches!(&want, Err(e) if e.message.contains("recursion limit")) {
        return;
    }
    for capacity in [1, 4096] {
        assert_eq!(streamed(data, capacity), want, "capacity {capacity}");
    }
});
