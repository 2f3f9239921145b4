//! Parsing USI command lines into [`Command`]s: pure, total (every line gives a command or a
//! [`UsiError`] saying what is wrong and where), and tested on its own.
//!
//! Tokens are separated by any run of whitespace (so `\r\n` line ends and double spaces are
//! fine). Unknown tokens inside `go` and `ponderhit` are ignored, except after `searchmoves`,
//! where every token up to the next `go` keyword is taken as a move (so that the session can
//! name a bad one); unknown commands become [`Command::Unknown`].

use core::fmt;

/// Where a `position` starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`.
    Startpos,
    /// `sfen <board> <side> <hands> <move number>`, the four fields joined by spaces (a
    /// missing move number is filled in as `1`).
    Sfen(String),
}

impl Start {
    /// The start as [`Position::from_usi_start`](tokin_core::Position::from_usi_start)
    /// reads it: `startpos` or the SFEN.
    pub fn as_str(&self) -> &str {
        match self {
            Start::Startpos => "startpos",
            Start::Sfen(sfen) => sfen,
        }
    }
}

/// The clock fields of `go` and `ponderhit`, in milliseconds. `btime` is Black's (先手)
/// clock and `wtime` White's, whoever is to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockFields {
    /// Black's remaining main time.
    pub btime: Option<u64>,
    /// White's remaining main time.
    pub wtime: Option<u64>,
    /// Byoyomi (秒読み) for each move once the main time is gone.
    pub byoyomi: Option<u64>,
    /// Black's Fischer increment.
    pub binc: Option<u64>,
    /// White's Fischer increment.
    pub winc: Option<u64>,
}

impl ClockFields {
    /// Whether any field is present.
    pub fn any(&self) -> bool {
        self.btime.is_some()
            || self.wtime.is_some()
            || self.byoyomi.is_some()
            || self.binc.is_some()
            || self.winc.is_some()
    }
}

/// The time limit of `go mate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateLimit {
    /// `go mate infinite` or `go mate` alone.
    Infinite,
    /// `go mate <ms>`.
    Millis(u64),
}

/// Everything `go` can carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// The clocks.
    pub clock: ClockFields,
    /// `ponder`: think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `infinite`: think until `stop`.
    pub infinite: bool,
    /// `movetime <ms>`.
    pub movetime: Option<u64>,
    /// `depth <plies>`.
    pub depth: Option<u32>,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `mate <ms>|infinite`.
    pub mate: Option<MateLimit>,
    /// `perft <depth>` (an extension).
    pub perft: Option<u32>,
    /// `perft` was there, with a depth or not: this `go` counts moves, it does not search.
    pub perft_asked: bool,
    /// `searchmoves m1 m2 ...` (the root moves to consider): every token after
    /// `searchmoves` up to the next `go` keyword, as written, whether a move or not.
    pub searchmoves: Vec<String>,
    /// Fields that were present but unreadable, as messages for `info string`.
    pub warnings: Vec<String>,
}

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `usi`.
    Usi,
    /// `isready`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option name (may contain spaces in what a GUI sends; matched exactly).
        name: String,
        /// The rest of the line after `value`, or `None`.
        value: Option<String>,
    },
    /// `usinewgame`.
    UsiNewGame,
    /// `position startpos|sfen ... [moves ...]`.
    Position {
        /// The starting position.
        start: Start,
        /// The moves, as written.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit [btime .. wtime .. byoyomi .. binc .. winc ..]`.
    PonderHit(ClockFields),
    /// `gameover win|lose|draw`.
    GameOver(String),
    /// `quit`.
    Quit,
    /// `d`: show the board.
    Display,
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// `moves`: list the legal moves.
    Moves,
    /// `eval`: the static evaluation.
    Eval,
    /// An empty line.
    Empty,
    /// Anything else (ignored with a note).
    Unknown(String),
    /// `help` (also `-h`, `--help`, `?`): someone typing at the engine, told where to start.
    Help,
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UsiError {
    /// A command lacks a required part.
    Missing {
        /// The command.
        command: &'static str,
        /// What is missing.
        what: &'static str,
    },
    /// A token is not what the command expects at this place.
    Unexpected {
        /// The command.
        command: &'static str,
        /// The token found.
        found: String,
        /// What was expected.
        expected: &'static str,
    },
}

impl fmt::Display for UsiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsiError::Missing { command, what } => write!(f, "`{command}` needs {what}"),
            UsiError::Unexpected {
                command,
                found,
                expected,
            } => write!(f, "`{command}`: expected {expected}, found `{found}`"),
        }
    }
}

impl std::error::Error for UsiError {}

/// Reads a millisecond or count value. Negative values (some GUIs send a clock already
/// overdrawn) count as 0; values beyond `u64` saturate.
fn number(field: &str, token: Option<&str>, warnings: &mut Vec<String>) -> Option<u64> {
    let Some(t) = token else {
        warnings.push(format!("`{field}` has no value"));
        return None;
    };
    if let Ok(v) = t.parse::<u64>() {
        return Some(v);
    }
    if let Ok(v) = t.parse::<i128>() {
        return Some(v.clamp(0, i128::from(u64::MAX)) as u64);
    }
    warnings.push(format!("`{field}` value `{t}` is not a number"));
    None
}

fn parse_clock<'a>(
    key: &str,
    it: &mut impl Iterator<Item = &'a str>,
    clock: &mut ClockFields,
    warnings: &mut Vec<String>,
) -> bool {
    let slot = match key {
        "btime" => &mut clock.btime,
        "wtime" => &mut clock.wtime,
        "byoyomi" => &mut clock.byoyomi,
        "binc" => &mut clock.binc,
        "winc" => &mut clock.winc,
        _ => return false,
    };
    *slot = number(key, it.next(), warnings);
    true
}

/// The words that start a field of `go`: where a `searchmoves` list ends.
const GO_KEYWORDS: [&str; 13] = [
    "btime",
    "wtime",
    "byoyomi",
    "binc",
    "winc",
    "ponder",
    "infinite",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "perft",
    "searchmoves",
];

fn parse_go(rest: &[&str]) -> GoParams {
    let mut g = GoParams::default();
    let mut warnings = Vec::new();
    let mut it = rest.iter().copied().peekable();
    while let Some(tok) = it.next() {
        if parse_clock(tok, &mut it, &mut g.clock, &mut warnings) {
            continue;
        }
        match tok {
            "ponder" => g.ponder = true,
            "infinite" => g.infinite = true,
            "movetime" => g.movetime = number(tok, it.next(), &mut warnings),
            "depth" => {
                g.depth =
                    number(tok, it.next(), &mut warnings).map(|d| d.min(u64::from(u32::MAX)) as u32)
            }
            "nodes" => g.nodes = number(tok, it.next(), &mut warnings),
            "perft" => {
                g.perft_asked = true;
                g.perft =
                    number(tok, it.next(), &mut warnings).map(|d| d.min(u64::from(u32::MAX)) as u32)
            }
            "mate" => {
                g.mate = Some(match it.peek().copied() {
                    Some("infinite") => {
                        it.next();
                        MateLimit::Infinite
                    }
                    Some(t) if t.parse::<u64>().is_ok() => {
                        it.next();
                        MateLimit::Millis(t.parse::<u64>().unwrap_or(0))
                    }
                    _ => MateLimit::Infinite,
                })
            }
            "searchmoves" => {
                while let Some(m) = it.next_if(|t| !GO_KEYWORDS.contains(t)) {
                    g.searchmoves.push(m.to_string());
                }
            }
            _ => {}
        }
    }
    g.warnings = warnings;
    g
}

fn parse_position(rest: &[&str]) -> Result<Command, UsiError> {
    let Some(&first) = rest.first() else {
        return Err(UsiError::Missing {
            command: "position",
            what: "`startpos` or `sfen`",
        });
    };
    let moves_at = rest.iter().position(|&t| t == "moves");
    let head = &rest[..moves_at.unwrap_or(rest.len())];
    let moves: Vec<String> = match moves_at {
        Some(i) => rest[i + 1..].iter().map(|s| s.to_string()).collect(),
        None => Vec::new(),
    };
    let start = match first {
        "startpos" => {
            if let Some(&extra) = head.get(1) {
                return Err(UsiError::Unexpected {
                    command: "position",
                    found: extra.to_string(),
                    expected: "`moves` after `startpos`",
                });
            }
            Start::Startpos
        }
        _ => {
            // `sfen` may be left out (as YaneuraOu allows).
            let fields = if first == "sfen" { &head[1..] } else { head };
            match fields.len() {
                0 => {
                    return Err(UsiError::Missing {
                        command: "position",
                        what: "an SFEN after `sfen`",
                    });
                }
                3 => Start::Sfen(format!("{} 1", fields.join(" "))),
                4 => Start::Sfen(fields.join(" ")),
                1 | 2 => {
                    return Err(UsiError::Missing {
                        command: "position",
                        what: "all SFEN fields (board, side to move, hands)",
                    });
                }
                _ => {
                    return Err(UsiError::Unexpected {
                        command: "position",
                        found: fields[4].to_string(),
                        expected: "`moves` after the SFEN's four fields",
                    });
                }
            }
        }
    };
    Ok(Command::Position { start, moves })
}

/// The value of `setoption`: the raw text after the ` value ` token, spaces kept.
fn parse_setoption(line: &str, rest: &[&str]) -> Result<Command, UsiError> {
    if rest.first() != Some(&"name") {
        return Err(UsiError::Missing {
            command: "setoption",
            what: "`name <id>`",
        });
    }
    let value_at = rest.iter().position(|&t| t == "value");
    let name_tokens = &rest[1..value_at.unwrap_or(rest.len())];
    if name_tokens.is_empty() {
        return Err(UsiError::Missing {
            command: "setoption",
            what: "an option name after `name`",
        });
    }
    let name = name_tokens.join(" ");
    let value = value_at.map(|_| {
        // Find the `value` keyword as a whole word after the name, in the original text.
        let mut offset = 0;
        let mut found = None;
        for (i, w) in line.split_whitespace().enumerate() {
            let at = line[offset..].find(w).map_or(offset, |p| p + offset);
            offset = at + w.len();
            if w == "value" && i >= 2 + name_tokens.len() {
                found = Some(offset);
                break;
            }
        }
        found.map_or(String::new(), |o| line[o..].trim().to_string())
    });
    Ok(Command::SetOption { name, value })
}

/// Parses one line.
///
/// # Errors
/// A [`UsiError`] naming the command and what is missing or unexpected.
///
/// # Examples
/// ```
/// use tokin_usi::command::{parse, Command};
/// assert_eq!(parse("isready\r"), Ok(Command::IsReady));
/// ```
pub fn parse(line: &str) -> Result<Command, UsiError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&cmd, rest)) = tokens.split_first() else {
        return Ok(Command::Empty);
    };
    Ok(match cmd {
        "usi" => Command::Usi,
        "isready" => Command::IsReady,
        "setoption" => return parse_setoption(line, rest),
        "usinewgame" => Command::UsiNewGame,
        "position" => return parse_position(rest),
        "go" => Command::Go(parse_go(rest)),
        "stop" => Command::Stop,
        "ponderhit" => {
            let mut clock = ClockFields::default();
            let mut warnings = Vec::new();
            let mut it = rest.iter().copied();
            while let Some(tok) = it.next() {
                parse_clock(tok, &mut it, &mut clock, &mut warnings);
            }
            Command::PonderHit(clock)
        }
        "gameover" => Command::GameOver(rest.first().map_or(String::new(), |s| s.to_string())),
        "quit" => Command::Quit,
        "d" => Command::Display,
        "bench" => Command::Bench(rest.first().and_then(|t| t.parse().ok())),
        "moves" => Command::Moves,
        "eval" => Command::Eval,
        "help" | "-h" | "--help" | "?" => Command::Help,
        other => Command::Unknown(other.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_commands_and_whitespace() {
        assert_eq!(parse("usi"), Ok(Command::Usi));
        assert_eq!(parse("  isready  \r"), Ok(Command::IsReady));
        assert_eq!(parse(""), Ok(Command::Empty));
        assert_eq!(parse("foo bar"), Ok(Command::Unknown("foo".into())));
        assert_eq!(parse("gameover win"), Ok(Command::GameOver("win".into())));
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            parse("position startpos moves 7g7f 3c3d"),
            Ok(Command::Position {
                start: Start::Startpos,
                moves: vec!["7g7f".into(), "3c3d".into()]
            })
        );
        assert_eq!(
            parse("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G"),
            Ok(Command::Position {
                start: Start::Sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1".into()),
                moves: vec![]
            })
        );
        assert_eq!(
            parse("position 4k4/9/9/9/9/9/9/9/4K4 w - 1 moves"),
            Ok(Command::Position {
                start: Start::Sfen("4k4/9/9/9/9/9/9/9/4K4 w - 1".into()),
                moves: vec![]
            })
        );
        assert!(matches!(parse("position"), Err(UsiError::Missing { .. })));
        assert!(matches!(
            parse("position sfen"),
            Err(UsiError::Missing { .. })
        ));
        assert!(matches!(
            parse("position startpos 7g7f"),
            Err(UsiError::Unexpected { .. })
        ));
    }

    #[test]
    fn go_tokens_in_any_order() {
        let Ok(Command::Go(g)) = parse("go byoyomi 1000 wtime 5000 foo btime 3000 ponder") else {
            panic!()
        };
        assert_eq!(g.clock.btime, Some(3000));
        assert_eq!(g.clock.wtime, Some(5000));
        assert_eq!(g.clock.byoyomi, Some(1000));
        assert!(g.ponder);
        let Ok(Command::Go(g)) = parse("go btime -20 wtime x binc 10 winc 10") else {
            panic!()
        };
        assert_eq!(g.clock.btime, Some(0));
        assert_eq!(g.clock.wtime, None);
        assert_eq!(g.warnings.len(), 1);
        let Ok(Command::Go(g)) = parse("go mate 1000") else {
            panic!()
        };
        assert_eq!(g.mate, Some(MateLimit::Millis(1000)));
        let Ok(Command::Go(g)) = parse("go mate") else {
            panic!()
        };
        assert_eq!(g.mate, Some(MateLimit::Infinite));
        let Ok(Command::Go(g)) = parse("go mate infinite") else {
            panic!()
        };
        assert_eq!(g.mate, Some(MateLimit::Infinite));
        let Ok(Command::Go(g)) = parse("go perft 3") else {
            panic!()
        };
        assert_eq!(g.perft, Some(3));
        assert!(g.perft_asked);
        // A perft without a usable depth is still a perft (it must not become a search).
        let Ok(Command::Go(g)) = parse("go perft x") else {
            panic!()
        };
        assert_eq!((g.perft, g.perft_asked), (None, true));
        assert_eq!(g.warnings.len(), 1);
        assert_eq!(parse("help"), Ok(Command::Help));
        let Ok(Command::Go(g)) = parse("go depth") else {
            panic!()
        };
        assert_eq!(g.depth, None);
        assert_eq!(g.warnings.len(), 1);
    }

    /// Every token after `searchmoves` up to the next keyword is an entry, moves or not, so
    /// that the session can name the bad ones.
    #[test]
    fn searchmoves_run_to_the_next_keyword() {
        let Ok(Command::Go(g)) = parse("go searchmoves 7g7f xyz P*5e depth 3 searchmoves 2g2f")
        else {
            panic!()
        };
        assert_eq!(g.searchmoves, ["7g7f", "xyz", "P*5e", "2g2f"]);
        assert_eq!(g.depth, Some(3));
        let Ok(Command::Go(g)) = parse("go infinite searchmoves") else {
            panic!()
        };
        assert!(g.infinite && g.searchmoves.is_empty());
    }

    #[test]
    fn setoption_value_is_the_rest_of_the_line() {
        assert_eq!(
            parse("setoption name EvalDir value C:\\My Evals\\x  "),
            Ok(Command::SetOption {
                name: "EvalDir".into(),
                value: Some("C:\\My Evals\\x".into())
            })
        );
        assert_eq!(
            parse("setoption name USI_Hash value 16"),
            Ok(Command::SetOption {
                name: "USI_Hash".into(),
                value: Some("16".into())
            })
        );
        assert_eq!(
            parse("setoption name ClearHash"),
            Ok(Command::SetOption {
                name: "ClearHash".into(),
                value: None
            })
        );
        assert_eq!(
            parse("setoption name BookFile value value.db"),
            Ok(Command::SetOption {
                name: "BookFile".into(),
                value: Some("value.db".into())
            })
        );
        assert!(parse("setoption USI_Hash 16").is_err());
    }

    #[test]
    fn ponderhit_with_times() {
        assert_eq!(
            parse("ponderhit btime 100 wtime 200 byoyomi 1000"),
            Ok(Command::PonderHit(ClockFields {
                btime: Some(100),
                wtime: Some(200),
                byoyomi: Some(1000),
                binc: None,
                winc: None
            }))
        );
    }
}
