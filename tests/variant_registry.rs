//! The variant registry (`fvnote::variant::VARIANTS`) agrees with the rules
//! each variant dispatches to (`with_rules!`): a variant registered with the
//! wrong features, or a registration out of order, fails here.

use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::variant::Variant;
use fvnote::variant::VARIANTS;
use fvnote::Color;

#[test]
fn every_variant_has_its_registration_in_order() {
    assert_eq!(VARIANTS.len(), Variant::ALL.len());
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        let info = v.info();
        assert_eq!(info.variant, v);
        assert_eq!(VARIANTS[i].variant, v);
        assert_eq!(info.id.parse::<Variant>(), Ok(v));
        assert!(
            !info.summary.is_empty() && !info.move_kinds.is_empty(),
            "{v}"
        );
    }
}

#[test]
fn registrations_agree_with_the_rules() {
    for v in Variant::ALL {
        let start = fvnote::Position::start(v);
        assert_eq!(start.variant(), v, "the rules dispatched for {v} start {v}");
        // A start position reads back through its FEN (the rules' own check).
        let fen = write_fen(&start);
        assert_eq!(read_fen(&fen, v).as_ref(), Ok(&start), "{v}: {fen}");
        // Castling rights at the start exactly where castling exists.
        let rights = !start.castling().is_empty();
        assert_eq!(rights, v.has_castling(), "{v}: castling");
        // Cages at the start exactly where the variant has them (SC0).
        let cages = Color::ALL.iter().any(|&c| start.cage(c).is_some());
        assert_eq!(cages, v.has_cages(), "{v}: cages");
        // A hand is written in the FEN exactly where the variant has hands.
        assert_eq!(fen.contains('['), v.has_hands(), "{v}: hands in {fen}");
    }
}

/// lichess's `[Variant "From Position"]` is orthodox chess from the FEN tag;
/// cutechess's `fischerandom` is Chess960.
#[test]
fn lichess_and_cutechess_names_read_as_their_variants() {
    use fvnote::notation::pgn::read_all;
    use fvnote::record::replay::{replay, ReplayOptions};
    let pgn = "[Variant \"From Position\"]\n[SetUp \"1\"]\n\
        [FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O Ke7 *\n\n\
        [Variant \"fischerandom\"]\n[SetUp \"1\"]\n\
        [FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n1. c4 Ng6 2. a3 O-O *\n";
    let games = read_all(pgn.as_bytes());
    let variants: Vec<Variant> = games
        .into_iter()
        .map(|g| {
            let report = replay(&g.unwrap(), &ReplayOptions::default());
            assert!(report.error.is_none(), "{:?}", report.error);
            report.variant
        })
        .collect();
    assert_eq!(variants, [Variant::Chess, Variant::Chess960]);
}

/// The ruling ids in a registry summary, as the docs' tables show them.
fn rulings(summary: &str) -> String {
    let inner = summary
        .rsplit_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map_or("", |(ids, _)| ids);
    inner.to_owned()
}

/// The variants table of `notation/pgn.md`, as the registry has it.
fn pgn_md_table() -> String {
    let mut out = String::from("| Identifier | Aliases | Rulings |\n| --- | --- | --- |\n");
    for v in Variant::ALL {
        let aliases: Vec<String> = v.aliases().iter().map(|a| format!("`{a}`")).collect();
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            v.id(),
            aliases.join(", "),
            rulings(v.summary())
        ));
    }
    out
}

/// Replaces the text between `start` and the next `end` (both kept) in the
/// file at `rel` with `body`, under `FVNOTE_BLESS`; else returns whether it
/// already holds `body`.
fn fresh(rel: &str, start: &str, end: &str, body: &str) -> bool {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let text = std::fs::read_to_string(&path).expect("a doc of the repository");
    let from = text.find(start).expect("the start marker") + start.len();
    let to = from + text[from..].find(end).expect("the end marker");
    if &text[from..to] == body {
        return true;
    }
    if std::env::var_os("FVNOTE_BLESS").is_some() {
        let new = format!("{}{body}{}", &text[..from], &text[to..]);
        std::fs::write(&path, new).expect("the doc is writable");
        return true;
    }
    false
}

/// The docs that list the variants are the registry's lists: adding a
/// variant is `FVNOTE_BLESS=1 cargo test --test suite variant_registry`,
/// not an edit by hand (ARCHITECTURE.md, "How to add a variant").
#[test]
fn docs_list_every_registered_variant() {
    let table = pgn_md_table();
    assert!(
        fresh("notation/pgn.md", "<!-- variants -->\n", "<!-- /variants -->", &table),
        "notation/pgn.md's variant table is stale: run FVNOTE_BLESS=1 cargo test --test suite variant_registry"
    );
    let mut ids: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("            \"{}\",\n", v.id()))
        .collect();
    ids.push("            null\n          ".to_owned());
    assert!(
        fresh(
            "notation/record.schema.json",
            "\"description\": \"Derived: the variant identifier, null when the Variant tag names no known variant.\",\n          \"enum\": [\n",
            "]",
            &ids.concat()
        ),
        "notation/record.schema.json's variant enum is stale: run FVNOTE_BLESS=1 cargo test --test suite variant_registry"
    );
}
