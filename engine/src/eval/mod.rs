//! Static evaluation: material on the board and in hand, piece-square terms by rank and
//! file, the value of promoted pieces, and king safety as the control of the squares around
//! each king ([`control`]). All numbers live in [`EvalParams`].
//!
//! Scores are from the side to move's point of view, as the search wants them.
//!
//! [`nnue`] evaluates with a network instead, read from a file or the one built into the
//! binary ([`builtin_network`], the engine's default); [`Evaluator`] is the one interface
//! the search sees for both.

mod builtin;
pub mod control;
mod evaluator;
mod material;
pub mod nnue;
mod params;

pub use builtin::builtin_network;
pub use control::{Control, ControlWeights};
pub(crate) use evaluator::EvalStack;
pub use evaluator::Evaluator;
pub use material::Material;

pub use params::{DEFAULT_PARAMS, EXCHANGE_VALUE, EvalParams};

use tokin_core::{Color, Piece, PieceKind, Position, Square};

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
/// use tokin_core::Position;
/// use tokin_engine::eval::evaluate;
/// // The start position is symmetric: only the tempo bonus remains.
/// assert_eq!(evaluate(&Position::startpos()), tokin_engine::eval::DEFAULT_PARAMS.tempo);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with_material(pos, Material::of(pos))
}

/// [`evaluate`] with the material of `pos` already known (kept move by move by the search):
/// the same number, without adding up every piece.
#[inline]
pub fn evaluate_with_material(pos: &Position, material: Material) -> i32 {
    let score = fast_score(pos, material);
    let stm = match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    };
    stm + DEFAULT_PARAMS.tempo
}

/// [`DEFAULT_PARAMS`] folded into lookup tables for the [`Material`] that the search keeps up
/// to date at every move: the same numbers as [`evaluate_with`], without the arithmetic, and
/// signed (White's negative) so that an update is one load and one add.
struct Tables {
    /// Board value plus placement bonus by rank and file (king: its rank and file bonuses),
    /// by piece ([`Piece::index`]) and square.
    placed: [[i32; 81]; Piece::NUM],
    /// Hand value by colour and hand kind.
    hand: [[i32; 7]; 2],
}

static TABLES: Tables = {
    let p = &DEFAULT_PARAMS;
    let mut t = Tables {
        placed: [[0; 81]; Piece::NUM],
        hand: [[0; 7]; 2],
    };
    let mut c = 0;
    while c < 2 {
        let sign = if c == 0 { 1 } else { -1 };
        let mut k = 0;
        while k < 7 {
            t.hand[c][k] = sign * p.hand_value[k];
            k += 1;
        }
        let mut k = 0;
        while k < 14 {
            let mut sq = 0;
            while sq < 81 {
                // Rank index 0 is the far rank as seen from the colour (c = 0 is Black).
                let rank = sq % 9;
                let rr = if c == 0 { rank } else { 8 - rank };
                let mf = mirror_file(sq / 9);
                t.placed[c * 14 + k][sq] = sign
                    * (p.file_bonus[k][mf]
                        + if k == PieceKind::King as usize {
                            p.king_rank[rr]
                        } else {
                            p.board_value[k] + p.rank_bonus[k][rr]
                        });
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// The value of piece `p` standing on `sq` under [`DEFAULT_PARAMS`] (board value and
/// placement bonus; a king only its placement), positive for Black and negative for White:
/// what [`Material`] adds up, move by move.
#[inline]
pub(crate) fn placed_value(p: Piece, sq: Square) -> i32 {
    TABLES.placed[p.index()][sq.index()]
}

/// The value of one piece of `kind` in `color`'s hand under [`DEFAULT_PARAMS`], positive for
/// Black and negative for White.
#[inline]
pub(crate) fn hand_piece_value(color: Color, kind: PieceKind) -> i32 {
    TABLES.hand[color.index()][kind.index()]
}

/// Black's [`side_score`] less White's, with [`DEFAULT_PARAMS`].
///
/// Material and placement come ready-made ([`Material`], kept up to date move by move from
/// [`TABLES`]); only the control around the kings is worked out here.
#[inline]
fn fast_score(pos: &Position, material: Material) -> i32 {
    let control = [
        Control::of(pos, Color::Black),
        Control::of(pos, Color::White),
    ];
    let p = &DEFAULT_PARAMS;
    let mut s = material.black_minus_white();
    // Without a king (tsume positions) there is nothing to guard.
    if let Some(k) = pos.king_square(Color::Black) {
        s += control::around_king(k, &control[0], &control[1], &p.control);
    }
    if let Some(k) = pos.king_square(Color::White) {
        s -= control::around_king(k, &control[1], &control[0], &p.control);
    }
    s
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

/// Everything that is `color`'s own: material and placement, and the control of the
/// squares around its king.
fn side_score(pos: &Position, color: Color, p: &EvalParams) -> i32 {
    let mut s = 0;
    for (k, n) in pos.hand(color).iter() {
        s += p.hand_value[k.index()] * i32::from(n);
    }
    // Kind by kind, so that each piece is found from its kind's bitboard.
    for kind in PieceKind::ALL {
        let k = kind.index();
        for sq in pos.pieces_of(color, kind) {
            s += p.file_bonus[k][mirrored_file(sq)]
                + if kind == PieceKind::King {
                    p.king_rank[relative_rank(sq, color)]
                } else {
                    p.board_value[k] + p.rank_bonus[k][relative_rank(sq, color)]
                };
        }
    }
    s + control::around_king_by_squares(pos, color, &p.control)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokin_core::testing::Pick;

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
        tokin_core::testing::random_game_positions(5, 50, 200, Pick::Uniform, |pos, _| {
            assert_eq!(evaluate(pos), evaluate_with(pos, &DEFAULT_PARAMS));
        });
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
