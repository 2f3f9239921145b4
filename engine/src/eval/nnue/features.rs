//! The input features: which of the network's inputs a position switches on, seen from
//! each side.
//!
//! Every piece other than the kings gets a number, its *BonaPiece*, from the side's point of
//! view: pieces in hand first (one number per piece held, so three pawns in hand are the
//! first, second and third pawn), then pieces on the board by kind and square, the side's
//! own pieces (*friend*) before the opponent's (*enemy*) kind by kind. White sees the board
//! turned around: a square counts as its 180° rotation ([`Square::flip`]) and friend and enemy
//! swap. The kings come after the other pieces, friend king then enemy king.
//!
//! The numbering is the one the evaluation files were trained on, so it is fixed here
//! number by number. Promoted pawns, lances, knights and silvers count as golds.
//!
//! A full game has 38 pieces besides the kings; the files' producers give every one of
//! them a slot, and a slot whose piece is absent (a handicap game, a problem position)
//! holds BonaPiece 0, which stays a live input. [`for_each_active`] reproduces that.

use super::Architecture;
use tokin_core::{Color, Hand, Move, Piece, PieceKind, Position, Square};

/// How many squares there are.
const SQUARES: usize = 81;

/// The first BonaPiece of the pieces on the board; below it are the pieces in hand.
const HAND_END: usize = 90;

/// One past the last BonaPiece of a non-king piece.
pub const FE_END: usize = HAND_END + 18 * SQUARES;

/// The BonaPiece of a friend king on square 0 (the enemy king's follow, 81 later).
const KING_BASE: usize = FE_END;

/// The slots for pieces other than the kings in a full game: 18 pawns, 4 lances, knights,
/// silvers and golds, 2 bishops and rooks.
pub(crate) const PIECE_SLOTS: usize = 38;

/// HalfKP's input features for one side: a BonaPiece on each square of the side's king.
pub(crate) const HALF_KP_DIMENSIONS: usize = SQUARES * FE_END;

/// K-P's input features for one side: the BonaPieces, then the two kings by square.
pub(crate) const KP_DIMENSIONS: usize = FE_END + 2 * SQUARES;

/// The first BonaPiece of the board squares of each kind (index [`PieceKind::index`]), for
/// the friend and the enemy. The king's entry is unused (kings are numbered apart).
const BOARD_BASE: [(u16, u16); PieceKind::NUM] = {
    const fn kind(i: usize) -> (u16, u16) {
        let f = HAND_END + 2 * i * SQUARES;
        (f as u16, (f + SQUARES) as u16)
    }
    // The kinds' order in the numbering: pawn, lance, knight, silver, gold, bishop, horse,
    // rook, dragon.
    let gold = kind(4);
    [
        kind(0), // pawn
        kind(1), // lance
        kind(2), // knight
        kind(3), // silver
        gold,    // gold
        kind(5), // bishop
        kind(7), // rook
        (0, 0),  // king
        gold,    // promoted pawn
        gold,    // promoted lance
        gold,    // promoted knight
        gold,    // promoted silver
        kind(6), // horse
        kind(8), // dragon
    ]
};

/// The BonaPiece of the first piece in hand of each kind (by the index of the kind, pawn to
/// rook: [`PieceKind::index`]), for
/// the friend and the enemy: each kind's run is as long as a full set plus one (19 for
/// pawns, 5 for lance to gold, 3 for bishop and rook), friend before enemy, in the order
/// pawn, lance, knight, silver, gold, bishop, rook.
const HAND_BASE: [(u16, u16); 7] = [
    (1, 20),  // pawn
    (39, 44), // lance
    (49, 54), // knight
    (59, 64), // silver
    (69, 74), // gold
    (79, 82), // bishop
    (85, 88), // rook
];

/// `sq` as `perspective` sees it: White's view is the board turned around.
#[inline]
fn oriented(sq: Square, perspective: Color) -> usize {
    match perspective {
        Color::Black => sq.index(),
        Color::White => sq.flip().index(),
    }
}

/// The BonaPiece of `piece` on `sq` from `perspective`'s side (kings excepted).
#[inline]
pub(crate) fn board_piece(piece: Piece, sq: Square, perspective: Color) -> usize {
    let (f, e) = BOARD_BASE[piece.kind.index()];
    let base = if piece.color == perspective { f } else { e };
    usize::from(base) + oriented(sq, perspective)
}

/// The BonaPiece of the `n`-th (from 0) piece of kind index `kind` (pawn 0 to rook 6) in
/// `owner`'s hand, from `perspective`'s side.
#[inline]
pub(crate) fn hand_piece(owner: Color, kind: usize, n: u8, perspective: Color) -> usize {
    let (f, e) = HAND_BASE[kind];
    let base = if owner == perspective { f } else { e };
    usize::from(base) + usize::from(n)
}

/// The BonaPiece of `owner`'s king on `sq` from `perspective`'s side.
#[inline]
fn king_piece(owner: Color, sq: Square, perspective: Color) -> usize {
    let base = if owner == perspective {
        KING_BASE
    } else {
        KING_BASE + SQUARES
    };
    base + oriented(sq, perspective)
}

/// Calls `f` with the BonaPiece of every piece other than the kings, from `perspective`'s
/// side, in no particular order; then with BonaPiece 0 once for each of the 38 slots left
/// empty. Positions with more pieces than a full game (which the relaxed rules allow) get
/// them all and no padding.
fn for_each_piece(pos: &Position, perspective: Color, mut f: impl FnMut(usize)) {
    let mut count = 0;
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq)
            && p.kind != PieceKind::King
        {
            f(board_piece(p, sq, perspective));
            count += 1;
        }
    }
    for owner in Color::ALL {
        for (piece, n) in pos.hand(owner).iter() {
            for i in 0..n {
                f(hand_piece(owner, piece.index(), i, perspective));
            }
            count += usize::from(n);
        }
    }
    for _ in count..PIECE_SLOTS {
        f(0);
    }
}

/// Calls `f` with every active input feature of `pos` from `perspective`'s side under
/// `arch`, as an index into the feature transformer's rows. Returns `None` (having called
/// nothing) when a king the features need is missing: the networks know no position without
/// both kings.
pub(crate) fn for_each_active(
    arch: Architecture,
    pos: &Position,
    perspective: Color,
    mut f: impl FnMut(usize),
) -> Option<()> {
    let own = pos.king_square(perspective)?;
    let theirs = pos.king_square(!perspective)?;
    match arch {
        Architecture::HalfKp256 => {
            let base = oriented(own, perspective) * FE_END;
            for_each_piece(pos, perspective, |bp| f(base + bp));
        }
        Architecture::Kp256 => {
            // The pieces are the first FE_END features and the kings the rest, numbered as
            // their BonaPieces run on past the other pieces'.
            for_each_piece(pos, perspective, &mut f);
            f(king_piece(perspective, own, perspective));
            f(king_piece(!perspective, theirs, perspective));
        }
    }
    Some(())
}

impl Architecture {
    /// Appends to `out` every active input feature of `pos` from `perspective`'s side (as
    /// `for_each_active` calls them: a row index of the feature transformer, BonaPiece 0
    /// once per empty slot), for a trainer that keeps them. `None` (nothing appended) when
    /// a king is missing.
    pub fn active_features(
        self,
        pos: &Position,
        perspective: Color,
        out: &mut Vec<u32>,
    ) -> Option<()> {
        // Every index is below the input dimensions (at most 125 388): it fits.
        for_each_active(self, pos, perspective, |i| out.push(i as u32))
    }
}

/// How many of the kind of index `kind` `hand` holds. (By index, pawn 0 to rook 6, so as
/// not to depend on how the hand names its kinds.)
fn hand_count(hand: Hand, kind: usize) -> u8 {
    hand.iter()
        .find(|(k, _)| k.index() == kind)
        .map_or(0, |(_, n)| n)
}

/// What a move does to one side's input features.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Change {
    /// Every feature changes: the side's own king moved and HalfKP pairs every piece with
    /// it. The side's sums must be recomputed from the position after the move.
    Refresh,
    /// `removed[..n]` switch off and `added[..n]` switch on: the moved piece, and a captured
    /// piece going to the hand.
    Delta {
        /// Features switched off.
        removed: [usize; 2],
        /// Features switched on.
        added: [usize; 2],
        /// How many of each.
        n: usize,
    },
}

/// What `mv`, legal in `pos`, changes in `perspective`'s input features under `arch`; `None`
/// when a king is missing (as [`for_each_active`]). The number of pieces does not change
/// (a capture moves a piece from the board to the hand), so neither does the padding.
pub(crate) fn change(
    arch: Architecture,
    pos: &Position,
    mv: Move,
    perspective: Color,
) -> Option<Change> {
    let own = pos.king_square(perspective)?;
    pos.king_square(!perspective)?;
    let us = pos.side_to_move();
    let to = mv.to();
    let mut removed = [0; 2];
    let mut added = [0; 2];
    let mut n = 0;
    match mv.from() {
        None => {
            let kind = mv.drop_kind()?;
            let held = hand_count(pos.hand(us), kind.index());
            removed[0] = hand_piece(us, kind.index(), held.saturating_sub(1), perspective);
            added[0] = board_piece(Piece::new(us, kind), to, perspective);
            n = 1;
        }
        Some(from) => {
            let moved = pos.piece_at(from)?;
            if moved.kind == PieceKind::King {
                match arch {
                    Architecture::HalfKp256 if us == perspective => return Some(Change::Refresh),
                    // The other side's features pair its pieces with its own king: only a
                    // capture changes them.
                    Architecture::HalfKp256 => {}
                    Architecture::Kp256 => {
                        removed[0] = king_piece(us, from, perspective);
                        added[0] = king_piece(us, to, perspective);
                        n = 1;
                    }
                }
            } else {
                let after = Piece::new(us, moved.kind.promoted_if(mv.is_promotion()));
                removed[0] = board_piece(moved, from, perspective);
                added[0] = board_piece(after, to, perspective);
                n = 1;
            }
            if let Some(captured) = pos.piece_at(to) {
                let kind = captured.kind.unpromote().index();
                removed[n] = board_piece(captured, to, perspective);
                added[n] = hand_piece(us, kind, hand_count(pos.hand(us), kind), perspective);
                n += 1;
            }
        }
    }
    if arch == Architecture::HalfKp256 {
        let base = oriented(own, perspective) * FE_END;
        for i in 0..n {
            removed[i] += base;
            added[i] += base;
        }
    }
    Some(Change::Delta { removed, added, n })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The landmarks of the numbering, spelled out as the trained files expect them.
    #[test]
    fn numbering_landmarks() {
        let b = |c, k| Piece::new(c, k);
        use Color::{Black, White};
        use PieceKind::*;
        // Black's pawn on 1a from Black's side: the first board number.
        assert_eq!(board_piece(b(Black, Pawn), Square::S11, Black), 90);
        // White's pawn on 1a: an enemy pawn for Black, a friend pawn on 9i for White.
        assert_eq!(board_piece(b(White, Pawn), Square::S11, Black), 171);
        assert_eq!(board_piece(b(White, Pawn), Square::S11, White), 90 + 80);
        assert_eq!(board_piece(b(Black, Lance), Square::S11, Black), 252);
        assert_eq!(board_piece(b(Black, Knight), Square::S11, Black), 414);
        assert_eq!(board_piece(b(Black, Silver), Square::S11, Black), 576);
        assert_eq!(board_piece(b(Black, Gold), Square::S11, Black), 738);
        assert_eq!(board_piece(b(Black, ProSilver), Square::S11, Black), 738);
        assert_eq!(board_piece(b(Black, Bishop), Square::S11, Black), 900);
        assert_eq!(board_piece(b(Black, Horse), Square::S11, Black), 1062);
        assert_eq!(board_piece(b(Black, Rook), Square::S11, Black), 1224);
        assert_eq!(board_piece(b(Black, Dragon), Square::S11, Black), 1386);
        assert_eq!(board_piece(b(White, Dragon), Square::S99, Black), 1467 + 80);
        assert_eq!(FE_END, 1548);
        assert_eq!(HALF_KP_DIMENSIONS, 125_388);
        assert_eq!(KP_DIMENSIONS, 1710);
        // Hands: the second pawn in Black's hand, and White's first rook, both ways.
        let (pawn, rook) = (Pawn.index(), Rook.index());
        assert_eq!(hand_piece(Black, pawn, 1, Black), 2);
        assert_eq!(hand_piece(Black, pawn, 1, White), 21);
        assert_eq!(hand_piece(White, rook, 0, White), 85);
        assert_eq!(hand_piece(White, rook, 0, Black), 88);
        assert_eq!(king_piece(Black, Square::S59, Black), 1548 + 44);
        assert_eq!(king_piece(White, Square::S51, Black), 1629 + 36);
        assert_eq!(king_piece(White, Square::S51, White), 1548 + 44);
    }

    /// The start position has all 38 pieces, each seen the same from both sides: the
    /// position is symmetric under the turn of the board.
    #[test]
    fn start_position_is_symmetric() {
        let pos = Position::startpos();
        for arch in Architecture::ALL {
            let mut sides = [Vec::new(), Vec::new()];
            for c in Color::ALL {
                for_each_active(arch, &pos, c, |i| sides[c.index()].push(i)).unwrap();
                sides[c.index()].sort_unstable();
                assert!(
                    sides[c.index()]
                        .iter()
                        .all(|&i| i < arch.input_dimensions())
                );
                assert!(!sides[c.index()].contains(&0));
            }
            let kings = if arch == Architecture::Kp256 { 2 } else { 0 };
            assert_eq!(sides[0].len(), PIECE_SLOTS + kings);
            assert_eq!(sides[0], sides[1]);
        }
    }

    /// Missing pieces are padded with BonaPiece 0; a missing king gives no features.
    #[test]
    fn padding_and_missing_kings() {
        // The two kings and one pawn in hand: 37 empty slots.
        let pos = Position::from_sfen_relaxed("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        let mut v = Vec::new();
        for_each_active(Architecture::Kp256, &pos, Color::Black, |i| v.push(i)).unwrap();
        assert_eq!(v.iter().filter(|&&i| i == 0).count(), 37);
        assert_eq!(v.len(), 40);
        assert!(v.contains(&1));
        let tsume = Position::from_tsume_sfen("4k4/9/9/9/9/9/9/9/9 b G 1").unwrap();
        assert!(for_each_active(Architecture::HalfKp256, &tsume, Color::White, |_| ()).is_none());
    }
}
