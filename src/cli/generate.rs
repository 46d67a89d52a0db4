//! Man pages and shell completions generated from the clap definitions.
//!
//! `fvnote generate-man DIR` writes `DIR/fvnote.1`, one `DIR/fvnote-CMD.1` a
//! subcommand, and `DIR/completions/{fvnote.bash,_fvnote,fvnote.fish}`. The
//! committed copies live in `man/`; a test fails when they are stale.

use std::path::Path;

use clap::CommandFactory;
use clap_complete::Shell;

use super::Cli;

/// Every generated file: (path relative to the output directory, contents).
pub fn generated_files() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    let mut cmd = Cli::command();
    cmd.build();
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut buf)?;
    files.push(("fvnote.1".to_owned(), buf));
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        let name = format!("fvnote-{}", sub.get_name());
        let mut buf = Vec::new();
        clap_mangen::Man::new(sub.clone())
            .title(name.clone())
            .render(&mut buf)?;
        files.push((format!("{name}.1"), buf));
    }
    for (shell, file) in [
        (Shell::Bash, "fvnote.bash"),
        (Shell::Zsh, "_fvnote"),
        (Shell::Fish, "fvnote.fish"),
    ] {
        let mut buf = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "fvnote", &mut buf);
        files.push((format!("completions/{file}"), buf));
    }
    Ok(files)
}

/// Writes every generated file under `dir`.
pub fn write_all(dir: &Path) -> std::io::Result<usize> {
    let files = generated_files()?;
    std::fs::create_dir_all(dir.join("completions"))?;
    for (rel, bytes) in &files {
        std::fs::write(dir.join(rel), bytes)?;
    }
    Ok(files.len())
}
