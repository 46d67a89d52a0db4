//! The one verdict on a game, as every command reports it: made in one
//! place from the replay's report, or from the error that stopped the
//! game's reading, so `validate`, `fmt`, `convert` and the rest agree on
//! validity, variant, kind, location and ruling.

use serde::Serialize;

use crate::model::Span;
use crate::record::replay::{Diagnostic, GameReport, Omitted, Replayer, Severity};
use crate::rules::Outcome;
use crate::variant::Variant;

/// The verdict on one game of an archive.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// 1-based index of the game in its input.
    pub game: usize,
    /// Where the game starts (for an unreadable game: where the error is).
    pub span: Span,
    /// Whether the game has no error (warnings and notes allowed).
    pub valid: bool,
    /// Main-line plies that were played.
    pub plies: usize,
    /// The variant identifier from the `Variant` tag (`chess` without
    /// one; an unknown name as written), also when the movetext could not
    /// be read.
    pub variant: String,
    /// `White` and `Black` tags, when present, to name the game.
    pub white: Option<String>,
    /// See `white`.
    pub black: Option<String>,
    /// The first error; a syntax error has no ruling and no position.
    pub error: Option<Diagnostic>,
    /// Whether `error` stopped the reading of the game (a syntax error).
    pub syntax_error: bool,
    /// The first [`KEPT_DIAGNOSTICS`](crate::record::replay::KEPT_DIAGNOSTICS)
    /// warnings; `omitted` counts the rest.
    pub warnings: Vec<Diagnostic>,
    /// The first [`KEPT_DIAGNOSTICS`](crate::record::replay::KEPT_DIAGNOSTICS)
    /// notes; `omitted` counts the rest.
    pub notes: Vec<Diagnostic>,
    /// Errors after the first, warnings and notes after those kept.
    pub omitted: Omitted,
    /// How the main line ended, when it reached a game end (G5, FL1).
    #[serde(skip)]
    pub outcome: Option<Outcome>,
}

impl Verdict {
    /// The verdict from a replay's report; `r` still holds the game's tags.
    pub fn of(game: usize, span: Span, r: &Replayer, report: GameReport) -> Verdict {
        let (white, black) = r.players();
        Verdict {
            game,
            span,
            valid: report.is_valid(),
            plies: report.plies,
            variant: variant_id(r, report.variant),
            white: white.map(str::to_owned),
            black: black.map(str::to_owned),
            error: report.error,
            syntax_error: false,
            warnings: report.warnings,
            notes: report.notes,
            omitted: report.omitted,
            outcome: report.outcome,
        }
    }

    /// The verdict on a game whose reading stopped at `error`; `r` holds
    /// the tags read before it, which name the variant.
    pub fn unreadable(game: usize, error: Diagnostic, r: &Replayer) -> Verdict {
        let (white, black) = r.players();
        Verdict {
            game,
            span: error.span,
            valid: false,
            plies: 0,
            variant: variant_id(r, r.default_variant().unwrap_or(Variant::Chess)),
            white: white.map(str::to_owned),
            black: black.map(str::to_owned),
            error: Some(error),
            syntax_error: true,
            warnings: Vec::new(),
            notes: Vec::new(),
            omitted: Omitted::default(),
            outcome: None,
        }
    }

    /// Every finding kept: the error (true: a syntax error), then the
    /// warnings and notes.
    pub fn findings(&self) -> impl Iterator<Item = (&Diagnostic, bool)> {
        let error = self.error.iter().map(|e| (e, self.syntax_error));
        error.chain(self.warnings.iter().chain(&self.notes).map(|d| (d, false)))
    }

    /// Warnings in the game, kept or not.
    pub fn warning_count(&self) -> usize {
        self.warnings.len() + self.omitted.warnings
    }

    /// Notes in the game, kept or not.
    pub fn note_count(&self) -> usize {
        self.notes.len() + self.omitted.notes
    }
}

/// The variant's identifier: a non-blank `Variant` tag's (its known name,
/// else the tag as written: an unknown variant), else the one replayed
/// (`--variant`, or chess).
fn variant_id(r: &Replayer, replayed: Variant) -> String {
    match r.variant_tag().filter(|name| !name.trim().is_empty()) {
        Some(name) => name
            .parse::<Variant>()
            .map(|v| v.id().to_owned())
            .unwrap_or_else(|_| name.to_owned()),
        None => replayed.id().to_owned(),
    }
}

/// A syntax error as a diagnostic (no ruling, no position); `message`
/// names the syntax (`PGN syntax: …`, `JSON: …`).
pub fn syntax_diagnostic(span: Span, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        span,
        ply: None,
        token: String::new(),
        message: message.to_string(),
        ruling: None,
        fen: None,
        suggestions: Vec::new(),
        in_variation: false,
        kind: None,
    }
}

/// Counts over a whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Inputs read.
    pub files: usize,
    /// Games checked.
    pub games: usize,
    /// Games found valid.
    pub valid: usize,
    /// Games found invalid.
    pub invalid: usize,
    /// Warnings over all games.
    pub warnings: usize,
    /// Notes over all games.
    pub notes: usize,
}

impl Summary {
    /// Counts one verdict.
    pub fn add(&mut self, v: &Verdict) {
        self.games += 1;
        if v.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.warnings += v.warning_count();
        self.notes += v.note_count();
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural =
            |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        write!(
            f,
            "checked {} {} in {} {}: {} valid, {} invalid, {} {}",
            self.games,
            plural(self.games, "game", "games"),
            self.files,
            plural(self.files, "file", "files"),
            self.valid,
            self.invalid,
            self.warnings,
            plural(self.warnings, "warning", "warnings"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_line() {
        let s = Summary {
            files: 3,
            games: 12,
            valid: 11,
            invalid: 1,
            warnings: 4,
            notes: 0,
        };
        assert_eq!(
            s.to_string(),
            "checked 12 games in 3 files: 11 valid, 1 invalid, 4 warnings"
        );
    }
}
