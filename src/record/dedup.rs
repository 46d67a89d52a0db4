//! Duplicates in an archive: the same game sent twice, and the same game
//! re-sent with more moves, as correspondence players do after every move.
//!
//! Two games are *identical* when they read the same: tags, moves,
//! comments, variations and result, whatever the layout. A game is *re-sent*
//! as another when both have the same tags but for those that change from one
//! sending to the next ([`SEND_TAGS`]), both replay without an error, and its
//! main line, in canonical SAN of the variant, is a prefix of the other's:
//! the longer one is kept (of two equal main lines, the later one, which is
//! the latest sending). Games that could not be read are always kept.
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::dedup::{dedup, Why};
//! let pgn = b"[White \"A\"]\n[Date \"2020.01.01\"]\n\n1. e4 e5 *\n\n\
//!             [White \"A\"]\n[Date \"2020.02.01\"]\n\n1. e2e4 e5 2. Nf3 *\n";
//! let games: Vec<_> = read_all(pgn).into_iter().map(Result::ok).collect();
//! let verdicts = dedup(&games.iter().map(Option::as_ref).collect::<Vec<_>>());
//! let dropped = verdicts[0].as_ref().unwrap();
//! assert_eq!((dropped.kept, dropped.why), (1, Why::Resent { plies: 2, kept_plies: 3 }));
//! assert!(verdicts[1].is_none());
//! ```

use std::collections::HashMap;

use compact_str::CompactString;

use crate::model::Record;
use crate::notation::pgn::to_string;
use crate::record::replay::{replay, ReplayOptions};

/// Tags that change from one sending of a game to the next, so are not
/// compared when looking for a re-sent game.
pub const SEND_TAGS: [&str; 6] = ["Result", "Date", "Time", "UTCDate", "UTCTime", "PlyCount"];

/// Why a game is dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// It reads the same as the kept game.
    Identical,
    /// Its main line is a prefix of the kept game's (or the same, sent
    /// earlier); `plies` and `kept_plies` are the two main lines' lengths.
    Resent {
        /// Plies of the dropped game's main line.
        plies: usize,
        /// Plies of the kept game's main line.
        kept_plies: usize,
    },
}

/// A dropped game: the index of the game kept in its place, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dropped {
    /// Index (in the input) of the game that is kept.
    pub kept: usize,
    /// Why this one is dropped.
    pub why: Why,
}

/// A game's index and its main line in canonical SAN.
type Sending = (usize, Vec<CompactString>);

/// For each game (`None`: it could not be read), whether it is dropped.
pub fn dedup(games: &[Option<&Record>]) -> Vec<Option<Dropped>> {
    let mut out: Vec<Option<Dropped>> = vec![None; games.len()];
    // Identical games: the first copy is kept.
    let mut first: HashMap<String, usize> = HashMap::new();
    for (i, g) in games.iter().enumerate() {
        if let Some(rec) = g {
            let kept = *first.entry(to_string(rec)).or_insert(i);
            if kept != i {
                out[i] = Some(Dropped {
                    kept,
                    why: Why::Identical,
                });
            }
        }
    }
    // Re-sent games, among those left, grouped by their lasting tags.
    let mut groups: HashMap<Vec<(&str, &str)>, Vec<Sending>> = HashMap::new();
    for (i, g) in games.iter().enumerate() {
        let Some(rec) = g.filter(|_| out[i].is_none()) else {
            continue;
        };
        let report = replay(rec, &ReplayOptions::default());
        if !report.is_valid() {
            continue;
        }
        let moves = report.main_line.into_iter().map(|p| p.san).collect();
        let mut key: Vec<(&str, &str)> = rec
            .tags
            .iter()
            .filter(|t| !SEND_TAGS.contains(&t.name.as_str()))
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        key.sort_unstable();
        groups.entry(key).or_default().push((i, moves));
    }
    for members in groups.values() {
        for (i, moves) in members {
            // The longest game this one leads to; of equal ones, the last.
            let best = members
                .iter()
                .filter(|(j, m)| {
                    m.starts_with(moves)
                        && (m.len() > moves.len() || (m.len() == moves.len() && j > i))
                })
                .max_by_key(|(j, m)| (m.len(), *j));
            if let Some((j, m)) = best {
                out[*i] = Some(Dropped {
                    kept: *j,
                    why: Why::Resent {
                        plies: moves.len(),
                        kept_plies: m.len(),
                    },
                });
            }
        }
    }
    // A copy of a game dropped as re-sent names the game kept instead.
    for i in 0..out.len() {
        if let Some(Dropped {
            kept,
            why: Why::Identical,
        }) = out[i]
        {
            if let Some(Dropped { kept: last, .. }) = out[kept] {
                out[i] = Some(Dropped {
                    kept: last,
                    why: Why::Identical,
                });
            }
        }
    }
    out
}
