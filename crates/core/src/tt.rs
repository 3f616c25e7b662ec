//! A bounded transposition table with two-slot buckets and an age-aware replacement rule.
//!
//! Each bucket holds a depth-preferred slot and an always-replace slot, so deep results survive while fresh shallow
//! ones still find room. Entries from an older search (a lower generation) are replaced first. Win/loss values are
//! stored relative to the storing node ([`Value::to_tt`]) and read back relative to the probing node
//! ([`Value::from_tt`]); the callers pass the ply.
//!
//! The table is shared by reference (`&self` methods) so several searcher threads (Lazy SMP) can probe and store at
//! once: the buckets are split into 256 shards (bucket index modulo 256), each guarded by its own lock, and the
//! locks live in a small array of their own. An uncontended lock costs one atomic operation on a line that stays in
//! the L1 cache, so the processor still overlaps the bucket's cache miss with other work (a lock word inside the
//! bucket, tried first, cost 10-20% of the Gomoku bench: the locked instruction waits for the missing line). All
//! buckets live in one allocation, each padded to a 64-byte cache line, and on Linux that allocation is marked for
//! transparent huge pages before it is first written ([`crate::memory::advise_huge_pages`]): a probe then touches
//! one cache line and, for tables of many MiB, rarely misses the TLB.
//!
//! The shard locks guard memory they do not contain, which takes the table's only `unsafe` code: two accesses
//! through [`std::cell::UnsafeCell`], each made while holding the bucket's shard lock (see `with_bucket`).

use crate::memory::advise_huge_pages;
use crate::outcome::Value;
use std::cell::UnsafeCell;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};

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

impl<M> Entry<M> {
    /// An unused slot.
    const EMPTY: Entry<M> =
        Entry { key: 0, best: None, value: Value::DRAW, depth: 0, bound: Bound::Upper, generation: 0, used: false };
}

/// Number of shard locks (at most; never more than buckets).
const SHARDS: usize = 256;

/// One bucket: two entries, aligned to a cache line. Only touched while holding its shard's lock.
#[derive(Debug)]
#[repr(align(64))]
struct Bucket<M>(UnsafeCell<[Entry<M>; 2]>);

/// The table: `2^k` buckets of two entries in one allocation, guarded by shard locks held apart.
#[derive(Debug)]
pub struct TranspositionTable<M> {
    buckets: Box<[Bucket<M>]>,
    /// `locks[i & (locks.len() - 1)]` guards bucket `i`; a power of two no larger than the bucket count.
    locks: Box<[Mutex<()>]>,
    /// Number of buckets minus one (a power of two minus one).
    mask: usize,
    generation: AtomicU8,
}

// SAFETY: the entries inside the `UnsafeCell`s are only read or written by `with_bucket`, while holding the lock
// of the bucket's shard, so no two threads ever access one bucket at once; entries are plain `Copy` data whose
// moves (`M`) may be sent between threads.
#[allow(unsafe_code)]
unsafe impl<M: Send> Sync for TranspositionTable<M> {}

impl<M: Copy> TranspositionTable<M> {
    /// A table with at most `entries` entries (rounded down to a power of two, at least 2).
    #[must_use]
    pub fn new(entries: usize) -> TranspositionTable<M> {
        let buckets = (entries / 2).max(1);
        let buckets = if buckets.is_power_of_two() { buckets } else { buckets.next_power_of_two() / 2 };
        let mut v: Vec<Bucket<M>> = Vec::with_capacity(buckets);
        advise_huge_pages(&v);
        v.resize_with(buckets, || Bucket(UnsafeCell::new([Entry::EMPTY; 2])));
        TranspositionTable {
            buckets: v.into_boxed_slice(),
            locks: (0..buckets.min(SHARDS)).map(|_| Mutex::new(())).collect(),
            mask: buckets - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// A table that fits in about `megabytes` MiB.
    #[must_use]
    pub fn with_megabytes(megabytes: usize) -> TranspositionTable<M> {
        let bucket = std::mem::size_of::<Bucket<M>>().max(1);
        Self::new((megabytes << 20) / bucket * 2)
    }

    /// Number of entry slots.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Bytes held by the buckets.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket<M>>()
    }

    /// Marks the start of a new search, so older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Empties the table.
    pub fn clear(&self) {
        for i in 0..self.buckets.len() {
            self.with_bucket(i, |b| *b = [Entry::EMPTY; 2]);
        }
    }

    /// Empties a table nobody else holds: the same result as [`TranspositionTable::clear`] without taking a
    /// lock per bucket (plain stores of empty entries).
    pub fn clear_exclusive(&mut self) {
        for b in self.buckets.iter_mut() {
            *b.0.get_mut() = [Entry::EMPTY; 2];
        }
    }

    /// The bucket index for `key`: the low bits of the key with its halves folded together; the full key is still
    /// compared on probe.
    fn index(&self, key: u64) -> usize {
        let mixed = (key >> 32) ^ key;
        mixed as usize & self.mask
    }

    /// Runs `f` on bucket `i` while holding its shard's lock. A poisoned lock (a searcher thread panicked while
    /// holding it) still guards valid entries (`f` never leaves a bucket half-written), so the poison is ignored.
    #[allow(unsafe_code)]
    fn with_bucket<R>(&self, i: usize, f: impl FnOnce(&mut [Entry<M>; 2]) -> R) -> R {
        let _guard = self.locks[i & (self.locks.len() - 1)].lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // SAFETY: bucket `i` is only ever accessed here, under lock `i mod locks.len()`, which this thread now holds
        // until `_guard` drops after `f` returns; so this is the only live reference to the bucket. `f` cannot
        // reach another bucket through `self` while holding this reference without going through `with_bucket`
        // (the locks are not re-entrant, and no method calls `with_bucket` from inside `f`).
        let bucket = unsafe { &mut *self.buckets[i].0.get() };
        f(bucket)
    }

    /// A copy of the entry for `key`, if stored.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.with_bucket(self.index(key), |b| b.iter().find(|e| e.used && e.key == key).copied())
    }

    /// Stores a result. Replacement: the same key is always refreshed (keeping its move if the new result has
    /// none); otherwise the depth-preferred slot takes the entry when it is empty, stale or not deeper, and the
    /// always-replace slot takes it else.
    pub fn store(&self, key: u64, best: Option<M>, value: Value, depth: u16, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        self.with_bucket(self.index(key), |bucket| Self::put(bucket, key, best, value, depth, bound, generation));
    }

    /// The replacement rule on one (locked) bucket.
    fn put(
        bucket: &mut [Entry<M>; 2],
        key: u64,
        best: Option<M>,
        value: Value,
        depth: u16,
        bound: Bound,
        generation: u8,
    ) {
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

    /// Starts `key`'s bucket on its way into the cache ahead of a probe or store ([`crate::memory::prefetch`]), so
    /// the memory's latency overlaps other work: the searcher asks for a child's bucket before it plays the move
    /// that leads there. A hint only: it reads and changes nothing.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::memory::prefetch(&self.buckets[self.index(key)]);
    }

    /// [`TranspositionTable::probe`] on a table nobody else holds: no lock (the `&mut` proves exclusive access), so
    /// the bucket's cache miss can overlap the caller's next work instead of waiting behind a locked instruction.
    #[must_use]
    pub fn probe_exclusive(&mut self, key: u64) -> Option<Entry<M>> {
        let i = self.index(key);
        self.buckets[i].0.get_mut().iter().find(|e| e.used && e.key == key).copied()
    }

    /// [`TranspositionTable::store`] on a table nobody else holds, without a lock.
    pub fn store_exclusive(&mut self, key: u64, best: Option<M>, value: Value, depth: u16, bound: Bound) {
        let generation = *self.generation.get_mut();
        let i = self.index(key);
        Self::put(self.buckets[i].0.get_mut(), key, best, value, depth, bound, generation);
    }

    /// Share of slots in use, in permille (a UCI-style "hashfull").
    #[must_use]
    pub fn fill_permille(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        let used: usize = (0..sample).map(|i| self.with_bucket(i, |b| b.iter().filter(|e| e.used).count())).sum();
        (used * 1000 / (sample * 2).max(1)) as u32
    }
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

    #[test]
    fn buckets_fill_one_cache_line_in_one_allocation() {
        assert_eq!(std::mem::size_of::<Bucket<u16>>(), 64);
        let tt: TranspositionTable<u16> = TranspositionTable::with_megabytes(16);
        assert_eq!((tt.capacity(), tt.bytes()), (1 << 19, 16 << 20));
        // Not a power of two: rounded down.
        assert_eq!(TranspositionTable::<u16>::new(1000).capacity(), 512);
        for k in 0..4096u64 {
            tt.store(3 * k + 1, Some(k as u16), Value(k as i32), 1, Bound::Exact);
        }
        for k in 0..4096u64 {
            let e = tt.probe(3 * k + 1).unwrap();
            assert_eq!((e.best, e.value), (Some(k as u16), Value(k as i32)));
        }
        tt.clear();
        assert!(tt.probe(1).is_none());
        let mut tt = tt;
        tt.store(1, Some(1), Value(1), 1, Bound::Exact);
        tt.clear_exclusive();
        assert!(tt.probe(1).is_none());
    }

    /// The lock-free accessors of an unshared table read and write the same entries as the locked ones.
    #[test]
    fn exclusive_access_matches_the_locked_one() {
        let (mut a, b): (TranspositionTable<u16>, TranspositionTable<u16>) =
            (TranspositionTable::new(64), TranspositionTable::new(64));
        for k in 0..500u64 {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let (depth, bound) = ((k % 9) as u16, [Bound::Exact, Bound::Lower, Bound::Upper][k as usize % 3]);
            let best = if k % 4 == 0 { None } else { Some(k as u16) };
            a.store_exclusive(key, best, Value(k as i32), depth, bound);
            b.store(key, best, Value(k as i32), depth, bound);
            if k % 50 == 0 {
                a.new_search();
                b.new_search();
            }
        }
        for k in 0..500u64 {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let (x, y) = (a.probe_exclusive(key), b.probe(key));
            assert_eq!(x.map(|e| (e.best, e.value, e.depth, e.bound)), y.map(|e| (e.best, e.value, e.depth, e.bound)));
        }
    }
}
