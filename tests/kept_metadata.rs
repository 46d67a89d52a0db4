//! In-place rewrites keep owner, group, mode and extended attributes (POSIX
//! ACLs included), or refuse and say what would be lost; `--force` accepts
//! the loss (issue 46; README "What fvnote does to your files").
//!
//! Tests that need root (a second user, security attributes) or user
//! extended attributes skip with a message where they cannot run; under
//! `CI=true` they fail instead, so CI never passes them silently.
#![cfg(target_os = "linux")]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::Path;

use insta::assert_snapshot;

use crate::cli::{self, fvnote, transcript_in};

/// Not canonical: `fmt` rewrites it.
const MESSY: &str = "1.e4 e5 2.Ng1-f3 *\n";
/// The canonical form of [`MESSY`].
const TIDY: &str = "1. e4 e5 2. Nf3 *\n\n";
/// The user the tests act as besides root.
const NOBODY: u32 = 65534;
/// Another user, who owns the shared file.
const OWNER: u32 = 4321;

/// Says why a test cannot run: a message, or under `CI=true` a failure.
fn cannot_run(why: &str) {
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("CI=true and this test cannot run: {why}");
    }
    println!("skipped: {why}");
}

/// An ACL (`system.posix_acl_access`, version 2): owner rw, user OWNER
/// rw, group r, mask rw, other r; its mode is 0664.
fn acl() -> Vec<u8> {
    let mut v = 2u32.to_le_bytes().to_vec();
    let none = u32::MAX;
    for (tag, perm, id) in [
        (0x01u16, 6u16, none),
        (0x02, 6, OWNER),
        (0x04, 4, none),
        (0x10, 6, none),
        (0x20, 4, none),
    ] {
        v.extend(tag.to_le_bytes());
        v.extend(perm.to_le_bytes());
        v.extend(id.to_le_bytes());
    }
    v
}

/// A file capability (`security.capability`, revision 2) granting
/// CAP_NET_BIND_SERVICE.
fn capability() -> Vec<u8> {
    let mut v = 0x0200_0000u32.to_le_bytes().to_vec();
    for word in [1u32 << 10, 0, 0, 0] {
        v.extend(word.to_le_bytes());
    }
    v
}

fn set(p: &Path, name: &str, value: &[u8]) -> rustix::io::Result<()> {
    rustix::fs::setxattr(p, name, value, rustix::fs::XattrFlags::empty())
}

/// Every extended attribute of `p` with its value, sorted by name.
fn xattrs(p: &Path) -> Vec<(String, Vec<u8>)> {
    let mut names = vec![0u8; 4096];
    let n = rustix::fs::listxattr(p, &mut names[..]).unwrap();
    let mut all: Vec<(String, Vec<u8>)> = names[..n]
        .split(|&b| b == 0)
        .filter(|s| !s.is_empty())
        .map(|name| {
            let name = String::from_utf8(name.to_vec()).unwrap();
            let mut value = vec![0u8; 4096];
            let m = rustix::fs::getxattr(p, name.as_str(), &mut value[..]).unwrap();
            value.truncate(m);
            (name, value)
        })
        .collect();
    all.sort();
    all
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().mode() & 0o7777
}

fn owner(p: &Path) -> (u32, u32) {
    let m = std::fs::metadata(p).unwrap();
    (m.uid(), m.gid())
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

/// A fresh directory everybody may write into (a shared folder).
fn shared_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    dir
}

/// `fvnote ARGS` as `nobody`, when this test runs as root and nobody may
/// run the binary; None (after [`cannot_run`]) otherwise.
fn as_nobody() -> Option<assert_cmd::Command> {
    if !rustix::process::geteuid().is_root() {
        cannot_run("not running as root: cannot act as a second user");
        return None;
    }
    let mut probe = cli::fvnote_std();
    probe.uid(NOBODY).gid(NOBODY).arg("--version");
    if !probe.output().is_ok_and(|o| o.status.success()) {
        cannot_run("the user nobody cannot run the built binary (a private target directory?)");
        return None;
    }
    let mut c = cli::fvnote_std();
    c.uid(NOBODY).gid(NOBODY);
    Some(assert_cmd::Command::from_std(c))
}

#[test]
fn user_attributes_and_acls_are_kept_by_every_rewrite() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("a.pgn");
    std::fs::write(&f, MESSY).unwrap();
    if let Err(e) = set(&f, "user.origin", b"club archive") {
        cannot_run(&format!(
            "no user extended attributes in {}: {e}",
            dir.path().display()
        ));
        return;
    }
    set(&f, "user.empty", b"").unwrap();
    if let Err(e) = set(&f, "system.posix_acl_access", &acl()) {
        cannot_run(&format!("no POSIX ACLs in {}: {e}", dir.path().display()));
        return;
    }
    let before = xattrs(&f);
    assert_eq!(before.len(), 3, "{before:?}");
    assert_eq!(mode(&f), 0o664);
    let runs: [&[&str]; 3] = [
        &["fmt", "a.pgn"],
        &["convert", "--to", "pgn", "--in-place", "a.pgn"],
        &["gen", "chess", "1", "-o", "a.pgn"],
    ];
    for run in runs {
        std::fs::write(&f, MESSY).unwrap();
        let out = fvnote().args(run).current_dir(dir.path()).output().unwrap();
        assert!(out.status.success(), "{run:?}: {}", cli::render(&out));
        assert_ne!(read(&f), MESSY, "{run:?} did not rewrite the file");
        assert_eq!(xattrs(&f), before, "{run:?} lost extended attributes");
        assert_eq!(mode(&f), 0o664, "{run:?}");
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "nothing left beside it"
    );
}

#[test]
fn a_file_capability_survives_the_write_that_would_clear_it() {
    // A write clears `security.capability`: it is given again after the
    // bytes, before the rename.
    if !rustix::process::geteuid().is_root() {
        cannot_run("not running as root: cannot set a file capability");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("a.pgn");
    std::fs::write(&f, MESSY).unwrap();
    if let Err(e) = set(&f, "security.capability", &capability()) {
        cannot_run(&format!("cannot set a file capability: {e}"));
        return;
    }
    let before = xattrs(&f);
    let out = fvnote()
        .args(["fmt", "a.pgn"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", cli::render(&out));
    assert_eq!(read(&f), TIDY);
    assert_eq!(xattrs(&f), before);
}

#[test]
fn another_users_file_is_refused_not_taken_over() {
    let dir = shared_dir();
    let f = dir.path().join("theirs.pgn");
    std::fs::write(&f, MESSY).unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o666)).unwrap();
    if std::os::unix::fs::chown(&f, Some(OWNER), Some(OWNER)).is_err() {
        cannot_run("not allowed to chown (not running as root)");
        return;
    }
    let Some(mut nobody) = as_nobody() else {
        return;
    };
    assert_snapshot!(transcript_in(
        nobody.args(["fmt", "theirs.pgn"]).current_dir(dir.path()),
        dir.path()
    ));
    assert_eq!(read(&f), MESSY);
    assert_eq!(owner(&f), (OWNER, OWNER), "the file changed hands");
    let mut nobody = as_nobody().unwrap();
    assert_snapshot!(transcript_in(
        nobody
            .args(["convert", "--to", "pgn", "--in-place", "theirs.pgn"])
            .current_dir(dir.path()),
        dir.path()
    ));
    assert_eq!(read(&f), MESSY);
    assert_eq!(owner(&f), (OWNER, OWNER));
    // --force accepts the loss.
    let mut nobody = as_nobody().unwrap();
    assert_snapshot!(transcript_in(
        nobody
            .args(["fmt", "--force", "theirs.pgn"])
            .current_dir(dir.path()),
        dir.path()
    ));
    assert_eq!(read(&f), TIDY);
    assert_eq!(owner(&f), (NOBODY, NOBODY));
    assert_eq!(mode(&f), 0o666);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "nothing left beside it"
    );
}

#[test]
fn an_attribute_the_writer_cannot_set_is_refused_not_dropped() {
    // nobody owns the file but may not set `security.capability`.
    let dir = shared_dir();
    let f = dir.path().join("mine.pgn");
    std::fs::write(&f, MESSY).unwrap();
    if std::os::unix::fs::chown(&f, Some(NOBODY), Some(NOBODY)).is_err() {
        cannot_run("not allowed to chown (not running as root)");
        return;
    }
    // After the chown, which clears a capability.
    if let Err(e) = set(&f, "security.capability", &capability()) {
        cannot_run(&format!("cannot set a file capability: {e}"));
        return;
    }
    let Some(mut nobody) = as_nobody() else {
        return;
    };
    assert_snapshot!(transcript_in(
        nobody.args(["fmt", "mine.pgn"]).current_dir(dir.path()),
        dir.path()
    ));
    assert_eq!(read(&f), MESSY);
    assert_eq!(xattrs(&f).len(), 1);
    let mut nobody = as_nobody().unwrap();
    let out = nobody
        .args(["fmt", "--force", "mine.pgn"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", cli::render(&out));
    assert_eq!(read(&f), TIDY);
    assert_eq!(xattrs(&f), Vec::new(), "forced: the capability is lost");
}
