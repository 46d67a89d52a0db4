//! fvnote: game records of chess variants.
pub mod notation;
pub mod record;
