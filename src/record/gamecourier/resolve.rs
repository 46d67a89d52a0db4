//! A turn resolved to its one legal move, or the error saying why not.

use crate::model::Span;
use crate::moves::{Move, MoveList};
use crate::notation::gamecourier::Op;
use crate::notation::san::write_san;
use crate::position::Position;

use super::coord::coord;
use super::effect::TurnEffect;
use super::matching::{matching_in, scoped_san, shifts, Boards};

/// A turn that does not resolve to one legal move, or an operation that
/// contradicts the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnError {
    /// The operation at fault, or the default span for the whole turn.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// The legal moves closest to the turn, in SAN.
    pub suggestions: Vec<String>,
}

/// The one legal move a turn's operations produce, played from `pos`.
pub fn resolve_turn(pos: &Position, ops: &[Op]) -> Result<Move, TurnError> {
    resolve(pos, ops, &mut Boards::new(pos)).map(|r| r.mv)
}

/// A turn resolved: its move (the position after it is in the [`Boards`] it
/// was resolved in), and the candidates searched when they were the piece
/// moves onto its target.
pub(super) struct Resolved {
    pub(super) mv: Move,
    scoped: Option<MoveList>,
}

impl Resolved {
    /// The move's canonical SAN in `pos`, the position it was played from,
    /// leading to `after`: made only when asked (a verdict needs none but
    /// for notes).
    pub(super) fn san(&self, pos: &Position, after: &Position) -> String {
        self.scoped
            .as_ref()
            .and_then(|c| scoped_san(pos, &self.mv, after, c))
            .unwrap_or_else(|| write_san(pos, &self.mv))
    }
}

/// [`resolve_turn`], the position after the move left in `boards.after`.
pub(super) fn resolve(
    pos: &Position,
    ops: &[Op],
    boards: &mut Boards,
) -> Result<Resolved, TurnError> {
    let mut eff = TurnEffect::start(pos);
    for op in ops {
        eff.apply(pos, &op.kind).map_err(|message| TurnError {
            span: op.span,
            message,
            suggestions: Vec::new(),
        })?;
    }
    let (found, scoped) = matching_in(pos, &eff, boards);
    let span = Span::default();
    match found.len() {
        1 => Ok(Resolved {
            mv: found[0],
            scoped,
        }),
        0 => {
            let legal = pos.legal_moves();
            let message = if legal.is_empty() {
                match pos.outcome() {
                    Some(end) => format!("the game is already over ({end}, {})", end.ruling()),
                    None => "the side to move has no legal move".into(),
                }
            } else {
                format!("matches no legal move; the turn did {}", eff.describe(pos))
            };
            // The legal moves closest to it: fewest squares whose contents
            // differ, then those moving a piece from a square the turn changed.
            let changed = eff.changed(pos);
            let mut ranked: Vec<(usize, bool, String)> = legal
                .iter()
                .map(|m| {
                    let after = pos.play(m);
                    let d = shifts(pos, m, &after)
                        .into_iter()
                        .map(|s| eff.distance(pos, &after, s))
                        .min()
                        .unwrap_or(usize::MAX);
                    let elsewhere = !m.from().is_some_and(|f| changed.contains(&coord(f)));
                    (d, elsewhere, write_san(pos, m))
                })
                .collect();
            ranked.sort();
            ranked.truncate(5);
            Err(TurnError {
                span,
                message,
                suggestions: ranked.into_iter().map(|(_, _, s)| s).collect(),
            })
        }
        n => {
            let sans: Vec<String> = found.iter().map(|m| write_san(pos, m)).collect();
            Err(TurnError {
                span,
                message: format!(
                    "is ambiguous: {n} legal moves ({}) give this arrangement; mark a square \
                     that becomes a hole (#-SQ) to tell them apart",
                    sans.join(", ")
                ),
                suggestions: sans,
            })
        }
    }
}
