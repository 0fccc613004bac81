//! Where the computer players' chances come from: a seed, so that a class sees the same games
//! and a run can be repeated.

/// The seed a computer opponent uses unless told otherwise, so that a class sees the same game.
pub const DEFAULT_SEED: u64 = 2026;

/// SplitMix64's finaliser: neighbouring seeds (and positions) give unrelated generators.
pub(crate) fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
