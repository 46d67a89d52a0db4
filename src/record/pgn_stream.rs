//! The canonical PGN of a game written as the reader reads it (what `fmt`
//! and `convert --to pgn` write; the form itself is described in
//! `record::format`).
//!
//! A [`CanonicalPgn`] is a [`GameSink`]: each main-line move, with its
//! variations, is put in canonical SAN by the replay's verdict and written
//! to a buffer at once, so a game costs its canonical text (twice that for
//! the lenient form), never its record. The text is handed over only when
//! the game ends: the tags come first but `--fix-result` may change them at
//! the end, and a game that fails late must not be half written.

use compact_str::CompactString;

use crate::model::{for_each_node_mut, Comment, Located, Node, Span, Tag};
use crate::notation::pgn::{result_token, write_tags, Movetext};
use crate::record::fix_result::{fix_result_to, Change};
use crate::record::game_stream::{GameEnd, GameSink};
use crate::record::unresolved::unresolved_error;

/// How moves that do not resolve are treated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolve {
    /// Every move must resolve; a game with one that does not is an error
    /// (`fmt`).
    Every,
    /// A move that does not resolve is kept as written, and then so are the
    /// game's written move numbers (`convert --to pgn`: still lossless).
    Lenient,
}

/// One game in canonical form.
#[derive(Debug)]
pub struct CanonicalGame {
    /// The game's PGN text, ending with a blank line.
    pub text: Vec<u8>,
    /// What `--fix-result` changed, if anything.
    pub change: Option<Change>,
    /// Lenient: the first move that does not resolve (moves from there on
    /// are as written).
    pub unresolved: Option<Located>,
}

/// Writes games in canonical PGN (see the module).
pub struct CanonicalPgn {
    resolve: Resolve,
    fix_result: bool,
    /// The movetext with move numbers recomputed (None once a move did not
    /// resolve).
    renumbered: Option<Movetext<Vec<u8>>>,
    /// Lenient: the movetext with move numbers as written, used when a move
    /// does not resolve; None while it would be the same text as
    /// `renumbered` (then it is that text, copied when they part).
    as_written: Option<Movetext<Vec<u8>>>,
    /// While `as_written` is not apart: where the main line stands, as the
    /// writer numbers it.
    line: Numbering,
    unresolved: bool,
}

/// The writer's numbering of the main line (`notation::pgn::writer`: a
/// number before every white move and before a black move that follows a
/// comment or variation; a recorded number is always written and is the
/// count from then on), followed to tell when a game's numbers as written
/// are the ones renumbering writes, so its text is written once.
#[derive(Clone, Copy)]
struct Numbering {
    fullmove: u32,
    black: bool,
    need_number: bool,
}

impl Numbering {
    /// From the standard start; None when the tags set up a position
    /// (which may start elsewhere): then both forms are written.
    fn new(tags: &[Tag]) -> Option<Numbering> {
        let fen = tags.iter().any(|t| t.name == "FEN");
        (!fen).then_some(Numbering {
            fullmove: 1,
            black: false,
            need_number: true,
        })
    }

    /// Whether `node` (a main-line node) is written the same with its
    /// recorded numbers as renumbered, and then moves past it; a node
    /// with variations counts as different (their numbering is not
    /// followed).
    fn same(&mut self, node: &Node) -> bool {
        if !node.variations.is_empty() {
            return false;
        }
        let mut need = self.need_number || !node.comments_before.is_empty();
        let numbered = !self.black || need;
        let same = match node.move_number {
            Some(n) => numbered && n == self.fullmove,
            None => !numbered,
        };
        if !same {
            return false;
        }
        need = !node.comments.is_empty();
        if self.black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.black = !self.black;
        self.need_number = need;
        true
    }
}

impl CanonicalPgn {
    /// A writer of games in canonical form; `fix_result`: set each game's
    /// result from its final position where the rules decide it
    /// (`record::fix_result`).
    pub fn new(resolve: Resolve, fix_result: bool) -> CanonicalPgn {
        CanonicalPgn {
            resolve,
            fix_result,
            renumbered: None,
            as_written: None,
            line: Numbering {
                fullmove: 1,
                black: false,
                need_number: true,
            },
            unresolved: false,
        }
    }
}

impl GameSink for CanonicalPgn {
    /// The game, or why it has no canonical form ([`Resolve::Every`]).
    type Output = Result<CanonicalGame, Located>;

    fn begin_game(&mut self) {
        self.renumbered = None;
        self.as_written = None;
        self.unresolved = false;
    }

    fn movetext(&mut self, tags: &[Tag], _span: Span) -> bool {
        self.renumbered = Some(Movetext::new(Vec::new(), tags));
        if self.resolve == Resolve::Lenient {
            match Numbering::new(tags) {
                Some(line) => self.line = line,
                None => self.as_written = Some(Movetext::new(Vec::new(), tags)),
            }
        }
        // Canonical SAN is the replay's.
        true
    }

    fn prelude(&mut self, c: &Comment) {
        // Writing to memory cannot fail.
        for m in [&mut self.renumbered, &mut self.as_written]
            .into_iter()
            .flatten()
        {
            let _ = m.comment(c);
        }
    }

    fn node(&mut self, mut node: Node, verdicts: &[Option<CompactString>]) {
        let mut verdicts = verdicts.iter();
        let mut unresolved = false;
        for_each_node_mut(std::slice::from_mut(&mut node), |n| match verdicts.next() {
            Some(Some(san)) => n.san.clone_from(san),
            _ => unresolved = true,
        });
        // The two forms part at the first node whose numbers differ, or
        // that does not resolve (renumbering stops there).
        let apart = self.as_written.is_some() || self.renumbered.is_none();
        if self.resolve == Resolve::Lenient && !apart && (unresolved || !self.line.same(&node)) {
            self.as_written.clone_from(&self.renumbered);
        }
        if unresolved {
            self.unresolved = true;
            self.renumbered = None;
        }
        if let Some(m) = &mut self.as_written {
            let _ = m.node(&node);
        }
        if let Some(m) = &mut self.renumbered {
            for_each_node_mut(std::slice::from_mut(&mut node), |n| n.move_number = None);
            let _ = m.node(&node);
        }
    }

    fn end_game(&mut self, end: GameEnd) -> Self::Output {
        let GameEnd {
            mut tags,
            mut result,
            span,
            report,
        } = end;
        let error = report
            .as_ref()
            .and_then(|r| unresolved_error(r, span, self.unresolved));
        if let (Some(e), Resolve::Every) = (&error, self.resolve) {
            return Err(e.clone());
        }
        let change = match (self.fix_result, &report) {
            (true, Some(r)) => fix_result_to(r.outcome, &mut tags, &mut result),
            _ => None,
        };
        let movetext = match error {
            None => self.renumbered.take(),
            // Not apart: the same text.
            Some(_) => self.as_written.take().or_else(|| self.renumbered.take()),
        };
        let mut text = Vec::new();
        let _ = write_tags(&tags, &mut text);
        if let Some(m) = movetext {
            if let Ok(moves) = m.finish(result_token(result.as_deref(), &tags)) {
                text.extend_from_slice(&moves);
            }
        }
        Ok(CanonicalGame {
            text,
            change,
            unresolved: error,
        })
    }
}
