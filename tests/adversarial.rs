//! Hostile input: every case ends in a clean result or an error with a location,
//! never a panic, a stack overflow or worse-than-linear time.

use crate::cli;
use cli::fvnote;

use std::io::{BufReader, Read};
use std::time::Duration;

use cpu_time::ThreadTime;

use fvnote::notation::fen::read_fen;
use fvnote::notation::pgn::{read_all, PgnError, PgnErrorKind, Reader, Visitor};
use fvnote::record::gen::{generate, to_pgn, GenOptions};
use fvnote::record::replay::{canonical_record, replay, ReplayOptions};
use fvnote::variant::Variant;

/// Reads every game, replays the good ones, and returns (games, errors).
fn read_and_replay(bytes: &[u8]) -> (usize, Vec<PgnError>) {
    let mut games = 0;
    let mut errors = Vec::new();
    for g in read_all(bytes) {
        match g {
            Ok(rec) => {
                games += 1;
                let report = replay(&rec, &ReplayOptions::default());
                let _ = canonical_record(&rec, &report);
                for d in &report.errors {
                    assert!(!d.message.is_empty());
                }
            }
            Err(e) => {
                assert!(e.span.line >= 1 && e.span.column >= 1, "no location: {e}");
                errors.push(e);
            }
        }
    }
    (games, errors)
}

/// The CPU time of this thread, not the wall clock: other processes (CI
/// neighbours, a fuzzer) preempting the test do not count against the input.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = ThreadTime::now();
    let v = f();
    (v, t.elapsed())
}

/// Times `make(n)` read at sizes n and 4n; asserts the ratio stays below 10:
/// linear work gives about 4, quadratic about 16. Best of five runs, because
/// other tests share the machine.
fn assert_linear(name: &str, n: usize, make: impl Fn(usize) -> Vec<u8>) {
    let small = make(n);
    let big = make(4 * n);
    // Warm up (allocator, page faults), then take the best of two runs.
    let _ = read_and_replay(&small);
    let best = |b: &[u8]| {
        (0..5)
            .map(|_| timed(|| read_and_replay(b)).1)
            .min()
            .unwrap()
            .max(Duration::from_micros(200))
    };
    let (t1, t4) = (best(&small), best(&big));
    let ratio = t4.as_secs_f64() / t1.as_secs_f64();
    assert!(
        ratio < 10.0,
        "{name}: {t1:?} for n, {t4:?} for 4n (ratio {ratio:.1})"
    );
}

#[test]
fn deep_variations_are_an_error_with_location() {
    let mut s = b"1. e4 ".to_vec();
    for _ in 0..100_000 {
        s.extend_from_slice(b"( e4 ");
    }
    s.extend(std::iter::repeat_n(b')', 100_000));
    s.extend_from_slice(b" *\n");
    let ((games, errors), t) = timed(|| read_and_replay(&s));
    assert_eq!(games, 0);
    assert!(
        matches!(errors[0].kind, PgnErrorKind::TooDeep { limit: 1024 }),
        "{:?}",
        errors[0]
    );
    assert_eq!(errors[0].span.line, 1);
    assert!(t < Duration::from_secs(5), "{t:?}");
}

#[test]
fn nesting_just_below_the_cap_replays() {
    // 1000 levels, each a legal alternative: the record is built, replayed,
    // cloned and dropped without deep recursion trouble.
    let mut s = b"1. e4 ".to_vec();
    for _ in 0..1000 {
        s.extend_from_slice(b"(1. d4 ");
    }
    s.extend_from_slice(&[b')'; 1000]);
    s.extend_from_slice(b" e5 *\n");
    let games = read_all(&s);
    let rec = games[0].as_ref().unwrap();
    let report = replay(rec, &ReplayOptions::default());
    assert!(report.is_valid(), "{:?}", report.error);
    assert_eq!(report.canonical.len(), 1002);
    // Clone, write, read back and drop at full depth (the writer is iterative).
    let canon = canonical_record(rec, &report);
    let text = fvnote::notation::pgn::to_string(&canon);
    let back = read_all(text.as_bytes()).remove(0).unwrap();
    let again = replay(&back.clone(), &ReplayOptions::default());
    assert!(again.is_valid());
    assert!(
        again.canonical == report.canonical,
        "canonical moves differ"
    );
}

#[test]
fn nested_looking_comments() {
    // Braces do not nest in PGN: the first `}` closes the comment, the rest
    // are unexpected characters.
    let mut s = b"1. e4 ".to_vec();
    s.extend(std::iter::repeat_n(b'{', 100_000));
    s.extend(std::iter::repeat_n(b'}', 100_000));
    s.extend_from_slice(b" *\n");
    let ((games, errors), t) = timed(|| read_and_replay(&s));
    assert_eq!(games, 0);
    assert!(matches!(
        errors[0].kind,
        PgnErrorKind::UnexpectedChar { .. }
    ));
    assert!(t < Duration::from_secs(5));
    // 100,000 consecutive small comments: all kept, in linear time.
    let many: Vec<u8> = b"1. e4 "
        .iter()
        .copied()
        .chain((0..100_000).flat_map(|_| b"{ {x} ".iter().copied()))
        .chain(b"e5 *\n".iter().copied())
        .collect();
    let games = read_all(&many);
    let rec = games[0].as_ref().unwrap();
    assert_eq!(rec.moves[0].comments.len(), 100_000);
    assert_eq!(rec.moves[0].comments[0].text, " {x");
    assert_linear("many comments", 20_000, |n| {
        let mut v = b"1. e4 ".to_vec();
        for _ in 0..n {
            v.extend_from_slice(b"{ {x} ");
        }
        v.extend_from_slice(b"e5 *\n");
        v
    });
}

/// `{` followed by `len` bytes of `x` and `}`, then a second good game,
/// produced on the fly.
struct HugeComment {
    len: u64,
    pos: u64,
    tail: &'static [u8],
    tail_pos: usize,
}

impl Read for HugeComment {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let head = b"1. e4 {";
        let mut n = 0;
        while n < buf.len() {
            if self.pos < head.len() as u64 {
                buf[n] = head[self.pos as usize];
                self.pos += 1;
            } else if self.pos < head.len() as u64 + self.len {
                let k = ((head.len() as u64 + self.len - self.pos) as usize).min(buf.len() - n);
                buf[n..n + k].fill(b'x');
                self.pos += k as u64;
                n += k;
                continue;
            } else if self.tail_pos < self.tail.len() {
                buf[n] = self.tail[self.tail_pos];
                self.tail_pos += 1;
            } else {
                break;
            }
            n += 1;
        }
        Ok(n)
    }
}

fn huge_comment(len: u64) {
    let src = HugeComment {
        len,
        pos: 0,
        tail: b"} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n",
        tail_pos: 0,
    };
    let (results, t) =
        timed(|| Reader::new(BufReader::with_capacity(1 << 16, src)).collect::<Vec<_>>());
    assert_eq!(results.len(), 2, "{results:?}");
    let err = results[0].as_ref().unwrap_err();
    assert!(
        matches!(err.kind, PgnErrorKind::CommentTooLong { .. }),
        "{err:?}"
    );
    assert_eq!((err.span.line, err.span.column), (1, 7));
    // The reader resynchronises at the next game.
    assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("next"));
    assert!(t < Duration::from_secs(20), "{t:?}");
}

#[test]
fn comment_of_20_mb_streams_to_an_error() {
    huge_comment(20 << 20);
}

#[test]
fn comment_of_100_mb_streams_to_an_error() {
    huge_comment(100 << 20);
}

#[test]
fn one_megabyte_token() {
    let mut s = b"1. ".to_vec();
    s.extend(std::iter::repeat_n(b'e', 1 << 20));
    s.extend_from_slice(b" *\n\n[Event \"next\"]\n\n1. e4 *\n");
    let (games, errors) = read_and_replay(&s);
    assert!(matches!(
        errors[0].kind,
        PgnErrorKind::TokenTooLong { limit: 255 }
    ));
    assert_eq!((errors[0].span.line, errors[0].span.column), (1, 4));
    assert_eq!(games, 1);
    // A 1 MB tag value and a 1 MB tag name fail cleanly too.
    let mut t = b"[Event \"".to_vec();
    t.extend(std::iter::repeat_n(b'v', 1 << 20));
    t.extend_from_slice(b"\"]\n\n*\n");
    let (_, errors) = read_and_replay(&t);
    assert!(matches!(
        errors[0].kind,
        PgnErrorKind::TagValueTooLong { .. }
    ));
    let mut n = b"[".to_vec();
    n.extend(std::iter::repeat_n(b'N', 1 << 20));
    n.extend_from_slice(b" \"v\"]\n\n*\n");
    let (_, errors) = read_and_replay(&n);
    assert!(!errors.is_empty());
}

#[test]
fn invalid_utf8_and_nul_bytes() {
    let (games, errors) = read_and_replay(b"1. e\xff4 e5 *\n");
    assert_eq!(games, 0);
    assert!(matches!(
        errors[0].kind,
        PgnErrorKind::InvalidUtf8 { byte: 0xff }
    ));
    assert_eq!((errors[0].span.line, errors[0].span.column), (1, 5));
    // In a comment too: nothing is replaced.
    let (_, errors) = read_and_replay(b"1. e4 {caf\xe9} e5 *\n");
    assert!(matches!(
        errors[0].kind,
        PgnErrorKind::InvalidUtf8 { byte: 0xe9 }
    ));
    // In a tag value it is an error.
    let (_, errors) = read_and_replay(b"[Event \"\xc3\x28\"]\n\n*\n");
    assert!(matches!(errors[0].kind, PgnErrorKind::InvalidUtf8 { .. }));
    // NUL bytes: an error with a location, wherever they are.
    for s in [
        &b"1. e4\0 e5 *\n"[..],
        b"\0\0\0",
        b"[Event \"a\0b\"]\n\n*\n",
        b"1. e4 {a\0b} *\n",
        b"1.\0e4 *",
    ] {
        let (games, errors) = read_and_replay(s);
        assert!(games + errors.len() >= 1, "{s:?}");
    }
    let (_, errors) = read_and_replay(b"1. e4\0 e5 *\n");
    assert!(matches!(
        errors[0].kind,
        PgnErrorKind::UnexpectedChar { .. }
    ));
    assert_eq!(errors[0].span.column, 6);
}

#[test]
fn overflowing_numbers() {
    let (_, errors) = read_and_replay(b"1. e4 $99999999999 *\n");
    assert!(matches!(errors[0].kind, PgnErrorKind::NagOverflow { .. }));
    let (_, errors) = read_and_replay(b"99999999999. e4 *\n");
    assert!(matches!(
        errors[0].kind,
        PgnErrorKind::MoveNumberOverflow { .. }
    ));
    assert_eq!(errors[0].span.column, 1);
    let (_, errors) = read_and_replay(b"1. e4 $65536 *\n");
    assert!(matches!(errors[0].kind, PgnErrorKind::NagOverflow { .. }));
    let mut digits = b"1. e4 $".to_vec();
    digits.extend(std::iter::repeat_n(b'9', 100_000));
    let (_, errors) = read_and_replay(&digits);
    assert!(!errors.is_empty());
    // A move number at u32::MAX then a black move: the writer and replay cope.
    let (games, errors) = read_and_replay(b"4294967295. e4 e5 4294967295... Nf3 *\n");
    assert_eq!(games + errors.len(), 1);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";
    for counters in [
        "0 99999999999",
        "99999999999 1",
        "-1 1",
        "0 4294967296",
        "0 1 extra",
    ] {
        let fen = format!("{start}{counters}");
        let err = read_fen(&fen, Variant::Chess).map(|_| ()).unwrap_err();
        assert!(err.column > 0, "{fen}: {err}");
    }
    // In a FEN tag: a replay error, not a panic.
    let rec = format!("[SetUp \"1\"]\n[FEN \"{start}0 99999999999\"]\n\n1. e4 *\n");
    let g = read_all(rec.as_bytes());
    let report = replay(g[0].as_ref().unwrap(), &ReplayOptions::default());
    assert!(report.error.unwrap().message.contains("FEN"));
}

/// Counts games without building them.
struct Count;
impl Visitor for Count {
    type Output = ();
    fn end_game(&mut self) {}
}

#[test]
fn a_million_empty_games() {
    let s = b"*\n".repeat(1_000_000);
    let (n, t) = timed(|| {
        let mut r = Reader::new(&s[..]);
        let mut n = 0usize;
        while let Ok(Some(())) = r.read_game(&mut Count) {
            n += 1;
        }
        n
    });
    assert_eq!(n, 1_000_000);
    assert!(t < Duration::from_secs(5), "{t:?}");
    let (games, t) = timed(|| Reader::new(&s[..]).filter(|g| g.is_ok()).count());
    assert_eq!(games, 1_000_000);
    assert!(t < Duration::from_secs(5), "{t:?}");
    let count = |n: usize| {
        let s = b"*\n".repeat(n);
        timed(|| Reader::new(&s[..]).filter(|g| g.is_ok()).count())
    };
    let _ = count(100_000);
    let ((n1, t1), (n4, t4)) = (count(100_000), count(400_000));
    assert_eq!((n1, n4), (100_000, 400_000));
    assert!(t4.as_secs_f64() / t1.as_secs_f64() < 8.0, "{t1:?} {t4:?}");
}

#[test]
fn every_prefix_of_a_record_is_clean() {
    let text = concat!(
        "[Event \"t\\\"q\"]\n[Variant \"fault-line\"]\n[Result \"*\"]\n\n",
        "% escape line\n1. e3 {a [%clk 0:01:00] b} (1. S1e $1 ; line\n) 1... e4!? ",
        "2. S3e {[%deny S4w]} 2... Nd4 3. exd4 *\n\n",
        "[Event \"2\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 1-0\n"
    );
    let bytes = text.as_bytes();
    for i in 0..=bytes.len() {
        let (games, errors) = read_and_replay(&bytes[..i]);
        assert!(games <= 2 && errors.len() <= 2, "prefix {i}");
    }
    // Generated games of every variant, cut anywhere.
    for v in Variant::ALL {
        let text = to_pgn(&generate(&GenOptions {
            variant: v,
            games: 1,
            seed: 3,
            max_plies: 12,
        }));
        let bytes = text.as_bytes();
        for i in 0..=bytes.len() {
            let _ = read_and_replay(&bytes[..i]);
        }
    }
}

#[test]
fn absurd_fens() {
    let mut cases: Vec<(String, Variant)> = Vec::new();
    let wide = "p".repeat(27);
    cases.push((format!("{wide}/8/8/8/8/8/8/8 w - - 0 1"), Variant::Chess));
    cases.push((format!("{wide}/{wide} w - - 0 1"), Variant::Quake));
    let tall = vec!["8"; 41].join("/");
    cases.push((format!("{tall} w - - 0 1"), Variant::Chess));
    cases.push((format!("{tall} w - - 0 1"), Variant::Quake));
    let very_tall = vec!["1"; 100_000].join("/");
    cases.push((format!("{very_tall} w - - 0 1"), Variant::Quake));
    cases.push(("99999/8/8/8/8/8/8/8 w - - 0 1".into(), Variant::Chess));
    cases.push((
        format!("{}/8 w - - 0 1", "9".repeat(100_000)),
        Variant::Quake,
    ));
    cases.push(("18446744073709551617/8 w - - 0 1".into(), Variant::Slide));
    cases.push(("26/k25 w - - 0 1".into(), Variant::Quake));
    cases.push(("(BR(BR(BR/8 w - - 0 1".into(), Variant::QuakeLb));
    cases.push(("8/8/8/8/8/8/8/8[".into(), Variant::Quake));
    cases.push((
        format!("8/8/8/8/8/8/8/8[{}] w - - 0 1", "Q".repeat(10_000)),
        Variant::Quake,
    ));
    cases.push(("".into(), Variant::Slide));
    cases.push(("/////////".into(), Variant::FaultLine));
    for (fen, v) in &cases {
        let (r, t) = timed(|| read_fen(fen, *v));
        let err = r.map(|_| ()).unwrap_err();
        assert!(!err.to_string().is_empty());
        assert!(t < Duration::from_secs(2), "{v}: {t:?}");
    }
    // The same through the binary: exit 2 and `error:` with a location.
    for (fen, v) in cases
        .iter()
        .filter(|(f, _)| f.len() < 2000 && !f.is_empty())
    {
        let out = fvnote()
            .args(["perft", "1", "--variant", v.id(), "--fen", fen])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{fen}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: invalid FEN"), "{err}");
    }
    assert_linear_fen();
}

fn assert_linear_fen() {
    // Best of several single calls: the allocator's mmap threshold moves
    // after the first large free, so one-off timings are noisy.
    let run = |n: usize| {
        let fen = format!("{}/8 w - - 0 1", "1".repeat(n));
        (0..7)
            .map(|_| timed(|| read_fen(&fen, Variant::Quake)).1)
            .min()
            .unwrap_or_default()
            .max(Duration::from_micros(100))
    };
    let _ = run(100_000);
    let (t1, t4) = (run(100_000), run(400_000));
    assert!(t4.as_secs_f64() / t1.as_secs_f64() < 8.0, "{t1:?} {t4:?}");
}

#[test]
fn long_games_are_linear() {
    // A long legal main line: Fault Line slides back and forth forever (draw
    // claims do not stop play, G5).
    assert_linear("long main line", 2_000, |n| {
        let mut s = b"[Variant \"fault-line\"]\n\n".to_vec();
        for i in 0..n {
            s.extend_from_slice(if i % 2 == 0 { b"S1e S6w " } else { b"S1w S6e " });
        }
        s.extend_from_slice(b"*\n");
        s
    });
    // Many sibling variations.
    assert_linear("sibling variations", 5_000, |n| {
        let mut s = b"1. e4 ".to_vec();
        for _ in 0..n {
            s.extend_from_slice(b"(1. d4 d5) ");
        }
        s.extend_from_slice(b"*\n");
        s
    });
}

/// Hostile arguments: each ends in a usage error with a message (exit 2),
/// never a panic (101), an abort (134) or a run without end.
#[test]
fn hostile_arguments_are_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.pgn");
    std::fs::write(&game, "1. e4 e5 *\n").unwrap();
    let game = game.to_str().unwrap();
    let here = dir.path().to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "5000"], "more than 20"),
        (&["perft", "4294967295", "--divide"], "more than 20"),
        (&["perft", "4294967296"], "invalid value"),
        (&["gen", "chess", "-1"], "unexpected argument"),
        (
            &["gen", "chess", "1", "--max-plies", "99999999999"],
            "--max-plies",
        ),
        (
            &["convert", "--to", "fen", "--in-place", game],
            "list of positions",
        ),
        (&["convert", "--to", "json", "--in-place", game], "JSON"),
        (
            &["convert", "--to", "pgn", "-o", here, game],
            "is a directory",
        ),
        (&["gen", "chess", "1", "-o", here], "is a directory"),
        (&["show", "--svg", here], "is a directory"),
    ];
    for (args, message) in cases {
        fvnote()
            .args(*args)
            .timeout(Duration::from_secs(30))
            .assert()
            .code(2)
            .stderr(predicates::str::contains(*message));
    }
}

/// Hostile files to write over: each refused, the file unchanged. A file
/// the system will not let us replace is an error of the run (exit 2); a
/// file whose text cannot be written back is an invalid game (exit 1).
#[cfg(unix)]
#[test]
fn hostile_write_targets_are_left_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let messy = "1.e4 e5 *\n";
    let ro = dir.path().join("ro.pgn");
    std::fs::write(&ro, messy).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    let linked = dir.path().join("linked.pgn");
    std::fs::write(&linked, messy).unwrap();
    std::fs::hard_link(&linked, dir.path().join("other.pgn")).unwrap();
    let bad = dir.path().join("bad.pgn");
    std::fs::write(&bad, b"1.e4 {\xff\xfe} e5 *\n").unwrap();
    for (f, code) in [(&ro, 2), (&linked, 2), (&bad, 1)] {
        let before = std::fs::read(f).unwrap();
        for args in [&["fmt"][..], &["convert", "--to", "pgn", "--in-place"][..]] {
            fvnote().args(args).arg(f).assert().code(code);
            assert_eq!(
                std::fs::read(f).unwrap(),
                before,
                "{args:?} {}",
                f.display()
            );
        }
    }
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}
