//! The integration tests, one module per file of `tests/`, built as one test
//! binary: building and linking one binary per file took most of the build.
//! `cargo test --test suite NAME::` runs one file's tests. The helpers are
//! declared once, here; the files `use crate::` them.
//! `tests/streaming.rs` stays its own binary: it sizes rayon's global pool.

// The JSON oracles each include `common/trickle.rs` themselves, as the fuzz
// targets that share them need.
#![allow(clippy::duplicate_mod)]

// Helpers shared by several files.
#[path = "common/agreement.rs"]
mod agreement;
#[path = "common/cli.rs"]
mod cli;
mod common;
#[path = "common/diff.rs"]
mod diff;
#[path = "common/gamecourier_oracle.rs"]
mod gamecourier_oracle;
#[path = "gc_lexer/reference.rs"]
mod gc_lexer_reference;
#[path = "common/json_oracle.rs"]
mod json_oracle;
#[path = "common/lossless.rs"]
mod lossless;
mod mailbox_fast;
#[path = "common/peer.rs"]
mod peer;
#[path = "common/quake_by_cells.rs"]
mod quake_by_cells;
#[path = "common/quake_layout.rs"]
mod quake_layout;
#[path = "common/reference.rs"]
mod reference;

// The test files.
mod adversarial;
mod bounded_reports;
mod bounds;
mod browser;
mod browser_diagrams;
mod browser_replay;
mod canonical_pgn;
mod caret_after_invalid_bytes;
mod cli_convert;
mod cli_diff;
mod cli_misc;
mod cli_validate;
mod compressed_inputs;
mod convert_describing;
mod convert_roundtrip;
mod convert_streaming;
mod correspondence;
mod damage_kinds;
mod dedup;
mod diff_identity;
mod docs_current;
mod encoding;
mod encoding_columns;
mod end_columns;
mod explain;
mod fast_chess;
mod fast_fault_line;
mod fast_masked;
mod fast_quake;
mod fast_quake_tokens;
mod fast_slide;
mod fast_variants;
mod fault_line;
mod fault_line_records;
mod fen_fit;
mod findings_documented;
mod fix_result;
mod fixture_diagnostics;
mod fixtures;
mod fl_permitted_fast;
mod fuzz_regressions;
mod gamecourier;
mod gamecourier_cli;
mod gamecourier_fast;
mod gamecourier_one_pass;
mod gamecourier_stream;
mod gc_lexer_diff;
mod gen;
mod github_action;
mod grid;
mod html;
mod json_annotations;
mod json_fields_kept;
mod json_form;
mod json_reader;
mod json_streaming;
mod kept_metadata;
mod layering;
mod man_pages;
mod messages;
mod no_silent_repair;
mod notation_examples;
mod null_moves;
mod one_verdict;
mod output_clashes;
mod peer_python_chess;
mod perft_chess;
mod perft_interrupt;
mod perft_peers;
mod pgn_reader;
mod pgn_writable;
mod polish;
mod pre_commit_hooks;
mod properties;
mod python_chess_pgns;
mod quake;
mod rank_and_file;
mod reading_args;
mod readme_examples;
mod refused_options;
mod render_cli;
mod render_docs;
mod render_svg;
mod replay;
mod replay_verdict;
mod report_columns;
mod report_conventions;
mod report_formats;
mod report_human;
mod roundtrip;
mod rulings_documented;
mod rulings_shown;
mod safe_writes;
mod san;
mod scope;
mod select;
mod slide;
mod special_outputs;
mod stdin_game_args;
mod strip;
mod suite_layout;
mod temp_locks;
mod trailing_comments;
mod valid_out_pairing;
mod variant_option;
mod variant_registry;
mod where_compare;
mod where_keeps_games_apart;
