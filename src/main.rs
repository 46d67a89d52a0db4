//! The `fvnote` binary: a thin shell over the library (see `fvnote::cli`).
fn main() -> std::process::ExitCode {
    fvnote::cli::main()
}
