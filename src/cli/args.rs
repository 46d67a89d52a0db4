//! The argument types commands share: how inputs are read (`--encoding`,
//! `--where`, `--follow-symlinks`), how files are written (`--force`,
//! `--break-hard-links`), and the pipeline's inputs and options they make.

use clap::{Args, ValueEnum};

use super::CliError;
use crate::fs::{WalkOptions, WriteOptions};
use crate::notation::encoding::Encoding;
use crate::notation::fen::read_fen;
use crate::position::Position;
use crate::record::convert::strip::Strip;
use crate::record::pipeline::pick::{record_spec, RecordSpec};
use crate::record::pipeline::select::Condition;
use crate::record::pipeline::source::{gather, Decoding, Inputs};
use crate::record::pipeline::Options;
use crate::variant::Variant;

/// The values of `--encoding`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EncodingChoice {
    /// UTF-8 only: a byte that is not UTF-8 is an error where text is required.
    #[default]
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    /// ISO-8859-1 (Latin-1).
    #[value(alias = "iso-8859-1", alias = "latin-1")]
    Latin1,
    /// Windows-1252.
    #[value(alias = "windows-1252")]
    Cp1252,
    /// UTF-8 if the input is valid UTF-8, else Windows-1252 (said on stderr).
    Auto,
}

impl EncodingChoice {
    /// The pipeline's decoding step.
    pub fn decoding(self) -> Decoding {
        match self {
            EncodingChoice::Utf8 => Decoding::Utf8,
            EncodingChoice::Latin1 => Decoding::Named(Encoding::Latin1),
            EncodingChoice::Cp1252 => Decoding::Named(Encoding::Cp1252),
            EncodingChoice::Auto => Decoding::Auto,
        }
    }
}

/// How commands that read records read them.
#[derive(Args, Clone, Debug, Default)]
pub struct ReadArgs {
    /// The variant of what names none (see `fvnote variants`): a game
    /// without a Variant tag (or with a blank one), a FEN, a Game Courier
    /// list [default: chess]. A game's own Variant tag wins; a game written
    /// anew (convert, fmt) gets the tag. --where reads the tags as written.
    #[arg(long, short, value_parser = parse_variant, value_name = "VARIANT")]
    pub variant: Option<Variant>,
    /// Encoding of the inputs; they are read as UTF-8 after decoding, and
    /// whatever is written is UTF-8. `auto` reads a file that is not valid
    /// UTF-8 as Windows-1252 (Latin-1's characters, plus € „ … “ ” in
    /// 0x80–0x9F) and says so on stderr.
    #[arg(long, value_enum, default_value_t = EncodingChoice::Utf8, value_name = "ENCODING")]
    pub encoding: EncodingChoice,
    /// Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent
    /// or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so
    /// `Result!=*` chooses finished games. TAG>VALUE, >=, <, <= compare numbers
    /// (WhiteElo>=2500; a value that is not a number never meets one) or, on a
    /// tag whose name ends in Date, dates (Date<2020.01.01; a date with ??
    /// parts meets one only when every day it may be does). Repeat to require
    /// several. A file named FILE:N or FILE:N-M reads only its games N to M.
    #[arg(long = "where", value_name = "COND", value_parser = parse_condition)]
    pub conditions: Vec<Condition>,
}

fn parse_condition(s: &str) -> Result<Condition, String> {
    s.parse()
}

/// How commands that write files may treat existing ones (see `crate::fs`).
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct WriteArgs {
    /// Replace read-only files (they stay read-only).
    #[arg(long)]
    pub force: bool,
    /// Replace files that have other hard links, giving the named path a
    /// file of its own (the other links keep the old content).
    #[arg(long)]
    pub break_hard_links: bool,
}

impl WriteArgs {
    /// Refuses `--force` and `--break-hard-links` in a run that replaces no
    /// file (`writes` false): they would be ignored. `needs` says what
    /// writes one.
    pub fn refuse_without_output(&self, writes: bool, needs: &str) -> Result<(), CliError> {
        let flag = match (self.force, self.break_hard_links) {
            _ if writes => return Ok(()),
            (true, _) => "--force",
            (_, true) => "--break-hard-links",
            _ => return Ok(()),
        };
        Err(CliError::usage(format!(
            "{flag} says how to replace a file, and this run writes none: it needs {needs}"
        )))
    }

    /// The write path's options.
    pub fn options(&self) -> WriteOptions {
        WriteOptions {
            force: self.force,
            break_hard_links: self.break_hard_links,
        }
    }
}

/// `--strip`, for the commands that write games anew (`fmt`, `convert`).
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct StripArgs {
    /// Leave out of the games written a comma list of: comments (with
    /// their [%…] commands), nags, variations (with all they hold). The
    /// verdict is still the game's as read; a cut-off game stays cut off,
    /// and a game that could not be read is copied as read.
    #[arg(long, value_name = "ITEMS", value_parser = parse_strip)]
    pub strip: Option<Strip>,
}

fn parse_strip(s: &str) -> Result<Strip, String> {
    s.parse()
}

impl StripArgs {
    /// What to leave out (nothing without `--strip`).
    pub fn strip(&self) -> Strip {
        self.strip.unwrap_or_default()
    }
}

/// How commands that take directories walk them (see `crate::fs::walk`).
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct WalkArgs {
    /// Follow symbolic links found under directories (never out of the
    /// named directories; loops are skipped).
    #[arg(long)]
    pub follow_symlinks: bool,
}

impl WalkArgs {
    /// The walker's options.
    pub fn options(&self) -> WalkOptions {
        WalkOptions {
            follow_symlinks: self.follow_symlinks,
        }
    }
}

/// The inputs `paths` name, directories walked for files ending in one of
/// `extensions`.
pub fn inputs(paths: &[String], extensions: &[&str], walk: &WalkArgs) -> Result<Inputs, CliError> {
    gather(paths, extensions, &walk.options()).map_err(|e| CliError::usage(e.0))
}

/// Parses a `--variant` value; the error lists the known identifiers.
pub fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse::<Variant>().map_err(|e| e.to_string())
}

impl ReadArgs {
    /// The pipeline's options for reading records this way.
    pub fn options(&self) -> Options {
        Options {
            decoding: self.encoding.decoding(),
            conditions: self.conditions.clone(),
            variant: self.variant,
            ..Options::default()
        }
    }

    /// Refuses `--encoding` and `--where` when no argument is a record
    /// (they would be ignored).
    pub fn refuse_without_record(&self, args: &[&str]) -> Result<(), CliError> {
        let mut records = 0;
        for a in args {
            records += usize::from(record_spec(a).map_err(CliError::usage)?.is_some());
        }
        if records > 0 {
            return Ok(());
        }
        if !self.conditions.is_empty() {
            return Err(CliError::usage(
                "--where chooses games of a record: name RECORD.pgn, not a FEN",
            ));
        }
        if self.encoding != EncodingChoice::Utf8 {
            return Err(CliError::usage(
                "--encoding applies to a record file: name RECORD.pgn, not a FEN",
            ));
        }
        Ok(())
    }
}

/// A FEN (or the start position when absent) in `variant`.
pub fn position(fen: Option<&str>, variant: Variant) -> Result<Position, CliError> {
    match fen {
        None => Ok(Position::start(variant)),
        Some(text) => read_fen(text.trim(), variant).map_err(|e| {
            CliError::usage(format!(
                "{e}\n  in FEN {text:?} (variant {variant}; see notation/fen.md)"
            ))
        }),
    }
}

/// A record spec argument (`RECORD[:N[-M]][@ply]`), if `spec` is one.
pub fn record_arg(spec: &str) -> Result<Option<RecordSpec>, CliError> {
    record_spec(spec).map_err(CliError::usage)
}

/// The variant of a FEN: `--variant`, else chess (a record's game names
/// its own, or takes `--variant` when it names none).
pub fn fen_variant(read: &ReadArgs) -> Variant {
    read.variant.unwrap_or(Variant::Chess)
}

/// The position a position argument names: a FEN in `variant`, or
/// `RECORD.pgn[:game][@ply]` in the record's own variant; the start
/// position of `variant` when there is none. True with it when it comes
/// from an invalid game (whose error is said on standard error).
pub fn position_spec(
    spec: Option<&str>,
    variant: Variant,
    read: &ReadArgs,
) -> Result<(Position, bool), CliError> {
    let record = match spec {
        Some(s) => record_arg(s)?,
        None => None,
    };
    match record {
        Some(r) => {
            let p = super::picked::picked(&r, read, super::picked::want_ply(&r))?;
            let invalid = super::picked::say_verdict(&r, &p);
            let position = super::picked::position_at(&r, &p)?.pos.clone();
            Ok((position, invalid))
        }
        None => Ok((position(spec, variant)?, false)),
    }
}
