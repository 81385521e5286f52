//! The least deadwood of a hand from one sweep ([`Split::least`]), capped or not, and the
//! hand swept with its states recorded ([`Split::swept`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use crate::rules::{MeldRules, WildLimit};

use super::books::SPARES_FIT;
use super::layer::with_work;
use super::pass::sweep;
use super::record::{Record, Swept};
use super::split::Split;
use super::values::Values;

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
    split.known(split.points, whole.deadwood(wilds))
}

impl Split {
    /// The least natural deadwood by wilds used (see [`sweep`]), the values above `cap` left
    /// unreachable (`u8::MAX`: none are).
    pub(super) fn natural_deadwood(&self, wilds: usize, cap: u8) -> Option<Values> {
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
    /// three copies of a natural, too many wilds, too many open runs, a least natural
    /// deadwood above [`super::MAX_POINTS`]).
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
        let d = self.known(self.points, d)?;
        Some(Some(Least {
            points: self.finish(Some(d)),
            // (one wild fewer under distinct-suit books may leave spares no meld takes)
            whole: (!self.distinct).then_some(whole),
        }))
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
            self.known(self.points, whole.deadwood(wilds))?;
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
    pub(super) whole: Option<Values>,
}

impl Least {
    /// The least deadwood of `split` (the hand swept) less one copy of the wild `code`
    /// (held), when the sweep priced the hand.
    pub fn without_wild(&self, split: &Split, code: u8) -> Option<u64> {
        split.without_wild(self.whole?, code)
    }
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
