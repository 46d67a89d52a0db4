//! Figurine pieces drawn for fvnote: SVG paths in a 100×100 box.
//!
//! Each glyph is a few closed outlines (filled with the piece's colour and
//! stroked black) and optional detail lines (black on White's pieces, white
//! on Black's), so a white and a black piece differ by their whole area, not
//! by a letter's case. A Quake LB compound is two glyphs in one cell: the
//! hunter (how it captures) large at the upper left, the carrier (how it
//! moves) small at the lower right (QK0).

use std::fmt::Write as _;

use crate::piece::{Color, Piece, Role};

/// The outlines and detail strokes of one simple piece.
struct Glyph {
    body: &'static [&'static str],
    detail: &'static str,
}

const PAWN: Glyph = Glyph {
    body: &[
        "M37 52H63L73 84H27Z",
        "M20 84H80V93H20Z",
        "M36 37a14 14 0 1 0 28 0a14 14 0 1 0-28 0Z",
    ],
    detail: "",
};

const KNIGHT: Glyph = Glyph {
    body: &[
        "M22 84H82V93H22Z",
        "M34 84C32 70 40 62 48 55C42 57 37 59 33 63C28 67 21 65 19 59C17 52 26 42 34 34L37 22L44 29C47 23 51 17 56 12L58 23C72 32 80 52 78 84Z",
    ],
    detail: "M38 39a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0ZM58 28C66 42 70 58 69 78",
};

const BISHOP: Glyph = Glyph {
    body: &[
        "M23 80H77V92H23Z",
        "M33 68H67V80H33Z",
        "M50 22C65 34 71 52 63 68H37C29 52 35 34 50 22Z",
        "M43 15a7 7 0 1 0 14 0a7 7 0 1 0-14 0Z",
    ],
    detail: "M50 36V56M41 46H59",
};

const ROOK: Glyph = Glyph {
    body: &["M22 93H78V82H69V44H75V14H64V24H56V14H44V24H36V14H25V44H31V82H22Z"],
    detail: "M31 44H69M31 82H69",
};

const QUEEN: Glyph = Glyph {
    body: &[
        "M24 80H76V92H24Z",
        "M26 80L15 33L32 56L34 24L44 52L50 18L56 52L66 24L68 56L85 33L74 80Z",
        "M10 31a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
        "M29 22a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
        "M45 15a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
        "M61 22a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
        "M80 31a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
    ],
    detail: "M30 70H70",
};

const KING: Glyph = Glyph {
    body: &[
        "M24 80H76V92H24Z",
        "M50 34C62 34 66 44 60 54C70 44 88 47 86 61C84 71 76 75 74 80H26C24 75 16 71 14 61C12 47 30 44 40 54C34 44 38 34 50 34Z",
        "M46 5H54V13H62V21H54V31H46V21H38V13H46Z",
    ],
    detail: "M50 40V78M28 70H72",
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
        "<g fill=\"{fill}\" stroke=\"{line}\" stroke-width=\"4\" stroke-linejoin=\"round\">"
    );
    for d in g.body {
        let _ = write!(out, "<path d=\"{d}\"/>");
    }
    out.push_str("</g>");
    if !g.detail.is_empty() {
        let _ = write!(
            out,
            "<path d=\"{}\" fill=\"none\" stroke=\"{detail}\" stroke-width=\"3.5\" stroke-linecap=\"round\"/>",
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
