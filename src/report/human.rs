//! `--format human`: rustc-style diagnostics, rendered by `annotate-snippets`.
//!
//! Why annotate-snippets: it is the renderer rustc and cargo use, so the
//! layout is the one Rust users already read; it cuts a long source line to
//! a window around the span (`...` on either side, the caret under the
//! token), which real PGN needs (a game's movetext is often one line of
//! thousands of columns); and it is small (anstyle, memchr, unicode-width:
//! a few seconds of a fresh build), where miette and ariadne bring more.
//!
//! A game's repeated warnings of one kind and message shape (the same
//! lenient spelling, say) are shown once, with a count and the lines of the
//! others.

use std::collections::BTreeMap;
use std::io::{self, Write};

use annotate_snippets::renderer::DecorStyle;
use annotate_snippets::{
    normalize_untrusted_str, Annotation, AnnotationKind, Group, Level, Message, Origin, Renderer,
    Snippet, Title,
};

use super::common::{game_name, omitted_text, Failure};
use super::rulings::explain_hint;
use super::source::{shown, Source};
use super::Printer;
use crate::record::pipeline::summary::RunSummary;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::Diagnostic;

/// Columns when standard output is not a terminal.
pub const DEFAULT_WIDTH: usize = 120;

/// How the human report looks.
#[derive(Clone, Copy, Debug)]
pub struct HumanOptions {
    /// ANSI colours.
    pub color: bool,
    /// No printed line is wider than this (the snippet is cut to fit).
    pub width: usize,
    /// Errors and the summary only.
    pub quiet: bool,
    /// Also list every valid game.
    pub verbose: bool,
}

/// The width to fit: the terminal's when standard output is one, else
/// [`DEFAULT_WIDTH`].
pub fn output_width() -> usize {
    use std::io::IsTerminal;
    if !io::stdout().is_terminal() {
        return DEFAULT_WIDTH;
    }
    terminal_size::terminal_size()
        .map(|(w, _)| usize::from(w.0))
        .filter(|&w| w >= 40)
        .unwrap_or(DEFAULT_WIDTH)
}

/// The human printer.
pub struct Human {
    opts: HumanOptions,
    renderer: Renderer,
    file: String,
}

impl Human {
    /// A printer with these options.
    pub fn new(opts: HumanOptions) -> Human {
        let renderer = if opts.color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        Human {
            opts,
            renderer: renderer
                .decor_style(DecorStyle::Ascii)
                .term_width(opts.width),
            file: String::new(),
        }
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.opts.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// Breaks `text` into lines that fit beside the `= note: ` margin,
    /// after a space or a `/` (a FEN breaks between ranks), so nothing is
    /// lost; a piece with no break in it is cut at the width.
    fn fit(&self, text: String) -> String {
        let width = self.opts.width.saturating_sub(16).max(24);
        let mut lines: Vec<String> = Vec::new();
        let mut rest = text.as_str();
        while rest.chars().count() > width {
            let limit = rest
                .char_indices()
                .nth(width)
                .map_or(rest.len(), |(i, _)| i);
            let cut = rest[..limit]
                .rfind([' ', '/'])
                .map(|i| i + 1)
                .filter(|&i| i > limit / 3)
                .unwrap_or(limit);
            lines.push(rest[..cut].trim_end().to_owned());
            rest = &rest[cut..];
        }
        lines.push(rest.to_owned());
        lines.join("\n")
    }

    /// A diagnostic whose snippet is cut from a line longer than the
    /// source window, laid out as any other: annotate-snippets counts a
    /// snippet's column from the text it is given (the window) and cannot
    /// be told otherwise, and an origin element followed by a snippet
    /// without a path draws an empty ` ::: ` line. So the title and the
    /// origin (the place as read) are drawn as one group, the snippet and
    /// the notes as a second one without a title, and the origin line is
    /// given the line-number margin the second one has.
    fn cut(
        &self,
        title: Title<'_>,
        origin: Origin<'_>,
        line: u32,
        snippet: Snippet<'_, Annotation<'_>>,
        level: Level<'static>,
        notes: Vec<Message<'_>>,
    ) -> String {
        let alone = self.renderer.render(&[Group::with_title(title.clone())]);
        let head = self
            .renderer
            .render(&[Group::with_title(title).element(origin)]);
        let margin = " ".repeat(line.max(1).ilog10() as usize + 1);
        // The origin is the line after the title.
        let head = match head.strip_prefix(alone.as_str()) {
            Some(rest) if rest.starts_with('\n') => format!("{alone}\n{margin}{}", &rest[1..]),
            _ => head,
        };
        let body = self
            .renderer
            .render(&[Group::with_level(level).element(snippet).elements(notes)]);
        format!("{head}\n{body}")
    }

    /// One diagnostic; `others`: lines of the game's other diagnostics of
    /// the same kind and shape, folded into this one.
    fn diagnostic(
        &mut self,
        out: &mut dyn Write,
        v: &Verdict,
        d: &Diagnostic,
        level: Level<'static>,
        others: &[u32],
        source: &Source<'_>,
    ) -> io::Result<()> {
        let message = self.fit(normalize_untrusted_str(&d.message));
        let mut title = level.clone().primary_title(message);
        if let Some(r) = d.ruling {
            title = title.id(r);
        }
        let mut place = game_name(v);
        if let Some(p) = d.ply {
            place.push_str(&format!(", ply {p}"));
        }
        if d.in_variation {
            place.push_str(", in a variation");
        }
        let mut notes = vec![Level::NOTE.message(self.fit(normalize_untrusted_str(&place)))];
        if let Some(fen) = &d.fen {
            notes.push(Level::NOTE.message(self.fit(format!("position {fen}"))));
        }
        if !others.is_empty() {
            let lines: Vec<String> = others.iter().take(8).map(u32::to_string).collect();
            let more = if others.len() > 8 { ", …" } else { "" };
            let s = if others.len() == 1 { "" } else { "s" };
            notes.push(Level::NOTE.message(self.fit(format!(
                "{} more like this in this game (line{s} {}{more})",
                others.len(),
                lines.join(", ")
            ))));
        }
        if !d.suggestions.is_empty() {
            let list = normalize_untrusted_str(&d.suggestions.join(", "));
            notes.push(Level::HELP.message(self.fit(format!("did you mean {list}?"))));
        }
        if let Some(r) = d.ruling {
            notes.push(Level::HELP.message(explain_hint(r)));
        }
        let line = source.line(d.span.offset);
        let path = self.file.clone();
        let origin = || {
            Origin::path(path.clone())
                .line(d.span.line as usize)
                .char_column(d.span.column as usize)
        };
        let text = match &line {
            Some((start, raw)) => {
                let from = ((d.span.offset - start) as usize).min(raw.len());
                let to = (from + (d.span.len as usize).max(1)).min(raw.len());
                // Offsets into the text shown, where a byte that is not
                // UTF-8 is one U+FFFD of three bytes.
                let (text, at) = shown(raw);
                let mut from = at[from];
                while !text.is_char_boundary(from) {
                    from -= 1;
                }
                let mut to = at[to];
                while !text.is_char_boundary(to) {
                    to -= 1;
                }
                let snippet = Snippet::source(text.as_str())
                    .line_start(d.span.line as usize)
                    .annotation(AnnotationKind::Primary.span(from..to.max(from)));
                // A line longer than the source window starts mid-line:
                // its columns would be counted from the window, so the
                // place is given as read.
                let from_line_start = text[..from].chars().count() + 1 == d.span.column as usize;
                if from_line_start {
                    let group = Group::with_title(title)
                        .element(snippet.path(path.clone()))
                        .elements(notes);
                    self.renderer.render(&[group])
                } else {
                    self.cut(title, origin(), d.span.line, snippet, level, notes)
                }
            }
            None => {
                let group = Group::with_title(title).element(origin()).elements(notes);
                self.renderer.render(&[group])
            }
        };
        writeln!(out, "{text}\n")
    }
}

/// What groups a game's warnings: a ruling and the message's shape, so
/// `long algebraic notation: write Nf3` folds with `… write Nc6`, while
/// `tag roster: missing Round (…)` and `tag roster: Site out of order (…)`
/// stay apart.
type Kind = (Option<&'static str>, String);

/// The kind of a warning, for grouping.
fn kind(d: &Diagnostic) -> Kind {
    (d.ruling, shape(&d.message))
}

/// A message with what names the game's own particulars (moves, squares,
/// tag names and values: words with a digit, a capital or a quote) left
/// out, each run of such words written `_`.
fn shape(message: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for word in message.split_whitespace() {
        let particular = word
            .contains(|c: char| c.is_ascii_digit() || c.is_uppercase() || c == '"' || c == '\'');
        if particular && gap {
            continue;
        }
        out.push(' ');
        out.push_str(if particular { "_" } else { word });
        gap = particular;
    }
    out
}

impl Printer for Human {
    fn file_start(&mut self, _out: &mut dyn Write, name: &str) -> io::Result<()> {
        self.file = name.to_owned();
        Ok(())
    }

    fn game(&mut self, out: &mut dyn Write, v: &Verdict, source: Source<'_>) -> io::Result<()> {
        if let Some(e) = &v.error {
            self.diagnostic(out, v, e, Level::ERROR, &[], &source)?;
        }
        if !self.opts.quiet {
            for (level, list) in [(Level::WARNING, &v.warnings), (Level::NOTE, &v.notes)] {
                if list.is_empty() {
                    continue;
                }
                // Each kind once, at its first place, with the others' lines.
                let mut groups: BTreeMap<Kind, (usize, Vec<u32>)> = BTreeMap::new();
                for (i, d) in list.iter().enumerate() {
                    groups
                        .entry(kind(d))
                        .or_insert((i, Vec::new()))
                        .1
                        .push(d.span.line);
                }
                let mut firsts: Vec<(usize, Vec<u32>)> = groups.into_values().collect();
                firsts.sort();
                for (i, lines) in firsts {
                    self.diagnostic(out, v, &list[i], level.clone(), &lines[1..], &source)?;
                }
            }
            if let Some(text) = omitted_text(v) {
                let note = self.paint("1;32", "note");
                let text = self.fit(format!("{} {}: {text}", self.file, game_name(v)));
                writeln!(out, "{note}: {text}\n")?;
            }
        }
        if v.valid && self.opts.verbose && !self.opts.quiet {
            let ok = self.paint("1;32", "ok");
            writeln!(
                out,
                "{ok}: {} {}: {} plies, {}",
                self.file,
                game_name(v),
                v.plies,
                v.variant
            )?;
        }
        Ok(())
    }

    /// Already said on standard error by the caller, where a terminal user
    /// sees it whatever becomes of standard output.
    fn failure(&mut self, _out: &mut dyn Write, _f: &Failure) -> io::Result<()> {
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &RunSummary) -> io::Result<()> {
        writeln!(out, "{summary}")
    }
}

#[cfg(test)]
mod tests {
    use super::shape;

    #[test]
    fn shapes_keep_the_problem_and_leave_out_the_particulars() {
        let s = |m: &str| shape(m);
        assert_eq!(
            s("long algebraic notation: write Nf3"),
            s("long algebraic notation: write O-O")
        );
        assert_eq!(
            s("tag roster: missing Round (expected the Seven Tag Roster: Event, Site)"),
            s("tag roster: missing Event, Site (expected the Seven Tag Roster: Event, Site)")
        );
        assert_ne!(
            s("tag roster: missing Round (expected Event, Site first)"),
            s("tag roster: Site out of order (expected Event, Site first)")
        );
        assert_ne!(
            s("missing check or mate mark: write Bc5+"),
            s("wrong check or mate mark: write Bc5+")
        );
    }
}
