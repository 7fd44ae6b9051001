//! Seeded randomness shared by every crate that draws moves: one
//! generator ([`SplitMix64`]) and one derivation of a game's stream from a
//! run's seed ([`game_seed`]), so self-play, the RL environments and match
//! openings give the same games for the same seed and index.

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, well-mixed
/// generator, plenty for choosing moves. Written out rather than pulled in
/// with a crate: it is eight lines and keeps the rules crate free of dependencies.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (> 0), by Lemire's multiply-shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// The seed of game `i` of the run of `seed`: one SplitMix64 step from the
/// run's seed and the index, so neighbouring games get unrelated streams
/// and any game of the run can be played on its own.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    SplitMix64::new(seed ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}
