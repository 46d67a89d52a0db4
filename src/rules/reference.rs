//! The rules by the letter: slow, plain versions of what the variants'
//! [`Rules`] implementations compute with shortcuts (overlays instead of
//! copies, lines counted once, quakes judged once, scoped generation).
//!
//! Nothing in fvnote's verdicts calls this module; `tests/fast_variants.rs`
//! replays random games of every variant and requires, position by position
//! and move by move, that the shortcuts give exactly these answers. Every
//! king-safety test here plays the move on a copy (G6), and Rank and File
//! counts its lines square by square (RF1).

use crate::moves::{Dir, Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::{Position, EMPTY};
use crate::rules::quake::{strip, Coord, Quake};
use crate::rules::rank_and_file::{Lines, RankAndFile};
use crate::rules::{movegen, Illegal, Rules, Scope};
use crate::square::Square;
use crate::variant::Variant;

/// RF1 counted square by square.
pub fn permitted(pos: &Position, color: Color) -> Lines {
    let mut files = [0u8; 64];
    let mut ranks = [0u8; 64];
    for sq in pos.squares() {
        if pos.piece_at(sq).is_some_and(|p| p.color == color) {
            let (f, r) = (usize::from(sq.file()), usize::from(sq.rank()));
            if f < 64 && r < 64 {
                files[f] += 1;
                ranks[r] += 1;
            }
        }
    }
    let best_file = files.iter().copied().max().unwrap_or(0);
    let best_rank = ranks.iter().copied().max().unwrap_or(0);
    let (use_files, counts, best) = if best_file >= best_rank {
        (true, &files, best_file)
    } else {
        (false, &ranks, best_rank)
    };
    let mask = counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == best && c > 0)
        .fold(0u64, |m, (i, _)| m | (1u64 << i));
    Lines {
        files: use_files,
        mask,
        count: best,
    }
}

/// Rank and File by the letter (RF1–RF6).
struct PlainRankAndFile;

impl Rules for PlainRankAndFile {
    fn start(variant: Variant) -> Position {
        RankAndFile::start(variant)
    }
    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        RankAndFile::candidates(pos, scope, out);
    }
    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        let Some(from) = mv.from() else {
            return Err(Illegal::new("G3", "is not a move of Rank and File Chess"));
        };
        if !permitted(pos, pos.turn).contains(from) {
            let king_step = matches!(
                mv,
                Move::Normal {
                    role: Role::King,
                    ..
                }
            );
            if !(king_step && Self::in_check(pos)) {
                return Err(Illegal::new(
                    "RF2",
                    "does not move from a most crowded line",
                ));
            }
        }
        if matches!(
            mv,
            Move::Normal {
                capture: Some(Role::King),
                ..
            }
        ) {
            return Err(Illegal::new("RF7", "a king is never captured"));
        }
        if let Move::Castle { king, rook } = *mv {
            movegen::castle_conditions::<PlainRankAndFile>(pos, king, rook)?;
        }
        if movegen::king_safe_after::<PlainRankAndFile>(pos, mv) {
            Ok(())
        } else {
            Err(Illegal::KING_ATTACKED)
        }
    }
    fn play(pos: &mut Position, mv: &Move) {
        RankAndFile::play(pos, mv);
    }
    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        let lines = permitted(pos, by);
        movegen::attacked_by(pos, target, by, |from, _| lines.contains(from))
    }
    fn gives_check(after: &Position) -> bool {
        let mover = after.turn.other();
        after
            .king(after.turn)
            .is_some_and(|k| Self::attacked(after, k, mover))
    }
    fn validate(pos: &Position) -> Result<(), &'static str> {
        RankAndFile::validate(pos)
    }
}

/// G6 by playing `mv` on a copy with `R`'s own `play` and `attacked`.
fn safe_on_copy<R: Rules>(pos: &Position, mv: &Move) -> Result<(), Illegal> {
    if movegen::king_safe_after::<R>(pos, mv) {
        Ok(())
    } else {
        Err(Illegal::KING_ATTACKED)
    }
}

/// Every candidate move, generated without scopes or shortcuts.
pub fn candidates(pos: &Position) -> MoveList {
    let mut out = MoveList::new();
    match pos.variant() {
        Variant::Quake | Variant::QuakeLb => {
            let us = pos.turn();
            let pawns = movegen::PawnRules {
                double_step: false,
                en_passant: false,
            };
            movegen::all_piece_moves(pos, pawns, &|_, _| false, Scope::All, &mut out);
            for role in Role::ALL {
                if role == Role::King || pos.in_hand(us, role) == 0 {
                    continue;
                }
                for sq in pos.cells() {
                    if pos.raw(sq) == EMPTY {
                        out.push(Move::Drop { role, to: sq });
                    }
                }
            }
            if pos.king(us).is_some() {
                out.extend(Dir::ALL.map(|dir| Move::Quake { dir }));
            }
        }
        _ => out = pos.candidate_moves(),
    }
    out
}

/// QK7's pawn-drop strip test on the list of cells.
fn vertical_strip_has_pawn(pos: &Position, sq: Square) -> bool {
    let coord = |s: Square| (i16::from(s.file()), i16::from(s.rank()));
    let coords: Vec<Coord> = pos.cells().map(coord).collect();
    strip(&coords, coord(sq), Dir::North)
        .into_iter()
        .any(|(f, r)| {
            Square::new(f as u8, r as u8)
                .and_then(|s| pos.piece_at(s))
                .is_some_and(|p| p.role == Role::Pawn)
        })
}

/// Whether a candidate is legal; if not, why: every variant's `check`, with
/// each king-safety test played on a copy.
pub fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
    if pos.variant() == Variant::FaultLine
        && super::fault_line::FaultLine::special_end(pos).is_some()
    {
        return Err(Illegal::new("G5", "the game is already over"));
    }
    match pos.variant() {
        Variant::Chess => {
            if let Move::Castle { king, rook } = *mv {
                movegen::castle_conditions::<super::chess::Chess>(pos, king, rook)?;
            }
            safe_on_copy::<super::chess::Chess>(pos, mv)
        }
        Variant::Grid => {
            use super::grid::{grid_filter, Grid};
            grid_filter(mv)?;
            if let Move::Castle { king, rook } = *mv {
                movegen::castle_conditions::<Grid>(pos, king, rook)?;
            }
            safe_on_copy::<Grid>(pos, mv)
        }
        Variant::RankAndFile => PlainRankAndFile::check(pos, mv),
        Variant::FaultLine => super::fault_line::FaultLine::check(pos, mv),
        Variant::Quake | Variant::QuakeLb => quake_check(pos, mv),
        Variant::Slide => slide_check(pos, mv),
    }
}

fn quake_check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
    let us = pos.turn();
    match *mv {
        Move::Drop { role, to } => {
            if pos.in_hand(us, role) == 0 {
                return Err(Illegal::new("QK7", "no such piece in hand"));
            }
            if pos.raw(to) != EMPTY {
                return Err(Illegal::new("QK7", "drops only on an empty cell"));
            }
            if role == Role::Pawn {
                if !pos.is_cell(to.offset(movegen::forward(us))) {
                    return Err(Illegal::new(
                        "QK7",
                        "a pawn may not be dropped where its forward cell does not exist",
                    ));
                }
                if vertical_strip_has_pawn(pos, to) {
                    return Err(Illegal::new(
                        "QK7",
                        "a pawn may not be dropped into a vertical strip that holds a pawn",
                    ));
                }
            }
            safe_on_copy::<Quake>(pos, mv)
        }
        Move::Quake { dir } => {
            if Quake::in_check(pos) {
                return Err(Illegal::new("QK4", "a king in check may not quake"));
            }
            super::quake::quake_board_by_cells(pos, dir)?;
            if movegen::king_safe_after::<Quake>(pos, mv) {
                Ok(())
            } else {
                Err(Illegal::new(
                    "QK4",
                    "the quake would leave the king attacked",
                ))
            }
        }
        Move::Normal { .. } => safe_on_copy::<Quake>(pos, mv),
        _ => Err(Illegal::new("QK7", "no such move in Quake Chess")),
    }
}

fn slide_check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
    use super::slide::Slide;
    // SC1, SC2, SC4 refusals that come before king safety are the
    // variant's own code; when it accepts, or refuses only for G6 or a
    // relocation's check, the copy must say the same.
    let own = Slide::check(pos, mv);
    if let Err(ill) = &own {
        // The relocation's own check refusal (SC1) is what the copy decides.
        let after_copy =
            ill.ruling == "G6" || (ill.ruling == "SC1" && !pos.relocated_last(pos.turn()));
        if !after_copy {
            return own;
        }
    }
    let us = pos.turn();
    let mut next = pos.clone();
    Slide::play(&mut next, mv);
    if next
        .king(us)
        .is_some_and(|k| Slide::attacked(&next, k, us.other()))
    {
        return Err(Illegal::KING_ATTACKED);
    }
    if matches!(mv, Move::CageMove { .. }) && Slide::in_check(&next) {
        return Err(Illegal::new("SC1", "a relocation may not give check"));
    }
    Ok(())
}

/// Whether the side to move is in check (RF3 lines for Rank and File).
pub fn in_check(pos: &Position) -> bool {
    match pos.variant() {
        Variant::RankAndFile => PlainRankAndFile::in_check(pos),
        _ => pos.is_check(),
    }
}

/// Whether the move that led to `after` deserves a check mark.
pub fn gives_check(after: &Position) -> bool {
    match after.variant() {
        Variant::RankAndFile => PlainRankAndFile::gives_check(after),
        _ => after.gives_check_mark(),
    }
}

/// The legal moves: the candidates [`check`] accepts (none after a game end).
pub fn legal_moves(pos: &Position) -> MoveList {
    if pos.variant() == Variant::FaultLine
        && super::fault_line::FaultLine::special_end(pos).is_some()
    {
        return MoveList::new();
    }
    let mut out = candidates(pos);
    out.retain(|m| check(pos, m).is_ok());
    out
}

/// The position after a legal `mv`: quakes rebuilt from the list of cells
/// and pawns pocketed square by square (QK1, QK5, QK6); other moves as
/// [`Position::play`] plays them.
pub fn play(pos: &Position, mv: &Move) -> Position {
    let Move::Quake { dir } = *mv else {
        return pos.play(mv);
    };
    let us = pos.turn();
    let mut next = super::quake::quake_board_by_cells(pos, dir).unwrap_or_else(|_| pos.clone());
    next.ep = None;
    movegen::finish_turn(&mut next, false);
    let pawns: Vec<Square> = next
        .squares()
        .filter(|&sq| {
            next.piece_at(sq).is_some_and(|p| {
                p.role == Role::Pawn && !next.is_cell(sq.offset(movegen::forward(p.color)))
            })
        })
        .collect();
    for sq in pawns {
        next.set(sq, None);
        next.add_to_hand(us, Role::Pawn, 1);
    }
    next
}
