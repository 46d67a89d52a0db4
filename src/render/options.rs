//! What a diagram shows beyond the position: orientation, size, marks.

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
    /// Arrows from one square to another.
    pub arrows: Vec<(Square, Square)>,
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
            legend: true,
        }
    }
}

/// Reads an arrow written `e2e4` (ranks may have several digits: `b10c12`).
pub fn parse_arrow(text: &str) -> Result<(Square, Square), String> {
    let bytes = text.as_bytes();
    // The second square starts at the first letter after a digit.
    let split =
        (1..bytes.len()).find(|&i| bytes[i].is_ascii_alphabetic() && bytes[i - 1].is_ascii_digit());
    let bad = || format!("arrow {text:?}: expected two squares such as e2e4");
    let i = split.ok_or_else(bad)?;
    let from = text[..i].parse::<Square>().map_err(|_| bad())?;
    let to = text[i..].parse::<Square>().map_err(|_| bad())?;
    Ok((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_read_two_squares() {
        let (a, b) = parse_arrow("e2e4").unwrap();
        assert_eq!((a.to_string(), b.to_string()), ("e2".into(), "e4".into()));
        let (a, b) = parse_arrow("b10c2").unwrap();
        assert_eq!((a.to_string(), b.to_string()), ("b10".into(), "c2".into()));
        assert!(parse_arrow("e2").is_err());
        assert!(parse_arrow("e2e").is_err());
        assert!(parse_arrow("").is_err());
    }
}
