//! Square control around the kings: how many of each side's pieces attack every square,
//! weighted by the square's distance to each king.
//!
//! A square near a king that the enemy attacks is where mating attacks happen, and one the
//! king's own side attacks is one the enemy cannot use: so each attack on a square is worth
//! more the closer the square is to either king, and a second or third attacker on the same
//! square adds less than the first. The idea of valuing control by distance to the king is
//! from the evaluation series on the YaneuraOu blog (2020), "評価関数を作ってみよう"; the code
//! and numbers here are this project's own.

use tokin_core::{Color, PieceKind, Position, Square, attacks};

/// Attackers per square that are told apart: one, two, three or more.
pub const LEVELS: usize = 3;

/// How many pieces of one side attack each square, as nested sets: `at_least[l]` holds the
/// squares attacked by more than `l` pieces (capped at [`LEVELS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Control {
    at_least: [u128; LEVELS],
}

impl Control {
    /// Counts one more attacker on each square of `a`.
    #[inline(always)]
    fn add(&mut self, a: u128) {
        self.at_least[2] |= self.at_least[1] & a;
        self.at_least[1] |= self.at_least[0] & a;
        self.at_least[0] |= a;
    }

    /// The control of `color`'s pieces in `pos`.
    pub fn of(pos: &Position, color: Color) -> Control {
        let mut c = Control::default();
        let occ = pos.occupied();
        // Pawns attack one square each and never the same square (one pawn a file), so
        // they are counted in one step.
        let pawns = pos.pieces_of(color, PieceKind::Pawn);
        c.add(
            match color {
                Color::Black => pawns.shift_up(),
                Color::White => pawns.shift_down(),
            }
            .bits(),
        );
        let mine = pos.pieces(color);
        for sq in pos.pieces_of(color, PieceKind::Lance) {
            c.add(attacks::lance(color, sq, occ).bits());
        }
        for sq in pos.pieces_of(color, PieceKind::Knight) {
            c.add(attacks::knight(color, sq).bits());
        }
        for sq in pos.pieces_of(color, PieceKind::Silver) {
            c.add(attacks::silver(color, sq).bits());
        }
        for sq in pos.gold_likes() & mine {
            c.add(attacks::gold(color, sq).bits());
        }
        for sq in pos.pieces_of(color, PieceKind::Bishop) {
            c.add(attacks::bishop(sq, occ).bits());
        }
        for sq in pos.pieces_of(color, PieceKind::Horse) {
            c.add(attacks::horse(sq, occ).bits());
        }
        for sq in pos.pieces_of(color, PieceKind::Rook) {
            c.add(attacks::rook(sq, occ).bits());
        }
        for sq in pos.pieces_of(color, PieceKind::Dragon) {
            c.add(attacks::dragon(sq, occ).bits());
        }
        for sq in pos.pieces_of(color, PieceKind::King) {
            c.add(attacks::king(sq).bits());
        }
        c
    }

    /// The squares attacked by more than `level` pieces.
    #[inline]
    pub fn at_least(&self, level: usize) -> u128 {
        self.at_least[level]
    }
}

/// The king-step (Chebyshev) distance between two squares given by index (file * 9 + rank).
const fn king_distance(a: usize, b: usize) -> usize {
    let df = (a / 9).abs_diff(b / 9);
    let dr = (a % 9).abs_diff(b % 9);
    if df > dr { df } else { dr }
}

/// The weight of a square at king-step distance `d` (0 to 8) from a king, out of
/// [`NEAR_WEIGHT`]: about one over (`d` + 1), so that control counts most next to the king
/// and still a little across the board.
pub(crate) const fn distance_weight(d: usize) -> i32 {
    (2 * NEAR_WEIGHT + d as i32 + 1) / (2 * (d as i32 + 1))
}

/// The weight of the king's own square and the scale of [`distance_weight`]. Weights below 32
/// fit in [`PLANES`] bits.
pub(crate) const NEAR_WEIGHT: i32 = 31;

/// Bits of a square's weight.
const PLANES: usize = 5;
const _: () = assert!(NEAR_WEIGHT < 1 << PLANES);

/// `WEIGHT_PLANES[king][b]`: the squares whose [`distance_weight`] from `king` has bit `b` set.
/// A weighted count of a set of squares is then five counts of bits, each scaled by a power
/// of two: `sum(w(sq))` over the set = `sum(2^b * |set & plane[b]|)`.
static WEIGHT_PLANES: [[u128; PLANES]; 81] = {
    let mut t = [[0u128; PLANES]; 81];
    let mut k: usize = 0;
    while k < 81 {
        let mut sq: usize = 0;
        while sq < 81 {
            let w = distance_weight(king_distance(k, sq));
            let mut b = 0;
            while b < PLANES {
                if w >> b & 1 == 1 {
                    t[k][b] |= 1 << sq;
                }
                b += 1;
            }
            sq += 1;
        }
        k += 1;
    }
    t
};

/// The sum of [`distance_weight`] from the king whose planes these are, over `set`.
#[inline(always)]
fn weighted_count(set: u128, planes: &[u128; PLANES]) -> i32 {
    let mut s = 0;
    for (b, plane) in planes.iter().enumerate() {
        s += ((set & plane).count_ones() as i32) << b;
    }
    s
}

/// How control is valued: see [`around_king`].
#[derive(Clone, Copy, Debug)]
pub struct ControlWeights {
    /// The value of one's own control next to one's king, in sixteenths of a centipawn.
    pub own: i32,
    /// The cost of the enemy's control next to one's king, in sixteenths of a centipawn.
    pub their: i32,
    /// What the first, second and third attacker of a square count, in sixteenths.
    pub level: [i32; LEVELS],
}

/// The control score around the king on `king` for the king's side, in centipawns: the
/// squares each side attacks, each weighted by its distance to the king and by how many
/// attackers it has, the king's own side's counted with `w.own` and the enemy's against it
/// with `w.their`.
///
/// It is thirty population counts. The baseline x86-64 target has no `popcnt` instruction
/// and emulates it with a dozen others, so, as for perft, there is a second copy compiled
/// with `popcnt`, chosen at run time (the detection is cached: one load and a branch).
#[inline]
pub fn around_king(king: Square, ours: &Control, theirs: &Control, w: &ControlWeights) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: `around_king_popcnt` only needs `popcnt`, which was just detected.
        #[allow(unsafe_code)]
        return unsafe { around_king_popcnt(king, ours, theirs, w) };
    }
    around_king_body(king, ours, theirs, w)
}

/// [`around_king_body`] compiled with the `popcnt` instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn around_king_popcnt(king: Square, ours: &Control, theirs: &Control, w: &ControlWeights) -> i32 {
    around_king_body(king, ours, theirs, w)
}

/// See [`around_king`].
#[inline(always)]
fn around_king_body(king: Square, ours: &Control, theirs: &Control, w: &ControlWeights) -> i32 {
    let planes = &WEIGHT_PLANES[king.index()];
    let (mut own, mut their) = (0, 0);
    for l in 0..LEVELS {
        own += w.level[l] * weighted_count(ours.at_least[l], planes);
        their += w.level[l] * weighted_count(theirs.at_least[l], planes);
    }
    (w.own * own - w.their * their) / (16 * 16 * NEAR_WEIGHT)
}

/// How many pieces of `color` attack each square, counted one piece at a time: the reference
/// for [`Control`] and for [`around_king`], used by the parameter-driven evaluation.
pub(crate) fn attackers_by_square(pos: &Position, color: Color) -> [usize; 81] {
    let mut n = [0; 81];
    for sq in pos.pieces(color) {
        if let Some(p) = pos.piece_at(sq) {
            for t in attacks::piece(color, p.kind, sq, pos.occupied()) {
                n[t.index()] += 1;
            }
        }
    }
    n
}

/// [`around_king`] worked out square by square from [`attackers_by_square`].
pub(crate) fn around_king_by_squares(pos: &Position, color: Color, w: &ControlWeights) -> i32 {
    let Some(king) = pos.king_square(color) else {
        return 0;
    };
    let (ours, theirs) = (
        attackers_by_square(pos, color),
        attackers_by_square(pos, !color),
    );
    let level_value = |n: usize| w.level[..n.min(LEVELS)].iter().sum::<i32>();
    let (mut own, mut their) = (0, 0);
    for (sq, (&o, &t)) in ours.iter().zip(&theirs).enumerate() {
        let d = king_distance(king.index(), sq);
        own += distance_weight(d) * level_value(o);
        their += distance_weight(d) * level_value(t);
    }
    (w.own * own - w.their * their) / (16 * 16 * NEAR_WEIGHT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokin_core::testing::Pick;

    #[test]
    fn weights_fall_off_with_distance() {
        let w: Vec<i32> = (0..9).map(distance_weight).collect();
        assert_eq!(w, [31, 16, 10, 8, 6, 5, 4, 4, 3]);
    }

    /// A rook aimed at the squares beside a king costs that king's side more than the same
    /// rook on the far side of the board.
    #[test]
    fn enemy_control_near_the_king_is_a_cost() {
        let w = &crate::eval::DEFAULT_PARAMS.control;
        let near = Position::from_sfen("4k4/9/9/9/9/9/9/9/r3K4 b - 1").unwrap();
        let far = Position::from_sfen("r3k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
        assert!(
            around_king_by_squares(&near, Color::Black, w)
                < around_king_by_squares(&far, Color::Black, w)
        );
    }

    #[test]
    fn control_counts_attackers_up_to_three() {
        tokin_core::testing::random_game_positions(11, 30, 150, Pick::Uniform, |pos, _| {
            for color in [Color::Black, Color::White] {
                let c = Control::of(pos, color);
                let n = attackers_by_square(pos, color);
                for (i, &attackers) in n.iter().enumerate() {
                    for l in 0..LEVELS {
                        assert_eq!(
                            c.at_least(l) >> i & 1 == 1,
                            attackers > l,
                            "{} square {:?} level {l}",
                            pos.to_sfen(),
                            Square::from_index(i)
                        );
                    }
                }
            }
        });
    }
}
