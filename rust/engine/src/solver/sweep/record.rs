//! A hand swept once with its states recorded ([`Swept`]): the least deadwood of the hand
//! less any one card, and the naturals an optimal arrangement leaves as deadwood, read back.

use std::cell::RefCell;
use std::sync::Mutex;
use std::sync::PoisonError;

use crate::is_wild;

use super::back::Back;
use super::books::{by_suit, carried, DistinctBooks};
use super::ranks::{past_the_king, way_on, Combos, Rank};
use super::split::{code_bit, Split, MAX_COPIES, SUIT_RANK};
use super::steps::{Step, StepTable, SUIT_BITS, SUIT_MASK};
use super::values::{simd, Values};

/// A hand swept once, with the states before each rank recorded, for the least deadwood of
/// the hand less any one card: less one wild, the whole hand's vector one lane down; less
/// one natural of rank r, the recorded states before r through rank r (one natural fewer),
/// each way on met with the least deadwood of the ranks above from where it leads
/// ([`Back`], shared by every discard: the ranks above r are the hand's own). The states
/// below r are the hand's, pruned a little less than the smaller hand's: still exact.
pub struct Swept {
    pub(super) split: Split,
    pub(super) record: Record,
    pub(super) whole: Values,
    /// A number no other `Swept` of the process has: the owner of its values in a [`Back`].
    pub(super) id: u64,
    /// The values of the ranks above, found as discards ask for them (taken from the
    /// thread's spare on the first, given back when dropped; behind a lock, so that threads
    /// may share a `Swept`).
    pub(super) back: Mutex<Option<Box<Back>>>,
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
    pub(super) fn way_back(&self, r: usize, key: u64, lane: usize, value: u8) -> Option<WayBack> {
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
    pub(super) fn way_back_distinct(
        &self,
        r: usize,
        key: u64,
        lane: usize,
        value: u8,
    ) -> Option<WayBack> {
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
            return split.without_wild(self.whole, code);
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
        let points = split.points - (r as u64 + 3);
        Some(split.finish_less(points, split.wilds, Some(split.known(points, d)?)))
    }

    /// The least natural deadwood of the hand with `row` for the naturals of rank `r`
    /// (the hand's less one), from the states recorded before `r` through the rank, each way
    /// on met with the values of the ranks above ([`Back`]).
    pub(super) fn natural_deadwood_without<const DISTINCT: bool>(
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

/// A step back through a rank ([`Swept::way_back`]): the state before it, the lane and value
/// there, and the naturals of the rank left as deadwood (bits of their codes).
pub(super) struct WayBack {
    pub(super) key: u64,
    pub(super) lane: usize,
    pub(super) value: u8,
    pub(super) dead: u64,
}

/// For each suit taking part in a rank, its steps from one state that lead to the runs of
/// another (at most one per number of naturals left, so at most [`MAX_COPIES`] + 1).
pub(super) struct Leading {
    pub(super) steps: [[Step; MAX_COPIES as usize + 1]; 5],
    pub(super) counts: [usize; 5],
    pub(super) suits: usize,
}

impl Leading {
    /// The steps of the suits `active` from the state `before` to the state `after`; None
    /// when some suit has none.
    pub(super) fn of(active: &[(u32, usize)], before: u64, after: u64) -> Option<Leading> {
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
    pub(super) fn each(&self, mut each: impl FnMut(&[Step]) -> bool) {
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

/// The states before each rank, one after the other (`starts[r]..starts[r + 1]` for rank r),
/// then those past the king (`starts[11]..starts[12]`).
pub(super) struct Record {
    pub(super) keys: Vec<u64>,
    pub(super) values: Vec<Values>,
    pub(super) starts: [usize; 13],
    /// The open runs of the states before each rank, or'ed.
    pub(super) open: [u64; 11],
}

impl Record {
    /// The most records a thread keeps for reuse.
    pub(super) const KEPT: usize = 4;

    thread_local! {
        /// Records of dropped [`Swept`]s, kept for the next (a greedy bot's turn sweeps one or
        /// two hands: their allocations would cost a tenth of a rollout).
        static SPARE: RefCell<Vec<Record>> = const { RefCell::new(Vec::new()) };
    }

    /// An empty record: a spare one, or a new one (room for a few dozen states, the most
    /// hands need).
    pub(super) fn take() -> Record {
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
    pub(super) const EMPTY: Record = Record {
        keys: Vec::new(),
        values: Vec::new(),
        starts: [0; 13],
        open: [0; 11],
    };

    /// The most states a record kept for reuse may have room for (a rare huge hand's record
    /// is freed rather than kept).
    pub(super) const ROOM: usize = 4096;

    /// Keep `self` for reuse, emptied (unless enough are kept, it is huge, or the thread is
    /// ending).
    pub(super) fn give_back(mut self) {
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
