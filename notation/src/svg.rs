//! Board diagrams as SVG: the 9×9 grid with the pieces as kanji (White's turned upside down,
//! as on a printed diagram), each side's hand, the last move's squares shaded, and the file
//! numbers and rank kanji when asked for.
//!
//! Every piece on the board is one `<text class="piece black">` or `<text class="piece white">`,
//! every kind held one `<text class="hand-piece black|white">` followed, when more than one is
//! held, by a `<text class="hand-count">`, so that the drawing can be read back by a program
//! as well as looked at.
//!
//! ```
//! use tokin_core::{Move, Position};
//! use tokin_notation::svg::{SvgOptions, svg};
//!
//! let mut pos = Position::startpos();
//! let mv = Move::from_usi("7g7f").unwrap();
//! pos.play(mv).unwrap();
//! let drawing = svg(&pos, &SvgOptions { last_move: Some(mv), coordinates: true });
//! assert!(drawing.starts_with("<svg"));
//! assert_eq!(drawing.matches("class=\"piece ").count(), 40);
//! assert_eq!(drawing.matches("class=\"last-move\"").count(), 2);
//! ```

use crate::record::diagram::{kanji_number, kind_char};
use std::fmt::Write;
use tokin_core::{Color, File, HandPiece, Move, Position, Rank, Square};

/// What a diagram shows beside the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// A move whose squares are shaded (the origin too, for a board move): the move that led
    /// to the position.
    pub last_move: Option<Move>,
    /// Whether the file numbers (9 to 1, above the board) and rank kanji (一 to 九, on its
    /// right) are drawn.
    pub coordinates: bool,
}

/// A square's side in SVG units; everything else is measured from it.
const CELL: u32 = 40;
/// The board's left edge, leaving room for the side marks of the hands.
const LEFT: u32 = 20;
/// The height of a hand's row.
const HAND_ROW: u32 = 40;
/// The room above and right of the board for the coordinates.
const MARGIN: u32 = 24;
/// The board's top edge, below White's hand and the file numbers.
const TOP: u32 = HAND_ROW + MARGIN;
const BOARD: u32 = 9 * CELL;

/// The diagram of `pos` as a standalone SVG document.
pub fn svg(pos: &Position, opts: &SvgOptions) -> String {
    let width = LEFT + BOARD + MARGIN;
    let height = TOP + BOARD + 8 + HAND_ROW;
    let mut s = String::new();
    // Writing into a String cannot fail.
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\" \
         font-family=\"'Noto Serif CJK JP', 'Hiragino Mincho ProN', 'Yu Mincho', serif\">"
    );
    let _ = write!(
        s,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\
         <rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{BOARD}\" height=\"{BOARD}\" fill=\"#f3d89b\"/>"
    );
    if let Some(mv) = opts.last_move {
        for sq in mv.from().into_iter().chain([mv.to()]) {
            let (x, y) = corner(sq);
            let _ = write!(
                s,
                "<rect class=\"last-move\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" \
                 height=\"{CELL}\" fill=\"#e8a04e\" fill-opacity=\"0.6\"/>"
            );
        }
    }
    grid(&mut s);
    if opts.coordinates {
        coordinates(&mut s);
    }
    for rank in Rank::ALL {
        for file in File::ALL {
            let sq = Square::new(file, rank);
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let (x, y) = corner(sq);
            let (cx, cy) = (x + CELL / 2, y + CELL / 2);
            let (class, turn) = match piece.color {
                Color::Black => ("black", String::new()),
                Color::White => ("white", format!(" transform=\"rotate(180 {cx} {cy})\"")),
            };
            let _ = write!(
                s,
                "<text class=\"piece {class}\" x=\"{cx}\" y=\"{cy}\" font-size=\"30\" \
                 text-anchor=\"middle\" dominant-baseline=\"central\"{turn}>{}</text>",
                kind_char(piece.kind)
            );
        }
    }
    hand(&mut s, pos, Color::White, HAND_ROW / 2 + 4);
    hand(&mut s, pos, Color::Black, TOP + BOARD + 8 + HAND_ROW / 2);
    s.push_str("</svg>");
    s
}

/// The top left corner of a square: file 9 on the left, rank a (一) at the top.
fn corner(sq: Square) -> (u32, u32) {
    let column = 9 - u32::from(sq.file().number());
    let row = u32::from(sq.rank().number()) - 1;
    (LEFT + column * CELL, TOP + row * CELL)
}

/// The ten lines each way, the outer ones thicker, and the four hoshi dots.
fn grid(s: &mut String) {
    for i in 0..=9 {
        let width = if i == 0 || i == 9 { 2 } else { 1 };
        let (x, y) = (LEFT + i * CELL, TOP + i * CELL);
        let _ = write!(
            s,
            "<line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{}\" stroke=\"#000\" \
             stroke-width=\"{width}\"/><line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" \
             stroke=\"#000\" stroke-width=\"{width}\"/>",
            TOP + BOARD,
            LEFT + BOARD
        );
    }
    for (i, j) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
        let _ = write!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"2.5\" fill=\"#000\"/>",
            LEFT + i * CELL,
            TOP + j * CELL
        );
    }
}

/// File numbers above the board (9 on the left) and rank kanji on its right.
fn coordinates(s: &mut String) {
    for file in File::ALL {
        let x = LEFT + (9 - u32::from(file.number())) * CELL + CELL / 2;
        let _ = write!(
            s,
            "<text class=\"coordinate\" x=\"{x}\" y=\"{}\" font-size=\"14\" \
             text-anchor=\"middle\">{}</text>",
            TOP - 8,
            file.number()
        );
    }
    for rank in Rank::ALL {
        let y = TOP + (u32::from(rank.number()) - 1) * CELL + CELL / 2;
        let _ = write!(
            s,
            "<text class=\"coordinate\" x=\"{}\" y=\"{y}\" font-size=\"14\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            LEFT + BOARD + MARGIN / 2,
            kanji_number(u32::from(rank.number()))
        );
    }
}

/// A side's hand on one row centred at height `y`: its mark (☗ Black, ☖ White), then each kind
/// held from the rook down, with its count when more than one.
fn hand(s: &mut String, pos: &Position, color: Color, y: u32) {
    let (class, mark) = match color {
        Color::Black => ("black", '☗'),
        Color::White => ("white", '☖'),
    };
    let _ = write!(
        s,
        "<text class=\"side-mark {class}\" x=\"{LEFT}\" y=\"{y}\" font-size=\"24\" \
         dominant-baseline=\"central\">{mark}</text>"
    );
    let held = pos.hand(color);
    let mut x = LEFT + 40;
    for piece in HandPiece::ALL.into_iter().rev() {
        let n = held.count(piece);
        if n == 0 {
            continue;
        }
        let _ = write!(
            s,
            "<text class=\"hand-piece {class}\" x=\"{x}\" y=\"{y}\" font-size=\"26\" \
             dominant-baseline=\"central\">{}</text>",
            kind_char(piece.kind())
        );
        x += 28;
        if n > 1 {
            let _ = write!(
                s,
                "<text class=\"hand-count\" x=\"{x}\" y=\"{y}\" font-size=\"16\" \
                 dominant-baseline=\"central\">{n}</text>"
            );
            x += if n >= 10 { 22 } else { 14 };
        }
        x += 6;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokin_core::Strictness;

    #[test]
    fn start_position_has_forty_pieces_twenty_turned_and_empty_hands() {
        let text = svg(&Position::startpos(), &SvgOptions::default());
        assert_eq!(text.matches("class=\"piece black\"").count(), 20);
        assert_eq!(text.matches("class=\"piece white\"").count(), 20);
        assert_eq!(text.matches("rotate(180").count(), 20);
        assert_eq!(text.matches("class=\"hand-piece").count(), 0);
        assert_eq!(text.matches("class=\"coordinate\"").count(), 0);
        assert_eq!(text.matches("last-move").count(), 0);
        assert!(text.ends_with("</svg>"));
    }

    #[test]
    fn hands_coordinates_and_a_drop() {
        let pos =
            Position::from_sfen_with("4k4/9/9/9/9/9/9/9/4K4 b RG2P10p 1", Strictness::Relaxed)
                .unwrap();
        let drop = Move::from_usi("G*5b").unwrap();
        let opts = SvgOptions {
            last_move: Some(drop),
            coordinates: true,
        };
        let text = svg(&pos, &opts);
        // Rook, gold and pawns for Black, pawns for White, in that order.
        assert_eq!(text.matches("class=\"hand-piece black\"").count(), 3);
        assert_eq!(text.matches("class=\"hand-piece white\"").count(), 1);
        assert!(text.contains(">飛</text>"));
        assert!(text.contains(">2</text>") && text.contains(">10</text>"));
        let rook = text.find(">飛<").unwrap();
        let gold = text.find(">金<").unwrap();
        assert!(rook < gold);
        // A drop shades its destination only.
        assert_eq!(text.matches("class=\"last-move\"").count(), 1);
        assert_eq!(text.matches("class=\"coordinate\"").count(), 18);
        assert!(text.contains(">九</text>"));
    }

    #[test]
    fn squares_are_drawn_where_a_printed_diagram_has_them() {
        // 9a is the top left square, 1i the bottom right.
        assert_eq!(corner(Square::from_usi("9a").unwrap()), (LEFT, TOP));
        assert_eq!(
            corner(Square::from_usi("1i").unwrap()),
            (LEFT + 8 * CELL, TOP + 8 * CELL)
        );
    }
}
