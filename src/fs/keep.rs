//! What a replaced file keeps: its owner and group, its permission bits and
//! its extended attributes (POSIX ACLs among them: `system.posix_acl_access`
//! on Linux), given to the new file before it is renamed over the old one.
//! What cannot be given is said, in words, so the write can be refused.

use std::fs::{File, Metadata};
use std::io;
use std::path::Path;

/// Extended attributes with their values, in the order listed.
type Xattrs = Vec<(std::ffi::OsString, Vec<u8>)>;

/// The metadata of a file about to be replaced.
pub(crate) struct Kept {
    meta: Metadata,
    /// Each extended attribute with its value, in the order listed.
    #[cfg_attr(
        not(any(target_os = "linux", target_os = "android", target_vendor = "apple")),
        allow(dead_code)
    )]
    xattrs: Xattrs,
    /// Extended attributes listed that could not be read (name, why).
    unreadable: Vec<String>,
}

impl Kept {
    /// Reads what `target` (metadata `meta`) has to keep.
    pub(crate) fn of(target: &Path, meta: &Metadata) -> io::Result<Kept> {
        let (xattrs, unreadable) = xattrs::read(target)?;
        Ok(Kept {
            meta: meta.clone(),
            xattrs,
            unreadable,
        })
    }

    /// Gives `file` (the new file) the owner, group, extended attributes
    /// and permission bits kept; returns what it could not give, each in
    /// words ("its owner (uid 4321; …)"), empty when all was given. Call
    /// again after writing: a write clears set-id bits and file
    /// capabilities.
    pub(crate) fn give(&self, file: &File) -> io::Result<Vec<String>> {
        let mut lost = self.unreadable.clone();
        give_owner(file, &self.meta);
        lost.extend(xattrs::give(file, &self.xattrs)?);
        lost.extend(give_mode(file, &self.meta)?);
        Ok(lost)
    }
}

/// Gives the owner, then (where that is refused) the group alone; what
/// was not given shows in the check of [`give_mode`].
#[cfg(unix)]
fn give_owner(file: &File, m: &Metadata) {
    use std::os::unix::fs::{fchown, MetadataExt};
    // Only root may give a file away; a member may still set the group.
    if fchown(file, Some(m.uid()), Some(m.gid())).is_err() {
        let _ = fchown(file, None, Some(m.gid()));
    }
}

#[cfg(not(unix))]
fn give_owner(_: &File, _: &Metadata) {}

/// Sets the permission bits (after the owner and the ACL: changing the
/// owner clears set-id bits) and says what differs now: owner, group,
/// bits.
#[cfg(unix)]
fn give_mode(file: &File, m: &Metadata) -> io::Result<Vec<String>> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let mode = m.mode() & 0o7777;
    file.set_permissions(std::fs::Permissions::from_mode(mode))?;
    let now = file.metadata()?;
    let mut lost = Vec::new();
    if now.uid() != m.uid() {
        lost.push(format!(
            "its owner (uid {}; the new file would belong to uid {})",
            m.uid(),
            now.uid()
        ));
    }
    if now.gid() != m.gid() {
        lost.push(format!(
            "its group (gid {}; the new file would have gid {})",
            m.gid(),
            now.gid()
        ));
    }
    if now.mode() & 0o7777 != mode {
        lost.push(format!(
            "its permission bits {mode:04o} (the new file would have {:04o})",
            now.mode() & 0o7777
        ));
    }
    Ok(lost)
}

#[cfg(not(unix))]
fn give_mode(file: &File, m: &Metadata) -> io::Result<Vec<String>> {
    file.set_permissions(m.permissions())?;
    Ok(Vec::new())
}

#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
mod xattrs {
    //! Extended attributes, through rustix.

    use std::ffi::{OsStr, OsString};
    use std::fs::File;
    use std::io;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    use rustix::fs::{
        fgetxattr, fgetxattr_query, flistxattr, flistxattr_query, fremovexattr, fsetxattr,
        getxattr, getxattr_query, listxattr, listxattr_query, XattrFlags,
    };
    use rustix::io::Errno;

    use super::Xattrs;

    /// The extended attributes of `path` with their values, and those
    /// listed that could not be read (in words). A file system without
    /// extended attributes has none.
    pub(super) fn read(path: &Path) -> io::Result<(Xattrs, Vec<String>)> {
        let names = match sized(|| listxattr_query(path), |b| listxattr(path, b)) {
            Ok(n) => n,
            Err(Errno::NOTSUP) => return Ok((Vec::new(), Vec::new())),
            Err(e) => return Err(e.into()),
        };
        let (mut kept, mut unreadable) = (Vec::new(), Vec::new());
        for name in split(&names) {
            match sized(|| getxattr_query(path, name), |b| getxattr(path, name, b)) {
                Ok(value) => kept.push((name.to_owned(), value)),
                // Removed since it was listed: nothing to keep.
                Err(Errno::NODATA) => {}
                Err(e) => unreadable.push(format!(
                    "its extended attribute {} (it cannot be read: {})",
                    name.to_string_lossy(),
                    io::Error::from(e)
                )),
            }
        }
        Ok((kept, unreadable))
    }

    /// Gives `file` exactly the attributes `kept`: each set unless it has
    /// it already, and any other it got on creation (an inherited default
    /// ACL) removed. Returns those that could not be set, in words.
    pub(super) fn give(file: &File, kept: &[(OsString, Vec<u8>)]) -> io::Result<Vec<String>> {
        let has = match sized(|| flistxattr_query(file), |b| flistxattr(file, b)) {
            Ok(n) => n,
            Err(Errno::NOTSUP) if kept.is_empty() => return Ok(Vec::new()),
            Err(Errno::NOTSUP) => Vec::new(),
            Err(e) => return Err(e.into()),
        };
        let has: Vec<&OsStr> = split(&has).collect();
        for name in &has {
            if !kept.iter().any(|(k, _)| k == name) {
                // Best effort: it was not there before.
                let _ = fremovexattr(file, *name);
            }
        }
        let mut lost = Vec::new();
        for (name, value) in kept {
            if has.contains(&name.as_os_str()) {
                let now = sized(|| fgetxattr_query(file, name), |b| fgetxattr(file, name, b));
                if now.as_ref() == Ok(value) {
                    continue;
                }
            }
            if let Err(e) = fsetxattr(file, name, value, XattrFlags::empty()) {
                lost.push(format!(
                    "its extended attribute {} ({})",
                    name.to_string_lossy(),
                    io::Error::from(e)
                ));
            }
        }
        Ok(lost)
    }

    /// The names of a NUL-separated list.
    fn split(list: &[u8]) -> impl Iterator<Item = &OsStr> {
        list.split(|&b| b == 0)
            .filter(|n| !n.is_empty())
            .map(OsStr::from_bytes)
    }

    /// A value read with a size query first, again while it grew between
    /// the two calls.
    fn sized(
        query: impl Fn() -> Result<usize, Errno>,
        fetch: impl Fn(&mut [u8]) -> Result<usize, Errno>,
    ) -> Result<Vec<u8>, Errno> {
        for _ in 0..8 {
            let size = query()?;
            if size == 0 {
                return Ok(Vec::new());
            }
            let mut buf = vec![0; size];
            match fetch(&mut buf) {
                Ok(n) => {
                    buf.truncate(n);
                    return Ok(buf);
                }
                Err(Errno::RANGE) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(Errno::RANGE)
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
mod xattrs {
    //! No extended attributes on this system.

    use std::ffi::OsString;
    use std::fs::File;
    use std::io;
    use std::path::Path;

    use super::Xattrs;

    pub(super) fn read(_: &Path) -> io::Result<(Xattrs, Vec<String>)> {
        Ok((Vec::new(), Vec::new()))
    }

    pub(super) fn give(_: &File, _: &[(OsString, Vec<u8>)]) -> io::Result<Vec<String>> {
        Ok(Vec::new())
    }
}
