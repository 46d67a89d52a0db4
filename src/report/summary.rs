//! The counts of a whole run, by variant too.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use crate::record::validate::{Summary, Verdict};

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
            write!(f, "; no games found")?;
        }
        if self.by_variant.len() > 1 {
            let parts: Vec<String> = self
                .by_variant
                .iter()
                .map(|(v, c)| match c.invalid {
                    0 => format!("{v} {}", c.games),
                    n => format!("{v} {} ({n} invalid)", c.games),
                })
                .collect();
            write!(f, "\nby variant: {}", parts.join(", "))?;
        }
        Ok(())
    }
}
