//! The compact JSON form (`convert --compact`): what a reader can do without
//! is left out, so archives in JSON Lines stay a few times the PGN's size.
//!
//! Left out: every field that is null, an empty list or an empty object (but
//! a game's `tags` and `moves`, which the form requires), and
//! in each move what follows from the move and the position it is played
//! from: `canonical` where it equals `san`, `color`, `kind`, `piece` and
//! `move_number` (a writer numbers moves itself). The JSON readers take the
//! compact form as they take the full one.
//!
//! ```
//! use fvnote::record::json_compact::compact;
//! let full = serde_json::json!({"san": "e4", "canonical": "e4", "color": "white",
//!     "from": "e2", "nags": [], "check": null});
//! assert_eq!(compact(full), serde_json::json!({"san": "e4", "from": "e2"}));
//! ```

use serde_json::Value;

/// Move fields a reader derives from the move itself.
const DERIVED: [&str; 4] = ["color", "kind", "piece", "move_number"];

/// Fields a game must have, even empty.
const REQUIRED: [&str; 2] = ["tags", "moves"];

/// `v` in the compact form.
pub fn compact(v: Value) -> Value {
    match v {
        Value::Object(map) => {
            let is_move = map.contains_key("san");
            let same_as_san =
                map.get("canonical").is_some() && map.get("canonical") == map.get("san");
            let kept = map
                .into_iter()
                .filter(|(k, x)| {
                    let empty = match x {
                        Value::Null => true,
                        Value::Array(a) => a.is_empty(),
                        Value::Object(o) => o.is_empty(),
                        _ => false,
                    };
                    let derived = is_move
                        && (DERIVED.contains(&k.as_str()) || (k == "canonical" && same_as_san));
                    (!empty || REQUIRED.contains(&k.as_str())) && !derived
                })
                .map(|(k, x)| (k, compact(x)))
                .collect();
            Value::Object(kept)
        }
        Value::Array(a) => Value::Array(a.into_iter().map(compact).collect()),
        other => other,
    }
}
