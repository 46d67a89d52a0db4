//! `fvnote validate`: replay every game of PGN files and report what is wrong.
//!
//! Output goes to stdout in the chosen format. The summary line goes to stdout
//! for `--format human` (so a saved report is complete) and to stderr for the
//! machine formats (so stdout stays parseable). Exit 0 when every game is
//! valid, 1 when any is invalid, 2 on usage or I/O errors (after the rest of
//! the inputs were checked).

use std::cell::RefCell;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufReader, IsTerminal, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use rayon::prelude::*;

use super::encoding_args::{EncodingArgs, EncodingChoice};
use super::select_args::{chosen, SelectArgs};
use super::CliError;
use crate::record::replay::{Diagnostic, KEPT_DIAGNOSTICS};
use crate::record::select::Selection;
use crate::record::validate::{
    check_games, check_games_serial, line_around, Summary, ValidateOptions, Verdict,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// rustc-style diagnostics with the source line and a caret.
    Human,
    /// JSON Lines: one object per game.
    Json,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// JUnit XML: a testsuite per file, a testcase per game.
    Junit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// PGN files or directories (searched recursively for *.pgn); `-` or
    /// nothing reads standard input.
    pub paths: Vec<String>,
    /// Treat lenient notation (long algebraic, 0-0, e8Q …) as errors.
    #[arg(long)]
    pub strict: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Colour in human output (never when NO_COLOR is set).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Human output: also list every valid game.
    #[arg(long, short)]
    pub verbose: bool,
    #[command(flatten)]
    pub encoding: EncodingArgs,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Also write the valid games to FILE, each byte for byte as read
    /// (atomically; never an input; not with standard input).
    #[arg(long, value_name = "FILE")]
    pub valid_out: Option<PathBuf>,
    /// Also write the invalid games to FILE, as --valid-out does.
    #[arg(long, value_name = "FILE")]
    pub invalid_out: Option<PathBuf>,
}

/// One input: a file or standard input.
#[derive(Clone, Debug)]
enum Input {
    File(PathBuf),
    Stdin,
}

impl Input {
    fn name(&self) -> String {
        match self {
            Input::File(p) => p.display().to_string(),
            Input::Stdin => "<stdin>".into(),
        }
    }
}

/// Files under `dir` named `*.pgn`, sorted, without recursion on the stack.
fn walk(dir: &Path, out: &mut Vec<Input>, errors: &mut Vec<String>) {
    let mut stack = vec![dir.to_path_buf()];
    let mut found = Vec::new();
    while let Some(d) = stack.pop() {
        let entries = match std::fs::read_dir(&d) {
            Ok(e) => e,
            Err(e) => {
                errors.push(format!("{}: {e}", d.display()));
                continue;
            }
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    out.extend(found.into_iter().map(Input::File));
}

/// Bytes of standard input kept until their games are reported, so error
/// lines can be shown without reading all of stdin into memory.
#[derive(Default)]
struct Kept {
    base: u64,
    bytes: Vec<u8>,
}

impl Kept {
    /// Forgets bytes before the line that holds `offset`.
    fn trim_before(&mut self, offset: u64) {
        let Some(rel) = offset.checked_sub(self.base) else {
            return;
        };
        let rel = (rel as usize).min(self.bytes.len());
        let cut = self.bytes[..rel]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        self.bytes.drain(..cut);
        self.base += cut as u64;
    }
}

struct Tee<R> {
    inner: R,
    kept: Rc<RefCell<Kept>>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.kept
            .borrow_mut()
            .bytes
            .extend_from_slice(buf.get(..n).unwrap_or(&[]));
        Ok(n)
    }
}

/// Where source lines come from for the caret display.
enum Source {
    File(Option<File>),
    Kept(Rc<RefCell<Kept>>),
}

impl Source {
    /// The source line holding byte `offset`, and the offset of its start.
    fn line(&mut self, offset: u64) -> Option<(u64, String)> {
        match self {
            Source::File(f) => {
                let f = f.as_mut()?;
                const WINDOW: u64 = 4096;
                let from = offset.saturating_sub(WINDOW);
                f.seek(SeekFrom::Start(from)).ok()?;
                let mut buf = Vec::new();
                Read::by_ref(f)
                    .take(2 * WINDOW)
                    .read_to_end(&mut buf)
                    .ok()?;
                let (start, line) = line_around(&buf, (offset - from) as usize)?;
                Some((
                    from + start as u64,
                    String::from_utf8_lossy(line).into_owned(),
                ))
            }
            Source::Kept(k) => {
                let k = k.borrow();
                let rel = offset.checked_sub(k.base)? as usize;
                let (start, line) = line_around(&k.bytes, rel)?;
                Some((
                    k.base + start as u64,
                    String::from_utf8_lossy(line).into_owned(),
                ))
            }
        }
    }
}

struct Style {
    on: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }
}

/// Escapes a GitHub workflow-command message.
fn gh_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a GitHub workflow-command property value.
fn gh_prop(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// Escapes text for XML attributes and content; drops characters XML 1.0 forbids.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' | '\r' => out.push_str(&format!("&#{};", c as u32)),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// One line of `--format json`: the keys in sorted order, a diagnostic
/// with its span spelled out.
#[derive(serde::Serialize)]
struct JsonVerdict<'a> {
    black: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<JsonDiag<'a>>,
    file: &'a str,
    game: usize,
    line: u32,
    notes: Vec<JsonDiag<'a>>,
    /// Notes counted but not kept (only when some were).
    #[serde(skip_serializing_if = "is_zero")]
    notes_omitted: usize,
    plies: usize,
    valid: bool,
    variant: &'a str,
    warnings: Vec<JsonDiag<'a>>,
    /// Warnings counted but not kept (only when some were).
    #[serde(skip_serializing_if = "is_zero")]
    warnings_omitted: usize,
    white: Option<&'a str>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// What a verdict counted but did not keep, in words, if anything.
fn omitted_text(v: &Verdict) -> Option<String> {
    let more = |n: usize, one: &str, many: &str| {
        (n > 0).then(|| format!("{n} more {}", if n == 1 { one } else { many }))
    };
    let parts: Vec<String> = [
        more(v.omitted.warnings, "warning", "warnings"),
        more(v.omitted.notes, "note", "notes"),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| {
        format!(
            "{} not shown (validate shows the first {KEPT_DIAGNOSTICS} of a game)",
            parts.join(" and ")
        )
    })
}

#[derive(serde::Serialize)]
struct JsonDiag<'a> {
    column: u32,
    fen: Option<&'a str>,
    in_variation: bool,
    length: u32,
    line: u32,
    message: &'a str,
    offset: u64,
    ply: Option<usize>,
    ruling: Option<&'a str>,
    suggestions: &'a [String],
    /// Only on the error: whether it is a PGN syntax error.
    #[serde(skip_serializing_if = "Option::is_none")]
    syntax: Option<bool>,
    token: &'a str,
}

impl<'a> JsonDiag<'a> {
    fn new(d: &'a Diagnostic, syntax: Option<bool>) -> Self {
        JsonDiag {
            column: d.span.column,
            fen: d.fen.as_deref(),
            in_variation: d.in_variation,
            length: d.span.len,
            line: d.span.line,
            message: &d.message,
            offset: d.span.offset,
            ply: d.ply,
            ruling: d.ruling,
            suggestions: &d.suggestions,
            syntax,
            token: &d.token,
        }
    }
}

fn game_name(v: &Verdict) -> String {
    match (&v.white, &v.black) {
        (Some(w), Some(b)) => format!("game {} ({w} vs {b})", v.game),
        _ => format!("game {}", v.game),
    }
}

struct Emitter<'a> {
    out: &'a mut dyn Write,
    format: Format,
    style: Style,
    verbose: bool,
    file: String,
    source: Source,
    /// JUnit: the current file's test cases, and its counts.
    junit_cases: String,
    junit_games: usize,
    junit_failures: usize,
    /// JSON: one line is serialised here, then written at once (serde's
    /// many small writes through `dyn Write` cost more than the line).
    line: Vec<u8>,
}

impl Emitter<'_> {
    fn start_file(&mut self, name: String, source: Source) {
        self.file = name;
        self.source = source;
        self.junit_cases.clear();
        self.junit_games = 0;
        self.junit_failures = 0;
    }

    fn end_file(&mut self) -> std::io::Result<()> {
        if self.format == Format::Junit {
            writeln!(
                self.out,
                "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\">",
                xml(&self.file),
                self.junit_games,
                self.junit_failures
            )?;
            self.out.write_all(self.junit_cases.as_bytes())?;
            writeln!(self.out, "  </testsuite>")?;
        }
        Ok(())
    }

    fn game(&mut self, v: &Verdict) -> std::io::Result<()> {
        match self.format {
            Format::Human => self.human(v),
            Format::Json => self.json(v),
            Format::Github => self.github(v),
            Format::Junit => {
                self.junit(v);
                Ok(())
            }
        }
    }

    fn human_diag(&mut self, v: &Verdict, d: &Diagnostic, kind: &str) -> std::io::Result<()> {
        let color = match kind {
            "error" => "1;31",
            "warning" => "1;33",
            _ => "1;36",
        };
        let head = match d.ruling {
            Some(r) => format!("{kind}[{r}]"),
            None => kind.to_owned(),
        };
        let blue = |s: &str| self.style.paint("1;34", s);
        let mut text = String::new();
        let _ = writeln!(
            text,
            "{}{}",
            self.style.paint(color, &head),
            self.style.paint("1", &format!(": {}", d.message))
        );
        let lineno = d.span.line.to_string();
        let gutter = " ".repeat(lineno.len());
        let _ = writeln!(
            text,
            "{gutter}{} {}:{}:{}",
            blue("-->"),
            self.file,
            d.span.line,
            d.span.column
        );
        if let Some((start, line)) = self.source.line(d.span.offset) {
            let col = (d.span.column as usize).saturating_sub(1);
            let pad: String = line
                .chars()
                .take(col)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let from = (d.span.offset - start) as usize;
            let len = (d.span.len as usize).max(1);
            let width = line
                .get(from..)
                .map(|rest| {
                    let mut end = len.min(rest.len());
                    while end > 0 && !rest.is_char_boundary(end) {
                        end -= 1;
                    }
                    rest[..end].chars().count()
                })
                .unwrap_or(1)
                .max(1);
            let _ = writeln!(text, "{gutter} {}", blue("|"));
            let _ = writeln!(text, "{} {} {line}", blue(&lineno), blue("|"));
            let _ = writeln!(
                text,
                "{gutter} {} {pad}{}",
                blue("|"),
                self.style.paint(color, &"^".repeat(width))
            );
        }
        let eq = blue("=");
        let mut where_ = game_name(v);
        if let Some(p) = d.ply {
            let _ = write!(where_, ", ply {p}");
        }
        if d.in_variation {
            where_.push_str(", in a variation");
        }
        let _ = writeln!(text, "{gutter} {eq} note: {where_}");
        if let Some(fen) = &d.fen {
            let _ = writeln!(text, "{gutter} {eq} note: position {fen}");
        }
        if !d.suggestions.is_empty() {
            let _ = writeln!(
                text,
                "{gutter} {eq} help: did you mean {}?",
                d.suggestions.join(", ")
            );
        }
        writeln!(self.out, "{text}")
    }

    fn human(&mut self, v: &Verdict) -> std::io::Result<()> {
        if let Some(e) = &v.error {
            self.human_diag(v, e, "error")?;
        }
        for w in &v.warnings {
            self.human_diag(v, w, "warning")?;
        }
        for n in &v.notes {
            self.human_diag(v, n, "note")?;
        }
        if let Some(text) = omitted_text(v) {
            let note = self.style.paint("1;36", "note");
            writeln!(self.out, "{note}: {} {}: {text}\n", self.file, game_name(v))?;
        }
        if v.valid && self.verbose {
            let ok = self.style.paint("1;32", "ok");
            writeln!(
                self.out,
                "{ok}: {} {}: {} plies, {}",
                self.file,
                game_name(v),
                v.plies,
                v.variant
            )?;
        }
        Ok(())
    }

    fn json(&mut self, v: &Verdict) -> std::io::Result<()> {
        let line = JsonVerdict {
            black: v.black.as_deref(),
            error: v
                .error
                .as_ref()
                .map(|e| JsonDiag::new(e, Some(v.syntax_error))),
            file: &self.file,
            game: v.game,
            line: v.span.line,
            notes: v.notes.iter().map(|d| JsonDiag::new(d, None)).collect(),
            notes_omitted: v.omitted.notes,
            plies: v.plies,
            valid: v.valid,
            variant: &v.variant,
            warnings: v.warnings.iter().map(|d| JsonDiag::new(d, None)).collect(),
            warnings_omitted: v.omitted.warnings,
            white: v.white.as_deref(),
        };
        self.line.clear();
        serde_json::to_writer(&mut self.line, &line)?;
        self.line.push(b'\n');
        self.out.write_all(&self.line)
    }

    fn github(&mut self, v: &Verdict) -> std::io::Result<()> {
        let mut one = |cmd: &str, d: &Diagnostic| {
            let title = match d.ruling {
                Some(r) => format!("{r}: {}", game_name(v)),
                None => game_name(v),
            };
            let mut msg = d.message.clone();
            if let Some(p) = d.ply {
                msg = format!("ply {p}: {msg}");
            }
            if let Some(fen) = &d.fen {
                let _ = write!(msg, "\nposition: {fen}");
            }
            if !d.suggestions.is_empty() {
                let _ = write!(msg, "\ndid you mean {}?", d.suggestions.join(", "));
            }
            writeln!(
                self.out,
                "::{cmd} file={},line={},col={},title={}::{}",
                gh_prop(&self.file),
                d.span.line,
                d.span.column,
                gh_prop(&title),
                gh_data(&msg)
            )
        };
        if let Some(e) = &v.error {
            one("error", e)?;
        }
        for w in &v.warnings {
            one("warning", w)?;
        }
        for n in &v.notes {
            one("notice", n)?;
        }
        if let Some(text) = omitted_text(v) {
            writeln!(
                self.out,
                "::notice file={},line={},title={}::{}",
                gh_prop(&self.file),
                v.span.line,
                gh_prop(&game_name(v)),
                gh_data(&text)
            )?;
        }
        Ok(())
    }

    fn junit(&mut self, v: &Verdict) {
        self.junit_games += 1;
        let s = &mut self.junit_cases;
        let _ = write!(
            s,
            "    <testcase name=\"{}\" classname=\"{}\"",
            xml(&game_name(v)),
            xml(&self.file)
        );
        if v.valid && v.warnings.is_empty() {
            s.push_str("/>\n");
            return;
        }
        s.push_str(">\n");
        if let Some(e) = &v.error {
            self.junit_failures += 1;
            let mut body = format!("{}:{}:{}", self.file, e.span.line, e.span.column);
            if let Some(p) = e.ply {
                let _ = write!(body, " ply {p}");
            }
            if !e.token.is_empty() {
                let _ = write!(body, " {:?}", e.token);
            }
            if let Some(fen) = &e.fen {
                let _ = write!(body, "\nposition: {fen}");
            }
            if !e.suggestions.is_empty() {
                let _ = write!(body, "\ndid you mean {}?", e.suggestions.join(", "));
            }
            let _ = writeln!(
                s,
                "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                xml(&e.message),
                xml(e
                    .ruling
                    .unwrap_or(if v.syntax_error { "syntax" } else { "invalid" })),
                xml(&body)
            );
        }
        if !v.warnings.is_empty() {
            let mut text: Vec<String> = v
                .warnings
                .iter()
                .map(|w| format!("warning: {}:{}: {}", w.span.line, w.span.column, w.message))
                .collect();
            text.extend(omitted_text(v).map(|t| format!("note: {t}")));
            let _ = writeln!(
                s,
                "      <system-out>{}</system-out>",
                xml(&text.join("\n"))
            );
        }
        s.push_str("    </testcase>\n");
    }
}

/// A counter on stderr for long runs on a terminal; silent otherwise.
struct Progress {
    on: bool,
    started: Instant,
    last: Instant,
    shown: bool,
}

impl Progress {
    fn new() -> Progress {
        let ci = std::env::var_os("CI").is_some();
        let now = Instant::now();
        Progress {
            on: std::io::stderr().is_terminal() && !ci,
            started: now,
            last: now,
            shown: false,
        }
    }
    fn tick(&mut self, s: &Summary) {
        if !self.on || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        if self.last.elapsed() >= Duration::from_millis(200) || !self.shown {
            eprint!(
                "\r\x1b[2Kchecking: {} games, {} invalid",
                s.games, s.invalid
            );
            self.last = Instant::now();
            self.shown = true;
        }
    }
    fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[2K");
            self.shown = false;
        }
    }
}

/// Files at most this large are read whole and checked in parallel with
/// their neighbours; larger ones stream, cut into blocks checked in parallel.
const SMALL_FILE: u64 = 1 << 20;

pub fn run(args: &ValidateArgs, out: &mut dyn Write) -> Result<u8, CliError> {
    let mut inputs = Vec::new();
    let mut io_errors = Vec::new();
    if args.paths.is_empty() {
        if std::io::stdin().is_terminal() {
            return Err(CliError::usage(
                "no input: give PGN files or directories, or pipe a PGN into standard input (see fvnote validate --help)",
            ));
        }
        inputs.push(Input::Stdin);
    }
    // Game numbers chosen by `FILE:N-M` (`None`: standard input).
    let mut ranges = std::collections::HashMap::new();
    for arg in &args.paths {
        let (p, chosen) = args.select.split(arg)?;
        let path = Path::new(&p);
        if p == "-" {
            inputs.push(Input::Stdin);
            ranges.extend(chosen.games.map(|g| (None, g)));
        } else if path.is_dir() {
            walk(path, &mut inputs, &mut io_errors);
        } else {
            inputs.push(Input::File(path.to_path_buf()));
            ranges.extend(chosen.games.map(|g| (Some(path.to_path_buf()), g)));
        }
    }
    let selection = |inp: &Input| Selection {
        games: ranges
            .get(&match inp {
                Input::File(p) => Some(p.clone()),
                Input::Stdin => None,
            })
            .cloned(),
        conditions: args.select.conditions.clone(),
    };
    for e in &io_errors {
        eprintln!("error: {e}");
    }
    let split_outs: Vec<&Path> = [&args.valid_out, &args.invalid_out]
        .into_iter()
        .flatten()
        .map(PathBuf::as_path)
        .collect();
    let files: Vec<PathBuf> = inputs
        .iter()
        .filter_map(|i| match i {
            Input::File(p) => Some(p.clone()),
            Input::Stdin => None,
        })
        .collect();
    if !split_outs.is_empty() {
        let stdin = files.len() < inputs.len();
        super::split_out::check(&files, stdin, &split_outs)?;
    }
    let opts = ValidateOptions {
        strict: args.strict,
        ..ValidateOptions::default()
    };
    let color = match args.color {
        _ if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) => false,
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => args.format == Format::Human && std::io::stdout().is_terminal(),
    };
    let mut em = Emitter {
        out,
        format: args.format,
        style: Style {
            on: color && args.format == Format::Human,
        },
        verbose: args.verbose,
        file: String::new(),
        source: Source::File(None),
        junit_cases: String::new(),
        junit_games: 0,
        junit_failures: 0,
        line: Vec::new(),
    };
    let io = |e| CliError::io("stdout", e);
    if args.format == Format::Junit {
        writeln!(em.out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>").map_err(io)?;
        writeln!(em.out, "<testsuites name=\"fvnote validate\">").map_err(io)?;
    }
    let mut summary = Summary::default();
    let mut progress = Progress::new();
    let mut failed_io = !io_errors.is_empty();
    let mut i = 0;
    while i < inputs.len() {
        // A run of small files is checked in parallel, whole.
        let small = |inp: &Input| match inp {
            Input::File(p) => {
                std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() <= SMALL_FILE)
                    && args.encoding.encoding == EncodingChoice::Utf8
                    && selection(inp).is_all()
            }
            Input::Stdin => false,
        };
        let mut j = i;
        while j < inputs.len() && j - i < 64 && small(&inputs[j]) {
            j += 1;
        }
        if j > i {
            let group: Vec<(Result<Vec<Verdict>, String>, &Input)> = inputs[i..j]
                .par_iter()
                .map(|inp| {
                    let Input::File(p) = inp else {
                        return (Ok(Vec::new()), inp);
                    };
                    let r = std::fs::read(p)
                        .map_err(|e| e.to_string())
                        .and_then(|bytes| {
                            let mut v = Vec::new();
                            check_games_serial(&bytes[..], &opts, |x| v.push(x))
                                .map(|()| v)
                                .map_err(|e| e.to_string())
                        });
                    (r, inp)
                })
                .collect();
            for (r, inp) in group {
                let name = inp.name();
                match r {
                    Ok(verdicts) => {
                        let file = match inp {
                            Input::File(p) => File::open(p).ok(),
                            Input::Stdin => None,
                        };
                        em.start_file(name, Source::File(file));
                        summary.files += 1;
                        for v in &verdicts {
                            summary.add(v);
                            em.game(v).map_err(io)?;
                        }
                        em.end_file().map_err(io)?;
                        progress.tick(&summary);
                    }
                    Err(e) => {
                        eprintln!("error: {name}: {e}");
                        failed_io = true;
                    }
                }
            }
            i = j;
            continue;
        }
        let inp = &inputs[i];
        i += 1;
        let name = inp.name();
        let (reader, source): (Box<dyn std::io::BufRead>, Source) = match inp {
            Input::Stdin => {
                let kept = Rc::new(RefCell::new(Kept::default()));
                let read = args.encoding.reader(std::io::stdin(), &name);
                let inner = match read.and_then(|r| chosen(r, &selection(inp))) {
                    Ok(r) => r,
                    Err(e) => {
                        eprintln!("error: {name}: {e}");
                        failed_io = true;
                        continue;
                    }
                };
                let tee = Tee {
                    inner,
                    kept: Rc::clone(&kept),
                };
                (Box::new(BufReader::new(tee)), Source::Kept(kept))
            }
            // Decoded: lines are shown from the decoded text.
            Input::File(p)
                if args.encoding.encoding != EncodingChoice::Utf8 || !selection(inp).is_all() =>
            {
                let read = args.encoding.open(p, &name);
                match read.and_then(|r| chosen(r, &selection(inp))) {
                    Ok(inner) => {
                        let kept = Rc::new(RefCell::new(Kept::default()));
                        let kept2 = Rc::clone(&kept);
                        let tee = Tee { inner, kept: kept2 };
                        (Box::new(BufReader::new(tee)), Source::Kept(kept))
                    }
                    Err(e) => {
                        eprintln!("error: {name}: {e}");
                        failed_io = true;
                        continue;
                    }
                }
            }
            Input::File(p) => match File::open(p) {
                Ok(f) => (
                    Box::new(BufReader::new(f)),
                    Source::File(File::open(p).ok()),
                ),
                Err(e) => {
                    eprintln!("error: {name}: {e}");
                    failed_io = true;
                    continue;
                }
            },
        };
        let kept = match &source {
            Source::Kept(k) => Some(Rc::clone(k)),
            Source::File(_) => None,
        };
        em.start_file(name.clone(), source);
        summary.files += 1;
        let mut write_err = None;
        let r = check_games(reader, &opts, |v| {
            summary.add(&v);
            if write_err.is_none() {
                if let Err(e) = em.game(&v) {
                    write_err = Some(e);
                }
            }
            if let Some(k) = &kept {
                k.borrow_mut().trim_before(v.span.offset);
            }
            progress.tick(&summary);
        });
        if let Some(e) = write_err {
            return Err(io(e));
        }
        em.end_file().map_err(io)?;
        if let Err(e) = r {
            eprintln!("error: {name}: {e}");
            failed_io = true;
        }
    }
    progress.clear();
    if !split_outs.is_empty() {
        let (valid, invalid) = (args.valid_out.as_deref(), args.invalid_out.as_deref());
        let chosen = |p: &Path| selection(&Input::File(p.to_path_buf()));
        super::split_out::write(&files, &opts, args.encoding, &chosen, valid, invalid)?;
    }
    if args.format == Format::Junit {
        writeln!(em.out, "</testsuites>").map_err(io)?;
    }
    if args.format == Format::Human {
        writeln!(em.out, "{summary}").map_err(io)?;
    } else {
        eprintln!("{summary}");
    }
    Ok(if failed_io {
        2
    } else if summary.invalid > 0 {
        1
    } else {
        0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(gh_data("50%\nx"), "50%25%0Ax");
        assert_eq!(gh_prop("a:b,c"), "a%3Ab%2Cc");
        assert_eq!(
            xml("<a & \"b\">\u{1}"),
            "&lt;a &amp; &quot;b&quot;&gt;\u{FFFD}"
        );
    }

    #[test]
    fn kept_trims_to_line_start() {
        let mut k = Kept {
            base: 0,
            bytes: b"ab\ncd\nef".to_vec(),
        };
        k.trim_before(4);
        assert_eq!((k.base, &k.bytes[..]), (3, &b"cd\nef"[..]));
        k.trim_before(1);
        assert_eq!(k.base, 3);
    }
}
