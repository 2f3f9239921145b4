//! Move text in every style, one move and whole lines, in a handful of positions chosen to
//! need every disambiguation: what is read is legal, and what is written of it reads back to
//! the same move.

use std::sync::OnceLock;
use tokin_core::{Move, Position, Square};
use tokin_notation::{Options, Style, parse_line, parse_move, write_line, write_move};

/// The positions move text is read in: the start, three golds that can reach one square, a
/// middlegame with promoted pieces and full hands, and a White-to-move endgame.
const SFENS: [&str; 5] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "8k/9/9/9/9/9/2G6/3G5/K1G6 b - 1",
    "ln1g3nl/1r1s1kg2/p1pppp1pp/6p2/1p5P1/2P6/PPBPPPP1P/2G1K2R1/LN1G1GSNL b BSp 23",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "4k4/9/4P4/9/9/9/9/9/4K4 b 2r2b4g4s4n4l17p 1",
];

fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        SFENS
            .iter()
            .filter_map(|s| Position::from_sfen(s).ok())
            .collect()
    })
}

/// The first byte picks the style, the second the position and the square of the previous
/// move (for 同); the rest is the text.
pub(crate) fn moves(data: &[u8]) {
    let [style, at, text @ ..] = data else {
        return;
    };
    let style = Style::ALL[usize::from(*style) % Style::ALL.len()];
    let positions = positions();
    let pos = &positions[usize::from(*at) % positions.len()];
    let last_to = Square::from_index(usize::from(*at) / positions.len());
    let text = String::from_utf8_lossy(text);
    if let Ok(mv) = parse_move(pos, last_to, &text, style) {
        assert_written_back(pos, last_to, mv, style, &text);
    }
    if let Ok(line) = parse_line(pos, last_to, &text, style) {
        let mut p = pos.clone();
        for mv in &line {
            p.play(*mv)
                .unwrap_or_else(|e| panic!("`{text}` ({style:?}) read an illegal {mv}: {e}"));
        }
        let written = write_line(pos, last_to, &line, style, &Options::default())
            .unwrap_or_else(|e| panic!("line of `{text}` ({style:?}) not written: {e}"));
        let again = parse_line(pos, last_to, &written, style)
            .unwrap_or_else(|e| panic!("`{written}` (from `{text}`, {style:?}) not read: {e}"));
        assert_eq!(again, line, "`{text}` -> `{written}` ({style:?})");
    }
}

fn assert_written_back(
    pos: &Position,
    last_to: Option<Square>,
    mv: Move,
    style: Style,
    text: &str,
) {
    if let Err(e) = pos.is_legal(mv) {
        panic!("`{text}` ({style:?}) read an illegal {mv}: {e}");
    }
    let written = write_move(pos, last_to, mv, style)
        .unwrap_or_else(|e| panic!("{mv} (read from `{text}`, {style:?}) not written: {e}"));
    let again = parse_move(pos, last_to, &written, style)
        .unwrap_or_else(|e| panic!("`{written}` (from `{text}`, {style:?}) not read: {e}"));
    assert_eq!(again, mv, "`{text}` -> `{written}` ({style:?})");
}
