//! Game Courier move lists (notation/gamecourier.md): reading lists typed as
//! board edits, their errors, and writing games as lists that read back.

use std::path::Path;

use fvnote::model::Record;
use fvnote::notation::pgn::read_all;
use fvnote::record::gamecourier::{read_list, validate_list, write_list};
use fvnote::record::replay::{record_variant, replay, ReplayOptions};
use fvnote::variant::Variant;

/// The main line in canonical SAN and the comments in document order.
fn game_of(record: &Record) -> (Vec<String>, Vec<String>) {
    let report = replay(record, &ReplayOptions::default());
    assert!(report.error.is_none() || report.main_line.len() == record.moves.len());
    let sans = report.main_line.iter().map(|p| p.san.to_string()).collect();
    let mut comments: Vec<String> = record.prelude.iter().map(|c| c.text.clone()).collect();
    for n in &record.moves {
        comments.extend(n.comments_before.iter().map(|c| c.text.clone()));
        comments.extend(n.comments.iter().map(|c| c.text.clone()));
    }
    // Lines trimmed, joined: a list keeps a comment's lines, not its breaks
    // between comments.
    let flat = comments
        .join("\n")
        .split('\n')
        .map(|l| l.trim().to_owned())
        .collect();
    (sans, flat)
}

fn fen_of(record: &Record) -> Option<&str> {
    match record.tag("SetUp") {
        Some("0") => None,
        _ => record.tag("FEN"),
    }
}

/// Writes `record` as a list and reads it back: the same game.
fn round_trip(record: &Record, ctx: &str) -> String {
    let variant = record_variant(record).unwrap();
    let text = write_list(record).unwrap_or_else(|e| panic!("{ctx}: {e}"));
    let back = read_list(&text, variant, fen_of(record)).unwrap_or_else(|d| {
        panic!(
            "{ctx}: {}:{}: {} {}\n{text}",
            d.span.line, d.span.column, d.token, d.message
        )
    });
    assert_eq!(game_of(&back), game_of(record), "{ctx}\n{text}");
    text
}

#[test]
fn every_fixture_game_reads_back_from_its_list() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut games = 0;
    let mut variants = std::collections::BTreeSet::new();
    for v in Variant::ALL.into_iter().filter(|v| v.has_game_courier()) {
        let dir = root.join(v.id()).join("valid");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        {
            let bytes = std::fs::read(f).unwrap();
            for (i, g) in read_all(&bytes).into_iter().enumerate() {
                let rec = g.unwrap();
                round_trip(&rec, &format!("{}#{}", f.display(), i + 1));
                games += 1;
                variants.insert(v);
            }
        }
    }
    let listed = Variant::ALL.iter().filter(|v| v.has_game_courier()).count();
    assert_eq!(variants.len(), listed);
    assert!(games >= 20, "{games}");
}

/// The canonical SAN of every turn of a list that must read.
fn sans(list: &str, variant: Variant, fen: Option<&str>) -> Vec<String> {
    let rec = read_list(list, variant, fen).unwrap_or_else(|d| {
        panic!(
            "{list}: {}:{}: {} {}",
            d.span.line, d.span.column, d.token, d.message
        )
    });
    rec.moves.iter().map(|n| n.san.to_string()).collect()
}

/// The first error of a list that must not read: (line, column, message).
fn error(list: &str, variant: Variant, fen: Option<&str>) -> (u32, u32, String, Vec<String>) {
    let d = read_list(list, variant, fen).expect_err(list);
    (d.span.line, d.span.column, d.message, d.suggestions)
}

#[test]
fn each_operation_kind_resolves_to_its_move() {
    // Moves with and without labels, a capture as a move onto a piece,
    // castling as two moves, en passant as a move and a clear (CH1).
    let list = "1. P e2-e4 1... n g8-f6\n2. e4-e5 2... d7-d5\n3. P e5-d6; d5- 3... e7-d6\n\
                4. N g1-f3 4... b f8-e7\n5. B f1-c4 5... k e8-g8; r h8-f8\n6. K e1-g1; R h1-f1\n";
    assert_eq!(
        sans(list, Variant::Chess, None),
        ["e4", "Nf6", "e5", "d5", "exd6", "exd6", "Nf3", "Be7", "Bc4", "O-O", "O-O"]
    );
    // Promotion: the move, then the promoted piece put on its square (G4).
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    assert_eq!(
        sans("1. P e7-e8; N-e8", Variant::Chess, Some(fen)),
        ["e8=N"]
    );
    assert_eq!(sans("e7-e8; Q-e8", Variant::Chess, Some(fen)), ["e8=Q"]);
    // Drops from hand, one- and two-letter labels (QK7, QK0).
    let fen = "rnnkbbr*/ppp1pppp/8/8/PPP1PPPP/*RBBKNNR[PNp] w - - 0 1";
    assert_eq!(
        sans("1. N*d3 1... p*d4", Variant::Quake, Some(fen)),
        ["N@d3", "P@d4"]
    );
    let fen = "(rb)(nb)(nr)k(br)(bn)(rn)*/pppppppp/8/8/PPPPPPPP/*(RN)(BN)(BR)K(NR)(NB)(RB)[(RN)] w - - 0 1";
    assert_eq!(
        sans(
            "RN*d3 // a rook-knight from hand",
            Variant::QuakeLb,
            Some(fen)
        ),
        ["RN@d3"]
    );
    assert_eq!(
        sans("1. RN b1-c3 1... bn f6-e4", Variant::QuakeLb, None),
        ["RNc3", "BNe4"]
    );
    // Put and clear read as a move: a pawn step typed as a clear and a put.
    assert_eq!(sans("e2-; P-e4", Variant::Chess, None), ["e4"]);
}

#[test]
fn board_moving_turns_resolve_without_special_syntax() {
    // FL4: a rank slide typed as its pieces' moves, east-most first.
    let slide = "R g1-h1; N f1-g1; B e1-f1; K d1-e1; B c1-d1; N b1-c1; R a1-b1";
    assert_eq!(sans(slide, Variant::FaultLine, None), ["S1e"]);
    // QK1: a quake typed as its strip's moves (the e-file north).
    let fen = "rnnkbbr*/pppp1ppp/8/8/PPPPPPPP/*RBBKNNR[] w - - 0 1";
    assert_eq!(
        sans("b e6-e7; P e2-e3; K e1-e2", Variant::Quake, Some(fen)),
        ["K-qn"]
    );
    // The same quake with a piece left behind is no move.
    assert!(read_list("P e2-e3; K e1-e2", Variant::Quake, Some(fen)).is_err());
    // SC1: a cage moved with its content.
    assert_eq!(sans("C e8-a5", Variant::Slide, None), ["C-a5"]);
    // SC2: an insertion typed as the line's pieces moving, then the cage.
    let list = "1. C e8-a5 1... p b6-b5\n2. P h3-h4 2... c e1-i5\n";
    let rec = sans(list, Variant::Slide, None);
    assert_eq!(rec[..2], ["C-a5", "b5"]);
    assert_eq!(rec[3], "C-i5");
}

#[test]
fn a_slide_and_a_step_that_move_the_same_piece_need_a_hole_mark() {
    // Rank 3 holds only White's rook: S3e and Rd3 leave the same pieces (FL4).
    let fen = "*rnbkbnr/*pppppp*/*7/2R4*/*PPPPPP*/RNBKBN1* w Qkq - 0 1";
    let (line, column, message, suggestions) = error("\n1. R c3-d3", Variant::FaultLine, Some(fen));
    assert_eq!((line, column), (2, 4));
    assert!(message.contains("ambiguous"), "{message}");
    assert_eq!(suggestions, ["Rd3", "S3e"]);
    assert_eq!(
        sans("R c3-d3; #-a3", Variant::FaultLine, Some(fen)),
        ["S3e"]
    );
    // The writer adds the mark itself, and only when needed.
    let rec = read_list("R c3-d3; #-a3\np b5-b4", Variant::FaultLine, Some(fen)).unwrap();
    assert_eq!(
        write_list(&rec).unwrap(),
        "1. R c3-d3; #-a3\n1... p b5-b4\n"
    );
    // A king alone on its rank: a step and a slide; a cell mark keeps the step.
    let fen = "*rnbkbnr/*pppppp*/*7/7*/*PPPPPP*/*4K2 w kq - 0 1";
    assert!(error("K f1-e1", Variant::FaultLine, Some(fen))
        .2
        .contains("ambiguous"));
    assert_eq!(
        sans("K f1-e1; .-h1", Variant::FaultLine, Some(fen)),
        ["Ke1"]
    );
    assert_eq!(
        sans("K f1-e1; #-h1", Variant::FaultLine, Some(fen)),
        ["S1w"]
    );
    let rec = read_list("K f1-e1; .-h1", Variant::FaultLine, Some(fen)).unwrap();
    assert_eq!(write_list(&rec).unwrap(), "1. K f1-e1; .-h1\n");
    // An empty rank's slide moves no piece: a hole mark is the whole turn.
    assert_eq!(sans("#-a3", Variant::FaultLine, None), ["S3e"]);
    assert_eq!(sans("#-h4", Variant::FaultLine, None), ["S4w"]);
    // A mark says a cell becomes a hole: a4 is one already.
    let (_, _, m, _) = error("#-a4", Variant::FaultLine, None);
    assert!(m.contains("a4 is a hole already"), "{m}");
}

#[test]
fn comments_are_kept_in_order() {
    let list =
        "// before the game\n1. e2-e4 // after e4\n// before e5\n// second line\n1... e7-e5\n";
    let rec = read_list(list, Variant::Chess, None).unwrap();
    assert_eq!(rec.prelude.len(), 0);
    assert_eq!(rec.moves[0].comments_before[0].text, "before the game");
    assert_eq!(rec.moves[0].comments[0].text, "after e4");
    assert_eq!(
        rec.moves[1].comments_before[0].text,
        "before e5\nsecond line"
    );
    assert_eq!(
        write_list(&rec).unwrap(),
        "// before the game\n1. P e2-e4 // after e4\n// before e5\n// second line\n1... p e7-e5\n"
    );
}

#[test]
fn turns_that_are_not_one_legal_move_are_errors_where_they_stand() {
    // A label contradicting the board is an error at that operation.
    let (l, c, m, _) = error("1. P e2-e4 1... N e7-e5", Variant::Chess, None);
    assert_eq!((l, c), (1, 17));
    assert!(
        m.contains("label N contradicts the board: e7 holds p"),
        "{m}"
    );
    // No legal move: the closest ones are suggested (same piece first).
    let (l, c, m, s) = error("1. e2-e4\n1... e7-e5\n2. e1-e3\n", Variant::Chess, None);
    assert_eq!((l, c), (3, 4));
    assert!(
        m.contains("matches no legal move; the turn did e1: K → empty, e3: empty → K"),
        "{m}"
    );
    assert_eq!(s[0], "Ke2");
    // A promotion without its piece matches nothing (G4).
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let (_, _, m, s) = error("e7-e8", Variant::Chess, Some(fen));
    assert!(m.contains("matches no legal move"), "{m}");
    assert_eq!(s[..4], ["e8=B", "e8=N", "e8=Q", "e8=R"]);
    // Wrong move numbers, drops from an empty hand, unknown labels.
    assert!(error("2. e2-e4", Variant::Chess, None)
        .2
        .contains("expected move number 1."));
    assert!(error("1... e2-e4", Variant::Chess, None)
        .2
        .contains("expected move number 1."));
    assert!(error("N*e4", Variant::Quake, None)
        .2
        .contains("holds no knight in hand"));
    assert!(error("N*e4", Variant::Chess, None)
        .2
        .contains("no pieces in hand"));
    assert!(error("X e2-e4", Variant::Chess, None)
        .2
        .contains("unknown label"));
    assert!(error("Pp e2-e4", Variant::Chess, None)
        .2
        .contains("mixes cases"));
    assert!(error("e2-i9", Variant::Chess, None)
        .2
        .contains("outside the board"));
    // Syntax errors name what was expected.
    let (l, c, m, _) = error("1. e2-e4;\n", Variant::Chess, None);
    assert_eq!((l, c), (1, 10));
    assert!(m.contains("expected an operation after ';'"), "{m}");
}

/// An empty turn (issue #41): a move number followed by no board edit. A
/// Fault Line slide of an empty rank moves no piece (FL4), so a list that
/// leaves out its hole mark cannot say which rank slid: the error stands at
/// the empty turn's number, not at the number after it, and names the
/// slides it could be; alike on the accelerator (a verdict) and in full.
#[test]
fn an_empty_turn_is_an_error_at_its_number_naming_what_it_could_be() {
    let fl = Variant::FaultLine;
    // Ranks 3 and 4 are empty at the start: S3e or S4w.
    let (line, column, message, suggestions) = error("1.\n1... p c5-c4\n", fl, None);
    assert_eq!((line, column), (1, 1), "{message}");
    assert!(
        message.starts_with("an empty turn: no board edit; it could be S3e, S4w"),
        "{message}"
    );
    assert_eq!(suggestions, ["S3e", "S4w"]);
    // After Nc3 only rank 4 is empty; the empty turn is Black's, on line 2.
    let (line, column, message, suggestions) = error("1. N b1-c3\n1...\n2. N f1-e3\n", fl, None);
    assert_eq!((line, column), (2, 1), "{message}");
    assert!(message.contains("it could be S4w"), "{message}");
    assert_eq!(suggestions, ["S4w"]);
    // Chess: nothing leaves the board as it was.
    let (line, _, message, suggestions) =
        error("1. P e2-e4\n1...\n2. N g1-f3\n", Variant::Chess, None);
    assert_eq!(line, 2);
    assert!(
        message.contains("no legal move leaves the board"),
        "{message}"
    );
    assert!(suggestions.is_empty());
    // A wrong number is that number's error, where it stands.
    let (line, _, message, _) = error("2.\n1... p c5-c4\n", fl, None);
    assert_eq!(line, 1);
    assert!(message.starts_with("expected move number 1."), "{message}");
    // The verdict (on the accelerator) and the full report agree.
    let text = "1. N b1-c3 1... p c5-c4\n2.\n2... p d5-d4\n";
    let verdict = ReplayOptions::new(fvnote::record::replay::ReplayMode::Verdict);
    let (fast, _) = validate_list(text, fl, None, &verdict).unwrap();
    let (full, _) = validate_list(text, fl, None, &ReplayOptions::default()).unwrap();
    assert_eq!(fast.error, full.error);
    assert_eq!(fast.plies, full.plies);
    assert_eq!(fast.error.map(|e| e.span.line), Some(2));
}

#[test]
fn validation_reports_the_first_bad_turn_with_the_position() {
    let list = "1. P e2-e4\n1... p e7-e5\n2. K e1-e3\n";
    let (report, syntax) =
        validate_list(list, Variant::Chess, None, &ReplayOptions::default()).unwrap();
    assert!(!syntax);
    let e = report.error.unwrap();
    assert_eq!((e.span.line, e.span.column, e.ply), (3, 4, Some(3)));
    assert_eq!(e.token, "K e1-e3");
    assert_eq!(
        e.fen.as_deref(),
        Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    );
    assert_eq!(report.plies, 2);
}

#[test]
fn a_list_past_the_end_of_the_game_is_refused() {
    // G5: fool's mate, then one more turn.
    let list = "1. f2-f3 e7-e5 2. g2-g4 d8-h4 3. e2-e4";
    let (l, c, m, _) = error(list, Variant::Chess, None);
    assert_eq!((l, c), (1, 34));
    assert!(
        m.contains("the game is already over (checkmate, Black wins, G5)"),
        "{m}"
    );
    let rec = read_list("1. f2-f3 e7-e5 2. g2-g4 d8-h4", Variant::Chess, None).unwrap();
    assert_eq!(rec.result.as_deref(), Some("0-1"));
}

mod random_games {
    use super::*;
    use fvnote::record::gen::{generate, GenOptions};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

        /// Random legal games of every variant (`fvnote gen`) written as
        /// lists read back to themselves.
        #[test]
        fn generated_games_read_back(seed in any::<u64>()) {
            for variant in Variant::ALL.into_iter().filter(|v| v.has_game_courier()) {
                let opts = GenOptions { variant, games: 1, seed, max_plies: 80 };
                for g in generate(&opts) {
                    round_trip(&g.record, &format!("{variant} seed {seed}"));
                }
            }
        }
    }
}

/// `fixtures/gamecourier/VARIANT/{valid,invalid}/*.txt` (see its README).
#[test]
fn gamecourier_fixtures_read_as_declared() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/gamecourier");
    let (mut valid, mut invalid) = (0, 0);
    for v in Variant::ALL {
        for kind in ["valid", "invalid"] {
            let Ok(entries) = std::fs::read_dir(root.join(v.id()).join(kind)) else {
                continue;
            };
            for f in entries.flatten().map(|e| e.path()) {
                let text = std::fs::read_to_string(&f).unwrap();
                let ctx = f.display().to_string();
                let (report, _) = validate_list(&text, v, None, &ReplayOptions::default()).unwrap();
                if kind == "valid" {
                    assert!(report.is_valid(), "{ctx}: {:?}", report.error);
                    valid += 1;
                    continue;
                }
                let want = text
                    .lines()
                    .next()
                    .and_then(|l| l.strip_prefix("// expected: line "))
                    .unwrap();
                let (line, rest) = want.split_once(" column ").unwrap();
                let (column, message) = rest.split_once(": ").unwrap();
                let e = report.error.unwrap_or_else(|| panic!("{ctx}: valid"));
                assert_eq!(
                    (e.span.line.to_string(), e.span.column.to_string()),
                    (line.to_owned(), column.to_owned()),
                    "{ctx}: {e:?}"
                );
                assert!(e.message.contains(message), "{ctx}: {}", e.message);
                invalid += 1;
            }
        }
    }
    assert!(
        valid >= 7 && invalid >= 4,
        "{valid} valid, {invalid} invalid"
    );
}

/// Every ` ```gamecourier VARIANT [FEN] ` block of notation/gamecourier.md
/// reads as a legal game; every ` ```gamecourier-reject ` block is refused.
#[test]
fn notation_examples_read_as_documented() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/gamecourier.md");
    let text = std::fs::read_to_string(path).unwrap();
    let mut open: Option<(usize, String, String)> = None;
    let (mut good, mut bad) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        match open.take() {
            None => {
                if let Some(info) = line.strip_prefix("```gamecourier") {
                    open = Some((i + 1, info.trim().to_owned(), String::new()));
                }
            }
            Some((at, info, mut body)) if line.trim_end() != "```" => {
                body.push_str(line);
                body.push('\n');
                open = Some((at, info, body));
            }
            Some((at, info, body)) => {
                let (kind, rest) = match info.strip_prefix("-reject") {
                    Some(r) => ("-reject", r.trim()),
                    None => ("", info.as_str()),
                };
                let (v, fen) = rest.split_once(' ').unwrap_or((rest, ""));
                let v: Variant = v.parse().unwrap();
                let fen = (!fen.is_empty()).then_some(fen);
                let read = read_list(&body, v, fen);
                match kind {
                    "" => {
                        read.unwrap_or_else(|d| {
                            panic!("line {at}: {}:{} {}", d.span.line, d.span.column, d.message)
                        });
                        good += 1;
                    }
                    "-reject" => {
                        assert!(read.is_err(), "line {at}: reads");
                        bad += 1;
                    }
                    k => panic!("line {at}: unknown block gamecourier{k}"),
                }
            }
        }
    }
    assert!(open.is_none());
    assert!(good >= 8 && bad >= 3, "{good} examples, {bad} rejections");
}

/// Hostile lists: huge turns, lines and labels are read in one pass, without
/// panicking (the fuzz target checks the same on small inputs).
#[test]
fn hostile_lists_are_read_in_linear_time() {
    let started = std::time::Instant::now();
    let back_and_forth = "N g1-f3; N f3-g1; ".repeat(50_000) + "N g1-f3";
    assert_eq!(sans(&back_and_forth, Variant::Chess, None), ["Nf3"]);
    let marks = "#-a3; ".repeat(50_000) + "#-a3";
    assert_eq!(sans(&marks, Variant::FaultLine, None), ["S3e"]);
    let comments = "// x\n".repeat(100_000) + "e2-e4";
    assert_eq!(sans(&comments, Variant::Chess, None), ["e4"]);
    let label = "P".repeat(1 << 20) + " e2-e4";
    assert!(error(&label, Variant::Chess, None)
        .2
        .contains("unknown label"));
    let turns = "N g1-f3 n g8-f6 N f3-g1 n f6-g8 ".repeat(20_000);
    assert_eq!(sans(&turns, Variant::Chess, None).len(), 80_000);
    let elapsed = started.elapsed();
    assert!(elapsed.as_secs() < 60, "{elapsed:?}");
}

#[test]
fn a_drop_on_a_hole_is_no_move() {
    // QK0: a1 is a hole; QK7 drops go onto empty cells only.
    let fen = "rnnkbbr*/ppp1pppp/8/8/PPP1PPPP/*RBBKNNR[PNp] w - - 0 1";
    assert!(error("N*a1", Variant::Quake, Some(fen))
        .2
        .contains("matches no legal move"));
    assert_eq!(sans("N*a3", Variant::Quake, Some(fen)), ["N@a3"]);
}

/// Chess960 castling where king and rook swap squares: the king's move
/// takes the rook's square and the rook is put on the king's (`R-d1`).
#[test]
fn a_chess960_castling_that_swaps_king_and_rook_round_trips() {
    let pgn = "[Variant \"chess960\"]\n[SetUp \"1\"]\n[FEN \"2rk3r/2pp4/8/8/8/8/2PP4/2RK3R w KQkq - 0 1\"]\n\n1. O-O-O O-O-O *\n";
    let games = read_all(pgn.as_bytes());
    let record = games[0].as_ref().unwrap();
    let text = round_trip(record, "swap");
    assert!(text.contains("R-d1") && text.contains("r-d8"), "{text}");
}
