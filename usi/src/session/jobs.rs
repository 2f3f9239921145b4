//! The long work, run on the search thread so that the loop goes on reading: the search,
//! `go mate`, `go perft` and `bench`. Each writes its reply once, through a [`Reply`], and
//! `stop`, `quit`, the end of input and the next `go` end it.

use super::info::{InfoPrinter, PvNotation, bestmove_line, format_info, mate_info_line};
use super::output::{LineWriter, Output, say, say_all};
use super::ponder::Control;
use super::state::{Event, Running, Session};
use crate::command::{ClockFields, GoParams, MateLimit};
use crate::time::{budget, movetime_budget};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokin_core::{GameHistory, Move, Position};
use tokin_engine::mate::{MateConfig, MateObserver, MateProgress, MateResult, solve_mate};
use tokin_engine::perft_divide_each;
use tokin_engine::search::{Limits, SearchTables, Signals, TranspositionTable, search_with_tables};

/// Where a search thread writes its reply, and how it tells the session that it has.
pub(super) struct Reply {
    pub(super) out: Output,
    pub(super) tx: Sender<Event>,
    pub(super) id: u64,
    pub(super) control: Arc<Control>,
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
    pub(super) fn send(self, lines: &[String]) {
        self.control.mark_answered();
        say_all(&self.out, lines);
        // The session may be gone (the engine is quitting); nobody is left to tell.
        let _ = self.tx.send(Event::SearchDone(self.id));
    }
}

/// What the mate solver's thread takes with it.
pub(super) struct MateJob {
    pub(super) pos: Position,
    pub(super) signals: Arc<Signals>,
    /// The solver's table size (`MateHash`).
    pub(super) hash_mib: usize,
}

/// Prints the mate solver's progress as `info` lines (nodes, nps, time, hashfull).
pub(super) struct MateInfo {
    pub(super) out: Output,
}

impl MateObserver for MateInfo {
    fn progress(&mut self, p: &MateProgress) {
        say(&self.out, mate_info_line(p.nodes, p.time, Some(p.hashfull)));
    }
}

/// What a search thread takes with it.
pub(super) struct SearchJob {
    pub(super) pos: Position,
    pub(super) history: GameHistory,
    pub(super) limits: Limits,
    pub(super) tt: Arc<TranspositionTable>,
    pub(super) tables: Arc<Mutex<SearchTables>>,
    pub(super) signals: Arc<Signals>,
    pub(super) printer: InfoPrinter,
    /// `go infinite`: the reply waits for `stop` even when the search ends first.
    pub(super) infinite: bool,
}

/// The mate solver's thread: one `checkmate` line.
pub(super) fn run_mate(job: MateJob, reply: Reply) {
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
pub(super) fn run_search(job: SearchJob, reply: Reply) {
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

impl Session {
    /// Stops the running search, if any, and waits for its reply.
    pub(super) fn stop_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.control.release();
            r.signals.stop();
            r.handle.join();
        }
    }

    /// `go`: reports the fields it could not read, then runs `go perft` at once, or starts
    /// the mate solver or the search on the search thread.
    pub(super) fn go(&mut self, go: GoParams) {
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
    pub(super) fn start_job(
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
    pub(super) fn prepare_mate(&self, limit: MateLimit, signals: &Arc<Signals>) -> MateJob {
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
    pub(super) fn prepare_search(&mut self, go: &GoParams, signals: &Arc<Signals>) -> SearchJob {
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
    pub(super) fn search_limits(&self, go: &GoParams) -> Limits {
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
    pub(super) fn root_moves(&self, entries: &[String]) -> Vec<Move> {
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
    pub(super) fn set_clock(&self, go: &GoParams, signals: &Signals) {
        if go.ponder || go.infinite {
            return;
        }
        let delay = self.options.network_delay;
        let b = match go.movetime {
            Some(ms) => Some(movetime_budget(ms, delay)),
            None => budget(&go.clock, self.pos.side_to_move(), delay),
        };
        if let Some(b) = b {
            b.set_on(signals);
        }
    }

    /// The printer of the search's `info` lines, with the PV in notation if `PvNotation`
    /// asks for it.
    pub(super) fn info_printer(&self) -> InfoPrinter {
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
    pub(super) fn answer_without_thread(&self, mate: bool, e: &std::io::Error) {
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
    pub(super) fn perft(&mut self, depth: u32) {
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
            match perft_divide_each(&pos, depth, &|| stop.is_stopped(), |mv, n| {
                say(&reply.out, format!("{mv}: {n}"));
            }) {
                Some(total) => reply.send(&[format!("Nodes searched: {total}")]),
                None => reply.send(&["info string perft stopped".to_string()]),
            }
        });
        if let Err(e) = started {
            self.info_string(format!("error: cannot start perft: {e}"));
        }
    }

    /// `bench [depth]`: the fixed benchmark as a job, each position's line as it is searched;
    /// `stop` or `quit` ends it with what it counted and `info string bench stopped`.
    pub(super) fn bench(&mut self, depth: Option<u32>) {
        if self.running.is_some() {
            self.info_string("error: bench while searching; send stop first");
            return;
        }
        let depth = depth.unwrap_or(crate::bench::BENCH_DEPTH).clamp(1, 64);
        let evaluator = self.evaluator.clone();
        let signals = Arc::new(Signals::new());
        let stop = Arc::clone(&signals);
        let started = self.start_job(signals, false, ClockFields::default(), move |reply| {
            let mut lines = LineWriter::new(Arc::clone(&reply.out));
            let _ = crate::bench::run_bench(&mut lines, depth, &evaluator, &stop);
            if stop.is_stopped() {
                lines.flush_line("info string bench stopped");
            }
            reply.send(&[]);
        });
        if let Err(e) = started {
            self.info_string(format!("error: cannot start the bench: {e}"));
        }
    }
}

impl Session {
    pub(super) fn ponderhit(&mut self, clock: ClockFields) {
        let overhead = self.options.network_delay;
        let Some(r) = &self.running else {
            return;
        };
        if !r.control.is_pondering() {
            return;
        }
        let clock = if clock.any() { clock } else { r.ponder_clock };
        match budget(&clock, r.side, overhead) {
            Some(b) => b.set_on(&r.signals),
            None => r.signals.set_time_limits(None, None),
        }
        r.control.end_ponder();
    }
}
