//! The one set-up of the `fvnote` binary for CLI tests, and the whole
//! output of a run (exit code, stdout, stderr) as one text for a golden
//! file (insta snapshots in `tests/snapshots/`).
//!
//! After an intended change: `INSTA_UPDATE=always cargo test --test suite
//! NAME::` (NAME the file's stem), then review the diff of
//! `tests/snapshots/` against the rulings.
#![allow(dead_code)] // each test file uses a different subset

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;

/// The built `fvnote` binary, run apart from the test runner's environment
/// (see [`clean_env`]), and killed after two minutes so a hang (a starved
/// thread pool) fails the test instead of stalling CI.
pub fn fvnote() -> Command {
    let mut c = Command::from_std(fvnote_std());
    c.timeout(std::time::Duration::from_secs(120));
    c
}

/// Runs fvnote with `args` in `dir`, `stdin` on its standard input: the
/// exit code, standard output and standard error.
pub fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = fvnote()
        .current_dir(dir)
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("fvnote runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The same set-up as a `std::process::Command`, for tests that spawn and
/// signal the process themselves.
pub fn fvnote_std() -> std::process::Command {
    let mut c = std::process::Command::new(bin());
    clean_env(&mut c);
    c
}

/// The path of the built `fvnote` binary, for tests that run it through
/// another program (`sh -c`, `setpriv`); give that program [`clean_env`].
pub fn bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("fvnote")
}

/// Removes what the test runner's environment would change: `NO_COLOR`
/// and `CI` change colours and progress output; `GITHUB_STEP_SUMMARY` and
/// `GITHUB_OUTPUT` would make `--format github` append to a CI runner's
/// summary and step outputs.
pub fn clean_env(c: &mut std::process::Command) -> &mut std::process::Command {
    c.env_remove("NO_COLOR")
        .env_remove("CI")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env_remove("GITHUB_OUTPUT")
}

/// Runs `cmd` and renders its whole output (see [`render`]).
pub fn transcript(cmd: &mut Command) -> String {
    render(&cmd.output().unwrap())
}

/// Runs `cmd` and renders its whole output with `dir` (a temporary
/// directory, whose name changes from run to run) written `[TMP]`.
pub fn transcript_in(cmd: &mut Command, dir: &Path) -> String {
    redact_dir(&transcript(cmd), dir)
}

/// `text` with every spelling of `dir` (as given and canonical) written
/// `[TMP]`.
pub fn redact_dir(text: &str, dir: &Path) -> String {
    let mut text = text.to_owned();
    let canonical = dir.canonicalize().unwrap_or_else(|_| dir.to_owned());
    for d in [canonical, dir.to_owned()] {
        let d = d.display().to_string();
        if !d.is_empty() {
            text = text.replace(&d, "[TMP]");
        }
    }
    text
}

/// An output's exit code, stdout and stderr as one text. Control
/// characters other than line breaks and tabs are written `\x1b`-style
/// (ANSI colours stay visible), a missing final line break is marked, and
/// an output that is not UTF-8 is written as escaped bytes.
pub fn render(out: &Output) -> String {
    let code = match out.status.code() {
        Some(c) => c.to_string(),
        None => "killed by a signal".to_owned(),
    };
    format!(
        "exit: {code}\n--- stdout\n{}--- stderr\n{}",
        stream(&out.stdout),
        stream(&out.stderr)
    )
}

fn stream(bytes: &[u8]) -> String {
    let mut text = match std::str::from_utf8(bytes) {
        Ok(s) => s
            .chars()
            .map(|c| match c {
                '\n' | '\t' => c.to_string(),
                c if c.is_control() => format!("\\x{:02x}", u32::from(c)),
                c => c.to_string(),
            })
            .collect(),
        Err(_) => format!(
            "(not UTF-8) {}\n",
            bytes.escape_ascii().to_string().replace("\\n", "\\n\n")
        ),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.push_str("⏎ (no line break at the end)\n");
    }
    text
}

/// Writes `text` to `dir/name`; its path.
pub fn write_file(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Runs `cmd`, requires exit code 0 and an empty stderr, and returns its
/// stdout, for a run whose output feeds the next.
pub fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        render(&out)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// JUnit times vary from run to run: `time="…"` becomes `time="T"`.
pub fn redact_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("time=\"") {
        out.push_str(&rest[..i + 6]);
        rest = &rest[i + 6..];
        let end = rest.find('"').unwrap_or(rest.len());
        out.push('T');
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}
