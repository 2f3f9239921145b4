//! The engine's USI options: what `usi` advertises, and how `setoption` changes them.
//!
//! Names have no spaces and no default has spaces (GUIs split option lines on spaces).
//! Values are checked and clamped; a bad value is reported and leaves the option unchanged.

use std::io::Write;
use tokin_core::{EnteringKingRule, Strictness};

/// The largest hash the engine accepts, in MB (the session also keeps it within half the
/// memory available).
pub const MAX_HASH_MB: u64 = 65536;

/// The largest `RootMateNodes`: about 40 s of the solver, far more than a move's time.
pub const MAX_ROOT_MATE_NODES: u64 = 10_000_000;

/// The most search threads the engine accepts.
pub const MAX_THREADS: u64 = 256;

/// The notations `PvNotation` offers: every style but USI, which the PV already is.
pub const PV_STYLES: [tokin_notation::Style; 9] = [
    tokin_notation::Style::Japanese,
    tokin_notation::Style::Kif,
    tokin_notation::Style::Csa,
    tokin_notation::Style::Hodges,
    tokin_notation::Style::Western,
    tokin_notation::Style::Hosking,
    tokin_notation::Style::Correspondence,
    tokin_notation::Style::Kitao,
    tokin_notation::Style::Server,
];

/// The option values the engine runs with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `USI_Hash`: transposition table size in MB (applied at the next `isready`).
    pub hash_mb: u64,
    /// `MateHash`: the mate solver's table size in MB (`go mate`; made for each `go mate`).
    pub mate_hash_mb: u64,
    /// `USI_Ponder`: whether the GUI lets us ponder (informs time management only).
    pub ponder: bool,
    /// `Threads`.
    pub threads: u64,
    /// `MultiPV`.
    pub multipv: u64,
    /// `MaxMovesToDraw` (0 = off).
    pub max_moves_to_draw: u64,
    /// `EnteringKingRule`.
    pub entering_king_rule: EnteringKingRule,
    /// `NetworkDelay` (alias `MoveOverhead`): milliseconds kept back from every time budget
    /// (at most a quarter of it).
    pub network_delay: u64,
    /// `DepthLimit` (0 = none).
    pub depth_limit: u64,
    /// `NodesLimit` (0 = none).
    pub nodes_limit: u64,
    /// `DrawValue`: what a draw is worth to the engine, in centipawns (contempt).
    pub draw_value: i64,
    /// `PvNotation`: the notation of an extra `info string` with each PV (`None`: no extra line).
    pub pv_notation: Option<tokin_notation::Style>,
    /// `PositionStrictness`: which positions the `position` command accepts (applies from
    /// the next `position` command).
    pub position_strictness: Strictness,
    /// `EvalFile`: the path of an NNUE evaluation file to load at the next `isready`
    /// (empty: `EvalDir`'s `nn.bin`, or the evaluation `Evaluation` names).
    pub eval_file: String,
    /// `EvalDir`: a folder holding `nn.bin`, as YaneuraOu-family engines read it; used when
    /// `EvalFile` is empty.
    pub eval_dir: String,
    /// `FV_SCALE`: what the network's output is divided by (16 for most files).
    pub fv_scale: u64,
    /// `Evaluation`: `handcrafted` (true) or the built-in `network` (false), when neither
    /// `EvalFile` nor `EvalDir` names a file.
    pub handcrafted_eval: bool,
    /// `RootMateNodes`: the mate solver's budget at the root before each search (0: off).
    pub root_mate_nodes: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: 64,
            mate_hash_mb: 64,
            ponder: false,
            threads: 1,
            multipv: 1,
            max_moves_to_draw: 0,
            entering_king_rule: EnteringKingRule::CsaRule27,
            network_delay: 120,
            depth_limit: 0,
            nodes_limit: 0,
            draw_value: 0,
            pv_notation: None,
            position_strictness: Strictness::default(),
            eval_file: String::new(),
            eval_dir: String::new(),
            fv_scale: 16,
            handcrafted_eval: false,
            root_mate_nodes: 0,
        }
    }
}

/// What `setoption` did.
#[derive(Debug, PartialEq, Eq)]
pub enum SetResult {
    /// The option was set.
    Set,
    /// A known option that this engine accepts and ignores (e.g. `USI_OwnBook`).
    Ignored,
    /// No such option.
    Unknown,
    /// The number was outside the option's range and was set to the nearest end of it; the
    /// message says so.
    Clamped(String),
    /// The value is not acceptable; the message says why.
    BadValue(String),
}

/// A spin value, moved into its range if it was outside.
struct Spin {
    value: i64,
    /// Why the value is not the one sent, when it is not.
    note: Option<String>,
}

fn spin(value: Option<&str>, min: i64, max: i64) -> Result<Spin, String> {
    let v = value.unwrap_or("").trim();
    // Any run of digits is a number, however long, so that it is clamped rather than
    // refused: read as `i128`, and as its extreme beyond that.
    let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{v}` is not a number"));
    }
    let n = v.parse::<i128>().unwrap_or(if v.starts_with('-') {
        i128::MIN
    } else {
        i128::MAX
    });
    let value = n.clamp(i128::from(min), i128::from(max)) as i64;
    let note = if n > i128::from(max) {
        Some(format!(
            "`{v}` is more than the maximum {max}; using {value}"
        ))
    } else if n < i128::from(min) {
        Some(format!(
            "`{v}` is less than the minimum {min}; using {value}"
        ))
    } else {
        None
    };
    Ok(Spin { value, note })
}

impl Spin {
    /// Stores the value with `set` and hands back the note.
    fn apply(self, set: impl FnOnce(i64)) -> Option<String> {
        set(self.value);
        self.note
    }
}

/// A path option's value: `<empty>` (as GUIs send the advertised default back) and nothing
/// both mean no path; spaces inside a path are kept.
fn path_value(value: Option<&str>) -> String {
    match value.map(str::trim) {
        None | Some("<empty>") => String::new(),
        Some(v) => v.to_owned(),
    }
}

fn check(value: Option<&str>) -> Result<bool, String> {
    match value.unwrap_or("").trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        v => Err(format!("`{v}` is not true or false")),
    }
}

impl Options {
    /// The evaluation file the options name: `EvalFile`, else `nn.bin` in `EvalDir`, else
    /// none (the built-in evaluation).
    pub fn eval_path(&self) -> Option<std::path::PathBuf> {
        if !self.eval_file.is_empty() {
            Some(self.eval_file.clone().into())
        } else if !self.eval_dir.is_empty() {
            Some(std::path::Path::new(&self.eval_dir).join("nn.bin"))
        } else {
            None
        }
    }

    /// Writes the `option ...` lines of the `usi` reply.
    ///
    /// # Errors
    /// Only if writing fails.
    pub fn write_usi(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let d = Options::default();
        writeln!(
            out,
            "option name USI_Hash type spin default {} min 1 max {MAX_HASH_MB}",
            d.hash_mb
        )?;
        writeln!(
            out,
            "option name MateHash type spin default {} min 1 max {MAX_HASH_MB}",
            d.mate_hash_mb
        )?;
        writeln!(out, "option name USI_Ponder type check default false")?;
        writeln!(
            out,
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            d.threads
        )?;
        writeln!(
            out,
            "option name MultiPV type spin default {} min 1 max 600",
            d.multipv
        )?;
        writeln!(
            out,
            "option name MaxMovesToDraw type spin default 0 min 0 max 100000"
        )?;
        let vars: Vec<String> = EnteringKingRule::ALL
            .iter()
            .map(|r| format!("var {r}"))
            .collect();
        writeln!(
            out,
            "option name EnteringKingRule type combo default {} {}",
            d.entering_king_rule,
            vars.join(" ")
        )?;
        writeln!(
            out,
            "option name NetworkDelay type spin default {} min 0 max 10000",
            d.network_delay
        )?;
        writeln!(
            out,
            "option name DepthLimit type spin default 0 min 0 max 127"
        )?;
        writeln!(
            out,
            "option name NodesLimit type spin default 0 min 0 max 9223372036854775807"
        )?;
        writeln!(
            out,
            "option name DrawValue type spin default 0 min -30000 max 30000"
        )?;
        write!(
            out,
            "option name PvNotation type combo default none var none"
        )?;
        for style in PV_STYLES {
            write!(out, " var {}", style.name())?;
        }
        writeln!(out)?;
        write!(
            out,
            "option name PositionStrictness type combo default {}",
            d.position_strictness
        )?;
        for level in Strictness::ALL {
            write!(out, " var {level}")?;
        }
        writeln!(out)?;
        writeln!(out, "option name EvalFile type filename default <empty>")?;
        writeln!(out, "option name EvalDir type string default <empty>")?;
        writeln!(
            out,
            "option name FV_SCALE type spin default {} min 1 max 128",
            d.fv_scale
        )?;
        writeln!(
            out,
            "option name Evaluation type combo default {} var network var handcrafted",
            if d.handcrafted_eval {
                "handcrafted"
            } else {
                "network"
            }
        )?;
        writeln!(
            out,
            "option name RootMateNodes type spin default {} min 0 max {MAX_ROOT_MATE_NODES}",
            d.root_mate_nodes
        )?;
        // Variant GUIs choose the game with this option; wa shogi hands the session over to
        // the wa shogi engine.
        writeln!(
            out,
            "option name USI_Variant type combo default shogi var shogi var washogi var washogi-nodrops"
        )?;
        // A tuning build offers the search's parameters for SPSA.
        #[cfg(feature = "tune")]
        for t in tokin_engine::search::TUNABLES {
            let default = (t.get)(&tokin_engine::search::DEFAULT_SEARCH_PARAMS);
            writeln!(
                out,
                "option name {} type spin default {default} min {} max {}",
                t.name, t.min, t.max
            )?;
        }
        Ok(())
    }

    /// Applies `setoption name <name> value <value>`. Names match ignoring case; a few
    /// aliases GUIs use are accepted (`USI_MultiPV`, `NumberOfThreads`, `MoveOverhead`,
    /// `Hash`). A number outside an option's range is moved to the nearest end of it, and
    /// the result says so ([`SetResult::Clamped`]).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> SetResult {
        #[cfg(feature = "tune")]
        if let Some(t) = tokin_engine::search::TUNABLES
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
        {
            return match spin(value, t.min.into(), t.max.into()) {
                Ok(v) => match v.apply(|v| {
                    tokin_engine::search::set_tunable(t.name, v as i32);
                }) {
                    None => SetResult::Set,
                    Some(note) => SetResult::Clamped(note),
                },
                Err(e) => SetResult::BadValue(e),
            };
        }
        let r: Result<Option<String>, String> = match name.to_ascii_lowercase().as_str() {
            "usi_hash" | "hash" => {
                spin(value, 1, MAX_HASH_MB as i64).map(|v| v.apply(|v| self.hash_mb = v as u64))
            }
            "matehash" => spin(value, 1, MAX_HASH_MB as i64)
                .map(|v| v.apply(|v| self.mate_hash_mb = v as u64)),
            "usi_ponder" => check(value).map(|v| {
                self.ponder = v;
                None
            }),
            "threads" | "numberofthreads" => {
                spin(value, 1, MAX_THREADS as i64).map(|v| v.apply(|v| self.threads = v as u64))
            }
            "multipv" | "usi_multipv" => {
                spin(value, 1, 600).map(|v| v.apply(|v| self.multipv = v as u64))
            }
            "maxmovestodraw" => {
                spin(value, 0, 100_000).map(|v| v.apply(|v| self.max_moves_to_draw = v as u64))
            }
            "enteringkingrule" => value
                .unwrap_or("")
                .parse::<EnteringKingRule>()
                .map(|r| {
                    self.entering_king_rule = r;
                    None
                })
                .map_err(|e| e.to_string()),
            "networkdelay" | "moveoverhead" => {
                spin(value, 0, 10_000).map(|v| v.apply(|v| self.network_delay = v as u64))
            }
            "depthlimit" => spin(value, 0, 127).map(|v| v.apply(|v| self.depth_limit = v as u64)),
            "nodeslimit" => {
                spin(value, 0, i64::MAX).map(|v| v.apply(|v| self.nodes_limit = v as u64))
            }
            "drawvalue" => spin(value, -30000, 30000).map(|v| v.apply(|v| self.draw_value = v)),
            "pvnotation" => {
                let v = value.unwrap_or("").trim();
                if v.eq_ignore_ascii_case("none") {
                    self.pv_notation = None;
                    Ok(None)
                } else {
                    match v.parse::<tokin_notation::Style>() {
                        Ok(style) if PV_STYLES.contains(&style) => {
                            self.pv_notation = Some(style);
                            Ok(None)
                        }
                        _ => Err(format!(
                            "`{v}` is not a PV notation (none, {})",
                            PV_STYLES.map(|s| s.name()).join(", ")
                        )),
                    }
                }
            }
            "positionstrictness" => value
                .unwrap_or("")
                .parse::<Strictness>()
                .map(|s| {
                    self.position_strictness = s;
                    None
                })
                .map_err(|e| e.to_string()),
            "evalfile" => {
                self.eval_file = path_value(value);
                Ok(None)
            }
            "evaldir" => {
                self.eval_dir = path_value(value);
                Ok(None)
            }
            "fv_scale" => spin(value, 1, 128).map(|v| v.apply(|v| self.fv_scale = v as u64)),
            "evaluation" => match value.unwrap_or("").trim().to_ascii_lowercase().as_str() {
                "network" => {
                    self.handcrafted_eval = false;
                    Ok(None)
                }
                "handcrafted" => {
                    self.handcrafted_eval = true;
                    Ok(None)
                }
                v => Err(format!("`{v}` is not an evaluation (network, handcrafted)")),
            },
            "rootmatenodes" => spin(value, 0, MAX_ROOT_MATE_NODES as i64)
                .map(|v| v.apply(|v| self.root_mate_nodes = v as u64)),
            "usi_ownbook"
            | "networkdelay2"
            | "minimumthinkingtime"
            | "usi_analysemode"
            | "usi_showcurrline"
            | "usi_limitstrength"
            | "usi_strength" => {
                return SetResult::Ignored;
            }
            _ => return SetResult::Unknown,
        };
        match r {
            Ok(None) => SetResult::Set,
            Ok(Some(note)) => SetResult::Clamped(note),
            Err(e) => SetResult::BadValue(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advertised_lines_follow_the_grammar() {
        let mut buf = Vec::new();
        Options::default().write_usi(&mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        for line in text.lines() {
            let t: Vec<&str> = line.split(' ').collect();
            assert_eq!(&t[..2], &["option", "name"]);
            assert_eq!(t[3], "type");
            if t[4] == "combo" {
                let default = t[t.iter().position(|&x| x == "default").unwrap() + 1];
                assert!(line.contains(&format!("var {default}")), "{line}");
            }
            if t[4] == "spin" {
                assert!(
                    line.contains(" min ") && line.contains(" max ") && line.contains(" default ")
                );
            }
        }
        assert!(text.contains("option name EnteringKingRule type combo default CSARule27 var NoEnteringKing var CSARule24 var CSARule24H var CSARule27 var CSARule27H var TryRule"));
        assert!(text.contains(
            "option name PositionStrictness type combo default relaxed var game var problem var relaxed\n"
        ));
    }

    #[test]
    fn set_values_clamp_and_reject() {
        let mut o = Options::default();
        assert_eq!(o.set("USI_Hash", Some("16")), SetResult::Set);
        assert_eq!(o.hash_mb, 16);
        let SetResult::Clamped(note) = o.set("usi_hash", Some("99999999999")) else {
            panic!("a hash of 99999999999 MB taken as it is")
        };
        assert_eq!(
            note,
            "`99999999999` is more than the maximum 65536; using 65536"
        );
        assert_eq!(o.hash_mb, MAX_HASH_MB);
        // Every spin option clamps and says so: too large, too small, negative, longer
        // than any integer type; a non-number changes nothing.
        for (name, value, want) in [
            ("Threads", "999", 256),
            ("MultiPV", "0", 1),
            ("MultiPV", "-5", 1),
            ("DepthLimit", "-1", 0),
            (
                "NetworkDelay",
                "99999999999999999999999999999999999999999999",
                10_000,
            ),
            ("USI_Hash", "-1", 1),
        ] {
            let r = o.set(name, Some(value));
            assert!(
                matches!(&r, SetResult::Clamped(n) if n.contains(&format!("using {want}"))),
                "{name} {value}: {r:?}"
            );
        }
        assert_eq!((o.threads, o.multipv, o.depth_limit), (256, 1, 0));
        assert_eq!((o.network_delay, o.hash_mb), (10_000, 1));
        assert_eq!(o.set("Threads", Some("4")), SetResult::Set);
        assert!(matches!(
            o.set("MultiPV", Some("1e3")),
            SetResult::BadValue(_)
        ));
        assert_eq!(o.multipv, 1);
        o.threads = 1;
        assert!(matches!(
            o.set("Threads", Some("many")),
            SetResult::BadValue(_)
        ));
        assert_eq!(o.threads, 1);
        assert_eq!(o.set("EnteringKingRule", Some("TryRule")), SetResult::Set);
        assert_eq!(o.entering_king_rule, EnteringKingRule::TryRule);
        assert_eq!(o.set("USI_OwnBook", Some("false")), SetResult::Ignored);
        assert_eq!(o.set("NoSuchOption", Some("1")), SetResult::Unknown);
        assert_eq!(o.set("USI_Ponder", Some("true")), SetResult::Set);
        assert!(o.ponder);
        assert_eq!(o.position_strictness, Strictness::Relaxed);
        assert_eq!(o.set("PositionStrictness", Some("game")), SetResult::Set);
        assert_eq!(o.position_strictness, Strictness::Game);
        let SetResult::BadValue(e) = o.set("PositionStrictness", Some("tsume")) else {
            panic!("`tsume` accepted")
        };
        assert!(e.contains("`tsume`"), "{e}");
        assert_eq!(o.position_strictness, Strictness::Game);
    }
}
