//! Duplicates in an archive: the same game sent twice, and the same game
//! re-sent with more moves, as correspondence players do after every move.
//!
//! Two games are *identical* when they read the same: tags, moves,
//! comments, variations and result, whatever the layout. A game is *re-sent*
//! as another when both have the same tags but for those that change from one
//! sending to the next ([`SEND_TAGS`]), both are valid, and its main line, in
//! canonical SAN of the variant, is a prefix of the other's: the longer one
//! is kept (of two equal main lines, the later one, which is the latest
//! sending). Games that could not be read are always kept.
//!
//! Only digests are kept, never games: [`Digests`] is the writer the
//! pipeline runs beside the replay to make a game's [`Digest`] as its
//! moves arrive; [`decide`]
//! says which games go, asking for the main-line digests of a few games at
//! the lengths of others ([`Prefixes`]) when a prefix must be told.

use std::collections::{BTreeSet, HashMap};

use compact_str::CompactString;
use sha2::{Digest as _, Sha256};

use std::io::{self, Write};

use crate::model::{Comment, Node, Span, Tag};
use crate::notation::pgn::{write_tags, Movetext};
use crate::record::convert::stream::{GameEnd, GameSink};
use crate::record::pipeline::game::GameWriter;
use crate::record::pipeline::read::GameText;
use crate::record::replay::facts::Facts;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::ReplayMode;

/// Tags that change from one sending of a game to the next, so are not
/// compared when looking for a re-sent game.
pub const SEND_TAGS: [&str; 6] = ["Result", "Date", "Time", "UTCDate", "UTCTime", "PlyCount"];

/// A hash of text.
pub type Hash = [u8; 32];

/// What is kept of a game to find its duplicates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digest {
    /// The game as it reads (`None`: it could not be read).
    pub identity: Option<Hash>,
    /// Its tags but [`SEND_TAGS`].
    pub lasting: Hash,
    /// Its main line: plies, and the hash of their canonical SAN.
    pub plies: usize,
    /// See `plies`.
    pub line: Hash,
    /// Whether it is valid.
    pub valid: bool,
}

/// The hash chain of a main line: each ply's canonical SAN after the last.
#[derive(Clone, Default)]
struct Chain(Sha256);

impl Chain {
    fn push(&mut self, san: &str) {
        self.0.update(san.as_bytes());
        self.0.update([0]);
    }
    fn hash(&self) -> Hash {
        self.0.clone().finalize().into()
    }
}

/// Text written into a hash, so a game's canonical text is hashed as it is
/// written and never held.
#[derive(Default)]
struct HashOut(Sha256);

impl Write for HashOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The sink that makes each game's [`Digest`] as its moves arrive (run it
/// as `GameStream::new(Digests::default())`): a game costs its waiting
/// main-line move, never its record.
#[derive(Default)]
pub struct Digests {
    /// The movetext as `fmt` lays it out, written into a hash.
    movetext: Option<Movetext<HashOut>>,
    chain: Chain,
    plies: usize,
}

impl GameSink for Digests {
    type Output = Digest;

    fn begin_game(&mut self) {
        self.movetext = None;
        self.chain = Chain::default();
        self.plies = 0;
    }
    fn movetext(&mut self, tags: &[Tag], _: Span) {
        self.movetext = Some(Movetext::new(HashOut::default(), tags));
    }
    fn prelude(&mut self, c: &Comment) {
        if let Some(m) = &mut self.movetext {
            let _ = m.comment(c);
        }
    }
    fn node(&mut self, node: Node, verdicts: &[Option<CompactString>], _facts: &[Facts]) {
        self.plies += 1;
        // The node's own token comes first among the verdicts.
        let san = verdicts.first().and_then(Option::as_deref);
        self.chain.push(san.unwrap_or(&node.san));
        if let Some(m) = &mut self.movetext {
            let _ = m.node(&node);
        }
    }
    fn end_game(&mut self, end: GameEnd<'_>) -> Digest {
        let mut lasting: Vec<(&str, &str)> = end
            .tags
            .iter()
            .filter(|t| !SEND_TAGS.contains(&t.name.as_str()))
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        lasting.sort_unstable();
        let mut h = Sha256::new();
        for (name, value) in lasting {
            h.update(name.as_bytes());
            h.update([0]);
            h.update(value.as_bytes());
            h.update([0]);
        }
        // The game as it reads: its movetext, then its tags as written.
        let movetext = self.movetext.take();
        let moves = movetext.unwrap_or_else(|| Movetext::new(HashOut::default(), &end.tags));
        let identity = moves
            .finish(end.trailing_move_number, end.result.as_deref())
            .and_then(|mut out| write_tags(&end.tags, &mut out).map(|()| out))
            .map(|out| out.0.finalize().into());
        Digest {
            identity: identity.ok(),
            lasting: h.finalize().into(),
            plies: self.plies,
            line: self.chain.hash(),
            valid: end.verdict.valid,
        }
    }
    fn unreadable(&mut self, verdict: &Verdict, _: Option<GameText<'_>>) -> Digest {
        Digest {
            identity: None,
            lasting: Hash::default(),
            plies: 0,
            line: Hash::default(),
            valid: verdict.valid,
        }
    }
}

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
    /// Index (among all games read) of the game that is kept.
    pub kept: usize,
    /// Why this one is dropped.
    pub why: Why,
}

/// The writer that makes, for the games asked, the main-line hash at each
/// length asked (the games counted from 0 in the order they are read).
pub struct Prefixes {
    wanted: HashMap<usize, BTreeSet<usize>>,
    game: usize,
    chain: Chain,
    plies: usize,
    depth: usize,
    found: Vec<(usize, Hash)>,
}

impl Prefixes {
    /// Asks for the hashes of `wanted` (game → lengths).
    pub fn new(wanted: HashMap<usize, BTreeSet<usize>>) -> Prefixes {
        Prefixes {
            wanted,
            game: 0,
            chain: Chain::default(),
            plies: 0,
            depth: 0,
            found: Vec::new(),
        }
    }

    fn note(&mut self) {
        if self
            .wanted
            .get(&self.game)
            .is_some_and(|w| w.contains(&self.plies))
        {
            self.found.push((self.plies, self.chain.hash()));
        }
    }
}

impl GameWriter for Prefixes {
    /// The game's hashes, by length.
    type Output = Vec<(usize, Hash)>;

    fn mode(&self) -> ReplayMode {
        ReplayMode::Canonical
    }
    fn begin_game(&mut self) {
        self.chain = Chain::default();
        self.plies = 0;
        self.depth = 0;
        self.found.clear();
        self.note();
    }
    fn san(&mut self, token: &str, _: Span, verdict: Option<CompactString>) {
        if self.depth == 0 {
            self.plies += 1;
            self.chain.push(verdict.as_deref().unwrap_or(token));
            self.note();
        }
    }
    fn begin_variation(&mut self, _: Span) {
        self.depth += 1;
    }
    fn end_variation(&mut self, _: Span) {
        self.depth = self.depth.saturating_sub(1);
    }
    fn end_game(&mut self, _: &Verdict) -> Self::Output {
        self.game += 1;
        std::mem::take(&mut self.found)
    }
    fn unreadable(&mut self, _: &Verdict, _: Option<GameText<'_>>) -> Self::Output {
        self.game += 1;
        Vec::new()
    }
}

/// The re-sent candidates: for each game, the shorter main lines of its
/// group whose lengths must be checked as its prefixes (game → lengths).
pub fn prefixes_wanted(digests: &[Digest]) -> HashMap<usize, BTreeSet<usize>> {
    let mut wanted: HashMap<usize, BTreeSet<usize>> = HashMap::new();
    for members in groups(digests).values() {
        for &i in members {
            for &j in members {
                if digests[j].plies < digests[i].plies {
                    wanted.entry(i).or_default().insert(digests[j].plies);
                }
            }
        }
    }
    wanted
}

/// Valid games grouped by their lasting tags.
fn groups(digests: &[Digest]) -> HashMap<Hash, Vec<usize>> {
    let mut groups: HashMap<Hash, Vec<usize>> = HashMap::new();
    for (i, d) in digests.iter().enumerate() {
        if d.valid && d.identity.is_some() {
            groups.entry(d.lasting).or_default().push(i);
        }
    }
    groups.retain(|_, m| m.len() > 1);
    groups
}

/// For each game, whether it is dropped; `prefixes`: for each game, its
/// main-line hash at the lengths [`prefixes_wanted`] asked.
pub fn decide(
    digests: &[Digest],
    prefixes: &HashMap<usize, Vec<(usize, Hash)>>,
) -> Vec<Option<Dropped>> {
    let mut out: Vec<Option<Dropped>> = vec![None; digests.len()];
    // Identical games: the first copy is kept.
    let mut first: HashMap<Hash, usize> = HashMap::new();
    for (i, d) in digests.iter().enumerate() {
        if let Some(id) = d.identity {
            let kept = *first.entry(id).or_insert(i);
            if kept != i {
                out[i] = Some(Dropped {
                    kept,
                    why: Why::Identical,
                });
            }
        }
    }
    let leads = |i: usize, j: usize| {
        // Whether game i's main line is a prefix of game j's.
        let (a, b) = (&digests[i], &digests[j]);
        match a.plies.cmp(&b.plies) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => a.line == b.line,
            std::cmp::Ordering::Less => prefixes
                .get(&j)
                .is_some_and(|p| p.iter().any(|&(n, h)| n == a.plies && h == a.line)),
        }
    };
    for members in groups(digests).values() {
        for &i in members {
            if out[i].is_some() {
                continue;
            }
            // The longest game this one leads to; of equal ones, the last.
            let best = members
                .iter()
                .filter(|&&j| {
                    out[j].is_none()
                        || matches!(
                            out[j],
                            Some(Dropped {
                                why: Why::Resent { .. },
                                ..
                            })
                        )
                })
                .filter(|&&j| {
                    let (m, n) = (digests[j].plies, digests[i].plies);
                    j != i && (m > n || (m == n && j > i)) && leads(i, j)
                })
                .max_by_key(|&&j| (digests[j].plies, j));
            if let Some(&j) = best {
                out[i] = Some(Dropped {
                    kept: j,
                    why: Why::Resent {
                        plies: digests[i].plies,
                        kept_plies: digests[j].plies,
                    },
                });
            }
        }
    }
    // A game dropped in favour of one dropped in turn names the one kept.
    for i in 0..out.len() {
        let mut at = out[i];
        let mut steps = 0;
        while let Some(Dropped { kept, why }) = at {
            match out[kept] {
                Some(next) if steps < out.len() => {
                    at = Some(Dropped {
                        kept: next.kept,
                        why,
                    });
                    steps += 1;
                }
                _ => break,
            }
        }
        out[i] = at;
    }
    out
}
