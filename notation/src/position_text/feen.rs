//! FEEN (Field Expression Encoding Notation, seed 000): `placement hands style-turn`.
//!
//! `lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s` is the start: the
//! board as SFEN writes it with `^` after each king (FEEN's mark of the piece whose capture
//! ends the game); the hands as `first/second` (Black's, then White's: `2PB/p`, a count
//! before a letter, `/` alone for none); and the style–turn field, the style of the side to
//! move first in upper case if that side is the first player (`S/s`: Black, shogi) and in
//! lower case if not (`s/S`: White). FEEN has no move number: reading gives 1.
//!
//! Reading takes a king without `^` and hand letters of either case (the side of the `/` says
//! whose hand it is); writing gives the canonical form above.

use super::fields::{Fields, split, write_board, write_hand};
use super::{PositionTextError, TextField, TextFormat, TextSyntaxError};
use tokin_core::{Color, Position, Setup, Strictness};

const FEEN: Fields = Fields {
    format: TextFormat::Feen,
};

/// Reads a FEEN string without checking the rules.
///
/// # Errors
/// A [`TextSyntaxError`] naming the field and the character where the text goes wrong.
pub fn read_setup(text: &str) -> Result<Setup, TextSyntaxError> {
    let fields = split(text);
    let end = text.chars().count();
    let mut setup = Setup::empty();
    let Some(&(board_at, board)) = fields.first() else {
        return Err(FEEN.err(TextField::Board, 0, text, "empty FEEN"));
    };
    FEEN.board(board, board_at, true, &mut setup)?;
    let Some(&(hands_at, hands)) = fields.get(1) else {
        return Err(FEEN.err(TextField::Hands, end, "", "missing hands (`/` for none)"));
    };
    let Some((black, white)) = hands.split_once('/') else {
        return Err(FEEN.err(
            TextField::Hands,
            hands_at,
            hands,
            "the hands are Black's and White's separated by `/`",
        ));
    };
    FEEN.hands(black, hands_at, Some(Color::Black), &mut setup)?;
    // `black` is followed by the one-byte `/`.
    let white_at = hands_at + black.chars().count() + 1;
    FEEN.hands(white, white_at, Some(Color::White), &mut setup)?;
    let Some(&(turn_at, turn)) = fields.get(2) else {
        return Err(FEEN.err(
            TextField::Turn,
            end,
            "",
            "missing style–turn field (`S/s` Black to move, `s/S` White)",
        ));
    };
    setup.side = match turn {
        "S/s" => Color::Black,
        "s/S" => Color::White,
        _ => {
            return Err(FEEN.err(
                TextField::Turn,
                turn_at,
                turn,
                "the style–turn field is `S/s` (Black to move) or `s/S` (White to move); \
                 S is shogi, upper case the first player",
            ));
        }
    };
    if let Some(&(extra_at, extra)) = fields.get(3) {
        return Err(FEEN.err(
            TextField::Turn,
            extra_at,
            extra,
            "unexpected text after the style–turn field (FEEN has three fields)",
        ));
    }
    Ok(setup)
}

/// Reads a FEEN string and checks the position at `strictness`.
///
/// # Errors
/// [`PositionTextError::Syntax`] for malformed text, [`PositionTextError::Position`] for a
/// position that `strictness` does not accept.
///
/// # Examples
/// ```
/// use tokin_core::{Position, Strictness};
/// use tokin_notation::position_text::feen;
///
/// // Seed 000: "Example (shogi starting position)".
/// let start = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s";
/// assert_eq!(feen::read(start, Strictness::Game).unwrap(), Position::startpos());
/// assert_eq!(feen::write(&Position::startpos()), start);
/// ```
pub fn read(text: &str, strictness: Strictness) -> Result<Position, PositionTextError> {
    let setup = read_setup(text)?;
    Ok(strictness.validate(&setup)?)
}

/// Writes `pos` as FEEN (the move number is not part of FEEN).
pub fn write(pos: &Position) -> String {
    let mut out = String::with_capacity(80);
    write_board(&mut out, pos, true);
    out.push(' ');
    write_hand(&mut out, pos.hand(Color::Black), true, false);
    out.push('/');
    write_hand(&mut out, pos.hand(Color::White), false, false);
    out.push_str(match pos.side_to_move() {
        Color::Black => " S/s",
        Color::White => " s/S",
    });
    out
}
