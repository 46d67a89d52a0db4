//! What fvnote does to files it writes (issue 23, README "What fvnote does to
//! your files"): one write path for `fmt`, `convert`, `gen -o` and
//! `show --svg`; one directory walker for `validate`, `fmt` and `convert`.
#![cfg(unix)]

use std::io::Read;
use std::os::unix::fs::{symlink, FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command as Std, Stdio};
use std::time::{Duration, Instant};

use insta::assert_snapshot;

use crate::cli;
use cli::{fvnote, transcript_in};

/// Not canonical: `fmt` rewrites it.
const MESSY: &str = "1.e4 e5 2.Ng1-f3 *\n";
/// The canonical form of [`MESSY`].
const TIDY: &str = "1. e4 e5 2. Nf3 *\n\n";

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
}

fn chmod(p: &Path, mode: u32) {
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

fn mkfifo(p: &Path) {
    rustix::fs::mknodat(
        rustix::fs::CWD,
        p,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
}

/// Runs `fvnote ARGS` under `umask 022`, as a login shell would.
fn with_umask_022(args: &[&str], dir: &Path) -> std::process::Output {
    let mut cmd = Std::new("sh");
    cli::clean_env(&mut cmd)
        .arg("-c")
        .arg("umask 022; exec \"$0\" \"$@\"")
        .arg(cli::bin())
        .args(args)
        .current_dir(dir);
    cmd.output().unwrap()
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn fmt_keeps_the_mode_of_a_0644_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("a.pgn");
    std::fs::write(&f, MESSY).unwrap();
    chmod(&f, 0o644);
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&f), dir.path()));
    assert_eq!(read(&f), TIDY);
    assert_eq!(mode(&f), 0o644, "fmt changed the file's mode");
    chmod(&f, 0o640);
    std::fs::write(&f, MESSY).unwrap();
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "pgn", "--in-place"])
            .arg(&f),
        dir.path()
    ));
    assert_eq!(read(&f), TIDY);
    assert_eq!(
        mode(&f),
        0o640,
        "convert --in-place changed the file's mode"
    );
}

#[test]
fn fmt_keeps_owner_and_group_where_it_may() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("a.pgn");
    std::fs::write(&f, MESSY).unwrap();
    if std::os::unix::fs::chown(&f, Some(4321), Some(4322)).is_err() {
        // Only root may give a file away; then there is nothing to keep.
        println!("skipped: not allowed to chown (not running as root)");
        return;
    }
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&f), dir.path()));
    assert_eq!(read(&f), TIDY);
    let m = std::fs::metadata(&f).unwrap();
    assert_eq!((m.uid(), m.gid()), (4321, 4322), "owner not kept");
}

#[test]
fn new_files_get_0666_minus_umask() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.pgn"), TIDY).unwrap();
    let runs: [&[&str]; 3] = [
        &["gen", "chess", "2", "-o", "gen.pgn"],
        &["convert", "--to", "json", "-o", "out.json", "in.pgn"],
        &["show", "--svg", "board.svg"],
    ];
    for args in runs {
        let out = with_umask_022(args, dir.path());
        assert_snapshot!(cli::redact_dir(&cli::render(&out), dir.path()));
    }
    for name in ["gen.pgn", "out.json", "board.svg"] {
        assert_eq!(mode(&dir.path().join(name)), 0o644, "{name}");
    }
}

#[test]
fn a_read_only_file_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("a.pgn");
    std::fs::write(&f, MESSY).unwrap();
    chmod(&f, 0o444);
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&f), dir.path()));
    assert_eq!(read(&f), MESSY);
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "pgn", "--in-place"])
            .arg(&f),
        dir.path()
    ));
    assert_eq!(read(&f), MESSY);
    // --check never writes, so a read-only file is fine.
    assert_snapshot!(transcript_in(
        fvnote().args(["fmt", "--check"]).arg(&f),
        dir.path()
    ));
    assert_snapshot!(transcript_in(
        fvnote().args(["fmt", "--force"]).arg(&f),
        dir.path()
    ));
    assert_eq!(read(&f), TIDY);
    assert_eq!(mode(&f), 0o444, "forced, the file stays read-only");
}

#[test]
fn a_symlink_is_written_through_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.pgn");
    let link = dir.path().join("link.pgn");
    std::fs::write(&real, MESSY).unwrap();
    symlink("real.pgn", &link).unwrap();
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&link), dir.path()));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(read(&real), TIDY, "the link's target is formatted");
    std::fs::write(&real, MESSY).unwrap();
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "pgn", "--in-place"])
            .arg(&link),
        dir.path()
    ));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(read(&real), TIDY);
    // -o through a link (also one whose target does not exist yet).
    let dangling = dir.path().join("out.pgn");
    symlink("made.pgn", &dangling).unwrap();
    assert_snapshot!(transcript_in(
        fvnote().args(["gen", "chess", "1", "-o"]).arg(&dangling),
        dir.path()
    ));
    assert!(std::fs::symlink_metadata(&dangling)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        read(&dir.path().join("made.pgn")),
        cli::stdout_of(fvnote().args(["gen", "chess", "1"]))
    );
}

#[test]
fn a_hard_linked_file_is_refused_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pgn");
    let b = dir.path().join("b.pgn");
    std::fs::write(&a, MESSY).unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&a), dir.path()));
    assert_eq!(std::fs::metadata(&a).unwrap().nlink(), 2, "link broken");
    assert_eq!(read(&a), MESSY);
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "pgn", "--in-place"])
            .arg(&a),
        dir.path()
    ));
    assert_eq!(std::fs::metadata(&a).unwrap().nlink(), 2, "link broken");
    assert_snapshot!(transcript_in(
        fvnote().args(["fmt", "--break-hard-links"]).arg(&a),
        dir.path()
    ));
    assert_eq!(read(&a), TIDY);
    assert_eq!(read(&b), MESSY, "the other name keeps its content");
}

/// Reads a FIFO to its end on another thread; `.recv_timeout` gives up
/// when nothing is ever written into it (the FIFO was replaced).
fn drain(fifo: PathBuf) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = String::new();
        std::fs::File::open(fifo)
            .unwrap()
            .read_to_string(&mut s)
            .unwrap();
        let _ = tx.send(s);
    });
    rx
}

const PATIENCE: Duration = Duration::from_secs(20);

#[test]
fn output_onto_a_fifo_writes_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let input = dir.path().join("in.pgn");
    std::fs::write(&input, MESSY).unwrap();
    let reader = drain(fifo.clone());
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "pgn", "-o"])
            .arg(&fifo)
            .arg(&input)
            .timeout(Duration::from_secs(60)),
        dir.path()
    ));
    assert_eq!(reader.recv_timeout(PATIENCE).unwrap(), TIDY);
    let reader = drain(fifo.clone());
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["gen", "chess", "1", "-o"])
            .arg(&fifo)
            .timeout(Duration::from_secs(60)),
        dir.path()
    ));
    assert_eq!(
        reader.recv_timeout(PATIENCE).unwrap(),
        cli::stdout_of(fvnote().args(["gen", "chess", "1"]))
    );
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    assert_eq!(
        names_in(dir.path()),
        ["in.pgn", "pipe"],
        "nothing left beside it"
    );
}

#[test]
fn output_onto_a_character_device_writes_into_it() {
    // A null device of our own: the test never touches /dev, which the old
    // code, run as root, replaced with a regular file.
    let dir = tempfile::tempdir().unwrap();
    let null = dir.path().join("null");
    let made = rustix::fs::mknodat(
        rustix::fs::CWD,
        &null,
        rustix::fs::FileType::CharacterDevice,
        rustix::fs::Mode::from_raw_mode(0o666),
        rustix::fs::makedev(1, 3),
    );
    if made.is_err() {
        println!("skipped: cannot make a device node here (needs root): {made:?}");
        return;
    }
    for args in [&["gen", "chess", "3", "-o"][..], &["show", "--svg"][..]] {
        assert_snapshot!(transcript_in(fvnote().args(args).arg(&null), dir.path()));
        let m = std::fs::symlink_metadata(&null).unwrap();
        assert!(
            m.file_type().is_char_device(),
            "{args:?} replaced the device"
        );
        assert_eq!(m.rdev(), rustix::fs::makedev(1, 3));
    }
    assert_eq!(names_in(dir.path()), ["null"], "nothing left beside it");
}

#[test]
fn temporary_files_say_whose_they_are_and_stale_ones_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("a.pgn");
    // Already canonical: the run has nothing to write, and still tidies up.
    std::fs::write(&f, TIDY).unwrap();
    // A process that is gone, and one that runs (this test).
    let mut gone = Std::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let stale = dir.path().join(format!(".a.pgn.fvnote-{dead}-0a1b2c.tmp"));
    let alive = dir
        .path()
        .join(format!(".a.pgn.fvnote-{}-0a1b2c.tmp", std::process::id()));
    let other = dir.path().join(".a.pgn.tmp");
    for p in [&stale, &alive, &other] {
        std::fs::write(p, "partial").unwrap();
    }
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&f), dir.path()));
    assert!(!stale.exists(), "a stale temporary file of ours stays");
    assert!(alive.exists(), "a running writer's file was removed");
    assert!(other.exists(), "a file that is not ours was removed");
}

/// A PGN file of about `mb` megabytes (canonical, so `fmt` has work).
fn big_pgn(dir: &Path, mb: usize) -> PathBuf {
    let f = dir.join("big.pgn");
    let game = "[Event \"x\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 *\n\n";
    std::fs::write(&f, game.repeat(mb * 1_000_000 / game.len())).unwrap();
    f
}

/// Waits until a temporary file appears in `dir`; its name.
fn temp_appears(dir: &Path, limit: Duration) -> Option<String> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(n) = names_in(dir).into_iter().find(|n| n.ends_with(".tmp")) {
            return Some(n);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

fn killed_mid_write_leaves_nothing(signal: rustix::process::Signal, status: i32) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.pgn");
    let mut child = cli::fvnote_std()
        .args(["gen", "chess", "100000000", "-o"])
        .arg(&out)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let temp = temp_appears(dir.path(), Duration::from_secs(60));
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, signal).unwrap();
    let code = child.wait().unwrap().code();
    let temp = temp.expect("no temporary file appeared");
    assert!(
        temp.starts_with(".out.pgn.fvnote-") && temp.ends_with(".tmp"),
        "{temp}"
    );
    assert_eq!(code, Some(status));
    assert!(
        names_in(dir.path()).is_empty(),
        "{:?}",
        names_in(dir.path())
    );
}

#[test]
fn sigterm_mid_write_removes_the_temporary_file() {
    killed_mid_write_leaves_nothing(rustix::process::Signal::TERM, 143);
}

#[test]
fn sigint_mid_write_removes_the_temporary_file() {
    killed_mid_write_leaves_nothing(rustix::process::Signal::INT, 130);
}

#[test]
fn sigkill_leaves_a_named_temporary_file_that_the_next_run_removes() {
    let dir = tempfile::tempdir().unwrap();
    let f = big_pgn(dir.path(), 20);
    let mut child = cli::fvnote_std().arg("fmt").arg(&f).spawn().unwrap();
    let temp = temp_appears(dir.path(), Duration::from_secs(60));
    child.kill().unwrap();
    child.wait().unwrap();
    let Some(temp) = temp else {
        panic!("no temporary file appeared");
    };
    assert!(temp.starts_with(".big.pgn.fvnote-"), "{temp}");
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&f), dir.path()));
    assert_eq!(names_in(dir.path()), ["big.pgn"]);
}

#[test]
fn invalid_utf8_in_a_comment_is_refused_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("a.pgn");
    let bytes = b"1.e4 {caf\xe9} e5 *\n";
    std::fs::write(&f, bytes).unwrap();
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&f), dir.path()));
    assert_eq!(std::fs::read(&f).unwrap(), bytes);
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "pgn", "--in-place"])
            .arg(&f),
        dir.path()
    ));
    assert_eq!(std::fs::read(&f).unwrap(), bytes);
    assert_snapshot!(transcript_in(
        fvnote().args(["convert", "--to", "jsonl"]).arg(&f),
        dir.path()
    ));
    // A `;` comment too.
    std::fs::write(&f, b"1.e4 ; caf\xe9\ne5 *\n").unwrap();
    assert_snapshot!(transcript_in(fvnote().arg("fmt").arg(&f), dir.path()));
}

#[test]
fn converting_in_place_to_another_format_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("game.pgn");
    std::fs::write(&f, MESSY).unwrap();
    for to in ["fen", "json", "jsonl"] {
        assert_snapshot!(transcript_in(
            fvnote().args(["convert", "--in-place", "--to", to]).arg(&f),
            dir.path()
        ));
        assert_eq!(read(&f), MESSY, "--to {to} --in-place replaced the record");
    }
    let j = dir.path().join("game.json");
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "json", "-o"])
            .arg(&j)
            .arg(&f),
        dir.path()
    ));
    let json = read(&j);
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--in-place", "--to", "pgn"])
            .arg(&j),
        dir.path()
    ));
    assert_eq!(read(&j), json);
}

/// A tree: root/{a.pgn, sub/b.pgn, sub/loop -> root, out -> elsewhere}.
fn tree() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("root");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::write(root.join("a.pgn"), MESSY).unwrap();
    std::fs::write(root.join("sub/b.pgn"), MESSY).unwrap();
    std::fs::write(elsewhere.join("far.pgn"), MESSY).unwrap();
    symlink(&root, root.join("sub/loop")).unwrap();
    symlink(&elsewhere, root.join("out")).unwrap();
    symlink(elsewhere.join("far.pgn"), root.join("far-link.pgn")).unwrap();
    (dir, root, elsewhere)
}

#[test]
fn fmt_of_a_directory_follows_no_links_and_ends_on_loops() {
    let (dir, root, elsewhere) = tree();
    assert_snapshot!(transcript_in(
        fvnote()
            .arg("fmt")
            .arg(&root)
            .timeout(Duration::from_secs(60)),
        dir.path()
    ));
    assert_eq!(read(&root.join("a.pgn")), TIDY);
    assert_eq!(read(&root.join("sub/b.pgn")), TIDY);
    assert_eq!(
        read(&elsewhere.join("far.pgn")),
        MESSY,
        "rewrote a file out of the tree"
    );
    // Following links: still never out of the root, loops skipped.
    std::fs::write(root.join("a.pgn"), MESSY).unwrap();
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["fmt", "--follow-symlinks"])
            .arg(&root)
            .timeout(Duration::from_secs(60)),
        dir.path()
    ));
    assert_eq!(read(&root.join("a.pgn")), TIDY);
    assert_eq!(
        read(&elsewhere.join("far.pgn")),
        MESSY,
        "rewrote a file out of the tree"
    );
}

#[test]
fn validate_and_convert_walk_the_same_way() {
    let (dir, root, _elsewhere) = tree();
    assert_snapshot!(
        "validate_walk",
        transcript_in(
            fvnote()
                .args(["validate", "--follow-symlinks"])
                .arg(&root)
                .timeout(Duration::from_secs(60)),
            dir.path()
        )
    );
    // Two games of three plies: four FENs each, a blank line between.
    assert_snapshot!(
        "convert_walk",
        transcript_in(
            fvnote()
                .args(["convert", "--to", "fen"])
                .arg(&root)
                .timeout(Duration::from_secs(60)),
            dir.path()
        )
    );
}

/// Runs the binary as `nobody`, for whom permissions hold (root reads
/// everything); None when that cannot be arranged.
fn as_nobody(args: &[&Path]) -> Option<std::process::Output> {
    if !rustix::process::geteuid().is_root() {
        return Some(cli::fvnote_std().args(args).output().unwrap());
    }
    let out = cli::clean_env(&mut Std::new("setpriv"))
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(cli::bin())
        .args(args)
        .output()
        .ok()?;
    // setpriv itself failed, or the binary is out of nobody's reach.
    if out.status.code() == Some(127) || out.status.code() == Some(126) {
        return None;
    }
    Some(out)
}

#[test]
fn an_unreadable_directory_is_reported_and_the_rest_formatted() {
    let dir = tempfile::tempdir().unwrap();
    chmod(dir.path(), 0o777);
    let root = dir.path().join("root");
    std::fs::create_dir_all(root.join("locked")).unwrap();
    std::fs::create_dir_all(root.join("open")).unwrap();
    std::fs::write(root.join("locked/x.pgn"), MESSY).unwrap();
    std::fs::write(root.join("open/y.pgn"), MESSY).unwrap();
    chmod(&root, 0o777);
    chmod(&root.join("open"), 0o777);
    chmod(&root.join("open/y.pgn"), 0o666);
    if rustix::process::geteuid().is_root() {
        // nobody's own file: another's would be refused (its owner lost).
        std::os::unix::fs::chown(root.join("open/y.pgn"), Some(65534), Some(65534)).unwrap();
    }
    chmod(&root.join("locked"), 0o000);
    let Some(out) = as_nobody(&[Path::new("fmt"), &root]) else {
        println!("skipped: running as root and cannot run as another user (setpriv)");
        return;
    };
    chmod(&root.join("locked"), 0o755);
    assert_snapshot!(cli::redact_dir(&cli::render(&out), dir.path()));
    assert_eq!(read(&root.join("open/y.pgn")), TIDY);
    assert_eq!(read(&root.join("locked/x.pgn")), MESSY);
}

/// A directory with a game and a FIFO named like one: `root/{a.pgn,
/// pipe.pgn}`.
fn dir_with_fifo() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("root");
    std::fs::create_dir(&root).unwrap();
    std::fs::write(root.join("a.pgn"), MESSY).unwrap();
    mkfifo(&root.join("pipe.pgn"));
    (dir, root)
}

#[test]
fn a_fifo_inside_a_directory_is_skipped_not_read() {
    // Reading it would wait for a writer that never comes: each run is
    // bounded, and a hang fails.
    let (dir, root) = dir_with_fifo();
    let runs: [&[&str]; 4] = [
        &["validate", "root"],
        &["fmt", "--check", "root"],
        &["convert", "--to", "fen", "root"],
        &["fmt", "root"],
    ];
    for args in runs {
        assert_snapshot!(transcript_in(
            fvnote()
                .args(args)
                .current_dir(dir.path())
                .timeout(Duration::from_secs(20)),
            dir.path()
        ));
    }
    assert_eq!(read(&root.join("a.pgn")), TIDY);
    assert!(std::fs::symlink_metadata(root.join("pipe.pgn"))
        .unwrap()
        .file_type()
        .is_fifo());
}

#[test]
fn a_fifo_named_on_the_command_line_is_read() {
    // `convert`: `validate` opens a named file twice (once more for its
    // snippets), and a FIFO's writer may be gone by the second open.
    let (dir, root) = dir_with_fifo();
    let fifo = root.join("pipe.pgn");
    let writer = std::thread::spawn(move || std::fs::write(fifo, MESSY).unwrap());
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "fen", "root/pipe.pgn"])
            .current_dir(dir.path())
            .timeout(Duration::from_secs(20)),
        dir.path()
    ));
    writer.join().unwrap();
}
