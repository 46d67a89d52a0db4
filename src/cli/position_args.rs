//! Reading a position from the command line: a FEN with `--variant`, or a
//! place in a record, `RECORD.pgn[:N[-M]][@ply]`, read in `--encoding` and
//! chosen among the games by number and `--where` ([`ReadArgs`]).

use std::io::BufReader;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use clap::Args;

use crate::model::Record;
use crate::notation::fen::read_fen;
use crate::notation::pgn::Reader;
use crate::position::Position;
use crate::record::replay::{replay, GameReport, ReplayOptions};
use crate::record::select::{no_such_game, split_path, Condition, Op, Selection};
use crate::variant::Variant;

use super::encoding_args::{EncodingArgs, EncodingChoice};
use super::select_args::SelectArgs;
use super::CliError;

/// How the commands that read one game of a record read it: `--encoding`
/// and `--where`, as `validate` and `convert` take them.
#[derive(Args, Clone, Debug, Default)]
pub struct ReadArgs {
    /// `--encoding`.
    #[command(flatten)]
    pub encoding: EncodingArgs,
    /// `--where`.
    #[command(flatten)]
    pub select: SelectArgs,
}

impl ReadArgs {
    /// Refuses `--encoding` and `--where` when no argument is a record
    /// (they would be ignored).
    pub fn refuse_without_record(&self, args: &[&str]) -> Result<(), CliError> {
        let mut records = 0;
        for a in args {
            records += usize::from(record_spec(a)?.is_some());
        }
        if records > 0 {
            return Ok(());
        }
        if !self.select.conditions.is_empty() {
            return Err(CliError::usage(
                "--where chooses games of a record: name RECORD.pgn, not a FEN",
            ));
        }
        if self.encoding.encoding != EncodingChoice::Utf8 {
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

/// `RECORD[:N[-M]][@ply]` taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSpec {
    /// The record file.
    pub path: PathBuf,
    /// The game numbers chosen (1-based); `None`: every game. The game used
    /// is the first chosen one that meets `--where`.
    pub games: Option<RangeInclusive<usize>>,
    /// Ply (0 = start); None = end of the main line.
    pub ply: Option<usize>,
}

/// Whether `p` names a record: a file, or a name ending in `.pgn`.
fn looks_like_record(p: &str) -> bool {
    p.to_ascii_lowercase().ends_with(".pgn") || Path::new(p).is_file()
}

/// Reads `spec` as `RECORD[:N[-M]][@ply]` when it names an existing file or
/// ends in `.pgn` (after the suffixes); otherwise it is not a record spec
/// (`Ok(None)`). Game numbers follow `FILE:N-M` of `validate`: 0 or a
/// range out of order is an error.
pub fn record_spec(spec: &str) -> Result<Option<RecordSpec>, CliError> {
    let mut rest = spec;
    let mut ply = None;
    if let Some((head, tail)) = rest.rsplit_once('@') {
        if !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit()) {
            // Digits only, so a failed parse is an overflow: a ply past any
            // game, which the replay reports with the line's length.
            ply = Some(tail.parse().unwrap_or(usize::MAX));
            rest = head;
        }
    }
    // A FEN has spaces and slashes but never names an existing file.
    let (file, games) = split_path(rest, looks_like_record).map_err(CliError::usage)?;
    if file.is_empty() || !looks_like_record(&file) {
        return Ok(None);
    }
    Ok(Some(RecordSpec {
        path: PathBuf::from(file),
        games,
        ply,
    }))
}

/// A condition as it was written (`Result!=*`).
fn condition_text(c: &Condition) -> String {
    let op = match c.op {
        Op::Is => "=",
        Op::IsNot => "!=",
        Op::Contains => "~",
    };
    format!("{}{op}{}", c.tag, c.value)
}

/// Reads the game `spec` and `--where` choose (the first chosen), in
/// `--encoding`, streaming: earlier games are skipped. Returns it with its
/// number in the file.
pub fn load_game(spec: &RecordSpec, read: &ReadArgs) -> Result<(Record, usize), CliError> {
    let shown = spec.path.display().to_string();
    let input = read
        .encoding
        .open(&spec.path, &shown)
        .map_err(|e| CliError::io(&shown, e))?;
    let selection = Selection {
        games: spec.games.clone(),
        conditions: read.select.conditions.clone(),
    };
    let mut n = 0;
    for game in Reader::new(BufReader::new(input)) {
        n += 1;
        if spec.games.as_ref().is_some_and(|g| n > *g.end()) {
            break;
        }
        if !selection.keeps(n, game.as_ref().ok()) {
            continue;
        }
        return game
            .map(|r| (r, n))
            .map_err(|e| CliError::usage(format!("{shown}: game {n}: {e}")));
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if let Some(why) = no_such_game(spec.games.as_ref(), n) {
        return Err(CliError::usage(format!("{shown}: {why}")));
    }
    let which = match &spec.games {
        Some(g) if g.start() == g.end() => format!("game {}", g.start()),
        Some(g) => format!("games {}-{}", g.start(), g.end()),
        None => format!("the {n} game{}", plural(n)),
    };
    let conds: Vec<String> = read
        .select
        .conditions
        .iter()
        .map(|c| format!("--where {}", condition_text(c)))
        .collect();
    Err(CliError::usage(format!(
        "{shown}: no game chosen: {which} {} {}",
        if n == 1 { "does" } else { "do" },
        if conds.is_empty() {
            "not exist".to_owned()
        } else {
            format!("not meet {}", conds.join(" "))
        }
    )))
}

/// Replays a game and returns the position at `spec.ply` (end of the main line
/// by default).
pub fn position_in_record(
    spec: &RecordSpec,
    read: &ReadArgs,
) -> Result<(Position, GameReport), CliError> {
    let (record, game) = load_game(spec, read)?;
    let report = replay(&record, &ReplayOptions::default());
    let shown = format!("{}:{game}", spec.path.display());
    let start = report.start.clone().ok_or_else(|| {
        let why = report
            .error
            .as_ref()
            .map_or_else(String::new, |e| e.message.clone());
        CliError::usage(format!("{shown}: cannot set up the game: {why}"))
    })?;
    let played = report.main_line.len();
    // The main line breaks where a move could not be played (a wrong result
    // or a bad variation leaves every main-line position reachable).
    let broken = (record.moves.len() > played)
        .then(|| {
            report
                .errors
                .iter()
                .find(|e| !e.in_variation && e.ply == Some(played + 1))
                .or(report.error.as_ref())
        })
        .flatten();
    let ply = match spec.ply {
        Some(p) => p,
        None => {
            if let Some(e) = broken {
                return Err(CliError::usage(format!(
                    "{shown}: the main line breaks at line {}, column {}: {}; name a ply before it with @PLY",
                    e.span.line, e.span.column, e.message
                )));
            }
            played
        }
    };
    if ply > played {
        let why = match broken {
            Some(e) => format!("the main line breaks at ply {} ({})", played + 1, e.message),
            None => format!("the main line has {played} plies"),
        };
        return Err(CliError::usage(format!("{shown}@{ply}: {why}")));
    }
    let mut pos = start;
    for info in report.main_line.iter().take(ply) {
        pos = pos.play(&info.mv);
    }
    Ok((pos, report))
}

/// The variant for `spec`: `--variant` if given (default chess), which only
/// a FEN can use; a record position takes its variant from its `Variant`
/// tag, so `--variant` with one is a usage error rather than ignored.
pub fn variant_for(spec: Option<&str>, variant: Option<Variant>) -> Result<Variant, CliError> {
    let record = match spec {
        Some(s) => record_spec(s)?,
        None => None,
    };
    match (record, variant) {
        (Some(_), Some(v)) => Err(CliError::usage(format!(
            "--variant {} cannot apply to a record position ({}): the record's Variant tag decides",
            v.id(),
            spec.unwrap_or("")
        ))),
        (_, v) => Ok(v.unwrap_or(Variant::Chess)),
    }
}

/// The position a position argument names: a FEN in `variant`, or
/// `RECORD.pgn[:game][@ply]` in the record's own variant; the start
/// position of `variant` when there is none.
pub fn position_spec(
    spec: Option<&str>,
    variant: Variant,
    read: &ReadArgs,
) -> Result<Position, CliError> {
    let record = match spec {
        Some(s) => record_spec(s)?,
        None => None,
    };
    match record {
        Some(r) => position_in_record(&r, read).map(|(p, _)| p),
        None => position(spec, variant),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let r = record_spec("games.pgn:3@10").unwrap().unwrap();
        assert_eq!(
            (r.path.to_str(), r.games, r.ply),
            (Some("games.pgn"), Some(3..=3), Some(10))
        );
        let r = record_spec("games.pgn@0").unwrap().unwrap();
        assert_eq!((r.games, r.ply), (None, Some(0)));
        let r = record_spec("games.PGN:2-4").unwrap().unwrap();
        assert_eq!((r.games, r.ply), (Some(2..=4), None));
        assert!(record_spec("games.pgn:0").is_err());
        assert!(record_spec("games.pgn:3-2").is_err());
        assert!(
            record_spec("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                .unwrap()
                .is_none()
        );
    }
}
