//! What one rank holds for the sweep, and every way on through it from a state.

use super::steps::{StepTable, B_LOW, MUST_GO_ON, SUIT_BITS, SUIT_MASK};
use super::values::Values;

/// The reach of gaps and new runs with `wilds` wilds, as masks of the ranks above: a gap
/// needs a natural of its suit within `wilds` ranks above, a new run one within `wilds + 1`.
pub(super) fn reach(wilds: usize) -> (u32, u32) {
    (
        (1u32 << wilds.min(11)) - 1,
        (1u32 << (wilds + 1).min(11)) - 1,
    )
}

/// What rank `r` holds for the sweep when its naturals are `row` and the states' open runs
/// are `open_bits` (their keys or'ed).
pub(super) struct Rank {
    /// The suits whose runs take part in the rank: (key offset, the step table's flags) of
    /// each, the first `n`.
    pub(super) active: [(u32, usize); 5],
    pub(super) n: usize,
    /// The bits of their fields in a key.
    pub(super) bits: u64,
    /// The naturals of the other suits: no run of theirs is open or may start here, so they
    /// go to the rank's book or are deadwood.
    pub(super) settled: u8,
    /// The same by suit, two bits a suit (see [`DistinctBooks`]), when asked for.
    pub(super) settled_by_suit: u16,
}

impl Rank {
    /// (`BY_SUIT`: the settled naturals counted by suit too, for distinct-suit books.)
    #[inline(always)]
    pub(super) fn of<const BY_SUIT: bool>(
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
    pub(super) fn ways(
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
    pub(super) fn ways_by_suit(
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
    pub(super) fn ways_packed(
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
pub(super) struct Combos {
    pub(super) combos: Vec<(u64, u8, u16)>,
    pub(super) spare: Vec<(u64, u8, u16)>,
}

/// Every way on from the state `key` through a rank whose suits taking part are `active`
/// (at least one): `each(to, used, left)` for every combination of the suits' steps that
/// uses at most `room` wilds into runs, leaving naturals of the rank for its book: `left` is
/// the sum of `pack(naturals, suit's key offset)` over the suits. None when some suit's runs
/// would outgrow a state.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn ways(
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
pub(super) fn way_on(v: Values, used: usize, left: u8, points: u8) -> Values {
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
pub(super) fn past_the_king(key: u64) -> Option<Values> {
    if key & MUST_GO_ON != 0 {
        return None;
    }
    let closing = (key & B_LOW).count_ones() + 2 * (key & B_LOW << 1).count_ones();
    Some(Values::ZERO.shift(closing as usize))
}
