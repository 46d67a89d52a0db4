//! Damage in archived game logs: cut-off games, results that disagree, and
//! the Seven Tag Roster.
//!
//! Correspondence logs are typed, pasted and re-sent by hand; the commonest
//! damage is a game cut off mid-way, which a replay alone never notices (every
//! move that is there is legal). [`Watch`] wraps a [`Replayer`] as the PGN
//! [`Visitor`] and notes what the replay does not keep — tags in order, the
//! last movetext token, the termination marker — then files these findings
//! into the game's report:
//!
//! * `truncated game:` no termination marker (the game ends at the end of the
//!   input or at the next tag section), located just after the last token
//!   read, and saying whether it stopped after a move number (`3.`) or
//!   inside a move pair; a tag pair, comment or variation the input ends in
//!   ([`relabel_syntax`]);
//! * `inconsistent game:` a Result tag that differs from the termination
//!   marker (RULINGS G5);
//! * `tag roster:` a Seven Tag Roster tag missing, out of order or a
//!   malformed `Date` (`YYYY.MM.DD`, `?` for unknown digits): warnings, errors
//!   under `strict`. A game with no tag section at all (movetext only, as in
//!   a snippet) is not held to the roster. Under `strict` they come after
//!   the game's other errors, so the first error (the one a verdict shows)
//!   is the damage to the game, not to its header;
//! * `not UTF-8:` bytes that are not UTF-8 anywhere in the game, which the
//!   reader refuses ([`relabel_syntax`] names them): an error in every
//!   command, since none can read or write them without loss (name the
//!   encoding with `--encoding`).
//!
//! Each of these carries a [`DamageKind`] id in [`Diagnostic::kind`].
//!
//! ```
//! use fvnote::notation::pgn::Reader;
//! use fvnote::record::replay::damage::Watch;
//! use fvnote::record::replay::ReplayOptions;
//! let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3.";
//! let mut watch = Watch::new(ReplayOptions::default());
//! let report = Reader::new(pgn.as_bytes()).read_game(&mut watch).unwrap().unwrap();
//! let error = report.error.unwrap();
//! assert!(error.message.starts_with("truncated game:"));
//! assert_eq!((error.span.line, error.span.column), (4, 23));
//! ```

use crate::model::Span;
use crate::notation::pgn::{PgnError, PgnErrorKind, Proof, Visitor};
use crate::record::replay::{
    Diagnostic, GameReport, ReplayOptions, Replayer, Severity, KEPT_DIAGNOSTICS,
};

/// The kinds of damage, each with a stable id that machine-readable
/// reports carry (`kind` in JSON, the rule id in SARIF and rdjson).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DamageKind {
    /// No termination marker after the last move of a complete move pair,
    /// or after a comment, NAG or variation.
    NoTermination,
    /// No termination marker, the movetext ending after a move number.
    EndsAfterMoveNumber,
    /// No termination marker, the movetext ending after White's move of a
    /// numbered move pair.
    EndsInsideMovePair,
    /// A tag section with no movetext and no termination marker.
    NoMovetext,
    /// The input ends inside a tag pair.
    CutInTag,
    /// The input ends inside a comment.
    CutInComment,
    /// The input ends inside a variation.
    CutInVariation,
    /// The termination marker and the Result tag differ (G5).
    ResultMismatch,
    /// A Seven Tag Roster tag is missing.
    RosterMissing,
    /// A Seven Tag Roster tag is out of order.
    RosterOrder,
    /// The `Date` tag is not `YYYY.MM.DD`.
    RosterDate,
    /// The game holds bytes that are not UTF-8.
    NotUtf8,
}

impl DamageKind {
    /// Every kind, in the order the documentation lists them.
    pub const ALL: [DamageKind; 12] = [
        DamageKind::NoTermination,
        DamageKind::EndsAfterMoveNumber,
        DamageKind::EndsInsideMovePair,
        DamageKind::NoMovetext,
        DamageKind::CutInTag,
        DamageKind::CutInComment,
        DamageKind::CutInVariation,
        DamageKind::ResultMismatch,
        DamageKind::RosterMissing,
        DamageKind::RosterOrder,
        DamageKind::RosterDate,
        DamageKind::NotUtf8,
    ];

    /// The stable id (`cut-in-tag`).
    pub fn id(self) -> &'static str {
        match self {
            DamageKind::NoTermination => "no-termination",
            DamageKind::EndsAfterMoveNumber => "ends-after-move-number",
            DamageKind::EndsInsideMovePair => "ends-inside-move-pair",
            DamageKind::NoMovetext => "no-movetext",
            DamageKind::CutInTag => "cut-in-tag",
            DamageKind::CutInComment => "cut-in-comment",
            DamageKind::CutInVariation => "cut-in-variation",
            DamageKind::ResultMismatch => "result-mismatch",
            DamageKind::RosterMissing => "roster-missing",
            DamageKind::RosterOrder => "roster-order",
            DamageKind::RosterDate => "roster-date",
            DamageKind::NotUtf8 => "not-utf8",
        }
    }

    /// The kind whose id is `id`.
    pub fn from_id(id: &str) -> Option<DamageKind> {
        DamageKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Whether it is a Seven Tag Roster finding.
    pub fn is_roster(self) -> bool {
        matches!(
            self,
            DamageKind::RosterMissing | DamageKind::RosterOrder | DamageKind::RosterDate
        )
    }
}

/// A diagnostic of damage `kind`.
fn damage(
    kind: DamageKind,
    severity: Severity,
    span: Span,
    token: &str,
    message: String,
) -> Diagnostic {
    let mut d = Diagnostic::new(severity, span, token, message);
    d.kind = Some(kind.id());
    d
}

/// The Seven Tag Roster, in its required order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// What a game's movetext ended with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Last {
    #[default]
    Nothing,
    Move,
    /// A move number; `black` when written with three dots (`12...`).
    Number {
        n: u32,
        black: bool,
    },
    Other,
}

/// What one game showed, beyond what its replay keeps.
#[derive(Clone, Debug, Default)]
struct Seen {
    tags: usize,
    /// Roster tags present, by index in [`SEVEN_TAG_ROSTER`].
    roster: [bool; 7],
    /// The highest roster index so far, and whether a tag outside the
    /// roster came before a roster tag.
    highest: Option<usize>,
    other_seen: bool,
    /// The first roster tag out of order: its name and span.
    disorder: Option<(&'static str, Span)>,
    /// A malformed `Date` value and its span.
    bad_date: Option<(String, Span)>,
    /// The first tag's span (where a missing tag is reported).
    first_tag: Option<Span>,
    result_tag: Option<(String, Span)>,
    marker: Option<(String, Span)>,
    /// Main-line tokens: the last one, and its span.
    last: Last,
    last_span: Option<Span>,
    /// The last move number of the main line, and moves since it.
    number: Option<(u32, bool)>,
    moves_since_number: usize,
    depth: usize,
}

/// A [`Replayer`] that also checks for damage ([module docs](self)).
pub struct Watch {
    /// The replayer; its tags and span stay readable after a game, as
    /// [`Replayer`]'s do.
    pub inner: Replayer,
    strict: bool,
    limited: bool,
    /// Whether a game must end with a termination marker.
    terminations: bool,
    seen: Seen,
}

impl Watch {
    /// A replayer for games read with `opts`, watched; `opts.strict` also
    /// makes roster problems errors.
    pub fn new(opts: ReplayOptions) -> Watch {
        Watch {
            strict: opts.strict,
            limited: opts.verdict_only(),
            inner: Replayer::new(opts),
            terminations: true,
            seen: Seen::default(),
        }
    }

    /// Watches Game Courier move lists (`true`), which have neither a
    /// termination marker nor a tag roster of their own, or records.
    pub fn for_lists(&mut self, lists: bool) {
        self.terminations = !lists;
    }

    fn main_token(&mut self, last: Last, span: Span) {
        if self.seen.depth == 0 {
            self.seen.last = last;
            self.seen.last_span = Some(span);
        }
    }
}

impl Visitor for Watch {
    type Output = GameReport;
    fn begin_game(&mut self) {
        self.seen = Seen::default();
        self.inner.begin_game();
    }
    fn tag(&mut self, name: &str, value: &str, span: Span) {
        let s = &mut self.seen;
        s.tags += 1;
        s.first_tag.get_or_insert(span);
        match SEVEN_TAG_ROSTER.iter().position(|&t| t == name) {
            Some(i) if !s.roster[i] => {
                s.roster[i] = true;
                if s.disorder.is_none() && (s.other_seen || s.highest.is_some_and(|h| h > i)) {
                    s.disorder = Some((SEVEN_TAG_ROSTER[i], span));
                }
                s.highest = s.highest.max(Some(i));
                if name == "Date" && !date_ok(value) && s.bad_date.is_none() {
                    s.bad_date = Some((value.to_owned(), span));
                }
                if name == "Result" {
                    s.result_tag = Some((value.trim().to_owned(), span));
                }
            }
            Some(_) => {}
            None => s.other_seen = true,
        }
        self.inner.tag(name, value, span);
    }
    fn begin_movetext(&mut self) {
        self.inner.begin_movetext();
    }
    fn san(&mut self, token: &str, span: Span) {
        self.main_move(span);
        self.inner.san(token, span);
    }
    fn san_ascii(&mut self, token: &[u8], span: Span) {
        self.main_move(span);
        self.inner.san_ascii(token, span);
    }
    fn san_proved(&mut self, span: Span, proof: Proof<'_>) {
        self.main_move(span);
        self.inner.san_proved(span, proof);
    }
    fn nag(&mut self, nag: u16, span: Span) {
        self.main_token(Last::Other, span);
        self.inner.nag(nag, span);
    }
    fn comment(&mut self, text: &str, span: Span) {
        self.main_token(Last::Other, span);
        self.inner.comment(text, span);
    }
    fn line_comment(&mut self, text: &str, span: Span) {
        self.main_token(Last::Other, span);
        self.inner.line_comment(text, span);
    }
    fn begin_variation(&mut self, span: Span) {
        self.seen.depth += 1;
        self.inner.begin_variation(span);
    }
    fn end_variation(&mut self, span: Span) {
        self.seen.depth = self.seen.depth.saturating_sub(1);
        self.main_token(Last::Other, span);
        self.inner.end_variation(span);
    }
    fn move_number(&mut self, n: u32, span: Span) {
        // `12.` is one dot, `12...` three: the digits and dots are ASCII.
        let digits = n.checked_ilog10().unwrap_or(0) + 1;
        let black = span.len >= digits + 3;
        if self.seen.depth == 0 {
            self.seen.number = Some((n, black));
            self.seen.moves_since_number = 0;
        }
        self.main_token(Last::Number { n, black }, span);
        self.inner.move_number(n, span);
    }
    fn outcome(&mut self, result: &str, span: Span) {
        self.seen.marker = Some((result.to_owned(), span));
        self.inner.outcome(result, span);
    }
    fn end_game(&mut self) -> GameReport {
        let mut report = self.inner.end_game();
        let game = self.inner.game_span();
        for d in findings(&self.seen, self.strict, self.terminations, game) {
            file(&mut report, d, self.limited);
        }
        report
    }
}

impl Watch {
    fn main_move(&mut self, span: Span) {
        if self.seen.depth == 0 {
            self.seen.moves_since_number += 1;
        }
        self.main_token(Last::Move, span);
    }
}

/// Whether `value` is a PGN date: `YYYY.MM.DD`, each digit or `?`, and the
/// known parts in range (month 1–12, day 1–31).
pub fn date_ok(value: &str) -> bool {
    let mut parts = value.split('.');
    let (Some(y), Some(m), Some(d), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let field = |s: &str, len: usize, max: u32| {
        s.len() == len
            && s.bytes().all(|b| b.is_ascii_digit() || b == b'?')
            && (s.contains('?') || s.parse::<u32>().is_ok_and(|n| (1..=max).contains(&n)))
    };
    field(y, 4, 9999) && field(m, 2, 12) && field(d, 2, 31)
}

/// The point just after a token of ASCII text (move, number, NAG).
fn after(span: Span) -> Span {
    Span {
        offset: span.offset + u64::from(span.len),
        column: span.column.saturating_add(span.len),
        len: 0,
        ..span
    }
}

const MARKERS: &str = "1-0, 0-1, 1/2-1/2 or *";

/// The damage one game shows, in document order.
fn findings(s: &Seen, strict: bool, terminations: bool, game: Span) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if s.tags > 0 && terminations {
        let roster = if strict {
            Severity::Error
        } else {
            Severity::Warning
        };
        let missing: Vec<&str> = SEVEN_TAG_ROSTER
            .iter()
            .zip(s.roster)
            .filter(|(_, present)| !present)
            .map(|(t, _)| *t)
            .collect();
        if !missing.is_empty() {
            let at = s.first_tag.unwrap_or(game);
            out.push(damage(
                DamageKind::RosterMissing,
                roster,
                Span { len: 0, ..at },
                "",
                format!(
                    "tag roster: missing {} (expected the Seven Tag Roster: {})",
                    missing.join(", "),
                    SEVEN_TAG_ROSTER.join(", ")
                ),
            ));
        }
        if let Some((name, at)) = s.disorder {
            out.push(damage(
                DamageKind::RosterOrder,
                roster,
                at,
                name,
                format!(
                    "tag roster: {name} out of order (expected {} first, in that order, before other tags)",
                    SEVEN_TAG_ROSTER.join(", ")
                ),
            ));
        }
        if let Some((value, at)) = &s.bad_date {
            out.push(damage(
                DamageKind::RosterDate,
                roster,
                *at,
                value,
                format!("tag roster: malformed Date {value:?} (expected YYYY.MM.DD, with ? for unknown digits, as in 1994.??.??)"),
            ));
        }
    }
    match (&s.marker, &s.result_tag) {
        (None, _) if !terminations => {}
        (None, tag) => {
            let (kind, at, how) = match (s.last, s.last_span) {
                (Last::Number { n, black }, Some(sp)) => (
                    DamageKind::EndsAfterMoveNumber,
                    after(sp),
                    format!(
                        "the movetext ends after the move number {n}{} (expected {}'s move, then a termination marker: {MARKERS})",
                        if black { "..." } else { "." },
                        if black { "Black" } else { "White" }
                    ),
                ),
                (Last::Move, Some(sp)) => {
                    let (kind, pair) = match s.number {
                        Some((n, false)) if s.moves_since_number == 1 => (
                            DamageKind::EndsInsideMovePair,
                            format!(", inside move pair {n} (after White's move)"),
                        ),
                        _ => (DamageKind::NoTermination, String::new()),
                    };
                    (
                        kind,
                        after(sp),
                        format!("no termination marker after the last move{pair} (expected {MARKERS})"),
                    )
                }
                (_, Some(sp)) => (
                    DamageKind::NoTermination,
                    Span { len: 0, ..sp },
                    format!("no termination marker (expected {MARKERS} to end the movetext)"),
                ),
                (_, None) => (
                    DamageKind::NoMovetext,
                    Span { len: 0, ..game },
                    format!("tags but no movetext and no termination marker (expected moves, then {MARKERS})"),
                ),
            };
            let also = match tag {
                Some((t, _)) => format!("; the Result tag says {t}"),
                None => String::new(),
            };
            out.push(damage(
                kind,
                Severity::Error,
                at,
                "",
                format!("truncated game: {how}{also}"),
            ));
        }
        (Some((m, at)), Some((t, _))) if m != t && t != "?" => {
            let mut d = damage(
                DamageKind::ResultMismatch,
                Severity::Error,
                *at,
                m,
                format!("inconsistent game: the movetext ends with {m} but the Result tag says {t} (expected the same result in both)"),
            );
            d.ruling = Some("G5");
            out.push(d);
        }
        _ => {}
    }
    out
}

/// Where `d` files among a game's diagnostics of its severity: roster
/// errors (`strict`) after the other errors, so that the first error, the
/// one a verdict shows, is the damage to the game rather than to its
/// header; otherwise document order.
fn order(d: &Diagnostic) -> (bool, u64) {
    let roster = d.severity == Severity::Error
        && d.kind
            .and_then(DamageKind::from_id)
            .is_some_and(DamageKind::is_roster);
    (roster, d.span.offset)
}

/// Files `d` into `report` as the replay would: errors and warnings in
/// document order, a verdict-only report keeping the first error and the
/// first [`KEPT_DIAGNOSTICS`] warnings and counting the rest. The replay's
/// own report of a result that differs from the Result tag gives way to
/// the `inconsistent` one, which says the same.
fn file(report: &mut GameReport, d: Diagnostic, limited: bool) {
    let (list, omitted, kept) = match d.severity {
        Severity::Error => (&mut report.errors, &mut report.omitted.errors, 1),
        Severity::Warning => (
            &mut report.warnings,
            &mut report.omitted.warnings,
            KEPT_DIAGNOSTICS,
        ),
        Severity::Note => (
            &mut report.notes,
            &mut report.omitted.notes,
            KEPT_DIAGNOSTICS,
        ),
    };
    if d.message.starts_with("inconsistent game:") {
        let before = list.len();
        list.retain(|e| !(e.span == d.span && e.message.starts_with("the movetext ends with")));
        if list.len() < before {
            list.push(d);
            list.sort_by_key(order);
            report.error = report.errors.first().cloned();
            return;
        }
    }
    list.push(d);
    list.sort_by_key(order);
    if limited && list.len() > kept {
        *omitted += list.len() - kept;
        list.truncate(kept);
    }
    report.error = report.errors.first().cloned();
}

/// The error on a byte that is not UTF-8 at `at`, in any form of input.
pub fn not_utf8(byte: u8, at: Span) -> Diagnostic {
    let message = format!(
        "not UTF-8: byte 0x{byte:02x} (byte offset {}, column {}) cannot be read or written without loss (expected UTF-8 text; if the file is Latin-1 or Windows-1252, name it: --encoding latin1, cp1252 or auto)",
        at.offset, at.column
    );
    damage(DamageKind::NotUtf8, Severity::Error, at, "", message)
}

/// A syntax error that means the input ended inside a tag pair, a comment
/// or a variation, as a `truncated game:` diagnostic, and a byte that is
/// not UTF-8 as `not-utf8`; `None` for other errors. A comment or variation
/// is located where it opened (it may span many lines); a tag pair, one
/// line long, where the input ends.
pub fn relabel_syntax(e: &PgnError) -> Option<Diagnostic> {
    let (kind, message) = match &e.kind {
        PgnErrorKind::TagCutOff { column, expected } => (
            DamageKind::CutInTag,
            format!("the input ends inside the tag pair opened at column {column} (expected {expected} before the end of the input)"),
        ),
        PgnErrorKind::UnterminatedComment => (
            DamageKind::CutInComment,
            "the input ends inside a comment opened here (expected '}' before the end of the input)".to_owned(),
        ),
        PgnErrorKind::UnterminatedVariation { found } if found == "end of input" => (
            DamageKind::CutInVariation,
            "the input ends inside a variation opened here (expected ')' before the end of the input)".to_owned(),
        ),
        PgnErrorKind::InvalidUtf8 { byte } => return Some(not_utf8(*byte, e.span)),
        _ => return None,
    };
    Some(damage(
        kind,
        Severity::Error,
        e.span,
        "",
        format!("truncated game: {message}"),
    ))
}
