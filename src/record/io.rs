//! File output that never loses data: kept for existing callers; new code
//! uses [`crate::fs::Output`] and [`crate::fs::write_file`] directly.

use std::path::Path;

use crate::fs::{write_file, WriteError, WriteOptions};

/// Writes `bytes` to `path` through the single write path
/// ([`crate::fs::write_file`]) with the default options: atomic, keeping
/// the mode, owner and links of an existing file, refusing a read-only or
/// hard-linked one.
///
/// Deprecated in favour of [`crate::fs::write_file`], which takes
/// [`WriteOptions`] (`--force`, `--break-hard-links`). Not marked
/// `#[deprecated]` yet, so callers still build with `-D warnings`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_file(path, bytes, &WriteOptions::default()).map_err(|e| match e {
        WriteError::Io { source, .. } => source,
        other => std::io::Error::other(other.to_string()),
    })
}
