//! One policy for positions: how strictly a position is held to the rules before it is
//! accepted. Every front end (USI `position`, the command-line tools, the record readers)
//! takes a [`Strictness`] from its caller instead of choosing a fallback of its own.

use super::setup::Kings;
use super::{Position, PositionError, Setup};
use core::fmt;
use core::str::FromStr;

/// How strictly a position must follow the rules to be accepted.
///
/// The default is [`Strictness::Relaxed`]: what the front ends (the USI engine, the
/// command-line tools, the record readers) accept unless told otherwise, so that a record or
/// a problem that can be played is never refused for being unusual. A program that wants
/// only game positions says [`Strictness::Game`].
///
/// Each level accepts everything the level before it does. Whatever the level, a position
/// that tokin accepts can be played: every kind fits in a hand, at least one side (the
/// defender) has its king, and the side not to move is not in check. A rule of the game that a
/// problem diagram may break (the attacker without a king, two unpromoted pawns of one side on
/// a file) is accepted from [`Strictness::Problem`] on, and more pieces than a set or a piece
/// where it can never move (which then never moves) at [`Strictness::Relaxed`];
/// [`Position::game_rule_breaks`] lists what a position breaks so that the front ends can warn.
///
/// ```
/// use tokin_core::{Position, Strictness};
///
/// // A mating problem: the attacker (to move) has no king.
/// let tsume = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
/// assert!(Position::from_sfen_with(tsume, Strictness::Game).is_err());
/// assert!(Position::from_sfen_with(tsume, Strictness::Problem).is_ok());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strictness {
    /// A game position: both kings, and no more pieces of a kind than a set holds.
    Game,
    /// A problem position (詰将棋, *tsume*, and other composed problems): as a game, but the
    /// attacker may have no king (one side, to move or not, as positions reached while solving
    /// have either) and a side may have two unpromoted pawns on a file, as some problem
    /// diagrams show.
    Problem,
    /// Anything the rules can play: as a problem, and a kind may have more pieces than a set
    /// holds, up to what a hand can record ([`Hand::capacity`](crate::Hand::capacity)), and a
    /// piece may stand where it can never move (it stays there).
    /// Published perft suites and some composed positions need this.
    #[default]
    Relaxed,
}

impl Strictness {
    /// Every level, strictest first.
    pub const ALL: [Strictness; 3] = [Strictness::Game, Strictness::Problem, Strictness::Relaxed];

    /// The name used on command lines and in the USI option: `game`, `problem`, `relaxed`.
    pub fn name(self) -> &'static str {
        match self {
            Strictness::Game => "game",
            Strictness::Problem => "problem",
            Strictness::Relaxed => "relaxed",
        }
    }

    /// Checks `setup` under this level and builds the position.
    ///
    /// # Errors
    /// The first rule the setup breaks at this level.
    pub fn validate(self, setup: &Setup) -> Result<Position, PositionError> {
        match self {
            Strictness::Game => setup.validate(Kings::Both),
            Strictness::Problem => setup.validate_problem(false),
            Strictness::Relaxed => setup.validate_problem(true),
        }
    }
}

impl fmt::Display for Strictness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`Strictness`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrictness(pub String);

impl fmt::Display for UnknownStrictness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown position strictness `{}` (expected game, problem or relaxed)",
            self.0
        )
    }
}

impl std::error::Error for UnknownStrictness {}

impl FromStr for Strictness {
    type Err = UnknownStrictness;

    fn from_str(s: &str) -> Result<Strictness, UnknownStrictness> {
        Strictness::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownStrictness(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_accepts_what_the_stricter_ones_do() {
        let game = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        let problem = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
        // Three golds in Black's hand besides White's four: more than a set.
        let relaxed = "4k4/9/9/9/9/9/9/9/4K4 b 3G4g 1";
        let accepted = |sfen: &str, s: Strictness| {
            Setup::from_sfen(sfen)
                .map(|setup| s.validate(&setup).is_ok())
                .unwrap_or(false)
        };
        assert_eq!(Strictness::ALL.map(|s| accepted(game, s)), [true; 3]);
        assert_eq!(
            Strictness::ALL.map(|s| accepted(problem, s)),
            [false, true, true]
        );
        assert_eq!(
            Strictness::ALL.map(|s| accepted(relaxed, s)),
            [false, false, true]
        );
        // Two of Black's pawns on file 5: a problem diagram, not a game.
        let nifu = "4k4/9/4P4/9/4P4/9/9/9/9 b G 1";
        assert_eq!(
            Strictness::ALL.map(|s| accepted(nifu, s)),
            [false, true, true]
        );
    }

    #[test]
    fn names_round_trip() {
        for s in Strictness::ALL {
            assert_eq!(s.name().parse::<Strictness>(), Ok(s));
        }
        assert_eq!("Problem".parse::<Strictness>(), Ok(Strictness::Problem));
        let e = "tsume".parse::<Strictness>().unwrap_err();
        assert!(e.to_string().contains("`tsume`"), "{e}");
    }
}
