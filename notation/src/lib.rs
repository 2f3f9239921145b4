//! Moves and game records in human notation.
//!
//! Every [`Style`] of the seeds can be written and read back: Japanese (KI2 style, the
//! default), KIF and CSA move text, Hodges, numeric Western, Hosking, Kitao–Kawasaki and
//! USI. Writing takes the position before the move and the previous move's destination
//! (for 同 and the Kitao–Kawasaki recapture); reading turns text back into the one legal
//! move it names, or says why it cannot.
//!
//! ```
//! use tokin_core::{Move, Position};
//! use tokin_notation::{Style, parse_move, write_move};
//!
//! let pos = Position::startpos();
//! let mv = Move::from_usi("7g7f").unwrap();
//! assert_eq!(write_move(&pos, None, mv, Style::Japanese).unwrap(), "☗７六歩");
//! assert_eq!(write_move(&pos, None, mv, Style::Hodges).unwrap(), "P-7f");
//! assert_eq!(parse_move(&pos, None, "▲７６歩", Style::Japanese).unwrap(), mv);
//! assert_eq!(parse_move(&pos, None, "P76", Style::Hosking).unwrap(), mv);
//! ```
//!
//! Lines of moves (同 chained, Western pair numbers) are in [`write_line`],
//! [`parse_line`] and, for engine output, [`pv_line`].
#![warn(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod common;
mod csa_move;
mod error;
pub mod iroha;
mod japanese;
mod kif_move;
mod kitao;
mod line;
pub mod position_text;
pub mod record;
mod server_move;
mod shorthand;
mod style;
pub mod svg;
#[cfg(test)]
mod tests;
mod usi_move;
mod western;

pub use error::NotationError;
pub use line::{parse_line, pv_line, write_line};
pub use style::{
    CoordinateOrder, DeclinedPromotion, DragonGlyph, DropMark, KingGlyph, Numbering, Options,
    PieceGlyphs, SideMarks, SquareNames, Style, UnknownStyle,
};

use tokin_core::{Move, Position, Square};

/// Writes a legal move in `style` with the default [`Options`].
///
/// `last_to` is the previous move's destination, if any: a move to the same square is
/// written with 同 (Japanese, KIF) or without its destination (Kitao–Kawasaki).
///
/// # Errors
/// [`NotationError::IllegalMove`] when `mv` is not legal in `pos`.
///
/// # Examples
/// ```
/// use tokin_core::{Move, Position, Square};
/// use tokin_notation::{Style, write_move};
///
/// let pos = Position::from_sfen("8k/9/4s4/3S1S3/9/9/9/9/K8 b p 2").unwrap();
/// let mv = Move::from_usi("6d5c+").unwrap();
/// assert_eq!(write_move(&pos, Some(Square::S53), mv, Style::Japanese).unwrap(), "☗同銀左成");
/// assert_eq!(write_move(&pos, Some(Square::S53), mv, Style::Hodges).unwrap(), "S6dx5c+");
/// assert_eq!(write_move(&pos, Some(Square::S53), mv, Style::Kif).unwrap(), "同　銀成(64)");
/// ```
pub fn write_move(
    pos: &Position,
    last_to: Option<Square>,
    mv: Move,
    style: Style,
) -> Result<String, NotationError> {
    let mut out = String::new();
    write_move_into(&mut out, pos, last_to, mv, style, &Options::default())?;
    Ok(out)
}

/// Writes a legal move in `style` with the given options into any [`core::fmt::Write`]
/// sink (a `String`, a formatter, a record being built).
///
/// # Errors
/// [`NotationError::IllegalMove`] when `mv` is not legal in `pos` (nothing is written
/// then), and [`NotationError::Write`] when the sink refuses the text.
///
/// # Examples
/// ```
/// use tokin_core::{Move, Position};
/// use tokin_notation::{DropMark, Options, SideMarks, Style, write_move_into};
///
/// let pos = Position::from_sfen("8k/9/9/9/4G4/9/9/9/K8 b G 1").unwrap();
/// let mut opts = Options::default();
/// opts.side_marks = SideMarks::Triangles;
/// opts.drop_mark = DropMark::Always;
/// let mut out = String::new();
/// write_move_into(&mut out, &pos, None, Move::from_usi("G*5b").unwrap(), Style::Japanese, &opts).unwrap();
/// assert_eq!(out, "▲５二金打");
/// ```
pub fn write_move_into<W: core::fmt::Write + ?Sized>(
    out: &mut W,
    pos: &Position,
    last_to: Option<Square>,
    mv: Move,
    style: Style,
    opts: &Options,
) -> Result<(), NotationError> {
    pos.is_legal(mv)
        .map_err(|why| NotationError::IllegalMove { mv, why })?;
    // The longest move text is about a dozen characters; one small buffer per move.
    let mut text = String::with_capacity(32);
    push_legal_move(&mut text, pos, last_to, mv, style, opts);
    out.write_str(&text).map_err(|_| NotationError::Write)
}

/// Appends `mv`, which must be legal in `pos`, in `style` (what [`write_move_into`] writes
/// once it has checked the move), straight onto a string.
pub(crate) fn push_legal_move(
    text: &mut String,
    pos: &Position,
    last_to: Option<Square>,
    mv: Move,
    style: Style,
    opts: &Options,
) {
    match style {
        Style::Japanese => japanese::write(text, pos, last_to, mv, opts),
        Style::Kif => kif_move::write(text, pos, last_to, mv, opts),
        Style::Csa => csa_move::write(text, pos, mv),
        Style::Hodges | Style::Western | Style::Hosking | Style::Correspondence => {
            western::write(text, pos, mv, style, false)
        }
        Style::Kitao => kitao::write(text, pos, last_to, mv, opts, false),
        Style::Usi => {
            use core::fmt::Write as _;
            // Writing to a `String` cannot fail.
            let _ = write!(text, "{mv}");
        }
        Style::Server => server_move::write(text, pos, mv, opts.server_order),
    }
}

/// Reads one move written in `style` and returns the legal move it names.
///
/// `last_to` is the previous move's destination, needed for 同 and for a Kitao–Kawasaki
/// recapture without destination. Every style accepts the variants people really write
/// (see each style's documentation in [`Style`]): side marks or none, spaces, 竜/龍,
/// 王/玉, 全/圭/杏, 生, 仝, 行/入, any digit forms, `*`, `'` or `’` for drops, a missing
/// hyphen.
///
/// # Errors
/// [`NotationError::Syntax`] when the text is not a move in the style,
/// [`NotationError::NoMatch`] when no legal move fits (with the reason),
/// [`NotationError::Ambiguous`] listing the moves it could be,
/// [`NotationError::PromotionRequired`] when it does not say whether a piece promotes,
/// [`NotationError::NoPreviousMove`] for 同 without a previous move and
/// [`NotationError::WrongSide`] for a mark of the side not to move.
///
/// # Examples
/// ```
/// use tokin_core::Position;
/// use tokin_notation::{Style, parse_move};
///
/// let pos = Position::from_sfen("8k/9/9/9/9/9/2G6/3G5/K1G6 b - 1").unwrap();
/// let err = parse_move(&pos, None, "G-7h", Style::Hodges).unwrap_err();
/// assert_eq!(err.to_string(), "`G-7h` is ambiguous: `G7g-7h`, `G6h-7h`, `G7i-7h`");
/// ```
pub fn parse_move(
    pos: &Position,
    last_to: Option<Square>,
    text: &str,
    style: Style,
) -> Result<Move, NotationError> {
    match style {
        Style::Japanese => japanese::parse(pos, last_to, text),
        Style::Kif => kif_move::parse(pos, last_to, text),
        Style::Csa => csa_move::parse(pos, text),
        Style::Hodges | Style::Western | Style::Hosking | Style::Correspondence => {
            western::parse(pos, last_to, text, style)
        }
        Style::Kitao => kitao::parse(pos, last_to, text),
        Style::Usi => usi_move::parse(pos, text),
        Style::Server => server_move::parse(pos, last_to, text),
    }
}
