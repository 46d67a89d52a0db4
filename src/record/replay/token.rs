//! Playing one move token on the reference position, with its diagnostics.

use crate::model::Span;
use crate::moves::{Move, PieceMove};
use crate::notation::fen::write_fen;
use crate::notation::san::{write_san, ParseSanError, ParsedSan, San, SanError, Suffix};
use crate::position::Position;
use crate::record::replay::frame::Frame;
use crate::record::replay::report::{diag, permission_note, GameReport, PlyInfo, Severity};
use crate::record::replay::ReplayOptions;
use crate::rules::fault_line;
use crate::variant::Variant;

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
    if !opts.verdict_only() {
        report.canonical.push(None);
    }
}

/// Plays one move token (parsed once, by the caller) in place: the move and
/// its mark (the position before it is the frame's `before`). On failure
/// records the error, leaves the frame's position as it was and returns
/// None.
pub(super) fn play_token(
    token: &str,
    parsed: Result<ParsedSan, ParseSanError>,
    span: Span,
    frame: &mut Frame,
    report: &mut GameReport,
    opts: &ReplayOptions,
) -> Option<(Move, Option<Suffix>)> {
    let at = (token, span);
    let ply = frame.ply + 1;
    let parsed: ParsedSan = match parsed {
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
    let severity = if opts.strict {
        Severity::Error
    } else {
        Severity::Warning
    };
    // A pass belongs to analysis: said in a main line (no played game has
    // one), never in a variation.
    if resolved.mv == Move::Null && frame.main {
        let make = || {
            let message = "a null move in the main line: the side to move passes, which no \
                           played game does (fine in a variation)";
            let mut d = diag(severity, span, token, message.to_owned());
            d.ply = Some(ply);
            d.fen = opts.strict.then(|| write_fen(&frame.before));
            d
        };
        report.file(severity, span, false, make);
    }
    for w in &resolved.warnings {
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
        let make = || permission_note(span, token, ply, !frame.main);
        report.file(Severity::Note, span, !frame.main, make);
    }
    if frame.main {
        report.plies = ply;
    }
    if !opts.verdict_only() {
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
    Some((resolved.mv, resolved.suffix))
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
    let lands_on = |m: &Move, sq| matches!(m, Move::Normal(PieceMove { to, .. }) | Move::EnPassant { to, .. } if *to == sq);
    let same_kind = |m: &Move| match (san, m) {
        (San::Normal { role: Some(r), .. }, Move::Normal(PieceMove { role, .. })) => r == role,
        (San::Normal { role: None, .. }, Move::Normal(_)) => true,
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
