//! Mutation test: every reader of tokin-notation gets 100,000 inputs made by damaging the real
//! records and notation in tests/data (characters and bytes deleted, repeated, swapped,
//! replaced, numbers pushed to the edges of integer types, files cut short and spliced
//! together) and must answer each with a value or an error, never a panic.
//!
//! The sources are the record fixtures (tests/data/records), the SFEN lists, and the textbook
//! cases and seed games (tests/data/notation-textbook.tsv and seed-example-games.tsv, copies of
//! those in ../shared/data, which CI has but a plain checkout may not). A damaged record goes
//! to every format's reader, strict and lenient, and what a reader accepts is written again;
//! damaged move text goes to the move and line parsers of every style, in the position it
//! was written for.
//!
//! Each input is built from its own seed (the run's seed and the input's index), so a failure
//! names the one input to look at, and a run can be repeated exactly:
//! `TOKIN_MUTATION_SEED=<seed> TOKIN_MUTATION_INPUTS=<n> cargo test --test mutated_inputs`.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::time::Instant;
use tokin_core::{Move, Position, Square, Strictness};
use tokin_notation::record::{self, Format, ReadOptions, csa, diagram};
use tokin_notation::{Options, SideMarks, Style, parse_line, parse_move, write_line, write_move};

/// Every record format, PSN and the e-mail board included.
const FORMATS: [Format; 7] = [
    Format::Kif,
    Format::Ki2,
    Format::Csa,
    Format::Jkf,
    Format::Psn,
    Format::Usi,
    Format::Email,
];

/// Numbers at the edges of the integer types a reader might keep them in.
const NUMBERS: [&str; 16] = [
    "0",
    "1",
    "10",
    "99",
    "255",
    "256",
    "65536",
    "999999999",
    "4294967295",
    "4294967296",
    "307445734561825861",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "1.5",
];

/// Characters the readers give meaning to, for replacements and insertions: digits in every
/// form, the kanji of pieces, squares and directions, and the signs of every format.
const SPECIAL: &str = "0123456789０１２３４５６７８９一二三四五六七八九十〇\
    歩香桂銀金角飛玉王と杏圭全馬龍竜成不生打同仝上引寄直左右行入\
    手合割変化まで投了中断詰先後持駒番▲△☗☖\
    +-*%'`:：,./\\()[]{}<>\"#&$=!?|v・ 　\t\n\r\u{feff}…’";

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// A real record: its bytes (Shift_JIS or UTF-8), its text and its format.
struct Source {
    name: String,
    bytes: Vec<u8>,
    chars: Vec<char>,
    format: Format,
}

fn collect_records(dir: &Path, out: &mut Vec<Source>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect_records(&p, out);
            continue;
        }
        let Some(format) = p
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
        else {
            continue;
        };
        let bytes = std::fs::read(&p).expect("record file");
        out.push(Source {
            name: p.strip_prefix(data()).unwrap_or(&p).display().to_string(),
            chars: record::decode(&bytes).chars().collect(),
            bytes,
            format,
        });
    }
}

/// A position with real move text written for it (and lines starting from it).
struct Sample {
    pos: Position,
    last_to: Option<Square>,
    texts: Vec<String>,
}

/// Move text in every style, for `mv` in `pos`, with the writing options people vary.
fn written(pos: &Position, last_to: Option<Square>, mv: Move, texts: &mut Vec<String>) {
    for style in Style::ALL {
        if let Ok(t) = write_move(pos, last_to, mv, style) {
            texts.push(t);
        }
    }
    let mut opts = Options::default();
    opts.side_marks = SideMarks::Triangles;
    opts.same_with_space = true;
    let mut t = String::new();
    if tokin_notation::write_move_into(&mut t, pos, last_to, mv, Style::Japanese, &opts).is_ok() {
        texts.push(t);
    }
}

fn samples() -> Vec<Sample> {
    let mut out = Vec::new();
    // The textbook cases: a position, a previous destination and the move in several styles.
    let text = std::fs::read_to_string(data().join("notation-textbook.tsv")).expect("textbook");
    for line in text.lines().skip_while(|l| l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (Ok(pos), Some(mv)) = (Position::from_sfen(f[0]), Move::from_usi(f[2])) else {
            continue;
        };
        let last_to = Square::from_usi(f[1]);
        let mut texts: Vec<String> = f[3..f.len() - 1].iter().map(|s| s.to_string()).collect();
        texts.push(f[0].to_string());
        written(&pos, last_to, mv, &mut texts);
        out.push(Sample {
            pos,
            last_to,
            texts,
        });
    }
    // The seed games, replayed: every position with the printed notations of its move, the
    // move in every style, and the line of the next eight moves in every style.
    let text = std::fs::read_to_string(data().join("seed-example-games.tsv")).expect("games");
    let mut games: Vec<Vec<Vec<String>>> = Vec::new();
    for line in text.lines().skip_while(|l| l.starts_with('#')).skip(1) {
        let f: Vec<String> = line.split('\t').map(str::to_string).collect();
        if f[1] == "1" {
            games.push(Vec::new());
        }
        if let Some(g) = games.last_mut() {
            g.push(f);
        }
    }
    for game in games {
        let moves: Vec<Move> = game
            .iter()
            .map(|f| Move::from_usi(&f[2]).expect("seed game move"))
            .collect();
        let mut pos = Position::startpos();
        let mut last_to = None;
        for (i, f) in game.iter().enumerate() {
            let mv = moves[i];
            let mut texts: Vec<String> = f[3..].iter().filter(|c| !c.is_empty()).cloned().collect();
            texts.push(pos.to_sfen());
            written(&pos, last_to, mv, &mut texts);
            let next = &moves[i..moves.len().min(i + 8)];
            for style in Style::ALL {
                if let Ok(l) = write_line(&pos, last_to, next, style, &Options::default()) {
                    texts.push(l);
                }
            }
            out.push(Sample {
                pos: pos.clone(),
                last_to,
                texts,
            });
            pos.play(mv).expect("seed game move is legal");
            last_to = Some(mv.to());
        }
    }
    out
}

/// Everything the mutations draw from.
struct Corpus {
    records: Vec<Source>,
    samples: Vec<Sample>,
    special: Vec<char>,
}

impl Corpus {
    fn load() -> Corpus {
        let mut records = Vec::new();
        collect_records(&data().join("records"), &mut records);
        // SFEN files as USI records (`position sfen ...`), so the SFEN reader is mutated too.
        for name in ["valid.sfen", "invalid.sfen"] {
            let text = std::fs::read_to_string(data().join(name)).expect("sfen file");
            let usi: String = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| {
                    let sfen = l.split('\t').next().unwrap_or("");
                    let sfen = sfen.strip_prefix("sfen ").unwrap_or(sfen);
                    format!("position sfen {sfen} moves 5a4b 5i4h\n")
                })
                .collect();
            records.push(Source {
                name: name.to_string(),
                bytes: usi.clone().into_bytes(),
                chars: usi.chars().collect(),
                format: Format::Usi,
            });
        }
        assert!(records.len() >= 40, "{} record files", records.len());
        let samples = samples();
        assert!(samples.len() >= 100, "{} notation samples", samples.len());
        Corpus {
            records,
            samples,
            special: SPECIAL.chars().collect(),
        }
    }
}

/// One damaged input.
enum Input {
    /// Record text, made from record `source` of the corpus.
    Record { text: String, source: usize },
    /// Record bytes (decoded as a file would be: UTF-8, else Shift_JIS).
    Bytes { bytes: Vec<u8>, source: usize },
    /// Move or line text for a sample position.
    Notation { sample: usize, text: String },
}

impl Input {
    /// The format of the record the input was made from.
    fn format(&self, corpus: &Corpus) -> Option<Format> {
        match self {
            Input::Record { source, .. } | Input::Bytes { source, .. } => {
                Some(corpus.records[*source].format)
            }
            Input::Notation { .. } => None,
        }
    }

    /// The input for a report: where it came from, and all of it.
    fn show(&self, corpus: &Corpus) -> String {
        match self {
            Input::Record { text, source } => format!(
                "text made from {}, {} characters: {text:?}",
                corpus.records[*source].name,
                text.chars().count()
            ),
            Input::Bytes { bytes, source } => format!(
                "bytes made from {}, {} long: {bytes:?}",
                corpus.records[*source].name,
                bytes.len()
            ),
            Input::Notation { sample, text } => format!(
                "move text for the position {} (previous destination {:?}): {text:?}",
                corpus.samples[*sample].pos.to_sfen(),
                corpus.samples[*sample].last_to.map(|s| s.to_string())
            ),
        }
    }
}

/// Applies one to four character mutations to `chars`; `other` is a second text to splice in
/// or copy a line from.
fn mutate_chars(rng: &mut StdRng, chars: &mut Vec<char>, other: &[char], special: &[char]) {
    for _ in 0..rng.random_range(1..=4) {
        let len = chars.len();
        let at = rng.random_range(0..=len);
        let span = rng.random_range(1..=12).min(len - at.min(len));
        match rng.random_range(0..10) {
            // Delete a run.
            0 => {
                chars.drain(at..at + span);
            }
            // Repeat a run, sometimes many times.
            1 => {
                let times = if rng.random_bool(0.1) {
                    rng.random_range(2..40)
                } else {
                    1
                };
                let run: Vec<char> = chars[at..at + span].to_vec();
                for _ in 0..times {
                    chars.splice(at..at, run.iter().copied());
                }
            }
            // Swap two characters.
            2 if len >= 2 => {
                let (i, j) = (rng.random_range(0..len), rng.random_range(0..len));
                chars.swap(i, j);
            }
            // Replace a character with another one of the same text.
            3 if len > 0 => {
                let i = rng.random_range(0..len);
                chars[i] = chars[rng.random_range(0..len)];
            }
            // Replace or insert a digit, kanji or sign.
            4 | 5 => {
                let c = *special.choose(rng).unwrap_or(&' ');
                if at < len && rng.random_bool(0.5) {
                    chars[at] = c;
                } else {
                    chars.insert(at, c);
                }
            }
            // Cut short.
            6 if rng.random_bool(0.5) => chars.truncate(at),
            // Put a number at the edge of some integer type where a number is.
            6 => {
                let digit = |c: &char| c.is_ascii_digit();
                let Some(first) = chars[at..].iter().position(digit).map(|i| at + i) else {
                    continue;
                };
                let end = chars[first..]
                    .iter()
                    .position(|c| !digit(c))
                    .map_or(len, |i| first + i);
                let n = NUMBERS.choose(rng).unwrap_or(&"0");
                chars.splice(first..end, n.chars());
            }
            // Splice: this text up to a point, the other from a point.
            7 if !other.is_empty() => {
                let from = rng.random_range(0..other.len());
                chars.truncate(at);
                chars.extend_from_slice(&other[from..]);
            }
            // Insert a line of the other text.
            8 if !other.is_empty() => {
                let lines: Vec<&[char]> = other.split(|c| *c == '\n').collect();
                let line = lines.choose(rng).copied().unwrap_or(&[]);
                chars.splice(at..at, line.iter().copied().chain(['\n']));
            }
            // Any character at all.
            _ => {
                let c = char::from_u32(rng.random_range(0..0x3_0000)).unwrap_or('\u{fffd}');
                if at < len {
                    chars[at] = c;
                } else {
                    chars.push(c);
                }
            }
        }
    }
}

/// The input with index `index` of the run with seed `seed`.
fn make_input(corpus: &Corpus, seed: u64, index: u64) -> Input {
    let mut rng = StdRng::seed_from_u64(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    match rng.random_range(0..10) {
        // Records: most inputs, since each feeds twelve readers.
        0..=3 => {
            let source = rng.random_range(0..corpus.records.len());
            let other = corpus.records.choose(&mut rng).expect("records");
            let mut chars = corpus.records[source].chars.clone();
            mutate_chars(&mut rng, &mut chars, &other.chars, &corpus.special);
            Input::Record {
                text: chars.into_iter().collect(),
                source,
            }
        }
        // Bytes of a file: Shift_JIS cut in the middle of a character, invalid UTF-8.
        4 => {
            let source = rng.random_range(0..corpus.records.len());
            let mut bytes = corpus.records[source].bytes.clone();
            for _ in 0..rng.random_range(1..=4) {
                let len = bytes.len();
                let at = rng.random_range(0..=len);
                match rng.random_range(0..4) {
                    0 if at < len => bytes[at] = rng.random(),
                    1 => bytes.truncate(at),
                    2 if at < len => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, rng.random()),
                }
            }
            Input::Bytes { bytes, source }
        }
        // Move text and lines of moves.
        _ => {
            let sample = rng.random_range(0..corpus.samples.len());
            let s = &corpus.samples[sample];
            let mut chars: Vec<char> = s.texts.choose(&mut rng).expect("texts").chars().collect();
            let other: Vec<char> = s.texts.choose(&mut rng).expect("texts").chars().collect();
            if rng.random_bool(0.2) {
                // A line of several moves in different styles.
                chars.push(' ');
                chars.extend_from_slice(&other);
            }
            mutate_chars(&mut rng, &mut chars, &other, &corpus.special);
            Input::Notation {
                sample,
                text: chars.into_iter().collect(),
            }
        }
    }
}

thread_local! {
    /// Whether this thread is running an input (its panics are reported, not printed).
    static CHECKING: Cell<bool> = const { Cell::new(false) };
    /// The reader being called, named in the report of a panic.
    static STAGE: Cell<&'static str> = const { Cell::new("") };
    /// Where the last panic on this thread happened, and its message.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn stage(name: &'static str) {
    STAGE.with(|s| s.set(name));
}

/// Feeds one input to every reader it suits.
fn run(corpus: &Corpus, input: &Input, strictness: Strictness) {
    let text = match input {
        Input::Record { text, .. } => text.clone(),
        Input::Bytes { bytes, .. } => {
            stage("record::decode");
            record::decode(bytes)
        }
        Input::Notation { sample, text } => {
            let s = &corpus.samples[*sample];
            for style in Style::ALL {
                stage(style.name());
                let _ = parse_move(&s.pos, s.last_to, text, style);
                let _ = parse_move(&s.pos, None, text, style);
                stage("parse_line");
                let _ = parse_line(&s.pos, s.last_to, text, style);
            }
            stage("csa::parse_move");
            let _ = csa::parse_move(&s.pos, text);
            stage("diagram::parse_kif_hand");
            let _ = diagram::parse_kif_hand(text);
            let _ = diagram::parse_kanji_number(text);
            stage("diagram::read_bod_line");
            let mut setup = s.pos.to_setup();
            let _ = diagram::read_bod_line(&mut setup, text);
            stage("names");
            let _ = text.parse::<Style>();
            let _ = text.parse::<Format>();
            let _ = text.parse::<diagram::Style>();
            stage("tokin_core SFEN and USI moves");
            let _ = Position::from_sfen_with(text, strictness);
            let _ = Move::from_usi(text);
            return;
        }
    };
    stage("Format::detect");
    let _ = Format::detect(&text);
    for format in FORMATS {
        for lenient in [false, true] {
            stage(format.name());
            let opts = ReadOptions {
                lenient,
                strictness,
            };
            if let Ok(parsed) = record::parse(&text, format, opts) {
                // Whatever was read can be written again, in its own format and in every
                // other one when that is the format the text came in.
                stage("record::write");
                let own = input.format(corpus) == Some(format);
                for r in &parsed.records {
                    if own && !lenient {
                        for f in FORMATS {
                            let _ = record::write(r, f);
                        }
                    } else {
                        let _ = record::write(r, format);
                    }
                }
            }
        }
    }
}

/// Runs input `index` through every reader; on a panic, the report.
fn check(corpus: &Corpus, seed: u64, index: u64) -> Option<String> {
    check_with(corpus, seed, index, run)
}

/// Runs input `index` through `readers`, catching a panic; on one, the report: the input's
/// index and seed, the reader, the panic's message and place, and the whole input.
fn check_with(
    corpus: &Corpus,
    seed: u64,
    index: u64,
    readers: impl Fn(&Corpus, &Input, Strictness),
) -> Option<String> {
    let input = make_input(corpus, seed, index);
    let strictness = Strictness::ALL[(index % 3) as usize];
    CHECKING.with(|c| c.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(|| readers(corpus, &input, strictness)));
    CHECKING.with(|c| c.set(false));
    result.err().map(|_| {
        let why = PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
        format!(
            "input {index} of seed {seed:#x} made `{}` panic ({strictness} positions): {why}\n{}",
            STAGE.with(Cell::get),
            input.show(corpus)
        )
    })
}

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    }
}

/// A panic while an input runs is reported with the input, so the hook keeps its message and
/// place for the report instead of printing them; other panics (a failing assertion of the
/// test itself) go to the usual hook.
fn quiet_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let usual = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !CHECKING.with(Cell::get) {
                return usual(info);
            }
            let msg = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let place = info.location().map(|l| l.to_string()).unwrap_or_default();
            PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg} at {place}")));
        }));
    });
}

#[test]
fn no_reader_panics_on_100_000_damaged_inputs() {
    let seed = env_u64("TOKIN_MUTATION_SEED").unwrap_or(0x70c1_2e5e_ed00);
    let count = env_u64("TOKIN_MUTATION_INPUTS").unwrap_or(100_000);
    let corpus = Corpus::load();
    quiet_panics();
    let start = Instant::now();
    // The lowest failing index, whatever order the threads finish in.
    let first = (0..count)
        .into_par_iter()
        .map(|i| check(&corpus, seed, i))
        .find_first(Option::is_some)
        .flatten();
    println!(
        "{count} inputs from {} records and {} notation samples, seed {seed:#x}: {:.1?}",
        corpus.records.len(),
        corpus.samples.len(),
        start.elapsed()
    );
    if let Some(report) = first {
        panic!("{report}");
    }
}

#[test]
fn inputs_depend_on_the_seed_and_index_only() {
    let corpus = Corpus::load();
    for i in [0, 1, 99_999] {
        assert_eq!(
            make_input(&corpus, 7, i).show(&corpus),
            make_input(&corpus, 7, i).show(&corpus)
        );
    }
    assert_ne!(
        make_input(&corpus, 7, 1).show(&corpus),
        make_input(&corpus, 8, 1).show(&corpus)
    );
}

#[test]
fn a_panic_is_reported_with_its_seed_and_input() {
    let corpus = Corpus::load();
    quiet_panics();
    let panicking = |_: &Corpus, _: &Input, _: Strictness| {
        stage("a reader that panics");
        panic!("on purpose");
    };
    let report = check_with(&corpus, 7, 3, panicking).expect("the panic is caught");
    assert!(
        report.starts_with("input 3 of seed 0x7 made `a reader that panics` panic"),
        "{report}"
    );
    assert!(
        report.contains("on purpose at tests/mutated_inputs.rs:"),
        "{report}"
    );
    assert!(
        report.ends_with(&make_input(&corpus, 7, 3).show(&corpus)),
        "{report}"
    );
    assert_eq!(check_with(&corpus, 7, 3, |_, _, _| {}), None);
}
