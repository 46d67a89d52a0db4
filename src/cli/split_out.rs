//! `validate --valid-out FILE --invalid-out FILE`: the inputs' games sorted
//! into two files by the verdicts the run just gave, each game byte for
//! byte as read ([`crate::record::split`]), each file written through the
//! one write path ([`crate::fs::write_file`]).

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::encoding_args::EncodingArgs;
use super::CliError;
use crate::fs::{write_file, WriteOptions};
use crate::record::select::Selection;
use crate::record::split::by_verdicts;
use crate::record::validate::Verdict;
use crate::report::{Failure, Printer, RunSummary, Source};

/// Refuses what cannot be split: standard input (read once, for the
/// report) and an output that is one of the inputs.
pub fn check(inputs: &[PathBuf], stdin: bool, outs: &[&Path]) -> Result<(), CliError> {
    if stdin {
        return Err(CliError::usage(
            "--valid-out/--invalid-out read the inputs again after checking them: give files, not standard input",
        ));
    }
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    for out in outs {
        if inputs.iter().any(|i| same(i, out)) {
            return Err(CliError::usage(format!(
                "{} is an input: --valid-out/--invalid-out never overwrite an input",
                out.display()
            )));
        }
    }
    Ok(())
}

/// A printer that also keeps each input's verdicts (valid or not, by the
/// game's number in its file), so the games can be sorted without
/// validating them again.
pub struct Keeping<'a> {
    pub inner: &'a mut dyn Printer,
    /// Verdicts by input name, then by game number (1-based, in the file).
    pub verdicts: HashMap<String, HashMap<usize, bool>>,
    current: Option<String>,
}

impl<'a> Keeping<'a> {
    pub fn new(inner: &'a mut dyn Printer) -> Keeping<'a> {
        Keeping {
            inner,
            verdicts: HashMap::new(),
            current: None,
        }
    }
}

impl Printer for Keeping<'_> {
    fn file_start(&mut self, out: &mut dyn Write, name: &str, source: Source) -> io::Result<()> {
        self.current = Some(name.to_owned());
        self.verdicts.entry(name.to_owned()).or_default();
        self.inner.file_start(out, name, source)
    }
    fn game(&mut self, out: &mut dyn Write, v: &Verdict) -> io::Result<()> {
        if let Some(list) = self.current.as_ref().and_then(|c| self.verdicts.get_mut(c)) {
            // Two verdicts under one number (a chosen game read as two):
            // valid only if both are.
            *list.entry(v.game).or_insert(true) &= v.valid;
        }
        self.inner.game(out, v)
    }
    fn file_end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.current = None;
        self.inner.file_end(out)
    }
    fn failure(&mut self, out: &mut dyn Write, f: &Failure) -> io::Result<()> {
        self.inner.failure(out, f)
    }
    fn finish(&mut self, out: &mut dyn Write, summary: &RunSummary) -> io::Result<()> {
        self.inner.finish(out, summary)
    }
}

/// Where the sorted games go.
pub struct Outs<'a> {
    pub valid: Option<&'a Path>,
    pub invalid: Option<&'a Path>,
    pub write: WriteOptions,
}

/// Writes the valid and the invalid games of `inputs`, in order, sorted by
/// `verdicts` (by input name and game number, as [`Keeping`] kept them); a
/// game without a verdict (its input could not be read to its end, or its
/// reading ran on into the next game) goes with the invalid.
pub fn write(
    inputs: &[PathBuf],
    verdicts: &HashMap<String, HashMap<usize, bool>>,
    encoding: EncodingArgs,
    selection: &dyn Fn(&Path) -> Selection,
    outs: &Outs<'_>,
) -> Result<(), CliError> {
    let (mut valid, mut invalid) = (Vec::new(), Vec::new());
    for p in inputs {
        let name = p.display().to_string();
        let bytes = std::fs::read(p).map_err(|e| CliError::io(&name, e))?;
        let of_file = verdicts.get(&name);
        let valid_game = |n: usize| of_file.and_then(|m| m.get(&n)).copied();
        let (v, i) = by_verdicts(&encoding.bytes_again(&bytes), &selection(p), &valid_game);
        valid.extend(v);
        invalid.extend(i);
    }
    for (path, bytes) in [(outs.valid, valid), (outs.invalid, invalid)] {
        if let Some(path) = path {
            write_file(path, &bytes, &outs.write).map_err(CliError::write)?;
        }
    }
    Ok(())
}
