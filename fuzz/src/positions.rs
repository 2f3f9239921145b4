//! Position texts: SFEN, and every start `tokin` and `position` take (SFEN, FEEN, EPD,
//! handicap names) with USI moves after it.

use tokin_core::{Position, Strictness};
use tokin_notation::position_text::read_start;

const STRICTNESS: [Strictness; 3] = [Strictness::Game, Strictness::Problem, Strictness::Relaxed];

/// SFEN at every strictness: what is read writes an SFEN that reads back to the same position,
/// and every legal move of it plays.
pub(crate) fn sfen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for strictness in STRICTNESS {
        if let Ok(pos) = Position::from_sfen_with(&text, strictness) {
            let again = pos.to_sfen();
            let back = Position::from_sfen_with(&again, strictness)
                .unwrap_or_else(|e| panic!("`{again}` (written from `{text}`) does not read: {e}"));
            assert_eq!(back.to_sfen(), again, "SFEN round trip of `{text}`");
            for mv in pos.legal_moves().iter() {
                let mut p = pos.clone();
                p.play(*mv)
                    .unwrap_or_else(|e| panic!("legal move {mv} of `{again}` refused: {e}"));
            }
        }
    }
}

/// A start in any form on the first line, USI moves on the rest: a position read plays again
/// from its own SFEN.
pub(crate) fn start(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.lines();
    let start = lines.next().unwrap_or("");
    let moves: Vec<&str> = lines.flat_map(str::split_whitespace).collect();
    for strictness in STRICTNESS {
        if let Ok((pos, _)) = read_start(start, &moves, strictness) {
            let sfen = pos.to_sfen();
            let (again, _) = read_start(&sfen, &[] as &[&str], Strictness::Relaxed)
                .unwrap_or_else(|e| panic!("`{sfen}` (read from `{start}`) does not read: {e}"));
            assert_eq!(again.to_sfen(), sfen);
        }
    }
}
