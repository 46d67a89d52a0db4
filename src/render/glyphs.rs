//! A small stroke font drawn as paths, for every label of a diagram
//! (coordinates, counts, the hands' titles, the caption): it renders the
//! same in every viewer, with no font installed.
//!
//! Glyphs are drawn in a box 8 wide, capitals, digits and ascenders from 0
//! to the baseline at 12 (lower-case x-height from 4, descenders to 16), as
//! centre lines stroked with round caps. [`label()`] sets a short label in
//! fixed steps (coordinates, counts); [`line()`] sets running text with each
//! glyph's own width, a character the font lacks drawn as an open box.

use super::pieces::num;

/// Each glyph's centre line, in the box described above.
const GLYPHS: &[(char, &str)] = &[
    // A dotted zero, so a ruling id (QK0) does not read as a letter O.
    ('0', "M4 0A3.6 6 0 1 0 4 12A3.6 6 0 1 0 4 0ZM4 5.7V6.3"),
    ('1', "M1.5 2.5L4.5 0V12M1.5 12H7.5"),
    ('2', "M0.6 3A3.5 3.2 0 0 1 7.5 3C7.5 6.5 0.5 8 0.5 12H7.5"),
    (
        '3',
        "M0.6 1.6C2 -0.4 7.4 -0.4 7.4 3C7.4 5.4 5 6 3 6C5.5 6 7.8 7 7.8 9C7.8 12.8 2 12.8 0.3 10.6",
    ),
    ('4', "M6 12V0L0.2 8.5H8"),
    (
        '5',
        "M7.4 0H1.6L1 5.6C3 4.3 7.8 4 7.8 8.3C7.8 12.5 2 12.7 0.3 10.6",
    ),
    (
        '6',
        "M7 1C4 -1 0.5 1 0.5 7C0.5 13.5 7.8 12.8 7.8 8.5C7.8 4.5 2 4 0.6 7.5",
    ),
    ('7', "M0.5 0H7.5L3 12"),
    (
        '8',
        "M0.9 3A3.1 3 0 1 0 7.1 3A3.1 3 0 1 0 0.9 3M0.3 9A3.7 3 0 1 0 7.7 9A3.7 3 0 1 0 0.3 9",
    ),
    (
        '9',
        "M7.4 4.5C6 8 0.3 7.5 0.3 3.8C0.3 -0.5 7.4 -1 7.4 4.5C7.4 10 4.6 12.5 1 11",
    ),
    ('a', "M0.3 8A3.2 4 0 1 0 6.7 8A3.2 4 0 1 0 0.3 8M6.7 4V12"),
    ('b', "M0.5 0V12M0.9 8A3.2 4 0 1 0 7.3 8A3.2 4 0 1 0 0.9 8"),
    ('c', "M7 5.2A3.4 4 0 1 0 7 10.8"),
    ('d', "M0.3 8A3.2 4 0 1 0 6.7 8A3.2 4 0 1 0 0.3 8M6.7 0V12"),
    ('e', "M0.6 8H7.2A3.3 4 0 1 0 6.3 11"),
    ('f', "M6 0.6C3 -0.6 2.6 1 2.6 3.6V12M0.6 4.6H6"),
    (
        'g',
        "M0.3 8A3.2 4 0 1 0 6.7 8A3.2 4 0 1 0 0.3 8M6.7 4V13.4C6.7 16 1.6 16 0.8 14.4",
    ),
    ('h', "M0.6 0V12M0.6 7C2 3.5 7 3.5 7 7V12"),
    ('i', "M3.6 4.6V12M3.6 1.2V1.6"),
    ('j', "M5 4.6V13.4C5 15.5 2 15.8 0.8 14.8M5 1.2V1.6"),
    ('k', "M0.8 0V12M6.6 4.4L0.8 9.4M2.8 7.7L7 12"),
    ('l', "M3 0V10.4C3 12 4.5 12.2 5.6 11.8"),
    (
        'm',
        "M0.5 4V12M0.5 6.5C1.5 3.5 4.2 3.5 4.2 6.5V12M4.2 6.5C5.2 3.5 7.9 3.5 7.9 6.5V12",
    ),
    ('n', "M0.6 4V12M0.6 7C2 3.5 7 3.5 7 7V12"),
    ('o', "M0.6 8A3.4 4 0 1 0 7.4 8A3.4 4 0 1 0 0.6 8"),
    ('p', "M0.6 4V15.6M0.9 8A3.2 4 0 1 0 7.3 8A3.2 4 0 1 0 0.9 8"),
    ('q', "M0.3 8A3.2 4 0 1 0 6.7 8A3.2 4 0 1 0 0.3 8M6.7 4V15.6"),
    ('r', "M0.8 4V12M0.8 7.5C2 4.5 4.5 3.8 6.6 4.6"),
    (
        's',
        "M6.6 5C5 3.6 1 3.8 1 6C1 8.4 7 7.4 7 10C7 12.6 2.3 12.6 0.5 11",
    ),
    ('t', "M2.8 1V10.4C2.8 12.2 4.5 12.3 6 11.7M0.5 4.6H6"),
    ('u', "M0.6 4V9C0.6 12.8 6.8 12.8 6.8 9M6.8 4V12"),
    ('v', "M0.3 4L3.7 12L7.1 4"),
    ('w', "M0 4L2 12L4 6L6 12L8 4"),
    ('x', "M0.6 4L7 12M7 4L0.6 12"),
    ('y', "M0.3 4L3.8 12M7.2 4L3.2 14C2.5 15.5 1.5 15.7 0.5 15.5"),
    ('z', "M0.6 4H7L0.6 12H7"),
    ('A', "M0.3 12L4 0L7.7 12M1.6 8H6.4"),
    ('B', "M1 0V12H4.8C8.2 12 8.2 6 4.8 6H1M1 0H4.4C7.4 0 7.4 6 4.4 6"),
    ('C', "M7.6 2.2C6.8 0.7 5.6 0 4.2 0C1.8 0 0.5 2.6 0.5 6C0.5 9.4 1.8 12 4.2 12C5.6 12 6.8 11.3 7.6 9.8"),
    ('D', "M1 0V12H3.6C6.4 12 7.8 9.6 7.8 6C7.8 2.4 6.4 0 3.6 0Z"),
    ('E', "M7 0H1V12H7M1 6H5.8"),
    ('F', "M7 0H1V12M1 6H5.8"),
    ('G', "M7.4 2C6.6 0.6 5.5 0 4.2 0C1.8 0 0.5 2.6 0.5 6C0.5 9.4 1.8 12 4.2 12C6.2 12 7.6 10.6 7.6 8V6.6H4.6"),
    ('H', "M1 0V12M7 0V12M1 6H7"),
    ('I', "M2 0H6M4 0V12M2 12H6"),
    ('J', "M6 0V8.8C6 11 5 12 3.4 12C1.8 12 0.8 11 0.6 9.6"),
    ('K', "M1 0V12M7.2 0L1 7.4M3.2 4.8L7.4 12"),
    ('L', "M1 0V12H7"),
    ('M', "M0.6 12V0L4 8L7.4 0V12"),
    ('N', "M1 12V0L7 12V0"),
    ('O', "M4 0A3.9 6 0 1 0 4 12A3.9 6 0 1 0 4 0Z"),
    ('P', "M1 12V0H4.6C7.8 0 7.8 6.4 4.6 6.4H1"),
    ('Q', "M4 0A3.9 6 0 1 0 4 12A3.9 6 0 1 0 4 0ZM4.8 8.6L7.8 12.6"),
    ('R', "M1 12V0H4.6C7.8 0 7.8 6.4 4.6 6.4H1M4.4 6.4L7.4 12"),
    ('S', "M7.2 1.8C6.4 0.5 5.2 0 4 0C2 0 0.8 1.2 0.8 3C0.8 7 7.4 5 7.4 9C7.4 11 6 12 4 12C2.6 12 1.2 11.4 0.5 10"),
    ('T', "M0.4 0H7.6M4 0V12"),
    ('U', "M1 0V8.4C1 10.8 2.2 12 4 12C5.8 12 7 10.8 7 8.4V0"),
    ('V', "M0.4 0L4 12L7.6 0"),
    ('W', "M0 0L2 12L4 4L6 12L8 0"),
    ('X', "M0.6 0L7.4 12M7.4 0L0.6 12"),
    ('Y', "M0.4 0L4 6.4L7.6 0M4 6.4V12"),
    ('Z', "M0.8 0H7.2L0.8 12H7.2"),
    (' ', ""),
    ('.', "M4 11.5V12"),
    (',', "M4.2 11.2V12C4.2 13 3.8 13.8 3 14.4"),
    (':', "M4 4.8V5.3M4 11.5V12"),
    (';', "M4 4.8V5.3M4.2 11.2V12C4.2 13 3.8 13.8 3 14.4"),
    ('\'', "M4 0V3.4"),
    ('\u{2019}', "M4.4 0V1.4C4.4 2.4 4 3.2 3.2 3.8"),
    ('"', "M2.6 0V3.4M5.4 0V3.4"),
    ('(', "M5.6 -0.6C2 3 2 11 5.6 14.6"),
    (')', "M2.4 -0.6C6 3 6 11 2.4 14.6"),
    ('[', "M5.6 -0.6H3V14.6H5.6"),
    (']', "M2.4 -0.6H5V14.6H2.4"),
    ('-', "M1.2 7H6.8"),
    ('\u{2013}', "M0.4 7H7.6"),
    ('\u{00d7}', "M1.4 4.4L6.6 9.6M6.6 4.4L1.4 9.6"),
    ('+', "M4 3.6V10.4M0.6 7H7.4"),
    ('=', "M0.8 5H7.2M0.8 9H7.2"),
    ('#', "M2.8 1L2 12M6 1L5.2 12M0.6 4.4H7.6M0.4 8.6H7.4"),
    ('/', "M7 -0.4L1 13"),
    ('!', "M4 0V8M4 11.5V12"),
    ('?', "M0.8 2.6C1.4 0.8 2.6 0 4.2 0C6 0 7.4 1.2 7.4 3C7.4 5.6 4 5.8 4 8.6M4 11.5V12"),
    ('@', "M5.4 4.6V8.6C5.4 10 7.8 10 7.8 7C7.8 2.5 6 0.4 4 0.4C1.8 0.4 0.2 3 0.2 6.6C0.2 10.2 1.8 12 4 12C5.2 12 6 11.7 6.8 11M5.4 6.8A1.6 2.2 0 1 0 2.2 6.8A1.6 2.2 0 1 0 5.4 6.8"),
    ('*', "M4 1V7M1.4 2.5L6.6 5.5M6.6 2.5L1.4 5.5"),
    ('%', "M7 0.4L1 12M2 1.8V2.6M6 9.4V10.2"),
    ('<', "M7 2.6L1 7L7 11.4"),
    ('>', "M1 2.6L7 7L1 11.4"),
    ('_', "M0 13.6H8"),
];

/// Advance from one glyph to the next, in glyph units.
const ADVANCE: f64 = 10.0;

/// The centre line of `c`, if the font has it.
pub fn glyph(c: char) -> Option<&'static str> {
    GLYPHS.iter().find(|(g, _)| *g == c).map(|&(_, d)| d)
}

/// `text` drawn as one stroked path, centred on `x`, its baseline at `y`,
/// digits `height` units tall; characters the font lacks are skipped.
///
/// ```
/// let p = fvnote::render::glyphs::label("a1", 50.0, 40.0, 20.0, "#333", None);
/// assert!(p.starts_with("<path ") && !p.contains("<text"));
/// ```
pub fn label(text: &str, x: f64, y: f64, height: f64, colour: &str, data: Option<&str>) -> String {
    let chars: Vec<&str> = text.chars().filter_map(glyph).collect();
    let scale = height / 12.0;
    let width = (chars.len() as f64 - 1.0).max(0.0) * ADVANCE + 8.0;
    let mut d = String::new();
    for (i, g) in chars.iter().enumerate() {
        let dx = i as f64 * ADVANCE;
        // Each glyph's own moves are relative to its box: shift them.
        d.push_str(&shifted(g, dx));
    }
    let mut out = format!(
        "<path d=\"{d}\" transform=\"translate({} {}) scale({})\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.7\" stroke-linecap=\"round\" stroke-linejoin=\"round\"",
        num(x - width * scale / 2.0),
        num(y - 12.0 * scale),
        num(scale)
    );
    if let Some(data) = data {
        out.push(' ');
        out.push_str(data);
    }
    out.push_str("/>");
    out
}

/// What a character the font lacks is drawn as: an open box.
const MISSING: &str = "M1 1H7V12H1Z";

/// Stroke width of the font, in glyph units.
const STROKE: f64 = 1.7;

/// The left and right ends of `c`'s ink in its box, for running text
/// (narrow glyphs are drawn near the box's middle).
fn ink(c: char) -> (f64, f64) {
    match c {
        ' ' => (0.0, 2.6),
        'i' | '.' | ':' | '!' | '\'' => (3.6, 4.4),
        ',' | ';' => (3.0, 4.2),
        '\u{2019}' => (3.2, 4.4),
        '"' => (2.6, 5.4),
        'l' => (3.0, 5.6),
        'j' => (0.8, 5.0),
        't' | 'f' => (0.5, 6.0),
        'r' => (0.8, 6.6),
        '1' => (1.5, 7.5),
        'I' => (2.0, 6.0),
        '(' | '[' => (2.9, 5.6),
        ')' | ']' => (2.4, 5.1),
        '-' => (1.2, 6.8),
        'm' | 'w' | 'W' | 'M' | '_' => (0.0, 8.0),
        _ => (0.4, 7.6),
    }
}

/// `text` set as running text: one path's `d` in glyph units (baseline at
/// 12, starting at x 0), and its width in glyph units.
pub fn line_path(text: &str) -> (String, f64) {
    let mut d = String::new();
    let mut pen = 0.0;
    for c in text.chars() {
        let (outline, (left, right)) = match glyph(c) {
            Some(g) => (g, ink(c)),
            None => (MISSING, (1.0, 7.0)),
        };
        d.push_str(&shifted(outline, pen + STROKE / 2.0 - left));
        pen += right - left + STROKE + 1.5;
    }
    (d, (pen - 1.5).max(0.0))
}

/// `text` drawn as one stroked path starting at `x`, its baseline at `y`,
/// capitals `height` units tall; returns the element and its width in the
/// same units. `attrs` are added to the element as they are.
///
/// ```
/// let (p, w) = fvnote::render::glyphs::line("White's hand", 0.0, 30.0, 18.0, "#333", "");
/// assert!(p.starts_with("<path ") && w > 100.0 && w < 200.0);
/// ```
pub fn line(text: &str, x: f64, y: f64, height: f64, colour: &str, attrs: &str) -> (String, f64) {
    let (d, width) = line_path(text);
    let scale = height / 12.0;
    let sep = if attrs.is_empty() { "" } else { " " };
    (
        format!(
            "<path d=\"{d}\" transform=\"translate({} {}) scale({})\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{STROKE}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"{sep}{attrs}/>",
            num(x),
            num(y - 12.0 * scale),
            num(scale)
        ),
        width * scale,
    )
}

/// `d` with every absolute coordinate pair moved `dx` along x (the glyphs
/// use absolute `M L H V C A` commands; `H` takes x, `V` takes y, `A` has
/// radii and flags before its end point).
fn shifted(d: &str, dx: f64) -> String {
    if dx == 0.0 || d.is_empty() {
        return d.to_owned();
    }
    let mut out = String::with_capacity(d.len() + 16);
    let mut cmd = 'M';
    let mut index = 0usize;
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String, cmd: char, index: &mut usize| {
        if token.is_empty() {
            return;
        }
        let v: f64 = token.parse().unwrap_or(0.0);
        let is_x = match cmd {
            'H' => true,
            'V' => false,
            'A' => *index % 7 == 5,
            _ => *index % 2 == 0,
        };
        if !out.is_empty() && !out.ends_with(|c: char| c.is_ascii_alphabetic()) {
            out.push(' ');
        }
        out.push_str(&num(if is_x { v + dx } else { v }));
        *index += 1;
        token.clear();
    };
    for c in d.chars() {
        match c {
            c if c.is_ascii_alphabetic() => {
                flush(&mut token, &mut out, cmd, &mut index);
                cmd = c;
                index = 0;
                out.push(c);
            }
            ' ' | ',' => flush(&mut token, &mut out, cmd, &mut index),
            '-' if !token.is_empty() => {
                flush(&mut token, &mut out, cmd, &mut index);
                token.push(c);
            }
            c => token.push(c),
        }
    }
    flush(&mut token, &mut out, cmd, &mut index);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_digit_and_caption_mark_is_drawn() {
        for c in ('a'..='z').chain('A'..='Z').chain('0'..='9') {
            assert!(glyph(c).is_some(), "{c}");
        }
        for c in " .,;:'()-\u{2013}\u{00d7}+#=@/".chars() {
            assert!(glyph(c).is_some(), "{c:?}");
        }
    }

    #[test]
    fn running_text_is_proportional_and_marks_what_it_lacks() {
        let (_, wide) = line_path("mm");
        let (_, narrow) = line_path("ii");
        assert!(narrow < wide / 2.0, "{narrow} {wide}");
        let (d, _) = line_path("\u{263a}");
        assert_eq!(d, shifted(MISSING, STROKE / 2.0 - 1.0), "an open box");
        assert_eq!(line_path(""), (String::new(), 0.0));
    }

    #[test]
    fn later_glyphs_move_right() {
        assert_eq!(
            shifted("M1.5 2.5L4.5 0V12M1.5 12H7.5", 10.0),
            "M11.5 2.5L14.5 0V12M11.5 12H17.5"
        );
        assert_eq!(
            shifted("M7 5.2A3.4 4 0 1 0 7 10.8", 10.0),
            "M17 5.2A3.4 4 0 1 0 17 10.8"
        );
        assert_eq!(shifted("M0 -1L2 3", 1.0), "M1 -1L3 3");
        let two = label("10", 0.0, 0.0, 12.0, "#000", None);
        assert!(
            two.contains("V12M1.5 12H7.5M14 0A3.6 6 0 1 0 14 12A3.6 6 0 1 0 14 0ZM14 5.7V6.3"),
            "{two}"
        );
    }
}
