//! Going out: which discards leave every other card melded, and which draws would let a
//! hand go out (its outs).

use crate::naturals::Naturals;
use crate::rules::{MeldRules, WildLimit};
use crate::{is_wild, rank_index, JOKER, NUM_CODES};

use super::big;
use super::dense;
use super::hand::Hand;
use super::lonely::Lonely;
use super::search::{self, Discards};
use super::sweep;

/// How [`Hand::zero_discards_until`] prices a hand's discards: the hand's sweep and its least
/// deadwood when the sweep takes the hand (it prices a wild's discard too), else a bound of
/// the least deadwood (exact when `exact`) and every discard on the search's shared memo
/// (`shared`: made when first needed).
pub(super) struct ZeroPricing {
    split: sweep::Split,
    plain: Option<sweep::Least>,
    least: u64,
    exact: bool,
    shared: Option<Discards>,
}

impl Hand {
    /// Does some discard leave every other card melded (no deadwood points)? False when empty.
    pub fn can_out(&self) -> bool {
        self.zero_discard().is_some()
    }

    /// The highest code whose discard leaves no deadwood points, if any.
    pub fn zero_discard(&self) -> Option<u8> {
        let mut found = None;
        self.zero_discards_until(|c, zero| {
            found = zero.then_some(c);
            zero
        });
        found
    }

    /// Each distinct code (ascending), and whether discarding one copy of it leaves no
    /// deadwood points.
    pub fn zero_discards(&self) -> Vec<(u8, bool)> {
        let mut found = Vec::with_capacity(self.codes.len());
        self.zero_discards_until(|c, zero| {
            found.push((c, zero));
            false
        });
        found.reverse();
        found
    }

    /// `visit(c, zero)` for each distinct code `c`, highest first, with whether discarding
    /// one copy of it leaves no deadwood points, until `visit` returns true.
    pub(super) fn zero_discards_until(&self, mut visit: impl FnMut(u8, bool) -> bool) {
        if self.codes.is_empty() {
            return;
        }
        if big::is_big(&self.codes, self.wild_rank) {
            if let Some(least) = dense::least(&self.codes, self.wild_rank, &self.rules) {
                return self.built_zero_discards_until(least, visit);
            }
        }
        let lonely = Lonely::of(&self.codes, self.wild_rank, &self.rules);
        let mut pricing = self.zero_pricing(&lonely);
        let points = |c: u8| u64::from(self.rules.points(c, self.wild_rank));
        for &c in self.distinct().iter().rev() {
            // discarding c leaves at least `least - points(c)`, and at least the points of the
            // naturals no meld can hold but c: exactly `least - points(c)` when c is one
            let zero = pricing.as_mut().is_some_and(|priced| {
                if points(c) < priced.least {
                    false
                } else if lonely.holds(c) && priced.exact {
                    points(c) == priced.least // (worth the whole hand's deadwood)
                } else if lonely.points > 0 && !lonely.holds(c) {
                    false // (a natural no meld can hold stays)
                } else if priced.plain.is_some() {
                    // (a wild's discard is priced on the sweep already made)
                    let of_wild = priced
                        .plain
                        .filter(|_| is_wild(c, self.wild_rank))
                        .and_then(|found| found.without_wild(&priced.split, c));
                    of_wild.map_or_else(|| self.melds_all_without(c), |value| value == 0)
                } else {
                    // (first under the relaxed rules, which allow every meld these do)
                    self.might_meld_all_without(c)
                        && priced
                            .shared
                            .get_or_insert_with(|| {
                                Discards::new(&self.codes, self.wild_rank, &self.rules)
                            })
                            .score(c)
                            .points
                            == 0
                }
            });
            if visit(c, zero) {
                return;
            }
        }
    }

    /// [`Hand::zero_discards_until`] of a big hand whose least deadwood `least` was built
    /// (see the module `dense`): discarding c leaves at least that less c's points, exactly
    /// that when c is a natural no meld can hold, and at least the points of the other such
    /// naturals; the discards these do not settle are each solved (mostly built too).
    fn built_zero_discards_until(&self, least: u64, mut visit: impl FnMut(u8, bool) -> bool) {
        let lonely = Lonely::of(&self.codes, self.wild_rank, &self.rules);
        for &c in self.distinct().iter().rev() {
            let points = u64::from(self.rules.points(c, self.wild_rank));
            let zero = if points < least {
                false
            } else if lonely.holds(c) {
                points == least
            } else {
                lonely.cards == 0 && self.least_of(&self.without(c).codes) == 0
            };
            if visit(c, zero) {
                return;
            }
        }
    }

    /// What prices the discards of [`Hand::zero_discards_until`], or None when no discard
    /// leaves the rest melded: two naturals no meld can hold (`lonely`; one discard leaves
    /// the other), or a whole hand whose natural deadwood is more than its costliest natural
    /// is worth (a discard leaves at least that deadwood less the card's points, and no less
    /// for a wild), which the sweep capped there finds as soon as every way leaves more.
    pub(super) fn zero_pricing(&self, lonely: &Lonely) -> Option<ZeroPricing> {
        if lonely.cards >= 2 {
            return None;
        }
        // the sweep when it takes the hand (which prices a wild's discard too), else every
        // discard on the search's shared memo
        let split = capped_split(&self.codes, self.wild_rank, &self.rules);
        let cap = self
            .codes
            .iter()
            .filter(|&&c| !is_wild(c, self.wild_rank))
            .map(|&c| rank_index(c) + 3)
            .max()
            .unwrap_or(0);
        let plain = if self.sweep_takes() {
            match split.least_within(cap) {
                Some(None) => return None,
                found => found.flatten(),
            }
        } else {
            None
        };
        let mut pricing = ZeroPricing {
            split,
            plain,
            least: 0,
            exact: true,
            shared: None,
        };
        if let Some(found) = plain {
            pricing.least = found.points;
            return Some(pricing);
        }
        // the relaxed rules allow every meld these do: a whole hand too far from melding
        // under them is too far here, and their least deadwood bounds the hand's (not swept
        // again when they are these rules, whose sweep just gave up)
        let relaxed = self.rules.relaxed();
        let swept = if relaxed == self.rules {
            None
        } else {
            capped_split(&self.codes, self.wild_rank, &relaxed).least_within(cap)
        };
        match swept {
            Some(None) => None,
            Some(Some(found)) => {
                (pricing.least, pricing.exact) = (found.points, false);
                Some(pricing)
            }
            None => {
                let mut discards = Discards::new(&self.codes, self.wild_rank, &self.rules);
                pricing.least = discards.whole().points;
                pricing.shared = Some(discards);
                Some(pricing)
            }
        }
    }

    /// Might every card but one copy of `c` (held) meld? Not when they do not under the
    /// relaxed rules ([`MeldRules::relaxed`], which allow every meld these do), on the sweep
    /// capped at no natural deadwood; yes when they do there, or the sweep does not take the
    /// rest.
    pub(super) fn might_meld_all_without(&self, c: u8) -> bool {
        let rest = self.without(c);
        let relaxed = self.rules.relaxed();
        capped_split(&rest.codes, self.wild_rank, &relaxed)
            .least_within(0)
            .is_none_or(|found| found.is_some_and(|least| least.points == 0))
    }

    /// Does every card but one copy of `c` (held) meld, leaving no deadwood points? On the
    /// sweep capped at no natural deadwood (it stops at the first rank where every way
    /// leaves some) when it takes the rest, else on the search.
    pub(super) fn melds_all_without(&self, c: u8) -> bool {
        let rest = self.without(c);
        match capped_split(&rest.codes, self.wild_rank, &self.rules).least_within(0) {
            Some(found) => found.is_some_and(|least| least.points == 0),
            None => self.least_of(&rest.codes) == 0,
        }
    }

    /// The codes (0..=55, sorted) whose draw lets the hand go out after one discard; how many
    /// copies the deck has left is not considered.
    pub fn outs(&self) -> Vec<u8> {
        if self.least() == 0 {
            return (0..NUM_CODES as u8).collect(); // draw anything, discard it
        }
        // every wild draw behaves the same (wilds are interchangeable inside melds)
        let joker_out = self.with(JOKER).can_out();
        let rules = &self.rules;
        if !joker_out && rules.max_wilds == WildLimit::Unlimited && rules.all_wild_melds {
            // a drawn natural used in a meld can be replaced by a joker (standing for it: in
            // a book of distinct suits too), when no limit of wilds binds and the meld may be
            // left all wilds
            return Vec::new();
        }
        let (naturals, _) = search::parse(&self.codes, self.wild_rank, rules);
        let wilds = self.codes.len() as u32 - naturals_len(&naturals);
        let mut found = Vec::new();
        for x in 0..NUM_CODES as u8 {
            let out = if is_wild(x, self.wild_rank) {
                joker_out
            } else {
                // x must sit in a meld (discarding x leaves the hand, which does not go out)
                let mut with = naturals;
                with.add(x);
                live(&with, wilds, x) && self.with(x).can_out()
            };
            if out {
                found.push(x);
            }
        }
        found
    }
}

pub(super) fn naturals_len(naturals: &Naturals) -> u32 {
    naturals.codes().map(|c| naturals.count(c)).sum()
}

/// Can natural `c` be in some meld of a hand with these naturals and `wilds` wilds, under the
/// default meld rules (which allow every meld any option allows, so this bounds every rule
/// set)? A book needs the other naturals of its rank and the wilds to make 3; a run holding c
/// with at most `wilds` wilds holds a window of 3 consecutive ranks around c with at least
/// 3 - `wilds` ranks of c's suit.
pub(super) fn live(naturals: &Naturals, wilds: u32, c: u8) -> bool {
    if wilds >= 2 {
        return true;
    }
    let (q, base) = (c % 11, c - c % 11);
    let same: u32 = (0..5).map(|s| naturals.count(s * 11 + q)).sum();
    if same + wilds >= 3 {
        return true;
    }
    let need = 3 - wilds as usize;
    (q.saturating_sub(2)..=q.min(8)).any(|low| {
        (low..low + 3)
            .filter(|&r| naturals.count(base + r) > 0)
            .count()
            >= need
    })
}

/// The hand `codes` as a sweep capped at a few points sees it: of any size (beyond
/// [`sweep::MAX_NATURALS`] naturals too). The cap cuts every state whose ways all leave
/// more, so the states of a big hand and its draw do not multiply (the outs of a hand of 30
/// cards cost some milliseconds, not fifty; of a random one of 45 cards under distinct-suit
/// books 0.15 s, not 13); the dense hands whose suits would still make them multiply are
/// built first (see the module `dense`).
pub(super) fn capped_split(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> sweep::Split {
    sweep::Split::of(codes, wild_rank, rules).any_size()
}
