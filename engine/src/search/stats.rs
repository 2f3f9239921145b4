//! What the search did, counted (with the `stats` feature only): how often each pruning,
//! reduction and extension fired, how often the table answered and the first move cut off,
//! and the share of nodes in quiescence, for comparing trees (strength/tree_compare.py).
//! The release build has none of it: [`stat!`] expands to nothing there.

/// Counts of one search thread's events, printed by the main thread at the end of a search.
#[cfg(feature = "stats")]
#[derive(Default, Debug, Clone)]
pub(crate) struct SearchStats {
    /// Nodes of the alpha-beta search proper (depth above zero).
    pub main_nodes: u64,
    /// Nodes of quiescence.
    pub q_nodes: u64,
    /// Alpha-beta nodes whose table probe found an entry.
    pub tt_hits: u64,
    /// Alpha-beta nodes the table's score decided.
    pub tt_cuts: u64,
    /// Nodes ended by a mate in one.
    pub mate1: u64,
    /// Razoring and reverse futility cutoffs.
    pub razor: u64,
    pub rfp: u64,
    /// Null moves tried and those that cut off.
    pub null_tries: u64,
    pub null_cuts: u64,
    /// Moves skipped by late move pruning (each move handed out and skipped; the moves the
    /// picker then drops unseen are not counted), futility, and the two SEE tests.
    pub lmp: u64,
    pub futility: u64,
    pub see_quiet: u64,
    pub see_tactical: u64,
    /// Captures and promotions skipped by futility.
    pub capture_futility: u64,
    /// Moves searched (made) in alpha-beta nodes.
    pub moves: u64,
    /// Reduced searches, their plies in all, and how many were searched again at full depth.
    pub reduced: u64,
    pub reduced_plies: u64,
    pub re_searched: u64,
    /// Extensions: by check, singular (one ply, two plies), and negative ones.
    pub ext_check: u64,
    pub ext_singular: u64,
    pub ext_double: u64,
    pub ext_negative: u64,
    /// Singular tests run, and nodes cut by them (multi-cut).
    pub singular_tests: u64,
    pub multicut: u64,
    /// Nodes that failed high, and those that did on their first move.
    pub fail_high: u64,
    pub fail_high_first: u64,
}

/// Adds one (or `n`) to a counter of the worker's [`SearchStats`] in a `stats` build; nothing
/// otherwise.
#[cfg(feature = "stats")]
macro_rules! stat {
    ($w:expr, $field:ident) => {
        $w.stats.$field += 1
    };
    ($w:expr, $field:ident, $n:expr) => {
        $w.stats.$field += $n as u64
    };
}
#[cfg(not(feature = "stats"))]
macro_rules! stat {
    ($w:expr, $field:ident $(, $n:expr)?) => {};
}
pub(crate) use stat;

#[cfg(feature = "stats")]
impl SearchStats {
    /// One line of `name=value` pairs, shares in percent where a count is of a whole.
    pub(crate) fn line(&self) -> String {
        let pct = |a: u64, b: u64| {
            if b == 0 {
                0.0
            } else {
                100.0 * a as f64 / b as f64
            }
        };
        let nodes = self.main_nodes + self.q_nodes;
        format!(
            "stats nodes={nodes} qnodes%={:.1} tthit%={:.1} ttcut%={:.1} mate1={} razor={} rfp={} \
             nullcut={} nulltry={} lmp={} futility={} seeq={} seet={} capfut={} moves={} reduced%={:.1} \
             meanr={:.2} research%={:.1} ext_check={} ext_singular={} ext_double={} \
             ext_negative={} singular_tests={} multicut={} failhigh={} firstcut%={:.1}",
            pct(self.q_nodes, nodes),
            pct(self.tt_hits, self.main_nodes),
            pct(self.tt_cuts, self.main_nodes),
            self.mate1,
            self.razor,
            self.rfp,
            self.null_cuts,
            self.null_tries,
            self.lmp,
            self.futility,
            self.see_quiet,
            self.see_tactical,
            self.capture_futility,
            self.moves,
            pct(self.reduced, self.moves),
            if self.reduced == 0 {
                0.0
            } else {
                self.reduced_plies as f64 / self.reduced as f64
            },
            pct(self.re_searched, self.reduced),
            self.ext_check,
            self.ext_singular,
            self.ext_double,
            self.ext_negative,
            self.singular_tests,
            self.multicut,
            self.fail_high,
            pct(self.fail_high_first, self.fail_high),
        )
    }
}
