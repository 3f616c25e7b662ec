//! The positions Lazy SMP threads are searching right now, so one thread can put off a move another is already
//! searching (simplified ABDADA).
//!
//! Without it, threads that share a transposition table and order their moves alike walk the same tree in step:
//! whichever is ahead stores a result, the other reads it and catches up, and both then search the same next
//! subtree. With it, a thread about to search a node's later move first checks whether another thread has that
//! child in progress; if so it searches its other moves first and comes back to the deferred ones at the end, by
//! which time the other thread's result is usually in the table.
//!
//! The table is a fixed array of atomic words indexed by the child's hash. A slot holds the hash of the position
//! being searched through it, or 0. Collisions only cost a needless deferral or a missed one: the search's result
//! never depends on this table, only the order in which threads visit moves.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots in the table (a power of two).
const SLOTS: usize = 1 << 15;

/// The positions being searched by some thread, shared by all threads of one Lazy SMP search.
#[derive(Debug)]
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Default for Busy {
    fn default() -> Self {
        Busy { slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }
}

impl Busy {
    fn slot(&self, key: u64) -> &AtomicU64 {
        // The low bits index the transposition table; mix in the high ones so the two do not alias.
        &self.slots[((key ^ (key >> 32)) as usize) & (SLOTS - 1)]
    }

    /// Whether some thread is searching the position with this hash.
    #[must_use]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks the position as being searched (by the caller, until [`Busy::leave`]).
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark [`Busy::enter`] set, unless another position took the slot meanwhile.
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::Busy;

    #[test]
    fn enter_marks_and_leave_clears() {
        let b = Busy::default();
        assert!(!b.is_busy(12345));
        b.enter(12345);
        assert!(b.is_busy(12345));
        b.leave(12345);
        assert!(!b.is_busy(12345));
    }

    #[test]
    fn leave_keeps_a_colliding_newer_entry() {
        let b = Busy::default();
        // Two keys on the same slot: equal low 15 bits after the mix, different high bits.
        let a = 7u64;
        let c = 7u64 | (1 << 40) | (1 << 8);
        assert_eq!(((a ^ (a >> 32)) as usize) & 0x7fff, ((c ^ (c >> 32)) as usize) & 0x7fff);
        b.enter(a);
        b.enter(c);
        b.leave(a);
        assert!(b.is_busy(c));
        assert!(!b.is_busy(a));
    }
}
