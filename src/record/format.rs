//! Reading records from PGN or JSON text, and the canonical form of a record
//! (what `fvnote fmt` and `fvnote convert --to pgn` write).
//!
//! The canonical form changes only notation and layout: every move token in
//! canonical SAN ([`canonical_record`]), move numbers recomputed by the PGN
//! writer, export-style line wrapping. Tags, comments (with their `[%…]`
//! commands), NAGs, variations and the result are kept as they are.
//!
//! ```
//! use fvnote::record::format::format_pgn;
//! let messy = b"1.e4 {[%clk 0:05:00]} e5 2.Ng1-f3 $1 (2.Qh5) Nc6 *";
//! let text = format_pgn(messy).unwrap();
//! assert_eq!(text, "1. e4 {[%clk 0:05:00]} 1... e5 2. Nf3 $1 (2. Qh5) 2... Nc6 *\n\n");
//! assert_eq!(format_pgn(text.as_bytes()).unwrap(), text); // idempotent
//! ```

use std::io::{BufRead, Write};

use crate::model::Located;
use crate::model::{Line, Record, Span};
use crate::notation::fen::write_fen;

use crate::notation::pgn::{write_records, PgnError, Reader};
use crate::record::fix_result::Change;
use crate::record::game_stream::GameStream;
use crate::record::json::Game;
use crate::record::json_reader::{each_json_game, JsonReadError};
use crate::record::pgn_stream::{CanonicalPgn, Resolve};
use crate::record::replay::{canonical_record, replay, GameReport, ReplayOptions};
use crate::record::unresolved::{move_error, unresolved_error};

impl From<&PgnError> for Located {
    fn from(e: &PgnError) -> Located {
        Located::at(e.span, e.kind.to_string())
    }
}

impl std::fmt::Display for Located {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// The two input syntaxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// PGN text.
    Pgn,
    /// A JSON array of games, one game object, or JSON Lines.
    Json,
}

/// Recognises JSON by content: the first non-space byte is `[` followed by
/// `{`, `]` or the end, or `{` followed by `"` or `}`. Everything else is PGN,
/// whose text may also start with `[` (a tag pair) or `{` (a comment).
pub fn sniff(bytes: &[u8]) -> InputFormat {
    let mut it = bytes.iter().copied().filter(|b| !b.is_ascii_whitespace());
    let (first, second) = (it.next(), it.next());
    match (first, second) {
        (Some(b'['), None | Some(b'{' | b']')) => InputFormat::Json,
        (Some(b'{'), Some(b'"' | b'}')) => InputFormat::Json,
        _ => InputFormat::Pgn,
    }
}

/// Every game of a PGN text, or every syntax error (the reader resynchronises
/// after each, so all of them are reported).
pub fn read_pgn(bytes: &[u8]) -> Result<Vec<Record>, Vec<Located>> {
    records_of(Reader::new(bytes))
}

/// Every game of a reader, or every syntax error.
fn records_of(reader: Reader<&[u8]>) -> Result<Vec<Record>, Vec<Located>> {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for game in reader {
        match game {
            Ok(r) => games.push(r),
            Err(e) => errors.push(Located::from(&e)),
        }
    }
    if errors.is_empty() {
        Ok(games)
    } else {
        Err(errors)
    }
}

/// Every game of a JSON text: an array of games, or a sequence of game
/// objects (one document, or JSON Lines).
pub fn read_json(bytes: &[u8]) -> Result<Vec<Game>, Located> {
    let mut games = Vec::new();
    json_games(bytes, |g, _| games.push(g))?;
    Ok(games)
}

/// Each game of a JSON text in a slice, with its span.
fn json_games(bytes: &[u8], mut each: impl FnMut(Game, Span)) -> Result<(), Located> {
    match each_json_game(bytes, |g, at| {
        each(g, at);
        Ok(())
    }) {
        Ok(()) => Ok(()),
        Err(JsonReadError::Syntax(e)) => Err(e),
        // A slice cannot fail to read, and the closure never fails.
        Err(JsonReadError::Read(e) | JsonReadError::Each(e)) => Err(Located {
            line: 0,
            column: 0,
            message: e.to_string(),
        }),
    }
}

/// Records from text in either syntax. A JSON game's moves have no source
/// positions; its record's span is the game's, so errors can point at it.
pub fn read_records(bytes: &[u8], format: InputFormat) -> Result<Vec<Record>, Vec<Located>> {
    match format {
        InputFormat::Pgn => read_pgn(bytes),
        InputFormat::Json => {
            let mut records = Vec::new();
            json_games(bytes, |g, at| records.push(g.to_record_at(at))).map_err(|e| vec![e])?;
            Ok(records)
        }
    }
}

/// Forgets every written move number (the writer recomputes them).
fn clear_numbers(moves: &mut Line) {
    crate::model::for_each_node_mut(moves, |node| node.move_number = None);
}

/// The canonical form of a record, or the first place where a move does not
/// resolve (syntax, illegal, ambiguous) or the start position cannot be set up.
pub fn canonical_form(record: &Record) -> Result<Record, Located> {
    let report = canonical_report(record)?;
    let mut out = canonical_record(record, &report);
    clear_numbers(&mut out.moves);
    Ok(out)
}

/// The lenient canonical PGN text of a record (`convert --to pgn`): every
/// move that resolves in canonical SAN, the rest as written (still
/// lossless); with the first place a move does not resolve, if any (move
/// numbers are then kept as written).
pub fn canonical_pgn_lenient(record: &Record) -> (Vec<u8>, Option<Located>) {
    let mut games = GameStream::new(CanonicalPgn::new(Resolve::Lenient, false), true);
    match games.record(record) {
        Ok(g) => (g.text, g.unresolved),
        // Only `Resolve::Every` refuses a game.
        Err(e) => (Vec::new(), Some(e)),
    }
}

/// The replay of a record whose every move resolves, or the first error.
fn canonical_report(record: &Record) -> Result<GameReport, Located> {
    let report = replay(record, &ReplayOptions::default());
    let unresolved = report.canonical.iter().any(Option::is_none);
    match unresolved_error(&report, record.span, unresolved) {
        Some(e) => Err(e),
        None => Ok(report),
    }
}

/// A PGN text in canonical form: every game through [`canonical_form`].
/// Errors as [`format_pgn_to`].
pub fn format_pgn(bytes: &[u8]) -> Result<String, Vec<Located>> {
    let mut out = Vec::new();
    let errors = format_pgn_to(bytes, &mut out).map_err(|e| {
        vec![Located {
            line: 0,
            column: 0,
            message: e.to_string(),
        }]
    })?;
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Writes the canonical form of each game of a PGN text to `out` as soon as
/// it is read: memory holds one game's canonical text, never its record
/// (`record::pgn_stream`). Returns every error (syntax, a move that does
/// not resolve, a start position that cannot be set up, a `%` escape line,
/// bytes that are not UTF-8). After the first error nothing more is
/// written, but reading goes on to report the rest. `Err`: reading failed
/// or writing to `out` failed.
pub fn format_pgn_to(input: impl BufRead, out: &mut dyn Write) -> std::io::Result<Vec<Located>> {
    format_pgn_fixing_to(input, out, false).map(|(errors, _)| errors)
}

/// A result `--fix-result` set, with the number of its game (from 1).
pub type Fixed = (usize, Change);

/// [`format_pgn_to`]; `fix_result`: each game's result is set from its
/// final position where the rules decide it (`fmt --fix-result`), and the
/// changes are returned with the number of their game (from 1).
pub fn format_pgn_fixing_to(
    input: impl BufRead,
    out: &mut dyn Write,
    fix_result: bool,
) -> std::io::Result<(Vec<Located>, Vec<Fixed>)> {
    // The text is rewritten: an escape line would be deleted, and a byte
    // that is not UTF-8 would become U+FFFD.
    let mut reader = Reader::new(input)
        .refuse_escape_lines()
        .refuse_invalid_utf8();
    let mut games = GameStream::new(CanonicalPgn::new(Resolve::Every, fix_result), true);
    let mut errors = Vec::new();
    let mut changes = Vec::new();
    let mut n = 0;
    loop {
        let game = match reader.read_game(&mut games) {
            Ok(None) => break,
            Ok(Some(game)) => game,
            Err(e) => Err(Located::from(&e)),
        };
        n += 1;
        match game {
            Ok(g) => {
                if errors.is_empty() {
                    out.write_all(&g.text)?;
                }
                changes.extend(g.change.map(|c| (n, c)));
            }
            Err(e) => errors.push(e),
        }
    }
    Ok((errors, changes))
}

/// Records as PGN text.
pub fn pgn_text(records: &[Record]) -> String {
    let mut v = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_records(records, &mut v);
    String::from_utf8_lossy(&v).into_owned()
}

/// The FEN of the start position and after every main-line ply.
pub fn main_line_fens(record: &Record) -> Result<Vec<String>, Located> {
    let report = replay(
        record,
        &ReplayOptions {
            fens: true,
            ..ReplayOptions::default()
        },
    );
    let Some(start) = report.start.as_ref() else {
        let message = report.error.map_or_else(String::new, |d| d.message);
        return Err(Located::at(record.span, message));
    };
    if report.main_line.len() < record.moves.len() {
        let d = report
            .errors
            .iter()
            .find(|d| !d.in_variation && d.fen.is_some());
        return Err(move_error(record.span, d, "the main line does not replay"));
    }
    let mut fens = vec![write_fen(start)];
    fens.extend(report.main_line.iter().filter_map(|p| p.fen_after.clone()));
    Ok(fens)
}
