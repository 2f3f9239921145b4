//! The USI engine for wa shogi: reads commands, searches on a thread of its own so that `stop`
//! and `quit` are read while it thinks, and keeps the game's positions for the repetition rule.
//!
//! Options: `USI_Variant` (`washogi`, `washogi-nodrops`; `UCI_Variant` is read too, as variant
//! GUIs send either), `PieceValues` (the evaluation's weights, `SP=100 OC=336 … MOB=3 ATT=10`) and
//! `Margin` (milliseconds kept back from the clock).

use crate::clock::{DEFAULT_MARGIN, Go};
use crate::position::{Position, Rules};
use crate::search::{MATE, Outcome, Seen, Table, Values, search};
use crate::{sfen, usi_move};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The node budget of a `go` that names no limit.
pub const GO_NODES: u64 = 200_000;

/// The form named by a variant name, or `None` for a name that is not wa shogi: `washogi`
/// (with drops) and `washogi-nodrops`, the spelling Fairy-Stockfish gives its variants, and
/// `wa`, `wa-shogi`, `wa_shogi`, `wa-nodrops`.
pub fn rules_for(name: &str) -> Option<Rules> {
    match name.to_ascii_lowercase().as_str() {
        "washogi" | "wa" | "wa-shogi" | "wa_shogi" => Some(Rules::Drops),
        "washogi-nodrops" | "wa-nodrops" => Some(Rules::NoDrops),
        _ => None,
    }
}

type Shared<W> = Arc<Mutex<W>>;

fn say<W: Write>(out: &Shared<W>, text: &str) {
    // A poisoned lock only means a search thread panicked mid-line; the line still goes out.
    let mut out = out
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let _ = writeln!(out, "{text}").and_then(|()| out.flush());
}

/// A search in progress: the flag that stops it and the thread, which hands the table back.
struct Thinking {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Table>,
}

struct Engine<W: Write + Send + 'static> {
    rules: Rules,
    pos: Position,
    /// The game's positions before `pos`, oldest first.
    before: Vec<Seen>,
    values: Values,
    /// Kept back from the clock ([`DEFAULT_MARGIN`] unless the option `Margin` says).
    margin: Duration,
    out: Shared<W>,
    /// The table, while no search holds it.
    table: Option<Table>,
    thinking: Option<Thinking>,
}

impl<W: Write + Send + 'static> Engine<W> {
    /// Waits for the search in progress, if any, after setting its stop flag if `stop`.
    fn finish(&mut self, stop: bool) {
        if let Some(t) = self.thinking.take() {
            if stop {
                t.stop.store(true, Ordering::Relaxed);
            }
            // A search thread that panicked loses the table; a fresh one takes its place.
            self.table = Some(t.thread.join().unwrap_or_default());
        }
    }

    fn new_game(&mut self) {
        self.finish(true);
        self.pos = Position::start(self.rules);
        self.before.clear();
        if let Some(t) = &mut self.table {
            t.clear();
        }
    }

    fn setoption(&mut self, words: &[&str]) {
        let find = |key: &str| words.iter().position(|w| *w == key);
        let (Some(n), v) = (find("name"), find("value")) else {
            return say(&self.out, "info string setoption wants `name`");
        };
        let name = words[n + 1..v.unwrap_or(words.len())].join(" ");
        let value = v.map_or(String::new(), |v| words[v + 1..].join(" "));
        if name.eq_ignore_ascii_case("USI_Variant") || name.eq_ignore_ascii_case("UCI_Variant") {
            match rules_for(&value) {
                Some(r) => {
                    self.rules = r;
                    self.new_game();
                }
                None => say(&self.out, &format!("info string unknown variant `{value}`")),
            }
        } else if name.eq_ignore_ascii_case("Margin") {
            match value.parse::<u64>() {
                Ok(ms) if ms <= 10_000 => self.margin = Duration::from_millis(ms),
                _ => say(
                    &self.out,
                    &format!("info string Margin: `{value}` is not 0 to 10000 ms"),
                ),
            }
        } else if name.eq_ignore_ascii_case("PieceValues")
            && let Err(e) = self.values.update(&value)
        {
            say(&self.out, &format!("info string PieceValues: {e}"));
        }
    }

    fn position(&mut self, words: &[&str]) {
        self.finish(true);
        match read_position(words, self.rules) {
            Ok((pos, before)) => {
                self.pos = pos;
                self.before = before;
            }
            Err(e) => say(&self.out, &format!("info string position refused: {e}")),
        }
    }

    fn go(&mut self, words: &[&str]) {
        let start = Instant::now();
        self.finish(true);
        let go = match Go::parse(words) {
            Ok(go) => go,
            Err(e) => return say(&self.out, &format!("info string go refused: {e}")),
        };
        let limits = go.limits(self.pos.side_to_move(), start, GO_NODES, self.margin);
        let stop = Arc::new(AtomicBool::new(false));
        let mut table = self.table.take().unwrap_or_default();
        let (pos, before, values, out) = (
            self.pos.clone(),
            self.before.clone(),
            self.values,
            Arc::clone(&self.out),
        );
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let found = search(&pos, &before, limits, &flag, &mut table, &values);
            report(&out, &found, start);
            table
        });
        self.thinking = Some(Thinking { stop, thread });
    }
}

/// The `info` line and the `bestmove` of a finished search.
fn report<W: Write>(out: &Shared<W>, found: &Outcome, start: Instant) {
    let Some(m) = found.best else {
        return say(out, "bestmove resign");
    };
    let score = if found.score.abs() > MATE / 2 {
        let plies = MATE - found.score.abs();
        format!("mate {}", if found.score > 0 { plies } else { -plies })
    } else {
        format!("cp {}", found.score)
    };
    let mv = usi_move::write(m);
    let ms = start.elapsed().as_millis();
    say(
        out,
        &format!(
            "info depth {} score {score} nodes {} time {ms} pv {mv}",
            found.depth, found.nodes
        ),
    );
    say(out, &format!("bestmove {mv}"));
}

/// Runs the USI engine for wa shogi on `input` until `quit` or its end, writing to `out`.
/// At `quit` or the end of the input a search under way is waited for (one under
/// `go infinite` is stopped first), so that `go nodes N` then `quit` still answers in full.
pub fn run<W: Write + Send + 'static>(input: impl BufRead, out: W, rules: Rules) {
    let mut e = Engine {
        rules,
        pos: Position::start(rules),
        before: Vec::new(),
        values: Values::default(),
        margin: DEFAULT_MARGIN,
        out: Arc::new(Mutex::new(out)),
        table: Some(Table::default()),
        thinking: None,
    };
    let mut infinite = false;
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            None => {}
            Some("usi") => {
                say(&e.out, "id name tokin (wa shogi)");
                say(&e.out, "id author the tokin authors");
                say(
                    &e.out,
                    "option name USI_Variant type combo default washogi var washogi var washogi-nodrops",
                );
                say(
                    &e.out,
                    &format!(
                        "option name PieceValues type string default {}",
                        Values::default().write()
                    ),
                );
                say(
                    &e.out,
                    &format!(
                        "option name Margin type spin default {} min 0 max 10000",
                        DEFAULT_MARGIN.as_millis()
                    ),
                );
                say(&e.out, "usiok");
            }
            Some("isready") => say(&e.out, "readyok"),
            Some("setoption") => {
                e.finish(true);
                e.setoption(&words[1..]);
            }
            Some("usinewgame") => e.new_game(),
            Some("position") => e.position(&words[1..]),
            Some("go") => {
                infinite = words.contains(&"infinite") || words.contains(&"ponder");
                e.go(&words[1..]);
            }
            Some("stop") => e.finish(true),
            Some("ponderhit" | "gameover") => {}
            Some("quit") => break,
            Some(other) => say(&e.out, &format!("info string unknown command `{other}`")),
        }
    }
    e.finish(infinite);
}

/// Reads `startpos | sfen <board> <side> <hands> <number>` and `moves …`: the position reached
/// and the ones before it.
fn read_position(words: &[&str], rules: Rules) -> Result<(Position, Vec<Seen>), String> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut pos = match words.first().copied() {
        Some("startpos") if moves_at == 1 => Position::start(rules),
        Some("sfen") if moves_at >= 2 => {
            sfen::parse(&words[1..moves_at].join(" "), rules).map_err(|e| e.to_string())?
        }
        _ => return Err("expected `startpos` or `sfen <position>`".into()),
    };
    let mut before = Vec::new();
    for (i, text) in words.iter().enumerate().skip(moves_at + 1) {
        let m = usi_move::parse(&pos, text).map_err(|e| format!("word {}: {e}", i + 2))?;
        before.push(Seen::of(&pos));
        pos.play_unchecked(m);
    }
    Ok((pos, before))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output the test can read after the engine has written to it from its threads.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("not poisoned").write(data)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn session(input: &str) -> String {
        let buf = Buffer::default();
        run(input.as_bytes(), buf.clone(), Rules::Drops);
        let text = buf.0.lock().expect("not poisoned").clone();
        String::from_utf8(text).expect("utf-8")
    }

    fn bestmove(text: &str) -> &str {
        text.lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .expect("a bestmove")
    }

    #[test]
    fn answers_usi_and_plays_a_legal_move() {
        let text = session(
            "usi\nisready\nsetoption name USI_Variant value washogi\nposition startpos moves 8h8g 4d4e\ngo nodes 2000\n",
        );
        assert!(
            text.contains("option name USI_Variant type combo default washogi"),
            "{text}"
        );
        assert!(text.contains("option name PieceValues type string default SP=100 OC=336"));
        assert!(text.contains("usiok") && text.contains("readyok"), "{text}");
        let mut pos = Position::start(Rules::Drops);
        for m in ["8h8g", "4d4e"] {
            let mv = usi_move::parse(&pos, m).expect("legal");
            pos.play_unchecked(mv);
        }
        assert!(usi_move::parse(&pos, bestmove(&text)).is_ok(), "{text}");
    }

    #[test]
    fn bad_lines_are_answered_not_fatal() {
        let text = session(
            "position startpos moves 8h8e\nposition sfen 11/11 b - 1\nsetoption name USI_Variant value chu\nsetoption name PieceValues value SP=x\nsetoption name Margin value -5\nfoo\ngo sideways\ngo depth 1\n",
        );
        assert_eq!(text.matches("info string").count(), 7, "{text}");
        assert!(text.contains("word 4:"), "{text}");
        assert_eq!(text.matches("bestmove").count(), 1, "{text}");
    }

    #[test]
    fn stop_and_quit_end_an_infinite_search() {
        let text = session("position startpos\ngo infinite\nstop\n");
        assert_eq!(text.matches("bestmove").count(), 1, "{text}");
        // `quit` and the end of input stop an infinite search, and wait for a finite one.
        let text = session("position startpos\ngo infinite\nquit\n");
        assert_eq!(text.matches("bestmove").count(), 1, "{text}");
        let text = session("go infinite\n");
        assert_eq!(text.matches("bestmove").count(), 1, "{text}");
        let text = session("go depth 2\n");
        assert!(text.contains("info depth 2 "), "{text}");
    }

    #[test]
    fn a_timed_search_ends_by_itself() {
        // No node or depth limit: only the clock ends it (`clock` tests the deadline).
        let text = session("position startpos\ngo btime 0 wtime 0 byoyomi 300\n");
        assert_eq!(text.matches("bestmove").count(), 1, "{text}");
    }

    #[test]
    fn the_game_so_far_is_kept_for_repetitions() {
        let (pos, before) = read_position(
            &["startpos", "moves", "6j5j", "6b7b", "5j6j", "7b6b"],
            Rules::Drops,
        )
        .expect("legal");
        assert_eq!(before.len(), 4);
        assert_eq!(before[0].key, pos.key(), "back at the start");
        assert!(read_position(&["startpos", "moves", "8h8g", "8h8g"], Rules::Drops).is_err());
    }
}
