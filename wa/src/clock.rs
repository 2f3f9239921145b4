//! The arguments of USI's `go` and the time they leave for one move.
//!
//! The search stops at a hard deadline taken from the clock with a margin (the engine's
//! option `Margin`, [`DEFAULT_MARGIN`] unless set) for the process to answer; it starts no new iteration past a softer one, a share of what is left.

use crate::board::Color;
use crate::search::Limits;
use std::time::{Duration, Instant};

/// Kept back from the time a move may use: the answer has to reach the GUI, and the machine
/// may be busy. On 2 cores loaded 8 to 10 deep, moves overran a 100 ms margin by up to 400 ms
/// (`docs/wa.md`), so the default is larger than the usual 100 ms.
pub const DEFAULT_MARGIN: Duration = Duration::from_millis(300);
/// Moves the main time is spread over when no other limit is given.
const MOVES_TO_GO: u32 = 40;

/// What `go` asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Go {
    /// `depth N`.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// `btime MS` and `wtime MS`, by [`Color::index`].
    pub time: [Option<u64>; 2],
    /// `binc MS` and `winc MS`.
    pub inc: [u64; 2],
    /// `byoyomi MS`.
    pub byoyomi: u64,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl Go {
    /// Reads the words after `go`.
    ///
    /// # Errors
    /// A message naming the word that is not a known argument or a number after one.
    pub fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            if matches!(key, "infinite" | "ponder") {
                go.infinite = true;
                i += 1;
                continue;
            }
            let value = words
                .get(i + 1)
                .and_then(|v| v.parse::<u64>().ok())
                .ok_or_else(|| format!("`{key}` wants a whole number after it"))?;
            match key {
                "depth" => go.depth = Some(value.clamp(1, 64) as u32),
                "nodes" => go.nodes = Some(value),
                "movetime" => go.movetime = Some(value),
                "btime" => go.time[0] = Some(value),
                "wtime" => go.time[1] = Some(value),
                "binc" => go.inc[0] = value,
                "winc" => go.inc[1] = value,
                "byoyomi" => go.byoyomi = value,
                // `mate` asks for a mate search; the search looks for mates anyway.
                "mate" | "movestogo" => {}
                other => return Err(format!("`{other}` is not an argument of go")),
            }
            i += 2;
        }
        Ok(go)
    }

    /// Whether the clock bounds the search (`movetime`, or a time for the side to move).
    fn timed(&self, side: Color) -> bool {
        self.movetime.is_some() || self.time[side.index()].is_some()
    }

    /// The limits of a search for `side` started at `start`; `default_nodes` bounds a `go`
    /// that names no limit at all; `margin` is kept back from the time left.
    pub fn limits(
        &self,
        side: Color,
        start: Instant,
        default_nodes: u64,
        margin: Duration,
    ) -> Limits {
        let unbounded = self.infinite || self.timed(side) || self.depth.is_some();
        let mut limits = Limits::fixed(
            self.depth.unwrap_or(64),
            self.nodes
                .unwrap_or(if unbounded { u64::MAX } else { default_nodes }),
        );
        if self.infinite {
            return limits;
        }
        let ms = Duration::from_millis;
        let (soft, hard) = if let Some(m) = self.movetime {
            let hard = keep_margin(ms(m), margin);
            (hard, hard)
        } else if let Some(t) = self.time[side.index()] {
            let (t, inc, byoyomi) = (ms(t), ms(self.inc[side.index()]), ms(self.byoyomi));
            // As in USI's Fischer games, the time left does not yet hold this move's
            // increment: the move may use both. The hard limit keeps two increments of that
            // back (half of it when that is less): spending down to the margin lost games to
            // one stall longer than it (`docs/wa.md`). Byoyomi may be spent in full.
            let bank = t + inc;
            let available = keep_margin(bank - (2 * inc).min(bank / 2) + byoyomi, margin);
            let target = t / MOVES_TO_GO + inc / 2 + byoyomi;
            let hard = available.min(target * 3);
            ((target / 2).min(hard), hard)
        } else {
            return limits;
        };
        limits.soft = Some(start + soft);
        limits.hard = Some(start + hard.max(ms(1)));
        limits
    }
}

/// `time` less `margin`, or less half of it when it is shorter than twice the margin.
fn keep_margin(time: Duration, margin: Duration) -> Duration {
    time - margin.min(time / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_arguments_are_read_and_bad_ones_named() {
        let go = Go::parse(&["btime", "1000", "wtime", "2000", "byoyomi", "500"]).expect("valid");
        assert_eq!(go.time, [Some(1000), Some(2000)]);
        assert_eq!(go.byoyomi, 500);
        assert!(Go::parse(&["infinite"]).expect("valid").infinite);
        let err = Go::parse(&["depth"]).expect_err("no number");
        assert!(err.contains("`depth`"), "{err}");
        let err = Go::parse(&["sideways", "3"]).expect_err("unknown");
        assert!(err.contains("`sideways`"), "{err}");
    }

    #[test]
    fn the_deadline_never_passes_the_time_left() {
        let start = Instant::now();
        let ms = Duration::from_millis;
        for (words, side) in [
            (
                vec!["btime", "0", "wtime", "0", "byoyomi", "1000"],
                Color::Black,
            ),
            (
                vec!["btime", "60000", "wtime", "50", "byoyomi", "0"],
                Color::White,
            ),
            (
                vec!["btime", "300", "wtime", "300", "binc", "1000"],
                Color::Black,
            ),
            (vec!["movetime", "150"], Color::White),
        ] {
            let go = Go::parse(&words).expect("valid");
            let limits = go.limits(side, start, 7, DEFAULT_MARGIN);
            // The time left, this move's increment (USI's Fischer clock) and the byoyomi.
            let s = side.index();
            let t = go
                .movetime
                .unwrap_or(go.time[s].unwrap_or(0) + go.inc[s] + go.byoyomi);
            let hard = limits.hard.expect("timed") - start;
            assert!(hard < ms(t), "{words:?}: {hard:?} of {t} ms");
            assert!(limits.soft.expect("timed") - start <= hard, "{words:?}");
            assert_eq!(limits.nodes, u64::MAX, "{words:?}");
        }
        // Under an increment the time left and the increment keep two increments back, or
        // half of themselves when less.
        for (t, inc) in [(60_000, 1_000), (2_500, 1_000), (1_500, 1_000), (0, 1_000)] {
            let words = format!("btime {t} wtime {t} binc {inc} winc {inc}");
            let go = Go::parse(&words.split(' ').collect::<Vec<_>>()).expect("valid");
            let hard = go
                .limits(Color::Black, start, 7, DEFAULT_MARGIN)
                .hard
                .expect("timed")
                - start;
            let kept = ms(t + inc) - hard;
            assert!(
                kept >= ms((2 * inc).min((t + inc) / 2)),
                "{words}: {kept:?} kept"
            );
            // With no main time left the move still spends some of its increment.
            assert!(t > 0 || hard >= ms(inc / 10), "{words}: {hard:?}");
        }
        // Byoyomi alone: nearly all of it, the margin kept.
        let go = Go::parse(&["btime", "0", "wtime", "0", "byoyomi", "1000"]).expect("valid");
        let hard = go
            .limits(Color::Black, start, 7, DEFAULT_MARGIN)
            .hard
            .expect("timed")
            - start;
        assert_eq!(hard, ms(700));
        // No limit named: the default node budget; a depth alone: no node budget.
        assert_eq!(
            Go::default()
                .limits(Color::Black, start, 7, DEFAULT_MARGIN)
                .nodes,
            7
        );
        let depth = Go::parse(&["depth", "3"]).expect("valid").limits(
            Color::Black,
            start,
            7,
            DEFAULT_MARGIN,
        );
        assert_eq!((depth.depth, depth.nodes, depth.hard), (3, u64::MAX, None));
    }
}
