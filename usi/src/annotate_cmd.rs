//! `tokin annotate [--style S] -- ENGINE [ARGS...]`: runs a USI engine as a child process,
//! passes standard input and output through unchanged, and after each engine line
//! `info ... pv ...` adds `info string <the PV in human notation>`.
//!
//! The PV is read in the position of the last `position` command sent before the last
//! `go`, with that command's last move as the previous move, so 同 is right from the
//! first PV move. A PV that does not fit the position (an engine bug, or a line that
//! belongs to an older search) gets no annotation rather than a wrong one.

use clap::Args;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use tokin_engine::{Move, Position, Square};
use tokin_notation::{Options, Style, pv_line};

/// Arguments of `tokin annotate`.
#[derive(Args, Debug)]
pub struct AnnotateArgs {
    /// The notation of the added `info string` lines.
    #[arg(long, default_value = "japanese")]
    pub style: Style,
    /// The engine's program and its arguments (after `--`).
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ENGINE"
    )]
    pub engine: Vec<String>,
}

/// The position of a USI `position` command and the destination of its last move.
///
/// # Errors
/// A message naming what is wrong: the SFEN, or the index and text of a bad move.
pub fn parse_position_command(line: &str) -> Result<(Position, Option<Square>), String> {
    let mut words = line.split_whitespace();
    if words.next() != Some("position") {
        return Err("not a position command".to_string());
    }
    let rest: Vec<&str> = words.collect();
    let moves_at = rest.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (&rest[..], &[][..]),
    };
    let mut pos = match setup {
        ["startpos"] => Position::startpos(),
        ["sfen", fields @ ..] if !fields.is_empty() => {
            Position::from_sfen(&fields.join(" ")).map_err(|e| format!("bad sfen: {e}"))?
        }
        _ => return Err("expected `startpos` or `sfen ...`".to_string()),
    };
    let mut last = None;
    for (i, text) in moves.iter().enumerate() {
        let mv =
            Move::from_usi(text).ok_or_else(|| format!("move {} `{text}` is not USI", i + 1))?;
        pos.play(mv)
            .map_err(|e| format!("move {} `{text}` is illegal: {e}", i + 1))?;
        last = Some(mv.to());
    }
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
    // Our standard input goes to the engine line by line; `position` and `go` are noted
    // first, so the engine cannot answer before the position is known here.
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut raw = Vec::new();
        loop {
            raw.clear();
            match stdin.read_until(b'\n', &mut raw) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&raw);
            let word = line.split_whitespace().next();
            if word == Some("position") || word == Some("go") {
                let mut t = input_side.lock().unwrap_or_else(PoisonError::into_inner);
                if word == Some("position") {
                    t.pending = parse_position_command(&line).ok();
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
    });
    let mut out = std::io::stdout().lock();
    let mut from_engine = BufReader::new(from_engine);
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match from_engine.read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
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
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => ExitCode::from(status.code().map_or(1, |c| c.clamp(1, 255) as u8)),
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
        let (pos, last) = parse_position_command("position startpos moves 7g7f 3c3d").unwrap();
        assert_eq!(last, Some(Square::S34));
        assert_eq!(pos.side_to_move(), tokin_engine::Color::Black);
        let (_, last) = parse_position_command(
            "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        )
        .unwrap();
        assert_eq!(last, None);
        assert!(parse_position_command("position startpos moves 7g7e").is_err());
        assert!(parse_position_command("position sfen").is_err());
        assert!(parse_position_command("position").is_err());
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
