//! Replay pages in a real browser: headless Chromium driven over W3C
//! WebDriver (chromedriver). The WebDriver client is a few lines of HTTP/1.1
//! over a local socket: JSON in, JSON out, no async runtime to compile.
//!
//! Without `chromium` and `chromedriver` these tests print why and pass;
//! under `CI=true` a missing browser is a failure (`.ci/run` installs it).

use crate::cli;
use cli::fvnote_std;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};

fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// The browser and its driver, or None (after saying why) outside CI.
pub(crate) fn browser() -> Option<(PathBuf, PathBuf)> {
    let chromium = find(&["chromium", "chromium-browser"]);
    let driver = find(&["chromedriver"]);
    match (chromium, driver) {
        (Some(c), Some(d)) => Some((c, d)),
        _ if std::env::var("CI").as_deref() == Ok("true") => {
            panic!("CI=true but chromium/chromedriver are not installed (.ci/run installs them)")
        }
        _ => {
            eprintln!("skipped: chromium and chromedriver not found on PATH (apt-get install chromium chromium-driver)");
            None
        }
    }
}

/// One HTTP/1.1 request to the local driver; the parsed JSON reply.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(90)))
        .map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    // The driver may keep the connection open: read what Content-Length
    // (or the chunked encoding) says, not to the end of the stream.
    let mut raw = Vec::new();
    let mut chunk = [0u8; 64 * 1024];
    let (head, mut payload) = loop {
        let n = s.read(&mut chunk).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("connection closed before the headers ended".into());
        }
        raw.extend_from_slice(&chunk[..n]);
        if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
            break (head, raw[split + 4..].to_vec());
        }
    };
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = head.contains("transfer-encoding: chunked");
    loop {
        let done = match length {
            Some(len) => payload.len() >= len,
            None if chunked => payload.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if done {
            break;
        }
        let n = s.read(&mut chunk).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        payload.extend_from_slice(&chunk[..n]);
    }
    if chunked {
        payload = dechunk(&payload)?;
    }
    let v: Value = serde_json::from_slice(&payload).map_err(|e| format!("{e}: {head}"))?;
    if v["value"].get("error").is_some() {
        return Err(format!("{method} {path}: {}", v["value"]));
    }
    Ok(v)
}

fn dechunk(mut data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line = data
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("bad chunk")?;
        let size_text = String::from_utf8_lossy(&data[..line]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|e| e.to_string())?;
        data = &data[line + 2..];
        if size == 0 {
            return Ok(out);
        }
        out.extend_from_slice(data.get(..size).ok_or("short chunk")?);
        data = data.get(size + 2..).ok_or("short chunk")?;
    }
}

/// A chromedriver we started, and one session in it.
pub(crate) struct Driver {
    child: Child,
    port: u16,
    session: String,
    _profile: tempfile::TempDir,
}

impl Driver {
    pub(crate) fn start(chromium: &Path, chromedriver: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let begun = Instant::now();
        while http(port, "GET", "/status", None).is_err() {
            assert!(
                begun.elapsed() < Duration::from_secs(30),
                "chromedriver did not answer"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().unwrap();
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,900",
            &format!("--user-data-dir={}", profile.path().display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
            "goog:loggingPrefs": {"browser": "ALL"}
        }}});
        let mut driver = Driver {
            child,
            port,
            session: String::new(),
            _profile: profile,
        };
        let reply = driver.call("POST", "/session", Some(&caps));
        driver.session = reply["sessionId"].as_str().expect("a session").to_owned();
        driver
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let reply = http(self.port, method, path, body).unwrap_or_else(|e| panic!("{e}"));
        reply.get("value").cloned().unwrap_or(reply)
    }

    pub(crate) fn cmd(&self, method: &str, what: &str, body: Option<&Value>) -> Value {
        self.call(method, &format!("/session/{}/{what}", self.session), body)
    }

    /// The page as a PNG. Under load, Chromium now and then answers a
    /// screenshot with a renderer timeout ("aborted by navigation"), a
    /// hiccup of the browser and not of the page: asked up to three times.
    pub(crate) fn screenshot(&self) -> Vec<u8> {
        let path = format!("/session/{}/screenshot", self.session);
        let mut last = String::new();
        for _ in 0..3 {
            match http(self.port, "GET", &path, None) {
                Ok(reply) => {
                    let png = reply["value"].as_str().expect("a screenshot in base64");
                    return base64::engine::general_purpose::STANDARD
                        .decode(png)
                        .expect("base64");
                }
                Err(e) if e.contains("\"error\":\"timeout\"") => last = e,
                Err(e) => panic!("{e}"),
            }
        }
        panic!("{last}")
    }

    pub(crate) fn open(&self, page: &Path) {
        let url = format!("file://{}", page.canonicalize().unwrap().display());
        self.cmd("POST", "url", Some(&json!({ "url": url })));
    }

    pub(crate) fn script(&self, code: &str) -> Value {
        self.cmd(
            "POST",
            "execute/sync",
            Some(&json!({"script": code, "args": []})),
        )
    }

    pub(crate) fn press(&self, key: char) {
        let k = key.to_string();
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}
        ]}]});
        self.cmd("POST", "actions", Some(&actions));
    }

    /// The WebDriver id of the first element matching `css`.
    pub(crate) fn find(&self, css: &str) -> String {
        let found = self.cmd(
            "POST",
            "element",
            Some(&json!({"using": "css selector", "value": css})),
        );
        found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .expect("an element")
            .to_owned()
    }

    /// `square=piece` for every piece on the board now shown.
    fn board(&self) -> Vec<String> {
        let v = self.script(
            "return Array.from(document.querySelectorAll('#fv-layer > [data-piece]'))\
             .map(e => e.getAttribute('data-square') + '=' + e.getAttribute('data-piece'));",
        );
        let mut list: Vec<String> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect();
        list.sort();
        list
    }

    fn cells(&self) -> Vec<String> {
        let v = self.script(
            "return Array.from(document.querySelectorAll('#fv-layer > rect[data-square]:not([data-mark])'))\
             .map(e => e.getAttribute('data-square'));",
        );
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect()
    }

    /// Console messages at level SEVERE (errors, CSP violations).
    pub(crate) fn console_errors(&self) -> Vec<String> {
        let log = self.cmd("POST", "se/log", Some(&json!({"type": "browser"})));
        log.as_array()
            .map(|entries| {
                entries
                    .iter()
                    .filter(|e| e["level"] == "SEVERE")
                    .map(|e| e["message"].to_string())
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn page_of(record: &Path, dir: &Path, name: &str) -> PathBuf {
    let out = dir.join(name);
    let status = fvnote_std()
        .arg("html")
        .arg(record)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.code().is_some_and(|c| c <= 1), "fvnote html failed");
    out
}

pub(crate) const ARROW_RIGHT: char = '\u{E014}';
pub(crate) const ARROW_LEFT: char = '\u{E012}';
pub(crate) const HOME: char = '\u{E011}';
pub(crate) const END: char = '\u{E010}';

#[test]
fn stepping_through_games_changes_the_board_as_the_rules_say() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let driver = Driver::start(&chromium, &chromedriver);

    // Slide-chess: 2... C>f1 (ply 4) pushes the f-file south; White's bishop from f2
    // ends in Black's cage, now on f1 (SC2).
    let slide = page_of(
        Path::new("fixtures/slide/valid/01-cage-mate.pgn"),
        dir.path(),
        "slide.html",
    );
    driver.open(&slide);
    let start = driver.board();
    assert!(start.contains(&"f2=B".to_owned()), "{start:?}");
    for _ in 0..4 {
        driver.press(ARROW_RIGHT);
    }
    let after = driver.board();
    assert!(after.contains(&"f1=B".to_owned()), "{after:?}");
    assert!(!after.contains(&"f2=B".to_owned()), "{after:?}");
    let cage = driver.script(
        "return document.querySelector('#fv-layer [data-cage=black]').getAttribute('data-square');",
    );
    assert_eq!(cage, "f1");
    assert_eq!(
        driver.script("return document.querySelector('.mv.cur').textContent;"),
        "C>f1"
    );

    // Quake: 1. K-qs moves the king's file south; the frame is renamed, so
    // the king stays on e1 and the rook from b1 now stands on b2 (QK1, QK5).
    let quake = page_of(
        Path::new("fixtures/quake/valid/01-quake-south-and-drops.pgn"),
        dir.path(),
        "quake.html",
    );
    driver.open(&quake);
    assert!(driver.board().contains(&"b1=R".to_owned()));
    driver.press(ARROW_RIGHT);
    let after = driver.board();
    assert!(
        after.contains(&"e1=K".to_owned()) && after.contains(&"b2=R".to_owned()),
        "{after:?}"
    );
    assert!(!after.contains(&"b1=R".to_owned()), "{after:?}");
    assert!(driver.cells().contains(&"e1".to_owned()));
    assert!(
        !driver.cells().contains(&"b1".to_owned()),
        "b1 is a hole after the quake"
    );

    // Fault Line: 1... S6w slides Black's back rank from b–h to a–g (FL4).
    let fault = page_of(
        Path::new("fixtures/fault-line/valid/01-king-captured-after-refusal.pgn"),
        dir.path(),
        "fault.html",
    );
    driver.open(&fault);
    assert!(driver.board().contains(&"b6=r".to_owned()));
    driver.press(ARROW_RIGHT);
    driver.press(ARROW_RIGHT);
    let after = driver.board();
    assert!(
        after.contains(&"a6=r".to_owned()) && after.contains(&"d6=k".to_owned()),
        "{after:?}"
    );
    let cells = driver.cells();
    assert!(cells.contains(&"a6".to_owned()) && !cells.contains(&"h6".to_owned()));
    // End and Home.
    driver.press(END);
    assert!(
        !driver.board().contains(&"e6=k".to_owned()),
        "the king was captured (FL1)"
    );
    driver.press(HOME);
    assert_eq!(driver.board(), {
        driver.open(&fault);
        driver.board()
    });

    // Grid Chess: a click on the variation 10. Nf3 shows it (GR2: a knight's
    // leap always crosses a line) instead of 10. Qh5??, and Flip turns the
    // board.
    let grid = page_of(
        Path::new("fixtures/grid/valid/01-promotion-by-capture-mate.pgn"),
        dir.path(),
        "grid.html",
    );
    driver.open(&grid);
    let variation = driver.find(".var .mv");
    driver.cmd(
        "POST",
        &format!("element/{variation}/click"),
        Some(&json!({})),
    );
    let after = driver.board();
    assert!(
        after.contains(&"f3=N".to_owned()) && after.contains(&"d1=Q".to_owned()),
        "{after:?}"
    );
    assert!(!after.contains(&"g1=N".to_owned()));
    assert_eq!(
        driver.script("return document.querySelector('.mv.cur').textContent;"),
        "Nf3"
    );
    let a1_y = "return Number(document.querySelector('#fv-layer > rect[data-square=a1]').getAttribute('y'));";
    let before = driver.script(a1_y).as_f64().unwrap();
    let flip = driver.find("#fv-flip");
    driver.cmd("POST", &format!("element/{flip}/click"), Some(&json!({})));
    assert!(
        driver.script(a1_y).as_f64().unwrap() < before,
        "a1 goes to the top"
    );
    assert_eq!(
        driver.script("return document.querySelectorAll('#fv-layer [data-grid]').length;"),
        6
    );

    let errors = driver.console_errors();
    assert!(errors.is_empty(), "console errors: {errors:?}");

    // A screenshot that is not blank: many colours, not all white.
    let bytes = driver.screenshot();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let px = info.color_type.samples();
    let mut colours = std::collections::HashSet::new();
    for p in buf[..info.buffer_size()].chunks(px) {
        colours.insert(p[..3].to_vec());
    }
    assert!(
        colours.len() > 50,
        "only {} colours in the screenshot",
        colours.len()
    );
}

#[test]
fn a_hostile_record_renders_as_text_and_runs_nothing() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("hostile.pgn");
    std::fs::write(
        &record,
        "[Event \"<script>window.fvPwned=1;document.title='pwned'</script>\"]\n\
         [White \"</svg><img src=x onerror=\\\"window.fvPwned=2\\\">\"]\n\
         [Black \"\\\"onerror=window.fvPwned=3 x=\\\"\"]\n\
         [Site \"</script><script>window.fvPwned=4</script>\"]\n\n\
         {<script>window.fvPwned=5</script>} 1. e4 {</svg><svg onload=window.fvPwned=6>} e5 \
         ({\"><img src=x onerror=window.fvPwned=7>} 1... c5) 2. Nf3 *\n",
    )
    .unwrap();
    let page = page_of(&record, dir.path(), "hostile.html");
    let driver = Driver::start(&chromium, &chromedriver);
    driver.open(&page);
    driver.press(ARROW_RIGHT);
    assert_eq!(driver.script("return typeof window.fvPwned;"), "undefined");
    let title = driver.cmd("GET", "title", None);
    assert!(title.as_str().unwrap().contains("<img src=x"), "{title}");
    let text = driver.script("return document.body.textContent;");
    let text = text.as_str().unwrap();
    for shown in [
        "<script>window.fvPwned=1;document.title='pwned'</script>",
        "</svg><svg onload=window.fvPwned=6>",
        "\"onerror=window.fvPwned=3 x=\"",
        "\"><img src=x onerror=window.fvPwned=7>",
    ] {
        assert!(text.contains(shown), "{shown:?} not shown as text");
    }
    // The page's own script still ran: e4 is on the board.
    assert!(driver.board().contains(&"e4=P".to_owned()));
    // The page's own scripts: one chunk of steps, one of PGN, its data, its code.
    assert_eq!(
        driver.script(
            "return [document.querySelectorAll('img').length, document.querySelectorAll('script').length, document.querySelectorAll('script.fv-steps').length];"
        ),
        json!([0, 4, 1]),
        "no element made from the record's text"
    );
}

#[test]
fn the_console_check_sees_a_blocked_script() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    // The check above must be able to fail: a script the policy refuses is
    // a console error.
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("blocked.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" \
         content=\"script-src 'none'\"></head><body><script>document.title='ran'</script></body></html>",
    )
    .unwrap();
    let driver = Driver::start(&chromium, &chromedriver);
    driver.open(&page);
    assert_ne!(driver.cmd("GET", "title", None), "ran");
    let errors = driver.console_errors();
    assert!(
        errors.iter().any(|e| e.contains("Content Security Policy")),
        "{errors:?}"
    );
}

/// A long game's page, whose steps arrive in chunks and each hold only what
/// changed: End reaches the last position, one step back the one before,
/// and Home the start.
#[test]
fn a_long_game_steps_to_its_end_and_back() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("long.pgn");
    let mut pgn = String::new();
    // 3,001 plies: the knights shuffle, and White's last move leaves the
    // king's knight on f3.
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for ply in 0..3_001 {
        if ply % 2 == 0 {
            pgn.push_str(&format!("{}. ", ply / 2 + 1));
        }
        pgn.push_str(shuffle[ply % 4]);
        pgn.push(' ');
    }
    pgn.push_str("*\n");
    std::fs::write(&record, pgn).unwrap();
    let page = page_of(&record, dir.path(), "long.html");
    let driver = Driver::start(&chromium, &chromedriver);
    driver.open(&page);
    assert!(
        driver
            .script("return document.querySelectorAll('script.fv-steps').length;")
            .as_u64()
            .unwrap()
            > 1,
        "the steps come in chunks"
    );
    driver.press(END);
    let end = driver.board();
    assert!(
        end.contains(&"f3=N".to_owned()) && end.contains(&"g8=n".to_owned()),
        "{end:?}"
    );
    assert_eq!(
        driver.script("return document.getElementById('fv-ply').textContent;"),
        "Ply 3001: Nf3"
    );
    driver.press(ARROW_LEFT);
    let before = driver.board();
    assert!(
        before.contains(&"g1=N".to_owned()) && before.contains(&"g8=n".to_owned()),
        "{before:?}"
    );
    driver.press(HOME);
    assert!(driver.board().contains(&"g1=N".to_owned()));
    let errors = driver.console_errors();
    assert!(errors.is_empty(), "console errors: {errors:?}");
}
