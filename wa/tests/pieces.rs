//! Every piece's move, promoted and not, for both sides, from every square, on an empty
//! board and among random blockers, against the diagrams drawn from the rules article.

mod common;

use rand::{Rng, SeedableRng, rngs::StdRng};
use tokin_wa::{Bitboard, Color, Kind, Piece, Position, Square};

fn pieces() -> Vec<Piece> {
    let mut out = Vec::new();
    for color in Color::ALL {
        for kind in Kind::ALL {
            out.push(Piece::new(color, kind));
            out.extend(Piece::new_promoted(color, kind));
        }
    }
    out
}

fn crate_reach(piece: Piece, from: Square, occupied: Bitboard) -> Vec<Square> {
    let mut v: Vec<Square> = Position::attacks_from(piece, from, occupied).collect();
    v.sort();
    v
}

#[test]
fn every_piece_from_every_square_on_an_empty_board() {
    let pieces = pieces();
    assert_eq!(pieces.len(), 2 * (17 + 14));
    for piece in pieces {
        for from in Square::all() {
            let expected = common::reach(piece, from, &|_| false);
            assert_eq!(
                crate_reach(piece, from, Bitboard::EMPTY),
                expected,
                "{piece:?} on {from}"
            );
        }
    }
}

#[test]
fn every_piece_from_every_square_among_blockers() {
    let mut rng = StdRng::seed_from_u64(0x3a69_7b19);
    for piece in pieces() {
        for from in Square::all() {
            for _ in 0..8 {
                let mut occupied = Bitboard::EMPTY;
                for sq in Square::all() {
                    if sq != from && rng.random_bool(0.3) {
                        occupied.insert(sq);
                    }
                }
                let expected = common::reach(piece, from, &|s| occupied.contains(s));
                assert_eq!(
                    crate_reach(piece, from, occupied),
                    expected,
                    "{piece:?} on {from} among\n{occupied:?}"
                );
            }
        }
    }
}

/// Spot checks written out by hand from the article's diagrams, so that a wrong diagram in the
/// reference would not hide a wrong move.
#[test]
fn hand_written_spot_checks() {
    let sq = |t: &str| Square::parse_prefix(t).expect("square").0;
    let names = |p: Piece, from: &str| -> Vec<String> {
        let mut v: Vec<String> = Position::attacks_from(p, sq(from), Bitboard::EMPTY)
            .map(|s| s.to_string())
            .collect();
        v.sort();
        v
    };
    let sorted = |v: &[&str]| {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    };
    // A Black treacherous fox on 6f: one or two squares forward, backward and diagonally.
    assert_eq!(
        names(Piece::new(Color::Black, Kind::TreacherousFox), "6f"),
        sorted(&[
            "6e", "6d", "6g", "6h", "7e", "8d", "5e", "4d", "7g", "8h", "5g", "4h"
        ])
    );
    // A White liberated horse on 6f: down the board to 6k, up one or two.
    assert_eq!(
        names(Piece::new(Color::White, Kind::LiberatedHorse), "6f"),
        sorted(&["6g", "6h", "6i", "6j", "6k", "6e", "6d"])
    );
    // A Black heavenly horse on 6f: the four knight leaps forward and backward.
    assert_eq!(
        names(
            Piece::new_promoted(Color::Black, Kind::LiberatedHorse).expect("promotes"),
            "6f"
        ),
        sorted(&["7d", "5d", "7h", "5h"])
    );
    // A Black cloud eagle on 6f: the file, a step sideways or diagonally back, up to three
    // squares diagonally forward.
    let mut eagle = vec!["6a", "6b", "6c", "6d", "6e", "6g", "6h", "6i", "6j", "6k"];
    eagle.extend(["7f", "5f", "7g", "5g", "7e", "8d", "9c", "5e", "4d", "3c"]);
    assert_eq!(
        names(Piece::new(Color::Black, Kind::CloudEagle), "6f"),
        sorted(&eagle)
    );
}
