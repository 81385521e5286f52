//! Deterministic shuffles, bit for bit those of the Python package's `fivecrowns._shuffle`.
//!
//! A game is dealt from a seed, and a seed must deal the same game in the Python twin and in
//! this core (recorded games replay identically, and the two implementations test each
//! other). So this module reproduces, exactly, every step the Python package takes:
//!
//! - [`derive_seed`]: a 64-bit seed from a text, the first 8 bytes of its SHA-256, big-endian
//!   (Python's `derive_seed`, which joins its parts with `/` first);
//! - [`shuffle_seed`]: the seed of one shuffle, derived from the game seed and the shuffle's
//!   place in the game (round, extra round, reshuffle count);
//! - [`Mt19937`]: CPython's `random.Random`, the Mersenne Twister seeded as `random.Random(n)`
//!   seeds it for a non-negative int `n`, with its `random`, `getrandbits` and `randrange`;
//! - [`fisher_yates`]: the package's own Fisher-Yates shuffle driven by `Random(seed).random`
//!   (the package does not use `random.shuffle`, whose algorithm CPython may change);
//! - [`shuffle`] and [`shuffled_into`]: the package's `shuffled`, in place or into a buffer;
//! - [`splitmix_shuffle`]: the Fisher-Yates shuffle from SplitMix64 that samples the hidden
//!   cards of rollouts (`splitmix_shuffle` in Python), far cheaper to seed than the Twister.
//!
//! Nothing here allocates except [`shuffled_into`] growing its buffer, and nothing panics.

use core::fmt::{self, Write};
use sha2::{Digest, Sha256};

/// The first 8 bytes of a finished SHA-256, big-endian.
fn seed_of(hasher: Sha256) -> u64 {
    let digest = hasher.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// A 64-bit seed derived from `text`: the first 8 bytes of its SHA-256, read big-endian.
///
/// The twin of Python's `derive_seed(*parts)` with `text = "/".join(map(str, parts))`, so
/// `derive_seed("tournament/42/game/3")` is Python's `derive_seed("tournament", 42, "game", 3)`.
/// Python encodes the text as ASCII (and raises on anything else); here the text is hashed as
/// its UTF-8 bytes, which are the same bytes for ASCII text.
pub fn derive_seed(text: &str) -> u64 {
    seed_of(Sha256::new_with_prefix(text.as_bytes()))
}

/// Formats straight into a SHA-256, so a seed's text is hashed without building a `String`.
struct HashWriter(Sha256);

impl Write for HashWriter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.update(s.as_bytes());
        Ok(())
    }
}

/// The seed of one shuffle: [`derive_seed`] of
/// `"fivecrowns/shuffle/v1/{seed}/{round_number}/{extra_round}/{reshuffle}"`.
///
/// The twin of Python's `shuffle_seed(seed, round_number, extra_round, reshuffle)`: the game
/// `seed`, and where the shuffle happens (the round, the extra round, how many times the
/// discard pile has been reshuffled into the stock in that round). Allocates nothing.
pub fn shuffle_seed(seed: u64, round_number: u32, extra_round: u32, reshuffle: u32) -> u64 {
    let mut writer = HashWriter(Sha256::new());
    // Neither `HashWriter` nor the integers' `Display` can fail, so neither can this.
    let _ = write!(
        writer,
        "fivecrowns/shuffle/v1/{seed}/{round_number}/{extra_round}/{reshuffle}"
    );
    seed_of(writer.0)
}

/// The seed of rollout `index` of a call with seed `seed`: [`derive_seed`] of
/// `"fivecrowns/rollout/v1/{seed}/{index}"`, less its lowest bit (a seed below 2**63).
///
/// The twin of Python's `fivecrowns.rollout_seed(seed, index)`. Allocates nothing.
pub fn rollout_seed(seed: u64, index: u64) -> u64 {
    let mut writer = HashWriter(Sha256::new());
    // Neither `HashWriter` nor the integers' `Display` can fail, so neither can this.
    let _ = write!(writer, "fivecrowns/rollout/v1/{seed}/{index}");
    seed_of(writer.0) >> 1
}

/// How many 32-bit words the Mersenne Twister keeps.
const N: usize = 624;
/// The twist's middle offset.
const M: usize = 397;
/// The twist's constant vector a.
const MATRIX_A: u32 = 0x9908_b0df;
/// The most significant bit of a word.
const UPPER_MASK: u32 = 0x8000_0000;
/// The 31 least significant bits of a word.
const LOWER_MASK: u32 = 0x7fff_ffff;

/// The state of the reference `init_genrand(19650218)`, where every seeding starts (computed
/// when the crate is compiled).
const INIT_GENRAND: [u32; N] = {
    let mut mt = [0u32; N];
    mt[0] = 19_650_218;
    let mut i = 1;
    while i < N {
        let prev = mt[i - 1];
        // `i < 624`, so the cast is exact.
        mt[i] = 1_812_433_253u32
            .wrapping_mul(prev ^ (prev >> 30))
            .wrapping_add(i as u32);
        i += 1;
    }
    mt
};

/// CPython's `random.Random`: the 32-bit Mersenne Twister MT19937, seeded exactly as
/// `random.Random(seed)` seeds it for an int `seed` (0 <= seed < 2^64), so it draws the very
/// same numbers.
///
/// CPython seeds with the reference `init_by_array(key)` (which starts from
/// `init_genrand(19650218)`), the key being the 32-bit words of `seed`, least significant
/// first, as few as hold it and at least one: a seed below 2^32 is a key of one word (0 is
/// the key `[0]`), any other a key of two. The state is 624 words and an index, kept in the
/// struct (no globals): clone it to fork a stream.
#[derive(Clone, PartialEq, Eq)]
pub struct Mt19937 {
    state: [u32; N],
    index: usize,
}

impl fmt::Debug for Mt19937 {
    /// A summary: the index into the state and its first words (not the 624 of them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mt19937")
            .field("index", &self.index)
            .field("state_head", &&self.state[..4])
            .finish_non_exhaustive()
    }
}

impl Mt19937 {
    /// The generator of `random.Random(seed)`.
    pub fn new(seed: u64) -> Self {
        // Truncations intended: the low and the high 32-bit word of the seed.
        let low = seed as u32;
        let high = (seed >> 32) as u32;
        if high == 0 {
            Self::from_key(&[low])
        } else {
            Self::from_key(&[low, high])
        }
    }

    /// The reference `init_genrand(19650218)` then `init_by_array(key)` for a key of one or
    /// two words: its two loops written out, index wraps included (the first loop's 624 steps
    /// run over indices 1..624 and then 1; the second's 623 over 2..624 and then 1).
    fn from_key(key: &[u32]) -> Self {
        debug_assert!(matches!(key.len(), 1 | 2));
        // step `k` of the first loop adds key word `k mod len` and that index
        let word = |k: usize| {
            let j = if key.len() == 1 { 0 } else { k & 1 };
            // `j < 2`, so the cast is exact.
            key[j].wrapping_add(j as u32)
        };
        let first = |prev: u32, cur: u32, k: usize| {
            (cur ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525)).wrapping_add(word(k))
        };
        // `i < 624`, so the cast is exact.
        let second = |prev: u32, cur: u32, i: usize| {
            (cur ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32)
        };
        let mut mt = INIT_GENRAND;
        for i in 1..N {
            mt[i] = first(mt[i - 1], mt[i], i - 1);
        }
        mt[0] = mt[N - 1];
        mt[1] = first(mt[0], mt[1], N - 1);
        for i in 2..N {
            mt[i] = second(mt[i - 1], mt[i], i);
        }
        mt[0] = mt[N - 1];
        mt[1] = second(mt[0], mt[1], 1);
        mt[0] = UPPER_MASK; // the most significant bit is 1: the state is never all zeros
        Self {
            state: mt,
            index: N,
        }
    }

    /// The next 32-bit word (the reference `genrand_uint32`, tempered); Python's
    /// `getrandbits(32)`. The reference refills the 624 words of its state at once when they
    /// are used up; this twists each word when it is drawn, in the same order, so each sees
    /// the same neighbours (the ones before it already twisted, the ones after not yet) and
    /// a generator that draws a few words twists only those.
    pub fn next_u32(&mut self) -> u32 {
        let i = if self.index < N { self.index } else { 0 };
        let mt = &mut self.state;
        let next = if i + 1 < N { i + 1 } else { 0 };
        let far = if i + M < N { i + M } else { i + M - N };
        let y = (mt[i] & UPPER_MASK) | (mt[next] & LOWER_MASK);
        mt[i] = mt[far] ^ (y >> 1) ^ if y & 1 == 1 { MATRIX_A } else { 0 };
        self.index = i + 1;
        let mut y = mt[i];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Python's `random()`: a float in [0, 1) on 53 bits, from two words (27 bits of the
    /// first, 26 of the second).
    pub fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// Python's `getrandbits(k)`: an integer of `k` random bits.
    ///
    /// `k == 0` gives 0 and draws nothing; `k <= 32` is the next word's `k` most significant
    /// bits; a larger `k` draws `ceil(k / 32)` words, which fill the result from its least
    /// significant end, the last of them cut to its most significant bits (so for `k == 33`
    /// the first word is the low 32 bits and the second word's top bit is bit 32). For
    /// `k > 64` this returns Python's result modulo 2^64 (its first two words) and draws the
    /// same words as Python, so the stream stays in step.
    pub fn getrandbits(&mut self, k: u32) -> u64 {
        match k {
            0 => 0,
            1..=32 => u64::from(self.next_u32() >> (32 - k)),
            _ => {
                let low = u64::from(self.next_u32());
                let high = self.next_u32() >> (64u32.saturating_sub(k));
                let mut rest = k.saturating_sub(64);
                while rest > 0 {
                    self.next_u32();
                    rest = rest.saturating_sub(32);
                }
                low | u64::from(high) << 32
            }
        }
    }

    /// Python's `randrange(n)`: a uniform integer in `[0, n)`, CPython 3.10+'s
    /// `_randbelow_with_getrandbits` (draw `getrandbits(n.bit_length())` until it is below
    /// `n`, so `randbelow(1)` still draws).
    ///
    /// `n == 0` (an empty range, a `ValueError` in Python) gives 0 and draws nothing, as
    /// CPython's `_randbelow(0)` did up to 3.9.
    pub fn randbelow(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let k = u64::BITS - n.leading_zeros();
        loop {
            let r = self.getrandbits(k);
            if r < n {
                return r;
            }
        }
    }
}

/// SplitMix64, the generator of rollout sampling: the twin of the Python package's
/// `fivecrowns._shuffle.SplitMix64`, word for word.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64-bit word.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = (self.state ^ (self.state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (at least 1) from the next word `z`: `z * n >> 64` (a 128-bit
    /// product; a bias of at most `n / 2^64`).
    pub fn below(&mut self, n: usize) -> usize {
        // (below n, so it fits a usize)
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` in place by Fisher-Yates: for `i` from `len - 1` down to 1, item `i`
    /// swaps with item `self.below(i + 1)`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Shuffles `items` in place exactly as the Python package's `splitmix_shuffle(items, seed)`:
/// [`SplitMix64::shuffle`] of the generator seeded with `seed`.
pub fn splitmix_shuffle<T>(items: &mut [T], seed: u64) {
    SplitMix64::new(seed).shuffle(items);
}

/// Shuffles `items` in place exactly as the Python package's `_fisher_yates(items, seed)`:
/// with `draw = random.Random(seed).random`, for `i` from `len - 1` down to 1, swap item `i`
/// with item `int(draw() * (i + 1))` (an `f64` product, truncated).
///
/// Empty and one-element slices are left as they are (and draw nothing).
pub fn fisher_yates<T>(items: &mut [T], seed: u64) {
    if items.len() < 2 {
        return;
    }
    let mut rng = Mt19937::new(seed);
    for i in (1..items.len()).rev() {
        // Below `i + 1` for any slice shorter than 2^53 (`random()` < 1 and the product
        // rounds down); the `min` only keeps longer slices (of zero-sized items) in bounds.
        let j = ((rng.random() * (i + 1) as f64) as usize).min(i);
        items.swap(i, j);
    }
}

/// Shuffles `items` in place into the order of the Python package's
/// `shuffled(items, seed, round_number, extra_round, reshuffle)`: [`fisher_yates`] with
/// [`shuffle_seed`]`(seed, round_number, extra_round, reshuffle)`.
pub fn shuffle<T>(items: &mut [T], seed: u64, round_number: u32, extra_round: u32, reshuffle: u32) {
    fisher_yates(
        items,
        shuffle_seed(seed, round_number, extra_round, reshuffle),
    );
}

/// Python's `shuffled(items, seed, round_number, extra_round, reshuffle)` into a buffer:
/// clears `out`, copies `items` into it and [`shuffle`]s it, so a caller dealing many games
/// reuses one allocation.
pub fn shuffled_into<T: Clone>(
    items: &[T],
    out: &mut Vec<T>,
    seed: u64,
    round_number: u32,
    extra_round: u32,
    reshuffle: u32,
) {
    out.clear();
    out.extend_from_slice(items);
    shuffle(out, seed, round_number, extra_round, reshuffle);
}

#[cfg(test)]
mod tests {
    //! Every expected value was computed by CPython 3.11.7 (`fivecrowns._shuffle` and
    //! `random.Random`) and pasted here; floats are compared by their bits.

    use super::*;

    const MAX: u64 = u64::MAX;

    fn words(seed: u64, count: usize) -> Vec<u32> {
        let mut rng = Mt19937::new(seed);
        (0..count).map(|_| rng.next_u32()).collect()
    }

    #[test]
    fn derive_seed_matches_python() {
        let cases: [(&str, u64); 5] = [
            ("fivecrowns/shuffle/v1/7/1/0/0", 0x57c2_fcd5_0604_0e40),
            ("", 0xe3b0_c442_98fc_1c14),
            ("a", 0xca97_8112_ca1b_bdca),
            (
                "fivecrowns/shuffle/v1/18446744073709551615/11/2/5",
                0x868e_7cfd_24cb_a147,
            ),
            ("tournament/42/game/3", 0xdf97_6cd5_d7f9_9b51),
        ];
        for (text, expected) in cases {
            assert_eq!(derive_seed(text), expected, "{text:?}");
        }
    }

    #[test]
    fn shuffle_seed_matches_python() {
        assert_eq!(shuffle_seed(7, 1, 0, 0), 0x57c2_fcd5_0604_0e40);
        assert_eq!(shuffle_seed(7, 1, 0, 1), 0xe8cb_c4b8_7e64_c5f8);
        assert_eq!(shuffle_seed(0, 0, 0, 0), 0x22d7_6701_fc2e_3c9b);
        assert_eq!(shuffle_seed(MAX, 11, 2, 5), 0x868e_7cfd_24cb_a147);
        let m = u32::MAX;
        assert_eq!(shuffle_seed(MAX, m, m, m), 0xbbf4_118b_f839_8d33);
    }

    #[test]
    fn splitmix_shuffle_matches_python() {
        // Python: fivecrowns._shuffle.splitmix_shuffle(list(range(n)), seed)
        let mut eight: Vec<u8> = (0..8).collect();
        splitmix_shuffle(&mut eight, 1);
        assert_eq!(eight, [0, 3, 7, 1, 2, 6, 5, 4]);
        let mut twenty: Vec<u8> = (0..20).collect();
        splitmix_shuffle(&mut twenty, MAX);
        let python = [
            4, 2, 8, 5, 14, 1, 6, 15, 16, 10, 0, 9, 18, 13, 12, 11, 7, 3, 19, 17,
        ];
        assert_eq!(twenty, python);
        let mut one = [9u8];
        splitmix_shuffle(&mut one, 3);
        assert_eq!(one, [9]);
    }

    #[test]
    fn splitmix_words_match_python() {
        // Python: g = fivecrowns._shuffle.SplitMix64(seed); g.next(), g.below(n)
        assert_eq!(SplitMix64::new(7).next_u64(), 0x63cb_e1e4_5932_0dd7);
        let mut generator = SplitMix64::new(MAX);
        let sizes = [1, 2, 3, 10, 100, 1 << 32, 1 << 63];
        let drawn: Vec<usize> = sizes.iter().map(|&n| generator.below(n)).collect();
        assert_eq!(
            drawn,
            [0, 1, 0, 4, 70, 3_541_937_597, 8_694_083_064_999_190_482]
        );
    }

    #[test]
    fn rollout_seed_matches_python() {
        // Python: fivecrowns.rollout_seed(seed, index)
        assert_eq!(rollout_seed(0, 0), 8_907_510_333_757_153_890);
        assert_eq!(rollout_seed(7, 3), 2_192_833_650_165_444_867);
        assert_eq!(rollout_seed(MAX, 9_999_999), 4_026_363_769_806_363_599);
    }

    #[test]
    fn next_u32_matches_python_getrandbits_32() {
        // Python: [random.Random(s).getrandbits(32) for _ in range(5)] (one generator).
        let cases: [(u64, [u32; 5]); 6] = [
            (
                0,
                [0xd82c07cd, 0x629f6fbe, 0xc2094cac, 0xe3e70682, 0x6baa9455],
            ),
            (
                1,
                [0x2265b1f5, 0x91b7584a, 0xd8f16adf, 0xcd613e30, 0xc386bbc4],
            ),
            // The largest one-word key, then the smallest two-word key ([0, 1], not [0]).
            (
                (1 << 32) - 1,
                [0xa2a6c909, 0x9e9c04f4, 0x3404e941, 0x3720bfa9, 0x9b7c60b4],
            ),
            (
                1 << 32,
                [0x1ced31d7, 0x59ef8bbc, 0x6af6d506, 0xef49e4d2, 0x0444e71b],
            ),
            (
                MAX,
                [0x05965e7e, 0x3faff328, 0x568d6a40, 0x9e667b13, 0x36438051],
            ),
            (
                12_345_678_901_234_567,
                [0x18d6c34d, 0x98a9c73e, 0xfcdf91bd, 0xaabd196b, 0xf9343a19],
            ),
        ];
        for (seed, expected) in cases {
            assert_eq!(words(seed, 5), expected, "seed {seed}");
        }
    }

    #[test]
    fn next_u32_matches_python_across_refills() {
        // Python: words 621..629 and the last three of 3 * 624 + 5 draws.
        let cases: [(u64, [u32; 8], [u32; 3]); 2] = [
            (
                1,
                [
                    0x0a826695, 0x53c617eb, 0x2fd2f792, 0x51158de5, 0xcaf078b0, 0xd8ddd2ef,
                    0x9439c746, 0xe4bc6e82,
                ],
                [0x40d3458c, 0x27dccbb0, 0x7ad35305],
            ),
            (
                MAX,
                [
                    0x3ac35d68, 0x47d17b2e, 0xa6e0bc04, 0xd66a94bb, 0x52be8dc6, 0x109daa5f,
                    0x31d70308, 0x845863e4,
                ],
                [0xe84a646c, 0x7e14ee35, 0x84376331],
            ),
        ];
        for (seed, around_refill, last) in cases {
            let drawn = words(seed, 3 * N + 5);
            assert_eq!(drawn[621..629], around_refill, "seed {seed}");
            assert_eq!(drawn[drawn.len() - 3..], last, "seed {seed}");
        }
    }

    #[test]
    fn random_matches_python_bit_for_bit() {
        // Python: struct.unpack("<Q", struct.pack("<d", r.random()))[0] for 5 draws.
        let cases: [(u64, [u64; 5]); 4] = [
            (
                0,
                [
                    0x3feb0580f98a7dbe,
                    0x3fe84129978f9c1a,
                    0x3fdaeaa51052e978,
                    0x3fd092178fb945a6,
                    0x3fe05c5ccdf19707,
                ],
            ),
            (
                1,
                [
                    0x3fc132d8f91b7584,
                    0x3feb1e2d5b3584f8,
                    0x3fe870d778409f13,
                    0x3fd0530d08f17f5c,
                    0x3fdfb5355e16737a,
                ],
            ),
            (
                MAX,
                [
                    0x3f9659799fd7f980,
                    0x3fd5a35a94f333d8,
                    0x3fcb21c0274c09a4,
                    0x3fe3af1cb8614c45,
                    0x3fed6d201f9a6e6f,
                ],
            ),
            (
                12_345_678_901_234_567,
                [
                    0x3fb8d6c3531538e0,
                    0x3fef9bf236aaf465,
                    0x3fef26874248e27e,
                    0x3feb7c331a3ff8b2,
                    0x3fd1a35c7538921a,
                ],
            ),
        ];
        for (seed, expected) in cases {
            let mut rng = Mt19937::new(seed);
            let bits: Vec<u64> = (0..5).map(|_| rng.random().to_bits()).collect();
            assert_eq!(bits, expected, "seed {seed}");
        }
    }

    #[test]
    fn getrandbits_matches_python() {
        // Python: four getrandbits(k) from a fresh random.Random(seed), for each k.
        let cases: [(u64, u32, [u64; 4]); 16] = [
            (5, 0, [0, 0, 0, 0]),
            (5, 1, [1, 0, 1, 0]),
            (5, 31, [0x4fbb3e22, 0x20b26c1c, 0x5ef2e04c, 0x2de47dde]),
            (5, 32, [0x9f767c45, 0x4164d839, 0xbde5c099, 0x5bc8fbbc]),
            (5, 33, [0x9f767c45, 0xbde5c099, 0x1cb91ce37, 0x1f1446bea]),
            (
                5,
                40,
                [0x419f767c45, 0x5bbde5c099, 0xb0cb91ce37, 0xd7f1446bea],
            ),
            (
                5,
                63,
                [
                    0x20b26c1c9f767c45,
                    0x2de47ddebde5c099,
                    0x58608fefcb91ce37,
                    0x6bb6a198f1446bea,
                ],
            ),
            (
                5,
                64,
                [
                    0x4164d8399f767c45,
                    0x5bc8fbbcbde5c099,
                    0xb0c11fdecb91ce37,
                    0xd76d4330f1446bea,
                ],
            ),
            (MAX, 0, [0, 0, 0, 0]),
            (MAX, 1, [0, 0, 0, 1]),
            (MAX, 31, [0x2cb2f3f, 0x1fd7f994, 0x2b46b520, 0x4f333d89]),
            (MAX, 32, [0x5965e7e, 0x3faff328, 0x568d6a40, 0x9e667b13]),
            (MAX, 33, [0x5965e7e, 0x1568d6a40, 0x36438051, 0x9d78e5c3]),
            (
                MAX,
                40,
                [0x3f05965e7e, 0x9e568d6a40, 0x7436438051, 0x189d78e5c3],
            ),
            (
                MAX,
                63,
                [
                    0x1fd7f99405965e7e,
                    0x4f333d89568d6a40,
                    0x3a604d2936438051,
                    0x0c2988bf9d78e5c3,
                ],
            ),
            (
                MAX,
                64,
                [
                    0x3faff32805965e7e,
                    0x9e667b13568d6a40,
                    0x74c09a5236438051,
                    0x1853117e9d78e5c3,
                ],
            ),
        ];
        for (seed, k, expected) in cases {
            let mut rng = Mt19937::new(seed);
            let drawn: Vec<u64> = (0..4).map(|_| rng.getrandbits(k)).collect();
            assert_eq!(drawn, expected, "seed {seed}, k {k}");
        }
    }

    #[test]
    fn getrandbits_draw_counts_match_python() {
        // k == 0 draws nothing: Python's getrandbits(0) then getrandbits(32), seed 5.
        let mut rng = Mt19937::new(5);
        assert_eq!(rng.getrandbits(0), 0);
        assert_eq!(rng.next_u32(), 0x9f767c45);
        // k > 64: Python's getrandbits(k) % 2**64, then the next getrandbits(32), seed 5.
        let cases: [(u32, u64, u32); 5] = [
            (65, 0x4164d8399f767c45, 0x5bc8fbbc),
            (96, 0x4164d8399f767c45, 0x5bc8fbbc),
            (97, 0x4164d8399f767c45, 0xcb91ce37),
            (100, 0x4164d8399f767c45, 0xcb91ce37),
            (128, 0x4164d8399f767c45, 0xcb91ce37),
        ];
        for (k, low, next) in cases {
            let mut rng = Mt19937::new(5);
            assert_eq!(rng.getrandbits(k), low, "k {k}");
            assert_eq!(rng.next_u32(), next, "k {k}");
        }
    }

    #[test]
    fn randbelow_matches_python_randrange() {
        // Python: [r.randrange(n) for _ in range(10)] with r = random.Random(5), for each n.
        let cases: [(u64, [u64; 10]); 8] = [
            (1, [0; 10]),
            (2, [1, 1, 0, 1, 0, 0, 0, 0, 1, 1]),
            (3, [2, 1, 2, 1, 2, 2, 2, 2, 0, 1]),
            (7, [4, 2, 5, 2, 6, 5, 6, 5, 5, 4]),
            (100, [79, 32, 94, 45, 88, 94, 83, 67, 3, 59]),
            (
                (1 << 40) + 3,
                [
                    561021090885,
                    789164966041,
                    549512532852,
                    114456474197,
                    347466721851,
                    816530002166,
                    834282677672,
                    225673734504,
                    547925905221,
                    894284044962,
                ],
            ),
            (
                1 << 63,
                [
                    4712128852136459333,
                    6613812840851947673,
                    4594210616595436404,
                    956523682424107605,
                    2893396244277848635,
                    6858376947525423350,
                    7023743836218156456,
                    1881095652490078568,
                    4599339987076239173,
                    7529058068588108450,
                ],
            ),
            (
                MAX,
                [
                    4712128852136459333,
                    6613812840851947673,
                    12736496262939004471,
                    15523137368101252074,
                    12027861843233603113,
                    9777509567454608800,
                    15501686781378355951,
                    14313909076419087323,
                    4594210616595436404,
                    956523682424107605,
                ],
            ),
        ];
        for (n, expected) in cases {
            let mut rng = Mt19937::new(5);
            let drawn: Vec<u64> = (0..10).map(|_| rng.randbelow(n)).collect();
            assert_eq!(drawn, expected, "n {n}");
        }
    }

    #[test]
    fn randbelow_zero_draws_nothing() {
        let mut rng = Mt19937::new(5);
        assert_eq!(rng.randbelow(0), 0);
        assert_eq!(rng.next_u32(), 0x9f767c45); // Python: Random(5).getrandbits(32)
    }

    #[test]
    fn a_clone_continues_the_same_stream() {
        let mut rng = Mt19937::new(0);
        assert_eq!(rng.next_u32(), 0xd82c07cd);
        let mut fork = rng.clone();
        assert_eq!(fork, rng);
        // Python: the 2nd to 5th getrandbits(32) of random.Random(0).
        let expected = [0x629f6fbe, 0xc2094cac, 0xe3e70682, 0x6baa9455];
        for want in expected {
            assert_eq!((rng.next_u32(), fork.next_u32()), (want, want));
        }
        assert!(format!("{rng:?}").starts_with("Mt19937 { index: 5,"));
    }

    #[test]
    fn fisher_yates_matches_the_python_doctest() {
        let mut items: Vec<u32> = (0..8).collect();
        fisher_yates(&mut items, 1);
        assert_eq!(items, [0, 2, 3, 6, 7, 4, 5, 1]);
    }

    #[test]
    fn fisher_yates_matches_python_on_small_slices() {
        let mut empty: [u8; 0] = [];
        fisher_yates(&mut empty, 1);
        let mut one = [7u8];
        fisher_yates(&mut one, 1);
        assert_eq!(one, [7]);
        // Python: _fisher_yates([10, 20], s) for s = 0 (no swap) and 3 (a swap).
        let mut two = [10, 20];
        fisher_yates(&mut two, 0);
        assert_eq!(two, [10, 20]);
        fisher_yates(&mut two, 3);
        assert_eq!(two, [20, 10]);
        // Python: _fisher_yates(list("abc"), s) for s in range(6).
        let expected = [
            ['a', 'b', 'c'],
            ['c', 'b', 'a'],
            ['a', 'b', 'c'],
            ['c', 'b', 'a'],
            ['b', 'c', 'a'],
            ['a', 'c', 'b'],
        ];
        for (seed, want) in (0u64..).zip(expected) {
            let mut abc = ['a', 'b', 'c'];
            fisher_yates(&mut abc, seed);
            assert_eq!(abc, want, "seed {seed}");
        }
    }

    /// Python: `_fisher_yates(list(range(116)), shuffle_seed(7, 1, 0, 0))`.
    const DECK_116_SEED_7_1_0_0: [u8; 116] = [
        73, 77, 6, 24, 27, 113, 114, 17, 16, 50, 65, 87, 89, 107, 20, 106, 108, 41, 70, 44, 34, 90,
        1, 75, 79, 92, 7, 71, 0, 38, 81, 32, 39, 100, 104, 23, 4, 25, 3, 105, 62, 14, 88, 42, 55,
        103, 67, 28, 72, 47, 56, 83, 58, 2, 102, 82, 66, 97, 86, 93, 21, 96, 48, 40, 5, 91, 61, 52,
        63, 69, 112, 80, 8, 64, 11, 43, 37, 54, 31, 19, 115, 33, 60, 94, 15, 49, 85, 110, 99, 26,
        35, 109, 111, 45, 53, 95, 36, 59, 57, 51, 46, 30, 101, 12, 74, 68, 18, 9, 76, 84, 22, 29,
        78, 10, 98, 13,
    ];

    #[test]
    fn a_116_card_shuffle_matches_python() {
        let deck: Vec<u8> = (0..116).collect();
        let mut items = deck.clone();
        fisher_yates(&mut items, 0x57c2_fcd5_0604_0e40); // Python: shuffle_seed(7, 1, 0, 0)
        assert_eq!(items, DECK_116_SEED_7_1_0_0);
        let mut items = deck.clone();
        shuffle(&mut items, 7, 1, 0, 0);
        assert_eq!(items, DECK_116_SEED_7_1_0_0);
        let mut out = vec![200u8; 3]; // stale contents are cleared
        shuffled_into(&deck, &mut out, 7, 1, 0, 0);
        assert_eq!(out, DECK_116_SEED_7_1_0_0);
    }

    #[test]
    fn shuffled_into_matches_python_shuffled() {
        // Python: shuffled(tuple(range(20)), 2**64 - 1, 11, 2, 5).
        let expected = [
            2u16, 5, 3, 0, 14, 7, 4, 13, 9, 12, 1, 11, 6, 15, 17, 18, 16, 19, 8, 10,
        ];
        let items: Vec<u16> = (0..20).collect();
        let mut out = Vec::new();
        shuffled_into(&items, &mut out, MAX, 11, 2, 5);
        assert_eq!(out, expected);
    }
}
