//! `Position` and `Move`: the library's position with its legal moves, SAN,
//! FEN and pictures, for every variant.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use fvnote::notation::fen::{read_fen, write_fen};
use fvnote::notation::san::{San, SanError};
use fvnote::record::replay::facts::describe_move;
use fvnote::render::{self, Options};
use fvnote::rules::perft::MAX_DEPTH;
use fvnote::variant::Variant;
use fvnote::Color;

use crate::errors::{error, unknown_variant, Fields};

/// The variant a name (identifier or alias) names.
pub fn variant(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>().map_err(unknown_variant)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A position of any variant: its legal moves, SAN, FEN and pictures.
///
/// Positions are values: `play` returns a new position and leaves this one
/// as it is.
#[pyclass(module = "fvnote", name = "Position", frozen)]
#[derive(Clone)]
pub struct PyPosition {
    pub pos: fvnote::Position,
}

/// A legal move of a position, with the JSON form's fields of a ply.
#[pyclass(module = "fvnote", name = "Move", frozen)]
#[derive(Clone)]
pub struct PyMove {
    mv: fvnote::Move,
    /// Canonical SAN, with its check or mate mark (`Nf3`, `O-O`, `S3e`).
    #[pyo3(get)]
    san: String,
    /// The short form: UCI for chess moves (`g1f3`, `e7e8q`, castling as the king's move).
    #[pyo3(get)]
    uci: String,
    /// `move`, `capture`, `castle`, `promotion`, `drop`, `slide`, `quake`, `cage-move` or `cage-insert`.
    #[pyo3(get)]
    kind: &'static str,
    /// `white` or `black`: the side that moves.
    #[pyo3(get)]
    color: &'static str,
    /// Role code of the moving (dropped, quaking) piece, or None.
    #[pyo3(get)]
    piece: Option<&'static str>,
    /// Origin square (`e2`), or None (drops, slides).
    #[pyo3(get)]
    from_square: Option<String>,
    /// Destination square, or None (slides, quakes).
    #[pyo3(get)]
    to_square: Option<String>,
    /// Fault Line slides: the rank (1-based), else None.
    #[pyo3(get)]
    rank: Option<u32>,
    /// Slides and quakes: `n`, `s`, `e` or `w`, else None.
    #[pyo3(get)]
    direction: Option<String>,
    /// The role code a pawn promotes to, or None.
    #[pyo3(get)]
    promotion: Option<&'static str>,
    /// A cage insertion's promotions: (square, role code) pairs.
    #[pyo3(get)]
    cage_promotions: Vec<(String, &'static str)>,
    /// Role code of the captured piece, or None.
    #[pyo3(get)]
    captured: Option<&'static str>,
    /// `+`, `#` or None: the mark the move deserves.
    #[pyo3(get)]
    check: Option<&'static str>,
    /// Fault Line slides: whether the slide needed permission (FL6), else None.
    #[pyo3(get)]
    permission: Option<bool>,
}

impl PyMove {
    fn new(pos: &fvnote::Position, mv: fvnote::Move) -> PyMove {
        let (san, f) = describe_move(pos, &mv);
        PyMove {
            mv,
            uci: mv.to_string(),
            kind: f.kind,
            color: f.color,
            piece: f.piece,
            from_square: f.from.map(|s| s.to_string()),
            to_square: f.to.map(|s| s.to_string()),
            rank: f.rank,
            direction: f.direction.map(String::from),
            promotion: f.promotion,
            cage_promotions: f.cage.iter().map(|(s, r)| (s.to_string(), *r)).collect(),
            captured: f.captured,
            check: f.check,
            permission: f.permission,
            san,
        }
    }
}

#[pymethods]
impl PyMove {
    fn __repr__(&self) -> String {
        format!("Move({:?})", self.san)
    }

    fn __str__(&self) -> String {
        self.san.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyMove>()
            .is_ok_and(|o| o.get().mv == self.mv && o.get().color == self.color)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.mv.hash(&mut h);
        h.finish()
    }

    /// The long form of notation/moves.md (`Ng1-f3`, every field).
    #[getter]
    fn long(&self) -> String {
        format!("{:#}", self.mv)
    }
}

impl PyPosition {
    /// `token` read as SAN and played, or the exception that says why not.
    fn resolve(&self, py: Python<'_>, token: &str) -> PyResult<fvnote::notation::san::Resolved> {
        let fen = || Some(write_fen(&self.pos));
        let parsed = San::parse(token).map_err(|e| {
            let column = token[..e.span.start.min(token.len())].chars().count() + 1;
            let fields = Fields {
                column: u32::try_from(column).ok(),
                token: Some(token.to_owned()),
                fen: fen(),
                ..Fields::default()
            };
            error(
                py,
                "ParseError",
                format!("{e}; see notation/moves.md"),
                fields,
            )
        })?;
        parsed.resolve(&self.pos).map_err(|e| {
            let suggestions = match &e {
                SanError::Ambiguous { candidates } => candidates.clone(),
                _ => Vec::new(),
            };
            let fields = Fields {
                ruling: e.ruling(),
                token: Some(token.to_owned()),
                fen: fen(),
                suggestions,
                ..Fields::default()
            };
            error(
                py,
                "IllegalMoveError",
                e.message_for(&self.pos, token),
                fields,
            )
        })
    }
}

#[pymethods]
impl PyPosition {
    /// The position a FEN describes in `variant` (an identifier or alias,
    /// see `fvnote.variants()`), or the variant's start position.
    #[new]
    #[pyo3(signature = (fen=None, variant="chess"))]
    pub fn py_new(py: Python<'_>, fen: Option<&str>, variant: &str) -> PyResult<PyPosition> {
        let v = self::variant(variant)?;
        let Some(text) = fen else {
            return Ok(PyPosition {
                pos: fvnote::Position::start(v),
            });
        };
        let text = text.trim();
        let pos = read_fen(text, v).map_err(|e| {
            let fields = Fields {
                // Column 0: the position as a whole.
                column: u32::try_from(e.column).ok().filter(|&c| c > 0),
                token: Some(text.to_owned()),
                ..Fields::default()
            };
            error(
                py,
                "ParseError",
                format!("{e} (variant {v}; see notation/fen.md)"),
                fields,
            )
        })?;
        Ok(PyPosition { pos })
    }

    /// The variant's identifier (`chess`, `fault-line` …).
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().id()
    }

    /// The side to move: `white` or `black`.
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.pos.turn())
    }

    /// The position in FEN (notation/fen.md).
    fn fen(&self) -> String {
        write_fen(&self.pos)
    }

    /// Every legal move, in the order the rules generate them.
    fn legal_moves(&self) -> Vec<PyMove> {
        let pos = &self.pos;
        pos.legal_moves()
            .into_iter()
            .map(|m| PyMove::new(pos, m))
            .collect()
    }

    /// The position after `move`: a SAN token (lenient spellings accepted)
    /// or a `Move` of this position. Raises `ParseError` for a token that is
    /// no move and `IllegalMoveError` for one that names no single legal
    /// move (with the ruling that forbids it).
    #[pyo3(signature = (r#move, /))]
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let mv = if let Ok(m) = r#move.cast::<PyMove>() {
            let mv = m.get().mv;
            if !self.pos.legal_moves().contains(&mv) {
                return Err(PyValueError::new_err(format!(
                    "{} is not a legal move of this position",
                    m.get().san
                )));
            }
            mv
        } else if let Ok(s) = r#move.cast::<PyString>() {
            self.resolve(py, &s.to_cow()?)?.mv
        } else {
            return Err(PyTypeError::new_err("play() takes a SAN string or a Move"));
        };
        Ok(PyPosition {
            pos: self.pos.play(&mv),
        })
    }

    /// The legal move a SAN token names (see `play`).
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<PyMove> {
        let r = self.resolve(py, san)?;
        Ok(PyMove::new(&self.pos, r.mv))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// How the game ended here (`"checkmate, white wins"` …), or None.
    fn outcome(&self) -> Option<String> {
        self.pos.outcome().map(|o| o.to_string())
    }

    /// The result the rules decide here (`1-0`, `0-1`, `1/2-1/2`), or `*`.
    fn result(&self) -> &'static str {
        self.pos.outcome().map_or("*", |o| o.result())
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (ruling G7); `depth` at most 20.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        perft_of(py, &self.pos, depth)
    }

    /// An SVG diagram (the one `fvnote show --svg` draws).
    #[pyo3(signature = (*, flip=false, size=45, coordinates=true, legend=true, arrows=Vec::new()))]
    fn svg(
        &self,
        flip: bool,
        size: u32,
        coordinates: bool,
        legend: bool,
        arrows: Vec<String>,
    ) -> PyResult<String> {
        if !(8..=400).contains(&size) {
            return Err(PyValueError::new_err(format!(
                "size {size}: expected 8 to 400 pixels"
            )));
        }
        let arrows = arrows
            .iter()
            .map(|a| render::parse_arrow(a))
            .collect::<Result<Vec<_>, _>>()
            .map_err(PyValueError::new_err)?;
        let opts = Options {
            flip,
            size,
            coordinates,
            legend,
            arrows,
            ..Options::default()
        };
        Ok(render::svg::svg(&self.pos, &opts))
    }

    /// The SVG diagram, for Jupyter.
    fn _repr_svg_(&self) -> String {
        render::svg::svg(&self.pos, &Options::default())
    }

    fn __str__(&self) -> String {
        render::text(&self.pos)
    }

    fn __repr__(&self) -> String {
        format!(
            "Position({:?}, variant={:?})",
            write_fen(&self.pos),
            self.pos.variant().id()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPosition>()
            .is_ok_and(|o| o.get().pos == self.pos)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.pos.variant(), write_fen(&self.pos)).hash(&mut h);
        h.finish()
    }
}

/// Perft of `pos`, the depth checked, computed without holding the
/// interpreter.
pub fn perft_of(py: Python<'_>, pos: &fvnote::Position, depth: u32) -> PyResult<u64> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "perft depth {depth} is more than {MAX_DEPTH}"
        )));
    }
    Ok(py.detach(|| pos.perft(depth)))
}
