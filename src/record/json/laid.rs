//! A game object as fvnote lays out JSON Lines, read by hand: one line, no
//! white space, strings without escapes, plies without comments,
//! variations or typed fields. That is most of what `convert --to jsonl`
//! writes, and serde takes several times as long over it (BENCHMARKS.md,
//! "JSON Lines, both ways"), so this reader goes first.
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
    let game = Laid::read(text)?;
    // Strings read past may hold any character: the whole line must be
    // UTF-8, as serde reads it.
    if !game.ascii {
        std::str::from_utf8(text).ok()?;
    }
    Some(game.tell(text, base, v, ignored, trailer))
}

/// A tag pair: its object's text (from its `{`), name and value.
struct LaidTag<'t> {
    at: &'t [u8],
    name: &'t str,
    value: &'t str,
}

/// A ply: its object's text (from its `{`), token, move number and NAGs
/// (a range of [`Laid::nags`]).
struct LaidPly<'t> {
    at: &'t [u8],
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
    /// No byte of the text is beyond ASCII.
    ascii: bool,
}

impl<'t> Laid<'t> {
    /// The game of `text`, if laid out as the module reads.
    fn read(text: &'t [u8]) -> Option<Laid<'t>> {
        let mut c = Cursor {
            text,
            pos: 0,
            ascii: true,
        };
        let mut game = Laid::default();
        // Each list read once, as each other field (serde refuses a duplicate).
        let mut lists = [None; 3];
        c.object(|c, key| match key {
            b"format" => once(&mut game.format, c.text()?),
            b"version" => once(&mut game.version, u32::try_from(c.uint()?).ok()?),
            b"tags" => {
                once(&mut lists[0], ())?;
                c.list_into(&mut game.tags, Cursor::tag)
            }
            b"prelude" => {
                once(&mut lists[1], ())?;
                c.empty_list()
            }
            b"moves" => {
                once(&mut lists[2], ())?;
                c.list_into(&mut game.plies, |c| c.ply(&mut game.nags))
            }
            b"result" => {
                let result = if c.null() { None } else { Some(c.text()?) };
                once(&mut game.result, result)
            }
            b"trailing_move_number" => {
                let n = u32::try_from(c.uint()?).ok()?;
                once(&mut game.trailing_move_number, n)
            }
            key if derived(key) => c.derived(2),
            _ => None,
        })?;
        game.ascii = c.ascii;
        (c.pos == text.len()).then_some(game)
    }

    /// Tells the game to `v`, each token at its place, as `visit` does.
    fn tell<V: Visitor>(
        &self,
        text: &[u8],
        base: Span,
        v: &mut V,
        ignored: &mut Option<String>,
        trailer: &[ModelComment],
    ) -> Result<V::Output, ReadError> {
        // What `visit` checks and tells, in its order, by its functions.
        check_form(self.format, self.version, base)?;
        no_game_after(trailer, base)?;
        let mut at = Locator::new(text, base, ignored);
        if self.ascii {
            // One line (the layout has no white space, a string no
            // control character): a column is a byte.
            at = at.of_ascii_line();
        }
        v.begin_game();
        for tag in &self.tags {
            let span = at.of(tag.at);
            at.mark();
            v.tag(tag.name, tag.value, span);
        }
        v.begin_movetext();
        let mut last = base;
        for ply in &self.plies {
            let span = at.of(ply.at);
            at.mark();
            last = span;
            let nags = &self.nags[ply.nags.clone()];
            tell_move(v, span, ply.move_number, ply.san, nags);
        }
        let ending = (self.trailing_move_number, self.result.flatten());
        end(ending, text, v, &mut at, last)
    }
}

/// `value` put in `slot`, which must be empty (serde refuses a duplicate).
fn once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    slot.is_none().then(|| *slot = Some(value))
}

/// A place in the text; each method reads what it names there, or gives
/// `None` (and the game is declined).
struct Cursor<'t> {
    text: &'t [u8],
    pos: usize,
    /// No string so far held a byte beyond ASCII (nothing else may).
    ascii: bool,
}

/// A derived field's name (read past).
fn derived(key: &[u8]) -> bool {
    DERIVED_FIELDS.iter().any(|name| name.as_bytes() == key)
}

/// What a byte is inside a string: plain ASCII, the closing quote, part of
/// a character beyond ASCII, or anything else (an escape, a control
/// character: declined). One lookup and one branch per byte.
const PLAIN: u8 = 0;
const QUOTE: u8 = 1;
const WIDE: u8 = 2;
const OTHER: u8 = 3;
static IN_STRING: [u8; 256] = {
    let mut class = [PLAIN; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b'"' => QUOTE,
            b'\\' | 0..=0x1f => OTHER,
            0x80..=0xff => WIDE,
            _ => PLAIN,
        };
        b += 1;
    }
    class
};

impl<'t> Cursor<'t> {
    fn byte(&mut self, b: u8) -> Option<()> {
        let here = self.text.get(self.pos) == Some(&b);
        here.then(|| self.pos += 1)
    }

    fn word(&mut self, word: &str) -> bool {
        let here = self.text[self.pos..].starts_with(word.as_bytes());
        if here {
            self.pos += word.len();
        }
        here
    }

    fn null(&mut self) -> bool {
        self.word("null")
    }

    /// A string without escapes or control characters (serde's own
    /// reading of one), its bytes.
    fn string(&mut self) -> Option<&'t [u8]> {
        self.byte(b'"')?;
        let start = self.pos;
        loop {
            let b = *self.text.get(self.pos)?;
            self.pos += 1;
            match IN_STRING[usize::from(b)] {
                PLAIN => {}
                QUOTE => return Some(&self.text[start..self.pos - 1]),
                WIDE => self.ascii = false,
                _ => return None,
            }
        }
    }

    /// A string that is told, as text.
    fn text(&mut self) -> Option<&'t str> {
        std::str::from_utf8(self.string()?).ok()
    }

    /// A whole number without sign, fraction or exponent, as JSON writes
    /// one (no leading zero).
    fn uint(&mut self) -> Option<u64> {
        let rest = &self.text[self.pos..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 19 || (digits > 1 && rest[0] == b'0') {
            return None;
        }
        let n = rest[..digits]
            .iter()
            .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
        self.pos += digits;
        Some(n)
    }

    /// A string, whole number, `null`, `true` or `false` (a derived
    /// field's value, read past).
    fn scalar(&mut self) -> Option<()> {
        let read = match self.text.get(self.pos)? {
            b'"' => self.string().is_some(),
            b'0'..=b'9' => self.uint().is_some(),
            _ => self.null() || self.word("true") || self.word("false"),
        };
        read.then_some(())
    }

    /// An object with at least one member, each read by `member` after
    /// its key.
    fn object(&mut self, mut member: impl FnMut(&mut Self, &'t [u8]) -> Option<()>) -> Option<()> {
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
        match (self.text.get(self.pos)?, depth.checked_sub(1)) {
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
            b"name" => once(&mut name, c.text()?),
            b"value" => once(&mut value, c.text()?),
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
            b"san" => once(&mut san, c.text()?),
            b"move_number" => {
                let n = if c.null() {
                    None
                } else {
                    Some(u32::try_from(c.uint()?).ok()?)
                };
                once(&mut move_number, n)
            }
            b"nags" => {
                once(&mut lists[0], ())?;
                c.list_into(nags, |c| u16::try_from(c.uint()?).ok())
            }
            b"comments" => {
                once(&mut lists[1], ())?;
                c.empty_list()
            }
            b"comments_before" => {
                once(&mut lists[2], ())?;
                c.empty_list()
            }
            b"variations" => {
                once(&mut lists[3], ())?;
                c.empty_list()
            }
            key if derived(key) => c.derived(2),
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
        let game = Laid::read(GAME.as_bytes()).expect("laid out as fvnote writes it");
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
                let game = Laid::read(json.trim_end().as_bytes())
                    .unwrap_or_else(|| panic!("declined: {json}"));
                assert_eq!(game.plies.len(), record.moves.len(), "{json}");
            }
        }
    }

    /// Reads `text` by hand into a record, at line 3 column 5.
    fn told(text: &[u8]) -> Option<crate::model::Record> {
        let base = Span {
            offset: 100,
            line: 3,
            column: 5,
            len: 1,
        };
        let mut builder = crate::notation::pgn::RecordBuilder::new();
        let read = visit(text, base, &mut builder, &mut None, &[])?;
        Some(read.expect("a well-formed game"))
    }

    #[test]
    fn a_column_is_a_character() {
        let ply = GAME.find(r#"{"san""#).expect("a ply") as u32;
        let ascii = told(GAME.as_bytes()).expect("read by hand");
        let at = ascii.moves[0].span;
        assert_eq!((at.line, at.column), (3, 5 + ply));
        // `é` is two bytes, one character: the ply's column stays.
        let wide = GAME.replacen(r#""value":"chess""#, r#""value":"chéss""#, 1);
        let read = told(wide.as_bytes()).expect("read by hand");
        assert_eq!(read.tags[0].value, "chéss");
        let at = read.moves[0].span;
        assert_eq!((at.line, at.column), (3, 5 + ply));
    }

    #[test]
    fn a_string_read_past_must_be_utf8_too() {
        let text = GAME.replacen(r#""kind":"move""#, r#""kind":"mo?e""#, 1);
        let mut text = text.into_bytes();
        let at = text.iter().position(|&b| b == b'?').expect("placed");
        text[at] = 0xff;
        assert!(Laid::read(&text).is_some(), "the layout reads");
        assert!(told(&text).is_none(), "declined: serde reports it");
    }

    #[test]
    fn a_derived_list_of_objects_is_read_past() {
        let cage = r#""piece":[{"square":"b2","piece":"Q"}]"#;
        assert!(Laid::read(GAME.replacen(r#""piece":"P""#, cage, 1).as_bytes()).is_some());
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
            assert!(Laid::read(text.as_bytes()).is_none(), "{text}");
        }
        assert!(Laid::read(format!("{GAME} ").as_bytes()).is_none());
    }
}
