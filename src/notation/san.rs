//! Move tokens: SAN and fvnote's extensions (`notation/moves.md`).
//!
//! Reading is two steps, as in shakmaty: [`San::parse`] checks the text alone
//! ([`ParseSanError`]); [`San::resolve`] finds the one legal move it names in a
//! position ([`SanError`]: none, illegal with a reason, or several). Lenient
//! spellings are accepted but reported as [`Lenient`] warnings, never silently.
//!
//! ```
//! use fvnote::notation::san::{San, write_san};
//! use fvnote::{Position, Variant};
//! let pos = Position::start(Variant::Chess);
//! let parsed = San::parse("Ng1-f3").unwrap();
//! let resolved = parsed.resolve(&pos).unwrap();
//! assert_eq!(write_san(&pos, &resolved.mv), "Nf3");
//! assert!(!resolved.warnings.is_empty()); // long algebraic is lenient
//! ```

use std::fmt::{self, Write as _};

use compact_str::CompactString;

use crate::moves::{Dir, Move};
use crate::piece::Role;
use crate::position::{CastleSide, Position};
use crate::rules::Scope;
use crate::square::{parse_square, Square};

/// A check or mate mark written after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suffix {
    Check,
    Mate,
}

/// The move a token describes, before it is matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum San {
    /// A piece move. `role` is `None` only for long algebraic without a piece
    /// letter (`e2e4`), where the origin square decides.
    Normal {
        role: Option<Role>,
        file: Option<u8>,
        rank: Option<u8>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
    Castle(CastleSide),
    Drop {
        role: Role,
        to: Square,
    },
    Slide {
        rank: u8,
        dir: Dir,
    },
    Quake {
        dir: Dir,
    },
    CageMove {
        to: Square,
    },
    /// `C>e1/e7=Q`: the square the cage ends on and the promotions it names.
    CageInsert {
        to: Square,
        promotions: Vec<(Square, Role)>,
    },
}

/// A lenient spelling, accepted with a warning (`--strict` makes it an error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lenient {
    LongAlgebraic,
    ZeroCastling,
    PromotionWithoutEquals,
    PromotionInParentheses,
    EnPassantSuffix,
    StarDrop,
    PawnDropWithoutLetter,
    DoublePlusMate,
    MissingCheckMark,
    WrongCheckMark,
    NeedlessDisambiguation,
    CaptureMarkMismatch,
}

impl fmt::Display for Lenient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lenient::LongAlgebraic => "long algebraic notation",
            Lenient::ZeroCastling => "castling written with zeros",
            Lenient::PromotionWithoutEquals => "promotion without '='",
            Lenient::PromotionInParentheses => "promotion piece in parentheses",
            Lenient::EnPassantSuffix => "'e.p.' suffix",
            Lenient::StarDrop => "drop written with '*'",
            Lenient::PawnDropWithoutLetter => "pawn drop without 'P'",
            Lenient::DoublePlusMate => "mate written '++'",
            Lenient::MissingCheckMark => "missing check or mate mark",
            Lenient::WrongCheckMark => "wrong check or mate mark",
            Lenient::NeedlessDisambiguation => "needless disambiguation",
            Lenient::CaptureMarkMismatch => "capture mark does not match the move",
        })
    }
}

/// A token that is not a move at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed move {token:?}: {expected}")]
pub struct ParseSanError {
    pub token: String,
    pub expected: &'static str,
}

/// A parsed token: the move, the mark written after it, and lenient spellings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedSan {
    pub san: San,
    pub suffix: Option<Suffix>,
    pub lenient: Vec<Lenient>,
}

/// A token resolved in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// A move by movement alone, forbidden by a rule; with the explanation.
    Illegal {
        mv: Move,
        ruling: &'static str,
        reason: String,
    },
    /// Nothing in the position matches the token.
    NoMatch,
    /// The token fits several legal moves (canonical SAN of each).
    Ambiguous { candidates: Vec<String> },
    /// A promotion without a promotion piece, or the reverse.
    Promotion { expected: &'static str },
    /// The position is already a game end (G5, FL1).
    GameOver { outcome: crate::rules::Outcome },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Illegal { reason, ruling, .. } => write!(f, "{reason} ({ruling})"),
            SanError::NoMatch => f.write_str("no piece can make this move"),
            SanError::Ambiguous { candidates } => {
                write!(f, "ambiguous: could be {}", candidates.join(" or "))
            }
            SanError::Promotion { expected } => f.write_str(expected),
            SanError::GameOver { outcome } => {
                write!(
                    f,
                    "the game is already over: {outcome} ({})",
                    outcome.ruling()
                )
            }
        }
    }
}

fn err(token: &str, expected: &'static str) -> ParseSanError {
    ParseSanError {
        token: token.to_owned(),
        expected,
    }
}

/// Reads a piece code at the start: one upper-case letter or an LB compound.
fn piece_code(s: &str) -> Option<(Role, &str)> {
    let b = s.as_bytes();
    let first = *b.first()?;
    if !first.is_ascii_uppercase() {
        return None;
    }
    if let Some(&second) = b.get(1) {
        if second.is_ascii_uppercase() {
            if let Some(r) = Role::from_code(&s[..2]).filter(|r| r.is_compound()) {
                return Some((r, &s[2..]));
            }
        }
    }
    Role::from_char(first as char).map(|r| (r, &s[1..]))
}

/// The plain canonical shapes most tokens have (`e4`, `exd5`, `e8=Q`, `Nf3`,
/// `Nxe5`, `Nbd7`, `R1e2`, each with an optional `+` or `#`), read without
/// the general parser; `None` for anything else, which the general parser
/// then reads. Both agree on every token this accepts (tested).
fn parse_plain(t: &[u8]) -> Option<ParsedSan> {
    let (body, suffix) = match t {
        [body @ .., b'+'] => (body, Some(Suffix::Check)),
        [body @ .., b'#'] => (body, Some(Suffix::Mate)),
        _ => (t, None),
    };
    let file = |c: u8| c.is_ascii_lowercase().then(|| c - b'a');
    // `parse_square` for a one-digit rank, without its general checks.
    let square = |f: u8, r: u8| {
        (f.is_ascii_lowercase() && matches!(r, b'1'..=b'9'))
            .then(|| Square::new(f - b'a', r - b'1'))?
    };
    let piece = |c: u8| match c {
        b'N' | b'B' | b'R' | b'Q' | b'K' => Role::from_char(c as char),
        _ => None,
    };
    let promotion = |c: u8| match c {
        b'Q' | b'R' | b'B' | b'N' => Role::from_char(c as char),
        _ => None,
    };
    let pawn = |file, capture, to, promotion| San::Normal {
        role: Some(Role::Pawn),
        file,
        rank: None,
        capture,
        to,
        promotion,
    };
    let san = match *body {
        [f, r] => pawn(None, false, square(f, r)?, None),
        [f, r, b'=', p] => pawn(None, false, square(f, r)?, Some(promotion(p)?)),
        [from @ b'a'..=b'z', b'x', f, r] => pawn(Some(file(from)?), true, square(f, r)?, None),
        [from @ b'a'..=b'z', b'x', f, r, b'=', p] => {
            pawn(Some(file(from)?), true, square(f, r)?, Some(promotion(p)?))
        }
        [p, ref rest @ ..] => {
            let role = Some(piece(p)?);
            let (hint, capture, f, r) = match *rest {
                [f, r] => (None, false, f, r),
                [b'x', f, r] => (None, true, f, r),
                [h, f, r] => (Some(h), false, f, r),
                [h, b'x', f, r] => (Some(h), true, f, r),
                _ => return None,
            };
            let (file, rank) = match hint {
                None => (None, None),
                Some(h @ b'a'..=b'z') => (Some(h - b'a'), None),
                Some(h @ b'1'..=b'9') => (None, Some(h - b'1')),
                Some(_) => return None,
            };
            San::Normal {
                role,
                file,
                rank,
                capture,
                to: square(f, r)?,
                promotion: None,
            }
        }
        _ => return None,
    };
    Some(ParsedSan {
        san,
        suffix,
        lenient: Vec::new(),
    })
}

fn promotion_role(c: u8) -> Option<Role> {
    Role::from_char(c as char).filter(|r| Role::PROMOTIONS.contains(r))
}

impl San {
    /// Parses a token (the text of one move, check mark included).
    pub fn parse(token: &str) -> Result<ParsedSan, ParseSanError> {
        match parse_plain(token.as_bytes()) {
            Some(parsed) => Ok(parsed),
            None => San::parse_general(token),
        }
    }

    /// [`San::parse`] on bytes, as a PGN reader lends them: the common
    /// tokens are read without a UTF-8 check; bytes that are not UTF-8 are
    /// no move.
    ///
    /// ```
    /// use fvnote::notation::san::San;
    /// assert_eq!(San::parse_bytes(b"Nbd7").unwrap(), San::parse("Nbd7").unwrap());
    /// assert!(San::parse_bytes(b"N\xffd7").is_err());
    /// ```
    pub fn parse_bytes(token: &[u8]) -> Result<ParsedSan, ParseSanError> {
        match parse_plain(token) {
            Some(parsed) => Ok(parsed),
            None => match std::str::from_utf8(token) {
                Ok(token) => San::parse_general(token),
                Err(_) => Err(err(&String::from_utf8_lossy(token), "a move in UTF-8")),
            },
        }
    }

    /// Every spelling the notation accepts (see `notation/moves.md`).
    fn parse_general(token: &str) -> Result<ParsedSan, ParseSanError> {
        let mut lenient = Vec::new();
        let mut s = token.trim();
        if s.is_empty() || s.len() > 64 {
            return Err(err(token, "a move of 1 to 64 characters"));
        }
        // Check and mate marks.
        let mut suffix = None;
        if let Some(rest) = s.strip_suffix("++") {
            suffix = Some(Suffix::Mate);
            lenient.push(Lenient::DoublePlusMate);
            s = rest;
        } else if let Some(rest) = s.strip_suffix('#') {
            suffix = Some(Suffix::Mate);
            s = rest;
        } else if let Some(rest) = s.strip_suffix('+') {
            suffix = Some(Suffix::Check);
            s = rest;
        }
        let san = San::parse_body(s, token, &mut lenient)?;
        Ok(ParsedSan {
            san,
            suffix,
            lenient,
        })
    }

    fn parse_body(s: &str, token: &str, lenient: &mut Vec<Lenient>) -> Result<San, ParseSanError> {
        match s {
            "O-O" => return Ok(San::Castle(CastleSide::King)),
            "O-O-O" => return Ok(San::Castle(CastleSide::Queen)),
            "0-0" | "0-0-0" => {
                lenient.push(Lenient::ZeroCastling);
                let side = if s.len() == 3 {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                return Ok(San::Castle(side));
            }
            _ => {}
        }
        // Quake: K-qn (QK1).
        if let Some(d) = s.strip_prefix("K-q") {
            let mut cs = d.chars();
            return match (cs.next().and_then(Dir::from_char), cs.next()) {
                (Some(dir), None) => Ok(San::Quake { dir }),
                _ => Err(err(token, "a quake K-qn, K-qs, K-qe or K-qw")),
            };
        }
        // Slide: S3e (FL9).
        if let Some(rest) = s.strip_prefix('S') {
            let b = rest.as_bytes();
            return match b {
                [d @ b'1'..=b'9', dir] => match Dir::from_char(*dir as char) {
                    Some(dir @ (Dir::East | Dir::West)) => Ok(San::Slide {
                        rank: d - b'1',
                        dir,
                    }),
                    _ => Err(err(token, "a slide such as S3e or S4w (direction e or w)")),
                },
                _ => Err(err(token, "a slide such as S3e or S4w")),
            };
        }
        // Cages: C-a5 (SC1), C>a5/e7=Q (SC2, SC3).
        if let Some(rest) = s.strip_prefix("C-") {
            return parse_square(rest.as_bytes())
                .map(|to| San::CageMove { to })
                .ok_or_else(|| err(token, "a relocation such as C-a5"));
        }
        if let Some(rest) = s.strip_prefix("C>") {
            let mut parts = rest.split('/');
            let to = parts
                .next()
                .and_then(|t| parse_square(t.as_bytes()))
                .ok_or_else(|| err(token, "an insertion such as C>a5 or C>e1/e7=Q"))?;
            let mut promotions = Vec::new();
            for p in parts {
                let (sq, role) = p
                    .split_once('=')
                    .and_then(|(sq, r)| Some((parse_square(sq.as_bytes())?, r)))
                    .and_then(|(sq, r)| match r.as_bytes() {
                        [c] => Some((sq, promotion_role(*c)?)),
                        _ => None,
                    })
                    .ok_or_else(|| err(token, "a promotion suffix such as /e7=Q"))?;
                if promotions.len() == 2 {
                    return Err(err(token, "at most two promotions after an insertion"));
                }
                promotions.push((sq, role));
            }
            promotions.sort_by_key(|(sq, _)| sq.rank());
            return Ok(San::CageInsert { to, promotions });
        }
        // Drops: N@e4, P@e4, RN@c3; lenient N*e4 and @e4.
        if let Some(at) = s.find(['@', '*']) {
            if s.as_bytes()[at] == b'*' {
                lenient.push(Lenient::StarDrop);
            }
            let (piece, target) = (&s[..at], &s[at + 1..]);
            let role = if piece.is_empty() {
                lenient.push(Lenient::PawnDropWithoutLetter);
                Role::Pawn
            } else {
                match piece_code(piece) {
                    Some((r, "")) if r != Role::King => r,
                    _ => return Err(err(token, "a drop such as N@e4 or P@e4")),
                }
            };
            let to = parse_square(target.as_bytes())
                .ok_or_else(|| err(token, "a drop such as N@e4 or P@e4"))?;
            return Ok(San::Drop { role, to });
        }
        San::parse_piece_move(s, token, lenient)
    }

    fn parse_piece_move(
        s: &str,
        token: &str,
        lenient: &mut Vec<Lenient>,
    ) -> Result<San, ParseSanError> {
        const EXPECTED: &str = "a move such as e4, Nf3, exd5, Rad1, e8=Q or O-O";
        let (role, mut rest) = match piece_code(s) {
            Some((r, rest)) => (Some(r), rest),
            None => (None, s),
        };
        if let Some(r) = rest
            .strip_suffix(" e.p.")
            .or_else(|| rest.strip_suffix("e.p."))
        {
            lenient.push(Lenient::EnPassantSuffix);
            rest = r;
        }
        // Promotion at the end: =Q, Q, (Q), =(Q), q (after long algebraic).
        let mut promotion = None;
        let b = rest.as_bytes();
        let n = b.len();
        if n >= 3 && b[n - 1] == b')' && b[n - 3] == b'(' {
            promotion = Some(promotion_role(b[n - 2]).ok_or_else(|| err(token, EXPECTED))?);
            let cut = if n >= 4 && b[n - 4] == b'=' {
                n - 4
            } else {
                n - 3
            };
            rest = &rest[..cut];
            lenient.push(Lenient::PromotionInParentheses);
        } else if n >= 2 && b[n - 2] == b'=' {
            promotion = Some(
                promotion_role(b[n - 1])
                    .filter(|_| b[n - 1].is_ascii_uppercase())
                    .ok_or_else(|| err(token, "a promotion piece Q, R, B or N after '='"))?,
            );
            rest = &rest[..n - 2];
        } else if n >= 2 && b[n - 1].is_ascii_alphabetic() && b[n - 2].is_ascii_digit() {
            promotion = Some(promotion_role(b[n - 1]).ok_or_else(|| err(token, EXPECTED))?);
            rest = &rest[..n - 1];
            lenient.push(Lenient::PromotionWithoutEquals);
        }
        // Destination: the last letter followed by digits.
        let b = rest.as_bytes();
        let digits = b.iter().rev().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits + 1 > b.len() {
            return Err(err(token, EXPECTED));
        }
        let split = b.len() - digits - 1;
        let to = parse_square(&b[split..]).ok_or_else(|| err(token, EXPECTED))?;
        let mut head = &b[..split];
        let mut capture = false;
        let mut dash = false;
        if let Some((&last, init)) = head.split_last() {
            match last {
                b'x' | b':' => {
                    capture = true;
                    head = init;
                }
                b'-' => {
                    dash = true;
                    head = init;
                }
                _ => {}
            }
        }
        // Origin hints: an optional file letter, then optional rank digits.
        let mut file = None;
        let mut rank = None;
        if let Some((&f, tail)) = head.split_first() {
            if f.is_ascii_lowercase() {
                file = Some(f - b'a');
                head = tail;
            }
        }
        if !head.is_empty() {
            if !head.iter().all(u8::is_ascii_digit) || head.len() > 2 || head[0] == b'0' {
                return Err(err(token, EXPECTED));
            }
            let r: u8 = std::str::from_utf8(head)
                .ok()
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| err(token, EXPECTED))?;
            rank = Some(r - 1);
        }
        let full_origin = file.is_some() && rank.is_some();
        if dash && !full_origin {
            return Err(err(token, EXPECTED));
        }
        if full_origin && (dash || role.is_none() || role == Some(Role::Pawn)) {
            lenient.push(Lenient::LongAlgebraic);
        }
        let role = match role {
            Some(r) => Some(r),
            None if full_origin => None,
            None => Some(Role::Pawn),
        };
        if role == Some(Role::Pawn) && rank.is_some() && !full_origin {
            return Err(err(token, EXPECTED));
        }
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

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
                    Move::Normal {
                        role,
                        from,
                        to,
                        promotion,
                        ..
                    } => (role, from, to, promotion),
                    Move::EnPassant { from, to } => (Role::Pawn, from, to, None),
                    Move::Castle { king, rook } => {
                        // Lenient: castling written as the king's move (Ke1g1, e1g1).
                        let land = crate::rules::movegen::castle_squares(king, rook).1;
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
                to == t
                    && promotions
                        .iter()
                        .map(|x| x.1)
                        .eq(p.iter().flatten().copied())
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
        // Match the token against candidates first, then check legality of the
        // few that match: far cheaper than generating every legal move.
        let scope = match self.san {
            San::Normal { role, to, .. } => Scope::Target { role, to },
            San::Castle(_) => Scope::Role(Role::King),
            San::Drop { .. }
            | San::Slide { .. }
            | San::Quake { .. }
            | San::CageMove { .. }
            | San::CageInsert { .. } => Scope::Extras,
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
                    | Move::Normal {
                        role: Role::Pawn,
                        capture: Some(_),
                        ..
                    }
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
                .any(|m| matches!(m, Move::Normal { to: t, promotion: Some(_), .. } if t == to));
            if promotion.is_none() && promo_needed {
                return SanError::Promotion {
                    expected: "a promotion piece, e.g. e8=Q",
                };
            }
        }
        SanError::NoMatch
    }
}

/// Which hints canonical SAN needs for `mv`: (file, rank).
fn disambiguation(pos: &Position, mv: &Move, cands: &[Move], in_check: bool) -> (bool, bool) {
    let Move::Normal { role, from, to, .. } = *mv else {
        return (false, false);
    };
    if role == Role::Pawn {
        return (false, false);
    }
    // Rivals: other legal moves of the same piece type to the same square.
    let mut rivals: Vec<Square> = Vec::new();
    for m in cands {
        if let Move::Normal {
            role: r,
            from: f,
            to: t,
            ..
        } = *m
        {
            if r == role
                && t == to
                && f != from
                && !rivals.contains(&f)
                && pos.is_legal_candidate_in(m, in_check)
            {
                rivals.push(f);
            }
        }
    }
    if rivals.is_empty() {
        (false, false)
    } else if rivals.iter().all(|f| f.file() != from.file()) {
        (true, false)
    } else if rivals.iter().all(|f| f.rank() != from.rank()) {
        (false, true)
    } else {
        (true, true)
    }
}

/// The check or mate mark the move deserves (FL9: never `#` in Fault Line).
pub fn check_suffix(pos: &Position, mv: &Move) -> Option<Suffix> {
    suffix_after(&pos.play(mv))
}

/// The mark deserved by the move that led to `after`.
fn suffix_after(after: &Position) -> Option<Suffix> {
    if !after.gives_check_mark() {
        None
    } else if after.uses_mate_sign() && !after.has_legal_move() {
        Some(Suffix::Mate)
    } else {
        Some(Suffix::Check)
    }
}

fn write_san_without_suffix(pos: &Position, mv: &Move, cands: &[Move]) -> String {
    let mut out = CompactString::default();
    write_body(
        &mut out,
        pos,
        mv,
        disambiguation(pos, mv, cands, pos.is_check()),
    );
    out.into()
}

/// Writes canonical SAN without its mark; `hints` = (file, rank) disambiguation.
fn write_body(out: &mut CompactString, pos: &Position, mv: &Move, hints: (bool, bool)) {
    let file = |sq: Square| (b'a' + sq.file()) as char;
    // Writing to a CompactString cannot fail.
    let _ = match *mv {
        Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => {
            if role == Role::Pawn {
                if capture.is_some() {
                    out.push(file(from));
                    out.push('x');
                }
            } else {
                out.push_str(role.code());
                if hints.0 {
                    out.push(file(from));
                }
                if hints.1 {
                    let _ = write!(out, "{}", from.rank() as u32 + 1);
                }
                if capture.is_some() {
                    out.push('x');
                }
            }
            let _ = write!(out, "{to}");
            if let Some(p) = promotion {
                out.push('=');
                out.push_str(p.code());
            }
            Ok(())
        }
        Move::EnPassant { from, to } => write!(out, "{}x{to}", file(from)),
        Move::Castle { king, rook } => {
            out.push_str(if rook > king { "O-O" } else { "O-O-O" });
            Ok(())
        }
        Move::Drop { role, to } => write!(out, "{}@{to}", role.code()),
        Move::Slide { rank, dir } => write!(out, "S{}{}", rank as u32 + 1, dir.char()),
        Move::Quake { dir } => write!(out, "K-q{}", dir.char()),
        Move::CageMove { to } => write!(out, "C-{to}"),
        Move::CageInsert { to, promotions } => {
            let _ = write!(out, "C>{to}");
            let squares = crate::rules::promotion_squares(pos, mv);
            for (sq, role) in squares.iter().zip(promotions.iter().flatten()) {
                let _ = write!(out, "/{sq}={}", role.code());
            }
            Ok(())
        }
    };
}

/// A move in long algebraic form for messages, legal or not: `Nb1-c3`, `e4xd5`,
/// `e7-e8=Q`, and the variant tokens (`S3e`, `K-qn`, `C-a5`, `N@e4`) as in SAN.
pub fn long_form(pos: &Position, mv: &Move) -> String {
    match *mv {
        Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => {
            let piece = if role == Role::Pawn { "" } else { role.code() };
            let sep = if capture.is_some() { 'x' } else { '-' };
            let promo = promotion
                .map(|p| format!("={}", p.code()))
                .unwrap_or_default();
            format!("{piece}{from}{sep}{to}{promo}")
        }
        Move::EnPassant { from, to } => format!("{from}x{to}"),
        _ => write_san_without_suffix(pos, mv, &[]),
    }
}

/// Canonical SAN of a legal move: minimal disambiguation, `=Q`, `+`/`#`.
pub fn write_san(pos: &Position, mv: &Move) -> String {
    let cands = pos.candidate_moves();
    let mut san = CompactString::default();
    write_body(
        &mut san,
        pos,
        mv,
        disambiguation(pos, mv, &cands, pos.is_check()),
    );
    push_suffix(&mut san, check_suffix(pos, mv));
    san.into()
}

fn push_suffix(san: &mut CompactString, suffix: Option<Suffix>) {
    match suffix {
        Some(Suffix::Check) => san.push('+'),
        Some(Suffix::Mate) => san.push('#'),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse_plain` and the general parser agree wherever `parse_plain` answers.
    fn agree(t: &[u8]) -> bool {
        let Some(plain) = parse_plain(t) else {
            return false;
        };
        let text = std::str::from_utf8(t).unwrap();
        let general = San::parse_general(text);
        assert_eq!(
            format!("{:?}", Ok::<_, ParseSanError>(plain)),
            format!("{general:?}"),
            "{text}"
        );
        true
    }

    #[test]
    fn plain_shapes_read_as_the_general_parser_reads_them() {
        const ALPHABET: &[u8] = b"abhiyzx0189=NBRQKPO+#-";
        let mut taken = 0;
        // Every token of up to four bytes over the alphabet …
        let mut t = Vec::new();
        for len in 1..=4u32 {
            for mut n in 0..ALPHABET.len().pow(len) {
                t.clear();
                for _ in 0..len {
                    t.push(ALPHABET[n % ALPHABET.len()]);
                    n /= ALPHABET.len();
                }
                taken += usize::from(agree(&t));
            }
        }
        // … and a sample of longer ones.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..400_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = 5 + (x % 3) as usize;
            t.clear();
            t.extend((0..len).map(|i| ALPHABET[(x >> (8 * i)) as usize % ALPHABET.len()]));
            taken += usize::from(agree(&t));
        }
        // … and every combination of the parts of the longer shapes.
        for p in ["", "N", "K", "P", "e", "exd", "O"] {
            for hint in ["", "a", "h", "1", "9", "0", "x"] {
                for sep in ["", "x", "-"] {
                    for sq in ["e4", "h8", "z1", "a0", "i9", "e10"] {
                        for tail in ["", "=Q", "=K", "=q", "Q", "+", "#", "++", "=N#"] {
                            let t = format!("{p}{hint}{sep}{sq}{tail}");
                            taken += usize::from(agree(t.as_bytes()));
                        }
                    }
                }
            }
        }
        assert!(taken > 1_500, "{taken}");
        for canonical in [
            "e4", "exd5", "e8=Q#", "Nf3", "Nxe5+", "Nbd7", "R1e2", "Qh4xe1",
        ] {
            assert_eq!(
                parse_plain(canonical.as_bytes()).is_some(),
                canonical != "Qh4xe1",
                "{canonical}"
            );
        }
    }
}
