//! `tokin annotate [--style S] [--strictness LEVEL] -- ENGINE [ARGS...]`: runs a USI engine
//! as a child process, passes standard input and output through unchanged, and after each
//! engine line `info ... pv ...` adds `info string <the PV in human notation>`.
//!
//! The PV is read in the position of the last `position` command sent before the last
//! `go`, with that command's last move as the previous move, so 同 is right from the
//! first PV move. The `position` command is read as the USI engine reads it, under
//! `--strictness`. A PV that does not fit the position (an engine bug, or a line that
//! belongs to an older search) gets no annotation rather than a wrong one.

use super::args::STRICTNESS_HELP;
use super::choices;
use crate::command::{self, UsiError};
use clap::Args;
use core::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use tokin_core::{Move, Position, Square, Strictness, UsiPositionError};
use tokin_notation::{Options, Style, pv_line};

/// Arguments of `tokin annotate`.
#[derive(Args, Debug)]
pub struct AnnotateArgs {
    /// The notation of the added `info string` lines.
    #[arg(long, default_value = "japanese", value_parser = choices::style())]
    pub style: Style,
    /// Which positions the `position` commands may give (a PV is annotated only in a
    /// position accepted).
    #[arg(long, default_value_t, value_name = "LEVEL", help = STRICTNESS_HELP)]
    pub strictness: Strictness,
    /// The engine's program and its arguments (after `--`).
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ENGINE"
    )]
    pub engine: Vec<String>,
}

/// Why a line gives no position to read PVs in.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionCommandError {
    /// The line is not a `position` command.
    NotPosition,
    /// A `position` command that cannot be read (no start, too few SFEN fields, ...).
    Syntax(UsiError),
    /// The start or a move does not make a position.
    Position(UsiPositionError),
}

impl fmt::Display for PositionCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionCommandError::NotPosition => f.write_str("not a `position` command"),
            PositionCommandError::Syntax(e) => e.fmt(f),
            PositionCommandError::Position(e) => write!(f, "`position`: {e}"),
        }
    }
}

impl std::error::Error for PositionCommandError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionCommandError::NotPosition => None,
            PositionCommandError::Syntax(e) => Some(e),
            PositionCommandError::Position(e) => Some(e),
        }
    }
}

/// The position of a USI `position` command and the destination of its last move, read
/// as the USI engine reads it.
///
/// # Errors
/// The line is not a `position` command or cannot be read, or its start or a move is bad
/// under `strictness`.
pub fn parse_position_command(
    line: &str,
    strictness: Strictness,
) -> Result<(Position, Option<Square>), PositionCommandError> {
    let (start, moves) = match command::parse(line) {
        Ok(command::Command::Position { start, moves }) => (start, moves),
        Ok(_) => return Err(PositionCommandError::NotPosition),
        Err(e) => return Err(PositionCommandError::Syntax(e)),
    };
    let (pos, _) = Position::from_usi_start(start.as_str(), &moves, strictness)
        .map_err(PositionCommandError::Position)?;
    let last = moves.last().and_then(|m| Move::from_usi(m)).map(|m| m.to());
    Ok((pos, last))
}

/// The PV moves of an `info` line, if it has any.
pub fn pv_of(line: &str) -> Option<Vec<&str>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut words = words.skip_while(|&w| w != "pv" && w != "string");
    if words.next() != Some("pv") {
        return None;
    }
    let moves: Vec<&str> = words.take_while(|w| Move::from_usi(w).is_some()).collect();
    (!moves.is_empty()).then_some(moves)
}

/// What the input side knows: the last `position` sent and the one in force since `go`.
#[derive(Default)]
struct Tracked {
    pending: Option<(Position, Option<Square>)>,
    searching: Option<(Position, Option<Square>)>,
}

/// The annotation for one engine line, if it is an `info ... pv ...` line that fits.
fn annotate(line: &str, tracked: &Mutex<Tracked>, style: Style) -> Option<String> {
    let pv = pv_of(line)?;
    let guard = tracked.lock().unwrap_or_else(PoisonError::into_inner);
    let (pos, last) = guard.searching.as_ref()?;
    let text = pv_line(pos, *last, &pv, style, &Options::default()).ok()?;
    Some(format!("info string {text}"))
}

/// Our standard input is still open and no `quit` went to the engine.
const INPUT_OPEN: u8 = 0;
/// A `quit` went to the engine.
const QUIT_SENT: u8 = 1;
/// Our standard input ended (so did the engine's) without a `quit`.
const INPUT_ENDED: u8 = 2;

/// What to say about how the engine ended, if anything: a failure status or a signal
/// (otherwise `tokin annotate` would exit with the engine's status and no word of why), or
/// an end while it was still being talked to. `when` is how far our input had gone.
fn engine_end_note(program: &str, status: std::process::ExitStatus, when: u8) -> Option<String> {
    let still_open = when == INPUT_OPEN;
    let when = match when {
        QUIT_SENT => "after `quit`",
        INPUT_ENDED => "after its input ended",
        _ => "while its input was still open",
    };
    if let Some(code) = status.code() {
        if code != 0 {
            return Some(format!(
                "the engine `{program}` exited with status {code} {when}"
            ));
        }
        return still_open.then(|| {
            format!("the engine `{program}` exited (status 0) {when}; nothing more goes to it")
        });
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return Some(format!(
                "the engine `{program}` was killed by signal {signal} {when}"
            ));
        }
    }
    Some(format!("the engine `{program}` ended ({status}) {when}"))
}

/// Reads the next line of `from` into `raw`, its ending included; false at the end of the
/// stream or on an error reading it (either ends the talk in that direction).
fn next_line(from: &mut impl BufRead, raw: &mut Vec<u8>) -> bool {
    raw.clear();
    from.read_until(b'\n', raw).is_ok_and(|n| n > 0)
}

/// Runs `tokin annotate`.
pub fn run(args: &AnnotateArgs) -> ExitCode {
    let Some((program, engine_args)) = args.engine.split_first() else {
        eprintln!("tokin annotate: no engine given");
        return ExitCode::from(2);
    };
    let mut child = match Command::new(program)
        .args(engine_args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tokin annotate: cannot start `{program}`: {e}");
            return ExitCode::from(2);
        }
    };
    let (Some(mut to_engine), Some(from_engine)) = (child.stdin.take(), child.stdout.take()) else {
        eprintln!("tokin annotate: cannot talk to `{program}`");
        return ExitCode::from(2);
    };
    let tracked = Arc::new(Mutex::new(Tracked::default()));
    let input_side = Arc::clone(&tracked);
    // How far our input went, to say when the engine ended: `INPUT_OPEN`, `QUIT_SENT` or
    // `INPUT_ENDED`.
    let input_state = Arc::new(AtomicU8::new(INPUT_OPEN));
    let input_state_writer = Arc::clone(&input_state);
    let strictness = args.strictness;
    // Our standard input goes to the engine line by line; `position` and `go` are noted
    // first, so the engine cannot answer before the position is known here.
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut raw = Vec::new();
        while next_line(&mut stdin, &mut raw) {
            let line = String::from_utf8_lossy(&raw);
            let word = line.split_whitespace().next();
            if word == Some("quit") {
                input_state_writer.store(QUIT_SENT, Ordering::Relaxed);
            }
            if word == Some("position") || word == Some("go") {
                let mut t = input_side.lock().unwrap_or_else(PoisonError::into_inner);
                if word == Some("position") {
                    t.pending = match parse_position_command(&line, strictness) {
                        Ok(p) => Some(p),
                        Err(e) => {
                            // Standard error, not the GUI's stream: the engine answers the
                            // command itself, this only says why no PV will be annotated.
                            eprintln!("tokin annotate: {e}; PVs after it are not annotated");
                            None
                        }
                    };
                } else {
                    t.searching = t.pending.clone();
                }
            }
            // The bytes go on exactly as they came, line ending included.
            if to_engine
                .write_all(&raw)
                .and_then(|()| to_engine.flush())
                .is_err()
            {
                break;
            }
        }
        // Dropping the pipe closes the engine's input, as our own input closed.
        let _ = input_state_writer.compare_exchange(
            INPUT_OPEN,
            INPUT_ENDED,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    });
    let mut out = std::io::stdout().lock();
    let mut from_engine = BufReader::new(from_engine);
    let mut raw = Vec::new();
    while next_line(&mut from_engine, &mut raw) {
        let _ = out.write_all(&raw);
        if let Some(extra) = annotate(&String::from_utf8_lossy(&raw), &tracked, args.style) {
            if !raw.ends_with(b"\n") {
                // The engine's last line had no ending; ours must start a line of its own.
                let _ = out.write_all(b"\n");
            }
            let _ = writeln!(out, "{extra}");
        }
        let _ = out.flush();
    }
    match child.wait() {
        Ok(status) => {
            let when = input_state.load(Ordering::Relaxed);
            if let Some(note) = engine_end_note(program, status, when) {
                eprintln!("tokin annotate: {note}");
            }
            if status.success() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(status.code().map_or(1, |c| c.clamp(1, 255) as u8))
            }
        }
        Err(e) => {
            eprintln!("tokin annotate: waiting for `{program}`: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_commands() {
        let read = |line: &str| parse_position_command(line, Strictness::Relaxed);
        let (pos, last) = read("position startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(last, Some(Square::S34));
        assert_eq!(pos.side_to_move(), tokin_core::Color::Black);
        let (_, last) =
            read("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .unwrap();
        assert_eq!(last, None);
        assert!(matches!(
            read("position startpos moves 7g7e"),
            Err(PositionCommandError::Position(UsiPositionError::Illegal {
                number: 1,
                ..
            }))
        ));
        assert!(matches!(
            read("position sfen"),
            Err(PositionCommandError::Syntax(_))
        ));
        assert!(matches!(
            read("position"),
            Err(PositionCommandError::Syntax(_))
        ));
        assert_eq!(read("go"), Err(PositionCommandError::NotPosition));
        // A mating problem: refused as a game, read as a problem.
        let tsume = "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b";
        let e = parse_position_command(tsume, Strictness::Game).unwrap_err();
        assert!(
            e.to_string().starts_with("`position`: bad start position"),
            "{e}"
        );
        let (pos, last) = parse_position_command(tsume, Strictness::Problem).unwrap();
        assert!(pos.is_checkmate());
        assert_eq!(last, Some(Square::S52));
    }

    #[test]
    fn pv_lines() {
        assert_eq!(
            pv_of("info depth 3 score cp 12 nodes 100 pv 7g7f 3c3d"),
            Some(vec!["7g7f", "3c3d"])
        );
        assert_eq!(pv_of("info string pv 7g7f"), None);
        assert_eq!(pv_of("info depth 3 score cp 12"), None);
        assert_eq!(pv_of("bestmove 7g7f"), None);
        assert_eq!(pv_of("info pv"), None);
    }
}
