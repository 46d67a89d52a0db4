//! The JSON reader reads every text serde reads whole as games to the same
//! records, fails located on every other, and never panics
//! (`tests/common/json_oracle.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/json_oracle.rs"]
#[allow(dead_code)] // the tests use more of it
mod json_oracle;

fuzz_target!(|data: &[u8]| json_oracle::assert_same(data, &[1, 4096]));
