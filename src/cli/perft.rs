//! `fvnote perft`: count the legal move tree (G7).
//!
//! The depth is checked against [`MAX_DEPTH`]. A run longer than a second
//! shows its progress on a terminal (root moves done, leaves so far), and
//! Ctrl-C stops it with status 130 (see `crate::fs::cleanup_on_signals`),
//! clearing the progress line first so the shell prompt starts clean.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use super::args::{parse_variant, position};
use super::CliError;
use crate::notation::san::write_san;
use crate::rules::perft::MAX_DEPTH;
use crate::variant::Variant;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (at most 20).
    pub depth: u32,
    /// Variant identifier (see `fvnote variants`).
    #[arg(long, short, default_value = "chess", value_parser = parse_variant)]
    pub variant: Variant,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// First print one `token: count` line per legal move.
    #[arg(long)]
    pub divide: bool,
}

/// The progress line's state, shared with the signal hook: nothing shown,
/// a line shown, or stopped (a signal came; nothing more is drawn).
static LINE: AtomicU8 = AtomicU8::new(NONE);
const NONE: u8 = 0;
const SHOWN: u8 = 1;
const STOPPED: u8 = 2;

/// Erases the current terminal line: carriage return, erase line.
const ERASE: &str = "\r\x1b[2K";

/// On a signal: clears a shown progress line. Both this and
/// [`Progress::tick`] hold standard error's lock while they look at
/// [`LINE`], so no line is drawn after it is cleared.
fn clear_on_signal() {
    let mut err = std::io::stderr().lock();
    if LINE.swap(STOPPED, Ordering::SeqCst) == SHOWN {
        let _ = err.write_all(ERASE.as_bytes());
        let _ = err.flush();
    }
}

/// A progress line on standard error, for terminals, after a second.
struct Progress {
    on: bool,
    started: Instant,
}

impl Progress {
    fn new() -> Progress {
        let on = std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        if on {
            crate::fs::on_signal(clear_on_signal);
        }
        Progress {
            on,
            started: Instant::now(),
        }
    }
    fn tick(&mut self, done: usize, of: usize, leaves: u64) {
        if self.on && self.started.elapsed() >= Duration::from_secs(1) {
            let secs = self.started.elapsed().as_secs();
            let mut err = std::io::stderr().lock();
            if LINE.load(Ordering::SeqCst) != STOPPED {
                let _ = write!(
                    err,
                    "{ERASE}perft: {done}/{of} root moves, {leaves} leaves, {secs} s (Ctrl-C stops)"
                );
                let _ = err.flush();
                LINE.store(SHOWN, Ordering::SeqCst);
            }
        }
    }
    fn clear(&mut self) {
        let mut err = std::io::stderr().lock();
        if LINE.swap(NONE, Ordering::SeqCst) == SHOWN {
            let _ = err.write_all(ERASE.as_bytes());
            let _ = err.flush();
        }
    }
}

pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    if args.depth > MAX_DEPTH {
        return Err(CliError::usage(format!(
            "perft depth {} is more than {MAX_DEPTH} (expected 0 to {MAX_DEPTH}; chess perft 7 \
             already takes minutes)",
            args.depth
        )));
    }
    let pos = position(args.fen.as_deref(), args.variant)?;
    let io = |e| CliError::io("stdout", e);
    if args.depth == 0 || (args.depth == 1 && !args.divide) {
        writeln!(out, "{}", pos.perft(args.depth)).map_err(io)?;
        return Ok(0);
    }
    // Root move by root move, to show progress.
    let moves = pos.legal_moves();
    let mut progress = Progress::new();
    let mut lines: Vec<(String, u64)> = Vec::with_capacity(moves.len());
    let mut total = 0u64;
    for (i, mv) in moves.iter().enumerate() {
        let mut next = pos.clone();
        next.play_in_place(mv);
        let n = next.perft(args.depth - 1);
        total = total.saturating_add(n);
        if args.divide {
            lines.push((write_san(&pos, mv), n));
        }
        progress.tick(i + 1, moves.len(), total);
    }
    progress.clear();
    if args.divide {
        lines.sort();
        for (san, n) in &lines {
            writeln!(out, "{san}: {n}").map_err(io)?;
        }
        writeln!(out).map_err(io)?;
    }
    writeln!(out, "{total}").map_err(io)?;
    Ok(0)
}
