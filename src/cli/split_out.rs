//! `validate --valid-out FILE --invalid-out FILE`: the inputs' games sorted
//! into two files by their verdict, each game byte for byte as read
//! ([`crate::record::split`]), each file written atomically.

use std::path::{Path, PathBuf};

use super::encoding_args::EncodingArgs;
use super::CliError;
use crate::record::io::write_atomic;
use crate::record::select::Selection;
use crate::record::split::by_validity;
use crate::record::validate::ValidateOptions;

/// Refuses what cannot be split: standard input (read once, for the
/// report) and an output that is one of the inputs.
pub fn check(inputs: &[PathBuf], stdin: bool, outs: &[&Path]) -> Result<(), CliError> {
    if stdin {
        return Err(CliError::usage(
            "--valid-out/--invalid-out read the inputs again after checking them: give files, not standard input",
        ));
    }
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    for out in outs {
        if inputs.iter().any(|i| same(i, out)) {
            return Err(CliError::usage(format!(
                "{} is an input: --valid-out/--invalid-out never overwrite an input",
                out.display()
            )));
        }
    }
    Ok(())
}

/// Writes the valid and the invalid games of `inputs`, in order.
pub fn write(
    inputs: &[PathBuf],
    opts: &ValidateOptions,
    encoding: EncodingArgs,
    selection: &dyn Fn(&Path) -> Selection,
    valid_out: Option<&Path>,
    invalid_out: Option<&Path>,
) -> Result<(), CliError> {
    let (mut valid, mut invalid) = (Vec::new(), Vec::new());
    for p in inputs {
        let name = p.display().to_string();
        let bytes = std::fs::read(p).map_err(|e| CliError::io(&name, e))?;
        let (v, i) = by_validity(&encoding.bytes(&bytes, &name), opts, &selection(p));
        valid.extend(v);
        invalid.extend(i);
    }
    for (path, bytes) in [(valid_out, valid), (invalid_out, invalid)] {
        if let Some(path) = path {
            write_atomic(path, &bytes).map_err(|e| CliError::io(&path.display().to_string(), e))?;
        }
    }
    Ok(())
}
