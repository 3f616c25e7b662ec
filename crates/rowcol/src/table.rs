//! The fast solver's transposition table: bounded, lock-free, shared by all threads, eight bytes an entry.
//!
//! A position of the fast solver is exactly the pair (rows holding pieces, columns holding pieces), 32 bits, so the
//! key is stored in full and a probe never mistakes one position for another. Values here are exact game bounds
//! (there is no depth horizon), so an entry keeps a lower and an upper bound and a store simply tightens them. One
//! `AtomicU64` holds a whole entry, so threads never see a torn one:
//!
//! | bits  | field |
//! |-------|-------|
//! | 0–31  | key: rows << 16 \| columns |
//! | 32–41 | lower bound + 512 |
//! | 42–51 | upper bound + 512 |
//! | 52–57 | best move index + 1 (0: none) |
//! | 58–63 | work: pieces left / 4, the replacement priority |
//!
//! Four entries make a bucket (32 bytes, half a cache line). A store refreshes the entry with the same key, or else
//! replaces the bucket's entry with the least work (an empty slot has none): positions with many pieces left cost
//! the most to recompute, so they are kept.
//!
//! Probes land all over the table, so with 4 KiB pages nearly every probe of a large table also misses the TLB. On
//! Linux a table of 8 MiB or more asks the kernel for transparent huge pages ([`sente_core::memory`]) before its
//! memory is first touched: on a 16×16 board (512 MiB table) that cut the CPU time by about a fifth. Where the
//! kernel declines, nothing changes but the speed.

use std::sync::atomic::{AtomicU64, Ordering};

const WAYS: usize = 4;
const OFFSET: i32 = 512;

/// What the table knows about one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The best (or refuting) move's index, if any.
    pub best: Option<u8>,
}

/// Four entries, aligned so that a bucket never straddles two cache lines (a large allocation from the system
/// allocator starts 16 bytes past a page boundary, which would split every other 32-byte bucket).
#[derive(Debug, Default)]
#[repr(C, align(32))]
struct Bucket([AtomicU64; WAYS]);

/// The shared table.
#[derive(Debug)]
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Table {
    /// A table of about `entries` entries (rounded down to a power of two, at least one bucket).
    #[must_use]
    pub fn new(entries: usize) -> Table {
        let buckets = (entries / WAYS).max(1);
        let buckets = if buckets.is_power_of_two() { buckets } else { buckets.next_power_of_two() / 2 };
        let mut v = Vec::with_capacity(buckets);
        if buckets * size_of::<Bucket>() >= HUGE_PAGE_MIN_BYTES {
            sente_core::memory::advise_huge_pages(&v);
        }
        v.resize_with(buckets, Bucket::default);
        Table { buckets: v, mask: buckets - 1 }
    }

    /// A table sized for a board with `lines` rows plus columns: from 64 K entries (512 KiB) for small boards,
    /// doubling per line (2^18 entries, 2 MiB, for 12×12; 2^22, 32 MiB, for 14×14), up to 2^26 entries (512 MiB)
    /// for 16×16.
    #[must_use]
    pub fn for_lines(lines: usize) -> Table {
        let log = lines.saturating_sub(6).clamp(16, 26);
        Table::new(1 << log)
    }

    /// Bytes held by the entries.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    fn bucket(&self, key: u32) -> &[AtomicU64; WAYS] {
        // A multiplicative hash spreads the structured row/column masks over the buckets.
        let h = u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.buckets[(h >> 32) as usize & self.mask].0
    }

    /// Starts loading `key`'s bucket into the cache, for a probe or store soon after.
    pub fn prefetch(&self, key: u32) {
        sente_core::memory::prefetch(self.bucket(key));
    }

    /// What is stored for `key`, if anything.
    #[must_use]
    pub fn probe(&self, key: u32) -> Option<Probe> {
        self.bucket(key).iter().map(|s| s.load(Ordering::Relaxed)).find(|&w| w as u32 == key && w != 0).map(unpack)
    }

    /// Records that the value of `key` lies in `lower..=upper` (merged with what is already known), with `best`
    /// as its best or refuting move and `pieces` pieces left.
    pub fn store(&self, key: u32, lower: i32, upper: i32, best: Option<u8>, pieces: u32) {
        let slots = self.bucket(key);
        let mut victim = 0;
        let mut victim_work = u64::MAX;
        for (i, s) in slots.iter().enumerate() {
            let w = s.load(Ordering::Relaxed);
            if w != 0 && w as u32 == key {
                let old = unpack(w);
                let lower = lower.max(old.lower);
                let upper = upper.min(old.upper);
                // Lower above upper can only come from a lost race on another entry; keep the new bounds then.
                let (lower, upper) = if lower <= upper { (lower, upper) } else { (old.lower, old.upper) };
                s.store(pack(key, lower, upper, best.or(old.best), pieces), Ordering::Relaxed);
                return;
            }
            let work = if w == 0 { 0 } else { w >> 58 };
            if work < victim_work {
                victim = i;
                victim_work = work;
            }
        }
        slots[victim].store(pack(key, lower, upper, best, pieces), Ordering::Relaxed);
    }

    /// Share of slots in use, in permille, from a sample of the table.
    #[must_use]
    pub fn fill_permille(&self) -> u32 {
        let sample = self.buckets.len().min(1024);
        let used = self.buckets[..sample].iter().flat_map(|b| &b.0).filter(|s| s.load(Ordering::Relaxed) != 0).count();
        let sample = sample * WAYS;
        (used * 1000 / sample) as u32
    }
}

/// Tables at least this large ask for huge pages.
const HUGE_PAGE_MIN_BYTES: usize = 8 << 20;

fn pack(key: u32, lower: i32, upper: i32, best: Option<u8>, pieces: u32) -> u64 {
    let lo = (lower.clamp(-OFFSET, OFFSET - 1) + OFFSET) as u64;
    let hi = (upper.clamp(-OFFSET, OFFSET - 1) + OFFSET) as u64;
    let mv = best.map_or(0, |m| u64::from(m) + 1);
    let work = u64::from((pieces / 4).min(63));
    u64::from(key) | lo << 32 | hi << 42 | mv << 52 | work << 58
}

fn unpack(w: u64) -> Probe {
    let lower = ((w >> 32) & 0x3FF) as i32 - OFFSET;
    let upper = ((w >> 42) & 0x3FF) as i32 - OFFSET;
    let mv = ((w >> 52) & 0x3F) as u8;
    Probe { lower, upper, best: mv.checked_sub(1) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_merge_and_round_trip() {
        let t = Table::new(16);
        assert_eq!(t.probe(0x0003_0005), None);
        t.store(0x0003_0005, -256, 7, Some(31), 200);
        assert_eq!(t.probe(0x0003_0005), Some(Probe { lower: -256, upper: 7, best: Some(31) }));
        t.store(0x0003_0005, 3, 256, None, 200);
        assert_eq!(t.probe(0x0003_0005), Some(Probe { lower: 3, upper: 7, best: Some(31) }));
        t.store(0x0003_0005, 5, 5, Some(0), 200);
        assert_eq!(t.probe(0x0003_0005), Some(Probe { lower: 5, upper: 5, best: Some(0) }));
    }

    #[test]
    fn a_full_bucket_keeps_the_most_work() {
        let t = Table::new(4); // a single bucket
        for k in 1..=4u32 {
            t.store(k, 0, 0, None, k * 40);
        }
        t.store(99, 1, 1, None, 100);
        // The entry with the least work (key 1, 40 pieces) made room.
        assert_eq!(t.probe(1), None);
        assert!(t.probe(99).is_some() && t.probe(4).is_some());
        assert_eq!(t.fill_permille(), 1000);
        assert_eq!(t.bytes(), 32);
    }
}
