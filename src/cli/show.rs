//! `fvnote show` and `fvnote moves`.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::args::{fen_variant, position_spec, record_arg, ReadArgs, WriteArgs};
use super::picked::{picked, position_at, say_verdict, want_ply};
use super::CliError;
use crate::notation::annotation::{Annotations, Arrow, Mark};
use crate::notation::san::write_san;
use crate::position::Position;
use crate::record::pipeline::walk::Want;
use crate::render::{self, parse_arrow, parse_mark, Options};
use crate::square::Square;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// A FEN, or RECORD.pgn[:N[-M]][@ply] (the first game chosen, by number
    /// and --where; default the end of its main line).
    pub position: Option<String>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// A FEN, or RECORD.pgn[:N[-M]][@ply] (the first game chosen, by number
    /// and --where; default the end of its main line).
    pub position: Option<String>,
    #[command(flatten)]
    pub read: ReadArgs,
    /// Also write an SVG diagram to this file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub write: WriteArgs,
    /// Draw the board from Black's side.
    #[arg(long)]
    pub flip: bool,
    /// Side of one square of the SVG diagram, in pixels [default: 45].
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(8..=400))]
    pub size: Option<u32>,
    /// Draw an arrow on the SVG diagram, e.g. `e2e4`, in a colour:
    /// `e2e4:red` (green, red, yellow, blue; default green; repeatable).
    /// A record's `[%cal]` arrows of the shown ply are drawn too.
    #[arg(long = "arrow", value_name = "FROMTO[:COLOUR]", value_parser = parse_arrow)]
    pub arrows: Vec<Arrow>,
    /// Ring a square on the SVG diagram, e.g. `e4` or `e4:blue` (green,
    /// red, yellow, blue; default green; repeatable). A record's `[%csl]`
    /// marks of the shown ply are drawn too.
    #[arg(long = "mark", value_name = "SQUARE[:COLOUR]", value_parser = parse_mark)]
    pub marks: Vec<Mark>,
    /// Leave out the file letters and rank numbers of the SVG diagram.
    #[arg(long)]
    pub no_coordinates: bool,
    /// Leave out the caption (side to move, key) under the SVG diagram.
    #[arg(long)]
    pub no_legend: bool,
}

pub fn moves(args: &MovesArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let variant = fen_variant(&args.read);
    let given: Vec<&str> = args.position.iter().map(String::as_str).collect();
    args.read.refuse_without_record(&given)?;
    let (pos, invalid) = position_spec(args.position.as_deref(), variant, &args.read)?;
    let io = |e| CliError::io("stdout", e);
    let mut list: Vec<(String, String, &'static str)> = pos
        .legal_moves()
        .iter()
        .map(|m| (write_san(&pos, m), m.to_string(), m.kind_name()))
        .collect();
    list.sort();
    match args.format {
        ListFormat::Text => {
            for (san, _, _) in &list {
                writeln!(out, "{san}").map_err(io)?;
            }
        }
        ListFormat::Json => {
            let json: Vec<_> = list
                .iter()
                .map(|(san, long, kind)| serde_json::json!({ "san": san, "long": long, "kind": kind }))
                .collect();
            let doc =
                serde_json::json!({ "fen": crate::notation::fen::write_fen(&pos), "moves": json });
            writeln!(out, "{doc}").map_err(io)?;
        }
    }
    Ok(u8::from(invalid))
}

/// The position a `show` argument names and, for `RECORD@ply`, the move
/// that reached it (its cells to mark, its SAN); whether it comes from an
/// invalid game (its error said on standard error).
fn shown_position(args: &ShowArgs) -> Result<Shown, CliError> {
    let variant = fen_variant(&args.read);
    let spec = match args.position.as_deref() {
        Some(s) => record_arg(s)?,
        None => None,
    };
    let Some(spec) = spec else {
        args.read.refuse_without_record(&[])?;
        let (pos, invalid) = position_spec(args.position.as_deref(), variant, &args.read)?;
        return Ok((pos, Vec::new(), None, invalid, Annotations::default()));
    };
    let want = Want {
        steps: true,
        ..want_ply(&spec)
    };
    let picked = picked(&spec, &args.read, want)?;
    let invalid = say_verdict(&spec, &picked);
    let stop = position_at(&spec, &picked)?;
    let pos = stop.pos.clone();
    let Some(step) = &stop.step else {
        return Ok((pos, Vec::new(), None, invalid, Annotations::default()));
    };
    // The shown ply's `[%cal]`/`[%csl]`.
    let notes = Annotations::of(step.comments.iter().map(|c| c.text.as_str()));
    let marks = render::highlight::last_move(&step.before, &step.mv, &pos);
    Ok((pos, marks, Some(step.san.to_string()), invalid, notes))
}

/// A position to draw, the cells of the move that reached it, its SAN,
/// whether it comes from an invalid game, and the annotations of that move.
type Shown = (Position, Vec<Square>, Option<String>, bool, Annotations);

/// Refuses an `--svg` that names the record read.
fn check_svg(args: &ShowArgs) -> Result<(), CliError> {
    let Some(svg) = &args.svg else {
        return Ok(());
    };
    let record = match args.position.as_deref() {
        Some(s) => record_arg(s)?,
        None => None,
    };
    let inputs: Vec<&Path> = record.iter().map(|r| r.path.as_path()).collect();
    crate::fs::check_outputs(&inputs, &[("--svg", svg)]).map_err(|e| CliError::usage(e.to_string()))
}

/// Refuses what shapes the SVG diagram without `--svg`: the text diagram
/// has no size, arrows, coordinates switch or legend switch.
fn refuse_svg_only(args: &ShowArgs) -> Result<(), CliError> {
    if args.svg.is_some() {
        return Ok(());
    }
    let svg_only = [
        ("--size", args.size.is_some()),
        ("--arrow", !args.arrows.is_empty()),
        ("--mark", !args.marks.is_empty()),
        ("--no-coordinates", args.no_coordinates),
        ("--no-legend", args.no_legend),
    ];
    if let Some((flag, _)) = svg_only.iter().find(|(_, on)| *on) {
        return Err(CliError::usage(format!(
            "{flag} shapes the SVG diagram, and the text diagram has no such part: add --svg FILE"
        )));
    }
    args.write
        .refuse_without_output(false, "--svg FILE (the text goes to standard output)")
}

pub fn show(args: &ShowArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    refuse_svg_only(args)?;
    check_svg(args)?;
    let (pos, last_move, last_san, invalid, notes) = shown_position(args)?;
    let (files, ranks) = pos.frame();
    let outside = |s: &Square| s.file() >= files || s.rank() >= ranks;
    let frame = || format!("the frame is a1 to {}{}", (b'a' + files - 1) as char, ranks);
    if let Some(a) = args
        .arrows
        .iter()
        .find(|a| outside(&a.from) || outside(&a.to))
    {
        return Err(CliError::usage(format!(
            "arrow {}{}: {}",
            a.from,
            a.to,
            frame()
        )));
    }
    if let Some(m) = args.marks.iter().find(|m| outside(&m.square)) {
        return Err(CliError::usage(format!("mark {}: {}", m.square, frame())));
    }
    let opts = Options {
        flip: args.flip,
        size: args.size.unwrap_or(45),
        coordinates: !args.no_coordinates,
        last_move,
        last_san,
        check: true,
        arrows: notes.arrows.iter().chain(&args.arrows).copied().collect(),
        marks: notes.marks.iter().chain(&args.marks).copied().collect(),
        legend: !args.no_legend,
    };
    out.write_all(render::text::text(&pos, &opts).as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| CliError::io("stdout", e))?;
    // Flushed: an `--svg /dev/stdout` comes after the text.
    if let Some(path) = &args.svg {
        crate::fs::write_file(
            path,
            render::svg::svg(&pos, &opts).as_bytes(),
            &args.write.options(),
        )
        .map_err(CliError::write)?;
    }
    Ok(u8::from(invalid))
}
