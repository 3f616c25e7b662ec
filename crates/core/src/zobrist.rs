//! Fixed-seed Zobrist keys, so hashes (and therefore searches) are identical from run to run.
//!
//! Keys come from SplitMix64, the generator Java's `SplittableRandom` and many engines use for exactly this: a
//! `const fn`, so a game builds its key table at compile time with [`keys`] and a seed of its own.

/// One SplitMix64 step: returns the next state and the output for it.
#[must_use]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `N` pseudo-random 64-bit keys from `seed`, computed at compile time when used in a `const`.
///
/// # Examples
/// ```
/// const KEYS: [u64; 4] = sente_core::zobrist::keys(42);
/// assert_ne!(KEYS[0], KEYS[1]);
/// assert_eq!(KEYS, sente_core::zobrist::keys::<4>(42));
/// ```
#[must_use]
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix64(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct_and_stable() {
        let k: [u64; 1024] = super::keys(7);
        let mut sorted = k.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1024);
        // SplitMix64's published first output for seed 0.
        assert_eq!(super::keys::<1>(0)[0], 0xE220_A839_7B1D_CDAF);
    }
}
