//! The sweep itself: every state on through the ranks from 3 to king.

use super::books::{spares_fit, through_distinct};
use super::layer::{Layer, Work};
use super::ranks::{past_the_king, way_on, Combos, Rank};
use super::record::Record;
use super::split::Split;
use super::steps::{StepTable, SUIT_MASK};
use super::values::{Values, LANES};

/// Sweep ranks `from..11` of `hand` from `work.states` (those before rank `from`); `held`
/// (the ranks each suit holds, as bits; a superset only prunes less) decides where gaps and
/// new runs may be. With `record`, the states before each rank are kept there, and those
/// past the king. `DISTINCT`: under distinct-suit books (`hand.distinct`), a copy of its
/// own so that the books of any suits pay nothing for them.
pub(super) fn sweep<const DISTINCT: bool>(
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
pub(super) fn cut(states: &mut Layer, cap: u8, wilds: usize) -> u64 {
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
pub(super) fn through(
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
