//! Every evaluation parameter, in one place so that tuning touches one file.
//!
//! Units are centipawn-like: a pawn on the board is about 100. Tables indexed by piece kind
//! follow [`PieceKind::ALL`](crate::PieceKind::ALL) order: P L N S G B R K +P +L +N +S +B +R.

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
    /// Bonus for an attacking piece at Chebyshev distance 1, 2 or 3 from the enemy king,
    /// scaled by [`EvalParams::attack_weight`] / 16.
    pub attack_by_distance: [i32; 4],
    /// How much each kind counts as an attacker, in sixteenths.
    pub attack_weight: [i32; 14],
    /// Bonus for a gold or silver (or promoted minor) at distance 1, 2 from its own king.
    pub defender_by_distance: [i32; 3],
    /// Extra danger per piece the enemy holds in hand, added to each attack bonus (in
    /// sixteenths), because pieces in hand turn attacks into mating nets.
    pub hand_danger: i32,
    /// Bonus by the king's relative rank (index 0 = far rank): kings are safer at home, and
    /// safe again once they reach the enemy camp.
    pub king_rank: [i32; 9],
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
/// Tuned by Texel's method: minimising the squared error between sigmoid(eval / K) and the
/// game result (1, 1/2, 0), K = 1076 (fitted to the previous parameters first), on 165,995
/// quiet positions (leaves of a capture search, never in check, from ply 10 on) of 1,625
/// games at 100 to 1000 ms a move: this engine against YaneuraOu with a material-only
/// evaluation, and against its own earlier versions. A per-match offset for which engine
/// plays Black stands in for the strength difference between the two engines (so that the
/// parameters do not learn to recognise who plays), and an L2 penalty (1e-7 on placement and
/// king safety, 1e-8 on material) keeps the rest near its hand-set start.
/// Mean squared error before -> after: 0.17334 -> 0.16046 on those positions; 0.15766 ->
/// 0.14686 on 17,781 positions of 180 held-out games (those held-out games played between
/// two versions of this engine alone: 0.14894 -> 0.15367; over five folds of all games, the
/// self-play games held out improved by 0.0015 on average, in four folds of five).
pub const DEFAULT_PARAMS: EvalParams = EvalParams {
    board_value: [
        95, 322, 343, 432, 479, 849, 846, 0, 430, 477, 487, 508, 988, 1430,
    ],
    hand_value: [111, 337, 398, 582, 690, 840, 1097],
    rank_bonus: [
        // pawn
        [0, 21, 11, 23, 13, 19, -45, -11, -1],
        // lance
        [0, 10, 12, 7, 0, 1, 2, -13, 7],
        // knight
        [0, 0, 7, 11, 7, 1, -15, 3, -4],
        // silver
        [0, 10, 11, 19, 19, 12, -11, -29, 24],
        // gold
        [-11, -8, 2, 3, 14, 13, 7, 6, -11],
        // bishop
        [0, 0, 0, 0, -1, 12, 1, -6, -7],
        // rook
        [13, 11, 10, 1, 2, 2, 1, -27, 3],
        // king (see king_rank)
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        // promoted pawn
        [8, 20, 17, 9, 5, 0, 0, 0, 0],
        // promoted lance
        [21, 19, 10, 9, 5, 0, 0, 0, 0],
        // promoted knight
        [19, 18, 12, 10, 5, 0, 0, 0, 0],
        // promoted silver
        [21, 17, 13, 10, 5, 0, 0, 0, 0],
        // horse
        [10, 13, 8, -2, 0, 0, 5, 4, 5],
        // dragon
        [35, 33, 20, 3, -2, 1, 0, 0, -2],
    ],
    file_bonus: [
        // pawn
        [-5, 2, 9, 5, -11],
        // lance
        [-3, 4, -1, 1, -1],
        // knight
        [-18, 6, 2, 4, -1],
        // silver
        [-2, 16, 28, -44, -4],
        // gold
        [1, -3, 6, -2, -8],
        // bishop
        [-8, 4, -8, 7, 4],
        // rook
        [-1, -12, 0, -4, 2],
        // king
        [1, 4, 5, -7, -3],
        // promoted pawn
        [-10, 0, 0, -3, 1],
        // promoted lance
        [-8, 2, -2, 1, 0],
        // promoted knight
        [-2, 0, -2, -1, -1],
        // promoted silver
        [-1, 0, -2, -1, 1],
        // horse
        [-1, 3, 2, -1, 2],
        // dragon
        [-1, 3, 0, 1, 1],
    ],
    attack_by_distance: [0, 46, 57, 39],
    attack_weight: [12, 6, 5, 24, 23, 16, 28, 0, 37, 22, 19, 19, 39, 54],
    defender_by_distance: [0, -18, 41],
    hand_danger: -3,
    king_rank: [42, 31, 22, -57, -57, -45, -28, 9, -8],
    tempo: 9,
};
