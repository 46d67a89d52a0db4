//! Setting up a game: its variant (`[Variant]`) and start position
//! (`[SetUp]` and `[FEN]`).

use crate::model::{Record, Tag};
use crate::notation::fen::read_fen;
use crate::position::Position;
use crate::variant::Variant;

/// The variant a `Variant` tag value names: absent or blank is `default`
/// (`--variant`), else chess.
pub(super) fn variant_named(
    tag: Option<&str>,
    default: Option<Variant>,
) -> Result<Variant, String> {
    match tag.map(str::trim) {
        None | Some("") => Ok(default.unwrap_or(Variant::Chess)),
        Some(v) => v.parse::<Variant>().map_err(|e| e.to_string()),
    }
}

/// The FEN in force given the `SetUp` and `FEN` tag values: none when there
/// is no FEN or `[SetUp "0"]` sets it aside.
pub(super) fn fen_in_force<'a>(setup: Option<&str>, fen: Option<&'a str>) -> Option<&'a str> {
    match setup.map(str::trim) {
        Some("0") => None,
        _ => fen,
    }
}

/// The start position: the FEN in force, else the variant's own.
pub(super) fn start_from(fen: Option<&str>, variant: Variant) -> Result<Position, String> {
    match fen {
        None => Ok(Position::start(variant)),
        Some(fen) => read_fen(fen.trim(), variant).map_err(|e| format!("in the FEN tag: {e}")),
    }
}

/// The variant a record names (`[Variant]`, default chess).
pub fn record_variant(record: &Record) -> Result<Variant, String> {
    variant_named(record.tag("Variant"), None)
}

/// The start position a record names (`[SetUp "1"]` + `[FEN]`).
pub fn record_start(record: &Record, variant: Variant) -> Result<Position, String> {
    start_from(
        fen_in_force(record.tag("SetUp"), record.tag("FEN")),
        variant,
    )
}

/// The variant and start position a game's tag pairs name, as the replay
/// sets them up (the first pair of each name counts; `unnamed` is the
/// variant when no tag names one).
pub fn tags_start(tags: &[Tag], unnamed: Option<Variant>) -> Result<(Variant, Position), String> {
    let tag = |name: &str| {
        tags.iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    };
    let variant = variant_named(tag("Variant"), unnamed)?;
    let start = start_from(fen_in_force(tag("SetUp"), tag("FEN")), variant)?;
    Ok((variant, start))
}
