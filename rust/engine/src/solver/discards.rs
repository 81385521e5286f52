//! The discards of a hand: the value of each, and the best (by branch and bound on the
//! sweep's or the relaxed rules' bounds, then exactly on the search where they do not settle it).

use crate::error::HandError;
use crate::is_wild;
use crate::rules::MAX_POINTS;
use crate::NUM_CODES;

use super::big;
use super::hand::{Hand, Layout};
use super::kept::Kept;
use super::lonely::Lonely;
use super::search::Discards;
use super::sweep;

/// A discard's place in the order `best_discard` prefers (smallest first): the deadwood
/// left, whether it is wild, minus its points, minus its code, packed into one number (the
/// deadwood in the high 32 bits, [`value_of`] reads it back; a hand's deadwood is below
/// 2^30: at most the 928 cards of sixteen packs, each of at most
/// [`crate::rules::MAX_POINTS`] = 2^20).
pub(super) type DiscardOrder = u64;

/// The deadwood left of a discard's place in the order.
pub(super) fn value_of(order: DiscardOrder) -> u64 {
    order >> 32
}

impl Hand {
    /// Each distinct code, with the least deadwood of the hand less one copy of it.
    pub fn discard_values(&self) -> Vec<(u8, u64)> {
        if let Some(values) = self.swept_discards() {
            return values;
        }
        // (a big hand's discards one at a time, each on the search's budget first)
        if self.swept_least().is_some() || big::is_big(&self.codes, self.wild_rank) {
            let value = |c| (c, self.least_of(&self.without(c).codes));
            return self.distinct().iter().copied().map(value).collect();
        }
        let mut discards = Discards::new(&self.codes, self.wild_rank, &self.rules);
        self.distinct()
            .iter()
            .copied()
            .map(|c| (c, discards.score(c).points))
            .collect()
    }

    /// Every discard's value from one recorded sweep, when the sweep takes the hand: a card
    /// that is deadwood in the optimal arrangement the sweep reads back leaves the hand's
    /// least deadwood less its points ([`sweep::Swept::deadwood_codes`]).
    pub(super) fn swept_discards(&self) -> Option<Vec<(u8, u64)>> {
        let swept = self.swept()?;
        let (dead, least) = (swept.deadwood_codes(), swept.least());
        self.distinct()
            .iter()
            .copied()
            .map(|c| {
                let points = u64::from(self.rules.points(c, self.wild_rank));
                match least.checked_sub(points) {
                    // (never more than the least: the card is deadwood in it)
                    Some(value) if dead >> c & 1 == 1 => Some((c, value)),
                    _ => Some((c, swept.without(c, self.wild_rank)?)),
                }
            })
            .collect()
    }

    /// The hand swept once with its states recorded (see [`sweep::Swept`]), when the sweep
    /// takes the rules and the hand.
    pub(super) fn swept(&self) -> Option<sweep::Swept> {
        if !self.sweep_takes() {
            return None;
        }
        sweep::Split::of(&self.codes, self.wild_rank, &self.rules).swept()
    }

    /// The hand's least deadwood from the sweep, or None when the sweep does not take it
    /// (then neither does it take the hand's discards, bar trivial ones).
    pub(super) fn swept_least(&self) -> Option<u64> {
        sweep::least_of(&self.codes, self.wild_rank, &self.rules)
    }

    /// The discard leaving the least deadwood (then a natural before a wild, then the card
    /// worth the most points, then the higher code), and the arrangement of the rest.
    pub fn best_discard(&self) -> Result<(u8, Layout), HandError> {
        if self.codes.is_empty() {
            return Err(HandError::Empty("best_discard"));
        }
        if !self.sweep_takes() {
            let mut exact = Exact::new(self, true);
            if let Some((best, _)) = self.relaxed_best(&mut exact) {
                let Exact { shared, first, .. } = exact;
                drop(shared); // (its search gives its move templates back for the next)
                return Ok(match first {
                    Some((c, layout)) if c == best => (best, layout),
                    _ => (best, self.without(best).arrange()),
                });
            }
        }
        // (one sweep of the whole hand: its least deadwood bounds every discard)
        let (best, _) = self.best_discard_value().expect("the hand is not empty");
        Ok((best, self.without(best).arrange()))
    }

    /// The discard `best_discard` chooses and the least deadwood it leaves, without the
    /// arrangement (None for an empty hand).
    pub fn best_discard_value(&self) -> Option<(u8, u64)> {
        if self.codes.is_empty() {
            return None;
        }
        self.swept_best(|_, best| best)
            .or_else(|| self.unswept_best())
    }

    /// `then` of the best discard priced on one recorded sweep and of that sweep (which
    /// prices any other discard too), when the sweep takes the hand (not empty); the hand
    /// kept is remembered ([`Kept`]).
    pub(super) fn swept_best<T>(
        &self,
        then: impl FnOnce(&sweep::Swept, (u8, u64)) -> T,
    ) -> Option<T> {
        let swept = self.swept()?;
        let best = self.bounded_discard(swept.least(), |c| swept.without(c, self.wild_rank));
        Kept::put(&self.codes, self.wild_rank, self.rules, best);
        Some(then(&swept, best))
    }

    /// The best discard of a hand (not empty) the recorded sweep does not take.
    pub(super) fn unswept_best(&self) -> Option<(u8, u64)> {
        match self.swept_least() {
            Some(least) => Some(self.bounded_discard(least, |_| None)),
            // (a big hand's discards are bounded by its least, mostly built: most need no
            // solving, see the module `dense`)
            None if big::is_big(&self.codes, self.wild_rank) => {
                Some(self.bounded_discard(self.least(), |_| None))
            }
            None => self.relaxed_best(&mut Exact::new(self, false)).or_else(|| {
                self.discard_values()
                    .into_iter()
                    .min_by_key(|&(c, v)| self.order(c, v))
            }),
        }
    }

    /// The best discard under meld rules the sweep does not take (a limit of wilds per meld),
    /// or of a hand it does not take under distinct-suit books, best first on bounds from the
    /// relaxed rules ([`MeldRules::relaxed`], which allow every meld these do): discarding c
    /// leaves at least the relaxed least deadwood of the hand less c's points, and at least
    /// the relaxed least deadwood of the hand less c. The candidate whose place in the order
    /// is least on what is known of it so far is known better, one step at a time (the hand's
    /// relaxed bound, then the relaxed value of the rest, then its exact value), until the
    /// least is exact: then no other can beat it. Once an exact value is above the relaxed
    /// one (the relaxed rules meld what these do not), the hand's own least deadwood less each
    /// card's points bounds the rest too. Most hands solve one or two discards exactly, not
    /// every one. None when the sweep does not take the hand under the relaxed rules (before
    /// any exact value is asked); else the hand kept is remembered ([`Kept`]).
    pub(super) fn relaxed_best(&self, exact: &mut Exact) -> Option<(u8, u64)> {
        let relaxed = self.rules.relaxed();
        let split = sweep::Split::of(&self.codes, self.wild_rank, &relaxed);
        let swept = split.swept();
        let least = match &swept {
            Some(swept) => swept.least(),
            None => split.least()?,
        };
        let relaxed_without = |c: u8| match &swept {
            Some(swept) => swept.without(c, self.wild_rank),
            None => sweep::least_of(&self.without(c).codes, self.wild_rank, &relaxed),
        };
        let bound = |c: u8, least: u64| {
            let points = self.rules.points(c, self.wild_rank);
            self.order(c, least.saturating_sub(u64::from(points)))
        };
        // (place in the order on what is known, card, how much is known: 0 the hand's
        // bound, 1 the relaxed value of the rest, 2 the exact value)
        let distinct = self.distinct();
        let mut candidates = [(0, 0, 0u8); NUM_CODES];
        for (slot, &c) in candidates.iter_mut().zip(distinct.iter()) {
            *slot = (bound(c, least), c, 0);
        }
        let candidates = &mut candidates[..distinct.len()];
        let mut whole_known = false;
        loop {
            let (key, c, known) = candidates.iter_mut().min_by_key(|c| c.0)?;
            let (c, was) = (*c, value_of(*key));
            let value = match *known {
                // (a bound known already may be the higher: the hand's own, raised below)
                0 => relaxed_without(c).unwrap_or(was).max(was),
                1 => exact.without(c),
                _ => {
                    Kept::put(&self.codes, self.wild_rank, self.rules, (c, was));
                    return Some((c, was));
                }
            };
            debug_assert!(value >= was, "a bound above the exact value");
            (*key, *known) = (self.order(c, value), *known + 1);
            if *known == 2 && value > was && !whole_known {
                whole_known = true;
                let whole = exact.whole();
                for (key, c, known) in candidates.iter_mut() {
                    if *known < 2 {
                        *key = (*key).max(bound(*c, whole));
                    }
                }
            }
        }
    }

    /// [`Hand::best_discard_value`], and the least deadwood of the hand less one copy of
    /// `other` (held), on the same recorded sweep when it takes the hand.
    pub fn best_discard_and_value_of(&self, other: u8) -> Option<((u8, u64), u64)> {
        if self.codes.is_empty() {
            return None;
        }
        let rest = || self.least_of(&self.without(other).codes);
        let on_sweep = self.swept_best(|swept, best| {
            let of_other = if best.0 == other {
                best.1
            } else {
                swept.without(other, self.wild_rank).unwrap_or_else(rest)
            };
            (best, of_other)
        });
        on_sweep.or_else(|| Some((self.unswept_best()?, rest())))
    }

    /// The discard [`Hand::best_discard`] would choose if the cards of `keep` (a sub-multiset
    /// of the hand) could not be thrown: the least deadwood left among the other cards, in the
    /// same order. None when no card is left to throw.
    pub fn best_discard_keeping(&self, keep: &[u8]) -> Option<u8> {
        let spare = |c: u8| {
            let held = self.codes.iter().filter(|&&h| h == c).count();
            held > keep.iter().filter(|&&k| k == c).count()
        };
        let (best, _) = self.best_discard_value()?;
        if spare(best) {
            return Some(best);
        }
        self.discard_values()
            .into_iter()
            .filter(|&(c, _)| spare(c))
            .min_by_key(|&(c, value)| self.order(c, value))
            .map(|(c, _)| c)
    }

    /// The order of discards: least deadwood left, a natural before a wild, the card worth the
    /// most points, the higher code.
    pub(super) fn order(&self, c: u8, value: u64) -> DiscardOrder {
        debug_assert!(value < 1 << 32);
        value << 32 | self.tie(c, self.rules.points(c, self.wild_rank))
    }

    /// The low half of `c`'s place in the order (the ties between equal deadwood), for a
    /// card worth `points`.
    pub(super) fn tie(&self, c: u8, points: u32) -> DiscardOrder {
        u64::from(is_wild(c, self.wild_rank)) << 31
            | u64::from(MAX_POINTS - points.min(MAX_POINTS)) << 8
            | u64::from(u8::MAX - c)
    }

    /// The best discard by branch and bound. Discarding c leaves at least `least - points(c)`
    /// (c added as deadwood to an arrangement of the rest is one of the hand), and at least the
    /// points of the hand's naturals that no meld can hold ([`Lonely`]) but c; discarding such
    /// a card leaves exactly `least - points(c)`. Candidates are solved in the order of their
    /// bound until the next cannot beat the best found. `swept(c)` is the value of discarding
    /// c when a recorded sweep gives it. (Reading the deadwood back from the sweep, as
    /// [`Hand::discard_values`] does, costs more here than the discards it saves.)
    pub(super) fn bounded_discard(
        &self,
        least: u64,
        swept: impl Fn(u8) -> Option<u64>,
    ) -> (u8, u64) {
        let lonely = Lonely::of(&self.codes, self.wild_rank, &self.rules);
        let bounded = |c: u8| {
            let alone = lonely.holds(c);
            let points = self.rules.points(c, self.wild_rank);
            let bound = least.saturating_sub(u64::from(points));
            let bound = if alone {
                bound
            } else {
                bound.max(lonely.points)
            };
            debug_assert!(bound < 1 << 32);
            (bound << 32 | self.tie(c, points), c, alone)
        };
        let distinct = self.distinct();
        let mut candidates = [(0, 0, false); NUM_CODES];
        for (slot, &c) in candidates.iter_mut().zip(distinct.iter()) {
            *slot = bounded(c);
        }
        let mut candidates = &mut candidates[..distinct.len()];
        let mut best: Option<(DiscardOrder, u8)> = None;
        // the candidates in order, the least bound first (most calls need one or two of
        // them, so each is picked out as needed rather than all sorted)
        while let Some((at, _)) = candidates.iter().enumerate().min_by_key(|(_, c)| c.0) {
            let (bound, c, alone) = candidates[at];
            let last = candidates.len() - 1;
            candidates.swap(at, last);
            candidates = &mut candidates[..last];
            if best.is_some_and(|(found, _)| bound >= found) {
                break;
            }
            let value = if alone {
                value_of(bound)
            } else {
                swept(c).unwrap_or_else(|| self.least_of(&self.without(c).codes))
            };
            debug_assert!(value < 1 << 32);
            let key = value << 32 | bound & u64::from(u32::MAX); // (the same tie)
            if best.is_none_or(|(found, _)| key < found) {
                best = Some((key, c));
            }
        }
        best.map(|(key, c)| (c, value_of(key)))
            .expect("the hand is not empty")
    }
}

/// The exact values [`Hand::relaxed_best`] asks for: the least deadwood of the hand and of
/// the hand less one card, on one search memo they share (made on first use). With
/// `arrange`, the first discard is solved by arranging the rest instead (kept in `first`):
/// it is most often the best, whose arrangement [`Hand::best_discard`] then has.
pub(super) struct Exact<'h> {
    hand: &'h Hand,
    shared: Option<Discards>,
    arrange: bool,
    first: Option<(u8, Layout)>,
}

impl<'h> Exact<'h> {
    pub(super) fn new(hand: &'h Hand, arrange: bool) -> Exact<'h> {
        Exact {
            hand,
            shared: None,
            arrange,
            first: None,
        }
    }

    pub(super) fn shared(&mut self) -> &mut Discards {
        let hand = self.hand;
        self.shared
            .get_or_insert_with(|| Discards::new(&hand.codes, hand.wild_rank, &hand.rules))
    }

    /// The hand's least deadwood.
    pub(super) fn whole(&mut self) -> u64 {
        self.shared().whole().points
    }

    /// The least deadwood of the hand less one copy of `c` (held).
    pub(super) fn without(&mut self, c: u8) -> u64 {
        if self.arrange && self.first.is_none() {
            let layout = self.hand.without(c).arrange();
            let points = layout.points;
            self.first = Some((c, layout));
            return points;
        }
        self.shared().score(c).points
    }
}
