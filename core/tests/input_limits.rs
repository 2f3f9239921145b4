//! Positions at the edges of what the text formats allow: each of these once panicked (or
//! wrapped silently in a release build) and must now just work.

use tokin_core::{
    Color, HandPiece, MAX_MOVES, Move, Position, SfenField, SfenSyntaxError, Square, Strictness,
    perft,
};

/// An SFEN may give any move number up to `u32::MAX`; playing on from there kept adding one,
/// which overflowed (a panic in debug builds, move number 0 in release builds, and then an
/// SFEN no reader accepts).
#[test]
fn the_move_number_stops_at_its_maximum() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 4294967295";
    let (pos, _) =
        Position::from_usi_start(sfen, &["7g7f", "3c3d", "8h2b+"], Strictness::Game).unwrap();
    assert_eq!(pos.move_number(), u32::MAX);
    assert!(pos.to_sfen().ends_with(" 4294967295"), "{}", pos.to_sfen());
    assert_eq!(Position::from_sfen(&pos.to_sfen()).unwrap(), pos);
    let mut nulled = Position::from_sfen(sfen).unwrap();
    nulled.play_null();
    assert_eq!(nulled.move_number(), u32::MAX);
}

/// A relaxed position (extra pieces up to a hand's capacity) can have more legal moves than
/// the 593 of any position with one set; filling a move list of 600 then panicked.
#[test]
fn a_relaxed_position_with_more_than_600_moves() {
    // The 593-move record position with a third rook, promoted, on 5e.
    let sfen = "R8/2K1S1SSk/4B4/9/4+R4/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
    let pos = Position::from_sfen_relaxed(sfen).unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 603);
    assert!(moves.len() <= MAX_MOVES);
    assert_eq!(pos.count_legal_moves(), 603);
    for &mv in &moves {
        assert_eq!(pos.is_legal(mv), Ok(()), "{mv}");
    }
    // The count below each move, summed, is the bulk count of the whole tree.
    let divided: u64 = moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            perft(&child, 1)
        })
        .sum();
    assert_eq!(perft(&pos, 2), divided);
}

/// A relaxed position may hold a hand's whole capacity of a kind: a capture that fills the
/// hand fits (the count never carries into the next field), and one more piece of the kind
/// cannot be set up at all.
#[test]
fn captures_fill_a_hand_to_its_capacity() {
    let too_many = "4k4/9/9/9/9/4p4/4P4/9/K3R4 b 30P 1";
    assert!(Position::from_sfen_relaxed(too_many).is_err(), "32 pawns");
    // Black holds 30 pawns and its rook takes the 31st, the most a hand can record.
    let sfen = "4k4/9/9/9/4p4/9/9/9/K3R4 b 30P 1";
    let mut pos = Position::from_sfen_relaxed(sfen).unwrap();
    pos.play(Move::from_usi("5i5e").unwrap()).unwrap();
    let hand = pos.hand(Color::Black);
    assert_eq!(hand.count(HandPiece::Pawn), 31);
    assert_eq!(
        hand.count(HandPiece::Lance),
        0,
        "no carry into the lance count"
    );
    assert_eq!(hand.checked_add(HandPiece::Pawn), None);
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(Position::from_sfen_relaxed(&pos.to_sfen()).unwrap(), pos);
}

/// `Square::offset` takes any `i8` delta; one near the ends of `i8` overflowed the file or
/// rank sum (a panic in debug builds).
#[test]
fn square_offsets_of_any_size() {
    assert_eq!(Square::S55.offset(i8::MAX, 0), None);
    assert_eq!(Square::S55.offset(0, i8::MIN), None);
    assert_eq!(Square::S99.offset(i8::MAX, i8::MAX), None);
    assert_eq!(Square::S55.offset(-4, 4), Some(Square::S19));
}

/// The message counts characters from 1; an offset at the top of `usize` (the fields are
/// public) overflowed the `+ 1` in debug builds.
#[test]
fn an_sfen_error_at_the_largest_offset_displays() {
    let e = SfenSyntaxError {
        field: SfenField::Board,
        offset: usize::MAX,
        found: "x".to_string(),
        reason: "test".to_string(),
    };
    assert!(e.to_string().contains(&usize::MAX.to_string()), "{e}");
}
