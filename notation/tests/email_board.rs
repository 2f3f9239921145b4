//! The e-mail board of correspondence shogi (seed 003), read as well as written, and the
//! `email` record format: the moves above the board, as the seed says players send them.

mod common;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tokin_core::{Move, Position, Strictness};
use tokin_notation::record::{self, Format, ReadOptions, RecordErrorKind, Start, diagram, email};

/// Seed 003's initial setup, "the de facto standard in electronic correspondence Shogi", laid
/// out again in lines (the seed's text has lost its line breaks). The border under row c is
/// left open as in the seed (`+--------------------------------------------` with no `+`).
const SEED_BOARD: &str = "\
   9    8    7    6    5    4    3    2    1
+--------------------------------------------+   White in hand:
| wL | wN | wS | wG | wK | wG | wS | wN | wL |  a   +------------------+
+--------------------------------------------+      |                  |
|    | wR |    |    |    |    |    | wB |    |  b   |                  |
+--------------------------------------------+      +------------------+
| wP | wP | wP | wP | wP | wP | wP | wP | wP |  c
+--------------------------------------------
|    |    |    |    |    |    |    |    |    |  d
+--------------------------------------------+
|    |    |    |    |    |    |    |    |    |  e
+--------------------------------------------+
|    |    |    |    |    |    |    |    |    |  f
+--------------------------------------------+
| bP | bP | bP | bP | bP | bP | bP | bP | bP |  g
+--------------------------------------------+   Black in hand:
|    | bB |    |    |    |    |    | bR |    |  h   +------------------+
+--------------------------------------------+      |                  |
| bL | bN | bS | bG | bK | bG | bS | bN | bL |  i   |                  |
+--------------------------------------------+      +------------------+
";

fn read(text: &str) -> Result<record::Parsed, record::RecordError> {
    email::parse(text, ReadOptions::default())
}

fn usi(record: &record::Record) -> Vec<String> {
    record.main_moves().map(|m| m.to_string()).collect()
}

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for m in moves {
        pos.play(Move::from_usi(m).unwrap()).unwrap();
    }
    pos
}

#[test]
fn the_seed_board_is_the_even_start() {
    let parsed = read(SEED_BOARD).unwrap();
    let game = &parsed.records[0];
    assert_eq!(game.start, Start::Handicap(tokin_core::Handicap::Even));
    assert!(game.main.moves.is_empty());
    assert_eq!(Format::detect(SEED_BOARD), Some(Format::Email));
}

#[test]
fn a_pasted_game_with_the_moves_above_the_board() {
    // "When sending games back and forth between players, the moves are listed above the
    // board." (seed 003), in its notation: `Bx2b+`, `P'8f`-style drops, `+S3d` promoted.
    let moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8b7b"];
    let board = diagram::email(&after(&moves));
    let text = format!(
        "Subject: our game, move 6\n\nHi, my reply is below.\n\n1. P7f P3d\n2. Bx2b+ Sx2b\n3. B'4e R7b\n\n{board}\n-- \nBob\n"
    );
    let game = &read(&text).unwrap().records[0];
    assert_eq!(usi(game), moves);
    assert_eq!(game.final_position().to_sfen(), after(&moves).to_sfen());
    // Written back, it reads the same; and other formats take it.
    let written = record::write(game, Format::Email);
    assert!(
        written
            .text
            .starts_with("1. P7f P3d\n2. Bx2b+ Sx2b\n3. B'4e R7b\n\n")
    );
    assert_eq!(usi(&read(&written.text).unwrap().records[0]), moves);
    let kif = record::write(game, Format::Kif).text;
    assert!(kif.contains("４五角打"), "{kif}");
}

#[test]
fn promoted_pieces_and_hands_are_read_from_the_board() {
    // Seed 003: a promoted piece "will be shown on the e-mail board with a preceding `+`, as
    // in `+bL`"; captured pieces are "kept in the boxes at the right side of the board".
    let pos = Position::from_sfen(
        "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1p+l/LN4G1b w BGSn2p 1",
    )
    .unwrap();
    let text = diagram::email(&pos);
    assert!(text.contains("|+wL |"), "{text}");
    assert!(text.contains("wP2"), "{text}");
    let game = &read(&text).unwrap().records[0];
    assert_eq!(game.start.position().to_sfen(), pos.to_sfen());
}

#[test]
fn a_board_that_the_moves_do_not_reach_is_refused() {
    let text = format!("1. P7f P3d\n\n{SEED_BOARD}");
    let e = read(&text).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.to_string().contains("does not show"), "{e}");
    let lenient = email::parse(
        &text,
        ReadOptions {
            lenient: true,
            ..ReadOptions::default()
        },
    )
    .unwrap();
    assert_eq!(lenient.warnings.len(), 1);
}

#[test]
fn errors_name_the_line_and_column() {
    // A bad cell: `xQ` on row b, file 8.
    let text = SEED_BOARD.replacen("| wR |", "| xQ |", 1);
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.column), (5, 8), "{e}");
    assert!(
        matches!(*e.kind, RecordErrorKind::UnknownPiece { .. }),
        "{e}"
    );
    // A bad move: the second move of the second line.
    let e = read("1. P7f P3d\n2. P2f K5x\n").unwrap_err();
    assert_eq!((e.line, e.column, e.ply), (2, 8, Some(4)), "{e}");
    // A king in hand.
    let text = SEED_BOARD.replacen(
        "  b   |                  |",
        "  b   | wK               |",
        1,
    );
    let e = read(&text).unwrap_err();
    assert_eq!((e.line, e.column), (5, 55), "{e}");
    assert!(
        matches!(*e.kind, RecordErrorKind::CannotBeInHand { .. }),
        "{e}"
    );
    // A row out of order.
    let text = SEED_BOARD.replacen("|  d", "|  e", 1);
    let e = read(&text).unwrap_err();
    assert_eq!(e.line, 9, "{e}");
    // Nothing at all.
    assert!(matches!(
        *read("hello\n").unwrap_err().kind,
        RecordErrorKind::NoGame { .. }
    ));
}

#[test]
fn a_problem_start_is_kept_in_a_start_line() {
    let tsume =
        Position::from_sfen_with("4k4/9/4P4/9/9/9/9/9/9 b G 1", Strictness::Problem).unwrap();
    let mut game = record::Record::with_start(Start::from_position(&tsume));
    game.main
        .moves
        .push(record::Node::new(Move::from_usi("G*5b").unwrap()));
    let text = record::write(&game, Format::Email).text;
    assert!(
        text.starts_with("Start: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n1. G'5b\n"),
        "{text}"
    );
    let back = &read(&text).unwrap().records[0];
    assert_eq!(back, &game);
    let strict = ReadOptions {
        strictness: Strictness::Game,
        ..ReadOptions::default()
    };
    assert!(email::parse(&text, strict).is_err());
}

#[test]
fn garbage_never_panics_and_errors_name_a_place() {
    let seed = 0x003e_0a11_u64;
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let game = diagram::email(&after(&["7g7f", "3c3d", "8h2b+", "3a2b"]));
    let bases = [
        SEED_BOARD.to_string(),
        format!("1. P7f P3d\n2. Bx2b+ Sx2b\n\n{game}"),
    ];
    let alphabet: Vec<char> = "| +-wbPLNSGBRK0123456789abcdefghi'*x=.:\n in hand:歩"
        .chars()
        .collect();
    let how = common::Damage {
        alphabet: &alphabet,
        max_edits: 5,
        cut: true,
        random_len: 200,
    };
    let bases: Vec<&str> = bases.iter().map(String::as_str).collect();
    for text in common::damaged(&bases, &how, 20_000, &mut rng) {
        let lines = text.split('\n').count();
        for lenient in [false, true] {
            let opts = ReadOptions {
                lenient,
                ..ReadOptions::default()
            };
            match email::parse(&text, opts) {
                Ok(p) => {
                    for r in &p.records {
                        let _ = record::write(r, Format::Email);
                    }
                }
                Err(e) => {
                    assert!(e.line <= lines, "{text:?}: {e}");
                    if e.line > 0 {
                        let width = text
                            .split('\n')
                            .nth(e.line - 1)
                            .map_or(0, |l| l.chars().count());
                        assert!(e.column >= 1 && e.column <= width + 1, "{text:?}: {e}");
                    }
                }
            }
        }
    }
}
