//! The game a record argument (`RECORD[:N[-M]][@ply]`) picks, for `show`,
//! `moves`, `diff` and `html`: read through the pipeline, so an invalid
//! game's error is said on standard error as every command says it.

use super::args::ReadArgs;
use super::CliError;
use crate::record::pipeline::pick::{pick, Picked, RecordSpec, Unpicked};
use crate::record::pipeline::walk::{Stop, Want};
use crate::report::line::verdict_error;

/// The game `spec` picks, walked as it is read keeping `want`. A game
/// that cannot be read is said and is an invalid game (exit 1); no game
/// chosen is a usage error (exit 2).
pub fn picked(spec: &RecordSpec, read: &ReadArgs, want: Want) -> Result<Picked, CliError> {
    match pick(spec, &read.options(), want) {
        Ok(p) => Ok(p),
        Err(Unpicked::Unreadable(v)) => {
            let name = spec.path.display().to_string();
            if let Some(line) = verdict_error(&name, &v) {
                eprintln!("{line}");
            }
            Err(CliError::invalid(format!(
                "{name}: game {} cannot be read, so it has no positions",
                v.game
            )))
        }
        Err(Unpicked::Missing(why)) => Err(CliError::usage(why)),
    }
}

/// Says the error of an invalid game `p` of `spec` on standard error;
/// whether it is invalid.
pub fn say_verdict(spec: &RecordSpec, p: &Picked) -> bool {
    if let Some(line) = verdict_error(&spec.path.display().to_string(), &p.verdict) {
        eprintln!("{line}");
    }
    !p.verdict.valid
}

/// What a walk keeps for the position at `spec`'s ply.
pub fn want_ply(spec: &RecordSpec) -> Want {
    Want {
        plies: spec.ply.into_iter().collect(),
        ..Want::default()
    }
}

/// The position at `spec`'s ply in the game `p` (walked with `spec`'s ply
/// wanted). A ply the main line does not reach is an error of the invalid
/// game it breaks in (exit 1), or of the argument (exit 2).
pub fn position_at<'a>(spec: &RecordSpec, p: &'a Picked) -> Result<&'a Stop, CliError> {
    p.walked.at(spec.ply).map_err(|why| {
        let message = format!("{}: game {}: {why}", spec.path.display(), p.number);
        match p.verdict.valid {
            true => CliError::usage(message),
            false => CliError::invalid(message),
        }
    })
}
