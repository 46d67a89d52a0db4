//! One game of a record, `RECORD[:N[-M]][@ply]`, read through the pipeline
//! (so its verdict is `validate`'s): what `show`, `moves`, `diff` and
//! `html` take. [`pick`] walks it as it is read ([`super::walk`]), keeping
//! the positions asked for, not the record.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use crate::record::convert::stream::GameStream;
use crate::record::json::read::JsonReader;
use crate::record::pipeline::game::{Checked, Finished, GameWriter};
use crate::record::pipeline::read::{each_game, GameText, PgnGames, Stopped};
use crate::record::pipeline::select::{no_such_game, split_path, Condition, Selection};
use crate::record::pipeline::source::{open, sniff, Input, Syntax};
use crate::record::pipeline::walk::{Walked, Walker, Want};
use crate::record::pipeline::Options;
use crate::record::replay::verdict::Verdict;

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
pub fn record_spec(spec: &str) -> Result<Option<RecordSpec>, String> {
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
    let (file, games) = split_path(rest, looks_like_record)?;
    if file.is_empty() || !looks_like_record(&file) {
        return Ok(None);
    }
    Ok(Some(RecordSpec {
        path: PathBuf::from(file),
        games,
        ply,
    }))
}

/// A game picked from a record file, walked to the positions asked for.
#[derive(Debug)]
pub struct Picked {
    /// What the walk kept.
    pub walked: Walked,
    /// Its verdict, as `validate` gives it.
    pub verdict: Verdict,
    /// Its number in the file.
    pub number: usize,
}

/// A condition as it was written (`Result!=*`).
fn condition_text(c: &Condition) -> String {
    format!("{}{}{}", c.tag, c.op.symbol(), c.value)
}

/// The games `spec` and `opts.conditions` choose, read through `writer`,
/// each to `each` (with its number in the file) until it says stop; how
/// many games were read, and the writer.
pub fn each_chosen<W: GameWriter>(
    spec: &RecordSpec,
    opts: &Options,
    writer: W,
    each: &mut dyn FnMut(usize, Finished<W::Output>) -> bool,
) -> Result<(usize, W), String> {
    let shown = spec.path.display().to_string();
    let input = Input {
        games: spec.games.clone(),
        ..Input::file(&spec.path)
    };
    let reader = open(&input, opts.decoding).map_err(|e| format!("{shown}: {e}"))?;
    let (syntax, reader) = sniff(reader).map_err(|e| format!("{shown}: {e}"))?;
    let selection = Selection {
        games: None,
        conditions: opts.conditions.clone(),
    };
    let mut checked = Checked::new(writer, opts.strict, opts.variant, selection);
    let mut take =
        |number: usize, f: Finished<W::Output>, _: Option<GameText<'_>>| Ok(each(number, f));
    let numbers = spec.games.as_ref();
    let read = match syntax {
        Syntax::Json => each_game(
            &mut JsonReader::new(reader),
            &mut checked,
            numbers,
            &mut take,
        ),
        _ => each_game(&mut PgnGames::new(reader), &mut checked, numbers, &mut take),
    };
    match read {
        Ok(n) => Ok((n, checked.into_writer())),
        Err(Stopped::Read(e)) => Err(format!("{shown}: {}", e.error.message)),
        Err(Stopped::Write(e)) => Err(format!("{shown}: {e}")),
    }
}

/// Why no record came of [`pick`], or of [`each_chosen`] asked for one
/// game.
pub fn none_chosen(spec: &RecordSpec, opts: &Options, read: usize) -> String {
    let shown = spec.path.display().to_string();
    if let Some(why) = no_such_game(spec.games.as_ref(), read) {
        return format!("{shown}: {why}");
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let which = match &spec.games {
        Some(g) if g.start() == g.end() => format!("game {}", g.start()),
        Some(g) => format!("games {}-{}", g.start(), g.end()),
        None => format!("the {read} game{}", plural(read)),
    };
    let conds: Vec<String> = opts
        .conditions
        .iter()
        .map(|c| format!("--where {}", condition_text(c)))
        .collect();
    format!(
        "{shown}: no game chosen: {which} {} {}",
        if read == 1 { "does" } else { "do" },
        if conds.is_empty() {
            "not exist".to_owned()
        } else {
            format!("not meet {}", conds.join(" "))
        }
    )
}

/// Why no record came of [`pick`].
#[derive(Debug)]
pub enum Unpicked {
    /// The game chosen could not be read: its verdict says where and why.
    Unreadable(Box<Verdict>),
    /// No game was chosen, or the file could not be read: why.
    Missing(String),
}

/// The first game `spec` and `opts.conditions` choose, walked as it is
/// read, keeping what `want` asks for (never the game's record).
pub fn pick(spec: &RecordSpec, opts: &Options, want: Want) -> Result<Picked, Unpicked> {
    let mut found = None;
    let writer = GameStream::new(Walker::new(want));
    let (read, _) = each_chosen(spec, opts, writer, &mut |number, f| {
        found = Some((number, f));
        false
    })
    .map_err(Unpicked::Missing)?;
    match found {
        Some((number, f)) => match f.output {
            Some(walked) => Ok(Picked {
                walked,
                verdict: f.verdict,
                number,
            }),
            None => Err(Unpicked::Unreadable(Box::new(f.verdict))),
        },
        None => Err(Unpicked::Missing(none_chosen(spec, opts, read))),
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
