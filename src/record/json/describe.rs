//! What a move played, for the derived fields of its ply in the JSON form
//! (and the positions of a FEN list), found without allocating: static
//! strings and squares.
//!
//! A line is played on the accelerator where one describes its moves
//! (chess, Grid, Rank and File, Fault Line, Slide-chess: see
//! `FastPos::clean_play`). A clean token (one the reference engine would
//! play without a word, see `record::replay::fast`) is then known without
//! the reference search: what the accelerator says it played (origin,
//! captured role, a slide's permission, a cage's square and content), its
//! canonical SAN as written (a clean token is canonical) and its mark. The
//! reference [`Position`] is left stale meanwhile and made from the
//! accelerator only when a token needs the reference engine (or a FEN is
//! asked for); that token is resolved there, as before, and the
//! accelerator takes the position after it anew.

use crate::moves::{Move, PieceMove};
use crate::notation::fen::write_fen;
use crate::notation::san::{ParsedSan, San, Suffix};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::record::replay::fast::clean_san_into;
use crate::record::replay::{FastPos, Played};
use crate::rules::fault_line::move_needs_permission as slide_needs_permission;
use crate::rules::{castling::fide_targets, promotion_squares};
use crate::square::Square;

/// A line's position as the JSON form plays it (see the module).
#[derive(Clone)]
pub struct Track {
    /// The reference position; stale while `stale` (the accelerator's
    /// `now` is the position then, made into this one when needed).
    pos: Position,
    stale: bool,
    /// The side to move.
    turn: Color,
    /// The accelerator's mirror of `pos`, and a slot for the next position.
    fast: Option<(FastPos, FastPos)>,
}

impl Track {
    /// A line from `pos`.
    pub fn new(pos: Position) -> Track {
        let fast = FastPos::from_position(&pos).map(|f| (f.clone(), f));
        Track {
            turn: pos.turn(),
            pos,
            stale: false,
            fast,
        }
    }

    /// The reference position, made current.
    fn position(&mut self) -> &mut Position {
        if std::mem::take(&mut self.stale) {
            if let Some((now, _)) = &self.fast {
                self.pos = now.to_position();
            }
        }
        &mut self.pos
    }
}

/// The derived fields of a resolved ply; `None`: the field is absent.
#[derive(Default)]
pub struct Facts {
    /// The canonical SAN (kept between plies: no allocation).
    pub canonical: String,
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

impl Facts {
    fn clear(&mut self) {
        self.canonical.clear();
        self.kind = "";
        self.color = "";
        self.piece = None;
        self.from = None;
        self.to = None;
        self.rank = None;
        self.direction = None;
        self.promotion = None;
        self.cage.clear();
        self.captured = None;
        self.check = None;
        self.permission = None;
        self.fen_after = None;
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn mark(s: Option<Suffix>) -> Option<&'static str> {
    s.map(|s| match s {
        Suffix::Check => "+",
        Suffix::Mate => "#",
    })
}

/// Plays the token `san` (a node that the replay resolved: `resolved`) on
/// `track`, filling `facts`; true when it resolved and played. Otherwise
/// (or when there is no position) the track is gone: the rest of its line
/// is written as it stands, as `json::play_ply` does.
pub fn play(
    san: &str,
    resolved: bool,
    track: &mut Option<Box<Track>>,
    facts: &mut Facts,
    fens: bool,
) -> bool {
    facts.clear();
    let played = match (track.as_mut(), resolved) {
        (Some(t), true) => San::parse(san).is_ok_and(|p| play_parsed(&p, t, facts)),
        _ => false,
    };
    if !played {
        *track = None;
        return false;
    }
    if fens {
        facts.fen_after = track.as_mut().map(|t| write_fen(t.position()));
    }
    true
}

fn play_parsed(parsed: &ParsedSan, t: &mut Track, facts: &mut Facts) -> bool {
    let Some((now, next)) = &mut t.fast else {
        return reference(parsed, t, facts, false);
    };
    let Some(played) = now.clean_play(parsed, next) else {
        return reference(parsed, t, facts, true);
    };
    let (turn, suffix) = (t.turn, parsed.suffix);
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
        _ => {
            // Castling: the accelerator played it; the reference says how,
            // from the position before it.
            t.position();
            if let Some((now, next)) = &mut t.fast {
                std::mem::swap(now, next);
            }
            return reference(parsed, t, facts, false);
        }
    };
    std::mem::swap(now, next);
    t.stale = true;
    t.turn = turn.other();
    // Its own spelling (see `record::replay::fast`), written back.
    clean_san_into(&parsed.san, suffix, &mut facts.canonical);
    // The move's own fields (the slide and cage ones are set above).
    describe(turn, None, &mv, suffix, facts);
    true
}

/// The reference engine resolves and plays the token (`json::play_ply`'s
/// way); `resync`: the accelerator then mirrors the position after it.
fn reference(parsed: &ParsedSan, t: &mut Track, facts: &mut Facts, resync: bool) -> bool {
    let p = t.position();
    let turn = p.turn();
    // A piece move or a drop is described without the position before
    // it: played in place, no copy. (A side with no cage has no cage
    // moves; castling lands where the variant says, CH1, FL8.)
    let simple =
        matches!(parsed.san, San::Normal { .. } | San::Drop { .. }) && p.cage(turn).is_none();
    let r = if simple {
        match parsed.play(p) {
            Ok(r) => {
                describe(turn, None, &r.mv, r.suffix, facts);
                r
            }
            Err(_) => return false,
        }
    } else {
        let mut after = p.clone();
        match parsed.play(&mut after) {
            Ok(r) => {
                describe(turn, Some(p), &r.mv, r.suffix, facts);
                *p = after;
                r
            }
            Err(_) => return false,
        }
    };
    facts.canonical.push_str(&r.san);
    t.turn = t.pos.turn();
    if resync && t.fast.is_some() {
        t.fast = FastPos::from_position(&t.pos).map(|f| (f.clone(), f));
    }
    true
}

/// The derived fields of the ply `mv` played in `pos` (a legal move), as
/// the JSON form writes them: for a caller that describes a move outside a
/// record (the Python package's `Position.legal_moves`).
///
/// ```
/// use fvnote::record::json::describe::facts;
/// use fvnote::{Position, variant::Variant};
/// let pos = Position::start(Variant::Chess);
/// let mv = pos.legal_moves().into_iter().find(|m| m.to_string() == "g1f3").unwrap();
/// let f = facts(&pos, &mv);
/// assert_eq!((f.canonical.as_str(), f.kind, f.piece), ("Nf3", "move", Some("N")));
/// ```
pub fn facts(pos: &Position, mv: &Move) -> Facts {
    let san = crate::notation::san::SanPlus::from_move(pos, mv);
    let mut f = Facts {
        canonical: san.to_string(),
        ..Facts::default()
    };
    describe(pos.turn(), Some(pos), mv, san.suffix, &mut f);
    f
}

/// `json::describe`'s fields of `mv`, played by `turn` (`before`: the
/// position it was played from, needed only by slides, quakes and cage
/// moves).
fn describe(
    turn: Color,
    before: Option<&Position>,
    mv: &Move,
    suffix: Option<Suffix>,
    f: &mut Facts,
) {
    f.kind = mv.kind_name();
    f.color = color_name(turn);
    f.check = mark(suffix);
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
        // Not played with the position before it (see `reference`).
        (
            Move::Slide { .. }
            | Move::Quake { .. }
            | Move::CageMove { .. }
            | Move::CageInsert { .. },
            None,
        ) => {}
    }
}
