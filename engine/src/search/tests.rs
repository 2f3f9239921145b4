//! Search behaviour on small known positions.

use super::*;
use crate::mate::mate_search;
use tokin_core::{GameHistory, Move, Position};

/// Keeps every iteration a search reports.
struct Collect(Vec<IterationInfo>);

impl SearchObserver for Collect {
    fn iteration(&mut self, info: &IterationInfo) {
        self.0.push(info.clone());
    }
}

fn run(sfen: &str, limits: Limits) -> (SearchResult, Vec<IterationInfo>) {
    let pos = Position::from_sfen(sfen).unwrap();
    let tt = TranspositionTable::new(4);
    let mut obs = Collect(Vec::new());
    let r = search(
        &pos,
        &GameHistory::new(&pos),
        &limits,
        &tt,
        &Signals::new(),
        &mut obs,
    );
    (r, obs.0)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn finds_mate_in_one_and_scores_it_in_plies() {
    let (r, infos) = run("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", depth(4));
    assert_eq!(
        r.outcome,
        SearchOutcome::Move {
            best: Move::from_usi("G*5b").unwrap(),
            ponder: None
        }
    );
    assert_eq!(infos.last().unwrap().score, Score::Mate(1));
}

#[test]
fn mated_side_resigns() {
    let (r, _) = run("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", depth(4));
    assert_eq!(r.outcome, SearchOutcome::Resign);
}

#[test]
fn declares_only_under_a_rule_that_allows_it() {
    let sfen = "B1SG1GS1R/1P2K2P1/2P3P2/9/9/9/9/9/4k4 b 2G2S2N2L2P 1";
    let (r, _) = run(sfen, depth(2));
    assert_eq!(r.outcome, SearchOutcome::Win);
    let limits = Limits {
        entering_king_rule: EnteringKingRule::CsaRule24,
        ..depth(2)
    };
    let (r, _) = run(sfen, limits);
    assert!(matches!(r.outcome, SearchOutcome::Move { .. }));
}

#[test]
fn one_thread_is_deterministic() {
    let sfen = "ln1g1g1nl/1ks2r3/1ppppsbpp/p4pp2/9/P1P1P1P1P/1PBP1P1P1/2KSGS1R1/LN1G3NL b - 1";
    let (a, _) = run(sfen, depth(5));
    let (b, _) = run(sfen, depth(5));
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.outcome, b.outcome);
}

#[test]
fn node_limit_is_exact_with_one_thread() {
    let limits = Limits {
        nodes: Some(5000),
        ..Limits::default()
    };
    let (r, _) = run(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        limits,
    );
    assert!(matches!(r.outcome, SearchOutcome::Move { .. }));
    assert!(r.nodes <= 5001, "{}", r.nodes);
}

#[test]
fn multipv_reports_distinct_first_moves() {
    let limits = Limits {
        multipv: 3,
        ..depth(3)
    };
    let (_, infos) = run(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        limits,
    );
    let last: Vec<&IterationInfo> = infos.iter().filter(|i| i.depth == 3).collect();
    assert_eq!(last.len(), 3);
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    let firsts: std::collections::HashSet<Move> = last.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts.len(), 3);
}

/// Each iteration reports its lines best first, even when a later line's search scores a
/// move above an earlier one's (the searches of one iteration need not agree).
#[test]
fn multipv_lines_come_best_first() {
    // One search to depth 5 reports every iteration from 1 to 5.
    let limits = Limits {
        multipv: 4,
        ..depth(5)
    };
    let (r, infos) = run(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        limits,
    );
    for it in 1..=5 {
        let scores: Vec<i32> = infos
            .iter()
            .filter(|i| i.depth == it && i.bound == Bound::Exact)
            .map(|i| match i.score {
                Score::Cp(c) => c,
                Score::Mate(m) => panic!("mate {m} at the start"),
            })
            .collect();
        assert_eq!(scores.len(), 4, "depth {it}");
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "depth {it}: {scores:?}"
        );
    }
    let SearchOutcome::Move { best, .. } = r.outcome else {
        panic!("no move");
    };
    let last = infos.iter().rfind(|i| i.multipv == 1).unwrap();
    assert_eq!(best, last.pv[0]);
}

#[test]
fn the_bestmove_and_ponder_are_legal() {
    let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
    let pos = Position::from_sfen(sfen).unwrap();
    let (r, _) = run(sfen, depth(5));
    let SearchOutcome::Move { best, ponder } = r.outcome else {
        panic!("expected a move");
    };
    assert!(pos.is_legal(best).is_ok());
    if let Some(p) = ponder {
        let mut after = pos.clone();
        after.play_unchecked(best);
        assert!(after.is_legal(p).is_ok());
    }
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let pos = Position::startpos();
    let tt = TranspositionTable::new(4);
    let signals = Signals::new();
    signals.stop();
    let r = search(
        &pos,
        &GameHistory::new(&pos),
        &Limits::default(),
        &tt,
        &signals,
        &mut NoObserver,
    );
    assert!(matches!(r.outcome, SearchOutcome::Move { .. }));
}

#[test]
fn mate_search_finds_a_three_ply_mate() {
    // R*1b forces the king to 2a, then S*3b mates (the pawn on 1c guards the rook).
    let pos = Position::from_sfen("8k/9/8P/9/9/9/9/9/K8 b RS 1").unwrap();
    match mate_search(&pos, &Signals::new()) {
        MateResult::Mate(line) => {
            assert_eq!(line.len(), 3);
            let mut p = pos.clone();
            for m in &line {
                p.play(*m).unwrap();
            }
            assert!(p.is_checkmate());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn try_rule_plays_the_winning_king_move() {
    let limits = Limits {
        entering_king_rule: EnteringKingRule::TryRule,
        ..depth(3)
    };
    let (r, _) = run("9/4K4/9/9/9/9/9/9/k8 b - 1", limits);
    assert_eq!(
        r.outcome,
        SearchOutcome::Move {
            best: Move::from_usi("5b5a").unwrap(),
            ponder: None
        }
    );
}

#[test]
fn max_moves_to_draw_scores_every_line_as_a_draw() {
    // Black is a rook up, but the game ends in a draw after this move.
    let limits = Limits {
        max_moves_to_draw: 100,
        draw_value: -7,
        ..depth(4)
    };
    let (_, infos) = run("4k4/9/9/9/9/9/9/9/4K4 b R 100", limits);
    assert_eq!(infos.last().unwrap().score, Score::Cp(-7));
    let (_, infos) = run("4k4/9/9/9/9/9/9/9/4K4 b R 100", depth(4));
    assert!(matches!(infos.last().unwrap().score, Score::Cp(v) if v > 500));
}

#[test]
fn tables_come_back_from_every_thread_and_clear() {
    let pos = Position::startpos();
    let tt = TranspositionTable::new(4);
    let mut tables = SearchTables::default();
    let limits = Limits {
        depth: Some(4),
        threads: 2,
        ..Limits::default()
    };
    for _ in 0..2 {
        let r = search_with_tables(
            &pos,
            &GameHistory::new(&pos),
            &limits,
            &tt,
            &Signals::new(),
            &mut NoObserver,
            &mut tables,
        );
        assert!(matches!(r.outcome, SearchOutcome::Move { .. }));
        assert_eq!(format!("{tables:?}"), "SearchTables(2 threads)");
    }
    tables.clear();
    assert_eq!(format!("{tables:?}"), "SearchTables(0 threads)");
}

#[test]
fn the_solver_keeps_the_search_from_a_move_that_lets_the_opponent_mate() {
    // White (to move) in a game of the self-play data: at depth 3 the search likes 6f6g+
    // (+595), after which black mates by checks in seven plies.
    let sfen = "ln6l/1s3+B3/ppkP1pnpp/4rg3/3Gs1p2/2PppP2P/PP4PP1/6rS1/LNSK3NL w BGPgp 1";
    let pos = Position::from_sfen(sfen).unwrap();
    let mated_after = |mv: Move| {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let config = MateConfig {
            hash_mib: 4,
            max_nodes: Some(20_000),
            max_ply: 200,
        };
        matches!(
            solve_mate(&after, &config, &Signals::new(), &mut NoObserver).result,
            MateResult::Mate(_)
        )
    };
    let best = |r: SearchResult| match r.outcome {
        SearchOutcome::Move { best, .. } => best,
        other => panic!("no move: {other:?}"),
    };
    let plain = best(run(sfen, depth(3)).0);
    assert!(mated_after(plain), "the premise: {plain} lets black mate");
    let limits = Limits {
        root_mate_nodes: 20_000,
        ..depth(3)
    };
    let (r, infos) = run(sfen, limits);
    let checked = best(r);
    assert_ne!(checked, plain);
    assert!(!mated_after(checked), "{checked} lets black mate too");
    // The refuted move is never reported as the line of a finished iteration.
    assert!(infos.iter().all(|i| i.pv.first() != Some(&plain)));
}

/// A search of `pos` to `depth` by one worker with `params`: its result, the iterations it
/// reported and the line it would follow next.
fn run_worker(
    pos: &Position,
    depth_limit: u32,
    params: &SearchParams,
) -> (SearchResult, Vec<IterationInfo>, Vec<Move>) {
    let limits = depth(depth_limit);
    let (tt, signals) = (TranspositionTable::new(4), Signals::new());
    let counters = [AtomicU64::new(0)];
    let done = AtomicBool::new(false);
    let history = GameHistory::new(pos);
    let mut worker = Worker::new(
        0,
        pos,
        &history,
        &limits,
        &tt,
        &signals,
        &counters,
        &done,
        params,
        HistoryTables::new(),
    );
    let mut obs = Collect(Vec::new());
    let r = worker.iterate(pos, &mut obs);
    let last_pv = worker.last_pv().to_vec();
    (r, obs.0, last_pv)
}

/// A middle game, where the line changes from one depth to the next.
const MIDDLE_GAME: &str =
    "ln1g3nl/1r1sg1k2/p1pppp1pp/6s2/1p5P1/2P1P4/PPSP1PP1P/2G1G2R1/LN2K1SNL b Bb 1";

#[test]
fn each_iteration_follows_the_line_the_last_one_reported() {
    let pos = Position::from_sfen(MIDDLE_GAME).unwrap();
    let params = SearchParams {
        follow_pv: 1,
        ..DEFAULT_SEARCH_PARAMS
    };
    let (r, infos, last_pv) = run_worker(&pos, 7, &params);
    let last = infos.last().expect("iterations were reported");
    assert_eq!(last.depth, 7);
    assert_eq!(last_pv, last.pv);
    let SearchOutcome::Move { best, .. } = r.outcome else {
        panic!("no move: {:?}", r.outcome);
    };
    assert_eq!(last.pv.first(), Some(&best));
}

#[test]
fn every_tunable_at_either_end_of_its_range_searches_to_a_legal_move_and_mates() {
    let middle = Position::from_sfen(MIDDLE_GAME).unwrap();
    // Black mates in one with G*5b.
    let mate = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    for t in TUNABLES {
        for v in [t.min, t.max] {
            let mut params = DEFAULT_SEARCH_PARAMS;
            (t.set)(&mut params, v);
            let (r, _, _) = run_worker(&middle, 6, &params);
            let SearchOutcome::Move { best, .. } = r.outcome else {
                panic!("{} = {v}: no move: {:?}", t.name, r.outcome);
            };
            assert!(middle.is_legal(best).is_ok(), "{} = {v}: {best}", t.name);
            let (_, infos, _) = run_worker(&mate, 3, &params);
            let last = infos.last().expect("iterations were reported");
            assert_eq!(last.score, Score::Mate(1), "{} = {v}", t.name);
        }
    }
}
