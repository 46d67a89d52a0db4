//! Diagrams that draw the real geometry: holes, offset ranks, cages, hands.
//!
//! ```
//! use fvnote::{render, Position, Variant};
//! let text = render::text(&Position::start(Variant::FaultLine));
//! assert!(text.contains(" 1   R  N  B  K  B  N  R    "));
//! ```

use std::fmt::Write as _;

use crate::notation::fen::write_fen;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;

/// How one square is drawn: three characters.
fn cell_text(pos: &Position, sq: Square) -> String {
    if !pos.is_cell(sq) {
        return "   ".into();
    }
    let inner = match pos.piece_at(sq) {
        Some(p) => format!("{:<2}", p.code()),
        None => ". ".into(),
    };
    match pos.cage_owner(sq) {
        // White's cage in brackets, Black's in parentheses, as on the rule page.
        Some(Color::White) => format!("[{}]", inner.trim_end().chars().next().unwrap_or(' ')),
        Some(Color::Black) => format!("({})", inner.trim_end().chars().next().unwrap_or(' ')),
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

fn files_line(files: u8) -> String {
    let mut s = String::from("    ");
    for f in 0..files {
        let _ = write!(s, " {} ", (b'a' + f) as char);
    }
    s.trim_end().to_owned() + "\n"
}

/// A text diagram: rank labels, three characters a square (`.` an empty cell,
/// blank a hole, `[ ]`/`( )` White's/Black's cage), hands, side to move, FEN.
pub fn text(pos: &Position) -> String {
    let (files, ranks) = pos.frame();
    let mut s = files_line(files);
    for rank in (0..ranks).rev() {
        let _ = write!(s, "{:>2}  ", rank as u32 + 1);
        for file in 0..files {
            if let Some(sq) = Square::new(file, rank) {
                s.push_str(&cell_text(pos, sq));
            }
        }
        let _ = writeln!(s, " {}", rank as u32 + 1);
    }
    s.push_str(&files_line(files));
    if pos.variant().has_hands() {
        let _ = writeln!(
            s,
            "In hand: White {}; Black {}",
            hand_text(pos, Color::White),
            hand_text(pos, Color::Black)
        );
    }
    let _ = writeln!(s, "{} to move", pos.turn().name());
    let _ = writeln!(s, "FEN: {}", write_fen(pos));
    s
}

/// An SVG diagram of the same geometry.
pub fn svg(pos: &Position) -> String {
    const SQ: u32 = 40;
    let (files, ranks) = pos.frame();
    let (w, h) = (
        u32::from(files) * SQ + 2 * SQ,
        u32::from(ranks) * SQ + 2 * SQ,
    );
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n"
    );
    for rank in 0..ranks {
        for file in 0..files {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let x = SQ + u32::from(file) * SQ;
            let y = SQ + u32::from(ranks - 1 - rank) * SQ;
            if !pos.is_cell(sq) {
                continue;
            }
            let fill = if (file + rank) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"{fill}\"/>"
            );
            if let Some(owner) = pos.cage_owner(sq) {
                let stroke = if owner == Color::White {
                    "#1f5fbf"
                } else {
                    "#bf1f1f"
                };
                let _ = writeln!(s, "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"4\"/>", x + 2, y + 2, SQ - 4, SQ - 4);
            }
            if let Some(p) = pos.piece_at(sq) {
                let (fg, bg) = if p.color == Color::White {
                    ("#fff", "#000")
                } else {
                    ("#000", "#fff")
                };
                let _ = writeln!(s, "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{fg}\" stroke=\"{bg}\" stroke-width=\"0.8\">{}</text>", x + SQ / 2, y + SQ * 2 / 3, if p.role.is_compound() { 16 } else { 22 }, p.role.code());
            }
        }
    }
    for file in 0..files {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            SQ + u32::from(file) * SQ + SQ / 2,
            h - SQ / 3,
            (b'a' + file) as char
        );
    }
    for rank in 0..ranks {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            SQ / 2,
            SQ + u32::from(ranks - 1 - rank) * SQ + SQ * 2 / 3,
            rank as u32 + 1
        );
    }
    s.push_str("</svg>\n");
    s
}
