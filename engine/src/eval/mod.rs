//! Static evaluation: material on the board and in hand, piece-square terms by rank, king
//! safety (attackers and defenders near each king, sharpened by pieces in hand) and the value
//! of promoted pieces. All numbers live in [`EvalParams`].
//!
//! Scores are from the side to move's point of view, as the search wants them.

mod params;

pub use params::{DEFAULT_PARAMS, EvalParams};

use crate::{Color, PieceKind, Position, Square};

/// Chebyshev (king-step) distances between squares (square index = file * 9 + rank).
static DISTANCE: [[u8; 81]; 81] = {
    let mut t = [[0u8; 81]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9).abs_diff(b / 9);
            let dr = (a % 9).abs_diff(b % 9);
            t[a][b] = if df > dr { df } else { dr } as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

/// A square's Chebyshev (king-step) distance to another.
#[inline]
fn distance(a: Square, b: Square) -> usize {
    usize::from(DISTANCE[a.index()][b.index()])
}

/// Rank index as seen from `color`: 0 is its far rank (the enemy's back rank).
#[inline]
fn relative_rank(sq: Square, color: Color) -> usize {
    usize::from(sq.rank().relative_number(color)) - 1
}

/// The material value of `kind` on the board (kings 0), for move ordering and pruning.
#[inline]
pub fn piece_value(kind: PieceKind) -> i32 {
    DEFAULT_PARAMS.board_value[kind.index()]
}

/// The evaluation of `pos` for the side to move with the default parameters.
///
/// # Examples
/// ```
/// use tokin_engine::{Position, eval::evaluate};
/// // The start position is symmetric: only the tempo bonus remains.
/// assert_eq!(evaluate(&Position::startpos()), tokin_engine::eval::DEFAULT_PARAMS.tempo);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &DEFAULT_PARAMS)
}

/// The evaluation of `pos` for the side to move with the given parameters.
pub fn evaluate_with(pos: &Position, p: &EvalParams) -> i32 {
    let black = side_score(pos, Color::Black, p);
    let white = side_score(pos, Color::White, p);
    let score = black - white;
    let stm = match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    };
    stm + p.tempo
}

/// Everything that is `color`'s own: material, placement, its attack on the enemy king and
/// the shelter of its own king.
fn side_score(pos: &Position, color: Color, p: &EvalParams) -> i32 {
    let mut s = 0;
    let own_king = pos.king_square(color);
    let their_king = pos.king_square(!color);
    let their_hand = pos.hand(!color).total() as i32;
    let our_hand = pos.hand(color).total() as i32;
    for (k, n) in pos.hand(color).iter() {
        s += p.hand_value[k.index()] * i32::from(n);
    }
    // Kind by kind, so that each piece is found from its kind's bitboard.
    for kind in PieceKind::ALL {
        if kind == PieceKind::King {
            if let Some(k) = own_king {
                s += p.king_rank[relative_rank(k, color)];
            }
            continue;
        }
        let k = kind.index();
        let attack_weight = p.attack_weight[k] + p.hand_danger * our_hand;
        let defender = matches!(
            kind,
            PieceKind::Gold
                | PieceKind::Silver
                | PieceKind::ProPawn
                | PieceKind::ProLance
                | PieceKind::ProKnight
                | PieceKind::ProSilver
        );
        for sq in pos.pieces_of(color, kind) {
            s += p.board_value[k] + p.rank_bonus[k][relative_rank(sq, color)];
            if let Some(tk) = their_king {
                let d = distance(sq, tk);
                if d < p.attack_by_distance.len() {
                    s += p.attack_by_distance[d] * attack_weight / 16;
                }
            }
            if defender && let Some(ok) = own_king {
                let d = distance(sq, ok);
                if d < p.defender_by_distance.len() {
                    // Defenders matter more when the enemy holds pieces to drop.
                    s += p.defender_by_distance[d] * (16 + their_hand) / 16;
                }
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_differ_only_by_tempo() {
        let pos = Position::startpos();
        assert_eq!(evaluate(&pos), DEFAULT_PARAMS.tempo);
        let w =
            Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
                .unwrap();
        assert_eq!(evaluate(&w), DEFAULT_PARAMS.tempo);
    }

    #[test]
    fn extra_material_is_good_for_its_owner() {
        // Black holds an extra rook.
        let b = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1").unwrap();
        let w = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w R 1").unwrap();
        assert!(evaluate(&b) > 800);
        assert!(evaluate(&w) < -800);
    }

    #[test]
    fn promoted_pieces_are_worth_more() {
        let pawn = Position::from_sfen("4k4/9/9/9/9/4P4/9/9/4K4 b - 1").unwrap();
        let tokin = Position::from_sfen("4k4/9/9/9/9/4+P4/9/9/4K4 b - 1").unwrap();
        assert!(evaluate(&tokin) > evaluate(&pawn) + 300);
    }
}
