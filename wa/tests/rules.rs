//! The rules that are not a piece's move: drops and their restrictions, forced promotion,
//! the form without drops, the end of the game, and the position string's refusals.

use tokin_wa::notation;
use tokin_wa::{Color, Game, Kind, Move, Outcome, Position, Rules, Square, sfen};

fn pos(text: &str, rules: Rules) -> Position {
    sfen::parse(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(text: &str) -> Square {
    Square::parse_prefix(text).expect("square").0
}

fn drop(kind: Kind, to: &str) -> Move {
    Move::Drop { kind, to: sq(to) }
}

/// Drops and whether each is legal: (position, kind, square, legal, why).
const DROPS: &[(&str, Kind, &str, bool, &str)] = &[
    // The White king on 1a has no square to go to; a sparrow on 1b, held by the wolf on 1c,
    // would mate (打ち歩詰め).
    (
        UCHI,
        Kind::SparrowPawn,
        "1b",
        false,
        "a sparrow drop that mates",
    ),
    (
        UCHI,
        Kind::SparrowPawn,
        "3e",
        true,
        "a sparrow drop elsewhere",
    ),
    // Another piece dropped there mates: only the sparrow is barred.
    (
        "10ck/11/10VW/11/11/11/11/11/11/11/5CK3CE1 b OC 1",
        Kind::Oxcart,
        "1b",
        true,
        "an oxcart drop that mates",
    ),
    // Without the wolf the king takes the sparrow: the check is legal.
    (
        "10ck/11/11/11/11/11/11/11/11/11/5CK3CE1 b SP 1",
        Kind::SparrowPawn,
        "1b",
        true,
        "a sparrow check",
    ),
    (NIFU, Kind::SparrowPawn, "3h", false, "二歩 on file 3"),
    (
        NIFU,
        Kind::SparrowPawn,
        "4h",
        true,
        "a sparrow on a free file",
    ),
    (
        NIFU,
        Kind::SparrowPawn,
        "4a",
        false,
        "a sparrow on the last rank",
    ),
    (
        NIFU,
        Kind::Oxcart,
        "4a",
        false,
        "an oxcart on the last rank",
    ),
    (
        NIFU,
        Kind::LiberatedHorse,
        "4a",
        true,
        "the horse steps back from rank a",
    ),
    // A golden bird on the file does not count.
    (
        "10ck/11/11/11/8+SP2/11/11/11/11/11/5CK5 b SP 1",
        Kind::SparrowPawn,
        "3h",
        true,
        "a golden bird on the file",
    ),
];
const UCHI: &str = "10ck/11/10VW/11/11/11/11/11/11/11/5CK3CE1 b SP 1";
const NIFU: &str = "10ck/11/11/11/8SP2/11/11/11/11/11/5CK5 b 2SPOCLH 1";

#[test]
fn drops_a_sparrow_may_not_mate_double_or_die_with() {
    for &(text, kind, to, legal, why) in DROPS {
        assert_eq!(
            pos(text, Rules::Drops).is_legal(drop(kind, to)),
            legal,
            "{why}: {text}"
        );
    }
    // The oxcart's drop does mate.
    let mut after = pos(DROPS[2].0, Rules::Drops);
    after.play(drop(Kind::Oxcart, "1b")).expect("legal");
    assert!(after.in_check() && after.legal_moves().is_empty());
}

#[test]
fn forced_promotion_only_where_the_piece_could_never_move_again() {
    let p = pos(
        "5ck5/3SP3OC3/11/11/11/11/11/11/11/3LHSC6/5CK5 b - 1",
        Rules::Drops,
    );
    let to_last = |from: &str, to: &str, promote| Move::Board {
        from: sq(from),
        to: sq(to),
        promote,
    };
    assert!(p.is_legal(to_last("8b", "8a", true)));
    assert!(
        !p.is_legal(to_last("8b", "8a", false)),
        "the sparrow must promote on rank a"
    );
    assert!(p.is_legal(to_last("4b", "4a", true)));
    assert!(
        !p.is_legal(to_last("4b", "4a", false)),
        "the oxcart must promote on rank a"
    );
    // Moves outside the zone offer no promotion.
    assert!(!p.is_legal(to_last("8j", "8i", true)));
    assert!(p.is_legal(to_last("8j", "8i", false)));
}

#[test]
fn captures_go_to_hand_unpromoted_and_vanish_without_drops() {
    let text = "5ck5/11/11/11/5+sc5/5SW5/11/11/11/11/5CK5 b - 1";
    let capture = Move::Board {
        from: sq("6f"),
        to: sq("6e"),
        promote: false,
    };
    let mut with = pos(text, Rules::Drops);
    with.play(capture).expect("legal");
    assert_eq!(with.hand(Color::Black).count(Kind::StruttingCrow), 1);
    let mut without = pos(text, Rules::NoDrops);
    without.play(capture).expect("legal");
    assert!(without.hand(Color::Black).is_empty());
    assert!(
        without
            .legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Board { .. }))
    );
    assert!(
        sfen::parse(
            "5ck5/11/11/11/11/11/11/11/11/11/5CK5 b SP 1",
            Rules::NoDrops
        )
        .is_err()
    );
}

#[test]
fn mate_and_repetition_end_the_game() {
    // Mate: the oxcart's drop on 1b is guarded by the wolf.
    let mut game = Game::new(pos(
        "10ck/11/10VW/11/11/11/11/11/11/11/5CK3CE1 b OC 1",
        Rules::Drops,
    ));
    game.play(drop(Kind::Oxcart, "1b")).expect("legal");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Mate {
            winner: Color::Black
        })
    );

    // Kings shuffling: the fourth occurrence is a draw.
    let mut game = Game::new(pos(
        "5ck5/11/11/11/11/11/11/11/11/11/5CK5 b - 1",
        Rules::Drops,
    ));
    let shuffle = ["CK-6j", "CK-6b", "CK-6k", "CK-6a"];
    for round in 0..3 {
        for text in shuffle {
            assert_eq!(game.outcome(), None, "round {round}");
            let m = notation::parse(game.position(), text).expect("reads");
            game.play(m).expect("legal");
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::Repetition));
}

#[test]
fn perpetual_check_loses() {
    // Black's gliding swallow checks down file 6 and file 7 in turn; the White king steps
    // between 6a and 7a. The fourth occurrence comes from Black's checks alone: Black loses.
    let mut game = Game::new(pos(
        "5ck5/11/11/11/11/11/11/11/11/11/5+SW4CK w - 1",
        Rules::Drops,
    ));
    let cycle = ["CK-7a", "+SW-7k", "CK-6a", "+SW-6k"];
    for round in 0..3 {
        for text in cycle {
            assert_eq!(game.outcome(), None, "round {round}");
            let m = notation::parse(game.position(), text).unwrap_or_else(|e| panic!("{e}"));
            game.play(m).expect("legal");
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::PerpetualCheck {
            winner: Color::White
        })
    );
}

#[test]
fn bad_position_strings_name_the_column() {
    // Each case: the text, the part the fault is in (its first character's column is
    // expected, `None` for faults of the whole position, reported at column 1), what the error
    // says.
    let k = "5ck5/11/11/11/11/11/11/11/11/11/5CK5";
    let owned: Vec<(String, Option<&str>, &str)> = vec![
        (String::new(), None, "3 or 4 fields"),
        ("11/11 b - 1".into(), None, "11 ranks"),
        (format!("{k} x - 1"), Some("x"), "`b` or `w`"),
        (
            k.replace(
                "/11/11/11/11/11/11/11/11/11/",
                "/11/11/11/12/11/11/11/11/11/",
            ) + " b - 1",
            Some("12"),
            "1 to 11",
        ),
        (
            k.replace("5ck5/11", "5ck5/1sw10") + " b - 1",
            Some("10/"),
            "more than 11",
        ),
        (
            k.replace("5ck5", "5ck4") + " b - 1",
            None,
            "holds 10 squares",
        ),
        (
            k.replace("5ck5", "5zz5") + " b - 1",
            Some("zz"),
            "piece name",
        ),
        (
            k.replace("5ck5/11", "5ck5/+tf10") + " b - 1",
            Some("+tf"),
            "does not promote",
        ),
        (format!("{k} b 23SP 1"), Some("23SP"), "2 to 22"),
        (format!("{k} b SPsp2SP 1"), Some("2SP"), "twice"),
        (format!("{k} b CK 1"), Some("CK 1"), "crane king"),
        (format!("{k} b - 0"), Some("0"), "move number"),
        (k.replace("5CK5", "11") + " b - 1", None, "crane kings"),
        (
            k.replace(
                "/11/11/11/11/11/11/11/11/11/",
                "/11/11/2SP8/11/11/2SP8/11/11/11/",
            ) + " b - 1",
            None,
            "sparrow pawns",
        ),
        (
            k.replace("5CK5", "5CK4sp") + " b - 1",
            None,
            "could never move",
        ),
        (
            k.replace("5ck5/11", "5ck5/5SW5") + " b - 1",
            None,
            "side not to move",
        ),
        (format!("{k} w 5ce 1"), None, "two sets"),
        (format!("{k} b ５ 1"), Some("５"), "ASCII"),
    ];
    for (text, part, words) in &owned {
        let text = text.as_str();
        // The column of the part, searched from the end so that a marker such as `0` or `x`
        // is found in its own field rather than in the board.
        let column = part.map_or(1, |p| {
            text[..text.rfind(p).expect("marker")].chars().count() + 1
        });
        let (column, words) = (column, *words);
        let err = sfen::parse(text, Rules::Drops).expect_err(text);
        assert!(err.reason.contains(words), "{text}: {err}");
        assert_eq!(err.column, column, "{text}: {err}");
    }
}
