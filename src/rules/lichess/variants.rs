//! What each lichess variant says besides shakmaty's move generation: its
//! ruling, how its own end reads, and why a refused move is illegal.

use shakmaty as sm;
use shakmaty::variant::{
    Antichess, Atomic, Crazyhouse, Horde, KingOfTheHill, RacingKings, ThreeCheck,
};
use shakmaty::{Position as _, Rank};

use super::Peer;

impl Peer for Crazyhouse {
    const RULING: &'static str = "ZH1";
    fn how(_: &Self) -> &'static str {
        "the game ended"
    }
    fn why(pos: &Self, m: sm::Move) -> Option<&'static str> {
        let sm::Move::Put { role, to } = m else {
            return None;
        };
        if pos.board().piece_at(to).is_some() {
            Some("a piece is dropped only onto an empty square")
        } else if role == sm::Role::Pawn && (to.rank() == Rank::First || to.rank() == Rank::Eighth)
        {
            Some("a pawn is never dropped on the first or last rank")
        } else {
            None
        }
    }
}

impl Peer for Atomic {
    const RULING: &'static str = "AT1";
    fn how(_: &Self) -> &'static str {
        "a king exploded"
    }
    fn why(pos: &Self, m: sm::Move) -> Option<&'static str> {
        let sm::Move::Normal {
            role,
            capture: Some(_),
            to,
            ..
        } = m
        else {
            return None;
        };
        if role == sm::Role::King {
            return Some("a king never captures: it would explode");
        }
        let us = pos.turn();
        let blast = sm::attacks::king_attacks(to);
        pos.board()
            .king_of(us)
            .is_some_and(|k| blast.contains(k))
            .then_some("the explosion would take the mover's own king")
    }
}

impl Peer for Antichess {
    const RULING: &'static str = "AC1";
    fn how(end: &Self) -> &'static str {
        if end.us().is_empty() {
            "the side to move has lost every piece"
        } else {
            "the side to move has no move"
        }
    }
    fn why(pos: &Self, m: sm::Move) -> Option<&'static str> {
        (!m.is_capture() && !pos.capture_moves().is_empty())
            .then_some("a capture is compulsory: another move captures")
    }
}

impl Peer for KingOfTheHill {
    const RULING: &'static str = "KH1";
    fn how(_: &Self) -> &'static str {
        "a king reached the hill"
    }
}

impl Peer for ThreeCheck {
    const RULING: &'static str = "TC1";
    fn how(_: &Self) -> &'static str {
        "the third check"
    }
}

impl Peer for Horde {
    const RULING: &'static str = "HO1";
    const SETUP: &'static str = "a white army without a king and one black king";
    fn how(_: &Self) -> &'static str {
        "every piece of one side was taken"
    }
}

impl Peer for RacingKings {
    const RULING: &'static str = "RK1";
    const SETUP: &'static str = "no pawns, and no king in check";
    fn how(_: &Self) -> &'static str {
        "a king reached the eighth rank"
    }
    fn why(pos: &Self, m: sm::Move) -> Option<&'static str> {
        if !super::bridge::playable(pos, m) {
            return None;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        after.is_check().then_some("no move may give check")
    }
}
