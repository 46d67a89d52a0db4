//! The writer's own tests, and round trips through the reader.

use super::wrap::WIDTH;
use super::{decimal, to_string, Movetext, Number, Wrap};
use crate::model::{CommentKind, Node, Record, Span};
use crate::notation::pgn::read_all;
use crate::notation::pgn::tests::{nospan, one};

#[test]
fn decimals_are_formatted_as_format_does() {
    let mut buf = [0; 16];
    for n in [0, 1, 9, 10, 99, 100, 12345, u32::MAX] {
        assert_eq!(
            decimal(&mut buf, "", n, "..."),
            format!("{n}...").as_bytes()
        );
        assert_eq!(decimal(&mut buf, "$", n, ""), format!("${n}").as_bytes());
    }
}

/// A line state: the column and whether the token is glued on.
fn wrap(col: usize, glue: bool) -> Wrap<Vec<u8>> {
    Wrap::new(Vec::new(), col, glue)
}

/// Moves reach the output as they are written, but for at most a
/// pending buffer's worth; `finish` writes the rest.
#[test]
fn moves_reach_the_output_a_line_at_a_time() {
    let mut m = Movetext::new(Vec::new(), &[]);
    let mut written = 0;
    for i in 0..1_000 {
        m.plain_move(b"Nbd7+", &[]).unwrap();
        // "N. Nbd7+" or " Nbd7+", and a break or space before each.
        written += 6 + if i % 2 == 0 {
            2 + (i / 2 + 1).to_string().len()
        } else {
            0
        };
        assert!(m.w.out.len() + super::wrap::PENDING >= written, "{i}");
    }
    let out = m.finish(None, Some("*")).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("1. Nbd7+ Nbd7+ 2. Nbd7+") && text.ends_with(" *\n\n"));
    assert!(text.lines().all(|l| l.len() <= WIDTH), "{text}");
}

/// The short copy copies every byte, at every length and offset.
#[test]
fn short_copies_copy_every_byte() {
    let src: Vec<u8> = (1..=40).collect();
    for n in 0..=30 {
        for at in [0, 1, 7] {
            let mut dst = [0u8; 40];
            super::wrap::copy_short(&mut dst[at..at + n], &src[..n]);
            let mut want = [0u8; 40];
            want[at..at + n].copy_from_slice(&src[..n]);
            assert_eq!(dst, want, "{n} at {at}");
        }
    }
}

/// `short`, `stage` and `token` write a short token as `token3` does,
/// at every column around the width, glued or not, `%` first or not.
#[test]
fn short_tokens_are_written_as_token3_writes_them() {
    let tokens = ["e4", "%x", "1.", "12...", "$1", "Nbd7+", "%", "O-O-O#", "x"];
    let long = "a".repeat(super::wrap::SHORT);
    let mut cases = 0;
    for tok in tokens.iter().copied().chain([long.as_str()]) {
        for col in (0..=3).chain(WIDTH - 10..=WIDTH + 2) {
            for glue in [false, true] {
                let mut general = wrap(col, glue);
                general.token3("", tok, "").unwrap();
                let mut short = wrap(col, glue);
                short.short(tok.as_bytes()).unwrap();
                let mut token = wrap(col, glue);
                token.token(tok).unwrap();
                let mut staged = wrap(col, glue);
                assert!(staged.stage(tok.as_bytes()));
                for w in [&mut short, &mut token, &mut staged] {
                    w.out().unwrap();
                }
                for other in [&short, &token, &staged] {
                    let what = format!("{tok:?} at {col}, glue {glue}");
                    assert_eq!(other.out, general.out, "{what}");
                    assert_eq!(other.col, general.col, "{what}");
                    assert_eq!(other.glue, general.glue, "{what}");
                }
                cases += 1;
            }
        }
    }
    assert!(cases > 200, "{cases}");
}

/// `plain_move` writes what `node` writes for a plain node, whatever
/// the numbers and moves, across line breaks.
#[test]
fn plain_moves_are_written_as_nodes() {
    use crate::model::{Node, Tag};
    let fen = |n: u32, side: &str| Tag::new("FEN", format!("8/8/8/8/8/8/8/K6k {side} - - 0 {n}"));
    let sans = ["e4", "Nbd7+", "%x", "O-O-O#", "exd8=Q+", "\u{2654}e4", "a"];
    for tags in [
        vec![],
        vec![fen(9, "w")],
        vec![fen(99_998, "b")],
        vec![fen(7, "b")],
    ] {
        let mut plain = Movetext::new(Vec::new(), &tags);
        let mut nodes = Movetext::new(Vec::new(), &tags);
        for i in 0..300 {
            let san = sans[i % sans.len()].repeat(1 + i % 4);
            let nags: Vec<u16> = (0..(i % 3) as u16).map(|n| n * 70).collect();
            plain.plain_move(san.as_bytes(), &nags).unwrap();
            let mut node = Node::new(san.as_str());
            node.nags.clone_from(&nags);
            nodes.node(&node).unwrap();
            if i % 50 == 49 {
                // A comment: the next move is numbered.
                let c = crate::model::CommentKind::Brace;
                plain.comment_between("c", c).unwrap();
                nodes.comment_between("c", c).unwrap();
            }
        }
        let plain = plain.finish(None, Some("*")).unwrap();
        let nodes = nodes.finish(None, Some("*")).unwrap();
        assert_eq!(String::from_utf8(plain), String::from_utf8(nodes));
    }
}

#[test]
fn move_numbers_bumped_are_formatted_as_format_does() {
    let mut number = Number::new();
    for n in 1..=100_000u32 {
        assert_eq!(number.text(n), format!("{n}.").as_bytes(), "{n}");
    }
    // Jumps (a recorded number, a FEN's) and the largest numbers.
    let tail = (u32::MAX - 100_000)..=u32::MAX;
    for n in [7, 7, 1, 999, 1000, 5, 99_999, 100_000]
        .into_iter()
        .chain(tail)
    {
        assert_eq!(number.text(n), format!("{n}.").as_bytes(), "{n}");
    }
}

#[test]
fn tag_values_are_escaped_and_read_back() {
    use crate::model::Tag;
    for value in ["", "plain", "a\"b", "back\\slash", "\"\\\"", "é \\\\ \"x\""] {
        let mut out = Vec::new();
        super::write_tags(&[Tag::new("Event", value)], &mut out).unwrap();
        let want = value.replace('\\', "\\\\").replace('"', "\\\"");
        assert_eq!(
            String::from_utf8(out.clone()).unwrap(),
            format!("[Event \"{want}\"]\n\n")
        );
        let text = format!("{}*\n", String::from_utf8(out).unwrap());
        let records = crate::notation::pgn::read_all(text.as_bytes());
        let record = records.into_iter().next().unwrap().unwrap();
        assert_eq!(record.tags[0].value, value);
    }
}

#[test]
fn writer_output() {
    let r = one(
        "[Event \"E \\\"q\\\"\"]\n[White \"W\"]\n[Result \"1-0\"]\n\n{start} 1. e4 e5 {c} 2. Nf3 \
         (2. f4 exf4) Nc6 $1 ; line\n3. Bb5 *",
    );
    let mut r2 = r.clone();
    r2.result = None;
    // A record without a termination marker is written without one: a
    // cut-off game stays cut off, whatever its Result tag says.
    assert_eq!(
        to_string(&r2),
        "[Event \"E \\\"q\\\"\"]\n[White \"W\"]\n[Result \"1-0\"]\n\n\
         {start} 1. e4 e5 {c} 2. Nf3 (2. f4 exf4) 2... Nc6 $1 ; line\n3. Bb5\n\n"
    );
    r2.trailing_move_number = Some(3);
    assert!(to_string(&r2).ends_with("3. Bb5 3...\n\n"));
}

#[test]
fn writer_wraps_at_80() {
    let mut rec = Record::default();
    for i in 0..200 {
        rec.moves
            .push(Node::new(if i % 2 == 0 { "Nxe4+" } else { "Qh8" }));
    }
    rec.moves[5]
        .variations
        .push(vec![Node::new("a3"), Node::new("b5")]);
    let s = to_string(&rec);
    assert!(s.lines().all(|l| l.chars().count() <= 80), "{s}");
    assert!(s.lines().count() > 10);
    let back = one(&s);
    assert_eq!(back.moves.len(), 200);
    assert_eq!(back.moves[98].move_number, Some(50));
}

#[test]
fn writer_fen_start_black() {
    let mut rec = Record::default();
    rec.tags
        .push(crate::model::Tag::new("FEN", "8/8/8/8/8/8/8/8 b - - 0 17"));
    rec.moves.push(Node::new("Kg7"));
    rec.moves.push(Node::new("Kf1"));
    rec.moves.push(Node::new("Kf6"));
    rec.result = Some("*".into());
    assert!(to_string(&rec).ends_with("\n\n17... Kg7 18. Kf1 Kf6 *\n\n"));
}

#[test]
fn round_trip_examples() {
    for s in [
        "[Event \"x\"]\n\n1. e4 (1. d4 d5 (1... Nf6)) 1... e5 {c} 2. Nf3 $14 ; l\n2... Nc6 1-0",
        "{only a comment} *",
        "[A \"\\\\\"]\n\n1. O-O-O C>e1/e7=Q+ 2. exd6 e.p. e8(Q)#!! 0-1",
        "1. e4 ( {pre} 1. d4 ) ( ) 1... e5 *",
    ] {
        let a = nospan(one(s));
        let b = nospan(one(&to_string(&a)));
        assert_eq!(a, b, "{s}");
    }
}

mod props {
    use super::*;
    use crate::model::{Comment, Tag};
    use proptest::prelude::*;

    fn san() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-hKQRBNSC][a-h1-8x@*=>/+#-]{0,6}",
            Just("O-O".to_string()),
            Just("exd6 e.p.".to_string()),
            Just("e8(Q)".to_string()),
        ]
    }

    fn comment() -> impl Strategy<Value = Comment> {
        prop_oneof![
            "[a-z ()\\[%\\]\n;]{0,12}".prop_map(|t| Comment {
                text: t,
                kind: CommentKind::Brace,
                span: Span::default()
            }),
            "[a-z {}()]{0,12}".prop_map(|t| Comment {
                text: t,
                kind: CommentKind::Line,
                span: Span::default()
            }),
        ]
    }

    fn node() -> impl Strategy<Value = Node> {
        (
            san(),
            prop::collection::vec(any::<u16>(), 0..3),
            prop::collection::vec(comment(), 0..2),
        )
            .prop_map(|(s, nags, comments)| {
                let mut n = Node::new(s);
                n.nags = nags;
                n.comments = comments;
                n
            })
    }

    fn line() -> impl Strategy<Value = Vec<Node>> {
        let leaf = prop::collection::vec(node(), 1..6);
        leaf.prop_recursive(3, 40, 3, |inner| {
            (
                prop::collection::vec(node(), 1..6),
                prop::collection::vec(inner, 0..3),
                any::<prop::sample::Index>(),
            )
                .prop_map(|(mut l, vars, at)| {
                    let i = at.index(l.len());
                    l[i].variations = vars;
                    l
                })
        })
    }

    fn record() -> impl Strategy<Value = Record> {
        (
            prop::collection::vec(("[A-Za-z][A-Za-z0-9_]{0,8}", "[ -~é]{0,16}"), 0..4),
            prop::collection::vec(comment(), 0..2),
            prop::option::of(line()),
            prop::option::of(prop_oneof![
                Just("1-0"),
                Just("0-1"),
                Just("1/2-1/2"),
                Just("*")
            ]),
        )
            .prop_map(|(tags, prelude, moves, result)| Record {
                tags: tags
                    .into_iter()
                    .map(|(name, value)| Tag::new(name, value))
                    .collect(),
                prelude,
                moves: moves.unwrap_or_default(),
                result: result.map(str::to_string),
                trailing_move_number: None,
                result_span: None,
                span: Span::default(),
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn write_read_round_trip(rec in record()) {
            let text = to_string(&rec);
            let first = read_all(text.as_bytes());
            // A record of nothing at all has no PGN: no marker is made up.
            let empty = rec.tags.is_empty() && rec.prelude.is_empty() && rec.moves.is_empty()
                && rec.result.is_none();
            prop_assert_eq!(first.len(), usize::from(!empty), "{}", text);
            if empty {
                return Ok(());
            }
            let r0 = nospan(first.into_iter().next().unwrap().unwrap());
            // The structure survives writing (numbers may be added).
            prop_assert_eq!(&r0.tags, &rec.tags);
            prop_assert_eq!(r0.moves.len(), rec.moves.len());
            let again = to_string(&r0);
            let r1 = nospan(one(&again));
            prop_assert_eq!(r1, r0);
        }
    }
}
