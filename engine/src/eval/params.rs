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
pub const DEFAULT_PARAMS: EvalParams = EvalParams {
    board_value: [
        90, 315, 405, 495, 540, 855, 990, 0, 540, 540, 540, 540, 945, 1395,
    ],
    hand_value: [105, 345, 440, 550, 600, 950, 1100],
    rank_bonus: [
        // pawn: only a pawn deep in the enemy camp, about to promote, is worth more; a pawn
        // pushed to the middle is a target, not an asset
        [0, 20, 10, 0, 0, 0, 0, 0, 0],
        // lance
        [0, 10, 10, 5, 0, 0, 0, 0, 0],
        // knight: knights stuck at the edge of the far ranks are weak
        [0, 0, 10, 10, 5, 0, 0, 0, -10],
        // silver
        [0, 10, 10, 15, 15, 10, 5, 0, -5],
        // gold: golds belong near home
        [-10, -5, 0, 0, 5, 5, 10, 10, 5],
        // bishop
        [0; 9],
        // rook
        [10, 10, 10, 0, 0, 0, 0, 0, 0],
        // king (see king_rank)
        [0; 9],
        // promoted minors: strong near the enemy king's ranks
        [20, 20, 15, 10, 5, 0, 0, 0, 0],
        [20, 20, 15, 10, 5, 0, 0, 0, 0],
        [20, 20, 15, 10, 5, 0, 0, 0, 0],
        [20, 20, 15, 10, 5, 0, 0, 0, 0],
        // horse: good both attacking and defending
        [10, 10, 5, 0, 0, 0, 5, 5, 5],
        // dragon: belongs in the enemy camp
        [30, 30, 20, 5, 0, 0, 0, 0, 0],
    ],
    file_bonus: [[0; 5]; 14],
    attack_by_distance: [0, 40, 20, 8],
    attack_weight: [6, 10, 12, 16, 16, 18, 20, 0, 16, 16, 16, 16, 24, 28],
    defender_by_distance: [0, 30, 12],
    hand_danger: 2,
    king_rank: [40, 30, 20, -60, -60, -45, -30, 0, 15],
    tempo: 20,
};
