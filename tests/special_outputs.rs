//! Outputs that name a descriptor or a special file are written in place,
//! never resolved and replaced (issue 46; README "What fvnote does to your
//! files"): `-o /dev/stdout` (also `/dev/stderr`, `/dev/fd/N`,
//! `/proc/self/fd/N`) writes into the descriptor the shell set up, so
//! `>>` appends and what the shell wrote around it stays; `-o out.txt >>
//! out.txt` appends; a pipe and a socket are written into.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command as Std, Stdio};
use std::time::{Duration, Instant};

use crate::cli::{self, fvnote};

const GAME: &str = "1.e4 e5 2.Nf3 *\n";

/// Every command that writes a file with an option, `{}` standing for
/// the path.
const COMMANDS: [&[&str]; 4] = [
    &["convert", "--to", "jsonl", "-o", "{}", "a.pgn"],
    &["gen", "chess", "2", "-o", "{}"],
    &["html", "a.pgn", "-o", "{}"],
    &["show", "a.pgn", "--svg", "{}"],
];

/// The paths that name standard output.
const STDOUT_NAMES: [&str; 3] = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"];

fn args(command: &[&str], path: &str) -> Vec<String> {
    command
        .iter()
        .map(|a| if *a == "{}" { path } else { a }.to_owned())
        .collect()
}

/// A directory with `a.pgn`.
fn dir_with_game() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pgn"), GAME).unwrap();
    dir
}

/// What `command` writes to standard output and to its file, one after
/// the other, written to a regular file of its own.
fn expected(command: &[&str], dir: &Path) -> Vec<u8> {
    let file = dir.join("reference.out");
    let out = fvnote()
        .args(args(command, &file.display().to_string()))
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", cli::render(&out));
    let mut bytes = out.stdout;
    bytes.extend(std::fs::read(&file).unwrap());
    std::fs::remove_file(&file).unwrap();
    bytes
}

/// Runs a shell script in `dir` with `$F` the binary, `$A` the command's
/// arguments (none holds a space); bounded by a timeout.
fn sh(script: &str, command: &[&str], path: &str, dir: &Path) -> std::process::Output {
    let mut c = Std::new("sh");
    cli::clean_env(&mut c)
        .arg("-c")
        .arg(script)
        .env("F", cli::bin())
        .env("A", args(command, path).join(" "))
        .current_dir(dir);
    assert_cmd::Command::from_std(c)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap()
}

fn succeeded(out: &std::process::Output, what: &str) {
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{what}: {}",
        cli::render(out)
    );
}

/// The names in `dir` other than `a.pgn` and those given: a temporary
/// file left, or a file made by resolving a descriptor's name.
fn leftovers(dir: &Path, expected: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "a.pgn" && !expected.contains(&n.as_str()))
        .collect();
    v.sort();
    v
}

#[test]
fn standard_output_opened_with_append_is_appended_to() {
    let dir = dir_with_game();
    let out = dir.path().join("out.txt");
    for command in COMMANDS {
        let want = expected(command, dir.path());
        for name in STDOUT_NAMES {
            std::fs::write(&out, "kept\n").unwrap();
            let run = sh(r#"exec "$F" $A >> out.txt"#, command, name, dir.path());
            succeeded(&run, &format!("{command:?} {name}"));
            let mut whole = b"kept\n".to_vec();
            whole.extend(&want);
            assert_eq!(
                String::from_utf8_lossy(&std::fs::read(&out).unwrap()),
                String::from_utf8_lossy(&whole),
                "{command:?} -o {name} >> out.txt: what out.txt held is lost"
            );
        }
    }
    assert_eq!(leftovers(dir.path(), &["out.txt"]), Vec::<String>::new());
}

#[test]
fn what_the_shell_writes_around_the_output_stays() {
    let dir = dir_with_game();
    let f = dir.path().join("f");
    for command in COMMANDS {
        let want = expected(command, dir.path());
        let run = sh(
            r#"{ echo header; "$F" $A; echo footer; } > f"#,
            command,
            "/dev/stdout",
            dir.path(),
        );
        succeeded(&run, &format!("{command:?}"));
        let mut whole = b"header\n".to_vec();
        whole.extend(&want);
        whole.extend(b"footer\n");
        assert_eq!(
            String::from_utf8_lossy(&std::fs::read(&f).unwrap()),
            String::from_utf8_lossy(&whole),
            "{command:?} -o /dev/stdout between two echos"
        );
    }
}

#[test]
fn standard_output_and_error_that_are_pipes_are_written_into() {
    let dir = dir_with_game();
    for command in COMMANDS {
        let want = expected(command, dir.path());
        for name in STDOUT_NAMES {
            let out = fvnote()
                .args(args(command, name))
                .current_dir(dir.path())
                .output()
                .unwrap();
            succeeded(&out, &format!("{command:?} -o {name} into a pipe"));
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&want),
                "{command:?} -o {name}"
            );
        }
        let out = fvnote()
            .args(args(command, "/dev/stderr"))
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", cli::render(&out));
        let mut both = out.stdout;
        both.extend(out.stderr);
        assert_eq!(
            String::from_utf8_lossy(&both),
            String::from_utf8_lossy(&want),
            "{command:?} -o /dev/stderr"
        );
    }
    assert_eq!(leftovers(dir.path(), &[]), Vec::<String>::new());
}

#[test]
fn the_file_open_as_standard_output_is_appended_to_not_replaced() {
    let dir = dir_with_game();
    let gen: &[&str] = &["gen", "chess", "2", "-o", "{}"];
    let want = String::from_utf8(expected(gen, dir.path())).unwrap();
    let scripts = [
        // The same file as standard output, or error, by its own name.
        r#"exec "$F" $A >> out.txt"#,
        r#"exec "$F" $A 2>> out.txt"#,
        // A descriptor of its own, opened to append.
        r#"exec "$F" gen chess 2 -o /dev/fd/3 3>> out.txt"#,
    ];
    for script in scripts {
        std::fs::write(dir.path().join("out.txt"), "kept\n").unwrap();
        let run = sh(script, gen, "out.txt", dir.path());
        succeeded(&run, script);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("out.txt")).unwrap(),
            format!("kept\n{want}"),
            "{script}"
        );
    }
    // A descriptor opened without append: the shell's next write comes
    // after ours (one offset, shared).
    let run = sh(
        r#"{ echo header >&3; "$F" gen chess 2 -o /proc/self/fd/3; echo footer >&3; } 3> out.txt"#,
        gen,
        "",
        dir.path(),
    );
    succeeded(&run, "3>");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("out.txt")).unwrap(),
        format!("header\n{want}footer\n")
    );
    assert_eq!(leftovers(dir.path(), &["out.txt"]), Vec::<String>::new());
}

#[test]
fn a_descriptor_that_is_not_open_is_an_error_that_names_it() {
    let dir = dir_with_game();
    let out = fvnote()
        .args(["gen", "chess", "1", "-o", "/dev/fd/9"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", cli::render(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("/dev/fd/9") && err.contains("descriptor 9 is not open"),
        "{err}"
    );
    assert_eq!(leftovers(dir.path(), &[]), Vec::<String>::new());
}

#[test]
fn a_pipe_closed_by_its_reader_ends_the_run_quietly() {
    let mut child = cli::fvnote_std()
        .args(["gen", "chess", "100000000", "-o", "/dev/stdout"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "[Event \"fvnote gen\"]\n");
    // The reader is gone (`| head -1`).
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("still writing a minute after its reader went away");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!((status.code(), err.as_str()), (Some(0), ""));
}

#[test]
fn a_socket_is_connected_to_and_written_into() {
    let dir = dir_with_game();
    let gen: &[&str] = &["gen", "chess", "2", "-o", "{}"];
    let want = String::from_utf8(expected(gen, dir.path())).unwrap();
    let sock = dir.path().join("sock");
    let listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
    let reader = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut s = String::new();
        stream.read_to_string(&mut s).unwrap();
        s
    });
    let out = fvnote()
        .args(args(gen, "sock"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    succeeded(&out, "-o SOCKET");
    assert_eq!(reader.join().unwrap(), want);
    assert_eq!(leftovers(dir.path(), &["sock"]), Vec::<String>::new());
}

/// A PGN archive of about 700 kB, not canonical: more than a write
/// buffer, so its rewrite is written while it is still being read.
fn big_messy(dir: &Path) -> String {
    let game = "[Event \"x\"]\n\n1.e4 e5 2.Ng1-f3 Nc6 *\n\n";
    let text = game.repeat(20_000);
    std::fs::write(dir.join("big.pgn"), &text).unwrap();
    text
}

#[test]
fn a_file_being_read_is_replaced_or_refused_never_appended_to_without_end() {
    let dir = dir_with_game();
    let d = dir.path();
    let tidy_game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    // Rewritten in place while standard output appends to it: the
    // rewrite replaces the file (its output line goes with the old one).
    for script in [
        r#"exec "$F" fmt big.pgn >> big.pgn"#,
        r#"exec "$F" convert --to pgn --in-place big.pgn >> big.pgn"#,
    ] {
        big_messy(d);
        let run = sh(script, &[], "", d);
        assert!(run.status.success(), "{script}: {}", cli::render(&run));
        let now = std::fs::read_to_string(d.join("big.pgn")).unwrap();
        assert!(
            now == tidy_game.repeat(20_000),
            "{script}: {} bytes, expected the archive rewritten",
            now.len()
        );
    }
    // Read from standard input and written by a descriptor's name into
    // the same file: refused, the file as it was.
    let text = big_messy(d);
    let script = r#"exec "$F" convert --to jsonl -o /dev/stdout < big.pgn >> big.pgn"#;
    let run = sh(script, &[], "", d);
    assert_eq!(run.status.code(), Some(2), "{}", cli::render(&run));
    assert_eq!(
        String::from_utf8_lossy(&run.stderr),
        "error: /dev/stdout: names a file this run is reading; writing into it while reading \
         it would never end, so nothing is written (expected an output that is not an input)\n"
    );
    assert_eq!(std::fs::read_to_string(d.join("big.pgn")).unwrap(), text);
    assert_eq!(leftovers(d, &["big.pgn"]), Vec::<String>::new());
}
