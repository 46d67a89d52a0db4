//! The file system boundary: the one write path, the one directory walker,
//! standard input read ahead ([`ReadAhead`]), compressed inputs
//! decompressed as they are read ([`mod@compressed`]), and the one loop that
//! gathers a buffered input into a reader's own buffer (`chunk.rs`).
//!
//! Every command that writes a file goes through [`mod@write`] (so in-place
//! rewrites keep the file's mode, owner, extended attributes, links and
//! bytes it was not asked to change, and descriptors, devices and FIFOs are
//! written into, never replaced), checks its outputs against its inputs
//! with [`check_outputs`] (no output overwrites an input or another
//! output), and every command that walks directories goes through
//! [`mod@walk`] (so symbolic links, loops, unreadable entries and FIFOs are
//! handled alike). This module depends on nothing else in the crate.

mod chunk;
pub mod compressed;
mod identity;
mod keep;
mod read_ahead;
mod special;
mod temp;
pub mod walk;
pub mod write;

pub(crate) use chunk::{read_chunk, read_rest};
pub use identity::{check_outputs, file_identity, same_file, Clash, FileIdentity};
pub use read_ahead::ReadAhead;
pub use temp::{cleanup_on_signals, on_signal, remove_stale_beside};
pub use walk::{walk, WalkEvent, WalkOptions};
pub use write::{write_file, Output, Ready, WriteError, WriteOptions};
