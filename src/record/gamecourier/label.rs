//! Piece, cage, hole and cell labels (`P`, `nb`, `C`, `#`, `.`).

use crate::piece::{Color, Piece, Role};
use crate::rules::Variant;

/// What a label names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Label {
    Piece(Piece),
    /// A Slide-chess cage: `C` White's, `c` Black's.
    Cage(Color),
    /// `#`: the square is a hole after the turn.
    Hole,
    /// `.`: the square is a cell after the turn.
    Cell,
}

pub(super) fn read_label(text: &str, variant: Variant) -> Result<Label, String> {
    // Messages show a long label's start only.
    let shown: String = text.chars().take(12).collect();
    let shown = if shown.len() < text.len() {
        format!("{shown}…")
    } else {
        shown
    };
    if text == "#" {
        return Ok(Label::Hole);
    }
    if text == "." {
        return Ok(Label::Cell);
    }
    let color = if text.bytes().all(|b| b.is_ascii_uppercase()) {
        Color::White
    } else if text.bytes().all(|b| b.is_ascii_lowercase()) {
        Color::Black
    } else {
        return Err(format!(
            "label {shown:?} mixes cases: expected upper case (White) or lower case (Black)"
        ));
    };
    let upper = text.to_ascii_uppercase();
    if upper == "C" && variant.has_cages() {
        return Ok(Label::Cage(color));
    }
    match Role::from_code(&upper) {
        Some(role) => Ok(Label::Piece(Piece::new(color, role))),
        None => Err(format!(
            "unknown label {shown:?}: expected a piece (P N B R Q K, or RN RB NR NB BR BN){}, \
             # (a hole) or . (a cell)",
            if variant.has_cages() {
                ", C (a cage)"
            } else {
                ""
            }
        )),
    }
}

pub(super) fn label_of(p: Piece) -> String {
    p.code()
}

pub(super) fn cage_label(c: Color) -> &'static str {
    match c {
        Color::White => "C",
        Color::Black => "c",
    }
}
