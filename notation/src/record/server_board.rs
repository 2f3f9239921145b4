//! The network shogi server's board displays (seed 004, `shogi set`): three looks, each
//! drawn as Black sees the board (`noflip`) or turned round for the player of White (`flip`).
//!
//! The seed shows one row fragment of each look, and these drawings follow them cell for cell:
//!
//! ```text
//! standard  : default board style     |\ N/|/+P\|
//! alternate : Shogi-L board style     | wN |+bP |
//! small     : Small board display     |wN bG bP+|
//! ```
//!
//! `standard` draws a piece as a shape that points away from its owner (`/+P\` is Black's
//! promoted pawn, pointing up the board; `\ N/` White's knight, pointing down), `alternate`
//! writes `+` for promoted, `w`/`b` for the side and the letter, and `small` the side, the
//! letter and `+` after it. The seed shows neither empty squares, nor the frame, nor the
//! hands: here an empty square is blank in `standard` and `alternate` (as on the e-mail board
//! of seed 003) and ` . ` in `small`; `small` has no bar between the cells `wN bG bP+` but
//! has bars round them, so it draws a bar after every third column (the only way the seed's
//! line appears as it is); rows are labelled `a` to `i` on the right and columns
//! `9` to `1` above (the server's help names its rows `a`–`i` top to bottom and its columns
//! `1`–`9` right to left), and each hand is a line of letters with counts (`P3`).
//!
//! The seed's `flip` turns the board round "if you are playing White"; a diagram of a position
//! has no player, so `flip` here turns it round when White is to move (the board as the player
//! to move sees it), and `noflip` (the default) always has Black at the bottom.

use core::fmt;
use std::fmt::Write as _;
use tokin_core::{Color, File, Hand, HandPiece, Piece, Position, Rank, Square};

/// One of the server's three board looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Look {
    /// `standard`: pieces as shapes pointing away from their owner, `|\ N/|/+P\|`.
    #[default]
    Standard,
    /// `alternate` (the Shogi-L look): `| wN |+bP |`.
    Alternate,
    /// `small`: `|wN bG bP+|`.
    Small,
}

/// A server board display: a [`Look`] and whether it is turned round for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ServerBoard {
    /// The look.
    pub look: Look,
    /// `flip`: drawn from White's side when White is to move.
    pub flip: bool,
}

impl ServerBoard {
    /// Reads `standard`, `alternate` (or `shogi-l`), `small`, `flip` or `noflip`, or a look and
    /// a seat joined by a comma (`small,flip`), case-insensitively. `flip` and `noflip` alone
    /// mean the standard look.
    pub fn from_name(name: &str) -> Option<ServerBoard> {
        let mut board = ServerBoard::default();
        let (mut look_seen, mut seat_seen) = (false, false);
        for word in name.split(',') {
            match word.trim().to_ascii_lowercase().as_str() {
                "standard" if !look_seen => (board.look, look_seen) = (Look::Standard, true),
                "alternate" | "shogi-l" if !look_seen => {
                    (board.look, look_seen) = (Look::Alternate, true);
                }
                "small" if !look_seen => (board.look, look_seen) = (Look::Small, true),
                "flip" if !seat_seen => (board.flip, seat_seen) = (true, true),
                "noflip" if !seat_seen => (board.flip, seat_seen) = (false, true),
                _ => return None,
            }
        }
        Some(board)
    }
}

impl fmt::Display for ServerBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.look {
            Look::Standard => "standard",
            Look::Alternate => "alternate",
            Look::Small => "small",
        })?;
        if self.flip {
            f.write_str(",flip")?;
        }
        Ok(())
    }
}

/// The text of one square in `look`, seen from `viewer`'s side.
fn cell(p: Option<Piece>, look: Look, viewer: Color) -> String {
    let Some(p) = p else {
        return match look {
            Look::Small => " . ".to_string(),
            Look::Standard | Look::Alternate => "    ".to_string(),
        };
    };
    let letter = p.kind.unpromote().usi_str();
    let side = if p.color == Color::White { 'w' } else { 'b' };
    let promoted = p.kind.is_promoted();
    match look {
        Look::Standard => {
            let mark = if promoted { '+' } else { ' ' };
            // Away from the viewer is up the drawing: `/..\`; towards the viewer `\../`.
            if p.color == viewer {
                format!("/{mark}{letter}\\")
            } else {
                format!("\\{mark}{letter}/")
            }
        }
        Look::Alternate => format!("{}{side}{letter} ", if promoted { '+' } else { ' ' }),
        Look::Small => format!("{side}{letter}{}", if promoted { '+' } else { ' ' }),
    }
}

fn hand_text(hand: Hand) -> String {
    if hand.is_empty() {
        return "-".to_string();
    }
    HandPiece::ALL
        .into_iter()
        .rev()
        .filter(|&p| hand.count(p) > 0)
        .map(|p| match hand.count(p) {
            1 => p.kind().usi_str().to_string(),
            n => format!("{}{n}", p.kind().usi_str()),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn color_name(c: Color) -> &'static str {
    if c == Color::Black { "Black" } else { "White" }
}

/// Draws `pos` as the server does in `board`'s look and seat: the far side's hand, the column
/// numbers, the framed board with row letters, the near side's hand and the side to move.
///
/// ```
/// use tokin_notation::record::server_board::{Look, ServerBoard, render};
///
/// let pos = tokin_core::Position::from_sfen("8k/9/9/9/9/9/9/9/K7+P b - 1").unwrap();
/// let small = render(&pos, ServerBoard { look: Look::Small, flip: false });
/// assert!(small.contains("|bK  .  . | .  .  . | .  . bP+| i"));
/// ```
pub fn render(pos: &Position, board: ServerBoard) -> String {
    let viewer = if board.flip {
        pos.side_to_move()
    } else {
        Color::Black
    };
    let width = if board.look == Look::Small { 3 } else { 4 };
    // Whether a bar stands before the cell of column `i` (from 0, left to right): between
    // all cells, or in the small look between groups of three.
    let bar_before = |i: usize| i > 0 && (board.look != Look::Small || i.is_multiple_of(3));
    let files: Vec<File> = if viewer == Color::Black {
        File::ALL.iter().rev().copied().collect()
    } else {
        File::ALL.to_vec()
    };
    let ranks: Vec<Rank> = if viewer == Color::Black {
        Rank::ALL.to_vec()
    } else {
        Rank::ALL.iter().rev().copied().collect()
    };
    let mut header = String::new();
    let mut at = 1;
    for (i, f) in files.iter().enumerate() {
        if bar_before(i) {
            at += 1;
        }
        // Each number above the middle of its cell.
        while header.len() < at + width / 2 {
            header.push(' ');
        }
        let _ = write!(header, "{}", f.number());
        at += width;
    }
    let inner = at - 1;
    let border = format!("+{}+", "-".repeat(inner));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} in hand: {}",
        color_name(!viewer),
        hand_text(pos.hand(!viewer))
    );
    let _ = writeln!(s, "{header}");
    let _ = writeln!(s, "{border}");
    for rank in &ranks {
        s.push('|');
        for (i, file) in files.iter().enumerate() {
            if bar_before(i) {
                s.push('|');
            }
            s.push_str(&cell(
                pos.piece_at(Square::new(*file, *rank)),
                board.look,
                viewer,
            ));
        }
        let _ = writeln!(s, "| {}", rank.usi_char());
    }
    let _ = writeln!(s, "{border}");
    let _ = writeln!(
        s,
        "{} in hand: {}",
        color_name(viewer),
        hand_text(pos.hand(viewer))
    );
    let _ = writeln!(s, "{} to move", color_name(pos.side_to_move()));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_print_back() {
        for name in [
            "standard",
            "alternate",
            "small",
            "small,flip",
            "alternate,flip",
        ] {
            let b = ServerBoard::from_name(name).unwrap();
            assert_eq!(b.to_string(), name);
        }
        assert_eq!(
            ServerBoard::from_name("flip"),
            Some(ServerBoard {
                look: Look::Standard,
                flip: true
            })
        );
        assert_eq!(
            ServerBoard::from_name("Shogi-L,NOFLIP").unwrap().look,
            Look::Alternate
        );
        for bad in ["", "small,small", "flip,noflip", "big", "small,"] {
            assert_eq!(ServerBoard::from_name(bad), None, "{bad}");
        }
    }
}
