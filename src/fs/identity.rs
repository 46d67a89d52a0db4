//! Whether two paths name one file, and the check that no output
//! overwrites an input or another output.
//!
//! A file is known by its device and inode, so every hard link and every
//! symbolic link to it is the same file. A path where nothing is yet is
//! known by the file it would become: the device and inode of the
//! directory it would be made in (symbolic links resolved, as writing
//! resolves them) and its name there.
//!
//! ```
//! use fvnote::fs::{check_outputs, same_file};
//! let dir = tempfile::tempdir().unwrap();
//! let game = dir.path().join("game.pgn");
//! std::fs::write(&game, "1. e4 *\n").unwrap();
//! let dotted = dir.path().join(".").join("game.pgn");
//! assert!(same_file(&game, &dotted).unwrap());
//! let err = check_outputs(&[game.as_path()], &[("-o", dotted.as_path())]).unwrap_err();
//! assert!(err.to_string().contains("-o names the input"));
//! let new = dir.path().join("new.pgn");
//! assert!(check_outputs(&[game.as_path()], &[("-o", new.as_path())]).is_ok());
//! ```

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};

/// Which file a path names (see the module documentation); equal for two
/// paths exactly when they name one file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FileIdentity(Id);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Id {
    /// An existing file.
    Existing { dev: u64, ino: u64 },
    /// A file not made yet: its directory's identity and its name.
    New { dir: Box<Id>, name: OsString },
}

impl FileIdentity {
    /// Whether the path named an existing file (not one to be made).
    pub fn exists(&self) -> bool {
        matches!(self.0, Id::Existing { .. })
    }
}

/// The identity of the file `path` names, or of the file writing it would
/// make (symbolic links resolved, also a dangling one). An error when the
/// path cannot be looked up, e.g. its directory does not exist.
pub fn file_identity(path: &Path) -> io::Result<FileIdentity> {
    identity_of(path).map(|(id, _)| id)
}

/// Whether `a` and `b` name one file (hard links and symbolic links
/// resolved; for a path not made yet, the file it would become).
pub fn same_file(a: &Path, b: &Path) -> io::Result<bool> {
    Ok(file_identity(a)? == file_identity(b)?)
}

/// An output that would overwrite an input or another output.
#[derive(Debug, thiserror::Error)]
pub enum Clash {
    /// An output is one of the inputs.
    #[error(
        "{}: {option} names the input {} (the same file); refusing to overwrite an input \
         (expected an output that is not one of the inputs)",
        output.display(),
        input.display()
    )]
    OutputIsInput {
        /// The option that names the output (`-o`, `--svg`).
        option: String,
        /// The output as given.
        output: PathBuf,
        /// The input as given.
        input: PathBuf,
    },
    /// Two outputs are one file.
    #[error(
        "{}: {second} names the same file as {first} ({}); refusing to write one file twice \
         (expected a file of its own for each)",
        second_path.display(),
        first_path.display()
    )]
    SharedOutput {
        /// The option that names the first output.
        first: String,
        /// The first output as given.
        first_path: PathBuf,
        /// The option that names the second output.
        second: String,
        /// The second output as given.
        second_path: PathBuf,
    },
}

/// Refuses outputs that clash: an output that is one of `inputs`, or two
/// `outputs` that are one file. Each output comes with the option that
/// names it (`("-o", path)`), for the message.
///
/// Not checked, so never a clash: the input `-` (standard input); a path
/// whose identity cannot be looked up (reading or writing it reports
/// that); an output that exists and is not a regular file (a FIFO, a
/// terminal, `/dev/null`: written in place, and two writers into one
/// device may be meant). An output that names standard output
/// (`/dev/stdout`) is the file behind it: `-o /dev/stdout >> IN.pgn` is
/// refused.
pub fn check_outputs(inputs: &[&Path], outputs: &[(&str, &Path)]) -> Result<(), Clash> {
    if outputs.is_empty() {
        // Nothing is written: no input is looked up.
        return Ok(());
    }
    let inputs: Vec<(&Path, FileIdentity)> = inputs
        .iter()
        .filter(|p| p.as_os_str() != "-")
        .filter_map(|p| Some((*p, identity_of(p).ok()?.0)))
        .collect();
    let mut seen: Vec<(&str, &Path, FileIdentity)> = Vec::new();
    for &(option, output) in outputs {
        let Ok((id, regular)) = identity_of(output) else {
            continue;
        };
        if !regular {
            continue;
        }
        if let Some((input, _)) = inputs.iter().find(|(_, i)| *i == id) {
            return Err(Clash::OutputIsInput {
                option: option.to_owned(),
                output: output.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
        if let Some((first, first_path, _)) = seen.iter().find(|(_, _, s)| *s == id) {
            return Err(Clash::SharedOutput {
                first: (*first).to_owned(),
                first_path: first_path.to_path_buf(),
                second: option.to_owned(),
                second_path: output.to_path_buf(),
            });
        }
        seen.push((option, output, id));
    }
    Ok(())
}

/// The identity of `path`, and whether it is (or would be) a regular file
/// (false for an existing directory, FIFO, device or socket).
fn identity_of(path: &Path) -> io::Result<(FileIdentity, bool)> {
    match std::fs::metadata(path) {
        Ok(m) => Ok((FileIdentity(existing(path, &m)?), m.is_file())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let target = resolve_links(path)?;
            let name = target
                .file_name()
                .ok_or_else(|| {
                    io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "expected a path that ends in a file name",
                    )
                })?
                .to_owned();
            let dir = match target.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            let dir_meta = std::fs::metadata(dir)?;
            let dir = Box::new(existing(dir, &dir_meta)?);
            Ok((FileIdentity(Id::New { dir, name }), true))
        }
        Err(e) => Err(e),
    }
}

#[cfg(unix)]
fn existing(_: &Path, m: &std::fs::Metadata) -> io::Result<Id> {
    use std::os::unix::fs::MetadataExt;
    Ok(Id::Existing {
        dev: m.dev(),
        ino: m.ino(),
    })
}

/// Elsewhere: the canonical path, hashed (hard links are not told apart).
#[cfg(not(unix))]
fn existing(path: &Path, _: &std::fs::Metadata) -> io::Result<Id> {
    use std::hash::{Hash, Hasher};
    let canonical = std::fs::canonicalize(path)?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    canonical.hash(&mut h);
    Ok(Id::Existing {
        dev: 0,
        ino: h.finish(),
    })
}

/// Where the symbolic link `p` points (relative targets taken from its
/// folder); `None` when `p` is not a link (or cannot be looked at).
pub(crate) fn link_hop(p: &Path) -> io::Result<Option<PathBuf>> {
    match std::fs::symlink_metadata(p) {
        Ok(m) if m.file_type().is_symlink() => {
            let link = std::fs::read_link(p)?;
            Ok(Some(match p.parent() {
                Some(dir) => dir.join(link),
                None => link,
            }))
        }
        _ => Ok(None),
    }
}

/// The path a chain of symbolic links ends at (the path itself when it is
/// not a link).
pub(crate) fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match link_hop(&p)? {
            Some(next) => p = next,
            None => return Ok(p),
        }
    }
    Err(io::Error::other(format!(
        "{}: too many levels of symbolic links (expected at most 40)",
        path.display()
    )))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_and_spellings_are_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("a.pgn"), "").unwrap();
        std::fs::hard_link(d.join("a.pgn"), d.join("hard.pgn")).unwrap();
        symlink("a.pgn", d.join("soft.pgn")).unwrap();
        symlink("new.pgn", d.join("dangling.pgn")).unwrap();
        std::fs::create_dir(d.join("sub")).unwrap();
        symlink(d.join("sub"), d.join("subl")).unwrap();
        let same = |a: &str, b: &str| same_file(&d.join(a), &d.join(b)).unwrap();
        assert!(same("a.pgn", "hard.pgn"));
        assert!(same("a.pgn", "soft.pgn"));
        assert!(same("a.pgn", "sub/../a.pgn"));
        assert!(!same("a.pgn", "b.pgn"));
        // Not made yet: the same would-be file, whatever the spelling.
        assert!(same("new.pgn", "dangling.pgn"));
        assert!(same("sub/x.pgn", "subl/x.pgn"));
        assert!(!same("sub/x.pgn", "x.pgn"));
        assert!(!file_identity(&d.join("new.pgn")).unwrap().exists());
        assert!(file_identity(&d.join("none/x.pgn")).is_err());
    }

    #[test]
    fn outputs_clash_with_inputs_and_each_other_but_not_devices() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let input = d.join("in.pgn");
        std::fs::write(&input, "").unwrap();
        let a = d.join("o.pgn");
        let b = d.join("./o.pgn");
        let err = check_outputs(&[&input], &[("--valid-out", &a), ("--invalid-out", &b)])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("--invalid-out names the same file as --valid-out"),
            "{err}"
        );
        let err = check_outputs(&[Path::new("-"), &input], &[("--svg", &input)]).unwrap_err();
        assert!(matches!(err, Clash::OutputIsInput { .. }), "{err}");
        let null = Path::new("/dev/null");
        assert!(check_outputs(&[&input], &[("a", null), ("b", null)]).is_ok());
        assert!(check_outputs(&[&input], &[("-o", &a)]).is_ok());
    }
}
