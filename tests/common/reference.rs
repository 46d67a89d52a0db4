//! The rules by the letter: slow, plain versions of what the variants'
//! `Rules` implementations compute with shortcuts (overlays instead of
//! copies, lines counted once, quakes judged once on bit rows, scoped
//! generation). Every king-safety test here plays the move on a copy (G6),
//! Rank and File counts its lines square by square (RF1), and a quake is
//! played on the list of cells (`quake_by_cells`).
//!
//! Nothing in fvnote calls this: `tests/fast_variants.rs` and
//! `tests/fast_quake.rs` replay random games and require, position by
//! position and move by move, that the shortcuts give exactly these answers.
#![allow(dead_code)]

use crate::quake_by_cells::{self, coord, Coord};

use fvnote::moves::{Dir, Move, MoveList, PieceMove};
use fvnote::piece::{Color, Role};
use fvnote::rules::chess960::Chess960;
use fvnote::rules::fault_line::FaultLine;
use fvnote::rules::fit::Unfit;
use fvnote::rules::grid::{crosses, Grid};
use fvnote::rules::quake::Quake;
use fvnote::rules::rank_and_file::{Lines, RankAndFile};
use fvnote::rules::slide::Slide;
use fvnote::rules::{castling, movegen};
use fvnote::rules::{chess::Chess, Illegal, Rules, Scope};
use fvnote::square::Square;
use fvnote::variant::Variant;
use fvnote::Position;

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
        if !permitted(pos, pos.turn()).contains(from) {
            let king_step = matches!(
                mv,
                Move::Normal(PieceMove {
                    role: Role::King,
                    ..
                })
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
            Move::Normal(PieceMove {
                capture: Some(Role::King),
                ..
            })
        ) {
            return Err(Illegal::new("RF7", "a king is never captured"));
        }
        if let Move::Castle { king, rook } = *mv {
            castling::fide_conditions::<PlainRankAndFile>(pos, king, rook)?;
        }
        safe_on_copy::<PlainRankAndFile>(pos, mv)
    }
    fn play(pos: &mut Position, mv: &Move) {
        RankAndFile::play(pos, mv);
    }
    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        let lines = permitted(pos, by);
        movegen::attacked_by(pos, target, by, |from, _| lines.contains(from))
    }
    fn gives_check(after: &Position) -> bool {
        let mover = after.turn().other();
        after
            .king(after.turn())
            .is_some_and(|k| Self::attacked(after, k, mover))
    }
    fn validate(pos: &Position) -> Result<(), Unfit> {
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

/// Whether `sq` is an empty cell.
fn empty_cell(pos: &Position, sq: Square) -> bool {
    pos.is_cell(sq) && pos.piece_at(sq).is_none()
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
                    if empty_cell(pos, sq) {
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
    let coords: Vec<Coord> = pos.cells().map(coord).collect();
    quake_by_cells::strip(&coords, coord(sq), Dir::North)
        .into_iter()
        .any(|(f, r)| {
            Square::new(f as u8, r as u8)
                .and_then(|s| pos.piece_at(s))
                .is_some_and(|p| p.role == Role::Pawn)
        })
}

/// GR2 for a candidate move, both parts of castling.
fn grid_filter(mv: &Move) -> Result<(), Illegal> {
    match *mv {
        Move::Normal(PieceMove { from, to, .. }) | Move::EnPassant { from, to } => {
            match crosses(from, to) {
                true => Ok(()),
                false => Err(Illegal::new("GR2", "does not cross a grid line")),
            }
        }
        Move::Castle { king, rook } => {
            let (land, cross) = castling::fide_targets(king, rook);
            if !crosses(king, land) {
                Err(Illegal::new(
                    "GR2",
                    "the king's part of castling does not cross a grid line",
                ))
            } else if !crosses(rook, cross) {
                Err(Illegal::new(
                    "GR2",
                    "the rook's part of castling does not cross a grid line",
                ))
            } else {
                Ok(())
            }
        }
        _ => Err(Illegal::new("G3", "is not a move of Grid Chess")),
    }
}

/// Whether a candidate is legal; if not, why: every variant's `check`, with
/// each king-safety test played on a copy.
pub fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
    if pos.variant() == Variant::FaultLine && FaultLine::special_end(pos).is_some() {
        return Err(Illegal::new("G5", "the game is already over"));
    }
    match pos.variant() {
        Variant::Chess => {
            if let Move::Castle { king, rook } = *mv {
                castling::fide_conditions::<Chess>(pos, king, rook)?;
            }
            safe_on_copy::<Chess>(pos, mv)
        }
        Variant::Chess960 => {
            if let Move::Castle { king, rook } = *mv {
                castling::fide_conditions::<Chess960>(pos, king, rook)?;
            }
            safe_on_copy::<Chess960>(pos, mv)
        }
        Variant::Grid => {
            grid_filter(mv)?;
            if let Move::Castle { king, rook } = *mv {
                castling::fide_conditions::<Grid>(pos, king, rook)?;
            }
            safe_on_copy::<Grid>(pos, mv)
        }
        Variant::RankAndFile => PlainRankAndFile::check(pos, mv),
        Variant::FaultLine => FaultLine::check(pos, mv),
        Variant::Quake | Variant::QuakeLb => quake_check(pos, mv),
        Variant::Slide => slide_check(pos, mv),
        // The lichess variants are shakmaty's rules, checked by the perft
        // suites and python-chess (`perft_peers.rs`, `peer_python_chess.rs`):
        // no second copy here.
        _ => pos.check_move(mv),
    }
}

fn quake_check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
    let us = pos.turn();
    match *mv {
        Move::Drop { role, to } => {
            if pos.in_hand(us, role) == 0 {
                return Err(Illegal::new("QK7", "no such piece in hand"));
            }
            if !empty_cell(pos, to) {
                return Err(Illegal::new("QK7", "drops only on an empty cell"));
            }
            if role == Role::Pawn {
                let ahead = match us {
                    Color::White => to.rank().checked_add(1),
                    Color::Black => to.rank().checked_sub(1),
                };
                if !ahead
                    .and_then(|r| Square::new(to.file(), r))
                    .is_some_and(|a| pos.is_cell(a))
                {
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
            quake_by_cells::quaked_layout(pos, dir)?;
            if movegen::king_safe_after::<Quake>(pos, mv) {
                Ok(())
            } else {
                Err(Illegal::new(
                    "QK4",
                    "the quake would leave the king attacked",
                ))
            }
        }
        Move::Normal(_) => safe_on_copy::<Quake>(pos, mv),
        _ => Err(Illegal::new("QK7", "no such move in Quake Chess")),
    }
}

fn slide_check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
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
    let next = pos.play(mv);
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
    if pos.variant() == Variant::FaultLine && FaultLine::special_end(pos).is_some() {
        return MoveList::new();
    }
    let mut out = candidates(pos);
    out.retain(|m| check(pos, m).is_ok());
    out
}

/// The position after a legal `mv`: a quake rebuilt from the list of cells
/// and its pawns pocketed square by square (QK1, QK5, QK6); other moves as
/// [`Position::play`] plays them.
pub fn play(pos: &Position, mv: &Move) -> Position {
    match *mv {
        Move::Quake { dir } => quake_by_cells::play_quake(pos, dir)
            .unwrap_or_else(|| panic!("{mv:?} is not a legal quake in {pos:?}")),
        _ => pos.play(mv),
    }
}
