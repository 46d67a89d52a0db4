//! `fvnote fmt`: rewrite PGN files in canonical layout and canonical SAN.
//!
//! Games come through the one pipeline with the canonical PGN writer
//! (`record::convert::pgn`); each game's canonical text is compared with
//! the game as read, and only from the first difference on is a new file
//! written (through `crate::fs`, which keeps mode, owner and links), so
//! memory holds one game and an already canonical file is never rewritten.
//! A file with a game that is not valid — cut off, inconsistent, illegal,
//! unreadable — is reported with the verdict `validate` gives and left
//! untouched: `fmt` changes notation and layout, never what was played.
//!
//! Exit codes: 0 nothing to do or all formatted; 1 some game invalid, or
//! with `--check` some file would change; 2 a file could not be read or
//! written.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use clap::Args;
use similar::TextDiff;

use super::args::{inputs, ReadArgs, StripArgs, WalkArgs, WriteArgs};
use super::CliError;
use crate::fs::{remove_stale_beside, Output, WriteError, WriteOptions};
use crate::record::convert::fix_result::{apply, Change, Edit, ResultEdits};
use crate::record::convert::held::{Buffer, GameOut};
use crate::record::convert::strip::Stripped;
use crate::record::convert::{ConvertOptions, Converted, GameError, Target, Writer};
use crate::record::pipeline::game::Finished;
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::source::{refuse_rewrite, Decoding, Input, Inputs, Syntax};
use crate::record::pipeline::{run as run_pipeline, verdicts, Options, Sink};
use crate::record::replay::verdict::Verdict;
use crate::report::line;

// The command's text is on `Command::Fmt`; examples are in the man page
// (`cli::generate`).
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
    /// formats standard input to standard output (with --check, reports
    /// whether it would change). A compressed file (gzip, bzip2, xz, zstd)
    /// is read by --check, but not rewritten: fmt refuses it.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<String>,
    /// Set each game's Result tag and termination marker from its final
    /// position where the rules decide it (checkmate, stalemate, Fault Line
    /// wins: G5, FL1), changing nothing else of the text (with --canonical,
    /// formatting as well); each change is reported on stderr.
    #[arg(long)]
    pub fix_result: bool,
    /// With --fix-result: also write canonical layout and SAN, as `fmt`
    /// does without --fix-result.
    #[arg(long, requires = "fix_result")]
    pub canonical: bool,
    #[command(flatten)]
    pub strip: StripArgs,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// A game's canonical text, kept for the comparison with the game as read.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Buffer>>);

impl Write for Shared {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().write(data)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl GameOut for Shared {
    fn commit_game(&mut self) -> io::Result<()> {
        Ok(())
    }
    fn drop_game(&mut self) -> bool {
        self.0.borrow_mut().bytes.clear();
        false
    }
}

/// What formatting one input found and made.
struct Formatting<'a> {
    canonical: Shared,
    /// Where a changed file is written (`None`: only checking, or no
    /// change yet).
    output: Option<Output>,
    target: Option<(&'a std::path::Path, &'a WriteOptions)>,
    /// Bytes of the input found canonical so far (before any change).
    equal: u64,
    changed: bool,
    failed: bool,
    /// The unified diff, game by game (`--diff`).
    diff: Option<String>,
    /// Standard output, for `fmt -`.
    stdout: Option<&'a mut dyn Write>,
    /// The file is decoded from another encoding: its bytes are not the
    /// text compared, so the whole of it is written and compared at the end.
    decoded: bool,
    /// Why the new file could not be started.
    refused: Option<WriteError>,
    /// Games that are not valid stay in the file as read (only results
    /// are fixed).
    keep_bad: bool,
    /// How a changed game is checked again (`--variant`).
    checking: Options,
}

impl Formatting<'_> {
    /// The first difference: the new file starts with the canonical prefix
    /// of the old one.
    fn diverge(&mut self) -> io::Result<()> {
        self.changed = true;
        let Some((path, opts)) = self.target else {
            return Ok(());
        };
        let mut out = match Output::open(path, opts) {
            Ok(out) => out,
            Err(e) => {
                self.refused = Some(e);
                return Err(io::Error::other("refused"));
            }
        };
        let mut prefix = std::io::Read::take(std::fs::File::open(path)?, self.equal);
        io::copy(&mut prefix, &mut out)?;
        self.output = Some(out);
        Ok(())
    }
}

impl Formatting<'_> {
    /// One game: as read (`old`), as remade (`new`: canonical, or with its
    /// result set), its verdict, what was changed, and why the form refused
    /// it. A game that is not valid (after a change, as remade) is said; a
    /// file that holds one is left as it is when formatting, and keeps that
    /// game as it was read when only results are fixed or when writing to
    /// standard output.
    fn take(
        &mut self,
        input: &Input,
        verdict: &Verdict,
        old: &[u8],
        mut new: Vec<u8>,
        change: Option<Change>,
        refused: Option<String>,
    ) -> io::Result<()> {
        let game = verdict.game;
        if let Some(c) = &change {
            eprintln!("{}: game {game}: {c}", input.name);
        }
        // A change may mend what made the game invalid (its result).
        let fixed = change
            .as_ref()
            .and_then(|_| verdicts(&new, &self.checking).pop());
        let verdict = fixed.as_ref().unwrap_or(verdict);
        let mut bad = false;
        if let Some(e) = verdict.error.as_ref() {
            let shown = Verdict {
                error: Some(e.clone()),
                ..verdict.clone()
            };
            if let Some(e) = line::verdict_error(&input.name, &shown) {
                eprintln!("{e}");
            }
            bad = true;
        }
        if let Some(why) = refused {
            eprintln!("error: {}: game {game}: {why}", input.name);
            bad = true;
        }
        self.failed |= bad;
        if bad && (self.keep_bad || self.stdout.is_some()) {
            // Kept as it was read (only results fixed, or standard output).
            new = old.to_vec();
        } else if bad {
            return Ok(());
        }
        self.put(input, old, new)
    }

    /// A piece of the file: as read (`old`) and as written (`new`).
    fn put(&mut self, input: &Input, old: &[u8], new: Vec<u8>) -> io::Result<()> {
        if let Some(out) = &mut self.stdout {
            self.changed |= old != &new[..];
            return out.write_all(&new);
        }
        if self.decoded && !self.changed && self.target.is_some() {
            // Written whole; whether it changed is told at the end.
            self.diverge()?;
        }
        if old != &new[..] {
            if let Some(diff) = &mut self.diff {
                let (a, b) = (String::from_utf8_lossy(old), String::from_utf8_lossy(&new));
                let d = TextDiff::configure()
                    .timeout(std::time::Duration::from_secs(2))
                    .diff_lines(a.as_ref(), b.as_ref());
                let name = &input.name;
                let header = (name.as_str(), format!("{name} (formatted)"));
                diff.push_str(
                    &d.unified_diff()
                        .context_radius(2)
                        .header(header.0, &header.1)
                        .to_string(),
                );
            }
            if !self.changed {
                self.diverge()?;
            }
        }
        match &mut self.output {
            Some(out) => out.write_all(&new),
            None => {
                self.equal += old.len() as u64;
                Ok(())
            }
        }
    }
}

impl Sink<Converted> for Formatting<'_> {
    fn wants_text(&self) -> bool {
        true
    }

    fn trailer(&mut self, input: &Input, text: Option<&[u8]>) -> io::Result<()> {
        // The comments after the last game, as the writer wrote them.
        let new = std::mem::take(&mut self.canonical.0.borrow_mut().bytes);
        self.put(input, text.unwrap_or_default(), new)
    }

    fn game(
        &mut self,
        input: &Input,
        game: Finished<Converted>,
        text: Option<GameText<'_>>,
    ) -> io::Result<()> {
        let new = std::mem::take(&mut self.canonical.0.borrow_mut().bytes);
        let old = text.map_or(&[][..], |t| t.bytes);
        let (change, refused) = match game.output {
            Err(GameError::Io(e)) => return Err(e),
            Err(GameError::Refused(why) | GameError::Cut(why)) => (None, Some(why)),
            Ok(change) => (change, None),
        };
        self.take(input, &game.verdict, old, new, change, refused)
    }
}

impl Sink<Option<(Change, Vec<Edit>)>> for Formatting<'_> {
    fn wants_text(&self) -> bool {
        true
    }

    fn trailer(&mut self, input: &Input, text: Option<&[u8]>) -> io::Result<()> {
        // Results are fixed in place: the comments stay as read.
        let old = text.unwrap_or_default();
        self.put(input, old, old.to_vec())
    }

    fn game(
        &mut self,
        input: &Input,
        game: Finished<Option<(Change, Vec<Edit>)>>,
        text: Option<GameText<'_>>,
    ) -> io::Result<()> {
        let (old, offset) = text.map_or((&[][..], 0), |t| (t.bytes, t.offset));
        let (new, change) = match game.output {
            Some((change, edits)) => (apply(old, offset, &edits), Some(change)),
            None => (old.to_vec(), None),
        };
        self.take(input, &game.verdict, old, new, change, None)
    }
}

/// What formatting one input came to.
enum Outcome {
    Unchanged,
    Changed,
    /// A game is not valid: reported, the file left as it is.
    Invalid,
    /// It could not be read or written.
    Failed,
}

/// Formats one input.
fn one<'a>(
    input: &'a Input,
    args: &FmtArgs,
    write: &'a WriteOptions,
    stdout: Option<&'a mut dyn Write>,
    diffs: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let path = input.path();
    if let (false, Some(p)) = (args.check, path) {
        // What an earlier run killed outright left (see `crate::fs`).
        remove_stale_beside(p);
    }
    let canonical = Shared::default();
    let convert = ConvertOptions {
        to: Target::Pgn,
        json: Default::default(),
        fix_result: args.fix_result,
    };
    let results_only = args.fix_result && !args.canonical;
    let in_place = !args.check && stdout.is_none();
    if let Some(why) = in_place.then(|| refuse_rewrite(input)).flatten() {
        eprintln!("error: {why}");
        return Ok(Outcome::Failed);
    }
    let mut sink = Formatting {
        canonical: canonical.clone(),
        output: None,
        target: path.filter(|_| in_place).map(|p| (p, write)),
        equal: 0,
        changed: false,
        failed: false,
        diff: args.diff.then(String::new),
        stdout,
        decoded: args.read.encoding.decoding() != Decoding::Utf8,
        refused: None,
        keep_bad: results_only,
        checking: Options {
            variant: args.read.variant,
            ..Options::default()
        },
    };
    let opts = Options {
        syntax: Some(Syntax::Pgn),
        rewrite: true,
        // Checked in `run`: fmt formats whole files.
        conditions: Vec::new(),
        ..args.read.options()
    };
    let one = Inputs {
        list: vec![input.clone()],
        failures: Vec::new(),
    };
    let run = match results_only {
        true => run_pipeline(&one, &opts, ResultEdits::default(), &mut sink).map(|(s, _)| s),
        false => {
            let writer = Stripped::new(Writer::new(&convert, canonical), args.strip.strip());
            run_pipeline(&one, &opts, writer, &mut sink).map(|(s, _)| s)
        }
    };
    let name = &input.name;
    let summary = match run {
        Ok(summary) => summary,
        Err(e) => {
            match sink.refused.take() {
                Some(refused) => eprintln!("error: {refused}"),
                None => eprintln!("error: {name}: {e}"),
            }
            return Ok(Outcome::Failed);
        }
    };
    if summary.failures > 0 {
        return Ok(Outcome::Failed);
    }
    if sink.failed && !results_only {
        if sink.stdout.is_none() {
            eprintln!("note: {name} left unchanged");
        }
        return Ok(Outcome::Invalid);
    }
    let invalid = sink.failed;
    let unchanged = match invalid {
        true => Outcome::Invalid,
        false => Outcome::Unchanged,
    };
    if !sink.changed {
        // The games own every byte of the file: equal games, equal file.
        return Ok(unchanged);
    }
    if let Some(out) = sink.output.take() {
        let ready = out.finish().and_then(|r| Ok((r.same_as_target()?, r)));
        let committed = match ready {
            // A decoded file whose bytes are those of its canonical form.
            Ok((true, _)) => return Ok(unchanged),
            Ok((false, ready)) => ready.commit(),
            Err(e) => Err(e),
        };
        if let Err(e) = committed {
            eprintln!("error: {e}");
            return Ok(Outcome::Failed);
        }
    }
    if let Some(diff) = sink.diff.take() {
        diffs
            .write_all(diff.as_bytes())
            .map_err(|e| CliError::io("stdout", e))?;
    } else if sink.stdout.is_none() {
        writeln!(diffs, "{name}").map_err(|e| CliError::io("stdout", e))?;
    }
    Ok(match invalid {
        true => Outcome::Invalid,
        false => Outcome::Changed,
    })
}

pub fn run(args: &FmtArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let stdin = args.paths.iter().any(|p| p == "-");
    if stdin && args.paths.len() > 1 {
        return Err(CliError::usage(
            "`fmt -` formats standard input to standard output; give it alone",
        ));
    }
    args.write.refuse_without_output(
        !stdin && !args.check,
        "files to rewrite (not --check, not `fmt -`, which writes standard output)",
    )?;
    if !args.read.conditions.is_empty() {
        return Err(CliError::usage(
            "--where chooses games, and fmt formats whole files: every game of each",
        ));
    }
    if args.strip.strip.is_some() && args.fix_result && !args.canonical {
        return Err(CliError::usage(
            "--strip writes games anew, and --fix-result alone changes only results: add --canonical",
        ));
    }
    let inputs = inputs(&args.paths, &["pgn"], &args.walk)?;
    if let Some(i) = inputs.list.iter().find(|i| i.games.is_some()) {
        // The file would be rewritten with the chosen games alone.
        return Err(CliError::usage(format!(
            "{}: fmt formats whole files, and FILE:N would drop the other games; name the file",
            i.name
        )));
    }
    let mut status = 0;
    for f in &inputs.failures {
        eprintln!("error: {}: {}", f.path, f.message);
        status = 2;
    }
    let write = args.write.options();
    for input in &inputs.list {
        let to_stdout = stdin && !args.check;
        let mut sink = Vec::new();
        let result = match to_stdout {
            true => one(input, args, &write, Some(out), &mut sink)?,
            false => one(input, args, &write, None, out)?,
        };
        status = match result {
            Outcome::Failed => 2,
            Outcome::Invalid => status.max(1),
            Outcome::Changed if args.check => status.max(1),
            Outcome::Changed | Outcome::Unchanged => status,
        };
    }
    Ok(status)
}
