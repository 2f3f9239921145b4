//! The session's output: every line goes out under one lock and is flushed; slow work at
//! `isready` is accompanied by empty lines; a job's report is written line by line.

use std::io::Write;
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The shared, line-flushed output.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes lines under one lock and flushes them; write errors are ignored, since a GUI
/// that stopped reading cannot be told anything anyway.
pub(super) fn say_all(out: &Output, lines: &[String]) {
    let mut guard = match out.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    for l in lines {
        let _ = writeln!(guard, "{l}");
    }
    let _ = guard.flush();
}

pub(super) fn say(out: &Output, line: impl Into<String>) {
    say_all(out, &[line.into()]);
}

/// How often an empty line goes out while `isready` is busy (making or clearing a hash of
/// many gigabytes): some GUIs give up on an engine that stays silent for long after
/// `isready`, and an empty line is one every GUI skips. YaneuraOu does the same.
pub(super) const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// Runs `work`, writing an empty line every `every` until it is done, and none after.
pub(super) fn with_keep_alive<T>(out: &Output, every: Duration, work: impl FnOnce() -> T) -> T {
    let (done, wait) = channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(every) {
                say(out, "");
            }
        });
        let result = work();
        // Dropping the sender wakes the ticker at once; the scope waits for it to finish.
        drop(done);
        result
    })
}

/// A writer that sends each whole line it is given to the session's output as it comes
/// (a job's report, line by line, under the output's lock).
pub(super) struct LineWriter {
    pub(super) out: Output,
    pub(super) pending: Vec<u8>,
}

impl LineWriter {
    pub(super) fn new(out: Output) -> LineWriter {
        LineWriter {
            out,
            pending: Vec::new(),
        }
    }

    /// Writes what is pending as a line, then `line`.
    pub(super) fn flush_line(&mut self, line: &str) {
        let _ = self.flush();
        say(&self.out, line);
    }
}

impl Write for LineWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=i).collect();
            say(&self.out, String::from_utf8_lossy(&line[..i]).trim_end());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            let line = std::mem::take(&mut self.pending);
            say(&self.out, String::from_utf8_lossy(&line).trim_end());
        }
        Ok(())
    }
}
