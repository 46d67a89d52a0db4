//! A small stroke font drawn as paths, for the coordinates and counts of a
//! diagram: it renders the same in every viewer, with no font installed.
//!
//! Glyphs are drawn in a box 8 wide, the digits and ascenders from 0 to the
//! baseline at 12 (lower-case x-height from 4, descenders to 16), as
//! centre lines stroked with round caps.

use super::pieces::num;

/// Each glyph's centre line, in the box described above.
const GLYPHS: &[(char, &str)] = &[
    ('0', "M4 0A3.6 6 0 1 0 4 12A3.6 6 0 1 0 4 0Z"),
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

/// `d` with every absolute coordinate pair moved `dx` along x (the glyphs
/// use absolute `M L H V C A` commands; `H` takes x, `V` takes y, `A` has
/// radii and flags before its end point).
fn shifted(d: &str, dx: f64) -> String {
    if dx == 0.0 {
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
    fn every_file_letter_and_digit_is_drawn() {
        for c in ('a'..='z').chain('0'..='9') {
            assert!(glyph(c).is_some(), "{c}");
        }
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
            two.contains("V12M1.5 12H7.5M14 0A3.6 6 0 1 0 14 12"),
            "{two}"
        );
    }
}
