//! Record files as they are found in the wild: each kind of file that other readers take and
//! tokin once refused, written small, read, and checked for what it holds and what the
//! reader says about it (a warning for what is only unusual, an error with its place for
//! what is broken).

mod common;

use common::records::restrict;
use tokin_core::{Move, Position, Setup, Strictness};
use tokin_notation::record::{
    self, EndKind, Format, HeaderKey, Loss, Parsed, ReadOptions, Record, RecordErrorKind, Start,
};
use tokin_notation::{DeclinedPromotion, NotationError, Options, Style, write_move};

fn parse(text: &str, format: Format) -> Parsed {
    record::parse(text, format, ReadOptions::default()).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn usi(moves: impl Iterator<Item = Move>) -> String {
    moves.map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
}

fn line_usi(line: &record::Line) -> String {
    usi(line.moves.iter().map(|n| n.mv))
}

/// Every format that holds variations gives the record back (less what it cannot hold).
fn round_trips(r: &Record) {
    for f in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
        let w = record::write(r, f);
        let back = record::parse(&w.text, f, ReadOptions::default())
            .unwrap_or_else(|e| panic!("{f}: {e}\n{}", w.text));
        let mut expected = restrict(r, f);
        // KIF numbers its moves, and KI2 counts them in the `まで` line of a main line that
        // ends; the other formats start from 1.
        let numbered = f == Format::Kif || f == Format::Ki2 && r.main.end.is_some();
        if !numbered {
            expected.moves_before = 0;
        }
        assert_eq!(back.records[0], expected, "{f}\n{}", w.text);
    }
}

/// A KIF text starting from `sfen` (a diagram), with `moves` after the move header.
fn kif_from(sfen: &str, moves: &str) -> String {
    // Problem diagrams too: the most relaxed level takes any position the rules can play.
    let setup = Setup::from_sfen(sfen).unwrap();
    let pos = Strictness::Relaxed.validate(&setup).unwrap();
    let empty = Record::with_start(Start::from_position(&pos));
    format!("{}{moves}", record::write(&empty, Format::Kif).text)
}

const KIF_HEAD: &str = "手合割：平手\n手数----指手---------消費時間--\n";

#[test]
fn csa_keys_beyond_the_standard_are_kept_with_a_warning() {
    let text = "V2.2\nN+A\nN-B\n$EVENT:test\n$RATING+:1500\n$X_SERVER_ID:abc-123\nPI\n+\n\
                $MOVE_TIME:10\n+7776FU\n-3334FU\n%TORYO\n";
    let p = parse(text, Format::Csa);
    let r = &p.records[0];
    assert_eq!(usi(r.main_moves()), "7g7f 3c3d");
    assert_eq!(
        r.header_value(&HeaderKey::Other("RATING+".into())),
        Some("1500")
    );
    assert_eq!(
        r.header_value(&HeaderKey::Other("X_SERVER_ID".into())),
        Some("abc-123")
    );
    assert_eq!(
        r.header_value(&HeaderKey::Other("MOVE_TIME".into())),
        Some("10")
    );
    let warnings: Vec<String> = p.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(warnings.len(), 4, "{warnings:?}");
    assert!(warnings[0].starts_with("5:1: unknown header key `$RATING+` (kept)"));
    assert!(warnings.iter().any(|w| w.contains("after the position")));
    // CSA writes only the standard keys back, and says which it left out.
    let w = record::write(r, Format::Csa);
    assert!(w.losses.contains(&Loss::HeaderKey {
        format: Format::Csa,
        key: "RATING+".into()
    }));
}

#[test]
fn ki2_moves_run_together_with_every_white_mark() {
    let text = "手合割：平手\n▲７六歩▽３四歩▲２六歩☖８四歩\n☗２五歩△８五歩▲７八金▼３二金\n\
                まで8手で中断\n";
    let p = parse(text, Format::Ki2);
    let r = &p.records[0];
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    assert_eq!(
        usi(r.main_moves()),
        "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b"
    );
    assert_eq!(
        r.main.end.as_ref().map(|e| e.kind),
        Some(EndKind::Interrupt)
    );
    // A mark of the side not to move is still refused, with the move's place.
    let e = record::parse(
        "手合割：平手\n▲７六歩▲３四歩\n",
        Format::Ki2,
        ReadOptions::default(),
    )
    .unwrap_err();
    assert_eq!((e.line, e.column, e.ply), (2, 5, Some(2)), "{e}");
}

#[test]
fn kif_endings_in_other_words_and_more_than_one() {
    for (word, kind) in [
        ("投　了", EndKind::Resign),
        ("Resigns", EndKind::Resign),
        ("resign", EndKind::Resign),
        ("詰　み", EndKind::Mate),
        ("Checkmate", EndKind::Mate),
        ("Sennichite", EndKind::Repetition),
        ("Time up", EndKind::TimeUp),
        ("時間切れ", EndKind::TimeUp),
        ("Abort", EndKind::Interrupt),
        ("入玉宣言", EndKind::EnteringKingWin),
    ] {
        let text = format!("{KIF_HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 {word}\n");
        let p = parse(&text, Format::Kif);
        assert!(p.warnings.is_empty(), "{word}: {:?}", p.warnings);
        assert_eq!(
            p.records[0].main.end.as_ref().map(|e| e.kind),
            Some(kind),
            "{word}"
        );
    }
    // Two ending lines (the second by number or again at the same one): the first stands.
    let text = format!(
        "{KIF_HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n   3 Resign\n   4 反則勝ち\nまで2手で後手の勝ち\n"
    );
    let p = parse(&text, Format::Kif);
    let r = &p.records[0];
    assert_eq!(r.main.end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
    assert!(!r.has_variations());
    assert_eq!(p.warnings.len(), 2, "{:?}", p.warnings);
    assert!(p.warnings[0].to_string().contains("a second ending line"));
    assert_eq!(p.warnings[0].line, 6);
    // A word no program agrees on: read past, with a warning naming it.
    let text = format!("{KIF_HEAD}   1 ７六歩(77)\n   2 封じ手候補\n");
    let p = parse(&text, Format::Kif);
    assert_eq!(p.records[0].main.moves.len(), 1);
    assert!(p.warnings[0].to_string().contains("unknown game ending"));
    // Broken move text is still an error with its place.
    let text = format!("{KIF_HEAD}   1 ７六歩(77)\n   2 ３四步(33)\n");
    let e = record::parse(&text, Format::Kif, ReadOptions::default()).unwrap_err();
    assert_eq!((e.line, e.column, e.ply), (4, 6, Some(2)), "{e}");
}

#[test]
fn kif_variations_from_move_one() {
    let text = format!(
        "{KIF_HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n\n変化：1手\n   1 ２六歩(27)\n   2 ８四歩(83)\n"
    );
    let p = parse(&text, Format::Kif);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let r = &p.records[0];
    assert_eq!(usi(r.main_moves()), "7g7f 3c3d");
    assert_eq!(line_usi(&r.main.moves[0].variations[0]), "2g2f 8c8d");
    round_trips(r);
}

#[test]
fn kif_variations_that_repeat_the_move_they_branch_from() {
    // The variation is announced at move 2 but repeats move 2 and differs from move 3 on.
    let text = format!(
        "{KIF_HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６六歩(67)\n   4 投了\n\n変化：2手\n   2 ３四歩(33)\n   3 ２六歩(27)\n"
    );
    let p = parse(&text, Format::Kif);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let r = &p.records[0];
    assert_eq!(usi(r.main_moves()), "7g7f 3c3d 6g6f");
    assert!(r.main.moves[1].variations.is_empty());
    assert_eq!(line_usi(&r.main.moves[2].variations[0]), "2g2f");
    assert_eq!(r.node_count(), 4);
    round_trips(r);
}

#[test]
fn kif_variations_in_an_unexpected_order() {
    // The variation at move 5 comes after a one-move variation at move 3, whose line has no
    // move 4: it branches from the main line, with a warning.
    let text = format!(
        "{KIF_HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 ２五歩(26)\n   6 ８五歩(84)\n\n変化：3手\n   3 ６六歩(67)\n\n変化：5手\n   5 ７八金(69)\n"
    );
    let p = parse(&text, Format::Kif);
    let r = &p.records[0];
    assert_eq!(usi(r.main_moves()), "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e");
    assert_eq!(line_usi(&r.main.moves[2].variations[0]), "6g6f");
    assert_eq!(line_usi(&r.main.moves[4].variations[0]), "6i7h");
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    assert_eq!(p.warnings[0].line, 13);
    round_trips(r);
    // A variation no line read so far can hold is dropped, with a warning at its line, and
    // the main line kept.
    let text = format!("{KIF_HEAD}   1 ７六歩(77)\n\n変化：5手\n   5 ７八金(69)\n");
    let p = parse(&text, Format::Kif);
    assert_eq!(usi(p.records[0].main_moves()), "7g7f");
    assert_eq!(p.records[0].node_count(), 1);
    let w = &p.warnings[0];
    assert!(
        matches!(&*w.kind, RecordErrorKind::VariationDropped { cause }
            if matches!(**cause, RecordErrorKind::NoBranchPoint { after: 4 })),
        "{w}"
    );
}

#[test]
fn kif_move_numbers_that_skip_or_restart() {
    // Skipped numbers: the moves follow each other, with a warning.
    let text = format!("{KIF_HEAD}   1 ７六歩(77)\n   3 ３四歩(33)\n");
    let p = parse(&text, Format::Kif);
    assert_eq!(usi(p.records[0].main_moves()), "7g7f 3c3d");
    assert!(matches!(
        *p.warnings[0].kind,
        RecordErrorKind::MoveNumber {
            found: 3,
            expected: 2
        }
    ));
    // A number that goes back without a `変化` line starts a variation there.
    let text = format!(
        "{KIF_HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   3 ６六歩(67)\n   4 ８四歩(83)\n"
    );
    let p = parse(&text, Format::Kif);
    let r = &p.records[0];
    assert_eq!(usi(r.main_moves()), "7g7f 3c3d 2g2f");
    assert_eq!(line_usi(&r.main.moves[2].variations[0]), "6g6f 8c8d");
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    assert!(p.warnings[0].to_string().contains("without a 変化 line"));
    round_trips(r);
}

#[test]
fn a_game_ended_by_an_illegal_move_reads_up_to_it() {
    // Move 1 drops a second pawn on file 5 (二歩): the game ends there, lost by Black.
    let sfen = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    for tail in ["   1 ５五歩打\n   2 反則勝ち\n", "   1 ５五歩打\n"] {
        let text = kif_from(sfen, tail);
        let p = parse(&text, Format::Kif);
        let r = &p.records[0];
        assert!(r.main.moves.is_empty());
        assert_eq!(
            r.main.end.as_ref().map(|e| e.kind),
            Some(EndKind::IllegalLoss)
        );
        assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
        let w = &p.warnings[0];
        assert!(matches!(*w.kind, RecordErrorKind::IllegalLastMove { .. }));
        assert_eq!(w.ply, Some(1));
        assert!(w.to_string().contains("P*5e"), "{w}");
        round_trips(r);
    }
    // The same in CSA, with the server's ending after it.
    let csa = "V2.2\nP-51OU\nP+59OU\nP+57FU\nP+00FU\n+\n+0055FU\nT3\n%ILLEGAL_MOVE\n";
    let p = parse(csa, Format::Csa);
    assert_eq!(
        p.records[0].main.end.as_ref().map(|e| e.kind),
        Some(EndKind::IllegalLoss)
    );
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    // When the game goes on after it, the file is broken there, as before.
    let text = kif_from(sfen, "   1 ５五歩打\n   2 ５二玉(51)\n");
    let e = record::parse(&text, Format::Kif, ReadOptions::default()).unwrap_err();
    assert_eq!(e.ply, Some(1), "{e}");
    assert!(matches!(*e.kind, RecordErrorKind::Move { .. }), "{e}");
    let e = record::parse(
        "V2.2\nP-51OU\nP+59OU\nP+57FU\nP+00FU\n+\n+0055FU\n-5152OU\n",
        Format::Csa,
        ReadOptions::default(),
    )
    .unwrap_err();
    assert_eq!((e.line, e.ply), (7, Some(1)), "{e}");
    // A move that is not there at all is no foul: an error.
    let text = kif_from(sfen, "   1 ５五金打\n");
    assert!(record::parse(&text, Format::Kif, ReadOptions::default()).is_err());
}

#[test]
fn tsume_records_read_and_say_which_rules_their_diagram_breaks() {
    // One king (White's), and Black with two pawns on file 5: a composed problem.
    let sfen = "4k4/9/4P4/9/4P4/9/9/9/9 b G 1";
    let text = kif_from(sfen, "   1 ５二金打\n   2 詰み\n");
    let p = parse(&text, Format::Kif);
    let r = &p.records[0];
    assert_eq!(usi(r.main_moves()), "G*5b");
    assert_eq!(r.main.end.as_ref().map(|e| e.kind), Some(EndKind::Mate));
    let breaks: Vec<String> = r
        .start
        .position()
        .game_rule_breaks()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(breaks.iter().any(|b| b.contains("no king")), "{breaks:?}");
    assert!(breaks.iter().any(|b| b.contains("file 5")), "{breaks:?}");
    round_trips(r);
}

#[test]
fn an_ambiguous_move_is_refused_with_its_candidates() {
    // Three golds can reach 5h; 金左 fits the two on the left (左寄 and 上).
    let sfen = "8k/9/9/9/9/9/9/3G1G3/K2G5 b - 1";
    let pos = Position::from_sfen(sfen).unwrap();
    let empty = Record::with_start(Start::from_position(&pos));
    let text = format!("{}▲５八金左\n", record::write(&empty, Format::Ki2).text);
    let e = record::parse(&text, Format::Ki2, ReadOptions::default()).unwrap_err();
    let RecordErrorKind::Move {
        source: NotationError::Ambiguous { candidates, .. },
    } = &*e.kind
    else {
        panic!("{e}")
    };
    assert_eq!(*candidates, ["☗５八金左寄", "☗５八金上"]);
    let message = e.to_string();
    assert!(message.contains("５八金左寄"), "{message}");
    assert!(message.contains("５八金上"), "{message}");
    assert_eq!(e.ply, Some(1));
    let text = format!("{}▲５八金左寄\n", record::write(&empty, Format::Ki2).text);
    assert_eq!(
        usi(parse(&text, Format::Ki2).records[0].main_moves()),
        "6h5h"
    );
}

#[test]
fn kif_move_text_and_the_kif_writer_agree_on_declined_promotions() {
    let pos = Position::from_sfen("8k/9/4SS3/9/9/9/9/9/K8 b - 1").unwrap();
    let mv = Move::from_usi("4c4b").unwrap();
    let style = write_move(&pos, None, mv, Style::Kif).unwrap();
    assert_eq!(style, "４二銀(43)");
    let mut r = Record::with_start(Start::from_position(&pos));
    r.main.moves.push(record::Node::new(mv));
    let kif = record::write(&r, Format::Kif).text;
    assert!(kif.contains(&format!("   1 {style}\n")), "{kif}");
    // The other form, on request, reads back as the same move.
    let mut opts = Options::default();
    opts.declined_promotion = DeclinedPromotion::Marked;
    let mut marked = String::new();
    tokin_notation::write_move_into(&mut marked, &pos, None, mv, Style::Kif, &opts).unwrap();
    assert_eq!(marked, "４二銀不成(43)");
    let text = kif.replace(&style, &marked);
    assert_eq!(parse(&text, Format::Kif).records[0], r);
}

#[test]
fn a_record_may_number_its_moves_from_a_later_start() {
    let text = format!(
        "{KIF_HEAD}  41 ７六歩(77)\n  42 ３四歩(33)\n  43 投了\n\n変化：42手\n  42 ８四歩(83)\n"
    );
    let p = parse(&text, Format::Kif);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let r = &p.records[0];
    assert_eq!(r.moves_before, 40);
    assert_eq!(usi(r.main_moves()), "7g7f 3c3d");
    assert_eq!(line_usi(&r.main.moves[1].variations[0]), "8c8d");
    let kif = record::write(r, Format::Kif);
    assert!(kif.text.contains("  41 ７六歩(77)\n"), "{}", kif.text);
    assert!(kif.text.contains("変化：42手"), "{}", kif.text);
    assert!(kif.losses.is_empty(), "{:?}", kif.losses);
    // KI2 counts the moves before the start in its `まで` line.
    let ki2 = record::write(r, Format::Ki2);
    assert!(ki2.text.contains("まで42手で後手の勝ち"), "{}", ki2.text);
    assert!(ki2.text.contains("変化：42手"), "{}", ki2.text);
    assert!(ki2.losses.is_empty(), "{:?}", ki2.losses);
    // Without an ending it cannot, and says so.
    let mut open = r.clone();
    open.main.end = None;
    assert!(
        record::write(&open, Format::Ki2)
            .losses
            .contains(&Loss::MoveNumbers {
                format: Format::Ki2,
                moves_before: 40
            })
    );
    round_trips(r);
    round_trips(&open);
    // A number before the record's first move is broken.
    let text = format!("{KIF_HEAD}  41 ７六歩(77)\n  40 ３四歩(33)\n");
    let e = record::parse(&text, Format::Kif, ReadOptions::default()).unwrap_err();
    assert!(
        matches!(*e.kind, RecordErrorKind::MoveNumber { found: 40, .. }),
        "{e}"
    );
}

#[test]
fn ki2_reads_a_later_start_from_the_count_of_its_end() {
    // Seven moves counted as 47: the record starts after move 40. The variation's own `まで`
    // line, and its `変化` number, follow the main line's count.
    let text = "手合割：平手\n▲７六歩    △３四歩    ▲２六歩    △８四歩    ▲２五歩    △８五歩\n\
                ▲７八金\nまで47手で先手の勝ち\n\n変化：46手\n△３二金\nまで46手で後手の勝ち\n";
    let p = parse(text, Format::Ki2);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let r = &p.records[0];
    assert_eq!(r.moves_before, 40);
    assert_eq!(usi(r.main_moves()), "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h");
    assert_eq!(line_usi(&r.main.moves[5].variations[0]), "4a3b");
    let ki2 = record::write(r, Format::Ki2);
    assert!(ki2.text.contains("まで47手で先手の勝ち"), "{}", ki2.text);
    assert!(ki2.losses.is_empty(), "{:?}", ki2.losses);
    round_trips(r);
    // A count that is the moves read, or fewer, is a whole game.
    for end in [
        "まで7手で先手の勝ち",
        "まで3手で先手の勝ち",
        "まで手で先手の勝ち",
    ] {
        let text = format!(
            "手合割：平手\n▲７六歩    △３四歩    ▲２六歩    △８四歩    ▲２五歩    △８五歩\n▲７八金\n{end}\n"
        );
        assert_eq!(
            parse(&text, Format::Ki2).records[0].moves_before,
            0,
            "{end}"
        );
    }
}

#[test]
fn kif_in_the_shapes_81dojo_writes() {
    // 81Dojo's KIF downloads give each move's time without the total (`( 0:12/)`), or with
    // totals not padded with zeros, and may number moves without the padding; a game of
    // tokin's own in those shapes.
    let head = "#KIF version=2.0 encoding=UTF-8\n開始日時：2024/04/01\n場所：81Dojo\n\
                持ち時間：15分+60秒\n手合割：平手\n先手：a\n後手：b\n手数----指手---------消費時間--\n";
    for moves in [
        "   1 ７六歩(77)   ( 0:12/)\n   2 ３四歩(33)   ( 0:3/)\n   3 ２二角成(88)   ( 0:5/)\n\
         \x20  4 同　銀(31)   ( 0:2/)\n   5 投了   ( 0:10/)\n",
        "1   ７六歩(77)   (0:12/0:0:12)\n2   ３四歩(33)   (0:3/0:0:3)\n\
         3   ２二角成(88)   (0:5/0:0:17)\n4   同　銀(31)   (0:2/0:0:5)\n5   投了   (0:10/0:0:27)\n",
    ] {
        let p = parse(&format!("{head}{moves}"), Format::Kif);
        assert!(p.warnings.is_empty(), "{moves}: {:?}", p.warnings);
        let r = &p.records[0];
        assert_eq!(usi(r.main_moves()), "7g7f 3c3d 8h2b+ 3a2b", "{moves}");
        let spent: Vec<u64> = r
            .main
            .moves
            .iter()
            .map(|n| n.time.map_or(0, |t| t.spent.as_secs()))
            .collect();
        assert_eq!(spent, [12, 3, 5, 2], "{moves}");
        let end = r.main.end.as_ref().unwrap();
        assert_eq!(end.kind, EndKind::Resign);
        assert_eq!(end.time.map(|t| t.spent.as_secs()), Some(10));
        assert_eq!(r.header_value(&HeaderKey::Site), Some("81Dojo"));
        round_trips(r);
    }
}

/// A KI2 text starting from `sfen` (a diagram), with `moves` after it.
fn ki2_from(sfen: &str, moves: &str) -> String {
    let setup = Setup::from_sfen(sfen).unwrap();
    let pos = Strictness::Relaxed.validate(&setup).unwrap();
    let empty = Record::with_start(Start::from_position(&pos));
    format!("{}{moves}", record::write(&empty, Format::Ki2).text)
}

#[test]
fn a_ki2_game_ended_by_an_illegal_move_reads_up_to_it() {
    // KI2 gives no origins: the move is the one the text would name if the rules allowed
    // it. A second pawn on file 5 (二歩), written as KI2 writes any drop; a piece that must
    // promote and does not; a pinned gold that leaves its king in check.
    let two_pawns = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    let cases = [
        (two_pawns, "▲５五歩\n", "P*5e"),
        (two_pawns, "▲５五歩打\nまで1手で先手の反則負け\n", "P*5e"),
        (two_pawns, "▲５五歩\n▲反則負け\n", "P*5e"),
        (two_pawns, "▲５五歩\n*二歩\n", "P*5e"),
        ("4k4/8L/9/9/9/9/9/9/4K4 b - 1", "▲１一香不成\n", "1b1a"),
        ("4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1", "▲４八金\n", "5h4h"),
    ];
    for (sfen, tail, foul) in cases {
        let p = parse(&ki2_from(sfen, tail), Format::Ki2);
        let r = &p.records[0];
        assert!(r.main.moves.is_empty(), "{tail}");
        assert_eq!(
            r.main.end.as_ref().map(|e| e.kind),
            Some(EndKind::IllegalLoss),
            "{tail}"
        );
        assert_eq!(p.warnings.len(), 1, "{tail}: {:?}", p.warnings);
        let w = &p.warnings[0];
        assert!(
            matches!(*w.kind, RecordErrorKind::IllegalLastMove { .. }),
            "{w}"
        );
        assert_eq!(w.ply, Some(1), "{w}");
        assert!(w.to_string().contains(foul), "{tail}: {w}");
        round_trips(r);
    }
    // When the game goes on after it (on the same line or the next), the file is broken there.
    for tail in ["▲５五歩    △５二玉\n", "▲５五歩\n△５二玉\n"] {
        let e = record::parse(
            &ki2_from(two_pawns, tail),
            Format::Ki2,
            ReadOptions::default(),
        )
        .unwrap_err();
        assert_eq!(e.ply, Some(1), "{tail}: {e}");
        assert!(matches!(*e.kind, RecordErrorKind::Move { .. }), "{e}");
    }
    // A move that names no move at all is no foul: an error.
    for tail in ["▲５五金\n", "▲５六と\n"] {
        let e = record::parse(
            &ki2_from(two_pawns, tail),
            Format::Ki2,
            ReadOptions::default(),
        )
        .unwrap_err();
        assert!(
            matches!(*e.kind, RecordErrorKind::Move { .. }),
            "{tail}: {e}"
        );
    }
}

#[test]
fn kif_lines_out_of_place_read_as_what_they_are_and_write_back() {
    // A page break (form feed) or a stray carriage return before a move line, as printed and
    // pasted-together records have, and a hand line after the moves: the move lines are
    // moves, and the hand line, kept as a header entry, is no start position.
    let text = "手合割：平手\n手数----指手-----消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n\
                \x0c   2 ３四歩(33)   ( 0:02/00:00:02)\n\r   3 ２六歩(27)   ( 0:01/00:00:02)\n\
                先手の持駒：角\n   4 投了\n";
    let p = parse(text, Format::Kif);
    let r = &p.records[0];
    assert_eq!(usi(r.main_moves()), "7g7f 3c3d 2g2f");
    assert_eq!(r.main.end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
    assert_eq!(
        r.header_value(&HeaderKey::Other("先手の持駒".into())),
        Some("角")
    );
    for f in [Format::Kif, Format::Ki2] {
        // Written as a header line it would be a diagram's hand before the moves: it is
        // written as a comment instead, and the writer says so.
        let w = record::write(r, f);
        assert!(
            w.losses.contains(&Loss::HeaderKey {
                format: f,
                key: "先手の持駒".into()
            }),
            "{f}: {:?}",
            w.losses
        );
        let back = &parse(&w.text, f).records[0];
        assert_eq!(back.start, r.start, "{f}\n{}", w.text);
        assert_eq!(usi(back.main_moves()), "7g7f 3c3d 2g2f", "{f}\n{}", w.text);
        assert_eq!(back.comments, ["先手の持駒：角"], "{f}\n{}", w.text);
    }
}
