//! GNU Shogi's EPD (seed 000): "the same board description [as SFEN], but with holdings
//! appended in square brackets. Each held piece is listed, e.g. PPP for three pawns in hand.
//! The following field for player to move has colors reversed from SFEN: w for sente, and b
//! for gote."
//!
//! `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w` is the start. Writing
//! appends the brackets to the board and lists every piece (`[PPPb]`); reading also takes a
//! space before `[`, `[-]` for no pieces and a count before a letter (`[3Pb]`). EPD has no
//! move number: reading gives 1.

use super::fields::{Fields, split, write_board, write_hand};
use super::{PositionTextError, TextField, TextFormat, TextSyntaxError};
use tokin_core::{Color, Position, Setup, Strictness};

const EPD: Fields = Fields {
    format: TextFormat::Epd,
};

/// Reads an EPD string without checking the rules.
///
/// # Errors
/// A [`TextSyntaxError`] naming the field and the character where the text goes wrong.
pub fn read_setup(text: &str) -> Result<Setup, TextSyntaxError> {
    let mut fields = split(text);
    let end = text.chars().count();
    let mut setup = Setup::empty();
    let Some(&(board_at, first)) = fields.first() else {
        return Err(EPD.err(TextField::Board, 0, text, "empty EPD"));
    };
    // The holdings: glued to the board (`...LNSGKGSNL[PP]`) or the next field (`... [PP]`).
    let (board, hands_field) = match first.find('[') {
        Some(b) => (
            &first[..b],
            (board_at + first[..b].chars().count(), &first[b..]),
        ),
        None => match fields.get(1) {
            Some(&next) if next.1.starts_with('[') => {
                fields.remove(1);
                (first, next)
            }
            _ => {
                return Err(EPD.err(
                    TextField::Hands,
                    board_at + first.chars().count(),
                    "",
                    "missing holdings in square brackets after the board (`[]` for none)",
                ));
            }
        },
    };
    EPD.board(board, board_at, false, &mut setup)?;
    let (hands_at, hands) = hands_field;
    let Some(inside) = hands.strip_prefix('[').and_then(|h| h.strip_suffix(']')) else {
        return Err(EPD.err(
            TextField::Hands,
            hands_at,
            hands,
            "the holdings are pieces between `[` and `]`",
        ));
    };
    if inside != "-" {
        EPD.hands(inside, hands_at + 1, None, &mut setup)?;
    }
    let Some(&(side_at, side)) = fields.get(1) else {
        return Err(EPD.err(
            TextField::Turn,
            end,
            "",
            "missing side to move (`w` for Black, `b` for White)",
        ));
    };
    setup.side = match side {
        // The colours are reversed from SFEN's: the seed's rule text.
        "w" => Color::Black,
        "b" => Color::White,
        _ => {
            return Err(EPD.err(
                TextField::Turn,
                side_at,
                side,
                "side to move must be `w` (Black, sente) or `b` (White, gote)",
            ));
        }
    };
    if let Some(&(extra_at, extra)) = fields.get(2) {
        return Err(EPD.err(
            TextField::Turn,
            extra_at,
            extra,
            "unexpected text after the side to move",
        ));
    }
    Ok(setup)
}

/// Reads an EPD string and checks the position at `strictness`.
///
/// # Errors
/// [`PositionTextError::Syntax`] for malformed text, [`PositionTextError::Position`] for a
/// position that `strictness` does not accept.
///
/// # Examples
/// ```
/// use tokin_core::{Position, Strictness};
/// use tokin_notation::position_text::epd;
///
/// let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w";
/// assert_eq!(epd::read(start, Strictness::Game).unwrap(), Position::startpos());
/// assert_eq!(epd::write(&Position::startpos()), start);
/// ```
pub fn read(text: &str, strictness: Strictness) -> Result<Position, PositionTextError> {
    let setup = read_setup(text)?;
    Ok(strictness.validate(&setup)?)
}

/// Writes `pos` as EPD (the move number is not part of EPD).
pub fn write(pos: &Position) -> String {
    let mut out = String::with_capacity(80);
    write_board(&mut out, pos, false);
    out.push('[');
    write_hand(&mut out, pos.hand(Color::Black), true, true);
    write_hand(&mut out, pos.hand(Color::White), false, true);
    out.push(']');
    out.push_str(match pos.side_to_move() {
        Color::Black => " w",
        Color::White => " b",
    });
    out
}
