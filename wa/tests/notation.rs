//! The seed's move notation and the Japanese style, read and written: the seed's own examples,
//! round trips over random games in both forms and both styles, records, and bad text.

use rand::{Rng, SeedableRng, prelude::IndexedRandom, rngs::StdRng};
use tokin_wa::notation::{self, Style};
use tokin_wa::{Game, Move, Position, Rules, record, sfen};

fn pos(text: &str) -> Position {
    sfen::parse(text, Rules::Drops).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn roundtrip(p: &Position, text: &str, style: Style) -> Move {
    let m = notation::parse(p, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(notation::write(p, m, style).expect("legal"), text);
    m
}

#[test]
fn the_seeds_examples() {
    // SP-8f: a sparrow pawn's second step.
    let rec = record::parse("1. SP-8g SP-4e 2. SP-8f *\n").expect("reads");
    assert_eq!(rec.game.moves().len(), 3);
    // FFx7c=: a flying falcon captures on 7c, declining promotion; + takes it.
    let falcon = pos("5ck5/11/4sp6/11/2FF8/11/11/11/11/11/5CK5 b - 1");
    let declined = roundtrip(&falcon, "FFx7c=", Style::Western);
    let taken = roundtrip(&falcon, "FFx7c+", Style::Western);
    assert!(matches!(declined, Move::Board { promote: false, .. }));
    assert!(matches!(taken, Move::Board { promote: true, .. }));
    assert_eq!(
        notation::write(&falcon, declined, Style::Japanese).expect("legal"),
        "７三飛鷹不成"
    );
    assert_eq!(
        notation::write(&falcon, taken, Style::Japanese).expect("legal"),
        "７三飛鷹成"
    );
    // +SP, the golden bird; the start square only when two golden birds could go there.
    let birds = pos("10ck/11/4+SP1+SP4/11/11/11/11/11/11/11/5CK5 b - 1");
    roundtrip(&birds, "+SP7c-6b", Style::Western);
    roundtrip(&birds, "+SP5c-6c", Style::Western);
    roundtrip(&birds, "+SP-7b", Style::Western);
    roundtrip(&birds, "６二金鳥(７三)", Style::Japanese);
    roundtrip(&birds, "７二金鳥", Style::Japanese);
    let err = notation::parse(&birds, "+SP-6b").expect_err("two golden birds reach 6b");
    assert!(err.reason.contains("start square"), "{err}");
}

#[test]
fn drops_are_written_with_a_star_and_japanese_drops_with_uchi() {
    let p = pos("5ck5/11/11/11/11/11/11/11/11/11/5CK5 b 2SPoc 1");
    roundtrip(&p, "SP*5e", Style::Western);
    roundtrip(&p, "５五雀歩打", Style::Japanese);
    let white = pos("5ck5/11/11/11/11/11/11/11/11/11/5CK5 w 2SPoc 1");
    roundtrip(&white, "OC*11j", Style::Western);
    roundtrip(&white, "１１十牛車打", Style::Japanese);
    // White's oxcart may not be dropped on its last rank, k.
    let err = notation::parse(&white, "OC*11k").expect_err("would never move");
    assert!(err.reason.contains("no legal move"), "{err}");
}

#[test]
fn malformed_and_wrong_moves_get_clear_errors() {
    let start = Position::start(Rules::Drops);
    for (text, words) in [
        ("", "piece name"),
        ("SP", "`-`, `x` or `*`"),
        ("SPx8g", "capture"),
        ("SP-8g+", "no legal move"),
        ("ZZ-8g", "unknown piece"),
        ("sp-8g", "capitals"),
        ("+CE-2i", "does not promote"),
        ("SP-12a", "square"),
        ("SP-8g?", "unexpected"),
        ("SP*8g", "no legal move"),
        ("+SP*8g", "drop"),
        ("８七鶴", "unknown piece"),
        ("８七雀歩成成", "unexpected"),
        ("８八", "unknown piece"),
    ] {
        let err = notation::parse(&start, text).expect_err(text);
        assert!(err.to_string().contains(words), "`{text}`: {err}");
    }
}

fn random_game(rng: &mut StdRng, rules: Rules, plies: usize) -> Game {
    let mut game = Game::new(Position::start(rules));
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let m = *moves.choose(rng).expect("not over");
        game.play(m).expect("legal");
    }
    game
}

#[test]
fn every_move_of_random_games_reads_back_in_both_styles() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut dous = 0;
    for g in 0..24 {
        let rules = if g % 2 == 0 {
            Rules::Drops
        } else {
            Rules::NoDrops
        };
        let plies = rng.random_range(40..160);
        let game = random_game(&mut rng, rules, plies);
        let mut p = game.start().clone();
        let mut last_to = None;
        for &m in game.moves() {
            for style in [Style::Western, Style::Japanese] {
                let text = notation::write(&p, m, style).expect("legal");
                assert_eq!(
                    notation::parse(&p, &text),
                    Ok(m),
                    "{text} in {}",
                    sfen::write(&p)
                );
                // After the move before: 同 exactly when the square is the same.
                let text = notation::write_after(&p, m, style, last_to).expect("legal");
                let dou = style == Style::Japanese && last_to == Some(m.to());
                assert_eq!(text.starts_with('同'), dou, "{text}");
                dous += usize::from(dou);
                assert_eq!(notation::parse_after(&p, &text, last_to), Ok(m), "{text}");
            }
            last_to = Some(m.to());
            p.play_unchecked(m);
        }
        // The record reads back to the same moves and writes the same text.
        let tags = vec![("Event".to_string(), format!("random {g}"))];
        let text = record::write(&tags, &game, "*");
        let back = record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.game.moves(), game.moves());
        assert_eq!(record::write(&back.tags, &back.game, &back.result), text);
    }
    assert!(dous > 20, "only {dous} moves to the square before");
}

#[test]
fn dou_names_the_square_of_the_move_before() {
    // The falcon takes the sparrow on 7c; the violent stag behind it takes back.
    let p = pos("5ck5/4vs6/4sp6/11/2FF8/11/11/11/11/11/5CK5 b - 1");
    let take = notation::parse(&p, "FFx7c=").expect("legal");
    let mut after = p.clone();
    after.play_unchecked(take);
    let to = Some(take.to());
    let legal = after.legal_moves();
    let back = *legal
        .iter()
        .find(|m| m.to() == take.to())
        .expect("a recapture");
    let text = notation::write_after(&after, back, Style::Japanese, to).expect("legal");
    assert!(text.starts_with('同'), "{text}");
    assert_eq!(notation::parse_after(&after, &text, to), Ok(back));
    // A full-width space after 同, as records write it, reads the same.
    let spaced = text.replacen('同', "同\u{3000}", 1);
    assert_eq!(notation::parse_after(&after, &spaced, to), Ok(back));
    // Without a move before, 同 names nothing.
    let e = notation::parse(&after, &text).expect_err("no move before");
    assert!(e.reason.contains("同"), "{e:?}");
    // The Western style never writes it.
    let w = notation::write_after(&after, back, Style::Western, to).expect("legal");
    assert!(!w.contains('同'), "{w}");
}

#[test]
fn a_record_from_another_start_keeps_it() {
    let start = pos("5ck5/11/11/11/11/11/11/11/11/11/5CK5 w 2SPoc 1");
    let mut game = Game::new(start);
    let m = notation::parse(game.position(), "OC*6b").expect("reads");
    game.play(m).expect("legal");
    let text = record::write(&[], &game, "*");
    assert!(
        text.contains("[SFEN \"5ck5/11/11/11/11/11/11/11/11/11/5CK5 w 2SPoc 1\"]"),
        "{text}"
    );
    assert!(text.contains("1... OC*6b"), "{text}");
    let back = record::parse(&text).expect("reads back");
    assert_eq!(back.game.moves(), game.moves());
}

#[test]
fn bad_records_name_line_and_column() {
    for (text, line, column, words) in [
        ("[Variant \"chu\"]\n\n1. SP-8g\n", 1, 1, "unknown variant"),
        ("[Event \"x\"\n", 1, 1, "`]`"),
        ("[Event x]\n", 1, 8, "double quotes"),
        ("1. SP-8g SP-4e 3. SP-8f\n", 1, 16, "out of sequence"),
        ("1. SP-8g\n1. SP-4e\n", 2, 1, "out of sequence"),
        ("1. SP-8g SP-4e\n2. SP-8e\n", 2, 4, "no legal move"),
        ("1. SP-8g 1-0 SP-4e\n", 1, 14, "after the result"),
        ("1. SP-8g { never closed\n", 1, 10, "never closed"),
        ("[SFEN \"11/11 b - 1\"]\n", 1, 1, "11 ranks"),
    ] {
        let err = record::parse(text).expect_err(text);
        assert_eq!((err.line, err.column), (line, column), "{text:?}: {err}");
        assert!(err.reason.contains(words), "{text:?}: {err}");
    }
}

#[test]
fn garbage_never_panics() {
    let mut rng = StdRng::seed_from_u64(5);
    let alphabet: Vec<char> =
        "SPOCLHCMBDTFRRCEFFSWCKsp+-x*=/ 0123456789abcdefghijklmn[]\"{}.\n雀歩金鳥成不打１２十一()"
            .chars()
            .collect();
    let start = Position::start(Rules::Drops);
    for _ in 0..20_000 {
        let len = rng.random_range(0..40);
        let text: String = (0..len)
            .map(|_| *alphabet.choose(&mut rng).expect("chars"))
            .collect();
        let _ = notation::parse(&start, &text);
        let _ = sfen::parse(&text, Rules::Drops);
        let _ = record::parse(&text);
    }
}
