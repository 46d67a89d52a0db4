//! Movement shared by every variant (RULINGS G2, G3, FL8, QK0).
//!
//! Variants compose these pieces and add their own restrictions. Everything works
//! on cells: a slider stops at the first hole or piece, a knight leaps to any cell,
//! a diagonal step is never blocked by holes beside it.

use crate::moves::{Move, MoveList, PieceMove};
use crate::piece::{Color, Piece, Role};
use crate::position::{decode, Position, EMPTY, HOLE};
use crate::rules::{castling, Illegal, Rules, Scope};
use crate::square::{Square, DIAGONAL, KNIGHT, LINES, ORTHOGONAL, STRIDE};

const C_ORTH: u8 = 1;
const C_DIAG: u8 = 2;
const C_LEAP: u8 = 4;
const C_KING: u8 = 8;
const C_PAWN: u8 = 16;

/// Attack classes by colour (`Color::index`) and cell byte: how the piece of
/// that colour on it captures (its hunter, QK0); 0 for an empty cell, a
/// hole or the other colour's piece. One lookup instead of a chain of
/// tests, whose branches the cells around a king make hard to predict.
static ATTACKS: [[u8; 256]; 2] = {
    let mut t = [[0u8; 256]; 2];
    let mut b = 1;
    while b < 0x80 {
        // Hunter of the role in the low four bits (see `Role`).
        t[(b & 0x10) >> 4][b] = match b & 0x0f {
            1 => C_PAWN,
            2 | 9 | 10 => C_LEAP,
            3 | 11 | 12 => C_DIAG,
            4 | 7 | 8 => C_ORTH,
            5 => C_ORTH | C_DIAG,
            6 => C_KING,
            _ => 0,
        };
        b += 1;
    }
    t
};

#[inline]
pub(crate) fn color_bits(c: Color) -> u8 {
    match c {
        Color::White => 0,
        Color::Black => 0x10,
    }
}

/// Whether the cell byte holds a piece of the colour whose bits are `cb`.
#[inline]
fn owned(b: u8, cb: u8) -> bool {
    b != EMPTY && b & HOLE == 0 && b & 0x10 == cb
}

/// The forward step of a pawn of `color` (G1: White moves north).
#[inline]
pub fn forward(color: Color) -> i16 {
    match color {
        Color::White => STRIDE,
        Color::Black => -STRIDE,
    }
}

/// Whether `by` attacks `target`, counting only attackers that `allow(from, target)`.
///
/// The filter is how variants narrow attacks without copying this scan: Grid
/// Chess requires a grid line between the squares (GR3), Rank and File requires
/// the attacker on a permitted line (RF3).
#[inline]
pub fn attacked_by(
    pos: &Position,
    target: Square,
    by: Color,
    allow: impl Fn(Square, Square) -> bool,
) -> bool {
    let cells = &pos.cells;
    attacked_on(|i| cells[i], target, by, allow)
}

/// [`attacked_by`] on any view of the cells: `cell(index)` gives the cell byte.
#[inline]
fn attacked_on(
    cell: impl Fn(usize) -> u8,
    target: Square,
    by: Color,
    allow: impl Fn(Square, Square) -> bool,
) -> bool {
    let attacks = &ATTACKS[by.index()];
    let hit = |sq: Square, class: u8| {
        attacks[usize::from(cell(sq.index()))] & class != 0 && allow(sq, target)
    };
    if KNIGHT.iter().any(|&d| hit(target.offset(d), C_LEAP)) {
        return true;
    }
    let back = -forward(by);
    if hit(target.offset(back + 1), C_PAWN) || hit(target.offset(back - 1), C_PAWN) {
        return true;
    }
    for (dirs, class) in [(ORTHOGONAL, C_ORTH), (DIAGONAL, C_DIAG)] {
        for d in dirs {
            // The first cell: a king or a slider there attacks; a piece or
            // a hole there ends the line.
            let mut sq = target.offset(d);
            if hit(sq, C_KING | class) {
                return true;
            }
            if cell(sq.index()) != EMPTY {
                continue;
            }
            sq = sq.offset(d);
            while cell(sq.index()) == EMPTY {
                sq = sq.offset(d);
            }
            if hit(sq, class) {
                return true;
            }
        }
    }
    false
}

/// G6 for a normal, en passant or drop move without copying the position: the move
/// is overlaid on the cells and the king's square is tested. Only for variants
/// whose attacks depend on nothing but the cells (`allow` as in
/// [`attacked_by`]); `None` for other kinds of move, which need a real copy.
#[inline]
pub fn king_safe_overlay(
    pos: &Position,
    mv: &Move,
    allow: impl Fn(Square, Square) -> bool,
) -> Option<bool> {
    let us = pos.turn;
    let (from, to, gone, moved) = match *mv {
        Move::Normal(PieceMove { from, to, .. }) => (from, to, to, pos.cells[from.index()]),
        Move::EnPassant { from, to } => {
            (from, to, to.offset(-forward(us)), pos.cells[from.index()])
        }
        // A drop fills one empty cell.
        Move::Drop { role, to } => (to, to, to, crate::position::encode(Piece::new(us, role))),
        _ => return None,
    };
    let king = if pos.king(us) == Some(from) {
        to
    } else {
        pos.king(us)?
    };
    let (fi, ti, gi) = (from.index(), to.index(), gone.index());
    let cells = &pos.cells;
    let view = |i: usize| {
        if i == ti {
            moved
        } else if i == fi || i == gi {
            EMPTY
        } else {
            cells[i]
        }
    };
    Some(!attacked_on(view, king, us.other(), allow))
}

/// Whether a move is king-safe without a scan (G6): a piece other than the
/// king leaves a square off every line through its king, and the king is not
/// in check. Moving it can then neither open a line onto the king nor leave
/// an attack standing. Holds for any variant whose attacks depend only on the
/// squares of attacker and target and the cells between (chess, Grid GR3);
/// `None` means "scan".
#[inline]
pub fn safe_without_scan(pos: &Position, mv: &Move, in_check: bool) -> Option<bool> {
    if in_check {
        return None;
    }
    let Move::Normal(PieceMove { role, from, .. }) = *mv else {
        return None;
    };
    let king = pos.king(pos.turn)?;
    if role == Role::King {
        return None;
    }
    let (df, dr) = (
        king.file().abs_diff(from.file()),
        king.rank().abs_diff(from.rank()),
    );
    (df != 0 && dr != 0 && df != dr).then_some(true)
}

/// Options for [`piece_moves`]: the pawn rules that differ between variants.
#[derive(Clone, Copy)]
pub struct PawnRules {
    /// Two steps from the second rank (chess, Grid, Rank and File).
    pub double_step: bool,
    /// En passant after a double step.
    pub en_passant: bool,
}

/// Pushes `Normal` moves, one per promotion choice when `promote`.
#[inline]
fn push_move(
    out: &mut MoveList,
    role: Role,
    from: Square,
    to: Square,
    capture: Option<Role>,
    promote: bool,
) {
    if promote {
        for p in Role::PROMOTIONS {
            out.push(Move::Normal(PieceMove {
                role,
                from,
                to,
                capture,
                promotion: Some(p),
            }));
        }
    } else {
        out.push(Move::Normal(PieceMove {
            role,
            from,
            to,
            capture,
            promotion: None,
        }));
    }
}

/// Moves of the pattern `pattern` (N, B, R, Q or K) from `from`: quiet moves onto
/// empty cells if `quiet`, captures of enemy pieces if `capture`.
fn pattern_moves(
    pos: &Position,
    from: Square,
    mover: Piece,
    pattern: Role,
    quiet: bool,
    capture: bool,
    out: &mut MoveList,
) {
    let cells = &pos.cells;
    let enemy = color_bits(mover.color.other());
    let mut target = |to: Square| -> bool {
        let b = cells[to.index()];
        if b == EMPTY {
            if quiet {
                push_move(out, mover.role, from, to, None, false);
            }
            true
        } else {
            if capture && owned(b, enemy) {
                let cap = decode(b).map(|p| p.role);
                push_move(out, mover.role, from, to, cap, false);
            }
            false
        }
    };
    match pattern {
        Role::Knight => KNIGHT.iter().for_each(|&d| {
            target(from.offset(d));
        }),
        Role::King => ORTHOGONAL.iter().chain(&DIAGONAL).for_each(|&d| {
            target(from.offset(d));
        }),
        _ => {
            let dirs: &[i16] = match pattern {
                Role::Bishop => &DIAGONAL,
                Role::Rook => &ORTHOGONAL,
                _ => &[
                    STRIDE,
                    -STRIDE,
                    1,
                    -1,
                    STRIDE + 1,
                    STRIDE - 1,
                    -STRIDE + 1,
                    -STRIDE - 1,
                ],
            };
            for &d in dirs {
                let mut to = from.offset(d);
                while target(to) {
                    to = to.offset(d);
                }
            }
        }
    }
}

/// The moves of the piece on `from` by movement alone (G3, QK0).
/// `promotes(color, to)` says whether a pawn of `color` arriving on `to` promotes.
pub fn piece_moves(
    pos: &Position,
    from: Square,
    pawns: PawnRules,
    promotes: &impl Fn(Color, Square) -> bool,
    out: &mut MoveList,
) {
    let Some(mover) = pos.piece_at(from) else {
        return;
    };
    if mover.role != Role::Pawn {
        let (hunter, carrier) = (mover.role.hunter(), mover.role.carrier());
        if hunter == carrier {
            pattern_moves(pos, from, mover, hunter, true, true, out);
        } else {
            pattern_moves(pos, from, mover, carrier, true, false, out);
            pattern_moves(pos, from, mover, hunter, false, true, out);
        }
        return;
    }
    let color = mover.color;
    let fwd = forward(color);
    let enemy = color_bits(color.other());
    let one = from.offset(fwd);
    if pos.raw(one) == EMPTY {
        push_move(out, Role::Pawn, from, one, None, promotes(color, one));
        let start_rank = match color {
            Color::White => 1,
            Color::Black => pos.ranks.wrapping_sub(2),
        };
        let two = one.offset(fwd);
        if pawns.double_step && from.rank() == start_rank && pos.raw(two) == EMPTY {
            push_move(out, Role::Pawn, from, two, None, false);
        }
    }
    for side in [1, -1] {
        let to = one.offset(side);
        let b = pos.raw(to);
        if owned(b, enemy) {
            let cap = decode(b).map(|p| p.role);
            push_move(out, Role::Pawn, from, to, cap, promotes(color, to));
        } else if pawns.en_passant && pos.ep == Some(to) && b == EMPTY {
            out.push(Move::EnPassant { from, to });
        }
    }
}

/// The moves of every piece of the side to move.
pub fn all_piece_moves(
    pos: &Position,
    pawns: PawnRules,
    promotes: &impl Fn(Color, Square) -> bool,
    scope: Scope,
    out: &mut MoveList,
) {
    if scope == Scope::Extras {
        return;
    }
    let cb = color_bits(pos.turn);
    let wanted = |b: u8| owned(b, cb) && decode(b).is_some_and(|p| scope.pieces(p.role));
    if let Scope::Target { to, .. } = scope {
        // Every move onto `to` starts a knight's leap away or at the first piece
        // along one of the eight lines through `to` (pawns, kings and LB
        // compounds included), so generating from those few origins and keeping
        // the moves that land on `to` gives exactly the moves onto `to`.
        if pos.raw(to) & HOLE != 0 {
            return;
        }
        let mut origins = [to; 16];
        for (slot, d) in origins[..8].iter_mut().zip(KNIGHT) {
            *slot = to.offset(d);
        }
        for (slot, d) in origins[8..].iter_mut().zip(&LINES) {
            let mut sq = to.offset(*d);
            while pos.raw(sq) == EMPTY {
                sq = sq.offset(*d);
            }
            *slot = sq;
        }
        let target = pos.raw(to);
        for (slot, from) in origins.into_iter().enumerate() {
            let b = pos.raw(from);
            if !wanted(b) {
                continue;
            }
            let Some(mover) = decode(b) else { continue };
            if mover.role == Role::Pawn {
                // Pawns have several move shapes: generate and keep those onto `to`.
                let start = out.len();
                piece_moves(pos, from, pawns, promotes, out);
                let mut k = start;
                for i in start..out.len() {
                    let m = out[i];
                    if matches!(m, Move::Normal(PieceMove { to: t, .. }) | Move::EnPassant { to: t, .. } if t == to)
                    {
                        out[k] = m;
                        k += 1;
                    }
                }
                out.truncate(k);
                continue;
            }
            // A quiet move follows the carrier's pattern, a capture the hunter's
            // (QK0); `from` reaches `to` if that pattern has the step it was
            // found by: a leap, one step of a line, or a whole line.
            let (pattern, capture) = if target == EMPTY {
                (mover.role.carrier(), None)
            } else if owned(target, color_bits(mover.color.other())) {
                (mover.role.hunter(), decode(target).map(|p| p.role))
            } else {
                continue;
            };
            let reaches = match slot {
                0..8 => pattern == Role::Knight,
                _ => {
                    let diagonal = slot >= 12;
                    let adjacent = from == to.offset(LINES[slot - 8]);
                    match pattern {
                        Role::King => adjacent,
                        Role::Queen => true,
                        Role::Rook => !diagonal,
                        Role::Bishop => diagonal,
                        _ => false,
                    }
                }
            };
            if reaches {
                push_move(out, mover.role, from, to, capture, false);
            }
        }
        return;
    }
    for r in 0..pos.ranks {
        let Some(row) = Square::new(0, r) else {
            continue;
        };
        for i in row.index()..row.index() + pos.files as usize {
            if wanted(pos.cells[i]) {
                piece_moves(pos, Square::from_index(i), pawns, promotes, out);
            }
        }
    }
}

/// The home rank of `color`: the frame's first or last rank.
pub fn home_rank(pos: &Position, color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => pos.ranks.saturating_sub(1),
    }
}

/// G6: `Ok` when the mover's king is safe after `mv`: the verdict of an
/// overlay of the move (`overlay`, `None` where it cannot tell), else of
/// the move played on a copy.
pub(crate) fn king_safe<R: Rules>(
    pos: &Position,
    mv: &Move,
    overlay: Option<bool>,
) -> Result<(), Illegal> {
    match overlay.unwrap_or_else(|| king_safe_after::<R>(pos, mv)) {
        true => Ok(()),
        false => Err(Illegal::KING_ATTACKED),
    }
}

/// Whether the mover's king is safe after `mv` (G6), by playing it on a copy.
pub fn king_safe_after<R: Rules>(pos: &Position, mv: &Move) -> bool {
    let mut next = pos.clone();
    R::play(&mut next, mv);
    let us = pos.turn;
    match next.king(us) {
        Some(k) => !R::attacked(&next, k, us.other()),
        None => true,
    }
}

/// Plays a piece move (normal, en passant, castling) and updates rights, the
/// en passant square and the counters, then passes the turn. Variant effects
/// (pocketing, promotion by pushes …) come after, in the variant's `play`.
pub fn play_piece_move(pos: &mut Position, mv: &Move) {
    let us = pos.turn;
    let mut reset_clock = false;
    pos.ep = None;
    match *mv {
        Move::Normal(m) => {
            let piece = Piece::new(us, m.promotion.unwrap_or(m.role));
            pos.set(m.from, None);
            pos.set(m.to, Some(piece));
            if m.role == Role::King {
                pos.castling.clear_color(us);
            }
            if !pos.castling.is_empty() {
                castling::touch(pos, m.from);
                castling::touch(pos, m.to);
            }
            if m.role == Role::Pawn
                && m.from.file() == m.to.file()
                && m.from.rank().abs_diff(m.to.rank()) == 2
            {
                pos.ep = Some(Square::from_index((m.from.index() + m.to.index()) / 2));
            }
            reset_clock = m.role == Role::Pawn || m.capture.is_some();
        }
        Move::EnPassant { from, to } => {
            pos.set(from, None);
            pos.set(to, Some(Piece::new(us, Role::Pawn)));
            pos.set(to.offset(-forward(us)), None);
            reset_clock = true;
        }
        Move::Castle { king, rook } => castling::play(pos, king, rook),
        _ => {}
    }
    finish_turn(pos, reset_clock);
}

/// Passes the turn and advances the counters.
pub fn finish_turn(pos: &mut Position, reset_clock: bool) {
    (pos.halfmoves, pos.fullmoves) =
        counters_after(pos.halfmoves, pos.fullmoves, pos.turn, reset_clock);
    pos.turn = pos.turn.other();
}

/// The counters after a move by `mover`: the halfmove clock restarts after
/// a pawn move or a capture (`reset_clock`), else counts on; the fullmove
/// number counts on after Black's move. For the rules and the accelerators.
#[inline]
pub(crate) fn counters_after(
    halfmoves: u32,
    fullmoves: u32,
    mover: Color,
    reset_clock: bool,
) -> (u32, u32) {
    let half = if reset_clock {
        0
    } else {
        halfmoves.saturating_add(1)
    };
    let full = match mover {
        Color::Black => fullmoves.saturating_add(1),
        Color::White => fullmoves,
    };
    (half, full)
}

/// Places a start array from rank `first` up: White's back rank `white` and
/// its `pawns`, the `middle` ranks, then Black's `pawns` and back rank
/// `black`, each rank as [`place_rank`] takes it.
pub(crate) fn place_start_ranks<'a, M: AsRef<[&'a str]>>(
    pos: &mut Position,
    first: u8,
    white: &[&'a str],
    pawns: &[&'a str],
    middle: &[M],
    black: &[&'a str],
) {
    let ranks = [(Color::White, white), (Color::White, pawns)]
        .into_iter()
        .chain(middle.iter().map(|m| (Color::White, m.as_ref())))
        .chain([(Color::Black, pawns), (Color::Black, black)]);
    for (rank, (color, pieces)) in (first..).zip(ranks) {
        place_rank(pos, rank, color, pieces);
    }
}

/// Places a back rank of `pieces` (upper-case codes, `*` for a hole) on `rank`.
fn place_rank(pos: &mut Position, rank: u8, color: Color, pieces: &[&str]) {
    for (f, code) in pieces.iter().enumerate() {
        let Some(sq) = Square::new(f as u8, rank) else {
            continue;
        };
        match *code {
            "*" => pos.set_cell(sq, false),
            "" => pos.set_cell(sq, true),
            c => {
                pos.set_cell(sq, true);
                pos.set(sq, Role::from_code(c).map(|r| Piece::new(color, r)));
            }
        }
    }
}
