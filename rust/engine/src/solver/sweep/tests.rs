//! The tests of the sweep's parts.

use super::ranks::{reach, way_on, Rank};
use super::steps::{SUIT_BITS, SUIT_MASK};
use super::values::{simd, Values};
use super::*;
use crate::rules::MeldRules;
use crate::NUM_CODES;

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
