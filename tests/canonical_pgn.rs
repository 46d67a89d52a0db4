//! Canonical PGN (`fmt`, `convert --to pgn`) is what it is defined to be:
//! the record's canonical SAN written with its numbers renumbered, or as
//! written when a move does not resolve (the text with numbers as written
//! is copied only where it parts from the renumbered one); and the replay
//! beside a conversion (`ReplayMode::Canonical`, clean tokens played on the
//! accelerator) gives the reference engine's verdict on every token.
use crate::common;

use fvnote::model::{for_each_node_mut, Record, Span};
use fvnote::notation::pgn::{to_string, Reader, Visitor};
use fvnote::record::convert::{convert_record, ConvertOptions, Target};
use fvnote::record::replay::{replay, GameReport, ReplayMode, ReplayOptions, Replayer};

/// Games whose move numbers are written in every way a reader accepts,
/// some with moves that do not resolve (early, late, in a variation).
const ODD_NUMBERS: &str = "1. e4 1... e5 2. Nf3 Nc6 *\n\n\
    [Event \"x\"]\n\ne4 e5 Nf3 Nc6 Bb5 *\n\n\
    1. e4 e5 3. Nf3 Nc6 *\n\n\
    1. e4 {c} e5 2. Nf3 {d} 2... Nc6 *\n\n\
    1. e4 e5 2. Nf3 (2. Nc3 Nf6) 2... Nc6 3. Bb5 *\n\n\
    1. e4 e5 2. Nf3 (2. Nc3 Zz9 3. d4) Nc6 3. Bb5 *\n\n\
    1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n\n\
    1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qxf7 Nf6 *\n\n\
    [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7\"]\n[SetUp \"1\"]\n\n\
    1... e5 2. Nf3 Zz9 *\n\n\
    [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7\"]\n[SetUp \"1\"]\n\n\
    7... e5 8. Nf3 *\n\n\
    1. e4 e5 2. Nf3 2... Nc6 3. Zz9 a6 *\n\n\
    1. e4 e5 {x} Nf3 Nc6 4. Bb5 *\n\n\
    Nf3 d5 2. g3 Zz9 *\n\n\
    1. d4 d5 2. c4 ; line\n2... e6 3. Nc3 3... Nf6 4. Bg5 xx *\n";

/// Every game of the fixtures, `tests/data` and [`ODD_NUMBERS`], as read.
fn games() -> Vec<(String, Record)> {
    let mut inputs: Vec<(String, Vec<u8>)> = common::pgn_files(&["fixtures", "tests/data"])
        .into_iter()
        .map(|f| (f.display().to_string(), std::fs::read(&f).unwrap()))
        .collect();
    inputs.push(("odd numbers".into(), ODD_NUMBERS.as_bytes().to_vec()));
    let mut out = Vec::new();
    for (name, bytes) in inputs {
        for (n, r) in Reader::new(&bytes[..]).enumerate() {
            if let Ok(r) = r {
                out.push((format!("{name} game {}", n + 1), r));
            }
        }
    }
    out
}

/// The lenient canonical PGN by its definition, from the reference
/// replay's verdicts: canonical SAN where a move resolves; numbers
/// renumbered when every move does, else kept as written.
fn lenient_by_definition(record: &Record) -> String {
    let report = replay(record, &ReplayOptions::default());
    let mut r = record.clone();
    let mut verdicts = report.canonical.iter();
    let mut all = report.start.is_some();
    for_each_node_mut(&mut r.moves, |n| match verdicts.next() {
        Some(Some(san)) => n.san.clone_from(san),
        _ => all = false,
    });
    if all {
        for_each_node_mut(&mut r.moves, |n| n.move_number = None);
    }
    to_string(&r)
}

#[test]
fn lenient_canonical_pgn_is_written_once_with_the_right_numbers() {
    let games = games();
    let mut unresolved = 0;
    let opts = ConvertOptions {
        to: Target::Pgn,
        json: Default::default(),
        fix_result: false,
    };
    for (name, record) in &games {
        let report = replay(record, &ReplayOptions::default());
        unresolved += usize::from(report.canonical.iter().any(Option::is_none));
        let text = String::from_utf8(convert_record(record, &opts).unwrap()).unwrap();
        assert_eq!(text, lenient_by_definition(record), "{name}");
    }
    assert!(games.len() > 80, "{} games", games.len());
    assert!(
        unresolved > 10,
        "{unresolved} games with a move that does not resolve"
    );
}

/// A replayer, and the verdict on each move token as it is played.
struct Verdicts(Replayer, Vec<Option<String>>);

impl Visitor for Verdicts {
    type Output = (GameReport, Vec<Option<String>>);
    fn begin_game(&mut self) {
        self.1.clear();
        self.0.begin_game();
    }
    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.0.tag(name, value, span);
    }
    fn begin_movetext(&mut self) {
        self.0.begin_movetext();
    }
    fn san(&mut self, token: &str, span: Span) {
        self.0.san(token, span);
        let v = self.0.take_verdict();
        self.1.push(v.map(|s| s.to_string()));
    }
    fn nag(&mut self, nag: u16, span: Span) {
        self.0.nag(nag, span);
    }
    fn comment(&mut self, text: &str, span: Span) {
        self.0.comment(text, span);
    }
    fn line_comment(&mut self, text: &str, span: Span) {
        self.0.line_comment(text, span);
    }
    fn begin_variation(&mut self, span: Span) {
        self.0.begin_variation(span);
    }
    fn end_variation(&mut self, span: Span) {
        self.0.end_variation(span);
    }
    fn move_number(&mut self, n: u32, span: Span) {
        self.0.move_number(n, span);
    }
    fn outcome(&mut self, result: &str, span: Span) {
        self.0.outcome(result, span);
    }
    fn end_game(&mut self) -> Self::Output {
        (self.0.end_game(), std::mem::take(&mut self.1))
    }
}

/// Everything of a report but the main line's plies (which a caller of
/// `take_verdict` does not read), as text.
fn summary(r: &GameReport) -> String {
    format!(
        "{:?} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        r.variant,
        r.plies,
        r.errors,
        r.warnings,
        r.notes,
        r.outcome,
        r.result,
        r.final_position,
        r.omitted,
    )
}

#[test]
fn canonical_verdicts_are_the_reference_engines_token_by_token() {
    let mut tokens = 0;
    for (name, record) in games() {
        let text = to_string(&record);
        let read = |replayer: Replayer| {
            let mut v = Verdicts(replayer, Vec::new());
            Reader::new(text.as_bytes())
                .read_game(&mut v)
                .unwrap()
                .unwrap()
        };
        let (reference, expected) = read(Replayer::new(ReplayOptions::default()));
        let (fast, verdicts) = read(Replayer::new(ReplayOptions::new(ReplayMode::Canonical)));
        assert_eq!(verdicts, expected, "{name}");
        assert_eq!(summary(&fast), summary(&reference), "{name}");
        tokens += verdicts.len();
    }
    assert!(tokens > 1_000, "{tokens} tokens compared");
}
