//! `fvnote dedup`: drop identical games and earlier sendings of re-sent games
//! ([`crate::record::dedup`]); the games kept are written byte for byte as
//! read, and every game dropped is reported on stderr.
//!
//! The inputs are read through the one pipeline (files and directories, as
//! `validate` takes them) two or three times: once for each game's digest,
//! once more for the few main lines that must be compared at another's
//! length, and once to write the games kept. Memory holds digests, not games.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use super::args::{inputs, ReadArgs, WalkArgs, WriteArgs};
use super::CliError;
use crate::fs::Output;
use crate::record::convert::stream::GameStream;
use crate::record::dedup::{decide, prefixes_wanted, Digest, Digests, Prefixes, Why};
use crate::record::pipeline::game::{Finished, GameWriter, NoWriter};
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::source::{refuse_rewrite, Input, Inputs};
use crate::record::pipeline::{run as run_pipeline, Options, Sink};
use crate::report::line;

// The command's text is on `Command::Dedup`; examples are in the man page
// (`cli::generate`).
#[derive(Args, Debug)]
pub struct DedupArgs {
    /// PGN files or directories (every `*.pgn` under them, also compressed:
    /// `*.pgn.gz`, `.bz2`, `.xz`, `.zst`, read directly; --in-place refuses
    /// them); games are compared across all of them.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<String>,
    /// Write the games kept to FILE (atomically; never an input) instead of
    /// standard output.
    #[arg(short, long, value_name = "FILE", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,
    /// Rewrite each input that lost a game with the games it keeps (atomically).
    #[arg(long)]
    pub in_place: bool,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub write: WriteArgs,
}

/// Where a game is: its input, its number there, its line.
#[derive(Clone)]
struct Place {
    input: usize,
    game: usize,
    line: u32,
}

/// Collects each game's writer output and place, in order; says the
/// verdict of each game that is not valid (`report`), as `validate` would.
struct Collect<T> {
    inputs: Vec<String>,
    games: Vec<(Place, T)>,
    report: bool,
    /// 1 when a game is not valid.
    status: u8,
}

impl<T> Sink<T> for Collect<T> {
    fn game(
        &mut self,
        input: &Input,
        game: Finished<T>,
        _: Option<GameText<'_>>,
    ) -> io::Result<()> {
        let index = self
            .inputs
            .iter()
            .position(|n| *n == input.name)
            .unwrap_or_else(|| {
                self.inputs.push(input.name.clone());
                self.inputs.len() - 1
            });
        if let (true, Some(e)) = (self.report, line::verdict_error(&input.name, &game.verdict)) {
            eprintln!("{e}");
            self.status = 1;
        }
        let place = Place {
            input: index,
            game: game.verdict.game,
            line: game.verdict.span.line,
        };
        self.games.push((place, game.output));
        Ok(())
    }
}

/// Writes the games kept, byte for byte, to `out` (`by_input`: to each
/// input's own output).
struct Keep<'a> {
    dropped: &'a [bool],
    next: usize,
    outs: Vec<Box<dyn Write + 'a>>,
    by_input: bool,
    input: usize,
    /// The last byte written, to give a file's last game a line break
    /// before the next file's games.
    last: Option<u8>,
}

impl Keep<'_> {
    /// Writes `bytes` as read, after a line break if the last did not end
    /// one.
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        let out = &mut self.outs[if self.by_input { self.input } else { 0 }];
        if self.last.is_some_and(|b| b != b'\n') && !bytes.is_empty() {
            out.write_all(b"\n")?;
        }
        out.write_all(bytes)?;
        self.last = bytes.last().copied().or(self.last);
        Ok(())
    }
}

impl Sink<()> for Keep<'_> {
    fn wants_text(&self) -> bool {
        true
    }
    fn input_start(&mut self, _: &Input) -> io::Result<()> {
        if self.by_input {
            self.last = None;
        }
        Ok(())
    }
    fn game(&mut self, _: &Input, _: Finished<()>, text: Option<GameText<'_>>) -> io::Result<()> {
        let i = self.next;
        self.next += 1;
        if self.dropped.get(i).copied().unwrap_or(false) {
            return Ok(());
        }
        self.put(text.map_or(&[][..], |t| t.bytes))
    }
    fn trailer(&mut self, _: &Input, text: Option<&[u8]>) -> io::Result<()> {
        // The comments after an input's last game are no game's: kept.
        self.put(text.unwrap_or_default())
    }
    fn input_end(&mut self, _: &Input) -> io::Result<()> {
        self.input += 1;
        Ok(())
    }
}

fn read<W: GameWriter>(
    inputs: &Inputs,
    opts: &Options,
    writer: W,
    report: bool,
) -> Result<Collect<W::Output>, CliError> {
    let mut sink = Collect {
        inputs: Vec::new(),
        games: Vec::new(),
        report,
        status: 0,
    };
    let (summary, _) =
        run_pipeline(inputs, opts, writer, &mut sink).map_err(|e| CliError::io("stdout", e))?;
    if summary.failures > 0 {
        return Err(CliError::usage(
            "an input could not be read; nothing was written",
        ));
    }
    Ok(sink)
}

pub fn run(args: &DedupArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    args.write.refuse_without_output(
        args.output.is_some() || args.in_place,
        "-o FILE or --in-place",
    )?;
    let inputs = inputs(&args.paths, &["pgn"], &args.walk)?;
    if let Some(why) = args
        .in_place
        .then(|| inputs.list.iter().find_map(refuse_rewrite))
        .flatten()
    {
        return Err(CliError::usage(why));
    }
    super::refuse_lossy_writes(&inputs, &args.read, args.output.as_deref(), args.in_place)?;
    if inputs.list.iter().any(|i| i.path().is_none()) {
        return Err(CliError::usage(
            "dedup reads its inputs more than once: give files, not standard input",
        ));
    }
    let opts = Options {
        rewrite: args.in_place,
        ..args.read.options()
    };
    let first = read(&inputs, &opts, GameStream::new(Digests::default()), true)?;
    let digests: Vec<Digest> = first.games.iter().map(|(_, d)| d.clone()).collect();
    let wanted = prefixes_wanted(&digests);
    let prefixes: HashMap<usize, Vec<_>> = match wanted.is_empty() {
        true => HashMap::new(),
        false => read(&inputs, &opts, Prefixes::new(wanted), false)?
            .games
            .into_iter()
            .map(|(_, p)| p)
            .enumerate()
            .collect(),
    };
    let verdicts = decide(&digests, &prefixes);
    let place = |i: usize| {
        let (p, _) = &first.games[i];
        format!(
            "{} game {} (line {})",
            first.inputs[p.input], p.game, p.line
        )
    };
    let mut dropped = vec![false; verdicts.len()];
    let mut lost = vec![false; inputs.list.len()];
    for (i, v) in verdicts.iter().enumerate() {
        let Some(d) = v else { continue };
        dropped[i] = true;
        lost[first.games[i].0.input] = true;
        let why = match d.why {
            Why::Identical => "identical to".to_owned(),
            Why::Resent { plies, kept_plies } => {
                format!("re-sent with more moves ({plies} plies, then {kept_plies}) as")
            }
        };
        eprintln!("dropped {}: {why} {}", place(i), place(d.kept));
    }
    let n = dropped.iter().filter(|d| **d).count();
    eprintln!(
        "kept {} of {} games, dropped {n}",
        verdicts.len() - n,
        verdicts.len()
    );
    let write = args.write.options();
    let keep = |outs: Vec<Box<dyn Write + '_>>, by_input: bool| -> Result<(), CliError> {
        let mut sink = Keep {
            dropped: &dropped,
            next: 0,
            outs,
            by_input,
            input: 0,
            last: None,
        };
        run_pipeline(&inputs, &opts, NoWriter, &mut sink).map_err(|e| CliError::io("stdout", e))?;
        Ok(())
    };
    if args.in_place {
        let mut files = Vec::new();
        for input in &inputs.list {
            let path = input.path().unwrap_or(std::path::Path::new(""));
            files.push(Output::open(path, &write).map_err(CliError::write)?);
        }
        {
            let outs: Vec<Box<dyn Write + '_>> = files
                .iter_mut()
                .map(|f| Box::new(f) as Box<dyn Write>)
                .collect();
            keep(outs, true)?;
        }
        for (file, lost) in files.into_iter().zip(lost) {
            if lost {
                file.commit().map_err(CliError::write)?;
            }
        }
        return Ok(0);
    }
    match &args.output {
        Some(o) => {
            let mut file = Output::open(o, &write).map_err(CliError::write)?;
            keep(vec![Box::new(&mut file)], false)?;
            file.commit().map_err(CliError::write)?;
        }
        None => keep(vec![Box::new(out)], false)?,
    }
    Ok(first.status)
}
