//! The annotations GUIs and lichess write in comments, typed:
//! `[%clk 0:05:00]` (clock), `[%emt 0:00:07]` (time spent on the move),
//! `[%eval 0.17,23]` / `[%eval #-3]` (evaluation, with an optional search
//! depth), `[%cal Ge2e4,Rd1h5]` (arrows) and `[%csl Ye4]` (square marks),
//! in the four lichess brushes `G`, `R`, `Y`, `B`.
//!
//! Each type reads its command's arguments (`FromStr`) and writes them back
//! (`Display`), so that `x.to_string().parse() == Ok(x)`. The comment text
//! stays the record: [`Annotations::of`] derives the typed values from it,
//! and a command that does not read is simply not typed (its text is kept).
//!
//! ```
//! use fvnote::notation::annotation::{Annotations, Brush, Clock, Eval};
//! let a = Annotations::of(["[%clk 0:02:59.9] [%eval #-3,20] [%cal Ge2e4]"]);
//! assert_eq!(a.clock, Some(Clock::from_millis(179_900)));
//! assert_eq!(a.eval, Some("#-3,20".parse::<Eval>().unwrap()));
//! assert_eq!(a.arrows[0].brush, Brush::Green);
//! assert_eq!(a.arrows[0].to_string(), "Ge2e4");
//! ```

use std::fmt;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::take_while_m_n;
use nom::character::complete::{char, digit1, one_of, satisfy, space0};
use nom::combinator::{all_consuming, map, map_opt, opt, recognize};
use nom::multi::separated_list0;
use nom::sequence::{delimited, pair, preceded, tuple};
use nom::IResult;

use crate::model::comment_commands;
use crate::square::Square;

/// Why a command's arguments do not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnotationError {
    /// The command (`clk`, `eval` …).
    pub command: &'static str,
    /// The arguments as written.
    pub args: String,
    /// What was expected.
    pub expected: &'static str,
}

impl fmt::Display for AnnotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[%{} {}]: expected {}",
            self.command, self.args, self.expected
        )
    }
}

impl std::error::Error for AnnotationError {}

/// Runs `parser` over the whole of `text`.
fn whole<'a, T>(
    text: &'a str,
    command: &'static str,
    expected: &'static str,
    parser: impl FnMut(&'a str) -> IResult<&'a str, T>,
) -> Result<T, AnnotationError> {
    all_consuming(delimited(space0, parser, space0))(text)
        .map(|(_, x)| x)
        .map_err(|_| AnnotationError {
            command,
            args: text.to_owned(),
            expected,
        })
}

/// `FromStr` for an annotation's value: `parser` over the whole text, for
/// `command`, whose argument looks as `expected` says.
macro_rules! from_whole {
    ($value:ty, $command:literal, $expected:literal, $parser:expr) => {
        impl FromStr for $value {
            type Err = AnnotationError;
            fn from_str(s: &str) -> Result<$value, AnnotationError> {
                whole(s, $command, $expected, $parser)
            }
        }
    };
}

/// One of lichess's four brushes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Brush {
    /// `G`
    Green,
    /// `R`
    Red,
    /// `Y`
    Yellow,
    /// `B`
    Blue,
}

impl Brush {
    /// All four, in lichess's order.
    pub const ALL: [Brush; 4] = [Brush::Green, Brush::Red, Brush::Yellow, Brush::Blue];

    /// The letter in `[%cal]`/`[%csl]`.
    pub fn letter(self) -> char {
        match self {
            Brush::Green => 'G',
            Brush::Red => 'R',
            Brush::Yellow => 'Y',
            Brush::Blue => 'B',
        }
    }

    /// The name in the JSON form and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Brush::Green => "green",
            Brush::Red => "red",
            Brush::Yellow => "yellow",
            Brush::Blue => "blue",
        }
    }

    /// The brush of a letter (`G`, `R`, `Y`, `B`, either case) or a name.
    pub fn named(text: &str) -> Option<Brush> {
        Brush::ALL.into_iter().find(|b| {
            text.eq_ignore_ascii_case(b.name())
                || text.eq_ignore_ascii_case(&b.letter().to_string())
        })
    }

    /// The colour drawn (lichess's own).
    pub fn rgb(self) -> &'static str {
        match self {
            Brush::Green => "#15781b",
            Brush::Red => "#882020",
            Brush::Yellow => "#e68f00",
            Brush::Blue => "#003088",
        }
    }
}

fn brush(i: &str) -> IResult<&str, Brush> {
    map_opt(one_of("GRYB"), |c| Brush::named(&c.to_string()))(i)
}

/// A square name: a file letter and a rank of one or two digits.
fn square(i: &str) -> IResult<&str, Square> {
    map_opt(
        recognize(pair(
            satisfy(|c| c.is_ascii_lowercase()),
            take_while_m_n(1, 2, |c: char| c.is_ascii_digit()),
        )),
        |s: &str| s.parse().ok(),
    )(i)
}

/// A clock reading or a time spent, to the millisecond (`H:MM:SS`, with up
/// to three decimals of a second).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Clock {
    millis: u64,
}

impl Clock {
    /// The clock showing `millis` milliseconds.
    pub fn from_millis(millis: u64) -> Clock {
        Clock { millis }
    }

    /// Milliseconds.
    pub fn millis(self) -> u64 {
        self.millis
    }

    /// Seconds.
    pub fn seconds(self) -> f64 {
        self.millis as f64 / 1000.0
    }
}

fn clock(i: &str) -> IResult<&str, Clock> {
    let two = || take_while_m_n(2, 2, |c: char| c.is_ascii_digit());
    map_opt(
        tuple((
            take_while_m_n(1, 4, |c: char| c.is_ascii_digit()),
            preceded(char(':'), two()),
            preceded(char(':'), two()),
            opt(preceded(
                char('.'),
                take_while_m_n(1, 3, |c: char| c.is_ascii_digit()),
            )),
        )),
        |(h, m, s, frac): (&str, &str, &str, Option<&str>)| {
            let (h, m, s) = (
                h.parse::<u64>().ok()?,
                m.parse::<u64>().ok()?,
                s.parse::<u64>().ok()?,
            );
            if m > 59 || s > 59 {
                return None;
            }
            let frac = match frac {
                Some(f) => f.parse::<u64>().ok()? * 10u64.pow(3 - f.len() as u32),
                None => 0,
            };
            Some(Clock::from_millis(((h * 60 + m) * 60 + s) * 1000 + frac))
        },
    )(i)
}

from_whole!(
    Clock,
    "clk",
    "a time H:MM:SS such as 0:05:00 or 0:00:59.9",
    clock
);

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.millis / 1000;
        write!(f, "{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)?;
        let frac = self.millis % 1000;
        if frac != 0 {
            let digits = format!("{frac:03}");
            write!(f, ".{}", digits.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

/// What an evaluation says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EvalValue {
    /// An advantage in pawns, White's positive (`0.17` is 17 centipawns).
    Pawns(f64),
    /// Mate in so many moves, by White when positive (`#3`, `#-2`).
    Mate(i32),
}

/// An engine evaluation, with the depth it was searched to if given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Eval {
    /// The value.
    pub value: EvalValue,
    /// The search depth (`,23`).
    pub depth: Option<u32>,
}

fn signed(i: &str) -> IResult<&str, &str> {
    recognize(pair(opt(one_of("+-")), digit1))(i)
}

fn eval(i: &str) -> IResult<&str, Eval> {
    let mate = map_opt(preceded(char('#'), signed), |n: &str| {
        n.parse::<i32>().ok().map(EvalValue::Mate)
    });
    let pawns = map_opt(
        recognize(pair(signed, opt(pair(char('.'), digit1)))),
        |n: &str| {
            n.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .map(EvalValue::Pawns)
        },
    );
    let depth = opt(preceded(
        delimited(space0, char(','), space0),
        map_opt(digit1, |d: &str| d.parse::<u32>().ok()),
    ));
    map(pair(alt((mate, pawns)), depth), |(value, depth)| Eval {
        value,
        depth,
    })(i)
}

from_whole!(
    Eval,
    "eval",
    "pawns such as 0.17 or mate such as #-3, then an optional depth ,23",
    eval
);

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            EvalValue::Mate(n) => write!(f, "#{n}")?,
            // Two decimals as lichess writes them, more when they matter.
            EvalValue::Pawns(p) if ((p * 100.0).round() / 100.0) == p => write!(f, "{p:.2}")?,
            EvalValue::Pawns(p) => write!(f, "{p}")?,
        }
        if let Some(d) = self.depth {
            write!(f, ",{d}")?;
        }
        Ok(())
    }
}

/// An arrow of `[%cal]`: `Ge2e4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Its tail.
    pub from: Square,
    /// Its head.
    pub to: Square,
    /// Its brush.
    pub brush: Brush,
}

fn arrow(i: &str) -> IResult<&str, Arrow> {
    map(tuple((brush, square, square)), |(brush, from, to)| Arrow {
        from,
        to,
        brush,
    })(i)
}

from_whole!(
    Arrow,
    "cal",
    "a brush G, R, Y or B and two squares: Ge2e4",
    arrow
);

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.brush.letter(), self.from, self.to)
    }
}

/// A square mark of `[%csl]`: `Re4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The square.
    pub square: Square,
    /// Its brush.
    pub brush: Brush,
}

fn mark(i: &str) -> IResult<&str, Mark> {
    map(pair(brush, square), |(brush, square)| Mark {
        square,
        brush,
    })(i)
}

from_whole!(Mark, "csl", "a brush G, R, Y or B and a square: Ye4", mark);

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.brush.letter(), self.square)
    }
}

fn comma(i: &str) -> IResult<&str, char> {
    delimited(space0, char(','), space0)(i)
}

/// The arrows of one `[%cal …]`.
pub fn parse_arrows(args: &str) -> Result<Vec<Arrow>, AnnotationError> {
    whole(
        args,
        "cal",
        "arrows such as Ge2e4,Rd1h5",
        separated_list0(comma, arrow),
    )
}

/// The marks of one `[%csl …]`.
pub fn parse_marks(args: &str) -> Result<Vec<Mark>, AnnotationError> {
    whole(
        args,
        "csl",
        "marks such as Ye4,Rd5",
        separated_list0(comma, mark),
    )
}

/// What the comments after one move say, typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Annotations {
    /// `[%clk]`: the mover's clock after the move (the first that reads).
    pub clock: Option<Clock>,
    /// `[%emt]`: the time the move took (the first that reads).
    pub emt: Option<Clock>,
    /// `[%eval]` (the first that reads).
    pub eval: Option<Eval>,
    /// Every `[%cal]` arrow, in order.
    pub arrows: Vec<Arrow>,
    /// Every `[%csl]` mark, in order.
    pub marks: Vec<Mark>,
}

impl Annotations {
    /// The annotations of `texts`, comment texts in order. A command whose
    /// arguments do not read is left untyped (its text is the record).
    pub fn of<'t>(texts: impl IntoIterator<Item = &'t str>) -> Annotations {
        let mut a = Annotations::default();
        for text in texts {
            a.add(text);
        }
        a
    }

    /// Adds the annotations of one comment text.
    pub fn add(&mut self, text: &str) {
        if !text.contains("[%") {
            return;
        }
        for (name, args) in comment_commands(text) {
            match name {
                "clk" if self.clock.is_none() => self.clock = args.parse().ok(),
                "emt" if self.emt.is_none() => self.emt = args.parse().ok(),
                "eval" if self.eval.is_none() => self.eval = args.parse().ok(),
                "cal" => self.arrows.extend(parse_arrows(args).unwrap_or_default()),
                "csl" => self.marks.extend(parse_marks(args).unwrap_or_default()),
                _ => {}
            }
        }
    }

    /// Nothing typed.
    pub fn is_empty(&self) -> bool {
        self.clock.is_none()
            && self.emt.is_none()
            && self.eval.is_none()
            && self.arrows.is_empty()
            && self.marks.is_empty()
    }
}

/// `text` without the annotations that read as typed ones (a display that
/// shows them otherwise: clocks, a bar, arrows); other text, and commands
/// that do not read, stay.
///
/// ```
/// use fvnote::notation::annotation::untyped_text;
/// assert_eq!(untyped_text("good [%clk 0:01:00] move [%clk soon]"), "good  move [%clk soon]");
/// ```
pub fn untyped_text(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("[%") {
        return text.into();
    }
    let (mut out, mut rest, mut changed) = (String::new(), text, false);
    while let Some(start) = rest.find("[%") {
        let Some(len) = rest.get(start..).and_then(|r| r.find(']')) else {
            break;
        };
        let end = start + len + 1;
        let typed = !Annotations::of(rest.get(start..end)).is_empty();
        match typed {
            true => {
                out.push_str(rest.get(..start).unwrap_or(""));
                changed = true;
            }
            false => out.push_str(rest.get(..end).unwrap_or("")),
        }
        rest = rest.get(end..).unwrap_or("");
    }
    out.push_str(rest);
    match changed {
        true => out.into(),
        false => text.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round<T: FromStr + fmt::Display + PartialEq + fmt::Debug>(text: &str) -> T
    where
        T::Err: fmt::Debug,
    {
        let x: T = text.parse().unwrap();
        assert_eq!(x.to_string().parse::<T>().unwrap(), x, "{text}");
        x
    }

    #[test]
    fn clocks() {
        assert_eq!(round::<Clock>("0:05:00").millis(), 300_000);
        assert_eq!(round::<Clock>("1:02:03.45").millis(), 3_723_450);
        assert_eq!(Clock::from_millis(179_900).to_string(), "0:02:59.9");
        assert_eq!(Clock::from_millis(3_723_450).to_string(), "1:02:03.45");
        for bad in [
            "",
            "5:00",
            "0:60:00",
            "0:05:0",
            "0:05:00.1234",
            "x",
            "-0:05:00",
        ] {
            assert!(bad.parse::<Clock>().is_err(), "{bad}");
        }
    }

    #[test]
    fn evals() {
        let e = round::<Eval>("0.17,23");
        assert_eq!((e.value, e.depth), (EvalValue::Pawns(0.17), Some(23)));
        assert_eq!(round::<Eval>("#-3").value, EvalValue::Mate(-3));
        assert_eq!(round::<Eval>("#4,30").depth, Some(30));
        assert_eq!(round::<Eval>("-1.5").to_string(), "-1.50");
        assert_eq!(round::<Eval>("0.125").to_string(), "0.125");
        assert_eq!(round::<Eval>("+2").value, EvalValue::Pawns(2.0));
        for bad in ["", "#", "1.", "abc", "1,x", "#1.5", "1e400"] {
            assert!(bad.parse::<Eval>().is_err(), "{bad}");
        }
    }

    #[test]
    fn arrows_and_marks() {
        let a = round::<Arrow>("Ge2e4");
        assert_eq!(
            (a.from.to_string(), a.to.to_string()),
            ("e2".into(), "e4".into())
        );
        assert_eq!(round::<Arrow>("Ba10b2").from.to_string(), "a10");
        assert_eq!(round::<Mark>("Ye4").brush, Brush::Yellow);
        assert_eq!(parse_arrows("Ge2e4, Rd1h5").unwrap().len(), 2);
        assert_eq!(parse_marks("").unwrap(), vec![]);
        for bad in ["Xe2e4", "ge2e4", "Ge2", "Ge2e4e6", "Ge0e4"] {
            assert!(bad.parse::<Arrow>().is_err(), "{bad}");
        }
        assert!(parse_marks("Ge4,").is_err());
    }

    #[test]
    fn comments_typed() {
        let a = Annotations::of([
            "[%eval bad] [%clk 0:01:00] [%csl Ge4]",
            "[%clk 0:00:01] [%cal Rd1h5,Ba1a2] [%csl nope] [%emt 0:00:07]",
        ]);
        assert_eq!(a.clock, Some(Clock::from_millis(60_000)));
        assert_eq!(a.emt, Some(Clock::from_millis(7_000)));
        assert_eq!(a.eval, None);
        assert_eq!(a.arrows.len(), 2);
        assert_eq!(a.marks.len(), 1);
        assert!(Annotations::of(["just words"]).is_empty());
    }
}
