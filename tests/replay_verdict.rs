//! The verdict on a token played clean on an accelerator is its canonical
//! SAN (`fast::clean_san`, written from the parsed move), however it is
//! made: copied from the token when `San::parse_bytes_plain` found it
//! plain, written on the stack otherwise (`fast::clean_verdict`). Checked
//! token by token over every plain shape, and verdict by verdict against
//! the reference engine over generated games of every variant, with the
//! tokens handed over as text and as bytes.

use fvnote::model::{for_each_node_mut, Span};
use fvnote::notation::pgn::{to_string, Reader, Visitor};
use fvnote::notation::san::{ParsedSan, San, Suffix};
use fvnote::record::gen::{generate, GenOptions};
use fvnote::record::replay::fast::{clean_san, clean_san_into, clean_verdict};
use fvnote::record::replay::{GameReport, ReplayMode, ReplayOptions, Replayer};
use fvnote::variant::Variant;
use fvnote::{Role, Square};

/// The canonical SAN by definition: the move as `San`'s `Display` writes
/// it, then its mark; and `clean_san_into` writes the same.
fn by_definition(parsed: &ParsedSan) -> String {
    let mark = parsed
        .suffix
        .map(|s| s.char().to_string())
        .unwrap_or_default();
    let shown = format!("{}{mark}", parsed.san);
    let mut pushed = String::new();
    clean_san_into(&parsed.san, parsed.suffix, &mut pushed);
    assert_eq!(pushed, shown, "{parsed:?}");
    shown
}

/// Every way `clean_verdict` may be asked for `token`'s verdict gives
/// the canonical SAN; and a plain token is that SAN byte for byte.
fn check(token: &[u8]) -> bool {
    let (parsed, plain) = San::parse_bytes_plain(token);
    assert_eq!(
        format!("{parsed:?}"),
        format!("{:?}", San::parse_bytes(token)),
        "{token:?}"
    );
    let Ok(parsed) = parsed else {
        return false;
    };
    let expected = by_definition(&parsed);
    if plain {
        assert_eq!(expected.as_bytes(), token, "plain token {token:?}");
    }
    assert_eq!(clean_san(&parsed), expected, "{token:?}");
    assert_eq!(
        clean_verdict(&parsed, token, None, plain),
        expected,
        "{token:?}"
    );
    if let Ok(text) = std::str::from_utf8(token) {
        assert_eq!(
            clean_verdict(&parsed, token, Some(text), plain),
            expected,
            "{token:?}"
        );
    }
    plain
}

#[test]
fn plain_tokens_are_their_own_canonical_san() {
    let mut plain = 0;
    // Every token of up to four bytes over the alphabet, a sample of
    // longer ones …
    fvnote::notation::san::each_sample_token(300_000, |t| plain += usize::from(check(t)));
    // … and every combination of the parts of the longer shapes.
    for p in ["", "N", "K", "P", "RN", "BN", "NR", "e", "exd", "O"] {
        for hint in ["", "a", "h", "z", "1", "9", "0", "x"] {
            for sep in ["", "x", "-", "@"] {
                for sq in ["e4", "h8", "z9", "a0", "i9", "e10"] {
                    for tail in ["", "=Q", "=N", "=K", "=q", "Q", "+", "#", "++", "=N#"] {
                        let t = format!("{p}{hint}{sep}{sq}{tail}");
                        plain += usize::from(check(t.as_bytes()));
                    }
                }
            }
        }
    }
    // … and the slides and relocations (FL4, SC1) with their near misses.
    for p in ["S", "C-", "C>", "C"] {
        for body in ["1e", "9w", "0e", "3n", "10w", "e4", "z9", "a0", "e10"] {
            for tail in ["", "+", "#", "++", "!"] {
                let t = format!("{p}{body}{tail}");
                plain += usize::from(check(t.as_bytes()));
            }
        }
    }
    assert!(check(b"S3e") && check(b"C-a5+"));
    assert!(plain > 2_000, "{plain} plain tokens");
}

#[test]
fn tokens_not_plain_are_written_canonically() {
    for token in [
        "O-O",
        "O-O-O+",
        "0-0",
        " e4",
        "e4 ",
        "Ng1f3",
        "Ng1-f3",
        "Qh4xe1#",
        "Pe2e4",
        "e2e4",
        "exd6e.p.",
        "S4w",
        "S1e+",
        "K-qs#",
        "C-e4",
        "C>e4",
        "C>e1/e8=Q",
        "C>a1/b8=Q/c8=R+",
        "Nb10xc11",
        "BRa10",
        "\u{2654}e4",
    ] {
        // Read or not, plain or not: `check` holds every verdict to the
        // canonical SAN.
        check(token.as_bytes());
    }
    assert!(check(b"Nbd7+"));
    assert!(!check(b"Ng1f3"));
    // Longer than any token read, beyond the stack buffer: the slow way.
    let square = |f, r| Square::new(f, r).unwrap();
    let long = ParsedSan {
        san: San::CageInsert {
            to: square(0, 0),
            promotions: (0..8)
                .map(|f| (square(f, 20), Role::KnightBishop))
                .collect(),
        },
        suffix: Some(Suffix::Mate),
        lenient: Vec::new(),
    };
    let expected = by_definition(&long);
    assert_eq!(
        expected,
        "C>a1/a21=NB/b21=NB/c21=NB/d21=NB/e21=NB/f21=NB/g21=NB/h21=NB#"
    );
    assert_eq!(clean_san(&long), expected);
    assert_eq!(clean_verdict(&long, b"x", Some("x"), false), expected);
}

/// A replayer, and the verdict on each move token as it is played, the
/// token handed over as text or as bytes, and as read or with white space
/// around it (which a record's token may have).
struct Verdicts {
    replayer: Replayer,
    verdicts: Vec<Option<String>>,
    as_bytes: bool,
    padded: bool,
}

impl Visitor for Verdicts {
    type Output = (GameReport, Vec<Option<String>>);
    fn begin_game(&mut self) {
        self.verdicts.clear();
        self.replayer.begin_game();
    }
    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.replayer.tag(name, value, span);
    }
    fn san(&mut self, token: &str, span: Span) {
        let padded = format!(" {token}\t");
        let token = if self.padded { &padded } else { token };
        match self.as_bytes {
            true => self.replayer.san_ascii(token.as_bytes(), span),
            false => self.replayer.san(token, span),
        }
        let v = self.replayer.take_verdict();
        // Empty (`plain_verdicts_empty`): the token as sent is the verdict.
        let v = v.map(|s| match s.is_empty() {
            true => token.to_string(),
            false => s.to_string(),
        });
        self.verdicts.push(v);
    }
    fn san_ascii(&mut self, token: &[u8], span: Span) {
        if let Ok(token) = std::str::from_utf8(token) {
            self.san(token, span);
        }
    }
    fn comment(&mut self, text: &str, span: Span) {
        self.replayer.comment(text, span);
    }
    fn begin_variation(&mut self, span: Span) {
        self.replayer.begin_variation(span);
    }
    fn end_variation(&mut self, span: Span) {
        self.replayer.end_variation(span);
    }
    fn outcome(&mut self, result: &str, span: Span) {
        self.replayer.outcome(result, span);
    }
    fn end_game(&mut self) -> Self::Output {
        (self.replayer.end_game(), std::mem::take(&mut self.verdicts))
    }
}

/// Some tokens respelled the ways the reference engine corrects (long
/// algebraic, a missing mark, castling with zeros), so verdicts differ
/// from tokens.
fn respelled(san: &str, i: usize) -> String {
    match i % 7 {
        0 => san.trim_end_matches(['+', '#']).to_owned(),
        1 => san.replace('O', "0"),
        2 => format!("{san}+"),
        _ => san.to_owned(),
    }
}

#[test]
fn verdicts_are_the_reference_engines_over_every_variant() {
    let mut tokens = 0;
    for variant in Variant::ALL {
        let games = generate(&GenOptions {
            variant,
            games: 6,
            seed: 11,
            max_plies: 120,
        });
        for (g, game) in games.into_iter().enumerate() {
            for respell in [false, true] {
                let mut record = game.record.clone();
                if respell {
                    let mut i = 0;
                    for_each_node_mut(&mut record.moves, |n| {
                        n.san = respelled(&n.san, i).into();
                        i += 1;
                    });
                }
                let text = to_string(&record);
                let read = |replayer: Replayer, as_bytes: bool, padded: bool| {
                    let mut v = Verdicts {
                        replayer,
                        verdicts: Vec::new(),
                        as_bytes,
                        padded,
                    };
                    Reader::new(text.as_bytes())
                        .read_game(&mut v)
                        .unwrap()
                        .unwrap()
                        .1
                };
                let expected = read(Replayer::new(ReplayOptions::default()), false, false);
                for (as_bytes, padded) in
                    [(false, false), (true, false), (false, true), (true, true)]
                {
                    let fast = Replayer::new(ReplayOptions::new(ReplayMode::Canonical));
                    let verdicts = read(fast, as_bytes, padded);
                    let how = format!("{respell} {as_bytes} {padded}");
                    assert_eq!(verdicts, expected, "{variant:?} game {g} {how}");
                }
                tokens += expected.len();
            }
        }
    }
    assert!(tokens > 5_000, "{tokens} tokens");
}
