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

use crate::command::{ClockFields, Command, GoParams, MateLimit, Start, parse};
use crate::options::{Options, SetResult};
use crate::search_thread::{SearchThread, Ticket};
use crate::time::{budget, movetime_budget};
use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::{Duration, Instant};
use tokin_engine::eval::{Evaluator, builtin_network, nnue::Network};
use tokin_engine::search::{
    Bound, IterationInfo, Limits, MateConfig, MateObserver, MateProgress, MateResult, Score,
    SearchObserver, SearchOutcome, SearchTables, Signals, TranspositionTable, search_with_tables,
    solve_mate,
};
use tokin_engine::{Color, GameHistory, Move, Position, Square, UsiPositionError, perft_parallel};

/// What the event loop hears about.
#[derive(Debug)]
pub enum Event {
    /// A line from the GUI.
    Line(String),
    /// The GUI sent a line longer than [`MAX_LINE`] bytes (this many, at least): dropped.
    LineTooLong(usize),
    /// The GUI closed our input.
    InputClosed,
    /// The search with this id has written its reply.
    SearchDone(u64),
}

/// Whether to keep going after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// Exit.
    Quit,
}

/// The shared, line-flushed output.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes lines under one lock and flushes them; write errors are ignored, since a GUI
/// that stopped reading cannot be told anything anyway.
fn say_all(out: &Output, lines: &[String]) {
    let mut guard = match out.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    for l in lines {
        let _ = writeln!(guard, "{l}");
    }
    let _ = guard.flush();
}

fn say(out: &Output, line: impl Into<String>) {
    say_all(out, &[line.into()]);
}

/// The largest table, in MB, that `usinewgame` empties by writing it over: about a tenth of
/// a second's writing on two cores. A larger one is replaced by a new (zeroed) table
/// instead, so that `isready` answers at once whatever the size.
const CLEAR_IN_PLACE_MB: usize = 1024;

/// How long `isready` may spend having a new hash table's memory backed with huge pages:
/// what it backs in that time searches faster, and the rest is left on ordinary pages,
/// which searches fault in without stopping (see [`TranspositionTable::back`]). 64 MB takes
/// a few milliseconds; a table of gigabytes gets part of its memory backed.
const ISREADY_BACKING: Duration = Duration::from_millis(250);

/// How long `quit` waits for the loop to end by itself before the process exits regardless.
/// The loop handles commands in order, so the commands read before `quit` are answered
/// first: an `isready` loading an evaluation file, then an `eval`. Long work (a search,
/// `go mate`, `go perft`, `bench`) runs off the loop and `quit` stops it at once, so the
/// grace is a safety net for a loop stuck on something unforeseen, not a wait a GUI sees.
pub const QUIT_GRACE: Duration = Duration::from_secs(5);

/// Set by the input thread when it reads `quit`, for work that should end early rather than
/// run into [`QUIT_GRACE`]: `isready` backing a new hash table stops, so that its `readyok`
/// still comes before the process ends.
static QUIT_SEEN: AtomicBool = AtomicBool::new(false);

/// How often an empty line goes out while `isready` is busy (making or clearing a hash of
/// many gigabytes): some GUIs give up on an engine that stays silent for long after
/// `isready`, and an empty line is one every GUI skips. YaneuraOu does the same.
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// Runs `work`, writing an empty line every `every` until it is done, and none after.
fn with_keep_alive<T>(out: &Output, every: Duration, work: impl FnOnce() -> T) -> T {
    let (done, wait) = channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(every) {
                say(out, "");
            }
        });
        let result = work();
        // Dropping the sender wakes the ticker at once; the scope waits for it to finish.
        drop(done);
        result
    })
}

/// What a search thread and the session share about the reply: whether it may go out yet,
/// and whether it has.
///
/// `go infinite` and `go ponder` hold their `bestmove` until `stop` (or `ponderhit`); the
/// thread holding it sleeps on a condition variable that the session signals, so nothing
/// polls while a search waits.
struct Control {
    hold: Mutex<Hold>,
    /// Signalled whenever [`Control::hold`] changes.
    changed: Condvar,
    /// The search thread has written its `bestmove`: the search is over, even if the
    /// session has not yet heard so through [`Event::SearchDone`].
    answered: AtomicBool,
}

/// The state a held reply waits on.
#[derive(Clone, Copy, Debug, Default)]
struct Hold {
    /// `stop`, `gameover` or `quit` arrived: reply now.
    released: bool,
    /// `go ponder` still waiting for `ponderhit`.
    pondering: bool,
}

impl Control {
    fn new(pondering: bool) -> Control {
        Control {
            hold: Mutex::new(Hold {
                released: false,
                pondering,
            }),
            changed: Condvar::new(),
            answered: AtomicBool::new(false),
        }
    }

    /// The lock on the hold state. A thread that panicked while holding it left plain flags,
    /// which are still right, so a poisoned lock is used as it is.
    fn lock(&self) -> MutexGuard<'_, Hold> {
        self.hold.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Changes the hold state and wakes the thread waiting on it.
    fn update(&self, change: impl FnOnce(&mut Hold)) {
        change(&mut self.lock());
        self.changed.notify_all();
    }

    /// `stop`, `gameover` or `quit`: the reply goes out now.
    fn release(&self) {
        self.update(|h| {
            h.released = true;
            h.pondering = false;
        });
    }

    /// Whether the search is a `go ponder` that has not yet had its `ponderhit`.
    fn is_pondering(&self) -> bool {
        self.lock().pondering
    }

    /// `ponderhit`: the search now plays for real and may reply once it is done.
    fn end_ponder(&self) {
        self.update(|h| h.pondering = false);
    }

    /// Blocks the search thread until its reply may go out: at once for a plain `go`; for
    /// `go infinite` (`infinite`) until released; for `go ponder` until released or
    /// `ponderhit`.
    fn wait_for_release(&self, infinite: bool) {
        let mut hold = self.lock();
        while (infinite || hold.pondering) && !hold.released {
            hold = self
                .changed
                .wait(hold)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Notes that the reply is out.
    fn mark_answered(&self) {
        self.answered.store(true, Ordering::Release);
    }

    fn is_answered(&self) -> bool {
        self.answered.load(Ordering::Acquire)
    }
}

struct Running {
    id: u64,
    signals: Arc<Signals>,
    control: Arc<Control>,
    handle: Ticket,
    /// The clock of the `go ponder`, used at `ponderhit` when it brings no times.
    ponder_clock: ClockFields,
    side: Color,
}

/// The evaluation the options ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum EvalWanted {
    /// The network of this file, at this `FV_SCALE`.
    File(PathBuf, u64),
    /// The network built into the binary.
    Builtin,
    /// The handcrafted evaluation.
    Handcrafted,
}

/// One USI conversation.
pub struct Session {
    out: Output,
    tx: Sender<Event>,
    options: Options,
    tt: Option<Arc<TranspositionTable>>,
    pos: Position,
    history: GameHistory,
    /// Where the last move of the `position` command went (for 同 in `PvNotation`).
    last_to: Option<Square>,
    running: Option<Running>,
    /// The thread searches run on, kept between them.
    search_thread: SearchThread,
    next_id: u64,
    /// `usinewgame` asked for a fresh hash; the clear happens at the next idle `isready`,
    /// since clearing a large table takes a while and the clock runs once `go` arrives.
    clear_pending: bool,
    /// No search has used the hash since it was made or emptied, so `usinewgame` leaves it
    /// as it is (a GUI's first game, or a game that ended before any search).
    tt_fresh: bool,
    /// Move-ordering statistics handed from one search of the game to the next.
    tables: Arc<Mutex<SearchTables>>,
    /// A `usinewgame` came while a search held `tables`: clear them before the next search.
    tables_stale: bool,
    /// The evaluation searches use, made at `isready` from `EvalFile`/`EvalDir`.
    evaluator: Evaluator,
    /// What `evaluator` was last made for (`None`: the default, the built-in network), so
    /// that `isready` reads a file again only when the options change.
    loaded_eval: Option<EvalWanted>,
}

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
struct InfoPrinter {
    out: Output,
    multipv: bool,
    last_bound_line: Option<Instant>,
    pv_notation: Option<PvNotation>,
    /// For each variation (`multipv` - 1), what its last line said, less the time
    /// ([`same_report`]): the search's final report repeats the last iteration's when the
    /// search ended with an iteration, and that report is not printed twice.
    printed: Vec<String>,
}

/// What an `info` line says apart from the time it was written at (time, speed and the
/// table's fill, which move on while a finished search waits for its `bestmove` to go out).
fn same_report(info: &IterationInfo) -> String {
    let mut still = info.clone();
    still.time = Duration::ZERO;
    still.hashfull = 0;
    format_info(&still, true)
}

impl InfoPrinter {
    /// Notes that the line of `info` went out.
    fn note_printed(&mut self, info: &IterationInfo) {
        let i = info.multipv.saturating_sub(1);
        if self.printed.len() <= i {
            self.printed.resize(i + 1, String::new());
        }
        self.printed[i] = same_report(info);
    }

    /// Whether the last line printed for `info`'s variation said what `info` says.
    fn already_printed(&self, info: &IterationInfo) -> bool {
        self.printed
            .get(info.multipv.saturating_sub(1))
            .is_some_and(|p| *p == same_report(info))
    }
}

/// What `PvNotation` needs to write a PV in a human notation: the style and the root.
struct PvNotation {
    style: tokin_notation::Style,
    root: Position,
    last_to: Option<Square>,
}

impl PvNotation {
    /// The `info string` line with `info`'s PV in the style, if there is a PV.
    fn line(&self, info: &IterationInfo) -> Option<String> {
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
    crate::cli::board::render_position(pos)
        .lines()
        .map(str::to_string)
        .collect()
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

    /// The evaluation the options ask for now.
    fn wanted_eval(&self) -> EvalWanted {
        match self.options.eval_path() {
            Some(path) => EvalWanted::File(path, self.options.fv_scale),
            None if self.options.handcrafted_eval => EvalWanted::Handcrafted,
            None => EvalWanted::Builtin,
        }
    }

    /// Whether `isready` has nothing to make: the evaluation asked for is loaded and the hash
    /// is there at its size with no clear pending. Then it answers without the keep-alive
    /// thread, whose start and join cost more than the answer itself (a GUI or a fuzzer
    /// sending `isready` often).
    fn ready_already(&self) -> bool {
        self.loaded_eval.as_ref() == Some(&self.wanted_eval())
            && !self.clear_pending
            && self
                .tt
                .as_ref()
                .is_some_and(|tt| tt.size_mb() as u64 == self.options.hash_mb)
    }

    /// Makes the evaluation the options ask for: the network of `EvalFile` (or `EvalDir`'s
    /// `nn.bin`), read again only when the path or `FV_SCALE` changed, else the built-in
    /// network or the handcrafted evaluation (`Evaluation`). A file that cannot be used is
    /// named in an `info string` with what is wrong, and the engine goes on with the
    /// built-in network.
    fn ensure_evaluator(&mut self) {
        let want = self.wanted_eval();
        if self.loaded_eval.as_ref() == Some(&want) {
            return;
        }
        self.loaded_eval = Some(want.clone());
        let (path, scale) = match want {
            EvalWanted::Handcrafted => {
                self.evaluator = Evaluator::Handcrafted;
                return;
            }
            EvalWanted::Builtin => {
                self.evaluator = Evaluator::Nnue(builtin_network());
                return;
            }
            EvalWanted::File(path, scale) => (path, scale),
        };
        match Network::load(&path) {
            Ok(mut net) => {
                net.set_fv_scale(scale as i32);
                self.info_string(format!(
                    "EvalFile {}: loaded {} (FV_SCALE {scale})",
                    path.display(),
                    net.architecture()
                ));
                self.evaluator = Evaluator::Nnue(Arc::new(net));
            }
            Err(e) => {
                self.info_string(format!(
                    "error: EvalFile {}: {e}; using the built-in network",
                    path.display()
                ));
                self.evaluator = Evaluator::Nnue(builtin_network());
            }
        }
    }

    fn info_string(&self, text: impl AsRef<str>) {
        say(&self.out, format!("info string {}", text.as_ref()));
    }

    /// Makes sure the hash has the size the options ask for, at most half the memory
    /// available (searches touch all of it in time, and more would invite the OOM killer),
    /// and empties it if `clear` (a `usinewgame` since the last one).
    ///
    /// Nothing here takes long, whatever the size: a new table is memory the kernel hands
    /// out zeroed, so nothing is written, and the old one is given back on a thread of its
    /// own. A table of more than [`CLEAR_IN_PLACE_MB`] is emptied the same way, by a new
    /// one; a smaller one is written over, which keeps the pages it already has. A new
    /// table's memory is backed with huge pages for at most `backing` (see
    /// [`TranspositionTable::back`]): [`ISREADY_BACKING`] at `isready`, none when a `go`
    /// makes the table, whose clock is already running.
    fn ensure_tt(&mut self, clear: bool, backing: Duration) -> Arc<TranspositionTable> {
        let mut want = self.options.hash_mb as usize;
        // The table in use counts as available: it is given back when replaced. A table of
        // the size asked for passed this check when it was made, and is kept: the system is
        // asked only when a table may be made (reading it took a sixth of a short `go`).
        let held = self.tt.as_ref().map_or(0, |tt| tt.size_mb());
        if held != want
            && let Some(cap) = memory_cap_mb(held)
            && want > cap
        {
            self.info_string(format!(
                "USI_Hash {want} MB is more than half the available memory; using {cap} MB"
            ));
            want = cap;
            self.options.hash_mb = cap as u64;
        }
        if let Some(tt) = &self.tt {
            // A search still holds the table: it stays as it is.
            if self.running.is_some() {
                return Arc::clone(tt);
            }
            if tt.size_mb() == want && !clear {
                return Arc::clone(tt);
            }
            if tt.size_mb() == want && want <= CLEAR_IN_PLACE_MB {
                tt.clear();
                self.clear_pending = false;
                self.tt_fresh = true;
                return Arc::clone(tt);
            }
        }
        if let Some(old) = self.tt.take() {
            free_in_background(old);
        }
        let tt = match TranspositionTable::try_new(want) {
            Ok(tt) => tt,
            Err(_) => {
                self.info_string(format!(
                    "error: cannot allocate a {want} MB hash; using 16 MB"
                ));
                TranspositionTable::new(16)
            }
        };
        // A new table comes empty: a clear asked for by `usinewgame` is done.
        self.clear_pending = false;
        self.tt_fresh = true;
        let deadline = Instant::now() + backing;
        tt.back(|| Instant::now() < deadline && !QUIT_SEEN.load(Ordering::Relaxed));
        let tt = Arc::new(tt);
        self.tt = Some(Arc::clone(&tt));
        tt
    }

    /// Stops the running search, if any, and waits for its reply.
    fn stop_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.control.release();
            r.signals.stop();
            r.handle.join();
        }
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
            Command::Bench(depth) => {
                if self.running.is_some() {
                    self.info_string("error: bench while searching; send stop first");
                } else {
                    let depth = depth.unwrap_or(crate::bench::BENCH_DEPTH).clamp(1, 64);
                    let evaluator = self.evaluator.clone();
                    let signals = Arc::new(Signals::new());
                    let stop = Arc::clone(&signals);
                    let started = self.start_job(signals, false, ClockFields::default(), {
                        move |reply| {
                            let mut lines = LineWriter::new(Arc::clone(&reply.out));
                            let _ = crate::bench::run_bench(&mut lines, depth, &evaluator, &stop);
                            if stop.is_stopped() {
                                lines.flush_line("info string bench stopped");
                            }
                            reply.send(&[]);
                        }
                    });
                    if let Err(e) = started {
                        self.info_string(format!("error: cannot start the bench: {e}"));
                    }
                }
            }
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

    fn ponderhit(&mut self, clock: ClockFields) {
        let overhead = self.options.network_delay;
        let Some(r) = &self.running else {
            return;
        };
        if !r.control.is_pondering() {
            return;
        }
        let clock = if clock.any() { clock } else { r.ponder_clock };
        match budget(&clock, r.side, overhead) {
            Some(b) => r.signals.set_time_limits(Some(b.soft), Some(b.hard)),
            None => r.signals.set_time_limits(None, None),
        }
        r.control.end_ponder();
    }

    /// `go`: reports the fields it could not read, then runs `go perft` at once, or starts
    /// the mate solver or the search on the search thread.
    fn go(&mut self, go: GoParams) {
        self.stop_search();
        if go.perft_asked {
            // `go perft` counts moves; whatever else it says, it never starts a search,
            // which without a depth would run until `stop`.
            for w in &go.warnings {
                self.info_string(format!("error: go: {w}"));
            }
            match go.perft {
                Some(depth) => self.perft(depth),
                None => self.info_string(
                    "error: go perft needs a depth, as in `go perft 3`; nothing started",
                ),
            }
            return;
        }
        for w in &go.warnings {
            self.info_string(format!("error: go: {w}; field ignored"));
        }
        // The clock starts now, before the hash is checked and the thread started.
        let signals = Arc::new(Signals::new());
        let started = match go.mate {
            Some(limit) => {
                let job = self.prepare_mate(limit, &signals);
                self.start_job(signals, go.ponder, go.clock, move |reply| {
                    run_mate(job, reply);
                })
            }
            None => {
                let job = self.prepare_search(&go, &signals);
                self.start_job(signals, go.ponder, go.clock, move |reply| {
                    run_search(job, reply);
                })
            }
        };
        if let Err(e) = started {
            self.answer_without_thread(go.mate.is_some(), &e);
        }
    }

    /// Starts `work` on the search thread as the running job, which `stop`, `quit`, the end
    /// of input and the next `go` end through `signals`; the loop goes on reading meanwhile,
    /// so `isready` is answered at once. The job writes its reply through the [`Reply`] it
    /// is given.
    fn start_job(
        &mut self,
        signals: Arc<Signals>,
        ponder: bool,
        ponder_clock: ClockFields,
        work: impl FnOnce(Reply) + Send + 'static,
    ) -> std::io::Result<()> {
        let id = self.next_id;
        self.next_id += 1;
        let control = Arc::new(Control::new(ponder));
        let reply = Reply {
            out: Arc::clone(&self.out),
            tx: self.tx.clone(),
            id,
            control: Arc::clone(&control),
        };
        let handle = self.search_thread.start(move || work(reply))?;
        self.running = Some(Running {
            id,
            signals,
            control,
            handle,
            ponder_clock,
            side: self.pos.side_to_move(),
        });
        Ok(())
    }

    /// What the mate solver needs for `go mate`, its time limit set on `signals`.
    fn prepare_mate(&self, limit: MateLimit, signals: &Arc<Signals>) -> MateJob {
        if let MateLimit::Millis(ms) = limit {
            signals.set_time_limits(None, Some(Duration::from_millis(ms.max(1))));
        }
        MateJob {
            pos: self.pos.clone(),
            signals: Arc::clone(signals),
            hash_mib: usize::try_from(self.options.mate_hash_mb).unwrap_or(usize::MAX),
        }
    }

    /// What the search needs for `go`: the hash (made now if `isready` did not), the
    /// limits, the clock set on `signals`, and the printer of its `info` lines.
    fn prepare_search(&mut self, go: &GoParams, signals: &Arc<Signals>) -> SearchJob {
        if std::mem::take(&mut self.tables_stale) {
            // No search runs now; the last one let go of the tables before its `bestmove`.
            self.tables
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clear();
        }
        let tt = self.ensure_tt(false, Duration::ZERO);
        self.tt_fresh = false;
        let limits = self.search_limits(go);
        self.set_clock(go, signals);
        SearchJob {
            pos: self.pos.clone(),
            history: self.history.clone(),
            limits,
            tt,
            tables: Arc::clone(&self.tables),
            signals: Arc::clone(signals),
            printer: self.info_printer(),
            infinite: go.infinite,
        }
    }

    /// The search's limits: `go`'s depth and nodes within the `DepthLimit` and `NodesLimit`
    /// options, the rules and settings of the options, and the usable `searchmoves`.
    fn search_limits(&self, go: &GoParams) -> Limits {
        let o = &self.options;
        // The smaller of `go`'s limit and the option's, where the option's 0 means none.
        let min_opt = |a: Option<u64>, b: u64| match (a, b) {
            (Some(a), 0) => Some(a),
            (Some(a), b) => Some(a.min(b)),
            (None, 0) => None,
            (None, b) => Some(b),
        };
        Limits {
            depth: min_opt(go.depth.map(u64::from), o.depth_limit).map(|d| d.clamp(1, 120) as u32),
            nodes: min_opt(go.nodes, o.nodes_limit).map(|n| n.max(1)),
            multipv: o.multipv as usize,
            threads: o.threads as usize,
            draw_value: o.draw_value as i32,
            entering_king_rule: o.entering_king_rule,
            max_moves_to_draw: o.max_moves_to_draw.min(u64::from(u32::MAX)) as u32,
            searchmoves: self.root_moves(&go.searchmoves),
            evaluator: self.evaluator.clone(),
            root_mate_nodes: o.root_mate_nodes,
        }
    }

    /// The `searchmoves` entries that are legal moves here, each once. Every entry that is
    /// not a USI move or is illegal is named in an `info string`, and so is having none
    /// left of a non-empty list: then every move is searched, as with no list.
    fn root_moves(&self, entries: &[String]) -> Vec<Move> {
        let mut moves = Vec::new();
        for text in entries {
            let Some(mv) = Move::from_usi(text) else {
                self.info_string(format!(
                    "error: go: searchmoves `{text}` is not a USI move; ignored"
                ));
                continue;
            };
            match self.pos.is_legal(mv) {
                Ok(()) if !moves.contains(&mv) => moves.push(mv),
                Ok(()) => {}
                Err(e) => self.info_string(format!(
                    "error: go: searchmoves `{text}` is illegal here: {e}; ignored"
                )),
            }
        }
        if moves.is_empty() && !entries.is_empty() {
            self.info_string("error: go: no usable searchmoves entry; searching all moves");
        }
        moves
    }

    /// Sets the time a timed `go` may take on `signals`: `movetime`, else the budget of the
    /// clocks. `go infinite` and `go ponder` get none (`ponderhit` brings the ponder's).
    fn set_clock(&self, go: &GoParams, signals: &Signals) {
        if go.ponder || go.infinite {
            return;
        }
        let delay = self.options.network_delay;
        let b = match go.movetime {
            Some(ms) => Some(movetime_budget(ms, delay)),
            None => budget(&go.clock, self.pos.side_to_move(), delay),
        };
        if let Some(b) = b {
            signals.set_time_limits(Some(b.soft), Some(b.hard));
        }
    }

    /// The printer of the search's `info` lines, with the PV in notation if `PvNotation`
    /// asks for it.
    fn info_printer(&self) -> InfoPrinter {
        InfoPrinter {
            out: Arc::clone(&self.out),
            multipv: self.options.multipv > 1,
            last_bound_line: None,
            printed: Vec::new(),
            pv_notation: self.options.pv_notation.map(|style| PvNotation {
                style,
                root: self.pos.clone(),
                last_to: self.last_to,
            }),
        }
    }

    /// Answers `go` at once when its thread could not be started, so the GUI is not left
    /// waiting: a legal move (or `resign`), or `checkmate timeout` for `go mate`.
    fn answer_without_thread(&self, mate: bool, e: &std::io::Error) {
        self.info_string(format!("error: cannot start the search thread: {e}"));
        let reply = if mate {
            "checkmate timeout".to_string()
        } else {
            match self.pos.legal_moves().first() {
                Some(m) => format!("bestmove {m}"),
                None => "bestmove resign".to_string(),
            }
        };
        say(&self.out, reply);
    }

    /// `go perft N`: a job on the search thread, one `7g7f: N` line per root move as each
    /// is counted, then `Nodes searched: N`; `stop` or `quit` ends it after the root move
    /// being counted, with `info string perft stopped` instead of the total. The depth is
    /// capped (`tokin perft` has no cap).
    fn perft(&mut self, depth: u32) {
        const MAX_PERFT: u32 = 7;
        if depth > MAX_PERFT {
            self.info_string(format!(
                "go perft {depth} is deeper than {MAX_PERFT}; use `tokin perft` for that"
            ));
            return;
        }
        let pos = self.pos.clone();
        let signals = Arc::new(Signals::new());
        let stop = Arc::clone(&signals);
        let started = self.start_job(signals, false, ClockFields::default(), move |reply| {
            let mut total = 0u64;
            if depth == 0 {
                total = 1;
            }
            for mv in pos.legal_moves().iter().copied().filter(|_| depth > 0) {
                if stop.is_stopped() {
                    reply.send(&["info string perft stopped".to_string()]);
                    return;
                }
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let n = perft_parallel(&child, depth - 1);
                say(&reply.out, format!("{mv}: {n}"));
                total += n;
            }
            reply.send(&[format!("Nodes searched: {total}")]);
        });
        if let Err(e) = started {
            self.info_string(format!("error: cannot start perft: {e}"));
        }
    }
}

/// A writer that sends each whole line it is given to the session's output as it comes
/// (a job's report, line by line, under the output's lock).
struct LineWriter {
    out: Output,
    pending: Vec<u8>,
}

impl LineWriter {
    fn new(out: Output) -> LineWriter {
        LineWriter {
            out,
            pending: Vec::new(),
        }
    }

    /// Writes what is pending as a line, then `line`.
    fn flush_line(&mut self, line: &str) {
        let _ = self.flush();
        say(&self.out, line);
    }
}

impl Write for LineWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=i).collect();
            say(&self.out, String::from_utf8_lossy(&line[..i]).trim_end());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            let line = std::mem::take(&mut self.pending);
            say(&self.out, String::from_utf8_lossy(&line).trim_end());
        }
        Ok(())
    }
}

/// Where a search thread writes its reply, and how it tells the session that it has.
struct Reply {
    out: Output,
    tx: Sender<Event>,
    id: u64,
    control: Arc<Control>,
}

impl Reply {
    /// Marks the search answered, writes the reply's lines (the last is `bestmove` or
    /// `checkmate`) and tells the session, which joins the thread.
    ///
    /// Marked first: a GUI answers `bestmove` at once (with `setoption` and `isready`, say),
    /// and that command must find the search over. Marked after the write, it could come in
    /// between and see a search still running, so that `isready` skipped loading a new
    /// evaluation file. A command that finds the mark joins the thread, which waits for the
    /// write.
    fn send(self, lines: &[String]) {
        self.control.mark_answered();
        say_all(&self.out, lines);
        // The session may be gone (the engine is quitting); nobody is left to tell.
        let _ = self.tx.send(Event::SearchDone(self.id));
    }
}

/// What the mate solver's thread takes with it.
struct MateJob {
    pos: Position,
    signals: Arc<Signals>,
    /// The solver's table size (`MateHash`).
    hash_mib: usize,
}

/// Prints the mate solver's progress as `info` lines (nodes, nps, time, hashfull).
struct MateInfo {
    out: Output,
}

impl MateObserver for MateInfo {
    fn progress(&mut self, p: &MateProgress) {
        say(&self.out, mate_info_line(p.nodes, p.time, Some(p.hashfull)));
    }
}

/// `info nodes N nps X time T [hashfull H]` for the mate solver.
fn mate_info_line(nodes: u64, time: Duration, hashfull: Option<u32>) -> String {
    let ms = time.as_millis().max(1) as u64;
    let nps = nodes.saturating_mul(1000) / ms;
    let mut s = format!("info nodes {nodes} nps {nps} time {}", time.as_millis());
    if let Some(h) = hashfull {
        s.push_str(&format!(" hashfull {h}"));
    }
    s
}

/// What a search thread takes with it.
struct SearchJob {
    pos: Position,
    history: GameHistory,
    limits: Limits,
    tt: Arc<TranspositionTable>,
    tables: Arc<Mutex<SearchTables>>,
    signals: Arc<Signals>,
    printer: InfoPrinter,
    /// `go infinite`: the reply waits for `stop` even when the search ends first.
    infinite: bool,
}

/// The mate solver's thread: one `checkmate` line.
fn run_mate(job: MateJob, reply: Reply) {
    let config = MateConfig {
        hash_mib: job.hash_mib,
        ..MateConfig::default()
    };
    let mut info = MateInfo {
        out: Arc::clone(&reply.out),
    };
    let report = solve_mate(&job.pos, &config, &job.signals, &mut info);
    let last = mate_info_line(report.nodes, report.time, None);
    let line = match report.result {
        MateResult::Mate(moves) => {
            let v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            format!("checkmate {}", v.join(" "))
        }
        MateResult::NoMate => "checkmate nomate".to_string(),
        MateResult::Timeout => "checkmate timeout".to_string(),
    };
    reply.send(&[last, line]);
}

/// The search thread: searches, holds the reply of `go infinite` and `go ponder` until the
/// session lets it go, then writes the final `info` line and `bestmove`.
fn run_search(job: SearchJob, reply: Reply) {
    let SearchJob {
        pos,
        history,
        limits,
        tt,
        tables,
        signals,
        mut printer,
        infinite,
    } = job;
    let result = {
        // A search that panicked left statistics that are still usable move ordering.
        let mut tables = tables.lock().unwrap_or_else(PoisonError::into_inner);
        search_with_tables(
            &pos,
            &history,
            &limits,
            &tt,
            &signals,
            &mut printer,
            &mut tables,
        )
    };
    reply.control.wait_for_release(infinite);
    let mut lines = Vec::new();
    // The final report: the node count and PV that go with the `bestmove`, unless the last
    // line printed already said so (the search ended after a whole iteration).
    if let Some(mut info) = result.info.filter(|i| !printer.already_printed(i)) {
        // The time is the whole think, the wait for `stop` or `ponderhit` included.
        info.time = signals.elapsed().max(info.time);
        lines.push(format_info(&info, printer.multipv));
        lines.extend(printer.pv_notation.as_ref().and_then(|p| p.line(&info)));
    }
    lines.push(bestmove_line(&result.outcome));
    reply.send(&lines);
}

/// The `bestmove` line of a search's outcome.
fn bestmove_line(outcome: &SearchOutcome) -> String {
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

/// Half of the memory available now plus `held_mb` (memory of ours that is about to be
/// given back), in MB, where the system says (Linux `/proc/meminfo`).
fn memory_cap_mb(held_mb: usize) -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(((kb / 1024).saturating_add(held_mb) / 2).max(1))
}

/// Drops a table on a thread of its own: giving gigabytes of touched memory back to the
/// kernel takes it a noticeable time, which `isready` need not wait for. (If the thread
/// cannot be started, the table is dropped here.)
fn free_in_background(tt: Arc<TranspositionTable>) {
    let _ = std::thread::Builder::new()
        .name("free hash".into())
        .spawn(move || drop(tt));
}

/// Whether a line from the GUI is `quit`.
fn is_quit(line: &[u8]) -> bool {
    line.split(u8::is_ascii_whitespace)
        .find(|w| !w.is_empty())
        .is_some_and(|w| w == b"quit")
}

/// The longest line the engine reads, in bytes: a `position` of 100,000 moves is about half
/// a megabyte.
pub const MAX_LINE: usize = 8 << 20;

/// Reads and drops the rest of a line of which `read` bytes were already read; returns its
/// length (to the newline or the end of input), or `None` if reading failed.
fn skip_line(input: &mut impl BufRead, read: usize) -> Option<usize> {
    let mut len = read;
    loop {
        let chunk = input.fill_buf().ok()?;
        if chunk.is_empty() {
            return Some(len);
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Some(len + i);
            }
            None => {
                let n = chunk.len();
                input.consume(n);
                len += n;
            }
        }
    }
}

/// Runs the USI loop on standard input and output until `quit` or end of input.
pub fn run_stdio() {
    let (tx, rx) = channel();
    if std::io::stdin().is_terminal() {
        eprintln!("tokin is a USI shogi engine: type `usi`, or see `tokin --help`");
    }
    let reader_tx = tx.clone();
    let _ = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                // At most one byte past the limit is kept, so that a GUI sending endless
                // bytes without a newline cannot make the engine hold them all.
                match (&mut lock)
                    .take(MAX_LINE as u64 + 1)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) | Err(_) => break,
                    Ok(n) if n > MAX_LINE => {
                        let Some(len) = skip_line(&mut lock, n) else {
                            break;
                        };
                        if reader_tx.send(Event::LineTooLong(len)).is_err() {
                            return;
                        }
                    }
                    Ok(_) => {
                        let quit = is_quit(&buf);
                        if quit {
                            QUIT_SEEN.store(true, Ordering::Relaxed);
                        }
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if reader_tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                        if quit {
                            // The loop ends the process when it reaches the `quit`; if it
                            // is still busy after the grace, the process ends here.
                            std::thread::sleep(QUIT_GRACE);
                            std::process::exit(0);
                        }
                    }
                }
            }
            let _ = reader_tx.send(Event::InputClosed);
        });
    let mut session = Session::new(Box::new(std::io::stdout()), tx);
    for event in rx {
        if session.handle(event) == Flow::Quit {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output that the test can read while the session writes to it.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }
    }

    /// A held reply waits, without polling, for exactly what releases it: `stop` for
    /// `go infinite`; `ponderhit` or `stop` for `go ponder`; nothing for a plain `go`.
    #[test]
    fn held_replies_wait_for_their_release() {
        let waits = |control: &Arc<Control>, infinite: bool| {
            let c = Arc::clone(control);
            let (done, heard) = channel();
            std::thread::spawn(move || {
                c.wait_for_release(infinite);
                let _ = done.send(());
            });
            heard
        };
        let quick = Duration::from_millis(50);
        let plain = Arc::new(Control::new(false));
        assert!(waits(&plain, false).recv_timeout(WAIT).is_ok());

        let infinite = Arc::new(Control::new(false));
        let heard = waits(&infinite, true);
        assert!(heard.recv_timeout(quick).is_err(), "released before stop");
        infinite.end_ponder();
        assert!(
            heard.recv_timeout(quick).is_err(),
            "ponderhit released infinite"
        );
        infinite.release();
        assert!(heard.recv_timeout(WAIT).is_ok());

        let ponder = Arc::new(Control::new(true));
        assert!(ponder.is_pondering());
        let heard = waits(&ponder, false);
        assert!(
            heard.recv_timeout(quick).is_err(),
            "released before ponderhit"
        );
        ponder.end_ponder();
        assert!(heard.recv_timeout(WAIT).is_ok());
        assert!(!ponder.is_pondering());

        let stopped = Arc::new(Control::new(true));
        let heard = waits(&stopped, false);
        stopped.release();
        assert!(heard.recv_timeout(WAIT).is_ok());
        assert!(!stopped.is_pondering());
    }

    /// How long a test waits for something that should happen at once, before failing.
    const WAIT: Duration = Duration::from_secs(20);

    /// Slow work at `isready` is accompanied by empty lines, which stop when it is done;
    /// quick work writes nothing and does not wait for the next tick.
    #[test]
    fn keep_alive_lines_come_only_while_the_work_runs() {
        let shared = Shared::default();
        let out: Output = Arc::new(Mutex::new(Box::new(shared.clone())));
        let got = with_keep_alive(&out, Duration::from_millis(10), || {
            std::thread::sleep(Duration::from_millis(100));
            7
        });
        assert_eq!(got, 7);
        let text = shared.text();
        assert!(
            !text.is_empty() && text.chars().all(|c| c == '\n'),
            "{text:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(shared.text(), text, "no line after the work is done");

        let quiet = Shared::default();
        let out: Output = Arc::new(Mutex::new(Box::new(quiet.clone())));
        let start = Instant::now();
        with_keep_alive(&out, Duration::from_secs(30), || ());
        assert!(start.elapsed() < Duration::from_secs(10));
        assert_eq!(quiet.text(), "");
    }

    /// `usinewgame` and `isready` right after a `bestmove`, before the search's done event
    /// has been handled, still clear the hash (they were skipped as if a search still ran).
    #[test]
    fn isready_right_after_bestmove_clears_the_hash() {
        let out = Shared::default();
        let (tx, _rx) = std::sync::mpsc::channel();
        let mut session = Session::new(Box::new(out.clone()), tx);
        for line in ["setoption name USI_Hash value 1", "isready", "go depth 6"] {
            session.handle(Event::Line(line.to_string()));
        }
        let start = Instant::now();
        while !out.text().contains("bestmove") {
            assert!(start.elapsed() < Duration::from_secs(30), "no bestmove");
            std::thread::sleep(Duration::from_millis(1));
        }
        let tt = session.tt.clone().expect("a table after isready");
        assert!(tt.hashfull() > 0, "the search filled part of the table");
        // The done event waits in `_rx`, unhandled, as when the GUI's lines come first.
        session.handle(Event::Line("usinewgame".to_string()));
        session.handle(Event::Line("isready".to_string()));
        assert_eq!(tt.hashfull(), 0);
        assert!(out.text().ends_with("readyok\n"));
        // The same for `go mate`: once its `checkmate` line is out, the search is over.
        session.handle(Event::Line("go mate 1000".to_string()));
        while !out.text().contains("checkmate") {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "no checkmate line"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        session.handle(Event::Line("isready".to_string()));
        assert!(session.running.is_none());
    }

    #[test]
    fn isready_remakes_only_what_an_option_or_usinewgame_changed() {
        let out = Shared::default();
        let (tx, _rx) = std::sync::mpsc::channel();
        let mut session = Session::new(Box::new(out.clone()), tx);
        let say = |s: &mut Session, line: &str| s.handle(Event::Line(line.to_string()));
        assert!(
            !session.ready_already(),
            "nothing is made before the first isready"
        );
        // (what changes, the hash's size after it, whether isready has work to do)
        for (change, check, work) in [
            ("setoption name USI_Hash value 2", 2, true),
            // A hash no search has used since it was made is as a new game wants it.
            ("usinewgame", 2, false),
            ("setoption name Evaluation value handcrafted", 2, true),
            ("setoption name USI_Hash value 1", 1, true),
        ] {
            say(&mut session, "isready");
            assert!(session.ready_already(), "isready made everything");
            say(&mut session, change);
            assert_eq!(
                !session.ready_already(),
                work,
                "`{change}` leaves work for isready: {work}"
            );
            say(&mut session, "isready");
            assert!(session.ready_already());
            assert_eq!(session.tt.as_ref().map(|t| t.size_mb()), Some(check));
        }
        assert!(matches!(session.evaluator, Evaluator::Handcrafted));
        assert_eq!(out.text().matches("readyok").count(), 8);
        // After a search, `usinewgame` leaves the hash to empty.
        session.tt_fresh = false;
        say(&mut session, "usinewgame");
        assert!(!session.ready_already(), "a used hash is emptied");
        say(&mut session, "isready");
        assert!(session.ready_already() && session.tt_fresh);
    }
}
