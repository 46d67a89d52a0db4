//! The canonical PGN of a game written as the reader reads it (what `fmt`
//! and `convert --to pgn` write).
//!
//! Canonical form: tags as written (in their order, each after the
//! comments before it), each move in canonical SAN, move numbers where
//! export style wants them, lines wrapped at 80 columns. A move that does
//! not resolve, and everything after it in its line, is kept as written,
//! and then so are the game's written move numbers: nothing is lost.
//! Damage stays: a game without a termination marker gets none, a move
//! number it ends with is kept, and a game that could not be read is
//! written byte for byte as read.
//!
//! A [`CanonicalPgn`] is a [`GameSink`]: each main-line move, with its
//! variations, is put in canonical SAN by the replay's verdict and written
//! to a buffer at once, so a game costs its canonical text (twice that
//! while the two numberings may differ), never its record. The text is
//! handed over only when the game ends: `--fix-result` may change the tags
//! at the end.

use compact_str::CompactString;

use crate::model::{for_each_node_mut, Comment, Node, Span, Tag};
use crate::notation::pgn::{
    comments_writable, line_writable, result_writable, tags_writable, write_comment_lines,
    write_tags, Movetext, Unwritable,
};
use crate::record::convert::fix_result::fix_result_to;
use crate::record::convert::held::GameOut;
use crate::record::convert::stream::{GameEnd, GameSink};
use crate::record::convert::{end_in, Converted, GameError};
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::source::Syntax;
use crate::record::replay::facts::Facts;
use crate::record::replay::verdict::Verdict;

/// Writes games in canonical PGN (see the module) to `O`.
pub struct CanonicalPgn<O> {
    out: O,
    fix_result: bool,
    /// Each node and prelude comment is checked for what PGN cannot hold;
    /// not for games read from PGN text, which holds nothing else
    /// (`notation::pgn::writer`'s `check_writable`).
    check_nodes: bool,
    /// While `game.as_written` is not apart: where the main line stands, as
    /// the writer numbers it.
    line: Numbering,
    game: Game,
}

/// What the writer holds of the game being written, anew at each game.
#[derive(Default)]
struct Game {
    /// The movetext with move numbers recomputed (None once a move did not
    /// resolve).
    renumbered: Option<Movetext<Vec<u8>>>,
    /// The movetext with move numbers as written, used when a move does
    /// not resolve; None while it would be the same text as `renumbered`
    /// (then it is that text, copied when they part).
    as_written: Option<Movetext<Vec<u8>>>,
    unresolved: bool,
    /// The game has a move.
    any_node: bool,
    /// Main-line plies so far.
    plies: usize,
    /// What of the game PGN cannot hold, if anything (read from JSON).
    unwritable: Option<Unwritable>,
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

impl<O: GameOut> CanonicalPgn<O> {
    /// A writer of games in canonical form to `out`; `fix_result`: set each
    /// game's result from its final position where the rules decide it
    /// (`record::convert::fix_result`).
    pub fn new(out: O, fix_result: bool) -> CanonicalPgn<O> {
        CanonicalPgn {
            out,
            fix_result,
            check_nodes: true,
            line: Numbering {
                fullmove: 1,
                black: false,
                need_number: true,
            },
            game: Game::default(),
        }
    }
}

impl<O> CanonicalPgn<O> {
    /// The output.
    pub fn out(&mut self) -> &mut O {
        &mut self.out
    }
}

impl<O: GameOut> GameSink for CanonicalPgn<O> {
    type Output = Converted;

    fn wants_text(&self) -> bool {
        true
    }

    fn input(&mut self, syntax: &Syntax) {
        self.check_nodes = *syntax != Syntax::Pgn;
    }

    fn begin_game(&mut self) {
        self.game = Game::default();
    }

    fn movetext(&mut self, tags: &[Tag], _span: Span) {
        self.game.renumbered = Some(Movetext::new(Vec::new(), tags));
        match Numbering::new(tags) {
            Some(line) => self.line = line,
            None => self.game.as_written = Some(Movetext::new(Vec::new(), tags)),
        }
    }

    fn prelude(&mut self, c: &Comment) {
        if self.check_nodes && self.game.unwritable.is_none() {
            self.game.unwritable = comments_writable(None, std::slice::from_ref(c)).err();
        }
        // Writing to memory cannot fail.
        for m in [&mut self.game.renumbered, &mut self.game.as_written]
            .into_iter()
            .flatten()
        {
            let _ = m.comment(c);
        }
    }

    fn node(&mut self, mut node: Node, verdicts: &[Option<CompactString>], _facts: &[Facts]) {
        self.game.any_node = true;
        self.game.plies += 1;
        if self.check_nodes && self.game.unwritable.is_none() {
            self.game.unwritable =
                line_writable(std::slice::from_ref(&node), self.game.plies).err();
        }
        let mut verdicts = verdicts.iter();
        let mut unresolved = false;
        for_each_node_mut(std::slice::from_mut(&mut node), |n| match verdicts.next() {
            Some(Some(san)) => n.san.clone_from(san),
            _ => unresolved = true,
        });
        // The two forms part at the first node whose numbers differ, or
        // that does not resolve (renumbering stops there).
        let apart = self.game.as_written.is_some() || self.game.renumbered.is_none();
        if !apart && (unresolved || !self.line.same(&node)) {
            self.game.as_written.clone_from(&self.game.renumbered);
        }
        if unresolved {
            self.game.unresolved = true;
            self.game.renumbered = None;
        }
        if let Some(m) = &mut self.game.as_written {
            let _ = m.node(&node);
        }
        if let Some(m) = &mut self.game.renumbered {
            for_each_node_mut(std::slice::from_mut(&mut node), |n| n.move_number = None);
            let _ = m.node(&node);
        }
    }

    fn end_game(&mut self, end: GameEnd<'_>) -> Self::Output {
        let GameEnd {
            mut tags,
            mut result,
            trailing_move_number,
            verdict,
            ..
        } = end;
        let change = match self.fix_result {
            true => fix_result_to(verdict.outcome, &mut tags, &mut result),
            false => None,
        };
        let game = std::mem::take(&mut self.game);
        let movetext = match game.unresolved {
            false => game.renumbered,
            // Not apart: the same text.
            true => game.as_written.or(game.renumbered),
        };
        let unwritable = game.unwritable.map(Err).unwrap_or(Ok(()));
        if let Err(e) = unwritable
            .and_then(|()| tags_writable(&tags))
            .and_then(|()| result_writable(result.as_deref()))
        {
            let why = format!("PGN cannot hold this game as it is: {e}");
            return end_in(&mut self.out, Err(GameError::Refused(why)));
        }
        if result.is_none() && trailing_move_number.is_none() && !game.any_node {
            let why = "PGN cannot hold a cut-off game with no move and no termination marker \
                       apart from the game after it";
            return Err(GameError::Refused(why.into()));
        }
        let mut made = write_tags(&tags, &mut self.out);
        if let (Ok(()), Some(m)) = (&made, movetext) {
            // Writing to memory cannot fail.
            if let Ok(moves) = m.finish(trailing_move_number, result.as_deref()) {
                made = self.out.write_all(&moves);
            }
        }
        end_in(&mut self.out, made.map(|()| change).map_err(GameError::Io))
    }

    fn trailer(&mut self, comments: &[Comment]) -> std::io::Result<()> {
        if let Err(e) = comments_writable(None, comments) {
            let why = format!("PGN cannot hold the comments after the last game: {e}");
            return Err(std::io::Error::other(why));
        }
        write_comment_lines(comments, &mut self.out)?;
        self.out.commit_game()
    }

    fn unreadable(&mut self, _: &Verdict, text: Option<GameText<'_>>) -> Self::Output {
        // Byte for byte: the damage travels as it is (PGN into PGN only).
        let Some(text) = text.and_then(|t| t.as_pgn()) else {
            let why = "a game not read to its end is copied only from PGN text, as it stands";
            return end_in(&mut self.out, Err(GameError::Refused(why.into())));
        };
        let made = self.out.write_all(text);
        end_in(&mut self.out, made.map(|()| None).map_err(GameError::Io))
    }
}
