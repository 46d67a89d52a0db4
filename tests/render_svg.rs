//! SVG diagrams: well-formed XML for every variant and every option, and a
//! structural check per variant (cells, holes, grid lines, cages, hands,
//! compounds, marks) so that a regression in the geometry is seen.

use fvnote::notation::annotation::{Arrow, Brush, Mark};
use fvnote::notation::pgn::read_all;
use fvnote::record::replay::{replay, ReplayOptions};
use fvnote::render::highlight::last_move;
use fvnote::render::svg::svg;
use fvnote::render::Options;
use fvnote::variant::Variant;
use fvnote::{Position, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The position after `plies` of a fixture's main line, with the move that
/// reached it.
fn fixture(path: &str, plies: usize) -> (Position, Options) {
    let text = std::fs::read(path).unwrap();
    let games = read_all(&text);
    let record = games[0].as_ref().unwrap();
    let report = replay(record, &ReplayOptions::default());
    let mut pos = *report.start.clone().unwrap();
    let mut opts = Options::default();
    for info in report.main_line.iter().take(plies) {
        let next = pos.play(&info.mv);
        opts.last_move = last_move(&pos, &info.mv, &next);
        opts.last_san = Some(info.san.to_string());
        pos = next;
    }
    (pos, opts)
}

fn parse(svg_text: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg_text)
        .unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg_text}"))
}

/// Squares of the cell rectangles (marks excluded).
fn cells(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("data-mark").is_none())
        .filter_map(|n| n.attribute("data-square"))
        .map(str::to_owned)
        .collect()
}

fn pieces(doc: &roxmltree::Document) -> Vec<(String, String)> {
    doc.descendants()
        .filter(|n| n.attribute("data-piece").is_some() && n.attribute("data-square").is_some())
        .map(|n| {
            (
                n.attribute("data-square").unwrap().to_owned(),
                n.attribute("data-piece").unwrap().to_owned(),
            )
        })
        .collect()
}

/// The caption lines, as a reader sees them (entities decoded): each
/// line's title (the line itself is drawn as a path).
fn caption(doc: &roxmltree::Document) -> String {
    doc.descendants()
        .filter(|n| n.attribute("data-caption").is_some())
        .filter_map(|n| n.children().find(|c| c.has_tag_name("title"))?.text())
        .collect::<Vec<_>>()
        .join("\n")
}

fn count(doc: &roxmltree::Document, attr: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute(attr).is_some())
        .count()
}

/// Every option on and off, alone and together.
fn option_sets() -> Vec<Options> {
    let mut sets = Vec::new();
    for bits in 0..32u32 {
        let on = |b: u32| bits & (1 << b) != 0;
        sets.push(Options {
            flip: on(0),
            size: if on(1) { 17 } else { 45 },
            coordinates: !on(2),
            legend: !on(3),
            arrows: if on(4) {
                vec![
                    Arrow {
                        from: sq("a1"),
                        to: sq("c3"),
                        brush: Brush::Red,
                    },
                    Arrow {
                        from: sq("d2"),
                        to: sq("d2"),
                        brush: Brush::Green,
                    },
                ]
            } else {
                Vec::new()
            },
            marks: if on(4) {
                vec![Mark {
                    square: sq("b2"),
                    brush: Brush::Blue,
                }]
            } else {
                Vec::new()
            },
            last_move: vec![sq("b1"), sq("c3")],
            last_san: Some("N<c3>&\"".into()),
            check: true,
        });
    }
    sets
}

fn positions() -> Vec<(Position, Options)> {
    let mut all: Vec<(Position, Options)> = Variant::ALL
        .iter()
        .map(|&v| (Position::start(v), Options::default()))
        .collect();
    all.push(fixture(
        "fixtures/quake/valid/01-quake-south-and-drops.pgn",
        11,
    ));
    all.push(fixture(
        "fixtures/quake-lb/valid/01-lb-drops-and-quakes.pgn",
        100,
    ));
    all.push(fixture(
        "fixtures/slide/valid/02-promotion-by-push.pgn",
        100,
    ));
    all.push(fixture(
        "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn",
        4,
    ));
    all
}

#[test]
fn every_variant_and_option_is_well_formed_xml() {
    for (pos, base) in positions() {
        for opts in option_sets() {
            let opts = Options {
                last_move: if opts.last_move.is_empty() {
                    base.last_move.clone()
                } else {
                    opts.last_move
                },
                ..opts
            };
            let text = svg(&pos, &opts);
            let doc = parse(&text);
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            assert_eq!(
                root.attribute("data-variant"),
                Some(pos.variant().id()),
                "{opts:?}"
            );
            // The viewBox holds every cell.
            let (files, ranks) = pos.frame();
            let vb: Vec<u32> = root
                .attribute("viewBox")
                .unwrap()
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect();
            assert!(vb[2] >= u32::from(files) * 100 && vb[3] >= u32::from(ranks) * 100);
            // Options show up: size scales the width, arrows are drawn.
            let width: f64 = root.attribute("width").unwrap().parse().unwrap();
            let expected = f64::from(vb[2]) * f64::from(opts.size) / 100.0;
            assert!((width - expected).abs() < 0.01, "{width} vs {expected}");
            assert_eq!(count(&doc, "data-arrow"), opts.arrows.len());
            assert_eq!(
                count(&doc, "data-brush"),
                opts.arrows.len() + opts.marks.len()
            );
            // Coordinates are paths, never text (no font needed).
            assert_eq!(
                doc.descendants()
                    .any(|n| n.has_tag_name("path") && n.attribute("data-coordinate") == Some("a")),
                opts.coordinates
            );
            assert!(!doc
                .descendants()
                .any(|n| n.has_tag_name("text") && n.text() == Some("a")));
            assert_eq!(count(&doc, "data-caption") > 0, opts.legend);
        }
    }
}

#[test]
fn chess_has_sixty_four_cells_and_thirty_two_figurines() {
    let doc_text = svg(&Position::start(Variant::Chess), &Options::default());
    let doc = parse(&doc_text);
    assert_eq!(cells(&doc).len(), 64);
    let p = pieces(&doc);
    assert_eq!(p.len(), 32);
    assert!(p.contains(&("e1".into(), "K".into())) && p.contains(&("d8".into(), "q".into())));
    // Figurines, not letters: no text element holds a piece letter.
    assert!(!doc
        .descendants()
        .any(|n| n.has_tag_name("text") && matches!(n.text(), Some("K" | "k" | "P" | "p"))));
    assert_eq!(count(&doc, "data-grid"), 0);
    assert_eq!(count(&doc, "data-cage"), 0);
    assert_eq!(count(&doc, "data-hand"), 0);
    let turn: Vec<_> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-turn"))
        .collect();
    assert_eq!(turn, ["white"]);
}

#[test]
fn grid_chess_draws_its_section_lines() {
    let doc_text = svg(&Position::start(Variant::Grid), &Options::default());
    let doc = parse(&doc_text);
    // GR1: sixteen 2×2 sections: three inner lines each way.
    let lines: Vec<_> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-grid"))
        .collect();
    assert_eq!(lines, ["file", "file", "file", "rank", "rank", "rank"]);
    // The first file line lies between files b and c: two squares in.
    let a1 = doc
        .descendants()
        .find(|n| n.attribute("data-square") == Some("a1") && n.has_tag_name("rect"))
        .unwrap();
    let x0: u32 = a1.attribute("x").unwrap().parse().unwrap();
    let first = doc
        .descendants()
        .find(|n| n.attribute("data-grid") == Some("file"))
        .unwrap();
    assert_eq!(first.attribute("x1"), Some((x0 + 200).to_string().as_str()));
    assert_eq!(cells(&doc).len(), 64);
}

#[test]
fn fault_line_leaves_holes_out_and_shows_offset_ranks() {
    let doc_text = svg(&Position::start(Variant::FaultLine), &Options::default());
    let doc = parse(&doc_text);
    let c = cells(&doc);
    // FL0: ranks 1, 3, 4, 6 have seven cells, ranks 2 and 5 six: 40.
    assert_eq!(c.len(), 40);
    for hole in ["h1", "a2", "h2", "h3", "a4", "a5", "h5", "a6"] {
        assert!(!c.contains(&hole.to_owned()), "{hole} is a hole (FL0)");
    }
    for cell in ["a1", "a3", "h4", "h6"] {
        assert!(c.contains(&cell.to_owned()));
    }
    // FL4: after 1. S3e rank 3 stands at b–h; the legend says so.
    let (pos, opts) = fixture(
        "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn",
        1,
    );
    let doc_text = svg(&pos, &opts);
    let doc = parse(&doc_text);
    let c = cells(&doc);
    assert!(c.contains(&"h3".to_owned()) && !c.contains(&"a3".to_owned()));
    let marked: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-mark") == Some("last"))
        .map(|n| n.attribute("data-square").unwrap())
        .collect();
    assert_eq!(marked, ["b3", "c3", "d3", "e3", "f3", "g3", "h3"]);
    assert_eq!(
        caption(&doc),
        "Black to move; last move S3e (yellow)\nSliding ranks at a–g: 1; at b–h: 3, 4, 6 (FL4)"
    );
}

#[test]
fn quake_draws_hands_beside_the_board() {
    let start = svg(&Position::start(Variant::Quake), &Options::default());
    let doc = parse(&start);
    // QK0: 46 cells, holes a1 and h6.
    let c = cells(&doc);
    assert_eq!(c.len(), 46);
    assert!(!c.contains(&"a1".to_owned()) && !c.contains(&"h6".to_owned()));
    assert_eq!(count(&doc, "data-hand"), 2);
    // After 1. K-qs … 6. Bf5# White holds a pawn (QK7) and Black is in check.
    let (pos, opts) = fixture("fixtures/quake/valid/01-quake-south-and-drops.pgn", 11);
    let text = svg(&pos, &opts);
    let doc = parse(&text);
    let white_hand = doc
        .descendants()
        .find(|n| n.attribute("data-hand") == Some("white"))
        .unwrap();
    let held: Vec<_> = white_hand
        .descendants()
        .filter(|n| n.attribute("data-count").is_some())
        .map(|n| {
            (
                n.attribute("data-piece").unwrap(),
                n.attribute("data-count").unwrap(),
            )
        })
        .collect();
    assert_eq!(held, [("P", "1")]);
    let check: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-mark") == Some("check"))
        .map(|n| n.attribute("data-square").unwrap())
        .collect();
    assert_eq!(check, [pos.king(pos.turn()).unwrap().to_string()]);
    assert!(text.contains("Black to move, in check"));
}

#[test]
fn quake_lb_compounds_are_two_part_figurines() {
    let text = svg(&Position::start(Variant::QuakeLb), &Options::default());
    let doc = parse(&text);
    let p = pieces(&doc);
    // QK0: White RN BN BR K NR NB RB on b1–h1.
    assert!(p.contains(&("b1".into(), "RN".into())) && p.contains(&("h1".into(), "RB".into())));
    let rn = doc
        .descendants()
        .find(|n| n.attribute("data-piece") == Some("RN"))
        .unwrap();
    // Two glyphs: hunter and carrier, each a scaled group.
    let scaled = rn
        .descendants()
        .filter(|n| {
            n.attribute("transform")
                .is_some_and(|t| t.contains("scale"))
        })
        .count();
    assert_eq!(scaled, 3, "the placement plus hunter and carrier");
    assert!(text.contains("hunter (captures, large) over carrier (moves, small) (QK0)"));
}

#[test]
fn slide_chess_draws_both_cages_with_owner_and_legend() {
    let doc_text = svg(&Position::start(Variant::Slide), &Options::default());
    let doc = parse(&doc_text);
    // SC0: 42 board squares and two cages; the rest of the ring are holes.
    assert_eq!(cells(&doc).len(), 44);
    let cages: Vec<_> = doc
        .descendants()
        .filter_map(|n| Some((n.attribute("data-cage")?, n.attribute("data-square")?)))
        .collect();
    assert_eq!(cages, [("white", "e8"), ("black", "e1")]);
    assert!(caption(&doc).contains("White's cage (blue frame, white dot): on e8, empty (SC0)"));
    // After 2... C>f1 White's bishop sits in Black's cage on f1 (SC2).
    let (pos, opts) = fixture("fixtures/slide/valid/01-cage-mate.pgn", 4);
    let text = svg(&pos, &opts);
    let doc = parse(&text);
    assert!(caption(&doc)
        .contains("Black's cage (red frame, black dot): on f1, holds a white bishop (SC0)"));
    assert!(pieces(&doc).contains(&("f1".into(), "B".into())));
}

#[test]
fn flip_turns_the_board_round() {
    let pos = Position::start(Variant::Chess);
    let at = |flip: bool| {
        let text = svg(
            &pos,
            &Options {
                flip,
                ..Options::default()
            },
        );
        let doc = parse(&text);
        let a1 = doc
            .descendants()
            .find(|n| n.has_tag_name("rect") && n.attribute("data-square") == Some("a1"))
            .unwrap();
        (
            a1.attribute("x").unwrap().parse::<u32>().unwrap(),
            a1.attribute("y").unwrap().parse::<u32>().unwrap(),
        )
    };
    let (x, y) = at(false);
    let (fx, fy) = at(true);
    assert!(fx > x && fy < y, "a1 moves from bottom left to top right");
}

#[test]
fn the_caption_is_escaped() {
    let opts = Options {
        last_san: Some("</svg><script>x</script>".into()),
        ..Options::default()
    };
    let text = svg(&Position::start(Variant::Chess), &opts);
    parse(&text);
    assert!(!text.contains("<script>"));
}

/// No diagram leans on the viewer's fonts: coordinates, counts, the hands'
/// titles and the caption are all paths in the stroke font, in every
/// variant, with every option.
#[test]
fn no_diagram_has_a_text_element() {
    let quake = fvnote::notation::fen::read_fen(
        "rnnkbbr*/ppp1pppp/8/8/PPP1PPPP/*RBBKNNR[PPNNNBpp] w - - 0 1",
        Variant::Quake,
    )
    .unwrap();
    let positions = Variant::ALL.into_iter().map(Position::start).chain([quake]);
    for pos in positions {
        for opts in option_sets() {
            let text = svg(&pos, &opts);
            assert!(!text.contains("<text"), "{}: {text}", pos.variant().id());
            let doc = parse(&text);
            if pos.variant().has_hands() {
                assert_eq!(count(&doc, "data-title"), 2, "{}", pos.variant().id());
            }
            assert_eq!(
                caption(&doc).lines().count(),
                count(&doc, "data-caption"),
                "every caption line has its words as a title"
            );
        }
    }
}
