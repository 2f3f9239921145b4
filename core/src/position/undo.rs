//! Taking a move back in place (make/unmake), for callers that keep one position and step
//! through a game back and forth, as a board in the Python bindings does.
//!
//! The search and perft copy positions instead (copy-make); this costs them nothing, since
//! [`Position::play_undoable`] plays with [`Position::play_unchecked`] itself and only writes
//! down beforehand what the move cannot tell: the piece it captures, the checkers and the
//! move number. Everything else comes back by doing the move's steps in reverse; the keys
//! too, since each step changes them by an exclusive or or a wrapping sum.

use super::Position;
use crate::{Bitboard, Move, Piece, zobrist};

/// What [`Position::undo`] needs to take back one move: the move, and what the position held
/// before it that the move does not tell. 32 bytes, where a position is about 550.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    mv: Move,
    captured: Option<Piece>,
    checkers: Bitboard,
    move_number: u32,
}

impl Undo {
    /// The move this record takes back.
    #[inline]
    pub fn mv(self) -> Move {
        self.mv
    }
}

impl Position {
    /// Plays `mv` as [`Position::play_unchecked`] does and returns what [`Position::undo`]
    /// needs to take it back. `mv` must be legal here.
    ///
    /// ```
    /// use tokin_core::{Move, Position};
    /// let mut pos = Position::startpos();
    /// let undo = pos.play_undoable(Move::from_usi("7g7f").unwrap());
    /// assert_ne!(pos, Position::startpos());
    /// pos.undo(undo);
    /// assert_eq!(pos, Position::startpos());
    /// ```
    #[inline]
    pub fn play_undoable(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            mv,
            captured: self.captured_piece(mv),
            checkers: self.checkers,
            move_number: self.move_number,
        };
        self.play_unchecked(mv);
        undo
    }

    /// Takes back the move of `undo`, which must be the last move played on this position
    /// with [`Position::play_undoable`] and not yet taken back: the position is then exactly
    /// what it was before that move, keys and checkers included.
    ///
    /// A record that does not fit (no piece on the move's destination) leaves the position
    /// alone (debug builds assert); any other misfit leaves it inconsistent, as an illegal
    /// move does to [`Position::play_unchecked`].
    #[inline]
    pub fn undo(&mut self, undo: Undo) {
        let to = undo.mv.to();
        let Some(moved) = self.board[to.index()] else {
            debug_assert!(false, "no piece on {to} to take back {}", undo.mv);
            return;
        };
        let us = moved.color;
        self.remove(moved, to);
        match undo.mv.from() {
            None => {
                if let Some(piece) = undo.mv.hand_piece() {
                    self.take_in_hand(us, piece);
                }
            }
            Some(from) => {
                let kind = if undo.mv.is_promotion() {
                    moved.kind.unpromote()
                } else {
                    moved.kind
                };
                self.put(Piece::new(us, kind), from);
                if let Some(captured) = undo.captured {
                    self.put(captured, to);
                    if let Some(piece) = captured.kind.unpromote().to_hand() {
                        self.give_from_hand(us, piece);
                    }
                }
            }
        }
        self.side = us;
        self.board_key ^= zobrist::SIDE;
        self.move_number = undo.move_number;
        self.checkers = undo.checkers;
    }
}

#[cfg(test)]
mod tests {
    use super::Position;
    use crate::testing::{Pick, random_game_positions_from};
    use crate::{Handicap, PieceKind};

    /// Whether two positions agree in every field, the derived ones (bitboards, groups, king
    /// squares, keys, checkers) included. The destructuring names every field, so a field
    /// added to `Position` fails to compile here until it is compared too.
    fn same_in_every_field(a: &Position, b: &Position) -> bool {
        let Position {
            board,
            by_color,
            by_kind,
            groups,
            hands,
            side,
            move_number,
            king,
            board_key,
            hand_key,
            checkers,
        } = a;
        *board == b.board
            && *by_color == b.by_color
            && *by_kind == b.by_kind
            && *groups == b.groups
            && *hands == b.hands
            && *side == b.side
            && *move_number == b.move_number
            && *king == b.king
            && *board_key == b.board_key
            && *hand_key == b.hand_key
            && *checkers == b.checkers
    }

    /// The record stays a fraction of a position, which is what a stack of them saves.
    #[test]
    fn an_undo_record_is_32_bytes() {
        assert_eq!(size_of::<super::Undo>(), 32);
    }

    /// Every legal move of every position of random games from every handicap start, played
    /// with `play_undoable`, reaches exactly the position `play_unchecked` reaches, and taken
    /// back gives exactly the position before it: every field, the key, the SFEN, the
    /// checkers and the legal moves. The counts make sure the games hold the moves that
    /// change the most (drops, promotions, captures of promoted pieces, checks, evasions).
    #[test]
    fn undo_restores_the_position_after_every_legal_move() {
        let starts: Vec<Position> = Handicap::ALL.iter().map(|h| h.position()).collect();
        let (mut moves, mut drops, mut promotions, mut promoted_captures) = (0, 0, 0, 0);
        let (mut checks, mut evasions, mut king_moves) = (0, 0, 0);
        random_game_positions_from(&starts, 29, 60, 200, Pick::PreferCaptures, |before, _| {
            let legal_before = before.legal_moves();
            for &mv in legal_before.iter() {
                let mut played = before.clone();
                played.play_unchecked(mv);
                let mut pos = before.clone();
                let undo = pos.play_undoable(mv);
                assert_eq!(undo.mv(), mv);
                assert!(
                    same_in_every_field(&pos, &played),
                    "{mv} from {}",
                    before.to_sfen()
                );
                pos.undo(undo);
                let sfen = before.to_sfen();
                assert!(
                    same_in_every_field(&pos, before),
                    "{mv} taken back in {sfen}"
                );
                assert_eq!(pos, *before);
                assert_eq!(pos.key(), before.compute_key(), "{mv} in {sfen}");
                assert_eq!(pos.to_sfen(), sfen);
                assert_eq!(pos.checkers(), before.checkers(), "{mv} in {sfen}");
                assert_eq!(pos.legal_moves().as_slice(), legal_before.as_slice());

                moves += 1;
                drops += usize::from(mv.is_drop());
                promotions += usize::from(mv.is_promotion());
                promoted_captures += usize::from(
                    before
                        .captured_piece(mv)
                        .is_some_and(|c| c.kind.unpromote() != c.kind),
                );
                checks += usize::from(played.in_check());
                evasions += usize::from(before.in_check());
                king_moves += usize::from(
                    before
                        .moved_piece(mv)
                        .is_some_and(|p| p.kind == PieceKind::King),
                );
            }
        });
        for (what, n) in [
            ("moves", moves),
            ("drops", drops),
            ("promotions", promotions),
            ("captures of promoted pieces", promoted_captures),
            ("checks", checks),
            ("evasions", evasions),
            ("king moves", king_moves),
        ] {
            assert!(n > 200, "only {n} {what}: the test is too weak");
        }
    }
}
