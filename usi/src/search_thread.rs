//! The thread the session's searches run on, kept from one `go` to the next.
//!
//! A search needs a large stack (the search's recursion, and the mate solver's lines of
//! thousands of plies). A thread started for each `go` had its 64 MiB stack mapped anew,
//! the pages the search touched faulted in and zeroed again, and the whole unmapped at its
//! end (the C library keeps no stack that large for reuse): with the thread's start, about
//! 40% of what a short `go` cost. One thread, started at the first `go`, now runs each job
//! in turn and keeps its stack (the pages a deep search touched stay with it: at most the
//! 64 MiB, after a mate line of thousands of plies).

use std::io;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// The stack a search thread gets: enough for the search's recursion (up to
/// [`MAX_PLY`](tokin_engine::search::MAX_PLY) plies) and the mate solver's.
pub(crate) const SEARCH_STACK: usize = 64 << 20;

/// Starts a thread of its own with a search's stack: `tokin mate` solves on one.
pub(crate) fn start_thread<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> io::Result<JoinHandle<T>> {
    std::thread::Builder::new()
        .name(name.into())
        .stack_size(SEARCH_STACK)
        .spawn(work)
}

type Job = Box<dyn FnOnce() + Send>;

/// The session's search thread (none until the first job).
#[derive(Default)]
pub(crate) struct SearchThread {
    jobs: Option<Sender<Job>>,
}

/// A job handed to the [`SearchThread`]; [`Ticket::join`] waits for its end.
pub(crate) struct Ticket(Receiver<()>);

impl Ticket {
    /// Waits until the job has returned (or ended by a panic).
    pub(crate) fn join(self) {
        // The job's sender is dropped when it returns or unwinds; either ends the wait.
        let _ = self.0.recv();
    }
}

impl SearchThread {
    /// Runs `work` on the thread, starting the thread first if there is none.
    ///
    /// # Errors
    /// The system refused a new thread.
    pub(crate) fn start(&mut self, work: impl FnOnce() + Send + 'static) -> io::Result<Ticket> {
        let jobs = match &self.jobs {
            Some(jobs) => jobs,
            None => self.jobs.insert(spawn()?),
        };
        let (done, ticket) = channel();
        // The thread outlives `jobs` (a job's panic is caught there), so the send cannot
        // fail; were the job lost all the same, its `done` would drop and end the wait.
        let _ = jobs.send(Box::new(move || {
            work();
            let _ = done.send(());
        }));
        Ok(Ticket(ticket))
    }
}

/// Starts the thread: it runs the jobs sent on the returned channel, in turn, until the
/// channel is dropped.
fn spawn() -> io::Result<Sender<Job>> {
    let (jobs, queue) = channel::<Job>();
    std::thread::Builder::new()
        .name("search".into())
        .stack_size(SEARCH_STACK)
        .spawn(move || {
            for job in queue {
                // A job that panics (a bug, reported by the panic hook) ends its own wait
                // as it unwinds, and the thread goes on to the next (where panics unwind:
                // the release build aborts).
                let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
            }
        })?;
    Ok(jobs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn jobs_run_in_turn_on_one_thread() {
        let mut thread = SearchThread::default();
        let ran = Arc::new(AtomicUsize::new(0));
        let mut ids = Vec::new();
        for _ in 0..3 {
            let counter = Arc::clone(&ran);
            let (tx, rx) = channel();
            thread
                .start(move || {
                    counter.fetch_add(1, Ordering::SeqCst);
                    let _ = tx.send(std::thread::current().id());
                })
                .unwrap()
                .join();
            // `join` returned: the job has run.
            assert_eq!(ran.load(Ordering::SeqCst), ids.len() + 1);
            ids.push(rx.recv().unwrap());
        }
        assert!(
            ids.iter().all(|&id| id == ids[0]),
            "one thread for all jobs"
        );
        assert_ne!(ids[0], std::thread::current().id());
    }

    #[test]
    fn a_job_that_panics_ends_its_wait_and_the_next_job_runs_on_the_same_thread() {
        let mut thread = SearchThread::default();
        let (tx, rx) = channel();
        let first = tx.clone();
        thread
            .start(move || {
                let _ = first.send(std::thread::current().id());
                panic!("a search bug");
            })
            .unwrap()
            .join();
        thread
            .start(move || {
                let _ = tx.send(std::thread::current().id());
            })
            .unwrap()
            .join();
        let (a, b) = (rx.recv().unwrap(), rx.recv().unwrap());
        assert_eq!(a, b);
    }

    #[test]
    fn the_thread_has_the_large_stack() {
        let mut thread = SearchThread::default();
        let (tx, rx) = channel::<usize>();
        thread
            .start(move || {
                // Deeper than a default 2 MiB (or 8 MiB) stack allows.
                let big = [1u8; 32 << 20];
                let _ = tx.send(std::hint::black_box(&big).iter().map(|&b| b as usize).sum());
            })
            .unwrap()
            .join();
        assert_eq!(rx.recv().unwrap(), 32usize << 20);
    }
}
