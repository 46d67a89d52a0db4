//! What a move played, as the JSON form describes a ply (and the Python
//! package a legal move): kind, side, piece, squares, capture, mark. The
//! replay describes each move it plays for a writer that asks
//! ([`ReplayMode::Described`](super::ReplayMode::Described)), so the verdict
//! and the description come from one replay: static strings and squares,
//! allocating only for a FEN asked for and a cage insertion's promotions.

use crate::moves::{Move, PieceMove};
use crate::notation::san::{ParsedSan, San, SanPlus, Suffix};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::record::replay::fast_engine::Played;
use crate::rules::fault_line::move_needs_permission as slide_needs_permission;
use crate::rules::{castling::fide_targets, promotion_squares};
use crate::square::Square;

/// The derived fields of a resolved ply; `None`: the field is absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// `Move::kind_name`.
    pub kind: &'static str,
    /// `white` or `black`.
    pub color: &'static str,
    /// Role code of the moving piece.
    pub piece: Option<&'static str>,
    /// Origin square.
    pub from: Option<Square>,
    /// Destination square.
    pub to: Option<Square>,
    /// Slides: the rank, 1-based.
    pub rank: Option<u32>,
    /// Slides and quakes: `n`, `s`, `e` or `w`.
    pub direction: Option<char>,
    /// The role code a pawn promotes to.
    pub promotion: Option<&'static str>,
    /// A cage insertion's promotions (square, role code); empty: none.
    pub cage: Vec<(Square, &'static str)>,
    /// Role code of the captured piece.
    pub captured: Option<&'static str>,
    /// `+` or `#`, None for no mark (`check` is always written, maybe null).
    pub check: Option<&'static str>,
    /// Fault Line slides: whether permission was needed (FL6).
    pub permission: Option<bool>,
    /// The FEN after the ply (`--fens`).
    pub fen_after: Option<String>,
}

/// The canonical SAN and the facts of the legal move `mv` in `pos`: for a
/// caller that describes a move outside a record (the Python package's
/// `Position.legal_moves`).
///
/// ```
/// use fvnote::record::replay::facts::describe_move;
/// use fvnote::{Position, variant::Variant};
/// let pos = Position::start(Variant::Chess);
/// let mv = pos.legal_moves().into_iter().find(|m| m.to_string() == "g1f3").unwrap();
/// let (san, f) = describe_move(&pos, &mv);
/// assert_eq!((san.as_str(), f.kind, f.piece), ("Nf3", "move", Some("N")));
/// ```
pub fn describe_move(pos: &Position, mv: &Move) -> (String, Facts) {
    let san = SanPlus::from_move(pos, mv);
    let facts = describe(pos.turn(), Some(pos), mv, san.suffix);
    (san.to_string(), facts)
}

/// Fills `facts` (blank) with those of a clean token the accelerator
/// played for `turn` (`played`: what it says it did; the rest is in the
/// token). Not castling, which the reference describes from the position
/// before it (where the king and rook land is the variant's: CH1, FL8):
/// `facts` stays blank.
pub(super) fn of_clean(turn: Color, parsed: &ParsedSan, played: Played, facts: &mut Facts) {
    let mv = match (played, &parsed.san) {
        (
            Played::Piece { from, captured },
            &San::Normal {
                role: Some(role),
                capture,
                to,
                promotion,
                ..
            },
        ) => match (role, capture, captured) {
            (Role::Pawn, true, None) => Move::EnPassant { from, to },
            _ => Move::Normal(PieceMove {
                role,
                from,
                to,
                capture: captured,
                promotion,
            }),
        },
        (Played::Slide { permission }, &San::Slide { rank, dir }) => {
            facts.rank = Some(u32::from(rank) + 1);
            facts.direction = Some(dir.char());
            facts.permission = Some(permission);
            Move::Slide { rank, dir }
        }
        (Played::CageMove { from, piece }, &San::CageMove { to }) => {
            facts.from = Some(from);
            facts.to = Some(to);
            facts.piece = piece.map(Role::code);
            Move::CageMove { to }
        }
        (Played::CageInsert { from }, San::CageInsert { to, promotions }) => {
            facts.from = Some(from);
            facts.to = Some(*to);
            let codes = promotions.iter().map(|&(sq, r)| (sq, r.code()));
            facts.cage.extend(codes);
            Move::CageInsert {
                to: *to,
                promotions: [None; 2],
            }
        }
        (Played::Quake { mv, king }, _) => {
            if let Move::Quake { dir } = mv {
                facts.piece = Some("K");
                facts.from = king;
                facts.direction = Some(dir.char());
            }
            mv
        }
        _ => return,
    };
    // The move's own fields (the slide and cage ones are set above).
    fill(turn, None, &mv, parsed.suffix, facts);
}

/// The facts of `mv`, played by `turn` with the mark `suffix`; `before`:
/// the position it was played from, needed by castling, slides, quakes
/// and cage moves.
pub(super) fn describe(
    turn: Color,
    before: Option<&Position>,
    mv: &Move,
    suffix: Option<Suffix>,
) -> Facts {
    let mut facts = Facts::default();
    fill(turn, before, mv, suffix, &mut facts);
    facts
}

fn fill(turn: Color, before: Option<&Position>, mv: &Move, suffix: Option<Suffix>, f: &mut Facts) {
    f.kind = mv.kind_name();
    f.color = match turn {
        Color::White => "white",
        Color::Black => "black",
    };
    f.check = suffix.map(|s| match s {
        Suffix::Check => "+",
        Suffix::Mate => "#",
    });
    if let Some(m) = mv.piece_move() {
        f.piece = Some(m.role.code());
        f.from = Some(m.from);
        f.to = Some(m.to);
        f.captured = m.capture.map(Role::code);
        f.promotion = m.promotion.map(Role::code);
        return;
    }
    match (*mv, before) {
        (Move::Castle { king, rook }, before) => {
            f.piece = Some("K");
            f.from = Some(king);
            f.to = Some(match before {
                Some(pos) => pos.castle_targets(king, rook).0,
                None => fide_targets(king, rook).0,
            });
        }
        (Move::Drop { role, to }, _) => {
            f.piece = Some(role.code());
            f.to = Some(to);
        }
        (Move::Slide { rank, dir }, Some(pos)) => {
            f.rank = Some(u32::from(rank) + 1);
            f.direction = Some(dir.char());
            f.permission = Some(slide_needs_permission(pos, mv));
        }
        (Move::Quake { dir }, Some(pos)) => {
            f.piece = Some("K");
            f.from = pos.king(turn);
            f.direction = Some(dir.char());
        }
        (Move::CageMove { to }, Some(pos)) => {
            f.from = pos.cage(turn);
            f.to = Some(to);
            f.piece = pos
                .cage(turn)
                .and_then(|c| pos.piece_at(c))
                .map(|p| p.role.code());
        }
        (Move::CageInsert { to, promotions }, Some(pos)) => {
            f.from = pos.cage(turn);
            f.to = Some(to);
            let squares = promotion_squares(pos, mv);
            f.cage.extend(
                squares
                    .iter()
                    .zip(promotions.iter().flatten())
                    .map(|(s, r)| (*s, r.code())),
            );
        }
        // A pass: no piece, no square; the piece moves are above.
        (Move::Null | Move::Normal(_) | Move::EnPassant { .. }, _) => {}
        // Described from the token instead (`of_clean`).
        (
            Move::Slide { .. }
            | Move::Quake { .. }
            | Move::CageMove { .. }
            | Move::CageInsert { .. },
            None,
        ) => {}
    }
}
