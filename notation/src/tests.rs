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
fn a_side_without_the_movement_it_needs_is_ambiguous() {
    // Golds on 6b, 6c and 4c: the rules write ５二金左上 for 6c (6b is also on the left).
    // ５二金左 fits both golds on the left, so it is refused with both named, rather than
    // guessed to mean the one whose movement alone does not name it.
    let p = pos("8k/3G5/3G1G3/9/9/9/9/9/K8 b - 1");
    assert_eq!(
        write_move(&p, None, mv("6c5b"), Style::Japanese).unwrap(),
        "☗５二金左上"
    );
    reads(
        &p,
        None,
        Style::Japanese,
        &["５二金左上", "５二金上左"],
        "6c5b",
    );
    let NotationError::Ambiguous { candidates, .. } = err(&p, None, "５二金左", Style::Japanese)
    else {
        panic!("５二金左 should be ambiguous")
    };
    assert_eq!(candidates, ["☗５二金寄", "☗５二金左上"]);
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

/// Texts that name an impossible move (one square as origin and destination, a king or a
/// promoted piece dropped) once panicked in the move constructors; they are errors that say
/// what is wrong.
/// The message counts characters from 1; an offset at the top of `usize` (public fields, so
/// any value can be built) overflowed the `+ 1` in debug builds.
#[test]
fn a_syntax_error_at_the_largest_offset_displays() {
    let e = NotationError::Syntax {
        style: Style::Csa,
        text: "x".to_string(),
        at: usize::MAX,
        reason: "test",
    };
    assert!(
        e.to_string()
            .ends_with(&format!("at character {}", usize::MAX)),
        "{e}"
    );
}

#[test]
fn impossible_moves_are_errors_not_panics() {
    let start = Position::startpos();
    // Black's CSA move from 1a to 1a, where White's lance stands.
    let e = err(&start, None, "+1111KY", Style::Csa);
    assert!(
        e.to_string().contains("origin and destination are both 1a"),
        "{e}"
    );
    let e = err(&start, None, "+5555FU", Style::Csa);
    assert!(e.to_string().contains("no piece on 5e"), "{e}");
    let e = err(&start, None, "+0055OU", Style::Csa);
    assert!(e.to_string().contains("a king cannot be dropped"), "{e}");
    let e = err(&start, None, "+0055TO", Style::Csa);
    assert!(
        e.to_string().contains("a promoted pawn cannot be dropped"),
        "{e}"
    );
    // White to move: its own lance on 1a, named as moving to its own square.
    let mut white = start.clone();
    white.play(mv("7g7f")).unwrap();
    for (text, style) in [
        ("-1111KY", Style::Csa),
        ("１一香(11)", Style::Kif),
        ("１一香(11)", Style::Japanese),
        ("L1a-1a", Style::Hodges),
        ("L11-11", Style::Western),
        ("香(11)-11", Style::Kitao),
    ] {
        let e = err(&white, None, text, style);
        assert!(
            e.to_string().contains("origin and destination are both 1a"),
            "`{text}` in {style}: {e}"
        );
    }
    // A drop of a kind that cannot be dropped, in the styles that can say so.
    let e = err(&start, None, "K*5e", Style::Hodges);
    assert!(e.to_string().contains("king cannot be dropped"), "{e}");
    assert!(matches!(
        err(&start, None, "K*5e", Style::Usi),
        NotationError::Syntax { .. }
    ));
}

mod records {
    //! Whole records that once crashed the reader.

    use crate::record::{self, Format, ReadOptions, Record};

    fn read(text: &str, format: Format) -> Result<Vec<Record>, String> {
        record::parse(text, format, ReadOptions::default())
            .map(|p| p.records)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_csa_move_from_a_square_to_itself() {
        let e = read("V2.2\nPI\n+\n+1111KY\n", Format::Csa).unwrap_err();
        assert!(e.contains("origin and destination are both 1a"), "{e}");
        assert!(e.contains("+1111KY"), "{e}");
        // Lenient reading keeps the game up to the bad move.
        let p = record::parse(
            "V2.2\nPI\n+\n+7776FU\n-1111KY\n",
            Format::Csa,
            ReadOptions {
                lenient: true,
                ..ReadOptions::default()
            },
        )
        .unwrap();
        assert_eq!(p.records[0].main.moves.len(), 1);
        assert_eq!(p.warnings.len(), 1);
    }

    fn jkf_with_move(mv: &str) -> String {
        format!(
            r#"{{"header":{{}},"initial":{{"preset":"HIRATE"}},"moves":[{{}},{{"move":{mv}}}]}}"#
        )
    }

    #[test]
    fn a_jkf_drop_of_a_king_or_a_promoted_piece() {
        for piece in ["OU", "TO", "RY"] {
            let text = jkf_with_move(&format!(
                r#"{{"to":{{"x":5,"y":5}},"color":0,"piece":"{piece}"}}"#
            ));
            let e = read(&text, Format::Jkf).unwrap_err();
            assert!(e.contains(piece) && e.contains("dropped"), "{e}");
        }
        let text =
            jkf_with_move(r#"{"from":{"x":1,"y":1},"to":{"x":1,"y":1},"color":0,"piece":"KY"}"#);
        let e = read(&text, Format::Jkf).unwrap_err();
        assert!(e.contains("same square"), "{e}");
    }

    /// JKF times are any whole numbers; two of the largest for one side overflowed the sum of
    /// that side's time (a panic in `Duration`'s addition).
    #[test]
    fn jkf_times_too_large_to_add_up() {
        let max = u64::MAX;
        let text = format!(
            r#"{{"header":{{}},"initial":{{"preset":"HIRATE"}},"moves":[{{}},
            {{"move":{{"from":{{"x":7,"y":7}},"to":{{"x":7,"y":6}},"color":0,"piece":"FU"}},"time":{{"now":{{"m":0,"s":{max}}}}}}},
            {{"move":{{"from":{{"x":3,"y":3}},"to":{{"x":3,"y":4}},"color":1,"piece":"FU"}}}},
            {{"move":{{"from":{{"x":2,"y":7}},"to":{{"x":2,"y":6}},"color":0,"piece":"FU"}},"time":{{"now":{{"m":{max},"s":{max}}}}}}}]}}"#
        );
        let games = read(&text, Format::Jkf).unwrap();
        assert_eq!(games[0].main.moves.len(), 3);
        for f in Format::ALL {
            let _ = record::write(&games[0], f);
        }
    }

    #[test]
    fn a_kif_move_from_a_square_to_itself() {
        let text =
            "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 １一香(11)\n";
        let e = read(text, Format::Kif).unwrap_err();
        assert!(e.contains("origin and destination are both 1a"), "{e}");
    }

    /// A move number with more digits than fit was read as move 0.
    #[test]
    fn a_kif_move_number_too_large() {
        let text = "手合割：平手\n手数----指手---------消費時間--\n99999999999 ７六歩(77)\n";
        let e = read(text, Format::Kif).unwrap_err();
        assert!(e.contains("too large") && e.contains("99999999999"), "{e}");
    }

    /// A game from a diagram may continue another's numbering; a first move numbered
    /// `u32::MAX` made the number expected of the next move (`2 + u32::MAX - 1`) overflow a
    /// 32-bit `usize` (a panic in debug builds there). It is a move number error instead.
    #[test]
    fn a_kif_diagram_game_numbered_from_the_largest_move_number() {
        let text = "後手の持駒：なし\n\
             |v玉 ・ ・ ・ ・ ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ 飛 ・ ・ ・ ・|八\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ 玉|九\n先手の持駒：なし\n先手番\n\
             手数----指手---------消費時間--\n\
             4294967295 ５七飛(58)\n";
        let games = read(text, Format::Kif).unwrap();
        assert_eq!(games[0].main.moves.len(), 1);
        let text = format!("{text}1 ９二玉(91)\n");
        let e = record::parse(&text, Format::Kif, ReadOptions::default()).unwrap_err();
        assert!(
            matches!(
                *e.kind,
                record::RecordErrorKind::MoveNumber { found: 1, .. }
            ),
            "{e}"
        );
    }

    /// A PSN line whose every move opens a variation holding the same move again, `levels`
    /// deep.
    fn nested_psn(levels: usize) -> String {
        let mut s = String::from("[Sente \"A\"]\n\n1. P-7f");
        for _ in 0..levels {
            s.push_str(" ( 1. P-2f");
        }
        for _ in 0..levels {
            s.push_str(" )");
        }
        s.push_str(" *\n");
        s
    }

    /// A KIF game where variation `j` branches at move `j` off variation `j - 1`, so the
    /// last is nested `levels` deep. The moves shuffle two rooks along their ranks.
    fn nested_kif(levels: usize) -> String {
        const WIDE: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];
        const KANJI: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
        let mut s = String::from(
            "後手の持駒：なし\n\
             |v玉 ・ ・ ・ ・ ・ ・ ・ ・|一\n| ・ ・ ・ ・v飛 ・ ・ ・ ・|二\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ 飛 ・ ・ ・ ・|八\n\
             | ・ ・ ・ ・ ・ ・ ・ ・ 玉|九\n先手の持駒：なし\n先手番\n\
             手数----指手---------消費時間--\n",
        );
        // The file of each side's rook (Black on rank 8, White on rank 2), and a move of the
        // side to move's rook to another of files 2 to 8.
        let play = |s: &mut String, files: &mut [usize; 2], ply: usize, pick: usize| {
            let side = (ply + 1) % 2;
            let rank = [8, 2][side];
            let from = files[side];
            let to = (2..=8).filter(|&f| f != from).nth(pick).unwrap_or(2);
            s.push_str(&format!(
                "{ply:>4} {}{}飛({from}{rank})\n",
                WIDE[to], KANJI[rank]
            ));
            files[side] = to;
        };
        play(&mut s, &mut [5, 5], 1, 0);
        let mut alt = [5, 5];
        for j in 1..=levels {
            s.push_str(&format!("\n変化：{j}手\n"));
            play(&mut s, &mut alt, j, 1);
            play(&mut s, &mut alt.clone(), j + 1, 0);
        }
        s
    }

    /// Each level of nested variations is a few stack frames in the readers, writers and
    /// walkers; a file nesting them tens of thousands deep overflowed the stack. The limit
    /// itself reads, writes and walks (in a test thread's smaller stack), and one more level
    /// is an error.
    #[test]
    fn variations_nested_too_deep() {
        use crate::record::MAX_VARIATION_DEPTH;
        for (format, text) in [
            (Format::Psn, nested_psn(MAX_VARIATION_DEPTH)),
            (Format::Kif, nested_kif(MAX_VARIATION_DEPTH)),
        ] {
            let games = read(&text, format).unwrap_or_else(|e| panic!("{format}: {e}"));
            let mut deepest = 0;
            games[0].walk(|v| deepest = deepest.max(v.depth));
            assert_eq!(deepest, MAX_VARIATION_DEPTH, "{format}");
            for f in Format::ALL {
                let _ = record::write(&games[0], f);
            }
        }
        for (format, text) in [
            (Format::Psn, nested_psn(MAX_VARIATION_DEPTH + 1)),
            (Format::Psn, nested_psn(100_000)),
        ] {
            let e = read(&text, format).unwrap_err();
            assert!(e.contains("variations nest more than"), "{format}: {e}");
        }
        // KIF drops a variation it cannot take, with a warning, and keeps the rest.
        let text = nested_kif(MAX_VARIATION_DEPTH + 1);
        let p = record::parse(&text, Format::Kif, ReadOptions::default()).unwrap();
        let mut deepest = 0;
        p.records[0].walk(|v| deepest = deepest.max(v.depth));
        assert_eq!(deepest, MAX_VARIATION_DEPTH);
        assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
        let w = p.warnings[0].to_string();
        assert!(w.contains("variations nest more than"), "{w}");
        assert!(w.contains("the variation is dropped"), "{w}");
    }

    #[test]
    fn kanji_counts_have_one_ten_at_most() {
        use crate::record::diagram::parse_kanji_number;
        assert_eq!(parse_kanji_number("十"), Some(10));
        assert_eq!(parse_kanji_number("十八"), Some(18));
        assert_eq!(parse_kanji_number("九十九"), Some(99));
        assert_eq!(parse_kanji_number("十十"), None);
        assert_eq!(parse_kanji_number(&"十".repeat(1000)), None);
        assert_eq!(parse_kanji_number("99999999999"), None);
    }

    /// A KIF hand count added to the count before it overflowed `u32` (a panic in debug
    /// builds; in release builds it wrapped to an empty hand, silently).
    #[test]
    fn a_kif_hand_count_too_large_to_add() {
        use crate::record::diagram::parse_kif_hand;
        assert!(parse_kif_hand("歩　歩4294967295").is_err());
        assert!(parse_kif_hand("歩4294967295").is_err());
        assert!(parse_kif_hand("歩十八").is_ok());
    }
}

/// The shortcuts the move readers and writers take (one attack set for the candidates of a
/// kind, a white-space test by comparisons)
/// give the answers of the ways they replace.
mod shortcuts {
    use crate::common::{candidates, is_white};
    use tokin_core::attacks;
    use tokin_core::testing::{Pick, random_game_positions_from};
    use tokin_core::{Bitboard, Color, Handicap, PieceKind, Position, Square};

    /// Positions of random games from every handicap start, captures preferred half the
    /// time so that hands fill and pieces promote.
    fn positions() -> Vec<Position> {
        let starts: Vec<Position> = Handicap::ALL.iter().map(|h| h.position()).collect();
        let mut out = Vec::new();
        random_game_positions_from(&starts, 17, 40, 160, Pick::PreferCaptures, |pos, _| {
            out.push(pos.clone());
        });
        out
    }

    #[test]
    fn candidates_are_the_pieces_that_reach_the_square() {
        for pos in positions().iter().step_by(3) {
            let occ = pos.occupied();
            for color in [Color::Black, Color::White] {
                for kind in PieceKind::ALL {
                    for to in Square::ALL {
                        let mut each = Bitboard::EMPTY;
                        for sq in pos.pieces_of(color, kind) {
                            if attacks::piece(color, kind, sq, occ).contains(to) {
                                each = each.with(sq);
                            }
                        }
                        assert_eq!(candidates(pos, color, kind, to), each);
                    }
                }
            }
        }
    }

    /// KIF texts of the usual form, of legal moves and of moves the rules do not allow
    /// (promoting or not against the rules, another origin, a drop without the piece), read
    /// by the shortcut and by the general reader.
    #[test]
    fn kif_move_shortcut_reads_as_the_general_reader() {
        use crate::japanese::{parse_as, parse_kif_plain};
        use crate::{Options, Style};
        let marked = Options {
            declined_promotion: crate::DeclinedPromotion::Marked,
            ..Options::default()
        };
        let (mut texts, mut plain) = (0, 0);
        for pos in positions().iter().step_by(5) {
            let last_to = Some(Square::S55);
            for mv in pos.legal_moves() {
                let mut variants = Vec::new();
                for (opts, last) in [(Options::default(), None), (marked, Some(mv.to()))] {
                    let mut t = String::new();
                    crate::kif_move::write(&mut t, pos, last, mv, &opts);
                    variants.push(t);
                }
                let t = variants[0].clone();
                variants.push(t.replace("成(", "("));
                variants.push(t.replace('(', "成("));
                variants.push(t.replace('(', "不成("));
                variants.push(t.replace('(', "生("));
                variants.push(t.replace("打", "成打"));
                variants.push(t.replace('打', "(55)"));
                for d in ['1', '5', '9'] {
                    let mut other: Vec<char> = t.chars().collect();
                    if let Some(p) = other.iter().rposition(|c| c.is_ascii_digit()) {
                        other[p] = d;
                    }
                    variants.push(other.into_iter().collect());
                }
                variants.push(format!(
                    "同　{}",
                    &t[t.char_indices().nth(2).map_or(0, |c| c.0)..]
                ));
                for text in &variants {
                    texts += 1;
                    for last in [None, last_to, Some(mv.to())] {
                        if let Some(m) = parse_kif_plain(pos, last, text) {
                            plain += 1;
                            assert_eq!(
                                parse_as(
                                    pos,
                                    last,
                                    text,
                                    Style::Kif,
                                    &crate::kif_move::render_default
                                )
                                .ok(),
                                Some(m),
                                "`{text}` in {}",
                                pos.to_sfen()
                            );
                        }
                    }
                }
            }
        }
        assert!(plain * 4 > texts, "{plain} of {texts}");
    }

    #[test]
    fn is_white_is_unicode_white_space() {
        for c in (0..=0x10_ffff).filter_map(char::from_u32) {
            assert_eq!(is_white(c), c.is_whitespace(), "U+{:04X}", c as u32);
        }
    }
}
