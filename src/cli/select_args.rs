//! `--where` and `FILE:N` / `FILE:N-M`, shared by the commands that read
//! records ([`crate::record::select`]).

use std::ops::RangeInclusive;
use std::path::Path;

use clap::Args;

use super::CliError;
use crate::record::select::{no_such_game, split_path, Condition, GameNumbers, Selection};

/// The `--where` option.
#[derive(Args, Clone, Debug, Default)]
pub struct SelectArgs {
    /// Only games whose tags meet COND: TAG=VALUE (exactly), TAG!=VALUE (absent
    /// or not VALUE), TAG~TEXT (contains, ignoring case); VALUE is literal, so
    /// `Result!=*` chooses finished games. Repeat to require several. A file
    /// named FILE:N or FILE:N-M reads only its games N to M.
    #[arg(long = "where", value_name = "COND", value_parser = parse_condition)]
    pub conditions: Vec<Condition>,
}

fn parse_condition(s: &str) -> Result<Condition, String> {
    s.parse()
}

impl SelectArgs {
    /// The file an argument names and the games chosen in it.
    pub fn split(&self, arg: &str) -> Result<(String, Selection), CliError> {
        let (file, games): (String, Option<RangeInclusive<usize>>) =
            split_path(arg, |p| Path::new(p).exists()).map_err(CliError::usage)?;
        Ok((
            file,
            Selection {
                games,
                conditions: self.conditions.clone(),
            },
        ))
    }
}

/// `r` with only the chosen games left (the others blanked out, so
/// positions stay those of the input), and the numbers the games left have
/// in `r`; read whole when a choice is made. An error when the file has
/// fewer games than the first number chosen, rather than "no games".
pub fn chosen<'a>(
    mut r: Box<dyn std::io::Read + 'a>,
    selection: &Selection,
) -> std::io::Result<(Box<dyn std::io::Read + 'a>, GameNumbers)> {
    if selection.is_all() {
        return Ok((r, GameNumbers::default()));
    }
    let mut bytes = Vec::new();
    r.read_to_end(&mut bytes)?;
    let (masked, numbers) = selection.choose(&bytes);
    if let Some(why) = no_such_game(selection.games.as_ref(), numbers.total()) {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, why));
    }
    Ok((Box::new(std::io::Cursor::new(masked)), numbers))
}
