//! The network server's move syntax (seed 004) and the correspondence notation (seed 003):
//! the seeds' own rules and examples, read and written.

mod common;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use tokin_core::{Move, Position, Square};
use tokin_notation::{
    CoordinateOrder, NotationError, Options, Style, parse_line, parse_move, write_line, write_move,
    write_move_into,
};

fn mv(usi: &str) -> Move {
    Move::from_usi(usi).unwrap()
}

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap()
}

fn server(p: &Position, text: &str) -> Result<Move, NotationError> {
    parse_move(p, None, text, Style::Server)
}

#[test]
fn server_coordinates_in_either_order() {
    // Seed 004: "<from> and <to> are file and rank coordinates. If both <from> and <to> are
    // specified they must use the same order (rank-file or file-rank)." The seed's rows are
    // its "files" a-i and its columns its "ranks" 1-9, so its `7g` is the usual 7g.
    let start = Position::startpos();
    for t in [
        "7g7f", "7g-7f", "P7g-7f", "P7f", "g7f7", "g7-f7", "Pg7-f7", "Pf7", "P-7f",
    ] {
        assert_eq!(server(&start, t), Ok(mv("7g7f")), "{t}");
    }
    let e = server(&start, "7gf7").unwrap_err();
    assert!(e.to_string().contains("same order"), "{e}");
    assert_eq!(
        write_move(&start, None, mv("7g7f"), Style::Server).unwrap(),
        "P7g-7f"
    );
    let mut o = Options::default();
    o.server_order = CoordinateOrder::LetterFirst;
    let mut s = String::new();
    write_move_into(&mut s, &start, None, mv("7g7f"), Style::Server, &o).unwrap();
    assert_eq!(s, "Pg7-f7");
}

#[test]
fn server_captures_drops_and_promotions() {
    // "An x indicates a capture move." "An asterix (*) or single quote (') indicates a drop
    // move." "If the player has the opportunity to promote, either + or = must by specified."
    let p = pos("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    for t in ["8h2b+", "B8hx2b+", "Bx2b+", "h8xb2+"] {
        assert_eq!(server(&p, t), Ok(mv("8h2b+")), "{t}");
    }
    assert_eq!(server(&p, "Bx2b="), Ok(mv("8h2b")));
    assert!(matches!(
        server(&p, "Bx2b"),
        Err(NotationError::PromotionRequired { .. })
    ));
    assert_eq!(
        write_move(&p, None, mv("8h2b+"), Style::Server).unwrap(),
        "B8hx2b+"
    );
    // `x` where nothing is captured, and `+`/`=` where the move cannot promote, are refused.
    let start = Position::startpos();
    assert!(server(&start, "P7gx7f").is_err());
    assert!(server(&start, "P7f+").is_err());
    assert!(server(&start, "P7f=").is_err());
    // A pawn to the last rank must promote, and still says so.
    let last = pos("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert!(matches!(
        server(&last, "P9a"),
        Err(NotationError::PromotionRequired { .. })
    ));
    assert_eq!(server(&last, "P9a+"), Ok(mv("9b9a+")));
    // Drops with `*` or `'`; promoted pieces as `+P`.
    let d = pos("8k/9/9/9/9/9/9/4+R4/4K4 b P 1");
    assert_eq!(server(&d, "P*5e"), Ok(mv("P*5e")));
    assert_eq!(server(&d, "P'5e"), Ok(mv("P*5e")));
    assert_eq!(server(&d, "P'e5"), Ok(mv("P*5e")));
    assert_eq!(
        write_move(&d, None, mv("P*5e"), Style::Server).unwrap(),
        "P*5e"
    );
    assert_eq!(server(&d, "+R5h-5b"), Ok(mv("5h5b")));
    assert_eq!(
        write_move(&d, None, mv("5h5b"), Style::Server).unwrap(),
        "+R5h-5b"
    );
    assert!(server(&d, "+K5h5b").is_err());
}

#[test]
fn correspondence_notation_of_seed_003() {
    // Seed 003: "If the representation is ambiguous then the starting square is given too
    // (e.g. G4a-5b). Captures are indicated by an x (e.g. Px5e). Drops are indicated by '
    // or * (e.g. P'8f or P*8f). ... the preferred notation for drops is an apostrophe (e.g.
    // P'8f). Promotion is indicated by a + behind the move (e.g. B7g+). A promoted piece is
    // represented by a + followed by the abbreviation of the unpromoted piece (e.g. +S3d).
    // Sometimes not promoting a piece that could have promoted is indicated by = behind the
    // move (e.g. S3c=)."
    let c = Style::Correspondence;
    let w = |p: &Position, m: &str| write_move(p, None, mv(m), c).unwrap();
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    assert_eq!(w(&p, "P*8f"), "P'8f");
    for t in ["P'8f", "P*8f"] {
        assert_eq!(parse_move(&p, None, t, c), Ok(mv("P*8f")), "{t}");
    }
    let g = pos("3gkg3/9/9/9/9/9/9/9/4K4 w - 1");
    assert_eq!(w(&g, "4a5b"), "G4a-5b");
    assert_eq!(parse_move(&g, None, "G4a-5b", c), Ok(mv("4a5b")));
    let x = pos("4k4/9/9/4p4/4P4/9/9/9/4K4 b - 1");
    assert_eq!(w(&x, "5e5d"), "Px5d");
    let bp = pos("4k4/9/9/9/9/1b7/9/9/5K3 w - 1");
    assert_eq!(w(&bp, "8f7g+"), "B7g+");
    assert_eq!(parse_move(&bp, None, "B7g+", c), Ok(mv("8f7g+")));
    let s = pos("4k4/9/9/6+S2/9/9/9/9/4K4 b - 1");
    assert_eq!(w(&s, "3d3c"), "+S3c");
    assert_eq!(parse_move(&s, None, "+S3c", c), Ok(mv("3d3c")));
    let s = pos("4k4/9/9/6S2/9/9/9/9/4K4 b - 1");
    assert_eq!(w(&s, "3d3c"), "S3c=");
    assert_eq!(parse_move(&s, None, "S3c=", c), Ok(mv("3d3c")));
    assert_eq!(w(&s, "3d3c+"), "S3c+");
}

#[test]
fn random_games_round_trip_in_the_new_styles() {
    let seed = 0x5e4_0004;
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut letter = Options::default();
    letter.server_order = CoordinateOrder::LetterFirst;
    for handicap in tokin_core::Handicap::ALL {
        let start = handicap.position();
        let mut p = start.clone();
        let mut last: Option<Square> = None;
        let mut played = Vec::new();
        for _ in 0..150 {
            let moves = p.legal_moves();
            let Some(&m) = moves.as_slice().choose(&mut rng) else {
                break;
            };
            for style in [Style::Server, Style::Correspondence] {
                for o in [Options::default(), letter] {
                    let mut t = String::new();
                    write_move_into(&mut t, &p, last, m, style, &o).unwrap();
                    assert_eq!(parse_move(&p, last, &t, style), Ok(m), "{style} `{t}`");
                }
            }
            p.play_unchecked(m);
            last = Some(m.to());
            played.push(m);
        }
        for style in [Style::Server, Style::Correspondence] {
            let line = write_line(&start, None, &played, style, &letter).unwrap();
            assert_eq!(parse_line(&start, None, &line, style).unwrap(), played);
        }
    }
}

#[test]
fn server_garbage_never_panics() {
    let seed = 0x5e4_0bad;
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let alphabet: Vec<char> = "PLNSGBRK+-x*'=0123456789abcdefghi ".chars().collect();
    let positions = [
        Position::startpos(),
        pos("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"),
        pos("8k/P8/9/9/9/9/9/4+R4/4K4 b P 1"),
    ];
    let bases = ["P7g-7f", "Bx2b+", "Pg7-f7", "P'5e", "+R5h-5b", "8h2b="];
    let how = common::Damage {
        alphabet: &alphabet,
        max_edits: 3,
        cut: false,
        random_len: 12,
    };
    for text in common::damaged(&bases, &how, 20_000, &mut rng) {
        for p in &positions {
            for style in [Style::Server, Style::Correspondence] {
                match parse_move(p, Some(Square::S53), &text, style) {
                    Ok(m) => assert!(p.is_legal(m).is_ok()),
                    Err(NotationError::Syntax { at, .. }) => {
                        assert!(at <= text.chars().count(), "{text}")
                    }
                    // The message quotes the text it could not read.
                    Err(e) => assert!(quotes_part_of(&e.to_string(), &text), "{text}: {e}"),
                }
            }
        }
    }
}

/// Whether `message` quotes (between backticks) a non-empty part of `text`.
fn quotes_part_of(message: &str, text: &str) -> bool {
    message
        .split('`')
        .nth(1)
        .is_some_and(|q| !q.trim().is_empty() && text.contains(q.trim()))
}
