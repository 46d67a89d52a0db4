//! Public-API tests of the PGN reader: a zero-allocation visitor, reading
//! from a file, and error recovery through the iterator.

use std::io::{BufReader, Seek, SeekFrom, Write};

use fvnote::notation::pgn::{self, PgnErrorKind, Reader, Visitor};
use fvnote::record::Span;

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
