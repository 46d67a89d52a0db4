//! `convert` and `fmt` stream: a game is converted a main-line move at a
//! time as it is read (memory per game does not grow with the game), each
//! game reaches standard output before the next is read, and a game found
//! invalid late is written as it stands (or, past what is held back, cut
//! with a message) while the rest of the archive still converts.
use crate::cli;
use cli::fvnote_std;

use std::cell::RefCell;
use std::io::{BufRead, Read, Write};
use std::process::Stdio;
use std::rc::Rc;
use std::sync::mpsc;
use std::time::Duration;

use fvnote::notation::pgn::Reader;
use fvnote::record::convert::held::Held;
use fvnote::record::convert::stream::GameStream;
use fvnote::record::json::write::{JsonGames, JsonOptions, Layout};
use fvnote::record::pipeline::game::Checked;
use fvnote::record::pipeline::select::Selection;

/// A shared buffer: what was written so far, visible while writing goes on.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Text served in small pieces; notes how much output there was when the
/// first half of the text had been read.
struct Watched {
    text: Vec<u8>,
    at: usize,
    out: Shared,
    at_half: Option<usize>,
}

impl Read for Watched {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Watched {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at_half.is_none() && self.at >= self.text.len() / 2 {
            self.at_half = Some(self.out.0.borrow().len());
        }
        let end = (self.at + 4096).min(self.text.len());
        Ok(&self.text[self.at..end])
    }
    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// A long game that shuffles knights: `plies` plies.
fn long_game(plies: usize) -> String {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from("[Event \"long\"]\n\n");
    for i in 0..plies {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(moves[i % 4]);
        text.push(' ');
    }
    text.push_str("*\n");
    text
}

#[test]
fn a_long_game_is_written_while_it_is_read() {
    let out = Shared::default();
    let mut input = Watched {
        text: long_game(20_000).into_bytes(),
        at: 0,
        out: out.clone(),
        at_half: None,
    };
    let mut sink = out.clone();
    // Nothing held back: what the writer makes goes out at once.
    let held = Held::new(&mut sink, 0);
    let writer = GameStream::new(JsonGames::new(held, Layout::Lines, JsonOptions::default()));
    let mut checked = Checked::new(writer, false, None, Selection::default());
    let game = Reader::new(&mut input).read_game(&mut checked);
    assert!(matches!(game, Ok(Some(Some(ref f))) if f.output.is_ok()));
    drop(checked);
    let total = out.0.borrow().len();
    let at_half = input.at_half.unwrap();
    // Half the game read, a good part of its JSON is out already.
    assert!(
        at_half > total / 4,
        "{at_half} of {total} bytes written at half"
    );
    let line = String::from_utf8(out.0.borrow().clone()).unwrap();
    let game: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(game["moves"].as_array().unwrap().len(), 20_000);
}

/// Runs `fvnote ARGS` with a pipe for standard input: writes `first`,
/// waits for a line of output (at most 20 s), then writes `rest`.
/// The line seen before `rest` was written, and all the output.
fn through_slow_pipe(args: &[&str], first: &str, rest: &str) -> (Option<String>, String) {
    let mut child = fvnote_std()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut lines = std::io::BufReader::new(stdout);
        let mut all = String::new();
        let mut line = String::new();
        lines.read_line(&mut line).unwrap();
        let _ = tx.send(line.clone());
        all.push_str(&line);
        lines.read_to_string(&mut all).unwrap();
        all
    });
    stdin.write_all(first.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let early = rx.recv_timeout(Duration::from_secs(20)).ok();
    stdin.write_all(rest.as_bytes()).unwrap();
    drop(stdin);
    let all = reader.join().unwrap();
    child.wait().unwrap();
    (early, all)
}

const GAME_1: &str = "[Event \"one\"]\n\n1. e4 e5 2. Nf3 *\n\n";
const GAME_2_START: &str = "[Event \"two\"]\n\n1. d4 d5 ";
const GAME_2_END: &str = "2. c4 *\n";

#[test]
fn game_one_reaches_stdout_before_game_two_is_read() {
    let (early, all) = through_slow_pipe(
        &["convert", "--to", "jsonl"],
        &format!("{GAME_1}{GAME_2_START}"),
        GAME_2_END,
    );
    let early = early.expect("no output while game 2 was unfinished");
    let game: serde_json::Value = serde_json::from_str(&early).unwrap();
    assert_eq!(game["tags"][0]["value"], "one");
    assert_eq!(all.lines().count(), 2);

    let (early, all) = through_slow_pipe(
        &["convert", "--to", "pgn"],
        &format!("{GAME_1}{GAME_2_START}"),
        GAME_2_END,
    );
    assert_eq!(early.as_deref(), Some("[Event \"one\"]\n"));
    assert!(all.starts_with("[Event \"one\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"two\"]"));

    // A JSON array: its first element is out, the array still open.
    let (early, all) = through_slow_pipe(
        &["convert", "--to", "json"],
        &format!("{GAME_1}{GAME_2_START}"),
        GAME_2_END,
    );
    assert_eq!(early.as_deref(), Some("[\n"));
    let games: serde_json::Value = serde_json::from_str(&all).unwrap();
    assert_eq!(games.as_array().unwrap().len(), 2);
}

#[test]
fn a_game_found_unreadable_late_is_written_as_it_stands() {
    // The second game has an error at its end: stdout has all three games,
    // each whole, the second as it was read (JSON: `unreadable`, with its
    // verdict); the run says so and exits 1.
    let input =
        format!("{GAME_1}[Event \"two\"]\n\n1. c4 c5 2. Nc3 ) *\n\n[Event \"three\"]\n\n1. d4 *\n");
    for (to, check) in [("jsonl", 3usize), ("json", 3), ("pgn", 3)] {
        let out = fvnote_std()
            .args(["convert", "--to", to])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                c.stdin.take().unwrap().write_all(input.as_bytes())?;
                c.wait_with_output()
            })
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "--to {to}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("<stdin>:7:17"), "--to {to}: {stderr}");
        let text = String::from_utf8(out.stdout).unwrap();
        let games = match to {
            "jsonl" => text
                .lines()
                .filter(|l| serde_json::from_str::<serde_json::Value>(l).is_ok())
                .count(),
            "json" => serde_json::from_str::<serde_json::Value>(&text)
                .unwrap()
                .as_array()
                .unwrap()
                .len(),
            _ => text.matches("[Event").count(),
        };
        assert_eq!(games, check, "--to {to}: {text}");
        assert!(text.contains("2. Nc3 )"), "--to {to}: the game as read");
    }
}

#[test]
fn a_game_too_long_to_hold_back_is_cut_with_a_message() {
    // 100,000 plies are some 17 MB of JSON Lines, more than standard output
    // holds back (16 MiB): the game streams, and an error at its end leaves
    // it cut, which the message says.
    let mut input = long_game(100_000);
    input.truncate(input.len() - 2);
    input.push_str(") *\n");
    let out = fvnote_std()
        .args(["convert", "--to", "jsonl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            let mut stdin = c.stdin.take().unwrap();
            let text = input.clone();
            let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
            let out = c.wait_with_output();
            writer.join().unwrap()?;
            out
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("the output ends inside it"), "{stderr}");
    assert!(out.stdout.len() > 16 << 20);
    assert!(!out.stdout.ends_with(b"\n"));
}
