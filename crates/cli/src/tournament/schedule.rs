//! Many games on `--parallel` workers.
//!
//! A run is a list of [`Job`]s (who is black, who is white, which opening). Workers take jobs in order; each
//! worker keeps one player per entry and reuses it from game to game (a brain stays loaded, the built-in engine
//! keeps its allocation), so two games in parallel never share a process. A player that timed out, crashed or
//! failed to start is dropped after its game and started afresh for the next one. Results are shown to a callback
//! in the order games finish (for progress lines; one game at a time, on the worker that played it), and are
//! returned in job order.
//! After an interruption (`Settings::interrupt`) no game starts and the games in progress are dropped, so the
//! results hold only games played to their end. A caller whose callback breaks ([`run_until`]: a sequential test
//! that has decided) also stops new games, but lets those in progress finish.

use super::entry::{Entry, Player};
use super::game::{GameRecord, Opening, play};
use super::{Fault, Settings};
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

/// One game to play.
#[derive(Clone, Debug)]
pub struct Job {
    /// Entry index of black.
    pub black: usize,
    /// Entry index of white.
    pub white: usize,
    /// The opening.
    pub opening: Opening,
}

/// Plays every job, `settings.parallel` at a time; `done` sees each game as it finishes. Game numbers are
/// `first_number`, `first_number + 1`, … in job order.
pub fn run(
    entries: &[Entry],
    settings: &Settings,
    jobs: &[Job],
    first_number: usize,
    mut done: impl FnMut(&GameRecord) + Send,
) -> Vec<GameRecord> {
    run_until(entries, settings, jobs, first_number, |r| {
        done(r);
        ControlFlow::Continue(())
    })
}

/// [`run`], where `done` may end the run early (a sequential test that has decided): once it breaks, no new game
/// starts; the games already in progress are played to their end, shown to `done` and returned. `done` runs on
/// the worker that played the game, before that worker takes its next job, so with one worker no game starts after
/// the one that decided.
pub fn run_until(
    entries: &[Entry],
    settings: &Settings,
    jobs: &[Job],
    first_number: usize,
    done: impl FnMut(&GameRecord) -> ControlFlow<()> + Send,
) -> Vec<GameRecord> {
    let done = Mutex::new(done);
    let halt = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel();
    let mut results: Vec<Option<GameRecord>> = vec![None; jobs.len()];
    std::thread::scope(|scope| {
        for _ in 0..settings.parallel.min(jobs.len()) {
            let tx = tx.clone();
            let (next, halt, done) = (&next, &halt, &done);
            scope.spawn(move || {
                let mut players: Vec<Option<Box<dyn Player>>> = entries.iter().map(|_| None).collect();
                while !settings.interrupt.is_set() && !halt.load(Ordering::SeqCst) {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(job) = jobs.get(k) else { break };
                    let record = play_job(entries, settings, job, first_number + k, &mut players);
                    // A game cut short by an interruption is not a result.
                    if settings.interrupt.is_set() {
                        break;
                    }
                    let mut done = done.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    if (*done)(&record).is_break() {
                        halt.store(true, Ordering::SeqCst);
                    }
                    drop(done);
                    if tx.send((k, record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (k, record) in rx {
            results[k] = Some(record);
        }
    });
    results.into_iter().flatten().collect()
}

/// One job on a worker, starting (or restarting) the players it needs.
fn play_job(
    entries: &[Entry],
    settings: &Settings,
    job: &Job,
    number: usize,
    players: &mut [Option<Box<dyn Player>>],
) -> GameRecord {
    let names = [(job.black, entries[job.black].name.clone()), (job.white, entries[job.white].name.clone())];
    let mut started: [Option<Box<dyn Player>>; 2] = [None, None];
    let mut failed: Option<(usize, Fault)> = None;
    for (slot, &e) in [job.black, job.white].iter().enumerate() {
        let player = match players[e].take() {
            Some(p) => Ok(p),
            None => entries[e].player(settings),
        };
        match player {
            Ok(p) => started[slot] = Some(p),
            Err(f) if failed.is_none() => failed = Some((slot, f)),
            Err(_) => {}
        }
    }
    let record = match (&mut started, failed) {
        ([Some(b), Some(w)], None) => play(settings, number, &job.opening, names, [b.as_mut(), w.as_mut()]),
        (_, failed) => {
            let (slot, fault) = failed.unwrap_or((0, Fault::Start("not started".into())));
            let mut never = NeverStarted(Some(fault));
            let mut other = NeverStarted(None);
            let pair: [&mut dyn Player; 2] =
                if slot == 0 { [&mut never, &mut other] } else { [&mut other, &mut never] };
            play(settings, number, &job.opening, names, pair)
        }
    };
    // Keep the players for the next game unless one of them must be restarted.
    let faulty = match &record.ending {
        super::game::Ending::Fault(side, f) if f.needs_restart() => Some(side.index()),
        _ => None,
    };
    for (slot, (&e, p)) in [job.black, job.white].iter().zip(started).enumerate() {
        if faulty != Some(slot)
            && let Some(p) = p
        {
            players[e] = Some(p);
        }
    }
    record
}

/// Stands in for the players of a game that cannot start: the one that failed fails its new game with its start
/// fault (`Some`); its opponent (`None`) accepts the game and is never asked for a move.
struct NeverStarted(Option<Fault>);

impl Player for NeverStarted {
    fn new_game(&mut self, _index: usize) -> Result<(), Fault> {
        self.0.clone().map_or(Ok(()), Err)
    }

    fn play(
        &mut self,
        _pos: &sente_gomoku::Position,
        _stones: &[sente_gomoku::Move],
    ) -> Result<super::entry::Answer, Fault> {
        Err(self.0.clone().unwrap_or_else(|| Fault::Start("not started".into())))
    }
}
