//! The network server's handicap expressions (seed 004, `-handicap=...`), turned into a start
//! position.
//!
//! The seed's help describes the forms but its examples did not survive, so the syntax here
//! is this reading of its rule text, terms separated by `,`:
//!
//! - a preset, "Standard Shogi handicaps (2 piece, 3 piece, etc) may be abbreviated as 2p,
//!   3p, etc.": `2p`, `3p`, `4p`, `5p`, `6p`, `7p` (the left seven pieces, 左七枚落ち), `8p`,
//!   `10p`;
//! - by piece, "Handicaps specified by piece will remove White's pieces starting with the
//!   leftmost piece": `R`, `B`, `L` (then 1a, then 9a: White's left is file 1, as in 香落ち),
//!   several letters at once (`RBL`);
//! - by square, "Handicaps specified by rank&file will remove any specified piece": `5c` (or
//!   `c5`, the server's other order);
//! - placing, "this syntax places or replaces a piece (a Gold General at 8b)": `G8b`, `+R5e`;
//!   the piece is the colour of the one it replaces, else White's; `b` or `w` before the
//!   letter says the colour (`bG8b`).
//!
//! The seed's example "removes the Rook, Bishop, and King's Pawn, and changes the Silver
//! Generals to Gold Generals" is `R,B,5c,G7a,G3a`. White moves first, as the seed says of
//! handicap games; the result is held to a [`Strictness`] like any other start.

use super::fields::Fields;
use super::{PositionTextError, TextField, TextFormat, TextSyntaxError};
use tokin_core::{
    Color, File, Handicap, Piece, PieceKind, Position, Rank, Setup, Square, Strictness,
};

const HANDICAP: Fields = Fields {
    format: TextFormat::Handicap,
};

/// Whether `text` is a handicap expression: it starts with `-handicap=` or `handicap=`.
pub fn is_handicap(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with("-handicap=") || t.starts_with("handicap=")
}

fn err(offset: usize, found: impl Into<String>, reason: impl Into<String>) -> TextSyntaxError {
    HANDICAP.err(TextField::Term, offset, found, reason)
}

fn square(a: char, b: char) -> Option<Square> {
    let (n, l) = match (a, b) {
        ('1'..='9', 'a'..='i') => (a, b),
        ('a'..='i', '1'..='9') => (b, a),
        _ => return None,
    };
    let file = File::from_number(n.to_digit(10).and_then(|d| u8::try_from(d).ok())?)?;
    let rank = Rank::ALL.get(usize::try_from(u32::from(l) - u32::from('a')).ok()?)?;
    Some(Square::new(file, *rank))
}

fn preset(n: u32) -> Option<Handicap> {
    Some(match n {
        2 => Handicap::TwoPieces,
        3 => Handicap::ThreePieces,
        4 => Handicap::FourPieces,
        5 => Handicap::FivePieces,
        6 => Handicap::SixPieces,
        7 => Handicap::LeftSevenPieces,
        8 => Handicap::EightPieces,
        10 => Handicap::TenPieces,
        _ => return None,
    })
}

/// Removes `color`'s leftmost piece of `kind` as that side sees the board.
fn remove_leftmost(setup: &mut Setup, color: Color, kind: PieceKind) -> bool {
    // White's left is file 1; Black's is file 9. Along a file, the front piece first.
    let mut files: Vec<File> = File::ALL.to_vec();
    let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
    if color == Color::Black {
        files.reverse();
    } else {
        ranks.reverse();
    }
    for &f in &files {
        for &r in &ranks {
            let sq = Square::new(f, r);
            if setup.piece_at(sq) == Some(Piece::new(color, kind)) {
                setup.board[sq.index()] = None;
                return true;
            }
        }
    }
    false
}

/// Applies one term at character `at`.
fn apply(setup: &mut Setup, term: &str, at: usize) -> Result<(), TextSyntaxError> {
    let chars: Vec<char> = term.chars().collect();
    // A preset: digits then `p`.
    if let Some(num) = term.strip_suffix(['p', 'P'])
        && !num.is_empty()
        && num.chars().all(|c| c.is_ascii_digit())
    {
        let h = num.parse::<u32>().ok().and_then(preset).ok_or_else(|| {
            err(
                at,
                term,
                "no such standard handicap (2p, 3p, 4p, 5p, 6p, 7p, 8p, 10p)",
            )
        })?;
        for &sq in h.removed() {
            setup.board[sq.index()] = None;
        }
        return Ok(());
    }
    // A square alone: remove what stands there.
    if let [a, b] = chars[..]
        && let Some(sq) = square(a, b)
    {
        if setup.piece_at(sq).is_none() {
            return Err(err(
                at,
                term,
                format!("there is no piece on {sq} to remove"),
            ));
        }
        setup.board[sq.index()] = None;
        return Ok(());
    }
    let mut i = 0;
    let color = match (chars.first(), chars.get(1)) {
        (Some('b'), Some(c)) if c.is_ascii_uppercase() || *c == '+' => Some(Color::Black),
        (Some('w'), Some(c)) if c.is_ascii_uppercase() || *c == '+' => Some(Color::White),
        _ => None,
    };
    if color.is_some() {
        i += 1;
    }
    let promoted = chars.get(i) == Some(&'+');
    if promoted {
        i += 1;
    }
    let letter_at = i;
    let mut kinds = Vec::new();
    while let Some(&c) = chars.get(i) {
        if !c.is_ascii_uppercase() {
            break;
        }
        let kind = PieceKind::from_usi_letter(c)
            .ok_or_else(|| err(at + i, c, "unknown piece letter (P L N S G B R K)"))?;
        kinds.push(kind);
        i += 1;
    }
    if kinds.is_empty() {
        return Err(err(
            at + i,
            term,
            "expected a preset (2p), piece letters (RB), a square (5c) or a piece and a square (G8b)",
        ));
    }
    // Placing: one piece and a square.
    if let (Some(&a), Some(&b)) = (chars.get(i), chars.get(i + 1)) {
        let sq = square(a, b).ok_or_else(|| err(at + i, term, "expected a square such as 8b"))?;
        if let Some(&extra) = chars.get(i + 2) {
            return Err(err(at + i + 2, extra, "unexpected text after the square"));
        }
        let [kind] = kinds[..] else {
            return Err(err(at + letter_at, term, "one piece is placed on a square"));
        };
        let kind = if promoted {
            kind.promote()
                .ok_or_else(|| err(at + letter_at, term, "this piece cannot be promoted"))?
        } else {
            kind
        };
        let color = color
            .or(setup.piece_at(sq).map(|p| p.color))
            .unwrap_or(Color::White);
        setup.board[sq.index()] = Some(Piece::new(color, kind));
        return Ok(());
    }
    if let Some(&c) = chars.get(i) {
        return Err(err(at + i, c, "expected a square after the piece"));
    }
    if promoted {
        return Err(err(
            at,
            term,
            "a promoted piece is only placed, with a square",
        ));
    }
    let color = color.unwrap_or(Color::White);
    for (k, kind) in kinds.into_iter().enumerate() {
        if !remove_leftmost(setup, color, kind) {
            return Err(err(
                at + letter_at + k,
                kind.usi_str(),
                format!("{color} has no {} left to remove", kind.usi_str()),
            ));
        }
    }
    Ok(())
}

/// Reads a handicap expression (with or without `-handicap=`) into a setup: the even start
/// with the terms applied in turn, White to move.
///
/// # Errors
/// A [`TextSyntaxError`] naming the term's first character and what is wrong with it.
pub fn read_setup(text: &str) -> Result<Setup, TextSyntaxError> {
    let trimmed = text.trim_start();
    let lead = text.chars().count() - trimmed.chars().count();
    let (body, skip) = if let Some(b) = trimmed.strip_prefix("-handicap=") {
        (b, 10)
    } else if let Some(b) = trimmed.strip_prefix("handicap=") {
        (b, 9)
    } else {
        (trimmed, 0)
    };
    let body = body.trim_end();
    let mut setup = Handicap::Even.position().to_setup();
    setup.side = Color::White;
    if body.is_empty() {
        return Err(err(lead + skip, "", "empty handicap"));
    }
    let mut at = lead + skip;
    for term in body.split(',') {
        let t = term.trim();
        let pad = term.chars().take_while(|c| c.is_whitespace()).count();
        if t.is_empty() {
            return Err(err(at, term, "empty term"));
        }
        apply(&mut setup, t, at + pad)?;
        at += term.chars().count() + 1;
    }
    Ok(setup)
}

/// Reads a handicap expression and holds the start to `strictness`.
///
/// # Errors
/// [`PositionTextError::Syntax`] for a term that cannot be read or applied,
/// [`PositionTextError::Position`] for a start that cannot be played (a king removed, two
/// pawns placed on a file, ...).
///
/// # Examples
/// ```
/// use tokin_core::{Handicap, Strictness};
/// use tokin_notation::position_text::handicap;
///
/// assert_eq!(handicap::read("-handicap=2p", Strictness::Game).unwrap(), Handicap::TwoPieces.position());
/// // The seed's example: six golds are more than a set holds, so only `relaxed` takes it.
/// let example = "-handicap=R,B,5c,G7a,G3a";
/// let pos = handicap::read(example, Strictness::Relaxed).unwrap();
/// assert_eq!(pos.to_sfen(), "lnggkggnl/9/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
/// assert!(handicap::read(example, Strictness::Game).is_err());
/// ```
pub fn read(text: &str, strictness: Strictness) -> Result<Position, PositionTextError> {
    let setup = read_setup(text)?;
    Ok(strictness.validate(&setup)?)
}
