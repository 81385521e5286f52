//! The rank sweep: the least deadwood of a hand under the default meld rules (any number of
//! wilds per meld, books of any suits), with all-wild melds allowed or not, fast; and under
//! `max_wilds_per_meld=0`, where it sweeps with no wilds and prices every wild as deadwood. It takes
//! hands with at most three copies of a natural, fewer than [`LANES`] wilds and at most
//! [`MAX_NATURALS`] naturals; the search answers the rest. It takes books of distinct suits
//! too, without recording its states (see [`DistinctBooks`]).
//!
//! Under those rules spare wilds are free once any meld holds a natural (a book takes any
//! number of wilds; a long run splits in two that each take one), so the answer is the least
//! *natural* deadwood `D` reachable with at most `W` wilds inside melds (the hand's wilds),
//! unless no meld holds a natural at all; then the wilds meld on their own when there are
//! three or more and the rules allow all-wild melds, or are deadwood ([`Split::finish`]).
//! Every meld the sweep makes holds a natural, so all-wild melds matter only there.
//!
//! `D` is found by sweeping the ranks from 3 to king. The state is, for each suit, how many
//! runs are still open, each summed up by one of four descriptors:
//! - A: one natural, started at the previous rank; it must continue;
//! - B: two adjacent naturals; it may close by taking one wild as an extension;
//! - C: a span of three or more holding at least two naturals; it may close for free;
//! - G: a run whose last card is a wild filling a gap; it must continue with a natural.
//!
//! At each rank every open run of a suit continues with a natural of that suit and rank,
//! takes a wild for the gap, or closes; new runs start on naturals; the naturals left over
//! at the rank all go to one book (padded to three with wilds) or are all deadwood (a book
//! takes any number of cards, so splitting them gains nothing). The value of a state is a
//! small vector: lane `j` holds the least natural deadwood so far using at most `j` wilds.
//! Using `n` wilds shifts the vector by `n` lanes; two ways to one state merge lane by lane.
//! Lanes are bytes: the sweep takes hands whose naturals are worth at most 254 points (every
//! hand of the official game).
//!
//! Choices that an exchange makes no better are not tried: a gap or a new run only where a
//! natural of the suit lies close enough above to end it; no run starts where another of its
//! suit closes (they would be one run); no natural of a suit goes to the book at a rank where
//! a run of that suit takes a wild (the two would swap).

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::rules::{MeldRules, WildLimit};
use crate::{is_wild, JOKER, NUM_CODES};

/// Lanes of a value vector: hands with at most `LANES - 1` wilds are swept.
pub const LANES: usize = 16;
/// Copies of one natural the sweep takes (three packs).
pub const MAX_COPIES: u8 = 3;
/// Naturals the sweep takes: its states multiply with dense suits, while the search's early
/// stop (once a choice melds every card) makes large hands cheap for it.
pub const MAX_NATURALS: usize = 20;
/// The most the naturals of a hand the sweep takes may be worth, so that a value fits in a
/// byte below the unreachable 255 (only hands of 19 or 20 naturals, nearly all kings and
/// queens, are worth more).
pub const MAX_POINTS: u64 = 254;

/// A value vector: lane `j` is the least natural deadwood so far using at most `j` wilds, in
/// a byte (255: not reachable; the sweep takes hands whose naturals are worth at most 254
/// points, so no sum of real values saturates). On x86-64 one SSE2 register (every x86-64
/// processor has SSE2), else an array.
#[derive(Debug, Clone, Copy)]
struct Values(simd::Bytes16);

impl Values {
    const ZERO: Self = Values(simd::ZERO);

    /// Every lane `j` takes lane `j - n` (`n` more wilds used); the lowest `n` are unreachable.
    #[inline]
    fn shift(self, n: usize) -> Self {
        Values(simd::shift(self.0, n))
    }

    /// `points` more deadwood in every lane (unreachable stays unreachable).
    #[inline]
    fn plus(self, points: u8) -> Self {
        Values(simd::plus(self.0, points))
    }

    #[inline]
    fn min(self, other: Self) -> Self {
        Values(simd::min(self.0, other.0))
    }

    /// Every lane above `cap` (below 255) unreachable.
    #[inline]
    fn cap(self, cap: u8) -> Self {
        Values(simd::cap(self.0, cap))
    }

    /// Lane `j` as a deadwood (`u64::MAX` when it is unreachable: more than any hand's
    /// points, so [`Split::finish`] prices the hand as melding no natural).
    fn deadwood(&self, j: usize) -> u64 {
        match simd::lanes(self.0)[j] {
            u8::MAX => u64::MAX,
            v => u64::from(v),
        }
    }

    /// The least deadwood using at most `wilds` wilds in all, this value's (below a rank)
    /// and `above`'s (from the rank up) together; `u64::MAX` when none is reachable.
    fn meet(&self, above: Values, wilds: usize) -> u64 {
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
    fn lowest_reachable(&self) -> usize {
        simd::reachable(self.0).trailing_zeros().min(LANES as u32) as usize
    }
}

/// Sixteen saturating byte lanes: SSE2 on x86-64.
#[cfg(target_arch = "x86_64")]
mod simd {
    use std::arch::x86_64::{
        __m128i, _mm_adds_epu8, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_min_epu8, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_sll_epi64, _mm_slli_si128, _mm_srl_epi64,
        _mm_srli_si128,
    };

    pub type Bytes16 = __m128i;

    // SAFETY: every bit pattern is a valid `__m128i`, and the two have one size.
    pub const ZERO: Bytes16 = unsafe { std::mem::transmute::<[u8; 16], __m128i>([0; 16]) };

    /// The low `n` lanes full (`FILL[n]`), to fill what a shift empties.
    const FILL: [Bytes16; 17] = {
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
mod simd {
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

/// One suit's open runs: counts of A, B, C and G runs, packed in ten bits (2, 2, 3, 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Open {
    a: u8,
    b: u8,
    c: u8,
    g: u8,
}

/// States a layer scans for a key before it indexes them.
const SCAN: usize = 4;

const SUIT_BITS: u32 = 10;
const SUIT_MASK: u64 = (1 << SUIT_BITS) - 1;
/// The A and G fields of every suit: a state holding any cannot end.
const MUST_GO_ON: u64 = {
    let mut mask = 0;
    let mut s = 0;
    while s < 5 {
        mask |= (0b11 | 0b111 << 7) << (SUIT_BITS * s);
        s += 1;
    }
    mask
};

/// The low bit of every suit's B field.
const B_LOW: u64 = {
    let mut mask = 0;
    let mut s = 0;
    while s < 5 {
        mask |= 0b100 << (SUIT_BITS * s);
        s += 1;
    }
    mask
};

impl Open {
    fn pack(self) -> Option<u16> {
        (self.a <= 3 && self.b <= 3 && self.c <= 7 && self.g <= 7).then(|| {
            u16::from(self.a)
                | u16::from(self.b) << 2
                | u16::from(self.c) << 4
                | u16::from(self.g) << 7
        })
    }

    fn unpack(bits: u64) -> Open {
        Open {
            a: (bits & 3) as u8,
            b: (bits >> 2 & 3) as u8,
            c: (bits >> 4 & 7) as u8,
            g: (bits >> 7 & 7) as u8,
        }
    }
}

/// One way a suit's runs go through a rank: its runs after it (packed), the wilds used and
/// the naturals left for the rank's book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    open: u16,
    wilds: u8,
    left: u8,
}

/// Every way (the fewest wilds for each outcome) for the runs `open` of one suit through a
/// rank holding `n` naturals of the suit; gaps only when `gap` (a natural of the suit lies
/// close enough above to end them), new runs only when `start`. None when some outcome
/// holds more runs than a state packs (the caller then uses the search).
fn steps_of(open: Open, n: u8, gap: bool, start: bool) -> Option<Vec<Step>> {
    let mut found: Vec<Step> = Vec::new();
    let mut overflow = false;
    let gaps = |count: u8| if gap { 0..=count } else { 0..=0 };
    // xa: A runs that take a natural (the others take a wild); likewise xg for G
    for xa in 0..=open.a {
        if !gap && xa < open.a {
            continue;
        }
        for xg in 0..=open.g {
            if !gap && xg < open.g {
                continue;
            }
            // B runs: bn take a natural, bg a wild, the rest close with one wild
            for bn in 0..=open.b {
                for bg in 0..=open.b - bn {
                    let bc = open.b - bn - bg;
                    // C runs: cn take a natural, cg a wild (then must go on), the rest close
                    for cn in 0..=open.c {
                        for cg in gaps(open.c - cn) {
                            let used = xa + xg + bn + cn;
                            if used > n {
                                continue;
                            }
                            // no run starts where another of the suit closes (they would be
                            // one run), and no natural of the suit is left for the book while
                            // a run takes a wild here (the two would swap)
                            let closes = bc + (open.c - cn - cg) > 0;
                            let gaps = (open.a - xa) + (open.g - xg) + bg + cg > 0;
                            let starts = if start && !closes { n - used } else { 0 };
                            for st in 0..=starts {
                                if gaps && n - used - st > 0 {
                                    continue;
                                }
                                let next = Open {
                                    a: st,
                                    b: xa,
                                    c: xg + bn + bg + cn,
                                    g: (open.a - xa) + (open.g - xg) + cg,
                                };
                                let Some(packed) = next.pack() else {
                                    overflow = true;
                                    continue;
                                };
                                let step = Step {
                                    open: packed,
                                    wilds: (open.a - xa) + (open.g - xg) + bg + bc + cg,
                                    left: n - used - st,
                                };
                                match found
                                    .iter_mut()
                                    .find(|s| s.open == step.open && s.left == step.left)
                                {
                                    Some(s) => s.wilds = s.wilds.min(step.wilds),
                                    None => found.push(step),
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    (!overflow).then_some(found)
}

/// The number of step-table keys: `open << 4 | n << 2 | gap << 1 | start`.
const KEYS: usize = 1 << (SUIT_BITS + 4);

/// Every suit's steps, for each (open runs, naturals, gap, start) reachable from a suit with
/// no open run, built once on first use (a few milliseconds), as one flat index.
struct StepTable {
    /// Per key: its steps; None when some outcome holds more runs than a state packs, or
    /// the key is not reachable.
    index: Box<[Option<&'static [Step]>; KEYS]>,
}

impl StepTable {
    fn build() -> StepTable {
        let mut ranges = vec![None; KEYS];
        let mut steps: Vec<Step> = Vec::new();
        let mut seen = vec![false; 1 << SUIT_BITS];
        let mut queue = vec![0u16];
        seen[0] = true;
        while let Some(open) = queue.pop() {
            for key in 0..16u8 {
                let (n, gap, start) = (key >> 2, key & 2 != 0, key & 1 != 0);
                let Some(found) = steps_of(Open::unpack(u64::from(open)), n, gap, start) else {
                    continue;
                };
                ranges[usize::from(open) << 4 | usize::from(key)] =
                    Some(steps.len()..steps.len() + found.len());
                for step in &found {
                    if !seen[usize::from(step.open)] {
                        seen[usize::from(step.open)] = true;
                        queue.push(step.open);
                    }
                }
                steps.extend(found);
            }
        }
        // built once per process and kept for its life
        let steps: &'static [Step] = Vec::leak(steps);
        let mut index = Box::new([None; KEYS]);
        for (entry, range) in index.iter_mut().zip(ranges) {
            *entry = range.map(|range| &steps[range]);
        }
        StepTable { index }
    }

    fn get() -> &'static StepTable {
        static TABLE: OnceLock<StepTable> = OnceLock::new();
        TABLE.get_or_init(StepTable::build)
    }

    /// The steps of the runs `open` of one suit through a rank (see [`steps_of`]); `flags`
    /// is `n << 2 | gap << 1 | start`.
    #[inline]
    fn steps(&self, open: u64, flags: usize) -> Option<&'static [Step]> {
        self.index[((open as usize) << 4 | flags) & (KEYS - 1)]
    }
}

/// The states of one rank: open runs (packed per suit) and their values, deduplicated by a
/// scan while there are few, then by an open-addressing index whose slots are stamped with
/// the generation that filled them (so clearing the layer is one increment).
struct Layer {
    keys: Vec<u64>,
    values: Vec<Values>,
    /// Per slot: the generation (high half) and the index of its state (low half).
    slots: Vec<u64>,
    generation: u32,
}

impl Layer {
    fn new() -> Layer {
        Layer {
            keys: Vec::with_capacity(256),
            values: Vec::with_capacity(256),
            slots: vec![0; 256],
            generation: 1,
        }
    }

    fn clear(&mut self) {
        self.keys.clear();
        self.values.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    /// The layer holding exactly these states (not indexed: only read, or cleared first).
    fn load(&mut self, keys: &[u64], values: &[Values]) {
        self.clear();
        self.keys.extend_from_slice(keys);
        self.values.extend_from_slice(values);
    }

    #[inline]
    fn slot(key: u64, mask: usize) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & mask
    }

    /// Merge `value` into the state `key`: a scan while the layer is small (most are), then
    /// the index.
    #[inline(always)]
    fn insert(&mut self, key: u64, value: Values) {
        if self.keys.len() < SCAN {
            if let Some(i) = self.keys.iter().position(|&k| k == key) {
                self.values[i] = self.values[i].min(value);
                return;
            }
            self.keys.push(key);
            self.values.push(value);
            if self.keys.len() == SCAN {
                self.index();
            }
            return;
        }
        self.insert_indexed(key, value);
    }

    #[inline(never)]
    fn insert_indexed(&mut self, key: u64, value: Values) {
        let mask = self.slots.len() - 1;
        let mut at = Self::slot(key, mask);
        loop {
            let slot = self.slots[at];
            if (slot >> 32) as u32 != self.generation {
                if 2 * (self.keys.len() + 1) > self.slots.len() {
                    self.grow();
                    return self.insert_indexed(key, value);
                }
                self.slots[at] = u64::from(self.generation) << 32 | self.keys.len() as u64;
                self.keys.push(key);
                self.values.push(value);
                return;
            }
            let i = slot as u32 as usize;
            if self.keys[i] == key {
                self.values[i] = self.values[i].min(value);
                return;
            }
            at = (at + 1) & mask;
        }
    }

    /// Index the states held so far (their keys are distinct).
    fn index(&mut self) {
        let mask = self.slots.len() - 1;
        for (i, &key) in self.keys.iter().enumerate() {
            let mut at = Self::slot(key, mask);
            while (self.slots[at] >> 32) as u32 == self.generation {
                at = (at + 1) & mask;
            }
            self.slots[at] = u64::from(self.generation) << 32 | i as u64;
        }
    }

    /// Twice the slots, every state indexed again.
    #[cold]
    fn grow(&mut self) {
        self.slots = vec![0; 2 * self.slots.len()];
        self.generation = 1;
        self.index();
    }
}

/// A sweep's working memory: the states before and after a rank (boxed: each rank swaps
/// them), and scratch for the combinations of four or more suits' steps (state, wilds,
/// naturals left).
struct Work {
    states: Box<Layer>,
    next: Box<Layer>,
    combos: Combos,
}

/// `work` on this thread's working memory, reused from call to call (taken out while in
/// use, so a nested call gets its own).
fn with_work<T>(work: impl FnOnce(&mut Work) -> T) -> T {
    thread_local! {
        static WORK: RefCell<Option<Box<Work>>> = const { RefCell::new(None) };
    }
    let mut memory = WORK
        .with(|cell| cell.borrow_mut().take())
        .unwrap_or_else(|| {
            Box::new(Work {
                states: Box::new(Layer::new()),
                next: Box::new(Layer::new()),
                combos: Combos::default(),
            })
        });
    let found = work(&mut memory);
    WORK.with(|cell| *cell.borrow_mut() = Some(memory));
    found
}

/// The suit and rank index (0 for threes) of each natural's code.
const SUIT_RANK: [(u8, u8); JOKER as usize] = {
    let mut table = [(0, 0); JOKER as usize];
    let mut c = 0;
    while c < JOKER {
        table[c as usize] = (c / 11, c % 11);
        c += 1;
    }
    table
};

/// The bit of the natural of suit `s` and rank index `r` in a set of codes as bits (the
/// code is `11 s + r`, as [`SUIT_RANK`] reads it back).
#[inline]
fn code_bit(s: usize, r: usize) -> u64 {
    1 << (11 * s + r)
}

/// The least deadwood of a final hand (codes) under the default meld rules when the table
/// has a book: every wild and every natural of a rank in `free_ranks` (bits, 0 for threes)
/// can be laid off onto it, so they cost nothing left unmelded and the answer is the least
/// natural deadwood with any of the wilds in melds. None when the sweep does not take the
/// hand (the search's [`crate::search::score_free`] does).
pub fn least_laying_off(
    codes: &[u8],
    wild_rank: u8,
    rules: &MeldRules,
    free_ranks: u16,
) -> Option<u64> {
    debug_assert!(rules.max_wilds == WildLimit::Unlimited && !rules.distinct_suit_books);
    let mut split = Split::of(codes, wild_rank, rules);
    split.free_ranks = free_ranks;
    let wilds = split.usable();
    if split.naturals == 0 || wilds >= 2 * split.naturals {
        return Some(0); // (no natural, or each in a book with two wilds)
    }
    if !split.sweepable() {
        return None;
    }
    let whole = split.natural_deadwood(wilds, u8::MAX)?;
    Some(whole.deadwood(wilds))
}

/// A hand as the sweep sees it: its naturals by rank and suit, and its wilds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// Copies of each natural, by rank (0 for threes) and suit.
    by_rank: [[u8; 5]; 11],
    /// The ranks each suit holds, as bits.
    held: [u16; 5],
    naturals: usize,
    /// The naturals' points.
    points: u64,
    /// The most copies of one natural.
    copies: u8,
    /// Rank wilds and jokers held, and the points of one of each.
    wilds: [usize; 2],
    wild_points: [u64; 2],
    /// May three or more wilds meld on their own?
    all_wild_melds: bool,
    /// May a meld hold wilds at all (not under `max_wilds_per_meld=0`)?
    melding_wilds: bool,
    /// Do books need distinct suits (see [`DistinctBooks`])?
    distinct: bool,
    /// The reach of gaps and new runs with the wilds melds may take (see [`reach`]).
    reach: (u32, u32),
    /// The ranks (as bits) whose naturals cost nothing left unmelded ([`least_laying_off`]).
    free_ranks: u16,
}

impl Split {
    /// The naturals and wilds of a hand given as codes.
    pub fn of(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Split {
        let mut split = Split::empty(rules);
        for &c in codes {
            split.add(c, 1, wild_rank);
        }
        split.reach = reach(split.usable());
        split
    }

    /// The naturals and wilds of a hand given as the copies of each code (`counts[c]`).
    pub fn of_counts(counts: &[u8; NUM_CODES], wild_rank: u8, rules: &MeldRules) -> Split {
        let mut split = Split::empty(rules);
        // (the codes held, as bits: a row holds a few of its 56 codes)
        let mut held = counts
            .iter()
            .enumerate()
            .fold(0u64, |bits, (c, &n)| bits | u64::from(n != 0) << c);
        while held != 0 {
            let c = held.trailing_zeros() as u8;
            held &= held - 1;
            split.add(c, counts[usize::from(c)], wild_rank);
        }
        split.reach = reach(split.usable());
        split
    }

    /// No card yet, under `rules`.
    fn empty(rules: &MeldRules) -> Split {
        Split {
            by_rank: [[0; 5]; 11],
            held: [0; 5],
            naturals: 0,
            points: 0,
            copies: 0,
            wilds: [0; 2],
            wild_points: [u64::from(rules.wild_points), u64::from(rules.joker_points)],
            all_wild_melds: rules.all_wild_melds,
            melding_wilds: rules.max_wilds != WildLimit::AtMost(0),
            distinct: rules.distinct_suit_books,
            reach: (0, 0),
            free_ranks: 0,
        }
    }

    /// `n` more copies of the card `c` (the reach is set when every card is in).
    #[inline]
    fn add(&mut self, c: u8, n: u8, wild_rank: u8) {
        let Some(&(s, r)) = SUIT_RANK.get(usize::from(c)) else {
            self.wilds[1] += usize::from(n); // the joker
            return;
        };
        if r + 3 == wild_rank {
            self.wilds[0] += usize::from(n);
            return;
        }
        let (s, r) = (usize::from(s), usize::from(r));
        let held = &mut self.by_rank[r][s];
        *held = held.saturating_add(n);
        self.copies = self.copies.max(*held);
        self.held[s] |= 1 << r;
        self.naturals += usize::from(n);
        self.points += (r as u64 + 3) * u64::from(n);
    }

    /// The wilds the hand holds (rank wilds and jokers).
    pub fn wild_count(&self) -> usize {
        self.wilds[0] + self.wilds[1]
    }

    /// The wilds melds may take: the hand's, or none under `max_wilds_per_meld=0`.
    fn usable(&self) -> usize {
        if self.melding_wilds {
            self.wild_count()
        } else {
            0
        }
    }

    /// The least deadwood from the least natural deadwood `d` (None: not needed, some meld is
    /// sure to hold every natural). Some meld holds a natural unless `d` is all the naturals'
    /// points: then the wilds meld on their own, three or more where the rules allow it, or
    /// are deadwood.
    fn finish(&self, d: Option<u64>) -> u64 {
        self.finish_less(self.points, self.wilds, d)
    }

    /// [`Split::finish`] for the hand less a card: its naturals worth `points` and its
    /// `wilds` (rank wilds, jokers).
    fn finish_less(&self, points: u64, [rank_wilds, jokers]: [usize; 2], d: Option<u64>) -> u64 {
        if !self.melding_wilds {
            // no meld takes a wild: every wild is deadwood
            let wilds =
                rank_wilds as u64 * self.wild_points[0] + jokers as u64 * self.wild_points[1];
            return d.unwrap_or(0).min(points) + wilds;
        }
        match d {
            None => 0,
            Some(d) if d < points => d,
            Some(_) => {
                points
                    + if self.all_wild_melds && rank_wilds + jokers >= 3 {
                        0
                    } else {
                        rank_wilds as u64 * self.wild_points[0]
                            + jokers as u64 * self.wild_points[1]
                    }
            }
        }
    }

    /// Does the sweep take this hand (beyond the trivial cases)?
    fn sweepable(&self) -> bool {
        self.copies <= MAX_COPIES
            && self.wild_count() < LANES
            && self.naturals <= MAX_NATURALS
            && self.points <= MAX_POINTS
    }

    /// The least natural deadwood by wilds used (see [`sweep`]), the values above `cap` left
    /// unreachable (`u8::MAX`: none are).
    fn natural_deadwood(&self, wilds: usize, cap: u8) -> Option<Values> {
        with_work(|work| {
            work.states.load(&[0], &[Values::ZERO]);
            if self.distinct {
                sweep::<true>(self, &self.held, wilds, 0, work, None, cap)
            } else {
                sweep::<false>(self, &self.held, wilds, 0, work, None, cap)
            }
        })
    }

    /// The least deadwood of the hand, or None when the sweep does not take it (more than
    /// three copies of a natural, too many wilds, too many naturals, too many open runs).
    pub fn least(&self) -> Option<u64> {
        self.least_swept().map(|least| least.points)
    }

    /// [`Split::least`], with what prices the discard of a wild on the same sweep.
    pub fn least_swept(&self) -> Option<Least> {
        self.least_within(u8::MAX).flatten()
    }

    /// [`Split::least_swept`] for a question about hands whose least natural deadwood is at
    /// most `cap` points: Some(None) when it is more (known as soon as every way through the
    /// ranks so far leaves more), else the same least deadwood, with the values above `cap`
    /// unreachable (so a wild's discard that leaves more than `cap` is priced as if no
    /// natural melded: more than `cap` either way). `u8::MAX`: no cap.
    pub fn least_within(&self, cap: u8) -> Option<Option<Least>> {
        let wilds = self.usable();
        // (a distinct-suit book holds at most five cards: two wilds more than its three)
        let spares_fit = !self.distinct || self.all_wild_melds || wilds <= 4 * self.naturals;
        if self.naturals == 0 || (wilds >= 2 * self.naturals && spares_fit) {
            // no natural, or each natural in a book with two wilds
            let points = self.finish((self.naturals == 0).then_some(0));
            return Some(Some(Least {
                points,
                whole: None,
            }));
        }
        if !self.sweepable() {
            return None;
        }
        let whole = self.natural_deadwood(wilds, cap)?;
        let d = whole.deadwood(wilds);
        if cap < u8::MAX && d == u64::MAX {
            return Some(None);
        }
        Some(Some(Least {
            points: self.finish(Some(d)),
            // (one wild fewer under distinct-suit books may leave spares no meld takes)
            whole: (!self.distinct).then_some(whole),
        }))
    }

    /// The least deadwood of the hand less one copy of the wild `code` (held), from the
    /// hand's least natural deadwood by wilds used (`whole`): the same naturals, one wild
    /// fewer, so the vector's lane for one wild fewer.
    fn without_wild(&self, whole: Values, code: u8) -> u64 {
        let mut rest = self.wilds;
        rest[usize::from(code == JOKER)] -= 1;
        let usable = if self.melding_wilds {
            rest[0] + rest[1]
        } else {
            0
        };
        self.finish_less(self.points, rest, Some(whole.deadwood(usable)))
    }

    /// The hand swept once with its states recorded, for the least deadwood of the hand less
    /// any one card (see [`Swept`]); None when the sweep does not take the hand, or the case
    /// is trivial (one [`Split::least`] per discard then costs no more). Under distinct-suit
    /// books only with at most [`SPARES_FIT`] wilds: then the spare wilds of the hand less
    /// any card find a place too.
    pub fn swept(&self) -> Option<Swept> {
        let wilds = self.usable();
        if self.naturals == 0
            || wilds >= 2 * (self.naturals - 1)
            || !self.sweepable()
            || (self.distinct && wilds > SPARES_FIT)
        {
            return None;
        }
        with_work(|work| {
            let mut record = Record::take();
            work.states.load(&[0], &[Values::ZERO]);
            let record_in = Some(&mut record);
            let whole = if self.distinct {
                sweep::<true>(self, &self.held, wilds, 0, work, record_in, u8::MAX)
            } else {
                sweep::<false>(self, &self.held, wilds, 0, work, record_in, u8::MAX)
            }?;
            Some(Swept {
                split: self.clone(),
                record,
                whole,
                id: {
                    static NEXT: AtomicU64 = AtomicU64::new(1);
                    NEXT.fetch_add(1, Ordering::Relaxed)
                },
                back: Mutex::new(None),
            })
        })
    }
}

/// A hand's least deadwood from one sweep ([`Split::least_swept`]), and the sweep's least
/// natural deadwood by wilds used when it swept (not in the trivial cases), which prices the
/// discard of any wild ([`Least::without_wild`]).
#[derive(Debug, Clone, Copy)]
pub struct Least {
    pub points: u64,
    whole: Option<Values>,
}

impl Least {
    /// The least deadwood of `split` (the hand swept) less one copy of the wild `code`
    /// (held), when the sweep priced the hand.
    pub fn without_wild(&self, split: &Split, code: u8) -> Option<u64> {
        Some(split.without_wild(self.whole?, code))
    }
}

/// A hand swept once, with the states before each rank recorded, for the least deadwood of
/// the hand less any one card: less one wild, the whole hand's vector one lane down; less
/// one natural of rank r, the recorded states before r through rank r (one natural fewer),
/// each way on met with the least deadwood of the ranks above from where it leads
/// ([`Back`], shared by every discard: the ranks above r are the hand's own). The states
/// below r are the hand's, pruned a little less than the smaller hand's: still exact.
pub struct Swept {
    split: Split,
    record: Record,
    whole: Values,
    /// A number no other `Swept` of the process has: the owner of its values in a [`Back`].
    id: u64,
    /// The values of the ranks above, found as discards ask for them (taken from the
    /// thread's spare on the first, given back when dropped; behind a lock, so that threads
    /// may share a `Swept`).
    back: Mutex<Option<Box<Back>>>,
}

impl Swept {
    /// The least deadwood of the hand.
    pub fn least(&self) -> u64 {
        let split = &self.split;
        split.finish(Some(self.whole.deadwood(split.usable())))
    }

    /// The naturals (bits of their codes) of which a copy is deadwood in one optimal
    /// arrangement of the hand, read back from the recorded states. The hand less one copy of
    /// such a card has exactly the hand's least deadwood less the card's points: that
    /// arrangement less the card is one of the rest, and none does better (the card added as
    /// deadwood to any arrangement of the rest is one of the hand).
    pub fn deadwood_codes(&self) -> u64 {
        let split = &self.split;
        let wilds = split.usable();
        let Ok(value) = u8::try_from(self.whole.deadwood(wilds)) else {
            return 0; // (no value: not reached)
        };
        if u64::from(value) >= split.points {
            // no meld holds a natural: every one is deadwood
            return (0..11)
                .flat_map(|r| (0..5).map(move |s| (r, s)))
                .filter(|&(r, s)| split.by_rank[r][s] > 0)
                .fold(0, |dead, (r, s)| dead | code_bit(s, r));
        }
        let record = &self.record;
        let last = record.starts[11]..record.starts[12];
        let end = record.keys[last.clone()]
            .iter()
            .zip(&record.values[last])
            .find_map(|(&key, v)| {
                let closing = past_the_king(key)?.lowest_reachable();
                let lane = wilds.checked_sub(closing)?;
                (simd::lanes(v.0)[lane] == value).then_some((key, lane))
            });
        let Some((mut key, mut lane)) = end else {
            return 0;
        };
        let mut value = value;
        let mut dead = 0;
        for r in (0..11).rev() {
            let back = if split.distinct {
                self.way_back_distinct(r, key, lane, value)
            } else {
                self.way_back(r, key, lane, value)
            };
            let Some(back) = back else {
                return 0; // (not expected; then no card is known)
            };
            (key, lane, value, dead) = (back.key, back.lane, back.value, dead | back.dead);
        }
        dead
    }

    /// A state before rank `r` and a way on through the rank that reach the state `key` after
    /// it with `value` in `lane`, and the naturals of the rank that way leaves as deadwood;
    /// None if there is none (not expected: every value comes from some way on).
    fn way_back(&self, r: usize, key: u64, lane: usize, value: u8) -> Option<WayBack> {
        let (split, record) = (&self.split, &self.record);
        let row = &split.by_rank[r];
        let rank = Rank::of::<false>(row, record.open[r], &split.held, r, split.reach);
        let active = &rank.active[..rank.n];
        // the settled suits' naturals: deadwood unless the rank's book holds them
        let settled = (0..5).fold(0u64, |bits, s| {
            let takes_part = rank.bits >> (SUIT_BITS * s as u32) & 1 != 0;
            bits | (code_bit(s, r) * u64::from((row[s] > 0) & !takes_part))
        });
        let points = u16::from(r as u8 + 3);
        let states = record.starts[r]..record.starts[r + 1];
        for (&before, v) in record.keys[states.clone()]
            .iter()
            .zip(&record.values[states])
        {
            if before & !rank.bits != key & !rank.bits {
                continue; // (the suits not taking part keep their runs)
            }
            let Some(steps) = Leading::of(active, before, key) else {
                continue;
            };
            let lanes = simd::lanes(v.0);
            let mut found = None;
            steps.each(|chosen| {
                let used: usize = chosen.iter().map(|s| usize::from(s.wilds)).sum();
                let left =
                    chosen.iter().map(|s| u16::from(s.left)).sum::<u16>() + u16::from(rank.settled);
                let Some(from) = lane.checked_sub(used) else {
                    return false;
                };
                let back = |lane: usize, dead: u64| WayBack {
                    key: before,
                    lane,
                    value: lanes[lane],
                    dead,
                };
                found = if left == 0 || left >= 3 {
                    // nothing left, or a book of three or more naturals
                    (lanes[from] == value).then(|| back(from, 0))
                } else if lanes[from] != u8::MAX
                    && u16::from(lanes[from]) + left * points == u16::from(value)
                {
                    // the naturals left are deadwood
                    let dead = active
                        .iter()
                        .zip(chosen)
                        .filter(|(_, step)| step.left > 0)
                        .fold(settled, |bits, (&(o, _), _)| {
                            bits | code_bit((o / SUIT_BITS) as usize, r)
                        });
                    Some(back(from, dead))
                } else {
                    // or a book padded with wilds
                    let pad = 3 - usize::from(left);
                    (from >= pad && lanes[from - pad] == value).then(|| back(from - pad, 0))
                };
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// [`Swept::way_back`] under distinct-suit books: the naturals the rank leaves for its
    /// books count as deadwood only when the way they go leaves them all (which of them a
    /// way with books leaves is not settled; a card missed is priced by [`Swept::without`]).
    fn way_back_distinct(&self, r: usize, key: u64, lane: usize, value: u8) -> Option<WayBack> {
        let (split, record) = (&self.split, &self.record);
        let row = &split.by_rank[r];
        let rank = Rank::of::<true>(row, record.open[r], &split.held, r, split.reach);
        let (table, books) = (StepTable::get(), DistinctBooks::get());
        let points = u16::from(r as u8 + 3);
        let mut combos = Combos::default();
        let states = record.starts[r]..record.starts[r + 1];
        for (&before, v) in record.keys[states.clone()]
            .iter()
            .zip(&record.values[states])
        {
            let Some(room) = split.usable().checked_sub(v.lowest_reachable()) else {
                continue;
            };
            let lanes = simd::lanes(v.0);
            let mut found = None;
            rank.ways_by_suit(table, before, room, &mut combos, |to, used, left| {
                if found.is_some() || to != key {
                    return;
                }
                let (counts, total) = by_suit(left);
                for way in &books.ways[usize::from(left)] {
                    let Some(from) = lane.checked_sub(used + usize::from(way.pad)) else {
                        continue;
                    };
                    if lanes[from] != u8::MAX
                        && u16::from(lanes[from]) + u16::from(way.dead) * points == u16::from(value)
                    {
                        let dead = if way.dead == total {
                            (0..5)
                                .filter(|&s| counts[s] > 0)
                                .fold(0, |bits, s| bits | code_bit(s, r))
                        } else {
                            0
                        };
                        found = Some(WayBack {
                            key: before,
                            lane: from,
                            value: lanes[from],
                            dead,
                        });
                        return;
                    }
                }
            })?;
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The least deadwood of the hand less one copy of `code` (held; wild or not in a round
    /// of wild rank `wild_rank`), or None when the sweep gives up (too many open runs).
    pub fn without(&self, code: u8, wild_rank: u8) -> Option<u64> {
        let split = &self.split;
        if is_wild(code, wild_rank) {
            return Some(split.without_wild(self.whole, code));
        }
        let (s, r) = SUIT_RANK[usize::from(code)];
        let (s, r) = (usize::from(s), usize::from(r));
        let mut row = split.by_rank[r];
        row[s] -= 1;
        let d = if split.distinct {
            self.natural_deadwood_without::<true>(r, &row)
        } else {
            self.natural_deadwood_without::<false>(r, &row)
        }?;
        Some(split.finish_less(split.points - (r as u64 + 3), split.wilds, Some(d)))
    }

    /// The least natural deadwood of the hand with `row` for the naturals of rank `r`
    /// (the hand's less one), from the states recorded before `r` through the rank, each way
    /// on met with the values of the ranks above ([`Back`]).
    fn natural_deadwood_without<const DISTINCT: bool>(
        &self,
        r: usize,
        row: &[u8; 5],
    ) -> Option<u64> {
        let split = &self.split;
        let wilds = split.usable();
        let (from, to) = (self.record.starts[r], self.record.starts[r + 1]);
        let (keys, values) = (&self.record.keys[from..to], &self.record.values[from..to]);
        let table = StepTable::get();
        let rank = Rank::of::<DISTINCT>(row, self.record.open[r], &split.held, r, split.reach);
        let points = r as u8 + 3;
        let mut slot = self.back.lock().unwrap_or_else(PoisonError::into_inner);
        let back = slot.get_or_insert_with(|| Back::take(self.id));
        back.kids.clear(); // (a call that gave up may have left some)
        let mut d = u64::MAX;
        for (&key, &v) in keys.iter().zip(values) {
            let Some(room) = wilds.checked_sub(v.lowest_reachable()) else {
                continue;
            };
            if !DISTINCT && rank.n == 0 {
                // no run goes through the rank: the state stays, its naturals settled
                let settled = way_on(v, 0, rank.settled, points);
                d = d.min(settled.meet(back.value::<false>(split, r + 1, key)?, wilds));
                continue;
            }
            let pushed = back.push_ways::<DISTINCT>(&rank, table, key, room)?;
            for i in pushed.clone() {
                let (to, used, left) = back.kids[i];
                let above = back.value::<DISTINCT>(split, r + 1, to)?;
                let on = carried::<DISTINCT>(v, used, left, points, room);
                d = d.min(on.meet(above, wilds));
            }
            back.kids.truncate(pushed.start);
        }
        Some(d)
    }
}

/// Values by key (below 2^54), by open addressing, each slot stamped (in its key's top
/// ten bits) with the generation that filled it, so that clearing is one increment and the
/// slots are kept from one hand to the next.
struct Memo {
    keys: Vec<u64>,
    values: Vec<Values>,
    len: usize,
    /// The current generation, in the top ten bits (never 0: a zeroed slot is empty).
    stamp: u64,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo {
            keys: vec![0; 256],
            values: vec![Values::ZERO; 256],
            len: 0,
            stamp: 1 << Memo::STAMP,
        }
    }
}

impl Memo {
    /// Where a key's stamp begins.
    const STAMP: u32 = 54;

    fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1 << Memo::STAMP);
        if self.stamp == 0 {
            self.keys.fill(0);
            self.stamp = 1 << Memo::STAMP;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & (self.keys.len() - 1)
    }

    #[inline]
    fn get(&self, key: u64) -> Option<Values> {
        let (mask, stamped) = (self.keys.len() - 1, key | self.stamp);
        let mut at = self.slot(key);
        loop {
            let k = self.keys[at];
            if k == stamped {
                return Some(self.values[at]);
            }
            if k >> Memo::STAMP != self.stamp >> Memo::STAMP {
                return None;
            }
            at = (at + 1) & mask;
        }
    }

    /// Keep `value` for `key` (not held yet).
    fn insert(&mut self, key: u64, value: Values) {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut at = self.slot(key);
        while self.keys[at] >> Memo::STAMP == self.stamp >> Memo::STAMP {
            at = (at + 1) & mask;
        }
        self.keys[at] = key | self.stamp;
        self.values[at] = value;
        self.len += 1;
    }

    /// Twice the slots, the current generation's entries kept.
    #[cold]
    fn grow(&mut self) {
        let size = 2 * self.keys.len();
        let keys = std::mem::replace(&mut self.keys, vec![0; size]);
        let values = std::mem::replace(&mut self.values, vec![Values::ZERO; size]);
        let stamp = self.stamp;
        self.stamp = 1 << Memo::STAMP;
        self.len = 0;
        for (k, v) in keys.into_iter().zip(values) {
            if k >> Memo::STAMP == stamp >> Memo::STAMP {
                self.insert(k & ((1 << Memo::STAMP) - 1), v);
            }
        }
    }
}

/// A step back through a rank ([`Swept::way_back`]): the state before it, the lane and value
/// there, and the naturals of the rank left as deadwood (bits of their codes).
struct WayBack {
    key: u64,
    lane: usize,
    value: u8,
    dead: u64,
}

/// For each suit taking part in a rank, its steps from one state that lead to the runs of
/// another (at most one per number of naturals left, so at most [`MAX_COPIES`] + 1).
struct Leading {
    steps: [[Step; MAX_COPIES as usize + 1]; 5],
    counts: [usize; 5],
    suits: usize,
}

impl Leading {
    /// The steps of the suits `active` from the state `before` to the state `after`; None
    /// when some suit has none.
    fn of(active: &[(u32, usize)], before: u64, after: u64) -> Option<Leading> {
        let table = StepTable::get();
        let none = Step {
            open: 0,
            wilds: 0,
            left: 0,
        };
        let mut leading = Leading {
            steps: [[none; MAX_COPIES as usize + 1]; 5],
            counts: [0; 5],
            suits: active.len(),
        };
        for (i, &(offset, flags)) in active.iter().enumerate() {
            let wanted = (after >> offset & SUIT_MASK) as u16;
            for step in table.steps(before >> offset & SUIT_MASK, flags)? {
                if step.open == wanted {
                    // (steps are distinct by runs and naturals left: never more)
                    *leading.steps[i].get_mut(leading.counts[i])? = *step;
                    leading.counts[i] += 1;
                }
            }
            if leading.counts[i] == 0 {
                return None;
            }
        }
        Some(leading)
    }

    /// `each(chosen steps, one per suit)` for every combination, until it says true.
    fn each(&self, mut each: impl FnMut(&[Step]) -> bool) {
        let mut pick = [0usize; 5];
        let mut chosen = [self.steps[0][0]; 5];
        loop {
            for i in 0..self.suits {
                chosen[i] = self.steps[i][pick[i]];
            }
            if each(&chosen[..self.suits]) {
                return;
            }
            // the next combination, the first suit's step fastest
            let mut i = 0;
            while i < self.suits {
                pick[i] += 1;
                if pick[i] < self.counts[i] {
                    break;
                }
                pick[i] = 0;
                i += 1;
            }
            if i == self.suits {
                return;
            }
        }
    }
}

/// The least deadwood of the ranks above a rank from each state there, by wilds used (lane
/// `j`: at most `j` wilds), found on demand and kept: the twin, downwards, of the sweep's
/// values. Putting a value below and one above together ([`Values::meet`]) commutes with a
/// way on's shift and addition, so the way on between them may be applied to either.
#[derive(Default)]
struct Back {
    /// The hand whose values the memo holds (see [`Swept::id`]; 0: none).
    owner: u64,
    /// Values by rank (bits 50 and up) and state.
    memo: Memo,
    /// The ways on of the states being valued, a stack (each call truncates what it
    /// pushed): the state reached, the wilds used and the naturals left (by suit under
    /// distinct-suit books, see [`Rank::ways_by_suit`]).
    kids: Vec<(u64, u8, u16)>,
    combos: Combos,
}

impl Back {
    thread_local! {
        /// The memo of the last [`Swept`] dropped on this thread, for the next.
        static SPARE: RefCell<Option<Box<Back>>> = const { RefCell::new(None) };
    }

    /// This thread's spare memo (or a new one), cleared unless it holds the values of the
    /// hand `owner`.
    fn take(owner: u64) -> Box<Back> {
        let mut back = Self::SPARE
            .try_with(|cell| cell.try_borrow_mut().ok()?.take())
            .ok()
            .flatten()
            .unwrap_or_default();
        if back.owner != owner {
            back.memo.clear();
            back.owner = owner;
        }
        back
    }

    /// Keep `self` as this thread's spare memo (unless the thread is ending).
    fn give_back(self: Box<Back>) {
        let _ = Self::SPARE.try_with(|cell| {
            if let Ok(mut spare) = cell.try_borrow_mut() {
                *spare = Some(self);
            }
        });
    }

    /// Push the ways on from the state `key` through `rank` (see [`Rank::ways`], or
    /// [`Rank::ways_by_suit`] under distinct-suit books) onto the stack of ways on, and say
    /// where they are (the caller truncates them when done).
    #[inline(always)]
    fn push_ways<const DISTINCT: bool>(
        &mut self,
        rank: &Rank,
        table: &StepTable,
        key: u64,
        room: usize,
    ) -> Option<std::ops::Range<usize>> {
        let from = self.kids.len();
        let Back { kids, combos, .. } = self;
        if DISTINCT {
            rank.ways_by_suit(table, key, room, combos, |to, used, left| {
                kids.push((to, used as u8, left));
            })?;
        } else {
            rank.ways(table, key, room, combos, |to, used, left| {
                kids.push((to, used as u8, u16::from(left)));
            })?;
        }
        Some(from..self.kids.len())
    }

    /// The least deadwood of ranks `r..11` of `hand` from the state `key` before rank `r`,
    /// by wilds used; None when the sweep gives up (too many open runs). `DISTINCT`: under
    /// distinct-suit books (`hand.distinct`).
    fn value<const DISTINCT: bool>(&mut self, hand: &Split, r: usize, key: u64) -> Option<Values> {
        if r == 11 {
            return Some(past_the_king(key).unwrap_or(Values::ZERO.shift(LANES)));
        }
        let slot = (r as u64) << (5 * SUIT_BITS) | key;
        if let Some(found) = self.memo.get(slot) {
            return Some(found);
        }
        let wilds = hand.usable();
        let rank = Rank::of::<DISTINCT>(&hand.by_rank[r], key, &hand.held, r, hand.reach);
        let points = r as u8 + 3;
        let found = if !DISTINCT && rank.n == 0 {
            way_on(
                self.value::<false>(hand, r + 1, key)?,
                0,
                rank.settled,
                points,
            )
        } else {
            let pushed = self.push_ways::<DISTINCT>(&rank, StepTable::get(), key, wilds)?;
            let mut best = Values::ZERO.shift(LANES);
            for i in pushed.clone() {
                let (to, used, left) = self.kids[i];
                let above = self.value::<DISTINCT>(hand, r + 1, to)?;
                best = best.min(carried::<DISTINCT>(above, used, left, points, wilds));
            }
            self.kids.truncate(pushed.start);
            best
        };
        self.memo.insert(slot, found);
        Some(found)
    }
}

/// The states before each rank, one after the other (`starts[r]..starts[r + 1]` for rank r),
/// then those past the king (`starts[11]..starts[12]`).
struct Record {
    keys: Vec<u64>,
    values: Vec<Values>,
    starts: [usize; 13],
    /// The open runs of the states before each rank, or'ed.
    open: [u64; 11],
}

impl Record {
    /// The most records a thread keeps for reuse.
    const KEPT: usize = 4;

    thread_local! {
        /// Records of dropped [`Swept`]s, kept for the next (a greedy bot's turn sweeps one or
        /// two hands: their allocations would cost a tenth of a rollout).
        static SPARE: RefCell<Vec<Record>> = const { RefCell::new(Vec::new()) };
    }

    /// An empty record: a spare one, or a new one (room for a few dozen states, the most
    /// hands need).
    fn take() -> Record {
        let spare = Self::SPARE
            .try_with(|spare| spare.try_borrow_mut().ok()?.pop())
            .ok()
            .flatten();
        spare.unwrap_or_else(|| Record {
            keys: Vec::with_capacity(64),
            values: Vec::with_capacity(64),
            ..Record::EMPTY
        })
    }

    /// A record holding nothing, with no memory.
    const EMPTY: Record = Record {
        keys: Vec::new(),
        values: Vec::new(),
        starts: [0; 13],
        open: [0; 11],
    };

    /// The most states a record kept for reuse may have room for (a rare huge hand's record
    /// is freed rather than kept).
    const ROOM: usize = 4096;

    /// Keep `self` for reuse, emptied (unless enough are kept, it is huge, or the thread is
    /// ending).
    fn give_back(mut self) {
        if self.keys.capacity() > Self::ROOM {
            return;
        }
        self.keys.clear();
        self.values.clear();
        let _ = Self::SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                if spare.len() < Self::KEPT {
                    spare.push(self);
                }
            }
        });
    }
}

impl Drop for Swept {
    fn drop(&mut self) {
        std::mem::replace(&mut self.record, Record::EMPTY).give_back();
        let back = self.back.get_mut().unwrap_or_else(PoisonError::into_inner);
        if let Some(back) = back.take() {
            back.give_back();
        }
    }
}

/// The reach of gaps and new runs with `wilds` wilds, as masks of the ranks above: a gap
/// needs a natural of its suit within `wilds` ranks above, a new run one within `wilds + 1`.
fn reach(wilds: usize) -> (u32, u32) {
    (
        (1u32 << wilds.min(11)) - 1,
        (1u32 << (wilds + 1).min(11)) - 1,
    )
}

/// What rank `r` holds for the sweep when its naturals are `row` and the states' open runs
/// are `open_bits` (their keys or'ed).
struct Rank {
    /// The suits whose runs take part in the rank: (key offset, the step table's flags) of
    /// each, the first `n`.
    active: [(u32, usize); 5],
    n: usize,
    /// The bits of their fields in a key.
    bits: u64,
    /// The naturals of the other suits: no run of theirs is open or may start here, so they
    /// go to the rank's book or are deadwood.
    settled: u8,
    /// The same by suit, two bits a suit (see [`DistinctBooks`]), when asked for.
    settled_by_suit: u16,
}

impl Rank {
    /// (`BY_SUIT`: the settled naturals counted by suit too, for distinct-suit books.)
    #[inline(always)]
    fn of<const BY_SUIT: bool>(
        row: &[u8; 5],
        open_bits: u64,
        held: &[u16; 5],
        r: usize,
        (gap_reach, start_reach): (u32, u32),
    ) -> Rank {
        let mut rank = Rank {
            active: [(0, 0); 5],
            n: 0,
            bits: 0,
            settled: 0,
            settled_by_suit: 0,
        };
        // (without a branch: which suits take part is data the processor cannot predict)
        for s in 0..5 {
            let offset = SUIT_BITS * s as u32;
            let open = open_bits >> offset & SUIT_MASK != 0;
            let above = u32::from(held[s]) >> (r + 1);
            let start = above & start_reach != 0;
            // a suit with no open run and no start has one step: every natural left
            let part = open | (row[s] > 0) & start;
            let settled = row[s] * u8::from(!part);
            rank.settled += settled;
            if BY_SUIT {
                rank.settled_by_suit |= u16::from(settled) << (2 * s);
            }
            let flags = usize::from(row[s]) << 2
                | usize::from(above & gap_reach != 0) << 1
                | usize::from(start);
            // (written at the next place either way; kept only by a suit taking part)
            rank.active[rank.n] = (offset, flags);
            rank.n += usize::from(part);
            rank.bits |= (SUIT_MASK * u64::from(part)) << offset;
        }
        rank
    }
}

impl Rank {
    /// Every way on from the state `key` through this rank, some suit taking part (see
    /// [`ways`]): `left` counts the settled naturals too.
    #[inline(always)]
    fn ways(
        &self,
        table: &StepTable,
        key: u64,
        room: usize,
        scratch: &mut Combos,
        mut each: impl FnMut(u64, usize, u8),
    ) -> Option<()> {
        let pack = |left, _| u16::from(left);
        self.ways_packed(table, key, room, scratch, pack, |to, used, left| {
            each(to, used, left as u8 + self.settled)
        })
    }

    /// [`Rank::ways`] with the naturals left by suit, two bits a suit (the settled ones
    /// too); with no suit taking part, the one way on that keeps the state.
    #[inline(always)]
    fn ways_by_suit(
        &self,
        table: &StepTable,
        key: u64,
        room: usize,
        scratch: &mut Combos,
        mut each: impl FnMut(u64, usize, u16),
    ) -> Option<()> {
        if self.n == 0 {
            each(key, 0, self.settled_by_suit);
            return Some(());
        }
        let pack = |left, offset| u16::from(left) << (2 * (offset / SUIT_BITS));
        self.ways_packed(table, key, room, scratch, pack, |to, used, left| {
            each(to, used, left | self.settled_by_suit)
        })
    }

    /// [`ways`] through this rank's suits taking part.
    #[inline(always)]
    fn ways_packed(
        &self,
        table: &StepTable,
        key: u64,
        room: usize,
        scratch: &mut Combos,
        pack: impl Fn(u8, u32) -> u16,
        each: impl FnMut(u64, usize, u16),
    ) -> Option<()> {
        let active = &self.active[..self.n];
        ways(table, key, active, self.bits, room, scratch, pack, each)
    }
}

/// Scratch for the combinations of three or more suits' steps (state, wilds, naturals left).
#[derive(Default)]
struct Combos {
    combos: Vec<(u64, u8, u16)>,
    spare: Vec<(u64, u8, u16)>,
}

/// Every way on from the state `key` through a rank whose suits taking part are `active`
/// (at least one): `each(to, used, left)` for every combination of the suits' steps that
/// uses at most `room` wilds into runs, leaving naturals of the rank for its book: `left` is
/// the sum of `pack(naturals, suit's key offset)` over the suits. None when some suit's runs
/// would outgrow a state.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn ways(
    table: &StepTable,
    key: u64,
    active: &[(u32, usize)],
    active_bits: u64,
    room: usize,
    scratch: &mut Combos,
    pack: impl Fn(u8, u32) -> u16,
    mut each: impl FnMut(u64, usize, u16),
) -> Option<()> {
    let base = key & !active_bits;
    let (o0, f0) = active[0];
    let first = table.steps(key >> o0 & SUIT_MASK, f0)?;
    match active.len() {
        1 => {
            for a in first {
                if usize::from(a.wilds) <= room {
                    each(
                        base | u64::from(a.open) << o0,
                        usize::from(a.wilds),
                        pack(a.left, o0),
                    );
                }
            }
        }
        2 => {
            let (o1, f1) = active[1];
            let second = table.steps(key >> o1 & SUIT_MASK, f1)?;
            for a in first {
                let (to, used, left) = (base | u64::from(a.open) << o0, a.wilds, pack(a.left, o0));
                for b in second {
                    if usize::from(used + b.wilds) <= room {
                        each(
                            to | u64::from(b.open) << o1,
                            usize::from(used + b.wilds),
                            left + pack(b.left, o1),
                        );
                    }
                }
            }
        }
        _ => {
            // all but the last suit's steps gathered one suit at a time (dropping those
            // over the room as they grow), then the last suit's
            let Combos { combos, spare } = scratch;
            combos.clear();
            combos.extend(
                first
                    .iter()
                    .filter(|a| usize::from(a.wilds) <= room)
                    .map(|a| (base | u64::from(a.open) << o0, a.wilds, pack(a.left, o0))),
            );
            let (&(last, last_flags), middle) = active[1..].split_last()?;
            for &(offset, flags) in middle {
                let steps = table.steps(key >> offset & SUIT_MASK, flags)?;
                spare.clear();
                for &(to, used, left) in combos.iter() {
                    for b in steps {
                        if usize::from(used + b.wilds) <= room {
                            spare.push((
                                to | u64::from(b.open) << offset,
                                used + b.wilds,
                                left + pack(b.left, offset),
                            ));
                        }
                    }
                }
                std::mem::swap(combos, spare);
            }
            let steps = table.steps(key >> last & SUIT_MASK, last_flags)?;
            for &(to, used, left) in combos.iter() {
                for b in steps {
                    if usize::from(used + b.wilds) <= room {
                        each(
                            to | u64::from(b.open) << last,
                            usize::from(used + b.wilds),
                            left + pack(b.left, last),
                        );
                    }
                }
            }
        }
    }
    Some(())
}

/// A value after a way on: `used` wilds into runs, then `left` naturals of the rank (worth
/// `points` each) for its book, padded to three with wilds, or deadwood. (The same map
/// carries a value from below the rank up, or from above it down: both are shifts and
/// additions, which the combination of the two commutes with; see [`Back`].)
#[inline(always)]
fn way_on(v: Values, used: usize, left: u8, points: u8) -> Values {
    let value = v.shift(used);
    // (without a branch: no natural left pays nothing, as the value is below its shift by
    // three, and three or more pay nothing, as a saturating sum is above the value)
    let left = left.min(3);
    value
        .plus(left * points)
        .min(value.shift(3 - usize::from(left)))
}

/// The value past the king of a state: A and G runs never closed; each B closes with one
/// wild.
fn past_the_king(key: u64) -> Option<Values> {
    if key & MUST_GO_ON != 0 {
        return None;
    }
    let closing = (key & B_LOW).count_ones() + 2 * (key & B_LOW << 1).count_ones();
    Some(Values::ZERO.shift(closing as usize))
}

/// One way the naturals a rank leaves for its books go under distinct-suit books: how many
/// are deadwood, and the wilds padding the books to three.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct BookWay {
    dead: u8,
    pad: u8,
}

/// Under distinct-suit books a rank may hold several books, none with two naturals of one
/// suit, each of at most five cards, so the naturals a rank leaves for its books count by
/// suit (two bits a suit: at most [`MAX_COPIES`] each). For each such count, the ways they
/// go, none worse than another on both deadwood and padding: `k` books of `p` naturals (at
/// most `min(copies, k)` of each suit) with sizes as even as they can be, which pads least
/// (dealing the copies suit after suit to the books in turn gives those sizes and never
/// two of a suit to one book).
///
/// The sweep's value, the least natural deadwood with at most so many wilds in melds, is the
/// least deadwood as under books of any suits when the spare wilds all find a place: none
/// are spare, three or more meld on their own, or the hand holds at most eight wilds. Then
/// a natural meld takes a spare wild, or splits into two that do: a run shorter than eleven
/// or a book of fewer than five takes one; a book of five splits into one of three and one
/// of two and the wild (one natural in each), or with one natural is a run of six; a run of
/// eleven holds at most seven wilds, so four naturals of distinct ranks, and splits between
/// two of them into runs of three or more (see [`spares_fit`]).
struct DistinctBooks {
    ways: Box<[Vec<BookWay>]>,
}

impl DistinctBooks {
    fn build() -> DistinctBooks {
        let ways = (0..1usize << 10)
            .map(|by_suit| {
                let copies: Vec<usize> = (0..5).map(|s| by_suit >> (2 * s) & 3).collect();
                let total: usize = copies.iter().sum();
                let mut found = vec![BookWay {
                    dead: total as u8,
                    pad: 0,
                }];
                for k in 1..=total {
                    let most: usize = copies.iter().map(|&c| c.min(k)).sum();
                    for p in k..=most {
                        let (size, larger) = (p / k, p % k);
                        let pad = larger * 3usize.saturating_sub(size + 1)
                            + (k - larger) * 3usize.saturating_sub(size);
                        found.push(BookWay {
                            dead: (total - p) as u8,
                            pad: pad as u8,
                        });
                    }
                }
                let beaten = |w: &BookWay| {
                    found
                        .iter()
                        .any(|o| o != w && o.dead <= w.dead && o.pad <= w.pad)
                };
                let mut kept: Vec<BookWay> = found.iter().copied().filter(|w| !beaten(w)).collect();
                kept.sort_unstable_by_key(|w| (w.dead, w.pad));
                kept.dedup();
                kept
            })
            .collect();
        DistinctBooks { ways }
    }

    fn get() -> &'static DistinctBooks {
        static TABLE: OnceLock<DistinctBooks> = OnceLock::new();
        TABLE.get_or_init(DistinctBooks::build)
    }
}

/// The naturals counted by suit, two bits a suit (see [`Rank::ways_by_suit`]): each suit's
/// count, and their sum.
fn by_suit(left: u16) -> ([u8; 5], u8) {
    let counts = [0, 1, 2, 3, 4].map(|s| (left >> (2 * s) & 3) as u8);
    (counts, counts.iter().sum())
}

/// The most wilds a hand may hold for its spare wilds to find a place under distinct-suit
/// books whatever its melds (see [`DistinctBooks`]).
const SPARES_FIT: usize = 8;

/// Under distinct-suit books, do the spare wilds of an arrangement reaching the least natural
/// deadwood `best` (the whole hand's vector, `wilds` wilds) find a place? Yes when no natural
/// melds (then [`Split::finish`] prices the wilds on their own), when the hand holds at most
/// [`SPARES_FIT`] wilds, or when the arrangement using the fewest wilds leaves none spare or
/// three or more that meld on their own. Otherwise the sweep does not know (a spare wild
/// might be deadwood), and the caller searches.
fn spares_fit(hand: &Split, wilds: usize, best: Values) -> bool {
    let lanes = simd::lanes(best.0);
    let d = lanes[wilds];
    if d == u8::MAX || u64::from(d) >= hand.points || wilds <= SPARES_FIT {
        return true;
    }
    // (lanes fall from one to the next: the first at `d` uses exactly that many wilds)
    let used = (0..=wilds).find(|&j| lanes[j] == d).unwrap_or(wilds);
    let spare = wilds - used;
    spare == 0 || (hand.all_wild_melds && spare >= 3)
}

/// Every state of `states` on through `rank` into `next` under distinct-suit books (see
/// [`DistinctBooks`]): each way on through the runs, then each way the naturals left go to
/// the rank's books. The key bits of the states reached, or'ed; None when some suit's runs
/// would outgrow a state.
fn through_distinct(
    rank: &Rank,
    table: &StepTable,
    states: &Layer,
    next: &mut Layer,
    combos: &mut Combos,
    wilds: usize,
    points: u8,
) -> Option<u64> {
    let books = DistinctBooks::get();
    let mut open_bits = 0;
    for (&key, &v) in states.keys.iter().zip(&states.values) {
        let Some(room) = wilds.checked_sub(v.lowest_reachable()) else {
            continue;
        };
        rank.ways_by_suit(table, key, room, combos, |to, used, left| {
            next.insert(to, books_on(books, v, used, left, points, room));
            open_bits |= to;
        })?;
    }
    Some(open_bits)
}

/// The values `v` carried on through a rank under distinct-suit books by a way that uses
/// `used` wilds in runs and leaves the naturals `left` (by suit, see [`Rank::ways_by_suit`])
/// to the rank's books: the least over the ways those go ([`DistinctBooks`]) within `room`
/// wilds in all.
#[inline]
fn books_on(
    books: &DistinctBooks,
    v: Values,
    used: usize,
    left: u16,
    points: u8,
    room: usize,
) -> Values {
    let mut value = Values::ZERO.shift(LANES);
    for way in &books.ways[usize::from(left)] {
        let used = used + usize::from(way.pad);
        if used <= room {
            value = value.min(v.shift(used).plus(way.dead * points));
        }
    }
    value
}

/// The values `v` carried on through a rank by a way on of [`Back::push_ways`] (`used` wilds
/// in runs, the naturals `left` to the rank's books): [`way_on`], or under distinct-suit
/// books [`books_on`] within `room` wilds.
#[inline(always)]
fn carried<const DISTINCT: bool>(
    v: Values,
    used: u8,
    left: u16,
    points: u8,
    room: usize,
) -> Values {
    if DISTINCT {
        books_on(
            DistinctBooks::get(),
            v,
            usize::from(used),
            left,
            points,
            room,
        )
    } else {
        way_on(v, usize::from(used), left as u8, points)
    }
}

/// Sweep ranks `from..11` of `hand` from `work.states` (those before rank `from`); `held`
/// (the ranks each suit holds, as bits; a superset only prunes less) decides where gaps and
/// new runs may be. With `record`, the states before each rank are kept there, and those
/// past the king. `DISTINCT`: under distinct-suit books (`hand.distinct`), a copy of its
/// own so that the books of any suits pay nothing for them.
fn sweep<const DISTINCT: bool>(
    hand: &Split,
    held: &[u16; 5],
    wilds: usize,
    from: usize,
    work: &mut Work,
    mut record: Option<&mut Record>,
    cap: u8,
) -> Option<Values> {
    let Work {
        states,
        next,
        combos,
    } = work;
    debug_assert_eq!(wilds, hand.usable(), "the reach is the hand's");
    debug_assert_eq!(DISTINCT, hand.distinct, "the books' rule is the hand's");
    debug_assert!(
        cap == u8::MAX || record.is_none(),
        "a record keeps every state"
    );
    let table = StepTable::get();
    let reach = hand.reach;
    let mut open_bits = states.keys.iter().fold(0u64, |acc, k| acc | k);
    for r in from..11 {
        if let Some(record) = record.as_deref_mut() {
            record.starts[r] = record.keys.len();
            // (element by element: a layer holds a few states, too few for a call to memcpy)
            record.keys.extend(states.keys.iter().copied());
            record.values.extend(states.values.iter().copied());
            record.starts[r + 1] = record.keys.len();
            record.open[r] = open_bits;
        }
        let rank = Rank::of::<DISTINCT>(&hand.by_rank[r], open_bits, held, r, reach);
        // (naturals of a free rank are priced at nothing: no branch)
        let points = (r as u8 + 3) * u8::from(hand.free_ranks >> r & 1 == 0);
        if DISTINCT {
            if rank.n == 0 && rank.settled == 0 {
                continue; // (nothing changes)
            }
            next.clear();
            open_bits = through_distinct(&rank, table, states, next, combos, wilds, points)?;
            std::mem::swap(states, next);
        } else if rank.n == 0 {
            // no run goes through the rank: each state stays, its naturals settled (none
            // settled changes nothing: not tested, a branch the processor cannot predict)
            for v in &mut states.values {
                *v = way_on(*v, 0, rank.settled, points);
            }
        } else {
            next.clear();
            open_bits = through(&rank, table, states, next, combos, wilds, points)?;
            std::mem::swap(states, next);
        }
        if cap < u8::MAX {
            open_bits = cut(states, cap, wilds);
            if states.keys.is_empty() {
                break; // every way so far leaves more than `cap`
            }
        }
    }
    if let Some(record) = record {
        record.keys.extend(states.keys.iter().copied());
        record.values.extend(states.values.iter().copied());
        record.starts[12] = record.keys.len();
    }
    let mut best: Option<Values> = None;
    for (&key, &v) in states.keys.iter().zip(states.values.iter()) {
        if let Some(end) = past_the_king(key) {
            let value = v.shift(end.lowest_reachable());
            best = Some(best.map_or(value, |b| b.min(value)));
        }
    }
    let best = best.unwrap_or(Values::ZERO.shift(LANES));
    if DISTINCT && !spares_fit(hand, wilds, best) {
        return None;
    }
    Some(best)
}

/// Drop from `states` the values above `cap` (and the states left with none within `wilds`),
/// and say what runs the states left hold open (their keys or'ed).
fn cut(states: &mut Layer, cap: u8, wilds: usize) -> u64 {
    let mut kept = 0;
    let mut open_bits = 0;
    for i in 0..states.keys.len() {
        let value = states.values[i].cap(cap);
        if value.lowest_reachable() <= wilds {
            states.keys[kept] = states.keys[i];
            states.values[kept] = value;
            open_bits |= states.keys[i];
            kept += 1;
        }
    }
    // (not indexed again: a layer read by the next rank is only read, then cleared)
    states.keys.truncate(kept);
    states.values.truncate(kept);
    open_bits
}

/// Every state of `states` on through `rank` (some suit taking part) into `next`: the key
/// bits of the states reached, or'ed; None when some suit's runs would outgrow a state. (The
/// cases of one, two and three suits, nearly every rank, are written out: they are the sweep's
/// inner loop.)
#[inline(always)]
fn through(
    rank: &Rank,
    table: &StepTable,
    states: &Layer,
    next: &mut Layer,
    combos: &mut Combos,
    wilds: usize,
    points: u8,
) -> Option<u64> {
    let mut open_bits = 0;
    let settled = rank.settled;
    let states = states.keys.iter().zip(&states.values);
    match rank.active[..rank.n] {
        [(o0, f0)] => {
            for (&key, &v) in states {
                // the most wilds a way on may use: lane `wilds` less the lowest reachable lane
                let Some(room) = wilds.checked_sub(v.lowest_reachable()) else {
                    continue;
                };
                let base = key & !rank.bits;
                for a in table.steps(key >> o0 & SUIT_MASK, f0)? {
                    if usize::from(a.wilds) <= room {
                        let to = base | u64::from(a.open) << o0;
                        next.insert(
                            to,
                            way_on(v, usize::from(a.wilds), a.left + settled, points),
                        );
                        open_bits |= to;
                    }
                }
            }
        }
        [(o0, f0), (o1, f1)] => {
            for (&key, &v) in states {
                let Some(room) = wilds.checked_sub(v.lowest_reachable()) else {
                    continue;
                };
                let base = key & !rank.bits;
                let second = table.steps(key >> o1 & SUIT_MASK, f1)?;
                for a in table.steps(key >> o0 & SUIT_MASK, f0)? {
                    let from = base | u64::from(a.open) << o0;
                    for b in second {
                        let used = usize::from(a.wilds + b.wilds);
                        if used <= room {
                            let to = from | u64::from(b.open) << o1;
                            next.insert(to, way_on(v, used, a.left + b.left + settled, points));
                            open_bits |= to;
                        }
                    }
                }
            }
        }
        [(o0, f0), (o1, f1), (o2, f2)] => {
            for (&key, &v) in states {
                let Some(room) = wilds.checked_sub(v.lowest_reachable()) else {
                    continue;
                };
                let base = key & !rank.bits;
                let second = table.steps(key >> o1 & SUIT_MASK, f1)?;
                let third = table.steps(key >> o2 & SUIT_MASK, f2)?;
                for a in table.steps(key >> o0 & SUIT_MASK, f0)? {
                    if usize::from(a.wilds) > room {
                        continue;
                    }
                    let from = base | u64::from(a.open) << o0;
                    for b in second {
                        let used = a.wilds + b.wilds;
                        if usize::from(used) > room {
                            continue;
                        }
                        let (from, left) = (from | u64::from(b.open) << o1, a.left + b.left);
                        for c in third {
                            let used = usize::from(used + c.wilds);
                            if used <= room {
                                let to = from | u64::from(c.open) << o2;
                                next.insert(to, way_on(v, used, left + c.left + settled, points));
                                open_bits |= to;
                            }
                        }
                    }
                }
            }
        }
        _ => {
            for (&key, &v) in states {
                let Some(room) = wilds.checked_sub(v.lowest_reachable()) else {
                    continue;
                };
                rank.ways(table, key, room, combos, |to, used, left| {
                    next.insert(to, way_on(v, used, left, points));
                    open_bits |= to;
                })?;
            }
        }
    }
    Some(open_bits)
}

/// The least deadwood of a hand given as codes, when the sweep takes the rules for its wilds
/// ([`MeldRules::sweep_takes_with`]) and the hand (see [`Split::least`]).
pub fn least_of(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<u64> {
    let split = Split::of(codes, wild_rank, rules);
    if !rules.sweep_takes_with(split.wild_count()) {
        return None;
    }
    split.least()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sixteen lanes of assorted values below 255 and a few unreachable ones (255), varying
    /// with `seed`, to move about.
    fn sample(seed: u8) -> [u8; 16] {
        std::array::from_fn(
            |j| match (j as u8).wrapping_mul(7).wrapping_add(seed) % 23 {
                0 => u8::MAX,
                v => v.wrapping_mul(11),
            },
        )
    }

    fn of_lanes(lanes: [u8; 16]) -> Values {
        let mut v = Values::ZERO.shift(LANES);
        for (j, &lane) in lanes.iter().enumerate() {
            // (lane j alone: full everywhere but j)
            let mut one = [u8::MAX; 16];
            one[j] = lane;
            v = v.min(Values(simd_of(one)));
        }
        v
    }

    #[cfg(target_arch = "x86_64")]
    fn simd_of(lanes: [u8; 16]) -> simd::Bytes16 {
        // SAFETY: every bit pattern is a valid `__m128i`, and the two have one size.
        unsafe { std::mem::transmute::<[u8; 16], simd::Bytes16>(lanes) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn simd_of(lanes: [u8; 16]) -> simd::Bytes16 {
        lanes
    }

    /// The branch-free shift is the shift its docstring says, for every count (and counts
    /// past the lanes fill every lane).
    #[test]
    fn shift_moves_each_lane_up() {
        for seed in 0..23 {
            let lanes = sample(seed);
            let x = of_lanes(lanes);
            assert_eq!(simd::lanes(x.0), lanes);
            for n in 0..40 {
                let expected: [u8; 16] =
                    std::array::from_fn(|j| if j < n { u8::MAX } else { lanes[j - n] });
                assert_eq!(simd::lanes(x.shift(n).0), expected, "n = {n}");
            }
        }
    }

    /// The branch-free way on is the case analysis it replaces: no natural left and three or
    /// more cost nothing; one or two are deadwood or padded to a book with wilds.
    #[test]
    fn way_on_prices_the_naturals_left() {
        for seed in 0..23 {
            // (a value as the sweep holds them: lanes fall from one to the next)
            let mut lanes = sample(seed);
            lanes.sort_unstable_by(|a, b| b.cmp(a));
            let v = of_lanes(lanes);
            for used in 0..5 {
                for left in 0..8 {
                    for points in [3, 9, 13] {
                        let moved = v.shift(used);
                        let expected = match left {
                            1 | 2 => moved
                                .plus(left * points)
                                .min(moved.shift(3 - usize::from(left))),
                            _ => moved,
                        };
                        assert_eq!(
                            simd::lanes(way_on(v, used, left, points).0),
                            simd::lanes(expected.0),
                            "used {used}, left {left}, points {points}"
                        );
                    }
                }
            }
        }
    }

    /// The branch-free reading of a rank takes part exactly the suits with an open run, or
    /// with naturals here and a natural of theirs within reach above; the others' naturals
    /// are settled (by suit too).
    #[test]
    fn rank_takes_the_suits_that_may_run() {
        let mut generator = crate::shuffle::SplitMix64::new(5);
        let mut next = move || generator.next_u64();
        for _ in 0..20_000 {
            let row: [u8; 5] = std::array::from_fn(|_| (next() % 4) as u8);
            let held: [u16; 5] = std::array::from_fn(|_| (next() & 0x7ff) as u16);
            let open_bits = next() & next() & ((1 << (5 * SUIT_BITS)) - 1);
            let r = (next() % 11) as usize;
            let reach = reach((next() % 6) as usize);
            let rank = Rank::of::<true>(&row, open_bits, &held, r, reach);
            let (mut n, mut settled, mut by_suit, mut bits) = (0, 0, 0u16, 0u64);
            for s in 0..5 {
                let offset = SUIT_BITS * s as u32;
                let open = open_bits >> offset & SUIT_MASK != 0;
                let above = u32::from(held[s]) >> (r + 1);
                let start = above & reach.1 != 0;
                if open || (row[s] > 0 && start) {
                    let flags = usize::from(row[s]) << 2
                        | usize::from(above & reach.0 != 0) << 1
                        | usize::from(start);
                    assert_eq!(rank.active[n], (offset, flags));
                    n += 1;
                    bits |= SUIT_MASK << offset;
                } else {
                    settled += row[s];
                    by_suit |= u16::from(row[s]) << (2 * s);
                }
            }
            assert_eq!(
                (rank.n, rank.settled, rank.settled_by_suit, rank.bits),
                (n, settled, by_suit, bits)
            );
        }
    }

    /// A hand read from its card counts is the hand read from its codes.
    #[test]
    fn counts_and_codes_read_alike() {
        let rules = MeldRules::default();
        let mut generator = crate::shuffle::SplitMix64::new(6);
        for _ in 0..5_000 {
            let seed = generator.next_u64();
            let mut counts = [0u8; NUM_CODES];
            let mut codes = Vec::new();
            for k in 0..(seed % 16) {
                let c = ((seed >> (4 * k)) as usize + 7 * k as usize) % NUM_CODES;
                if counts[c] < 2 {
                    counts[c] += 1;
                    codes.push(c as u8);
                }
            }
            codes.sort_unstable();
            let wild = (seed >> 60) as u8 % 12 + 2; // (2: no rank wild)
            let wild = if wild == 2 { 0 } else { wild };
            assert_eq!(
                Split::of_counts(&counts, wild, &rules),
                Split::of(&codes, wild, &rules)
            );
        }
    }
}
