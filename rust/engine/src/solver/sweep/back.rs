//! The least deadwood of the ranks above a rank, by wilds used, found on demand and kept: the
//! sweep's values downwards, for the discards of a recorded sweep.

use std::cell::RefCell;

use super::books::carried;
use super::ranks::{past_the_king, way_on, Combos, Rank};
use super::split::Split;
use super::steps::{StepTable, SUIT_BITS};
use super::values::{Values, LANES};

/// Values by key (below 2^54), by open addressing, each slot stamped (in its key's top
/// ten bits) with the generation that filled it, so that clearing is one increment and the
/// slots are kept from one hand to the next.
pub(super) struct Memo {
    pub(super) keys: Vec<u64>,
    pub(super) values: Vec<Values>,
    pub(super) len: usize,
    /// The current generation, in the top ten bits (never 0: a zeroed slot is empty).
    pub(super) stamp: u64,
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
    pub(super) const STAMP: u32 = 54;

    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1 << Memo::STAMP);
        if self.stamp == 0 {
            self.keys.fill(0);
            self.stamp = 1 << Memo::STAMP;
        }
    }

    #[inline]
    pub(super) fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & (self.keys.len() - 1)
    }

    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<Values> {
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
    pub(super) fn insert(&mut self, key: u64, value: Values) {
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
    pub(super) fn grow(&mut self) {
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

/// The least deadwood of the ranks above a rank from each state there, by wilds used (lane
/// `j`: at most `j` wilds), found on demand and kept: the twin, downwards, of the sweep's
/// values. Putting a value below and one above together ([`Values::meet`]) commutes with a
/// way on's shift and addition, so the way on between them may be applied to either.
#[derive(Default)]
pub(super) struct Back {
    /// The hand whose values the memo holds (see [`Swept::id`]; 0: none).
    pub(super) owner: u64,
    /// Values by rank (bits 50 and up) and state.
    pub(super) memo: Memo,
    /// The ways on of the states being valued, a stack (each call truncates what it
    /// pushed): the state reached, the wilds used and the naturals left (by suit under
    /// distinct-suit books, see [`Rank::ways_by_suit`]).
    pub(super) kids: Vec<(u64, u8, u16)>,
    pub(super) combos: Combos,
}

impl Back {
    thread_local! {
        /// The memo of the last [`Swept`] dropped on this thread, for the next.
        static SPARE: RefCell<Option<Box<Back>>> = const { RefCell::new(None) };
    }

    /// This thread's spare memo (or a new one), cleared unless it holds the values of the
    /// hand `owner`.
    pub(super) fn take(owner: u64) -> Box<Back> {
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
    pub(super) fn give_back(self: Box<Back>) {
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
    pub(super) fn push_ways<const DISTINCT: bool>(
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
    pub(super) fn value<const DISTINCT: bool>(
        &mut self,
        hand: &Split,
        r: usize,
        key: u64,
    ) -> Option<Values> {
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
