//! One line being replayed (main line or variation), on the reference
//! position or on bitboards.

use crate::model::Span;
use crate::moves::Dir;
use crate::notation::fen::write_fen;
use crate::notation::pgn::Proof;
use crate::notation::san::{ParsedSan, San};
use crate::position::Position;
use crate::record::replay::facts::{self, Facts};
use crate::record::replay::fast_engine::{FastPos, Played};
use crate::rules::fast::chess::FastChess;

/// A line on bitboards: the position now and before the last move token,
/// in two slots that trade roles (not contents) at each move.
#[derive(Clone)]
pub(super) struct FastLine {
    slots: [FastPos; 2],
    /// The slot holding the position now.
    now: usize,
}

impl FastLine {
    pub(super) fn new(now: FastPos, before: FastPos) -> FastLine {
        FastLine {
            slots: [now, before],
            now: 0,
        }
    }

    pub(super) fn now(&self) -> &FastPos {
        &self.slots[self.now & 1]
    }

    pub(super) fn before(&self) -> &FastPos {
        &self.slots[(self.now ^ 1) & 1]
    }

    /// Plays a clean token by `play` (`FastPos::successor`, or
    /// `FastPos::clean_play` to describe it) from `now` into the `before`
    /// slot, which becomes `now`. `None` when `play` declines the token:
    /// `now` is unchanged and `before` may not be, so the caller leaves the
    /// line to the reference engine, which sets `before` anew.
    fn play<T>(&mut self, play: impl FnOnce(&FastPos, &mut FastPos) -> Option<T>) -> Option<T> {
        let [a, b] = &mut self.slots;
        let (now, next) = if self.now & 1 == 0 {
            (&*a, b)
        } else {
            (&*b, a)
        };
        let played = play(now, next);
        if played.is_some() {
            self.now ^= 1;
        }
        played
    }

    /// Takes `after`, the position a reader played the next move into, as
    /// the position now (and now's as the one before): false, changing
    /// nothing, when `after` is on another accelerator.
    fn adopt(&mut self, after: &FastPos) -> bool {
        let next = &mut self.slots[(self.now ^ 1) & 1];
        let adopted = next.assign(after);
        if adopted {
            self.now ^= 1;
        }
        adopted
    }
}

/// One line being replayed: the main line or a variation.
#[derive(Clone)]
pub(super) struct Frame {
    pub(super) pos: Position,
    /// The position before the last move token of this line: where a
    /// variation written after that token starts.
    pub(super) before: Position,
    /// Plies from the game start (through the enclosing lines) at `pos` and
    /// at `before`.
    pub(super) ply: usize,
    pub(super) before_ply: usize,
    /// Whether this line has had a move token yet.
    pub(super) has_last: bool,
    pub(super) main: bool,
    /// A move of this line failed: the rest of it is not replayed.
    pub(super) dead: bool,
    /// The last token is the one that failed: its variations still replay.
    pub(super) last_failed: bool,
    /// `[%deny]` refusals that apply to the next move of this line (FL10).
    pub(super) denied: Vec<(u8, Dir, Span)>,
    /// While set, the line is replayed on bitboards ([`FastChess`]): the
    /// position now and before the last move token, and `pos`/`before` are
    /// stale until [`Frame::leave_fast`].
    pub(super) fast: Option<Box<FastLine>>,
}

impl Frame {
    pub(super) fn new(pos: Position, ply: usize, main: bool, dead: bool) -> Frame {
        Frame {
            before: pos.clone(),
            pos,
            ply,
            before_ply: ply,
            has_last: false,
            main,
            dead,
            last_failed: false,
            denied: Vec::new(),
            fast: None,
        }
    }

    /// Makes a recycled frame a fresh line from `pos` (reusing its storage).
    pub(super) fn restart(&mut self, pos: &Position, ply: usize, main: bool, dead: bool) {
        self.pos.clone_from(pos);
        self.restart_stale(ply, main, dead);
    }

    /// [`Frame::restart`] without a position: for a line that starts on
    /// bitboards, whose `pos` and `before` are stale until it leaves them.
    pub(super) fn restart_stale(&mut self, ply: usize, main: bool, dead: bool) {
        self.ply = ply;
        self.before_ply = ply;
        self.has_last = false;
        self.main = main;
        self.dead = dead;
        self.last_failed = false;
        self.denied.clear();
        self.fast = None;
    }

    /// Starts replaying on bitboards when the accelerator takes the position.
    pub(super) fn enter_fast(&mut self, standard_start: bool) {
        let now = if standard_start {
            Some(FastPos::Chess(FastChess::start()))
        } else {
            FastPos::from_position(&self.pos)
        };
        // `before` matters only once the line has a move token.
        let before = if self.has_last {
            FastPos::from_position(&self.before)
        } else {
            now.clone()
        };
        self.fast = now.zip(before).map(|(n, b)| Box::new(FastLine::new(n, b)));
    }

    /// Makes `pos` and `before` current again and replays on them from now on.
    pub(super) fn leave_fast(&mut self) {
        if let Some(fast) = self.fast.take() {
            self.pos = fast.now().to_position();
            self.before = fast.before().to_position();
        }
    }

    /// Plays a clean token on bitboards (see [`FastPos::successor`]), or a
    /// Fault Line slide with permission: `Some(true)` for that slide, whose
    /// note (FL6) the caller files; `None` when not played.
    pub(super) fn play_fast(&mut self, parsed: &ParsedSan) -> Option<bool> {
        if !self.denied.is_empty() {
            // A refusal (FL10) may apply: the reference engine judges it.
            return None;
        }
        self.fast
            .as_mut()?
            .play(|now, next| now.successor(parsed, next))
    }

    /// [`Frame::play_fast`], describing the move in `facts` (`fens`: with
    /// the FEN after it): whether it was a slide played with permission.
    // Out of line: inlined, it cost the other modes' replay 0.6% more
    // instructions (chess `validate`).
    #[inline(never)]
    pub(super) fn play_described(
        &mut self,
        parsed: &ParsedSan,
        fens: bool,
        facts: &mut Facts,
    ) -> Option<bool> {
        if !self.denied.is_empty() {
            return None;
        }
        let fast = self.fast.as_mut()?;
        let turn = fast.now().turn();
        // Castling is described by the reference, from the position before
        // it (where king and rook land is the variant's).
        let castle = match parsed.san {
            San::Castle(_) => {
                let before = fast.now().to_position();
                let r = parsed.resolve(&before).ok()?;
                Some(facts::describe(turn, Some(&before), &r.mv, r.suffix))
            }
            _ => None,
        };
        let played = fast.play(|now, next| now.clean_play(parsed, next))?;
        let permission = matches!(played, Played::Slide { permission: true });
        match castle {
            Some(castle) => *facts = castle,
            None => {
                *facts = Facts::default();
                facts::of_clean(turn, parsed, played, facts);
            }
        }
        if fens {
            facts.fen_after = Some(write_fen(&fast.now().to_position()));
        }
        Some(permission)
    }
}

impl Frame {
    /// Takes the position after a move a reader played on the accelerator
    /// ([`Proof`]) as this line's position now, when the line is on
    /// bitboards and no refusal (FL10) waits for the move; false otherwise,
    /// changing nothing.
    pub(super) fn adopt(&mut self, proof: Proof<'_>) -> bool {
        if !self.denied.is_empty() {
            return false;
        }
        self.fast.as_mut().is_some_and(|f| f.adopt(proof.after))
    }
}

/// The innermost open line of `frames[..depth]`: a function of the field,
/// not of the replayer, so the report stays free to borrow beside it.
pub(super) fn innermost(frames: &mut [Frame], depth: usize) -> Option<&mut Frame> {
    frames.get_mut(..depth)?.last_mut()
}
