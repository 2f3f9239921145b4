//! FEEN and GNU Shogi EPD (seed 000): the seed's examples, round trips over random games from
//! every start, errors naming the field and the character, and garbage that never panics.

mod common;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use tokin_core::{Handicap, Position, Strictness};
use tokin_notation::position_text::{
    PositionTextError, StartForm, TextField, TextFormat, epd, feen, read_start,
};

/// An SFEN without its move number, which FEEN and EPD do not hold.
fn no_number(pos: &Position) -> String {
    let s = pos.to_sfen();
    s.rsplit_once(' ').map_or(s.clone(), |(a, _)| a.to_string())
}

#[test]
fn the_seed_feen_example_is_the_start() {
    // Seed 000: "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s"
    let text = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s";
    let pos = feen::read(text, Strictness::Game).unwrap();
    assert_eq!(pos, Position::startpos());
    assert_eq!(feen::write(&pos), text);
    assert_eq!(StartForm::of(text), StartForm::Feen);
    // "It supports promoted pieces using + prefix (e.g., +R for promoted rook)."
    let pos = Position::from_sfen(
        "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1+b w BGSLPnp 62",
    )
    .unwrap();
    let text = feen::write(&pos);
    assert_eq!(
        text,
        "ln1g5/1r2S1k^2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K^1pr/LN4G1+b BGSLP/np s/S"
    );
    assert_eq!(
        no_number(&feen::read(&text, Strictness::Game).unwrap()),
        no_number(&pos)
    );
    // Hand letters of either case, a king without its mark and counts.
    let pos = feen::read("4k4/9/9/9/9/9/9/9/4K4 2pB/G s/S", Strictness::Game).unwrap();
    assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w B2Pg 1");
}

#[test]
fn the_seed_epd_rule_reads_and_writes() {
    // Seed 000: "the same board description, but with holdings appended in square brackets.
    // Each held piece is listed, e.g. PPP for three pawns in hand. The following field for
    // player to move has colors reversed from SFEN: w for sente, and b for gote."
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w";
    assert_eq!(
        epd::read(start, Strictness::Game).unwrap(),
        Position::startpos()
    );
    assert_eq!(epd::write(&Position::startpos()), start);
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 3Pb 1").unwrap();
    assert_eq!(epd::write(&pos), "4k4/9/9/9/9/9/9/9/4K4[PPPb] w");
    for text in [
        "4k4/9/9/9/9/9/9/9/4K4[PPPb] w",
        "4k4/9/9/9/9/9/9/9/4K4 [PPPb] w",
        "4k4/9/9/9/9/9/9/9/4K4[3Pb] w",
        "4k4/9/9/9/9/9/9/9/4K4[PbPP] w",
    ] {
        assert_eq!(epd::read(text, Strictness::Game).unwrap(), pos, "{text}");
    }
    let white = epd::read("4k4/9/9/9/9/9/9/9/4K4[-] b", Strictness::Game).unwrap();
    assert_eq!(white.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w - 1");
    assert_eq!(StartForm::of(start), StartForm::Epd);
}

#[test]
fn errors_name_the_field_and_the_character() {
    let syntax = |r: Result<Position, PositionTextError>| match r {
        Err(PositionTextError::Syntax(e)) => e,
        other => panic!("{other:?}"),
    };
    let e = syntax(feen::read(
        "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNX / S/s",
        Strictness::Game,
    ));
    assert_eq!(
        (e.format, e.field, e.offset),
        (TextFormat::Feen, TextField::Board, 58)
    );
    assert_eq!(
        e.to_string(),
        "bad FEEN board at character 59: unknown piece letter in rank 9 (found `X`)"
    );
    let e = syntax(feen::read("4k4/9/9/9/9/9/9/9/4K4 / C/c", Strictness::Game));
    assert_eq!((e.field, e.offset), (TextField::Turn, 24));
    let e = syntax(feen::read(
        "4k4/9/9/9/9/9/9/9/4K4 2X/ S/s",
        Strictness::Game,
    ));
    assert_eq!(
        (e.field, e.offset, e.found.as_str()),
        (TextField::Hands, 23, "X")
    );
    let e = syntax(feen::read("4g^4/9/9/9/9/9/9/9/4K4 / S/s", Strictness::Game));
    assert_eq!((e.field, e.offset), (TextField::Board, 2));
    let e = syntax(epd::read("4k4/9/9/9/9/9/9/9/4K4[PPx] w", Strictness::Game));
    assert_eq!(
        (e.format, e.field, e.offset),
        (TextFormat::Epd, TextField::Hands, 24)
    );
    let e = syntax(epd::read("4k4/9/9/9/9/9/9/9/4K4[] x", Strictness::Game));
    assert_eq!((e.field, e.offset), (TextField::Turn, 24));
    let e = syntax(epd::read("4k4/9/9/9/9/9/9/9/4K4 w", Strictness::Game));
    assert_eq!(e.field, TextField::Hands);
    // A rule broken is a position error, not a syntax error.
    assert!(matches!(
        epd::read("4k4/9/9/9/9/9/9/9/9[] w", Strictness::Game),
        Err(PositionTextError::Position(_))
    ));
}

#[test]
fn random_games_from_every_start_round_trip() {
    let seed = 0x0fee_0e9d;
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    for handicap in Handicap::ALL {
        for _game in 0..3 {
            let mut pos = handicap.position();
            for _ply in 0..120 {
                for (text, form) in [
                    (feen::write(&pos), StartForm::Feen),
                    (epd::write(&pos), StartForm::Epd),
                    (pos.to_sfen(), StartForm::Usi),
                    // As after USI's `position`: taken for a FEEN once (its board is the
                    // second field).
                    (format!("sfen {}", pos.to_sfen()), StartForm::Usi),
                ] {
                    assert_eq!(StartForm::of(&text), form, "{text}");
                    let none: [&str; 0] = [];
                    let (read, _) = read_start(&text, &none, Strictness::Relaxed)
                        .unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert_eq!(no_number(&read), no_number(&pos), "{text}");
                    checked += 1;
                }
                let moves = pos.legal_moves();
                let Some(&mv) = moves.as_slice().choose(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
    }
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn garbage_never_panics() {
    let seed = 0xe9d_0bad;
    println!("seed {seed:#x}");
    let mut rng = StdRng::seed_from_u64(seed);
    let alphabet: Vec<char> = "lnsgkbrpLNSGKBRP+^0123456789/ []-Ssw歩\t".chars().collect();
    let bases = [
        "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s",
        "ln1g5/1r2S1k^2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K^1pr/LN4G1b BGSLP/np s/S",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w",
        "4k4/9/9/9/9/9/9/9/4K4[PPPb] b",
    ];
    let how = common::Damage {
        alphabet: &alphabet,
        max_edits: 5,
        cut: true,
        random_len: 40,
    };
    for text in common::damaged(&bases, &how, 20_000, &mut rng) {
        for result in [
            feen::read(&text, Strictness::Relaxed),
            epd::read(&text, Strictness::Relaxed),
        ] {
            match result {
                // What is accepted writes back to the same position.
                Ok(p) => {
                    assert_eq!(p.key(), p.compute_key(), "{text}");
                    let again = feen::read(&feen::write(&p), Strictness::Relaxed);
                    assert_eq!(again.map(|q| no_number(&q)), Ok(no_number(&p)), "{text}");
                }
                Err(PositionTextError::Syntax(e)) => {
                    assert!(e.offset <= text.chars().count(), "{text}: {e}");
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
        let none: [&str; 0] = [];
        let _ = read_start(&text, &none, Strictness::Problem);
    }
}
