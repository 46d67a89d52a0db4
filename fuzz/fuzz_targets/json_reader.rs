//! The streaming JSON reader against serde reading the text whole: the same
//! games or the same first error (message, line, column), through a one-byte
//! buffer and a large one; each game's span covers its text. The oracle is
//! the one `tests/json_reader.rs` uses.
#![no_main]

#[path = "../../tests/common/json_oracle.rs"]
mod json_oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| json_oracle::assert_same(data, &[1, 4096]));
