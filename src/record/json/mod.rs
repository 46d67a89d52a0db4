//! The JSON form of a record (`notation/json.md`, schema
//! `notation/record.schema.json`): its types, written once ([`schema`]),
//! the reader that drives the pipeline like PGN does ([`read`]), and the
//! writer of games as they are read ([`write`](mod@write); what each move
//! played, for its derived fields, comes from the replay:
//! [`facts`](crate::record::replay::facts)).
//!
//! ```
//! use fvnote::notation::pgn::read_all;
//! use fvnote::record::convert::{convert_record, ConvertOptions, Target};
//! use fvnote::record::json::read::read_records;
//! let record = read_all(b"1. e4 {best} (1. d4) e5 2. Nf3 $1 *\n").remove(0).unwrap();
//! let opts = ConvertOptions { to: Target::Jsonl, json: Default::default(), fix_result: false };
//! let json = convert_record(&record, &opts).unwrap();
//! assert!(String::from_utf8_lossy(&json).contains(r#""from":"e2","to":"e4""#));
//! let back = read_records(&json).unwrap();
//! assert_eq!(fvnote::notation::pgn::to_string(&back[0]), fvnote::notation::pgn::to_string(&record));
//! ```

mod frame;
mod laid;
pub mod read;
pub mod schema;
mod visit;
pub mod write;
