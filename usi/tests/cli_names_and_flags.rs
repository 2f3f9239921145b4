//! The command line says what it takes: each flag naming one of a list shows in `--help`
//! exactly the names it accepts, an unknown name is refused with the whole list, and an
//! error blames the flag the user gave.

mod common;

use common::{stderr, stdout, tokin, tokin_with_input};
use std::collections::BTreeSet;
use tokin_notation::Style;
use tokin_notation::record::Format;

/// The names `tokin CMD -h` lists for `flag` (`[possible values: ...]` on its line).
fn listed(cmd: &str, flag: &str) -> BTreeSet<String> {
    let out = tokin(&[cmd, "-h"]);
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    let line = help
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{flag} <")))
        .unwrap_or_else(|| panic!("{cmd} -h has no {flag} line:\n{help}"));
    let Some((_, list)) = line.split_once("[possible values: ") else {
        return BTreeSet::new();
    };
    list.trim_end()
        .trim_end_matches(']')
        .split(", ")
        .map(str::to_string)
        .collect()
}

fn names(list: impl IntoIterator<Item = &'static str>) -> BTreeSet<String> {
    list.into_iter().map(str::to_string).collect()
}

/// `tokin convert - ARGS` with `input` on standard input.
fn convert_stdin(args: &[&str], input: &str) -> std::process::Output {
    let mut all = vec!["convert", "-"];
    all.extend_from_slice(args);
    tokin_with_input(&all, input.as_bytes())
}

const GAME_KIF: &str =
    "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";

#[test]
fn every_notation_flag_lists_every_style_and_takes_each() {
    let every = names(Style::ALL.map(Style::name));
    for (cmd, flag) in [
        ("notate", "--from"),
        ("notate", "--to"),
        ("mate", "--style"),
        ("annotate", "--style"),
    ] {
        assert_eq!(listed(cmd, flag), every, "{cmd} {flag}");
    }
    for style in Style::ALL {
        let out = tokin(&["notate", "--to", style.name(), "7g7f"]);
        assert_eq!(out.status.code(), Some(0), "{style}: {}", stderr(&out));
        let out = tokin(&[
            "mate",
            "--sfen",
            "4k4/9/4P4/9/9/9/9/9/9 b G 1",
            "--style",
            style.name(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{style}: {}", stderr(&out));
    }
}

#[test]
fn convert_lists_every_record_format_and_writes_each() {
    let formats = listed("convert", "--to");
    assert_eq!(listed("convert", "--from"), formats);
    // Every format a file's extension names is listed, psn and email among them.
    for ext in [
        "kif", "kifu", "ki2", "ki2u", "csa", "jkf", "json", "psn", "pgn", "email", "mail", "usi",
        "sfen",
    ] {
        let f = Format::from_extension(ext).unwrap();
        assert!(formats.contains(f.name()), "{ext}: {f} not in {formats:?}");
    }
    for f in &formats {
        let out = convert_stdin(&["--from", "kif", "--to", f], GAME_KIF);
        assert_eq!(out.status.code(), Some(0), "{f}: {}", stderr(&out));
    }
    // The record is long enough to fill the pipe: the run refuses `--to foo` before it
    // reads any of it, and the refusal is still what comes back.
    let long = GAME_KIF.repeat(20_000);
    let out = convert_stdin(&["--to", "foo"], &long);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("'foo'") && err.contains("--to"), "{err}");
    for f in &formats {
        assert!(err.contains(f.as_str()), "{f} not in: {err}");
    }
}

#[test]
fn board_lists_its_styles_and_takes_each() {
    let styles = listed("board", "--style");
    // The diagrams, the server's displays, the lines of text.
    let expected = ["bod", "email", "unicode", "standard", "alternate", "small"];
    assert_eq!(
        styles,
        names(expected.into_iter().chain(["sfen", "feen", "epd"]))
    );
    for style in &styles {
        let out = tokin(&["board", "--style", style]);
        assert_eq!(out.status.code(), Some(0), "{style}: {}", stderr(&out));
    }
    let out = tokin(&["board", "--style", "small,flip"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = tokin(&["board", "--style", "bogus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("epd"), "{}", stderr(&out));
}

#[test]
fn a_bad_handicap_is_blamed_on_handicap() {
    let out = tokin(&["board", "--handicap", "bogus"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("tokin board: --handicap: "), "{err}");
    assert!(!err.contains("--sfen"), "{err}");
    // A bad move after a handicap is the move's fault.
    let out = tokin(&["board", "--handicap", "2p", "--moves", "7g7f"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--moves: "), "{}", stderr(&out));
}

#[test]
fn every_count_shows_its_range_in_help() {
    for (cmd, flag, range) in [
        ("perft", "--threads", "1 to 1024"),
        ("gensfen", "--threads", "1 to 1024"),
        ("train", "--threads", "1 to 1024"),
        ("mate", "--hash", "1 to 65536"),
        ("gensfen", "--hash", "1 to 65536"),
        ("bench", "--depth", "1 to 64"),
    ] {
        let help = stdout(&tokin(&[cmd, "-h"]));
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{flag} ")))
            .unwrap_or_else(|| panic!("{cmd}: no {flag}:\n{help}"));
        assert!(line.contains(range), "{cmd} {flag}: {line}");
    }
    let out = tokin(&["bench", "--depth", "99"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("99 is not in 1..=64"),
        "{}",
        stderr(&out)
    );
}
