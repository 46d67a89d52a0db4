//! The positions of a replay page and its move list, made a main-line move
//! at a time: each position (a step) is written as compact data (what
//! changed since the step it follows), so a page costs memory for the move
//! being made, not for the game.
//!
//! A step is a JSON object; a field left out means "as the step before":
//! `s` SAN, `u` the step it follows (when not the one just before), `v` 1
//! when it opens a variation (it is not its parent's next step), `d` the
//! squares that changed (index, character, …) or, when the frame changed,
//! `f`, `r` and the whole board `b`; `t` the side to move when it is not the
//! other side; `c` cages, `h` hands, `l` the caption's key lines when they
//! changed; `m` the cells the move touched; `k` the checked king's cell;
//! `L` Rank and File's permitted lines of the side to move (`[1, mask]`
//! files, `[0, mask]` ranks) when they changed; `F` the position's FEN
//! after its placement and pockets (` w KQkq - 0 1`: the script writes
//! those from the board and hands, as `notation/fen` does).
//! From the move's comments, not inherited: `a` arrows (`[from, to,
//! brush]`) and `q` marks (`[cell, brush]`) of `[%cal]`/`[%csl]`, `w` the
//! mover's clock in seconds (`[%clk]`), `x` the time the move took in
//! seconds (`[%emt]`); inherited: `e` the evaluation in
//! pawns or `E` mate in N (`[%eval]`).
//! The page's script rebuilds each position from these.

use std::fmt::Write as _;

use super::{escape, nag_text};
use crate::model::{Comment, Node};
use crate::notation::annotation::{untyped_text, Annotations, EvalValue};
use crate::notation::fen::write_fen;
use crate::notation::san::San;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::render::highlight::{checked_king, last_move};
use crate::render::legend::legend;
use crate::render::options::Options;
use crate::square::Square;

/// Variations nested deeper than this are listed as text without boards, so
/// a hostile record cannot exhaust the call stack.
pub const MAX_DEPTH: usize = 64;

/// One character a square: `*` a hole, `.` empty, `A`–`L` White's roles,
/// `a`–`l` Black's.
pub fn piece_char(p: Piece) -> char {
    let base = if p.color == Color::White { b'A' } else { b'a' };
    (base + p.role as u8 - 1) as char
}

fn board_string(pos: &Position) -> String {
    pos.squares()
        .map(|sq| match pos.is_cell(sq) {
            false => '*',
            true => pos.piece_at(sq).map_or('.', piece_char),
        })
        .collect()
}

/// A square's index in [`board_string`], or -1.
fn cell_index(pos: &Position, sq: Option<Square>) -> i64 {
    let (files, _) = pos.frame();
    sq.map_or(-1, |s| {
        i64::from(s.rank()) * i64::from(files) + i64::from(s.file())
    })
}

/// The FEN of `pos` from the space after its placement and pockets.
fn fen_tail(pos: &Position) -> String {
    let fen = write_fen(pos);
    fen.find(' ')
        .map_or_else(String::new, |i| fen[i..].to_owned())
}

/// A string as JSON (the page escapes `<`, `>` and `&` when it writes it).
fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// A step's position, and what the steps after it are told apart from.
#[derive(Clone)]
struct At {
    index: usize,
    /// Plies from the start of the game.
    ply: usize,
    pos: Position,
    board: String,
    cages: String,
    hands: String,
    keys: String,
    /// Rank and File's permitted lines of the side to move, as written.
    lines: String,
    /// A step already follows it as its next one.
    has_next: bool,
}

impl At {
    fn new(index: usize, ply: usize, pos: Position) -> At {
        let cages = format!(
            "[{},{}]",
            cell_index(&pos, pos.cage(Color::White)),
            cell_index(&pos, pos.cage(Color::Black))
        );
        let hands: Vec<Vec<(String, u8)>> = Color::ALL
            .iter()
            .map(|&c| {
                Role::ALL
                    .iter()
                    .filter(|&&r| pos.in_hand(c, r) > 0)
                    .map(|&r| (Piece::new(c, r).code(), pos.in_hand(c, r)))
                    .collect()
            })
            .collect();
        // The first line (side to move, check, last move) the script writes.
        let keys: Vec<String> = legend(&pos, &Options::default())
            .into_iter()
            .skip(1)
            .collect();
        let lines = match pos.variant() {
            crate::variant::Variant::RankAndFile => {
                let l = crate::rules::rank_and_file::permitted(&pos, pos.turn());
                format!("[{},{}]", u8::from(l.files), l.mask)
            }
            _ => String::new(),
        };
        At {
            index,
            ply,
            lines,
            board: board_string(&pos),
            cages,
            hands: serde_json::to_string(&hands).unwrap_or_default(),
            keys: serde_json::to_string(&keys).unwrap_or_default(),
            pos,
            has_next: false,
        }
    }

    /// The most kinds of piece either side holds in hand.
    fn hand_kinds(&self) -> usize {
        Color::ALL
            .iter()
            .map(|&c| {
                Role::ALL
                    .iter()
                    .filter(|&&r| self.pos.in_hand(c, r) > 0)
                    .count()
            })
            .max()
            .unwrap_or(0)
    }
}

/// Makes the steps and the move list of one game.
pub struct Steps {
    /// Where the main line goes on; `None` after a move that could not be
    /// played (the rest of the line is listed, not played).
    main: Option<At>,
    /// Steps made so far.
    count: usize,
    /// Steps made and not yet taken ([`Steps::take_data`]): JSON objects,
    /// comma-separated.
    data: String,
    /// The most kinds of piece in one hand, over every step.
    pub hand_kinds: usize,
    /// A black move gets its number after anything that interrupts the line.
    interrupted: bool,
    /// Some step has a clock (`[%clk]`).
    pub clocks: bool,
    /// Some step has the time its move took (`[%emt]`).
    pub emts: bool,
    /// Some step has an evaluation (`[%eval]`).
    pub evals: bool,
}

impl Steps {
    /// The steps of a game from `start` (its step 0, made here).
    pub fn new(start: Position) -> Steps {
        let at = At::new(0, 0, start);
        let (f, r) = at.pos.frame();
        let mut data = String::new();
        let _ = write!(
            data,
            "{{\"f\":{f},\"r\":{r},\"b\":{},\"t\":{},\"c\":{},\"h\":{},\"l\":{},\"m\":[],\"F\":{}",
            json_str(&at.board),
            u8::from(at.pos.turn() == Color::Black),
            at.cages,
            at.hands,
            at.keys,
            json_str(&fen_tail(&at.pos))
        );
        if !at.lines.is_empty() {
            let _ = write!(data, ",\"L\":{}", at.lines);
        }
        data.push('}');
        Steps {
            hand_kinds: at.hand_kinds(),
            main: Some(at),
            count: 1,
            data,
            interrupted: true,
            clocks: false,
            emts: false,
            evals: false,
        }
    }

    /// The steps made since the last call, as the elements of a JSON array.
    pub fn take_data(&mut self) -> String {
        std::mem::take(&mut self.data)
    }

    /// Bytes of step data waiting.
    pub fn waiting(&self) -> usize {
        self.data.len()
    }

    /// A comment of the move list (before the first move, or anywhere).
    pub fn comment(&mut self, c: &Comment, html: &mut String) {
        // Typed annotations show as clocks, the bar, arrows and marks.
        let shown = untyped_text(&c.text);
        if shown.trim().is_empty() {
            return;
        }
        let _ = write!(html, "<span class=\"cm\">{}</span> ", escape(shown.trim()));
        self.interrupted = true;
    }

    /// The next main-line node, with its variations: its steps made and its
    /// part of the move list written to `html`.
    pub fn main_node(&mut self, node: &Node, html: &mut String) {
        let mut main = self.main.take();
        self.node(&mut main, node, 0, html);
        self.main = main;
    }

    /// Plays `node` from `at` (which it then leaves at the step it made, or
    /// `None`), with its comments and variations.
    fn node(&mut self, at: &mut Option<At>, node: &Node, depth: usize, html: &mut String) {
        for c in &node.comments_before {
            self.comment(c, html);
        }
        let Some(mut prev) = at.take() else {
            let _ = write!(html, "<span class=\"dead\">{}</span> ", escape(&node.san));
            self.interrupted = true;
            for c in &node.comments {
                self.comment(c, html);
            }
            return;
        };
        let mut pos = prev.pos.clone();
        let played = San::parse(&node.san)
            .map_err(|e| e.to_string())
            .and_then(|p| p.play(&mut pos).map_err(|e| e.to_string()));
        match played {
            Ok(resolved) => {
                let marks = last_move(&prev.pos, &resolved.mv, &pos);
                let next = At::new(self.count, prev.ply + 1, pos);
                let notes = Annotations::of(node.comments.iter().map(|c| c.text.as_str()));
                self.step(&prev, &next, resolved.san.as_ref(), &marks);
                self.annotate(&next.pos, &notes);
                self.count += 1;
                self.number(&prev.pos, html);
                let _ = write!(
                    html,
                    "<span class=\"mv\" data-n=\"{}\" tabindex=\"0\">{}</span>",
                    next.index,
                    escape(resolved.san.as_ref())
                );
                for &nag in &node.nags {
                    let _ = write!(
                        html,
                        "<span class=\"nag\" title=\"${nag}\">{}</span>",
                        escape(&nag_text(nag))
                    );
                }
                html.push(' ');
                self.interrupted = false;
                prev.has_next = true;
                *at = Some(next);
            }
            Err(why) => {
                let ply = prev.ply + 1;
                let _ = write!(
                    html,
                    "<span class=\"mv bad\" title=\"{}\">{}</span> <span class=\"err\">⟵ ply {ply} cannot be played: {}</span> ",
                    escape(&why),
                    escape(&node.san),
                    escape(&why)
                );
                self.interrupted = true;
            }
        }
        for c in &node.comments {
            self.comment(c, html);
        }
        for variation in &node.variations {
            if depth >= MAX_DEPTH {
                html.push_str(
                    "<span class=\"cm\">(variations nested deeper are not shown)</span> ",
                );
                break;
            }
            html.push_str("<span class=\"var\">( ");
            self.interrupted = true;
            let mut line = Some(prev.clone());
            for n in variation {
                self.node(&mut line, n, depth + 1, html);
            }
            // The branch point's first child is its next step.
            prev.has_next |= !variation.is_empty();
            html.push_str(")</span> ");
            self.interrupted = true;
        }
    }

    /// The move number before a move from `before`.
    fn number(&self, before: &Position, html: &mut String) {
        match before.turn() {
            Color::White => {
                let _ = write!(html, "<span class=\"num\">{}.</span> ", before.fullmoves());
            }
            Color::Black if self.interrupted => {
                let _ = write!(html, "<span class=\"num\">{}…</span> ", before.fullmoves());
            }
            Color::Black => {}
        }
    }

    /// Ends the step just written with what `notes` say (see the module),
    /// and its FEN.
    fn annotate(&mut self, pos: &Position, notes: &Annotations) {
        let d = &mut self.data;
        // The step's closing brace comes off and goes back on.
        d.pop();
        let _ = write!(d, ",\"F\":{}", json_str(&fen_tail(pos)));
        let (files, ranks) = pos.frame();
        let index = |sq: Square| {
            (sq.file() < files && sq.rank() < ranks).then(|| cell_index(pos, Some(sq)))
        };
        let arrows: Vec<String> = notes
            .arrows
            .iter()
            .filter_map(|a| {
                Some(format!(
                    "[{},{},\"{}\"]",
                    index(a.from)?,
                    index(a.to)?,
                    a.brush.letter()
                ))
            })
            .collect();
        if !arrows.is_empty() {
            let _ = write!(d, ",\"a\":[{}]", arrows.join(","));
        }
        let marks: Vec<String> = notes
            .marks
            .iter()
            .filter_map(|m| Some(format!("[{},\"{}\"]", index(m.square)?, m.brush.letter())))
            .collect();
        if !marks.is_empty() {
            let _ = write!(d, ",\"q\":[{}]", marks.join(","));
        }
        if let Some(clock) = notes.clock {
            let _ = write!(d, ",\"w\":{}", clock.seconds());
            self.clocks = true;
        }
        if let Some(spent) = notes.emt {
            let _ = write!(d, ",\"x\":{}", spent.seconds());
            self.emts = true;
        }
        match notes.eval.map(|e| e.value) {
            Some(EvalValue::Pawns(p)) => {
                let _ = write!(d, ",\"e\":{p}");
                self.evals = true;
            }
            Some(EvalValue::Mate(n)) => {
                let _ = write!(d, ",\"E\":{n}");
                self.evals = true;
            }
            None => {}
        }
        d.push('}');
    }

    /// Writes step `next`, made by `san` from `prev`.
    fn step(&mut self, prev: &At, next: &At, san: &str, marks: &[Square]) {
        let d = &mut self.data;
        if !d.is_empty() {
            d.push(',');
        }
        let _ = write!(d, "{{\"s\":{}", json_str(san));
        if prev.index + 1 != next.index {
            let _ = write!(d, ",\"u\":{}", prev.index);
        }
        if prev.has_next {
            d.push_str(",\"v\":1");
        }
        let (pos, before) = (&next.pos, &prev.pos);
        if pos.frame() == before.frame() {
            d.push_str(",\"d\":[");
            let mut first = true;
            for (i, (a, b)) in prev.board.chars().zip(next.board.chars()).enumerate() {
                if a != b {
                    let sep = if first { "" } else { "," };
                    let _ = write!(d, "{sep}{i},\"{b}\"");
                    first = false;
                }
            }
            d.push(']');
        } else {
            let (f, r) = pos.frame();
            let _ = write!(d, ",\"f\":{f},\"r\":{r},\"b\":{}", json_str(&next.board));
        }
        if pos.turn() == before.turn() {
            let _ = write!(d, ",\"t\":{}", u8::from(pos.turn() == Color::Black));
        }
        if next.cages != prev.cages {
            let _ = write!(d, ",\"c\":{}", next.cages);
        }
        if next.hands != prev.hands {
            let _ = write!(d, ",\"h\":{}", next.hands);
            self.hand_kinds = self.hand_kinds.max(next.hand_kinds());
        }
        if next.keys != prev.keys {
            let _ = write!(d, ",\"l\":{}", next.keys);
        }
        if next.lines != prev.lines {
            let _ = write!(d, ",\"L\":{}", next.lines);
        }
        let cells: Vec<String> = marks
            .iter()
            .map(|&s| cell_index(pos, Some(s)).to_string())
            .collect();
        let _ = write!(d, ",\"m\":[{}]", cells.join(","));
        let king = cell_index(pos, checked_king(pos));
        if king >= 0 {
            let _ = write!(d, ",\"k\":{king}");
        }
        d.push('}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pgn::read_all;
    use crate::variant::Variant;

    /// The steps of `pgn`'s first game, as JSON values, and its move list.
    fn steps_of(pgn: &[u8]) -> (Vec<serde_json::Value>, String) {
        let game = read_all(pgn).remove(0).unwrap();
        let mut steps = Steps::new(Position::start(Variant::Chess));
        let mut html = String::new();
        for node in &game.moves {
            steps.main_node(node, &mut html);
        }
        let data = format!("[{}]", steps.take_data());
        (serde_json::from_str(&data).unwrap(), html)
    }

    #[test]
    fn variations_branch_from_the_position_before() {
        let (steps, html) = steps_of(b"1. e4 (1. d4 d5) 1... e5 2. Nf3 Qxx 3. a3 *");
        let sans: Vec<&str> = steps
            .iter()
            .map(|s| s["s"].as_str().unwrap_or(""))
            .collect();
        assert_eq!(sans, ["", "e4", "d4", "d5", "e5", "Nf3"]);
        // d4 branches from the start and is not its next step; the main
        // line goes on from e4.
        assert_eq!(
            (steps[2]["u"].as_u64(), steps[2]["v"].as_u64()),
            (Some(0), Some(1))
        );
        assert!(steps[3].get("u").is_none() && steps[3].get("v").is_none());
        assert_eq!((steps[4]["u"].as_u64(), steps[4].get("v")), (Some(1), None));
        // Only what changed: e4 empties e2 and fills e4.
        assert_eq!(steps[1]["d"], serde_json::json!([12, ".", 28, "A"]));
        assert_eq!(html.matches("class=\"mv bad\"").count(), 1);
        assert!(html.contains("<span class=\"dead\">a3</span>"), "{html}");
    }

    #[test]
    fn a_step_inherits_what_did_not_change() {
        let (steps, _) = steps_of(b"1. e4 e5 2. Qh5 Nc6 3. Qxf7# *");
        // Sides alternate and no cage or hand changes: none written again.
        for s in &steps[1..] {
            for key in ["t", "c", "h", "l", "b", "f", "r"] {
                assert!(s.get(key).is_none(), "{key} in {s}");
            }
        }
        // The mate: the checked king's cell, e8.
        assert_eq!(steps[5]["k"], 60);
    }
}
