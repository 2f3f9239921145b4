//! Move notation: the styles' names, and writing and reading moves and lines in them.

use crate::{MoveError, NotationError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tokin_core::{Move, Position, Square};
use tokin_notation::record::diagram;
use tokin_notation::{Options, SideMarks, Style};

/// USI moves as Python gives them: a list of strings, or one string separated by spaces (a
/// PV as an engine prints it).
pub(crate) struct MovesArg(pub(crate) Vec<String>);

impl<'py> FromPyObject<'py> for MovesArg {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<MovesArg> {
        if let Ok(text) = ob.extract::<String>() {
            return Ok(MovesArg(
                text.split_whitespace().map(str::to_owned).collect(),
            ));
        }
        Ok(MovesArg(ob.extract::<Vec<String>>()?))
    }
}

/// The style a name stands for (`STYLES`, plus the aliases the Rust crate reads, such as
/// `ki2`); an unknown name is a `ValueError` listing the known ones.
pub(crate) fn style(name: &str) -> PyResult<Style> {
    name.parse::<Style>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A square given as USI (`7f`), for 同.
pub(crate) fn last_to_arg(text: &str) -> PyResult<Square> {
    Square::from_usi(text.trim()).ok_or_else(|| {
        PyValueError::new_err(format!(
            "last_to: `{text}` is not a USI square (such as 7f)"
        ))
    })
}

/// The writing options for side marks named `marks`: `pentagons` (☗☖, the default),
/// `triangles` (▲△, as KI2 records write them) or `none`.
pub(crate) fn options(marks: &str) -> PyResult<Options> {
    let mut opts = Options::default();
    opts.side_marks = match marks {
        "pentagons" => SideMarks::Pentagons,
        "triangles" => SideMarks::Triangles,
        "none" => SideMarks::None,
        _ => {
            return Err(PyValueError::new_err(format!(
                "marks: `{marks}` is not pentagons, triangles or none"
            )));
        }
    };
    Ok(opts)
}

pub(crate) fn write_move(
    pos: &Position,
    last_to: Option<Square>,
    mv: Move,
    style_name: &str,
    opts: &Options,
) -> PyResult<String> {
    let style = style(style_name)?;
    let mut text = String::new();
    tokin_notation::write_move_into(&mut text, pos, last_to, mv, style, opts)
        .map_err(|e| MoveError::new_err(format!("{mv}: {e}")))?;
    Ok(text)
}

pub(crate) fn write_line(
    pos: &Position,
    last_to: Option<Square>,
    usi: &[String],
    style_name: &str,
    opts: &Options,
) -> PyResult<String> {
    let style = style(style_name)?;
    tokin_notation::pv_line(pos, last_to, usi, style, opts)
        .map_err(|e| MoveError::new_err(e.to_string()))
}

pub(crate) fn parse_move(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
    style_name: &str,
) -> PyResult<Move> {
    let style = style(style_name)?;
    tokin_notation::parse_move(pos, last_to, text, style)
        .map_err(|e| NotationError::new_err(e.to_string()))
}

pub(crate) fn parse_line(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
    style_name: &str,
) -> PyResult<Vec<Move>> {
    let style = style(style_name)?;
    tokin_notation::parse_line(pos, last_to, text, style)
        .map_err(|e| NotationError::new_err(e.to_string()))
}

pub(crate) fn diagram(pos: &Position, style_name: &str) -> PyResult<String> {
    let style = style_name
        .parse::<diagram::Style>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(diagram::render(pos, style))
}

/// The BOD diagram of `pos`, and when `last` gives the move that led to it (with the
/// position before it and the square 同 refers to), the line KIF writes under a diagram for
/// it: `手数＝5　▲４五角　まで`.
pub(crate) fn bod(
    pos: &Position,
    last: Option<(&Position, Option<Square>, Move)>,
) -> PyResult<String> {
    let mut text = diagram::render(pos, diagram::Style::Bod);
    if let Some((before, last_to, mv)) = last {
        let mut opts = options("triangles")?;
        opts.same_with_space = true;
        let played = pos.move_number().saturating_sub(1);
        let written = write_move(before, last_to, mv, "japanese", &opts)?;
        text.push_str(&format!("手数＝{played}\u{3000}{written}\u{3000}まで\n"));
    }
    Ok(text)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let names: Vec<&str> = Style::ALL.iter().map(|s| s.name()).collect();
    m.add("STYLES", pyo3::types::PyTuple::new(m.py(), names)?)?;
    Ok(())
}
