//! Every evaluation parameter, in one place so that tuning touches one file.
//!
//! Units are centipawn-like: a pawn on the board is about 100. Tables indexed by piece kind
//! follow [`PieceKind::ALL`](tokin_core::PieceKind::ALL) order: P L N S G B R K +P +L +N +S +B +R.

use super::control::ControlWeights;

/// Tunable evaluation parameters.
#[derive(Clone, Debug)]
pub struct EvalParams {
    /// Value of a piece on the board, by kind (the king counts 0).
    pub board_value: [i32; 14],
    /// Value of a piece in hand, by hand kind (P L N S G B R): a little above the board
    /// value, because a piece in hand can be dropped where it is needed.
    pub hand_value: [i32; 7],
    /// Bonus by relative rank (index 0 = the far rank, 8 = one's own back rank), by kind.
    /// Rewards advancing pawns, silvers and promoted pieces.
    pub rank_bonus: [[i32; 9]; 14],
    /// Bonus by file, mirrored (index 0 = an edge file, 1 or 9; 4 = the centre file 5), by
    /// kind, the king included.
    pub file_bonus: [[i32; 5]; 14],
    /// Bonus by the king's relative rank (index 0 = far rank): kings are safer at home, and
    /// safe again once they reach the enemy camp.
    pub king_rank: [i32; 9],
    /// The value of square control around one's own king: see
    /// [`ControlWeights`](super::ControlWeights).
    pub control: ControlWeights,
    /// Bonus for the side to move.
    pub tempo: i32,
}

/// What a piece is worth in an exchange, by kind (the king counts 0), for the search's
/// move ordering, static exchange and pruning: the hand-set values the search was built
/// around, kept apart from [`EvalParams::board_value`], which is tuned to predict results and
/// so also carries what goes with a piece's presence (a gold on the board is often a gold
/// tied to defence; its worth in hand is a separate number).
pub const EXCHANGE_VALUE: [i32; 14] = [
    90, 315, 405, 495, 540, 855, 990, 0, 540, 540, 540, 540, 945, 1395,
];

/// The parameters the engine plays with.
///
/// Tuned as on branch tune (Texel's method, K = 1076, 165,995 positions of 1,625 games, a
/// per-match offset for the engines' strength), but with only the material values free (board
/// and hand), everything else as set by hand: error 0.17334 -> 0.17122 on those positions,
/// 0.15766 -> 0.15781 on 180 held-out games (their self-play games alone: 0.14894 -> 0.14889;
/// over five folds, held-out self-play games improved by 0.0008 on average, in four folds
/// of five).
pub const DEFAULT_PARAMS: EvalParams = EvalParams {
    board_value: [
        105, 330, 357, 417, 461, 862, 851, 0, 434, 478, 487, 503, 990, 1444,
    ],
    hand_value: [105, 342, 400, 576, 690, 844, 1099],
    rank_bonus: [
        // pawn
        [0, 20, 10, 0, 0, 0, 0, 0, 0],
        // lance
        [0, 10, 10, 5, 0, 0, 0, 0, 0],
        // knight
        [0, 0, 10, 10, 5, 0, 0, 0, -10],
        // silver
        [0, 10, 10, 15, 15, 10, 5, 0, -5],
        // gold
        [-10, -5, 0, 0, 5, 5, 10, 10, 5],
        // bishop
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        // rook
        [10, 10, 10, 0, 0, 0, 0, 0, 0],
        // king (see king_rank)
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        // promoted pawn
        [20, 20, 15, 10, 5, 0, 0, 0, 0],
        // promoted lance
        [20, 20, 15, 10, 5, 0, 0, 0, 0],
        // promoted knight
        [20, 20, 15, 10, 5, 0, 0, 0, 0],
        // promoted silver
        [20, 20, 15, 10, 5, 0, 0, 0, 0],
        // horse
        [10, 10, 5, 0, 0, 0, 5, 5, 5],
        // dragon
        [30, 30, 20, 5, 0, 0, 0, 0, 0],
    ],
    // Not yet tuned: no file is better than another for any kind.
    file_bonus: [[0; 5]; 14],
    king_rank: [40, 30, 20, -60, -60, -45, -30, 0, 15],
    control: ControlWeights {
        own: 1564,
        their: 1803,
        level: [16, 12, 11],
    },
    tempo: 20,
};
