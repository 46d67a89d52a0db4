//! What a diagram draws over the cells besides pieces: the lichess-style
//! arrows and square marks (`[%cal]`, `[%csl]`, `--arrow`, `--mark`), Rank
//! and File's permitted lines (RF1) and Slide-chess's ring (SC0).

use std::fmt::Write as _;

use super::pieces::num;
use super::svg::{Layout, UNIT};
use crate::notation::annotation::{Arrow, Mark};
use crate::position::Position;
use crate::square::Square;

/// Light blue tint of the lines the side to move may move from (RF1).
pub const LINES: &str = "#1f63e0";
/// The ring's empty track (SC0).
pub const RING: &str = "#cfd7e1";

fn inside(l: &Layout, sq: Square) -> bool {
    sq.file() < l.files && sq.rank() < l.ranks
}

/// Square marks: a ring in the brush's colour just inside the square.
pub(super) fn marks(s: &mut String, marks: &[Mark], l: &Layout) {
    for m in marks.iter().filter(|m| inside(l, m.square)) {
        let (cx, cy) = l.centre(m.square);
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"44\" fill=\"none\" stroke=\"{}\" stroke-opacity=\".85\" stroke-width=\"9\" data-mark=\"brush\" data-brush=\"{}\" data-square=\"{}\"/>",
            num(cx),
            num(cy),
            m.brush.rgb(),
            m.brush.name(),
            m.square
        );
    }
}

/// Arrows from centre to centre in the brush's colour; an arrow onto its
/// own square is a ring.
pub(super) fn arrows(s: &mut String, arrows: &[Arrow], l: &Layout) {
    for a in arrows
        .iter()
        .filter(|a| inside(l, a.from) && inside(l, a.to))
    {
        let (x1, y1) = l.centre(a.from);
        let (x2, y2) = l.centre(a.to);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt();
        let (colour, name) = (a.brush.rgb(), a.brush.name());
        let id = format!("{}{}", a.from, a.to);
        if len < 1.0 {
            let _ = writeln!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"42\" fill=\"none\" stroke=\"{colour}\" stroke-opacity=\".8\" stroke-width=\"8\" data-arrow=\"{id}\" data-brush=\"{name}\"/>",
                num(x1),
                num(y1)
            );
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let (px, py) = (-uy, ux);
        let head = 42.0_f64.min(len * 0.6);
        let (bx, by) = (x2 - ux * head, y2 - uy * head);
        let pts = [
            (x1 + px * 9.0, y1 + py * 9.0),
            (bx + px * 9.0, by + py * 9.0),
            (bx + px * 24.0, by + py * 24.0),
            (x2, y2),
            (bx - px * 24.0, by - py * 24.0),
            (bx - px * 9.0, by - py * 9.0),
            (x1 - px * 9.0, y1 - py * 9.0),
        ];
        let points: Vec<String> = pts
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(
            s,
            "<polygon points=\"{}\" fill=\"{colour}\" fill-opacity=\".8\" data-arrow=\"{id}\" data-brush=\"{name}\"/>",
            points.join(" ")
        );
    }
}

/// RF1: the lines the side to move may move from, tinted, with a bar on
/// the board's edge beside each.
pub(super) fn permitted_lines(s: &mut String, pos: &Position, l: &Layout) {
    let lines = crate::rules::rank_and_file::permitted(pos, pos.turn());
    let _ = write!(
        s,
        "<g data-lines=\"{}\" data-side=\"{}\">",
        if lines.files { "files" } else { "ranks" },
        pos.turn().name().to_ascii_lowercase()
    );
    for sq in pos.cells().filter(|&sq| lines.contains(sq)) {
        let (x, y) = l.cell(sq);
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{LINES}\" fill-opacity=\".3\" data-line=\"{sq}\"/>"
        );
    }
    let (m, h) = (l.margin, l.board_h());
    let count = if lines.files { l.files } else { l.ranks };
    for i in (0..count).filter(|&i| i < 64 && lines.mask & (1u64 << i) != 0) {
        let probe = match lines.files {
            true => Square::new(i, 0),
            false => Square::new(0, i),
        };
        let Some(probe) = probe else { continue };
        let (x, y) = l.cell(probe);
        let bar = match lines.files {
            true => format!(
                "x=\"{x}\" y=\"{}\" width=\"{UNIT}\" height=\"7\"",
                m + h + 2
            ),
            false => format!(
                "x=\"{}\" y=\"{y}\" width=\"7\" height=\"{UNIT}\"",
                m.saturating_sub(9)
            ),
        };
        let _ = write!(s, "<rect {bar} fill=\"{LINES}\" data-line-bar=\"{i}\"/>");
    }
    s.push_str("</g>\n");
}

/// SC0: the ring's empty squares drawn as a track of cells (the two that
/// carry a cage are cells of the board, with the cage drawn on them).
pub(super) fn ring(s: &mut String, pos: &Position, l: &Layout) {
    for r in 0..l.ranks {
        for f in 0..l.files {
            let Some(sq) = Square::new(f, r) else {
                continue;
            };
            if !crate::rules::slide::is_ring(sq) || pos.is_cell(sq) {
                continue;
            }
            let (x, y) = l.cell(sq);
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"10\" fill=\"{RING}\" stroke=\"#8d9aab\" stroke-width=\"3\" stroke-dasharray=\"10 6\" data-ring=\"{sq}\"/>",
                x + 4,
                y + 4,
                UNIT - 8,
                UNIT - 8
            );
        }
    }
}
