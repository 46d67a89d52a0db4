//! The single write path: every file fvnote writes goes through [`Output`].
//!
//! Guarantees (see the README, "What fvnote does to your files"):
//! * A regular file is replaced atomically: the bytes go to a temporary file
//!   beside the target (`.NAME.fvnote-PID-XXXXXX.tmp`), which is flushed to
//!   disk and renamed over the target on [`Output::commit`]; until then, and
//!   if the process fails or is interrupted, the old file is intact.
//! * A replaced file keeps its owner, group, permission bits and extended
//!   attributes (POSIX ACLs included), or is refused with what would be
//!   lost ([`WriteError::WouldLose`]) unless [`WriteOptions::force`]. On
//!   other systems than unix only the read-only flag is kept.
//! * A symbolic link is written through: its final target is replaced, the
//!   link stays a link.
//! * A file with other hard links is refused unless
//!   [`WriteOptions::break_hard_links`] (the written name then gets a file of
//!   its own; the other names keep the old content).
//! * A read-only file (no write permission bit at all, or none for this
//!   process) is refused unless [`WriteOptions::force`].
//! * Written in place, never resolved and replaced: a descriptor of this
//!   process (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`:
//!   the bytes go to that descriptor itself, so after what it held and
//!   appended when the shell opened it with `>>`); the very file open as
//!   standard output or error (`-o out.txt >> out.txt`); anything that is
//!   not a regular file or a directory (a FIFO, a terminal, a character
//!   device, a socket). Such an output is not atomic: what was written
//!   stays.
//! * A new file gets mode `0666 & ~umask`, as `touch` or a shell redirection.
//!
//! Whether an output is one of the inputs, or two outputs are one file:
//! [`check_outputs`](super::check_outputs).

use std::ffi::OsStr;
use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::identity::resolve_links;
use super::keep::Kept;
use super::special::{open_in_place, read_elsewhere, InPlace};
use super::temp::TempFile;

/// What a write may do to an existing file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Replace a read-only file (its mode stays read-only), and one whose
    /// owner, group, permission bits or extended attributes the new file
    /// cannot keep (accepting the loss).
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
    /// The new file could not keep some of the old one's metadata (a user
    /// who is not the owner cannot give the file back to its owner; an
    /// extended attribute may not be settable).
    #[error(
        "{}: replacing the file would lose {}; left unchanged (--force replaces it anyway)",
        path.display(),
        lost.join(", ")
    )]
    WouldLose {
        /// The file left unchanged.
        path: PathBuf,
        /// What would be lost, each in words ("its owner (uid 1000; …)").
        lost: Vec<String>,
    },
    /// The path names a descriptor whose file this process is reading
    /// (`-o /dev/stdout >> IN`): writing into it would feed the reading
    /// without end.
    #[error(
        "{}: names a file this run is reading; writing into it while reading it would never \
         end, so nothing is written (expected an output that is not an input)",
        path.display()
    )]
    BeingRead {
        /// The descriptor's name as given.
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
    /// None until the first byte when the target is a descriptor whose
    /// regular file this process may be reading ([`Output::pending`]).
    out: Option<BufWriter<File>>,
    /// A descriptor to write into unless this process reads its file.
    pending: Option<Descriptor>,
    /// The name the user gave (for messages).
    shown: PathBuf,
    /// Where the bytes go: the symlink's final target, or the path.
    target: PathBuf,
    /// None: written directly (not a regular file).
    temp: Option<TempFile>,
    /// What the replaced file keeps, given again after the bytes (a write
    /// clears set-id bits and file capabilities).
    kept: Option<Kept>,
    opts: WriteOptions,
}

/// A descriptor an output names, decided on at the first byte: written
/// into, unless it is a regular file this process also has open on
/// another descriptor (an input being read: appending to it while reading
/// it would never end). Then a file open as standard output by its own
/// name (`fmt IN >> IN`) is replaced as any file, and a descriptor's name
/// (`-o /dev/stdout >> IN`) is refused.
struct Descriptor {
    file: File,
    /// Its number in this process.
    fd: i32,
    /// Named as a descriptor (`/dev/stdout`), not by the file's own name.
    named: bool,
}

/// A fresh write buffer.
fn buffered(file: File) -> BufWriter<File> {
    BufWriter::with_capacity(1 << 16, file)
}

impl Output {
    /// Starts writing `path`: checks the target and creates the temporary
    /// file (or opens what is written in place: see the module
    /// documentation).
    pub fn open(path: &Path, opts: &WriteOptions) -> Result<Output, WriteError> {
        let mut output = Output {
            out: None,
            pending: None,
            shown: path.to_path_buf(),
            target: path.to_path_buf(),
            temp: None,
            kept: None,
            opts: *opts,
        };
        match open_in_place(path).map_err(WriteError::io(path))? {
            Some(InPlace::Open(file)) => output.out = Some(buffered(file)),
            Some(InPlace::Descriptor { file, fd, named }) => {
                output.pending = Some(Descriptor { file, fd, named });
            }
            None => output.replace()?,
        }
        Ok(output)
    }

    /// Sets the output up to replace its target through a temporary file
    /// (or, for a path that turned into a FIFO or device, to write into
    /// it).
    fn replace(&mut self) -> Result<(), WriteError> {
        let path = self.shown.as_path();
        let target = resolve_links(path).map_err(WriteError::io(path))?;
        let existing = match std::fs::metadata(&target) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(WriteError::io(path)(e)),
        };
        match &existing {
            Some(m) if m.is_dir() => {
                return Err(WriteError::Directory {
                    path: path.to_path_buf(),
                })
            }
            Some(m) if !m.is_file() => {
                // Turned into a FIFO or device since it was looked at.
                let file = OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .map_err(WriteError::io(path))?;
                self.out = Some(buffered(file));
                self.target = target;
                return Ok(());
            }
            Some(m) => check_replaceable(&target, m, &self.opts, path)?,
            None => {}
        }
        let kept = match &existing {
            Some(m) => Some(Kept::of(&target, m).map_err(WriteError::io(path))?),
            None => None,
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = target.file_name().unwrap_or(OsStr::new("output"));
        let (file, temp) = TempFile::create(dir, name).map_err(WriteError::io(path))?;
        if let Some(kept) = &kept {
            give(kept, &file, self.opts.force, path)?;
        }
        self.out = Some(buffered(file));
        self.target = target;
        self.temp = Some(temp);
        self.kept = kept;
        Ok(())
    }

    /// Decides on a pending descriptor (see [`Descriptor`]).
    fn decide(&mut self) -> Result<(), WriteError> {
        let Some(d) = self.pending.take() else {
            return Ok(());
        };
        if !read_elsewhere(&d.file, d.fd) {
            self.out = Some(buffered(d.file));
            return Ok(());
        }
        if d.named {
            return Err(WriteError::BeingRead {
                path: self.shown.clone(),
            });
        }
        drop(d);
        self.replace()
    }

    /// The buffer the bytes go to, once decided.
    fn sink(&mut self) -> io::Result<&mut BufWriter<File>> {
        if self.out.is_none() {
            if let Err(e) = self.decide() {
                // The caller names the path: the message without it.
                let text = e.to_string();
                let prefix = format!("{}: ", self.shown.display());
                let text = text.strip_prefix(&prefix).unwrap_or(&text).to_owned();
                let kind = e.io_error().map_or(io::ErrorKind::Other, io::Error::kind);
                return Err(io::Error::new(kind, text));
            }
        }
        self.out
            .as_mut()
            .ok_or_else(|| io::Error::other(format!("{}: not open", self.shown.display())))
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
    /// as it is until [`Ready::commit`]. A waiting output holds one file
    /// descriptor, its temporary file's lock (which tells other runs the
    /// file is in use); a process with many waiting asks for its hard
    /// limit of open files.
    pub fn finish(mut self) -> Result<Ready, WriteError> {
        self.decide()?;
        let Output {
            out,
            shown,
            target,
            temp,
            kept,
            opts,
            ..
        } = self;
        let Some(out) = out else {
            return Err(WriteError::io(&shown)(io::Error::other("not open")));
        };
        let file = out
            .into_inner()
            .map_err(|e| WriteError::io(&shown)(e.into_error()))?;
        if let Some(kept) = &kept {
            give(kept, &file, opts.force, &shown)?;
        }
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
        self.sink()?.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.sink()?.write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.sink()?.flush()
    }
}

/// Writes `bytes` to `path` through [`Output`] and commits.
pub fn write_file(path: &Path, bytes: &[u8], opts: &WriteOptions) -> Result<(), WriteError> {
    let mut out = Output::open(path, opts)?;
    out.write_all(bytes).map_err(WriteError::io(path))?;
    out.commit()
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

/// Gives the new file what the old one keeps; refuses (unless forced) when
/// some of it cannot be given.
fn give(kept: &Kept, file: &File, force: bool, shown: &Path) -> Result<(), WriteError> {
    let lost = kept.give(file).map_err(WriteError::io(shown))?;
    if lost.is_empty() || force {
        return Ok(());
    }
    Err(WriteError::WouldLose {
        path: shown.to_path_buf(),
        lost,
    })
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
