//! Outputs written in place, never resolved and replaced: what a path
//! names when it is not a regular file of its own.
//!
//! * A descriptor of this process: `/dev/stdout`, `/dev/stderr`,
//!   `/dev/fd/N`, `/proc/self/fd/N` (or a symbolic link to one). The bytes
//!   go to that descriptor itself (a duplicate of it), so they land where
//!   the shell pointed it: after what was written before, appended when it
//!   was opened with `>>`, into a pipe.
//! * The very file open as standard output or error (same device and
//!   inode: `-o out.txt >> out.txt`): written through that descriptor, as
//!   above.
//! * An existing FIFO, terminal, character or block device: opened for
//!   writing (never truncated); a socket: connected to.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

/// What an output written in place opened.
pub(crate) enum InPlace {
    /// A FIFO, terminal, device or socket, opened for writing.
    Open(File),
    /// A duplicate of descriptor `fd`, to write into unless it is a regular
    /// file this process reads (see `Output`'s decision).
    Descriptor {
        /// The duplicate.
        file: File,
        /// The descriptor's number.
        fd: i32,
        /// Named as a descriptor (`/dev/stdout`), not by its file's name.
        named: bool,
    },
}

/// Opens `path` for writing in place when it names one of the things of
/// the module documentation; `None` for anything else (a regular file of
/// its own, a directory, nothing yet), which the caller replaces
/// atomically or refuses.
pub(crate) fn open_in_place(path: &Path) -> io::Result<Option<InPlace>> {
    if let Some(fd) = named_descriptor(path)? {
        let file = duplicate(fd)?;
        return Ok(Some(InPlace::Descriptor {
            file,
            fd,
            named: true,
        }));
    }
    let m = match std::fs::metadata(path) {
        Ok(m) => m,
        // Nothing there yet (or a dangling link): a new file.
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if m.is_dir() {
        return Ok(None);
    }
    if m.is_file() {
        return match standard_stream_of(&m) {
            Some(fd) => Ok(Some(InPlace::Descriptor {
                file: duplicate(fd)?,
                fd,
                named: false,
            })),
            None => Ok(None),
        };
    }
    open_special(path, &m).map(|f| Some(InPlace::Open(f)))
}

/// Whether `file` is a regular file that this process also has open on a
/// descriptor other than `fd`, standard output, standard error and `file`
/// itself (standard input counts): an input being read.
#[cfg(unix)]
pub(crate) fn read_elsewhere(file: &File, fd: i32) -> bool {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(m) = file.metadata() else {
        return false;
    };
    if !m.is_file() {
        return false;
    }
    let skip = [fd, 1, 2, file.as_raw_fd()];
    for dir in ["/proc/self/fd", "/dev/fd"] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        return entries.flatten().any(|e| {
            let n: Option<i32> = e.file_name().to_str().and_then(|n| n.parse().ok());
            n.is_some_and(|n| !skip.contains(&n))
                && std::fs::metadata(e.path())
                    .is_ok_and(|o| o.is_file() && (o.dev(), o.ino()) == (m.dev(), m.ino()))
        });
    }
    false
}

#[cfg(not(unix))]
pub(crate) fn read_elsewhere(_: &File, _: i32) -> bool {
    false
}

/// The descriptor a path names through `/dev/fd` or `/proc/…/fd` of this
/// process, following symbolic links (`/dev/stdout` → `/proc/self/fd/1`)
/// up to the first such name.
#[cfg(unix)]
fn named_descriptor(path: &Path) -> io::Result<Option<i32>> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        if let Some(fd) = descriptor_number(&p) {
            return Ok(Some(fd));
        }
        match super::identity::link_hop(&p)? {
            Some(next) => p = next,
            None => return Ok(None),
        }
    }
    Ok(None)
}

#[cfg(not(unix))]
fn named_descriptor(_: &Path) -> io::Result<Option<i32>> {
    Ok(None)
}

/// The directories whose entries are this process's descriptors, as
/// `canonicalize` spells them (`/proc/self/fd` is `/proc/PID/fd`).
#[cfg(unix)]
fn descriptor_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for d in ["/dev/fd", "/proc/self/fd", "/proc/thread-self/fd"] {
        // `/dev/fd` is a directory of its own on the BSDs and macOS.
        for p in [
            PathBuf::from(d),
            std::fs::canonicalize(d).unwrap_or_default(),
        ] {
            if !p.as_os_str().is_empty() && !dirs.contains(&p) {
                dirs.push(p);
            }
        }
    }
    dirs
}

/// N when `p` is `DIR/N` for one of the [`descriptor_dirs`] (the parent
/// compared canonical).
#[cfg(unix)]
fn descriptor_number(p: &Path) -> Option<i32> {
    let name = p.file_name()?.to_str()?;
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let fd: i32 = name.parse().ok()?;
    let dirs = descriptor_dirs();
    let parent = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if dirs.iter().any(|d| d == parent) {
        return Some(fd);
    }
    let canonical = std::fs::canonicalize(parent).ok()?;
    dirs.contains(&canonical).then_some(fd)
}

/// 1 or 2 when the regular file `m` describes is the one open as standard
/// output or standard error.
#[cfg(unix)]
fn standard_stream_of(m: &std::fs::Metadata) -> Option<i32> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let same = |fd: std::os::fd::BorrowedFd<'_>| {
        fd.try_clone_to_owned()
            .and_then(|owned| File::from(owned).metadata())
            .is_ok_and(|s| s.is_file() && (s.dev(), s.ino()) == (m.dev(), m.ino()))
    };
    if same(io::stdout().as_fd()) {
        Some(1)
    } else if same(io::stderr().as_fd()) {
        Some(2)
    } else {
        None
    }
}

#[cfg(not(unix))]
fn standard_stream_of(_: &std::fs::Metadata) -> Option<i32> {
    None
}

/// A duplicate of this process's descriptor `fd`: the same open file
/// (its offset, its `O_APPEND`), closed apart.
#[cfg(unix)]
fn duplicate(fd: i32) -> io::Result<File> {
    use std::os::fd::AsFd;
    let not_open = |e: io::Error| {
        if e.raw_os_error() == Some(rustix::io::Errno::BADF.raw_os_error()) {
            io::Error::new(
                e.kind(),
                format!("descriptor {fd} is not open (expected the descriptor to write to)"),
            )
        } else {
            e
        }
    };
    let owned = match fd {
        0 => io::stdin().as_fd().try_clone_to_owned(),
        1 => io::stdout().as_fd().try_clone_to_owned(),
        2 => io::stderr().as_fd().try_clone_to_owned(),
        _ => return other_descriptor(fd).map_err(not_open),
    };
    owned.map(File::from).map_err(not_open)
}

/// A duplicate of descriptor `fd` (3 and up): taken from this process by
/// `pidfd_getfd` where the kernel has it (Linux 5.6), else reopened
/// through `/proc/self/fd` (or `/dev/fd` elsewhere), appending when the
/// descriptor appends.
#[cfg(unix)]
fn other_descriptor(fd: i32) -> io::Result<File> {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{getpid, pidfd_getfd, pidfd_open, PidfdFlags, PidfdGetfdFlags};
        let taken = pidfd_open(getpid(), PidfdFlags::empty())
            .and_then(|me| pidfd_getfd(&me, fd, PidfdGetfdFlags::empty()));
        match taken {
            Ok(owned) => return Ok(File::from(owned)),
            Err(rustix::io::Errno::BADF) => return Err(rustix::io::Errno::BADF.into()),
            // Too old a kernel, or a sandbox that forbids it: reopen.
            Err(_) => {}
        }
        let appends = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}"))?
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & rustix::fs::OFlags::APPEND.bits() != 0);
        OpenOptions::new()
            .write(true)
            .append(appends)
            .open(format!("/proc/self/fd/{fd}"))
    }
    #[cfg(not(target_os = "linux"))]
    {
        // Opening /dev/fd/N duplicates descriptor N on the BSDs and macOS.
        OpenOptions::new().write(true).open(format!("/dev/fd/{fd}"))
    }
}

#[cfg(not(unix))]
fn duplicate(fd: i32) -> io::Result<File> {
    Err(io::Error::other(format!(
        "descriptor {fd}: not supported on this system"
    )))
}

/// Opens an existing FIFO, terminal or device for writing, in place; a
/// socket is connected to.
fn open_special(path: &Path, m: &std::fs::Metadata) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if m.file_type().is_socket() {
            let stream = std::os::unix::net::UnixStream::connect(path)?;
            return Ok(File::from(std::os::fd::OwnedFd::from(stream)));
        }
    }
    let _ = m;
    OpenOptions::new().write(true).open(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn descriptor_names_are_recognised_through_links() {
        assert_eq!(named_descriptor(Path::new("/dev/stdout")).unwrap(), Some(1));
        assert_eq!(named_descriptor(Path::new("/dev/stderr")).unwrap(), Some(2));
        assert_eq!(named_descriptor(Path::new("/dev/fd/7")).unwrap(), Some(7));
        assert_eq!(
            named_descriptor(Path::new("/proc/self/fd/1")).unwrap(),
            Some(1)
        );
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("out");
        std::os::unix::fs::symlink("/dev/stdout", &link).unwrap();
        assert_eq!(named_descriptor(&link).unwrap(), Some(1));
        let plain = dir.path().join("7");
        std::fs::write(&plain, "").unwrap();
        assert_eq!(named_descriptor(&plain).unwrap(), None);
        assert_eq!(named_descriptor(Path::new("/dev/null")).unwrap(), None);
    }
}
