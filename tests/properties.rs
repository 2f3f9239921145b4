//! Property tests with shrinking: a failure is reduced to the shortest game (and the fewest
//! edits) that still shows it, which the seeded random tests cannot do.
//!
//! - Writing then reading is the identity, for every move style and every record format.
//! - A record read leniently from damaged text never holds an illegal move, and what a strict
//!   read accepts writes again in its own format and reads back to the same game.
//!
//! A game is a list of choices: at each ply the choice, modulo the number of legal moves,
//! picks one; captures come first in the list so that games reach recaptures, drops and
//! promotions. Shrinking drops and lowers choices, which still gives a legal game.

use proptest::prelude::*;
use tokin_core::{Handicap, Move, Position};
use tokin_notation::record::{self, Format, Line, Node, ReadOptions, Record, Start};
use tokin_notation::{Options, Style, parse_line, write_line};

const FORMATS: [Format; 7] = [
    Format::Kif,
    Format::Ki2,
    Format::Csa,
    Format::Jkf,
    Format::Psn,
    Format::Usi,
    Format::Email,
];

/// The start (a handicap, by index) and the moves the choices pick from it.
fn game(start: usize, choices: &[u16]) -> (Handicap, Position, Vec<Move>) {
    let handicap = Handicap::ALL[start % Handicap::ALL.len()];
    let start = handicap.position();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for &c in choices {
        let legal = pos.legal_moves();
        let (mut list, quiet): (Vec<Move>, Vec<Move>) = legal
            .iter()
            .copied()
            .partition(|&m| pos.captured_piece(m).is_some());
        list.extend(quiet);
        if list.is_empty() {
            break;
        }
        let mv = list[usize::from(c) % list.len()];
        pos.play(mv).expect("a generated move is legal");
        moves.push(mv);
    }
    (handicap, start, moves)
}

fn record_of(handicap: Handicap, moves: &[Move]) -> Record {
    let mut r = Record::with_start(Start::Handicap(handicap));
    r.main = Line {
        moves: moves.iter().map(|&m| Node::new(m)).collect(),
        end: None,
    };
    r
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..80)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_style_reads_back_what_it_writes(start in 0usize..16, choices in choices()) {
        let (_, pos, moves) = game(start, &choices);
        for style in Style::ALL {
            let text = write_line(&pos, None, &moves, style, &Options::default())
                .map_err(|e| TestCaseError::fail(format!("{style:?}: {e}")))?;
            let back = parse_line(&pos, None, &text, style)
                .map_err(|e| TestCaseError::fail(format!("{style:?} `{text}`: {e}")))?;
            prop_assert_eq!(&back, &moves, "{:?}: `{}`", style, text);
        }
    }

    #[test]
    fn every_format_reads_back_what_it_writes(start in 0usize..16, choices in choices()) {
        let (handicap, _, moves) = game(start, &choices);
        let r = record_of(handicap, &moves);
        for format in FORMATS {
            let text = record::write(&r, format).text;
            let back = record::parse(&text, format, ReadOptions::default())
                .map_err(|e| TestCaseError::fail(format!("{format:?}: {e}\n{text}")))?;
            let first = back.records.first().ok_or_else(|| TestCaseError::fail("no game"))?;
            prop_assert_eq!(first.start.position().to_sfen(), r.start.position().to_sfen());
            prop_assert!(first.main_moves().eq(moves.iter().copied()), "{:?}\n{}", format, text);
        }
    }

    #[test]
    fn damaged_records_read_leniently_hold_only_legal_moves(
        start in 0usize..16,
        choices in choices(),
        format in 0usize..FORMATS.len(),
        edits in prop::collection::vec((any::<u16>(), any::<u8>(), 0u8..3), 1..8),
    ) {
        let (handicap, _, moves) = game(start, &choices);
        let format = FORMATS[format];
        let mut text: Vec<char> = record::write(&record_of(handicap, &moves), format)
            .text
            .chars()
            .collect();
        // Delete, replace or insert characters, the replacements drawn from the characters
        // the readers give meaning to.
        const SPECIAL: &[char] = &[
            '0', '1', '7', '９', '六', '歩', '金', '成', '同', '打', '+', '-', '%', ':', '：',
            '\n', ' ', '　', '(', ')', '{', '}', '"', ',', '*', '▲', '△', 'x',
        ];
        for (at, what, op) in edits {
            if text.is_empty() {
                break;
            }
            let at = usize::from(at) % text.len();
            let c = SPECIAL[usize::from(what) % SPECIAL.len()];
            match op {
                0 => {
                    text.remove(at);
                }
                1 => text[at] = c,
                _ => text.insert(at, c),
            }
        }
        let text: String = text.into_iter().collect();
        for lenient in [false, true] {
            let opts = ReadOptions { lenient, ..ReadOptions::default() };
            let Ok(parsed) = record::parse(&text, format, opts) else { continue };
            for r in &parsed.records {
                let mut illegal = None;
                r.walk(|v| {
                    if illegal.is_none() && v.before.is_legal(v.node.mv).is_err() {
                        illegal = Some((v.ply, v.node.mv));
                    }
                });
                prop_assert!(illegal.is_none(), "{:?} {:?}\n{}", format, illegal, text);
            }
        }
    }
}
