//! `fvnote diff A B`: what differs between two positions or two records.
//!
//! Exit 0 when equal, 1 when different, 2 on errors, like diff(1).

use std::io::Write;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::args::{fen_variant, position_spec, record_arg, ReadArgs};
use super::picked::{picked, position_at, say_verdict};
use super::CliError;
use crate::position::Position;
use crate::record::diff::{
    diff_lines, diff_positions, diff_tracked, ply_label, MoveChange, PositionDiff, SanLine,
};
use crate::record::pipeline::pick::RecordSpec;
use crate::record::pipeline::walk::Want;
use crate::record::track::track;
use crate::render::text::side_by_side;
use crate::variant::Variant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// The differences in words.
    Words,
    /// Two diagrams next to each other, changed squares marked with `*`.
    SideBySide,
    /// One JSON object.
    Json,
}

#[derive(Args, Debug)]
pub struct DiffArgs {
    /// A FEN, or RECORD.pgn[:N[-M]][@ply] (games from 1; the first game
    /// chosen, by number and --where, is used; ply 0 = start, default the
    /// end of the main line).
    pub a: String,
    /// A FEN, or RECORD.pgn[:N[-M]][@ply].
    pub b: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Words)]
    pub format: DiffFormat,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// The main line of a record as SAN: canonical where it replays, as written
/// after the first error; and its result.
fn main_line(spec: &RecordSpec, read: &ReadArgs) -> Result<(SanLine, Option<String>), CliError> {
    let want = Want {
        line: true,
        ..Want::default()
    };
    let picked = picked(spec, read, want)?;
    say_verdict(spec, &picked);
    Ok((picked.walked.line, picked.walked.result))
}

/// The JSON object of two main lines compared, written as it is
/// serialised rather than built as a value first (two long lines that
/// differ everywhere have millions of changes). Keys in sorted order, as
/// `serde_json::json!` gave them.
#[derive(Serialize)]
struct MovesJson<'a> {
    a: &'a str,
    b: &'a str,
    equal: bool,
    first_divergence: Option<usize>,
    hunks: Hunks<'a>,
    plies_a: usize,
    plies_b: usize,
    result_a: &'a Option<String>,
    result_b: &'a Option<String>,
}

/// The hunks, each change with its keys sorted.
struct Hunks<'a>(&'a [Vec<MoveChange>]);

impl Serialize for Hunks<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|h| Hunk(h)))
    }
}

/// One hunk's changes.
struct Hunk<'a>(&'a [MoveChange]);

impl Serialize for Hunk<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Change<'a> {
            ply: usize,
            san: &'a str,
            tag: char,
        }
        s.collect_seq(self.0.iter().map(|c| Change {
            ply: c.ply,
            san: &c.san,
            tag: c.tag,
        }))
    }
}

fn position(spec: &str, variant: Variant, read: &ReadArgs) -> Result<Position, CliError> {
    position_spec(Some(spec), variant, read).map(|(p, _)| p)
}

/// Whether two record places name the same game: the same file, and the
/// same game chosen in it (`rec.pgn@3` and `rec.pgn:1@5` are one game).
fn same_game(a: &RecordSpec, b: &RecordSpec, read: &ReadArgs) -> Result<bool, CliError> {
    let file = |s: &RecordSpec| std::fs::canonicalize(&s.path).unwrap_or_else(|_| s.path.clone());
    if a.path != b.path && file(a) != file(b) {
        return Ok(false);
    }
    if a.games == b.games {
        return Ok(true);
    }
    let number = |s: &RecordSpec| picked(s, read, Want::default()).map(|p| p.number);
    Ok(number(a)? == number(b)?)
}

/// Two places of one game: every piece followed through the plies between.
fn diff_in_game(
    a: &RecordSpec,
    b: &RecordSpec,
    read: &ReadArgs,
) -> Result<(Position, Position, PositionDiff), CliError> {
    // The positions at both plies, and the moves between them (to the end
    // of the main line for a place without @ply).
    let plies: Vec<usize> = [a.ply, b.ply].into_iter().flatten().collect();
    let want = Want {
        moves_from: plies.iter().min().copied(),
        to_end: a.ply.is_none() || b.ply.is_none(),
        plies,
        ..Want::default()
    };
    let game = picked(a, read, want)?;
    say_verdict(a, &game);
    let pa = position_at(a, &game)?.pos.clone();
    let pb = position_at(b, &game)?.pos.clone();
    let end = game.walked.played;
    let (ply_a, ply_b) = (a.ply.unwrap_or(end), b.ply.unwrap_or(end));
    let lo = ply_a.min(ply_b);
    let earlier = if ply_a <= ply_b { &pa } else { &pb };
    let t = track(earlier, &game.walked.moves, lo + 1);
    let d = diff_tracked(&pa, &pb, (ply_a, ply_b), &t);
    Ok((pa, pb, d))
}

pub fn run(args: &DiffArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let io = |e| CliError::io("stdout", e);
    let (ra, rb) = (record_arg(&args.a)?, record_arg(&args.b)?);
    args.read.refuse_without_record(&[&args.a, &args.b])?;
    if let (Some(a), Some(b)) = (&ra, &rb) {
        if a.ply.is_none() && b.ply.is_none() {
            if args.format == DiffFormat::SideBySide {
                return Err(CliError::usage(
                    "--format side-by-side draws two positions, and two records without @ply \
                     are compared move by move: name a ply (RECORD@N) or use words or json",
                ));
            }
            let (ma, res_a) = main_line(a, &args.read)?;
            let (mb, res_b) = main_line(b, &args.read)?;
            let d = diff_lines(&ma, &mb);
            let result_differs = res_a != res_b;
            let show = |r: &Option<String>| r.clone().unwrap_or_else(|| "*".into());
            match args.format {
                DiffFormat::Json => {
                    let doc = MovesJson {
                        a: &args.a,
                        b: &args.b,
                        equal: d.is_empty() && !result_differs,
                        first_divergence: d.first_divergence,
                        hunks: Hunks(&d.hunks),
                        plies_a: d.plies_a,
                        plies_b: d.plies_b,
                        result_a: &res_a,
                        result_b: &res_b,
                    };
                    serde_json::to_writer(&mut *out, &doc).map_err(|e| io(e.into()))?;
                    writeln!(out).map_err(io)?;
                }
                _ => {
                    if d.is_empty() && !result_differs {
                        writeln!(out, "same main line ({} plies)", d.plies_a).map_err(io)?;
                        return Ok(0);
                    }
                    writeln!(out, "--- {} ({} plies)", args.a, d.plies_a).map_err(io)?;
                    writeln!(out, "+++ {} ({} plies)", args.b, d.plies_b).map_err(io)?;
                    if let Some(p) = d.first_divergence {
                        let at = |m: &SanLine| {
                            m.get(p - 1)
                                .map_or("(end)".to_owned(), |s| format!("{} {s}", ply_label(p)))
                        };
                        writeln!(
                            out,
                            "first difference at ply {p}: {} vs {}",
                            at(&ma),
                            at(&mb)
                        )
                        .map_err(io)?;
                    }
                    for hunk in &d.hunks {
                        let first = hunk.first().map_or(1, |c| c.ply);
                        writeln!(out, "@@ ply {first} @@").map_err(io)?;
                        for c in hunk {
                            writeln!(out, "{}{} {}", c.tag, ply_label(c.ply), c.san).map_err(io)?;
                        }
                    }
                    if result_differs {
                        writeln!(out, "result: {} vs {}", show(&res_a), show(&res_b))
                            .map_err(io)?;
                    }
                }
            }
            return Ok(u8::from(!d.is_empty() || result_differs));
        }
    }
    let (pa, pb, d) = match (&ra, &rb) {
        (Some(a), Some(b)) if same_game(a, b, &args.read)? => diff_in_game(a, b, &args.read)?,
        _ => {
            let variant = fen_variant(&args.read);
            let pa = position(&args.a, variant, &args.read)?;
            let pb = position(&args.b, variant, &args.read)?;
            let d = diff_positions(&pa, &pb);
            (pa, pb, d)
        }
    };
    match args.format {
        DiffFormat::Words => write!(out, "{d}").map_err(io)?,
        DiffFormat::SideBySide => {
            write!(out, "{}", side_by_side(&pa, &pb, &d)).map_err(io)?;
            if !d.is_empty() {
                write!(out, "{d}").map_err(io)?;
            }
        }
        DiffFormat::Json => {
            let mut doc = serde_json::to_value(&d).map_err(|e| CliError::usage(e.to_string()))?;
            doc["equal"] = serde_json::Value::Bool(d.is_empty());
            writeln!(out, "{doc}").map_err(io)?;
        }
    }
    Ok(u8::from(!d.is_empty()))
}
