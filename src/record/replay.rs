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

use compact_str::CompactString;

use crate::moves::{Dir, Move};
use crate::notation::fen::{read_fen, write_fen};
use crate::notation::san::{long_form, write_san, ParsedSan, San, SanError};
use crate::position::Position;
use crate::record::{comment_commands, Comment, Node, Record, Span};
use crate::rules::{fault_line, Outcome, Variant};

/// How strict a replay is.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// Lenient notation is an error, not a warning.
    pub strict: bool,
    /// Record the FEN after every main-line ply.
    pub fens: bool,
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

/// The verdict on one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub variant: Variant,
    /// Plies of the main line that were played.
    pub plies: usize,
    pub main_line: Vec<PlyInfo>,
    /// The first error in document order, if any.
    pub error: Option<Diagnostic>,
    /// Every error (the first is `error`).
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
    pub notes: Vec<Diagnostic>,
    /// How the main line ended, if it reached a game end.
    pub outcome: Option<Outcome>,
    /// The result written (movetext, else the Result tag).
    pub result: Option<String>,
    pub start: Option<Position>,
    pub final_position: Option<Position>,
    /// Canonical SAN of every node in document order (None where it failed).
    pub canonical: Vec<Option<CompactString>>,
}

impl GameReport {
    pub fn is_valid(&self) -> bool {
        self.error.is_none()
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

/// The variant a record names (`[Variant]`, default chess).
pub fn record_variant(record: &Record) -> Result<Variant, String> {
    match record.tag("Variant") {
        None => Ok(Variant::Chess),
        Some(v) if v.trim().is_empty() => Ok(Variant::Chess),
        Some(v) => v.parse::<Variant>().map_err(|e| e.to_string()),
    }
}

/// The start position a record names (`[SetUp "1"]` + `[FEN]`).
pub fn record_start(record: &Record, variant: Variant) -> Result<Position, String> {
    let setup = record.tag("SetUp").map(str::trim);
    match (setup, record.tag("FEN")) {
        (Some("0"), _) | (_, None) => Ok(Position::start(variant)),
        (_, Some(fen)) => read_fen(fen.trim(), variant).map_err(|e| format!("in the FEN tag: {e}")),
    }
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

struct Frame<'a> {
    nodes: std::slice::Iter<'a, Node>,
    pos: Box<Position>,
    ply: usize,
    main: bool,
    dead: bool,
    /// `[%deny]` refusals that apply to the next move of this line (FL10).
    denied: Vec<(u8, Dir, Span)>,
}

/// Replays a record.
pub fn replay(record: &Record, opts: &ReplayOptions) -> GameReport {
    let mut report = GameReport {
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
    };
    let movetext_result = record.result.clone();
    report.result = movetext_result
        .clone()
        .or_else(|| record.tag("Result").map(str::to_owned));
    // A bad Variant or FEN tag is shown at that tag.
    let tag_span = |name: &str| record.tag_pair(name).map_or(record.span, |t| t.span);
    let setup = match record_variant(record) {
        Err(message) => Err((message, tag_span("Variant"))),
        Ok(v) => {
            report.variant = v;
            record_start(record, v).map_err(|message| (message, tag_span("FEN")))
        }
    };
    let start = match setup {
        Ok(pos) => pos,
        Err((message, span)) => {
            let d = diag(Severity::Error, span, "", message);
            report.error = Some(d.clone());
            report.errors.push(d);
            return report;
        }
    };
    report.start = Some(start.clone());
    let mut stack = vec![Frame {
        nodes: record.moves.iter(),
        pos: Box::new(start),
        ply: 0,
        main: true,
        dead: false,
        denied: Vec::new(),
    }];
    // Refusals written before the first move (FL10).
    read_denials(&record.prelude, &mut stack[0], &mut report);
    while let Some(frame) = stack.last_mut() {
        let Some(node) = frame.nodes.next() else {
            if frame.main {
                report.final_position = Some((*frame.pos).clone());
            }
            stack.pop();
            continue;
        };
        if frame.dead {
            report.canonical.push(None);
        } else {
            read_denials(&node.comments_before, frame, &mut report);
            // Variations start from the position before this move: keep it only then.
            let before = (!node.variations.is_empty()).then(|| frame.pos.clone());
            let ply_before = frame.ply;
            match play_node(node, frame, &mut report, opts) {
                Some(()) => {
                    read_denials(&node.comments, frame, &mut report);
                }
                None => frame.dead = true,
            }
            if let Some(before) = before {
                let vars: Vec<Frame<'_>> = node
                    .variations
                    .iter()
                    .rev()
                    .map(|v| Frame {
                        nodes: v.iter(),
                        pos: before.clone(),
                        ply: ply_before,
                        main: false,
                        dead: false,
                        denied: Vec::new(),
                    })
                    .collect();
                stack.extend(vars);
            }
            continue;
        }
        // A dead line still owes canonical slots for its variations' nodes.
        let mut pending: Vec<&Node> = node.variations.iter().flatten().collect();
        while let Some(n) = pending.pop() {
            report.canonical.push(None);
            pending.extend(n.variations.iter().flatten());
        }
    }
    finish(record, movetext_result, &mut report);
    report.errors.sort_by_key(|d| d.span.offset);
    report.error = report.errors.first().cloned();
    report
}

/// Reads `[%deny S3e]` commands from comments into the frame (FL6, FL10).
fn read_denials(comments: &[Comment], frame: &mut Frame<'_>, report: &mut GameReport) {
    for c in comments {
        for (name, args) in comment_commands(&c.text) {
            if name != "deny" {
                continue;
            }
            let ply = frame.ply + 1;
            let mut fail = |message: String| {
                let mut d = diag(Severity::Error, c.span, &format!("[%deny {args}]"), message);
                d.ruling = Some("FL10");
                d.ply = Some(ply);
                d.in_variation = !frame.main;
                d.fen = Some(write_fen(&frame.pos));
                report.errors.push(d);
            };
            if frame.pos.variant() != Variant::FaultLine {
                fail("[%deny] is a Fault Line comment command; this game is not Fault Line".into());
                continue;
            }
            let slide = San::parse(args).ok().and_then(|p| match p.san {
                San::Slide { rank, dir } => Some((rank, dir)),
                _ => None,
            });
            let Some((rank, dir)) = slide else {
                fail(format!("[%deny] names a slide such as S3e, not {args:?}"));
                continue;
            };
            if fault_line::slide_dir(&frame.pos, rank) != Some(dir) {
                fail(format!(
                    "{args} is not a slide this player could ever make here"
                ));
            } else if let Some(owner) = fault_line::control(&frame.pos, rank) {
                fail(format!(
                    "{args} needs no permission: {} controls rank {} (FL5)",
                    owner.name(),
                    rank as u32 + 1
                ));
            } else {
                debug_assert!(fault_line::deny_is_valid(&frame.pos, rank, dir));
                frame.denied.push((rank, dir, c.span));
            }
        }
    }
}

/// Records an error at `node` in the position of `frame`.
fn fail(
    report: &mut GameReport,
    node: &Node,
    frame: &Frame<'_>,
    message: String,
    ruling: Option<&'static str>,
    suggestions: Vec<String>,
) {
    let mut d = diag(Severity::Error, node.span, &node.san, message);
    d.ply = Some(frame.ply + 1);
    d.ruling = ruling;
    d.fen = Some(write_fen(&frame.pos));
    d.suggestions = suggestions;
    d.in_variation = !frame.main;
    report.errors.push(d);
    report.canonical.push(None);
}

/// Plays one node in place; on failure records the error, leaves the frame's
/// position as it was and returns None.
fn play_node(
    node: &Node,
    frame: &mut Frame<'_>,
    report: &mut GameReport,
    opts: &ReplayOptions,
) -> Option<()> {
    let ply = frame.ply + 1;
    let parsed: ParsedSan = match San::parse(&node.san) {
        Ok(p) => p,
        Err(e) => {
            let message = format!("{}; see notation/moves.md", e);
            fail(report, node, frame, message, None, Vec::new());
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
    let resolved = match denied {
        // A refused slide is reported only if it is otherwise legal.
        Some(span) => parsed.resolve(&frame.pos).map(|_| span),
        None => Err(SanError::NoMatch),
    };
    if let Ok(span) = resolved {
        let message = format!(
            "{} was refused this turn by [%deny] at line {}, column {} (FL6)",
            node.san, span.line, span.column
        );
        fail(report, node, frame, message, Some("FL6"), Vec::new());
        return None;
    }
    // Strict mode reports lenient notation as errors, with the position before.
    let before = opts.strict.then(|| (*frame.pos).clone());
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
            let what = match &e {
                SanError::Illegal { mv, .. } => format!("{}: {e}", long_form(pos, mv)),
                _ => format!("{e}"),
            };
            fail(report, node, frame, what, ruling, sugg);
            return None;
        }
    };
    let san = resolved.san;
    for w in &resolved.warnings {
        let message = format!("{w}: write {san}");
        let severity = if opts.strict {
            Severity::Error
        } else {
            Severity::Warning
        };
        let mut d = diag(severity, node.span, &node.san, message);
        d.ply = Some(ply);
        d.in_variation = !frame.main;
        if opts.strict {
            d.fen = before.as_ref().map(write_fen);
            report.errors.push(d);
        } else {
            report.warnings.push(d);
        }
    }
    if with_permission {
        let mut d = diag(
            Severity::Note,
            node.span,
            &node.san,
            format!("{san} slides an uncontrolled rank: played with permission (FL6)"),
        );
        d.ply = Some(ply);
        d.ruling = Some("FL6");
        d.in_variation = !frame.main;
        report.notes.push(d);
    }
    if frame.main {
        report.plies = ply;
        report.main_line.push(PlyInfo {
            mv: resolved.mv,
            san: san.clone(),
            with_permission,
            fen_after: opts.fens.then(|| write_fen(&frame.pos)),
        });
    }
    report.canonical.push(Some(san));
    frame.ply = ply;
    frame.denied.clear();
    Some(())
}

/// Checks the result against the final position (G5) and the Result tag.
fn finish(record: &Record, movetext: Option<String>, report: &mut GameReport) {
    let Some(final_pos) = report.final_position.as_ref() else {
        return;
    };
    if report.errors.iter().any(|d| !d.in_variation) {
        return;
    }
    report.outcome = final_pos.outcome();
    // Point at the result token, else at the Result tag, else at the game.
    let result_span = record
        .result_span
        .unwrap_or_else(|| record.tag_pair("Result").map_or(record.span, |t| t.span));
    let tag = record.tag("Result").map(str::trim);
    if let (Some(m), Some(t)) = (movetext.as_deref(), tag) {
        if m != t && t != "?" {
            let mut d = diag(
                Severity::Error,
                result_span,
                m,
                format!("the movetext ends with {m} but the Result tag says {t}"),
            );
            d.ply = Some(report.plies);
            report.errors.push(d);
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
            d.fen = Some(write_fen(final_pos));
            report.errors.push(d);
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
