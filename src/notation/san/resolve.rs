//! Resolving a parsed token in a position: the one legal move it names, or
//! why there is none ([`SanError`]).

use compact_str::CompactString;

use super::types::{Lenient, ParsedSan, San, Suffix};
use super::write::{disambiguation, long_form, push_suffix, suffix_after, write_body, write_san};
use crate::moves::{Dir, Move, PieceMove};
use crate::piece::Role;
use crate::position::{CastleSide, Position};
use crate::rules::Scope;
use crate::square::Square;

/// A token resolved in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The move.
    pub mv: Move,
    /// Every lenient spelling the token used, including marks that do not match.
    pub warnings: Vec<Lenient>,
    /// The canonical SAN of the move (inline: SAN is short, and replay makes one
    /// per ply, so it must not cost an allocation).
    pub san: CompactString,
    /// The check or mate mark the move deserves (already part of `san`).
    pub suffix: Option<Suffix>,
}

/// A well-formed token that names no single legal move.
///
/// `Display` is the whole explanation with its ruling id, for callers that
/// print nothing else; a report that shows the token and the ruling on their
/// own uses [`SanError::message_for`] and [`SanError::ruling`] instead, so
/// neither is written twice.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// A move by movement alone, forbidden by a rule; with the explanation.
    #[error("{reason} ({ruling})")]
    Illegal {
        /// The move the token names.
        mv: Move,
        /// The ruling that forbids it.
        ruling: &'static str,
        /// What is wrong, in the variant's words.
        reason: String,
    },
    /// Nothing in the position matches the token; `why` says which pieces of
    /// the kind named the side has and where they can go.
    #[error("{why}")]
    NoMatch {
        /// E.g. `no knight can reach h4: the knights on b1 and g1 reach …`.
        why: String,
    },
    /// The token fits several legal moves (canonical SAN of each).
    #[error("ambiguous: could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The canonical SAN of each legal move the token fits, sorted.
        candidates: Vec<String>,
    },
    /// A promotion without a promotion piece, or the reverse.
    #[error("{expected}")]
    Promotion {
        /// What the move needs.
        expected: &'static str,
    },
    /// The position is already a game end (G5, FL1).
    #[error("the game is already over: {outcome} ({})", outcome.ruling())]
    GameOver {
        /// How the game ended.
        outcome: crate::rules::Outcome,
    },
}

impl SanError {
    /// The ruling the error cites, if any.
    pub fn ruling(&self) -> Option<&'static str> {
        match self {
            SanError::Illegal { ruling, .. } => Some(ruling),
            SanError::GameOver { outcome } => Some(outcome.ruling()),
            _ => None,
        }
    }

    /// The explanation for a report that shows `token` and [`SanError::ruling`]
    /// itself: neither is repeated here. An illegal move is named in long
    /// form (`Nb1-d2: …`) when that says more than the token.
    pub fn message_for(&self, pos: &Position, token: &str) -> String {
        match self {
            SanError::Illegal { mv, reason, .. } => {
                let long = long_form(pos, mv);
                if long == token.trim().trim_end_matches(['+', '#']) {
                    reason.clone()
                } else {
                    format!("{long}: {reason}")
                }
            }
            SanError::GameOver { outcome } => format!("the game is already over: {outcome}"),
            other => other.to_string(),
        }
    }
}

impl San {
    /// Whether the token could describe `mv` (ignoring capture marks).
    fn matches(&self, pos: &Position, mv: &Move) -> bool {
        match (self, mv) {
            (
                San::Normal {
                    role,
                    file,
                    rank,
                    to,
                    promotion,
                    ..
                },
                _,
            ) => {
                let (mrole, from, mto, mpromo) = match *mv {
                    Move::Normal(PieceMove {
                        role,
                        from,
                        to,
                        promotion,
                        ..
                    }) => (role, from, to, promotion),
                    Move::EnPassant { from, to } => (Role::Pawn, from, to, None),
                    Move::Castle { king, rook } => {
                        // Lenient: castling written as the king's move (Ke1g1, e1g1).
                        let land = pos.castle_targets(king, rook).0;
                        let hit = *to == land
                            && file == &Some(king.file())
                            && rank == &Some(king.rank())
                            && role.is_none_or(|r| r == Role::King);
                        return hit && promotion.is_none();
                    }
                    _ => return false,
                };
                *to == mto
                    && role.is_none_or(|r| r == mrole)
                    && file.is_none_or(|f| f == from.file())
                    && rank.is_none_or(|r| r == from.rank())
                    && (*promotion == mpromo || (mpromo.is_none() && promotion.is_none()))
                    && pos.piece_at(from).is_some()
            }
            (San::Castle(side), Move::Castle { king, rook }) => {
                (*side == CastleSide::King) == (rook > king)
            }
            (San::Drop { role, to }, Move::Drop { role: r, to: t }) => role == r && to == t,
            (San::Slide { rank, dir }, Move::Slide { rank: r, dir: d }) => rank == r && dir == d,
            (San::Quake { dir }, Move::Quake { dir: d }) => dir == d,
            (San::CageMove { to }, Move::CageMove { to: t }) => to == t,
            (
                San::CageInsert { to, promotions },
                Move::CageInsert {
                    to: t,
                    promotions: p,
                },
            ) => {
                // Each promotion names the square its pawn is pushed onto
                // (SC3): a square the push does not promote on is no match.
                to == t
                    && promotions
                        .iter()
                        .copied()
                        .eq(crate::rules::promotion_squares(pos, mv)
                            .into_iter()
                            .zip(p.iter().flatten().copied()))
            }
            _ => false,
        }
    }
}

impl ParsedSan {
    /// Finds the one legal move the token names in `pos`, leaving `pos` as it is.
    pub fn resolve(&self, pos: &Position) -> Result<Resolved, SanError> {
        self.play(&mut pos.clone())
    }

    /// Finds the one legal move the token names in `pos` and plays it there.
    /// On error `pos` is unchanged. Replay uses this: no copy of the position.
    pub fn play(&self, pos: &mut Position) -> Result<Resolved, SanError> {
        if self.san == San::Null {
            // A pass is no move of the rules: nothing to match or judge.
            pos.play_in_place(&Move::Null);
            return Ok(Resolved {
                mv: Move::Null,
                warnings: Vec::new(),
                san: CompactString::const_new("--"),
                suffix: None,
            });
        }
        // Match the token against candidates first, then check legality of the
        // few that match: far cheaper than generating every legal move.
        let scope = match self.san {
            San::Normal { role, to, .. } => Scope::Target { role, to },
            San::Castle(_) => Scope::Role(Role::King),
            San::Drop { .. }
            | San::Slide { .. }
            | San::Quake { .. }
            | San::CageMove { .. }
            | San::CageInsert { .. }
            | San::Null => Scope::Extras,
        };
        let cands = pos.candidate_moves_in(scope);
        let in_check = pos.is_check();
        let mut matching = cands
            .iter()
            .copied()
            .filter(|m| self.san.matches(pos, m) && pos.is_legal_candidate_in(m, in_check));
        let mv = match (matching.next(), matching.next()) {
            (Some(mv), None) => mv,
            (None, _) => return Err(self.why_not(pos)),
            (Some(a), Some(b)) => {
                let mut candidates: Vec<String> = [a, b]
                    .into_iter()
                    .chain(matching)
                    .map(|m| write_san(pos, &m))
                    .collect();
                candidates.sort();
                return Err(SanError::Ambiguous { candidates });
            }
        };
        let mut warnings = self.lenient.clone();
        let hints = disambiguation(pos, &mv, &cands, in_check);
        if let San::Normal {
            capture,
            file,
            rank,
            role: Some(_),
            ..
        } = self.san
        {
            if capture != mv.is_capture() {
                warnings.push(Lenient::CaptureMarkMismatch);
            }
            let pawn_capture = matches!(
                mv,
                Move::EnPassant { .. }
                    | Move::Normal(PieceMove {
                        role: Role::Pawn,
                        capture: Some(_),
                        ..
                    })
            );
            let needless =
                (file.is_some() && !hints.0 && !pawn_capture) || (rank.is_some() && !hints.1);
            if needless && !warnings.contains(&Lenient::LongAlgebraic) {
                warnings.push(Lenient::NeedlessDisambiguation);
            }
        }
        // The body needs the position before the move (hints, pushed pawns).
        let mut san = CompactString::default();
        write_body(&mut san, pos, &mv, hints);
        pos.play_in_place(&mv);
        let want = suffix_after(pos);
        if self.suffix != want {
            warnings.push(if self.suffix.is_none() {
                Lenient::MissingCheckMark
            } else {
                Lenient::WrongCheckMark
            });
        }
        push_suffix(&mut san, want);
        Ok(Resolved {
            mv,
            warnings,
            san,
            suffix: want,
        })
    }

    /// Explains why nothing legal matches: an illegal candidate, or nothing at all.
    fn why_not(&self, pos: &Position) -> SanError {
        if let Some(outcome) = pos.outcome() {
            return SanError::GameOver { outcome };
        }
        let cands = pos.candidate_moves();
        if let Some(mv) = cands.iter().find(|m| self.san.matches(pos, m)) {
            if let Err(ill) = pos.check_move(mv) {
                return SanError::Illegal {
                    mv: *mv,
                    ruling: ill.ruling,
                    reason: pos.explain(mv, &ill),
                };
            }
        }
        if let San::Normal { promotion, to, .. } = &self.san {
            let promo_needed = cands
                .iter()
                .any(|m| matches!(m, Move::Normal(n) if n.to == *to && n.promotion.is_some()));
            if promotion.is_none() && promo_needed {
                return SanError::Promotion {
                    expected: "a promotion piece, e.g. e8=Q",
                };
            }
        }
        SanError::NoMatch {
            why: no_match(&self.san, pos),
        }
    }
}

/// Says what the side to move can do instead of the move `san` names.
fn no_match(san: &San, pos: &Position) -> String {
    let side = pos.turn().name();
    match *san {
        San::Normal {
            role,
            file,
            rank,
            to,
            ..
        } => {
            // Long algebraic without a piece letter: the piece on the origin.
            let origin = file.zip(rank).and_then(|(f, r)| Square::new(f, r));
            let role = match (role, origin.and_then(|o| pos.piece_at(o))) {
                (Some(role), _) => role,
                (None, Some(p)) if p.color == pos.turn() => p.role,
                (None, _) => {
                    let from = origin.map_or_else(String::new, |o| o.to_string());
                    return format!("no piece can move from {from}: {side} has no piece there");
                }
            };
            reach(pos, role, file, to)
        }
        San::Castle(side_of_board) => {
            let which = match side_of_board {
                CastleSide::King => "king side",
                CastleSide::Queen => "queen side",
            };
            if pos.castling().has(pos.turn(), side_of_board) {
                format!("{side} cannot castle {which} here")
            } else {
                format!("{side} has no right to castle {which}")
            }
        }
        San::Drop { role, to } => {
            if pos.in_hand(pos.turn(), role) == 0 {
                format!("{side} has no {} ({}) in hand", role.name(), role.code())
            } else {
                format!("{side} cannot drop a {} on {to}", role.name())
            }
        }
        San::Slide { rank, dir } => format!(
            "rank {} cannot slide {} here",
            u32::from(rank) + 1,
            dir_name(dir)
        ),
        San::Quake { dir } => format!("the king's strip cannot quake {} here", dir_name(dir)),
        San::CageMove { to } => format!("{side}'s cage cannot move to {to} here"),
        San::Null => format!("{side} cannot pass here"),
        San::CageInsert { to, ref promotions } => {
            // The push itself may be legal and only its promotions misnamed.
            let push = pos
                .legal_moves()
                .into_iter()
                .find(|mv| matches!(mv, Move::CageInsert { to: t, .. } if *t == to));
            match push {
                Some(mv) => {
                    let squares = crate::rules::promotion_squares(pos, &mv);
                    let named: Vec<Square> = promotions.iter().map(|p| p.0).collect();
                    if named.is_empty() && !squares.is_empty() {
                        let first = squares[0];
                        format!(
                            "pushing {side}'s cage to {to} promotes the pawn pushed onto {first} \
                             (expected its new piece named, e.g. C>{to}/{first}=Q) (SC3)"
                        )
                    } else if squares == named {
                        format!("{side}'s cage cannot be pushed to {to} with those promotions")
                    } else {
                        let list = |sq: &[Square]| match sq {
                            [] => "no square".to_string(),
                            _ => sq
                                .iter()
                                .map(|s| s.to_string())
                                .collect::<Vec<_>>()
                                .join(" and "),
                        };
                        format!(
                            "pushing {side}'s cage to {to} promotes on {}, not on {} (SC3)",
                            list(&squares),
                            list(&named)
                        )
                    }
                }
                None => {
                    format!("{side}'s cage cannot be pushed through the board to end on {to} here")
                }
            }
        }
    }
}

fn dir_name(dir: Dir) -> &'static str {
    match dir {
        Dir::North => "north",
        Dir::South => "south",
        Dir::East => "east",
        Dir::West => "west",
    }
}

/// `no knight can reach h4: the knights on b1 and g1 reach a3, c3 / f3, h3`:
/// the side's pieces of `role` and their legal destinations. Pawns are
/// narrowed to the files a pawn could come from (`file`, else the target's
/// file and its neighbours), so the list stays short.
fn reach(pos: &Position, role: Role, file: Option<u8>, to: Square) -> String {
    let side = pos.turn().name();
    let name = role.name();
    let head = format!("no {name} can reach {to}");
    let pawn_files = |f: u8| match file {
        Some(x) => f == x,
        None => f.abs_diff(to.file()) <= 1,
    };
    let pieces: Vec<Square> = pos
        .squares()
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color == pos.turn() && p.role == role)
                && (role != Role::Pawn || pawn_files(sq.file()))
        })
        .collect();
    if pieces.is_empty() {
        if role != Role::Pawn {
            return format!("{head}: {side} has no {name}");
        }
        let files: Vec<String> = match file {
            Some(x) => vec![format!("{}", (b'a' + x) as char)],
            None => (to.file().saturating_sub(1)..=to.file() + 1)
                .filter(|&f| f < pos.frame().0)
                .map(|f| format!("{}", (b'a' + f) as char))
                .collect(),
        };
        return format!(
            "{head}: {side} has no pawn on the {}-file",
            files.join("-, ")
        );
    }
    let legal = pos.legal_moves();
    let targets = |from: Square| {
        let mut out: Vec<Square> = legal
            .iter()
            .filter(|m| m.from() == Some(from))
            .map(|m| match *m {
                Move::Castle { king, rook } => pos.castle_targets(king, rook).0,
                Move::Normal(PieceMove { to, .. }) | Move::EnPassant { to, .. } => to,
                _ => from,
            })
            .collect();
        out.sort_by_key(|s| (s.file(), s.rank()));
        out.dedup();
        match out.is_empty() {
            true => "nothing".to_owned(),
            false => out
                .iter()
                .map(Square::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        }
    };
    let squares: Vec<String> = pieces.iter().map(Square::to_string).collect();
    let lists: Vec<String> = pieces.iter().map(|&sq| targets(sq)).collect();
    match pieces.len() {
        1 => format!("{head}: the {name} on {} reaches {}", squares[0], lists[0]),
        n => format!(
            "{head}: the {name}s on {} and {} reach {}",
            squares[..n - 1].join(", "),
            squares[n - 1],
            lists.join(" / ")
        ),
    }
}
