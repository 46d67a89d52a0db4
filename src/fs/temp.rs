//! Temporary files beside their targets: named so a person knows whose they
//! are, removed when dropped, on SIGINT/SIGTERM/SIGHUP, and — when a
//! process was killed outright (`kill -9`, power loss) — by a later run
//! writing into the same directory.
//!
//! A temporary file for `DIR/NAME` is `DIR/.NAME.fvnote-PID-XXXXXX.tmp`:
//! PID is the writing process, XXXXXX random. While it lives, its writer
//! holds an advisory lock on it (`flock`, unix); the lock goes with the
//! process, however it ends. A temporary file is *stale*, and removed by a
//! later run, only when that lock is free (no process holds it: proof that
//! its writer is gone, also one in another PID namespace, such as a
//! container sharing the folder, whose PID means nothing here) and no
//! process with that PID runs here (a writer older than the lock). A
//! reused PID only delays the removal. Elsewhere than unix: when it was
//! last modified more than a day ago.

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::fs::{File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The temporary files this process has open: removed on a signal.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic while holding the lock leaves a valid list.
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

const MARK: &str = ".fvnote-";
const SUFFIX: &str = ".tmp";

/// The temporary name for `name`, written by `pid`.
fn temp_name(name: &OsStr, pid: u32, random: u32) -> OsString {
    let mut s = OsString::from(".");
    s.push(name);
    s.push(format!("{MARK}{pid}-{:06x}{SUFFIX}", random & 0xff_ffff));
    s
}

/// The writer's PID, if `file_name` is one of our temporary names.
fn writer_pid(file_name: &OsStr) -> Option<u32> {
    let s = file_name.to_str()?;
    let rest = s.strip_prefix('.')?.strip_suffix(SUFFIX)?;
    let (_, tail) = rest.rsplit_once(MARK)?;
    let (pid, random) = tail.split_once('-')?;
    if random.len() != 6 || !random.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    pid.parse().ok()
}

fn random() -> u32 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.finish() as u32
}

/// A temporary file; removed when dropped unless persisted.
pub(crate) struct TempFile {
    path: PathBuf,
    persisted: bool,
    /// A descriptor of the file held open while it lives: it holds the
    /// lock that tells other processes the file is in use (also after the
    /// writer's own descriptor is closed).
    _lock: File,
}

impl TempFile {
    /// Creates `.NAME.fvnote-PID-XXXXXX.tmp` in `dir` for the target named
    /// `name`, with mode `0666 & ~umask` (as any new file), after removing
    /// stale ones in `dir`.
    pub(crate) fn create(dir: &Path, name: &OsStr) -> io::Result<(File, TempFile)> {
        remove_stale_once(dir);
        let pid = std::process::id();
        let mut tries = 0;
        loop {
            let path = dir.join(temp_name(name, pid, random()));
            let mut registered = live();
            if !registered.is_empty() {
                // Several waiting at once, each holding its lock's
                // descriptor: perhaps many more to come.
                raise_open_file_limit();
            }
            let file = match create_new(&path) {
                Ok(file) => file,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && tries < 100 => {
                    tries += 1;
                    continue;
                }
                Err(e) => return Err(e),
            };
            let holder = match file.try_clone() {
                Ok(h) => h,
                Err(e) => {
                    let _ = std::fs::remove_file(&path);
                    return Err(e);
                }
            };
            // Registered before it is locked: a signal now removes it too.
            registered.push(path.clone());
            drop(registered);
            let mut temp = TempFile {
                path,
                persisted: false,
                _lock: holder,
            };
            if !lock(&file)? {
                // A sweep took the lock between the creation and the
                // lock, and removed the file: make another.
                temp.persisted = true;
                live().retain(|p| p != &temp.path);
                tries += 1;
                if tries > 100 {
                    return Err(io::Error::other(
                        "temporary files removed as soon as they were made",
                    ));
                }
                continue;
            }
            return Ok((file, temp));
        }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Renames the file over `target`. The signal handler waits for this to
    /// finish, so the file is either renamed or removed, never left behind.
    pub(crate) fn persist(mut self, target: &Path) -> io::Result<()> {
        let mut live = live();
        std::fs::rename(&self.path, target)?;
        live.retain(|p| p != &self.path);
        self.persisted = true;
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.persisted {
            let mut live = live();
            let _ = std::fs::remove_file(&self.path);
            live.retain(|p| p != &self.path);
        }
    }
}

#[cfg(unix)]
fn create_new(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // The kernel applies the umask, as for any new file.
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o666)
        .open(path)
}

#[cfg(not(unix))]
fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

/// Takes the lock of a new temporary file (waiting while a sweep holds
/// it); false when the file was removed by a sweep before it was locked.
#[cfg(unix)]
fn lock(file: &File) -> io::Result<bool> {
    use rustix::fs::{flock, FlockOperation};
    use std::os::unix::fs::MetadataExt;
    loop {
        match flock(file, FlockOperation::LockExclusive) {
            Ok(()) => break,
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    // A sweep removes a file only while holding its lock.
    Ok(file.metadata()?.nlink() > 0)
}

#[cfg(not(unix))]
fn lock(_: &File) -> io::Result<bool> {
    Ok(true)
}

/// Lets the process open as many files as its hard limit allows (each
/// waiting temporary file holds one), once; best effort.
fn raise_open_file_limit() {
    static RAISED: OnceLock<()> = OnceLock::new();
    RAISED.get_or_init(|| {
        #[cfg(target_os = "linux")]
        {
            use rustix::process::{getrlimit, setrlimit, Resource};
            let mut limit = getrlimit(Resource::Nofile);
            if limit.current < limit.maximum {
                limit.current = limit.maximum;
                let _ = setrlimit(Resource::Nofile, limit);
            }
        }
    });
}

/// Removes stale temporary files of ours beside `target` (once per
/// directory per process), for commands that may not need to write it.
pub fn remove_stale_beside(target: &Path) {
    match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => remove_stale_once(d),
        _ => remove_stale_once(Path::new(".")),
    }
}

/// Removes stale temporary files of ours in `dir`, once per directory per
/// process (a directory of many files is listed once, not once per file).
fn remove_stale_once(dir: &Path) {
    static SEEN: OnceLock<Mutex<HashSet<PathBuf>>> = OnceLock::new();
    let seen = SEEN.get_or_init(Default::default);
    let first = seen
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(dir.to_path_buf());
    if first {
        remove_stale(dir);
    }
}

/// Removes every stale temporary file of ours in `dir` (best effort).
fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = writer_pid(&entry.file_name()) else {
            continue;
        };
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if is_file && pid != std::process::id() && !pid_runs(pid) {
            remove_if_unlocked(&entry.path());
        }
    }
}

/// Whether a process with this PID runs in this PID namespace (then its
/// file is left alone, as a writer older than the lock would need).
#[cfg(unix)]
fn pid_runs(pid: u32) -> bool {
    use rustix::io::Errno;
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return true;
    };
    // Signal 0 asks only whether the process exists (EPERM: it does).
    rustix::process::test_kill_process(pid) != Err(Errno::SRCH)
}

#[cfg(not(unix))]
fn pid_runs(_pid: u32) -> bool {
    false
}

/// Removes the temporary file at `path` if no process holds its lock,
/// holding the lock while removing it (so its writer, should it be taking
/// the lock right now, sees the file gone and makes another).
#[cfg(unix)]
fn remove_if_unlocked(path: &Path) {
    use rustix::fs::{flock, FlockOperation};
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let Ok(file) = OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32)
        .open(path)
    else {
        return;
    };
    if flock(&file, FlockOperation::NonBlockingLockExclusive).is_err() {
        // Held: its writer lives (or the lock cannot be asked for).
        return;
    }
    // Still the file locked (not renamed away and replaced meanwhile).
    let (Ok(held), Ok(named)) = (file.metadata(), std::fs::symlink_metadata(path)) else {
        return;
    };
    if (held.dev(), held.ino()) == (named.dev(), named.ino()) {
        let _ = std::fs::remove_file(path);
    }
}

#[cfg(not(unix))]
fn remove_if_unlocked(path: &Path) {
    let day = std::time::Duration::from_secs(24 * 60 * 60);
    let old = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > day));
    if old {
        let _ = std::fs::remove_file(path);
    }
}

/// What runs on a signal before the process exits ([`on_signal`]).
static HOOKS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());

/// Runs `hook` on SIGINT, SIGTERM or SIGHUP, before the temporary files
/// are removed and the process exits ([`cleanup_on_signals`]): a command
/// that drew on the terminal (a progress line) puts it right. `hook` runs
/// on the signal thread, not in a signal handler, so it may lock and write.
pub fn on_signal(hook: fn()) {
    HOOKS.lock().unwrap_or_else(|e| e.into_inner()).push(hook);
}

/// Starts a thread that, on SIGINT, SIGTERM or SIGHUP, runs the
/// [`on_signal`] hooks, removes this process's temporary files and exits
/// with status 128 + the signal number (130 for Ctrl-C). Call once, from a binary's `main`; later calls do
/// nothing. Without it a signal kills the process as usual and a later run
/// removes the files it left.
pub fn cleanup_on_signals() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            std::thread::spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    for hook in HOOKS.lock().unwrap_or_else(|e| e.into_inner()).iter() {
                        hook();
                    }
                    // Holding the lock: no file is created or renamed after this.
                    let live = live();
                    for p in live.iter() {
                        let _ = std::fs::remove_file(p);
                    }
                    std::process::exit(128 + sig);
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_say_whose_they_are_and_parse_back() {
        let n = temp_name(OsStr::new("game.pgn"), 4242, 0xabcdef);
        assert_eq!(n, ".game.pgn.fvnote-4242-abcdef.tmp");
        assert_eq!(writer_pid(&n), Some(4242));
        assert_eq!(writer_pid(OsStr::new(".game.pgn.tmp")), None);
        assert_eq!(writer_pid(OsStr::new(".x.fvnote-12-abc.tmp")), None);
        assert_eq!(writer_pid(OsStr::new("game.pgn")), None);
    }

    #[test]
    fn dropped_temporary_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let (_, t) = TempFile::create(dir.path(), OsStr::new("a.pgn")).unwrap();
        let p = t.path().to_path_buf();
        assert!(p.exists());
        drop(t);
        assert!(!p.exists());
    }
}
