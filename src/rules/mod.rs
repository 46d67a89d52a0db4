//! The rules engine: one [`Rules`] trait, one module per variant.
//!
//! Each variant is a zero-sized type implementing [`Rules`]; the engine is generic
//! over it, so the hot paths (move generation, perft) are monomorphised per variant
//! and [`Position`]'s public methods dispatch once on [`Variant`]. Adding a variant
//! means a new module here, its entry in the registry table of
//! [`crate::variant`], and one arm in `with_rules!` (the compiler rejects the
//! `match` until it has one); see ARCHITECTURE.md, "How to add a variant".
//!
//! ```
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let pos = Position::start(Variant::Chess);
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(pos.perft(3), 8902);
//! ```

pub mod carry;
pub mod castling;
pub mod chess;
pub mod chess960;
pub mod fast;
pub mod fault_line;
pub mod fit;
pub mod grid;
pub mod lichess;
pub mod movegen;
pub mod perft;
pub mod quake;
pub mod rank_and_file;
pub mod slide;

use std::fmt;

use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::{CastleSide, Position};
use crate::rules::fit::Unfit;
use crate::square::Square;
use crate::variant::Variant;

/// How a game ended (G5, FL1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate {
        /// The side that mated.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Fault Line: a king was captured (FL1).
    KingCaptured {
        /// The side that captured.
        winner: Color,
    },
    /// Fault Line: a king reached the far rank (FL1).
    KingReachedFarRank {
        /// The side whose king arrived.
        winner: Color,
    },
    /// A lichess variant's own end (an exploded king, the hill reached, the
    /// third check, every piece lost …), as its ruling words it.
    Variant {
        /// The winner; `None` for a draw.
        winner: Option<Color>,
        /// The ruling that decides it (`AT1`, `KH1` …).
        ruling: &'static str,
        /// How it ended, e.g. "the third check".
        how: &'static str,
    },
}

impl Outcome {
    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner }
            | Outcome::KingCaptured { winner }
            | Outcome::KingReachedFarRank { winner } => Some(winner),
            Outcome::Variant { winner, .. } => winner,
            Outcome::Stalemate => None,
        }
    }
    /// The PGN result this outcome requires.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
    /// The ruling that decides it.
    pub fn ruling(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } | Outcome::Stalemate => "G5",
            Outcome::KingCaptured { .. } | Outcome::KingReachedFarRank { .. } => "FL1",
            Outcome::Variant { ruling, .. } => ruling,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {} wins", winner.name()),
            Outcome::Stalemate => f.write_str("stalemate, a draw"),
            Outcome::KingCaptured { winner } => {
                write!(f, "{} captured the king and wins", winner.name())
            }
            Outcome::KingReachedFarRank { winner } => {
                write!(f, "{}'s king reached the far rank and wins", winner.name())
            }
            Outcome::Variant {
                winner: Some(winner),
                how,
                ..
            } => write!(f, "{how}, {} wins", winner.name()),
            Outcome::Variant { how, .. } => write!(f, "{how}, a draw"),
        }
    }
}

/// G5: a side to move (`mover`) with no legal move is mated when in check,
/// else stalemated. `in_check` is asked only then. Both tiers' game end
/// (the rules' and an accelerator's) after a variant's own ends.
pub(crate) fn game_end(
    has_move: bool,
    in_check: impl FnOnce() -> bool,
    mover: Color,
) -> Option<Outcome> {
    if has_move {
        None
    } else if in_check() {
        Some(Outcome::Checkmate {
            winner: mover.other(),
        })
    } else {
        Some(Outcome::Stalemate)
    }
}

/// Which candidate moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every move.
    All,
    /// Only moves of pieces of this type (castling too, for the king).
    Role(Role),
    /// Only piece moves onto `to`, of pieces of `role` if given (castling too,
    /// for the king): what a SAN token such as `Nf3` can mean.
    Target {
        /// The piece type named, if any (a pawn move names none in SAN).
        role: Option<Role>,
        /// The square moved onto.
        to: Square,
    },
    /// Only the variant's own move kinds (drops, slides, quakes, cages): what
    /// a SAN token such as `N@e4`, `S3e`, `K-qn` or `C-a5` can mean.
    Extras,
}

impl Scope {
    /// Whether moves of a piece of `role` are in scope.
    #[inline]
    pub fn pieces(self, role: Role) -> bool {
        match self {
            Scope::All | Scope::Target { role: None, .. } => true,
            Scope::Role(r) | Scope::Target { role: Some(r), .. } => r == role,
            Scope::Extras => false,
        }
    }
    /// Whether castling is in scope.
    #[inline]
    pub fn castling(self) -> bool {
        self.pieces(Role::King)
    }
    /// Whether the variant's own move kinds (drops, slides, quakes, cages) are.
    #[inline]
    pub fn extras(self) -> bool {
        matches!(self, Scope::All | Scope::Extras)
    }
}

/// Why a candidate move is illegal, in the variant's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// The ruling that forbids it (`GR2`, `RF1`, `G6` …).
    pub ruling: &'static str,
    /// What is wrong, e.g. "does not cross a grid line".
    pub reason: &'static str,
}

impl Illegal {
    /// An illegality under `ruling`, saying why.
    pub const fn new(ruling: &'static str, reason: &'static str) -> Illegal {
        Illegal { ruling, reason }
    }
    /// G6: the mover's own king would be attacked.
    pub const KING_ATTACKED: Illegal = Illegal::new("G6", "leaves the king in check");
}

/// The rules of one variant.
///
/// Moves come in two steps: [`Rules::candidates`] lists everything the movement
/// patterns and the variant's extra move kinds allow; [`Rules::check`] applies the
/// variant's restrictions and king safety, and says why a candidate is illegal.
/// The legal moves are the candidates that pass the check. Splitting them is
/// what lets fvnote explain an illegal move instead of only rejecting it.
pub trait Rules {
    /// The start position: orthodox chess's array unless the variant has
    /// its own.
    fn start(variant: Variant) -> Position {
        chess::standard_start(variant)
    }
    /// Moves allowed by movement alone (and the variant's own move kinds), within
    /// `scope`: SAN resolution asks only for the moves of the piece type it names.
    /// Orthodox movement unless the variant moves otherwise.
    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        chess::orthodox_candidates(pos, scope, out);
    }
    /// Whether a candidate is legal; if not, why.
    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal>;
    /// Plays a legal move.
    fn play(pos: &mut Position, mv: &Move);
    /// [`Rules::check`] for a position whose side to move is known to be in
    /// check or not: lets a variant skip the king-safety scan for moves that
    /// cannot open a line to its king. Must agree with `check` exactly.
    fn check_in(pos: &Position, mv: &Move, _in_check: bool) -> Result<(), Illegal> {
        Self::check(pos, mv)
    }
    /// Whether `by` attacks `target` (G6, GR3, RF3 …).
    fn attacked(pos: &Position, target: Square, by: Color) -> bool;
    /// Whether the side to move is in check.
    fn in_check(pos: &Position) -> bool {
        pos.king(pos.turn)
            .is_some_and(|k| Self::attacked(pos, k, pos.turn.other()))
    }
    /// Whether the move just played gives check (`+`/`#`): the side to move is attacked.
    fn gives_check(after: &Position) -> bool {
        Self::in_check(after)
    }
    /// Whether checkmate is written `#` (Fault Line never uses it: FL9).
    fn uses_mate_sign() -> bool {
        true
    }
    /// Whether a side in check without legal moves is mated; if false, having no
    /// legal move is always stalemate (Fault Line has no checkmate: FL2).
    fn has_checkmate() -> bool {
        true
    }
    /// A variant's own end (FL1), tested before mate and stalemate.
    fn special_end(_pos: &Position) -> Option<Outcome> {
        None
    }
    /// Checks a position read from a FEN for consistency with the variant
    /// (its board, hands, cages; castling rights and the en passant square
    /// are asked apart, [`Rules::castling_fits`]).
    fn validate(pos: &Position) -> Result<(), Unfit>;
    /// Whether the right of `color` towards `side`, which the position
    /// claims, is one its board can hold (CH1): orthodox chess's squares
    /// unless the variant castles otherwise (FL8).
    fn castling_fits(pos: &Position, color: Color, side: CastleSide) -> Result<(), Unfit> {
        fit::fide_squares(pos, color, side)
    }
    /// Where the king and the rook of a castling move land: `(king, rook)`.
    /// FIDE's squares (CH1) unless the variant castles otherwise (FL8).
    fn castle_targets(_pos: &Position, king: Square, rook: Square) -> (Square, Square) {
        castling::fide_targets(king, rook)
    }
    /// The squares of the pawns `mv` promotes by pushing them (SC3), ascending rank.
    fn promotion_squares(_pos: &Position, _mv: &Move) -> Vec<Square> {
        Vec::new()
    }
    /// A detailed explanation of `ill` for `mv`, if the variant has more to say.
    fn explain(_pos: &Position, _mv: &Move, ill: &Illegal) -> String {
        ill.reason.to_owned()
    }
    /// The legal moves.
    fn legal_moves(pos: &Position, out: &mut MoveList) {
        out.clear();
        if Self::special_end(pos).is_some() {
            return;
        }
        Self::candidates(pos, Scope::All, out);
        let in_check = Self::in_check(pos);
        out.retain(|m| Self::check_in(pos, m, in_check).is_ok());
    }
}

/// Runs `$body` with `$R` bound to the rules type of `$variant`: the one
/// dispatch from a registered [`Variant`] to its [`Rules`], an exhaustive
/// `match`, so a variant without its arm does not compile.
macro_rules! with_rules {
    ($variant:expr, $R:ident => $body:expr) => {
        match $variant {
            // Chess
            $crate::variant::Variant::Chess => {
                type $R = $crate::rules::chess::Chess;
                $body
            }

            // Chess960
            $crate::variant::Variant::Chess960 => {
                type $R = $crate::rules::chess960::Chess960;
                $body
            }

            // Grid
            $crate::variant::Variant::Grid => {
                type $R = $crate::rules::grid::Grid;
                $body
            }

            // RankAndFile
            $crate::variant::Variant::RankAndFile => {
                type $R = $crate::rules::rank_and_file::RankAndFile;
                $body
            }

            // FaultLine
            $crate::variant::Variant::FaultLine => {
                type $R = $crate::rules::fault_line::FaultLine;
                $body
            }

            // Quake
            $crate::variant::Variant::Quake => {
                type $R = $crate::rules::quake::Quake;
                $body
            }

            // QuakeLb
            $crate::variant::Variant::QuakeLb => {
                type $R = $crate::rules::quake::Quake;
                $body
            }

            // Slide
            $crate::variant::Variant::Slide => {
                type $R = $crate::rules::slide::Slide;
                $body
            }

            // The lichess variants: shakmaty's rules (`rules/lichess/`).
            $crate::variant::Variant::Crazyhouse => {
                type $R = $crate::rules::lichess::Crazyhouse;
                $body
            }
            $crate::variant::Variant::Atomic => {
                type $R = $crate::rules::lichess::Atomic;
                $body
            }
            $crate::variant::Variant::Antichess => {
                type $R = $crate::rules::lichess::Antichess;
                $body
            }
            $crate::variant::Variant::KingOfTheHill => {
                type $R = $crate::rules::lichess::KingOfTheHill;
                $body
            }
            $crate::variant::Variant::ThreeCheck => {
                type $R = $crate::rules::lichess::ThreeCheck;
                $body
            }
            $crate::variant::Variant::Horde => {
                type $R = $crate::rules::lichess::Horde;
                $body
            }
            $crate::variant::Variant::RacingKings => {
                type $R = $crate::rules::lichess::RacingKings;
                $body
            }
        }
    };
}

fn start_position(variant: Variant) -> Position {
    // Built once per variant: every game without a FEN starts from a copy.
    static STARTS: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    let starts = STARTS.get_or_init(|| {
        Variant::ALL
            .iter()
            .map(|&v| with_rules!(v, R => R::start(v)))
            .collect()
    });
    // `Variant::ALL` is in discriminant order (checked in `variant.rs`).
    starts[variant as usize].clone()
}

impl Position {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Position {
        start_position(variant)
    }
    /// The legal moves (G6, G7).
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::with_capacity(64);
        with_rules!(self.variant, R => R::legal_moves(self, &mut out));
        out
    }
    /// Whether `mv` is legal here; if not, why.
    pub fn check_move(&self, mv: &Move) -> Result<(), Illegal> {
        with_rules!(self.variant, R => {
            // G5: nothing is legal after the end, whatever ended it.
            if R::special_end(self).is_some() {
                return Err(Illegal::new("G5", "the game is already over"));
            }
            let mut cands = MoveList::new();
            R::candidates(self, Scope::All, &mut cands);
            if !cands.contains(mv) {
                return Err(Illegal::new("G3", "is not a move of this piece"));
            }
            R::check(self, mv)
        })
    }
    /// Whether a move taken from [`Position::candidate_moves`] is legal. Cheaper
    /// than [`Position::legal_moves`] when only a few candidates matter (SAN).
    pub fn is_legal_candidate(&self, mv: &Move) -> bool {
        with_rules!(self.variant, R => R::special_end(self).is_none() && R::check(self, mv).is_ok())
    }
    /// [`Position::is_legal_candidate`] where the caller already knows whether
    /// the side to move is in check ([`Position::is_check`]): cheaper when
    /// several candidates are tested in one position.
    pub fn is_legal_candidate_in(&self, mv: &Move, in_check: bool) -> bool {
        with_rules!(self.variant, R => {
            R::special_end(self).is_none() && R::check_in(self, mv, in_check).is_ok()
        })
    }
    /// Whether the side to move has any legal move (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        with_rules!(self.variant, R => {
            if R::special_end(self).is_some() {
                return false;
            }
            let mut cands = MoveList::with_capacity(64);
            R::candidates(self, Scope::All, &mut cands);
            let in_check = R::in_check(self);
            cands.iter().any(|m| R::check_in(self, m, in_check).is_ok())
        })
    }
    /// A detailed explanation of why `mv` is illegal.
    pub fn explain(&self, mv: &Move, ill: &Illegal) -> String {
        with_rules!(self.variant, R => R::explain(self, mv, ill))
    }
    /// All candidate moves (movement alone), legal or not: for "did you mean".
    pub fn candidate_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        with_rules!(self.variant, R => R::candidates(self, Scope::All, &mut out));
        out
    }
    /// Candidate moves within `scope` (e.g. only knight moves), legal or not.
    pub fn candidate_moves_in(&self, scope: Scope) -> MoveList {
        let mut out = MoveList::with_capacity(32);
        with_rules!(self.variant, R => R::candidates(self, scope, &mut out));
        out
    }
    /// Plays `mv`, which must be legal, and returns the new position.
    pub fn play(&self, mv: &Move) -> Position {
        let mut next = self.clone();
        next.play_in_place(mv);
        next
    }
    /// Plays `mv`, which must be legal, in place.
    pub fn play_in_place(&mut self, mv: &Move) {
        if *mv == Move::Null {
            self.pass();
            return;
        }
        with_rules!(self.variant, R => R::play(self, mv));
        self.keep_ep_only_if_capturable();
    }
    /// A null move: the side to move passes. No en passant square is left,
    /// the halfmove clock counts on (as python-chess counts it), and the
    /// mover's turn was no relocation (SC1).
    fn pass(&mut self) {
        self.ep = None;
        self.relocated[self.turn.index()] = false;
        movegen::finish_turn(self, false);
    }
    /// Keeps the en passant square only when a legal en passant capture uses it
    /// (FIDE 9.2.3; what python-chess and shakmaty write), so positions that
    /// differ only by an unusable square are equal. Perft skips this: it never
    /// compares positions.
    pub(crate) fn keep_ep_only_if_capturable(&mut self) {
        let Some(ep) = self.ep else { return };
        let scope = Scope::Target {
            role: Some(Role::Pawn),
            to: ep,
        };
        let capturable = self
            .candidate_moves_in(scope)
            .iter()
            .any(|m| matches!(m, Move::EnPassant { .. }) && self.is_legal_candidate(m));
        if !capturable {
            self.ep = None;
        }
    }
    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        with_rules!(self.variant, R => R::in_check(self))
    }
    /// Whether `by` attacks `sq` under the variant's rules.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        with_rules!(self.variant, R => R::attacked(self, sq, by))
    }
    /// Whether a check mark on a move into this position is `+`/`#` (false: FL9).
    pub fn uses_mate_sign(&self) -> bool {
        with_rules!(self.variant, R => R::uses_mate_sign())
    }
    /// Whether the side to move is attacked, as a move's check mark means it.
    pub fn gives_check_mark(&self) -> bool {
        with_rules!(self.variant, R => R::gives_check(self))
    }
    /// The end of the game, if this position is one (G5, FL1).
    pub fn outcome(&self) -> Option<Outcome> {
        with_rules!(self.variant, R => {
            if let Some(end) = R::special_end(self) {
                return Some(end);
            }
            let in_check = || R::has_checkmate() && R::in_check(self);
            game_end(self.has_legal_move(), in_check, self.turn)
        })
    }
    /// Counts leaf nodes of the legal move tree (G7).
    pub fn perft(&self, depth: u32) -> u64 {
        with_rules!(self.variant, R => perft::perft::<R>(self, depth))
    }
    /// Perft per legal move, for `--divide`.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        with_rules!(self.variant, R => perft::divide::<R>(self, depth))
    }
    /// Whether a position read from a FEN is one of its variant's: the
    /// board first, then each castling right and the en passant square (CH1).
    pub(crate) fn validate_rules(&self) -> Result<(), Unfit> {
        with_rules!(self.variant, R => {
            R::validate(self)?;
            for color in Color::ALL {
                for side in castling::SIDES {
                    if self.castling.has(color, side) {
                        R::castling_fits(self, color, side)?;
                    }
                }
            }
            fit::en_passant(self)
        })
    }
    /// Where the king and the rook of the castling move `king`, `rook`
    /// land: `(king, rook)` (CH1, FL8).
    pub fn castle_targets(&self, king: Square, rook: Square) -> (Square, Square) {
        with_rules!(self.variant, R => R::castle_targets(self, king, rook))
    }
}

/// The squares (ascending rank) of the pawns a move promotes besides its own
/// piece: a Slide-chess insertion's pushed pawns (SC3). Empty elsewhere.
pub fn promotion_squares(pos: &Position, mv: &Move) -> Vec<Square> {
    with_rules!(pos.variant, R => R::promotion_squares(pos, mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::grid::Grid;
    use crate::rules::rank_and_file::RankAndFile;

    /// A drop, which `variant` does not know, is refused under G3 by its
    /// rules and by the position, without panicking.
    fn refuses_a_drop<R: Rules>(variant: Variant) {
        let pos = Position::start(variant);
        let drop = Move::Drop {
            role: Role::Knight,
            to: Square::new(4, 3).unwrap(),
        };
        assert_eq!(R::check(&pos, &drop).unwrap_err().ruling, "G3");
        assert_eq!(pos.check_move(&drop).unwrap_err().ruling, "G3");
    }

    #[test]
    fn foreign_move_kinds_are_refused_without_panicking() {
        refuses_a_drop::<Grid>(Variant::Grid);
        refuses_a_drop::<RankAndFile>(Variant::RankAndFile);
    }
}
