//! Game Courier lists are read as they are matched: each turn resolved as
//! soon as it is read, orthodox turns on the bitboard accelerators. What a
//! list reports must not depend on that: the report is the one replaying
//! the list's record gives, the first syntax error wins over any turn, and
//! a turn past the end of the game is the error at that turn (G5).

use assert_cmd::Command;

use crate::gamecourier_oracle as oracle;
use fvnote::record::gamecourier::{read, validate_list};
use fvnote::record::gen::{generate, GenOptions};
use fvnote::record::replay::{GameReport, ReplayOptions};
use fvnote::variant::Variant;
use oracle::{options, same_report};

const FOOLS_MATE: &str = "1. f2-f3\n1... e7-e5\n2. g2-g4\n2... d8-h4\n";
const MATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

/// (line, column, message) of each error, in order.
fn errors(r: &GameReport) -> Vec<(u32, u32, String)> {
    r.errors
        .iter()
        .map(|d| (d.span.line, d.span.column, d.message.clone()))
        .collect()
}

#[test]
fn a_turn_past_the_end_is_the_error_at_that_turn() {
    // G5: the game ends at mate; the list's result is the rules' own, and
    // the turn after it is the one error, where it stands.
    let list = format!("{FOOLS_MATE}3. e2-e4\n");
    for opts in options() {
        let (report, syntax) = validate_list(&list, Variant::Chess, None, &opts).unwrap();
        assert!(!syntax);
        let all = errors(&report);
        assert_eq!(all.len(), 1, "{all:?}");
        let (line, column, message) = &all[0];
        assert_eq!((*line, *column), (5, 4), "{message}");
        assert!(
            message.contains("the game is already over (checkmate, Black wins, G5)"),
            "{message}"
        );
        assert_eq!(report.error.as_ref(), report.errors.first());
        assert_eq!(report.result.as_deref(), Some("0-1"));
        assert_eq!(report.plies, 4);
    }
    // From a mated start position (White's move 3), the first turn.
    let (report, _) = validate_list(
        "3. e2-e4\n",
        Variant::Chess,
        Some(MATED),
        &ReplayOptions::default(),
    )
    .unwrap();
    assert_eq!(
        errors(&report)
            .iter()
            .map(|e| (e.0, e.1))
            .collect::<Vec<_>>(),
        [(1, 4)]
    );
}

#[test]
fn a_turn_past_the_end_is_at_its_place_in_every_output_format() {
    let list = format!("{FOOLS_MATE}3. e2-e4\n");
    let run = |format: &str| {
        let out = Command::cargo_bin("fvnote")
            .unwrap()
            .args(["validate", "--from", "gamecourier", "--variant", "chess"])
            .args(["--format", format, "-"])
            .write_stdin(list.clone())
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let json: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    assert_eq!(
        (&json["error"]["line"], &json["error"]["column"]),
        (&5.into(), &4.into()),
        "{json}"
    );
    let human = run("human");
    assert!(human.contains(":5:4"), "{human}");
    assert!(!human.contains("not *"), "{human}");
    let github = run("github");
    assert!(github.contains("line=5,endLine=5,col=4,"), "{github}");
}

#[test]
fn the_list_past_the_end_reports_as_its_replayed_record() {
    same_report(&format!("{FOOLS_MATE}3. e2-e4\n"), Variant::Chess, None, "");
    same_report(&format!("{FOOLS_MATE}4. e2-e4\n"), Variant::Chess, None, "");
    same_report("3. e2-e4\n", Variant::Chess, Some(MATED), "");
    same_report("1. e2-e4\n", Variant::Chess, Some(MATED), "");
}

#[test]
fn a_syntax_error_after_a_bad_turn_is_the_lists_error() {
    // The turn on line 1 is illegal, but the list does not read: nothing of
    // it is reported but its syntax error.
    let list = "1. e2-e5\n2. e2-e4; ;\n// after\n";
    for opts in options() {
        let (report, syntax) = validate_list(list, Variant::Chess, None, &opts).unwrap();
        assert!(syntax);
        let all = errors(&report);
        assert_eq!(all.len(), 1, "{all:?}");
        assert_eq!((all[0].0, all[0].1), (2, 11), "{}", all[0].2);
        assert!(all[0]
            .2
            .starts_with("Game Courier syntax: expected an operation"));
        assert_eq!(report.plies, 0);
    }
    let read = read(list, Variant::Chess, None).unwrap();
    assert!(read.syntax_error && read.record.moves.is_empty());
    assert!(read.record.prelude.is_empty());
}

/// Lists of the orthodox variants whose turns take each accelerated form,
/// and near misses the reference rules must judge.
#[test]
fn accelerated_forms_report_as_their_replayed_record() {
    let ep = "1. P e2-e4 1... p a7-a6 2. P e4-e5 2... p d7-d5 3. P e5-d6; d5-\n";
    let ep_bare = "1. e2-e4 1... a7-a6 2. e4-e5 2... d7-d5 3. e5-d6; d5-\n";
    let ep_uncleared = "1. P e2-e4 1... p a7-a6 2. P e4-e5 2... p d7-d5 3. P e5-d6\n";
    let ep_wrong_clear = "1. P e2-e4 1... p a7-a6 2. P e4-e5 2... p d7-d5 3. P e5-d6; e5-\n";
    let ep_late = "1. P e2-e4 1... p a7-a6 2. P e4-e5 2... p d7-d5 3. N g1-f3 3... p a6-a5 \
                   4. P e5-d6; d5-\n";
    let castle = "1. N g1-f3 1... n g8-f6 2. P e2-e3 2... p e7-e6 3. B f1-e2 3... b f8-e7\n\
                  4. K e1-g1; R h1-f1 4... r h8-f8; k e8-g8\n";
    let castle_long = "1. P d2-d4 1... p d7-d5 2. N b1-c3 2... n b8-c6 3. B c1-f4 3... b c8-f5\n\
                       4. Q d1-d2 4... q d8-d7 5. K e1-c1; R a1-d1 5... k e8-c8; r a8-d8\n";
    let castle_illegal = "1. K e1-g1; R h1-f1\n";
    let castle_wrong_label = "1. N g1-f3 1... n g8-f6 2. P e2-e3 2... p e7-e6 3. B f1-e2 \
                              3... b f8-e7\n4. Q e1-g1; R h1-f1\n";
    let promote = [
        "1. P e7-e8; Q-e8",
        "1. P e7-e8; N-e8",
        "1. e7-d8; R-d8",
        "1. P e7-e8; q-e8",
        "1. P e7-e8; K-e8",
        "1. P e7-e8; P-e8",
        "1. P e7-e8",
        "1. P e7-e8; Q-e7",
        "1. P e7-d8; B-d8",
    ];
    let fen = "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let moves = [
        "1. N e2-e4",
        "1. p e7-e5",
        "1. P e2-e5",
        "1. pe e2-e4",
        "1. Q d1-d3",
        "1. P e2-e4 1... p d7-d5 2. P e4-d5",
        "1. P e2-e4 1... p d7-d5 2. P e4-d5 2... q d8-d5 3. K e1-e2",
        "1. P e2-e4 1... p e7-e5 3. N g1-f3",
    ];
    for variant in [Variant::Chess, Variant::Grid, Variant::RankAndFile] {
        for list in [
            ep,
            ep_bare,
            ep_uncleared,
            ep_wrong_clear,
            ep_late,
            castle,
            castle_long,
            castle_illegal,
            castle_wrong_label,
        ] {
            same_report(list, variant, None, "");
        }
        for list in moves {
            same_report(list, variant, None, "");
        }
        for list in promote {
            same_report(list, variant, Some(fen), "");
        }
    }
}

/// Generated games written as lists: of the orthodox variants (castling,
/// en passant and promotions among them), and of the others (Fault Line's
/// slides matched among their rank's candidates, FL4).
#[test]
fn generated_games_report_as_their_replayed_record() {
    for variant in Variant::ALL.into_iter().filter(|v| v.has_game_courier()) {
        let orthodox = matches!(
            variant,
            Variant::Chess | Variant::Grid | Variant::RankAndFile
        );
        let opts = GenOptions {
            variant,
            games: if orthodox { 12 } else { 4 },
            seed: 7,
            max_plies: if orthodox { 300 } else { 120 },
        };
        for g in generate(&opts) {
            let list = fvnote::record::gamecourier::write_list(&g.record).unwrap();
            same_report(&list, variant, None, "");
        }
    }
}
