//! Self-play games that make training data: each game starts from a few random legal moves
//! (from the even start, now and then from a handicap start), then both sides play the
//! search's best move at a fixed depth, and every position the search scored is kept with
//! its score and best move; when the game ends its result is written into each of them.
//!
//! Not every position is kept, as in the other NNUE projects: a position in check, one whose
//! best move captures (a tactic pending: the score says more about the exchange than about
//! the position), and one the search scores as decided (a mate, or beyond
//! [`GensfenOptions::eval_limit`]) teach a static evaluation little.
//!
//! A game ends by mate (or no legal move), a declaration win, fourfold repetition (a draw,
//! or a loss for the side that checked throughout), [`GensfenOptions::max_plies`] (a draw),
//! or once the search scores it beyond [`GensfenOptions::eval_limit`] (a win for the side
//! it favours: the adjudication every self-play project uses, which saves most of the time a
//! decided game takes).

use super::psv::PsvRecord;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use tokin_core::rules::RepetitionVerdict;
use tokin_core::{Color, GameHistory, Handicap, Position};
use tokin_engine::eval::Evaluator;
use tokin_engine::search::{
    Limits, NoObserver, Score, SearchOutcome, SearchTables, Signals, TableAllocError,
    TranspositionTable, search_with_tables,
};

/// How the games are played.
#[derive(Clone, Debug)]
pub struct GensfenOptions {
    /// The search depth of every move.
    pub depth: u32,
    /// A node limit per move as well, if any.
    pub nodes: Option<u64>,
    /// The number of random legal moves each game starts with is drawn from this range
    /// (inclusive).
    pub random_plies: (u32, u32),
    /// The share of games (0 to 1) that start from a handicap position.
    pub handicap_share: f64,
    /// A game still going after this many plies is a draw.
    pub max_plies: u32,
    /// A score (centipawns, for the side to move) at or beyond which the game is decided.
    pub eval_limit: i32,
    /// The evaluation both sides search with.
    pub evaluator: Evaluator,
    /// Each thread's hash table, in MB.
    pub hash_mb: usize,
}

impl GensfenOptions {
    /// One hash table of [`GensfenOptions::hash_mb`] for each of `threads` threads, made before
    /// any game is played, so that a size the machine cannot give is an error to report
    /// rather than a thread's panic.
    ///
    /// # Errors
    /// The first table that could not be allocated.
    pub fn tables(&self, threads: usize) -> Result<Vec<TranspositionTable>, TableAllocError> {
        (0..threads.max(1))
            .map(|_| TranspositionTable::try_new(self.hash_mb.max(1)))
            .collect()
    }
}

impl Default for GensfenOptions {
    fn default() -> GensfenOptions {
        GensfenOptions {
            depth: 6,
            nodes: None,
            random_plies: (4, 16),
            handicap_share: 0.1,
            max_plies: 320,
            eval_limit: 3000,
            evaluator: Evaluator::Handcrafted,
            hash_mb: 16,
        }
    }
}

/// How a game ended, for the side to move at its end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Win(Color),
    Draw,
}

/// Plays one game with `rng` choosing the start and the random moves, and returns the
/// positions kept, each with the game's result for its side to move.
pub fn play_game(
    opts: &GensfenOptions,
    rng: &mut StdRng,
    tt: &TranspositionTable,
) -> Vec<PsvRecord> {
    tt.clear();
    let mut pos = if rng.random_bool(opts.handicap_share.clamp(0.0, 1.0)) {
        Handicap::ALL[rng.random_range(0..Handicap::ALL.len())].position()
    } else {
        Position::startpos()
    };
    let mut history = GameHistory::new(&pos);
    let (lo, hi) = (
        opts.random_plies.0,
        opts.random_plies.1.max(opts.random_plies.0),
    );
    let random = rng.random_range(lo..=hi);
    for _ in 0..random {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
        history.push(&pos);
    }
    let limits = Limits {
        depth: Some(opts.depth.max(1)),
        nodes: opts.nodes,
        evaluator: opts.evaluator.clone(),
        ..Limits::default()
    };
    // The move-ordering and correction statistics go from one move's search to the next, as
    // they do in the engine's games, so that the data comes from the search that plays
    // rather than from one that starts each move with empty tables.
    let mut tables = SearchTables::default();
    // (record, its side to move) for the positions kept.
    let mut kept: Vec<(PsvRecord, Color)> = Vec::new();
    let outcome = loop {
        let us = pos.side_to_move();
        match history.verdict() {
            RepetitionVerdict::Draw => break Outcome::Draw,
            RepetitionVerdict::PerpetualCheckBy(c) => break Outcome::Win(!c),
            RepetitionVerdict::None => {}
        }
        if history.len() as u32 > opts.max_plies + random {
            break Outcome::Draw;
        }
        let result = search_with_tables(
            &pos,
            &history,
            &limits,
            tt,
            &Signals::new(),
            &mut NoObserver,
            &mut tables,
        );
        let best = match result.outcome {
            SearchOutcome::Move { best, .. } => best,
            SearchOutcome::Resign => break Outcome::Win(!us),
            SearchOutcome::Win => break Outcome::Win(us),
        };
        let score = match result.info.as_ref().map(|i| i.score) {
            Some(Score::Cp(v)) => v,
            Some(Score::Mate(n)) if n > 0 => break Outcome::Win(us),
            Some(Score::Mate(_)) => break Outcome::Win(!us),
            // A search that reported nothing (it had a single move and stopped at once):
            // nothing to learn from this position.
            None => {
                pos.play_unchecked(best);
                history.push(&pos);
                continue;
            }
        };
        if score >= opts.eval_limit {
            break Outcome::Win(us);
        }
        if score <= -opts.eval_limit {
            break Outcome::Win(!us);
        }
        let keep = !pos.in_check() && pos.captured_piece(best).is_none();
        if keep && let Ok(sfen) = pos.to_packed_sfen() {
            kept.push((
                PsvRecord {
                    sfen,
                    score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
                    mv: best.to_move16(),
                    game_ply: u16::try_from(history.len()).unwrap_or(u16::MAX),
                    result: 0,
                },
                us,
            ));
        }
        pos.play_unchecked(best);
        history.push(&pos);
    };
    kept.into_iter()
        .map(|(mut r, side)| {
            r.result = match outcome {
                Outcome::Draw => 0,
                Outcome::Win(c) if c == side => 1,
                Outcome::Win(_) => -1,
            };
            r
        })
        .collect()
}

/// Plays games on one thread per table of `tables` (see [`GensfenOptions::tables`]) until
/// exactly `target` records have been handed to `sink` (the last game's records are cut at
/// the target: the file holds what was asked for), or until `stop` is set or `sink` fails.
/// Game `g` of the run is played with a generator seeded by `seed` and `g`, so a run can be
/// repeated, and resumed with another `seed`.
///
/// # Errors
/// The first error of `sink`.
pub fn generate<E>(
    opts: &GensfenOptions,
    tables: &[TranspositionTable],
    target: u64,
    seed: u64,
    stop: &AtomicBool,
    mut sink: impl FnMut(&[PsvRecord]) -> Result<(), E>,
) -> Result<u64, E> {
    let next_game = AtomicU64::new(0);
    let made = AtomicU64::new(0);
    let (tx, rx) = mpsc::sync_channel::<Vec<PsvRecord>>(tables.len().max(1) * 4);
    std::thread::scope(|scope| {
        for tt in tables {
            let tx = tx.clone();
            let (next_game, made) = (&next_game, &made);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) && made.load(Ordering::Relaxed) < target {
                    let g = next_game.fetch_add(1, Ordering::Relaxed);
                    let mut rng =
                        StdRng::seed_from_u64(seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                    let records = play_game(opts, &mut rng, tt);
                    made.fetch_add(records.len() as u64, Ordering::Relaxed);
                    if tx.send(records).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut written = 0u64;
        let mut failed = None;
        for records in rx {
            if failed.is_some() || written >= target {
                continue;
            }
            let take = records
                .len()
                .min(usize::try_from(target - written).unwrap_or(usize::MAX));
            match sink(&records[..take]) {
                Ok(()) => written += take as u64,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failed = Some(e);
                }
            }
            if written >= target {
                stop.store(true, Ordering::Relaxed);
            }
        }
        match failed {
            Some(e) => Err(e),
            None => Ok(written),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick() -> GensfenOptions {
        GensfenOptions {
            depth: 2,
            max_plies: 60,
            hash_mb: 1,
            ..GensfenOptions::default()
        }
    }

    /// Every record of a few quick games is a legal position with its best move legal there,
    /// a score within the limit, no check, no capture as best move, and one result per game
    /// seen from both sides.
    #[test]
    fn games_give_records_that_hold_what_they_say() {
        let tt = TranspositionTable::new(1);
        let opts = quick();
        let mut total = 0;
        for g in 0..6 {
            let mut rng = StdRng::seed_from_u64(g);
            let records = play_game(&opts, &mut rng, &tt);
            for r in &records {
                let pos = r.position().unwrap();
                let mv = r.best_move(&pos).expect("a legal best move");
                assert!(!pos.in_check());
                assert!(pos.captured_piece(mv).is_none());
                assert!(i32::from(r.score).abs() < opts.eval_limit);
                assert!((-1..=1).contains(&r.result));
                // The same game's result, from each side.
                let black = if pos.side_to_move() == Color::Black {
                    r.result
                } else {
                    -r.result
                };
                let first = &records[0];
                let first_black = if first.position().unwrap().side_to_move() == Color::Black {
                    first.result
                } else {
                    -first.result
                };
                assert_eq!(black, first_black);
            }
            total += records.len();
        }
        assert!(total > 50, "only {total} records from six games");
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let tt = TranspositionTable::new(1);
        let a = play_game(&quick(), &mut StdRng::seed_from_u64(5), &tt);
        let b = play_game(&quick(), &mut StdRng::seed_from_u64(5), &tt);
        assert_eq!(a, b);
    }

    #[test]
    fn generate_stops_at_the_target_and_passes_sink_errors_on() {
        let stop = AtomicBool::new(false);
        let mut got = Vec::new();
        let tables = quick().tables(2).unwrap();
        let n = generate(&quick(), &tables, 100, 1, &stop, |r: &[PsvRecord]| {
            got.extend_from_slice(r);
            Ok::<(), ()>(())
        })
        .unwrap();
        // Exactly the target, though games end past it.
        assert_eq!(n, 100);
        assert_eq!(got.len(), 100);
        let stop = AtomicBool::new(false);
        let r = generate(&quick(), &tables, 100, 1, &stop, |_: &[PsvRecord]| {
            Err("disk full")
        });
        assert_eq!(r, Err("disk full"));
    }
}
