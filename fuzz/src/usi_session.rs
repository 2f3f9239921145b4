//! USI lines fed to an engine session between ordinary commands: after each line the session
//! is stopped and asked `isready`, and must answer `readyok`.
//!
//! A few commands are bounded here so that one input runs in milliseconds, as fuzzing needs:
//! hash sizes are capped at 4 MB and threads at 2 (their clamping is tested in the USI fault
//! tests), `bench` is skipped (it searches fixed positions for seconds by design), `perft`
//! deeper than 2 is skipped (depth 2 runs the same code; the third ply was a sixth of the
//! time over a fuzz run's queue), and evaluation-file options are skipped (the `nnue`
//! target reads those bytes). Everything else goes to the session as written.

use std::io::Write;
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use tokin_usi::command::{Command, parse};
use tokin_usi::session::{Event, Flow, Session};

/// The session's output, kept to check the answers.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut v) = self.0.lock() {
            v.extend_from_slice(buf);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    /// Adds to `counted` the lines equal to `word` among the whole lines written since
    /// `counted` was last given here: the output is scanned once over an input, not once
    /// for every line the input holds (that made long inputs quadratic, a third of the
    /// target's time).
    fn count(&self, word: &str, counted: &mut Counted) {
        let Ok(v) = self.0.lock() else {
            return;
        };
        let Some(end) = v.iter().rposition(|&b| b == b'\n') else {
            return;
        };
        if end < counted.scanned {
            return;
        }
        counted.lines += v[counted.scanned..end]
            .split(|&b| b == b'\n')
            .filter(|l| l.trim_ascii() == word.as_bytes())
            .count();
        counted.scanned = end + 1;
    }
}

/// How far the output has been scanned, and how many lines of the word were found in it.
#[derive(Default)]
struct Counted {
    scanned: usize,
    lines: usize,
}

/// The line as the session gets it, or `None` to skip it (see the module comment).
fn bounded(line: &str) -> Option<String> {
    match parse(line) {
        Ok(Command::Bench(_)) => None,
        Ok(Command::Go(go)) if go.perft.is_some_and(|d| d > 2) => None,
        Ok(Command::SetOption { name, value }) => {
            let cap = match name.to_ascii_lowercase().as_str() {
                "usi_hash" | "hash" | "matehash" => 4,
                "threads" => 2,
                "evalfile" | "evaldir" => return None,
                _ => return Some(line.to_string()),
            };
            let v = value
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map_or(1, |v| v.min(cap));
            Some(format!("setoption name {name} value {v}"))
        }
        _ => Some(line.to_string()),
    }
}

pub(crate) fn session(data: &[u8]) {
    let (tx, rx) = channel();
    let out = Shared::default();
    let mut s = Session::new(Box::new(out.clone()), tx);
    let mut asked = 0;
    let mut readyoks = Counted::default();
    let say = |s: &mut Session, line: &str| s.handle(Event::Line(line.to_string()));
    for l in [
        "usi",
        "setoption name USI_Hash value 1",
        "isready",
        "usinewgame",
    ] {
        say(&mut s, l);
    }
    asked += 1;
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n').take(64) {
        let Some(line) = bounded(line) else {
            continue;
        };
        if say(&mut s, &line) == Flow::Quit {
            return;
        }
        say(&mut s, "stop");
        while let Ok(event) = rx.try_recv() {
            s.handle(event);
        }
        say(&mut s, "isready");
        asked += 1;
        // `isready` was given as a line of its own too, and a fuzzed `usi`/`isready` adds more.
        out.count("readyok", &mut readyoks);
        assert!(
            readyoks.lines >= asked,
            "no readyok after `{}`",
            line.escape_debug()
        );
    }
    say(&mut s, "quit");
}
