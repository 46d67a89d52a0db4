//! Reading a position from the command line: a FEN with `--variant`.

use crate::notation::fen::read_fen;
use crate::position::Position;
use crate::rules::Variant;

use super::CliError;

/// A FEN (or the start position when absent) in `variant`.
pub fn position(fen: Option<&str>, variant: Variant) -> Result<Position, CliError> {
    match fen {
        None => Ok(Position::start(variant)),
        Some(text) => read_fen(text.trim(), variant).map_err(|e| {
            CliError::usage(format!(
                "{e}\n  in FEN {text:?} (variant {variant}; see notation/fen.md)"
            ))
        }),
    }
}

/// A position argument: a FEN, or (later) `RECORD.pgn[:game]@ply`.
pub fn position_spec(spec: Option<&str>, variant: Variant) -> Result<Position, CliError> {
    position(spec, variant)
}
