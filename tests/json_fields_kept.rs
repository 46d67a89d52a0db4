//! A field the JSON form does not hold (a user's `"my_notes"`) is never
//! dropped without a word: `convert --in-place` refuses the file, leaving it
//! byte for byte, and a conversion elsewhere says which field it leaves out.
//! The form's own derived fields (`variant`, a ply's `from` …) are not such
//! fields: every fixture's JSON rewrites in place without a refusal.

use crate::cli::fvnote;

fn json_of(pgn: &str) -> serde_json::Value {
    let out = fvnote()
        .args(["convert", "--to", "json", "-"])
        .write_stdin(pgn)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn in_place_refuses_a_file_with_a_field_the_form_does_not_hold() {
    let dir = tempfile::tempdir().unwrap();
    for (at, field) in [("game", "my_notes"), ("ply", "mine")] {
        let mut games = json_of("[Event \"x\"]\n\n1. e4 {ok} e5 *\n");
        let target = match at {
            "game" => &mut games[0],
            _ => &mut games[0]["moves"][1],
        };
        target[field] = serde_json::json!("keep me");
        let path = dir.path().join(format!("{at}.json"));
        let text = serde_json::to_string(&games).unwrap();
        std::fs::write(&path, &text).unwrap();
        let out = fvnote()
            .args(["convert", "--to", "json", "--in-place"])
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("holds the field `"), "{stderr}");
        assert!(stderr.contains(field), "{stderr}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{at}");
        // Converted elsewhere, the field is named as left out.
        let out = fvnote()
            .args(["convert", "--to", "pgn"])
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert!(stderr.contains("is not part of the JSON form"), "{stderr}");
        assert!(stderr.contains(field), "{stderr}");
    }
}

#[test]
fn the_forms_own_fields_are_no_unknown_fields() {
    let dir = tempfile::tempdir().unwrap();
    let all = dir.path().join("all.json");
    fvnote()
        .args(["convert", "--to", "json", "fixtures/", "-o"])
        .arg(&all)
        .output()
        .unwrap();
    assert!(std::fs::metadata(&all).unwrap().len() > 10_000);
    let out = fvnote()
        .args(["convert", "--to", "json", "--in-place"])
        .arg(&all)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("holds the field"), "{stderr}");
    assert!(!stderr.contains("is not part of the JSON form"), "{stderr}");
}
