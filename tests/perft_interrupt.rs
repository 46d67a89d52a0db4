//! `fvnote perft` stopped with Ctrl-C (issue: files are sacred, item 4): the
//! progress line it draws on a terminal is cleared before it exits with
//! status 130, so the shell's prompt does not start after the line.
#![cfg(unix)]

use crate::cli;
use cli::fvnote_std;

use std::io::Read;
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rustix::process::{kill_process, Pid, Signal};

/// The erase sequence: carriage return, erase the line.
const ERASE: &[u8] = b"\r\x1b[2K";

/// A chess perft that runs for seconds, root move by root move.
fn long_perft(stderr: Stdio) -> Child {
    fvnote_std()
        .args(["perft", "6"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

fn interrupt(child: &Child) {
    let pid = Pid::from_raw(i32::try_from(child.id()).unwrap()).unwrap();
    kill_process(pid, Signal::INT).unwrap();
}

/// Waits for `child` at most a minute.
fn wait(child: &mut Child) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("perft did not stop on SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn ctrl_c_clears_the_progress_line_and_exits_130() {
    use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let name = ptsname(&master, Vec::new()).unwrap();
    let slave = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(name.to_str().unwrap())
        .unwrap();
    let mut child = long_perft(Stdio::from(slave));
    // Everything the terminal receives, read on a thread (the read blocks).
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    let mut reader = std::fs::File::from(master);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // EIO once the last writer is gone.
        while let Ok(n @ 1..) = reader.read(&mut buf) {
            if tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let start = Instant::now();
    while !seen.windows(6).any(|w| w == b"perft:") {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no progress line"
        );
        if let Ok(chunk) = rx.recv_timeout(Duration::from_millis(100)) {
            seen.extend(chunk);
        }
    }
    interrupt(&child);
    let status = wait(&mut child);
    // What was written before the exit is still buffered in the terminal.
    while let Ok(chunk) = rx.recv_timeout(Duration::from_millis(500)) {
        seen.extend(chunk);
    }
    assert_eq!(status.code(), Some(130));
    let text = String::from_utf8_lossy(&seen);
    let last_line = seen.windows(6).rposition(|w| w == b"perft:").unwrap();
    assert!(
        seen[last_line..].ends_with(ERASE),
        "the progress line is left on the terminal: {text:?}"
    );
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(out, "", "no count for an interrupted run");
}

#[test]
fn ctrl_c_off_a_terminal_exits_130_and_writes_nothing() {
    let mut child = long_perft(Stdio::piped());
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let status = wait(&mut child);
    assert_eq!(status.code(), Some(130));
    let mut err = Vec::new();
    child.stderr.take().unwrap().read_to_end(&mut err).unwrap();
    assert_eq!(err, b"", "no progress line off a terminal");
}
