//! Piece, cage, hole and cell labels (`P`, `nb`, `C`, `#`, `.`).

use crate::piece::{Color, Piece, Role};
use crate::variant::Variant;

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

/// A label as messages show it: a long one's start only.
fn shown(text: &str) -> String {
    let shown: String = text.chars().take(12).collect();
    if shown.len() < text.len() {
        format!("{shown}…")
    } else {
        shown
    }
}

pub(super) fn read_label(text: &str, variant: Variant) -> Result<Label, String> {
    // One byte (nearly every label): a mark, or a role straight from the
    // letter.
    if let &[b] = text.as_bytes() {
        match b {
            b'#' => return Ok(Label::Hole),
            b'.' => return Ok(Label::Cell),
            _ => {}
        }
        let role = Role::from_char(char::from(b));
        let color = if b.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let cage = b.eq_ignore_ascii_case(&b'C') && variant.has_cages();
        if b.is_ascii_alphabetic() && !cage {
            if let Some(role) = role {
                return Ok(Label::Piece(Piece::new(color, role)));
            }
        }
    }
    let color = if text.bytes().all(|b| b.is_ascii_uppercase()) {
        Color::White
    } else if text.bytes().all(|b| b.is_ascii_lowercase()) {
        Color::Black
    } else {
        let shown = shown(text);
        return Err(format!(
            "label {shown:?} mixes cases: expected upper case (White) or lower case (Black)"
        ));
    };
    if text.eq_ignore_ascii_case("C") && variant.has_cages() {
        return Ok(Label::Cage(color));
    }
    // Codes are upper case: compare without making an upper-case copy.
    let role = Role::ALL
        .into_iter()
        .find(|r| r.code().eq_ignore_ascii_case(text));
    match role {
        Some(role) => Ok(Label::Piece(Piece::new(color, role))),
        None => Err(format!(
            "unknown label {:?}: expected a piece (P N B R Q K, or RN RB NR NB BR BN){}, \
             # (a hole) or . (a cell)",
            shown(text),
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
