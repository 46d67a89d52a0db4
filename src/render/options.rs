//! What a diagram shows beyond the position: orientation, size, marks.

use crate::notation::annotation::{Arrow, Brush, Mark};
use crate::square::Square;

/// Drawing options for [`svg`](super::svg::svg). `Options::default()` draws
/// White at the bottom, 45 px squares, coordinates on all four sides, the
/// legend, and a check mark when the side to move is in check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Black at the bottom.
    pub flip: bool,
    /// Side of one square in pixels.
    pub size: u32,
    /// File letters above and below, rank numbers left and right.
    pub coordinates: bool,
    /// Cells the last move touched (see [`last_move`](super::highlight::last_move)).
    pub last_move: Vec<Square>,
    /// The last move as written, shown in the caption.
    pub last_san: Option<String>,
    /// Mark the king of the side to move when it is in check.
    pub check: bool,
    /// Arrows from one square to another, each in a lichess brush.
    pub arrows: Vec<Arrow>,
    /// Squares ringed in a lichess brush.
    pub marks: Vec<Mark>,
    /// The caption under the board: side to move and what the marks mean.
    pub legend: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            flip: false,
            size: 45,
            coordinates: true,
            last_move: Vec::new(),
            last_san: None,
            check: true,
            arrows: Vec::new(),
            marks: Vec::new(),
            legend: true,
        }
    }
}

/// `text` and the brush after a `:` (`green`, `red`, `yellow`, `blue`, or
/// `G` `R` `Y` `B`; green without one).
fn brushed<'t>(text: &'t str, what: &str) -> Result<(&'t str, Brush), String> {
    match text.split_once(':') {
        None => Ok((text, Brush::Green)),
        Some((body, name)) => Brush::named(name).map(|b| (body, b)).ok_or_else(|| {
            format!("{what} {text:?}: colour {name:?} is not green, red, yellow or blue (or G, R, Y, B)")
        }),
    }
}

/// Reads an arrow written `e2e4`, with a colour after a colon: `e2e4:red`
/// (ranks may have several digits: `b10c12`).
pub fn parse_arrow(text: &str) -> Result<Arrow, String> {
    let (body, brush) = brushed(text, "arrow")?;
    let bytes = body.as_bytes();
    // The second square starts at the first letter after a digit.
    let split =
        (1..bytes.len()).find(|&i| bytes[i].is_ascii_alphabetic() && bytes[i - 1].is_ascii_digit());
    let bad =
        || format!("arrow {text:?}: expected two squares such as e2e4, then :COLOUR if wanted");
    let i = split.ok_or_else(bad)?;
    let from = body[..i].parse::<Square>().map_err(|_| bad())?;
    let to = body[i..].parse::<Square>().map_err(|_| bad())?;
    Ok(Arrow { from, to, brush })
}

/// Reads a square mark written `e4`, with a colour after a colon: `e4:red`.
pub fn parse_mark(text: &str) -> Result<Mark, String> {
    let (body, brush) = brushed(text, "mark")?;
    let square = body.parse::<Square>().map_err(|_| {
        format!("mark {text:?}: expected a square such as e4, then :COLOUR if wanted")
    })?;
    Ok(Mark { square, brush })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_read_two_squares_and_a_colour() {
        let a = parse_arrow("e2e4").unwrap();
        assert_eq!(
            (a.from.to_string(), a.to.to_string()),
            ("e2".into(), "e4".into())
        );
        assert_eq!(a.brush, Brush::Green);
        let a = parse_arrow("b10c2:red").unwrap();
        assert_eq!(
            (a.from.to_string(), a.to.to_string()),
            ("b10".into(), "c2".into())
        );
        assert_eq!(a.brush, Brush::Red);
        assert_eq!(parse_arrow("e2e4:Y").unwrap().brush, Brush::Yellow);
        assert!(parse_arrow("e2").is_err());
        assert!(parse_arrow("e2e").is_err());
        assert!(parse_arrow("").is_err());
        assert!(parse_arrow("e2e4:pink").unwrap_err().contains("pink"));
    }

    #[test]
    fn marks_read_a_square_and_a_colour() {
        let m = parse_mark("e4:blue").unwrap();
        assert_eq!((m.square.to_string(), m.brush), ("e4".into(), Brush::Blue));
        assert_eq!(parse_mark("h8").unwrap().brush, Brush::Green);
        assert!(parse_mark("e4e5").is_err());
        assert!(parse_mark("e4:").is_err());
    }
}
