//! Wa shogi in the binary: `tokin perft --variant wa …`, `tokin notate --variant wa …`,
//! `tokin board --variant wa …`, and `tokin --variant washogi`, the USI engine for wa shogi.
//!
//! The command line is looked at before the 9×9 parser: a `--variant` naming wa shogi sends
//! it here, where the same flags are read for the 11×11 game.
//!
//! Variant names: `washogi` (with drops) and `washogi-nodrops`, the spelling Fairy-Stockfish
//! gives its variants in the `USI_Variant` option; `wa`, `wa-shogi` and `wa-nodrops` are read
//! too.

use clap::Parser;
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use tokin_wa::notation::{self, Style};
use tokin_wa::{Move, Position, Rules, sfen, usi_move};

pub use tokin_wa::engine::rules_for;

/// The value of `--variant` on the command line, if any.
fn variant_flag(args: &[String]) -> Option<&str> {
    args.iter().enumerate().find_map(|(i, a)| {
        if a == "--variant" {
            Some(args.get(i + 1).map_or("", String::as_str))
        } else {
            a.strip_prefix("--variant=")
        }
    })
}

/// Runs the command line here when it names a variant; `None` leaves it to the 9×9 tools.
pub fn dispatch(args: &[OsString]) -> Option<ExitCode> {
    let words: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let variant = variant_flag(&words)?;
    if variant == "shogi" {
        return None;
    }
    let Some(rules) = rules_for(variant) else {
        eprintln!("tokin: unknown variant `{variant}`; expected shogi, washogi or washogi-nodrops");
        return Some(ExitCode::from(2));
    };
    let rest = &words[1..];
    Some(match rest.first().map(String::as_str) {
        Some("perft") => match PerftArgs::try_parse_from(rest) {
            Ok(a) => perft(&a, rules),
            Err(e) => clap_exit(&e),
        },
        Some("notate") => match NotateArgs::try_parse_from(rest) {
            Ok(a) => notate(&a, rules),
            Err(e) => clap_exit(&e),
        },
        Some("board") => match BoardArgs::try_parse_from(rest) {
            Ok(a) => board(&a, rules),
            Err(e) => clap_exit(&e),
        },
        Some(first) if first.starts_with("--variant") && rest.len() <= 2 => {
            let stdin = std::io::stdin();
            tokin_wa::engine::run(stdin.lock(), std::io::stdout(), rules);
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!(
                "tokin: --variant {variant} goes with perft, notate, or alone for the USI engine"
            );
            ExitCode::from(2)
        }
    })
}

fn clap_exit(e: &clap::Error) -> ExitCode {
    let _ = e.print();
    ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
}

/// `tokin perft DEPTH --variant washogi [--sfen S] [--moves M…] [--divide] [--threads N]`.
#[derive(Parser, Debug)]
#[command(name = "tokin perft")]
pub struct PerftArgs {
    /// `washogi` or `washogi-nodrops`.
    #[arg(long)]
    pub variant: String,
    /// How many plies to count.
    pub depth: u32,
    /// The position: `startpos` (the default) or a wa position string as one argument.
    #[arg(long, default_value = "startpos")]
    pub sfen: String,
    /// Moves to play first, in the engine's form (`8h8g`, `SP*5e`) or the seed's (`SP-8g`).
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
    /// Print the count below each legal move.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// `tokin notate --variant washogi [--from STYLE] [--to STYLE] [--sfen S] [--line] MOVE…`.
#[derive(Parser, Debug)]
#[command(name = "tokin notate")]
pub struct NotateArgs {
    /// `washogi` or `washogi-nodrops`.
    #[arg(long)]
    pub variant: String,
    /// The notation of the given moves: usi, western (the seed's) or japanese.
    #[arg(long, default_value = "usi")]
    pub from: String,
    /// The notation to write: usi, western or japanese.
    #[arg(long, default_value = "japanese")]
    pub to: String,
    /// The position before the first move: `startpos` or a wa position string.
    #[arg(long, default_value = "startpos")]
    pub sfen: String,
    /// Print the moves as one line, numbered as in chess.
    #[arg(long)]
    pub line: bool,
    /// The moves, in turn: each an argument, or several in one separated by spaces.
    #[arg(required = true, allow_hyphen_values = true, value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// `tokin board --variant washogi [--sfen S] [--moves M…]`: the board diagram and the
/// position string.
#[derive(Parser, Debug)]
#[command(name = "tokin board")]
pub struct BoardArgs {
    /// `washogi` or `washogi-nodrops`.
    #[arg(long)]
    pub variant: String,
    /// The position: `startpos` (the default) or a wa position string as one argument.
    #[arg(long, default_value = "startpos")]
    pub sfen: String,
    /// Moves to play first, in the engine's form (`8h8g`, `SP*5e`) or a written style.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// The position given by `--sfen` and `--moves`.
fn start_and_moves(text: &str, moves: &[String], rules: Rules) -> Result<Position, String> {
    let mut pos = start(text, rules)?;
    for (i, text) in moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
        let m = read_move(&pos, text).map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.play_unchecked(m);
    }
    Ok(pos)
}

fn board(args: &BoardArgs, rules: Rules) -> ExitCode {
    match start_and_moves(&args.sfen, &args.moves, rules) {
        Ok(pos) => {
            print!("{}", tokin_wa::diagram::write(&pos));
            println!("{}", sfen::write(&pos));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tokin board: {e}");
            ExitCode::from(2)
        }
    }
}

fn start(text: &str, rules: Rules) -> Result<Position, String> {
    if text == "startpos" {
        Ok(Position::start(rules))
    } else {
        sfen::parse(text, rules).map_err(|e| e.to_string())
    }
}

/// Reads one move in either the engine's form or a written style.
fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    usi_move::parse(pos, text).or_else(|_| notation::parse(pos, text).map_err(|e| e.to_string()))
}

fn perft(args: &PerftArgs, rules: Rules) -> ExitCode {
    let mut pos = match start(&args.sfen, rules) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tokin perft: {e}");
            return ExitCode::from(2);
        }
    };
    for (i, text) in args
        .moves
        .iter()
        .flat_map(|m| m.split_whitespace())
        .enumerate()
    {
        match read_move(&pos, text) {
            Ok(m) => pos.play_unchecked(m),
            Err(e) => {
                eprintln!("tokin perft: move {}: {e}", i + 1);
                return ExitCode::from(2);
            }
        }
    }
    if args.threads == Some(0) {
        eprintln!("tokin perft: --threads must be at least 1");
        return ExitCode::from(2);
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tokin perft: cannot start threads: {e}");
            return ExitCode::from(2);
        }
    };
    let started = std::time::Instant::now();
    let mut out = std::io::stdout().lock();
    let nodes: u64 = if args.depth == 0 {
        1
    } else {
        use rayon::prelude::*;
        let counts: Vec<(Move, u64)> = pool.install(|| {
            pos.legal_moves()
                .into_par_iter()
                .map(|m| {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    (m, tokin_wa::perft(&next, args.depth - 1))
                })
                .collect()
        });
        if args.divide {
            for (m, n) in &counts {
                let _ = writeln!(out, "{}: {n}", usi_move::write(*m));
            }
        }
        counts.iter().map(|(_, n)| n).sum()
    };
    let _ = writeln!(out, "Nodes searched: {nodes}");
    let _ = out.flush();
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "time {secs:.3} s, {:.0} nodes/second",
        nodes as f64 / secs.max(1e-9)
    );
    ExitCode::SUCCESS
}

fn style(name: &str) -> Result<Option<Style>, String> {
    match name {
        "usi" => Ok(None),
        "western" | "hodges" => Ok(Some(Style::Western)),
        "japanese" => Ok(Some(Style::Japanese)),
        other => Err(format!(
            "unknown style `{other}`; expected usi, western or japanese"
        )),
    }
}

fn notate(args: &NotateArgs, rules: Rules) -> ExitCode {
    let run = || -> Result<Vec<String>, String> {
        let from = style(&args.from)?;
        let to = style(&args.to)?;
        let mut pos = start(&args.sfen, rules)?;
        let mut written = Vec::new();
        let mut last_to = None;
        for (i, text) in args
            .moves
            .iter()
            .flat_map(|m| m.split_whitespace())
            .enumerate()
        {
            let m = match from {
                None => usi_move::parse(&pos, text).map_err(|e| format!("move {}: {e}", i + 1))?,
                Some(_) => notation::parse_after(&pos, text, last_to)
                    .map_err(|e| format!("move {}: {e}", i + 1))?,
            };
            written.push(match to {
                None => usi_move::write(m),
                Some(s) => notation::write_after(&pos, m, s, last_to).map_err(|e| e.to_string())?,
            });
            last_to = Some(m.to());
            pos.play_unchecked(m);
        }
        Ok(written)
    };
    let written = match run() {
        Ok(w) => w,
        Err(e) => {
            eprintln!("tokin notate: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    if args.line {
        let black_first =
            start(&args.sfen, rules).is_ok_and(|p| p.side_to_move() == tokin_wa::Color::Black);
        let _ = writeln!(out, "{}", numbered(&written, black_first));
    } else {
        for w in &written {
            let _ = writeln!(out, "{w}");
        }
    }
    ExitCode::SUCCESS
}

/// The moves on one line, numbered as in chess (`1. SP-8g SP-4e 2. …`).
fn numbered(moves: &[String], black_first: bool) -> String {
    let mut parts = Vec::new();
    let mut number = 1;
    for (i, m) in moves.iter().enumerate() {
        let black = (i % 2 == 0) == black_first;
        if black {
            parts.push(format!("{number}."));
        } else if i == 0 {
            parts.push(format!("{number}..."));
        }
        parts.push(m.clone());
        if !black {
            number += 1;
        }
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variant_flag_is_found_in_both_spellings() {
        let words = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            variant_flag(&words(&["tokin", "perft", "3", "--variant", "wa"])),
            Some("wa")
        );
        assert_eq!(
            variant_flag(&words(&["tokin", "perft", "--variant=washogi", "3"])),
            Some("washogi")
        );
        assert_eq!(variant_flag(&words(&["tokin", "perft", "3"])), None);
        assert_eq!(numbered(&words(&["a", "b", "c"]), true), "1. a b 2. c");
        assert_eq!(numbered(&words(&["a", "b"]), false), "1... a 2. b");
    }
}
