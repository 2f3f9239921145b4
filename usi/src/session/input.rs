//! The input: a thread reading standard input line by line (with a bound on a line's
//! length) into the loop's channel, and the loop itself.

use super::state::{Event, Flow, Session};
use std::io::{BufRead, IsTerminal, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::time::Duration;

/// How long `quit` waits for the loop to end by itself before the process exits regardless.
/// The loop handles commands in order, so the commands read before `quit` are answered
/// first: an `isready` loading an evaluation file, then an `eval`. Long work (a search,
/// `go mate`, `go perft`, `bench`) runs off the loop and `quit` stops it at once, so the
/// grace is a safety net for a loop stuck on something unforeseen, not a wait a GUI sees.
pub const QUIT_GRACE: Duration = Duration::from_secs(5);

/// Set by the input thread when it reads `quit`, for work that should end early rather than
/// run into [`QUIT_GRACE`]: `isready` backing a new hash table stops, so that its `readyok`
/// still comes before the process ends.
pub(super) static QUIT_SEEN: AtomicBool = AtomicBool::new(false);

/// Whether a line from the GUI is `quit`.
pub(super) fn is_quit(line: &[u8]) -> bool {
    line.split(u8::is_ascii_whitespace)
        .find(|w| !w.is_empty())
        .is_some_and(|w| w == b"quit")
}

/// The longest line the engine reads, in bytes: a `position` of 100,000 moves is about half
/// a megabyte.
pub const MAX_LINE: usize = 8 << 20;

/// Reads and drops the rest of a line of which `read` bytes were already read; returns its
/// length (to the newline or the end of input), or `None` if reading failed.
pub(super) fn skip_line(input: &mut impl BufRead, read: usize) -> Option<usize> {
    let mut len = read;
    loop {
        let chunk = input.fill_buf().ok()?;
        if chunk.is_empty() {
            return Some(len);
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Some(len + i);
            }
            None => {
                let n = chunk.len();
                input.consume(n);
                len += n;
            }
        }
    }
}

/// Runs the USI loop on standard input and output until `quit` or end of input.
pub fn run_stdio() {
    let (tx, rx) = channel();
    if std::io::stdin().is_terminal() {
        eprintln!("tokin is a USI shogi engine: type `usi`, or see `tokin --help`");
    }
    let reader_tx = tx.clone();
    let _ = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                // At most one byte past the limit is kept, so that a GUI sending endless
                // bytes without a newline cannot make the engine hold them all.
                match (&mut lock)
                    .take(MAX_LINE as u64 + 1)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) | Err(_) => break,
                    Ok(n) if n > MAX_LINE => {
                        let Some(len) = skip_line(&mut lock, n) else {
                            break;
                        };
                        if reader_tx.send(Event::LineTooLong(len)).is_err() {
                            return;
                        }
                    }
                    Ok(_) => {
                        let quit = is_quit(&buf);
                        if quit {
                            QUIT_SEEN.store(true, Ordering::Relaxed);
                        }
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if reader_tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                        if quit {
                            // The loop ends the process when it reaches the `quit`; if it
                            // is still busy after the grace, the process ends here.
                            std::thread::sleep(QUIT_GRACE);
                            std::process::exit(0);
                        }
                    }
                }
            }
            let _ = reader_tx.send(Event::InputClosed);
        });
    let mut session = Session::new(Box::new(std::io::stdout()), tx);
    for event in rx.iter() {
        match session.handle(event) {
            Flow::Continue => {}
            Flow::Quit => return,
            Flow::Variant(rules) => {
                // The lines still to come go to the wa shogi engine, which answers `usi`
                // with its own name and the same variant option.
                let lines = rx.iter().map_while(|e| match e {
                    Event::Line(l) => Some(l),
                    Event::LineTooLong(_) | Event::SearchDone(_) => Some(String::new()),
                    Event::InputClosed => None,
                });
                let input = std::io::BufReader::new(LinesReader::new(lines));
                tokin_wa::engine::run(input, std::io::stdout(), rules);
                return;
            }
        }
    }
}

/// Lines of text read as a byte stream, for an engine that reads its input itself.
struct LinesReader<I> {
    lines: I,
    pending: Vec<u8>,
    at: usize,
}

impl<I: Iterator<Item = String>> LinesReader<I> {
    fn new(lines: I) -> Self {
        LinesReader {
            lines,
            pending: Vec::new(),
            at: 0,
        }
    }
}

impl<I: Iterator<Item = String>> Read for LinesReader<I> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            let Some(line) = self.lines.next() else {
                return Ok(0);
            };
            self.pending = line.into_bytes();
            if self.pending.last() != Some(&b'\n') {
                self.pending.push(b'\n');
            }
            self.at = 0;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}
