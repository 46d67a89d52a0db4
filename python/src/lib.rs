//! The `fvnote` Python package's native module, `fvnote._fvnote`: a thin
//! layer over the `fvnote` library (positions, lazy game streams,
//! conversion, perft) and the command line itself.

mod errors;
mod games;
mod position;

use pyo3::prelude::*;

/// Runs the `fvnote` command on `argv` (the program name first) as the
/// binary does, and returns its exit status.
#[pyfunction]
fn run_cli(py: Python<'_>, argv: Vec<String>) -> u8 {
    py.detach(|| fvnote::cli::main_with_args(argv))
}

/// The number of leaf nodes of the legal move tree `depth` plies deep from
/// `fen` (or the start position) in `variant` (ruling G7).
#[pyfunction]
#[pyo3(signature = (depth, fen=None, variant="chess"))]
fn perft(py: Python<'_>, depth: u32, fen: Option<&str>, variant: &str) -> PyResult<u64> {
    let pos = position::PyPosition::py_new(py, fen, variant)?;
    position::perft_of(py, &pos.pos, depth)
}

/// The variants: (identifier, aliases, summary) each.
#[pyfunction]
fn variants() -> Vec<(&'static str, Vec<&'static str>, &'static str)> {
    fvnote::variant::Variant::ALL
        .iter()
        .map(|v| (v.id(), v.aliases().to_vec(), v.summary()))
        .collect()
}

/// The library's version.
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[pymodule]
fn _fvnote(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::PyMove>()?;
    m.add_class::<games::GameStream>()?;
    m.add_function(wrap_pyfunction!(games::convert, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    m.add("__version__", VERSION)?;
    Ok(())
}
