//! The one set-up of the `fvnote` binary for CLI tests.

use assert_cmd::Command;

/// The built `fvnote` binary, run apart from the test runner's environment
/// (`NO_COLOR` and `CI` change its colours and progress output;
/// `GITHUB_STEP_SUMMARY` would make `--format github` append to a CI
/// runner's summary), and killed
/// after two minutes so a hang (a starved thread pool) fails the test
/// instead of stalling CI.
pub fn fvnote() -> Command {
    let mut c = Command::cargo_bin("fvnote").unwrap();
    c.env_remove("NO_COLOR")
        .env_remove("CI")
        .env_remove("GITHUB_STEP_SUMMARY")
        .timeout(std::time::Duration::from_secs(120));
    c
}
