//! Games: replay (the verdict), validation of archives, the JSON form,
//! conversion, diffs and random games.
#[allow(missing_docs)] // undocumented items left for after the merge
pub mod diff;
pub mod format;
pub mod gamecourier;
pub mod gen;
pub mod io;
#[allow(missing_docs)] // undocumented items left for after the merge
pub mod json;
pub mod json_reader;
pub mod replay;
#[allow(missing_docs)] // undocumented items left for after the merge
pub mod validate;
/// The record model moved to [`crate::model`]; re-exported here so existing
/// paths keep working.
pub use crate::model::*;
