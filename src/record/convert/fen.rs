//! FEN lists (`convert --to fen`): the start position and the position
//! after every main-line ply, one FEN a line, a blank line between games.
//! A list cannot show that a game is invalid or cut off, so such a game is
//! refused, not written in part.

use compact_str::CompactString;

use crate::model::{Comment, Node, Span, Tag};
use crate::notation::fen::write_fen;
use crate::record::convert::held::GameOut;
use crate::record::convert::stream::{GameEnd, GameSink};
use crate::record::convert::{end_in, Converted, GameError};
use crate::record::pipeline::read::GameText;
use crate::record::replay::facts::Facts;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{tags_start, ReplayMode};

/// Writes each game's FENs to `O`.
pub struct FenList<O> {
    out: O,
    /// Games written (a blank line before each but the first).
    games: usize,
    /// The main line stopped replaying, or writing failed.
    failed: bool,
}

impl<O: GameOut> FenList<O> {
    /// FEN lists to `out`.
    pub fn new(out: O) -> FenList<O> {
        FenList {
            out,
            games: 0,
            failed: false,
        }
    }

    /// The output.
    pub fn out(&mut self) -> &mut O {
        &mut self.out
    }

    fn line(&mut self, fen: &str) {
        let r = self
            .out
            .write_all(fen.as_bytes())
            .and_then(|()| self.out.write_all(b"\n"));
        self.failed |= r.is_err();
    }
}

impl<O: GameOut> GameSink for FenList<O> {
    type Output = Converted;

    fn mode(&self) -> ReplayMode {
        // The replay gives the position after each move.
        ReplayMode::Described { fens: true }
    }

    fn begin_game(&mut self) {
        self.failed = false;
    }

    fn movetext(&mut self, tags: &[Tag], _: Span) {
        if self.games > 0 {
            self.failed |= self.out.write_all(b"\n").is_err();
        }
        match tags_start(tags, None) {
            Ok((_, pos)) => self.line(&write_fen(&pos)),
            Err(_) => self.failed = true,
        }
    }

    fn prelude(&mut self, _: &Comment) {}

    fn node(&mut self, _node: Node, verdicts: &[Option<CompactString>], facts: &[Facts]) {
        // The node's own move is the first of its tokens.
        let fen = match verdicts.first() {
            Some(Some(_)) => facts.first().and_then(|f| f.fen_after.as_deref()),
            _ => None,
        };
        match fen {
            Some(fen) if !self.failed => self.line(fen),
            _ => self.failed = true,
        }
    }

    fn end_game(&mut self, end: GameEnd<'_>) -> Converted {
        let made = match (self.failed, end.verdict.valid) {
            (false, true) => {
                self.games += 1;
                Ok(None)
            }
            _ => Err(GameError::Refused(
                "a FEN list cannot show that a game is invalid: it is not written".into(),
            )),
        };
        end_in(&mut self.out, made)
    }

    fn unreadable(&mut self, _: &Verdict, _: Option<GameText<'_>>) -> Converted {
        let why = "a game not read to its end has no positions: it is not written";
        end_in(&mut self.out, Err(GameError::Refused(why.into())))
    }
}
