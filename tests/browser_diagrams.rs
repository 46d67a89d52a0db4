//! Every variant's SVG diagram rasterised by headless Chromium and checked
//! on pixels: empty cells in their colours, holes blank, Slide-chess's ring
//! drawn as a track, Rank and File's permitted lines tinted, white and black
//! pieces filled, coordinates inked, arrows and marks in their brushes (from
//! `--arrow`/`--mark` and from the record's `[%cal]`/`[%csl]`), Quake hands
//! with their counts and titles, an empty hand drawn as a tray, the caption
//! inked.
//!
//! Without chromium and chromedriver these tests print why and pass (as
//! `tests/browser.rs`).

use crate::browser::{browser, Driver};
use crate::cli::fvnote_std;

use std::path::Path;

use fvnote::piece::{Color, Role};
use fvnote::render::svg::{svg, DARK, LIGHT};
use fvnote::render::Options;
use fvnote::square::Square;
use fvnote::variant::Variant;
use fvnote::Position;

/// Pixels per internal unit at `SIZE` (100 units a square).
const SIZE: u32 = 80;
const SCALE: f64 = SIZE as f64 / 100.0;
/// The board's margin with coordinates, in units.
const MARGIN: f64 = 44.0;

/// A screenshot: width and RGB rows.
struct Shot {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

impl Shot {
    fn take(driver: &Driver, page: &Path) -> Shot {
        driver.open(page);
        let bytes = driver.screenshot();
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let px = info.color_type.samples();
        let rgb = buf[..info.buffer_size()]
            .chunks(px)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Shot {
            width: info.width as usize,
            height: info.height as usize,
            rgb,
        }
    }

    /// The pixel at internal units (`x`, `y`).
    fn at(&self, x: f64, y: f64) -> [u8; 3] {
        let (px, py) = ((x * SCALE).round() as usize, (y * SCALE).round() as usize);
        assert!(
            px < self.width && py < self.height,
            "({x}, {y}) off the screenshot"
        );
        self.rgb[py * self.width + px]
    }

    /// Whether some pixel of the box (units) is darker than `lum`.
    fn inked(&self, x0: f64, y0: f64, x1: f64, y1: f64, lum: u32) -> bool {
        let (mut y, step) = (y0, 1.0 / SCALE);
        while y < y1 {
            let mut x = x0;
            while x < x1 {
                let [r, g, b] = self.at(x, y);
                if (u32::from(r) + u32::from(g) + u32::from(b)) / 3 < lum {
                    return true;
                }
                x += step;
            }
            y += step;
        }
        false
    }
}

fn hex(colour: &str) -> [u8; 3] {
    let v = u32::from_str_radix(colour.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

fn near(got: [u8; 3], want: [u8; 3], tolerance: i32) -> bool {
    got.iter()
        .zip(want)
        .all(|(&g, w)| (i32::from(g) - i32::from(w)).abs() <= tolerance)
}

/// `a` over `b` at `alpha`.
fn over(a: [u8; 3], alpha: f64, b: [u8; 3]) -> [u8; 3] {
    let mix = |x: u8, y: u8| (f64::from(x) * alpha + f64::from(y) * (1.0 - alpha)).round() as u8;
    [mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2])]
}

/// Top-left corner of `sq` in units (White at the bottom).
fn corner(pos: &Position, sq: Square) -> (f64, f64) {
    let (_, ranks) = pos.frame();
    (
        MARGIN + f64::from(sq.file()) * 100.0,
        MARGIN + f64::from(ranks - 1 - sq.rank()) * 100.0,
    )
}

/// A point inside each figurine's filled body, in its 100-unit box.
fn body_point(role: Role) -> Option<(f64, f64)> {
    match role {
        Role::Pawn => Some((50.0, 72.0)),
        Role::Knight => Some((55.0, 74.0)),
        Role::Bishop => Some((50.0, 62.0)),
        Role::Rook => Some((50.0, 62.0)),
        Role::Queen => Some((50.0, 71.0)),
        Role::King => Some((40.0, 70.0)),
        _ => None,
    }
}

fn write_svg(dir: &Path, name: &str, pos: &Position, opts: &Options) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, svg(pos, opts)).unwrap();
    path
}

fn opts() -> Options {
    Options {
        size: SIZE,
        legend: false,
        ..Options::default()
    }
}

#[test]
fn every_variants_start_is_drawn_as_its_geometry_says() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let driver = Driver::start(&chromium, &chromedriver);
    let dir = tempfile::tempdir().unwrap();
    for variant in Variant::ALL {
        let pos = Position::start(variant);
        let page = write_svg(dir.path(), &format!("{}.svg", variant.id()), &pos, &opts());
        let shot = Shot::take(&driver, &page);
        let (files, ranks) = pos.frame();
        let permitted = fvnote::rules::rank_and_file::permitted(&pos, pos.turn());
        let (mut empty, mut holes, mut pieces) = (0, 0, 0);
        for r in 0..ranks {
            for f in 0..files {
                let sq = Square::new(f, r).unwrap();
                let (x, y) = corner(&pos, sq);
                let ctx = format!("{} {sq}", variant.id());
                if !pos.is_cell(sq) {
                    // A hole is blank; Slide-chess's ring is a grey track.
                    let want = match variant {
                        Variant::Slide => hex("#cfd7e1"),
                        _ => [255, 255, 255],
                    };
                    let got = shot.at(x + 50.0, y + 50.0);
                    assert!(near(got, want, 6), "{ctx}: hole {got:?}, expected {want:?}");
                    holes += 1;
                    continue;
                }
                let mut cell = hex(if (f + r) % 2 == 0 { DARK } else { LIGHT });
                if variant == Variant::RankAndFile && permitted.contains(sq) {
                    cell = over(hex("#1f63e0"), 0.3, cell);
                }
                if pos.cage_owner(sq).is_some() {
                    continue;
                }
                match pos.piece_at(sq) {
                    None => {
                        let got = shot.at(x + 50.0, y + 50.0);
                        assert!(
                            near(got, cell, 6),
                            "{ctx}: empty cell {got:?}, expected {cell:?}"
                        );
                        empty += 1;
                    }
                    Some(p) => {
                        pieces += 1;
                        // The square's own colour shows at its edge.
                        let edge = shot.at(x + 8.0, y + 50.0);
                        assert!(
                            near(edge, cell, 8),
                            "{ctx}: cell edge {edge:?}, expected {cell:?}"
                        );
                        let Some((bx, by)) = body_point(p.role) else {
                            continue;
                        };
                        let got = shot.at(x + 1.0 + bx * 0.98, y + 1.0 + by * 0.98);
                        let want = match p.color {
                            Color::White => [255, 255, 255],
                            Color::Black => hex("#1b1b1b"),
                        };
                        assert!(near(got, want, 24), "{ctx}: {} body {got:?}", p.code());
                    }
                }
            }
        }
        assert!(
            empty > 0 && pieces >= 16,
            "{}: {empty} empty, {pieces} pieces",
            variant.id()
        );
        if matches!(variant, Variant::Slide) {
            assert_eq!(holes, 28, "the ring's free squares");
        }
        // Every file letter and rank number is inked (drawn as paths).
        for f in 0..files {
            let x = MARGIN + f64::from(f) * 100.0;
            let below = MARGIN + f64::from(ranks) * 100.0;
            assert!(
                shot.inked(x + 35.0, below + 10.0, x + 65.0, below + 34.0, 120),
                "{}: file {f}'s letter",
                variant.id()
            );
        }
        for r in 0..ranks {
            let y = MARGIN + f64::from(ranks - 1 - r) * 100.0;
            assert!(
                shot.inked(8.0, y + 35.0, 36.0, y + 65.0, 120),
                "{}: rank {}'s number",
                variant.id(),
                r + 1
            );
        }
    }
    assert!(driver.console_errors().is_empty());
}

#[test]
fn arrows_and_marks_are_drawn_in_their_brushes_from_the_record_and_the_options() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let driver = Driver::start(&chromium, &chromedriver);
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("a.pgn");
    std::fs::write(
        &record,
        "1. e4 {[%cal Rd8h4] [%csl Bd5]} 1... e5 2. Nf3 *\n",
    )
    .unwrap();
    let page = dir.path().join("a.svg");
    let run = fvnote_std()
        .args(["show", &format!("{}@1", record.display()), "--svg"])
        .arg(&page)
        .args(["--size", &SIZE.to_string(), "--no-legend"])
        .args([
            "--arrow",
            "a2a4:yellow",
            "--mark",
            "h3:green",
            "--arrow",
            "b1c3",
        ])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let shot = Shot::take(&driver, &page);
    let pos = Position::start(Variant::Chess);
    let centre = |name: &str| {
        let (x, y) = corner(&pos, name.parse().unwrap());
        (x + 50.0, y + 50.0)
    };
    let is = |name: &str, [r, g, b]: [u8; 3]| {
        let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
        match name {
            "red" => r > g + 60 && r > b + 60,
            "green" => g > r + 30 && g > b + 30,
            "blue" => b > r + 60 && b > g + 40,
            "yellow" => r > 180 && g > 100 && b < 90 && r > g,
            _ => false,
        }
    };
    // [%cal Rd8h4]: its middle is f6's centre.
    let (x, y) = centre("f6");
    assert!(is("red", shot.at(x, y)), "{:?}", shot.at(x, y));
    // --arrow a2a4:yellow through a3; --arrow b1c3 green (the default).
    let (x, y) = centre("a3");
    assert!(is("yellow", shot.at(x, y)), "{:?}", shot.at(x, y));
    let (x1, y1) = centre("b1");
    let (x2, y2) = centre("c3");
    let mid = shot.at((x1 + x2) / 2.0, (y1 + y2) / 2.0);
    assert!(is("green", mid), "{mid:?}");
    // [%csl Bd5] and --mark h3:green ring their squares; the centre stays.
    let (x, y) = centre("d5");
    assert!(
        is("blue", shot.at(x + 44.0, y)),
        "{:?}",
        shot.at(x + 44.0, y)
    );
    assert!(near(shot.at(x, y), hex(LIGHT), 6));
    let (x, y) = centre("h3");
    assert!(
        is("green", shot.at(x - 44.0, y)),
        "{:?}",
        shot.at(x - 44.0, y)
    );
    // Nothing red where no arrow runs.
    let (x, y) = centre("c6");
    assert!(!is("red", shot.at(x, y)));
}

#[test]
fn quake_hands_are_icons_with_counts_and_an_empty_hand_is_a_tray() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let driver = Driver::start(&chromium, &chromedriver);
    let dir = tempfile::tempdir().unwrap();
    let fen = "rnnkbbr*/ppp1pppp/8/8/PPP1PPPP/*RBBKNNR[PPNNNBpp] w - - 0 1";
    let pos = fvnote::notation::fen::read_fen(fen, Variant::Quake).unwrap();
    let page = write_svg(dir.path(), "hand.svg", &pos, &opts());
    let shot = Shot::take(&driver, &page);
    let (files, ranks) = pos.frame();
    let x0 = 2.0 * MARGIN + f64::from(files) * 100.0 + 64.0;
    let half = f64::from(ranks) * 50.0;
    // Black's hand (top half): a black pawn icon, its body near black, and
    // a badge with the count inked on white.
    let (ix, iy) = (x0, MARGIN + 40.0);
    let body = shot.at(ix + 50.0 * 0.84, iy + 72.0 * 0.84);
    assert!(near(body, hex("#1b1b1b"), 24), "{body:?}");
    let (bx, by) = (ix + 84.0, iy + 64.0);
    assert!(near(shot.at(bx - 14.0, by - 12.0), [255, 255, 255], 8));
    assert!(
        shot.inked(bx - 8.0, by - 11.0, bx + 8.0, by + 11.0, 100),
        "the count"
    );
    // The icon is large: at 400 px across the whole diagram, a hand's
    // pawn stands at least 20 px tall.
    let width = f64::from(
        svg(&pos, &opts())
            .split('"')
            .nth(3)
            .unwrap()
            .parse::<f32>()
            .unwrap(),
    );
    let icon_px = 84.0 * 0.7 * 400.0 / (width / SCALE);
    assert!(icon_px >= 20.0, "{icon_px} px");
    // Each hand's title is inked (drawn as a path, no font needed).
    for top in [MARGIN, MARGIN + half] {
        assert!(
            shot.inked(x0, top + 10.0, x0 + 150.0, top + 30.0, 150),
            "the hand's title at {top}"
        );
    }
    // White's hand (bottom half) holds three roles: three badges.
    for i in 0..3 {
        let (ix, iy) = (
            x0 + f64::from(i / 2) * 112.0,
            MARGIN + half + 40.0 + f64::from(i % 2) * 92.0,
        );
        assert!(
            shot.inked(
                ix + 84.0 - 8.0,
                iy + 64.0 - 11.0,
                ix + 84.0 + 8.0,
                iy + 64.0 + 11.0,
                100
            ),
            "badge {i}"
        );
    }
    // The start has empty hands: each a dashed tray, filled light grey.
    let start = write_svg(
        dir.path(),
        "start.svg",
        &Position::start(Variant::Quake),
        &opts(),
    );
    let shot = Shot::take(&driver, &start);
    for top in [MARGIN, MARGIN + half] {
        let got = shot.at(x0 + 20.0, top + 40.0 + 20.0);
        assert!(near(got, hex("#f3f3f3"), 6), "tray {got:?}");
        assert!(
            shot.inked(
                x0 + 30.0,
                top + 40.0 + 30.0,
                x0 + 56.0,
                top + 40.0 + 56.0,
                180
            ),
            "the slash"
        );
    }
}

/// The caption is drawn in the stroke font: each line inked from its first
/// glyph to its last, and the picture is wide enough for the longest.
#[test]
fn the_caption_is_inked_to_its_end_inside_the_picture() {
    let Some((chromium, chromedriver)) = browser() else {
        return;
    };
    let driver = Driver::start(&chromium, &chromedriver);
    let dir = tempfile::tempdir().unwrap();
    let pos = Position::start(Variant::QuakeLb);
    let with_legend = Options {
        legend: true,
        ..opts()
    };
    let page = write_svg(dir.path(), "lb.svg", &pos, &with_legend);
    let shot = Shot::take(&driver, &page);
    let lines = fvnote::render::legend::legend(&pos, &with_legend);
    assert_eq!(lines.len(), 2);
    let (_, ranks) = pos.frame();
    let caption_y = 2.0 * MARGIN + f64::from(ranks) * 100.0 + 12.0;
    for (i, words) in lines.iter().enumerate() {
        let width = fvnote::render::glyphs::line_path(words).1 * 19.0 / 12.0;
        assert!(MARGIN + width < shot.width as f64 / SCALE, "{words:?} fits");
        let base = caption_y + i as f64 * 38.0 + 28.0;
        let (top, bottom) = (base - 20.0, base + 2.0);
        assert!(
            shot.inked(MARGIN, top, MARGIN + 16.0, bottom, 120),
            "{words:?}: first glyph"
        );
        assert!(
            shot.inked(MARGIN + width - 16.0, top, MARGIN + width, bottom, 120),
            "{words:?}: last glyph"
        );
        assert!(
            !shot.inked(
                MARGIN + width + 6.0,
                top,
                MARGIN + width + 40.0,
                bottom,
                200
            ),
            "{words:?}: nothing past its end"
        );
    }
}
