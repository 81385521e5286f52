//! The sweep's values: sixteen saturating byte lanes, lane `j` the least natural deadwood
//! so far using at most `j` wilds (one SSE2 register on x86-64, else an array).

/// Lanes of a value vector: hands with at most `LANES - 1` wilds are swept.
pub const LANES: usize = 16;

/// A value vector: lane `j` is the least natural deadwood so far using at most `j` wilds, in
/// a byte (255: not reachable; the sweep takes hands whose naturals are worth at most 254
/// points, so no sum of real values saturates). On x86-64 one SSE2 register (every x86-64
/// processor has SSE2), else an array.
#[derive(Debug, Clone, Copy)]
pub(super) struct Values(pub(super) simd::Bytes16);

impl Values {
    pub(super) const ZERO: Self = Values(simd::ZERO);

    /// Every lane `j` takes lane `j - n` (`n` more wilds used); the lowest `n` are unreachable.
    #[inline]
    pub(super) fn shift(self, n: usize) -> Self {
        Values(simd::shift(self.0, n))
    }

    /// `points` more deadwood in every lane (unreachable stays unreachable).
    #[inline]
    pub(super) fn plus(self, points: u8) -> Self {
        Values(simd::plus(self.0, points))
    }

    #[inline]
    pub(super) fn min(self, other: Self) -> Self {
        Values(simd::min(self.0, other.0))
    }

    /// Every lane above `cap` (below 255) unreachable.
    #[inline]
    pub(super) fn cap(self, cap: u8) -> Self {
        Values(simd::cap(self.0, cap))
    }

    /// Lane `j` as a deadwood (`u64::MAX` when it is unreachable: more than any hand's
    /// points, so [`Split::finish`] prices the hand as melding no natural).
    pub(super) fn deadwood(&self, j: usize) -> u64 {
        match simd::lanes(self.0)[j] {
            u8::MAX => u64::MAX,
            v => u64::from(v),
        }
    }

    /// The least deadwood using at most `wilds` wilds in all, this value's (below a rank)
    /// and `above`'s (from the rank up) together; `u64::MAX` when none is reachable.
    pub(super) fn meet(&self, above: Values, wilds: usize) -> u64 {
        let (below, above) = (simd::lanes(self.0), simd::lanes(above.0));
        // (without a branch a lane: the two parts are of distinct naturals, so a sum of
        // reachable lanes is at most the hand's points, below 255, and one with an
        // unreachable lane is 255 or more)
        let least = (0..=wilds.min(LANES - 1))
            .map(|i| u16::from(below[i]) + u16::from(above[wilds - i]))
            .min()
            .unwrap_or(u16::MAX);
        if least >= u16::from(u8::MAX) {
            u64::MAX
        } else {
            u64::from(least)
        }
    }

    /// The lowest reachable lane (lanes only fall from one to the next: a lane allows more
    /// wilds than the one below it), or [`LANES`] when none is.
    #[inline]
    pub(super) fn lowest_reachable(&self) -> usize {
        simd::reachable(self.0).trailing_zeros().min(LANES as u32) as usize
    }
}

/// Sixteen saturating byte lanes: SSE2 on x86-64.
#[cfg(target_arch = "x86_64")]
pub(super) mod simd {
    use std::arch::x86_64::{
        __m128i, _mm_adds_epu8, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_min_epu8, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_sll_epi64, _mm_slli_si128, _mm_srl_epi64,
        _mm_srli_si128,
    };

    pub type Bytes16 = __m128i;

    // SAFETY: every bit pattern is a valid `__m128i`, and the two have one size.
    pub const ZERO: Bytes16 = unsafe { std::mem::transmute::<[u8; 16], __m128i>([0; 16]) };

    /// The low `n` lanes full (`FILL[n]`), to fill what a shift empties.
    pub(super) const FILL: [Bytes16; 17] = {
        let mut fill = [ZERO; 17];
        let mut n = 0;
        while n <= 16 {
            let mut lanes = [0u8; 16];
            let mut j = 0;
            while j < n {
                lanes[j] = u8::MAX;
                j += 1;
            }
            // SAFETY: as for ZERO.
            fill[n] = unsafe { std::mem::transmute::<[u8; 16], __m128i>(lanes) };
            n += 1;
        }
        fill
    };

    /// Lane `j` takes lane `j - n`; the lowest `n` lanes are full. Without a branch (which
    /// way `n` goes is data the processor cannot predict): the 128 bits move up `8 n` as two
    /// 64-bit halves, and the high half takes what leaves the low one, by a shift right of
    /// `64 - 8 n` bits (n below 8) or left of `8 n - 64` (n from 8); a count of 64 or more
    /// (a negative one wraps to such) clears a half, so the term that does not apply is 0.
    #[inline]
    pub fn shift(x: Bytes16, n: usize) -> Bytes16 {
        let n = n.min(16);
        let up = 8 * n as u64;
        // SAFETY (here and below): SSE2 is part of the x86-64 baseline.
        unsafe {
            let bits = |k: u64| _mm_set_epi64x(0, k as i64);
            let halves = _mm_sll_epi64(x, bits(up));
            let below = _mm_srl_epi64(x, bits(64u64.wrapping_sub(up)));
            let above = _mm_sll_epi64(x, bits(up.wrapping_sub(64)));
            let carry = _mm_slli_si128::<8>(_mm_or_si128(below, above));
            _mm_or_si128(_mm_or_si128(halves, carry), FILL[n])
        }
    }

    #[inline]
    pub fn plus(x: Bytes16, points: u8) -> Bytes16 {
        unsafe { _mm_adds_epu8(x, _mm_set1_epi8(points as i8)) }
    }

    #[inline]
    pub fn min(x: Bytes16, y: Bytes16) -> Bytes16 {
        unsafe { _mm_min_epu8(x, y) }
    }

    /// Every lane above `cap` (below 255) full.
    #[inline]
    pub fn cap(x: Bytes16, cap: u8) -> Bytes16 {
        unsafe {
            // (a lane over `cap` saturates when `254 - cap` is added)
            let over = _mm_adds_epu8(x, _mm_set1_epi8((254 - cap) as i8));
            _mm_or_si128(x, _mm_cmpeq_epi8(over, FILL[16]))
        }
    }

    /// Bit `j` set when lane `j` is not full.
    #[inline]
    pub fn reachable(x: Bytes16) -> u32 {
        let full = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(x, FILL[16])) };
        !(full as u32) & 0xffff
    }

    pub fn lanes(x: Bytes16) -> [u8; 16] {
        let (low, high) = unsafe {
            (
                _mm_cvtsi128_si64(x) as u64,
                _mm_cvtsi128_si64(_mm_srli_si128::<8>(x)) as u64,
            )
        };
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&low.to_le_bytes());
        out[8..].copy_from_slice(&high.to_le_bytes());
        out
    }
}

/// Sixteen saturating byte lanes: a plain array elsewhere.
#[cfg(not(target_arch = "x86_64"))]
pub(super) mod simd {
    pub type Bytes16 = [u8; 16];

    pub const ZERO: Bytes16 = [0; 16];

    pub fn shift(x: Bytes16, n: usize) -> Bytes16 {
        let mut out = [u8::MAX; 16];
        let n = n.min(16);
        out[n..].copy_from_slice(&x[..16 - n]);
        out
    }

    pub fn plus(x: Bytes16, points: u8) -> Bytes16 {
        x.map(|v| v.saturating_add(points))
    }

    pub fn min(x: Bytes16, y: Bytes16) -> Bytes16 {
        let mut out = x;
        for (a, b) in out.iter_mut().zip(y) {
            *a = (*a).min(b);
        }
        out
    }

    pub fn cap(x: Bytes16, cap: u8) -> Bytes16 {
        x.map(|v| if v > cap { u8::MAX } else { v })
    }

    pub fn reachable(x: Bytes16) -> u32 {
        let mut bits = 0;
        for (j, &v) in x.iter().enumerate() {
            bits |= u32::from(v != u8::MAX) << j;
        }
        bits
    }

    pub fn lanes(x: Bytes16) -> [u8; 16] {
        x
    }
}
