//! Memory placement hints for large search tables: the one place in the workspace that asks the kernel for
//! transparent huge pages.
//!
//! A transposition table is probed at a random place at every node, so with 4 KiB pages nearly every probe of a
//! table larger than a few MiB also misses the TLB and walks the page tables. Backed by 2 MiB pages the same table
//! needs a few hundred times fewer TLB entries. [`advise_huge_pages`] marks the 2 MiB-aligned part of a vector's
//! allocation with `madvise(MADV_HUGEPAGE)`; call it on a freshly reserved, still untouched vector (for instance
//! right after [`Vec::with_capacity`]) so the kernel can back the pages with huge pages when they are first
//! written. It is a hint only: contents and validity never change, a refusal is ignored, and off Linux it does
//! nothing. [`prefetch`] is the other placement hint: it starts a cache line on its way before a probe needs it.

/// The huge-page size the hint is aligned to (2 MiB, the x86-64 and AArch64 default).
pub const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the whole 2 MiB-aligned pages inside `v`'s allocation (its full capacity, not only its
/// length) with transparent huge pages. Vectors of less than 2 MiB, or with no aligned page inside, are left alone.
/// Best called before the vector's memory is first written, as later faults decide the page size. A no-op off
/// Linux.
///
/// # Examples
/// ```
/// let mut table: Vec<u64> = Vec::with_capacity(1 << 20);
/// sente_core::memory::advise_huge_pages(&table);
/// table.resize(1 << 20, 0);
/// assert_eq!(table.len(), 1 << 20);
/// ```
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
pub fn advise_huge_pages<T>(v: &Vec<T>) {
    let start = v.as_ptr() as usize;
    let end = start + v.capacity() * std::mem::size_of::<T>();
    let (lo, hi) = (start.next_multiple_of(HUGE_PAGE), end / HUGE_PAGE * HUGE_PAGE);
    if lo < hi {
        // SAFETY: `lo..hi` lies inside the vector's live allocation (its capacity counts bytes this process owns),
        // which `v`'s borrow keeps allocated for the call. MADV_HUGEPAGE only tells the kernel how to back those
        // pages; it never changes their contents or their validity, and a refusal (an error return) is harmless,
        // so the result is ignored.
        unsafe {
            libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE);
        }
    }
}

/// Asks the kernel to back `v`'s allocation with huge pages: a no-op off Linux.
#[cfg(not(target_os = "linux"))]
pub fn advise_huge_pages<T>(_v: &Vec<T>) {}

/// Asks the processor to start loading the cache line holding `r` (a hint: nothing is read or changed). A search
/// that knows which table bucket it will probe can issue this first and do its other work while the line arrives.
/// A no-op off x86-64.
#[inline]
#[allow(unsafe_code)]
pub fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 processor has (it is part of the architecture's
    // baseline, enabled in every x86-64 build). A prefetch never faults and never changes memory or registers, and
    // the address comes from a live reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(std::ptr::from_ref(r).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_keeps_contents_and_tolerates_small_or_empty_vectors() {
        let empty: Vec<u8> = Vec::new();
        advise_huge_pages(&empty);
        let small = vec![7u32; 100];
        advise_huge_pages(&small);
        assert!(small.iter().all(|&x| x == 7));
        let mut big: Vec<u64> = Vec::with_capacity(3 * HUGE_PAGE / 8);
        advise_huge_pages(&big);
        big.extend((0..big.capacity() as u64).map(|i| i * 3));
        advise_huge_pages(&big);
        assert!(big.iter().enumerate().all(|(i, &x)| x == i as u64 * 3));
    }

    #[test]
    fn prefetch_is_only_a_hint() {
        let v = vec![5u64; 1000];
        prefetch(&v[999]);
        prefetch(&v);
        assert!(v.iter().all(|&x| x == 5));
    }
}
