//! The verdict on one game: [`GameReport`] and its [`Diagnostic`]s.

use compact_str::CompactString;

use crate::model::Span;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Outcome;
use crate::variant::Variant;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The game is invalid.
    Error,
    /// Valid, but written leniently (the canonical spelling is given).
    Warning,
    /// Worth knowing, not wrong (a slide played with permission, FL6).
    Note,
}

/// A finding at a place in the record.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// Where in the source (the token, tag or comment).
    pub span: Span,
    /// 1-based ply from the start of the game (in a variation, counted through it).
    pub ply: Option<usize>,
    /// The token as written.
    pub token: String,
    /// What is wrong, in the variant's own terms.
    pub message: String,
    /// The ruling that decides it (`GR2`, `FL5` …).
    pub ruling: Option<&'static str>,
    /// The position the move was played from.
    pub fen: Option<String>,
    /// Legal moves of the same kind nearby ("did you mean").
    pub suggestions: Vec<String>,
    /// Whether the token is inside a variation.
    pub in_variation: bool,
    /// For damage (a cut-off game, a result that disagrees, the tag
    /// roster, bytes that are not UTF-8): its stable machine-readable kind,
    /// one of [`DamageKind`](crate::record::replay::damage::DamageKind)'s ids.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

/// One ply of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyInfo {
    /// The move played.
    pub mv: Move,
    /// Canonical SAN.
    pub san: CompactString,
    /// Fault Line: a slide of an uncontrolled rank, so played with permission (FL6).
    pub with_permission: bool,
    /// The FEN after the ply, when asked for.
    pub fen_after: Option<String>,
}

/// Warnings, and notes, a verdict-only report keeps in full per game: the
/// first in document order. The rest are only counted ([`Omitted`]), and
/// never made, so one hostile game (a million lenient moves, a million
/// `[%deny]` comments) costs no memory per diagnostic.
pub const KEPT_DIAGNOSTICS: usize = 100;

/// Diagnostics a verdict-only report counted but did not keep: every error
/// after the first in document order, warnings and notes after the first
/// [`KEPT_DIAGNOSTICS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Omitted {
    /// Errors not kept.
    pub errors: usize,
    /// Warnings not kept.
    pub warnings: usize,
    /// Notes not kept.
    pub notes: usize,
}

/// The verdict on one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The variant the game was replayed as.
    pub variant: Variant,
    /// Plies of the main line that were played.
    pub plies: usize,
    /// Every ply of the main line; empty with [`ReplayMode::Verdict`](super::ReplayMode::Verdict).
    pub main_line: Vec<PlyInfo>,
    /// The first error in document order, if any.
    pub error: Option<Diagnostic>,
    /// Every error (the first is `error`); with
    /// [`ReplayMode::Verdict`](super::ReplayMode::Verdict), the first only.
    pub errors: Vec<Diagnostic>,
    /// With [`ReplayMode::Verdict`](super::ReplayMode::Verdict), at most [`KEPT_DIAGNOSTICS`].
    pub warnings: Vec<Diagnostic>,
    /// With [`ReplayMode::Verdict`](super::ReplayMode::Verdict), at most [`KEPT_DIAGNOSTICS`].
    pub notes: Vec<Diagnostic>,
    /// What a verdict-only report counted but did not keep.
    pub omitted: Omitted,
    /// How the main line ended, if it reached a game end.
    pub outcome: Option<Outcome>,
    /// The result written (movetext, else the Result tag).
    pub result: Option<String>,
    /// The start position; `None` with [`ReplayMode::Verdict`](super::ReplayMode::Verdict).
    pub start: Option<Box<Position>>,
    /// The last position of the main line; `None` with [`ReplayMode::Verdict`](super::ReplayMode::Verdict).
    pub final_position: Option<Box<Position>>,
    /// Canonical SAN of every node in document order (None where it failed).
    pub canonical: Vec<Option<CompactString>>,
    /// An error was filed outside variations (kept or not).
    pub(super) main_failed: bool,
    /// Verdict-only: keep what [`Omitted`] says, count the rest.
    pub(super) limited: bool,
}

impl GameReport {
    /// Whether the game has no error.
    pub fn is_valid(&self) -> bool {
        self.error.is_none()
    }

    /// Cuts a full report's diagnostics to what a verdict-only replay of
    /// the game keeps, and counts the rest in `omitted`.
    ///
    /// ```
    /// use fvnote::notation::pgn::read_all;
    /// use fvnote::record::replay::{replay, ReplayOptions};
    /// let games = read_all(b"1. e2e4 e7e5 2. Ke3 Ke6 *");
    /// let mut report = replay(games[0].as_ref().unwrap(), &ReplayOptions::default());
    /// report.limit_diagnostics();
    /// assert_eq!(report.error.unwrap().token, "Ke3");
    /// assert_eq!((report.errors.len(), report.omitted.errors), (1, 0));
    /// assert_eq!((report.warnings.len(), report.omitted.warnings), (2, 0));
    /// ```
    pub fn limit_diagnostics(&mut self) {
        if std::mem::replace(&mut self.limited, true) {
            return;
        }
        // Sorted by `finish`: the first error is `error`.
        for severity in [Severity::Error, Severity::Warning, Severity::Note] {
            let (list, omitted, kept) = self.slot(severity);
            *omitted += list.len().saturating_sub(kept);
            list.truncate(kept);
        }
    }

    /// A severity's list, its count of omitted ones, and how many a
    /// verdict-only report keeps.
    pub(super) fn slot(&mut self, severity: Severity) -> (&mut Vec<Diagnostic>, &mut usize, usize) {
        match severity {
            Severity::Error => (&mut self.errors, &mut self.omitted.errors, 1),
            Severity::Warning => (
                &mut self.warnings,
                &mut self.omitted.warnings,
                KEPT_DIAGNOSTICS,
            ),
            Severity::Note => (&mut self.notes, &mut self.omitted.notes, KEPT_DIAGNOSTICS),
        }
    }

    /// Files the diagnostic `make` builds, at `span`; a limited report
    /// counts it instead when it would not keep it, and never builds it.
    pub(crate) fn file(
        &mut self,
        severity: Severity,
        span: Span,
        in_variation: bool,
        make: impl FnOnce() -> Diagnostic,
    ) {
        self.main_failed |= severity == Severity::Error && !in_variation;
        let limited = self.limited;
        let (list, omitted, kept) = self.slot(severity);
        if limited && list.len() >= kept {
            // Errors arrive in document order but for the result's, which
            // may point at the Result tag before them: keep the first.
            let earlier =
                severity == Severity::Error && list.iter().all(|d| span.offset < d.span.offset);
            *omitted += 1;
            if !earlier {
                return;
            }
            list.clear();
        }
        let d = make();
        debug_assert!(d.severity == severity && d.span == span && d.in_variation == in_variation);
        list.push(d);
    }
}

impl Diagnostic {
    /// A diagnostic with only its severity, place, token and message set.
    pub fn new(severity: Severity, span: Span, token: &str, message: String) -> Diagnostic {
        Diagnostic {
            severity,
            span,
            ply: None,
            token: token.to_owned(),
            message,
            ruling: None,
            fen: None,
            suggestions: Vec::new(),
            in_variation: false,
            kind: None,
        }
    }
}

/// [`Diagnostic::new`], as the replay's files call it.
pub(super) fn diag(severity: Severity, span: Span, token: &str, message: String) -> Diagnostic {
    Diagnostic::new(severity, span, token, message)
}

/// The note on a Fault Line slide of an uncontrolled rank (FL6) at `token`.
pub(crate) fn permission_note(
    span: Span,
    token: &str,
    ply: usize,
    in_variation: bool,
) -> Diagnostic {
    let message = "a slide of an uncontrolled rank, played with permission".to_owned();
    let mut d = diag(Severity::Note, span, token, message);
    d.ply = Some(ply);
    d.ruling = Some("FL6");
    d.in_variation = in_variation;
    d
}

/// A report with nothing in it yet; `limited` for a verdict-only replay.
pub(crate) fn empty_report(limited: bool) -> GameReport {
    GameReport {
        variant: Variant::Chess,
        plies: 0,
        main_line: Vec::new(),
        error: None,
        errors: Vec::new(),
        warnings: Vec::new(),
        notes: Vec::new(),
        outcome: None,
        result: None,
        start: None,
        final_position: None,
        canonical: Vec::new(),
        omitted: Omitted::default(),
        main_failed: false,
        limited,
    }
}
