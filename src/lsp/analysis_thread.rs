//! One thread that runs every analysis of the server, and frees what each
//! one replaces.
//!
//! A docs.json keystroke's analysis makes a tree as large as the file (a
//! 2.3 MB docs.json on the largest real site), and the previous one is
//! freed. mimalloc hands a block freed by another thread back to the heap
//! of the thread that made it, which takes it back only when it allocates
//! again: with analyses on whichever of tokio's blocking threads was woken
//! (they take turns) and freed on yet another thread, each keystroke's tree
//! was made in a heap that had not taken back the last one, and the
//! server's resident memory grew about 1.2 MiB a keystroke while its live
//! heap stayed flat. Here each analysis is made, and the one it replaces
//! freed, on this thread: freed locally, once the answer is out, into the
//! heap the next analysis allocates from. Measured with lspbench (20 and 100
//! edits, alternating with the binary before, idle): the largest real
//! site's peak 143-168 -> 136-143 MiB, its edit p50 9.9-10.7 -> 9.5-10.8
//! ms; the 4 x 34 site's pull p50 4.63 -> 4.44 ms (medians of 6), its peak
//! 127 -> 120 MiB.
//!
//! The analysis a change starts is queued here from the async side
//! ([`spawn`]), crossing threads no more often than a blocking task did; a
//! blocking caller that finds no analysis ready queues a job that finds it
//! ready, or makes it ([`run`]).

use crate::model::site::lock;
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, OnceLock};

type Job = Box<dyn FnOnce() + Send>;

thread_local! {
    static ON_IT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// What the job running now leaves to free once it has answered.
    static GARBAGE: std::cell::RefCell<Vec<Box<dyn Send>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Free `value` off the request path: on the analysis thread once the job
/// running now has given its answer and no job waits, so that what an
/// analysis replaces is freed into the heap the next one allocates from, as
/// a local free (a block freed by another thread waits in a list the next
/// analysis would go through first); elsewhere on a thread kept for that.
pub fn free(value: Box<dyn Send>) {
    if ON_IT.with(|on| on.get()) {
        GARBAGE.with(|g| g.borrow_mut().push(value));
    } else {
        free_later(value);
    }
}

/// Drops `value` on a thread kept for that.
fn free_later(value: Box<dyn Send>) {
    static FREER: OnceLock<Mutex<Sender<Box<dyn Send>>>> = std::sync::OnceLock::new();
    let tx = FREER.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<Box<dyn Send>>();
        // Without a thread to spare the receiver is gone, and what is sent
        // is dropped here, at once.
        let _ = std::thread::Builder::new()
            .name("docs-lsp free".into())
            .spawn(move || rx.into_iter().for_each(drop));
        Mutex::new(tx)
    });
    if let Err(e) = lock(tx).send(value) {
        drop(e.0);
    }
}

/// How many freed values may wait for the queue to empty before they are
/// dropped anyway (each can be a whole replaced analysis).
const MAX_GARBAGE: usize = 2;

/// The queue of the analysis thread, started on first use; `None` where no
/// thread could be started.
fn jobs() -> Option<&'static Mutex<Sender<Job>>> {
    static JOBS: OnceLock<Option<Mutex<Sender<Job>>>> = OnceLock::new();
    JOBS.get_or_init(|| {
        let (tx, rx) = channel::<Job>();
        std::thread::Builder::new()
            .name("docs-lsp analysis".into())
            .spawn(move || {
                ON_IT.with(|on| on.set(true));
                for job in rx.iter() {
                    job();
                    // Whoever asked meanwhile (a pull waiting for the
                    // analysis that just ended) goes before the freeing,
                    // but only while little waits to be freed: under
                    // typing faster than the analyses (a loaded machine)
                    // the queue never empties, and every replaced analysis
                    // would be kept.
                    while GARBAGE.with(|g| g.borrow().len()) < MAX_GARBAGE {
                        let Ok(job) = rx.try_recv() else { break };
                        job();
                    }
                    let garbage = GARBAGE.with(|g| std::mem::take(&mut *g.borrow_mut()));
                    drop(garbage);
                }
            })
            .ok()
            .map(|_| Mutex::new(tx))
    })
    .as_ref()
}

/// Queue `f` on the analysis thread; `f` runs on the caller's thread when
/// there is none. A panic in `f` is caught: the thread goes on with the
/// next job.
fn send<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
    answer: impl FnOnce(std::thread::Result<T>) + Send + 'static,
) {
    let job: Job = Box::new(move || {
        answer(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
    });
    match jobs() {
        Some(jobs) => {
            if let Err(e) = lock(jobs).send(job) {
                (e.0)();
            }
        }
        None => job(),
    }
}

/// Run `f` on the analysis thread and wait for its answer (at once when
/// called there). A panic in `f` is raised again here.
pub fn run<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    if ON_IT.with(|on| on.get()) {
        return f();
    }
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    send(f, move |r| {
        let _ = tx.send(r);
    });
    match rx.recv() {
        Ok(Ok(value)) => value,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        // The job always answers (it catches panics): only a lost thread
        // gets here, and the job is lost with it.
        Err(_) => panic!("the analysis thread stopped"),
    }
}

/// Queue `f` on the analysis thread now (as `spawn_blocking` starts its
/// task, not when awaited); the answer, or `None` if `f` panicked.
pub fn spawn<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> impl std::future::Future<Output = Option<T>> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    send(f, move |r| {
        let _ = tx.send(r.ok());
    });
    async move { rx.await.ok().flatten() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// `f` on another thread, failing the test instead of hanging it.
    fn within_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || tx.send(f()));
        rx.recv_timeout(Duration::from_secs(20))
            .expect("the analysis thread did not answer")
    }

    #[test]
    fn jobs_from_many_threads_get_their_own_answers_on_one_thread() {
        let names = within_seconds(|| {
            let callers: Vec<_> = (0..8)
                .map(|i| {
                    std::thread::spawn(move || {
                        run(move || (i * 10, std::thread::current().name().map(String::from)))
                    })
                })
                .collect();
            callers
                .into_iter()
                .enumerate()
                .map(|(i, c)| {
                    let (v, name) = c.join().unwrap();
                    assert_eq!(v, i * 10);
                    name
                })
                .collect::<Vec<_>>()
        });
        assert!(
            names
                .iter()
                .all(|n| n.as_deref() == Some("docs-lsp analysis")),
            "{names:?}"
        );
    }

    #[test]
    fn a_panicking_job_raises_in_its_caller_and_the_thread_goes_on() {
        let caught = within_seconds(|| {
            std::panic::catch_unwind(|| run(|| -> u8 { panic!("planted") })).is_err()
        });
        assert!(caught);
        assert_eq!(within_seconds(|| run(|| 7)), 7);
    }

    #[test]
    fn a_job_that_asks_again_runs_there_and_then() {
        assert_eq!(within_seconds(|| run(|| run(|| 3) + 1)), 4);
    }

    #[test]
    fn a_queue_that_never_empties_still_frees() {
        // Jobs queued faster than they run: each frees one value, and the
        // values alive at any job's start stay bounded (a planted drain
        // that waits for an empty queue keeps all 50 alive).
        struct Live(Arc<AtomicUsize>);
        impl Drop for Live {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::SeqCst);
            }
        }
        let most = within_seconds(|| {
            let live = Arc::new(AtomicUsize::new(0));
            let most = Arc::new(AtomicUsize::new(0));
            let (gate_tx, gate_rx) = std::sync::mpsc::channel::<()>();
            // The first job holds the thread until all the others wait.
            let first = spawn(move || {
                let _ = gate_rx.recv();
            });
            let waits: Vec<_> = (0..50)
                .map(|_| {
                    let (live, most) = (live.clone(), most.clone());
                    spawn(move || {
                        most.fetch_max(live.load(Ordering::SeqCst), Ordering::SeqCst);
                        live.fetch_add(1, Ordering::SeqCst);
                        free(Box::new(Live(live.clone())));
                    })
                })
                .collect();
            gate_tx.send(()).unwrap();
            let rt = tokio::runtime::Builder::new_current_thread()
                .build()
                .unwrap();
            rt.block_on(async {
                first.await;
                for w in waits {
                    w.await;
                }
            });
            most.load(Ordering::SeqCst)
        });
        assert!(most <= MAX_GARBAGE, "{most} freed values waited at once");
    }

    #[test]
    fn what_a_job_frees_is_freed_there_after_its_answer() {
        struct DropWitness(Arc<AtomicUsize>, std::sync::mpsc::Sender<Option<String>>);
        impl Drop for DropWitness {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::SeqCst);
                let _ = self.1.send(std::thread::current().name().map(String::from));
            }
        }
        let dropped = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = std::sync::mpsc::channel();
        let d = dropped.clone();
        let seen_at_answer = within_seconds(move || {
            run(move || {
                free(Box::new(DropWitness(d.clone(), tx)));
                d.load(Ordering::SeqCst)
            })
        });
        assert_eq!(seen_at_answer, 0, "freed before the answer");
        let thread = rx.recv_timeout(Duration::from_secs(20)).unwrap();
        assert_eq!(thread.as_deref(), Some("docs-lsp analysis"));
        assert_eq!(dropped.load(Ordering::SeqCst), 1);
    }
}
