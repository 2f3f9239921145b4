//! What the session holds and hears: the events the loop reads, what each tells it to do
//! next, the [`Session`] itself, the job running on the search thread and the evaluation
//! the options ask for. The rooms beside this one add the session's methods; this one looks
//! down only to the output, the held reply and the search thread.

use super::output::Output;
use super::ponder::Control;
use crate::command::ClockFields;
use crate::options::Options;
use crate::search_thread::{SearchThread, Ticket};
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use tokin_core::{Color, GameHistory, Position, Square};
use tokin_engine::eval::Evaluator;
use tokin_engine::search::{SearchTables, Signals, TranspositionTable};

/// What the event loop hears about.
#[derive(Debug)]
pub enum Event {
    /// A line from the GUI.
    Line(String),
    /// The GUI sent a line longer than [`MAX_LINE`](crate::session::MAX_LINE) bytes (this many, at least): dropped.
    LineTooLong(usize),
    /// The GUI closed our input.
    InputClosed,
    /// The search with this id has written its reply.
    SearchDone(u64),
}

/// Whether to keep going after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// `setoption name USI_Variant value V` named wa shogi: the rest of the input goes to
    /// the wa shogi engine, in this form.
    Variant(tokin_wa::Rules),
    /// Keep reading.
    Continue,
    /// Exit.
    Quit,
}

/// One USI conversation.
pub struct Session {
    pub(super) out: Output,
    pub(super) tx: Sender<Event>,
    pub(super) options: Options,
    pub(super) tt: Option<Arc<TranspositionTable>>,
    pub(super) pos: Position,
    pub(super) history: GameHistory,
    /// Where the last move of the `position` command went (for 同 in `PvNotation`).
    pub(super) last_to: Option<Square>,
    pub(super) running: Option<Running>,
    /// The thread searches run on, kept between them.
    pub(super) search_thread: SearchThread,
    pub(super) next_id: u64,
    /// `usinewgame` asked for a fresh hash; the clear happens at the next idle `isready`,
    /// since clearing a large table takes a while and the clock runs once `go` arrives.
    pub(super) clear_pending: bool,
    /// No search has used the hash since it was made or emptied, so `usinewgame` leaves it
    /// as it is (a GUI's first game, or a game that ended before any search).
    pub(super) tt_fresh: bool,
    /// Move-ordering statistics handed from one search of the game to the next.
    pub(super) tables: Arc<Mutex<SearchTables>>,
    /// A `usinewgame` came while a search held `tables`: clear them before the next search.
    pub(super) tables_stale: bool,
    /// The evaluation searches use, made at `isready` from `EvalFile`/`EvalDir`.
    pub(super) evaluator: Evaluator,
    /// What `evaluator` was last made for (`None`: the default, the built-in network), so
    /// that `isready` reads a file again only when the options change.
    pub(super) loaded_eval: Option<EvalWanted>,
}

pub(super) struct Running {
    pub(super) id: u64,
    pub(super) signals: Arc<Signals>,
    pub(super) control: Arc<Control>,
    pub(super) handle: Ticket,
    /// The clock of the `go ponder`, used at `ponderhit` when it brings no times.
    pub(super) ponder_clock: ClockFields,
    pub(super) side: Color,
}

/// The evaluation the options ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum EvalWanted {
    /// The network of this file, at this `FV_SCALE`.
    File(PathBuf, u64),
    /// The network built into the binary.
    Builtin,
    /// The handcrafted evaluation.
    Handcrafted,
}
