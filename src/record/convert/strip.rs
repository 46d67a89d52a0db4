//! `--strip comments,nags,variations`: a [`GameWriter`] in front of
//! another that leaves out what the user asked to be left out, as
//! pgn-extract's `-C`, `-N` and `-V` do.
//!
//! Only the writer is spared those events: the replay still reads the
//! whole game, so its verdict (and so what `convert` and `fmt` say of it)
//! is the game's as read, variations included. Damage stays visible: a
//! game cut off keeps no invented termination marker, and a game that
//! could not be read reaches the writer's `unreadable` unchanged (copied as
//! read, comments and all, where the form copies it).
//!
//! ```
//! use fvnote::record::convert::strip::Strip;
//! let s: Strip = "comments,variations".parse().unwrap();
//! assert!(s.comments && s.variations && !s.nags);
//! assert!("comments,moves".parse::<Strip>().is_err());
//! ```

use compact_str::CompactString;

use crate::model::{Comment, Span};
use crate::record::pipeline::game::GameWriter;
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::source::Syntax;
use crate::record::replay::facts::Facts;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::ReplayMode;
use crate::variant::Variant;

/// What to leave out of the games written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strip {
    /// `{…}` and `;…` comments (commands such as `[%clk]` with them).
    pub comments: bool,
    /// NAGs (`$1`, and `!`, `?` … read as NAGs).
    pub nags: bool,
    /// Variations, with everything inside them.
    pub variations: bool,
}

impl Strip {
    /// Whether nothing is left out.
    pub fn is_none(&self) -> bool {
        *self == Strip::default()
    }
}

impl std::str::FromStr for Strip {
    type Err = String;
    /// A comma list of `comments`, `nags`, `variations`.
    fn from_str(s: &str) -> Result<Strip, String> {
        let mut strip = Strip::default();
        for item in s.split(',') {
            match item.trim() {
                "comments" => strip.comments = true,
                "nags" => strip.nags = true,
                "variations" => strip.variations = true,
                other => {
                    return Err(format!(
                        "{other:?} cannot be stripped (expected a comma list of comments, nags, \
                         variations)"
                    ))
                }
            }
        }
        Ok(strip)
    }
}

/// `W` with what [`Strip`] names left out.
pub struct Stripped<W> {
    inner: W,
    strip: Strip,
    /// Variations open around the event (while stripping them).
    depth: u32,
}

impl<W> Stripped<W> {
    /// `inner`, spared what `strip` names.
    pub fn new(inner: W, strip: Strip) -> Stripped<W> {
        Stripped {
            inner,
            strip,
            depth: 0,
        }
    }

    /// The writer behind.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.inner
    }

    /// The writer behind, given back.
    pub fn into_inner(self) -> W {
        self.inner
    }

    /// Whether an event at this point goes on (outside stripped
    /// variations).
    fn passes(&self) -> bool {
        self.depth == 0
    }
}

impl<W: GameWriter> GameWriter for Stripped<W> {
    type Output = W::Output;
    fn mode(&self) -> ReplayMode {
        self.inner.mode()
    }
    fn wants_text(&self) -> bool {
        self.inner.wants_text()
    }
    fn input(&mut self, syntax: &Syntax) {
        self.inner.input(syntax);
    }
    fn game_number(&mut self, n: usize) {
        self.inner.game_number(n);
    }
    fn begin_game(&mut self) {
        self.depth = 0;
        self.inner.begin_game();
    }
    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.inner.tag(name, value, span);
    }
    fn assume_variant(&mut self, variant: Variant) {
        self.inner.assume_variant(variant);
    }
    fn begin_movetext(&mut self) {
        self.inner.begin_movetext();
    }
    fn san(&mut self, token: &str, span: Span, verdict: Option<CompactString>) {
        if self.passes() {
            self.inner.san(token, span, verdict);
        }
    }
    fn facts(&mut self, facts: Facts) {
        if self.passes() {
            self.inner.facts(facts);
        }
    }
    fn nag(&mut self, nag: u16, span: Span) {
        if self.passes() && !self.strip.nags {
            self.inner.nag(nag, span);
        }
    }
    fn comment(&mut self, text: &str, span: Span) {
        if self.passes() && !self.strip.comments {
            self.inner.comment(text, span);
        }
    }
    fn line_comment(&mut self, text: &str, span: Span) {
        if self.passes() && !self.strip.comments {
            self.inner.line_comment(text, span);
        }
    }
    fn begin_variation(&mut self, span: Span) {
        if self.strip.variations {
            self.depth = self.depth.saturating_add(1);
        } else {
            self.inner.begin_variation(span);
        }
    }
    fn end_variation(&mut self, span: Span) {
        if self.strip.variations {
            self.depth = self.depth.saturating_sub(1);
        } else {
            self.inner.end_variation(span);
        }
    }
    fn move_number(&mut self, n: u32, span: Span) {
        if self.passes() {
            self.inner.move_number(n, span);
        }
    }
    fn outcome(&mut self, result: &str, span: Span) {
        self.inner.outcome(result, span);
    }
    fn end_game(&mut self, verdict: &Verdict) -> W::Output {
        self.depth = 0;
        self.inner.end_game(verdict)
    }
    fn unreadable(&mut self, verdict: &Verdict, text: Option<GameText<'_>>) -> W::Output {
        self.depth = 0;
        self.inner.unreadable(verdict, text)
    }
    fn trailer(&mut self, comments: &[Comment]) -> std::io::Result<()> {
        match self.strip.comments {
            true => Ok(()),
            false => self.inner.trailer(comments),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists() {
        let all: Strip = "nags,comments,variations".parse().unwrap();
        assert_eq!(
            all,
            Strip {
                comments: true,
                nags: true,
                variations: true
            }
        );
        assert!("".parse::<Strip>().is_err());
        let e = "comments,clocks".parse::<Strip>().unwrap_err();
        assert!(e.contains("\"clocks\" cannot be stripped"), "{e}");
    }
}
