//! A temporary file is removed as stale only when provably dead (issue
//! 46): its writer holds an advisory lock on it while it lives, so a live
//! writer the PID cannot vouch for (another PID namespace: a container
//! sharing the folder) keeps its file; an unlocked file of a dead PID goes.
#![cfg(unix)]

use std::path::Path;
use std::process::Command as Std;

use crate::cli::{self, fvnote};

/// Not canonical: `fmt` rewrites it (and so sweeps the directory).
const MESSY: &str = "1.e4 e5 2.Ng1-f3 *\n";

/// A PID no process has (a child that has exited and been reaped).
fn dead_pid() -> u32 {
    let mut gone = Std::new("true").spawn().unwrap();
    let pid = gone.id();
    gone.wait().unwrap();
    pid
}

fn fmt_in(dir: &Path) {
    std::fs::write(dir.join("a.pgn"), MESSY).unwrap();
    let out = fvnote()
        .args(["fmt", "a.pgn"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", cli::render(&out));
}

#[test]
fn a_locked_temporary_file_survives_the_sweep_even_when_its_pid_is_dead() {
    let dir = tempfile::tempdir().unwrap();
    let dead = dead_pid();
    let held = dir.path().join(format!(".a.pgn.fvnote-{dead}-00aa11.tmp"));
    let free = dir.path().join(format!(".a.pgn.fvnote-{dead}-00bb22.tmp"));
    std::fs::write(&held, "a live writer's partial output").unwrap();
    std::fs::write(&free, "a dead writer's partial output").unwrap();
    // Locked through an open file description of this process, as a
    // writer in another PID namespace holds it.
    let lock = std::fs::File::open(&held).unwrap();
    rustix::fs::flock(&lock, rustix::fs::FlockOperation::LockExclusive).unwrap();
    fmt_in(dir.path());
    assert!(held.exists(), "a locked temporary file was removed");
    assert!(!free.exists(), "an unlocked file of a dead PID stays");
    // Its writer ends: the next run removes it.
    drop(lock);
    fmt_in(dir.path());
    assert!(!held.exists(), "an unlocked file of a dead PID stays");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["a.pgn"]);
}

#[test]
fn a_lock_held_by_another_process_is_respected() {
    let dir = tempfile::tempdir().unwrap();
    let held = dir
        .path()
        .join(format!(".a.pgn.fvnote-{}-00cc33.tmp", dead_pid()));
    std::fs::write(&held, "partial").unwrap();
    // A child holds the lock on its own descriptor while it sleeps.
    let Ok(mut holder) = Std::new("flock").arg(&held).args(["sleep", "60"]).spawn() else {
        println!("skipped: no flock(1) to hold a lock in another process");
        return;
    };
    let locked = (0..200).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        let f = std::fs::File::open(&held).unwrap();
        rustix::fs::flock(&f, rustix::fs::FlockOperation::NonBlockingLockShared).is_err()
    });
    fmt_in(dir.path());
    let survived = held.exists();
    holder.kill().unwrap();
    holder.wait().unwrap();
    assert!(locked, "flock(1) never took the lock");
    assert!(
        survived,
        "a temporary file locked by a live process was removed"
    );
}

#[test]
fn many_files_waiting_to_be_replaced_fit_a_small_descriptor_limit() {
    // Each waiting file holds its lock's descriptor; with a soft limit
    // of 64 and 150 files, the run asks for its hard limit.
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    for i in 0..150 {
        std::fs::write(games.join(format!("g{i:03}.pgn")), MESSY).unwrap();
    }
    let mut c = Std::new("sh");
    cli::clean_env(&mut c)
        .arg("-c")
        .arg(r#"ulimit -Sn 64 && exec "$F" convert --to pgn --in-place games"#)
        .env("F", cli::bin())
        .current_dir(dir.path());
    let out = assert_cmd::Command::from_std(c)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    if String::from_utf8_lossy(&out.stderr).contains("ulimit") {
        println!(
            "skipped: the shell cannot lower its limit: {}",
            cli::render(&out)
        );
        return;
    }
    assert!(out.status.success(), "{}", cli::render(&out));
    for i in 0..150 {
        assert_eq!(
            std::fs::read_to_string(games.join(format!("g{i:03}.pgn"))).unwrap(),
            "1. e4 e5 2. Nf3 *\n\n"
        );
    }
    assert_eq!(std::fs::read_dir(&games).unwrap().count(), 150);
}
