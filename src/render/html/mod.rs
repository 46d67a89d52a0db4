//! The replay page: one self-contained HTML file per game (inline CSS, JS and
//! piece drawings, no network access), and an index page for an archive.
//!
//! Positions travel as compact data (a character a square) and one small
//! script draws them with the same layout as [`svg`](super::svg): a 200-ply
//! game stays far below 300 KB, where an SVG per ply would not. Everything
//! from the record is escaped ([`escape`]); the page's Content-Security-Policy
//! allows its own script and style (by hash) and nothing else.

use std::fmt::Write as _;

use base64::Engine as _;
use sha2::{Digest as _, Sha256};

use crate::escape::markup as escape;
use crate::model::Tag;
use crate::record::replay::verdict::Verdict;

mod page;
mod steps;

pub use page::{PageEntry, PageOut, PageSink};

const SCRIPT: &str = include_str!("assets/replay.js");
const STYLE: &str = include_str!("assets/replay.css");

/// `'sha256-…'` of an inline script or style, for the CSP.
fn csp_hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The CSP of every page: no network, no plugins, only its own script and
/// style.
pub fn content_security_policy(script: bool) -> String {
    let script_src = if script {
        csp_hash(SCRIPT)
    } else {
        "'none'".into()
    };
    format!(
        "default-src 'none'; script-src {script_src}; style-src {}; img-src 'none'; base-uri 'none'; form-action 'none'",
        csp_hash(STYLE)
    )
}

fn head(out: &mut String, title: &str, script: bool) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"fvnote\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        content_security_policy(script),
        escape(title)
    );
}

/// The glyph written for a NAG: `!`, `?`, … for 1–6, `$n` otherwise.
fn nag_text(nag: u16) -> String {
    match nag {
        1 => "!".into(),
        2 => "?".into(),
        3 => "!!".into(),
        4 => "??".into(),
        5 => "!?".into(),
        6 => "?!".into(),
        n => format!("${n}"),
    }
}

/// `n` and the noun for it: `1 ply`, `2 plies`, `0 plies`.
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The verdict in words, as the page shows it: `result`, the game's
/// termination marker.
fn verdict(out: &mut String, v: &Verdict, result: Option<&str>) {
    match &v.error {
        None => {
            let mut text = format!(
                "Valid {} game: {} replayed by the rules",
                v.variant,
                count(v.plies, "ply", "plies")
            );
            if let Some(r) = result {
                let _ = write!(text, ", result {r}");
            }
            if v.warning_count() > 0 {
                let _ = write!(
                    text,
                    "; {}",
                    count(v.warning_count(), "warning", "warnings")
                );
            }
            let _ = writeln!(
                out,
                "<div class=\"verdict ok\" id=\"fv-verdict\">{}.</div>",
                escape(&text)
            );
        }
        Some(e) => {
            let mut text = format!(
                "Invalid {} game: line {}, column {}",
                v.variant, e.span.line, e.span.column
            );
            if let Some(ply) = e.ply {
                let _ = write!(text, ", ply {ply}");
            }
            if e.in_variation {
                text.push_str(" (in a variation)");
            }
            let _ = write!(text, ": {:?}: {}", e.token, e.message);
            if let Some(r) = e.ruling.filter(|r| !e.message.contains(r)) {
                let _ = write!(text, " ({r})");
            }
            text.push_str(". The board stops where the line breaks.");
            if !e.suggestions.is_empty() {
                let _ = write!(text, " Did you mean {}?", e.suggestions.join(", "));
            }
            let _ = writeln!(
                out,
                "<div class=\"verdict bad\" id=\"fv-verdict\">{}</div>",
                escape(&text)
            );
        }
    }
}

/// A title for a game from its tag pairs: "White – Black, Event".
pub fn game_title(tags: &[Tag]) -> String {
    let tag = |name: &str| {
        tags.iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    };
    let white = tag("White").unwrap_or("?");
    let black = tag("Black").unwrap_or("?");
    match tag("Event") {
        Some(event) if !event.is_empty() && event != "?" => format!("{white} – {black}, {event}"),
        _ => format!("{white} – {black}"),
    }
}

/// One row of an archive's index page.
#[derive(Clone, Debug)]
pub struct IndexEntry {
    /// The page's file name, relative to the index (empty: no page, no link).
    pub href: String,
    /// The game's name as the row shows it.
    pub title: String,
    /// The game's result (empty when unknown).
    pub result: String,
    /// The verdict in words.
    pub verdict: String,
    /// Whether the game is valid (the row is styled by it).
    pub valid: bool,
}

/// An index page linking the pages of an archive's games.
pub fn index(title: &str, entries: &[IndexEntry]) -> String {
    let mut out = String::new();
    head(&mut out, title, false);
    let _ = writeln!(
        out,
        "<h1>{}</h1>\n<table class=\"tags\"><tr><th>#</th><th>Game</th><th>Result</th><th>Verdict</th></tr>",
        escape(title)
    );
    for (i, e) in entries.iter().enumerate() {
        let game = if e.href.is_empty() {
            escape(&e.title)
        } else {
            format!("<a href=\"{}\">{}</a>", escape(&e.href), escape(&e.title))
        };
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{game}</td><td>{}</td><td class=\"{}\">{}</td></tr>",
            i + 1,
            escape(&e.result),
            if e.valid { "ok" } else { "bad" },
            escape(&e.verdict)
        );
    }
    out.push_str("</table>\n</body>\n</html>\n");
    out
}
