//! The entering-king declaration (入玉宣言, *nyūgyoku sengen*) and the try rule.
//!
//! Every point rule asks the same of the declarer: (a) it is to move, (b) its king stands in
//! the enemy camp (its own promotion zone), (c) at least ten of its other pieces stand there,
//! (d) it is not in check. Points count the pieces in hand plus the pieces in the enemy camp
//! other than the king: rook and bishop, promoted or not, are worth 5, everything else 1.
//! (The remaining condition, time left on the clock, is the caller's to know.)
//!
//! - 27-point rule (CSA, floodgate): Black needs 28 points, White 27; fewer loses.
//! - 24-point rule: 31 or more wins, 24 to 30 is a draw, fewer loses.
//! - Handicap variants (`H`): points missing from the full set (handicap pieces) are
//!   credited to White, the handicap giver, by lowering White's threshold.
//! - Count of 24 (seed 004's jishogi rule): with both kings in their enemy camps, each side
//!   counts all its pieces, on the board and in hand, king excluded, rook and bishop 5 and
//!   everything else 1, promotion disregarded. Both at 24 or more is a draw; a side with fewer
//!   loses. No ten-piece condition: the seed has none.
//! - Try rule: moving one's king onto the enemy king's starting square (5a for Black, 5i for
//!   White) without it being capturable there wins; that king move is itself the win.

use crate::movegen::zone;
use crate::{Color, HandPiece, Move, PieceKind, Position, Square};
use core::fmt;
use core::str::FromStr;

/// Which entering-king rule a game is played under (the USI option `EnteringKingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EnteringKingRule {
    /// No declaration and no try: entering kings play on.
    NoEnteringKing,
    /// 24-point rule: 31+ wins, 24-30 draws.
    CsaRule24,
    /// 24-point rule with handicap points credited to White.
    CsaRule24H,
    /// 27-point rule: Black 28+, White 27+ (the CSA and floodgate rule).
    #[default]
    CsaRule27,
    /// 27-point rule with handicap points credited to White.
    CsaRule27H,
    /// The try rule: reach the enemy king's starting square.
    TryRule,
    /// Seed 004's count: both kings in the enemy camps, every piece counted (rook and bishop
    /// 5, others 1); both sides at 24 or more draw, a side with fewer loses.
    JishogiCount24,
}

impl EnteringKingRule {
    /// Every rule, in the order the USI option lists them.
    pub const ALL: [EnteringKingRule; 7] = [
        EnteringKingRule::NoEnteringKing,
        EnteringKingRule::CsaRule24,
        EnteringKingRule::CsaRule24H,
        EnteringKingRule::CsaRule27,
        EnteringKingRule::CsaRule27H,
        EnteringKingRule::TryRule,
        EnteringKingRule::JishogiCount24,
    ];

    /// The rule's USI option value, e.g. `CSARule27`.
    pub const fn name(self) -> &'static str {
        match self {
            EnteringKingRule::NoEnteringKing => "NoEnteringKing",
            EnteringKingRule::CsaRule24 => "CSARule24",
            EnteringKingRule::CsaRule24H => "CSARule24H",
            EnteringKingRule::CsaRule27 => "CSARule27",
            EnteringKingRule::CsaRule27H => "CSARule27H",
            EnteringKingRule::TryRule => "TryRule",
            EnteringKingRule::JishogiCount24 => "JishogiCount24",
        }
    }
}

impl fmt::Display for EnteringKingRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not the name of an entering-king rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRuleError {
    /// The text that was given.
    pub found: String,
}

impl fmt::Display for ParseRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown entering-king rule `{}` (expected one of NoEnteringKing, CSARule24, \
             CSARule24H, CSARule27, CSARule27H, TryRule)",
            self.found
        )
    }
}

impl std::error::Error for ParseRuleError {}

impl FromStr for EnteringKingRule {
    type Err = ParseRuleError;
    /// Parses an option value, ignoring case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        EnteringKingRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseRuleError {
                found: s.to_string(),
            })
    }
}

/// The outcome of a declaration that meets the conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declaration {
    /// The declarer wins (`bestmove win` is correct).
    Win,
    /// The game is drawn (24-point rule, 24 to 30 points).
    Draw,
    /// Too few points: declaring would lose.
    Lose,
}

/// Points of the pieces in hand and in the enemy camp (king excluded) for `color`, and how
/// many of its pieces other than the king stand in the enemy camp.
///
/// # Examples
/// ```
/// use tokin_core::{Color, Position, declaration_points};
/// let pos = Position::from_sfen("B1SG1GS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 b 2G2S2N2L2P 1").unwrap();
/// assert_eq!(declaration_points(&pos, Color::Black), (28, 10));
/// ```
pub fn declaration_points(pos: &Position, color: Color) -> (u32, u32) {
    let camp = zone(color) & pos.pieces(color);
    let big = pos.pieces_of(color, PieceKind::Rook)
        | pos.pieces_of(color, PieceKind::Dragon)
        | pos.pieces_of(color, PieceKind::Bishop)
        | pos.pieces_of(color, PieceKind::Horse);
    let others = camp.and_not(pos.pieces_of(color, PieceKind::King));
    let count = others.count();
    let big_in_camp = (others & big).count();
    let hand = pos.hand(color);
    let hand_big =
        u32::from(hand.count(HandPiece::Rook)) + u32::from(hand.count(HandPiece::Bishop));
    let hand_all = hand.total();
    // Small numbers: at most 81 pieces on the board and a hand's capacity of each kind in
    // hand, so no sum here comes near `u32::MAX`.
    let points = count + 4 * big_in_camp + hand_all + 4 * hand_big;
    (points, count)
}

/// The points of all of `color`'s pieces, on the board anywhere and in hand, king excluded:
/// rook and bishop (promoted or not) 5, everything else 1.
fn material_points(pos: &Position, c: Color) -> u32 {
    let board = pos.pieces(c).and_not(pos.pieces_of(c, PieceKind::King));
    let big = pos.pieces_of(c, PieceKind::Rook)
        | pos.pieces_of(c, PieceKind::Dragon)
        | pos.pieces_of(c, PieceKind::Bishop)
        | pos.pieces_of(c, PieceKind::Horse);
    let hand = pos.hand(c);
    // Bounded as in `declaration_points`: no overflow.
    board.count()
        + 4 * big.count()
        + hand.total()
        + 4 * (u32::from(hand.count(HandPiece::Rook)) + u32::from(hand.count(HandPiece::Bishop)))
}

/// Points missing from the full set (54 without kings), credited to the handicap giver.
fn missing_points(pos: &Position) -> u32 {
    let total: u32 = Color::ALL
        .into_iter()
        .map(|c| material_points(pos, c))
        .sum();
    54u32.saturating_sub(total)
}

/// What declaring now would give the side to move under `rule`, or `None` when the
/// conditions (king and ten pieces in the enemy camp, not in check) do not hold or the rule
/// has no declaration (`NoEnteringKing`, `TryRule`).
///
/// # Examples
/// ```
/// use tokin_core::{Declaration, EnteringKingRule, Position, declaration};
/// let pos = Position::from_sfen("B1SG1GS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 b 2G2S2N2L2P 1").unwrap();
/// assert_eq!(declaration(&pos, EnteringKingRule::CsaRule27), Some(Declaration::Win));
/// assert_eq!(declaration(&pos, EnteringKingRule::CsaRule24), Some(Declaration::Draw));
/// ```
pub fn declaration(pos: &Position, rule: EnteringKingRule) -> Option<Declaration> {
    if matches!(
        rule,
        EnteringKingRule::NoEnteringKing | EnteringKingRule::TryRule
    ) {
        return None;
    }
    let us = pos.side_to_move();
    let ksq = pos.king_square(us)?;
    if !ksq.in_zone(us) || pos.in_check() {
        return None;
    }
    if rule == EnteringKingRule::JishogiCount24 {
        // Seed 004: "Both players have moved their King into the promotion zone ... If both
        // players have at least 24 points the game is a draw. If a player has less, he loses".
        let them = !us;
        if !pos.king_square(them)?.in_zone(them) {
            return None;
        }
        return Some(if material_points(pos, us) < 24 {
            Declaration::Lose
        } else if material_points(pos, them) < 24 {
            Declaration::Win
        } else {
            Declaration::Draw
        });
    }
    let (points, count) = declaration_points(pos, us);
    if count < 10 {
        return None;
    }
    let handicap = matches!(
        rule,
        EnteringKingRule::CsaRule24H | EnteringKingRule::CsaRule27H
    );
    let credit = if handicap && us == Color::White {
        missing_points(pos)
    } else {
        0
    };
    // `points` and `credit` are small (see `declaration_points`, and `credit <= 54`).
    let verdict = match rule {
        EnteringKingRule::CsaRule27 | EnteringKingRule::CsaRule27H => {
            let need = match us {
                Color::Black => 28,
                Color::White => 27,
            };
            if points + credit >= need {
                Declaration::Win
            } else {
                Declaration::Lose
            }
        }
        _ => {
            if points + credit >= 31 {
                Declaration::Win
            } else if points + credit >= 24 {
                Declaration::Draw
            } else {
                Declaration::Lose
            }
        }
    };
    Some(verdict)
}

/// The king move that wins by the try rule now, if there is one: the side to move's king
/// steps legally onto the enemy king's starting square (5a for Black, 5i for White).
///
/// # Examples
/// ```
/// use tokin_core::{Position, try_move};
/// let pos = Position::from_sfen("9/4K4/9/9/9/9/9/9/k8 b - 1").unwrap();
/// assert_eq!(try_move(&pos).map(|m| m.to_string()), Some("5b5a".to_string()));
/// ```
pub fn try_move(pos: &Position) -> Option<Move> {
    let us = pos.side_to_move();
    let ksq = pos.king_square(us)?;
    let target = match us {
        Color::Black => Square::S51,
        Color::White => Square::S59,
    };
    if !crate::attacks::king(ksq).contains(target) {
        return None;
    }
    // The target is a king's step away, so it is not the king's own square.
    let mv = Move::normal(ksq, target, false);
    pos.is_legal(mv).ok().map(|()| mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECLARABLE: &str = "B1SG1GS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 b 2G2S2N2L2P 1";

    fn pos(s: &str) -> Position {
        Position::from_sfen(s).unwrap()
    }

    #[test]
    fn usi_example_declares_under_27_and_draws_under_24() {
        let p = pos(DECLARABLE);
        assert_eq!(declaration_points(&p, Color::Black), (28, 10));
        assert_eq!(
            declaration(&p, EnteringKingRule::CsaRule27),
            Some(Declaration::Win)
        );
        assert_eq!(
            declaration(&p, EnteringKingRule::CsaRule27H),
            Some(Declaration::Win)
        );
        assert_eq!(
            declaration(&p, EnteringKingRule::CsaRule24),
            Some(Declaration::Draw)
        );
        assert_eq!(declaration(&p, EnteringKingRule::NoEnteringKing), None);
        assert_eq!(declaration(&p, EnteringKingRule::TryRule), None);
    }

    #[test]
    fn black_needs_28_white_27() {
        // One pawn fewer in hand: 27 points is not enough for Black.
        let p = pos("B1SG1GS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 b 2G2S2N2LP 1");
        assert_eq!(declaration_points(&p, Color::Black).0, 27);
        assert_eq!(
            declaration(&p, EnteringKingRule::CsaRule27),
            Some(Declaration::Lose)
        );
        // The mirrored position with White to move and 27 points wins.
        let w = pos("4K4/9/9/9/9/9/2p3p2/1p2k2p1/b1sg1gs1r w 2g2s2n2lp 1");
        assert_eq!(declaration_points(&w, Color::White), (27, 10));
        assert_eq!(
            declaration(&w, EnteringKingRule::CsaRule27),
            Some(Declaration::Win)
        );
    }

    #[test]
    fn conditions_king_in_camp_ten_pieces_to_move_not_in_check() {
        // Not to move: White to move cannot declare for Black.
        let p = pos("B1SG1GS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 w 2G2S2N2L2P 1");
        assert_eq!(declaration(&p, EnteringKingRule::CsaRule27), None);
        // King outside the camp.
        let p = pos("B1SG1GS1R/1P5P1/2P3P2/4K4/9/9/9/9/4k4 b 2G2S2N2L2P 1");
        assert_eq!(declaration(&p, EnteringKingRule::CsaRule27), None);
        // Only nine pieces in camp (a pawn moved out), even with enough points in hand.
        let p = pos("B1SG1GS1R/1P2K2P1/2P6/6P2/9/9/9/9/4k4 b 2G2S2N2L3P 1");
        assert_eq!(declaration_points(&p, Color::Black).1, 9);
        assert_eq!(declaration(&p, EnteringKingRule::CsaRule27), None);
        // In check from a white pawn just above the king.
        let p = pos("B1SGpGS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 b 2G2S2N2L2P 1");
        assert!(p.in_check());
        assert_eq!(declaration(&p, EnteringKingRule::CsaRule27), None);
    }

    #[test]
    fn twenty_four_point_rule_bands() {
        // 31 points: add three points to the example (R in hand replaces nothing: +5 -> 33).
        let p = pos("B1SG1GS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 b B2G2S2N2L2P 1");
        assert_eq!(declaration_points(&p, Color::Black).0, 33);
        assert_eq!(
            declaration(&p, EnteringKingRule::CsaRule24),
            Some(Declaration::Win)
        );
        // 23 points loses.
        let p = pos("B1SG1GS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 b 2N2L 1");
        assert_eq!(declaration_points(&p, Color::Black).0, 22);
        assert_eq!(
            declaration(&p, EnteringKingRule::CsaRule24),
            Some(Declaration::Lose)
        );
    }

    #[test]
    fn handicap_variant_credits_white() {
        // White has 22 points; every piece missing from the full set (here all of Black's
        // but the king) is credited to White under the handicap variant.
        let w = pos("4K4/9/9/9/9/9/2p3p2/1p2kp1p1/b1sg1gs2 w 2g2s2n2l 1");
        assert_eq!(declaration_points(&w, Color::White), (22, 10));
        assert_eq!(missing_points(&w), 32);
        assert_eq!(
            declaration(&w, EnteringKingRule::CsaRule27),
            Some(Declaration::Lose)
        );
        assert_eq!(
            declaration(&w, EnteringKingRule::CsaRule27H),
            Some(Declaration::Win)
        );
        // Black gets no credit.
        let b = pos("B1SG1GS2/1P2KP1P1/2P3P2/9/9/9/9/9/4k4 b 2G2S2N2L 1");
        assert_eq!(
            declaration(&b, EnteringKingRule::CsaRule27H),
            Some(Declaration::Lose)
        );
    }

    #[test]
    fn seed_004_count_of_24() {
        // Seed 004: "the King does not count, the Rook and Bishop count as 5 points, and all
        // other pieces as one point. Promotion is disregarded. If both players have at least
        // 24 points the game is a draw (\"Jishogi\"). If a player has less, he loses".
        let rule = EnteringKingRule::JishogiCount24;
        // Both kings in their enemy camps. Black: R B (10) + 14 others = 24; White the rest,
        // 30, its rook promoted (it counts as a rook).
        let even = pos("4K4/9/9/9/9/9/9/9/+r3k4 b RB2G2S2N2L6Pb2g2s2n2l12p 1");
        assert_eq!(material_points(&even, Color::White), 30);
        assert_eq!(declaration(&even, rule), Some(Declaration::Draw));
        // Black 23: Black loses.
        let short = pos("4K4/9/9/9/9/9/9/9/+r3k4 b RB2G2S2N2L5Pb2g2s2n2l13p 1");
        assert_eq!(declaration(&short, rule), Some(Declaration::Lose));
        // White 23 with Black to move: White is the one who loses.
        let win = pos("4K4/9/9/9/9/9/9/9/+r3k4 b RB2G2S2N2L13Pb2g2s2n2l5p 1");
        assert_eq!(material_points(&win, Color::White), 23);
        assert_eq!(declaration(&win, rule), Some(Declaration::Win));
        // No ten-piece condition, but both kings must be in their enemy camps.
        let home = pos("9/9/9/4K4/9/9/9/9/+r3k4 b RB2G2S2N2L6Pb2g2s2n2l12p 1");
        assert_eq!(declaration(&home, rule), None);
        assert_eq!("jishogicount24".parse(), Ok(rule));
    }

    #[test]
    fn try_rule_move() {
        let p = pos("9/4K4/9/9/9/9/9/9/k8 b - 1");
        assert_eq!(try_move(&p), Move::from_usi("5b5a"));
        // The square is guarded by a white gold on 4a: no try.
        let p = pos("5g3/4K4/9/9/9/9/9/9/k8 b - 1");
        assert_eq!(try_move(&p), None);
        // White's try square is 5i.
        let p = pos("8K/9/9/9/9/9/9/4k4/9 w - 1");
        assert_eq!(try_move(&p), Move::from_usi("5h5i"));
    }

    #[test]
    fn rule_names_round_trip() {
        for r in EnteringKingRule::ALL {
            assert_eq!(r.name().parse::<EnteringKingRule>(), Ok(r));
        }
        assert_eq!(
            "csarule27".parse::<EnteringKingRule>(),
            Ok(EnteringKingRule::CsaRule27)
        );
        assert!("27".parse::<EnteringKingRule>().is_err());
    }
}
