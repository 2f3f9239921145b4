//! `tokin notate` reads back everything it writes, in every style, move by move and as a
//! line: `同　銀` with the ideographic space, numbered Western lines, and Japanese moves run
//! together as sites and books print them.

mod common;

use common::{stderr, stdout, tokin};
use tokin_notation::Style;

const GAME: [&str; 6] = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "2b3c"];

fn notate(args: &[&str]) -> String {
    let out = tokin(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out).trim_end().to_string()
}

#[test]
fn every_style_reads_back_move_by_move_and_as_a_line() {
    let usi = GAME.join(" ");
    for style in Style::ALL {
        let name = style.to_string();
        let line = notate(&[&["notate", "--to", &name, "--line"][..], &GAME].concat());
        let back = notate(&["notate", "--from", &name, "--to", "usi", "--line", &line]);
        assert_eq!(back, usi, "{name} line `{line}`");
        let moves = notate(&[&["notate", "--to", &name][..], &GAME].concat());
        let args: Vec<&str> = moves.lines().collect();
        let back = notate(
            &[
                &["notate", "--from", &name, "--to", "usi", "--line"][..],
                &args,
            ]
            .concat(),
        );
        assert_eq!(back, usi, "{name} moves {args:?}");
    }
}

#[test]
fn recaptures_with_the_ideographic_space_read_back() {
    let kif = notate(&[
        "notate", "--to", "kif", "--line", "7g7f", "3c3d", "8h2b+", "3a2b",
    ]);
    assert!(kif.contains("同\u{3000}銀"), "{kif}");
    let back = notate(&["notate", "--from", "kif", "--to", "usi", "--line", &kif]);
    assert_eq!(back, "7g7f 3c3d 8h2b+ 3a2b");
    let after = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";
    for (from, text) in [("kif", "同\u{3000}銀(31)"), ("ki2", "△同\u{3000}銀")] {
        let back = notate(&[
            "notate",
            "--from",
            from,
            "--sfen",
            after,
            "--last-to",
            "2b",
            text,
        ]);
        assert_eq!(back, "☖同銀", "{from} `{text}`");
    }
}

#[test]
fn numbered_and_run_together_lines_read() {
    let back = notate(&[
        "notate",
        "--from",
        "hodges",
        "--to",
        "usi",
        "--line",
        "1. P-7f P-3d 2. Bx2b+ Sx2b",
    ]);
    assert_eq!(back, "7g7f 3c3d 8h2b+ 3a2b");
    let back = notate(&[
        "notate",
        "--from",
        "japanese",
        "--to",
        "usi",
        "--line",
        "▲７六歩△３四歩▲２二角成△同銀",
    ]);
    assert_eq!(back, "7g7f 3c3d 8h2b+ 3a2b");
}

#[test]
fn options_after_the_moves_get_the_hint() {
    let out = tokin(&["notate", "4a3b", "--sfen", "2-pieces"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("move 2: `--sfen` looks like an option; options go before the moves"),
        "{err}"
    );
}
