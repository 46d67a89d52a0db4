//! Arguments and resources are bounded (issue 23): perft depth, gen counts,
//! closed pipes, and diff time on long records.
#![cfg(unix)]

use std::io::Read;
use std::process::{Command as Std, Stdio};
use std::time::{Duration, Instant};

use predicates::str::contains;

use crate::cli;
use cli::{bin, clean_env, fvnote, fvnote_std};

#[test]
fn perft_depth_is_checked_against_a_maximum() {
    for depth in ["21", "5000", "4294967295"] {
        fvnote()
            .args(["perft", depth])
            .timeout(Duration::from_secs(30))
            .assert()
            .code(2)
            .stderr(contains("is more than 20"));
    }
    // The maximum itself is accepted (here a mate: nothing to search).
    fvnote()
        .args(["perft", "20", "--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"])
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn perft_stops_on_ctrl_c_with_status_130() {
    let mut child = fvnote_std()
        .args(["perft", "20"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
}

/// Runs `fvnote ARGS`, reads `keep` bytes of its output and closes the
/// pipe: the process must end quietly, soon.
fn read_then_close(args: &[&str], keep: usize) -> (Option<i32>, String) {
    let mut child = fvnote_std()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut buf = vec![0; keep];
    stdout.read_exact(&mut buf).unwrap();
    drop(stdout);
    let started = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(started.elapsed() < Duration::from_secs(30), "did not stop");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn gen_streams_any_count_and_stops_when_the_reader_does() {
    let (code, stderr) = read_then_close(&["gen", "chess", "18446744073709551615"], 10_000);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
}

#[test]
fn gen_refuses_counts_and_lengths_it_cannot_honour() {
    fvnote()
        .args(["gen", "chess", "18446744073709551616"])
        .assert()
        .code(2);
    fvnote()
        .args(["gen", "chess", "1", "--max-plies", "18446744073709551615"])
        .assert()
        .code(2)
        .stderr(contains("--max-plies"));
}

/// A file of many invalid games: `validate` has much to say.
fn many_invalid(dir: &std::path::Path) -> std::path::PathBuf {
    let f = dir.join("bad.pgn");
    std::fs::write(&f, "1. e5 *\n\n".repeat(20_000)).unwrap();
    f
}

#[test]
fn validate_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let f = many_invalid(dir.path());
    let (code, stderr) = read_then_close(&["validate", f.to_str().unwrap()], 100);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
}

/// `fvnote ARGS | head -1` in bash: (fvnote's status, what head printed).
fn piped_to_head(cmd: &str) -> (String, String) {
    let script = format!("{cmd} | head -1 >/dev/null; echo ${{PIPESTATUS[0]}}");
    let out = clean_env(&mut Std::new("bash"))
        .arg("-c")
        .arg(script)
        .env("FVNOTE", bin())
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn validate_with_stderr_into_a_closed_pipe_does_not_panic() {
    let dir = tempfile::tempdir().unwrap();
    let f = many_invalid(dir.path());
    let f = f.to_str().unwrap();
    let (status, stderr) = piped_to_head(&format!("\"$FVNOTE\" validate '{f}' 2>&1"));
    assert_eq!(status, "0", "{stderr}");
    let (status, stderr) = piped_to_head(&format!("\"$FVNOTE\" validate '{f}'"));
    assert_eq!((status.as_str(), stderr.as_str()), ("0", ""));
    // The machine formats print their summary on stderr.
    let (status, _) = piped_to_head(&format!("\"$FVNOTE\" validate --format json '{f}' 2>&1"));
    assert_eq!(status, "0");
}

/// A chess game of `plies` plies: knights back and forth (`a` and `b`
/// differ in every move).
fn shuffle(plies: usize, knights: [&str; 4]) -> String {
    let mut s = String::from("[Event \"shuffle\"]\n\n");
    for i in 0..plies / 4 {
        s.push_str(&format!(
            "{}. {} {} {}. {} {} ",
            2 * i + 1,
            knights[0],
            knights[1],
            2 * i + 2,
            knights[2],
            knights[3]
        ));
    }
    s.push_str("*\n");
    s
}

#[test]
fn diff_of_long_different_records_is_not_quadratic() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.pgn"), dir.path().join("b.pgn"));
    std::fs::write(&a, shuffle(160_000, ["Nf3", "Nf6", "Ng1", "Ng8"])).unwrap();
    std::fs::write(&b, shuffle(160_000, ["Nc3", "Nc6", "Nb1", "Nb8"])).unwrap();
    let started = Instant::now();
    fvnote()
        .arg("diff")
        .arg(&a)
        .arg(&b)
        .timeout(Duration::from_secs(120))
        .assert()
        .code(1)
        .stdout(contains("first difference at ply 1: 1. Nf3 vs 1. Nc3"));
    // Quadratic took over a minute here even in a release build.
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}
