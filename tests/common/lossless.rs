//! "Nothing read is lost": every token the streaming reader reports for a
//! game is in the record it builds, and the record written and read again
//! is the same record. Shared by `tests/pgn_reader.rs` and the
//! `pgn_reader` fuzz target. (A record hangs comments and NAGs on moves; a
//! comment in a variation with no move used to vanish, found by fuzzing.)
#![allow(dead_code)] // each user takes what it needs

use fvnote::model::{Record, Span, Step};
use fvnote::notation::pgn::{read_all, to_string, Reader, ReaderOptions, Visitor};

/// How many of each kind of token a game has. Move numbers are layout, not
/// content (`fmt` recomputes them; one with no move after it, as in
/// `1. e4 2.`, has nothing to number), so they are not counted.
#[derive(Debug, Default, PartialEq, Eq, Clone, Copy)]
pub struct Tally {
    pub tags: usize,
    pub moves: usize,
    pub nags: usize,
    pub comments: usize,
    pub variations: usize,
    pub results: usize,
}

/// Counts what the reader reports.
#[derive(Default)]
struct Counter(Tally);

impl Visitor for Counter {
    type Output = Tally;
    fn begin_game(&mut self) {
        self.0 = Tally::default();
    }
    fn tag(&mut self, _: &str, _: &str, _: Span) {
        self.0.tags += 1;
    }
    fn san(&mut self, _: &str, _: Span) {
        self.0.moves += 1;
    }
    fn nag(&mut self, _: u16, _: Span) {
        self.0.nags += 1;
    }
    fn comment(&mut self, _: &str, _: Span) {
        self.0.comments += 1;
    }
    fn begin_variation(&mut self, _: Span) {
        self.0.variations += 1;
    }
    fn outcome(&mut self, _: &str, _: Span) {
        self.0.results += 1;
    }
    fn end_game(&mut self) -> Tally {
        self.0
    }
}

/// Counts what a record holds.
pub fn tally(rec: &Record) -> Tally {
    let mut t = Tally {
        tags: rec.tags.len(),
        comments: rec.prelude.len()
            + rec
                .tags
                .iter()
                .map(|t| t.comments_before.len())
                .sum::<usize>(),
        results: usize::from(rec.result.is_some()),
        ..Tally::default()
    };
    // The model's walk keeps fuzzed nesting off the call stack.
    for step in rec.steps() {
        match step {
            Step::Move(n) => {
                t.moves += 1;
                t.nags += n.nags.len();
                t.comments += n.comments_before.len() + n.comments.len();
            }
            Step::Enter => t.variations += 1,
            Step::Leave => {}
        }
    }
    t
}

/// Reads `data` twice, counting tokens and building records, and requires
/// the same games, each record holding every token counted.
pub fn assert_nothing_lost(data: &[u8], opts: ReaderOptions, games: usize) {
    let records = Reader::with_options(data, opts).take(games);
    let mut counting = Reader::with_options(data, opts);
    for (i, rec) in records.enumerate() {
        let counted = counting.read_game(&mut Counter::default());
        match (rec, counted) {
            (Ok(rec), Ok(Some(counted))) => {
                assert_eq!(
                    tally(&rec),
                    counted,
                    "game {}: the record lost tokens",
                    i + 1
                )
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            (rec, counted) => panic!("game {}: {rec:?} but counted {counted:?}", i + 1),
        }
    }
}

/// `rec` without what the writer recomputes or cannot know: positions and
/// written move numbers.
pub fn content(rec: &Record) -> Record {
    let mut rec = rec.clone();
    rec.span = Span::default();
    rec.result_span = None;
    for t in &mut rec.tags {
        t.span = Span::default();
        t.comments_before
            .iter_mut()
            .for_each(|c| c.span = Span::default());
    }
    rec.prelude
        .iter_mut()
        .for_each(|c| c.span = Span::default());
    rec.for_each_node_mut(|n| {
        n.span = Span::default();
        n.move_number = None;
        for c in n.comments_before.iter_mut().chain(n.comments.iter_mut()) {
            c.span = Span::default();
        }
    });
    rec
}

/// `rec` written (as `fmt` writes it) and read back is `rec` again, but for
/// positions and move numbers: the writer makes up nothing, not even the
/// termination marker of a game that had none. (A game of nothing at all
/// has no text.)
pub fn assert_rewritten_alike(rec: &Record) {
    let text = to_string(rec);
    let again = read_all(text.as_bytes());
    if text.is_empty() {
        assert!(again.is_empty(), "nothing written, something read");
        return;
    }
    assert_eq!(again.len(), 1, "writer output is not one game:\n{text}");
    let again = match &again[0] {
        Ok(r) => r,
        Err(e) => panic!("writer output does not read back: {e}\n{text}"),
    };
    assert_eq!(content(again), content(rec), "rewritten as\n{text}");
}
