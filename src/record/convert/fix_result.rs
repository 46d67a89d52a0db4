//! Repairing results: where the rules decide how a game ended (checkmate,
//! stalemate, a Fault Line win: RULINGS G5, FL1), the Result tag and the
//! termination marker are set to that result. Elsewhere any result stands
//! (resignation, agreement, time), so nothing is changed.
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::convert::fix_result::fix_result;
//! let mut game = read_all(b"[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n")
//!     .remove(0)
//!     .unwrap();
//! let change = fix_result(&mut game).unwrap();
//! assert_eq!((change.tag.as_deref(), change.marker.as_deref()), (Some("1/2-1/2"), Some("1/2-1/2")));
//! assert_eq!(change.result, "0-1");
//! assert_eq!((game.tag("Result"), game.result.as_deref()), (Some("0-1"), Some("0-1")));
//! ```

use compact_str::CompactString;

use crate::model::{Record, Span, Tag};
use crate::record::pipeline::game::GameWriter;
use crate::record::pipeline::read::GameText;
use crate::record::replay::verdict::Verdict;
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

/// One change to a game's text: the bytes at `at` (stream offsets) become
/// `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The bytes replaced (empty: an insertion).
    pub at: std::ops::Range<u64>,
    /// What stands there instead.
    pub text: String,
}

/// Applies `edits` (in order, not overlapping) to `text`, whose first byte
/// is at stream offset `offset`.
pub fn apply(text: &[u8], offset: u64, edits: &[Edit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 32);
    let mut done = 0usize;
    for e in edits {
        let at = |o: u64| (o.saturating_sub(offset) as usize).clamp(done, text.len());
        let (start, end) = (at(e.at.start), at(e.at.end));
        out.extend_from_slice(&text[done..start]);
        out.extend_from_slice(e.text.as_bytes());
        done = end;
    }
    out.extend_from_slice(&text[done..]);
    out
}

/// The writer of `fmt --fix-result` without formatting: it notes where the
/// Result tag and the termination marker stand, and for a game whose end
/// the rules decide, gives the edits that set both to its result, so that
/// nothing else of the text changes.
#[derive(Default)]
pub struct ResultEdits {
    tag: Option<(String, Span)>,
    last_tag: Option<Span>,
    marker: Option<(String, Span)>,
    /// The end of the main line's last token.
    end: Option<u64>,
    start: Option<u64>,
    depth: usize,
}

impl ResultEdits {
    fn main_token(&mut self, span: Span) {
        self.start.get_or_insert(span.offset);
        if self.depth == 0 {
            self.end = Some(span.offset + u64::from(span.len));
        }
    }
}

impl GameWriter for ResultEdits {
    /// The change, and the edits that make it.
    type Output = Option<(Change, Vec<Edit>)>;

    fn begin_game(&mut self) {
        *self = ResultEdits::default();
    }
    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.start.get_or_insert(span.offset);
        self.last_tag = Some(span);
        if name == "Result" && self.tag.is_none() {
            self.tag = Some((value.to_owned(), span));
        }
    }
    fn san(&mut self, _: &str, span: Span, _: Option<CompactString>) {
        self.main_token(span);
    }
    fn nag(&mut self, _: u16, span: Span) {
        self.main_token(span);
    }
    fn comment(&mut self, _: &str, span: Span) {
        self.main_token(span);
    }
    fn begin_variation(&mut self, span: Span) {
        self.main_token(span);
        self.depth += 1;
    }
    fn end_variation(&mut self, span: Span) {
        self.depth = self.depth.saturating_sub(1);
        self.main_token(span);
    }
    fn move_number(&mut self, _: u32, span: Span) {
        self.main_token(span);
    }
    fn outcome(&mut self, result: &str, span: Span) {
        self.marker = Some((result.to_owned(), span));
    }
    fn end_game(&mut self, verdict: &Verdict) -> Self::Output {
        let mut tags = Vec::new();
        if let Some((value, _)) = &self.tag {
            tags.push(Tag::new("Result", value.as_str()));
        }
        let mut marker = self.marker.as_ref().map(|m| m.0.clone());
        let change = fix_result_to(verdict.outcome, &mut tags, &mut marker)?;
        let result = change.result;
        let mut edits = Vec::new();
        let tag_line = format!("[Result \"{result}\"]");
        match (&self.tag, self.last_tag) {
            (Some((_, span)), _) => edits.push(Edit {
                at: span.offset..span.offset + u64::from(span.len),
                text: tag_line,
            }),
            (None, Some(last)) => {
                let end = last.offset + u64::from(last.len);
                edits.push(Edit {
                    at: end..end,
                    text: format!("\n{tag_line}"),
                });
            }
            (None, None) => {
                let at = self.start.unwrap_or(0);
                edits.push(Edit {
                    at: at..at,
                    text: format!("{tag_line}\n\n"),
                });
            }
        }
        match (&self.marker, self.end) {
            (Some((_, span)), _) => edits.push(Edit {
                at: span.offset..span.offset + u64::from(span.len),
                text: result.to_owned(),
            }),
            (None, Some(end)) => edits.push(Edit {
                at: end..end,
                text: format!(" {result}"),
            }),
            (None, None) => {}
        }
        edits.sort_by_key(|e| e.at.start);
        Some((change, edits))
    }
    fn unreadable(&mut self, _: &Verdict, _: Option<GameText<'_>>) -> Self::Output {
        None
    }
}
