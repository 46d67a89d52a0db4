//! An archive cut into its games' bytes, so games can be sorted into files
//! (valid / invalid, kept / dropped) exactly as they were written.
//!
//! Each game owns the bytes from its start to the next game's start (the
//! first game also owns what comes before it, the last one what comes after
//! it), so the pieces put back in order are the archive, byte for byte. A
//! game that could not be read starts on the line after the one where the
//! game before it ends, and an unreadable game ends where the reader went
//! on after its error, so `FILE:N` never hands game N the tail of game
//! N-1.
//!
//! ```
//! use fvnote::record::cut::games;
//! let pgn = b"[Event \"a\"]\n\n1. e4 *\n\n1. d4 ) *\n\n[Event \"c\"]\n\n1. c4 *\n";
//! let g = games(pgn);
//! assert_eq!(g.len(), 3);
//! assert!(g[1].record.is_err());
//! let whole: Vec<u8> = g.iter().flat_map(|g| pgn[g.range.clone()].to_vec()).collect();
//! assert_eq!(whole, pgn);
//! assert_eq!(&pgn[g[2].range.clone()], b"[Event \"c\"]\n\n1. c4 *\n");
//! ```

use std::ops::Range;

use crate::model::Record;
use crate::notation::pgn::{PgnError, Reader};

/// One game of an archive: its bytes and what was read from them.
#[derive(Debug)]
pub struct Game {
    /// Its bytes in the archive.
    pub range: Range<usize>,
    /// The record, or the syntax error that stopped its reading.
    pub record: Result<Record, PgnError>,
}

/// The games of `bytes`, in order, covering every byte.
pub fn games(bytes: &[u8]) -> Vec<Game> {
    let read: Vec<Result<Record, PgnError>> = Reader::new(bytes).collect();
    let mut starts: Vec<usize> = Vec::with_capacity(read.len());
    let mut prev_end = 0usize;
    for r in &read {
        let (start, end) = match r {
            Ok(rec) => {
                let s = rec.span.offset as usize;
                (s, s + rec.span.len as usize)
            }
            // The line after the game before it ends (that line's break
            // stays with that game).
            Err(e) => {
                let at = (e.span.offset as usize).min(bytes.len());
                let mut s = prev_end.min(at);
                while s < at && matches!(bytes[s], b' ' | b'\t' | b'\r') {
                    s += 1;
                }
                if s < at && bytes[s] == b'\n' {
                    s += 1;
                }
                (s, resumed(bytes, at))
            }
        };
        let start = start.max(starts.last().copied().unwrap_or(0));
        starts.push(start);
        prev_end = end.max(start);
    }
    let n = read.len();
    read.into_iter()
        .enumerate()
        .map(|(i, record)| {
            let start = if i == 0 {
                0
            } else {
                starts[i].min(bytes.len())
            };
            let end = starts
                .get(i + 1)
                .map_or(bytes.len(), |&s| s.min(bytes.len()));
            Game {
                range: start..end.max(start),
                record,
            }
        })
        .take(n)
        .collect()
}

/// Where the reader goes on after an error at `at` (its
/// `skip_to_next_game`): past the rest of that line, at the first line
/// that starts with `[Event` or with `[` after a blank line. The bytes
/// between belong to the unreadable game, so a game read after it never
/// starts inside it.
fn resumed(bytes: &[u8], at: usize) -> usize {
    let line_end = |from: usize| {
        bytes[from..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len(), |i| from + i)
    };
    let eat_newline = |i: usize| match bytes.get(i..) {
        Some([b'\r', b'\n', ..]) => i + 2,
        Some([b'\n' | b'\r', ..]) => i + 1,
        _ => i,
    };
    let mut i = eat_newline(line_end(at.min(bytes.len())));
    let mut prev_blank = false;
    while i < bytes.len() {
        if bytes[i] == b'[' && (prev_blank || bytes[i..].starts_with(b"[Event")) {
            return i;
        }
        let text = bytes[i..]
            .iter()
            .position(|&b| !matches!(b, b' ' | b'\t' | 0x0B | 0x0C))
            .map_or(bytes.len(), |k| i + k);
        prev_blank = matches!(bytes.get(text), None | Some(b'\n' | b'\r'));
        i = eat_newline(line_end(text));
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two unreadable games in a row: the second starts where the reader
    /// went on, not at the first one's error.
    #[test]
    fn an_unreadable_game_owns_its_bytes_up_to_where_reading_resumes() {
        let pgn = b"[Event \"A\"]\n[White \"M\xfcller\"]\n\n1. e4 *\n\n[Event \"B\"]\n[White \"Sj\xf6berg\"]\n\n1. d4 *\n";
        let g = games(pgn);
        assert_eq!(g.len(), 2);
        assert!(g[0].record.is_err() && g[1].record.is_err());
        assert!(pgn[g[1].range.clone()].starts_with(b"[Event \"B\"]"));
        // A blank line then `[` also starts a game; a `[` inside does not.
        let pgn = b"1. e4 ) *\n[Site \"x\"]\n\n[Round \"2\"]\n1. d4 ) *\n";
        let g = games(pgn);
        assert_eq!(g.len(), 2);
        assert!(pgn[g[1].range.clone()].starts_with(b"[Round"));
    }
}
