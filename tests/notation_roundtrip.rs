//! Round trips on random games from the even start and every handicap start: each move is
//! written in every style (and with every Japanese option) and read back to the same move.

use tokin_core::testing::{Pick, random_move};

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tokin_core::{Handicap, Position, Square};
use tokin_notation::{
    CoordinateOrder, DragonGlyph, DropMark, KingGlyph, Options, PieceGlyphs, SideMarks,
    SquareNames, Style, parse_line, parse_move, write_line, write_move_into,
};

const SEED: u64 = 0x7015_2026;

fn option_sets() -> Vec<Options> {
    let mut sets = vec![Options::default()];
    let mut o = Options::default();
    o.side_marks = SideMarks::Triangles;
    o.drop_mark = DropMark::Always;
    o.dragon = DragonGlyph::Simplified;
    o.king = KingGlyph::Ou;
    o.same_with_space = true;
    sets.push(o);
    let mut o = Options::default();
    o.side_marks = SideMarks::None;
    o.king = KingGlyph::OuForWhite;
    sets.push(o);
    // The shorthand of seed 000 with iroha squares, and the server's letter-first order.
    let mut o = Options::default();
    o.glyphs = PieceGlyphs::Shorthand;
    o.squares = SquareNames::Iroha;
    o.server_order = CoordinateOrder::LetterFirst;
    sets.push(o);
    let mut o = Options::default();
    o.glyphs = PieceGlyphs::Shorthand;
    o.same_with_space = true;
    sets.push(o);
    sets
}

#[test]
fn random_games_round_trip_in_every_style() {
    println!("seed {SEED:#x}");
    let mut rng = StdRng::seed_from_u64(SEED);
    let opts = option_sets();
    let mut checked = 0u32;
    for handicap in Handicap::ALL {
        for game in 0..2 {
            let start = handicap.position();
            let mut pos = start.clone();
            let mut last: Option<Square> = None;
            let mut played = Vec::new();
            for ply in 0..160 {
                let Some(mv) = random_move(&pos, Pick::PreferCaptures, &mut rng) else {
                    break;
                };
                for style in Style::ALL {
                    for o in &opts {
                        let mut text = String::new();
                        write_move_into(&mut text, &pos, last, mv, style, o).expect("legal move");
                        let read = parse_move(&pos, last, &text, style).unwrap_or_else(|e| {
                            panic!(
                                "seed {SEED:#x} {handicap:?} game {game} ply {ply} sfen {} last {last:?}: \
                                 {style} `{text}` for {mv}: {e}",
                                pos.to_sfen()
                            )
                        });
                        assert_eq!(
                            read,
                            mv,
                            "{handicap:?} ply {ply} `{text}` sfen {}",
                            pos.to_sfen()
                        );
                        checked += 1;
                    }
                }
                pos.play_unchecked(mv);
                last = Some(mv.to());
                played.push(mv);
            }
            // Whole lines read back too (numbers, marks and 同 chained).
            for style in Style::ALL {
                for o in &opts {
                    let line = write_line(&start, None, &played, style, o).expect("line");
                    let read = parse_line(&start, None, &line, style).unwrap_or_else(|e| {
                        panic!("{handicap:?} game {game} {style}: {e}\n{line}")
                    });
                    assert_eq!(read, played, "{handicap:?} game {game} {style}");
                    // Japanese texts put ideographic spaces between moves, or none at all
                    // where side marks separate them.
                    let spaced = line.replace(' ', "\u{3000}");
                    let read = parse_line(&start, None, &spaced, style)
                        .unwrap_or_else(|e| panic!("{style} with U+3000: {e}\n{spaced}"));
                    assert_eq!(read, played, "{handicap:?} game {game} {style} U+3000");
                    if style == Style::Japanese && o.side_marks != SideMarks::None {
                        let run = line.replace(' ', "");
                        let read = parse_line(&start, None, &run, style)
                            .unwrap_or_else(|e| panic!("{style} run together: {e}\n{run}"));
                        assert_eq!(read, played, "{handicap:?} game {game} run together");
                    }
                }
            }
        }
    }
    assert!(checked > 50_000, "{checked} moves checked");
}

#[test]
fn garbage_never_panics() {
    println!("seed {SEED:#x}");
    let mut rng = StdRng::seed_from_u64(SEED ^ 1);
    let alphabet: Vec<char> =
        "PLNSGBRKDHT+-x*'’=()（）0123456789abcdefghi１２３４５６７８９一二三四五六七八九\
同仝歩香桂銀金角飛玉王と成馬龍竜全圭杏打上引寄直右左行入不生☗☖▲△ 　.…FUKYKEGIKIKAHIOUTONYNKNGUMRY\
丶フゝ・禾キ↑土ヨ人クマウヒ乙立リ○ナ－𠔼ドをいろはにほへとちりぬる京百千十="
            .chars()
            .collect();
    let positions = [
        Position::startpos(),
        Position::from_sfen("8k/9/4s4/3S1S3/9/9/9/9/K8 b p 2").expect("sfen"),
        Position::from_sfen("k8/7+R1/8+R/9/9/9/9/9/8K b - 1").expect("sfen"),
    ];
    for _ in 0..20_000 {
        let len = rng.random_range(0..10);
        let text: String = (0..len)
            .map(|_| *alphabet.choose(&mut rng).expect("alphabet"))
            .collect();
        for pos in &positions {
            for style in Style::ALL {
                for last in [None, Some(Square::S53)] {
                    if let Err(e) = parse_move(pos, last, &text, style) {
                        // The message quotes the text it could not read (or a part of it).
                        let msg = e.to_string();
                        let quoted = msg.split('`').nth(1).unwrap_or("");
                        assert!(
                            text.trim().is_empty()
                                || text.contains(quoted.trim()) && !quoted.trim().is_empty(),
                            "{style} `{text}`: {msg}"
                        );
                    }
                }
            }
        }
    }
    // Arbitrary Unicode, including control characters and long input.
    for _ in 0..2_000 {
        let len = rng.random_range(0..40);
        let text: String = (0..len)
            .filter_map(|_| char::from_u32(rng.random_range(0..0x3_0000)))
            .collect();
        for style in Style::ALL {
            let _ = parse_move(&positions[0], Some(Square::S76), &text, style);
            let _ = parse_line(&positions[0], None, &text, style);
        }
    }
}
