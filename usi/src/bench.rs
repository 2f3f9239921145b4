//! `tokin bench` and the USI `bench` command: a fixed list of positions searched to a fixed
//! depth with one thread and a fresh hash. The total node count is the search's signature
//! (quote it in commits that change search behaviour); the speed varies with the machine.

use std::io::Write;
use std::time::Instant;
use tokin_engine::eval::Evaluator;
use tokin_engine::search::{Signals, TranspositionTable, bench_nodes};
use tokin_engine::{Position, Strictness};

/// The bench positions: the opening, castles, middle games with pieces in hand, an endgame
/// race and an entering-king fight.
pub const BENCH_SFENS: [&str; 8] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    "ln1g1g1nl/1ks2r3/1ppppsbpp/p4pp2/9/P1P1P1P1P/1PBP1P1P1/2KSGS1R1/LN1G3NL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "ln3g1nl/1r1sg1k2/p1ppppsp1/1p4p1p/9/2P1P1P2/PPSP1P1PP/2G1G2R1/LN2K2NL b Bb 1",
    "lnsgk2nl/6g2/p1pppp1pp/6p2/1r7/2P1P4/P2P1PPPP/1SG3SR1/LN2KG1NL b BSPbp 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn2p 1",
    "l2g3nl/2s2kg2/p1np1ppp1/1pp1p3p/7P1/P1PP1PP2/1PS1PS2P/1KG4R1/LN1G3NL b RBbs 1",
];

/// The depth `tokin bench` searches to by default.
pub const BENCH_DEPTH: u32 = 8;

/// Runs the bench and writes one line per position, then `Nodes searched: N` and
/// `Nodes/second: X` as the last two lines. Once `stop` is set (the engine's `stop` or
/// `quit`), the position being searched ends at once and the rest are left out: the total is
/// of those searched.
///
/// # Errors
/// Only if writing fails.
pub fn run_bench(
    out: &mut dyn Write,
    depth: u32,
    evaluator: &Evaluator,
    stop: &Signals,
) -> std::io::Result<u64> {
    let start = Instant::now();
    let mut total = 0u64;
    for (i, sfen) in BENCH_SFENS.iter().enumerate() {
        if stop.is_stopped() {
            break;
        }
        // The list is fixed and holds game positions only; nothing a user gives is read here.
        let Ok(pos) = Position::from_sfen_with(sfen, Strictness::Game) else {
            writeln!(out, "info string bench position {} does not parse", i + 1)?;
            continue;
        };
        let tt = TranspositionTable::new(16);
        let (result, nodes) = bench_nodes(&pos, depth, &tt, evaluator, stop);
        let best = match result.outcome {
            tokin_engine::search::SearchOutcome::Move { best, .. } => best.to_string(),
            tokin_engine::search::SearchOutcome::Resign => "resign".to_string(),
            tokin_engine::search::SearchOutcome::Win => "win".to_string(),
        };
        writeln!(out, "position {}: bestmove {best} nodes {nodes}", i + 1)?;
        total += nodes;
    }
    let secs = start.elapsed().as_secs_f64().max(1e-6);
    writeln!(out, "Nodes searched: {total}")?;
    writeln!(out, "Nodes/second: {:.0}", total as f64 / secs)?;
    out.flush()?;
    Ok(total)
}
