//! Pieces under attack by cheaper pieces, for move ordering: the side to move's, which a
//! quiet move may save, and the enemy's, which a quiet move may attack.
//!
//! In shogi a pawn dropped in front of a bishop or a knight jumping onto a fork is the most
//! common threat there is. The move that saves the piece is a quiet move, which history
//! alone ranks anywhere; left late, it is reduced or pruned at shallow depth, and the search
//! then believes the attack wins the piece. Moves that take an attacked piece out of its
//! attacker's reach are ordered first among the quiet moves, and moves that put a piece
//! where a cheaper one attacks it are ordered last. The other way round, a drop or move that
//! attacks dearer enemy pieces from a square no cheaper piece covers (a knight forking a rook
//! and a gold, a pawn struck in front of a gold) threatens to win material, and is ordered
//! early too.
//!
//! CITE: the same idea as the threat-aware move ordering of chess engines, e.g.
//! <https://www.chessprogramming.org/Move_Ordering> ("threat move").

use tokin_core::{Bitboard, Color, Move, PieceKind, Position, attacks};

/// The squares the side to move's pieces of each value class are threatened on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Threats {
    /// By [`DANGER_CLASS`]: no squares; squares attacked by an enemy pawn; by an enemy pawn,
    /// lance or knight; by anything up to a gold (silvers, golds, promoted minors).
    danger: [Bitboard; 4],
    /// The side to move's pieces that stand on a square a cheaper enemy piece attacks.
    pub(crate) threatened: Bitboard,
    /// By [`DANGER_CLASS`] of an attacker: the enemy pieces worth more than it (a lance or
    /// knight attacks silvers, golds and the major pieces; a pawn those and lances and
    /// knights too).
    targets: [Bitboard; 4],
}

/// Which of [`Threats::danger`] threatens a piece of each kind: none for pawns and kings,
/// pawns for lances and knights, up to golds for bishops, rooks, horses and dragons, and
/// pawns, lances and knights for the rest.
const DANGER_CLASS: [u8; PieceKind::NUM] = {
    let mut t = [2u8; PieceKind::NUM];
    t[PieceKind::Pawn as usize] = 0;
    t[PieceKind::King as usize] = 0;
    t[PieceKind::Lance as usize] = 1;
    t[PieceKind::Knight as usize] = 1;
    t[PieceKind::Bishop as usize] = 3;
    t[PieceKind::Rook as usize] = 3;
    t[PieceKind::Horse as usize] = 3;
    t[PieceKind::Dragon as usize] = 3;
    t
};

impl Threats {
    pub(crate) fn new(pos: &Position) -> Threats {
        let us = pos.side_to_move();
        let them = !us;
        let occ = pos.occupied();
        let union = |kind: PieceKind| {
            let mut b = Bitboard::EMPTY;
            for sq in pos.pieces_of(them, kind) {
                b |= attacks::piece(them, kind, sq, occ);
            }
            b
        };
        // Every pawn at once: each attacks the square in front of it.
        let pawns = pos.pieces_of(them, PieceKind::Pawn);
        let by_pawn = match them {
            Color::Black => pawns.shift_up(),
            Color::White => pawns.shift_down(),
        };
        let by_minor = by_pawn | union(PieceKind::Lance) | union(PieceKind::Knight);
        let mut by_general = by_minor | union(PieceKind::Silver);
        for sq in pos.gold_likes() & pos.pieces(them) {
            by_general |= attacks::gold(them, sq);
        }
        // One side's pieces by value class: lances and knights; silvers and gold-likes;
        // bishops, rooks, horses and dragons.
        let classes = |side: Color| {
            let of = |kinds: &[PieceKind]| {
                kinds
                    .iter()
                    .fold(Bitboard::EMPTY, |b, &k| b | pos.pieces_of(side, k))
            };
            (
                of(&[PieceKind::Lance, PieceKind::Knight]),
                pos.pieces_of(side, PieceKind::Silver) | (pos.gold_likes() & pos.pieces(side)),
                of(&[
                    PieceKind::Bishop,
                    PieceKind::Rook,
                    PieceKind::Horse,
                    PieceKind::Dragon,
                ]),
            )
        };
        let (minors, generals, majors) = classes(us);
        let threatened = ((minors | generals | majors) & by_pawn)
            | ((generals | majors) & by_minor)
            | (majors & by_general);
        let (their_minors, their_generals, their_majors) = classes(them);
        Threats {
            danger: [Bitboard::EMPTY, by_pawn, by_minor, by_general],
            threatened,
            targets: [
                their_minors | their_generals | their_majors,
                their_generals | their_majors,
                their_majors,
                Bitboard::EMPTY,
            ],
        }
    }

    /// An ordering bonus for the quiet move `mv` of a `kind` piece that lands where no cheaper
    /// enemy piece attacks it and attacks enemy pieces worth more than itself: `unit` for
    /// one, three times that for two or more (a fork, which wins one of them). Pawns and
    /// kings share the lowest class, so a king's quiet move that attacks a lance or dearer
    /// counts too.
    pub(crate) fn attack_bonus(&self, pos: &Position, kind: PieceKind, mv: Move, unit: i32) -> i32 {
        let targets = self.targets[DANGER_CLASS[kind.index()] as usize];
        if targets.is_empty() || self.danger_for(kind).contains(mv.to()) {
            return 0;
        }
        let occ = match mv.from() {
            Some(from) => {
                (pos.occupied() & !Bitboard::from_square(from)) | Bitboard::from_square(mv.to())
            }
            None => pos.occupied() | Bitboard::from_square(mv.to()),
        };
        let hit = attacks::piece(pos.side_to_move(), kind, mv.to(), occ) & targets;
        match hit.count() {
            0 => 0,
            1 => unit,
            _ => 3 * unit,
        }
    }

    /// The squares where a cheaper enemy piece would attack a piece of `kind` (read from a
    /// table: this is asked for every quiet move of a node).
    #[inline]
    fn danger_for(&self, kind: PieceKind) -> Bitboard {
        self.danger[DANGER_CLASS[kind.index()] as usize]
    }

    /// An ordering adjustment for the quiet move `mv`: positive when it takes a threatened
    /// piece to safety, negative when it puts a piece where a cheaper one attacks it.
    /// The moved (or dropped) piece's `kind` comes from the caller, which has it at hand.
    pub(crate) fn adjustment(&self, kind: PieceKind, mv: Move, unit: i32) -> i32 {
        let danger = self.danger_for(kind);
        let lands_attacked = danger.contains(mv.to());
        match mv.from() {
            Some(from) if self.threatened.contains(from) && !lands_attacked => 2 * unit,
            _ if lands_attacked => -unit,
            _ => 0,
        }
    }

    /// Whether `mv` takes a threatened piece out of danger (such moves are not pruned
    /// as late quiet moves).
    pub(crate) fn is_escape(&self, pos: &Position, mv: Move) -> bool {
        mv.from().is_some_and(|f| self.threatened.contains(f))
            && pos
                .moved_piece(mv)
                .is_some_and(|p| !self.danger_for(p.kind).contains(mv.to()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_drop_in_front_of_a_bishop_threatens_it() {
        // White has dropped a pawn on 8g, attacking Black's bishop on 8h.
        let pos = Position::from_sfen(
            "lnsgkgsnl/1r4b2/p1ppppppp/9/9/P8/1pPPPPPPP/1BG4R1/LNS1KGSNL b P 13",
        )
        .unwrap();
        assert_eq!(pos.side_to_move(), tokin_core::Color::Black);
        let t = Threats::new(&pos);
        assert!(t.threatened.contains(tokin_core::Square::S88));
        let escape = Move::from_usi("8h9g").unwrap();
        assert!(t.is_escape(&pos, escape));
        assert!(t.adjustment(PieceKind::Bishop, escape, 100) > 0);
        let other = Move::from_usi("5i5h").unwrap();
        assert!(!t.is_escape(&pos, other));
    }

    #[test]
    fn a_knight_drop_that_forks_two_dearer_pieces_earns_the_most() {
        // White's gold on 4b and rook on 2b: a knight dropped on 3d attacks both, one on 5d
        // only the gold; a gold dropped on 3d attacks neither.
        let pos = Position::from_sfen("4k4/5g1r1/9/9/9/9/9/9/4K4 b NG 1").unwrap();
        let t = Threats::new(&pos);
        let bonus = |usi: &str, kind| t.attack_bonus(&pos, kind, Move::from_usi(usi).unwrap(), 10);
        assert_eq!(bonus("N*3d", PieceKind::Knight), 30);
        assert_eq!(bonus("N*5d", PieceKind::Knight), 10);
        assert_eq!(bonus("G*3d", PieceKind::Gold), 0);
    }

    #[test]
    fn an_attack_from_a_square_a_cheaper_piece_covers_earns_nothing() {
        // The same fork, but White's pawn on 3c takes the knight.
        let pos = Position::from_sfen("4k4/5g1r1/6p2/9/9/9/9/9/4K4 b N 1").unwrap();
        let t = Threats::new(&pos);
        let fork = Move::from_usi("N*3d").unwrap();
        assert_eq!(t.attack_bonus(&pos, PieceKind::Knight, fork, 10), 0);
    }
}
