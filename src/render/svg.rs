//! The SVG diagram: cells (holes left out), figurines, coordinates on four
//! sides (drawn as paths), side to move, hands, cages on Slide-chess's ring,
//! Grid Chess's sections, Rank and File's permitted lines, marks, arrows.
//!
//! Internal units are 100 per square; `Options::size` scales the whole
//! picture through `width`/`height`. Every element a test or a script may look
//! for carries a `data-` attribute: `data-square`, `data-piece`, `data-cage`,
//! `data-hand`, `data-turn`, `data-grid`, `data-mark`, `data-arrow`
//! (with `data-brush`), `data-ring`, `data-line`, `data-coordinate`, `data-empty`.

use std::fmt::Write as _;

use super::glyphs::{label, line, line_path};
use super::legend::legend;
use super::options::Options;
use super::overlay;
use super::pieces::{num, piece_at};
use crate::escape::markup as escape;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;

/// One square in internal units.
pub const UNIT: u32 = 100;
/// Light cells.
pub const LIGHT: &str = "#ecd9b9";
/// Dark cells.
pub const DARK: &str = "#ae8a68";
/// White's cage frames, blue (the owner is also shown by a dot).
pub const CAGE_WHITE: &str = "#1f5fbf";
/// Black's cage frames, red (the owner is also shown by a dot).
pub const CAGE_BLACK: &str = "#c0262b";

/// Where things go: board origin, board size, panels, caption.
pub(super) struct Layout {
    pub(super) files: u8,
    pub(super) ranks: u8,
    flip: bool,
    pub(super) margin: u32,
    /// Left edge of the side panel (turn marker, hands).
    panel_x: u32,
    width: u32,
    caption_y: u32,
    height: u32,
}

impl Layout {
    /// `caption_width`: the widest caption line, in units.
    fn new(pos: &Position, opts: &Options, caption_lines: usize, caption_width: f64) -> Layout {
        let (files, ranks) = pos.frame();
        let margin = if opts.coordinates { 44 } else { 12 };
        let board_w = u32::from(files) * UNIT;
        let board_h = u32::from(ranks) * UNIT;
        let panel_x = 2 * margin + board_w;
        let hands_w = if pos.variant().has_hands() {
            (hand_columns(pos, ranks) * HAND_COLUMN).max(180)
        } else {
            0
        };
        let mut width = panel_x + 64 + hands_w;
        let caption_y = 2 * margin + board_h + 12;
        let height = caption_y + caption_lines as u32 * 38 + 8;
        if caption_lines > 0 {
            width = width.max(720).max(2 * margin + caption_width.ceil() as u32);
        }
        Layout {
            files,
            ranks,
            flip: opts.flip,
            margin,
            panel_x,
            width,
            caption_y,
            height,
        }
    }

    /// Top-left corner of `sq`'s cell.
    pub(super) fn cell(&self, sq: Square) -> (u32, u32) {
        let col = if self.flip {
            self.files - 1 - sq.file()
        } else {
            sq.file()
        };
        let row = if self.flip {
            sq.rank()
        } else {
            self.ranks - 1 - sq.rank()
        };
        (
            self.margin + u32::from(col) * UNIT,
            self.margin + u32::from(row) * UNIT,
        )
    }

    pub(super) fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.cell(sq);
        (f64::from(x + UNIT / 2), f64::from(y + UNIT / 2))
    }

    pub(super) fn board_h(&self) -> u32 {
        u32::from(self.ranks) * UNIT
    }
}

/// Distinct roles in `color`'s hand with their counts.
fn hand(pos: &Position, color: Color) -> Vec<(Role, u8)> {
    Role::ALL
        .into_iter()
        .map(|r| (r, pos.in_hand(color, r)))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// Capital height of the caption's stroke font, in units.
const CAPTION_HEIGHT: f64 = 19.0;
/// Capital height of a hand's title, in units.
pub const HAND_TITLE_HEIGHT: f64 = 17.0;

/// The title over `color`'s hand.
pub fn hand_title(color: Color) -> &'static str {
    match color {
        Color::White => "White's hand",
        Color::Black => "Black's hand",
    }
}

/// A hand's piece icon, and the room one takes with its count.
const HAND_ICON: u32 = 84;
const HAND_ROW: u32 = 92;
const HAND_COLUMN: u32 = 112;

fn hand_rows(ranks: u8) -> usize {
    (((u32::from(ranks) * UNIT / 2).saturating_sub(40) / HAND_ROW) as usize).max(1)
}

fn hand_columns(pos: &Position, ranks: u8) -> u32 {
    let most = Color::ALL
        .iter()
        .map(|&c| hand(pos, c).len())
        .max()
        .unwrap_or(0);
    most.div_ceil(hand_rows(ranks)).max(1) as u32
}

/// An SVG diagram of `pos`.
///
/// ```
/// use fvnote::render::{svg, Options};
/// use fvnote::Position;
/// use fvnote::variant::Variant;
/// let pic = svg::svg(&Position::start(Variant::Grid), &Options::default());
/// assert_eq!(pic.matches("data-grid=").count(), 6);
/// ```
pub fn svg(pos: &Position, opts: &Options) -> String {
    let caption = if opts.legend {
        legend(pos, opts)
    } else {
        Vec::new()
    };
    let caption_width = caption
        .iter()
        .map(|c| line_path(c).1 * CAPTION_HEIGHT / 12.0)
        .fold(0.0, f64::max);
    let l = Layout::new(pos, opts, caption.len(), caption_width);
    let scale = f64::from(opts.size.max(1)) / f64::from(UNIT);
    let mut s = String::with_capacity(16 * 1024);
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" data-variant=\"{}\" data-flip=\"{}\">",
        num(f64::from(l.width) * scale),
        num(f64::from(l.height) * scale),
        l.width,
        l.height,
        pos.variant().id(),
        opts.flip
    );
    let _ = writeln!(
        s,
        "<title>{}</title>",
        escape(&format!(
            "{} position, {} to move",
            pos.variant().id(),
            pos.turn().name()
        ))
    );
    let _ = writeln!(
        s,
        "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
        l.width, l.height
    );
    if pos.variant() == Variant::Slide {
        overlay::ring(&mut s, pos, &l);
    }
    cells(&mut s, pos, &l);
    if pos.variant() == Variant::RankAndFile {
        overlay::permitted_lines(&mut s, pos, &l);
    }
    marks(&mut s, pos, opts, &l);
    if pos.variant() == Variant::Grid {
        grid_lines(&mut s, &l);
    }
    cages(&mut s, pos, &l);
    pieces(&mut s, pos, &l);
    overlay::marks(&mut s, &opts.marks, &l);
    if opts.coordinates {
        coordinates(&mut s, &l);
    }
    turn_marker(&mut s, pos, &l);
    if pos.variant().has_hands() {
        hands(&mut s, pos, &l);
    }
    overlay::arrows(&mut s, &opts.arrows, &l);
    // The caption in the stroke font (no font needed); its words stay
    // readable to a screen reader and a search as the group's title.
    for (i, words) in caption.iter().enumerate() {
        let (path, _) = line(
            words,
            f64::from(l.margin),
            f64::from(l.caption_y + i as u32 * 38 + 28),
            CAPTION_HEIGHT,
            "#222",
            "",
        );
        let _ = writeln!(
            s,
            "<g data-caption=\"{i}\"><title>{}</title>{path}</g>",
            escape(words)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn cells(s: &mut String, pos: &Position, l: &Layout) {
    for sq in pos.cells() {
        let (x, y) = l.cell(sq);
        let fill = if (sq.file() + sq.rank()) % 2 == 0 {
            DARK
        } else {
            LIGHT
        };
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{fill}\" data-square=\"{sq}\"/>"
        );
    }
}

fn marks(s: &mut String, pos: &Position, opts: &Options, l: &Layout) {
    for &sq in &opts.last_move {
        if !pos.is_cell(sq) {
            continue;
        }
        let (x, y) = l.cell(sq);
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"#f4e04d\" fill-opacity=\".55\" data-mark=\"last\" data-square=\"{sq}\"/>"
        );
    }
    if opts.check {
        if let Some(k) = super::highlight::checked_king(pos) {
            let (cx, cy) = l.centre(k);
            let _ = writeln!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"46\" fill=\"#e8322b\" fill-opacity=\".75\" data-mark=\"check\" data-square=\"{k}\"/>",
                num(cx),
                num(cy)
            );
        }
    }
}

/// GR1: lines between the 2×2 sections, and the board's edge.
fn grid_lines(s: &mut String, l: &Layout) {
    let (m, w, h) = (l.margin, u32::from(l.files) * UNIT, l.board_h());
    for k in (2..l.files).step_by(2) {
        let x = m + u32::from(k) * UNIT;
        let _ = writeln!(
            s,
            "<line x1=\"{x}\" y1=\"{m}\" x2=\"{x}\" y2=\"{}\" stroke=\"#1d2b53\" stroke-width=\"7\" data-grid=\"file\"/>",
            m + h
        );
    }
    for k in (2..l.ranks).step_by(2) {
        let y = m + u32::from(k) * UNIT;
        let _ = writeln!(
            s,
            "<line x1=\"{m}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#1d2b53\" stroke-width=\"7\" data-grid=\"rank\"/>",
            m + w
        );
    }
    let _ = writeln!(
        s,
        "<rect x=\"{m}\" y=\"{m}\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#1d2b53\" stroke-width=\"7\"/>"
    );
}

/// SC0: a cage is a frame in its owner's colour with the owner's dot.
fn cages(s: &mut String, pos: &Position, l: &Layout) {
    for color in Color::ALL {
        let Some(sq) = pos.cage(color) else {
            continue;
        };
        let (x, y) = l.cell(sq);
        let (stroke, dot) = match color {
            Color::White => (CAGE_WHITE, "#fff"),
            Color::Black => (CAGE_BLACK, "#1b1b1b"),
        };
        let _ = writeln!(
            s,
            "<g data-cage=\"{}\" data-square=\"{sq}\"><rect x=\"{}\" y=\"{}\" width=\"88\" height=\"88\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"9\" stroke-dasharray=\"16 6\"/><circle cx=\"{}\" cy=\"{}\" r=\"11\" fill=\"{dot}\" stroke=\"{stroke}\" stroke-width=\"4\"/></g>",
            color.name().to_ascii_lowercase(),
            x + 6,
            y + 6,
            x + 16,
            y + 16
        );
    }
}

fn pieces(s: &mut String, pos: &Position, l: &Layout) {
    for sq in pos.cells() {
        if let Some(p) = pos.piece_at(sq) {
            let (x, y) = l.cell(sq);
            // About 85% of the square, as the sets players know (cburnett).
            let inset = if pos.cage_owner(sq).is_some() { 16 } else { 1 };
            let _ = writeln!(
                s,
                "<g data-square=\"{sq}\" data-piece=\"{}\">{}</g>",
                p.code(),
                piece_at(
                    p,
                    f64::from(x + inset),
                    f64::from(y + inset),
                    f64::from(UNIT - 2 * inset)
                )
            );
        }
    }
}

/// File letters and rank numbers, drawn as paths (no font needed).
fn coordinates(s: &mut String, l: &Layout) {
    let (m, h) = (l.margin, l.board_h());
    let w = u32::from(l.files) * UNIT;
    let colour = "#333";
    for f in 0..l.files {
        let col = if l.flip { l.files - 1 - f } else { f };
        let x = f64::from(m + u32::from(col) * UNIT + UNIT / 2);
        let letter = ((b'a' + f) as char).to_string();
        for y in [m - 14, m + h + 32] {
            let data = format!("data-coordinate=\"{letter}\"");
            s.push_str(&label(&letter, x, f64::from(y), 20.0, colour, Some(&data)));
            s.push('\n');
        }
    }
    for r in 0..l.ranks {
        let row = if l.flip { r } else { l.ranks - 1 - r };
        let y = f64::from(m + u32::from(row) * UNIT + UNIT / 2 + 10);
        let number = (u32::from(r) + 1).to_string();
        for x in [m / 2, m + w + m / 2] {
            let data = format!("data-coordinate=\"{number}\"");
            s.push_str(&label(&number, f64::from(x), y, 20.0, colour, Some(&data)));
            s.push('\n');
        }
    }
}

/// A disc in the mover's colour beside the mover's edge of the board.
fn turn_marker(s: &mut String, pos: &Position, l: &Layout) {
    let at_bottom = (pos.turn() == Color::White) != l.flip;
    let y = if at_bottom {
        l.margin + l.board_h() - 30
    } else {
        l.margin + 30
    };
    let fill = match pos.turn() {
        Color::White => "#fff",
        Color::Black => "#1b1b1b",
    };
    let _ = writeln!(
        s,
        "<circle cx=\"{}\" cy=\"{y}\" r=\"20\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"4\" data-turn=\"{}\"><title>{} to move</title></circle>",
        l.panel_x + 32,
        pos.turn().name().to_ascii_lowercase(),
        pos.turn().name()
    );
}

/// QK7: each side's hand on its own half beside the board: a large icon
/// per role with its count on a badge; an empty hand is an empty tray.
fn hands(s: &mut String, pos: &Position, l: &Layout) {
    let half = l.board_h() / 2;
    let rows = hand_rows(l.ranks);
    for color in Color::ALL {
        let at_bottom = (color == Color::White) != l.flip;
        let top = if at_bottom { l.margin + half } else { l.margin };
        let x0 = l.panel_x + 64;
        let _ = write!(
            s,
            "<g data-hand=\"{}\">{}",
            color.name().to_ascii_lowercase(),
            line(
                hand_title(color),
                f64::from(x0),
                f64::from(top + 28),
                HAND_TITLE_HEIGHT,
                "#333",
                "data-title=\"true\""
            )
            .0
        );
        let held = hand(pos, color);
        if held.is_empty() {
            let (x, y) = (x0, top + 40);
            let _ = write!(
                s,
                "<g data-empty=\"true\"><title>empty</title><rect x=\"{}\" y=\"{}\" width=\"{HAND_ICON}\" height=\"{HAND_ICON}\" rx=\"12\" fill=\"#f3f3f3\" stroke=\"#888\" stroke-width=\"4\" stroke-dasharray=\"12 8\"/><path d=\"M{} {}L{} {}\" stroke=\"#888\" stroke-width=\"5\" stroke-linecap=\"round\"/></g>",
                x + 2,
                y + 2,
                x + 24,
                y + 60,
                x + 62,
                y + 24
            );
        }
        for (i, (role, n)) in held.into_iter().enumerate() {
            let x = x0 + (i / rows) as u32 * HAND_COLUMN;
            let y = top + 40 + (i % rows) as u32 * HAND_ROW;
            let p = Piece::new(color, role);
            let (bx, by) = (f64::from(x + HAND_ICON), f64::from(y + HAND_ICON - 20));
            let _ = write!(
                s,
                "<g data-piece=\"{}\" data-count=\"{n}\">{}<circle cx=\"{}\" cy=\"{}\" r=\"21\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"3\"/>{}</g>",
                p.code(),
                piece_at(p, f64::from(x), f64::from(y), f64::from(HAND_ICON)),
                num(bx),
                num(by),
                label(&n.to_string(), bx, by + 11.0, 22.0, "#111", None)
            );
        }
        s.push_str("</g>\n");
    }
}
