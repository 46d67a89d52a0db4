//! The two validation paths agree: one stream (the reader drives a
//! `Replayer` on one thread) and blocks (the archive cut where lines start
//! with `[`, blocks checked in parallel, held back and joined where a cut
//! may have fallen inside a game).
mod common;

use fvnote::record::pipeline::blocks::{check_blocks, BlockOptions};
use fvnote::record::pipeline::game::{Checked, NoWriter};
use fvnote::record::pipeline::read::{each_game, PgnGames, Stopped};
use fvnote::record::pipeline::select::Selection;
use fvnote::record::replay::verdict::Verdict;

/// How both paths read.
struct ValidateOptions {
    strict: bool,
    block: usize,
}

/// Two workers, so `check_games` takes its parallel path.
fn two_workers() {
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build_global();
    assert!(rayon::current_num_threads() >= 2);
}

/// Verdicts of both paths, as JSON lines.
fn both(input: &[u8], opts: &ValidateOptions) -> (Vec<String>, Vec<String>) {
    two_workers();
    let json = |v: &Verdict| serde_json::to_string(v).unwrap();
    let mut serial = Vec::new();
    let mut checked = Checked::new(NoWriter, opts.strict, None, Selection::default());
    each_game(
        &mut PgnGames::new(input),
        &mut checked,
        None,
        &mut |_, f, _| {
            serial.push(json(&f.verdict));
            Ok(true)
        },
    )
    .unwrap();
    let mut blocks = Vec::new();
    let block = BlockOptions {
        strict: opts.strict,
        variant: None,
        block: opts.block,
        selection: Selection::default(),
    };
    check_blocks(input, &block, &mut |f, _| {
        blocks.push(json(&f.verdict));
        Ok(())
    })
    .unwrap();
    (serial, blocks)
}

#[test]
fn stream_and_block_verdicts_are_identical() {
    let files = common::pgn_files(&["fixtures", "tests/data"]);
    assert!(files.len() > 20, "{files:?}");
    let mut games = 0;
    for strict in [false, true] {
        for f in &files {
            let bytes = std::fs::read(f).unwrap();
            // Tiny blocks, so cuts fall everywhere a line starts with `[`.
            for block in [1, 100, 1000] {
                let (serial, blocks) = both(&bytes, &ValidateOptions { strict, block });
                assert_eq!(serial, blocks, "{} block {block}", f.display());
                games += serial.len();
            }
        }
    }
    assert!(games > 100, "{games}");
}

#[test]
fn stream_and_blocks_agree_on_damaged_input() {
    let cases: &[&[u8]] = &[
        b"1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n",
        b"[Event \"x\"\n1. e4 *\n\n[White \"a\"]\n1. e4 (1. d4 (1. c4 Ke5) d5) e5 *",
        b"1. e4 ((((( e5 *\n\n1. Nf3 ) ) *\n\n",
        b"[Variant \"quake\"]\n[SetUp \"1\"]\n[FEN \"bogus\"]\n\n1. e4 *\n\n1. e4 \xff\xfe e5 *\n",
        b"[Variant \"fault-line\"]\n\n1. S1e {[%deny S6w]} S6w 2. S1w 1-0\n",
        b"",
        b"\n\n\n",
        b"1-0 0-1 *",
        // A comment holding lines that start with `[`, and tag sections cut.
        b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {\n[not a tag]\n[%clk 0:01]\n} e5 *\n\n[Event \"c\"]\n1. d4 *\n",
        // Games ended by the next tag section, not by a result.
        b"1. e4 e5\n[Event \"x\"]\n1. d4\n[Event \"y\"]\n\n1. c4 (1. e4\n[Event \"z\"]\n1. f4 *\n",
        // CRLF and lone CR line breaks, a byte order mark, a UTF-8 comment.
        b"\xef\xbb\xbf[Event \"\xc3\xa9\"]\r\n\r\n1. e4 {\xe2\x99\x94} e5 2. Ke3 *\r\n[Event \"b\"]\r\r1. Nf3 Nf6 2. Ng5 Ke7 3. Kd8 *\r",
        // Lone CRs before a cut: the next block's lines must count them.
        b"[Event \"a\"]\r\r1. e4 *\r\r\n[Event \"b\"]\r\n1. Kd3 *\n",
        // Fault Line refusals name a line and column in their message.
        b"[Variant \"fault-line\"]\n\n1. S1e *\n\n[Variant \"fault-line\"]\n\n1. S1e {[%deny S6w]} S6w *\n",
        // A syntax error, then skipping to a game start that is not a block start.
        b"1. e4 ) e5 *\n[White \"x\"]\n1. d4 *\n\n[Event \"y\"]\n1. c4 *\n",
    ];
    for (i, c) in cases.iter().enumerate() {
        for strict in [false, true] {
            for block in [1, 2, 5, 20, 60] {
                let (serial, blocks) = both(c, &ValidateOptions { strict, block });
                assert_eq!(serial, blocks, "case {i} block {block}");
            }
        }
    }
}

#[test]
fn tiny_games_by_the_thousand_fall_back_to_one_stream() {
    // More games in a block than it may hold, and blocks of a few thousand.
    let mut pgn = String::new();
    for i in 0..25_000 {
        pgn.push_str(if i % 997 == 0 {
            "[Event \"x\"]\n1. Ke2 *\n"
        } else {
            "[Event \"x\"]\n*\n"
        });
    }
    for block in [1 << 20, 50_000] {
        let (serial, blocks) = both(
            pgn.as_bytes(),
            &ValidateOptions {
                strict: false,
                block,
            },
        );
        assert_eq!(serial.len(), 25_000);
        assert_eq!(serial, blocks, "block {block}");
    }
}

/// Input that fails with an I/O error after `left` bytes.
struct Failing<'a> {
    bytes: &'a [u8],
    left: usize,
}

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.left).min(self.bytes.len());
        if n == 0 {
            return Err(std::io::Error::other("disk on fire"));
        }
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn an_io_error_ends_both_paths_after_the_games_before_it() {
    two_workers();
    let pgn = b"[Event \"a\"]\n1. e4 e5 *\n[Event \"b\"]\n1. d4 Ke7 1-0\n\n1. c4 *\n[Event \"d\"]\n\n1. Nf3 0-1\n";
    let text = std::str::from_utf8(pgn).unwrap();
    let ends: Vec<usize> = [" *\n", " 1-0\n", " 0-1\n"]
        .iter()
        .flat_map(|r| text.match_indices(r).map(|(i, m)| i + m.len() - 1))
        .collect();
    assert_eq!(ends.len(), 4);
    let opts = ValidateOptions {
        strict: false,
        block: 16,
    };
    for n in 0..pgn.len() {
        let input = || {
            std::io::BufReader::with_capacity(
                5,
                Failing {
                    bytes: pgn,
                    left: n,
                },
            )
        };
        let (mut serial, mut blocks) = (Vec::new(), Vec::new());
        let mut checked = Checked::new(NoWriter, false, None, Selection::default());
        let e1 = each_game(
            &mut PgnGames::new(input()),
            &mut checked,
            None,
            &mut |_, f, _| {
                serial.push(f.verdict.game);
                Ok(true)
            },
        );
        let block = BlockOptions {
            strict: opts.strict,
            variant: None,
            block: opts.block,
            selection: Selection::default(),
        };
        let e2 = check_blocks(input(), &block, &mut |f, _| {
            blocks.push(f.verdict.game);
            Ok(())
        });
        let io = |r: &Result<usize, Stopped>| match r {
            Err(Stopped::Read(e)) if e.io => Some(e.error.span.offset),
            _ => None,
        };
        assert!(io(&e1).is_some(), "one stream, {n} bytes");
        let at = io(&e2).expect("blocks end with the I/O error");
        // Blocks report every game whose result was read before the failure,
        // which they locate exactly; one stream may lose a result token
        // that the failure struck before the byte after it.
        let done = ends.iter().filter(|&&e| e <= n).count();
        assert_eq!(blocks, (1..=done).collect::<Vec<_>>(), "cut at {n}");
        assert!(
            blocks.starts_with(&serial) && serial.len() + 1 >= done,
            "cut at {n}"
        );
        assert_eq!(at, n as u64, "cut at {n}");
    }
}
