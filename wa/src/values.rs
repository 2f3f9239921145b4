//! The evaluation's weights, in hundredths of a sparrow pawn: a material value for each piece,
//! one for each square a piece reaches (mobility) and one for each square next to the enemy
//! king that a piece attacks (king attack). They can be set at run time (the USI
//! option `PieceValues`), so that matches can try others without a new build; `docs/wa.md`
//! gives how the defaults were chosen.

use crate::piece::Kind;

/// A value for each kind on the board, unpromoted and promoted; a piece in hand counts 10%
/// more than on the board, since it can go anywhere.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Values {
    plain: [i32; 17],
    promoted: [i32; 17],
    mobility: i32,
    king_attack: i32,
}

/// The defaults, in the order of [`Kind::ALL`] (the crane king is worth nothing: it is never
/// taken): tuned by SPSA in self-play from a first estimate made from the moves, and kept
/// because a 100-game match preferred them (`docs/wa.md`).
const PLAIN: [i32; 17] = [
    100, 336, 393, 245, 240, 341, 161, 251, 192, 290, 374, 543, 585, 514, 918, 894, 0,
];
/// The promoted defaults in the same order; a kind that does not promote has 0 here (unused).
const PROMOTED: [i32; 17] = [
    459, 653, 359, 442, 497, 735, 810, 894, 487, 377, 523, 512, 0, 899, 1098, 0, 0,
];

/// The default weight of a square reached.
const MOBILITY: i32 = 3;

/// The default weight of a square next to the enemy king (or its own square) attacked: 10
/// beat 0 by +123 Elo and was not beaten by 20 in 100-game matches (`docs/wa.md`).
const KING_ATTACK: i32 = 10;

impl Default for Values {
    fn default() -> Values {
        Values {
            plain: PLAIN,
            promoted: PROMOTED,
            mobility: MOBILITY,
            king_attack: KING_ATTACK,
        }
    }
}

impl Values {
    /// The value of a piece on the board.
    pub fn of(&self, kind: Kind, promoted: bool) -> i32 {
        if promoted && kind.promotes() {
            self.promoted[kind.index()]
        } else {
            self.plain[kind.index()]
        }
    }

    /// The value of a piece in hand.
    pub fn in_hand(&self, kind: Kind) -> i32 {
        self.plain[kind.index()] * 11 / 10
    }

    /// The weight of one square that a piece reaches (empty or the opponent's).
    pub fn mobility(&self) -> i32 {
        self.mobility
    }

    /// The weight of one square next to the enemy king, or under it, that a piece attacks.
    pub fn king_attack(&self) -> i32 {
        self.king_attack
    }

    /// Sets one value; `promoted` is ignored for a kind that does not promote.
    pub fn set(&mut self, kind: Kind, promoted: bool, value: i32) {
        if promoted && kind.promotes() {
            self.promoted[kind.index()] = value;
        } else if !promoted {
            self.plain[kind.index()] = value;
        }
    }

    /// The values as `SP=100 OC=336 … +SP=459 … MOB=3 ATT=10`, every kind but the king, then
    /// every promoted kind, then the mobility and king-attack weights.
    pub fn write(&self) -> String {
        let plain = Kind::HAND
            .iter()
            .map(|&k| format!("{}={}", k.code(), self.of(k, false)));
        let promoted = Kind::HAND
            .iter()
            .filter(|k| k.promotes())
            .map(|&k| format!("+{}={}", k.code(), self.of(k, true)));
        let weights = [
            format!("MOB={}", self.mobility),
            format!("ATT={}", self.king_attack),
        ];
        plain
            .chain(promoted)
            .chain(weights)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Changes the values named in `text` (`SP=100 +FF=1100 MOB=2 ATT=5 …`, any of them, in any
    /// order), leaving the others.
    ///
    /// # Errors
    /// A message naming the word that is not `NAME=VALUE` with a known name, a promoted name
    /// only for a kind that promotes, and a value from 0 to 100000.
    pub fn update(&mut self, text: &str) -> Result<(), String> {
        let mut next = *self;
        for (i, word) in text.split_whitespace().enumerate() {
            let bad = |why: &str| format!("word {} `{word}`: {why}", i + 1);
            let (name, value) = word
                .split_once('=')
                .ok_or_else(|| bad("expected NAME=VALUE"))?;
            let value = value
                .parse::<i32>()
                .ok()
                .filter(|v| (0..=100_000).contains(v))
                .ok_or_else(|| bad("the value must be a whole number from 0 to 100000"))?;
            if name.eq_ignore_ascii_case("MOB") {
                next.mobility = value;
                continue;
            }
            if name.eq_ignore_ascii_case("ATT") {
                next.king_attack = value;
                continue;
            }
            let (promoted, code) = match name.strip_prefix('+') {
                Some(code) => (true, code),
                None => (false, name),
            };
            let kind = Kind::from_code(code)
                .filter(|&k| k != Kind::CraneKing && (!promoted || k.promotes()))
                .ok_or_else(|| bad("not a piece with a value"))?;
            next.set(kind, promoted, value);
        }
        *self = next;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_what_they_write_and_refuse_bad_words() {
        let v = Values::default();
        let mut w = Values {
            plain: [0; 17],
            promoted: [0; 17],
            mobility: 0,
            king_attack: 7,
        };
        w.update(&v.write()).expect("its own text");
        assert_eq!(v, w);
        let mut x = v;
        x.update("FF=900 +SP=500 MOB=0 ATT=12").expect("valid");
        assert_eq!(x.mobility(), 0);
        assert_eq!(x.king_attack(), 12);
        assert_eq!(x.of(Kind::FlyingFalcon, false), 900);
        assert_eq!(x.of(Kind::SparrowPawn, true), 500);
        assert_eq!(x.in_hand(Kind::FlyingFalcon), 990);
        for (bad, why) in [
            ("FF=900 XX=3", "word 2 `XX=3`: not a piece"),
            ("MOB=x", "whole number"),
            ("+TF=3", "not a piece"),
            ("CK=3", "not a piece"),
            ("SP", "expected NAME=VALUE"),
            ("SP=-1", "from 0 to 100000"),
        ] {
            let mut y = v;
            let err = y.update(bad).expect_err(bad);
            assert!(err.contains(why), "{bad}: {err}");
            assert_eq!(y, v, "{bad} leaves the values");
        }
    }
}
