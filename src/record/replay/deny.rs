//! `[%deny]` comment commands: refusals of a slide (FL6, FL10), read into
//! the line they are written in. The rules part (when a refusal is valid)
//! is [`fault_line::judge_denial`].

use crate::model::{comment_commands, Span};
use crate::moves::Dir;
use crate::notation::fen::write_fen;
use crate::notation::san::San;
use crate::record::replay::frame::Frame;
use crate::record::replay::report::{diag, GameReport, Severity};
use crate::rules::fault_line::{self, VoidDenial};
use crate::variant::Variant;

/// A `[%deny]` read before the set-up, waiting for it.
pub(super) struct EarlyDenial {
    pub(super) args: String,
    pub(super) span: Span,
    /// The slide it names, if any.
    pub(super) slide: Option<(u8, Dir)>,
    /// Verdict-only: later ones of the same slide (or none), not kept.
    pub(super) repeats: usize,
}

/// Reads `[%deny S3e]` commands of a comment into the frame (FL6, FL10).
pub(super) fn read_denials(text: &str, span: Span, frame: &mut Frame, report: &mut GameReport) {
    for (name, args) in comment_commands(text) {
        if name == "deny" {
            read_denial(args, span, frame, report);
        }
    }
}

/// One `[%deny ARGS]` of a comment at `span` (FL10).
pub(super) fn read_denial(args: &str, span: Span, frame: &mut Frame, report: &mut GameReport) {
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
    let Some((rank, dir)) = denied_slide(args) else {
        if pos.variant() == Variant::FaultLine {
            fail(&|| format!("[%deny] names a slide such as S3e, not {args:?}"));
        } else {
            fail(&|| NOT_FAULT_LINE.into());
        }
        return;
    };
    match fault_line::judge_denial(pos, rank, dir) {
        Err(VoidDenial::NotFaultLine) => fail(&|| NOT_FAULT_LINE.into()),
        Err(VoidDenial::NoSuchSlide) => {
            fail(&|| format!("{args} is not a slide this player could ever make here"))
        }
        Err(VoidDenial::Controlled(owner)) => fail(&|| {
            format!(
                "{args} needs no permission: {} controls rank {} (FL5)",
                owner.name(),
                rank as u32 + 1
            )
        }),
        Ok(()) => {
            // The first refusal of a slide is the one a refused move cites.
            if !frame.denied.iter().any(|d| (d.0, d.1) == (rank, dir)) {
                frame.denied.push((rank, dir, span));
            }
        }
    }
}

const NOT_FAULT_LINE: &str = "[%deny] is a Fault Line comment command; this game is not Fault Line";

/// The slide a `[%deny]` names, if its arguments name one.
pub(super) fn denied_slide(args: &str) -> Option<(u8, Dir)> {
    San::parse(args).ok().and_then(|p| match p.san {
        San::Slide { rank, dir } => Some((rank, dir)),
        _ => None,
    })
}
