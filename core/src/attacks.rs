//! Attack tables and sliding attacks.
//!
//! # Method
//! Ranging attacks (lance, bishop, rook, horse, dragon) are computed **without magic
//! multiplication or PEXT tables**. With file-major square numbering every ray runs strictly
//! toward higher or strictly toward lower bit indices, so the nearest blocker on a ray is the
//! lowest set bit of `ray & occupied` (rays going up) or the highest (rays going down):
//! - up: `b = ray & occ; ray & (b ^ (b - 1))` keeps the ray up to and including the blocker;
//! - down: `b = (ray & occ) | 1; ray & (MAX << msb(b))` keeps it down to the blocker (bit 0 is
//!   a harmless sentinel because it can only be the last square of such a ray).
//!
//! That is two or three branch-free integer operations a ray on `u128`, which the compiler
//! lowers to `tzcnt`/`lzcnt` pairs. It needs 81 x 8 rays (10 KiB) instead of the hundreds of
//! kilobytes of magic tables, has no hash collisions to get wrong, and is as fast here as a
//! table lookup because the tables stay in L1. Every table is built at compile time by `const`
//! code; nothing needs an `init()`. [`slow`] holds a square-by-square reference walk that the
//! tests compare against on random occupancies.

use crate::{Bitboard, Color, PieceKind, Square};

/// (file delta, rank delta) for the eight ray directions. The first four go to higher bit
/// indices, the last four to lower ones. Rank delta +1 is toward rank 9.
const DIRS: [(i8, i8); 8] = [
    (0, 1),   // +1: toward rank 9
    (1, 0),   // +9: toward file 9
    (1, 1),   // +10
    (1, -1),  // +8
    (0, -1),  // -1: toward rank 1
    (-1, 0),  // -9: toward file 1
    (-1, -1), // -10
    (-1, 1),  // -8
];
const TO_RANK9: usize = 0;
const TO_FILE9: usize = 1;
const DIAG_P10: usize = 2;
const DIAG_P8: usize = 3;
const TO_RANK1: usize = 4;
const TO_FILE1: usize = 5;
const DIAG_M10: usize = 6;
const DIAG_M8: usize = 7;

const fn ray_walk(sq: usize, dir: usize, occ: u128) -> u128 {
    let (df, dr) = DIRS[dir];
    let mut f = (sq / 9) as i8;
    let mut r = (sq % 9) as i8;
    let mut bits = 0u128;
    loop {
        f += df;
        r += dr;
        if f < 0 || f > 8 || r < 0 || r > 8 {
            break;
        }
        let i = (f * 9 + r) as usize;
        bits |= 1 << i;
        if occ >> i & 1 != 0 {
            break;
        }
    }
    bits
}

static RAYS: [[u128; 8]; 81] = {
    let mut t = [[0u128; 8]; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 8 {
            t[sq][d] = ray_walk(sq, d, 0);
            d += 1;
        }
        sq += 1;
    }
    t
};

#[inline(always)]
const fn slide_up(ray: u128, occ: u128) -> u128 {
    let b = ray & occ;
    ray & (b ^ b.wrapping_sub(1))
}

#[inline(always)]
const fn slide_down(ray: u128, occ: u128) -> u128 {
    let b = (ray & occ) | 1;
    ray & FROM_BIT_UP[(127 - b.leading_zeros()) as usize & 127]
}

/// `u128::MAX << i` for each `i`, looked up rather than computed: a variable 128-bit shift
/// takes several instructions on 64-bit machines.
static FROM_BIT_UP: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = u128::MAX << i;
        i += 1;
    }
    t
};

const fn steps(sq: usize, offsets: &[(i8, i8)], color: usize) -> u128 {
    let mut bits = 0u128;
    let f = (sq / 9) as i8;
    let r = (sq % 9) as i8;
    let mut i = 0;
    while i < offsets.len() {
        let (df, mut dr) = offsets[i];
        if color == 1 {
            dr = -dr;
        }
        let (nf, nr) = (f + df, r + dr);
        if nf >= 0 && nf <= 8 && nr >= 0 && nr <= 8 {
            bits |= 1 << (nf * 9 + nr) as usize;
        }
        i += 1;
    }
    bits
}

// Offsets as Black sees them (rank delta -1 is forward); White's are mirrored.
const PAWN_OFF: [(i8, i8); 1] = [(0, -1)];
const KNIGHT_OFF: [(i8, i8); 2] = [(-1, -2), (1, -2)];
const SILVER_OFF: [(i8, i8); 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_OFF: [(i8, i8); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_OFF: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

const fn step_table(offsets: &[(i8, i8)]) -> [[u128; 81]; 2] {
    let mut t = [[0u128; 81]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 81 {
            t[c][sq] = steps(sq, offsets, c);
            sq += 1;
        }
        c += 1;
    }
    t
}

static PAWN: [[u128; 81]; 2] = step_table(&PAWN_OFF);
static KNIGHT: [[u128; 81]; 2] = step_table(&KNIGHT_OFF);
static SILVER: [[u128; 81]; 2] = step_table(&SILVER_OFF);
static GOLD: [[u128; 81]; 2] = step_table(&GOLD_OFF);
static KING: [[u128; 81]; 2] = step_table(&KING_OFF);

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share a line (file,
/// rank or diagonal), else empty. `LINE[a][b]`: the whole line through both, else empty.
static BETWEEN_LINE: [[[u128; 2]; 81]; 81] = {
    let mut t = [[[0u128; 2]; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let ray = RAYS[a][d];
            let mut b = 0;
            while b < 81 {
                if ray >> b & 1 != 0 {
                    // Between: the ray from a, stopped by b, minus b itself.
                    t[a][b][0] = ray_walk(a, d, 1 << b) & !(1 << b);
                    // Line: both directions through a, plus a.
                    let opposite = (d + 4) % 8;
                    t[a][b][1] = RAYS[a][d] | RAYS[a][opposite] | 1 << a;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// The squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard::from_bits(PAWN[color.index()][sq.index()])
}
/// The squares a knight of `color` on `sq` attacks.
#[inline]
pub fn knight(color: Color, sq: Square) -> Bitboard {
    Bitboard::from_bits(KNIGHT[color.index()][sq.index()])
}
/// The squares a silver of `color` on `sq` attacks.
#[inline]
pub fn silver(color: Color, sq: Square) -> Bitboard {
    Bitboard::from_bits(SILVER[color.index()][sq.index()])
}
/// The squares a gold (or gold-like promoted piece) of `color` on `sq` attacks.
#[inline]
pub fn gold(color: Color, sq: Square) -> Bitboard {
    Bitboard::from_bits(GOLD[color.index()][sq.index()])
}

/// For each square, the squares at most `files` files and `ranks` ranks from it, itself
/// included: where a piece of short reach must stand to act on that square. Built at compile
/// time by the tables that ask for one (the move generator's, the mate solver's).
pub const fn boxes(files: usize, ranks: usize) -> [Bitboard; Square::NUM] {
    let mut out = [Bitboard::EMPTY; Square::NUM];
    let mut sq = 0;
    while sq < Square::NUM {
        let mut other = 0;
        while other < Square::NUM {
            // A square's index is file * 9 + rank.
            if (sq / 9).abs_diff(other / 9) <= files && (sq % 9).abs_diff(other % 9) <= ranks {
                out[sq] = out[sq].with(Square::ALL[other]);
            }
            other += 1;
        }
        sq += 1;
    }
    out
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard::from_bits(KING[0][sq.index()])
}

/// The squares a lance of `color` on `sq` attacks, given the occupied squares.
#[inline]
pub fn lance(color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    let r = &RAYS[sq.index()];
    Bitboard::from_bits(match color {
        Color::Black => slide_down(r[TO_RANK1], occ.bits()),
        Color::White => slide_up(r[TO_RANK9], occ.bits()),
    })
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    let r = &RAYS[sq.index()];
    let o = occ.bits();
    Bitboard::from_bits(
        slide_up(r[TO_RANK9], o)
            | slide_up(r[TO_FILE9], o)
            | slide_down(r[TO_RANK1], o)
            | slide_down(r[TO_FILE1], o),
    )
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    let r = &RAYS[sq.index()];
    let o = occ.bits();
    Bitboard::from_bits(
        slide_up(r[DIAG_P10], o)
            | slide_up(r[DIAG_P8], o)
            | slide_down(r[DIAG_M10], o)
            | slide_down(r[DIAG_M8], o),
    )
}

/// The squares a horse (promoted bishop) on `sq` attacks.
#[inline]
pub fn horse(sq: Square, occ: Bitboard) -> Bitboard {
    bishop(sq, occ) | king(sq)
}

/// The squares a dragon (promoted rook) on `sq` attacks.
#[inline]
pub fn dragon(sq: Square, occ: Bitboard) -> Bitboard {
    rook(sq, occ) | king(sq)
}

/// Empty-board rook (index 0) and bishop (index 1) lines from each square.
static EMPTY_LINES: [[u128; 2]; 81] = {
    let mut t = [[0u128; 2]; 81];
    let mut sq = 0;
    while sq < 81 {
        let r = &RAYS[sq];
        t[sq][0] = r[TO_RANK9] | r[TO_FILE9] | r[TO_RANK1] | r[TO_FILE1];
        t[sq][1] = r[DIAG_P10] | r[DIAG_P8] | r[DIAG_M10] | r[DIAG_M8];
        sq += 1;
    }
    t
};

/// The rook's lines from `sq` on an empty board.
#[inline]
pub fn rook_empty(sq: Square) -> Bitboard {
    Bitboard::from_bits(EMPTY_LINES[sq.index()][0])
}

/// The bishop's diagonals from `sq` on an empty board.
#[inline]
pub fn bishop_empty(sq: Square) -> Bitboard {
    Bitboard::from_bits(EMPTY_LINES[sq.index()][1])
}

/// A lance's ray from `sq` on an empty board.
#[inline]
pub fn lance_empty(color: Color, sq: Square) -> Bitboard {
    let r = &RAYS[sq.index()];
    Bitboard::from_bits(match color {
        Color::Black => r[TO_RANK1],
        Color::White => r[TO_RANK9],
    })
}

/// The squares strictly between `a` and `b` if they share a file, rank or diagonal, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard::from_bits(BETWEEN_LINE[a.index()][b.index()][0])
}

/// The whole line (file, rank or diagonal) through `a` and `b`, or empty if there is none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard::from_bits(BETWEEN_LINE[a.index()][b.index()][1])
}

/// The squares a piece of `color` and `kind` on `sq` attacks, given the occupied squares.
#[inline]
pub fn piece(color: Color, kind: PieceKind, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn(color, sq),
        PieceKind::Lance => lance(color, sq, occ),
        PieceKind::Knight => knight(color, sq),
        PieceKind::Silver => silver(color, sq),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => gold(color, sq),
        PieceKind::Bishop => bishop(sq, occ),
        PieceKind::Rook => rook(sq, occ),
        PieceKind::King => king(sq),
        PieceKind::Horse => horse(sq, occ),
        PieceKind::Dragon => dragon(sq, occ),
    }
}

/// Whether a piece of `color` and `kind` on `from` attacks `to`, given the occupied squares:
/// what `piece(color, kind, from, occ).contains(to)` says, without the ranging pieces' whole
/// attack sets (the empty-board line holds `to`, and nothing stands between).
#[inline(always)]
pub fn reaches(color: Color, kind: PieceKind, from: Square, to: Square, occ: Bitboard) -> bool {
    let clear = || (between(from, to) & occ).is_empty();
    match kind {
        PieceKind::Pawn => pawn(color, from).contains(to),
        PieceKind::Knight => knight(color, from).contains(to),
        PieceKind::Silver => silver(color, from).contains(to),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => gold(color, from).contains(to),
        PieceKind::King => king(from).contains(to),
        PieceKind::Lance => lance_empty(color, from).contains(to) && clear(),
        PieceKind::Bishop => bishop_empty(from).contains(to) && clear(),
        PieceKind::Rook => rook_empty(from).contains(to) && clear(),
        PieceKind::Horse => king(from).contains(to) || (bishop_empty(from).contains(to) && clear()),
        PieceKind::Dragon => king(from).contains(to) || (rook_empty(from).contains(to) && clear()),
    }
}

/// Square-by-square reference versions, used by the tests to check the fast ones.
pub mod slow {
    use super::*;

    fn walk(sq: Square, dirs: &[usize], occ: Bitboard) -> Bitboard {
        let bits = dirs
            .iter()
            .fold(0u128, |acc, &d| acc | ray_walk(sq.index(), d, occ.bits()));
        Bitboard::from_bits(bits)
    }

    /// Lance attacks by walking square by square.
    pub fn lance(color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        walk(
            sq,
            &[match color {
                Color::Black => TO_RANK1,
                Color::White => TO_RANK9,
            }],
            occ,
        )
    }
    /// Rook attacks by walking square by square.
    pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
        walk(sq, &[TO_RANK9, TO_FILE9, TO_RANK1, TO_FILE1], occ)
    }
    /// Bishop attacks by walking square by square.
    pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
        walk(sq, &[DIAG_P10, DIAG_P8, DIAG_M10, DIAG_M8], occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    #[test]
    fn boxes_hold_every_step_and_nothing_farther() {
        let near = boxes(1, 2);
        for sq in Square::ALL {
            // A corner holds two files of three ranks; the middle three files of five.
            let (f, r) = (sq.index() / 9, sq.index() % 9);
            let width = |x: usize, d: usize| x.min(d) + (8 - x).min(d) + 1;
            assert_eq!(near[sq.index()].count() as usize, width(f, 1) * width(r, 2));
            for color in [Color::Black, Color::White] {
                let steps = pawn(color, sq)
                    | knight(color, sq)
                    | silver(color, sq)
                    | gold(color, sq)
                    | king(sq);
                assert!(steps.and_not(near[sq.index()]).is_empty(), "{sq}");
            }
        }
        assert_eq!(boxes(2, 4)[40].count(), 45);
    }

    #[test]
    fn reaches_agrees_with_the_attack_sets() {
        let mut rng = StdRng::seed_from_u64(0x2e_ac);
        for i in 0..400 {
            let density = [2, 4, 8, 16][i % 4];
            let mut bits = 0u128;
            for _ in 0..(81 / density) {
                bits |= 1 << rng.random_range(0..81);
            }
            let occ = Bitboard::from_bits(bits);
            for color in [Color::Black, Color::White] {
                for kind in PieceKind::ALL {
                    for from in Square::ALL {
                        let set = piece(color, kind, from, occ);
                        for to in Square::ALL {
                            assert_eq!(
                                reaches(color, kind, from, to, occ),
                                set.contains(to),
                                "{color:?} {kind:?} {from} {to} {occ:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn sliders_match_reference_on_random_occupancies() {
        let seed = 0x70_4b_1e;
        println!("seed {seed}");
        let mut rng = StdRng::seed_from_u64(seed);
        for i in 0..12_000 {
            // Vary the density: sparse boards test long rays, dense ones short rays.
            let density = [2, 4, 8, 16][i % 4];
            let mut bits = 0u128;
            for _ in 0..(81 / density) {
                bits |= 1 << rng.random_range(0..81);
            }
            let occ = Bitboard::from_bits(bits);
            for sq in Square::ALL {
                assert_eq!(rook(sq, occ), slow::rook(sq, occ), "rook {sq} {occ:?}");
                assert_eq!(bishop(sq, occ), slow::bishop(sq, occ), "bishop {sq}");
                for c in Color::ALL {
                    assert_eq!(lance(c, sq, occ), slow::lance(c, sq, occ), "lance {sq}");
                }
                assert_eq!(horse(sq, occ), slow::bishop(sq, occ) | king(sq));
                assert_eq!(dragon(sq, occ), slow::rook(sq, occ) | king(sq));
            }
        }
    }

    #[test]
    fn step_patterns() {
        assert_eq!(
            pawn(Color::Black, Square::S77),
            Bitboard::from_square(Square::S76)
        );
        assert_eq!(
            pawn(Color::White, Square::S33),
            Bitboard::from_square(Square::S34)
        );
        assert_eq!(
            knight(Color::Black, Square::S89),
            Bitboard::from_square(Square::S77) | Bitboard::from_square(Square::S97)
        );
        assert!(knight(Color::Black, Square::S82).is_empty());
        assert_eq!(king(Square::S55).count(), 8);
        assert_eq!(gold(Color::Black, Square::S55).count(), 6);
        assert_eq!(silver(Color::White, Square::S55).count(), 5);
        assert!(gold(Color::White, Square::S55).contains(Square::S56));
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(Square::S11, Square::S14).count(), 2);
        assert_eq!(between(Square::S11, Square::S99).count(), 7);
        assert!(between(Square::S11, Square::S23).is_empty());
        assert!(line(Square::S11, Square::S23).is_empty());
        assert_eq!(
            line(Square::S55, Square::S57),
            Bitboard::file(crate::File::F5)
        );
        assert_eq!(line(Square::S19, Square::S91).count(), 9);
    }
}
