//! Repairing results: where the rules decide how a game ended (checkmate,
//! stalemate, a Fault Line win: RULINGS G5, FL1), the Result tag and the
//! termination marker are set to that result. Elsewhere any result stands
//! (resignation, agreement, time), so nothing is changed.
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::fix_result::fix_result;
//! let mut game = read_all(b"[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n")
//!     .remove(0)
//!     .unwrap();
//! let change = fix_result(&mut game).unwrap();
//! assert_eq!((change.tag.as_deref(), change.marker.as_deref()), (Some("1/2-1/2"), Some("1/2-1/2")));
//! assert_eq!(change.result, "0-1");
//! assert_eq!((game.tag("Result"), game.result.as_deref()), (Some("0-1"), Some("0-1")));
//! ```

use crate::model::{Record, Tag};
use crate::record::replay::{replay, ReplayOptions};
use crate::rules::Outcome;

/// A result set from the final position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The Result tag before (`None`: there was none).
    pub tag: Option<String>,
    /// The termination marker before (`None`: there was none).
    pub marker: Option<String>,
    /// The result now in both.
    pub result: &'static str,
    /// How the game ended.
    pub outcome: Outcome,
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let was = |v: &Option<String>| v.clone().unwrap_or_else(|| "none".into());
        write!(
            f,
            "result set to {} ({}: {}); Result tag was {}, termination marker was {}",
            self.result,
            self.outcome.ruling(),
            self.outcome,
            was(&self.tag),
            was(&self.marker)
        )
    }
}

/// Sets the Result tag and the termination marker of `record` from its final
/// position where the rules decide it; the change, if anything changed.
/// A game whose main line does not replay is left alone.
pub fn fix_result(record: &mut Record) -> Option<Change> {
    let report = replay(record, &ReplayOptions::default());
    fix_result_to(report.outcome, &mut record.tags, &mut record.result)
}

/// [`fix_result`] of a game already replayed, given how its main line ended
/// (`outcome`), its tags and its termination marker.
pub fn fix_result_to(
    outcome: Option<Outcome>,
    tags: &mut Vec<Tag>,
    marker: &mut Option<String>,
) -> Option<Change> {
    let outcome = outcome?;
    let result = outcome.result();
    let tag = tags.iter().find(|t| t.name == "Result");
    let tag = tag.map(|t| t.value.clone());
    if tag.as_deref() == Some(result) && marker.as_deref() == Some(result) {
        return None;
    }
    match tags.iter_mut().find(|t| t.name == "Result") {
        Some(t) => t.value = result.to_owned(),
        None => tags.push(Tag::new("Result", result)),
    }
    let was = marker.replace(result.to_owned());
    Some(Change {
        tag,
        marker: was,
        result,
        outcome,
    })
}
