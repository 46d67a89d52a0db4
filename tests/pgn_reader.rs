//! Public-API tests of the PGN reader: a zero-allocation visitor, reading
//! from a file, and error recovery through the iterator.

use std::io::{BufReader, Seek, SeekFrom, Write};

use fvnote::model::Span;
use fvnote::notation::pgn::{self, PgnErrorKind, Reader, ReaderOptions, Visitor};
use proptest::prelude::*;

use crate::lossless;

/// Counts moves without allocating anything per token.
#[derive(Default)]
struct Count {
    moves: usize,
    max_depth: usize,
    depth: usize,
}

impl Visitor for Count {
    type Output = (usize, usize);
    fn begin_game(&mut self) {
        *self = Count::default();
    }
    fn san(&mut self, _: &str, _: Span) {
        self.moves += 1;
    }
    fn begin_variation(&mut self, _: Span) {
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
    }
    fn end_variation(&mut self, _: Span) {
        self.depth -= 1;
    }
    fn end_game(&mut self) -> (usize, usize) {
        (self.moves, self.max_depth)
    }
}

#[test]
fn counts_games_from_a_file() {
    let mut f = tempfile::tempfile().unwrap();
    for i in 0..2000 {
        writeln!(
            f,
            "[Event \"g{i}\"]\n[Result \"*\"]\n\n1. e4 (1. d4 (1. c4)) e5 2. Nf3 *\n"
        )
        .unwrap();
    }
    f.seek(SeekFrom::Start(0)).unwrap();
    let mut r = Reader::new(BufReader::with_capacity(512, f));
    let mut c = Count::default();
    let mut games = 0;
    while let Some(out) = r.read_game(&mut c).unwrap() {
        assert_eq!(out, (5, 2));
        games += 1;
    }
    assert_eq!(games, 2000);
}

#[test]
fn iterator_reports_error_then_continues() {
    let text = "[Event \"a\"]\n\n1. e4 $70000 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
    let v: Vec<_> = Reader::new(text.as_bytes()).collect();
    assert_eq!(v.len(), 2);
    let e = v[0].as_ref().unwrap_err();
    assert_eq!(
        e.kind,
        PgnErrorKind::NagOverflow {
            digits: "70000".into()
        }
    );
    assert_eq!((e.span.line, e.span.column, e.span.offset), (3, 7, 19));
    assert_eq!(
        e.to_string(),
        "line 3, column 7: NAG $70000 out of range (expected $0 to $65535)"
    );
    let g = v[1].as_ref().unwrap();
    assert_eq!(g.tag("Event"), Some("b"));
    // Writing and reading back gives the same game, spans aside.
    let again = pgn::read_all(pgn::to_string(g).as_bytes());
    let again = again[0].as_ref().unwrap();
    assert_eq!(again.moves.len(), 2);
    assert_eq!(again.moves[1].san, "d5");
}

/// The first error of `text`: its kind and where (line, column, length).
fn first_error(text: &str) -> (PgnErrorKind, (u32, u32, u32)) {
    let e = pgn::read_all(text.as_bytes()).remove(0).unwrap_err();
    (e.kind, (e.span.line, e.span.column, e.span.len))
}

#[test]
fn a_nag_needs_a_move_before_it_in_its_line() {
    // A record keeps NAGs on the move they follow; with none they were
    // dropped without a word.
    let nag = |found: &str| PgnErrorKind::NagBeforeMove {
        found: found.into(),
    };
    assert_eq!(first_error("$1 1. e4 *"), (nag("$1"), (1, 1, 2)));
    assert_eq!(first_error("{c} 1. $14 e4 *"), (nag("$14"), (1, 8, 3)));
    assert_eq!(first_error("1. e4 ($2 1. d4) *"), (nag("$2"), (1, 8, 2)));
    assert_eq!(first_error("1. e4 (!? 1. d4) *"), (nag("!?"), (1, 8, 2)));
    assert_eq!(first_error("!! 1. e4 *"), (nag("!!"), (1, 1, 2)));
    let e = pgn::read_all(&b"1. e4 ( 1. d4 ) ( $1 1. c4 ) *"[..]).remove(0);
    assert_eq!(
        e.unwrap_err().to_string(),
        "line 1, column 19: $1 before any move of its line \
         (expected a move first: a NAG annotates the move before it)"
    );
    // After a move, in any line, NAGs and glyphs are kept.
    let rec = pgn::read_all(&b"1. e4 $1 (1. d4 !? $5) e5 ! *"[..]).remove(0);
    let rec = rec.unwrap();
    assert_eq!(rec.moves[0].nags, [1]);
    assert_eq!(rec.moves[0].variations[0][0].nags, [5, 5]);
    assert_eq!(rec.moves[1].nags, [1]);
}

#[test]
fn a_comment_needs_a_move_in_its_variation() {
    // Found by the `replay` fuzz target as `:({[%deny]})`: the comment
    // vanished from the record (and from `fmt` and `convert`) while
    // `validate`, streaming, still judged it.
    let none = |line, column| PgnErrorKind::CommentWithoutMove { line, column };
    assert_eq!(first_error("1. e4 ({c}) *"), (none(1, 11), (1, 8, 3)));
    assert_eq!(first_error("1. e4 (1. {c}) *"), (none(1, 14), (1, 11, 3)));
    assert_eq!(first_error("1. e4 ( ;c\n) *"), (none(2, 1), (1, 9, 2)));
    assert_eq!(first_error(":({[%deny]})"), (none(1, 12), (1, 3, 9)));
    // The inner variation is the empty one.
    assert_eq!(
        first_error("1. e4 (1. d4 ({a} {b}) d5) *"),
        (none(1, 22), (1, 15, 3))
    );
    let e = pgn::read_all(&b"1. e4 ({c}) *"[..]).remove(0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 8: comment in a variation with no move (the variation \
         closes at line 1, column 11; expected a move in it, or the comment outside it)"
    );
    // Kept: before the first move of a variation that has one, before the
    // game's first move, and an empty variation (nothing in it to lose).
    let rec = pgn::read_all(&b"{g} 1. e4 ({c} 1. d4) () *"[..]).remove(0);
    let rec = rec.unwrap();
    assert_eq!(rec.prelude[0].text, "g");
    assert_eq!(rec.moves[0].variations[0][0].comments_before[0].text, "c");
    assert_eq!(rec.moves[0].variations[1], []);
}

#[test]
fn every_fixture_is_read_and_rewritten_without_loss() {
    let (mut dirs, mut files) = (vec![std::path::PathBuf::from("fixtures")], 0);
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                let data = std::fs::read(&path).unwrap();
                lossless::assert_nothing_lost(&data, ReaderOptions::default(), usize::MAX);
                for rec in pgn::read_all(&data).iter().flatten() {
                    lossless::assert_rewritten_alike(rec);
                }
                files += 1;
            }
        }
    }
    assert!(files >= 49, "{files} files");
}

/// Movetext made of every kind of PGN token, in any order.
fn movetext() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("e4"),
        Just("Nf3"),
        Just("1."),
        Just("2..."),
        Just("$1"),
        Just("!?"),
        Just("e5!"),
        Just("{c}"),
        Just(";c\n"),
        Just("("),
        Just(")"),
        Just("()"),
        Just("*"),
        Just("1-0"),
        Just("[Event \"x\"]\n"),
        Just("\n\n"),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|p| p.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]
    #[test]
    fn whatever_is_read_is_kept(text in movetext()) {
        lossless::assert_nothing_lost(text.as_bytes(), ReaderOptions::default(), 64);
        for rec in pgn::read_all(text.as_bytes()).iter().flatten() {
            lossless::assert_rewritten_alike(rec);
        }
    }
}

#[test]
fn escape_lines_are_skipped_or_refused() {
    let text = "[Event \"a\"]\n\n1. e4\n%private data { ( $\n1... e5 *\n";
    // Read: skipped, as the PGN standard says.
    let games = pgn::read_all(text.as_bytes());
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 2);
    // Refused where the file is to be rewritten: the line, not a move.
    let refused: Vec<_> = Reader::new(text.as_bytes()).refuse_escape_lines().collect();
    let e = refused[0].as_ref().unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::EscapeLine);
    assert_eq!((e.span.line, e.span.column, e.span.offset), (4, 1, 19));
    // A `%` elsewhere (in a comment at a line's start, or within a line)
    // is no escape line.
    let text = "1. e4 {see\n%2} e5 *\n";
    let read: Vec<_> = Reader::new(text.as_bytes()).refuse_escape_lines().collect();
    assert!(read[0].is_ok(), "{:?}", read[0]);
}
