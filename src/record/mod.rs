//! Games: the one pipeline every command reads through ([`pipeline`]), the
//! verdict on a game ([`replay`]), conversion to other forms ([`convert`],
//! [`json`], [`gamecourier`]), diffs ([`diff`], [`track`]) and random games
//! ([`gen`]).
pub mod convert;
pub mod dedup;
pub mod diff;
pub mod gamecourier;
pub mod gen;
pub mod json;
pub mod pipeline;
pub mod replay;
pub mod track;
