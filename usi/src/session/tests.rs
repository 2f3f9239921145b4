//! The session driven line by line, with its output read back.

use super::output::with_keep_alive;
use super::ponder::Control;
use super::*;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

/// An output that the test can read while the session writes to it.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

/// A held reply waits, without polling, for exactly what releases it: `stop` for
/// `go infinite`; `ponderhit` or `stop` for `go ponder`; nothing for a plain `go`.
#[test]
fn held_replies_wait_for_their_release() {
    let waits = |control: &Arc<Control>, infinite: bool| {
        let c = Arc::clone(control);
        let (done, heard) = channel();
        std::thread::spawn(move || {
            c.wait_for_release(infinite);
            let _ = done.send(());
        });
        heard
    };
    let quick = Duration::from_millis(50);
    let plain = Arc::new(Control::new(false));
    assert!(waits(&plain, false).recv_timeout(WAIT).is_ok());

    let infinite = Arc::new(Control::new(false));
    let heard = waits(&infinite, true);
    assert!(heard.recv_timeout(quick).is_err(), "released before stop");
    infinite.end_ponder();
    assert!(
        heard.recv_timeout(quick).is_err(),
        "ponderhit released infinite"
    );
    infinite.release();
    assert!(heard.recv_timeout(WAIT).is_ok());

    let ponder = Arc::new(Control::new(true));
    assert!(ponder.is_pondering());
    let heard = waits(&ponder, false);
    assert!(
        heard.recv_timeout(quick).is_err(),
        "released before ponderhit"
    );
    ponder.end_ponder();
    assert!(heard.recv_timeout(WAIT).is_ok());
    assert!(!ponder.is_pondering());

    let stopped = Arc::new(Control::new(true));
    let heard = waits(&stopped, false);
    stopped.release();
    assert!(heard.recv_timeout(WAIT).is_ok());
    assert!(!stopped.is_pondering());
}

/// How long a test waits for something that should happen at once, before failing.
const WAIT: Duration = Duration::from_secs(20);

/// Slow work at `isready` is accompanied by empty lines, which stop when it is done;
/// quick work writes nothing and does not wait for the next tick.
#[test]
fn keep_alive_lines_come_only_while_the_work_runs() {
    let shared = Shared::default();
    let out: Output = Arc::new(Mutex::new(Box::new(shared.clone())));
    let got = with_keep_alive(&out, Duration::from_millis(10), || {
        std::thread::sleep(Duration::from_millis(100));
        7
    });
    assert_eq!(got, 7);
    let text = shared.text();
    assert!(
        !text.is_empty() && text.chars().all(|c| c == '\n'),
        "{text:?}"
    );
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(shared.text(), text, "no line after the work is done");

    let quiet = Shared::default();
    let out: Output = Arc::new(Mutex::new(Box::new(quiet.clone())));
    let start = Instant::now();
    with_keep_alive(&out, Duration::from_secs(30), || ());
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(quiet.text(), "");
}

/// `usinewgame` and `isready` right after a `bestmove`, before the search's done event
/// has been handled, still clear the hash (they were skipped as if a search still ran).
#[test]
fn isready_right_after_bestmove_clears_the_hash() {
    let out = Shared::default();
    let (tx, _rx) = std::sync::mpsc::channel();
    let mut session = Session::new(Box::new(out.clone()), tx);
    // Enough nodes to fill part of the thousand entries `hashfull` samples: a fixed depth
    // stored too few once the search grew more selective (depth 6 of the start position
    // stores about 600 entries over a 1 MB table's 65,536, one or none of them sampled).
    for line in [
        "setoption name USI_Hash value 1",
        "isready",
        "go nodes 30000",
    ] {
        session.handle(Event::Line(line.to_string()));
    }
    let start = Instant::now();
    while !out.text().contains("bestmove") {
        assert!(start.elapsed() < Duration::from_secs(30), "no bestmove");
        std::thread::sleep(Duration::from_millis(1));
    }
    let tt = session.tt.clone().expect("a table after isready");
    assert!(tt.hashfull() > 0, "the search filled part of the table");
    // The done event waits in `_rx`, unhandled, as when the GUI's lines come first.
    session.handle(Event::Line("usinewgame".to_string()));
    session.handle(Event::Line("isready".to_string()));
    assert_eq!(tt.hashfull(), 0);
    assert!(out.text().ends_with("readyok\n"));
    // The same for `go mate`: once its `checkmate` line is out, the search is over.
    session.handle(Event::Line("go mate 1000".to_string()));
    while !out.text().contains("checkmate") {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no checkmate line"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    session.handle(Event::Line("isready".to_string()));
    assert!(session.running.is_none());
}

#[test]
fn isready_remakes_only_what_an_option_or_usinewgame_changed() {
    let out = Shared::default();
    let (tx, _rx) = std::sync::mpsc::channel();
    let mut session = Session::new(Box::new(out.clone()), tx);
    let say = |s: &mut Session, line: &str| s.handle(Event::Line(line.to_string()));
    assert!(
        !session.ready_already(),
        "nothing is made before the first isready"
    );
    // (what changes, the hash's size after it, whether isready has work to do)
    for (change, check, work) in [
        ("setoption name USI_Hash value 2", 2, true),
        // A hash no search has used since it was made is as a new game wants it.
        ("usinewgame", 2, false),
        ("setoption name Evaluation value handcrafted", 2, true),
        ("setoption name USI_Hash value 1", 1, true),
    ] {
        say(&mut session, "isready");
        assert!(session.ready_already(), "isready made everything");
        say(&mut session, change);
        assert_eq!(
            !session.ready_already(),
            work,
            "`{change}` leaves work for isready: {work}"
        );
        say(&mut session, "isready");
        assert!(session.ready_already());
        assert_eq!(session.tt.as_ref().map(|t| t.size_mb()), Some(check));
    }
    assert!(matches!(session.evaluator, Evaluator::Handcrafted));
    assert_eq!(out.text().matches("readyok").count(), 8);
    // After a search, `usinewgame` leaves the hash to empty.
    session.tt_fresh = false;
    say(&mut session, "usinewgame");
    assert!(!session.ready_already(), "a used hash is emptied");
    say(&mut session, "isready");
    assert!(session.ready_already() && session.tt_fresh);
}
