//! The replay page's controls in Chromium: within the first screen at
//! 1200×900 and usable at 400×800; copying the PGN and the current FEN;
//! clocks with each move's time (`[%emt]`), the evaluation bar, arrows and marks from the record's
//! annotations on each ply; a hostile annotation stays text.

use std::fmt::Write as _;

use crate::browser::{browser, page_of, Driver, ARROW_LEFT, ARROW_RIGHT, END, HOME};

use fvnote::notation::fen::write_fen;
use fvnote::notation::pgn::{read_all, to_string};
use fvnote::notation::san::San;
use fvnote::variant::Variant;
use fvnote::Position;
use serde_json::{json, Value};

const GAME: &str = "[Event \"Blitz\"]\n[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"*\"]\n\n\
1. e4 {[%clk 0:03:00] [%emt 0:00:04] [%eval 0.3,20] [%cal Ge2e4,Rd8h4] [%csl Yf7]} 1... e5 {[%clk 0:02:58.5] [%emt 0:00:01.5] [%eval -0.25]}\n\
2. Nf3 {[%clk 0:02:55] [%eval #4]} (2. Qh5 {[%cal Bh5f7]}) 2... Nc6 {[%clk 0:02:50]} *\n";

fn click(driver: &Driver, css: &str) {
    let id = driver.find(css);
    driver.cmd("POST", &format!("element/{id}/click"), Some(&json!({})));
}

fn step(driver: &Driver) -> u64 {
    driver
        .script("return Number(document.getElementById('fv-board').getAttribute('data-step'));")
        .as_u64()
        .unwrap()
}

/// What the page copied: its text and the kind the body names.
fn copied(driver: &Driver) -> (String, String) {
    let v = driver.script(
        "return [document.getElementById('fv-copy-text').value, document.body.getAttribute('data-copied')];",
    );
    (
        v[0].as_str().unwrap().to_owned(),
        v[1].as_str().unwrap_or("").to_owned(),
    )
}

/// Every control's box, and the viewport.
fn boxes(driver: &Driver) -> Value {
    driver.script(
        "var ids = ['fv-first','fv-prev','fv-next','fv-last','fv-flip','fv-copy-pgn','fv-copy-fen'];\
         return {w: innerWidth, h: innerHeight, scroll: document.documentElement.scrollWidth,\
           b: ids.map(function (id) { var r = document.getElementById(id).getBoundingClientRect();\
             return [id, r.left, r.top, r.right, r.bottom]; })};",
    )
}

fn assert_on_screen(v: &Value, what: &str) {
    let (w, h) = (v["w"].as_f64().unwrap(), v["h"].as_f64().unwrap());
    assert!(
        v["scroll"].as_f64().unwrap() <= w + 1.0,
        "{what}: the page scrolls sideways: {v}"
    );
    for b in v["b"].as_array().unwrap() {
        let (l, t, r, bo) = (
            b[1].as_f64().unwrap(),
            b[2].as_f64().unwrap(),
            b[3].as_f64().unwrap(),
            b[4].as_f64().unwrap(),
        );
        assert!(
            l >= 0.0 && t >= 0.0 && r <= w && bo <= h,
            "{what}: {} at {l},{t}–{r},{bo} outside {w}×{h}",
            b[0]
        );
        assert!(
            r - l >= 28.0 && bo - t >= 28.0,
            "{what}: {} too small to tap",
            b[0]
        );
    }
}

#[test]
fn controls_fit_the_first_screen_and_a_phone() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("g.pgn");
    // Many tags: the header must not push the board down.
    let tags: String = (0..12)
        .map(|i| format!("[Tag{i} \"value {i}\"]\n"))
        .collect();
    std::fs::write(&record, format!("{tags}{GAME}")).unwrap();
    let page = page_of(&record, dir.path(), "g.html");
    let driver = Driver::start(&chromium, &chromedriver);
    driver.open(&page);
    assert_on_screen(&boxes(&driver), "1200×900");
    driver.cmd(
        "POST",
        "window/rect",
        Some(&json!({"width": 400, "height": 800})),
    );
    let v = boxes(&driver);
    assert!(v["w"].as_f64().unwrap() <= 400.0, "{v}");
    assert_on_screen(&v, "400×800");
    // Usable there: the buttons step.
    click(&driver, "#fv-next");
    click(&driver, "#fv-next");
    assert_eq!(step(&driver), 2);
    click(&driver, "#fv-prev");
    assert_eq!(step(&driver), 1);
    assert!(driver.console_errors().is_empty());
}

#[test]
fn keys_buttons_copies_clocks_evaluations_and_arrows() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("g.pgn");
    std::fs::write(&record, GAME).unwrap();
    let page = page_of(&record, dir.path(), "g.html");
    let driver = Driver::start(&chromium, &chromedriver);
    driver.open(&page);
    let shown = |css: &str| {
        driver
            .script(&format!("return !document.querySelector('{css}').hidden;"))
            .as_bool()
            .unwrap()
    };
    assert!(shown("#fv-clocks") && shown("#fv-evalbar"));
    // Annotations shown as clocks, bar and arrows are not repeated as text.
    let moves = driver.script("return Array.from(document.querySelectorAll('#fv-moves .cm')).map(function (e) { return e.textContent; }).join(' ');");
    assert!(!moves.as_str().unwrap().contains("[%"), "{moves}");
    let clocks = || {
        driver.script(
        "return Array.from(document.querySelectorAll('#fv-clocks .clock')).map(function (c) { return c.textContent + (c.classList.contains('run') ? '*' : ''); });",
    )
    };
    let bar = || {
        driver
            .script(
                "return Number(document.getElementById('fv-evalbar').getAttribute('data-white'));",
            )
            .as_f64()
            .unwrap()
    };
    let drawn = |what: &str| {
        driver
            .script(&format!(
                "return document.querySelectorAll('#fv-layer [{what}]').length;"
            ))
            .as_u64()
            .unwrap()
    };
    // The start: no clock yet, an even bar, nothing drawn.
    assert_eq!(clocks(), json!(["Black –", "White –*"]));
    assert_eq!(bar(), 50.0);
    // e4: White's clock and the 4 s the move took, +0.3 (White ahead), two
    // arrows and a mark.
    driver.press(ARROW_RIGHT);
    assert_eq!(step(&driver), 1);
    assert_eq!(clocks(), json!(["Black –*", "White 3:00+0:04"]));
    let spent = driver.script(
        "var e = document.querySelector('#fv-clocks .clock[data-side=white] .emt'); return [e.textContent, e.title];",
    );
    assert_eq!(spent, json!(["+0:04", "time spent on the last move"]));
    assert!(bar() > 52.0 && bar() < 60.0, "{}", bar());
    assert_eq!(drawn("data-arrow"), 2);
    assert_eq!(drawn("data-mark=\"brush\""), 1);
    let red = driver.script(
        "return document.querySelector('#fv-layer [data-arrow=\"d8h4\"]').getAttribute('fill');",
    );
    assert_eq!(red, json!("#882020"));
    // e5: Black's clock, -0.25 (Black ahead); the arrows were e4's only.
    driver.press(ARROW_RIGHT);
    assert_eq!(clocks(), json!(["Black 2:58+0:01.5", "White 3:00+0:04*"]));
    assert!(bar() < 50.0, "{}", bar());
    assert_eq!(drawn("data-arrow"), 0);
    // Nf3: mate for White fills the bar; its comment has a clock but no
    // [%emt], so White's shows no move time (e4's is not carried over).
    driver.press(ARROW_RIGHT);
    assert_eq!(bar(), 100.0);
    assert_eq!(clocks(), json!(["Black 2:58+0:01.5*", "White 2:55"]));
    // Copy FEN: the position shown, as fvnote writes it.
    let mut pos = Position::start(Variant::Chess);
    for san in ["e4", "e5", "Nf3"] {
        San::parse(san).unwrap().play(&mut pos).unwrap();
    }
    click(&driver, "#fv-copy-fen");
    assert_eq!(copied(&driver), (write_fen(&pos), "fen".to_owned()));
    // Copy PGN: the record as fvnote writes it, comments and variation kept.
    click(&driver, "#fv-copy-pgn");
    let record = read_all(GAME.as_bytes()).remove(0).unwrap();
    assert_eq!(copied(&driver), (to_string(&record), "pgn".to_owned()));
    // The variation's step shows its own arrow.
    let qh5 = driver.find("[data-n] ~ .var [data-n]");
    driver.cmd("POST", &format!("element/{qh5}/click"), Some(&json!({})));
    assert_eq!(drawn("data-arrow=\"h5f7\""), 1);
    driver.press(END);
    driver.press(HOME);
    assert_eq!(step(&driver), 0);
    assert!(driver.console_errors().is_empty());
}

#[test]
fn a_record_without_clocks_shows_no_clock_and_copies_fens_of_every_variant() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let driver = Driver::start(&chromium, &chromedriver);
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, fixture) in [
        ("quake", "fixtures/quake/valid/01-quake-south-and-drops.pgn"),
        (
            "quake-lb",
            "fixtures/quake-lb/valid/01-lb-drops-and-quakes.pgn",
        ),
        ("slide", "fixtures/slide/valid/01-cage-mate.pgn"),
        (
            "fault-line",
            "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn",
        ),
        (
            "rank-and-file",
            "fixtures/rank-and-file/valid/01-queen-mate.pgn",
        ),
    ] {
        let page = page_of(&root.join(fixture), dir.path(), &format!("{name}.html"));
        driver.open(&page);
        assert!(driver.script("return document.getElementById('fv-clocks').hidden && document.getElementById('fv-evalbar').hidden;").as_bool().unwrap(), "{name}");
        // The FEN after every main-line ply is fvnote's own.
        let record = read_all(&std::fs::read(root.join(fixture)).unwrap())
            .remove(0)
            .unwrap();
        let report = fvnote::record::replay::replay(&record, &Default::default());
        let mut pos = report.start.clone().unwrap();
        for (i, info) in report.main_line.iter().enumerate() {
            driver.press(ARROW_RIGHT);
            pos.play_in_place(&info.mv);
            click(&driver, "#fv-copy-fen");
            assert_eq!(copied(&driver).0, write_fen(&pos), "{name} ply {}", i + 1);
        }
    }
    assert!(driver.console_errors().is_empty());
}

#[test]
fn hostile_annotations_stay_text() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("h.pgn");
    let hostile = "1. e4 {[%cal Ge2e4</script><script>window.fvPwned=1</script>] [%clk \"><img src=x onerror=window.fvPwned=2>] [%csl Rz9]} *\n";
    std::fs::write(&record, hostile).unwrap();
    let page = page_of(&record, dir.path(), "h.html");
    let driver = Driver::start(&chromium, &chromedriver);
    driver.open(&page);
    driver.press(ARROW_RIGHT);
    click(&driver, "#fv-copy-pgn");
    let (text, _) = copied(&driver);
    assert!(
        text.contains("</script><script>window.fvPwned=1</script>"),
        "{text}"
    );
    assert_eq!(
        driver.script("return [window.fvPwned === undefined, document.querySelectorAll('img').length, document.querySelectorAll('#fv-layer [data-arrow]').length];"),
        json!([true, 0, 0])
    );
    assert!(driver
        .script("return document.getElementById('fv-clocks').hidden;")
        .as_bool()
        .unwrap());
    // Commands that do not read stay in the move list, as text.
    let moves = driver.script("return Array.from(document.querySelectorAll('#fv-moves .cm')).map(function (e) { return e.textContent; }).join(' ');");
    assert!(
        moves.as_str().unwrap().contains("[%cal Ge2e4</script>"),
        "{moves}"
    );
}

/// A long game's page (20,001 plies of knights shuffling, then 1. e4 at the
/// end) loads, and End, Left and Home step through it: the page holds its
/// steps as changes and rebuilds a far board from the nearest kept one.
#[test]
fn a_twenty_thousand_ply_game_steps_to_its_end() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut movetext = String::with_capacity(200_000);
    let mut sans = Vec::new();
    for i in 0..5000 {
        let _ = write!(
            movetext,
            "{}. {} {} {}. {} {} ",
            2 * i + 1,
            cycle[0],
            cycle[1],
            2 * i + 2,
            cycle[2],
            cycle[3]
        );
        sans.extend(cycle);
    }
    movetext.push_str("10001. e4 *\n");
    sans.push("e4");
    let record = dir.path().join("long.pgn");
    std::fs::write(
        &record,
        format!("[Event \"Long\"]\n[Result \"*\"]\n\n{movetext}"),
    )
    .unwrap();
    let page = page_of(&record, dir.path(), "long.html");
    let mut pos = Position::start(Variant::Chess);
    for san in &sans {
        San::parse(san).unwrap().play(&mut pos).unwrap();
    }
    let driver = Driver::start(&chromium, &chromedriver);
    driver.open(&page);
    driver.press(END);
    assert_eq!(step(&driver), 20_001);
    click(&driver, "#fv-copy-fen");
    assert_eq!(copied(&driver), (write_fen(&pos), "fen".to_owned()));
    let e4 = driver.script("return document.querySelectorAll('#fv-layer [data-square=\"e4\"][data-piece=\"P\"]').length;");
    assert_eq!(e4, json!(1), "the last move's pawn is drawn");
    driver.press(ARROW_LEFT);
    assert_eq!(step(&driver), 20_000);
    driver.press(HOME);
    assert_eq!(step(&driver), 0);
    assert!(driver.console_errors().is_empty());
    eprintln!("long game page: {:?} in all", started.elapsed());
}
