//! The replayer: a PGN [`Visitor`] that replays a game as its tokens arrive.

use crate::model::{comment_commands, Span};
use crate::notation::fen::write_fen;
use crate::notation::pgn::{Proof, Visitor};
use crate::notation::san::San;
use crate::position::Position;
use crate::record::replay::deny::{denied_slide, read_denial, read_denials, EarlyDenial};
use crate::record::replay::facts::{self, Facts};
use crate::record::replay::fast::{clean_san_into, clean_verdict};
use crate::record::replay::frame::{innermost, FastLine, Frame};
use crate::record::replay::report::{
    diag, empty_report, permission_note, Diagnostic, GameReport, Severity,
};
use crate::record::replay::result::end_main_line;
use crate::record::replay::setup::{fen_in_force, start_from, variant_named};
use crate::record::replay::token::play_token;
use crate::record::replay::{ReplayMode, ReplayOptions};
use crate::variant::Variant;

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
/// archive is checked without building records; [`replay`](super::replay) drives it from a
/// [`Record`](crate::model::Record). One replay, two sources.
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
    /// What the last move token did ([`ReplayMode::Described`]).
    facts: Facts,
    started: bool,
    span: Span,
    pub(super) end: u64,
}

impl Replayer {
    /// A replayer for games read with `opts`.
    pub fn new(opts: ReplayOptions) -> Replayer {
        Replayer {
            report: empty_report(opts.verdict_only()),
            opts,
            tags: GameTags::default(),
            frames: Vec::new(),
            depth: 0,
            set_up: false,
            movetext_result: None,
            early_denials: Vec::new(),
            facts: Facts::default(),
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

    /// The variant of a game whose `Variant` tag is absent or blank
    /// ([`ReplayOptions::variant`]).
    pub fn default_variant(&self) -> Option<Variant> {
        self.opts.variant
    }

    /// Whether the game read ended with a result token (`1-0`, `*` …)
    /// rather than at a new tag section or the end of the input.
    pub fn ended_with_result(&self) -> bool {
        self.movetext_result.is_some()
    }

    /// Takes the verdict on the move token just replayed (any mode but
    /// [`ReplayMode::Verdict`]): its canonical SAN, None when it did not
    /// resolve.
    /// The main line's plies go too, so a caller streaming a huge game holds
    /// neither list whole.
    pub fn take_verdict(&mut self) -> Option<compact_str::CompactString> {
        self.report.main_line.clear();
        self.report.canonical.pop().flatten()
    }

    /// What the replay keeps besides the verdict (the writer's mode, asked
    /// once).
    pub fn mode(&self) -> ReplayMode {
        self.opts.mode
    }

    /// Takes what the move token just replayed did
    /// ([`ReplayMode::Described`], when its verdict is not None).
    pub fn take_facts(&mut self) -> Facts {
        std::mem::take(&mut self.facts)
    }

    /// Files an error found outside the replay (a Game Courier turn that
    /// matches no move), as the replay's own.
    pub(crate) fn file_error(&mut self, d: Diagnostic) {
        self.report
            .file(Severity::Error, d.span, d.in_variation, || d);
    }

    /// Where the game is (first token to last token read so far).
    pub fn game_span(&self) -> Span {
        Span {
            len: u32::try_from(self.end.saturating_sub(self.span.offset)).unwrap_or(u32::MAX),
            ..self.span
        }
    }

    pub(super) fn touch(&mut self, span: Span) {
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
    #[inline]
    pub(super) fn set_up(&mut self) {
        // Asked at every token: the check inline, the work out of line.
        if !self.set_up {
            self.set_up_now();
        }
    }

    /// [`Replayer::set_up`]'s work, once a game.
    #[cold]
    fn set_up_now(&mut self) {
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
        let tag = tags.variant.as_ref().map(|v| v.0.as_str());
        let variant = variant_named(tag, self.opts.variant)
            .map_err(|e| (e, at(&tags.variant), "unknown-variant"));
        let fen = fen_in_force(
            tags.setup.as_deref(),
            tags.fen.as_ref().map(|f| f.0.as_str()),
        );
        // The orthodox array: the accelerator starts from its cached copy.
        let standard_start = fen.is_none() && variant == Ok(Variant::Chess);
        if standard_start && self.opts.verdict_only() {
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
            start_from(fen, v).map_err(|e| (e, at(&tags.fen), "fen-tag"))
        });
        match start {
            Ok(pos) => {
                if self.opts.mode == ReplayMode::Full {
                    self.report.start = Some(Box::new(pos.clone()));
                }
                let fast = self.opts.mode != ReplayMode::Full;
                let frame = self.open_frame(|| pos.clone());
                frame.restart(&pos, 0, true, false);
                if fast {
                    frame.enter_fast(standard_start);
                }
            }
            Err((message, span, kind)) => {
                let d = || Diagnostic {
                    kind: Some(kind),
                    ..diag(Severity::Error, span, "", message)
                };
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
    fn finish(&mut self) -> GameReport {
        self.set_up();
        let fresh = empty_report(self.opts.verdict_only());
        let mut report = std::mem::replace(&mut self.report, fresh);
        let movetext = self.movetext_result.as_ref();
        let tag = self.tags.result.as_ref();
        report.result = movetext.or(tag).map(|r| r.0.clone());
        // Lines left open (only when driven by a broken source) end here;
        // no main line: the start position could not be set up.
        let open = std::mem::take(&mut self.depth);
        if let Some(main) = self.frames.first().filter(|_| open > 0) {
            let now = main.fast.as_ref().map(|f| f.now());
            let last = || match now {
                Some(fast) => fast.to_position(),
                None => main.pos.clone(),
            };
            let outcome = || match now {
                Some(fast) => fast.outcome(),
                None => main.pos.outcome(),
            };
            let (span, keep) = (self.game_span(), !self.opts.verdict_only());
            end_main_line(&mut report, last, outcome, movetext, tag, span, keep);
        }
        report.errors.sort_by_key(|d| d.span.offset);
        report.error = report.errors.first().cloned();
        report
    }

    /// Starts a new game (keeps the allocated frames).
    fn reset(&mut self) {
        self.report = empty_report(self.opts.verdict_only());
        self.tags = GameTags::default();
        self.depth = 0;
        self.set_up = false;
        self.movetext_result = None;
        self.early_denials.clear();
        self.started = false;
        self.span = Span::default();
        self.end = 0;
    }

    /// Plays one move token (UTF-8 bytes; `text`, the same as a `str` when
    /// the caller has one) of the current line: a clean token on bitboards
    /// is played without ever being made a `str`, and every token is
    /// parsed once, for the bitboards and the reference alike.
    fn play_bytes(&mut self, token: &[u8], text: Option<&str>, span: Span) {
        self.touch(span);
        self.set_up();
        let Some(frame) = innermost(&mut self.frames, self.depth) else {
            return;
        };
        frame.has_last = true;
        if frame.dead {
            frame.last_failed = false;
            if !self.opts.verdict_only() {
                self.report.canonical.push(None);
            }
            return;
        }
        frame.before_ply = frame.ply;
        // Read where it lies: moving the move out of the pair copied it in
        // wider loads than the parser's stores, each waiting on them (chess
        // `validate` took 3.6% longer, paired runs).
        let read = San::parse_bytes_plain(token);
        let plain = read.1;
        let fast = read.0.as_ref().ok().and_then(|p| {
            let with_permission = match self.opts.mode {
                ReplayMode::Described { fens } => frame.play_described(p, fens, &mut self.facts)?,
                _ => frame.play_fast(p)?,
            };
            Some((p, with_permission))
        });
        if let Some((p, with_permission)) = fast {
            let verdict = || clean_verdict(p, token, text, plain);
            let played = Played {
                token,
                span,
                with_permission,
            };
            played.file(frame, &mut self.report, &self.opts, verdict);
            return;
        }
        // The reference engine and its diagnostics read text; a reader
        // lends UTF-8 only, so this borrows.
        let token = String::from_utf8_lossy(token);
        let token = &*token;
        let was_fast = frame.fast.is_some();
        frame.leave_fast();
        let said = self.report.warnings.len() + self.report.errors.len();
        let played = play_token(token, read.0, span, frame, &mut self.report, &self.opts);
        if let (Some((mv, suffix)), ReplayMode::Described { fens }) = (played, self.opts.mode) {
            let before = &frame.before;
            self.facts = facts::describe(before.turn(), Some(before), &mv, suffix);
            if fens {
                self.facts.fen_after = Some(write_fen(&frame.pos));
            }
        }
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

    /// Plays a move a reader has already played on the accelerator
    /// ([`Proof`]): the line takes the position after it when it is on
    /// bitboards (the same game on the same accelerator, so the same
    /// position); otherwise its canonical SAN is played as any token.
    fn play_proved(&mut self, span: Span, proof: Proof<'_>) {
        self.touch(span);
        self.set_up();
        let Some(frame) = innermost(&mut self.frames, self.depth) else {
            return;
        };
        #[cfg(debug_assertions)]
        let expected = frame.fast.as_ref().map(|f| {
            let mut next = f.now().clone();
            let parsed = San::parse_bytes_plain(proof.token().as_bytes()).0.ok();
            let played = parsed.and_then(|p| f.now().successor(&p, &mut next));
            (played, next.to_position())
        });
        // A writer that asks what each move did has it from the replay.
        let described = matches!(self.opts.mode, ReplayMode::Described { .. });
        if frame.dead || described || !frame.adopt(proof) {
            let token = proof_token(proof);
            return self.play_bytes(token.as_bytes(), Some(&token), span);
        }
        #[cfg(debug_assertions)]
        if let (Some((played, next)), Some(f)) = (expected, frame.fast.as_ref()) {
            debug_assert_eq!(played, Some(proof.permission), "{}", proof.token());
            debug_assert!(next == f.now().to_position(), "{}", proof.token());
        }
        frame.has_last = true;
        frame.before_ply = frame.ply;
        let token = match proof.permission || !self.opts.verdict_only() {
            true => proof_token(proof),
            false => String::new(),
        };
        let played = Played {
            token: token.as_bytes(),
            span,
            with_permission: proof.permission,
        };
        played.file(frame, &mut self.report, &self.opts, || {
            token.as_str().into()
        });
    }

    /// A comment of the current line: `[%deny]` refusals (FL10).
    fn on_comment(&mut self, text: &str, span: Span) {
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
                let first = self.opts.verdict_only().then(|| {
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
    fn on_begin_variation(&mut self, span: Span) {
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
    fn on_end_variation(&mut self, span: Span) {
        self.touch(span);
        if self.depth > 1 {
            self.depth -= 1;
        }
    }

    /// A tag pair.
    fn on_tag(&mut self, name: &str, value: &str, span: Span) {
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
    fn on_result(&mut self, result: &str, span: Span) {
        self.touch(span);
        self.movetext_result = Some((result.to_owned(), span));
    }
}

/// The canonical SAN of a move a reader played ([`Proof`]).
fn proof_token(proof: Proof<'_>) -> String {
    let mut token = String::with_capacity(8);
    clean_san_into(proof.san, proof.suffix, &mut token);
    token
}

/// A move token played on bitboards.
struct Played<'a> {
    token: &'a [u8],
    span: Span,
    /// A Fault Line slide played with permission (FL6).
    with_permission: bool,
}

impl Played<'_> {
    /// Files what the move files: its ply, its canonical SAN when the
    /// writer keeps it (`verdict`), and the note of a slide played with
    /// permission (FL6).
    #[inline]
    fn file(
        &self,
        frame: &mut Frame,
        report: &mut GameReport,
        opts: &ReplayOptions,
        verdict: impl FnOnce() -> compact_str::CompactString,
    ) {
        frame.ply += 1;
        if frame.main {
            report.plies = frame.ply;
        }
        if !opts.verdict_only() {
            report.canonical.push(Some(verdict()));
        }
        frame.denied.clear();
        if self.with_permission {
            // The reference engine's note on this slide (FL6), word for word.
            let (ply, in_variation, span) = (frame.ply, !frame.main, self.span);
            let token = String::from_utf8_lossy(self.token);
            let make = || permission_note(span, &token, ply, in_variation);
            report.file(Severity::Note, span, in_variation, make);
        }
    }
}

impl Visitor for Replayer {
    type Output = GameReport;
    fn begin_game(&mut self) {
        self.reset();
    }
    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.on_tag(name, value, span);
    }
    fn san(&mut self, token: &str, span: Span) {
        self.play_bytes(token.as_bytes(), Some(token), span);
    }
    fn san_ascii(&mut self, token: &[u8], span: Span) {
        self.play_bytes(token, None, span);
    }
    fn san_proved(&mut self, span: Span, proof: Proof<'_>) {
        self.play_proved(span, proof);
    }
    fn nag(&mut self, _nag: u16, span: Span) {
        self.touch(span);
    }
    /// A comment of the current line: `[%deny]` refusals (FL10).
    fn comment(&mut self, text: &str, span: Span) {
        self.on_comment(text, span);
    }
    fn begin_variation(&mut self, span: Span) {
        self.on_begin_variation(span);
    }
    fn end_variation(&mut self, span: Span) {
        self.on_end_variation(span);
    }
    fn move_number(&mut self, _n: u32, span: Span) {
        self.touch(span);
    }
    fn outcome(&mut self, result: &str, span: Span) {
        self.on_result(result, span);
    }
    /// The report; the tags and span stay readable until the next game.
    fn end_game(&mut self) -> GameReport {
        self.finish()
    }
}
