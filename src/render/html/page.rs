//! The replay page of a game, written as the game is read: the tags when
//! they are known, then the move list a main-line move at a time with the
//! positions' data in chunks beside it, then the verdict. Memory holds the
//! move being written, never the game (see [`steps`](super::steps)).

use std::fmt::Write as _;
use std::io::{self, Write};

use compact_str::CompactString;
use serde_json::json;

use super::steps::{piece_char, Steps};
use super::{count, escape, game_title, head, verdict, SCRIPT};
use crate::escape::{script_json, script_string};
use crate::model::{Comment, Node, Span, Tag};
use crate::notation::annotation::Brush;
use crate::notation::pgn::{write_tags, Movetext};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::record::convert::stream::{GameEnd, GameSink};
use crate::record::pipeline::read::GameText;
use crate::record::replay::facts::Facts;
use crate::record::replay::tags_start;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::ReplayMode;
use crate::render::glyphs::{glyph, line_path};
use crate::render::pieces::symbols;
use crate::render::svg::{hand_title, CAGE_BLACK, CAGE_WHITE, DARK, HAND_TITLE_HEIGHT, LIGHT};
use crate::variant::Variant;

/// Step data waits until about this many bytes, then goes out as one chunk.
const CHUNK: usize = 1 << 16;

/// Where pages go: one stream, or a file per game.
pub trait PageOut {
    /// Game `n` (its number in its file) begins its page.
    fn begin(&mut self, n: usize) -> io::Result<()>;
    /// The page's writer, between [`PageOut::begin`] and [`PageOut::end`].
    fn writer(&mut self) -> &mut dyn Write;
    /// The page is complete (`keep`), or was not written whole.
    fn end(&mut self, keep: bool) -> io::Result<()>;
}

/// What an archive's index says of a page.
#[derive(Clone, Debug)]
pub struct PageEntry {
    /// The game's number in its file.
    pub number: usize,
    /// "White – Black, Event".
    pub title: String,
    /// The termination marker (empty when none).
    pub result: String,
    /// The verdict on one line.
    pub verdict: String,
    /// Whether the game is valid.
    pub valid: bool,
}

/// The [`GameSink`] that writes each game's replay page into a [`PageOut`].
pub struct PageSink<O> {
    out: O,
    number: usize,
    title: String,
    /// The variant of a game whose tags name none (`-v`).
    unnamed: Option<Variant>,
    variant: Variant,
    ranks: u8,
    /// The game's steps; `None` until its page began.
    steps: Option<Steps>,
    /// The start could not be set up: the moves are not played.
    no_moves: bool,
    /// The first write that failed; nothing is written after it.
    failed: Option<io::Error>,
    html: String,
    /// The game's PGN as read, written as it goes (see [`PageSink::chunk`]).
    pgn: Option<Movetext<Vec<u8>>>,
    /// The PGN's last text, once the game ended.
    pgn_end: Vec<u8>,
}

impl<O: PageOut> PageSink<O> {
    /// Pages into `out`.
    pub fn new(out: O, unnamed: Option<Variant>) -> PageSink<O> {
        PageSink {
            out,
            number: 0,
            title: String::new(),
            unnamed,
            variant: Variant::Chess,
            ranks: 8,
            steps: None,
            no_moves: false,
            failed: None,
            html: String::new(),
            pgn: None,
            pgn_end: Vec::new(),
        }
    }

    /// The output, once the games are written.
    pub fn into_out(self) -> O {
        self.out
    }

    /// Writes what `html` holds.
    fn flush_html(&mut self) {
        if self.failed.is_none() && !self.html.is_empty() {
            if let Err(e) = self.out.writer().write_all(self.html.as_bytes()) {
                self.failed = Some(e);
            }
        }
        self.html.clear();
    }

    /// Moves the steps made so far into `html`, as one data chunk, and the
    /// PGN written so far as a string in a chunk of its own (the page's
    /// "Copy PGN" joins them): memory holds a chunk, never the game.
    fn chunk(&mut self) {
        let mut text = std::mem::take(&mut self.pgn_end);
        if let Some(pgn) = &mut self.pgn {
            text = std::mem::take(pgn.written_mut());
        }
        if !text.is_empty() {
            let _ = write!(
                self.html,
                "<script type=\"application/json\" class=\"fv-pgn\">{}</script>",
                script_string(&String::from_utf8_lossy(&text))
            );
        }
        let Some(steps) = &mut self.steps else { return };
        let data = steps.take_data();
        if !data.is_empty() {
            let _ = write!(
                self.html,
                "<script type=\"application/json\" class=\"fv-steps\">[{}]</script>",
                script_json(&data)
            );
        }
    }

    /// Begins the page: head, tags, board, and the move list's opening.
    fn begin_page(&mut self, tags: &[Tag], title: String) {
        self.title = title;
        let (variant, start) = match tags_start(tags, self.unnamed) {
            Ok(set_up) => (set_up.0, Some(set_up.1)),
            Err(_) => {
                let named = tags.iter().find(|t| t.name == "Variant");
                let variant = named.and_then(|t| t.value.trim().parse().ok());
                (variant.or(self.unnamed).unwrap_or(Variant::Chess), None)
            }
        };
        self.no_moves = start.is_none();
        let start = start.unwrap_or_else(|| Position::start(variant));
        self.variant = variant;
        self.ranks = start.frame().1;
        if let Err(e) = self.out.begin(self.number) {
            self.failed = Some(e);
        }
        let html = &mut self.html;
        head(html, &self.title, true);
        let _ = writeln!(html, "<header><h1>{}</h1>", escape(&self.title));
        html.push_str("<table class=\"tags\">");
        for tag in tags {
            let _ = write!(
                html,
                "<tr><th>{}</th><td>{}</td></tr>",
                escape(&tag.name),
                escape(&tag.value)
            );
        }
        html.push_str("</table></header>\n");
        let roles: Vec<Role> = Role::ALL
            .into_iter()
            .filter(|r| !r.is_compound() || variant == Variant::QuakeLb)
            .collect();
        let _ = write!(
            html,
            "<main>\n<div class=\"boardbox\">\n<div id=\"fv-clocks\" hidden><span class=\"clock\" data-side=\"black\"></span><span class=\"clock\" data-side=\"white\"></span></div>\n<div class=\"boardrow\"><div id=\"fv-evalbar\" hidden><div id=\"fv-evalfill\"></div><span id=\"fv-evaltext\"></span></div>\n<svg id=\"fv-board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 900 900\" role=\"img\" aria-label=\"board\"><defs>{}</defs><g id=\"fv-layer\"></g></svg></div>\n\
<div class=\"controls\"><button id=\"fv-first\" title=\"Start (Home)\">|◀</button><button id=\"fv-prev\" title=\"Back (←)\">◀</button><button id=\"fv-next\" title=\"Forward (→)\">▶</button><button id=\"fv-last\" title=\"End of line (End)\">▶|</button><button id=\"fv-flip\" title=\"Flip (f)\">Flip</button><button id=\"fv-copy-pgn\" title=\"Copy the game's PGN\">Copy PGN</button><button id=\"fv-copy-fen\" title=\"Copy this position's FEN\">Copy FEN</button><span id=\"fv-ply\"></span><span id=\"fv-status\" role=\"status\"></span></div>\n\
<div id=\"fv-caption\"></div>\n<textarea id=\"fv-copy-text\" readonly tabindex=\"-1\" aria-hidden=\"true\"></textarea>\n\
<div class=\"hint\">Keys: ← → step, Home/End, f flips. Click a move to go there.</div>\n</div>\n",
            symbols(&roles)
        );
        html.push_str("<div id=\"fv-moves\" class=\"moves\">");
        self.steps = Some(Steps::new(start));
        let mut pgn = Vec::new();
        self.pgn = write_tags(tags, &mut pgn)
            .ok()
            .map(|()| Movetext::new(pgn, tags));
        self.flush_html();
    }

    /// Ends the page with the verdict `v` and the page's own data and
    /// script; what the index says of it.
    fn end_page(&mut self, v: &Verdict, result: Option<&str>) -> io::Result<PageEntry> {
        self.chunk();
        self.html.push_str("</div>\n</main>\n");
        verdict(&mut self.html, v, result);
        let hand_kinds = self.steps.as_ref().map_or(0, |s| s.hand_kinds);
        let hand_cols = if self.variant.has_hands() {
            // Hands can only grow so far; a column per four kinds is plenty.
            let rows =
                (((u32::from(self.ranks) * 100 / 2).saturating_sub(40) / 92) as usize).max(1);
            hand_kinds.div_ceil(rows).max(1)
        } else {
            0
        };
        let pieces: serde_json::Map<String, serde_json::Value> = Color::ALL
            .iter()
            .flat_map(|&c| Role::ALL.iter().map(move |&r| Piece::new(c, r)))
            .map(|p| (piece_char(p).to_string(), p.code().into()))
            .collect();
        let glyphs: serde_json::Map<String, serde_json::Value> = ('a'..='z')
            .chain('0'..='9')
            .filter_map(|c| Some((c.to_string(), glyph(c)?.into())))
            .collect();
        let brushes: serde_json::Map<String, serde_json::Value> = Brush::ALL
            .iter()
            .map(|b| (b.letter().to_string(), b.rgb().into()))
            .collect();
        let data = json!({
            "pieces": pieces,
            "light": LIGHT,
            "dark": DARK,
            "cage": [CAGE_WHITE, CAGE_BLACK],
            "grid": self.variant == Variant::Grid,
            "hands": self.variant.has_hands(),
            "handCols": hand_cols,
            "ring": self.variant == Variant::Slide,
            "clocks": self.steps.as_ref().is_some_and(|s| s.clocks),
            "emts": self.steps.as_ref().is_some_and(|s| s.emts),
            "evals": self.steps.as_ref().is_some_and(|s| s.evals),
            "glyphs": glyphs,
            "handTitles": Color::ALL.map(|c| line_path(hand_title(c)).0),
            "handTitleHeight": HAND_TITLE_HEIGHT,
            "brushes": brushes,
        });
        let _ = writeln!(
            self.html,
            "<script type=\"application/json\" id=\"fv-data\">{}</script>",
            script_json(&data.to_string())
        );
        let _ = writeln!(self.html, "<script>{SCRIPT}</script>\n</body>\n</html>");
        self.flush_html();
        self.steps = None;
        let written = match self.failed.take() {
            None => self.out.end(true),
            Some(e) => {
                let _ = self.out.end(false);
                Err(e)
            }
        };
        written.map(|()| PageEntry {
            number: self.number,
            title: self.title.clone(),
            result: result.unwrap_or_default().to_owned(),
            verdict: verdict_line(v),
            valid: v.valid,
        })
    }
}

/// A one-line verdict for the index.
fn verdict_line(v: &Verdict) -> String {
    match &v.error {
        None => format!("valid, {}", count(v.plies, "ply", "plies")),
        Some(e) => format!(
            "invalid at line {}, column {}: {}",
            e.span.line, e.span.column, e.message
        ),
    }
}

impl<O: PageOut> GameSink for PageSink<O> {
    type Output = io::Result<PageEntry>;

    fn mode(&self) -> ReplayMode {
        // The page plays the moves itself; the replay gives the verdict.
        ReplayMode::Verdict
    }

    fn game_number(&mut self, n: usize) {
        self.number = n;
    }

    fn begin_game(&mut self) {
        self.steps = None;
        self.pgn = None;
        self.pgn_end.clear();
        self.failed = None;
        self.html.clear();
    }

    fn movetext(&mut self, tags: &[Tag], _span: Span) {
        self.begin_page(tags, game_title(tags));
    }

    fn prelude(&mut self, c: &Comment) {
        if let Some(steps) = &mut self.steps {
            steps.comment(c, &mut self.html);
        }
        if let Some(pgn) = &mut self.pgn {
            let _ = pgn.comment(c);
        }
    }

    fn node(&mut self, node: Node, _verdicts: &[Option<CompactString>], _facts: &[Facts]) {
        let Some(steps) = &mut self.steps else { return };
        if !self.no_moves {
            steps.main_node(&node, &mut self.html);
        }
        if let Some(pgn) = &mut self.pgn {
            let _ = pgn.node(&node);
        }
        if steps.waiting() >= CHUNK {
            self.chunk();
        }
        if self.html.len() >= CHUNK {
            self.flush_html();
        }
    }

    fn end_game(&mut self, end: GameEnd<'_>) -> Self::Output {
        if self.steps.is_none() {
            self.begin_page(&end.tags, game_title(&end.tags));
        }
        // The PGN's end goes into the last chunk.
        if let Some(pgn) = self.pgn.take() {
            self.pgn_end = pgn
                .finish(end.trailing_move_number, end.result.as_deref())
                .unwrap_or_default();
        }
        self.end_page(end.verdict, end.result.as_deref())
    }

    fn unreadable(&mut self, verdict: &Verdict, text: Option<GameText<'_>>) -> Self::Output {
        // The page shows what was read, up to the error; its PGN is the
        // game's text as it stands.
        if self.steps.is_none() {
            self.begin_page(&[], format!("game {}", self.number));
        }
        self.pgn = None;
        self.pgn_end = text
            .and_then(|t| t.as_pgn())
            .map(<[u8]>::to_vec)
            .unwrap_or_default();
        self.end_page(verdict, None)
    }
}
