//! The network server's board displays (seed 004, `shogi set`), drawn as the seed draws them.

use tokin_core::Position;
use tokin_notation::record::diagram::{self, Style};
use tokin_notation::record::server_board::{Look, ServerBoard};

/// White knights on 9a and 3a, Black's promoted pawns on 8a and 1a, Black's gold on 2a.
const ROW_A: &str = "n+P4nG+P/9/9/9/4k4/9/9/9/4K4 b - 1";

fn draw(sfen: &str, name: &str) -> String {
    let style: Style = name.parse().unwrap();
    diagram::render(&Position::from_sfen(sfen).unwrap(), style)
}

#[test]
fn the_seed_rows_appear_as_drawn() {
    // Seed 004: "standard  : default board style     |\ N/|/+P\| "
    assert!(draw(ROW_A, "standard").contains(r"|\ N/|/+P\|"));
    // Seed 004: "alternate : Shogi-L board style     | wN |+bP | "
    assert!(draw(ROW_A, "alternate").contains("| wN |+bP |"));
    // Seed 004: "small     : Small board display     |wN bG bP+|"
    assert!(draw(ROW_A, "small").contains("|wN bG bP+| a"));
}

#[test]
fn the_standard_start_in_each_look() {
    let start = Position::startpos();
    let standard = diagram::render(&start, Style::Server(ServerBoard::default()));
    let lines: Vec<&str> = standard.lines().collect();
    assert_eq!(lines[0], "White in hand: -");
    assert_eq!(lines[1], "   9    8    7    6    5    4    3    2    1");
    assert_eq!(lines[2], format!("+{}+", "-".repeat(44)));
    assert_eq!(
        lines[3],
        r"|\ L/|\ N/|\ S/|\ G/|\ K/|\ G/|\ S/|\ N/|\ L/| a"
    );
    assert_eq!(
        lines[4],
        r"|    |\ R/|    |    |    |    |    |\ B/|    | b"
    );
    assert_eq!(
        lines[11],
        r"|/ L\|/ N\|/ S\|/ G\|/ K\|/ G\|/ S\|/ N\|/ L\| i"
    );
    assert_eq!(lines[13], "Black in hand: -");
    assert_eq!(lines[14], "Black to move");
    let alternate = draw(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "shogi-l",
    );
    assert!(alternate.contains("\n| bL | bN | bS | bG | bK | bG | bS | bN | bL | i\n"));
    let small = draw(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "small",
    );
    assert!(
        small.contains("\n| . wR  . | .  .  . | . wB  . | b\n"),
        "{small}"
    );
}

#[test]
fn flip_turns_the_board_for_white_to_move() {
    // White to move after 7g7f, with a bishop in Black's hand: the board as White sees it.
    let sfen = "lnsgkgsnl/1r7/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w B 2";
    let flipped = draw(sfen, "standard,flip");
    let lines: Vec<&str> = flipped.lines().collect();
    assert_eq!(lines[0], "Black in hand: B");
    assert_eq!(lines[1], "   1    2    3    4    5    6    7    8    9");
    // Black's pieces now point down the drawing, towards the viewer.
    assert_eq!(
        lines[3],
        r"|\ L/|\ N/|\ S/|\ G/|\ K/|\ G/|\ S/|\ N/|\ L/| i"
    );
    assert_eq!(
        lines[11],
        r"|/ L\|/ N\|/ S\|/ G\|/ K\|/ G\|/ S\|/ N\|/ L\| a"
    );
    assert_eq!(lines[13], "White in hand: -");
    // `noflip` (and `flip` with Black to move) keep Black at the bottom.
    assert_eq!(draw(sfen, "standard,noflip"), draw(sfen, "standard"));
    assert_eq!(draw(ROW_A, "small,flip"), draw(ROW_A, "small"));
    let style: Style = "alternate,flip".parse().unwrap();
    assert_eq!(
        style,
        Style::Server(ServerBoard {
            look: Look::Alternate,
            flip: true
        })
    );
    assert_eq!(style.to_string(), "alternate,flip");
}
