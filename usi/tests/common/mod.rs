//! The driver of the `tokin` binary as a GUI drives it, shared by the USI transcript tests.
//!
//! Every wait has a timeout, so a hang fails the test instead of hanging the run.

#![allow(dead_code)] // Each test file uses a part.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use tokin_core::{Move, Position};

pub(crate) const WAIT: Duration = Duration::from_secs(20);

/// Runs `tokin` with `args`, as a user types them on the command line, to its end.
pub(crate) fn tokin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tokin"))
        .args(args)
        .output()
        .expect("the tokin binary runs")
}

/// Runs `tokin` with `args` and `input` on its standard input, to its end.
pub(crate) fn tokin_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tokin"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tokin binary runs");
    // A run that refuses its arguments exits without reading its input: the pipe then
    // breaks under the write, and what the run printed is still what the test asks about.
    match child.stdin.take().expect("stdin").write_all(input) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("input written: {e}"),
        _ => {}
    }
    child.wait_with_output().expect("tokin finishes")
}

/// What a run wrote on standard output, as text.
pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What a run wrote on standard error, as text.
pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub(crate) struct Engine {
    pub(crate) child: Child,
    pub(crate) stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    log: Vec<String>,
}

impl Engine {
    pub(crate) fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tokin"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tokin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            rx,
            log: Vec::new(),
        }
    }

    pub(crate) fn send(&mut self, line: &str) {
        self.log.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Writes raw bytes (which need not be UTF-8, nor end with a newline).
    pub(crate) fn send_bytes(&mut self, bytes: &[u8]) {
        self.log
            .push(format!("> {}", String::from_utf8_lossy(bytes).trim_end()));
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Sends `quit` and waits for the process to end.
    pub(crate) fn quit_and_wait(&mut self) -> bool {
        self.quit_within(WAIT)
    }

    /// Sends `quit`; whether the process then ends within `within`.
    pub(crate) fn quit_within(&mut self, within: Duration) -> bool {
        self.send("quit");
        self.exits_within(within)
    }

    /// Stops reading the engine's output and closes it, as a GUI that went away would: the
    /// engine's next writes meet a broken pipe.
    pub(crate) fn close_output(&mut self) {
        let (tx, rx) = channel();
        // The reader thread holds the pipe; replacing the receiver makes it stop at its next
        // send, and the pipe closes when it ends.
        self.rx = rx;
        drop(tx);
    }

    /// Whether the process ends within `within`.
    pub(crate) fn exits_within(&mut self, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    pub(crate) fn recv(&mut self, until: Instant) -> Option<String> {
        let now = Instant::now();
        let left = until.saturating_duration_since(now);
        match self.rx.recv_timeout(left) {
            Ok(l) => {
                self.log.push(format!("< {l}"));
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that satisfies `pred`.
    pub(crate) fn until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        match self.within(WAIT, pred) {
            Some(lines) => lines,
            None => panic!("timed out; transcript:\n{}", self.log.join("\n")),
        }
    }

    /// Lines up to and including the first that satisfies `pred`, if it comes within
    /// `within`.
    pub(crate) fn within(
        &mut self,
        within: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> Option<Vec<String>> {
        let deadline = Instant::now() + within;
        let mut lines = Vec::new();
        while let Some(l) = self.recv(deadline) {
            let done = pred(&l);
            lines.push(l);
            if done {
                return Some(lines);
            }
        }
        None
    }

    /// Every line that arrives within `d`.
    pub(crate) fn during(&mut self, d: Duration) -> Vec<String> {
        let deadline = Instant::now() + d;
        let mut lines = Vec::new();
        while let Some(l) = self.recv(deadline) {
            lines.push(l);
        }
        lines
    }

    /// Sends `isready` and returns everything up to `readyok`: a barrier that proves all
    /// earlier output has arrived.
    pub(crate) fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.until(|l| l == "readyok")
    }

    pub(crate) fn handshake(&mut self) {
        self.send("usi");
        self.until(|l| l == "usiok");
        self.sync();
    }

    pub(crate) fn close_and_wait(mut self) -> bool {
        drop(self.stdin.take());
        let deadline = Instant::now() + WAIT;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn bestmoves(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("bestmove")).count()
}

pub(crate) fn is_best(l: &str) -> bool {
    l.starts_with("bestmove")
}

/// Checks that a `bestmove` line's move (and ponder move) is legal in `pos`.
pub(crate) fn assert_legal_bestmove(pos: &Position, line: &str) {
    let t: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(t[0], "bestmove", "{line}");
    let mv = Move::from_usi(t[1]).unwrap_or_else(|| panic!("not a move: {line}"));
    assert!(
        pos.is_legal(mv).is_ok(),
        "illegal bestmove {line} in {}",
        pos.to_sfen()
    );
    if t.len() == 4 {
        assert_eq!(t[2], "ponder");
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let p = Move::from_usi(t[3]).expect("ponder move");
        assert!(after.is_legal(p).is_ok(), "illegal ponder move in {line}");
    }
}

/// A directory of a test's own under the temporary directory (`tokin-NAME-PID`), made empty
/// and removed with what it holds when the test ends.
pub(crate) struct Scratch(PathBuf);

impl Scratch {
    pub(crate) fn new(name: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("tokin-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("scratch directory");
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
