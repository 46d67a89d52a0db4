//! A counter on standard error for long runs on a terminal; silent
//! otherwise (and under CI).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// The progress line.
pub struct Progress {
    on: bool,
    started: Instant,
    last: Instant,
    shown: bool,
}

impl Progress {
    /// A progress line, on only when standard error is a terminal and
    /// `CI` is not set.
    pub fn new() -> Progress {
        let ci = std::env::var_os("CI").is_some();
        let now = Instant::now();
        Progress {
            on: std::io::stderr().is_terminal() && !ci,
            started: now,
            last: now,
            shown: false,
        }
    }

    /// Shows the counts, at most five times a second, after the first second.
    pub fn tick(&mut self, games: usize, invalid: usize) {
        if !self.on || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        if self.last.elapsed() >= Duration::from_millis(200) || !self.shown {
            eprint!("\r\x1b[2Kchecking: {games} games, {invalid} invalid");
            self.last = Instant::now();
            self.shown = true;
        }
    }

    /// Erases the line.
    pub fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[2K");
            self.shown = false;
        }
    }
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}
