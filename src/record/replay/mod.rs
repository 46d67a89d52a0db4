//! Replaying a record through the rules: the verdict on one game.
//!
//! Every move token, in the main line and in every variation, is read in two
//! steps (syntax, then the position) and played. The walk over variations uses
//! an explicit stack, so nesting depth never touches the call stack.
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::replay::{replay, ReplayOptions};
//! let games = read_all(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
//! let report = replay(games[0].as_ref().unwrap(), &ReplayOptions::default());
//! assert!(report.is_valid());
//! assert_eq!(report.plies, 7);
//! ```

pub mod fast;

use compact_str::CompactString;

use crate::moves::{Dir, Move};
use crate::notation::fen::{read_fen, write_fen};
use crate::notation::pgn::Visitor;
use crate::notation::san::{write_san, ParsedSan, San, SanError};
use crate::position::Position;
use crate::record::{comment_commands, Comment, Node, Record, Span};
use crate::rules::fast_chess::FastChess;
use crate::rules::{fault_line, Outcome, Variant};

/// How strict a replay is.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// Lenient notation is an error, not a warning.
    pub strict: bool,
    /// Record the FEN after every main-line ply.
    pub fens: bool,
    /// Only the verdict: skip `main_line` and `canonical` (archive validation).
    pub verdict_only: bool,
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// A finding at a place in the record.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
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
}

/// One ply of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyInfo {
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
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
}

/// The verdict on one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub variant: Variant,
    /// Plies of the main line that were played.
    pub plies: usize,
    pub main_line: Vec<PlyInfo>,
    /// The first error in document order, if any.
    pub error: Option<Diagnostic>,
    /// Every error (the first is `error`); with
    /// [`ReplayOptions::verdict_only`], the first only.
    pub errors: Vec<Diagnostic>,
    /// With [`ReplayOptions::verdict_only`], at most [`KEPT_DIAGNOSTICS`].
    pub warnings: Vec<Diagnostic>,
    /// With [`ReplayOptions::verdict_only`], at most [`KEPT_DIAGNOSTICS`].
    pub notes: Vec<Diagnostic>,
    /// What a verdict-only report counted but did not keep.
    pub omitted: Omitted,
    /// How the main line ended, if it reached a game end.
    pub outcome: Option<Outcome>,
    /// The result written (movetext, else the Result tag).
    pub result: Option<String>,
    /// The start position; `None` with [`ReplayOptions::verdict_only`].
    pub start: Option<Position>,
    /// The last position of the main line.
    pub final_position: Option<Position>,
    /// Canonical SAN of every node in document order (None where it failed).
    pub canonical: Vec<Option<CompactString>>,
    /// An error was filed outside variations (kept or not).
    main_failed: bool,
    /// Verdict-only: keep what [`Omitted`] says, count the rest.
    limited: bool,
}

impl GameReport {
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
    fn slot(&mut self, severity: Severity) -> (&mut Vec<Diagnostic>, &mut usize, usize) {
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
    fn file(
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

fn diag(severity: Severity, span: Span, token: &str, message: String) -> Diagnostic {
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
    }
}

/// The variant a `Variant` tag value names: absent or blank is chess.
fn variant_named(tag: Option<&str>) -> Result<Variant, String> {
    match tag.map(str::trim) {
        None | Some("") => Ok(Variant::Chess),
        Some(v) => v.parse::<Variant>().map_err(|e| e.to_string()),
    }
}

/// The FEN in force given the `SetUp` and `FEN` tag values: none when there
/// is no FEN or `[SetUp "0"]` sets it aside.
fn fen_in_force<'a>(setup: Option<&str>, fen: Option<&'a str>) -> Option<&'a str> {
    match setup.map(str::trim) {
        Some("0") => None,
        _ => fen,
    }
}

/// The start position: the FEN in force, else the variant's own.
fn start_from(fen: Option<&str>, variant: Variant) -> Result<Position, String> {
    match fen {
        None => Ok(Position::start(variant)),
        Some(fen) => read_fen(fen.trim(), variant).map_err(|e| format!("in the FEN tag: {e}")),
    }
}

/// The variant a record names (`[Variant]`, default chess).
pub fn record_variant(record: &Record) -> Result<Variant, String> {
    variant_named(record.tag("Variant"))
}

/// The start position a record names (`[SetUp "1"]` + `[FEN]`).
pub fn record_start(record: &Record, variant: Variant) -> Result<Position, String> {
    start_from(
        fen_in_force(record.tag("SetUp"), record.tag("FEN")),
        variant,
    )
}

/// Legal moves like the one a token tried ("did you mean"), closest first: the
/// same piece's moves, else moves onto the same square, else moves of the same
/// piece type or kind. At most twelve, sorted.
fn suggestions(pos: &Position, san: &San, illegal: Option<&Move>) -> Vec<String> {
    let legal = pos.legal_moves();
    let from = illegal.and_then(|m| m.from());
    let target = match san {
        San::Normal { to, .. } => Some(*to),
        _ => None,
    };
    let lands_on = |m: &Move, sq| matches!(m, Move::Normal { to, .. } | Move::EnPassant { to, .. } if *to == sq);
    let same_kind = |m: &Move| match (san, m) {
        (San::Normal { role: Some(r), .. }, Move::Normal { role, .. }) => r == role,
        (San::Normal { role: None, .. }, Move::Normal { .. }) => true,
        (San::Castle(_), Move::Castle { .. })
        | (San::Drop { .. }, Move::Drop { .. })
        | (San::Slide { .. }, Move::Slide { .. })
        | (San::Quake { .. }, Move::Quake { .. })
        | (
            San::CageMove { .. } | San::CageInsert { .. },
            Move::CageMove { .. } | Move::CageInsert { .. },
        ) => true,
        _ => false,
    };
    let tiers: [&dyn Fn(&Move) -> bool; 3] = [
        &|m| from.is_some() && m.from() == from,
        &|m| target.is_some_and(|t| lands_on(m, t)),
        &same_kind,
    ];
    for tier in tiers {
        let mut out: Vec<String> = legal
            .iter()
            .filter(|m| tier(m))
            .map(|m| write_san(pos, m))
            .collect();
        if !out.is_empty() {
            out.sort();
            out.dedup();
            out.truncate(12);
            return out;
        }
    }
    Vec::new()
}

/// A line on bitboards: the position now and before the last move token,
/// in two slots that trade roles (not contents) at each move.
#[derive(Clone)]
struct FastLine {
    slots: [FastChess; 2],
    /// The slot holding the position now.
    now: usize,
}

impl FastLine {
    fn new(now: FastChess, before: FastChess) -> FastLine {
        FastLine {
            slots: [now, before],
            now: 0,
        }
    }

    fn now(&self) -> &FastChess {
        &self.slots[self.now & 1]
    }

    fn before(&self) -> &FastChess {
        &self.slots[(self.now ^ 1) & 1]
    }

    /// Plays a clean token ([`fast::successor`]) into the `before`
    /// slot, which becomes `now`. False when the token is not clean: `now`
    /// is unchanged and `before` may not be, so the caller leaves the line
    /// to the reference engine, which sets `before` anew.
    fn play(&mut self, san: &ParsedSan) -> bool {
        let [a, b] = &mut self.slots;
        let (now, next) = if self.now & 1 == 0 {
            (&*a, b)
        } else {
            (&*b, a)
        };
        let played = fast::successor(now, san, next);
        if played {
            self.now ^= 1;
        }
        played
    }
}

/// One line being replayed: the main line or a variation.
#[derive(Clone)]
struct Frame {
    pos: Position,
    /// The position before the last move token of this line: where a
    /// variation written after that token starts.
    before: Position,
    /// Plies from the game start (through the enclosing lines) at `pos` and
    /// at `before`.
    ply: usize,
    before_ply: usize,
    /// Whether this line has had a move token yet.
    has_last: bool,
    main: bool,
    /// A move of this line failed: the rest of it is not replayed.
    dead: bool,
    /// The last token is the one that failed: its variations still replay.
    last_failed: bool,
    /// `[%deny]` refusals that apply to the next move of this line (FL10).
    denied: Vec<(u8, Dir, Span)>,
    /// While set, the line is replayed on bitboards ([`FastChess`]): the
    /// position now and before the last move token, and `pos`/`before` are
    /// stale until [`Frame::leave_fast`].
    fast: Option<Box<FastLine>>,
}

impl Frame {
    fn new(pos: Position, ply: usize, main: bool, dead: bool) -> Frame {
        Frame {
            before: pos.clone(),
            pos,
            ply,
            before_ply: ply,
            has_last: false,
            main,
            dead,
            last_failed: false,
            denied: Vec::new(),
            fast: None,
        }
    }

    /// Makes a recycled frame a fresh line from `pos` (reusing its storage).
    fn restart(&mut self, pos: &Position, ply: usize, main: bool, dead: bool) {
        self.pos.clone_from(pos);
        self.restart_stale(ply, main, dead);
    }

    /// [`Frame::restart`] without a position: for a line that starts on
    /// bitboards, whose `pos` and `before` are stale until it leaves them.
    fn restart_stale(&mut self, ply: usize, main: bool, dead: bool) {
        self.ply = ply;
        self.before_ply = ply;
        self.has_last = false;
        self.main = main;
        self.dead = dead;
        self.last_failed = false;
        self.denied.clear();
        self.fast = None;
    }

    /// Starts replaying on bitboards when the accelerator takes the position.
    fn enter_fast(&mut self, standard_start: bool) {
        let now = if standard_start {
            Some(FastChess::start())
        } else {
            FastChess::from_position(&self.pos)
        };
        // `before` matters only once the line has a move token.
        let before = if self.has_last {
            FastChess::from_position(&self.before)
        } else {
            now.clone()
        };
        self.fast = now.zip(before).map(|(n, b)| Box::new(FastLine::new(n, b)));
    }

    /// Makes `pos` and `before` current again and replays on them from now on.
    fn leave_fast(&mut self) {
        if let Some(fast) = self.fast.take() {
            self.pos = fast.now().to_position();
            self.before = fast.before().to_position();
        }
    }

    /// Plays a clean token on bitboards (see [`fast::play_clean`]).
    fn play_fast(&mut self, token: &[u8]) -> bool {
        let Some(fast) = self.fast.as_mut() else {
            return false;
        };
        let Ok(parsed) = San::parse_bytes(token) else {
            return false;
        };
        fast.play(&parsed)
    }
}

/// The tags replay reads (the first of each name, as [`Record::tag`]).
#[derive(Default)]
struct GameTags {
    variant: Option<(String, Span)>,
    fen: Option<(String, Span)>,
    setup: Option<String>,
    result: Option<(String, Span)>,
    white: Option<String>,
    black: Option<String>,
}

/// Replays a game as its tokens arrive: a PGN [`Visitor`] whose output is
/// the [`GameReport`]. Validation drives it straight from the reader, so an
/// archive is checked without building records; [`replay`] drives it from a
/// [`Record`]. One replay, two sources.
///
/// ```
/// use fvnote::notation::pgn::Reader;
/// use fvnote::record::replay::{Replayer, ReplayOptions};
/// let mut reader = Reader::new(&b"1. e4 e5 2. Ke3 *\n"[..]);
/// let mut replayer = Replayer::new(ReplayOptions::default());
/// let report = reader.read_game(&mut replayer).unwrap().unwrap();
/// assert_eq!(report.error.unwrap().token, "Ke3");
/// ```
pub struct Replayer {
    opts: ReplayOptions,
    report: GameReport,
    tags: GameTags,
    /// Lines, the main line first: `frames[..depth]` are open (none before
    /// the first movetext token or when the start position could not be
    /// set up); the rest are kept for reuse. A frame holds two positions,
    /// too big to move in and out of a list for every game or variation.
    frames: Vec<Frame>,
    depth: usize,
    set_up: bool,
    /// The result token ending the movetext, if the game had one.
    movetext_result: Option<(String, Span)>,
    /// `[%deny]` arguments read before the set-up, for the set-up to read.
    early_denials: Vec<EarlyDenial>,
    started: bool,
    span: Span,
    end: u64,
}

impl Replayer {
    /// A replayer for games read with `opts`.
    pub fn new(opts: ReplayOptions) -> Replayer {
        Replayer {
            report: empty_report(opts.verdict_only),
            opts,
            tags: GameTags::default(),
            frames: Vec::new(),
            depth: 0,
            set_up: false,
            movetext_result: None,
            early_denials: Vec::new(),
            started: false,
            span: Span::default(),
            end: 0,
        }
    }

    /// The `White` and `Black` tags of the game being replayed.
    pub fn players(&self) -> (Option<&str>, Option<&str>) {
        (self.tags.white.as_deref(), self.tags.black.as_deref())
    }

    /// The `Variant` tag as written, if any.
    pub fn variant_tag(&self) -> Option<&str> {
        self.tags.variant.as_ref().map(|v| v.0.as_str())
    }

    /// Whether the game read ended with a result token (`1-0`, `*` …)
    /// rather than at a new tag section or the end of the input.
    pub fn ended_with_result(&self) -> bool {
        self.movetext_result.is_some()
    }

    /// Where the game is (first token to last token read so far).
    pub fn game_span(&self) -> Span {
        Span {
            len: u32::try_from(self.end.saturating_sub(self.span.offset)).unwrap_or(u32::MAX),
            ..self.span
        }
    }

    fn touch(&mut self, span: Span) {
        if !self.started {
            self.started = true;
            self.span = Span { len: 0, ..span };
            self.end = span.offset;
        }
        self.end = self
            .end
            .max(span.offset.saturating_add(u64::from(span.len)));
    }

    /// Reads the variant and start position from the tags, once, before the
    /// first movetext token (or at the end of a game without one), then the
    /// refusals that came before it.
    fn set_up(&mut self) {
        if self.set_up {
            return;
        }
        self.set_up = true;
        self.open_main_line();
        let early = std::mem::take(&mut self.early_denials);
        if let Some(frame) = innermost(&mut self.frames, self.depth) {
            for e in &early {
                let filed = |r: &GameReport| r.errors.len() + r.omitted.errors;
                let before = filed(&self.report);
                read_denial(&e.args, e.span, frame, &mut self.report);
                if filed(&self.report) > before {
                    // Its repeats fail alike, after it: counted only.
                    self.report.omitted.errors += e.repeats;
                }
            }
        }
    }

    /// The main line's frame on the start position the tags name (none,
    /// and an error at the tag, when they name none).
    fn open_main_line(&mut self) {
        let game_span = self.game_span();
        let at = |t: &Option<(String, Span)>| t.as_ref().map_or(game_span, |t| t.1);
        let tags = &self.tags;
        let variant = variant_named(tags.variant.as_ref().map(|v| v.0.as_str()))
            .map_err(|e| (e, at(&tags.variant)));
        let fen = fen_in_force(
            tags.setup.as_deref(),
            tags.fen.as_ref().map(|f| f.0.as_str()),
        );
        // The orthodox array: the accelerator starts from its cached copy.
        let standard_start = fen.is_none() && variant == Ok(Variant::Chess);
        if standard_start && self.opts.verdict_only {
            // Straight onto bitboards: no reference position is made until
            // a token needs the reference engine (`leave_fast`).
            self.report.variant = Variant::Chess;
            let frame = self.open_frame(|| Position::start(Variant::Chess));
            frame.restart_stale(0, true, false);
            frame.enter_fast(true);
            return;
        }
        let start = variant.and_then(|v| {
            self.report.variant = v;
            start_from(fen, v).map_err(|e| (e, at(&tags.fen)))
        });
        match start {
            Ok(pos) => {
                if !self.opts.verdict_only {
                    self.report.start = Some(pos.clone());
                }
                let verdict_only = self.opts.verdict_only;
                let frame = self.open_frame(|| pos.clone());
                frame.restart(&pos, 0, true, false);
                if verdict_only {
                    frame.enter_fast(standard_start);
                }
            }
            Err((message, span)) => {
                let d = || diag(Severity::Error, span, "", message);
                self.report.file(Severity::Error, span, false, d);
            }
        }
    }

    /// Opens a line's frame after the open ones: a kept frame, else a new
    /// one on `pos()`. The caller restarts it.
    fn open_frame(&mut self, pos: impl FnOnce() -> Position) -> &mut Frame {
        if self.frames.len() <= self.depth {
            self.frames.push(Frame::new(pos(), 0, false, false));
        }
        self.depth = (self.depth + 1).min(self.frames.len());
        let top = self.depth - 1;
        &mut self.frames[top]
    }

    /// Ends the game: checks the result (G5) and returns the report.
    pub fn finish(&mut self) -> GameReport {
        self.set_up();
        let fresh = empty_report(self.opts.verdict_only);
        let mut report = std::mem::replace(&mut self.report, fresh);
        let movetext = self.movetext_result.as_ref();
        let tag = self.tags.result.as_ref();
        report.result = movetext.or(tag).map(|r| r.0.clone());
        // Lines left open (only when driven by a broken source) end here;
        // no main line: the start position could not be set up.
        let open = std::mem::take(&mut self.depth);
        if let Some(main) = self.frames.first().filter(|_| open > 0) {
            // On bitboards the outcome is cheap and known at once; on the
            // reference engine it is left to `check_result`, which may not
            // need it.
            let (last, outcome) = match &main.fast {
                Some(fast) => (fast.now().to_position(), Some(fast.now().outcome())),
                None => (main.pos.clone(), None),
            };
            report.final_position = Some(last);
            check_result(&mut report, outcome, movetext, tag, self.game_span());
        }
        report.errors.sort_by_key(|d| d.span.offset);
        report.error = report.errors.first().cloned();
        report
    }

    /// Starts a new game (keeps the allocated frames).
    pub fn reset(&mut self) {
        self.report = empty_report(self.opts.verdict_only);
        self.tags = GameTags::default();
        self.depth = 0;
        self.set_up = false;
        self.movetext_result = None;
        self.early_denials.clear();
        self.started = false;
        self.span = Span::default();
        self.end = 0;
    }

    /// Plays one move token of the current line.
    pub fn play(&mut self, token: &str, span: Span) {
        self.play_bytes(token.as_bytes(), span);
    }

    /// [`Replayer::play`] on the token's bytes (UTF-8): a clean token on
    /// bitboards is played without ever being a `str`.
    fn play_bytes(&mut self, token: &[u8], span: Span) {
        self.touch(span);
        self.set_up();
        let Some(frame) = innermost(&mut self.frames, self.depth) else {
            return;
        };
        frame.has_last = true;
        if frame.dead {
            frame.last_failed = false;
            if !self.opts.verdict_only {
                self.report.canonical.push(None);
            }
            return;
        }
        frame.before_ply = frame.ply;
        if frame.play_fast(token) {
            frame.ply += 1;
            if frame.main {
                self.report.plies = frame.ply;
            }
            frame.denied.clear();
            return;
        }
        // The reference engine and its diagnostics read text; a reader
        // lends UTF-8 only, so this borrows.
        let token = String::from_utf8_lossy(token);
        let token = &*token;
        let was_fast = frame.fast.is_some();
        frame.leave_fast();
        let said = self.report.warnings.len() + self.report.errors.len();
        let played = play_token(token, span, frame, &mut self.report, &self.opts);
        // Back to bitboards after a token that was merely not canonical
        // enough for them (a disambiguation), not after lenient notation.
        if played.is_some()
            && was_fast
            && said == self.report.warnings.len() + self.report.errors.len()
        {
            frame.enter_fast(false);
        }
        if played.is_none() {
            // The position did not change: it is where this token's
            // variations start.
            frame.before.clone_from(&frame.pos);
            frame.dead = true;
            frame.last_failed = true;
        }
    }

    /// A comment of the current line: `[%deny]` refusals (FL10).
    pub fn comment(&mut self, text: &str, span: Span) {
        self.touch(span);
        if !text.contains("[%") {
            return;
        }
        if !self.set_up {
            // Before the first move a tag may still follow (`{[%deny S4w]}
            // [Variant "fault-line"]`): the refusals wait for the set-up,
            // which knows every tag, as `replay` reads a record's prelude.
            let denials = comment_commands(text).filter(|(name, _)| *name == "deny");
            for (_, args) in denials {
                let slide = denied_slide(args);
                // All of them are judged in the start position, so a
                // verdict needs only the first of each slide (and of the
                // rest) and how many followed it.
                let first = self.opts.verdict_only.then(|| {
                    let mut all = self.early_denials.iter_mut();
                    all.find(|e| e.slide == slide)
                });
                match first.flatten() {
                    Some(e) => e.repeats += 1,
                    None => self.early_denials.push(EarlyDenial {
                        args: args.to_owned(),
                        span,
                        slide,
                        repeats: 0,
                    }),
                }
            }
            return;
        }
        if let Some(frame) = innermost(&mut self.frames, self.depth) {
            if !frame.dead {
                read_denials(text, span, frame, &mut self.report);
            }
        }
    }

    /// `(`: an alternative to the last move of the current line.
    pub fn begin_variation(&mut self, span: Span) {
        self.touch(span);
        self.set_up();
        // The frame the variation opens in: a kept one, else a new one.
        if self.frames.len() <= self.depth {
            let Some(parent) = innermost(&mut self.frames, self.depth) else {
                return;
            };
            let frame = Frame::new(parent.before.clone(), 0, false, false);
            self.frames.push(frame);
        }
        let (open, kept) = self.frames.split_at_mut(self.depth);
        let (Some(parent), Some(frame)) = (open.last(), kept.first_mut()) else {
            return;
        };
        // A variation replaces the last move token of its line; it is dead
        // when that token was in a dead part of the line (not when it is the
        // token that failed), or when there is no such token.
        let dead = !parent.has_last || (parent.dead && !parent.last_failed);
        let ply = parent.before_ply;
        match &parent.fast {
            Some(fast) => {
                // Bitboards in, bitboards out: `pos` stays stale like the parent's.
                frame.restart_stale(ply, false, dead);
                let from = fast.before();
                frame.fast = Some(Box::new(FastLine::new(from.clone(), from.clone())));
            }
            None => frame.restart(&parent.before, ply, false, dead),
        }
        self.depth += 1;
    }

    /// `)`.
    pub fn end_variation(&mut self, span: Span) {
        self.touch(span);
        if self.depth > 1 {
            self.depth -= 1;
        }
    }

    /// A tag pair.
    pub fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.touch(span);
        let slot = match name {
            "Variant" => &mut self.tags.variant,
            "FEN" => &mut self.tags.fen,
            "Result" => &mut self.tags.result,
            "SetUp" => {
                self.tags.setup.get_or_insert_with(|| value.to_owned());
                return;
            }
            "White" => {
                self.tags.white.get_or_insert_with(|| value.to_owned());
                return;
            }
            "Black" => {
                self.tags.black.get_or_insert_with(|| value.to_owned());
                return;
            }
            _ => return,
        };
        slot.get_or_insert_with(|| (value.to_owned(), span));
    }

    /// The result token that ends the movetext.
    pub fn result(&mut self, result: &str, span: Span) {
        self.touch(span);
        self.movetext_result = Some((result.to_owned(), span));
    }
}

impl Visitor for Replayer {
    type Output = GameReport;
    fn begin_game(&mut self) {
        self.reset();
    }
    fn tag(&mut self, name: &str, value: &str, span: Span) {
        Replayer::tag(self, name, value, span);
    }
    fn san(&mut self, token: &str, span: Span) {
        self.play(token, span);
    }
    fn san_ascii(&mut self, token: &[u8], span: Span) {
        self.play_bytes(token, span);
    }
    fn nag(&mut self, _nag: u16, span: Span) {
        self.touch(span);
    }
    fn comment(&mut self, text: &str, span: Span) {
        Replayer::comment(self, text, span);
    }
    fn begin_variation(&mut self, span: Span) {
        Replayer::begin_variation(self, span);
    }
    fn end_variation(&mut self, span: Span) {
        Replayer::end_variation(self, span);
    }
    fn move_number(&mut self, _n: u32, span: Span) {
        self.touch(span);
    }
    fn outcome(&mut self, result: &str, span: Span) {
        self.result(result, span);
    }
    /// The report; the tags and span stay readable until the next game.
    fn end_game(&mut self) -> GameReport {
        self.finish()
    }
}

fn empty_report(limited: bool) -> GameReport {
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

/// Replays a record: its tokens, in document order, through a [`Replayer`].
pub fn replay(record: &Record, opts: &ReplayOptions) -> GameReport {
    let r = &mut Replayer::new(opts.clone());
    r.touch(record.span);
    r.end = record
        .span
        .offset
        .saturating_add(u64::from(record.span.len));
    for t in &record.tags {
        r.tag(&t.name, &t.value, t.span);
    }
    r.set_up();
    let comment = |r: &mut Replayer, c: &Comment| r.comment(&c.text, c.span);
    record.prelude.iter().for_each(|c| comment(r, c));
    // Explicit stack of lines: nesting depth never touches the call stack.
    // Each entry: the line's remaining nodes, and whether it is a variation
    // not yet opened (`Some(false)`), an open one (`Some(true)`), or the main line.
    let mut lines: Vec<(std::slice::Iter<'_, Node>, Option<bool>)> =
        vec![(record.moves.iter(), None)];
    while let Some((nodes, open)) = lines.last_mut() {
        if *open == Some(false) {
            *open = Some(true);
            r.begin_variation(Span::default());
        }
        let Some(node) = nodes.next() else {
            if lines.pop().is_some_and(|l| l.1.is_some()) {
                r.end_variation(Span::default());
            }
            continue;
        };
        node.comments_before.iter().for_each(|c| comment(r, c));
        r.play(&node.san, node.span);
        node.comments.iter().for_each(|c| comment(r, c));
        // Alternatives to this node, first one on top.
        lines.extend(
            node.variations
                .iter()
                .rev()
                .map(|v| (v.iter(), Some(false))),
        );
    }
    if let Some(res) = &record.result {
        // Records made in code may have no span for the result: show the
        // Result tag then, else the game.
        let tag = record.tag_pair("Result").map(|t| t.span);
        r.result(res, record.result_span.or(tag).unwrap_or(record.span));
    }
    r.finish()
}

/// A `[%deny]` read before the set-up, waiting for it.
struct EarlyDenial {
    args: String,
    span: Span,
    /// The slide it names, if any.
    slide: Option<(u8, Dir)>,
    /// Verdict-only: later ones of the same slide (or none), not kept.
    repeats: usize,
}

/// Reads `[%deny S3e]` commands of a comment into the frame (FL6, FL10).
fn read_denials(text: &str, span: Span, frame: &mut Frame, report: &mut GameReport) {
    for (name, args) in comment_commands(text) {
        if name == "deny" {
            read_denial(args, span, frame, report);
        }
    }
}

/// One `[%deny ARGS]` of a comment at `span` (FL10).
fn read_denial(args: &str, span: Span, frame: &mut Frame, report: &mut GameReport) {
    frame.leave_fast();
    let pos = &frame.pos;
    let mut fail = |message: &dyn Fn() -> String| {
        let make = || {
            let mut d = diag(Severity::Error, span, &format!("[%deny {args}]"), message());
            d.ruling = Some("FL10");
            d.ply = Some(frame.ply + 1);
            d.in_variation = !frame.main;
            d.fen = Some(write_fen(pos));
            d
        };
        report.file(Severity::Error, span, !frame.main, make);
    };
    if pos.variant() != Variant::FaultLine {
        fail(&|| "[%deny] is a Fault Line comment command; this game is not Fault Line".into());
        return;
    }
    let Some((rank, dir)) = denied_slide(args) else {
        fail(&|| format!("[%deny] names a slide such as S3e, not {args:?}"));
        return;
    };
    if fault_line::slide_dir(pos, rank) != Some(dir) {
        fail(&|| format!("{args} is not a slide this player could ever make here"));
    } else if let Some(owner) = fault_line::control(pos, rank) {
        fail(&|| {
            format!(
                "{args} needs no permission: {} controls rank {} (FL5)",
                owner.name(),
                rank as u32 + 1
            )
        });
    } else {
        debug_assert!(fault_line::deny_is_valid(pos, rank, dir));
        // The first refusal of a slide is the one a refused move cites.
        if !frame.denied.iter().any(|d| (d.0, d.1) == (rank, dir)) {
            frame.denied.push((rank, dir, span));
        }
    }
}

/// The slide a `[%deny]` names, if its arguments name one.
fn denied_slide(args: &str) -> Option<(u8, Dir)> {
    San::parse(args).ok().and_then(|p| match p.san {
        San::Slide { rank, dir } => Some((rank, dir)),
        _ => None,
    })
}

/// Records an error at a move token in the position of `frame`.
fn fail(
    report: &mut GameReport,
    opts: &ReplayOptions,
    (token, span): (&str, Span),
    frame: &Frame,
    message: String,
    ruling: Option<&'static str>,
    suggestions: Vec<String>,
) {
    let make = || {
        let mut d = diag(Severity::Error, span, token, message);
        d.ply = Some(frame.ply + 1);
        d.ruling = ruling;
        d.fen = Some(write_fen(&frame.pos));
        d.suggestions = suggestions;
        d.in_variation = !frame.main;
        d
    };
    report.file(Severity::Error, span, !frame.main, make);
    if !opts.verdict_only {
        report.canonical.push(None);
    }
}

/// Plays one move token in place; on failure records the error, leaves the
/// frame's position as it was and returns None.
fn play_token(
    token: &str,
    span: Span,
    frame: &mut Frame,
    report: &mut GameReport,
    opts: &ReplayOptions,
) -> Option<()> {
    let at = (token, span);
    let ply = frame.ply + 1;
    let parsed: ParsedSan = match San::parse(token) {
        Ok(p) => p,
        Err(e) => {
            let message = format!("{}; see notation/moves.md", e);
            fail(report, opts, at, frame, message, None, Vec::new());
            return None;
        }
    };
    // Fault Line slides: permission and refusals depend on the position before
    // the move (FL6, FL10); a resolved slide is exactly the slide written.
    let (mut with_permission, mut denied) = (false, None);
    if let (San::Slide { rank, dir }, Variant::FaultLine) = (&parsed.san, frame.pos.variant()) {
        with_permission = fault_line::slide_needs_permission(&frame.pos, *rank);
        denied = frame
            .denied
            .iter()
            .find(|d| d.0 == *rank && d.1 == *dir)
            .map(|d| d.2);
    }
    // A refused slide is reported only if it is otherwise legal.
    if let Some(refusal) = denied.filter(|_| parsed.resolve(&frame.pos).is_ok()) {
        let message = format!(
            "this slide was refused this turn by [%deny] at line {}, column {}",
            refusal.line, refusal.column
        );
        fail(report, opts, at, frame, message, Some("FL6"), Vec::new());
        return None;
    }
    // Variations written after this move start from the position before it.
    frame.before.clone_from(&frame.pos);
    let resolved = match parsed.play(&mut frame.pos) {
        Ok(r) => r,
        Err(e) => {
            let pos = &frame.pos;
            let (ruling, illegal) = match &e {
                SanError::Illegal { ruling, mv, .. } => (Some(*ruling), Some(*mv)),
                SanError::GameOver { outcome } => (Some(outcome.ruling()), None),
                _ => (None, None),
            };
            let sugg = match &e {
                SanError::Ambiguous { candidates } => candidates.clone(),
                SanError::GameOver { .. } => Vec::new(),
                _ => suggestions(pos, &parsed.san, illegal.as_ref()),
            };
            // The token and the ruling are shown by the report itself.
            let what = e.message_for(pos, token);
            fail(report, opts, at, frame, what, ruling, sugg);
            return None;
        }
    };
    let san = resolved.san;
    for w in &resolved.warnings {
        let severity = if opts.strict {
            Severity::Error
        } else {
            Severity::Warning
        };
        let make = || {
            let mut d = diag(severity, span, token, format!("{w}: write {san}"));
            d.ply = Some(ply);
            d.in_variation = !frame.main;
            // Lenient notation as an error shows the position before the move.
            d.fen = opts.strict.then(|| write_fen(&frame.before));
            d
        };
        report.file(severity, span, !frame.main, make);
    }
    if with_permission {
        let make = || {
            let mut d = diag(
                Severity::Note,
                span,
                token,
                "a slide of an uncontrolled rank, played with permission".to_owned(),
            );
            d.ply = Some(ply);
            d.ruling = Some("FL6");
            d.in_variation = !frame.main;
            d
        };
        report.file(Severity::Note, span, !frame.main, make);
    }
    if frame.main {
        report.plies = ply;
    }
    if !opts.verdict_only {
        if frame.main {
            report.main_line.push(PlyInfo {
                mv: resolved.mv,
                san: san.clone(),
                with_permission,
                fen_after: opts.fens.then(|| write_fen(&frame.pos)),
            });
        }
        report.canonical.push(Some(san));
    }
    frame.ply = ply;
    frame.denied.clear();
    Some(())
}

/// The innermost open line of `frames[..depth]`: a function of the field,
/// not of the replayer, so the report stays free to borrow beside it.
fn innermost(frames: &mut [Frame], depth: usize) -> Option<&mut Frame> {
    frames.get_mut(..depth)?.last_mut()
}

/// Checks the result against the final position (G5) and the Result tag.
/// `outcome`: the final position's, when already known.
fn check_result(
    report: &mut GameReport,
    outcome: Option<Option<Outcome>>,
    movetext: Option<&(String, Span)>,
    tag: Option<&(String, Span)>,
    game_span: Span,
) {
    let Some(final_pos) = report.final_position.as_ref() else {
        return;
    };
    if report.main_failed {
        return;
    }
    report.outcome = outcome.unwrap_or_else(|| final_pos.outcome());
    // Point at the result token, else at the Result tag, else at the game.
    let result_span = movetext.or(tag).map_or(game_span, |r| r.1);
    let tag = tag.map(|t| t.0.trim());
    if let (Some((m, _)), Some(t)) = (movetext, tag) {
        if m != t && t != "?" {
            let mut d = diag(
                Severity::Error,
                result_span,
                m,
                format!("the movetext ends with {m} but the Result tag says {t}"),
            );
            d.ply = Some(report.plies);
            report.file(Severity::Error, result_span, false, || d);
            return;
        }
    }
    if let Some(outcome) = report.outcome {
        let written = report.result.clone().unwrap_or_else(|| "*".into());
        if written != outcome.result() {
            let mut d = diag(
                Severity::Error,
                result_span,
                &written,
                format!(
                    "the game ended: {outcome} ({}), so the result must be {}, not {written}",
                    outcome.ruling(),
                    outcome.result()
                ),
            );
            d.ruling = Some(outcome.ruling());
            d.ply = Some(report.plies);
            d.fen = report.final_position.as_ref().map(write_fen);
            report.file(Severity::Error, result_span, false, || d);
        }
    }
}

/// The record with every resolvable move rewritten in canonical SAN.
pub fn canonical_record(record: &Record, report: &GameReport) -> Record {
    let mut out = record.clone();
    let mut sans = report.canonical.iter();
    let mut stack = vec![out.moves.iter_mut()];
    while let Some(it) = stack.last_mut() {
        match it.next() {
            None => {
                stack.pop();
            }
            Some(node) => {
                if let Some(Some(san)) = sans.next() {
                    node.san = san.clone();
                }
                stack.extend(node.variations.iter_mut().rev().map(|v| v.iter_mut()));
            }
        }
    }
    out
}

/// Whether `mv` is a Fault Line slide of an uncontrolled rank, which needs the
/// opponent's permission (FL5, FL6). False for every other move.
pub fn slide_needs_permission(pos: &Position, mv: &Move) -> bool {
    matches!(*mv, Move::Slide { rank, .. } if fault_line::slide_needs_permission(pos, rank))
}
