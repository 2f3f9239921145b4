//! The engine against a GUI that misbehaves: garbage between ordinary commands, bytes that
//! are not UTF-8, NUL bytes, lines of a megabyte, a game of thousands of moves, floods of
//! `isready`/`stop`, and its input or output closed in the middle of a search. It must keep
//! answering or end cleanly, never hang.
//!
//! The waits are generous and catch hangs; the longest `readyok` delay seen is printed (run
//! with `--nocapture`), not asserted.

mod common;

use common::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};
use tokin_core::Position;

/// Lines a broken or hostile GUI might send: truncated and misspelt commands, bad values,
/// bad positions and moves, stray bytes.
fn malformed_lines(n: usize, seed: u64) -> Vec<Vec<u8>> {
    let templates: [&[u8]; 24] = [
        b"position",
        b"position sfen",
        b"position sfen lnsgkgsnl/9/9/9/9/9/9/9/9 b - 1",
        b"position startpos moves 7g7f 7g7f",
        b"position startpos moves 7g7z",
        b"position sfen 9/9/9/9/9/9/9/9/9 x - 1 moves",
        b"setoption",
        b"setoption name",
        b"setoption name USI_Hash value",
        b"setoption name Threads value -99999999999999999999",
        b"setoption name MultiPV value 1e9",
        b"setoption name EvalFile value /nonexistent/nn.bin",
        b"go depth",
        b"go byoyomi -5 btime x",
        b"go perft",
        b"go mate",
        b"ponderhit btime",
        b"gameover",
        b"usinewgame extra words",
        b"\t  \t",
        b"\xff\xfe\x80 not utf-8 \xc3",
        b"isready\x00\x00",
        b"\x00\x00\x00",
        b"stop stop stop",
    ];
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let mut line = templates[rng.random_range(0..templates.len())].to_vec();
            // Damage some: a random byte replaced, inserted or the line cut.
            match rng.random_range(0..4) {
                0 if !line.is_empty() => {
                    let i = rng.random_range(0..line.len());
                    line[i] = rng.random();
                }
                1 => line.insert(rng.random_range(0..=line.len()), rng.random()),
                2 if !line.is_empty() => line.truncate(rng.random_range(0..line.len())),
                _ => {}
            }
            line.retain(|&b| b != b'\n' && b != b'\r');
            line.push(b'\n');
            line
        })
        .collect()
}

/// 400 malformed lines, each followed by `isready`: every one is answered, and ordinary
/// commands between them still work.
#[test]
fn malformed_lines_between_ordinary_commands() {
    let mut e = Engine::start();
    e.handshake();
    let mut slowest = Duration::ZERO;
    for (i, line) in malformed_lines(400, 7).iter().enumerate() {
        e.send_bytes(line);
        let start = Instant::now();
        e.sync();
        slowest = slowest.max(start.elapsed());
        if i % 50 == 0 {
            // A `go mate` among the garbage may have started the solver: stop it.
            e.send("stop");
            e.sync();
            e.send("position startpos moves 7g7f");
            e.send("go depth 2");
            let lines = e.until(is_best);
            let mut pos = Position::startpos();
            pos.play_unchecked(tokin_core::Move::from_usi("7g7f").unwrap());
            assert_legal_bestmove(&pos, lines.last().unwrap());
        }
    }
    println!("slowest readyok after a malformed line: {slowest:?}");
    assert!(e.quit_and_wait());
}

/// Bytes that are not UTF-8 and NUL bytes inside commands do not stop the engine reading.
#[test]
fn bytes_that_are_not_text() {
    let mut e = Engine::start();
    e.send_bytes(b"\xff\xfe\xfd\n");
    e.send_bytes(b"us\x00i\n");
    e.send_bytes(b"\x00\x00\x00\x00\n");
    e.send_bytes(b"position startpos moves 7g7f \xe3\x81\n");
    e.handshake();
    e.send("go depth 2");
    let lines = e.until(is_best);
    assert_legal_bestmove(&Position::startpos(), lines.last().unwrap());
}

/// A line of a megabyte is refused as any bad line is; a longer one than the engine reads
/// is dropped with a word; the engine answers after each.
#[test]
fn huge_lines() {
    let mut e = Engine::start();
    e.handshake();
    let mut long = b"position startpos moves".to_vec();
    while long.len() < 1 << 20 {
        long.extend_from_slice(b" 7g7f");
    }
    long.push(b'\n');
    e.send_bytes(&long);
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: position")),
        "{lines:?}"
    );
    let mut huge = vec![b'x'; 20 << 20];
    huge.push(b'\n');
    e.send_bytes(&huge);
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error:") && l.contains("too long")),
        "{lines:?}"
    );
    e.send("go depth 2");
    let lines = e.until(is_best);
    assert_legal_bestmove(&Position::startpos(), lines.last().unwrap());
}

/// A `position` of 4,000 moves (rooks shuffling) is taken, and searched from.
#[test]
fn a_game_of_thousands_of_moves() {
    let mut e = Engine::start();
    e.handshake();
    let cycle = ["2h3h", "8b7b", "3h2h", "7b8b"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(4000).collect();
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    let lines = e.sync();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    e.send("go depth 3");
    let lines = e.until(is_best);
    assert_legal_bestmove(&Position::startpos(), lines.last().unwrap());
}

/// Thousands of `isready` and `stop` sent at once, during and after a search: one
/// `readyok` for each `isready`, one `bestmove` for the search.
#[test]
fn floods_of_isready_and_stop() {
    let mut e = Engine::start();
    e.handshake();
    e.send("go infinite");
    let mut flood = Vec::new();
    for _ in 0..3000 {
        flood.extend_from_slice(b"isready\nstop\n");
    }
    e.send_bytes(&flood);
    let mut ready = 0;
    let mut best = 0;
    let deadline = Instant::now() + WAIT;
    while ready < 3000 {
        let Some(l) = e.recv(deadline) else {
            panic!("{ready} readyok of 3000 before the wait ran out");
        };
        ready += usize::from(l == "readyok");
        best += usize::from(is_best(&l));
    }
    let lines = e.sync();
    best += bestmoves(&lines);
    assert_eq!(best, 1);
    assert!(e.quit_and_wait());
}

/// The input closed in the middle of a search, and in the middle of a ponder search: the
/// engine ends.
#[test]
fn input_closed_during_a_search_or_a_ponder() {
    for go in [
        "go infinite",
        "go ponder btime 10000 wtime 10000 byoyomi 1000",
    ] {
        let mut e = Engine::start();
        e.handshake();
        e.send("position startpos");
        e.send(go);
        e.until(|l| l.starts_with("info depth"));
        drop(e.stdin.take());
        assert!(
            e.exits_within(WAIT),
            "still running after the input closed: {go}"
        );
    }
}

/// The output closed (the GUI stopped reading): the engine goes on without it and ends
/// when told to, or when its input closes.
#[test]
fn output_closed_during_a_search() {
    let mut e = Engine::start();
    e.handshake();
    e.close_output();
    e.send("go depth 8");
    e.send("isready");
    e.send("position startpos moves 7g7f");
    e.send("go depth 3");
    std::thread::sleep(Duration::from_millis(200));
    e.send("quit");
    assert!(
        e.exits_within(WAIT),
        "still running after quit with its output closed"
    );
}

/// `usinewgame` while a search runs (a GUI that did not wait for `bestmove`) used to wait for
/// the search to let go of its statistics, so that nothing else was answered until it ended:
/// never, under `go infinite`.
#[test]
fn usinewgame_during_a_search_does_not_stop_the_engine_answering() {
    let mut e = Engine::start();
    e.handshake();
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth"));
    e.send("usinewgame");
    e.sync();
    e.send("stop");
    let lines = e.until(is_best);
    assert_legal_bestmove(&Position::startpos(), lines.last().unwrap());
    // The next search starts from cleared statistics and answers as usual.
    e.send("go depth 3");
    e.until(is_best);
    assert!(e.quit_and_wait());
}
