//! Compressed archives (gzip, bzip2, xz, zstd) read directly by every
//! reading command, told by their magic bytes whatever their name, in
//! directory walks and on standard input; a damaged or cut stream is a
//! located failure, never a shorter valid archive; rewriting one in place
//! is refused.
use std::io::Write;
use std::path::{Path, PathBuf};

use predicates::prelude::*;

use crate::cli;
use cli::fvnote;

#[derive(Clone, Copy, Debug)]
enum Kind {
    Gzip,
    Bzip2,
    Xz,
    Zstd,
}

const ALL: [Kind; 4] = [Kind::Gzip, Kind::Bzip2, Kind::Xz, Kind::Zstd];

impl Kind {
    fn ext(self) -> &'static str {
        match self {
            Kind::Gzip => "gz",
            Kind::Bzip2 => "bz2",
            Kind::Xz => "xz",
            Kind::Zstd => "zst",
        }
    }
    fn name(self) -> &'static str {
        match self {
            Kind::Gzip => "gzip",
            Kind::Bzip2 => "bzip2",
            Kind::Xz => "xz",
            Kind::Zstd => "zstd",
        }
    }
}

fn compress(kind: Kind, text: &[u8]) -> Vec<u8> {
    match kind {
        Kind::Gzip => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        Kind::Bzip2 => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        Kind::Xz => {
            let mut e = liblzma::write::XzEncoder::new(Vec::new(), 1);
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
        Kind::Zstd => {
            // With its checksum, as the zstd command writes it.
            let mut e = zstd::stream::Encoder::new(Vec::new(), 1).unwrap();
            e.include_checksum(true).unwrap();
            e.write_all(text).unwrap();
            e.finish().unwrap()
        }
    }
}

/// `n` games, each finished, the second of every ten illegal (`Ke3`).
fn archive(n: usize) -> Vec<u8> {
    let mut text = String::new();
    for i in 1..=n {
        let (moves, result) = match i % 10 {
            2 => ("1. e4 e5 2. Ke3 Nc6", "*"),
            _ => ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "1/2-1/2"),
        };
        text.push_str(&format!(
            "[Event \"E{i}\"]\n[White \"W{i}\"]\n[Black \"B{i}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n\n"
        ));
    }
    text.into_bytes()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&p, bytes).unwrap();
    p
}

/// A run's exit code and validate's summary line (`checked …`).
fn summary(args: &[&str], stdin: Option<Vec<u8>>) -> (i32, String) {
    let mut cmd = fvnote();
    cmd.args(args);
    if let Some(b) = stdin {
        cmd.write_stdin(b);
    }
    let out = cmd.output().unwrap();
    let all = [out.stdout, out.stderr].concat();
    let all = String::from_utf8_lossy(&all);
    let line = all.lines().find(|l| l.starts_with("checked "));
    (
        out.status.code().unwrap_or(-1),
        line.unwrap_or("").to_owned(),
    )
}

#[test]
fn each_compression_validates_as_the_plain_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = archive(300);
    let plain = write(dir.path(), "a.pgn", &text);
    let want = summary(&["validate", plain.to_str().unwrap()], None);
    assert_eq!(
        want,
        (
            1,
            "checked 300 games in 1 file: 270 valid, 30 invalid, 300 warnings".into()
        )
    );
    for kind in ALL {
        let name = format!("a.pgn.{}", kind.ext());
        let p = write(dir.path(), &name, &compress(kind, &text));
        assert_eq!(
            summary(&["validate", p.to_str().unwrap()], None),
            want,
            "{kind:?}"
        );
        // Standard input, told by its bytes alone.
        assert_eq!(
            summary(&["validate", "-"], Some(compress(kind, &text))),
            want,
            "{kind:?} on stdin"
        );
    }
}

#[test]
fn magic_bytes_not_the_name_tell_a_compressed_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = archive(20);
    // zstd bytes named .pgn, gzip bytes named .txt.
    let a = write(dir.path(), "zstd-inside.pgn", &compress(Kind::Zstd, &text));
    let b = write(dir.path(), "gzip.txt", &compress(Kind::Gzip, &text));
    // A plain file named .gz is read as the plain text it is.
    let c = write(dir.path(), "plain.pgn.gz", &text);
    for p in [a, b, c] {
        assert_eq!(
            summary(&["validate", p.to_str().unwrap()], None),
            (
                1,
                "checked 20 games in 1 file: 18 valid, 2 invalid, 20 warnings".into()
            ),
            "{}",
            p.display()
        );
    }
}

#[test]
fn a_directory_of_compressed_and_plain_files() {
    let dir = tempfile::tempdir().unwrap();
    let text = archive(10);
    write(dir.path(), "a.pgn", &text);
    write(dir.path(), "b.pgn.gz", &compress(Kind::Gzip, &text));
    write(dir.path(), "sub/c.pgn.zst", &compress(Kind::Zstd, &text));
    write(dir.path(), "sub/d.PGN.XZ", &compress(Kind::Xz, &text));
    write(dir.path(), "e.pgn.bz2", &compress(Kind::Bzip2, &text));
    // Not archives by their names: left out of the walk.
    write(
        dir.path(),
        "notes.txt.gz",
        &compress(Kind::Gzip, b"not a game"),
    );
    write(dir.path(), "f.gz", &compress(Kind::Gzip, &text));
    let d = dir.path().to_str().unwrap();
    assert_eq!(
        summary(&["validate", d], None),
        (
            1,
            "checked 50 games in 5 files: 45 valid, 5 invalid, 50 warnings".into()
        )
    );
    // convert walks the same way.
    let out = fvnote()
        .args(["convert", "--to", "jsonl", d])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 50);
}

#[test]
fn a_cut_stream_is_a_located_failure_not_a_shorter_archive() {
    let dir = tempfile::tempdir().unwrap();
    let text = archive(20_000);
    for kind in ALL {
        let c = compress(kind, &text);
        let name = format!("cut.pgn.{}", kind.ext());
        let p = write(dir.path(), &name, &c[..c.len() * 2 / 3]);
        let out = fvnote()
            .args(["validate", "--format", "json", p.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{kind:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let said = format!("error: {}: {} stream cut short", p.display(), kind.name());
        assert!(stderr.contains(&said), "{kind:?}: {stderr}");
        assert!(stderr.contains("compressed byte"), "{stderr}");
        // The games before the cut were checked, fewer than all.
        let stdout = String::from_utf8_lossy(&out.stdout);
        let games = stdout.matches("\"game\":").count();
        assert!(games < 20_000, "{kind:?}: {games}");
        assert!(stdout.contains("\"io_error\""), "{stdout}");
    }
    // Cut at a game's end in the text: still a failure.
    let whole = compress(Kind::Gzip, &text);
    let p = write(dir.path(), "cut-trailer.pgn.gz", &whole[..whole.len() - 4]);
    let (code, last) = summary(&["validate", p.to_str().unwrap()], None);
    assert_eq!(code, 2);
    assert!(last.ends_with("1 input could not be read"), "{last}");
}

#[test]
fn a_damaged_stream_is_a_located_failure() {
    let dir = tempfile::tempdir().unwrap();
    let text = archive(20_000);
    let mut c = compress(Kind::Gzip, &text);
    let mid = c.len() / 2;
    for b in &mut c[mid..mid + 64] {
        *b ^= 0x5a;
    }
    let p = write(dir.path(), "bad.pgn.gz", &c);
    for args in [
        vec!["validate", p.to_str().unwrap()],
        vec!["convert", "--to", "jsonl", p.to_str().unwrap()],
    ] {
        let out = fvnote().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("{}: gzip stream damaged", p.display()))
                && stderr.contains("the decompressor stopped at compressed byte"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn every_reading_command_reads_a_compressed_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = archive(3);
    let plain = write(dir.path(), "a.pgn", &text);
    let xz = write(dir.path(), "a.pgn.xz", &compress(Kind::Xz, &text));
    let (plain, xz) = (plain.to_str().unwrap(), xz.to_str().unwrap());
    let runs: Vec<Vec<String>> = vec![
        vec!["convert".into(), "--to".into(), "json".into()],
        vec!["show".into()],
        vec!["moves".into()],
        vec!["fmt".into(), "--check".into()],
        vec!["dedup".into()],
    ];
    for run in runs {
        let with = |p: &str| {
            let mut a = run.clone();
            a.push(match run[0].as_str() {
                "show" | "moves" => format!("{p}:3@2"),
                _ => p.to_owned(),
            });
            let out = fvnote().args(&a).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr).replace(p, "FILE");
            (out.status.code(), out.stdout, err)
        };
        assert_eq!(with(xz), with(plain), "{run:?}");
    }
    let out = fvnote()
        .args(["diff", &format!("{plain}:1@2"), &format!("{xz}:3@2")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn rewriting_a_compressed_file_in_place_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // Not canonical, so fmt would rewrite it.
    let text = b"1.e4 e5 *\n";
    let gz = compress(Kind::Gzip, text);
    let p = write(dir.path(), "a.pgn.gz", &gz);
    let ps = p.to_str().unwrap();
    let refusal = format!(
        "error: {ps} is gzip-compressed, and rewriting it in place would put plain text in its \
         stead; refusing (decompress it first, or write elsewhere with -o FILE)\n"
    );
    for args in [
        vec!["fmt", ps],
        vec!["convert", "--to", "pgn", "--in-place", ps],
        vec!["dedup", "--in-place", ps],
    ] {
        fvnote()
            .args(&args)
            .assert()
            .code(2)
            .stderr(refusal.clone());
        assert_eq!(std::fs::read(&p).unwrap(), gz, "{args:?}");
    }
    // Formatting standard input writes plain text to standard output, as
    // for the plain text.
    let plain = fvnote().args(["fmt", "-"]).write_stdin(&text[..]).output();
    fvnote()
        .args(["fmt", "-"])
        .write_stdin(gz.clone())
        .assert()
        .code(0)
        .stdout(String::from_utf8(plain.unwrap().stdout).unwrap());
    // Written elsewhere: plain text.
    let out = dir.path().join("out.pgn");
    fvnote()
        .args(["convert", "--to", "pgn", ps, "-o", out.to_str().unwrap()])
        .assert()
        .code(0);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "1. e4 e5 *\n\n");
}

#[test]
fn an_encoding_applies_to_the_decompressed_text() {
    let dir = tempfile::tempdir().unwrap();
    let text = b"[White \"M\xfcller\"]\n\n1. e4 *\n";
    let p = write(dir.path(), "l.pgn.zst", &compress(Kind::Zstd, text));
    for enc in ["latin1", "auto"] {
        fvnote()
            .args(["convert", "--to", "pgn", "--encoding", enc])
            .arg(&p)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("[White \"Müller\"]"));
    }
}
