//! An archive cut into its games' bytes, so games can be sorted into files
//! (valid / invalid, kept / dropped) exactly as they were written.
//!
//! Each game owns the bytes from its start to the next game's start (the
//! first game also owns what comes before it, the last one what comes after
//! it), so the pieces put back in order are the archive, byte for byte. A
//! game that could not be read starts on the line after the one where the
//! game before it ends; the cut between two unreadable games may fall
//! anywhere between them, which never matters, since both go the same way.
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

use crate::notation::pgn::{PgnError, Reader};
use crate::record::Record;

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
                (s, at)
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
