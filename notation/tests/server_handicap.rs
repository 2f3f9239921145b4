//! The network server's handicap expressions (seed 004): presets, by piece, by square,
//! placing, combinations, and errors that name the term.

mod common;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tokin_core::{Handicap, Strictness};
use tokin_notation::position_text::{
    PositionTextError, StartForm, TextField, TextFormat, handicap, read_start,
};

fn sfen(expr: &str) -> String {
    handicap::read(expr, Strictness::Relaxed)
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
        .to_sfen()
}

#[test]
fn presets_are_the_standard_handicaps() {
    // "Standard Shogi handicaps (2 piece, 3 piece, etc) may be abbreviated as 2p, 3p, etc."
    for (expr, h) in [
        ("-handicap=2p", Handicap::TwoPieces),
        ("-handicap=3p", Handicap::ThreePieces),
        ("-handicap=4p", Handicap::FourPieces),
        ("handicap=5p", Handicap::FivePieces),
        ("6p", Handicap::SixPieces),
        ("-handicap=8p", Handicap::EightPieces),
        ("-handicap=10p", Handicap::TenPieces),
    ] {
        assert_eq!(
            handicap::read(expr, Strictness::Game),
            Ok(h.position()),
            "{expr}"
        );
    }
    // "The removal of the handicaps is considered to be the first move traditionally, hence
    // White makes the first move in handicapped games."
    assert!(sfen("-handicap=2p").contains(" w "));
}

#[test]
fn by_piece_by_square_and_placing() {
    // "Handicaps specified by piece will remove White's pieces starting with the leftmost
    // piece." White's leftmost lance is 1a (香落ち), the next 9a.
    assert_eq!(
        handicap::read("-handicap=L", Strictness::Game),
        Ok(Handicap::Lance.position())
    );
    assert_eq!(
        handicap::read("-handicap=R,L", Strictness::Game),
        Ok(Handicap::RookLance.position())
    );
    assert_eq!(
        handicap::read("-handicap=RBLL", Strictness::Game),
        Ok(Handicap::FourPieces.position())
    );
    // "Handicaps specified by rank&file will remove any specified piece." In either order.
    assert_eq!(
        handicap::read("-handicap=9a", Strictness::Game),
        Ok(Handicap::RightLance.position())
    );
    assert_eq!(sfen("-handicap=a9"), sfen("-handicap=9a"));
    // "this syntax places or replaces a piece (a Gold General at 8b)".
    assert_eq!(
        sfen("-handicap=G8b"),
        "lnsgkgsnl/1g5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    // "This example removes the Rook, Bishop, and King's Pawn, and changes the Silver
    // Generals to Gold Generals." (six golds: more than a set, so relaxed only)
    let example = "-handicap=R,B,5c,G7a,G3a";
    assert_eq!(
        sfen(example),
        "lnggkggnl/9/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert!(matches!(
        handicap::read(example, Strictness::Game),
        Err(PositionTextError::Position(_))
    ));
    // "The above syntaxes may be used together."
    assert_eq!(
        sfen("-handicap=2p, 5c, bG5e"),
        "lnsgkgsnl/9/pppp1pppp/9/4G4/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(StartForm::of("-handicap=2p"), StartForm::Handicap);
    let none: [&str; 0] = [];
    let (pos, _) = read_start("-handicap=2p", &["5a4b"], Strictness::Game).unwrap();
    assert_eq!(pos.move_number(), 2);
    let _ = none;
}

#[test]
fn what_cannot_be_is_refused_clearly() {
    let syntax = |expr: &str| match handicap::read(expr, Strictness::Relaxed) {
        Err(PositionTextError::Syntax(e)) => e,
        other => panic!("{expr}: {other:?}"),
    };
    let e = syntax("-handicap=9p");
    assert_eq!(
        (e.format, e.field, e.offset),
        (TextFormat::Handicap, TextField::Term, 10)
    );
    assert!(e.to_string().contains("no such standard handicap"), "{e}");
    let e = syntax("-handicap=R,R");
    assert_eq!(e.offset, 12);
    assert!(e.to_string().contains("no R left"), "{e}");
    let e = syntax("-handicap=2p,5e");
    assert_eq!(e.offset, 13);
    assert!(e.to_string().contains("no piece on 5e"), "{e}");
    let e = syntax("-handicap=X");
    assert!(e.to_string().contains("unknown piece letter"), "{e}");
    let e = syntax("-handicap=2p,,R");
    assert!(e.to_string().contains("empty term"), "{e}");
    // Removing the king leaves White without one: the position says why.
    let e = handicap::read("-handicap=K", Strictness::Game).unwrap_err();
    assert!(e.to_string().contains("no king"), "{e}");
    // Two of Black's pawns on a file break a rule of the game (a problem diagram may show
    // them; here the added pawn is also a nineteenth).
    assert!(handicap::read("-handicap=bP7f", Strictness::Game).is_err());
}

#[test]
fn garbage_never_panics() {
    let seed = 0x4a_0bad;
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let alphabet: Vec<char> = "PLNSGBRK+bw,=-0123456789abcdefghip handicap歩"
        .chars()
        .collect();
    let bases = [
        "-handicap=2p",
        "-handicap=R,B,5c,G7a,G3a",
        "handicap=RBLL,bG5e",
        "10p,+R5e",
    ];
    let how = common::Damage {
        alphabet: &alphabet,
        max_edits: 4,
        cut: false,
        random_len: 30,
    };
    for text in common::damaged(&bases, &how, 20_000, &mut rng) {
        match handicap::read(&text, Strictness::Relaxed) {
            Ok(p) => assert_eq!(p.key(), p.compute_key(), "{text}"),
            Err(PositionTextError::Syntax(e)) => {
                assert!(e.offset <= text.chars().count(), "{text}: {e}")
            }
            // Read but unplayable: the message says which rule the position breaks.
            Err(e @ PositionTextError::Position(_)) => {
                assert!(
                    e.to_string().starts_with("illegal position: "),
                    "{text}: {e}"
                )
            }
            Err(e) => panic!("{text}: an error of no known kind: {e}"),
        }
    }
}
