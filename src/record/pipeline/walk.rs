//! One game's main line walked as it is read, for `show`, `moves` and
//! `diff`: the positions asked for, the moves that reached them, and the
//! line as SAN — never the game's record. The game comes a main-line node
//! at a time ([`GameStream`](crate::record::convert::stream::GameStream)),
//! each with the pipeline replay's verdict on its move; the walk plays that
//! move's canonical SAN on its own [`Position`] until the line breaks (the
//! replay's first move that does not resolve), so what it reaches is what a
//! replay of the whole record reaches.

use compact_str::CompactString;

use crate::model::{Comment, Node, Span, Tag};
use crate::moves::Move;
use crate::notation::san::San;
use crate::position::Position;
use crate::record::convert::stream::{GameEnd, GameSink};
use crate::record::diff::SanLine;
use crate::record::pipeline::read::GameText;
use crate::record::replay::facts::Facts;
use crate::record::replay::tags_start;
use crate::record::replay::verdict::Verdict;

/// What a walk keeps besides the position at the end of the main line.
#[derive(Clone, Debug, Default)]
pub struct Want {
    /// Plies (0 = the start) whose positions are kept.
    pub plies: Vec<usize>,
    /// Whether each position kept comes with the move that reached it
    /// ([`Step`]): `show` marks it.
    pub steps: bool,
    /// Keep the main line's moves played after this ply, up to the last
    /// of [`Want::plies`] (or to the end with [`Want::to_end`]).
    pub moves_from: Option<usize>,
    /// The moves kept run to the end of the main line.
    pub to_end: bool,
    /// Keep the main line as SAN: canonical where it replays, as written
    /// after the first move that does not.
    pub line: bool,
}

/// The move that reached a position.
#[derive(Clone, Debug)]
pub struct Step {
    /// The position before it.
    pub before: Position,
    /// The move.
    pub mv: Move,
    /// Its canonical SAN.
    pub san: CompactString,
    /// The comments written after it (its `[%cal]`, `[%csl]` …).
    pub comments: Vec<Comment>,
}

/// A position of the main line, and the move that reached it (kept with
/// [`Want::steps`]; none at the start).
#[derive(Clone, Debug)]
pub struct Stop {
    /// The position.
    pub pos: Position,
    /// The move that reached it.
    pub step: Option<Step>,
}

/// A game walked.
#[derive(Debug, Default)]
pub struct Walked {
    /// Why its start position cannot be set up, if it cannot.
    pub unstarted: Option<String>,
    /// Main-line plies played (up to where the line breaks).
    pub played: usize,
    /// Main-line moves written.
    pub written: usize,
    /// The positions of [`Want::plies`] the line reached, by ply.
    stops: Vec<(usize, Stop)>,
    /// The end of the main line (as far as it replays).
    end: Option<Stop>,
    /// The moves kept ([`Want::moves_from`]), with their canonical SAN.
    pub moves: Vec<(Move, String)>,
    /// The main line as SAN ([`Want::line`]).
    pub line: SanLine,
    /// The termination marker, else the `Result` tag.
    pub result: Option<String>,
}

impl Walked {
    /// Whether the main line breaks: a move could not be played (a wrong
    /// result or a bad variation leaves every main-line position
    /// reachable).
    pub fn broken(&self) -> bool {
        self.written > self.played
    }

    /// The ply `ply` names (`None`: the end of the main line), or why the
    /// main line has no such position.
    pub fn ply(&self, ply: Option<usize>) -> Result<usize, String> {
        if let Some(why) = &self.unstarted {
            return Err(why.clone());
        }
        let played = self.played;
        let ply = match ply {
            Some(p) => p,
            None if self.broken() => {
                return Err(format!(
                    "the main line breaks at ply {}: name a ply before it with @PLY",
                    played + 1
                ))
            }
            None => played,
        };
        if ply > played {
            return Err(match self.broken() {
                true => format!("@{ply}: the main line breaks at ply {}", played + 1),
                false => format!("@{ply}: the main line has {played} plies"),
            });
        }
        Ok(ply)
    }

    /// The position at `ply` (`None`: the end of the main line), or why
    /// there is none.
    pub fn at(&self, ply: Option<usize>) -> Result<&Stop, String> {
        let ply = self.ply(ply)?;
        let kept = self.stops.iter().find(|(p, _)| *p == ply).map(|(_, s)| s);
        let end = self.end.as_ref().filter(|_| ply == self.played);
        kept.or(end)
            .ok_or_else(|| format!("@{ply}: that position was not kept"))
    }
}

/// The [`GameSink`] of a walk (see the module).
pub struct Walker {
    want: Want,
    /// Where the main line is (`None` before the start is set up, or when
    /// it cannot be).
    pos: Option<Position>,
    /// The line broke: the rest is not played.
    broken: bool,
    /// The last move played, when steps are kept.
    last: Option<Step>,
    started: bool,
    walked: Walked,
}

impl Walker {
    /// A walk keeping `want`.
    pub fn new(want: Want) -> Walker {
        Walker {
            want,
            pos: None,
            broken: false,
            last: None,
            started: false,
            walked: Walked::default(),
        }
    }

    /// Sets up the start position from the tags, once a game.
    fn start(&mut self, tags: &[Tag]) {
        if std::mem::replace(&mut self.started, true) {
            return;
        }
        match tags_start(tags, None) {
            Ok((_, pos)) => {
                self.stop(0, &pos);
                self.pos = Some(pos);
            }
            Err(_) => {
                self.walked.unstarted = Some("the game's start position cannot be set up".into());
            }
        }
    }

    /// Keeps `pos` if ply `ply` is asked for.
    fn stop(&mut self, ply: usize, pos: &Position) {
        if self.want.plies.contains(&ply) {
            let stop = Stop {
                pos: pos.clone(),
                step: self.last.clone(),
            };
            self.walked.stops.push((ply, stop));
        }
    }

    /// Whether the move after ply `ply` (reaching `ply + 1`) is kept.
    fn keeps_move(&self, ply: usize) -> bool {
        let Some(from) = self.want.moves_from else {
            return false;
        };
        let to = self.want.plies.iter().max().copied().unwrap_or(0);
        ply >= from && (self.want.to_end || ply < to)
    }

    /// Plays the main-line move whose canonical SAN is `san`; false when
    /// the walk cannot (the line then breaks here, as in the replay).
    fn play(&mut self, san: &CompactString, comments: &[Comment]) -> bool {
        let Some(mut pos) = self.pos.take() else {
            return false;
        };
        let before = self.want.steps.then(|| pos.clone());
        let mut after = pos.clone();
        let resolved = San::parse(san).ok().and_then(|p| p.play(&mut after).ok());
        let Some(resolved) = resolved else {
            self.pos = Some(pos);
            return false;
        };
        pos = after;
        let ply = self.walked.played;
        if self.keeps_move(ply) {
            self.walked.moves.push((resolved.mv, san.to_string()));
        }
        self.walked.played += 1;
        if let Some(before) = before {
            self.last = Some(Step {
                before,
                mv: resolved.mv,
                san: san.clone(),
                comments: comments.to_vec(),
            });
        }
        self.stop(ply + 1, &pos);
        self.pos = Some(pos);
        true
    }
}

impl GameSink for Walker {
    /// The walk, or `None` for a game that could not be read.
    type Output = Option<Walked>;

    fn begin_game(&mut self) {
        self.pos = None;
        self.broken = false;
        self.last = None;
        self.started = false;
        self.walked = Walked::default();
    }

    fn movetext(&mut self, tags: &[Tag], _: Span) {
        self.start(tags);
    }

    fn prelude(&mut self, _: &Comment) {}

    fn node(&mut self, node: Node, verdicts: &[Option<CompactString>], _facts: &[Facts]) {
        self.walked.written += 1;
        // The node's own move comes first, then its variations'.
        let canonical = verdicts.first().and_then(Option::as_ref);
        let played = match canonical {
            Some(san) if !self.broken => self.play(san, &node.comments),
            _ => false,
        };
        self.broken |= !played;
        if self.want.line {
            let san = match (played, canonical) {
                (true, Some(san)) => san.as_str(),
                _ => node.san.as_str(),
            };
            self.walked.line.push(san);
        }
    }

    fn end_game(&mut self, end: GameEnd<'_>) -> Option<Walked> {
        self.start(&end.tags);
        let result = end.result.or_else(|| {
            end.tags
                .iter()
                .find(|t| t.name == "Result")
                .map(|t| t.value.clone())
        });
        let mut walked = std::mem::take(&mut self.walked);
        walked.result = result;
        walked.end = self.pos.take().map(|pos| Stop {
            pos,
            step: self.last.take(),
        });
        Some(walked)
    }

    fn unreadable(&mut self, _: &Verdict, _: Option<GameText<'_>>) -> Option<Walked> {
        None
    }
}
