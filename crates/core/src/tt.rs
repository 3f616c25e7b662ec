//! A bounded transposition table with two-slot buckets and an age-aware replacement rule.
//!
//! Each bucket holds a depth-preferred slot and an always-replace slot, so deep results survive while fresh shallow
//! ones still find room. Entries from an older search (a lower generation) are replaced first. Win/loss values are
//! stored relative to the storing node ([`Value::to_tt`]) and read back relative to the probing node
//! ([`Value::from_tt`]); the callers pass the ply.
//!
//! The table is shared by reference (`&self` methods): buckets are split into shards, each behind its own mutex, so
//! several searcher threads (Lazy SMP) can probe and store at once. An uncontended lock costs a few nanoseconds, and
//! with 256 shards two threads rarely meet.

use crate::outcome::Value;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};

const SHARDS: usize = 256;

/// What a stored value says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (a fail-high).
    Lower,
    /// The true value is at most this (a fail-low).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    /// The full 64-bit key, to reject index collisions.
    pub key: u64,
    /// The best (or refuting) move found, if any.
    pub best: Option<M>,
    /// The value, relative to the storing node.
    pub value: Value,
    /// Remaining depth the value was searched to.
    pub depth: u16,
    /// How `value` bounds the true value.
    pub bound: Bound,
    generation: u8,
    used: bool,
}

/// One shard: a run of two-entry buckets behind one lock.
type Shard<M> = Mutex<Vec<[Entry<M>; 2]>>;

/// The table: `2^k` buckets of two entries, in mutex-guarded shards.
#[derive(Debug)]
pub struct TranspositionTable<M> {
    shards: Box<[Shard<M>]>,
    /// Buckets per shard, minus one (a power of two minus one).
    mask: usize,
    generation: AtomicU8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table with at most `entries` entries (rounded down to a power of two, at least 2).
    #[must_use]
    pub fn new(entries: usize) -> TranspositionTable<M> {
        let buckets = (entries / 2).max(1);
        let buckets = if buckets.is_power_of_two() { buckets } else { buckets.next_power_of_two() / 2 };
        let shards = buckets.min(SHARDS);
        let per_shard = buckets / shards;
        let empty =
            Entry { key: 0, best: None, value: Value::DRAW, depth: 0, bound: Bound::Upper, generation: 0, used: false };
        TranspositionTable {
            shards: (0..shards).map(|_| Mutex::new(vec![[empty; 2]; per_shard])).collect(),
            mask: per_shard - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// A table that fits in about `megabytes` MiB.
    #[must_use]
    pub fn with_megabytes(megabytes: usize) -> TranspositionTable<M> {
        let entry = std::mem::size_of::<Entry<M>>().max(1);
        Self::new((megabytes << 20) / entry)
    }

    /// Number of entry slots.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.shards.len() * (self.mask + 1) * 2
    }

    /// Marks the start of a new search, so older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Empties the table.
    pub fn clear(&self) {
        for shard in self.shards.iter() {
            for b in lock(shard).iter_mut() {
                for e in b.iter_mut() {
                    e.used = false;
                    e.best = None;
                }
            }
        }
    }

    /// The shard and the bucket inside it. Low bits pick the shard, the next bits the bucket; the full key is
    /// still compared on probe.
    fn locate(&self, key: u64) -> (usize, usize) {
        let mixed = (key >> 32) ^ key;
        let shard = mixed as usize % self.shards.len();
        (shard, (mixed as usize / self.shards.len()) & self.mask)
    }

    /// A copy of the entry for `key`, if stored.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let (shard, bucket) = self.locate(key);
        lock(&self.shards[shard])[bucket].iter().find(|e| e.used && e.key == key).copied()
    }

    /// Stores a result. Replacement: the same key is always refreshed (keeping its move if the new result has
    /// none); otherwise the depth-preferred slot takes the entry when it is empty, stale or not deeper, and the
    /// always-replace slot takes it else.
    pub fn store(&self, key: u64, best: Option<M>, value: Value, depth: u16, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let (shard, idx) = self.locate(key);
        let mut guard = lock(&self.shards[shard]);
        let bucket = &mut guard[idx];
        let slot = if let Some(i) = bucket.iter().position(|e| e.used && e.key == key) {
            i
        } else if !bucket[0].used || bucket[0].generation != generation || depth >= bucket[0].depth {
            if bucket[0].used && bucket[0].key != key {
                bucket[1] = bucket[0];
            }
            0
        } else {
            1
        };
        let e = &mut bucket[slot];
        let best = if best.is_none() && e.used && e.key == key { e.best } else { best };
        *e = Entry { key, best, value, depth, bound, generation, used: true };
    }

    /// Share of slots in use, in permille (a UCI-style "hashfull").
    #[must_use]
    pub fn fill_permille(&self) -> u32 {
        let shard = lock(&self.shards[0]);
        let sample = shard.len().min(500);
        let used: usize = shard[..sample].iter().map(|b| b.iter().filter(|e| e.used).count()).sum();
        (used * 1000 / (sample * 2).max(1)) as u32
    }
}

/// Locks a shard. A poisoned shard (a searcher thread panicked while holding it) still holds valid entries, so the
/// poison is ignored.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_replace() {
        let tt: TranspositionTable<u8> = TranspositionTable::new(4);
        assert_eq!(tt.capacity(), 4);
        tt.store(5, Some(1), Value(10), 3, Bound::Exact);
        let e = tt.probe(5).unwrap();
        assert_eq!((e.best, e.value, e.depth, e.bound), (Some(1), Value(10), 3, Bound::Exact));
        // Refreshing without a move keeps the old move.
        tt.store(5, None, Value(11), 4, Bound::Lower);
        assert_eq!(tt.probe(5).unwrap().best, Some(1));
        assert!(tt.probe(6).is_none());
        // Fill a bucket with colliding keys: the table never exceeds its capacity and keeps the deepest entry.
        for k in 0..64u64 {
            tt.store(k << 40, None, Value(0), (k % 7) as u16, Bound::Upper);
        }
        assert!(tt.fill_permille() <= 1000);
    }
}
