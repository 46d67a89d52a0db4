//! `--where` compares numbers and dates (`WhiteElo>=2500`,
//! `Date<2020.01.01`), as pgn-extract's tag criteria do: unknown date
//! parts (`??`) stand for every day they may be, a value that is not a
//! number meets no comparison, and a comparison that cannot apply is
//! refused when the option is read.
use crate::cli;
use cli::fvnote;

/// Five games, each one move, told apart by their White tag.
const ARCHIVE: &str = "\
[White \"A\"]\n[WhiteElo \"2710\"]\n[Date \"2019.??.??\"]\n\n1. e4 *\n\n\
[White \"B\"]\n[WhiteElo \"2500\"]\n[Date \"2020.03.15\"]\n\n1. d4 *\n\n\
[White \"C\"]\n[WhiteElo \"-\"]\n[Date \"????.??.??\"]\n\n1. c4 *\n\n\
[White \"D\"]\n[WhiteElo \"1800\"]\n[Date \"2019.06.??\"]\n\n1. f4 *\n\n\
[White \"E\"]\n[Date \"2021.01.01\"]\n\n1. g3 *\n";

/// The White tags of the games `conds` choose.
fn chosen(conds: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("a.pgn");
    std::fs::write(&p, ARCHIVE).unwrap();
    let mut cmd = fvnote();
    cmd.args(["convert", "--to", "jsonl"]);
    for c in conds {
        cmd.args(["--where", c]);
    }
    let out = cmd.arg(&p).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{conds:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let tags = v["tags"].as_array().unwrap();
            let white = tags.iter().find(|t| t["name"] == "White").unwrap();
            white["value"].as_str().unwrap().to_owned()
        })
        .collect()
}

#[test]
fn numbers_compare_as_numbers_and_others_never_match() {
    assert_eq!(chosen(&["WhiteElo>=2500"]), "AB");
    assert_eq!(chosen(&["WhiteElo>2500"]), "A");
    assert_eq!(chosen(&["WhiteElo<2500"]), "D");
    assert_eq!(chosen(&["WhiteElo<=2500"]), "BD");
    // "-" is no number, and E has no WhiteElo: neither meets any.
    assert_eq!(chosen(&["WhiteElo<99999"]), "ABD");
    // Numerically, not as text: "1800" < "250" as text.
    assert_eq!(chosen(&["WhiteElo>250"]), "ABD");
    assert_eq!(chosen(&["WhiteElo>=2000", "WhiteElo<2600"]), "B");
}

#[test]
fn dates_with_unknown_parts_meet_a_comparison_only_when_certain() {
    assert_eq!(chosen(&["Date<2020.01.01"]), "AD");
    assert_eq!(chosen(&["Date<2020"]), "AD");
    assert_eq!(chosen(&["Date>=2020"]), "BE");
    assert_eq!(chosen(&["Date>2020"]), "E");
    assert_eq!(chosen(&["Date<=2020.03"]), "ABD");
    // 2019.??.?? may be before or after mid-2019: neither.
    assert_eq!(chosen(&["Date<2019.06.01"]), "");
    assert_eq!(chosen(&["Date>=2019.06.01"]), "BDE");
    assert_eq!(chosen(&["Date>=2019.06"]), "BDE");
    // An unknown year meets nothing; `!=` still sees the text.
    assert_eq!(chosen(&["Date!=????.??.??", "Date<2100"]), "ABDE");
}

#[test]
fn a_comparison_that_cannot_apply_is_refused_when_read() {
    for (cond, expected) in [
        (
            "White>=Carlsen",
            "expected White>=NUMBER, as in WhiteElo>=2500, not \"Carlsen\"",
        ),
        ("Date<2020.13.01", "expected Date<YYYY.MM.DD"),
        ("EventDate>=soon", "EventDate is a date"),
        ("WhiteElo>", "not \"\""),
    ] {
        let out = fvnote()
            .args(["validate", "--where", cond, "-"])
            .write_stdin("1. e4 *\n")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{cond}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("invalid value '{cond}' for '--where <COND>'"))
                && err.contains(expected),
            "{cond}: {err}"
        );
    }
}
