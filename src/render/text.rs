//! The text diagram: three characters a square, rank numbers both sides,
//! Grid Chess's section lines, hands, side to move, a key and the FEN.

use std::fmt::Write as _;

use super::options::Options;
use crate::notation::fen::write_fen;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::record::diff::PositionDiff;
use crate::square::Square;
use crate::variant::Variant;

/// How one square is drawn: three characters; a marked one starts with `*`.
fn cell_text(pos: &Position, sq: Square, marked: bool) -> String {
    let text = plain_cell_text(pos, sq);
    if !marked {
        return text;
    }
    let mut chars = text.chars();
    chars.next();
    format!("*{}", chars.as_str())
}

fn plain_cell_text(pos: &Position, sq: Square) -> String {
    if !pos.is_cell(sq) {
        return "   ".into();
    }
    let inner = match pos.piece_at(sq) {
        Some(p) => format!("{:<2}", p.code()),
        None => ". ".into(),
    };
    match pos.cage_owner(sq) {
        // White's cage in brackets, Black's in parentheses, as on the rule page.
        Some(Color::White) => format!("[{}]", inner.trim_end()),
        Some(Color::Black) => format!("({})", inner.trim_end()),
        None => format!(" {inner}"),
    }
}

fn hand_text(pos: &Position, color: Color) -> String {
    let mut s = String::new();
    for role in Role::ALL {
        for _ in 0..pos.in_hand(color, role) {
            s.push_str(role.code());
            s.push(' ');
        }
    }
    if s.is_empty() {
        "-".into()
    } else {
        s.trim_end().into()
    }
}

/// Files in drawing order (reversed when flipped).
fn file_order(files: u8, flip: bool) -> Vec<u8> {
    let mut v: Vec<u8> = (0..files).collect();
    if flip {
        v.reverse();
    }
    v
}

/// GR1: a section line runs between files 2k-1 and 2k (and ranks likewise).
fn section_edge(grid: bool, shown: usize, index: u8, prev: Option<u8>) -> bool {
    grid && shown > 0 && prev.is_some_and(|p| p / 2 != index / 2)
}

fn files_line(order: &[u8], grid: bool) -> String {
    let mut s = String::from("    ");
    let mut prev = None;
    for (i, &f) in order.iter().enumerate() {
        if section_edge(grid, i, f, prev) {
            s.push('|');
        }
        let _ = write!(s, " {} ", (b'a' + f) as char);
        prev = Some(f);
    }
    s.trim_end().to_owned()
}

fn rule_line(order: &[u8]) -> String {
    let mut s = String::from("    ");
    let mut prev = None;
    for (i, &f) in order.iter().enumerate() {
        if section_edge(true, i, f, prev) {
            s.push('+');
        }
        s.push_str("---");
        prev = Some(f);
    }
    s
}

/// What the symbols of this diagram mean.
fn key(pos: &Position) -> String {
    let mut parts = vec![". an empty cell"];
    if pos.squares().any(|s| !pos.is_cell(s)) {
        parts.push("blank a hole");
    }
    match pos.variant() {
        Variant::Grid => parts.push("| and - the 2×2 section lines (GR1)"),
        Variant::Slide => parts.push("[x] White's cage, (x) Black's cage (SC0)"),
        Variant::QuakeLb => parts.push("two letters: hunter then carrier (QK0)"),
        _ => {}
    }
    parts.push("upper case White, lower case Black");
    format!("Key: {}\n", parts.join("; "))
}

/// The board's lines: file letters, ranks (with Grid Chess's section
/// lines), file letters; squares in `marks` start with `*`.
fn board_lines(pos: &Position, flip: bool, marks: &[Square]) -> Vec<String> {
    let (files, ranks) = pos.frame();
    let grid = pos.variant() == Variant::Grid;
    let order = file_order(files, flip);
    let mut rank_order: Vec<u8> = (0..ranks).rev().collect();
    if flip {
        rank_order.reverse();
    }
    let mut lines = vec![files_line(&order, grid)];
    let mut prev_rank = None;
    for (i, &rank) in rank_order.iter().enumerate() {
        if section_edge(grid, i, rank, prev_rank) {
            lines.push(rule_line(&order));
        }
        prev_rank = Some(rank);
        let mut s = format!("{:>2}  ", rank as u32 + 1);
        let mut prev = None;
        for (j, &file) in order.iter().enumerate() {
            if section_edge(grid, j, file, prev) {
                s.push('|');
            }
            prev = Some(file);
            if let Some(sq) = Square::new(file, rank) {
                s.push_str(&cell_text(pos, sq, marks.contains(&sq)));
            }
        }
        let _ = write!(s, " {}", rank as u32 + 1);
        lines.push(s);
    }
    lines.push(files_line(&order, grid));
    lines
}

/// A text diagram with `opts.flip` honoured (the other options are for
/// pictures): rank labels, three characters a square (`.` an empty cell,
/// blank a hole, `[ ]`/`( )` White's/Black's cage), Grid Chess's section
/// lines, hands, side to move, a key, FEN.
pub fn text(pos: &Position, opts: &Options) -> String {
    let mut s = String::new();
    for line in board_lines(pos, opts.flip, &[]) {
        s.push_str(&line);
        s.push('\n');
    }
    if pos.variant().has_hands() {
        let _ = writeln!(
            s,
            "In hand: White {}; Black {}",
            hand_text(pos, Color::White),
            hand_text(pos, Color::Black)
        );
    }
    let check = if super::highlight::checked_king(pos).is_some() {
        ", in check"
    } else {
        ""
    };
    let _ = writeln!(s, "{} to move{check}", pos.turn().name());
    s.push_str(&key(pos));
    let _ = writeln!(s, "FEN: {}", write_fen(pos));
    s
}

/// Two diagrams next to each other, as `fvnote diff` draws them: the
/// squares `d` marks carry a `*` (A's on the left, B's on the right), each
/// board in its own frame, then the side to move, and both FENs.
pub fn side_by_side(a: &Position, b: &Position, d: &PositionDiff) -> String {
    let side = |pos: &Position, marks: &[Square]| {
        let mut lines = board_lines(pos, false, marks);
        lines.push(format!("{} to move", pos.turn().name()));
        lines
    };
    let left = side(a, &d.marked_a);
    let right = side(b, &d.marked_b);
    let width = left.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for i in 0..left.len().max(right.len()) {
        let l = left.get(i).map_or("", String::as_str);
        let r = right.get(i).map_or("", String::as_str);
        let pad = width.saturating_sub(l.chars().count());
        let _ = writeln!(
            out,
            "{}",
            format!("{l}{}  |  {r}", " ".repeat(pad)).trim_end()
        );
    }
    let _ = writeln!(out, "A: {}", d.fen_a);
    let _ = writeln!(out, "B: {}", d.fen_b);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_chess_shows_its_sections() {
        let t = text(&Position::start(Variant::Grid), &Options::default());
        assert!(t.starts_with("     a  b | c  d | e  f | g  h\n"), "{t}");
        assert!(t.contains(" 8   r  n | b  q | k  b | n  r  8\n"), "{t}");
        // GR1: a rule between ranks 7|6, 5|4, 3|2 only.
        assert_eq!(
            t.matches("    ------+------+------+------\n").count(),
            3,
            "{t}"
        );
        assert!(t.contains("section lines (GR1)"));
    }

    #[test]
    fn other_variants_keep_the_plain_board() {
        let t = text(&Position::start(Variant::Chess), &Options::default());
        assert!(!t.contains('|') && !t.contains("---"));
    }

    #[test]
    fn flipped_puts_black_at_the_bottom() {
        let opts = Options {
            flip: true,
            ..Options::default()
        };
        let t = text(&Position::start(Variant::Chess), &opts);
        assert!(
            t.starts_with("     h  g  f  e  d  c  b  a\n 1   R  N  B  K  Q  B  N  R  1\n"),
            "{t}"
        );
    }
}
