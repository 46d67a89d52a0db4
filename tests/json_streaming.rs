//! `convert --to pgn` from JSON streams: each game's PGN reaches standard
//! output as soon as the game is read and checked (before the next game,
//! before a JSON array is closed), a late error is said at its place while
//! the games around it are written and the run exits 1, a long game costs memory near its
//! text rather than a record of it, and the fast route gives the bytes and
//! diagnostics of the whole-record route (`FILE:N-M` still takes that one).
use crate::cli;
use cli::{fvnote, fvnote_std};

use std::io::{Read, Write};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const GAME_1: &str = r#"{"format": "fvnote-record", "version": 1,
  "tags": [{"name": "Event", "value": "one"}],
  "moves": [{"san": "e4"}, {"san": "e5"}, {"san": "Nf3"}], "result": "*"}"#;
const GAME_1_PGN: &str = "[Event \"one\"]\n\n1. e4 e5 2. Nf3 *\n\n";
const GAME_2: &str = r#"{"format": "fvnote-record", "version": 1,
  "tags": [{"name": "Event", "value": "two"}],
  "moves": [{"san": "d4"}, {"san": "d5"}], "result": "*"}"#;
/// Illegal at its last ply.
const GAME_ILLEGAL: &str = r#"{"format": "fvnote-record", "version": 1,
  "tags": [{"name": "Event", "value": "three"}],
  "moves": [{"san": "c4"}, {"san": "c5"}, {"san": "Ke3"}], "result": "*"}"#;

/// `fvnote convert --to pgn` reading a pipe; its stdout read by a thread
/// that reports each chunk.
struct Piped {
    child: Child,
    stdin: Option<std::process::ChildStdin>,
    chunks: mpsc::Receiver<Vec<u8>>,
    seen: Vec<u8>,
}

impl Piped {
    fn start() -> Piped {
        Piped::run(&["convert", "--to", "pgn", "--from", "json"])
    }

    /// `fvnote ARGS` reading a pipe.
    fn run(args: &[&str]) -> Piped {
        let mut child = fvnote_std()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, chunks) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = vec![0; 1 << 16];
            while let Ok(n @ 1..) = stdout.read(&mut buf) {
                if tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Piped {
            child,
            stdin,
            chunks,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Waits (at most `limit`) until stdout ends with `want`; what it holds.
    fn wait_for(&mut self, want: &str, limit: Duration) -> String {
        let end = Instant::now() + limit;
        while !self.seen.ends_with(want.as_bytes()) {
            let left = end.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(chunk) => self.seen.extend(chunk),
                Err(_) => break,
            }
        }
        String::from_utf8_lossy(&self.seen).into_owned()
    }

    /// Closes stdin; the exit code, all of stdout, and stderr.
    fn finish(mut self) -> (Option<i32>, String, String) {
        drop(self.stdin.take());
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = self.child.wait().unwrap();
        while let Ok(chunk) = self.chunks.recv_timeout(Duration::from_secs(20)) {
            self.seen.extend(chunk);
        }
        let out = String::from_utf8(self.seen).unwrap();
        (status.code(), out, err)
    }

    /// The process's peak resident memory so far, in bytes (Linux).
    fn peak_rss(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }
}

#[test]
fn the_first_game_of_an_array_is_out_before_the_array_is_closed() {
    let mut p = Piped::start();
    p.send(&format!("[{GAME_1},\n"));
    let early = p.wait_for(GAME_1_PGN, Duration::from_secs(20));
    assert_eq!(
        early, GAME_1_PGN,
        "game 1 was not written while the array was open"
    );
    p.send(&format!("{GAME_2}]\n"));
    let (code, out, err) = p.finish();
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        format!("{GAME_1_PGN}[Event \"two\"]\n\n1. d4 d5 *\n\n")
    );
}

#[test]
fn json_lines_stream_a_game_per_line() {
    let line = |g: &str| g.replace('\n', " ") + "\n";
    let mut p = Piped::start();
    p.send(&line(GAME_1));
    let early = p.wait_for(GAME_1_PGN, Duration::from_secs(20));
    assert_eq!(early, GAME_1_PGN, "game 1 was not written before line 2");
    p.send(&line(GAME_2));
    let (code, out, _) = p.finish();
    assert_eq!(code, Some(0));
    assert!(out.ends_with("1. d4 d5 *\n\n"), "{out}");
}

#[test]
fn a_late_illegal_move_is_said_at_its_ply_and_the_games_go_on() {
    // Game 1 goes out at once; game 3 is illegal at its last ply: it is
    // written as it was read, its error located at the ply, game 2 after it
    // is written too, and the run exits 1 (as validate).
    let mut p = Piped::start();
    p.send(&format!("[{GAME_1},\n"));
    let early = p.wait_for(GAME_1_PGN, Duration::from_secs(20));
    assert_eq!(early, GAME_1_PGN);
    p.send(&format!("{GAME_ILLEGAL},\n{GAME_2}]\n"));
    let (code, out, err) = p.finish();
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        out,
        format!(
            "{GAME_1_PGN}[Event \"three\"]\n\n1. c4 c5 2. Ke3 *\n\n\
             [Event \"two\"]\n\n1. d4 d5 *\n\n"
        )
    );
    assert!(
        err.contains("error[illegal-move]: <stdin>:6:43: Ke3: no king can reach e3"),
        "{err}"
    );
}

#[test]
fn a_late_syntax_error_is_said_and_the_games_before_it_stay_whole() {
    let mut p = Piped::start();
    p.send(&format!("[{GAME_1},\n"));
    let early = p.wait_for(GAME_1_PGN, Duration::from_secs(20));
    assert_eq!(early, GAME_1_PGN);
    p.send(&format!("{GAME_2},\n{{\"format\": }}]\n"));
    let (code, out, err) = p.finish();
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        out,
        format!("{GAME_1_PGN}[Event \"two\"]\n\n1. d4 d5 *\n\n")
    );
    assert!(
        err.contains("error[json-syntax]: <stdin>:7:12: JSON: expected value"),
        "{err}"
    );
    assert!(err.contains("game 3 not written"), "{err}");
}

/// A game of `plies` knight moves in the smallest JSON form.
fn long_json_game(plies: usize) -> String {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from(
        r#"{"format":"fvnote-record","version":1,"tags":[{"name":"Event","value":"long"}],"moves":["#,
    );
    for i in 0..plies {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!(r#"{{"san":"{}"}}"#, moves[i % 4]));
    }
    text.push_str(r#"],"result":"*"}"#);
    text
}

#[test]
fn a_long_game_costs_memory_near_its_text() {
    if !std::path::Path::new("/proc/self/status").exists() {
        return; // peak memory is read from /proc
    }
    let plies = 300_000;
    let game = long_json_game(plies);
    let mut p = Piped::start();
    p.send(&format!("[{game}\n"));
    // The game converted (the array still open): the memory it took.
    let pgn = p.wait_for("Ng8 *\n\n", Duration::from_secs(60));
    let peak = p.peak_rss().unwrap();
    p.send("]");
    let (code, out, err) = p.finish();
    // The JSON text is 4.2 MB and the PGN 2.6 MB; a record of the game
    // (a JSON ply is some 450 bytes) would take over 130 MB.
    let limit = 40 << 20;
    assert!(peak < limit, "peak resident memory {} MiB", peak >> 20);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        pgn.ends_with("Ng8 *\n\n"),
        "not converted while the array was open"
    );
    assert!(out.starts_with("[Event \"long\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3"));
}

/// A game object longer than the reader's window (4 MiB) is not held:
/// `validate` of a 62 MB game (60,000 plies, each with a 1,000-character
/// comment) keeps its memory near that of a short one.
#[test]
fn a_game_longer_than_the_window_is_read_as_it_comes() {
    if !std::path::Path::new("/proc/self/status").exists() {
        return; // peak memory is read from /proc
    }
    let mut p = Piped::run(&["validate", "--from", "json", "-"]);
    p.send(r#"{"format":"fvnote-record","version":1,"tags":[{"name":"Event","value":"long"}],"moves":["#);
    let comment = "x".repeat(1000);
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for i in 0..60_000 {
        let comma = if i > 0 { "," } else { "" };
        let san = moves[i % 4];
        p.send(&format!(
            r#"{comma}{{"san":"{san}","comments":[{{"text":"{comment}"}}]}}"#
        ));
    }
    // All of the moves sent, the object still open: what it took.
    std::thread::sleep(Duration::from_millis(300));
    let peak = p.peak_rss().unwrap();
    p.send(r#"],"result":"*"}"#);
    let (code, out, err) = p.finish();
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("1 valid"), "{out}");
    let limit = 32 << 20;
    assert!(peak < limit, "peak resident memory {} MiB", peak >> 20);
}

/// Inputs the fast route does not take, or takes only part way: each
/// converts (or fails) exactly as through the whole-record route, which
/// `FILE:1-99` (games chosen by number) still takes.
#[test]
fn odd_records_give_what_the_whole_record_route_gives() {
    let head = r#""format": "fvnote-record", "version": 1"#;
    let cases = [
        // Fields in another order: moves before tags, result first.
        format!(r#"{{"moves": [{{"san": "e4"}}], "tags": [], {head}}}"#),
        format!(r#"{{"result": "1-0", {head}, "tags": [], "moves": [{{"san": "e4"}}]}}"#),
        // Escapes, comments, NAGs, variations, unknown fields, derived fields.
        format!(
            r#"{{{head}, "tags": [{{"name": "Ev\u0065nt", "value": "a \"b\""}}], "extra": [1, {{}}],
               "prelude": [{{"text": "pre", "kind": "line"}}],
               "moves": [{{"san": "e\u0034", "canonical": "e4", "kind": "move", "check": null,
                          "nags": [1], "comments": [{{"text": "c"}}],
                          "variations": [[{{"san": "d4", "comments_before": [{{"text": "v"}}]}}]]}},
                         {{"san": "e5", "move_number": 1, "promotion": null, "permission": false}}],
               "result": "*"}}"#
        ),
        // A warning (long algebraic), a move that does not resolve, a result
        // PGN cannot hold, a token PGN cannot hold, a derived field of the
        // wrong type, a duplicate field, a missing one, a bad start.
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e2e4"}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4"}}, {{"san": "Ke7"}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [], "result": "2-0"}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4 e5"}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "kind": 3}}]}}"#),
        // Derived strings a `String` refuses: a raw control character, a
        // lone surrogate; and one it takes, escaped.
        format!(
            "{{{head}, \"tags\": [], \"moves\": [{{\"san\": \"e4\", \"kind\": \"mo\u{1}ve\"}}]}}"
        ),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "kind": "\ud800"}}]}}"#),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "kind": "m\u00f6ve"}}]}}"#),
        format!(r#"{{{head}, "tags": [], "tags": [], "moves": []}}"#),
        r#"{"format": "fvnote-record", "tags": [], "moves": []}"#.to_string(),
        format!(
            r#"{{{head}, "tags": [{{"name": "FEN", "value": "8/8/8/8/8/8/8/8 w - - 0 1"}}], "moves": []}}"#
        ),
        format!(r#"{{{head}, "tags": [], "moves": [{{"san": "e4", "variations": 1}}]}}"#),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (n, case) in cases.iter().enumerate() {
        // Each case after a clean game and before one, in an array.
        let text = format!("[{GAME_1},\n{case},\n{GAME_2}]\n");
        let file = dir.path().join(format!("case{n}.json"));
        std::fs::write(&file, &text).unwrap();
        let run = |arg: String| {
            let out = fvnote()
                .args(["convert", "--to", "pgn", &arg])
                .output()
                .unwrap();
            let err = String::from_utf8(out.stderr).unwrap();
            (
                out.status.code(),
                String::from_utf8(out.stdout).unwrap(),
                err,
            )
        };
        let path = file.display().to_string();
        let streamed = run(path.clone());
        let whole = run(format!("{path}:1-99"));
        assert_eq!(streamed, whole, "case {n}: {case}");
    }
}
