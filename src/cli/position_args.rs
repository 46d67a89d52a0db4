//! Reading a position from the command line: a FEN with `--variant`, or a
//! place in a record, `RECORD.pgn[:game][@ply]`.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use crate::notation::fen::read_fen;
use crate::notation::pgn::Reader;
use crate::position::Position;
use crate::record::replay::{replay, GameReport, ReplayOptions};
use crate::record::Record;
use crate::rules::Variant;

use super::CliError;

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

/// `RECORD[:game][@ply]` taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordSpec {
    /// The record file.
    pub path: PathBuf,
    /// 1-based game number.
    pub game: usize,
    /// Ply (0 = start); None = end of the main line.
    pub ply: Option<usize>,
}

/// Reads `spec` as `RECORD[:game][@ply]` when it names an existing file or
/// ends in `.pgn` (after the suffixes); otherwise it is not a record spec.
pub fn record_spec(spec: &str) -> Option<RecordSpec> {
    let mut rest = spec;
    let mut ply = None;
    if let Some((head, tail)) = rest.rsplit_once('@') {
        if !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit()) {
            ply = Some(tail.parse().ok()?);
            rest = head;
        }
    }
    let mut game = 1;
    if let Some((head, tail)) = rest.rsplit_once(':') {
        if !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit()) && !head.is_empty() {
            game = tail.parse().ok()?;
            rest = head;
        }
    }
    let path = Path::new(rest);
    let looks = rest.to_ascii_lowercase().ends_with(".pgn") || path.is_file();
    // A FEN has spaces and slashes but never names an existing file.
    (looks && !rest.is_empty()).then(|| RecordSpec {
        path: path.to_path_buf(),
        game,
        ply,
    })
}

/// Reads game `spec.game` of the record (streaming: earlier games are skipped).
pub fn load_game(spec: &RecordSpec) -> Result<Record, CliError> {
    let shown = spec.path.display().to_string();
    if spec.game == 0 {
        return Err(CliError::usage(format!(
            "{shown}: games are numbered from 1"
        )));
    }
    let file = File::open(&spec.path).map_err(|e| CliError::io(&shown, e))?;
    let mut n = 0;
    for game in Reader::new(BufReader::new(file)) {
        n += 1;
        if n == spec.game {
            return game.map_err(|e| CliError::usage(format!("{shown}: game {n}: {e}")));
        }
    }
    Err(CliError::usage(format!(
        "{shown} has {n} game{}; there is no game {}",
        if n == 1 { "" } else { "s" },
        spec.game
    )))
}

/// Replays a game and returns the position at `spec.ply` (end of the main line
/// by default).
pub fn position_in_record(spec: &RecordSpec) -> Result<(Position, GameReport), CliError> {
    let record = load_game(spec)?;
    let report = replay(&record, &ReplayOptions::default());
    let shown = format!("{}:{}", spec.path.display(), spec.game);
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
    match (spec.and_then(record_spec), variant) {
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
pub fn position_spec(spec: Option<&str>, variant: Variant) -> Result<Position, CliError> {
    match spec.and_then(record_spec) {
        Some(r) => position_in_record(&r).map(|(p, _)| p),
        None => position(spec, variant),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let r = record_spec("games.pgn:3@10").unwrap();
        assert_eq!(
            (r.path.to_str(), r.game, r.ply),
            (Some("games.pgn"), 3, Some(10))
        );
        let r = record_spec("games.pgn@0").unwrap();
        assert_eq!((r.game, r.ply), (1, Some(0)));
        let r = record_spec("games.PGN:2").unwrap();
        assert_eq!((r.game, r.ply), (2, None));
        assert!(record_spec("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_none());
    }
}
