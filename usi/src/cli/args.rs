//! The arguments several tools share, each a struct the commands flatten into their own
//! (`#[command(flatten)]`), so that a flag is spelt, documented and read in one place: the
//! position (`--sfen`, `--moves`, `--strictness`) and the evaluation (`--evalfile`,
//! `--handcrafted`).

use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;
use tokin_core::{Position, Strictness, UsiPositionError};
use tokin_engine::eval::Evaluator;
use tokin_engine::eval::nnue::Network;
use tokin_notation::position_text::{StartError, read_start};

/// The help of `--strictness`, the one policy for positions that every subcommand reading a
/// position or a record offers (the USI engine's `PositionStrictness` option is the same).
pub const STRICTNESS_HELP: &str = "Which positions are accepted: game (both kings, no more \
pieces than a set), problem (as game, but one side may have no king, as the attacker in tsume) or \
relaxed (anything the rules can play, such as more pieces than a set)";

/// The start position: `--sfen` and `--strictness` (what `notate`, whose moves are its
/// arguments, takes alone).
#[derive(Args, Debug)]
pub struct StartArgs {
    /// The position: `startpos` (the default), a handicap name such as `2-pieces` or
    /// `香落ち`, a whole SFEN, FEEN or GNU Shogi EPD as one argument, or a server handicap
    /// expression (`-handicap=2p`). A tsume SFEN may leave out the attacker's king.
    #[arg(long, value_name = "START", allow_hyphen_values = true)]
    pub sfen: Option<String>,
    #[arg(long, default_value_t, value_name = "LEVEL", help = STRICTNESS_HELP)]
    pub strictness: Strictness,
}

impl StartArgs {
    /// The text of `--sfen`, `startpos` when it is not given.
    pub fn start(&self) -> &str {
        self.sfen.as_deref().unwrap_or("startpos")
    }
}

/// The position a tool works on: a start and the moves played from it (`--sfen`, `--moves`,
/// `--strictness`).
#[derive(Args, Debug)]
pub struct PositionArgs {
    #[command(flatten)]
    pub start: StartArgs,
    /// Moves (USI) to play from the position first: each an argument, or several in one
    /// separated by spaces.
    #[arg(long, num_args = 1.., value_name = "USI")]
    pub moves: Vec<String>,
}

impl PositionArgs {
    /// The position of `--sfen` and `--moves`, with a warning on standard error for each rule
    /// of a game it breaks (`tokin TOOL: warning: ...`).
    ///
    /// # Errors
    /// The message names the flag at fault.
    pub fn read(&self, tool: &str) -> Result<Position, String> {
        let pos = position(
            "--sfen",
            self.start.start(),
            &self.moves,
            self.start.strictness,
        )?;
        warn_rule_breaks(tool, &pos);
        Ok(pos)
    }
}

/// The position of `start` (read as `--sfen` reads it) and `moves` (as `--moves`), under
/// `strictness`; `flag` is how an error names the start's flag.
///
/// # Errors
/// The message names the flag at fault: `flag` for the start, `--moves` for a move.
pub fn position(
    flag: &str,
    start: &str,
    moves: &[String],
    strictness: Strictness,
) -> Result<Position, String> {
    read_start(start, &moves_flag(moves), strictness)
        .map(|(pos, _)| pos)
        .map_err(|e| start_error(flag, &e))
}

/// The moves of a `--moves` flag (or `notate`'s moves), one an argument or several in one
/// separated by spaces (a PV pasted in quotes): no move in any notation has a space inside.
pub fn moves_flag(values: &[String]) -> Vec<&str> {
    values.iter().flat_map(|v| v.split_whitespace()).collect()
}

/// The message for a start or a move that does not make a position, naming the flag at
/// fault: `flag` (the start's) or `--moves`.
pub fn start_error(flag: &str, e: &StartError) -> String {
    match e {
        StartError::Usi(UsiPositionError::Start { .. }) => format!("{flag}: {e}"),
        StartError::Usi(_) => format!("--moves: {e}"),
        _ => format!("{flag}: {e}"),
    }
}

/// Writes a warning on standard error for each rule of a game that `pos` breaks, as a problem
/// diagram may (two pawns on a file, the attacker without a king): `tokin TOOL: warning: ...`.
pub fn warn_rule_breaks(tool: &str, pos: &Position) {
    for why in pos.game_rule_breaks() {
        eprintln!("tokin {tool}: warning: {why}");
    }
}

/// The evaluation a searching or evaluating tool uses: `--evalfile` and `--handcrafted`.
#[derive(Args, Debug)]
pub struct EvaluatorArgs {
    /// An NNUE evaluation file (`nn.bin`) to evaluate with instead of the built-in network.
    #[arg(long, value_name = "PATH")]
    pub evalfile: Option<PathBuf>,
    /// The handcrafted evaluation instead of the built-in network.
    #[arg(long, conflicts_with = "evalfile")]
    pub handcrafted: bool,
}

impl EvaluatorArgs {
    /// The evaluator asked for: the file's network with its output divided by `fv_scale`, the
    /// handcrafted evaluation, or else the built-in network.
    ///
    /// # Errors
    /// The evaluation file's fault, with its path.
    pub fn evaluator(&self, fv_scale: i32) -> Result<Evaluator, String> {
        let Some(path) = &self.evalfile else {
            return Ok(if self.handcrafted {
                Evaluator::Handcrafted
            } else {
                Evaluator::Nnue(tokin_engine::eval::builtin_network())
            });
        };
        let mut net =
            Network::load(path).map_err(|e| format!("--evalfile {}: {e}", path.display()))?;
        net.set_fv_scale(fv_scale);
        Ok(Evaluator::Nnue(Arc::new(net)))
    }
}
