//! `fvnote fmt`: rewrite PGN files in canonical layout and canonical SAN.
//!
//! Nothing but notation and layout changes (see `record::format`). Each file is
//! handled on its own: a file with a syntax error, an illegal or ambiguous
//! move, a start position that cannot be set up, or bytes that are not UTF-8
//! is reported and left untouched, and the others are still formatted.
//!
//! Files stream game by game: the canonical text is compared with the file
//! as it is produced, and only from the first difference on is a new file
//! written (through `crate::fs`, which keeps mode, owner and links), so
//! memory holds one game and an already canonical file is never rewritten.
//!
//! Exit codes (as prettier's `--check`): 0 nothing to do or all formatted;
//! 1 with `--check`, some file would change; 2 some file could not be
//! formatted (or read, or written) — this wins over 1.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use super::encoding_args::EncodingArgs;
use super::{CliError, WalkArgs, WriteArgs};
use crate::fs::{remove_stale_beside, walk, Output, WalkEvent, WriteError, WriteOptions};
use crate::record::format::format_pgn_fixing_to;

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Write nothing; list the files that would change and exit 1 if any.
    #[arg(long)]
    pub check: bool,
    /// With --check: show each change as a unified diff instead of the name.
    #[arg(long, requires = "check")]
    pub diff: bool,
    #[command(flatten)]
    pub write: WriteArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
    /// PGN files, or directories (every `*.pgn` file under them); `-` alone
    /// formats standard input to standard output.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
    /// Set each game's Result tag and termination marker from its final
    /// position where the rules decide it (checkmate, stalemate, Fault Line
    /// wins: G5, FL1); each change is reported on stderr.
    #[arg(long)]
    pub fix_result: bool,
    #[command(flatten)]
    pub encoding: EncodingArgs,
}

/// What happened to one file.
enum Outcome {
    Unchanged,
    Changed,
    Failed,
}

/// A writer that compares what it is given with the original file and,
/// from the first difference on (unless only checking), writes a new file:
/// the original's equal prefix, then the rest.
struct Rewrite<'a> {
    path: &'a Path,
    original: BufReader<File>,
    /// Bytes found equal so far (while no difference was seen).
    equal: u64,
    changed: bool,
    /// Where to write once changed (None: `--check`).
    opts: Option<&'a WriteOptions>,
    out: Option<Output>,
    /// Why the new file could not be started.
    refused: Option<WriteError>,
}

impl<'a> Rewrite<'a> {
    fn new(path: &'a Path, opts: Option<&'a WriteOptions>) -> io::Result<Rewrite<'a>> {
        Ok(Rewrite {
            path,
            original: BufReader::with_capacity(1 << 16, File::open(path)?),
            equal: 0,
            changed: false,
            opts,
            out: None,
            refused: None,
        })
    }

    /// The first difference: start the new file with the equal prefix.
    fn diverge(&mut self) -> io::Result<()> {
        self.changed = true;
        let Some(opts) = self.opts else {
            return Ok(());
        };
        let mut out = match Output::open(self.path, opts) {
            Ok(o) => o,
            Err(e) => {
                self.refused = Some(e);
                return Err(io::Error::other("refused"));
            }
        };
        let mut prefix = File::open(self.path)?.take(self.equal);
        io::copy(&mut prefix, &mut out)?;
        self.out = Some(out);
        Ok(())
    }

    /// Ends the comparison: whether the file changes (an original longer
    /// than the output changes too).
    fn finish(&mut self) -> io::Result<bool> {
        if !self.changed {
            let mut byte = [0];
            if self.original.read(&mut byte)? != 0 {
                self.diverge()?;
            }
        }
        Ok(self.changed)
    }
}

impl Write for Rewrite<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.changed {
            let mut same = 0;
            while same < buf.len() {
                let orig = self.original.fill_buf()?;
                if orig.is_empty() {
                    break;
                }
                let n = orig.len().min(buf.len() - same);
                let k = orig[..n]
                    .iter()
                    .zip(&buf[same..same + n])
                    .take_while(|(a, b)| a == b)
                    .count();
                self.original.consume(k);
                same += k;
                self.equal += k as u64;
                if k < n {
                    break;
                }
            }
            if same == buf.len() {
                return Ok(buf.len());
            }
            self.diverge()?;
            if let Some(out) = &mut self.out {
                out.write_all(&buf[same..])?;
            }
            return Ok(buf.len());
        }
        match &mut self.out {
            Some(out) => out.write_all(buf).map(|()| buf.len()),
            None => Ok(buf.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn one(
    path: &Path,
    args: &FmtArgs,
    opts: &WriteOptions,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let check = args.check;
    let name = path.display().to_string();
    if !check {
        // What an earlier run killed outright left (see `crate::fs`).
        remove_stale_beside(path);
    }
    // Decoded to UTF-8 (`--encoding`), which is what is written back; the
    // comparison with the file as it is sees the first re-encoded byte as a
    // change.
    let input = match args.encoding.open(path, &name) {
        Ok(f) => BufReader::with_capacity(1 << 16, f),
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return Ok(Outcome::Failed);
        }
    };
    let mut rewrite = match Rewrite::new(path, (!check).then_some(opts)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return Ok(Outcome::Failed);
        }
    };
    let result =
        format_pgn_fixing_to(input, &mut rewrite, args.fix_result).and_then(|(errors, changes)| {
            let changed = if errors.is_empty() {
                rewrite.finish()?
            } else {
                false
            };
            Ok((errors, changes, changed))
        });
    let (errors, changes, changed) = match result {
        Ok(r) => r,
        Err(e) => {
            match rewrite.refused.take() {
                Some(refused) => eprintln!("error: {refused}"),
                None => eprintln!("error: {name}: {e}"),
            }
            return Ok(Outcome::Failed);
        }
    };
    if !errors.is_empty() {
        for e in errors {
            eprintln!("error: {name}:{}:{}: {}", e.line, e.column, e.message);
        }
        eprintln!("note: {name} left unchanged");
        return Ok(Outcome::Failed);
    }
    for (game, c) in changes {
        eprintln!("{name}: game {game}: {c}");
    }
    if !changed {
        return Ok(Outcome::Unchanged);
    }
    if let Some(new) = rewrite.out.take() {
        if let Err(e) = new.commit() {
            eprintln!("error: {e}");
            return Ok(Outcome::Failed);
        }
    }
    if args.diff {
        super::fmt_diff::diff_file(path, out)?;
    } else {
        writeln!(out, "{name}").map_err(|e| CliError::io("stdout", e))?;
    }
    Ok(Outcome::Changed)
}

pub fn run(args: &FmtArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    if args.paths.iter().any(|p| p.as_os_str() == "-") {
        if args.paths.len() > 1 || args.check {
            return Err(CliError::usage(
                "`fmt -` formats standard input to standard output; give it alone, without --check",
            ));
        }
        return super::fmt_diff::stdin_to_stdout(out);
    }
    let (mut changed, mut failed) = (false, false);
    let opts = args.write.options();
    for event in walk(&args.paths, &["pgn"], &args.walk.options()) {
        let f = match event {
            WalkEvent::File(f) => f,
            WalkEvent::Skipped { path, reason } => {
                eprintln!("note: {}: {reason}", path.display());
                continue;
            }
            WalkEvent::Error { path, error } => {
                eprintln!("error: {}: {error}", path.display());
                failed = true;
                continue;
            }
        };
        match one(&f, args, &opts, out)? {
            Outcome::Unchanged => {}
            Outcome::Changed => changed = true,
            Outcome::Failed => failed = true,
        }
    }
    Ok(if failed {
        2
    } else if changed && args.check {
        1
    } else {
        0
    })
}
