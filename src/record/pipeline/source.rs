//! Where games come from: the inputs named on the command line (files,
//! directories walked by the one walker, standard input, `FILE:N-M`),
//! opened and decoded (`--encoding`), and their record syntax told.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use crate::fs::compressed::{self, decompressed};
use crate::fs::{walk, ReadAhead, WalkEvent, WalkOptions};
use crate::notation::encoding::{decode, detect, is_utf8, DecodeReader, Encoding};
use crate::record::gamecourier::ListSetup;
use crate::record::pipeline::select::split_path;
use crate::record::pipeline::Failure;

/// Where an input's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A file.
    File(PathBuf),
    /// Standard input.
    Stdin,
}

/// One input: its name in reports, where it is, and the games chosen from
/// it by number (`FILE:N-M`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The name reports use (`<stdin>` for standard input).
    pub name: String,
    /// Where it is.
    pub origin: Origin,
    /// Game numbers chosen (`None`: every game).
    pub games: Option<RangeInclusive<usize>>,
}

impl Input {
    /// A file, every game.
    pub fn file(path: impl Into<PathBuf>) -> Input {
        let path = path.into();
        Input {
            name: path.display().to_string(),
            origin: Origin::File(path),
            games: None,
        }
    }

    /// Standard input, every game.
    pub fn stdin() -> Input {
        Input {
            name: "<stdin>".into(),
            origin: Origin::Stdin,
            games: None,
        }
    }

    /// The file's path (`None` for standard input).
    pub fn path(&self) -> Option<&Path> {
        match &self.origin {
            Origin::File(p) => Some(p),
            Origin::Stdin => None,
        }
    }
}

/// The record syntax of an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// PGN archives.
    Pgn,
    /// The JSON form (an array, one object, or JSON Lines).
    Json,
    /// A Game Courier move list, one game, read by these rules.
    GameCourier(ListSetup),
}

impl Syntax {
    /// The syntax's name in messages.
    pub fn name(&self) -> &'static str {
        match self {
            Syntax::Pgn => "PGN",
            Syntax::Json => "JSON",
            Syntax::GameCourier(_) => "Game Courier",
        }
    }
}

/// How bytes become text (`--encoding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Decoding {
    /// UTF-8, as read (the default: a byte that is not is a finding).
    #[default]
    Utf8,
    /// This 8-bit encoding, decoded to UTF-8.
    Named(Encoding),
    /// UTF-8 when the bytes are, else Windows-1252 (said on stderr).
    Auto,
}

impl Decoding {
    /// The encoding `auto` chose for `name`, said on stderr.
    fn detected(enc: Encoding, name: &str) -> Encoding {
        if enc != Encoding::Utf8 {
            eprintln!(
                "note: {name} is not UTF-8; read as {} (--encoding auto)",
                enc.name()
            );
        }
        enc
    }

    /// `r` decoded to UTF-8 (`auto` reads it whole to decide).
    pub fn reader<'a>(self, mut r: impl Read + 'a, name: &str) -> io::Result<Box<dyn Read + 'a>> {
        Ok(match self {
            Decoding::Utf8 | Decoding::Named(Encoding::Utf8) => Box::new(r),
            Decoding::Named(e) => Box::new(DecodeReader::new(r, e)),
            Decoding::Auto => {
                let mut all = Vec::new();
                r.read_to_end(&mut all)?;
                let enc = Self::detected(detect(&all), name);
                Box::new(io::Cursor::new(decode(&all, enc).into_owned()))
            }
        })
    }

    /// The file at `path`, decompressed and decoded (`auto` reads it once
    /// first to decide).
    pub fn open(self, path: &Path, name: &str) -> io::Result<Box<dyn Read>> {
        let input = Input {
            name: name.to_owned(),
            ..Input::file(path)
        };
        Ok(Box::new(open(&input, self)?))
    }

    /// `bytes` decoded.
    pub fn bytes<'a>(self, bytes: &'a [u8], name: &str) -> std::borrow::Cow<'a, [u8]> {
        let enc = match self {
            Decoding::Utf8 => Encoding::Utf8,
            Decoding::Named(e) => e,
            Decoding::Auto => Self::detected(detect(bytes), name),
        };
        decode(bytes, enc)
    }
}

/// An input's bytes as stored, buffered, then decompressed when its first
/// bytes say it is compressed (gzip, bzip2, xz, zstd: see
/// [`crate::fs::compressed`]).
pub fn raw(input: &Input) -> io::Result<Box<dyn BufRead + Send>> {
    let stored: Box<dyn BufRead + Send> = match &input.origin {
        Origin::Stdin => Box::new(ReadAhead::stdin()),
        Origin::File(p) => Box::new(BufReader::with_capacity(1 << 16, File::open(p)?)),
    };
    Ok(decompressed(stored, &input.name)?.1)
}

/// An input opened, decompressed, decoded, and buffered.
pub fn open(input: &Input, decoding: Decoding) -> io::Result<Box<dyn BufRead>> {
    let name = &input.name;
    let enc = match (decoding, &input.origin) {
        (Decoding::Utf8, _) => Encoding::Utf8,
        (Decoding::Named(e), _) => e,
        // A file is read twice, once to decide: memory stays bounded.
        (Decoding::Auto, Origin::File(_)) => match is_utf8(raw(input)?)? {
            true => Decoding::detected(Encoding::Utf8, name),
            false => Decoding::detected(Encoding::Cp1252, name),
        },
        (Decoding::Auto, Origin::Stdin) => {
            let read = Decoding::Auto.reader(raw(input)?, name)?;
            return Ok(Box::new(BufReader::with_capacity(1 << 16, read)));
        }
    };
    let bytes = raw(input)?;
    Ok(match enc {
        Encoding::Utf8 => Box::new(bytes),
        enc => Box::new(BufReader::with_capacity(
            1 << 16,
            DecodeReader::new(bytes, enc),
        )),
    })
}

/// Why `input` may not be rewritten in place: it is compressed, and a
/// rewrite would put plain text where the compressed archive was (`None`:
/// it may be, as far as its compression goes).
pub fn refuse_rewrite(input: &Input) -> Option<String> {
    let path = input.path()?;
    let kind = compressed::of_file(path).ok()??;
    Some(format!(
        "{} is {}-compressed, and rewriting it in place would put plain text in its stead; \
         refusing (decompress it first, or write elsewhere with -o FILE)",
        input.name,
        kind.name()
    ))
}

/// Whether text that starts with `head` is the JSON form: its first
/// non-space byte is `[` followed by `{` or `]`, or `{` followed by `"` or
/// `}`. PGN may also start with `[` (a tag) or `{` (a comment), never so.
pub fn is_json(head: &[u8]) -> bool {
    let mut it = head.iter().copied().filter(|b| !b.is_ascii_whitespace());
    matches!(
        (it.next(), it.next()),
        (Some(b'['), Some(b'{' | b']')) | (Some(b'{'), Some(b'"' | b'}'))
    )
}

/// Bytes read at most to tell JSON by its start.
const SNIFF: usize = 1 << 20;

/// Tells `reader`'s syntax, PGN or JSON, from its first bytes (given back
/// in front of the rest).
pub fn sniff(reader: Box<dyn BufRead>) -> io::Result<(Syntax, Box<dyn BufRead>)> {
    let (syntax, reader) = sniff_any(reader)?;
    Ok((syntax, Box::new(reader)))
}

/// A reader whose first bytes were read to tell its syntax, given back in
/// front of the rest.
pub type Sniffed<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// [`sniff`] for any reader (one that must stay `Send`, say).
pub fn sniff_any<R: BufRead>(mut reader: R) -> io::Result<(Syntax, Sniffed<R>)> {
    let mut head: Vec<u8> = Vec::new();
    while head.iter().filter(|b| !b.is_ascii_whitespace()).count() < 2 && head.len() < SNIFF {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let n = buf.len().min(SNIFF - head.len());
        head.extend_from_slice(&buf[..n]);
        reader.consume(n);
    }
    let syntax = if is_json(&head) {
        Syntax::Json
    } else {
        Syntax::Pgn
    };
    Ok((syntax, io::Cursor::new(head).chain(reader)))
}

/// The syntax of the file at `path`, PGN or JSON, told by its first bytes
/// (decompressed).
pub fn sniff_file(path: &Path) -> io::Result<Syntax> {
    let mut head = Vec::new();
    raw(&Input::file(path))?
        .take(SNIFF as u64)
        .read_to_end(&mut head)?;
    Ok(match is_json(&head) {
        true => Syntax::Json,
        false => Syntax::Pgn,
    })
}

/// The inputs of a run, and what could not be read while finding them.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    /// The inputs, in order.
    pub list: Vec<Input>,
    /// Entries of directories that could not be read (the run reports
    /// them and fails).
    pub failures: Vec<Failure>,
}

/// Why the arguments name no inputs that can be read as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

/// The inputs `args` name: files as given, directories walked for files
/// with one of `extensions` (the one walker, `crate::fs::walk`), `-` for
/// standard input, `FILE:N-M` for games of a file (`-:N-M` of standard
/// input); no argument reads standard input.
pub fn gather(
    args: &[String],
    extensions: &[&str],
    walk_opts: &WalkOptions,
) -> Result<Inputs, Refused> {
    let mut inputs = Inputs::default();
    if args.is_empty() {
        inputs.list.push(Input::stdin());
        return Ok(inputs);
    }
    let mut stdin_seen = false;
    for arg in args {
        // One look at each path tells whether it exists (`FILE:N` or a
        // name with a colon) and whether it is a directory: the directories
        // it found, by path. A path it settles on without having found it
        // (a name that does not exist) is no directory.
        let mut dirs = Vec::new();
        let exists = |p: &str| match std::fs::metadata(p) {
            Ok(m) => {
                if m.is_dir() {
                    dirs.push(p.to_owned());
                }
                true
            }
            Err(_) => false,
        };
        let (file, games) = split_path(arg, exists).map_err(Refused)?;
        if file == "-" {
            if std::mem::replace(&mut stdin_seen, true) {
                return Err(Refused("standard input ('-') given twice".into()));
            }
            inputs.list.push(Input {
                games,
                ..Input::stdin()
            });
            continue;
        }
        let path = PathBuf::from(&file);
        let is_dir = dirs.contains(&file);
        if games.is_some() && is_dir {
            return Err(Refused(format!(
                "{file}: games are chosen by number in a file, not a directory"
            )));
        }
        if !is_dir {
            inputs.list.push(Input {
                games,
                ..Input::file(path)
            });
            continue;
        }
        for event in walk(std::slice::from_ref(&path), extensions, walk_opts) {
            match event {
                WalkEvent::File(p) => inputs.list.push(Input {
                    games: games.clone(),
                    ..Input::file(p)
                }),
                WalkEvent::Skipped { path, reason } => {
                    eprintln!("note: {}: {reason}", path.display());
                }
                WalkEvent::Error { path, error } => inputs.failures.push(Failure::whole(
                    path.display().to_string(),
                    error.to_string(),
                )),
            }
        }
    }
    Ok(inputs)
}
