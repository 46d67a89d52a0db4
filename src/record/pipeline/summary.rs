//! The counts of a whole run, by variant too.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use crate::record::replay::verdict::{Summary, Verdict};

/// Games of one variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VariantCount {
    /// Games checked.
    pub games: usize,
    /// Games that are not valid.
    pub invalid: usize,
}

/// What a run checked, what failed to be read, and how long it took.
#[derive(Clone, Debug, Default)]
pub struct RunSummary {
    /// The verdict counts over all games.
    pub counts: Summary,
    /// The game counts of each variant, by name.
    pub by_variant: BTreeMap<String, VariantCount>,
    /// Games read, chosen or not (`FILE:N-M` and `--where` choose).
    pub read: usize,
    /// Inputs that could not be checked (or read to their end).
    pub failures: usize,
    /// No game was checked and nothing failed (a failure unless allowed).
    pub empty: bool,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl RunSummary {
    /// Counts one verdict.
    pub fn add(&mut self, v: &Verdict) {
        self.counts.add(v);
        let c = self.by_variant.entry(v.variant.clone()).or_default();
        c.games += 1;
        if !v.valid {
            c.invalid += 1;
        }
    }
}

/// The summary line, then (when games of more than one variant were
/// checked) a line of counts by variant.
impl fmt::Display for RunSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.counts)?;
        if self.failures > 0 {
            let s = if self.failures == 1 { "" } else { "s" };
            write!(f, "; {} input{s} could not be read", self.failures)?;
        }
        if self.empty {
            match self.read {
                0 => write!(f, "; no games found")?,
                n => write!(f, "; none of the {n} games read was chosen")?,
            }
        }
        if self.by_variant.len() > 1 {
            let parts: Vec<String> = self
                .by_variant
                .iter()
                .map(|(v, c)| {
                    // A variant's name is as written in its tag.
                    let v = crate::escape::terminal(v);
                    match c.invalid {
                        0 => format!("{v} {}", c.games),
                        n => format!("{v} {} ({n} invalid)", c.games),
                    }
                })
                .collect();
            write!(f, "\nby variant: {}", parts.join(", "))?;
        }
        Ok(())
    }
}

impl RunSummary {
    /// The exit status every command gives for what it read: 0 when every
    /// game chosen is valid, 1 when one is not (a negative answer, as
    /// diff(1)), 2 when an input could not be read or, unless `allow_empty`,
    /// no game was chosen.
    pub fn exit_status(&self, allow_empty: bool) -> u8 {
        if self.failures > 0 || (self.empty && !allow_empty) {
            2
        } else if self.counts.invalid > 0 {
            1
        } else {
            0
        }
    }
}
