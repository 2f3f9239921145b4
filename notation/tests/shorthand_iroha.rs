//! Japanese shorthand (seed 000, "Shorthand") and iroha square names (seed 000, "Iroha
//! notation"): the seed's own examples, read and written, in moves, lines and KI2 records.

use tokin_core::{Move, Position, Square};
use tokin_notation::record::{self, Format, ReadOptions};
use tokin_notation::{
    Options, PieceGlyphs, SquareNames, Style, parse_line, parse_move, write_line, write_move_into,
};

fn mv(usi: &str) -> Move {
    Move::from_usi(usi).unwrap()
}

fn write(pos: &Position, last: Option<Square>, m: &str, opts: &Options) -> String {
    let mut s = String::new();
    write_move_into(&mut s, pos, last, mv(m), Style::Japanese, opts).unwrap();
    s
}

fn shorthand() -> Options {
    let mut o = Options::default();
    o.glyphs = PieceGlyphs::Shorthand;
    o
}

fn iroha() -> Options {
    let mut o = Options::default();
    o.squares = SquareNames::Iroha;
    o
}

#[test]
fn every_shorthand_piece_symbol_reads() {
    // "| 歩 | 丶, フ, ゝ, ・ |"
    let start = Position::startpos();
    for t in ["７六丶", "７六フ", "７六ゝ", "７六・", "☗７六丶", "76フ"] {
        assert_eq!(
            parse_move(&start, None, t, Style::Japanese),
            Ok(mv("7g7f")),
            "{t}"
        );
    }
    // "| 香 | 禾, キ, ↑ |", "| 桂 | 土 |", "| 銀 | ヨ |", "| 金 | 人 |", "| 玉 | 王, 玉, ○ |"
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/LNSGK4 b - 1").unwrap();
    for (texts, usi) in [
        (&["９八禾", "９八キ", "９八↑"][..], "9i9h"),
        (&["７七土"][..], "8i7g"),
        (&["７八ヨ"][..], "7i7h"),
        (&["６八人"][..], "6i6h"),
        (&["５八○", "５八王", "５八玉"][..], "5i5h"),
    ] {
        for t in texts {
            assert_eq!(
                parse_move(&pos, None, t, Style::Japanese),
                Ok(mv(usi)),
                "{t}"
            );
        }
    }
    // "| 角 | ク |", "| 馬 | マ, ウ |", "| 飛 | ヒ, 乙 |", "| 龍 | 立, リ |"
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/1B+B2+R2R/4K4 b - 1").unwrap();
    for (texts, usi) in [
        (&["９九ク"][..], "8h9i"),
        (&["６九マ", "６九ウ"][..], "7h6i"),
        (&["１九ヒ", "１九乙"][..], "1h1i"),
        (&["４九立", "４九リ"][..], "4h4i"),
    ] {
        for t in texts {
            assert_eq!(
                parse_move(&pos, None, t, Style::Japanese),
                Ok(mv(usi)),
                "{t}"
            );
        }
    }
}

#[test]
fn shorthand_promotion_and_same_read_and_write() {
    // "| 成 | ナ |", "| 不成 | フナ, 不ナ |", "| 同 | －, 𠔼, ド |"
    let pos = Position::from_sfen("8k/9/4s4/3S1S3/9/9/9/9/K8 b p 2").unwrap();
    let last = Some(Square::S53);
    for t in [
        "－ヨ左ナ",
        "𠔼ヨ左ナ",
        "ドヨ左ナ",
        "☗同ヨ左ナ",
        "５三ヨ左成",
    ] {
        assert_eq!(
            parse_move(&pos, last, t, Style::Japanese),
            Ok(mv("6d5c+")),
            "{t}"
        );
    }
    for t in ["－ヨ右フナ", "－ヨ右不ナ", "同銀右不成", "－銀右生"] {
        assert_eq!(
            parse_move(&pos, last, t, Style::Japanese),
            Ok(mv("4d5c")),
            "{t}"
        );
    }
    assert_eq!(write(&pos, last, "6d5c+", &shorthand()), "☗－ヨ左ナ");
    assert_eq!(write(&pos, last, "4d5c", &shorthand()), "☗－ヨ右フナ");
    // A promoted silver is ナ before the silver, as 成銀 is 成 before 銀.
    let pos = Position::from_sfen("k8/9/9/9/9/9/9/4+S4/K8 b - 1").unwrap();
    assert_eq!(write(&pos, None, "5h5g", &shorthand()), "☗５七ナヨ");
    assert_eq!(
        parse_move(&pos, None, "５七ナヨ", Style::Japanese),
        Ok(mv("5h5g"))
    );
    // A pawn that promotes: the pawn's フ, then ナ.
    let pos = Position::from_sfen("k8/9/9/4P4/9/9/9/9/K8 b - 1").unwrap();
    assert_eq!(
        parse_move(&pos, None, "５三フナ", Style::Japanese),
        Ok(mv("5d5c+"))
    );
    assert_eq!(
        parse_move(&pos, None, "５三フフナ", Style::Japanese),
        Ok(mv("5d5c"))
    );
}

#[test]
fn shorthand_reads_in_lines_and_records() {
    let start = Position::startpos();
    let line = "▲７六丶 △３四丶 ▲２二クナ △－ ヨ";
    let moves = parse_line(&start, None, line, Style::Japanese).unwrap();
    let usi: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8h2b+", "3a2b"]);
    let written = write_line(&start, None, &moves, Style::Japanese, &shorthand()).unwrap();
    assert_eq!(written, "☗７六丶 ☖３四丶 ☗２二クナ ☖－ヨ");
    let ki2 = "手合割：平手\n▲７六丶 △３四フ ▲２二クナ △ド銀\nまで4手で中断\n";
    let game = &record::parse(ki2, Format::Ki2, ReadOptions::default())
        .unwrap()
        .records[0];
    let usi = record::write(game, Format::Usi);
    assert_eq!(usi.text, "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n");
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六丶(77)\n   2 ３四フ(33)\n   3 ２二クナ(88)\n   4 －ヨ(31)\n";
    let game = &record::parse(kif, Format::Kif, ReadOptions::default())
        .unwrap()
        .records[0];
    assert_eq!(
        record::write(game, Format::Usi).text,
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n"
    );
}

#[test]
fn iroha_squares_read_and_write() {
    // Seed 000: "For example, the 23 square was indicated by the symbol を."
    let pos = Position::from_sfen("4k4/9/9/7P1/9/9/9/9/4K4 b - 1").unwrap();
    assert_eq!(write(&pos, None, "2d2c+", &iroha()), "☗を歩成");
    assert_eq!(
        parse_move(&pos, None, "☗を歩成", Style::Japanese),
        Ok(mv("2d2c+"))
    );
    assert_eq!(
        parse_move(&pos, None, "を丶ナ", Style::Japanese),
        Ok(mv("2d2c+"))
    );
    // The iroha names of file 6 are kanji digits (一 is 6a), two digits are still a square.
    let start = Position::startpos();
    assert_eq!(write(&start, None, "6g6f", &iroha()), "☗八歩");
    assert_eq!(
        parse_move(&start, None, "八歩", Style::Japanese),
        Ok(mv("6g6f"))
    );
    assert_eq!(
        parse_move(&start, None, "六八銀", Style::Japanese),
        Ok(mv("7i6h"))
    );
    // 京 (5i) is also a lance's old kanji; the square comes first, so it is a square here.
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/4K4/9 b - 1").unwrap();
    assert_eq!(
        parse_move(&pos, None, "京玉", Style::Japanese),
        Ok(mv("5h5i"))
    );
    // と (1g) is the promoted pawn too: the square, then the piece.
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/8+P/4K4 b - 1").unwrap();
    assert_eq!(write(&pos, None, "1h1g", &iroha()), "☗とと");
    assert_eq!(
        parse_move(&pos, None, "とと", Style::Japanese),
        Ok(mv("1h1g"))
    );
    // Both together, and the line of the first seed game in iroha.
    let mut both = iroha();
    both.glyphs = PieceGlyphs::Shorthand;
    let moves: Vec<Move> = ["7g7f", "3c3d", "2g2f", "4a3b"].map(mv).to_vec();
    let line = write_line(&start, None, &moves, Style::Japanese, &both).unwrap();
    assert_eq!(line, "☗春丶 ☖ら丶 ☗よ丶 ☖ね人");
    assert_eq!(
        parse_line(&start, None, &line, Style::Japanese).unwrap(),
        moves
    );
}
