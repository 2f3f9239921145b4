//! Static evaluation: material on the board and in hand, piece-square terms by rank, king
//! safety (attackers and defenders near each king, sharpened by pieces in hand) and the value
//! of promoted pieces. All numbers live in [`EvalParams`].
//!
//! Scores are from the side to move's point of view, as the search wants them.

mod params;

pub use params::{DEFAULT_PARAMS, EXCHANGE_VALUE, EvalParams};

use crate::{Color, Hand, PieceKind, Position, Square};

/// Chebyshev (king-step) distances between squares (square index = file * 9 + rank).
static DISTANCE: [[u8; 81]; 81] = {
    let mut t = [[0u8; 81]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9).abs_diff(b / 9);
            let dr = (a % 9).abs_diff(b % 9);
            t[a][b] = if df > dr { df } else { dr } as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

/// A square's Chebyshev (king-step) distance to another.
#[inline]
fn distance(a: Square, b: Square) -> usize {
    usize::from(DISTANCE[a.index()][b.index()])
}

/// Rank index as seen from `color`: 0 is its far rank (the enemy's back rank).
#[inline]
fn relative_rank(sq: Square, color: Color) -> usize {
    usize::from(sq.rank().relative_number(color)) - 1
}

/// File index mirrored onto 0..=4: 0 is an edge file (1 or 9), 4 the centre file (5).
#[inline]
fn mirrored_file(sq: Square) -> usize {
    mirror_file(sq.index() / 9)
}

/// A file index (0..=8) mirrored onto 0..=4; usable where the tables are built at compile
/// time.
const fn mirror_file(f: usize) -> usize {
    if f > 4 { 8 - f } else { f }
}

/// The exchange value of `kind` (kings 0), for move ordering and pruning: see
/// [`EXCHANGE_VALUE`].
#[inline]
pub fn piece_value(kind: PieceKind) -> i32 {
    EXCHANGE_VALUE[kind.index()]
}

/// The evaluation of `pos` for the side to move with the default parameters.
///
/// # Examples
/// ```
/// use tokin_engine::{Position, eval::evaluate};
/// // The start position is symmetric: only the tempo bonus remains.
/// assert_eq!(evaluate(&Position::startpos()), tokin_engine::eval::DEFAULT_PARAMS.tempo);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let score = fast_score(pos);
    let stm = match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    };
    stm + DEFAULT_PARAMS.tempo
}

/// Most hand pieces one side can hold (every piece but the two kings).
const MAX_HAND: usize = 38;

/// [`DEFAULT_PARAMS`] folded into lookup tables, for the evaluation the search calls at
/// almost every node: the same numbers as [`evaluate_with`], without the arithmetic.
struct Tables {
    /// Board value plus placement bonus by rank and file (king: its rank and file bonuses),
    /// by colour, kind and square.
    placed: [[[i32; 81]; 14]; 2],
    /// Attack bonus by distance to the enemy king, kind and the number of pieces in hand.
    attack: [[[i32; MAX_HAND + 1]; 14]; 4],
    /// Defence bonus by distance to the own king and the enemy's number of pieces in hand.
    defend: [[i32; MAX_HAND + 1]; 3],
    /// Hand value by hand kind.
    hand: [i32; 7],
}

static TABLES: Tables = {
    let p = &DEFAULT_PARAMS;
    let mut t = Tables {
        placed: [[[0; 81]; 14]; 2],
        attack: [[[0; MAX_HAND + 1]; 14]; 4],
        defend: [[0; MAX_HAND + 1]; 3],
        hand: p.hand_value,
    };
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 14 {
            let mut sq = 0;
            while sq < 81 {
                // Rank index 0 is the far rank as seen from the colour (c = 0 is Black).
                let rank = sq % 9;
                let rr = if c == 0 { rank } else { 8 - rank };
                let mf = mirror_file(sq / 9);
                t.placed[c][k][sq] = p.file_bonus[k][mf]
                    + if k == PieceKind::King as usize {
                        p.king_rank[rr]
                    } else {
                        p.board_value[k] + p.rank_bonus[k][rr]
                    };
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    let mut d = 0;
    while d < 4 {
        let mut k = 0;
        while k < 14 {
            let mut h = 0;
            while h <= MAX_HAND {
                t.attack[d][k][h] =
                    p.attack_by_distance[d] * (p.attack_weight[k] + p.hand_danger * h as i32) / 16;
                h += 1;
            }
            k += 1;
        }
        d += 1;
    }
    let mut d = 0;
    while d < 3 {
        let mut h = 0;
        while h <= MAX_HAND {
            t.defend[d][h] = p.defender_by_distance[d] * (16 + h as i32) / 16;
            h += 1;
        }
        d += 1;
    }
    t
};

/// `NEAR[sq][d]`: the squares at king-step distance 1 to `d` from `sq` (`d` up to 3, the
/// distances at which the attack and defence terms count).
static NEAR: [[u128; 4]; 81] = {
    let mut t = [[0u128; 4]; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            let d = DISTANCE[a][b] as usize;
            let mut r = 1;
            while r < 4 {
                if d >= 1 && d <= r {
                    t[a][r] |= 1 << b;
                }
                r += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// Calls `f` with the index of every set bit of `bits`, lowest first. A set of squares is
/// two machine words; taking them one at a time is the cheapest walk.
#[inline(always)]
fn for_each_index(bits: u128, mut f: impl FnMut(usize)) {
    let mut lo = bits as u64;
    while lo != 0 {
        f(lo.trailing_zeros() as usize);
        lo &= lo - 1;
    }
    let mut hi = (bits >> 64) as u64;
    while hi != 0 {
        f(64 + hi.trailing_zeros() as usize);
        hi &= hi - 1;
    }
}

/// The value of `hand` by [`Tables::hand`] and how many pieces it holds.
#[inline]
fn hand_value_and_total(hand: Hand, values: &[i32; 7]) -> (i32, usize) {
    let mut value = 0;
    let mut total = 0;
    for k in PieceKind::HAND {
        let n = hand.count(k);
        value += values[k.index()] * i32::from(n);
        total += usize::from(n);
    }
    (value, total)
}

/// Every kind but the king (the king has only its placement, and no attack term).
const NOT_KING: [PieceKind; 13] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::ProPawn,
    PieceKind::ProLance,
    PieceKind::ProKnight,
    PieceKind::ProSilver,
    PieceKind::Horse,
    PieceKind::Dragon,
];

/// Black's [`side_score`] less White's, with [`DEFAULT_PARAMS`], through [`TABLES`].
///
/// The same terms summed another way: kind by kind for both sides at once (no lookup of
/// what stands on a square), the attack term only for the pieces near the enemy king and
/// the defence term only for the defenders near the own king.
#[inline]
fn fast_score(pos: &Position) -> i32 {
    let t = &TABLES;
    let (black_hand_value, black_hand) = hand_value_and_total(pos.hand(Color::Black), &t.hand);
    let (white_hand_value, white_hand) = hand_value_and_total(pos.hand(Color::White), &t.hand);
    let hands = [black_hand.min(MAX_HAND), white_hand.min(MAX_HAND)];
    let mut s = [black_hand_value, white_hand_value];
    let sides = [
        pos.pieces(Color::Black).bits(),
        pos.pieces(Color::White).bits(),
    ];
    let kings = [pos.king_square(Color::Black), pos.king_square(Color::White)];
    // Without a king (tsume positions) nothing is near it. Index: the attacking colour.
    let near_them = [
        kings[1].map_or(0, |k| NEAR[k.index()][3]),
        kings[0].map_or(0, |k| NEAR[k.index()][3]),
    ];
    for kind in NOT_KING {
        let k = kind.index();
        let all = pos.pieces_of_kind(kind).bits();
        if all == 0 {
            continue;
        }
        for c in 0..2 {
            let on = &t.placed[c][k];
            for_each_index(all & sides[c], |i| s[c] += on[i]);
        }
    }
    // The attack term, for the few pieces near the enemy king (its own king excluded).
    let kings_bits = pos.pieces_of_kind(PieceKind::King).bits();
    for c in 0..2 {
        let Some(tk) = kings[1 - c] else { continue };
        let dist = &DISTANCE[tk.index()];
        let attack = &t.attack;
        let h = hands[c];
        for_each_index(sides[c] & near_them[c] & !kings_bits, |i| {
            if let Some(p) = Square::from_index(i).and_then(|sq| pos.piece_at(sq)) {
                s[c] += attack[usize::from(dist[i]) & 3][p.kind.index()][h];
            }
        });
    }
    let defenders = (pos.gold_likes() | pos.pieces_of_kind(PieceKind::Silver)).bits();
    for c in 0..2 {
        if let Some(ok) = kings[c] {
            s[c] += t.placed[c][PieceKind::King.index()][ok.index()];
            let to_ok = &DISTANCE[ok.index()];
            let their_hand = hands[1 - c];
            for_each_index(defenders & sides[c] & NEAR[ok.index()][2], |i| {
                s[c] += t.defend[usize::from(to_ok[i]) % 3][their_hand];
            });
        }
    }
    s[0] - s[1]
}

/// Golds, silvers and promoted minors: the pieces that guard a king.
#[inline]
fn is_defender(kind: PieceKind) -> bool {
    kind == PieceKind::Silver || kind.is_gold_like()
}

/// The evaluation of `pos` for the side to move with the given parameters.
pub fn evaluate_with(pos: &Position, p: &EvalParams) -> i32 {
    let black = side_score(pos, Color::Black, p);
    let white = side_score(pos, Color::White, p);
    let score = black - white;
    let stm = match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    };
    stm + p.tempo
}

/// Everything that is `color`'s own: material, placement, its attack on the enemy king and
/// the shelter of its own king.
fn side_score(pos: &Position, color: Color, p: &EvalParams) -> i32 {
    let mut s = 0;
    let own_king = pos.king_square(color);
    let their_king = pos.king_square(!color);
    let their_hand = pos.hand(!color).total() as i32;
    let our_hand = pos.hand(color).total() as i32;
    for (k, n) in pos.hand(color).iter() {
        s += p.hand_value[k.index()] * i32::from(n);
    }
    // Kind by kind, so that each piece is found from its kind's bitboard.
    for kind in PieceKind::ALL {
        if kind == PieceKind::King {
            if let Some(k) = own_king {
                s += p.king_rank[relative_rank(k, color)]
                    + p.file_bonus[kind.index()][mirrored_file(k)];
            }
            continue;
        }
        let k = kind.index();
        let attack_weight = p.attack_weight[k] + p.hand_danger * our_hand;
        let defender = is_defender(kind);
        for sq in pos.pieces_of(color, kind) {
            s += p.board_value[k]
                + p.rank_bonus[k][relative_rank(sq, color)]
                + p.file_bonus[k][mirrored_file(sq)];
            if let Some(tk) = their_king {
                let d = distance(sq, tk);
                if d < p.attack_by_distance.len() {
                    s += p.attack_by_distance[d] * attack_weight / 16;
                }
            }
            if defender && let Some(ok) = own_king {
                let d = distance(sq, ok);
                if d < p.defender_by_distance.len() {
                    // Defenders matter more when the enemy holds pieces to drop.
                    s += p.defender_by_distance[d] * (16 + their_hand) / 16;
                }
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_differ_only_by_tempo() {
        let pos = Position::startpos();
        assert_eq!(evaluate(&pos), DEFAULT_PARAMS.tempo);
        let w =
            Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
                .unwrap();
        assert_eq!(evaluate(&w), DEFAULT_PARAMS.tempo);
    }

    /// The table-driven evaluation equals the parameter-driven one on random games.
    #[test]
    fn tables_agree_with_parameters() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..50 {
            let mut pos = Position::startpos();
            for _ in 0..200 {
                assert_eq!(evaluate(&pos), evaluate_with(&pos, &DEFAULT_PARAMS));
                let list = pos.legal_moves();
                if list.is_empty() {
                    break;
                }
                pos.play(list[rng.random_range(0..list.len())]);
            }
        }
        let tsume =
            Position::from_tsume_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1").unwrap();
        assert_eq!(evaluate(&tsume), evaluate_with(&tsume, &DEFAULT_PARAMS));
    }

    #[test]
    fn extra_material_is_good_for_its_owner() {
        // Black holds an extra rook.
        let b = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1").unwrap();
        let w = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w R 1").unwrap();
        assert!(evaluate(&b) > 800);
        assert!(evaluate(&w) < -800);
    }

    #[test]
    fn promoted_pieces_are_worth_more() {
        let pawn = Position::from_sfen("4k4/9/9/9/9/4P4/9/9/4K4 b - 1").unwrap();
        let tokin = Position::from_sfen("4k4/9/9/9/9/4+P4/9/9/4K4 b - 1").unwrap();
        assert!(evaluate(&tokin) > evaluate(&pawn) + 300);
    }
}
