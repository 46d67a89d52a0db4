//! Games: replay (the verdict), validation of archives, the JSON form,
//! conversion, diffs and random games.
pub mod convert;
pub mod cut;
pub mod damage;
pub mod dedup;
pub mod diff;
pub mod fix_result;
pub mod format;
pub mod game_stream;
pub mod gamecourier;
pub mod gen;
pub mod held;
pub mod json;
pub mod json_check;
pub mod json_compact;
pub mod json_ply;
pub mod json_read_stream;
pub mod json_reader;
pub mod json_stream;
pub mod json_write;
pub mod pgn_stream;
pub mod replay;
pub mod select;
pub mod split;
pub mod track;
mod unresolved;
pub mod validate;
