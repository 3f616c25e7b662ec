//! Search limits: depth, nodes and time, and the shared stop flag. The only module that reads the clock.
//!
//! A caller fills in [`SearchLimits`]; the search turns it into a [`Deadline`] when it starts and asks
//! [`Deadline::should_stop`] every few thousand nodes. A [`StopFlag`] lets another thread (a protocol reader, a
//! server handler, a parallel helper) end a search early; it is an `Arc<AtomicBool>` so clones share one flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A shared flag that stops a running search.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, lowered flag.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks every search holding a clone of this flag to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag again.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// True once `stop` was called.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What may end a search. Unset limits do not apply; with none set the search runs to `MAX_DEPTH`.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Hard time limit for the whole search.
    pub time: Option<Duration>,
    /// Soft time limit: no new iteration starts after it (defaults to the hard limit).
    pub soft_time: Option<Duration>,
    /// External stop.
    pub stop: StopFlag,
}

impl SearchLimits {
    /// The deepest iteration any search attempts.
    pub const MAX_DEPTH: u32 = 128;

    /// Limits with only a depth.
    #[must_use]
    pub fn depth(d: u32) -> SearchLimits {
        SearchLimits { depth: Some(d), ..SearchLimits::default() }
    }

    /// Limits with only a node budget.
    #[must_use]
    pub fn nodes(n: u64) -> SearchLimits {
        SearchLimits { nodes: Some(n), ..SearchLimits::default() }
    }

    /// Limits with only a time budget.
    #[must_use]
    pub fn time(t: Duration) -> SearchLimits {
        SearchLimits { time: Some(t), ..SearchLimits::default() }
    }

    /// The deepest iteration allowed.
    #[must_use]
    pub fn max_depth(&self) -> u32 {
        self.depth.unwrap_or(Self::MAX_DEPTH).min(Self::MAX_DEPTH)
    }

    /// Starts the clock.
    #[must_use]
    pub fn start(&self) -> Deadline {
        let now = Instant::now();
        Deadline {
            start: now,
            hard: self.time.map(|t| now + t),
            soft: self.soft_time.or(self.time).map(|t| now + t),
            nodes: self.nodes,
            stop: self.stop.clone(),
        }
    }
}

/// A started search's limits.
#[derive(Clone, Debug)]
pub struct Deadline {
    start: Instant,
    hard: Option<Instant>,
    soft: Option<Instant>,
    nodes: Option<u64>,
    stop: StopFlag,
}

impl Deadline {
    /// How often (in nodes) searches should call [`Deadline::should_stop`].
    pub const CHECK_EVERY: u64 = 1024;

    /// True when the search must end now: the stop flag is up, the node budget is spent or the hard time passed.
    /// Raises the stop flag in the last two cases so helpers sharing it stop too.
    #[must_use]
    pub fn should_stop(&self, nodes: u64) -> bool {
        if self.stop.is_stopped() {
            return true;
        }
        let out = self.nodes.is_some_and(|n| nodes >= n) || self.hard.is_some_and(|h| Instant::now() >= h);
        if out {
            self.stop.stop();
        }
        out
    }

    /// True when no new iteration should begin (soft time passed, or already stopped).
    #[must_use]
    pub fn soft_expired(&self) -> bool {
        self.stop.is_stopped() || self.soft.is_some_and(|s| Instant::now() >= s)
    }

    /// Time since the search started.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The stop flag this search watches.
    #[must_use]
    pub fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }
}

/// Measures the wall time of some work (for the course interfaces that print a run time), so callers outside the
/// core need not read the clock themselves.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch(Instant);

impl Stopwatch {
    /// Starts measuring.
    #[must_use]
    pub fn start() -> Stopwatch {
        Stopwatch(Instant::now())
    }

    /// Time since start.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_budget_raises_the_shared_flag() {
        let limits = SearchLimits::nodes(100);
        let flag = limits.stop.clone();
        let d = limits.start();
        assert!(!d.should_stop(99));
        assert!(d.should_stop(100));
        assert!(flag.is_stopped());
        assert!(d.soft_expired());
    }

    #[test]
    fn max_depth_defaults_and_caps() {
        assert_eq!(SearchLimits::default().max_depth(), SearchLimits::MAX_DEPTH);
        assert_eq!(SearchLimits::depth(5).max_depth(), 5);
        assert_eq!(SearchLimits::depth(1000).max_depth(), SearchLimits::MAX_DEPTH);
    }
}
