//! Search tunables, in one place (numbers inside the search refer to these fields).

/// Pruning and reduction parameters of the alpha-beta search.
#[derive(Clone, Debug)]
pub struct SearchParams {
    /// Half-width of the first aspiration window, in centipawns.
    pub aspiration_delta: i32,
    /// Depth from which aspiration windows are used.
    pub aspiration_min_depth: i32,
    /// Reverse futility (static null move): margin per ply of depth.
    pub rfp_margin: i32,
    /// Reverse futility applies up to this depth.
    pub rfp_max_depth: i32,
    /// Null move: smallest depth, base reduction and extra reduction per `null_depth_div`.
    pub null_min_depth: i32,
    /// Base null-move reduction.
    pub null_base_r: i32,
    /// Depth divisor for the additional null-move reduction.
    pub null_depth_div: i32,
    /// Futility pruning of quiet moves: base margin and margin per ply.
    pub futility_base: i32,
    /// Futility margin per ply of depth.
    pub futility_per_depth: i32,
    /// Futility pruning applies up to this depth.
    pub futility_max_depth: i32,
    /// Late move pruning: quiet moves tried at depth d before the rest are skipped is
    /// `lmp_base + d * d`.
    pub lmp_base: usize,
    /// Late move pruning applies up to this depth.
    pub lmp_max_depth: i32,
    /// Late move reductions: smallest depth and first move number reduced.
    pub lmr_min_depth: i32,
    /// First move (0-based count of moves already searched) that may be reduced.
    pub lmr_min_moves: usize,
    /// LMR formula: reduction = ln(depth) * ln(moves) / `lmr_divisor` (in hundredths).
    pub lmr_divisor: f64,
    /// Quiescence delta pruning margin.
    pub delta_margin: i32,
    /// Score of a win or loss by perpetual check found inside the search (not a mate).
    pub perpetual_check_score: i32,
}

/// The parameters the engine plays with.
pub const DEFAULT_SEARCH_PARAMS: SearchParams = SearchParams {
    aspiration_delta: 30,
    aspiration_min_depth: 5,
    rfp_margin: 110,
    rfp_max_depth: 6,
    null_min_depth: 3,
    null_base_r: 3,
    null_depth_div: 4,
    futility_base: 120,
    futility_per_depth: 120,
    futility_max_depth: 3,
    lmp_base: 5,
    lmp_max_depth: 3,
    lmr_min_depth: 3,
    lmr_min_moves: 3,
    lmr_divisor: 2.2,
    delta_margin: 250,
    perpetual_check_score: 20000,
};
