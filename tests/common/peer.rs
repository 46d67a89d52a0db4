//! Tests that need a peer program (python3, python-chess): outside CI a
//! missing peer skips the test with its reason on stderr; under `CI=true` it
//! fails, so a CI run never reports "ok" for a check it did not make.

/// Call when the peer is missing, then return from the test.
pub fn missing_peer(reason: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(!ci, "{reason}; CI=true requires it (see .ci/run)");
    eprintln!("note: {reason}; skipping");
}

/// Whether `python3` with python-chess runs here; when not, says so through
/// [`missing_peer`] (a failure under CI).
pub fn python_chess() -> bool {
    let ok = std::process::Command::new("python3")
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        missing_peer("python3 with the `chess` module not found (pip install chess)");
    }
    ok
}

/// Runs `python3 -c script` with `input` on its standard input: its exit
/// status and standard output.
pub fn python(script: &str, input: &str) -> (bool, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    // A checker that stops at the first disagreement closes its input
    // early: its output says why, so a broken pipe here is no failure.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("python3 ends");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}
