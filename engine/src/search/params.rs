//! Search tunables, in one place (numbers inside the search refer to these fields).

use std::sync::LazyLock;

/// `ln(i)` for the late-move reduction formula's depths and move counts (at most 63 each).
static LN: LazyLock<[f64; 64]> = LazyLock::new(|| std::array::from_fn(|i| (i as f64).ln()));

/// Pruning and reduction parameters of the alpha-beta search.
#[derive(Clone, Debug)]
pub struct SearchParams {
    /// Half-width of the first aspiration window, in centipawns (with the built-in network,
    /// 15 and 60 measured no better than 30: docs/strength.md).
    pub aspiration_delta: i32,
    /// Depth from which aspiration windows are used.
    pub aspiration_min_depth: i32,
    /// Reverse futility (static null move): margin per ply of depth.
    pub rfp_margin: i32,
    /// Reverse futility applies up to this depth.
    pub rfp_max_depth: i32,
    /// Reverse futility's margin at odd depths is larger by this: the network gives the side
    /// to move a bonus (about 175 on average), so a search to an odd depth, whose leaves have
    /// the other side to move, scores lower than one to an even depth (at the root by 100 to
    /// 230 up to depth 7), and the static evaluation it is compared with overstates it.
    pub rfp_odd_margin: i32,
    /// Razoring: a node this far below alpha (`razor_base + razor_per_depth2 * depth²`) is
    /// only given a quiescence search.
    pub razor_base: i32,
    /// Razoring margin per square of the depth.
    pub razor_per_depth2: i32,
    /// Razoring applies up to this depth.
    pub razor_max_depth: i32,
    /// Null move: smallest depth.
    pub null_min_depth: i32,
    /// Base null-move reduction.
    pub null_base_r: i32,
    /// Depth divisor for the additional null-move reduction.
    pub null_depth_div: i32,
    /// One more ply of null-move reduction per this much of the static eval above beta
    /// (at most three).
    pub null_eval_div: i32,
    /// Null move only at expected cut nodes when 1 (0: at every zero-window node). At an
    /// expected fail-low node a null search that fails is a subtree spent for nothing.
    pub null_cut_only: i32,
    /// Null move only when the static evaluation clears beta by `null_margin_base -
    /// null_margin_per_depth * depth` (never less than 0): the network's bonus for the side to move lifts most
    /// evaluations over beta, and most null searches from just above it fail.
    pub null_margin_base: i32,
    /// How much the null move's margin shrinks a ply of depth.
    pub null_margin_per_depth: i32,
    /// Futility pruning of quiet moves: base margin.
    pub futility_base: i32,
    /// Futility margin per ply of (reduced) depth.
    pub futility_per_depth: i32,
    /// When above 0, the reduced depth that quiet moves' futility and exchange pruning go by
    /// is moved a ply per this much of the move's ordering score (its histories): a move
    /// that has often failed is pruned from further up, one that has often cut off less.
    pub futility_history_div: i32,
    /// Futility and SEE pruning apply up to this (reduced) depth.
    pub futility_max_depth: i32,
    /// Futility of captures: the margin above the evaluation plus the piece won.
    pub capture_futility_base: i32,
    /// Futility of captures: the margin added per ply of reduced depth.
    pub capture_futility_per_depth: i32,
    /// Futility of captures: the deepest reduced depth it applies at.
    pub capture_futility_max_depth: i32,
    /// Late move pruning: the quiet moves tried at depth d before the rest are skipped are
    /// `(lmp_base + d²) / 2`, or `lmp_base + d²` when the position is improving.
    pub lmp_base: usize,
    /// Late move pruning applies up to this depth.
    pub lmp_max_depth: i32,
    /// A quiet move whose exchange loses more than this times the square of the reduced
    /// depth is skipped.
    pub see_quiet_margin: i32,
    /// A capture or check whose exchange loses more than this times the depth is skipped.
    pub see_tactical_margin: i32,
    /// Late move reductions: smallest depth.
    pub lmr_min_depth: i32,
    /// First move (0-based count of moves already searched) that may be reduced.
    pub lmr_min_moves: usize,
    /// LMR formula: reduction = `lmr_base` + ln(depth) * ln(moves) / `lmr_divisor`
    /// - moves * `lmr_per_move` / 1024, truncated to whole plies.
    pub lmr_divisor: f64,
    /// Constant part of the LMR formula.
    pub lmr_base: f64,
    /// Late move reductions less by this many 1024ths of a ply for each move searched before
    /// (YaneuraOu's and Stockfish's count term: with it the reduction stops growing with the
    /// move number past a dozen moves).
    pub lmr_per_move: f64,
    /// Extra reduction at an expected fail-high node.
    pub lmr_cut_node: i32,
    /// ... and this many more when the node has no hash move.
    pub lmr_cut_no_tt_move: i32,
    /// Late moves at a node that is or was on a principal variation are reduced this many
    /// plies less ...
    pub lmr_tt_pv: i32,
    /// ... and this many more at a node on the principal variation now.
    pub lmr_pv_node: i32,
    /// One ply less (more) reduction per this much history score above (below) zero.
    pub lmr_history_div: i32,
    /// A late move is reduced a ply more when more than this many of the node's moves
    /// searched before it were refuted by a cutoff (a node failing low everywhere);
    /// 0: off.
    pub lmr_child_cutoffs: i32,
    /// The most plies a late move's reduction may turn into an extension (a negative
    /// reduction, when its history and the node's kind outweigh its lateness); 0: none.
    pub lmr_max_extension: i32,
    /// 1: captures that do not lose by exchange are reduced as late moves too (by the
    /// formula alone, with no history term); 0: only quiet moves and losing captures.
    pub lmr_good_captures: i32,
    /// The history reward of a cutoff at depth d is `hist_bonus_quad` d² ...
    pub hist_bonus_quad: i32,
    /// ... plus `hist_bonus_lin` d ...
    pub hist_bonus_lin: i32,
    /// ... less this ...
    pub hist_bonus_offset: i32,
    /// ... and at most this (and at least 0) ...
    pub hist_bonus_max: i32,
    /// ... and the penalty of each quiet or capture tried before it, in percent of that.
    pub hist_malus_percent: i32,
    /// Internal iterative reduction: without a hash move, nodes at least this deep are
    /// searched one ply shallower.
    pub iir_min_depth: i32,
    /// 1: a node on the last iteration's principal variation (reached by its moves from the
    /// root) is spared internal iterative reduction and, at principal-variation nodes, the
    /// quiet moves' futility and exchange pruning, so that shallow pruning does not lose the
    /// line the last iteration found (a recent rule of Stockfish's and YaneuraOu's). 0: off.
    pub follow_pv: i32,
    /// Singular extensions are tried from this depth.
    pub singular_min_depth: i32,
    /// The singular test asks whether every other move fails below the hash move's table
    /// score less this many centipawns a ply of depth.
    pub singular_margin: i32,
    /// Hindsight: a node the parent reduced by two plies or more is searched a ply shallower
    /// when the two sides' static evaluations sum above this.
    pub hindsight_eval_sum: i32,
    /// Hindsight: a node the parent reduced by three plies or more is searched a ply deeper
    /// when the two sides' static evaluations sum to at most this (0: the opponent's position
    /// did not get worse by the parent's move; along played lines the sum averages about 30).
    pub hindsight_deeper_sum: i32,
    /// A reduced move that beats alpha is searched again a ply deeper when it beat the best
    /// score by more than this.
    pub deeper_margin: i32,
    /// ... and a ply shallower when it beat the best score by less than this.
    pub shallower_margin: i32,
    /// Quiescence delta pruning margin.
    pub delta_margin: i32,
    /// Quiet evasions quiescence searches in check once one holds off mate.
    pub qs_quiet_evasions: usize,
    /// Whether late move pruning skips quiet checks too (1) or spares them (0).
    pub lmp_checks: i32,
    /// Time pacing (`search/pacing.rs`): the soft limit grows by this many hundredths for
    /// each recent change of the best move (halved at each iteration) ...
    pub pace_instability: i32,
    /// ... by the fall of the score since the iteration two back, divided by this ...
    pub pace_fall_div: i32,
    /// ... and shrinks to this percentage ...
    pub pace_stable_percent: i32,
    /// ... when the best move has held this many iterations.
    pub pace_stable_iterations: i32,
    /// Score of a win or loss by perpetual check found inside the search (not a mate).
    pub perpetual_check_score: i32,
}

/// The parameters the engine plays with.
pub const DEFAULT_SEARCH_PARAMS: SearchParams = SearchParams {
    aspiration_delta: 30,
    aspiration_min_depth: 5,
    rfp_margin: 100,
    rfp_max_depth: 8,
    rfp_odd_margin: 0,
    razor_base: 300,
    razor_per_depth2: 250,
    razor_max_depth: 3,
    null_min_depth: 3,
    null_base_r: 3,
    null_depth_div: 3,
    null_eval_div: 200,
    null_cut_only: 0,
    null_margin_base: 0,
    null_margin_per_depth: 0,
    futility_base: 150,
    futility_per_depth: 120,
    futility_history_div: 0,
    futility_max_depth: 8,
    capture_futility_base: 200,
    capture_futility_per_depth: 150,
    capture_futility_max_depth: 6,
    lmp_base: 3,
    lmp_max_depth: 8,
    see_quiet_margin: 25,
    see_tactical_margin: 150,
    lmr_min_depth: 2,
    lmr_min_moves: 1,
    lmr_divisor: 2.0,
    lmr_base: 1.8,
    lmr_cut_node: 2,
    lmr_per_move: 64.0,
    lmr_cut_no_tt_move: 0,
    lmr_tt_pv: 1,
    lmr_pv_node: 0,
    lmr_history_div: 8000,
    lmr_child_cutoffs: 0,
    lmr_max_extension: 0,
    lmr_good_captures: 0,
    hist_bonus_quad: 16,
    hist_bonus_lin: 32,
    hist_bonus_offset: 0,
    hist_bonus_max: 2400,
    hist_malus_percent: 100,
    iir_min_depth: 4,
    follow_pv: 0,
    singular_min_depth: 8,
    singular_margin: 2,
    hindsight_eval_sum: 173,
    hindsight_deeper_sum: 0,
    deeper_margin: 48,
    shallower_margin: 9,
    delta_margin: 200,
    qs_quiet_evasions: 1,
    lmp_checks: 0,
    pace_instability: 100,
    pace_fall_div: 300,
    pace_stable_percent: 75,
    pace_stable_iterations: 6,
    perpetual_check_score: 20000,
};

/// A search parameter SPSA may tune: its USI option name, its range, and how it is read from
/// and written to [`SearchParams`] as an integer (fractions scaled by 100).
pub struct Tunable {
    /// The USI option a tuning build offers for it.
    pub name: &'static str,
    /// The smallest value SPSA may try.
    pub min: i32,
    /// The largest value SPSA may try.
    pub max: i32,
    /// The value in `params`, as the option gives it.
    pub get: fn(&SearchParams) -> i32,
    /// Sets the value in `params` from the option.
    pub set: fn(&mut SearchParams, i32),
}

/// Declares the tunables: `name: field in min..=max` for integer fields, and
/// `name: field / 100 in min..=max` for fractional ones (the option is 100 times the value).
macro_rules! tunables {
    ($($name:literal: $field:ident $(/ $scale:literal)? in $min:literal..=$max:literal),* $(,)?) => {
        &[$(Tunable {
            name: $name,
            min: $min,
            max: $max,
            get: |p| tunables!(@get p.$field $(, $scale)?),
            set: |p, v| p.$field = tunables!(@set v, p.$field $(, $scale)?),
        }),*]
    };
    (@get $v:expr) => { $v as i32 };
    (@get $v:expr, $scale:literal) => { ($v * $scale as f64).round() as i32 };
    (@set $v:ident, $field:expr) => { $v as _ };
    (@set $v:ident, $field:expr, $scale:literal) => { f64::from($v) / $scale as f64 };
}

/// Every parameter a tuning build (`--features tune`) offers as a USI option, for SPSA. The
/// release build has none: it plays [`DEFAULT_SEARCH_PARAMS`] as constants.
pub const TUNABLES: &[Tunable] = tunables![
    "AspirationDelta": aspiration_delta in 5..=200,
    "RfpMargin": rfp_margin in 20..=400,
    "RfpMaxDepth": rfp_max_depth in 1..=16,
    "RfpOddMargin": rfp_odd_margin in 0..=800,
    "RazorBase": razor_base in 0..=1000,
    "RazorPerDepth2": razor_per_depth2 in 0..=1000,
    "NullBaseR": null_base_r in 1..=6,
    "NullDepthDiv": null_depth_div in 1..=8,
    "NullEvalDiv": null_eval_div in 50..=800,
    "NullCutOnly": null_cut_only in 0..=1,
    "NullMarginBase": null_margin_base in 0..=600,
    "NullMarginPerDepth": null_margin_per_depth in 0..=40,
    "FutilityBase": futility_base in 0..=500,
    "FutilityPerDepth": futility_per_depth in 20..=400,
    "FutilityMaxDepth": futility_max_depth in 1..=16,
    "FutilityHistoryDiv": futility_history_div in 0..=20000,
    "CaptureFutilityBase": capture_futility_base in 0..=1000,
    "CaptureFutilityPerDepth": capture_futility_per_depth in 0..=600,
    "CaptureFutilityMaxDepth": capture_futility_max_depth in 0..=16,
    "LmpBase": lmp_base in 1..=12,
    "LmpMaxDepth": lmp_max_depth in 1..=64,
    "SeeQuietMargin": see_quiet_margin in 0..=200,
    "SeeTacticalMargin": see_tactical_margin in 0..=500,
    "LmrDivisor100": lmr_divisor / 100 in 100..=400,
    "LmrBase100": lmr_base / 100 in 0..=400,
    "LmrCutNode": lmr_cut_node in 0..=4,
    "LmrPerMove1024": lmr_per_move / 1 in 0..=200,
    "LmrCutNoTtMove": lmr_cut_no_tt_move in 0..=3,
    "LmrTtPv": lmr_tt_pv in 0..=4,
    "LmrPvNode": lmr_pv_node in 0..=3,
    "LmrHistoryDiv": lmr_history_div in 1000..=30000,
    "LmrChildCutoffs": lmr_child_cutoffs in 0..=8,
    "LmrMaxExtension": lmr_max_extension in 0..=2,
    "LmrGoodCaptures": lmr_good_captures in 0..=1,
    "HistBonusQuad": hist_bonus_quad in 0..=64,
    "HistBonusLin": hist_bonus_lin in 0..=600,
    "HistBonusOffset": hist_bonus_offset in 0..=600,
    "HistBonusMax": hist_bonus_max in 500..=8000,
    "HistMalusPercent": hist_malus_percent in 25..=200,
    "IirMinDepth": iir_min_depth in 2..=10,
    "FollowPv": follow_pv in 0..=1,
    "SingularMinDepth": singular_min_depth in 4..=14,
    "SingularMargin": singular_margin in 0..=16,
    "HindsightEvalSum": hindsight_eval_sum in 0..=600,
    "HindsightDeeperSum": hindsight_deeper_sum in 0..=800,
    "DeeperMargin": deeper_margin in 0..=300,
    "ShallowerMargin": shallower_margin in 0..=100,
    "DeltaMargin": delta_margin in 0..=600,
    "QsQuietEvasions": qs_quiet_evasions in 0..=64,
    "LmpChecks": lmp_checks in 0..=1,
    "PaceInstability": pace_instability in 0..=300,
    "PaceFallDiv": pace_fall_div in 50..=2000,
    "PaceStablePercent": pace_stable_percent in 30..=100,
    "PaceStableIterations": pace_stable_iterations in 2..=20,
];

/// The parameters a tuning build's options have set (the defaults until one is set).
#[cfg(feature = "tune")]
static TUNED: std::sync::RwLock<SearchParams> = std::sync::RwLock::new(DEFAULT_SEARCH_PARAMS);

/// The parameters searches play with: [`DEFAULT_SEARCH_PARAMS`], or in a tuning build what
/// its options set.
pub fn active_params() -> SearchParams {
    #[cfg(feature = "tune")]
    {
        TUNED
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
    #[cfg(not(feature = "tune"))]
    DEFAULT_SEARCH_PARAMS
}

/// Sets the tunable named `name` (case-insensitively) to `value`, held to its range; whether
/// a tunable has that name. Only a tuning build has them.
#[cfg(feature = "tune")]
pub fn set_tunable(name: &str, value: i32) -> bool {
    let Some(t) = TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name)) else {
        return false;
    };
    let mut p = TUNED
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    (t.set)(&mut p, value.clamp(t.min, t.max));
    true
}

impl SearchParams {
    /// The history reward of a cutoff at `depth`, and the penalty of the moves tried
    /// before it.
    #[inline]
    pub(crate) fn history_bonus(&self, depth: i32) -> (i32, i32) {
        let bonus = (self.hist_bonus_quad * depth * depth + self.hist_bonus_lin * depth
            - self.hist_bonus_offset)
            .clamp(0, self.hist_bonus_max);
        (bonus, bonus * self.hist_malus_percent / 100)
    }

    /// The late-move reduction at `depth` for the move after `moves` searched ones (each
    /// counted up to 63), before the adjustments for the node and the move.
    ///
    /// Worked out where it is used, from 64 logarithms kept once: a table of the 4,096
    /// values was built at every `go`, most of a short search's start.
    #[inline]
    pub(crate) fn reduction(&self, depth: usize, moves: usize) -> i32 {
        let (d, m) = (depth.min(63), moves.min(63));
        if d == 0 || m == 0 {
            return 0;
        }
        (self.lmr_base + LN[d] * LN[m] / self.lmr_divisor - m as f64 * self.lmr_per_move / 1024.0)
            as i32
    }
}

#[cfg(test)]
mod tests {
    use super::DEFAULT_SEARCH_PARAMS as P;
    use super::TUNABLES;

    /// Each tunable reads back what it sets, and its default lies within its range, so that a
    /// tuning build starts from the release build's search.
    #[test]
    fn tunables_read_back_and_start_within_their_ranges() {
        for t in TUNABLES {
            let d = (t.get)(&P);
            assert!((t.min..=t.max).contains(&d), "{} = {d}", t.name);
            let mut p = P.clone();
            (t.set)(&mut p, t.max);
            assert_eq!((t.get)(&p), t.max, "{}", t.name);
        }
        let names: std::collections::HashSet<_> = TUNABLES.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), TUNABLES.len());
    }

    #[test]
    fn reductions_follow_the_formula_grow_with_depth_and_level_off_with_moves() {
        assert_eq!(P.reduction(0, 10), 0);
        assert_eq!(P.reduction(10, 0), 0);
        // ln(1) = 0: the base less one move's share, 1.8 - 0.0625, truncated.
        assert_eq!(P.reduction(10, 1), 1);
        // 1.8 + ln(63)^2 / 2 - 63 / 16 = 6.46; counts above 63 count as 63.
        assert_eq!(P.reduction(63, 63), 6);
        assert_eq!(P.reduction(200, 500), 6);
        for d in 1..64 {
            for m in 1..64 {
                assert!(P.reduction(d, m) <= P.reduction(d + 1, m));
            }
        }
        // The count term flattens the reduction by move number: at depth 10 the formula gives
        // 3.3 to 4.0 plies to moves 5 to 40, and past 20 moves it falls again.
        for m in 5..=40 {
            assert!((3..=4).contains(&P.reduction(10, m)), "move {m}");
        }
        assert!(P.reduction(10, 60) < P.reduction(10, 20));
    }
}
