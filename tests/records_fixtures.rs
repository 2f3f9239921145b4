//! Hand-written record fixtures (tests/data/records, built by make_fixtures.py from src/):
//! what each file holds, the same game in different formats agreeing, every fixture going
//! through every format, damaged files failing with the right place and message (and keeping
//! what came before in lenient mode), and no input of any bytes making a reader panic.

mod common;

use common::records::restrict;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokin_core::{Color, Handicap, Move};
use tokin_notation::record::{
    self, EndKind, Format, HeaderKey, MoveTime, Parsed, ReadOptions, Record, Start,
};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}

fn read_with(name: &str, opts: ReadOptions) -> Result<Parsed, record::RecordError> {
    let path = dir().join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let format = Format::from_extension(ext).unwrap_or_else(|| panic!("{name}: no format"));
    record::parse(&record::decode(&bytes), format, opts).map_err(|e| e.in_file(name))
}

fn read(name: &str) -> Record {
    let mut p = read_with(name, ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(p.warnings.is_empty(), "{name}: {:?}", p.warnings);
    assert_eq!(p.records.len(), 1, "{name}");
    p.records.remove(0)
}

fn usi(moves: impl Iterator<Item = Move>) -> String {
    moves.map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
}

const GOOD: [&str; 14] = [
    "tempo_loss.kif",
    "tempo_loss.kifu",
    "two_pieces.kif",
    "two_pieces.kifu",
    "habu_silver.kif",
    "habu_silver.kifu",
    "ishida.ki2",
    "ishida.ki2u",
    "ishida.psn",
    "v22_handicap.csa",
    "v30_position.csa",
    "forks.jkf",
    "multi.csa",
    "games.usi",
];

#[test]
fn shift_jis_and_utf8_copies_read_the_same() {
    for stem in ["tempo_loss", "two_pieces", "habu_silver"] {
        assert_eq!(
            read(&format!("{stem}.kif")),
            read(&format!("{stem}.kifu")),
            "{stem}"
        );
    }
    assert_eq!(read("ishida.ki2"), read("ishida.ki2u"));
}

#[test]
fn kif_with_times_comments_bookmarks_and_variations() {
    let r = read("tempo_loss.kif");
    assert_eq!(r.start, Start::Handicap(Handicap::Even));
    assert_eq!(r.header_value(&HeaderKey::Black), Some("先手 一郎"));
    assert_eq!(r.header_value(&HeaderKey::Event), Some("練習対局"));
    assert_eq!(
        r.header_value(&HeaderKey::StartTime),
        Some("2024/03/01 10:00:00")
    );
    assert_eq!(
        r.header_value(&HeaderKey::Other("表題".into())),
        Some("一手損角換わり")
    );
    assert_eq!(r.comments, vec!["対局開始前のコメント".to_string()]);
    let m = &r.main.moves;
    assert_eq!(m.len(), 44);
    assert_eq!(m[0].comments, vec!["角道を開ける".to_string()]);
    assert_eq!(m[7].bookmark.as_deref(), Some("角交換"));
    assert_eq!(m[7].mv, Move::from_usi("2b8h+").unwrap());
    assert_eq!(m[23].comments, vec!["*評価値 -35".to_string()]);
    assert_eq!(
        m[0].time,
        Some(MoveTime {
            spent: Duration::from_secs(1),
            total: None
        })
    );
    // Move 44's clock jumped: the stated total is kept because it is not the running sum.
    assert_eq!(
        m[43].time,
        Some(MoveTime {
            spent: Duration::from_secs(600),
            total: Some(Duration::from_secs(3600))
        })
    );
    let end = r.main.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert_eq!(end.time.unwrap().spent, Duration::from_secs(60));
    // The variation at move 24 starts with 同 (a recapture on the previous destination).
    let var = &m[23].variations[0];
    assert_eq!(var.moves[0].mv, Move::from_usi("3c2d").unwrap());
    assert_eq!(var.moves[0].mv.to(), m[22].mv.to());
    assert_eq!(var.moves[0].comments, vec!["同銀と取る変化".to_string()]);
    assert_eq!(var.moves.len(), 4);
    assert_eq!(var.end.as_ref().unwrap().kind, EndKind::Interrupt);
    let var = &m[32].variations[0];
    assert_eq!(usi(var.moves.iter().map(|n| n.mv)), "P*2c 3b2c");
    assert_eq!(var.end.as_ref().unwrap().kind, EndKind::Resign);
    assert_eq!(r.node_count(), 44 + 4 + 2);
}

#[test]
fn handicap_game_in_kif_and_csa_agree() {
    let kif = read("two_pieces.kif");
    assert_eq!(kif.start, Start::Handicap(Handicap::TwoPieces));
    assert_eq!(kif.header_value(&HeaderKey::Black), Some("下手 太郎"));
    assert_eq!(kif.header_value(&HeaderKey::White), Some("上手 花子"));
    assert_eq!(kif.main.moves.len(), 12);
    assert_eq!(kif.main.end.as_ref().unwrap().kind, EndKind::Resign);
    let csa = read("v22_handicap.csa");
    assert_eq!(csa.start, kif.start);
    assert_eq!(usi(csa.main_moves()), usi(kif.main_moves()));
    assert_eq!(csa.header_value(&HeaderKey::Black), Some("Shitate Taro"));
    assert_eq!(csa.header_value(&HeaderKey::Site), Some("Osaka"));
    assert_eq!(csa.header_value(&HeaderKey::TimeControl), Some("00:30+30"));
    for (a, b) in csa.main.moves.iter().zip(&kif.main.moves) {
        assert_eq!(a.time.map(|t| t.spent), b.time.map(|t| t.spent));
    }
    assert_eq!(
        csa.main.moves[2].comments,
        vec![" the usual start".to_string()]
    );
    let end = csa.main.end.as_ref().unwrap();
    assert_eq!(
        (end.kind, end.time.unwrap().spent),
        (EndKind::Resign, Duration::from_secs(30))
    );
    assert_eq!(end.comments, vec![" White resigns early".to_string()]);
}

#[test]
fn board_diagram_start_in_kif_and_csa_agree() {
    let kif = read("habu_silver.kif");
    let Start::Position(pos) = &kif.start else {
        panic!("expected a custom start")
    };
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(
        pos.to_sfen(),
        "ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 1"
    );
    assert_eq!(usi(kif.main_moves()), "3b4b 5b4a+ 4b4a G*5b");
    assert_eq!(kif.main.end.as_ref().unwrap().kind, EndKind::Mate);
    let csa = read("v30_position.csa");
    assert_eq!(csa.start, kif.start);
    assert_eq!(usi(csa.main_moves()), usi(kif.main_moves()));
    assert_eq!(
        csa.main.moves[0].time.unwrap().spent,
        Duration::from_millis(1250)
    );
    assert_eq!(
        csa.main.moves[1].time.unwrap().spent,
        Duration::from_millis(500)
    );
    assert_eq!(csa.header_value(&HeaderKey::Black), Some("先手の名前"));
    assert_eq!(
        csa.header_value(&HeaderKey::Other("NOTE".into())),
        Some("hand-written, P1..P9 with P+00 and P-00AL")
    );
}

#[test]
fn ki2_and_psn_of_one_game_agree() {
    let ki2 = read("ishida.ki2");
    assert_eq!(ki2.main.moves.len(), 37);
    assert_eq!(ki2.main.moves[6].mv, Move::from_usi("6i5h").unwrap()); // ５八金左
    assert_eq!(ki2.main.moves[36].mv, Move::from_usi("3d2c").unwrap()); // ２三銀不成
    assert_eq!(ki2.main.moves[35].bookmark.as_deref(), Some("勝負所"));
    assert_eq!(ki2.main.end.as_ref().unwrap().kind, EndKind::Resign);
    let var = &ki2.main.moves[30].variations[0];
    assert_eq!(usi(var.moves.iter().map(|n| n.mv)), "5f4e 5d4e 4f4e");
    assert_eq!(var.end.as_ref().unwrap().kind, EndKind::Interrupt);
    let psn = read("ishida.psn");
    assert_eq!(usi(psn.main_moves()), usi(ki2.main_moves()));
    assert_eq!(psn.header_value(&HeaderKey::Black), Some("Black player"));
    assert_eq!(
        psn.comments,
        vec!["An Ishida opening in Hodges notation.".to_string()]
    );
    assert_eq!(psn.main.end.as_ref().unwrap().kind, EndKind::Resign);
    let pvar = &psn.main.moves[30].variations[0];
    assert_eq!(usi(pvar.moves.iter().map(|n| n.mv)), "5f4e 5d4e 4f4e");
    assert_eq!(pvar.moves[1].comments, vec!["the silver trade".to_string()]);
}

#[test]
fn jkf_csa_multi_and_usi_fixtures() {
    let j = read("forks.jkf");
    assert_eq!(j.comments, vec!["開始局面のコメント".to_string()]);
    assert_eq!(usi(j.main_moves()), "7g7f 3c3d 8h2b+ 3a2b B*4e");
    let fork = &j.main.moves[1].variations[0];
    assert_eq!(usi(fork.moves.iter().map(|n| n.mv)), "8c8d 2g2f");
    assert_eq!(fork.end.as_ref().unwrap().kind, EndKind::Interrupt);
    assert_eq!(
        j.main.end.as_ref().unwrap().time.unwrap().spent,
        Duration::from_secs(60)
    );
    let multi = read_with("multi.csa", ReadOptions::default()).unwrap();
    assert_eq!(multi.records.len(), 2);
    assert_eq!(
        multi.records[1].main.end.as_ref().unwrap().kind,
        EndKind::Mate
    );
    let Start::Position(p) = &multi.records[1].start else {
        panic!()
    };
    assert_eq!(p.to_sfen(), "8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L18P 1");
    let lines = read_with("games.usi", ReadOptions::default()).unwrap();
    assert_eq!(lines.records.len(), 4);
    assert_eq!(lines.records[2].start, Start::Handicap(Handicap::TwoPieces));
}

#[test]
fn every_terminal_word_reads_and_round_trips() {
    const WORDS: [&str; 16] = [
        "中断",
        "投了",
        "持将棋",
        "千日手",
        "詰み",
        "切れ負け",
        "反則勝ち",
        "反則負け",
        "入玉勝ち",
        "不戦勝",
        "不戦敗",
        "不詰",
        "引き分け",
        "最大手数",
        "待った",
        "エラー",
    ];
    for (i, word) in WORDS.iter().enumerate() {
        let r = read(&format!("endings/{i:02}.kif"));
        let kind = r.main.end.as_ref().map(|e| e.kind);
        assert_eq!(kind, EndKind::from_japanese(word), "{word}");
        assert!(kind.is_some(), "{word}");
        for f in [Format::Kif, Format::Ki2, Format::Jkf, Format::Csa] {
            let back =
                record::parse(&record::write(&r, f).text, f, ReadOptions::default()).unwrap();
            assert_eq!(back.records[0], restrict(&r, f), "{word} via {f}");
        }
    }
}

#[test]
fn every_handicap_name_reads_in_kif() {
    for h in Handicap::ALL {
        let first = if h == Handicap::Even {
            "５八玉(59)"
        } else {
            "５二玉(51)"
        };
        let text = format!(
            "手合割：{}\n手数----指手---------消費時間--\n   1 {first}\n",
            h.japanese_name()
        );
        let r = record::parse(&text, Format::Kif, ReadOptions::default())
            .unwrap_or_else(|e| panic!("{h:?}: {e}"));
        assert_eq!(r.records[0].start, Start::Handicap(h));
        let back = record::write(&r.records[0], Format::Kif).text;
        assert!(
            back.contains(&format!("手合割：{}", h.japanese_name())),
            "{back}"
        );
        let csa = record::write(&r.records[0], Format::Csa).text;
        let again = record::parse(&csa, Format::Csa, ReadOptions::default()).unwrap();
        assert_eq!(again.records[0].start, Start::Handicap(h), "{csa}");
    }
}

#[test]
fn fixtures_round_trip_through_every_format() {
    for name in GOOD {
        let parsed = read_with(name, ReadOptions::default()).unwrap();
        for r in &parsed.records {
            for f in Format::ALL {
                let w = record::write(r, f);
                let back = record::parse(&w.text, f, ReadOptions::default())
                    .unwrap_or_else(|e| panic!("{name} -> {f}: {e}\n{}", w.text));
                let expected = restrict(r, f);
                assert_eq!(back.records[0], expected, "{name} -> {f}\n{}", w.text);
                if expected != *r {
                    assert!(!w.losses.is_empty(), "{name} -> {f}: loss not reported");
                }
            }
        }
    }
}

#[test]
fn damaged_files_name_the_place_and_lenient_mode_keeps_the_start() {
    // file, line, column, text of the message, move number, moves kept in lenient mode
    type Case = (
        &'static str,
        usize,
        usize,
        &'static str,
        Option<usize>,
        Option<usize>,
    );
    let cases: [Case; 10] = [
        (
            "damaged_illegal.kif",
            9,
            6,
            "cannot reach",
            Some(5),
            Some(4),
        ),
        (
            "damaged_truncated.csa",
            9,
            1,
            "is not a csa move",
            Some(4),
            Some(3),
        ),
        (
            "damaged_same_first.ki2",
            2,
            1,
            "no previous move",
            Some(1),
            Some(0),
        ),
        ("damaged_bod.kif", 5, 2, "broken board diagram", None, None),
        ("damaged_hand.kif", 1, 7, "more 歩 in hand", None, None),
        ("damaged_header.kif", 2, 1, "not a header", None, None),
        ("damaged_handicap.kif", 1, 5, "unknown handicap", None, None),
        ("damaged_json.jkf", 4, 0, "bad JSON", None, None),
        (
            "damaged_illegal.jkf",
            7,
            14,
            "cannot reach",
            Some(2),
            Some(1),
        ),
        (
            "damaged_move.psn",
            4,
            17,
            "no pawn can move",
            Some(3),
            Some(2),
        ),
    ];
    for (name, line, col, msg, ply, kept) in cases {
        let e = read_with(name, ReadOptions::default()).expect_err(name);
        assert_eq!((e.line, e.column), (line, col), "{name}: {e}");
        assert!(e.to_string().contains(msg), "{name}: {e}");
        assert!(e.to_string().starts_with(name), "{name}: {e}");
        assert_eq!(e.ply, ply, "{name}: {e}");
        if let Some(kept) = kept {
            let p = read_with(
                name,
                ReadOptions {
                    lenient: true,
                    ..ReadOptions::default()
                },
            )
            .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.records[0].main.moves.len(), kept, "{name}");
            assert_eq!(p.warnings.len(), 1, "{name}");
        }
    }
}

#[test]
fn an_unknown_csa_key_is_kept_with_a_warning() {
    // Servers and programs add `$` keys of their own: not a damaged file.
    let p = read_with("damaged_header.csa", ReadOptions::default()).unwrap();
    assert_eq!(
        p.records[0].header_value(&HeaderKey::Other("FOO".into())),
        Some("bar")
    );
    assert_eq!(p.records[0].main.moves.len(), 1);
    assert_eq!(p.warnings.len(), 1);
    let w = p.warnings[0].to_string();
    assert!(w.contains("unknown header key `$FOO` (kept)"), "{w}");
    assert_eq!((p.warnings[0].line, p.warnings[0].column), (2, 1));
}

fn parse_all_formats(bytes: &[u8]) {
    let text = record::decode(bytes);
    for f in Format::ALL {
        for lenient in [false, true] {
            if let Ok(p) = record::parse(
                &text,
                f,
                ReadOptions {
                    lenient,
                    ..ReadOptions::default()
                },
            ) {
                // Whatever was read can be written again.
                for r in &p.records {
                    let _ = record::write(r, f);
                }
            }
        }
    }
    let _ = Format::detect(&text);
}

#[test]
fn truncated_fixtures_never_panic() {
    for name in GOOD {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        let step = (bytes.len() / 150).max(1);
        for cut in (0..bytes.len()).step_by(step) {
            parse_all_formats(&bytes[..cut]);
        }
    }
}

#[test]
fn garbage_and_mutated_bytes_never_panic() {
    let seed = 0x5eed_u64;
    let mut rng = StdRng::seed_from_u64(seed);
    println!("seed {seed}");
    let alphabet: Vec<char> =
        "+-0123456789%'*,/PINTV$: \n\r\t{}()[]\"&ＡＢ同歩金銀玉成不打▲△|v・一二三手合割：変化まで"
            .chars()
            .collect();
    for _ in 0..400 {
        let len = rng.random_range(0..200);
        let s: String = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        parse_all_formats(s.as_bytes());
        let raw: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        parse_all_formats(&raw);
    }
    // TOKIN_FUZZ_ROUNDS=N raises the number of mutations per fixture for a longer local run.
    let rounds: usize = std::env::var("TOKIN_FUZZ_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(25);
    for name in GOOD {
        let bytes = std::fs::read(dir().join(name)).unwrap();
        for _ in 0..rounds {
            let mut b = bytes.clone();
            for _ in 0..rng.random_range(1..6) {
                let i = rng.random_range(0..b.len());
                b[i] = rng.random();
            }
            parse_all_formats(&b);
            // Text-level damage keeps the file readable as text: replaced characters, and
            // lines dropped or repeated.
            let text = record::decode(&bytes);
            let mut chars: Vec<char> = text.chars().collect();
            for _ in 0..rng.random_range(1..4) {
                let i = rng.random_range(0..chars.len());
                chars[i] = alphabet[rng.random_range(0..alphabet.len())];
            }
            let damaged: String = chars.into_iter().collect();
            parse_all_formats(damaged.as_bytes());
            let mut lines: Vec<&str> = text.lines().collect();
            let i = rng.random_range(0..lines.len());
            if rng.random_bool(0.5) {
                lines.remove(i);
            } else {
                let l = lines[i];
                lines.insert(rng.random_range(0..lines.len()), l);
            }
            parse_all_formats(lines.join("\n").as_bytes());
        }
    }
}

#[test]
fn several_games_in_one_file_survive_csa_usi_and_psn() {
    let games = read_with("multi.csa", ReadOptions::default())
        .unwrap()
        .records;
    for f in [Format::Csa, Format::Usi, Format::Psn] {
        let w = record::write_all(&games, f);
        let back = record::parse(&w.text, f, ReadOptions::default()).unwrap();
        let expected: Vec<Record> = games.iter().map(|g| restrict(g, f)).collect();
        assert_eq!(back.records, expected, "{f}\n{}", w.text);
    }
    let w = record::write_all(&games, Format::Kif);
    assert!(
        w.losses
            .iter()
            .any(|l| l.to_string().contains("one game per file")),
        "{:?}",
        w.losses
    );
}

#[test]
fn a_ki2_game_lost_by_a_foul_reads_up_to_it() {
    // Black's eleventh move drops a second pawn on file 7 (二歩): the game ends there.
    for name in ["foul_end.ki2", "foul_end.ki2u"] {
        let p = read_with(name, ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let r = &p.records[0];
        assert_eq!(
            usi(r.main_moves()),
            "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 2e2d 2c2d 2h2d P*2c",
            "{name}"
        );
        assert_eq!(
            r.main.end.as_ref().map(|e| e.kind),
            Some(EndKind::IllegalLoss),
            "{name}"
        );
        // The foul's count in the `まで` line says nothing of a later start.
        assert_eq!(r.moves_before, 0, "{name}");
        assert_eq!(p.warnings.len(), 1, "{name}: {:?}", p.warnings);
        let w = &p.warnings[0];
        assert_eq!((w.line, w.column, w.ply), (9, 35, Some(11)), "{name}: {w}");
        assert!(w.to_string().contains("P*7d"), "{name}: {w}");
    }
    assert_eq!(
        read_with("foul_end.ki2", ReadOptions::default()).map(|p| p.records),
        read_with("foul_end.ki2u", ReadOptions::default()).map(|p| p.records)
    );
}
