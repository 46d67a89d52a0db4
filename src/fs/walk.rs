//! The one directory walker, for every command that takes directories.
//!
//! * A path named on the command line is used as it is (a symbolic link
//!   named there is followed, as `find -H` does).
//! * Below a named directory, symbolic links are not followed: neither
//!   linked files nor linked directories are visited. With
//!   [`WalkOptions::follow_symlinks`] they are, except a link whose target
//!   lies outside every named directory (the walk never leaves its roots)
//!   and a link back into a directory being walked (a loop); both are
//!   reported as skipped.
//! * An entry that cannot be read is reported as an error and skipped; the
//!   walk goes on.
//! * Below a named directory, only regular files are read: a FIFO, socket
//!   or device with a wanted extension is reported as skipped (reading a
//!   FIFO would wait for a writer that may never come). Named on the
//!   command line, it is read.
//! * Below a named directory, a file is taken when its extension is a
//!   wanted one (`.pgn`), also before a compression's (`.pgn.gz`,
//!   `.pgn.bz2`, `.pgn.xz`, `.pgn.zst`); whether a file is compressed is
//!   told by its bytes when it is read, whatever its name.
//! * Files come in sorted order (as sorting the full paths would give).

use std::io;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::fs::compressed;

/// How to walk.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WalkOptions {
    /// Follow symbolic links below the named directories (within them).
    pub follow_symlinks: bool,
}

/// What the walk found.
#[derive(Debug)]
pub enum WalkEvent {
    /// A file with one of the wanted extensions (or a named path that is
    /// not a directory, whatever its name).
    File(PathBuf),
    /// Something left out on purpose, with the reason.
    Skipped {
        /// The path left out.
        path: PathBuf,
        /// Why, for the report.
        reason: String,
    },
    /// Something that could not be read; the caller reports it and, at the
    /// end, exits 2.
    Error {
        /// The path that could not be read.
        path: PathBuf,
        /// What the file system said.
        error: io::Error,
    },
}

/// Whether `p` has one of `extensions` (ASCII case ignored), itself or
/// before a compressed file's (`games.pgn.zst`: see
/// [`compressed::EXTENSIONS`]).
fn wanted(p: &Path, extensions: &[&str]) -> bool {
    let one_of = |e: &std::ffi::OsStr| extensions.iter().any(|x| e.eq_ignore_ascii_case(x));
    let Some(ext) = p.extension() else {
        return false;
    };
    if one_of(ext) {
        return true;
    }
    let compressed = compressed::EXTENSIONS
        .iter()
        .any(|c| ext.eq_ignore_ascii_case(c));
    compressed
        && p.file_stem()
            .map(Path::new)
            .and_then(Path::extension)
            .is_some_and(one_of)
}

/// Every file under `roots` whose extension is one of `extensions` (ASCII
/// case ignored), also before a compression's (`games.pgn.gz`), in order:
/// see the module documentation.
pub fn walk(roots: &[PathBuf], extensions: &[&str], opts: &WalkOptions) -> Vec<WalkEvent> {
    let dirs: Vec<bool> = roots.iter().map(|r| r.is_dir()).collect();
    let canonical: Vec<PathBuf> = roots
        .iter()
        .zip(&dirs)
        .filter(|(_, &dir)| dir)
        .filter_map(|(r, _)| std::fs::canonicalize(r).ok())
        .collect();
    let mut events = Vec::new();
    for (root, &dir) in roots.iter().zip(&dirs) {
        if !dir {
            events.push(WalkEvent::File(root.clone()));
            continue;
        }
        walk_one(root, &canonical, extensions, opts, &mut events);
    }
    events
}

fn walk_one(
    root: &Path,
    roots: &[PathBuf],
    extensions: &[&str],
    opts: &WalkOptions,
    events: &mut Vec<WalkEvent>,
) {
    let wanted = |p: &Path| wanted(p, extensions);
    let mut it = WalkDir::new(root)
        .follow_root_links(true)
        .follow_links(opts.follow_symlinks)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = it.next() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().unwrap_or(root).to_path_buf();
                if let Some(ancestor) = e.loop_ancestor() {
                    events.push(WalkEvent::Skipped {
                        path,
                        reason: format!(
                            "a symbolic link back to {} (a loop); not followed",
                            ancestor.display()
                        ),
                    });
                } else {
                    let error = e
                        .into_io_error()
                        .unwrap_or_else(|| io::Error::other("cannot be read"));
                    events.push(WalkEvent::Error { path, error });
                }
                continue;
            }
        };
        let path = entry.path();
        let kind = entry.file_type();
        if entry.path_is_symlink() && entry.depth() > 0 {
            if !opts.follow_symlinks {
                // Not followed (the default): nothing to report per link.
                continue;
            }
            let inside = std::fs::canonicalize(path)
                .is_ok_and(|target| roots.iter().any(|r| target.starts_with(r)));
            if !inside {
                events.push(WalkEvent::Skipped {
                    path: path.to_path_buf(),
                    reason: "a symbolic link out of the named directories; not followed".into(),
                });
                if kind.is_dir() {
                    it.skip_current_dir();
                }
                continue;
            }
        }
        if kind.is_dir() || kind.is_symlink() || !wanted(path) {
            continue;
        }
        if kind.is_file() {
            events.push(WalkEvent::File(path.to_path_buf()));
        } else {
            // Reading a FIFO waits for a writer, a device may never end.
            events.push(WalkEvent::Skipped {
                path: path.to_path_buf(),
                reason: format!(
                    "{}, not a regular file; not read (name it on the command line to read it)",
                    special_kind(kind)
                ),
            });
        }
    }
}

/// What a file that is neither a regular file, a directory nor a link is,
/// in words.
fn special_kind(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
    }
    let _ = kind;
    "a special file"
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn files(events: &[WalkEvent]) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match e {
                WalkEvent::File(p) => Some(p.file_name()?.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn compressed_files_by_their_inner_extension() {
        let take = |p: &str| wanted(Path::new(p), &["pgn", "json"]);
        for yes in ["a.pgn", "a.PGN.GZ", "a.pgn.bz2", "a.json.xz", "a.pgn.zst"] {
            assert!(take(yes), "{yes}");
        }
        for no in ["a.gz", "a.txt.zst", "a.pgn.zip", "pgn", "a.zst.pgn.tar"] {
            assert!(!take(no), "{no}");
        }
    }

    #[test]
    fn links_are_not_followed_unless_asked_and_never_out_of_the_root() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("far.pgn"), "").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/a.pgn"), "").unwrap();
        std::fs::write(root.join("b.PGN"), "").unwrap();
        std::fs::write(root.join("c.txt"), "").unwrap();
        symlink(&root, root.join("sub/loop")).unwrap();
        symlink(outside.path(), root.join("out")).unwrap();
        symlink(root.join("sub/a.pgn"), root.join("link.pgn")).unwrap();
        let roots = [root.clone()];
        let plain = walk(&roots, &["pgn"], &WalkOptions::default());
        assert_eq!(files(&plain), ["b.PGN", "a.pgn"]);
        let follow = WalkOptions {
            follow_symlinks: true,
        };
        let followed = walk(&roots, &["pgn"], &follow);
        assert_eq!(files(&followed), ["b.PGN", "link.pgn", "a.pgn"]);
        let skipped = followed
            .iter()
            .filter(|e| matches!(e, WalkEvent::Skipped { .. }))
            .count();
        assert_eq!(skipped, 2, "{followed:?}");
    }
}
