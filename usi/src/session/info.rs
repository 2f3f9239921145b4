//! What the engine prints about a search: `info` lines, the PV in a human notation
//! (`PvNotation`), the mate solver's progress, `bestmove`, and the board for `d`.

use super::output::{Output, say_all};
use std::time::{Duration, Instant};
use tokin_core::{Position, Square};
use tokin_engine::search::{Bound, IterationInfo, Score, SearchObserver, SearchOutcome};
use tokin_notation::record::diagram::Style as DiagramStyle;

/// Formats an `info` line.
pub fn format_info(info: &IterationInfo, with_multipv: bool) -> String {
    let ms = info.time.as_millis() as u64;
    let nps = info.nodes.saturating_mul(1000) / ms.max(1);
    let mut s = format!(
        "info depth {} seldepth {} time {ms} nodes {} nps {nps} hashfull {}",
        info.depth.max(1),
        info.seldepth.max(info.depth.max(1)),
        info.nodes,
        info.hashfull
    );
    match info.score {
        Score::Cp(v) => s.push_str(&format!(" score cp {v}")),
        Score::Mate(n) => s.push_str(&format!(" score mate {n}")),
    }
    match info.bound {
        Bound::Exact => {}
        Bound::Lower => s.push_str(" lowerbound"),
        Bound::Upper => s.push_str(" upperbound"),
    }
    if with_multipv {
        s.push_str(&format!(" multipv {}", info.multipv));
    }
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for m in &info.pv {
            s.push(' ');
            s.push_str(&m.to_string());
        }
    }
    s
}

/// Prints iterations as `info` lines: every finished iteration (there are at most a few
/// per millisecond at the start and they soon slow down), aspiration fails at most every
/// 200 ms, so the GUI is never flooded.
pub(super) struct InfoPrinter {
    pub(super) out: Output,
    pub(super) multipv: bool,
    pub(super) last_bound_line: Option<Instant>,
    pub(super) pv_notation: Option<PvNotation>,
    /// For each variation (`multipv` - 1), what its last line said, less the time
    /// ([`same_report`]): the search's final report repeats the last iteration's when the
    /// search ended with an iteration, and that report is not printed twice.
    pub(super) printed: Vec<String>,
}

/// What an `info` line says apart from the time it was written at (time, speed and the
/// table's fill, which move on while a finished search waits for its `bestmove` to go out).
pub(super) fn same_report(info: &IterationInfo) -> String {
    let mut still = info.clone();
    still.time = Duration::ZERO;
    still.hashfull = 0;
    format_info(&still, true)
}

impl InfoPrinter {
    /// Notes that the line of `info` went out.
    pub(super) fn note_printed(&mut self, info: &IterationInfo) {
        let i = info.multipv.saturating_sub(1);
        if self.printed.len() <= i {
            self.printed.resize(i + 1, String::new());
        }
        self.printed[i] = same_report(info);
    }

    /// Whether the last line printed for `info`'s variation said what `info` says.
    pub(super) fn already_printed(&self, info: &IterationInfo) -> bool {
        self.printed
            .get(info.multipv.saturating_sub(1))
            .is_some_and(|p| *p == same_report(info))
    }
}

/// What `PvNotation` needs to write a PV in a human notation: the style and the root.
pub(super) struct PvNotation {
    pub(super) style: tokin_notation::Style,
    pub(super) root: Position,
    pub(super) last_to: Option<Square>,
}

impl PvNotation {
    /// The `info string` line with `info`'s PV in the style, if there is a PV.
    pub(super) fn line(&self, info: &IterationInfo) -> Option<String> {
        if info.pv.is_empty() {
            return None;
        }
        let opts = tokin_notation::Options::default();
        let text =
            tokin_notation::write_line(&self.root, self.last_to, &info.pv, self.style, &opts)
                .ok()?;
        Some(if info.multipv > 1 {
            format!("info string multipv {} {text}", info.multipv)
        } else {
            format!("info string {text}")
        })
    }
}

impl SearchObserver for InfoPrinter {
    fn iteration(&mut self, info: &IterationInfo) {
        if info.bound != Bound::Exact {
            let now = Instant::now();
            if self
                .last_bound_line
                .is_some_and(|t| now.duration_since(t) < Duration::from_millis(200))
            {
                return;
            }
            self.last_bound_line = Some(now);
        }
        let mut lines = vec![format_info(info, self.multipv)];
        lines.extend(self.pv_notation.as_ref().and_then(|p| p.line(info)));
        say_all(&self.out, &lines);
        self.note_printed(info);
    }
}

/// The board as text for the `d` command: the compact diagram of `tokin board` (Black at the
/// bottom, hands above and below, ◀ at the side to move), then the SFEN.
pub fn diagram(pos: &Position) -> Vec<String> {
    let board = tokin_notation::record::diagram::render(pos, DiagramStyle::Unicode);
    let mut lines: Vec<String> = board.lines().map(str::to_string).collect();
    lines.push(format!("sfen {}", pos.to_sfen()));
    lines
}

/// `info nodes N nps X time T [hashfull H]` for the mate solver.
pub(super) fn mate_info_line(nodes: u64, time: Duration, hashfull: Option<u32>) -> String {
    let ms = time.as_millis().max(1) as u64;
    let nps = nodes.saturating_mul(1000) / ms;
    let mut s = format!("info nodes {nodes} nps {nps} time {}", time.as_millis());
    if let Some(h) = hashfull {
        s.push_str(&format!(" hashfull {h}"));
    }
    s
}

/// The `bestmove` line of a search's outcome.
pub(super) fn bestmove_line(outcome: &SearchOutcome) -> String {
    match outcome {
        SearchOutcome::Move {
            best,
            ponder: Some(p),
        } => format!("bestmove {best} ponder {p}"),
        SearchOutcome::Move { best, ponder: None } => format!("bestmove {best}"),
        SearchOutcome::Resign => "bestmove resign".to_string(),
        SearchOutcome::Win => "bestmove win".to_string(),
    }
}
