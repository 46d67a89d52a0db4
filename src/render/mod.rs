//! Pictures of positions and games: a text diagram, an SVG diagram and a
//! replay page, all drawing the real geometry (holes, offset ranks, the
//! slide ring and its cages, hands, Grid Chess's sections).
//!
//! ```
//! use fvnote::render::{self, Options};
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let text = render::text(&Position::start(Variant::FaultLine));
//! assert!(text.contains(" 1   R  N  B  K  B  N  R    "));
//! let pic = render::svg::svg(&Position::start(Variant::Chess), &Options::default());
//! assert_eq!(pic.matches("data-piece=").count(), 32);
//! ```

pub mod glyphs;
pub mod highlight;
pub mod html;
pub mod legend;
pub mod options;
mod overlay;
pub mod pieces;
pub mod svg;
pub mod text;

pub use options::{parse_arrow, parse_mark, Options};

use crate::position::Position;

/// The text diagram with default options.
pub fn text(pos: &Position) -> String {
    text::text(pos, &Options::default())
}
