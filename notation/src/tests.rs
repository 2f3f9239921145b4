//! Reading the variants people write, and the errors for what cannot be read.

use crate::{NotationError, Style, parse_move, write_move};
use tokin_core::{Move, Position, Square};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap()
}

fn mv(usi: &str) -> Move {
    Move::from_usi(usi).unwrap()
}

fn reads(p: &Position, last: Option<Square>, style: Style, texts: &[&str], usi: &str) {
    for t in texts {
        match parse_move(p, last, t, style) {
            Ok(m) => assert_eq!(m, mv(usi), "`{t}` in {style}"),
            Err(e) => panic!("`{t}` in {style}: {e}"),
        }
    }
}

#[test]
fn japanese_variants() {
    let start = Position::startpos();
    reads(
        &start,
        None,
        Style::Japanese,
        &[
            "☗７六歩",
            "▲７六歩",
            "７六歩",
            "76歩",
            "７６歩",
            "七六歩",
            "▲ ７ 六 歩",
            "7六兵",
            "７六歩(77)",
        ],
        "7g7f",
    );
    // 同 variants, with the previous move's square.
    let p = pos("8k/9/4s4/3S1S3/9/9/9/9/K8 b p 2");
    let last = Some(Square::S53);
    reads(
        &p,
        last,
        Style::Japanese,
        &[
            "☗同銀左成",
            "同　銀左成",
            "仝銀左成",
            "５三同銀左成",
            "同銀左成(64)",
        ],
        "6d5c+",
    );
    reads(
        &p,
        last,
        Style::Japanese,
        &["同銀右不成", "同銀右生", "▲同 銀 右 不成"],
        "4d5c",
    );
    // Promoted minors, dragons and kings.
    let p = pos("k8/7+R1/8+R/9/9/9/9/9/8K b - 1");
    reads(
        &p,
        None,
        Style::Japanese,
        &["２四龍右", "２四竜右", "２四龍引右"],
        "1c2d",
    );
    reads(&p, None, Style::Japanese, &["１八玉", "１八王"], "1i1h");
    let p = pos("k8/9/9/9/9/9/9/4+S4/K8 b - 1");
    reads(
        &p,
        None,
        Style::Japanese,
        &["５七成銀", "５七全", "57全"],
        "5h5g",
    );
    let p = pos("k8/9/9/9/9/9/9/4+N+L3/K8 b - 1");
    reads(&p, None, Style::Japanese, &["５七成桂", "５七圭"], "5h5g");
    reads(&p, None, Style::Japanese, &["４七成香", "４七杏"], "4h4g");
    // 行/入 for 上 on a horse or dragon.
    let p = pos("k8/9/9/9/8R/9/9/9/4R3K b - 1");
    reads(&p, None, Style::Japanese, &["５五飛上"], "5i5e");
    let p = pos("k8/9/9/9/8+R/9/9/9/4+R3K b - 1");
    reads(
        &p,
        None,
        Style::Japanese,
        &["５五龍上", "５五龍行", "５五竜入"],
        "5i5e",
    );
    // KIF text.
    reads(
        &start,
        None,
        Style::Kif,
        &["７六歩(77)", "7六歩(77)", "７六歩（７７）"],
        "7g7f",
    );
}

#[test]
fn western_variants() {
    let start = Position::startpos();
    for style in [Style::Hodges, Style::Western, Style::Hosking] {
        reads(
            &start,
            None,
            style,
            &["P-7f", "P7f", "P-76", "P76", "P77-76", "P7g7f", "P-7f!?"],
            "7g7f",
        );
    }
    let p = pos("8k/9/9/9/9/9/9/9/K8 b S 1");
    reads(
        &p,
        None,
        Style::Hosking,
        &["S’34", "S'34", "S*34", "S*3d", "S'3d"],
        "S*3d",
    );
    // Missing hyphen with an origin (Hosking), and promoted-piece letters.
    let p = pos("8k/9/9/9/9/9/9/9/K2G1G3 b - 1");
    reads(
        &p,
        None,
        Style::Hosking,
        &["G69-58", "G6958", "G6i5h", "G6i-5h"],
        "6i5h",
    );
    let p = pos("k8/9/9/9/8+R/9/9/9/8K b - 1");
    reads(
        &p,
        None,
        Style::Hodges,
        &["+R-1d", "D-1d", "+R1e-1d"],
        "1e1d",
    );
}

#[test]
fn kitao_variants() {
    let p = pos("8k/9/4s4/3S1S3/9/9/9/9/K8 b p 2");
    let last = Some(Square::S53);
    reads(
        &p,
        last,
        Style::Kitao,
        &["☗銀(64)x+", "☗銀(64)x53+", "銀(64)x53成", "▲銀(64)-53+"],
        "6d5c+",
    );
    let p = pos("8k/9/9/9/9/9/9/9/K8 b S 1");
    reads(
        &p,
        None,
        Style::Kitao,
        &["☗銀*34", "銀'34", "銀’34", "銀打34"],
        "S*3d",
    );
}

#[test]
fn csa_and_usi_variants() {
    let start = Position::startpos();
    reads(
        &start,
        None,
        Style::Csa,
        &["+7776FU", "7776FU", " +7776fu "],
        "7g7f",
    );
    reads(&start, None, Style::Usi, &["7g7f", " 7g7f "], "7g7f");
}

fn err(p: &Position, last: Option<Square>, text: &str, style: Style) -> NotationError {
    match parse_move(p, last, text, style) {
        Ok(m) => panic!("`{text}` read as {m}"),
        Err(e) => e,
    }
}

#[test]
fn errors_say_what_is_wrong() {
    let p = pos("8k/9/9/9/9/9/2G6/3G5/K1G6 b - 1");
    assert_eq!(
        err(&p, None, "G-7h", Style::Hodges).to_string(),
        "`G-7h` is ambiguous: `G7g-7h`, `G6h-7h`, `G7i-7h`"
    );
    assert_eq!(
        err(&p, None, "７八金", Style::Japanese).to_string(),
        "`７八金` is ambiguous: `☗７八金引`, `☗７八金寄`, `☗７八金上`"
    );
    // The seed's own example: the three golds and their direction words.
    reads(&p, None, Style::Japanese, &["７八金引"], "7g7h");
    reads(&p, None, Style::Japanese, &["７八金寄"], "6h7h");
    reads(&p, None, Style::Japanese, &["７八金上"], "7i7h");
    // Promotion status.
    let p = pos("8k/9/9/3S5/9/9/9/9/K8 b - 1");
    assert!(matches!(
        err(&p, None, "S-6c", Style::Hodges),
        NotationError::PromotionRequired { .. }
    ));
    assert_eq!(
        err(&p, None, "S-6c", Style::Hodges).to_string(),
        "`S-6c` could promote or not: promotion status required: add + or ="
    );
    assert!(matches!(
        err(&p, None, "６三銀", Style::Japanese),
        NotationError::PromotionRequired { .. }
    ));
    // KIF: no 成 with an origin means the piece stays unpromoted.
    reads(&p, None, Style::Kif, &["６三銀(64)"], "6d6c");
    // No legal move, with the reason.
    let start = Position::startpos();
    let e = err(&start, None, "P-7e", Style::Hodges).to_string();
    assert!(e.starts_with("no legal move matches `P-7e`"), "{e}");
    let e = err(&start, None, "+7675FU", Style::Csa).to_string();
    assert!(e.contains("no piece on 7f"), "{e}");
    let e = err(&start, None, "7g7f+", Style::Usi).to_string();
    assert!(e.contains("cannot promote"), "{e}");
    // A pinned piece cannot move, and the reason says so.
    let p = pos("k4r3/9/9/9/9/5G3/9/9/5K3 b - 1");
    let e = err(&p, None, "G-5e", Style::Hodges).to_string();
    assert!(e.contains("leaves the king in check"), "{e}");
    // 同 without a previous move; the wrong side's mark; syntax.
    assert!(matches!(
        err(&start, None, "同歩", Style::Japanese),
        NotationError::NoPreviousMove { .. }
    ));
    assert!(matches!(
        err(&start, None, "☖７六歩", Style::Japanese),
        NotationError::WrongSide { .. }
    ));
    assert_eq!(
        err(&start, None, "７六X", Style::Japanese).to_string(),
        "`７六X` is not a japanese move: expected a piece at character 3"
    );
    assert!(matches!(
        err(&start, None, "", Style::Hodges),
        NotationError::Syntax { .. }
    ));
    assert!(matches!(
        err(&start, None, "P-", Style::Hodges),
        NotationError::Syntax { .. }
    ));
}

#[test]
fn side_without_the_movement_still_reads() {
    // Golds on 6b, 6c and 4c: the rules write ５二金左上 for 6c (6b is also on the left),
    // some writers only ５二金左; 6b is ５二金寄, so 左 alone cannot mean it.
    let p = pos("8k/3G5/3G1G3/9/9/9/9/9/K8 b - 1");
    assert_eq!(
        write_move(&p, None, mv("6c5b"), Style::Japanese).unwrap(),
        "☗５二金左上"
    );
    reads(
        &p,
        None,
        Style::Japanese,
        &["５二金左上", "５二金左", "５二金上左"],
        "6c5b",
    );
    reads(
        &p,
        None,
        Style::Japanese,
        &["５二金寄", "５二金左寄"],
        "6b5b",
    );
}

#[test]
fn pinned_pieces_still_count_for_writing() {
    // The 4六 gold is pinned; both golds are candidates, as in every major library.
    let p = pos("k4r3/9/9/9/9/3G1G3/9/9/5K3 b - 1");
    assert_eq!(
        write_move(&p, None, mv("6f5e"), Style::Japanese).unwrap(),
        "☗５五金左"
    );
    assert_eq!(
        write_move(&p, None, mv("6f5e"), Style::Hosking).unwrap(),
        "G66-55"
    );
    // Reading without the direction still finds the one legal move.
    reads(&p, None, Style::Japanese, &["５五金", "５五金左"], "6f5e");
    reads(&p, None, Style::Hodges, &["G-5e"], "6f5e");
}

#[test]
fn writing_an_illegal_move_is_an_error() {
    let start = Position::startpos();
    for style in Style::ALL {
        assert!(matches!(
            write_move(&start, None, mv("7g7e"), style),
            Err(NotationError::IllegalMove { .. })
        ));
    }
}
