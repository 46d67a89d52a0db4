//! Reader and writer tests.

use super::*;
use crate::model::{CommentKind, Node};

pub(super) fn one(s: &str) -> Record {
    let mut v = read_all(s.as_bytes());
    assert_eq!(v.len(), 1, "{v:?}");
    v.remove(0).unwrap()
}

fn err(s: &str) -> PgnError {
    match read_all(s.as_bytes()).into_iter().next() {
        Some(Err(e)) => e,
        other => panic!("expected an error, got {other:?}"),
    }
}

fn sp(offset: u64, line: u32, column: u32, len: u32) -> Span {
    Span {
        offset,
        line,
        column,
        len,
    }
}

/// Strip spans so records read from different texts compare.
pub(super) fn nospan(mut r: Record) -> Record {
    r.span = Span::default();
    r.result_span = None;
    r.tags.iter_mut().for_each(|t| t.span = Span::default());
    for c in &mut r.prelude {
        c.span = Span::default();
    }
    let mut todo: Vec<&mut Vec<Node>> = vec![&mut r.moves];
    while let Some(line) = todo.pop() {
        for n in line.iter_mut() {
            n.span = Span::default();
            for c in n.comments.iter_mut().chain(n.comments_before.iter_mut()) {
                c.span = Span::default();
            }
            for v in n.variations.iter_mut() {
                todo.push(v);
            }
        }
    }
    r
}

#[test]
fn spans_multiline() {
    let s = "[Event \"E\"]\n[Site \"Zürich\"]\n\n1. e4 {ä}\ne5 2.Nf3 $14 *\n";
    let r = one(s);
    assert_eq!(r.tags[1].value, "Zürich");
    let m = &r.moves;
    assert_eq!(m[0].san, "e4");
    assert_eq!(m[0].span, sp(33, 4, 4, 2));
    assert_eq!(m[0].move_number, Some(1));
    assert_eq!(m[0].comments[0].text, "ä");
    assert_eq!(m[0].comments[0].span, sp(36, 4, 7, 4));
    assert_eq!(m[1].san, "e5");
    assert_eq!(m[1].span, sp(41, 5, 1, 2));
    assert_eq!(m[1].move_number, None);
    assert_eq!(m[2].san, "Nf3");
    assert_eq!(m[2].span, sp(46, 5, 6, 3));
    assert_eq!(m[2].move_number, Some(2));
    assert_eq!(m[2].nags, vec![14]);
    assert_eq!(r.result.as_deref(), Some("*"));
    assert_eq!(r.span, sp(0, 1, 1, 55));
}

#[derive(Default)]
struct Log(Vec<String>);

impl Visitor for Log {
    type Output = Vec<String>;
    fn tag(&mut self, n: &str, v: &str, s: Span) {
        self.0.push(format!("tag {n}={v} @{}:{}", s.line, s.column));
    }
    fn san(&mut self, t: &str, s: Span) {
        self.0
            .push(format!("san {t} @{}:{}+{}", s.line, s.column, s.offset));
    }
    fn move_number(&mut self, n: u32, s: Span) {
        self.0.push(format!("num {n} @{}:{}", s.line, s.column));
    }
    fn nag(&mut self, n: u16, s: Span) {
        self.0.push(format!("nag {n} @{}:{}", s.line, s.column));
    }
    fn outcome(&mut self, r: &str, s: Span) {
        self.0.push(format!("res {r} @{}:{}", s.line, s.column));
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.0)
    }
}

fn log(s: &str) -> Vec<String> {
    let mut r = Reader::new(s.as_bytes());
    r.read_game(&mut Log::default()).unwrap().unwrap()
}

#[test]
fn visitor_tokens_and_crlf() {
    let s = "[A \"1\"]\r\n\r\n1. e4\r\ne5 1-0";
    assert_eq!(
        log(s),
        vec![
            "tag A=1 @1:1",
            "num 1 @3:1",
            "san e4 @3:4+14",
            "san e5 @4:1+18",
            "res 1-0 @4:4"
        ]
    );
    // Bare CR line endings count lines too.
    let s = "1. e4\re5\r\r2. d4 *";
    assert_eq!(
        log(s),
        vec![
            "num 1 @1:1",
            "san e4 @1:4+3",
            "san e5 @2:1+6",
            "num 2 @4:1",
            "san d4 @4:4+13",
            "res * @4:7"
        ]
    );
}

#[test]
fn escapes() {
    let r = one(r#"[White "a \"quoted\" back\\slash \x"] *"#);
    assert_eq!(r.tag("White"), Some(r#"a "quoted" back\slash \x"#));
}

#[test]
fn glyphs_and_nags() {
    let r = one("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $0 $255 $65535 Nf6 ! *");
    let nags: Vec<Vec<u16>> = r.moves.iter().map(|n| n.nags.clone()).collect();
    assert_eq!(
        nags,
        vec![
            vec![1],
            vec![2],
            vec![3],
            vec![4],
            vec![5],
            vec![6],
            vec![0, 255, 65535],
            vec![1]
        ]
    );
    assert_eq!(r.moves[0].san, "e4");
    let r = one("1. Qxf7+!! Kxf7#?! *");
    assert_eq!(r.moves[0].san, "Qxf7+");
    assert_eq!(r.moves[1].san, "Kxf7#");
    assert_eq!(r.moves[1].nags, vec![6]);
}

#[test]
fn variant_tokens() {
    let s = "1. O-O 0-0 2. e2e4 Ng1-f3 3. exd6 e.p. K-qn 4. S3e C-a5 5. C>e1/e7=Q+ N@e4 \
             6. @e4 BRd4 7. RN@c3 e8(Q) 8. N*e4 e8(Q)+ 9. exd6\ne.p.+ *";
    let r = one(s);
    let sans: Vec<&str> = r.moves.iter().map(|n| n.san.as_str()).collect();
    assert_eq!(
        sans,
        vec![
            "O-O",
            "0-0",
            "e2e4",
            "Ng1-f3",
            "exd6 e.p.",
            "K-qn",
            "S3e",
            "C-a5",
            "C>e1/e7=Q+",
            "N@e4",
            "@e4",
            "BRd4",
            "RN@c3",
            "e8(Q)",
            "N*e4",
            "e8(Q)+",
            "exd6",
            "e.p.+"
        ]
    );
    assert_eq!(r.moves[4].span.len, 9);
    // `e8 (Q)` is not glued: a variation, which then is a move token "Q".
    let r = one("1. e8 (Q) *");
    assert_eq!(r.moves[0].variations[0][0].san, "Q");
}

#[test]
fn move_numbers() {
    let r = one("12. e4 12... e5 13 ... Nf3 13.Nc6 14...d6 *");
    let nums: Vec<Option<u32>> = r.moves.iter().map(|n| n.move_number).collect();
    assert_eq!(nums, vec![Some(12), Some(12), Some(13), Some(13), Some(14)]);
    assert_eq!(r.moves[4].san, "d6");
}

#[test]
fn nested_variations() {
    let r = one("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3))) (1. c4) e5 (1... c5) 2. Nf3 *");
    let e4 = &r.moves[0];
    assert_eq!(e4.variations.len(), 2);
    let d4 = &e4.variations[0];
    assert_eq!(d4[0].san, "d4");
    assert_eq!(d4[1].san, "d5");
    assert_eq!(d4[1].variations[0][0].san, "Nf6");
    assert_eq!(d4[1].variations[0][1].variations[0][0].san, "Nf3");
    assert_eq!(e4.variations[1][0].san, "c4");
    assert_eq!(r.moves[1].variations[0][0].san, "c5");
    assert_eq!(r.moves[2].san, "Nf3");
}

#[test]
fn comments_line_brace_escape_lines() {
    let s = "%escape line\n[A \"b\"]\n%another\n{pre\nlude} 1. e4 ; to the end {x}\n\
             e5 (; line\n{before} 1... c5) {multi\nline} *";
    let r = one(s);
    assert_eq!(r.prelude[0].text, "pre\nlude");
    assert_eq!(r.moves[0].comments[0].text, " to the end {x}");
    assert_eq!(r.moves[0].comments[0].kind, CommentKind::Line);
    let var = &r.moves[1].variations[0];
    assert_eq!(var[0].comments_before.len(), 2);
    assert_eq!(var[0].comments_before[0].text, " line");
    assert_eq!(var[0].comments_before[1].text, "before");
    assert_eq!(r.moves[1].comments[0].text, "multi\nline");
    // `%` not in column 1 is an ordinary token character.
    let r = one(" %x *");
    assert_eq!(r.moves[0].san, "%x");
}

#[test]
fn bom_skipped() {
    let r = one("\u{feff}[A \"b\"] 1. e4 *");
    assert_eq!(r.tags[0].name, "A");
    assert_eq!(r.span, sp(3, 1, 1, 15));
}

#[test]
fn many_games_and_endings() {
    let s = "[Event \"1\"]\n1. e4 1-0\n[Event \"2\"]\n\n1. d4 0-1\n\n\
             [Event \"3\"]\n1. c4\n[Event \"4\"]\n1. Nf3 1/2-1/2 [Event \"5\"] 1. b3";
    let v: Vec<Record> = read_all(s.as_bytes())
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(v.len(), 5);
    let res: Vec<Option<&str>> = v.iter().map(|r| r.result.as_deref()).collect();
    assert_eq!(
        res,
        vec![Some("1-0"), Some("0-1"), None, Some("1/2-1/2"), None]
    );
    assert_eq!(v[4].moves[0].san, "b3");
    assert!(read_all(b"").is_empty());
    assert!(read_all(b"  \n\n%x\n").is_empty());
}

fn kind(s: &str) -> (u32, u32, PgnErrorKind) {
    let e = err(s);
    (e.span.line, e.span.column, e.kind)
}

#[test]
fn error_kinds_and_locations() {
    use PgnErrorKind::*;
    assert_eq!(kind("1. e4\n  {never closed"), (2, 3, UnterminatedComment));
    assert_eq!(
        kind("1. e4 (1. d4\n"),
        (
            1,
            7,
            UnterminatedVariation {
                found: "end of input".into()
            }
        )
    );
    assert_eq!(
        kind("1. e4 (1. d4 1-0"),
        (
            1,
            7,
            UnterminatedVariation {
                found: "result '1-0'".into()
            }
        )
    );
    assert_eq!(
        kind("[A \"b\"\n1. e4"),
        (
            1,
            7,
            UnterminatedTag {
                found: "end of line".into()
            }
        )
    );
    assert_eq!(kind("[A \"b]\n1. e4"), (1, 4, UnterminatedString));
    assert_eq!(
        kind("[A b]"),
        (
            1,
            4,
            MalformedTag {
                expected: "'\"' opening the tag value",
                found: "'b'".into()
            }
        )
    );
    assert_eq!(
        kind("[ \"b\"]"),
        (
            1,
            3,
            MalformedTag {
                expected: "a tag name",
                found: "'\"'".into()
            }
        )
    );
    assert_eq!(kind("1. e4 e5)"), (1, 9, UnmatchedParen));
    assert_eq!(kind("1. (e4)"), (1, 4, VariationBeforeMove));
    assert_eq!(
        kind("1. e4 }"),
        (
            1,
            7,
            UnexpectedChar {
                found: "'}'".into()
            }
        )
    );
    assert_eq!(
        kind("1. e4\u{1}"),
        (
            1,
            6,
            UnexpectedChar {
                found: "control byte 0x01".into()
            }
        )
    );
    assert_eq!(
        kind("1. e4 $99999999999"),
        (
            1,
            7,
            NagOverflow {
                digits: "99999999999".into()
            }
        )
    );
    assert_eq!(kind("1. e4 $ *"), (1, 7, EmptyNag));
    assert_eq!(
        kind("99999999999. e4"),
        (
            1,
            1,
            MoveNumberOverflow {
                digits: "99999999999".into()
            }
        )
    );
    assert_eq!(
        kind("1. e4!!!"),
        (
            1,
            6,
            UnknownGlyph {
                found: "!!!".into()
            }
        )
    );
    assert_eq!(
        kind("1. é\u{0}"),
        (
            1,
            5,
            UnexpectedChar {
                found: "control byte 0x00".into()
            }
        )
    );
    let e = read_all(b"1. e\xff4 *")
        .into_iter()
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!((e.span.line, e.span.column, e.span.offset), (1, 5, 4));
    assert_eq!(e.kind, InvalidUtf8 { byte: 0xff });
    let e = read_all(b"[A \"\xc3\"]")
        .into_iter()
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(e.kind, InvalidUtf8 { byte: 0xc3 });
    assert_eq!(e.span.column, 5);
    // Comments too: a replacement character would alter the text.
    for pgn in [&b"1. e4 {a\xff} *"[..], b"1. e4 ;a\xff\n*"] {
        let e = read_all(pgn).remove(0).unwrap_err();
        assert_eq!(e.kind, InvalidUtf8 { byte: 0xff });
        assert_eq!(e.span.column, 9);
    }
}

#[test]
fn display_message() {
    let e = err("[A \"b\"]\n\n1. e4 {open");
    assert_eq!(
        e.to_string(),
        "line 3, column 7: unterminated comment (opened here; expected '}', found end of input)"
    );
    assert_eq!(e.span.offset, 15);
}

#[test]
fn limits_configurable() {
    let opts = ReaderOptions {
        max_token_len: 4,
        max_tag_value_len: 3,
        max_comment_len: 5,
        max_depth: 2,
    };
    let first = |s: &str| Reader::with_options(s.as_bytes(), opts).next().unwrap();
    // The error a text over a limit gives: its kind and column.
    let over = |s: &str| {
        let e = first(s).unwrap_err();
        (e.kind, e.span.column)
    };
    assert!(first("1. abcd *").is_ok());
    assert_eq!(
        over("1. abcde *").0,
        PgnErrorKind::TokenTooLong { limit: 4 }
    );
    assert!(first("[A \"abc\"]").is_ok());
    assert_eq!(
        over("[A \"abcd\"]"),
        (PgnErrorKind::TagValueTooLong { limit: 3 }, 5)
    );
    assert!(first("e4 {12345} *").is_ok());
    let comment = PgnErrorKind::CommentTooLong { limit: 5 };
    assert_eq!(over("e4 {123456} *").0, comment);
    assert_eq!(over("e4 ;123456\n *").0, comment);
    assert!(first("e4 (d4 (c4)) *").is_ok());
    assert_eq!(
        over("e4 (d4 (c4 (b4))) *"),
        (PgnErrorKind::TooDeep { limit: 2 }, 12)
    );
}

#[test]
fn recovery_after_errors() {
    let s = "[Event \"bad\"]\n[Site \"x\n[Round \"1\"]\n\n1. e4 {oops\n\n\
             [Event \"good\"]\n\n1. d4 *\n\n[Event \"bad2\"]\n1. e4 ) e5 *\n\
             [Event \"good2\"]\n1. c4 *\n[Event \"open\"]\n1. e4 (1. d4\n[Event \"good3\"]\n1. b3 *";
    let v = read_all(s.as_bytes());
    let summary: Vec<String> = v
        .iter()
        .map(|r| match r {
            Ok(r) => format!("ok {}", r.tag("Event").unwrap_or("")),
            Err(e) => format!("err {}", e.span.line),
        })
        .collect();
    assert_eq!(
        summary,
        vec!["err 2", "ok good", "err 12", "ok good2", "err 16", "ok good3"]
    );
}

#[test]
fn recovery_skips_huge_token_streaming() {
    let mut s = String::from("1. e4 ");
    s.push_str(&"x".repeat(1 << 20));
    s.push_str(" *\n\n[Event \"next\"]\n1. d4 *\n");
    let v = read_all(s.as_bytes());
    assert_eq!(v.len(), 2);
    let e = v[0].as_ref().unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::TokenTooLong { limit: 255 });
    assert_eq!(e.span.column, 7);
    assert_eq!(v[1].as_ref().unwrap().tag("Event"), Some("next"));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let s = "(".repeat(100_000);
    assert_eq!(err(&s).kind, PgnErrorKind::VariationBeforeMove);
    let s = format!("1. e4 {}", "(e4 ".repeat(100_000));
    let e = err(&s);
    assert_eq!(e.kind, PgnErrorKind::TooDeep { limit: 1024 });
    assert_eq!(e.span.offset, 6 + 4 * 1024);
    // A million parentheses: an error, then the rest is skipped streaming
    // and the next game is read.
    let s = format!("1. e4 {}\n\n[Event \"n\"] *", "(".repeat(1_000_000));
    let v = read_all(s.as_bytes());
    assert_eq!(v[0].as_ref().unwrap_err().span.offset, 7);
    assert_eq!(v[1].as_ref().unwrap().tag("Event"), Some("n"));
    // Many sibling variations are fine.
    let s = format!("1. e4 {} *", "(e4 ) ".repeat(100_000));
    let r = read_all(s.as_bytes()).remove(0).unwrap();
    assert_eq!(r.moves[0].variations.len(), 100_000);
}

/// A `BufRead` that hands out tiny chunks, to exercise refills.
struct Trickle<'a>(&'a [u8], usize);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(buf.len()).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn long_comment_streams_through_small_chunks() {
    let body = "ab ".repeat(2_000_000);
    let s = format!("[A \"b\"]\n1. e4 {{{body}}} e5 *\n");
    let rd = std::io::BufReader::with_capacity(4096, Trickle(s.as_bytes(), 4096));
    let r: Vec<_> = Reader::new(rd).collect();
    let r = r[0].as_ref().unwrap();
    assert_eq!(r.moves[0].comments[0].text.len(), body.len());
    assert_eq!(r.moves[1].span.line, 2);
}

#[test]
fn chunking_does_not_change_results() {
    let s = "\u{feff}[Event \"a \\\"b\\\"\"]\r\n\r\n1. e4! {c}\r\n(1. d4 e8(Q)) 1... e5 exd6 e.p. $3 ; x\r\n1-0\r\n";
    let whole = read_all(s.as_bytes());
    for chunk in 1..8 {
        let rd = std::io::BufReader::with_capacity(chunk, Trickle(s.as_bytes(), chunk));
        let v: Vec<_> = Reader::new(rd).collect();
        assert_eq!(v, whole, "chunk {chunk}");
    }
}

/// Every visitor event of every game, with spans (`Log`) and the replay
/// verdicts, read from `rd`.
fn events_and_verdicts(text: &str, chunk: Option<usize>) -> (Vec<String>, Vec<String>) {
    use crate::record::replay::{ReplayMode, ReplayOptions, Replayer};
    let read = |v: &mut dyn FnMut(&mut dyn std::io::BufRead)| match chunk {
        None => v(&mut text.as_bytes()),
        Some(n) => v(&mut std::io::BufReader::with_capacity(
            n,
            Trickle(text.as_bytes(), n),
        )),
    };
    let mut events = Vec::new();
    read(&mut |rd| {
        let mut r = Reader::new(rd);
        while let Some(game) = r.read_game(&mut Log::default()).transpose() {
            events.push(format!("{game:?}"));
        }
    });
    let mut verdicts = Vec::new();
    for mode in [ReplayMode::Full, ReplayMode::Verdict] {
        read(&mut |rd| {
            let mut r = Reader::new(rd);
            let mut replayer = Replayer::new(ReplayOptions::new(mode));
            while let Some(report) = r.read_game(&mut replayer).transpose() {
                verdicts.push(match report {
                    Ok(g) => format!(
                        "{} {:?} {:?} {:?}",
                        g.plies, g.errors, g.warnings, g.outcome
                    ),
                    Err(e) => format!("{e:?}"),
                });
            }
        });
    }
    (events, verdicts)
}

/// The reader's short paths for plain move tokens and move numbers (taken
/// when the token's end is buffered) read every shape as the general path
/// does (taken for all of them when the input comes a byte at a time, as
/// nothing past the token is buffered then): the same events, spans and
/// verdicts.
#[test]
fn short_paths_read_as_the_general_path_reads() {
    let texts = [
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1/2-1/2\n",
        "1.e4 e5 2.Nf3!? Nc6?? 3.Bc4 $1 Nf6 4.Ng5 d5 5.exd5 Nxd5 6.Nxf7 Kxf7 7.Qf3+ Ke6 *\n",
        "1. e4 d5 2. e5 f5 3. exf6 e.p. (3. exf6e.p. Nf6) (3. d4\tNc6) Nxf6 *\n",
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7+ 0-1\n",
        "12... Nf6 13. e8(Q) 13.e4 e2e4 0-0 1.2 Nf3{c}e5;x\r\nd4\x0bd5\x0ce4 e5)\n",
        "1. \u{e9}4 S\u{e9}3 e4\u{2b} 99999999999. e4 \u{2014} *\n",
        "[Variant \"fault-line\"]\n\n1. S4w e4 2. e3 S3e *\n1. e4 e5 1-0",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0 2. d4",
    ];
    for text in texts {
        let whole = events_and_verdicts(text, None);
        assert!(!whole.0.is_empty() && !whole.1.is_empty(), "{text:?}");
        let trickled = events_and_verdicts(text, Some(1));
        assert_eq!(whole, trickled, "{text:?}");
    }
    // The long token limit, on both paths.
    let long = format!("1. N{} e5 *\n", "a".repeat(300));
    assert_eq!(
        events_and_verdicts(&long, None),
        events_and_verdicts(&long, Some(1))
    );
}

#[test]
fn one_byte_chunks_stay_linear() {
    // A 1 MB comment and 20k moves delivered one byte per read: a reader
    // that rescanned its window on refill would take minutes here.
    let mut s = format!("1. e4 {{{}}} ", "c".repeat(1 << 20));
    for _ in 0..10_000 {
        s.push_str("Nf3 Nf6 ");
    }
    s.push('*');
    // This thread's CPU time, so other tests on the machine do not count.
    let t = cpu_time::ThreadTime::now();
    let rd = std::io::BufReader::with_capacity(1, Trickle(s.as_bytes(), 1));
    let v: Vec<_> = Reader::new(rd).collect();
    let r = v[0].as_ref().unwrap();
    assert_eq!(r.moves.len(), 20_001);
    assert!(t.elapsed().as_secs() < 2, "{:?}", t.elapsed());
}
