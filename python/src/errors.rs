//! Python exceptions from the library's errors. The classes are defined in
//! Python (`fvnote/errors.py`: docstrings, keyword fields); they are raised
//! from here by name, each carrying the location and ruling.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The fields of an exception beside its message, as keyword arguments.
#[derive(Default)]
pub struct Fields {
    pub file: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub ruling: Option<&'static str>,
    pub token: Option<String>,
    pub kind: Option<&'static str>,
    pub fen: Option<String>,
    pub suggestions: Vec<String>,
}

/// An exception of class `class` (of `fvnote.errors`) with `message` and
/// `fields`; a failure to make it becomes the error itself.
pub fn error(py: Python<'_>, class: &str, message: impl Into<String>, f: Fields) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let cls = py.import("fvnote.errors")?.getattr(class)?;
        let kw = PyDict::new(py);
        kw.set_item("file", f.file)?;
        kw.set_item("line", f.line)?;
        kw.set_item("column", f.column)?;
        kw.set_item("ruling", f.ruling)?;
        kw.set_item("token", f.token)?;
        kw.set_item("kind", f.kind)?;
        kw.set_item("fen", f.fen)?;
        kw.set_item("suggestions", f.suggestions)?;
        Ok(PyErr::from_value(cls.call((message.into(),), Some(&kw))?))
    })();
    made.unwrap_or_else(|e| e)
}

/// An unknown variant name: a `ValueError` listing the known ones.
pub fn unknown_variant(e: fvnote::variant::UnknownVariant) -> PyErr {
    PyValueError::new_err(e.to_string())
}
