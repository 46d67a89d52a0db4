//! `check_writable` says exactly which records PGN can hold: a record it
//! accepts is written and read back as itself, and one it refuses is not.

use fvnote::model::{Comment, CommentKind, Line, Node, Record, Span, Tag};
use fvnote::notation::pgn::{check_writable, read_all, to_string};
use proptest::prelude::*;

/// Pieces of text that matter to PGN.
const PIECES: [&str; 28] = [
    "e4", "Nf3", "O-O", "1", "0", "-", "/", ".", "!", "?", "$", ";", "%", " ", "\n", "\r", "{",
    "}", "(", ")", "[", "]", "\"", "\\", "*", "\u{e9}", "\t", "e.p.",
];

fn text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(0..PIECES.len(), 0..max)
        .prop_map(|v| v.into_iter().map(|i| PIECES[i]).collect())
}

fn comment() -> impl Strategy<Value = Comment> {
    (text(4), any::<bool>()).prop_map(|(text, line)| Comment {
        text,
        kind: if line {
            CommentKind::Line
        } else {
            CommentKind::Brace
        },
        span: Span::default(),
    })
}

fn node() -> impl Strategy<Value = Node> {
    (
        prop_oneof![
            3 => Just("e4".to_owned()),
            1 => Just("exd6 e.p.".to_owned()),
            1 => text(3),
        ],
        prop::collection::vec(comment(), 0..2),
        prop::collection::vec(comment(), 0..2),
        prop::collection::vec(0u16..300, 0..2),
    )
        .prop_map(|(san, before, after, nags)| {
            let mut n = Node::new(san);
            n.comments_before = before;
            n.comments = after;
            n.nags = nags;
            n
        })
}

fn line() -> impl Strategy<Value = Line> {
    prop::collection::vec(node(), 0..4).prop_recursive(2, 12, 2, |inner| {
        (
            prop::collection::vec(node(), 1..4),
            prop::collection::vec(inner, 0..2),
        )
            .prop_map(|(mut nodes, vars)| {
                nodes[0].variations = vars;
                nodes
            })
    })
}

fn record() -> impl Strategy<Value = Record> {
    (
        prop::collection::vec(
            (
                prop_oneof![3 => Just("Event".to_owned()), 1 => text(2)],
                text(3),
            ),
            0..3,
        ),
        prop::collection::vec(comment(), 0..2),
        line(),
        prop_oneof![
            Just(None),
            Just(Some("1-0".to_owned())),
            Just(Some("*".to_owned())),
            text(2).prop_map(Some)
        ],
    )
        .prop_map(|(tags, prelude, moves, result)| Record {
            tags: tags.into_iter().map(|(n, v)| Tag::new(&*n, &*v)).collect(),
            prelude,
            moves,
            result,
            trailing_move_number: None,
            result_span: None,
            span: Span::default(),
        })
}

/// What a record means to PGN: without positions, move numbers and comment
/// kinds (the writer may pick the other kind, keeping the text), with the
/// result the writer supplies, and comments between two moves after the
/// first, before the first move of the game in the prelude (PGN cannot tell
/// them apart).
fn meaning(mut r: Record) -> Record {
    if let Some(first) = r.moves.first_mut() {
        r.prelude.append(&mut first.comments_before);
    }
    fn clean(c: &mut Comment) {
        c.span = Span::default();
        c.kind = CommentKind::Brace;
    }
    r.span = Span::default();
    r.result_span = None;
    r.result.get_or_insert_with(|| "*".to_owned());
    for t in &mut r.tags {
        t.span = Span::default();
    }
    r.prelude.iter_mut().for_each(clean);
    let mut stack = vec![&mut r.moves];
    while let Some(line) = stack.pop() {
        for i in 1..line.len() {
            let before = std::mem::take(&mut line[i].comments_before);
            line[i - 1].comments.extend(before);
        }
        for n in line.iter_mut() {
            n.span = Span::default();
            n.move_number = None;
            n.comments_before.iter_mut().for_each(clean);
            n.comments.iter_mut().for_each(clean);
            stack.extend(n.variations.iter_mut());
        }
    }
    r
}

fn reads_back(rec: &Record) -> bool {
    let text = to_string(rec);
    let mut games = read_all(text.as_bytes());
    games.len() == 1
        && games
            .remove(0)
            .is_ok_and(|r| meaning(r) == meaning(rec.clone()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]
    #[test]
    fn writable_exactly_when_it_reads_back(rec in record()) {
        let check = check_writable(&rec);
        prop_assert_eq!(check.is_ok(), reads_back(&rec), "{:?}\n{}", check, to_string(&rec));
    }
}

#[test]
fn refusals_name_the_ply_and_the_reason() {
    let mut rec = read_all(&b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *"[..])
        .remove(0)
        .unwrap();
    assert_eq!(check_writable(&rec), Ok(()));
    rec.moves[1].variations[0][1].san = "Nf3!".into();
    let e = check_writable(&rec).unwrap_err();
    assert_eq!(e.ply, Some(3));
    assert!(
        e.to_string()
            .starts_with("ply 3, move `Nf3!` cannot be written in PGN"),
        "{e}"
    );
    rec.moves[1].variations[0][1].san = "Nf3".into();
    rec.result = Some("win".into());
    assert_eq!(check_writable(&rec).unwrap_err().ply, None);
}

/// `exf6 e.p.`, a move read with its en passant mark apart, is written as it
/// was read; `e.p.` on its own would read as the mark of the move before it
/// (or, first in its line, as an error).
#[test]
fn a_separate_en_passant_mark_is_writable_with_its_move_only() {
    let rec = read_all(&b"1. e4 d5 2. e5 f5 3. exf6 e.p. *"[..])
        .remove(0)
        .unwrap();
    assert_eq!(rec.moves[4].san, "exf6 e.p.");
    assert_eq!(check_writable(&rec), Ok(()));
    assert!(reads_back(&rec));
    for ply in [1, 4] {
        let mut bad = rec.clone();
        bad.moves[ply - 1].san = "e.p.".into();
        assert_eq!(check_writable(&bad).unwrap_err().ply, Some(ply));
        assert!(!reads_back(&bad));
    }
}
