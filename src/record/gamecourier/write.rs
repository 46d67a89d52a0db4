//! Writing a game as a list: the shortest operations per move.

use compact_str::CompactString;

use crate::model::{Comment, Node, Record, Span, Tag};
use crate::moves::{Move, PieceMove};
use crate::notation::gamecourier::{OpKind, SquareName};
use crate::notation::san::{write_san, San};
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::record::convert::held::GameOut;
use crate::record::convert::stream::{GameEnd, GameSink};
use crate::record::convert::{end_in, Converted, GameError};
use crate::record::gamecourier::read::no_lists;
use crate::record::pipeline::read::GameText;
use crate::record::replay::facts::Facts;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{record_start, record_variant};
use crate::rules::carry::carry;
use crate::square::Square;

use super::coord::{cell_at, coord, piece_at, Coord};
use super::effect::TurnEffect;
use super::label::{cage_label, label_of};
use super::matching::{matching_moves, shifts};

pub(super) fn format_op(op: &OpKind) -> String {
    match op {
        OpKind::Move {
            label: Some(l),
            from,
            to,
        } => format!("{l} {from}-{to}"),
        OpKind::Move {
            label: None,
            from,
            to,
        } => format!("{from}-{to}"),
        OpKind::Put { label, sq } => format!("{label}-{sq}"),
        OpKind::Clear { sq } => format!("{sq}-"),
        OpKind::Drop { label, sq } => format!("{label}*{sq}"),
    }
}

fn sq_name(c: Coord) -> Option<SquareName> {
    Some(SquareName {
        file: u8::try_from(c.0).ok().filter(|&f| f < 26)?,
        rank: u16::try_from(c.1).ok()?,
    })
}

fn mv_op(label: String, from: Coord, to: Coord) -> Option<OpKind> {
    Some(OpKind::Move {
        label: Some(label.into()),
        from: sq_name(from)?,
        to: sq_name(to)?,
    })
}

/// Piece moves of `from` squares one step by `d`, the leading piece first so
/// that no move lands on a piece not yet moved.
fn translate(pos: &Position, from: &[Coord], d: Coord) -> Option<Vec<OpKind>> {
    let mut pieces: Vec<(Coord, Piece)> = from
        .iter()
        .filter_map(|&c| piece_at(pos, c).map(|p| (c, p)))
        .collect();
    pieces.sort_by_key(|&(c, _)| std::cmp::Reverse(c.0 * d.0 + c.1 * d.1));
    pieces
        .into_iter()
        .map(|(c, p)| mv_op(label_of(p), c, (c.0 + d.0, c.1 + d.1)))
        .collect()
}

/// The motion part of a move's operations, before puts and clears.
fn motion(pos: &Position, mv: &Move, after: &Position) -> Option<(Vec<OpKind>, Coord)> {
    let us = pos.turn();
    let at = |sq: Square| pos.piece_at(sq).map(label_of);
    Some(match *mv {
        Move::Normal(PieceMove { from, to, .. }) | Move::EnPassant { from, to } => {
            (vec![mv_op(at(from)?, coord(from), coord(to))?], (0, 0))
        }
        Move::Castle { king, rook } => {
            let kto = coord(after.king(us)?);
            let k = coord(king);
            let rto = coord(pos.castle_targets(king, rook).1);
            // A piece already on its destination (Chess960) has no operation.
            let kop = match k != kto {
                true => Some(mv_op(at(king)?, k, kto)?),
                false => None,
            };
            let rop = match coord(rook) != rto {
                // King and rook swap squares (Chess960): the king's move
                // takes the rook's square, and the rook is put on the king's.
                true if kto == coord(rook) && rto == k => Some(OpKind::Put {
                    label: at(rook)?.into(),
                    sq: sq_name(rto)?,
                }),
                true => Some(mv_op(at(rook)?, coord(rook), rto)?),
                false => None,
            };
            // The king may land where the rook stood: the rook goes first
            // then, unless the two swap (the rook is put after the king).
            let ops: Vec<OpKind> = if kto == coord(rook) && rto != k {
                rop.into_iter().chain(kop).collect()
            } else {
                kop.into_iter().chain(rop).collect()
            };
            if ops.is_empty() {
                return None;
            }
            (ops, (0, 0))
        }
        Move::Drop { role, to } => (
            vec![OpKind::Drop {
                label: label_of(Piece::new(us, role)).into(),
                sq: sq_name(coord(to))?,
            }],
            (0, 0),
        ),
        Move::Slide { rank, dir } => {
            let (files, _) = pos.frame();
            let row: Vec<Coord> = (0..i16::from(files))
                .map(|f| (f, i16::from(rank)))
                .collect();
            let (df, dr) = dir.delta();
            (
                translate(pos, &row, (i16::from(df), i16::from(dr)))?,
                (0, 0),
            )
        }
        Move::Quake { dir } => {
            let cells: Vec<Coord> = pos.cells().map(coord).collect();
            let strip: Vec<Coord> = carry(pos, mv)?
                .moved
                .iter()
                .map(|&(from, _)| coord(from))
                .collect();
            let (df, dr) = dir.delta();
            let d = (i16::from(df), i16::from(dr));
            let [s, back] = shifts(pos, mv, after)[..] else {
                return None;
            };
            if strip.iter().all(|c| c.0 + d.0 >= 0 && c.1 + d.1 >= 0) {
                (translate(pos, &strip, d)?, s)
            } else {
                // The strip would leave the frame's names: the rest moves back.
                let rest: Vec<Coord> = cells.into_iter().filter(|c| !strip.contains(c)).collect();
                (translate(pos, &rest, (-d.0, -d.1))?, back)
            }
        }
        // A pass has no board edit: no Game Courier form.
        Move::Null => return None,
        Move::CageMove { to } => {
            let cage = pos.cage(us)?;
            (
                vec![mv_op(cage_label(us).into(), coord(cage), coord(to))?],
                (0, 0),
            )
        }
        Move::CageInsert { to, .. } => {
            let cage = coord(pos.cage(us)?);
            let end = coord(to);
            let d = ((end.0 - cage.0).signum(), (end.1 - cage.1).signum());
            let n = (end.0 - cage.0).abs().max((end.1 - cage.1).abs());
            let line: Vec<Coord> = (0..n)
                .map(|i| (cage.0 + d.0 * i, cage.1 + d.1 * i))
                .collect();
            let mut ops = translate(pos, &line, d)?;
            if ops.is_empty() {
                // An empty cage across an empty line leaves the board as a
                // relocation would: the cage is shown passing the line (SC2).
                let s1 = (cage.0 + d.0, cage.1 + d.1);
                ops.push(mv_op(cage_label(us).into(), cage, s1)?);
                ops.push(mv_op(cage_label(us).into(), s1, end)?);
            } else {
                ops.push(mv_op(cage_label(us).into(), cage, end)?);
            }
            (ops, (0, 0))
        }
    })
}

/// The operations a reader turns into `mv` and nothing else: the motion,
/// then puts and clears for what it leaves different (promotions, en passant
/// captures), then hole marks while another legal move still matches.
pub fn turn_ops(pos: &Position, mv: &Move) -> Result<Vec<OpKind>, String> {
    let after = pos.play(mv);
    let fail = || {
        format!(
            "{} cannot be written as a Game Courier turn",
            write_san(pos, mv)
        )
    };
    let (mut ops, shift) = motion(pos, mv, &after).ok_or_else(fail)?;
    let mut eff = TurnEffect::start(pos);
    for op in &ops {
        eff.apply(pos, op).map_err(|e| format!("{}: {e}", fail()))?;
    }
    // Then puts and clears, in square order, for what the motion left
    // different (a promotion's piece, a pawn taken en passant).
    for (c, want) in eff.mismatches(pos, &after, shift) {
        let sq = sq_name(c).ok_or_else(fail)?;
        let op = match want {
            Some(p) => OpKind::Put {
                label: label_of(p).into(),
                sq,
            },
            None => OpKind::Clear { sq },
        };
        eff.apply(pos, &op)
            .map_err(|e| format!("{}: {e}", fail()))?;
        ops.push(op);
    }
    // Hole and cell marks, while another legal move still matches: each
    // mark names a square where the two results differ in cells.
    loop {
        let found = matching_moves(pos, &eff);
        // A turn has at least one operation (an empty rank's slide: a hole mark).
        if found == [*mv] && !ops.is_empty() {
            return Ok(ops);
        }
        let other = found.iter().find(|m| *m != mv).copied();
        let mark = mark_between(pos, &after, shift, other.as_ref(), &eff);
        let Some(op) = mark else {
            return Err(format!(
                "{}: the operations {:?} match {} legal moves",
                fail(),
                ops.iter().map(format_op).collect::<Vec<_>>(),
                found.len()
            ));
        };
        eff.apply(pos, &op)
            .map_err(|e| format!("{}: {e}", fail()))?;
        ops.push(op);
    }
}

/// A hole or cell mark true after the move whose result is `after` (mapped by
/// `shift`) and false after `other` (or, with no other, any square `mv`
/// turns into a hole), not yet made.
fn mark_between(
    pos: &Position,
    after: &Position,
    shift: Coord,
    other: Option<&Move>,
    eff: &TurnEffect,
) -> Option<OpKind> {
    let is_cell = |p: &Position, s: Coord, c: Coord| cell_at(p, (c.0 - s.0, c.1 - s.1));
    // The other move's result under the shifts where it matches the turn.
    let other_after = other.map(|m| {
        let o = pos.play(m);
        let ss: Vec<Coord> = shifts(pos, m, &o)
            .into_iter()
            .filter(|&s| eff.distance(pos, &o, s) == 0)
            .collect();
        (o, ss)
    });
    // Squares of either frame, in this frame's coordinates.
    let (files, ranks) = pos.frame();
    for r in -1..=i16::from(ranks) + 1 {
        for f in -1..=i16::from(files) + 1 {
            let c = (f, r);
            if eff.holes.contains(&c) || eff.cells.contains(&c) || sq_name(c).is_none() {
                continue;
            }
            let mine = is_cell(after, shift, c);
            let differs = match &other_after {
                Some((o, ss)) => ss.iter().all(|&s| is_cell(o, s, c) != mine),
                None => !mine && cell_at(pos, c),
            };
            // A hole mark needs a cell before the turn.
            if differs && (mine || cell_at(pos, c)) {
                let label = if mine { "." } else { "#" };
                return Some(OpKind::Put {
                    label: label.into(),
                    sq: sq_name(c)?,
                });
            }
        }
    }
    None
}

/// A turn as text: operations joined by `; `.
pub fn turn_text(ops: &[OpKind]) -> String {
    ops.iter().map(format_op).collect::<Vec<_>>().join("; ")
}

fn write_comment(out: &mut String, prefix: &str, text: &str) {
    for line in text.split('\n') {
        let line = line.trim();
        out.push_str(prefix);
        if line.is_empty() {
            out.push_str("//");
        } else {
            out.push_str("// ");
            out.push_str(line);
        }
        out.push('\n');
    }
}

/// A record's main line as a move list (see [`ListWriter`]), or why it
/// cannot be one.
pub fn write_list(record: &Record) -> Result<String, String> {
    use crate::record::convert::{convert_record, ConvertOptions, Target};
    let opts = ConvertOptions {
        to: Target::Gamecourier,
        json: Default::default(),
        fix_result: false,
    };
    let bytes = convert_record(record, &opts)?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// Writes games as move lists (`convert --to gamecourier`): one numbered
/// turn per main-line move, comments after `//`, a blank line between
/// games. Tags, the result, NAGs and variations are not written (a list
/// cannot carry them); a game that is invalid, or whose main line does not
/// replay, is refused, not written in part.
pub struct ListWriter<O> {
    out: O,
    text: String,
    pos: Option<Position>,
    games: usize,
    failed: bool,
    /// Why a valid game's move has no Game Courier turn (a null move).
    unwritable: Option<String>,
}

impl<O: GameOut> ListWriter<O> {
    /// Lists to `out`.
    pub fn new(out: O) -> ListWriter<O> {
        ListWriter {
            out,
            text: String::new(),
            pos: None,
            games: 0,
            failed: false,
            unwritable: None,
        }
    }

    /// The output.
    pub fn out(&mut self) -> &mut O {
        &mut self.out
    }
}

impl<O: GameOut> GameSink for ListWriter<O> {
    type Output = Converted;

    fn begin_game(&mut self) {
        self.text.clear();
        self.pos = None;
        self.failed = false;
        self.unwritable = None;
    }

    fn movetext(&mut self, tags: &[Tag], _: Span) {
        let head = Record {
            tags: tags.to_vec(),
            ..Record::default()
        };
        let start = record_variant(&head).and_then(|v| record_start(&head, v));
        self.failed = start.is_err();
        if let Some(v) = start.as_ref().ok().map(Position::variant) {
            if !v.has_game_courier() {
                self.failed = true;
                self.unwritable = Some(no_lists(v));
            }
        }
        self.pos = start.ok();
    }

    fn prelude(&mut self, c: &Comment) {
        write_comment(&mut self.text, "", &c.text);
    }

    fn node(&mut self, node: Node, verdicts: &[Option<CompactString>], _facts: &[Facts]) {
        let (Some(pos), Some(Some(san))) = (&mut self.pos, verdicts.first()) else {
            self.failed = true;
            return;
        };
        if self.failed {
            return;
        }
        let out = &mut self.text;
        for c in &node.comments_before {
            write_comment(out, "", &c.text);
        }
        let before = pos.clone();
        let Some(mv) = San::parse(san)
            .ok()
            .and_then(|p| p.play(pos).ok())
            .map(|r| r.mv)
        else {
            self.failed = true;
            return;
        };
        let ops = match turn_ops(&before, &mv) {
            Ok(ops) => ops,
            Err(e) => {
                self.failed = true;
                self.unwritable = Some(e);
                return;
            }
        };
        let dots = if before.turn() == Color::White {
            "."
        } else {
            "..."
        };
        out.push_str(&format!("{}{dots} {}", before.fullmoves(), turn_text(&ops)));
        // One comment of one line goes on the turn's line; the rest below it.
        let mut rest = &node.comments[..];
        if let Some((first, more)) = node.comments.split_first() {
            if !first.text.contains('\n') {
                let t = first.text.trim();
                out.push_str(if t.is_empty() { " //" } else { " // " });
                out.push_str(t);
                rest = more;
            }
        }
        out.push('\n');
        for c in rest {
            write_comment(out, "", &c.text);
        }
    }

    fn end_game(&mut self, end: GameEnd<'_>) -> Converted {
        if self.failed || !end.verdict.valid {
            let why = match self.unwritable.take() {
                Some(turn) => format!("{turn}: it is not written"),
                None => "a move list cannot show that a game is invalid: it is not written".into(),
            };
            return end_in(&mut self.out, Err(GameError::Refused(why)));
        }
        let sep: &[u8] = if self.games > 0 { b"\n" } else { b"" };
        let made = self
            .out
            .write_all(sep)
            .and_then(|()| self.out.write_all(self.text.as_bytes()));
        if made.is_ok() {
            self.games += 1;
        }
        end_in(&mut self.out, made.map(|()| None).map_err(GameError::Io))
    }

    fn unreadable(&mut self, _: &Verdict, _: Option<GameText<'_>>) -> Converted {
        let why = "a game not read to its end has no moves: it is not written";
        end_in(&mut self.out, Err(GameError::Refused(why.into())))
    }
}
