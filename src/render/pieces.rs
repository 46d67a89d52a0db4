//! Figurine pieces drawn for fvnote: SVG paths in a 100×100 box, filling
//! most of a square (from about 7 to 92 high). The set is fvnote's own
//! drawing, under the crate's licence; it copies no other set.
//!
//! Each glyph is a few closed outlines (filled with the piece's colour and
//! stroked black), small filled marks, and detail lines (black on White's
//! pieces, white on Black's: the joins of base, band and body, the mitre's
//! slit, the knight's mane), so a white and a black piece differ by their whole area, not
//! by a letter's case. A Quake LB compound is two glyphs in one cell: the
//! hunter (how it captures) large at the upper left, the carrier (how it
//! moves) small at the lower right (QK0).

use std::fmt::Write as _;

use crate::piece::{Color, Piece, Role};

/// The outlines, filled marks and detail strokes of one simple piece.
struct Glyph {
    /// Closed outlines, back to front, filled with the piece's colour.
    body: &'static [&'static str],
    /// Small filled marks (the knight's eye and nostril), in the detail colour.
    dots: &'static str,
    /// Inner lines: the joins between parts, the mitre's slit, the mane.
    detail: &'static str,
}

/// Head, collar, a flared body on a base.
const PAWN: Glyph = Glyph {
    body: &[
        "M41 45C41 58 30 66 28 81H72C70 66 59 58 59 45Z",
        "M35 40.5C35 37.5 38 36.5 41 36.5H59C62 36.5 65 37.5 65 40.5C65 43.5 62 45.5 59 45.5H41C38 45.5 35 43.5 35 40.5Z",
        "M38.5 25a11.5 11.5 0 1 0 23 0a11.5 11.5 0 1 0-23 0Z",
        "M24 81H76C78 81 79 82 79 84V90H21V84C21 82 22 81 24 81Z",
    ],
    dots: "",
    detail: "",
};

/// A horse's head facing left: two ears, eye, nostril, mouth, a maned neck.
const KNIGHT: Glyph = Glyph {
    body: &[
        "M23 83H81V92H23Z",
        "M34 83C33 71 41 63 48 55C43 59 36 61 30 64C25 67 20 66 18 61C15 55 20 49 25 44L33 33L37 20L43 27L47 15L54 24C70 30 80 50 78 83Z",
    ],
    dots: "M38 34a3.5 3 -30 1 0 7 0a3.5 3 -30 1 0-7 0ZM21.5 58a2 2 0 1 0 4 0a2 2 0 1 0-4 0Z",
    detail: "M57 28C68 37 73 55 72 79M25 63L31 61M64 33L70 31M68 43L75 41M71 54L78 53",
};

/// A mitre with its slit and finial ball, on a collar and a rounded base.
const BISHOP: Glyph = Glyph {
    body: &[
        "M21 92C21 87 25 84 31 84H69C75 84 79 87 79 92Z",
        "M33 76H67V84H33Z",
        "M50 16C66 27 73 43 68 58C66 65 62 69 62 76H38C38 69 34 65 32 58C27 43 34 27 50 16Z",
        "M44.5 12a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0-11 0Z",
    ],
    dots: "",
    detail: "M60 31L46 46M37 76H63M35 84H65",
};

/// A crenellated tower: three merlons, a corbelled top, shaft, plinth, base.
const ROOK: Glyph = Glyph {
    body: &[
        "M18 83H82V92H18Z",
        "M24 75H76V83H24Z",
        "M31 39H69L68 75H32Z",
        "M24 10H34V17H44V10H56V17H66V10H76V32L69 39H31L24 32Z",
    ],
    dots: "",
    detail: "M34 39H66M28 32H72M35 75H65M27 83H73",
};

/// A coronet of five points, each tipped with a ball, on a band and base.
const QUEEN: Glyph = Glyph {
    body: &[
        "M20 83H80V92H20Z",
        "M26 75H74V83H26Z",
        "M26 75L13 33L32 58L31 24L45 55L50 19L55 55L69 24L68 58L87 33L74 75Z",
        "M8 31a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
        "M26 22a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
        "M45 16a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
        "M64 22a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
        "M82 31a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
    ],
    dots: "",
    detail: "M30 75H70M30 83H70M29 67C40 63 60 63 71 67",
};

/// A two-lobed crown under a central bud and a cross, on a band and base.
const KING: Glyph = Glyph {
    body: &[
        "M20 83H80V92H20Z",
        "M26 75H74V83H26Z",
        "M26 75C16 67 12 56 18 48C25 39 40 42 50 54C60 42 75 39 82 48C88 56 84 67 74 75Z",
        "M50 54C43 46 41 38 50 31C59 38 57 46 50 54Z",
        "M46 7H54V13H60V20H54V31H46V20H40V13H46Z",
    ],
    dots: "",
    detail: "M30 75H70M30 83H70M28 66C40 61 60 61 72 66",
};

fn glyph(role: Role) -> &'static Glyph {
    match role {
        Role::Pawn => &PAWN,
        Role::Knight => &KNIGHT,
        Role::Bishop => &BISHOP,
        Role::Rook => &ROOK,
        Role::Queen => &QUEEN,
        _ => &KING,
    }
}

/// Fill, outline and detail colours of `color`'s pieces.
fn colours(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#fff", "#000", "#000"),
        Color::Black => ("#1b1b1b", "#000", "#eee"),
    }
}

fn simple(out: &mut String, color: Color, role: Role) {
    let (fill, line, detail) = colours(color);
    let g = glyph(role);
    let _ = write!(
        out,
        "<g fill=\"{fill}\" stroke=\"{line}\" stroke-width=\"3.2\" stroke-linejoin=\"round\">"
    );
    for d in g.body {
        let _ = write!(out, "<path d=\"{d}\"/>");
    }
    out.push_str("</g>");
    if !g.dots.is_empty() {
        let _ = write!(out, "<path d=\"{}\" fill=\"{detail}\"/>", g.dots);
    }
    if !g.detail.is_empty() {
        let _ = write!(
            out,
            "<path d=\"{}\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            g.detail
        );
    }
}

/// The SVG elements of `piece` drawn in the box (0,0)–(100,100), without a
/// wrapper: callers place them with a `transform`.
pub fn piece_body(piece: Piece) -> String {
    let mut out = String::new();
    if piece.role.is_compound() {
        let (_, line, _) = colours(piece.color);
        // Hunter large upper left, carrier smaller lower right on a ring
        // of the piece's outline colour, so the two never read as one.
        out.push_str("<g transform=\"translate(-6 -4) scale(.74)\">");
        simple(&mut out, piece.color, piece.role.hunter());
        out.push_str("</g>");
        let _ = write!(
            out,
            "<circle cx=\"73\" cy=\"73\" r=\"27\" fill=\"#f7f7f7\" fill-opacity=\".85\" stroke=\"{line}\" stroke-width=\"3\"/>"
        );
        out.push_str("<g transform=\"translate(51 50) scale(.44)\">");
        simple(&mut out, piece.color, piece.role.carrier());
        out.push_str("</g>");
    } else {
        simple(&mut out, piece.color, piece.role);
    }
    out
}

/// `piece` placed with its 100-unit box at (`x`, `y`) scaled to `size` units.
pub fn piece_at(piece: Piece, x: f64, y: f64, size: f64) -> String {
    format!(
        "<g transform=\"translate({} {}) scale({})\">{}</g>",
        num(x),
        num(y),
        num(size / 100.0),
        piece_body(piece)
    )
}

/// A number written short: at most two decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// The symbol id of `piece` in a page's shared definitions (`p-K`, `p-rn`).
pub fn symbol_id(piece: Piece) -> String {
    format!("p-{}", piece.code())
}

/// `<symbol>` definitions of every piece of `roles` in both colours, for a
/// page that draws many boards with `<use>`.
pub fn symbols(roles: &[Role]) -> String {
    let mut out = String::new();
    for &color in &Color::ALL {
        for &role in roles {
            let p = Piece::new(color, role);
            let _ = write!(
                out,
                "<symbol id=\"{}\" viewBox=\"0 0 100 100\">{}</symbol>",
                symbol_id(p),
                piece_body(p)
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_differ_by_area() {
        let w = piece_body(Piece::new(Color::White, Role::Pawn));
        let b = piece_body(Piece::new(Color::Black, Role::Pawn));
        assert!(w.contains("fill=\"#fff\""));
        assert!(b.contains("fill=\"#1b1b1b\""));
    }

    #[test]
    fn a_compound_draws_hunter_then_carrier() {
        let rn = piece_body(Piece::new(Color::White, Role::RookKnight));
        let rook = rn.find(ROOK.body[0]).unwrap();
        let knight = rn.find(KNIGHT.body[1]).unwrap();
        assert!(rook < knight, "hunter first (QK0)");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(40.0), "40");
    }
}
