//! Reads the CSA records of 30 random 120-ply games a given number of times, for counting the
//! CSA reader's instructions a move: callgrind's total for a count of N, minus that for 0,
//! divided by the moves read (printed on standard error).
//!
//! ```sh
//! cargo build --release -p tokin-notation --example read_csa
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/read_csa 20
//! ```

use rand::SeedableRng;
use rand::rngs::StdRng;
use tokin_core::Position;
use tokin_core::testing::{Pick, random_move};
use tokin_notation::record::{self, EndKind, Ending, Node, ReadOptions, Record};

fn main() {
    let Some(count) = std::env::args()
        .nth(1)
        .and_then(|s| s.parse::<usize>().ok())
    else {
        eprintln!("usage: read_csa COUNT");
        std::process::exit(2);
    };
    let mut rng = StdRng::seed_from_u64(1);
    let texts: Vec<String> = (0..30)
        .map(|_| {
            let mut game = Record::new();
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let Some(mv) = random_move(&pos, Pick::Uniform, &mut rng) else {
                    break;
                };
                game.main.moves.push(Node::new(mv));
                pos.play_unchecked(mv);
            }
            game.main.end = Some(Ending::new(EndKind::Resign));
            record::csa::write(&game).text
        })
        .collect();
    let mut moves = 0;
    for _ in 0..count {
        for text in &texts {
            let parsed = record::csa::parse(std::hint::black_box(text), ReadOptions::default())
                .expect("a record tokin wrote reads back");
            moves += parsed
                .records
                .iter()
                .map(|r| r.main.moves.len())
                .sum::<usize>();
        }
    }
    eprintln!("{moves} moves read");
}
