//! The USI session: one event loop that owns the position, the options and the running
//! search, fed by a stdin reader thread and by the search thread through one channel.
//!
//! - `usi`, `isready`, `setoption` and the rest are answered at once, also while a search
//!   runs (heavy work, the hash allocation, happens on `isready`).
//! - The search runs on a thread of its own, kept from one search to the next
//!   (`search_thread.rs`). That thread alone writes `bestmove` (or the
//!   `checkmate` line of `go mate`), exactly once per `go`, and holds it back during
//!   `go infinite` and `go ponder` until `stop` or `ponderhit`.
//! - `stop`, `gameover`, `quit` and end of input stop the search and wait for its reply,
//!   so a GUI that sends `stop` then `gameover` still gets its one `bestmove`.
//! - All output goes through one locked writer and is flushed line by line.

mod evaluator;
mod hash;
mod info;
mod input;
mod jobs;
mod output;
mod ponder;
mod state;
#[cfg(test)]
mod tests;

use self::hash::ISREADY_BACKING;
use self::output::{KEEP_ALIVE, say, say_all, with_keep_alive};
use crate::command::{Command, Start, parse};
use crate::options::{Options, SetResult};
use crate::search_thread::SearchThread;
pub use info::{diagram, format_info};
pub use input::{MAX_LINE, QUIT_GRACE, run_stdio};
pub use output::Output;
pub use state::{Event, Flow, Session};
use std::io::Write;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, TryLockError};
use tokin_core::{GameHistory, Move, Position, UsiPositionError};
use tokin_engine::eval::{Evaluator, builtin_network};
use tokin_engine::search::SearchTables;

/// Whether an option name is the variant's, as variant GUIs send it.
fn is_variant_option(name: &str) -> bool {
    name.eq_ignore_ascii_case("USI_Variant") || name.eq_ignore_ascii_case("UCI_Variant")
}

impl Session {
    /// A session writing to `out` whose search threads report on `tx`.
    pub fn new(out: Box<dyn Write + Send>, tx: Sender<Event>) -> Session {
        let pos = Position::startpos();
        Session {
            out: Arc::new(Mutex::new(out)),
            tx,
            options: Options::default(),
            tt: None,
            history: GameHistory::new(&pos),
            pos,
            last_to: None,
            running: None,
            search_thread: SearchThread::default(),
            next_id: 0,
            clear_pending: false,
            tt_fresh: false,
            tables: Arc::new(Mutex::new(SearchTables::default())),
            tables_stale: false,
            evaluator: Evaluator::Nnue(builtin_network()),
            loaded_eval: None,
        }
    }

    fn info_string(&self, text: impl AsRef<str>) {
        say(&self.out, format!("info string {}", text.as_ref()));
    }

    /// `position`: sets up `start` and `moves` under the `PositionStrictness` option.
    ///
    /// # Errors
    /// What is wrong with the start or which move is bad; the previous position stays.
    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), UsiPositionError> {
        let strictness = self.options.position_strictness;
        let (pos, history) = Position::from_usi_start(start.as_str(), moves, strictness)?;
        self.pos = pos;
        self.history = history;
        self.last_to = moves.last().and_then(|m| Move::from_usi(m)).map(|m| m.to());
        // A problem diagram may break a rule of the game; it is played, and the GUI told.
        for why in self.pos.game_rule_breaks() {
            self.info_string(format!("warning: {why}"));
        }
        Ok(())
    }

    /// Handles one event.
    pub fn handle(&mut self, event: Event) -> Flow {
        match event {
            Event::Line(line) => self.handle_line(&line),
            Event::LineTooLong(len) => {
                self.info_string(format!(
                    "error: a line of {len} bytes or more is too long (at most {MAX_LINE}); ignored"
                ));
                Flow::Continue
            }
            Event::InputClosed => {
                self.stop_search();
                Flow::Quit
            }
            Event::SearchDone(id) => {
                if self.running.as_ref().is_some_and(|r| r.id == id)
                    && let Some(r) = self.running.take()
                {
                    r.handle.join();
                }
                Flow::Continue
            }
        }
    }

    fn handle_line(&mut self, line: &str) -> Flow {
        // A GUI may answer a `bestmove` (say with `usinewgame` and `isready`) before the
        // search's own done event comes through the queue; the search is over all the same,
        // and a command that waits for no search (the hash clear at `isready`) must see so.
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.control.is_answered())
            && let Some(r) = self.running.take()
        {
            r.handle.join();
        }
        let cmd = match parse(line) {
            Ok(c) => c,
            Err(e) => {
                self.info_string(format!("error: {e}"));
                return Flow::Continue;
            }
        };
        match cmd {
            Command::Usi => {
                let mut buf: Vec<u8> = Vec::new();
                let _ = writeln!(buf, "id name tokin {}", env!("CARGO_PKG_VERSION"));
                let _ = writeln!(buf, "id author the tokin developers");
                let _ = self.options.write_usi(&mut buf);
                let _ = writeln!(buf, "usiok");
                let text = String::from_utf8_lossy(&buf).into_owned();
                let lines: Vec<String> = text.lines().map(str::to_string).collect();
                say_all(&self.out, &lines);
            }
            Command::IsReady => {
                if self.running.is_none() {
                    // With nothing to make, nothing is done: the table in use is kept as it is.
                    if !self.ready_already() {
                        let out = Arc::clone(&self.out);
                        with_keep_alive(&out, KEEP_ALIVE, || {
                            self.ensure_evaluator();
                            self.ensure_tt(self.clear_pending, ISREADY_BACKING);
                        });
                    }
                }
                say(&self.out, "readyok");
            }
            Command::SetOption { name, value } if is_variant_option(&name) => {
                let v = value.as_deref().unwrap_or("").trim();
                if let Some(rules) = crate::wa_cmd::rules_for(v) {
                    self.stop_search();
                    return Flow::Variant(rules);
                }
                if !v.eq_ignore_ascii_case("shogi") {
                    self.info_string(format!(
                        "error: option `{name}`: `{v}` is not a variant (shogi, washogi, washogi-nodrops)"
                    ));
                }
            }
            Command::SetOption { name, value } => match self.options.set(&name, value.as_deref()) {
                SetResult::Set | SetResult::Ignored => {}
                SetResult::Clamped(note) => self.info_string(format!("option `{name}`: {note}")),
                SetResult::Unknown => self.info_string(format!("unknown option `{name}` ignored")),
                SetResult::BadValue(e) => {
                    self.info_string(format!("error: option `{name}`: {e}; value unchanged"))
                }
            },
            Command::UsiNewGame => {
                self.clear_pending |= !self.tt_fresh;
                // A running search holds the tables (a GUI that sent `usinewgame` without
                // waiting for `bestmove`): waiting for it here would stop the loop until the
                // search ends, forever for `go infinite`. They are cleared before the next
                // search takes them instead.
                match self.tables.try_lock() {
                    Ok(mut t) => t.clear(),
                    Err(TryLockError::Poisoned(p)) => p.into_inner().clear(),
                    Err(TryLockError::WouldBlock) => self.tables_stale = true,
                }
            }
            Command::Position { start, moves } => {
                if let Err(e) = self.set_position(&start, &moves) {
                    // A GUI that sent a bad position still gets a legal move from `go`: the
                    // one of the last good position, which the message names.
                    self.info_string(format!(
                        "error: position: {e}; keeping the previous position {}",
                        self.pos.to_sfen()
                    ));
                }
            }
            Command::Go(go) => self.go(go),
            Command::Stop => self.stop_search(),
            Command::PonderHit(clock) => self.ponderhit(clock),
            Command::GameOver(_) => self.stop_search(),
            Command::Quit => {
                self.stop_search();
                return Flow::Quit;
            }
            Command::Display => say_all(&self.out, &diagram(&self.pos)),
            Command::Moves => {
                let moves: Vec<String> = self
                    .pos
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                say(&self.out, moves.join(" "));
            }
            Command::Eval => {
                say(
                    &self.out,
                    format!("eval = {}", self.evaluator.evaluate(&self.pos)),
                );
            }
            Command::Bench(depth) => self.bench(depth),
            Command::Empty => {}
            Command::Help => self.info_string(
                "tokin is a USI engine for shogi GUIs: send `usi` for its name and options, \
                 `isready`, `position startpos` and `go` to search, `d` for the board, `quit` \
                 to leave; `tokin --help` on the command line lists the other tools",
            ),
            Command::Unknown(c) => self.info_string(format!("unknown command `{c}` ignored")),
        }
        Flow::Continue
    }
}
