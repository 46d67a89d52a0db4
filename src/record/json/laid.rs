//! A game object as fvnote lays out JSON Lines, read by hand: one line, no
//! white space, strings without escapes, plies without comments,
//! variations or typed fields. That is most of what `convert --to jsonl`
//! writes, and serde takes several times as long over it (BENCHMARKS.md,
//! "JSON → PGN"), so this reader goes first.
//!
//! It parses a subset of what serde parses, meaning the same, and declines
//! anything else (another layout, an escape, a comment, a field it does not
//! know, a value out of range, a duplicate) before the visitor hears of the
//! game: serde then reads it (`visit`), errors and all. What it parses goes
//! through `visit`'s own checks and telling (the form, the game after the
//! trailer, each move, the end), so both readers say the same at the same
//! place.

use std::ops::Range;

use crate::model::{Comment as ModelComment, Span};
use crate::notation::pgn::Visitor;
use crate::record::json::schema::DERIVED_FIELDS;
use crate::record::json::visit::{check_form, end, no_game_after, tell_move, Locator};
use crate::record::pipeline::read::ReadError;

/// The game object `text` (at `base`) told to `v`, or `None`: not laid
/// out as this module reads (serde reads it).
pub(super) fn visit<V: Visitor>(
    text: &[u8],
    base: Span,
    v: &mut V,
    ignored: &mut Option<String>,
    trailer: &[ModelComment],
) -> Option<Result<V::Output, ReadError>> {
    let text = std::str::from_utf8(text).ok()?;
    let game = Laid::read(text)?;
    Some(game.tell(text, base, v, ignored, trailer))
}

/// A tag pair: its object's text (from its `{`), name and value.
struct LaidTag<'t> {
    at: &'t str,
    name: &'t str,
    value: &'t str,
}

/// A ply: its object's text (from its `{`), token, move number and NAGs
/// (a range of [`Laid::nags`]).
struct LaidPly<'t> {
    at: &'t str,
    san: &'t str,
    move_number: Option<u32>,
    nags: Range<usize>,
}

/// What a laid-out game holds.
#[derive(Default)]
struct Laid<'t> {
    format: Option<&'t str>,
    version: Option<u32>,
    tags: Vec<LaidTag<'t>>,
    plies: Vec<LaidPly<'t>>,
    nags: Vec<u16>,
    /// `Some(None)`: `"result":null`.
    result: Option<Option<&'t str>>,
    trailing_move_number: Option<u32>,
}

impl<'t> Laid<'t> {
    /// The game of `text`, if laid out as the module reads.
    fn read(text: &'t str) -> Option<Laid<'t>> {
        let mut c = Cursor { text, pos: 0 };
        let mut game = Laid::default();
        // Each list read once, as each other field (serde refuses a duplicate).
        let mut lists = [None; 3];
        c.object(|c, key| match key {
            "format" => once(&mut game.format, c.string()?),
            "version" => once(&mut game.version, u32::try_from(c.uint()?).ok()?),
            "tags" => {
                once(&mut lists[0], ())?;
                c.list_into(&mut game.tags, Cursor::tag)
            }
            "prelude" => {
                once(&mut lists[1], ())?;
                c.empty_list()
            }
            "moves" => {
                once(&mut lists[2], ())?;
                c.list_into(&mut game.plies, |c| c.ply(&mut game.nags))
            }
            "result" => {
                let result = if c.null() { None } else { Some(c.string()?) };
                once(&mut game.result, result)
            }
            "trailing_move_number" => {
                let n = u32::try_from(c.uint()?).ok()?;
                once(&mut game.trailing_move_number, n)
            }
            key if DERIVED_FIELDS.contains(&key) => c.derived(2),
            _ => None,
        })?;
        (c.pos == text.len()).then_some(game)
    }

    /// Tells the game to `v`, each token at its place, as `visit` does.
    fn tell<V: Visitor>(
        &self,
        text: &str,
        base: Span,
        v: &mut V,
        ignored: &mut Option<String>,
        trailer: &[ModelComment],
    ) -> Result<V::Output, ReadError> {
        // What `visit` checks and tells, in its order, by its functions.
        check_form(self.format, self.version, base)?;
        no_game_after(trailer, base)?;
        let mut at = Locator::new(text.as_bytes(), base, ignored);
        v.begin_game();
        for tag in &self.tags {
            let span = at.of(tag.at.as_bytes());
            at.mark();
            v.tag(tag.name, tag.value, span);
        }
        v.begin_movetext();
        let mut last = base;
        for ply in &self.plies {
            let span = at.of(ply.at.as_bytes());
            at.mark();
            last = span;
            let nags = &self.nags[ply.nags.clone()];
            tell_move(v, span, ply.move_number, ply.san, nags);
        }
        let ending = (self.trailing_move_number, self.result.flatten());
        end(ending, text.as_bytes(), v, &mut at, last)
    }
}

/// `value` put in `slot`, which must be empty (serde refuses a duplicate).
fn once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    slot.is_none().then(|| *slot = Some(value))
}

/// A place in the text; each method reads what it names there, or gives
/// `None` (and the game is declined).
struct Cursor<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Cursor<'t> {
    fn byte(&mut self, b: u8) -> Option<()> {
        let here = self.text.as_bytes().get(self.pos) == Some(&b);
        here.then(|| self.pos += 1)
    }

    fn word(&mut self, word: &str) -> bool {
        let here = self.text.as_bytes()[self.pos..].starts_with(word.as_bytes());
        if here {
            self.pos += word.len();
        }
        here
    }

    fn null(&mut self) -> bool {
        self.word("null")
    }

    /// A string without escapes or control characters (serde's own
    /// reading of one).
    fn string(&mut self) -> Option<&'t str> {
        self.byte(b'"')?;
        // Strings here are a few bytes long: a plain loop beats memchr.
        let rest = &self.text.as_bytes()[self.pos..];
        let end = rest
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
        if rest[end] != b'"' {
            return None;
        }
        let s = &self.text[self.pos..self.pos + end];
        self.pos += end + 1;
        Some(s)
    }

    /// A whole number without sign, fraction or exponent, as JSON writes
    /// one (no leading zero).
    fn uint(&mut self) -> Option<u64> {
        let rest = &self.text.as_bytes()[self.pos..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 19 || (digits > 1 && rest[0] == b'0') {
            return None;
        }
        let n = self.text[self.pos..self.pos + digits].parse().ok()?;
        self.pos += digits;
        Some(n)
    }

    /// A string, whole number, `null`, `true` or `false` (a derived
    /// field's value, read past).
    fn scalar(&mut self) -> Option<()> {
        let read = match self.text.as_bytes().get(self.pos)? {
            b'"' => self.string().is_some(),
            b'0'..=b'9' => self.uint().is_some(),
            _ => self.null() || self.word("true") || self.word("false"),
        };
        read.then_some(())
    }

    /// An object with at least one member, each read by `member` after
    /// its key.
    fn object(&mut self, mut member: impl FnMut(&mut Self, &'t str) -> Option<()>) -> Option<()> {
        self.byte(b'{')?;
        loop {
            let key = self.string()?;
            self.byte(b':')?;
            member(self, key)?;
            if self.byte(b'}').is_some() {
                return Some(());
            }
            self.byte(b',')?;
        }
    }

    /// A derived field's value, read past: a scalar, or up to `depth`
    /// levels of arrays and objects of them (a cage insertion's
    /// promotions are a list of objects).
    fn derived(&mut self, depth: u8) -> Option<()> {
        match (self.text.as_bytes().get(self.pos)?, depth.checked_sub(1)) {
            (b'[', Some(inner)) => self.list(|c| c.derived(inner)),
            (b'{', Some(inner)) => self.object(|c, _| c.derived(inner)),
            _ => self.scalar(),
        }
    }

    /// An array, each element read by `element`.
    fn list(&mut self, mut element: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.byte(b'[')?;
        if self.byte(b']').is_some() {
            return Some(());
        }
        loop {
            element(self)?;
            if self.byte(b']').is_some() {
                return Some(());
            }
            self.byte(b',')?;
        }
    }

    /// An array whose elements, each read by `element`, go to `out`.
    fn list_into<T>(
        &mut self,
        out: &mut Vec<T>,
        mut element: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<()> {
        self.list(|c| {
            out.push(element(c)?);
            Some(())
        })
    }

    fn empty_list(&mut self) -> Option<()> {
        self.byte(b'[')?;
        self.byte(b']')
    }

    /// `{"name":…,"value":…}`.
    fn tag(&mut self) -> Option<LaidTag<'t>> {
        let start = self.pos;
        let (mut name, mut value) = (None, None);
        self.object(|c, key| match key {
            "name" => once(&mut name, c.string()?),
            "value" => once(&mut value, c.string()?),
            _ => None,
        })?;
        Some(LaidTag {
            at: &self.text[start..self.pos],
            name: name?,
            value: value?,
        })
    }

    /// A ply with its token, move number, NAGs (pushed on `nags`) and
    /// derived fields; empty comment and variation lists.
    fn ply(&mut self, nags: &mut Vec<u16>) -> Option<LaidPly<'t>> {
        let start = self.pos;
        let from = nags.len();
        let (mut san, mut move_number, mut lists) = (None, None, [None; 4]);
        self.object(|c, key| match key {
            "san" => once(&mut san, c.string()?),
            "move_number" => {
                let n = if c.null() {
                    None
                } else {
                    Some(u32::try_from(c.uint()?).ok()?)
                };
                once(&mut move_number, n)
            }
            "nags" => {
                once(&mut lists[0], ())?;
                c.list_into(nags, |c| u16::try_from(c.uint()?).ok())
            }
            "comments" => {
                once(&mut lists[1], ())?;
                c.empty_list()
            }
            "comments_before" => {
                once(&mut lists[2], ())?;
                c.empty_list()
            }
            "variations" => {
                once(&mut lists[3], ())?;
                c.empty_list()
            }
            key if DERIVED_FIELDS.contains(&key) => c.derived(2),
            _ => None,
        })?;
        Some(LaidPly {
            at: &self.text[start..self.pos],
            san: san?,
            move_number: move_number.flatten(),
            nags: from..nags.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"{"format":"fvnote-record","version":1,"tags":[{"name":"Variant","value":"chess"}],"variant":"chess","prelude":[],"moves":[{"san":"e4","move_number":1,"canonical":"e4","kind":"move","color":"white","piece":"P","from":"e2","to":"e4","check":null,"nags":[1,2],"comments":[],"variations":[]}],"result":"*"}"#;

    #[test]
    fn fvnote_s_own_layout_is_read() {
        let game = Laid::read(GAME).expect("laid out as fvnote writes it");
        assert_eq!(game.plies.len(), 1);
        assert_eq!(
            (game.plies[0].san, game.plies[0].move_number),
            ("e4", Some(1))
        );
        assert_eq!(game.nags, [1, 2]);
        assert_eq!(game.result, Some(Some("*")));
    }

    /// The module keeps in step with the writer: what `convert --to jsonl`
    /// writes for a game without comments or variations, of every variant
    /// and in every form, is read by hand.
    #[test]
    fn what_fvnote_writes_is_read_by_hand() {
        use crate::record::convert::{convert_record, ConvertOptions, Target};
        use crate::record::gen::{generate, GenOptions};
        use crate::record::json::write::JsonOptions;
        use crate::variant::Variant;
        for variant in Variant::ALL {
            let options = GenOptions {
                variant,
                games: 1,
                seed: 7,
                max_plies: 16,
            };
            let mut record = generate(&options).remove(0).record;
            record.prelude.clear();
            for node in &mut record.moves {
                node.comments.clear();
                node.comments_before.clear();
                node.variations.clear();
            }
            for (fens, compact) in [(false, false), (true, false), (false, true), (true, true)] {
                let opts = ConvertOptions {
                    to: Target::Jsonl,
                    json: JsonOptions { fens, compact },
                    fix_result: false,
                };
                let json = String::from_utf8(convert_record(&record, &opts).unwrap()).unwrap();
                let game =
                    Laid::read(json.trim_end()).unwrap_or_else(|| panic!("declined: {json}"));
                assert_eq!(game.plies.len(), record.moves.len(), "{json}");
            }
        }
    }

    #[test]
    fn a_derived_list_of_objects_is_read_past() {
        let cage = r#""piece":[{"square":"b2","piece":"Q"}]"#;
        assert!(Laid::read(&GAME.replacen(r#""piece":"P""#, cage, 1)).is_some());
    }

    #[test]
    fn anything_else_is_declined() {
        let changes = [
            (r#""san":"e4""#, r#""san":"e\u0034""#),
            (r#""san":"e4""#, r#""san" :"e4""#),
            (r#""nags":[1,2]"#, r#""nags":[1,70000]"#),
            (r#""nags":[1,2]"#, r#""nags":[01]"#),
            (r#""move_number":1"#, r#""move_number":1.0"#),
            (r#""move_number":1"#, r#""move_number":1,"move_number":2"#),
            (r#""comments":[]"#, r#""comments":[{"text":"x"}]"#),
            (r#""variations":[]"#, r#""variations":null"#),
            (r#""check":null"#, r#""check":null,"clock":60"#),
            (r#""check":null"#, r#""check":null,"extra":1"#),
            (r#""piece":"P""#, r#""piece":[{"role":["P"]}]"#),
        ];
        for (from, to) in changes {
            let text = GAME.replacen(from, to, 1);
            assert_ne!(text, GAME, "{to}");
            assert!(Laid::read(&text).is_none(), "{text}");
        }
        assert!(Laid::read(&format!("{GAME} ")).is_none());
    }
}
