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
use serde_json::{json, Value};
use sha2::{Digest as _, Sha256};

use super::escape::{escape, script_json};
use super::highlight::checked_king;
use super::legend::legend;
use super::options::Options;
use super::pieces::symbols;
use super::svg::{CAGE_BLACK, CAGE_WHITE, DARK, LIGHT};
use super::tree::{walk, Item, Step};
use crate::model::Record;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::record::replay::GameReport;

const SCRIPT: &str = include_str!("page/replay.js");
const STYLE: &str = include_str!("page/replay.css");

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

/// One character a square: `*` a hole, `.` empty, `A`–`L` White's roles,
/// `a`–`l` Black's.
fn piece_char(p: Piece) -> char {
    let base = if p.color == Color::White { b'A' } else { b'a' };
    (base + p.role as u8 - 1) as char
}

fn board_string(pos: &Position) -> String {
    pos.squares()
        .map(|sq| {
            if !pos.is_cell(sq) {
                '*'
            } else {
                pos.piece_at(sq).map_or('.', piece_char)
            }
        })
        .collect()
}

/// A square's index in [`board_string`], or -1.
fn cell_index(pos: &Position, sq: Option<crate::square::Square>) -> i64 {
    let (files, _) = pos.frame();
    sq.map_or(-1, |s| {
        i64::from(s.rank()) * i64::from(files) + i64::from(s.file())
    })
}

fn step_json(step: &Step, flip_free: &Options) -> Value {
    let pos = &step.pos;
    let hands: Vec<Value> = Color::ALL
        .iter()
        .map(|&c| {
            Value::Array(
                Role::ALL
                    .iter()
                    .filter(|&&r| pos.in_hand(c, r) > 0)
                    .map(|&r| json!([Piece::new(c, r).code(), pos.in_hand(c, r)]))
                    .collect(),
            )
        })
        .collect();
    let opts = Options {
        last_san: (!step.san.is_empty()).then(|| step.san.clone()),
        ..flip_free.clone()
    };
    json!({
        "f": pos.frame().0,
        "r": pos.frame().1,
        "b": board_string(pos),
        "t": if pos.turn() == Color::White { 0 } else { 1 },
        "c": [cell_index(pos, pos.cage(Color::White)), cell_index(pos, pos.cage(Color::Black))],
        "h": hands,
        "m": step.marks.iter().map(|&s| cell_index(pos, Some(s))).collect::<Vec<_>>(),
        "k": cell_index(pos, checked_king(pos)),
        "l": legend(pos, &opts),
        "s": step.san,
        "p": step.ply,
        "u": step.parent.map_or(-1, |p| p as i64),
        "n": step.next.map_or(-1, |n| n as i64),
    })
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

fn move_number(out: &mut String, before: &Position, always: bool) {
    match before.turn() {
        Color::White => {
            let _ = write!(out, "<span class=\"num\">{}.</span> ", before.fullmoves());
        }
        Color::Black if always => {
            let _ = write!(out, "<span class=\"num\">{}…</span> ", before.fullmoves());
        }
        Color::Black => {}
    }
}

fn move_list(out: &mut String, steps: &[Step], items: &[Item]) {
    out.push_str("<div id=\"fv-moves\" class=\"moves\">");
    // A black move gets its number after anything that interrupts the line.
    let mut interrupted = true;
    for item in items {
        match item {
            Item::Move(i, node) => {
                let step = &steps[*i];
                let before = &steps[step.parent.unwrap_or(0)].pos;
                move_number(out, before, interrupted);
                let _ = write!(
                    out,
                    "<span class=\"mv\" data-n=\"{i}\" tabindex=\"0\">{}</span>",
                    escape(&step.san)
                );
                for &nag in &node.nags {
                    let _ = write!(
                        out,
                        "<span class=\"nag\" title=\"${nag}\">{}</span>",
                        escape(&nag_text(nag))
                    );
                }
                out.push(' ');
                interrupted = false;
            }
            Item::Bad(node, ply, why) => {
                let _ = write!(
                    out,
                    "<span class=\"mv bad\" title=\"{}\">{}</span> <span class=\"err\">⟵ ply {ply} cannot be played: {}</span> ",
                    escape(why),
                    escape(&node.san),
                    escape(why)
                );
                interrupted = true;
            }
            Item::Dead(node) => {
                let _ = write!(out, "<span class=\"dead\">{}</span> ", escape(&node.san));
                interrupted = true;
            }
            Item::Comment(c) => {
                let _ = write!(out, "<span class=\"cm\">{}</span> ", escape(c.text.trim()));
                interrupted = true;
            }
            Item::Open => {
                out.push_str("<span class=\"var\">( ");
                interrupted = true;
            }
            Item::Close => {
                out.push_str(")</span> ");
                interrupted = true;
            }
            Item::TooDeep => {
                out.push_str("<span class=\"cm\">(variations nested deeper are not shown)</span> ");
            }
        }
    }
    out.push_str("</div>\n");
}

/// `n` and the noun for it: `1 ply`, `2 plies`, `0 plies`.
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn verdict(out: &mut String, report: &GameReport) {
    match &report.error {
        None => {
            let mut text = format!(
                "Valid {} game: {} replayed by the rules",
                report.variant.id(),
                count(report.plies, "ply", "plies")
            );
            if let Some(r) = &report.result {
                let _ = write!(text, ", result {r}");
            }
            if !report.warnings.is_empty() {
                let _ = write!(
                    text,
                    "; {} (lenient notation)",
                    count(report.warnings.len(), "warning", "warnings")
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
                report.variant.id(),
                e.span.line,
                e.span.column
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

/// A title for a game: "White – Black, Event".
pub fn game_title(record: &Record) -> String {
    let white = record.tag("White").unwrap_or("?");
    let black = record.tag("Black").unwrap_or("?");
    match record.tag("Event") {
        Some(event) if !event.is_empty() && event != "?" => format!("{white} – {black}, {event}"),
        _ => format!("{white} – {black}"),
    }
}

/// The replay page of `record`, whose verdict is `report` (from
/// [`replay`](crate::record::replay::replay)). The moves are played from
/// `report.start`; a game that cannot be set up shows its verdict and the
/// variant's start position without moves.
pub fn page(record: &Record, report: &GameReport) -> String {
    let no_moves = Vec::new();
    let fallback;
    let (start, moves) = match &report.start {
        Some(start) => (start, &record.moves),
        None => {
            fallback = Position::start(report.variant);
            (&fallback, &no_moves)
        }
    };
    let tree = walk(start, &record.prelude, moves);
    let base = Options::default();
    let steps: Vec<Value> = tree.steps.iter().map(|s| step_json(s, &base)).collect();
    let variant = start.variant();
    let (_, ranks) = start.frame();
    // Hands can only grow so far; a column per four kinds is plenty.
    let hand_cols = if variant.has_hands() {
        let most = tree
            .steps
            .iter()
            .map(|s| {
                Color::ALL
                    .iter()
                    .map(|&c| {
                        Role::ALL
                            .iter()
                            .filter(|&&r| s.pos.in_hand(c, r) > 0)
                            .count()
                    })
                    .max()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        let rows = (((u32::from(ranks) * 100 / 2).saturating_sub(40) / 64) as usize).max(1);
        most.div_ceil(rows).max(1)
    } else {
        0
    };
    let pieces: serde_json::Map<String, Value> = Color::ALL
        .iter()
        .flat_map(|&c| Role::ALL.iter().map(move |&r| Piece::new(c, r)))
        .map(|p| (piece_char(p).to_string(), Value::from(p.code())))
        .collect();
    let data = json!({
        "steps": steps,
        "pieces": pieces,
        "light": LIGHT,
        "dark": DARK,
        "cage": [CAGE_WHITE, CAGE_BLACK],
        "grid": variant == crate::variant::Variant::Grid,
        "hands": variant.has_hands(),
        "handCols": hand_cols,
    });
    let title = game_title(record);
    let mut out = String::with_capacity(64 * 1024);
    head(&mut out, &title, true);
    let _ = writeln!(out, "<header><h1>{}</h1>", escape(&title));
    out.push_str("<table class=\"tags\">");
    for tag in &record.tags {
        let _ = write!(
            out,
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(&tag.name),
            escape(&tag.value)
        );
    }
    out.push_str("</table></header>\n");
    verdict(&mut out, report);
    let roles: Vec<Role> = Role::ALL
        .into_iter()
        .filter(|r| !r.is_compound() || variant == crate::variant::Variant::QuakeLb)
        .collect();
    let _ = write!(
        out,
        "<main>\n<div class=\"boardbox\">\n<svg id=\"fv-board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 900 900\" font-family=\"sans-serif\" role=\"img\" aria-label=\"board\"><defs>{}</defs><g id=\"fv-layer\"></g></svg>\n\
<div id=\"fv-caption\"></div>\n<div class=\"controls\"><button id=\"fv-first\" title=\"Start (Home)\">|◀</button><button id=\"fv-prev\" title=\"Back (←)\">◀</button><button id=\"fv-next\" title=\"Forward (→)\">▶</button><button id=\"fv-last\" title=\"End of line (End)\">▶|</button><button id=\"fv-flip\" title=\"Flip (f)\">Flip</button><span id=\"fv-ply\"></span></div>\n\
<div class=\"hint\">Keys: ← → step, Home/End, f flips. Click a move to go there.</div>\n</div>\n",
        symbols(&roles)
    );
    move_list(&mut out, &tree.steps, &tree.items);
    out.push_str("</main>\n");
    let _ = writeln!(
        out,
        "<script type=\"application/json\" id=\"fv-data\">{}</script>",
        script_json(&data)
    );
    let _ = writeln!(out, "<script>{SCRIPT}</script>\n</body>\n</html>");
    out
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
