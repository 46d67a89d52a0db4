//! The directory reports name files from (`validate --root DIR`, else the
//! working directory): SARIF's `%SRCROOT%`, against which its artifact URIs
//! are relative, and, when `--root` is given, the base of the paths of
//! github annotations and rdjson diagnostics.
//!
//! A path is first made absolute and its `.` and `..` components removed
//! as written (`./ci/../games/a.pgn` is `games/a.pgn`); when that does not
//! put it under the root, both are resolved on disk (symbolic links
//! followed) and compared again. A path under neither stays absolute.

use std::path::{Component, Path, PathBuf};

use super::common::uri;

/// The name standard input is reported under.
pub const STDIN: &str = "<stdin>";

/// The key of the root in SARIF's `originalUriBaseIds`.
pub const SRCROOT: &str = "%SRCROOT%";

/// Where reports' paths are relative to.
#[derive(Clone, Debug, Default)]
pub struct Root {
    /// The root, absolute, `.` and `..` removed (None: the working
    /// directory could not be known).
    dir: Option<PathBuf>,
    /// The root resolved on disk, when it resolves.
    resolved: Option<PathBuf>,
    /// The directory paths are made absolute from (the working directory).
    cwd: Option<PathBuf>,
    /// Whether `--root` was given (github and rdjson then use it too).
    given: bool,
}

/// `path` with `.` and `..` removed as written (never above the root of
/// the file system).
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !matches!(
                    out.components().next_back(),
                    None | Some(Component::RootDir | Component::Prefix(_))
                ) {
                    out.pop();
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// `path`'s components joined with `/`, percent-encoded.
fn uri_of(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            Component::Prefix(p) => Some(p.as_os_str().to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    uri(&parts.join("/"))
}

impl Root {
    /// The root `dir`, or the working directory when `None`.
    pub fn new(dir: Option<&Path>) -> Root {
        let cwd = std::env::current_dir().ok();
        let dir = match (dir, &cwd) {
            (Some(d), _) if d.is_absolute() => Some(normalise(d)),
            (Some(d), Some(cwd)) => Some(normalise(&cwd.join(d))),
            (None, Some(cwd)) => Some(normalise(cwd)),
            (_, None) => None,
        };
        Root {
            resolved: dir.as_deref().and_then(|d| d.canonicalize().ok()),
            dir,
            cwd,
            given: false,
        }
    }

    /// Marks the root as given on the command line (`--root`).
    pub fn given(mut self, given: bool) -> Root {
        self.given = given;
        self
    }

    /// The root as an absolute `file:` URI ending in `/`
    /// (`originalUriBaseIds`), if known.
    pub fn uri(&self) -> Option<String> {
        let dir = self.dir.as_deref()?;
        let path = uri_of(dir);
        Some(match path.is_empty() {
            true => "file:///".to_owned(),
            false => format!("file:///{path}/"),
        })
    }

    /// `name` (as given on the command line) relative to the root, as `/`
    /// separated components; `None` when it is not under the root (or is
    /// standard input).
    pub fn relative(&self, name: &str) -> Option<PathBuf> {
        if name == STDIN {
            return None;
        }
        let dir = self.dir.as_deref()?;
        let path = Path::new(name);
        let absolute = match path.is_absolute() {
            true => normalise(path),
            false => normalise(&self.cwd.as_deref()?.join(path)),
        };
        if let Ok(rest) = absolute.strip_prefix(dir) {
            return Some(rest.to_owned());
        }
        let resolved = path.canonicalize().ok()?;
        Some(
            resolved
                .strip_prefix(self.resolved.as_deref()?)
                .ok()?
                .to_owned(),
        )
    }

    /// SARIF's artifact location of `name`: a URI relative to `%SRCROOT%`
    /// (`(uri, true)`), else an absolute `file:` URI, else (standard input,
    /// or no working directory) the name as a relative reference.
    pub fn artifact(&self, name: &str) -> (String, bool) {
        if let Some(rest) = self.relative(name) {
            return (uri_of(&rest), true);
        }
        let absolute = match Path::new(name).is_absolute() {
            true => Some(normalise(Path::new(name))),
            false => self.cwd.as_deref().map(|cwd| normalise(&cwd.join(name))),
        };
        match absolute {
            Some(a) if name != STDIN => (format!("file:///{}", uri_of(&a)), false),
            _ => (uri(name), false),
        }
    }

    /// The path github and rdjson report for `name`: relative to the root
    /// when `--root` was given and `name` is under it, else as given.
    pub fn shown(&self, name: &str) -> String {
        if !self.given {
            return name.to_owned();
        }
        match self.relative(name) {
            Some(rest) => {
                let parts: Vec<String> = rest
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                parts.join("/")
            }
            None => name.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(dir: &str) -> Root {
        Root::new(Some(Path::new(dir)))
    }

    #[test]
    fn dots_are_removed_as_written() {
        assert_eq!(
            normalise(Path::new("/a/./ci/../b/../../c")),
            PathBuf::from("/c")
        );
        assert_eq!(normalise(Path::new("/../x")), PathBuf::from("/x"));
    }

    #[test]
    fn paths_under_the_root_are_relative() {
        let r = root("/srv/repo");
        assert_eq!(r.uri().as_deref(), Some("file:///srv/repo/"));
        assert_eq!(
            r.artifact("/srv/repo/./ci/../games/a b.pgn"),
            ("games/a%20b.pgn".to_owned(), true)
        );
        assert_eq!(
            r.artifact("/tmp/x.pgn"),
            ("file:///tmp/x.pgn".to_owned(), false)
        );
        assert_eq!(r.artifact(STDIN), ("%3Cstdin%3E".to_owned(), false));
    }

    #[test]
    fn github_and_rdjson_paths_change_only_with_root_given() {
        let r = root("/srv/repo");
        assert_eq!(r.shown("/srv/repo/games/a.pgn"), "/srv/repo/games/a.pgn");
        let r = r.given(true);
        assert_eq!(r.shown("/srv/repo/games/a.pgn"), "games/a.pgn");
        assert_eq!(r.shown("/tmp/x.pgn"), "/tmp/x.pgn");
        assert_eq!(r.shown(STDIN), STDIN);
    }
}
