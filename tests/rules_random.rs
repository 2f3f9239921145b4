//! Randomized checks of the rules core over random games from the even and handicap starts.
//!
//! The seed is fixed and printed, so a failure can be replayed. Each position checks:
//! every generated move passes `is_legal` (an independent, rule-by-rule implementation),
//! `is_legal` accepts exactly the generated moves among all syntactically possible moves,
//! the incremental hash equals one computed from scratch, SFEN write-read-write is the
//! identity, and playing a move on a copy leaves the original untouched (copy-make).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use tokin_core::testing::all_syntactic_moves;
use tokin_core::{Handicap, Move, Position};

fn check_position(pos: &Position, universe: &[Move], seed: u64, ply: usize) {
    let ctx = || format!("seed {seed} ply {ply} sfen {}", pos.to_sfen());
    let legal = pos.legal_moves();
    let set: HashSet<Move> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "duplicate moves: {}", ctx());
    for &mv in universe {
        let ok = pos.is_legal(mv).is_ok();
        assert_eq!(
            ok,
            set.contains(&mv),
            "{mv}: is_legal says {:?} but generation {}: {}",
            pos.is_legal(mv),
            if set.contains(&mv) {
                "has it"
            } else {
                "does not"
            },
            ctx()
        );
    }
    assert_eq!(pos.key(), pos.compute_key(), "hash: {}", ctx());
    let sfen = pos.to_sfen();
    let again = Position::from_sfen(&sfen).unwrap_or_else(|e| panic!("{e}: {}", ctx()));
    assert_eq!(again.to_sfen(), sfen);
    assert_eq!(&again, pos);
    assert_eq!(again.key(), pos.key());
    for &mv in legal.iter().take(8) {
        let before = pos.clone();
        let mut child = pos.clone();
        assert_eq!(child.key_after(mv), {
            child.play_unchecked(mv);
            child.key()
        });
        assert_eq!(&before, pos);
    }
}

#[test]
fn random_games_agree_with_independent_legality() {
    let seed = 0x5eed_2026_u64;
    println!("seed {seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let universe = all_syntactic_moves();
    let mut positions = 0;
    for game in 0..24 {
        let start = Handicap::ALL[game % Handicap::ALL.len()];
        let mut pos = start.position();
        for ply in 0..160 {
            check_position(&pos, &universe, seed, ply);
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures and checks now and then, so games reach drops and checks fast.
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play_unchecked(mv);
        }
    }
    assert!(positions > 2000);
}

#[test]
fn handicap_starts() {
    for h in Handicap::ALL {
        let pos = h.position();
        let sfen = pos.to_sfen();
        assert_eq!(Position::from_sfen(&sfen).unwrap(), pos, "{h:?}");
        assert_eq!(Handicap::from_name(h.name()), Some(h));
        assert_eq!(Handicap::from_name(h.japanese_name()), Some(h));
    }
    assert_eq!(
        Handicap::ThreePieces.position().to_sfen(),
        "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(
        Handicap::LeftSevenPieces.position().to_sfen(),
        "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(
        Handicap::RightSevenPieces.position().to_sfen(),
        "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
}
