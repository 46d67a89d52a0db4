//! The single write path: every file fvnote writes goes through [`Output`].
//!
//! Guarantees (see the README, "What fvnote does to your files"):
//! * A regular file is replaced atomically: the bytes go to a temporary file
//!   beside the target (`.NAME.fvnote-PID-XXXXXX.tmp`), which is flushed to
//!   disk and renamed over the target on [`Output::commit`]; until then, and
//!   if the process fails or is interrupted, the old file is intact.
//! * A replaced file keeps its permission bits and, where the process may
//!   (root, or the owner setting a group it belongs to), its owner and group.
//!   On other systems than unix only the read-only flag is kept.
//! * A symbolic link is written through: its final target is replaced, the
//!   link stays a link.
//! * A file with other hard links is refused unless
//!   [`WriteOptions::break_hard_links`] (the written name then gets a file of
//!   its own; the other names keep the old content).
//! * A read-only file (no write permission bit at all, or none for this
//!   process) is refused unless [`WriteOptions::force`].
//! * Anything that is not a regular file or a directory (a FIFO, a character
//!   device, `/dev/stdout`) is opened and written directly, never replaced.
//! * A new file gets mode `0666 & ~umask`, as `touch` or a shell redirection.

use std::ffi::OsStr;
use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::temp::TempFile;

/// What a write may do to an existing file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Replace a read-only file (its mode stays read-only).
    pub force: bool,
    /// Replace a file that has other hard links, detaching this name from
    /// them.
    pub break_hard_links: bool,
}

/// Why a file was not written; the file is unchanged.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file system refused.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file being written.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: io::Error,
    },
    /// The file is read-only.
    #[error("{}: the file is read-only; left unchanged (--force replaces it)", path.display())]
    ReadOnly {
        /// The file left unchanged.
        path: PathBuf,
    },
    /// The file has other hard links, which replacing it would break.
    #[error(
        "{}: the file has {links} hard links; replacing it would separate this name from the \
         others, so it is left unchanged (--break-hard-links replaces it anyway)",
        path.display()
    )]
    HardLinks {
        /// The file left unchanged.
        path: PathBuf,
        /// Its number of hard links (more than one).
        links: u64,
    },
    /// The path names a directory.
    #[error("{}: is a directory", path.display())]
    Directory {
        /// The directory named.
        path: PathBuf,
    },
}

impl WriteError {
    fn io(path: &Path) -> impl FnOnce(io::Error) -> WriteError + '_ {
        move |source| WriteError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// The underlying I/O error, if the file system refused (for telling a
    /// closed pipe from other failures).
    pub fn io_error(&self) -> Option<&io::Error> {
        match self {
            WriteError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A file being written; see the module documentation. Bytes go to a
/// temporary file (or straight into a FIFO or device) and reach the target
/// on [`Output::commit`]; dropped without a commit, nothing changed.
pub struct Output {
    out: BufWriter<File>,
    /// The name the user gave (for messages).
    shown: PathBuf,
    /// Where the bytes go: the symlink's final target, or the path.
    target: PathBuf,
    /// None: written directly (not a regular file).
    temp: Option<TempFile>,
}

impl Output {
    /// Starts writing `path`: checks the target and creates the temporary
    /// file (or opens a non-regular file for writing).
    pub fn open(path: &Path, opts: &WriteOptions) -> Result<Output, WriteError> {
        let target = resolve(path).map_err(WriteError::io(path))?;
        let existing = match std::fs::metadata(&target) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(WriteError::io(path)(e)),
        };
        let shown = path.to_path_buf();
        match &existing {
            Some(m) if m.is_dir() => return Err(WriteError::Directory { path: shown }),
            Some(m) if !m.is_file() => {
                // A FIFO, device or socket: written in place, never replaced.
                let file = OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .map_err(WriteError::io(path))?;
                return Ok(Output {
                    out: BufWriter::with_capacity(1 << 16, file),
                    shown,
                    target,
                    temp: None,
                });
            }
            Some(m) => check_replaceable(&target, m, opts, &shown)?,
            None => {}
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = target.file_name().unwrap_or(OsStr::new("output"));
        let (file, temp) = TempFile::create(dir, name).map_err(WriteError::io(path))?;
        if let Some(m) = &existing {
            keep_metadata(&file, m).map_err(WriteError::io(path))?;
        }
        Ok(Output {
            out: BufWriter::with_capacity(1 << 16, file),
            shown,
            target,
            temp: Some(temp),
        })
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// Flushes the bytes to disk and puts them in place: renames the
    /// temporary file over the target (for a non-regular target: flushes).
    pub fn commit(self) -> Result<(), WriteError> {
        self.finish()?.commit()
    }

    /// Flushes the bytes to disk and closes the file, keeping the target
    /// as it is until [`Ready::commit`] (many outputs can wait at once
    /// without holding a file descriptor each).
    pub fn finish(self) -> Result<Ready, WriteError> {
        let Output {
            out,
            shown,
            target,
            temp,
        } = self;
        let file = out
            .into_inner()
            .map_err(|e| WriteError::io(&shown)(e.into_error()))?;
        if temp.is_some() {
            file.sync_all().map_err(WriteError::io(&shown))?;
        }
        Ok(Ready {
            shown,
            target,
            temp,
        })
    }
}

/// A finished [`Output`], waiting to replace its target; dropped, nothing
/// changes.
pub struct Ready {
    shown: PathBuf,
    target: PathBuf,
    temp: Option<TempFile>,
}

impl Ready {
    /// Whether the target already holds exactly these bytes (then
    /// committing would change nothing). Always false for a non-regular
    /// target.
    pub fn same_as_target(&self) -> Result<bool, WriteError> {
        match &self.temp {
            None => Ok(false),
            Some(temp) => {
                same_bytes(temp.path(), &self.target).map_err(WriteError::io(&self.shown))
            }
        }
    }

    /// Renames the temporary file over the target.
    pub fn commit(self) -> Result<(), WriteError> {
        if let Some(temp) = self.temp {
            temp.persist(&self.target)
                .map_err(WriteError::io(&self.shown))?;
            sync_parent(&self.target);
        }
        Ok(())
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Writes `bytes` to `path` through [`Output`] and commits.
pub fn write_file(path: &Path, bytes: &[u8], opts: &WriteOptions) -> Result<(), WriteError> {
    let mut out = Output::open(path, opts)?;
    out.write_all(bytes).map_err(WriteError::io(path))?;
    out.commit()
}

/// The file a path finally names: symbolic links resolved (also a dangling
/// one, whose target will be created), so writing replaces the target and
/// the link stays.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Refuses what replacing would damage: other hard links, a read-only file.
fn check_replaceable(
    target: &Path,
    m: &Metadata,
    opts: &WriteOptions,
    shown: &Path,
) -> Result<(), WriteError> {
    let links = hard_links(m);
    if links > 1 && !opts.break_hard_links {
        return Err(WriteError::HardLinks {
            path: shown.to_path_buf(),
            links,
        });
    }
    if !opts.force && read_only(target, m) {
        return Err(WriteError::ReadOnly {
            path: shown.to_path_buf(),
        });
    }
    Ok(())
}

#[cfg(unix)]
fn hard_links(m: &Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    m.nlink()
}

#[cfg(not(unix))]
fn hard_links(_: &Metadata) -> u64 {
    1
}

/// No write bit at all (root may write anyway, but the owner said no), or
/// none for this process.
#[cfg(unix)]
fn read_only(target: &Path, m: &Metadata) -> bool {
    use rustix::fs::{access, Access};
    use std::os::unix::fs::PermissionsExt;
    m.permissions().mode() & 0o222 == 0 || access(target, Access::WRITE_OK).is_err()
}

#[cfg(not(unix))]
fn read_only(_: &Path, m: &Metadata) -> bool {
    m.permissions().readonly()
}

/// Gives the new file the old one's owner, group (where permitted) and
/// permission bits. The owner goes first: changing it clears set-id bits.
#[cfg(unix)]
fn keep_metadata(file: &File, m: &Metadata) -> io::Result<()> {
    use std::os::unix::fs::{fchown, MetadataExt, PermissionsExt};
    // Only root may give a file away; a member may still set the group.
    if fchown(file, Some(m.uid()), Some(m.gid())).is_err() {
        let _ = fchown(file, None, Some(m.gid()));
    }
    file.set_permissions(std::fs::Permissions::from_mode(
        m.permissions().mode() & 0o7777,
    ))
}

#[cfg(not(unix))]
fn keep_metadata(file: &File, m: &Metadata) -> io::Result<()> {
    file.set_permissions(m.permissions())
}

/// Makes the rename durable (best effort: not every system can sync a
/// directory).
fn sync_parent(target: &Path) {
    #[cfg(unix)]
    if let Some(dir) = target.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = target;
}

/// Whether two files hold the same bytes.
fn same_bytes(a: &Path, b: &Path) -> io::Result<bool> {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return Ok(false);
    };
    if ma.len() != mb.len() {
        return Ok(false);
    }
    let (mut a, mut b) = (File::open(a)?, File::open(b)?);
    let (mut x, mut y) = (vec![0; 1 << 16], vec![0; 1 << 16]);
    loop {
        let n = read_full(&mut a, &mut x)?;
        if n != read_full(&mut b, &mut y)? || x[..n] != y[..n] {
            return Ok(false);
        }
        if n == 0 {
            return Ok(true);
        }
    }
}

/// Reads until `buf` is full or the input ends; how many bytes were read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_replaces_the_target_until_committed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        std::fs::write(&path, "old").unwrap();
        let mut f = Output::open(&path, &WriteOptions::default()).unwrap();
        f.write_all(b"new").unwrap();
        let ready = f.finish().unwrap();
        assert!(!ready.same_as_target().unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        ready.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let mut f = Output::open(&path, &WriteOptions::default()).unwrap();
        f.write_all(b"new").unwrap();
        let ready = f.finish().unwrap();
        assert!(ready.same_as_target().unwrap());
        drop(ready);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }
}
