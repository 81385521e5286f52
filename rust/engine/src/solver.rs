//! The questions about one hand, on checked input: its least deadwood, an optimal
//! arrangement, the value of every discard, the best discard, whether it can go out, and which
//! draws would let it. Every answer is exact, and the arrangements are those the Python twin
//! returns (the search's, see [`crate::search`]).

use crate::codes::{Codes, INLINE};
use crate::error::HandError;
use crate::naturals::Naturals;
use crate::rules::{MeldRules, WildLimit, MAX_POINTS};
use crate::search::{self, Discards};
use crate::sweep;
use crate::{copies_in_deck, is_wild, rank_index, JOKER, MAX_CARDS, NUM_CODES};

pub use crate::search::Kind;

/// A discard's place in the order `best_discard` prefers (smallest first): the deadwood
/// left, whether it is wild, minus its points, minus its code, packed into one number (the
/// deadwood in the high 32 bits, [`value_of`] reads it back; a hand's deadwood is below
/// 2^30: at most the 928 cards of sixteen packs, each of at most
/// [`crate::rules::MAX_POINTS`] = 2^20).
type DiscardOrder = u64;

/// The deadwood left of a discard's place in the order.
fn value_of(order: DiscardOrder) -> u64 {
    order >> 32
}

/// The least deadwood of the hand `codes` when the checks pass and the sweep takes it, without
/// building a [`Hand`] (no allocation, no sorting): the hot path of one call. None when a
/// check fails (a code beyond the deck, more copies than the packs hold, a bad wild rank or
/// bad rules) or the sweep does not take the rules or the hand; the caller then builds a
/// [`Hand`], which says what is wrong or searches.
pub fn quick_least(codes: &[u8], wild_rank: u32, rules: &MeldRules) -> Option<u64> {
    if !(wild_rank == 0 || (3..=13).contains(&wild_rank)) || rules.validate().is_err() {
        return None;
    }
    let packs = rules.packs as usize;
    let mut copies = [0u8; NUM_CODES];
    for &c in codes {
        let held = copies.get_mut(usize::from(c))?;
        *held += 1;
        if usize::from(*held) > copies_in_deck(usize::from(c), packs) {
            return None;
        }
    }
    sweep::least_of(codes, wild_rank as u8, rules)
}

/// The most threads [`least_each`] takes.
pub const MAX_THREADS: usize = 256;

/// The fewest hands worth a thread of their own in [`least_each`] (starting one costs
/// about as much as solving a few dozen hands).
const HANDS_PER_THREAD: usize = 256;

/// The least deadwood of each hand, on up to `threads` threads (at most [`MAX_THREADS`];
/// each takes one contiguous share of the hands, at least `HANDS_PER_THREAD` of them). The
/// answers are the same for any number of threads.
pub fn least_each(hands: &[Hand], threads: usize) -> Vec<u64> {
    on_threads(hands, threads, Hand::least)
}

/// A hand as the copies of each card code (a row of card counts).
pub type Counts = [u8; NUM_CODES];

/// [`least_each`] of hands given as card counts, each checked first (no more copies than
/// the deck holds; the wild rank and the rules as [`Hand::new`] checks them). A row the sweep takes is swept as it is read, with no codes
/// sorted and no [`Hand`] made; any other is solved as a hand.
pub fn least_each_counts(
    rows: &[Counts],
    wild_rank: u32,
    rules: &MeldRules,
    threads: usize,
) -> Result<Vec<u64>, HandError> {
    rules.validate()?;
    if wild_rank != 0 && !(3..=13).contains(&wild_rank) {
        return Err(HandError::BadWildRank(wild_rank));
    }
    let packs = rules.packs as usize;
    for row in rows {
        // (a fold the compiler turns into a few vector instructions a row)
        let most = row[..usize::from(JOKER)]
            .iter()
            .fold(0, |most: u8, &n| most.max(n));
        if usize::from(most) <= packs && usize::from(row[usize::from(JOKER)]) <= 3 * packs {
            continue;
        }
        let over = (0..NUM_CODES).find(|&c| usize::from(row[c]) > copies_in_deck(c, packs));
        if let Some(code) = over {
            return Err(HandError::TooManyCopies {
                code: code as u8,
                copies: usize::from(row[code]),
                allowed: copies_in_deck(code, packs),
            });
        }
    }
    let wild_rank = wild_rank as u8;
    let solve = |row: &Counts| {
        let split = sweep::Split::of_counts(row, wild_rank, rules);
        if rules.sweep_takes_with(split.wild_count()) {
            if let Some(least) = split.least() {
                return least;
            }
        }
        let codes: Vec<u8> = (0u8..)
            .zip(row)
            .flat_map(|(c, &n)| std::iter::repeat_n(c, usize::from(n)))
            .collect();
        Hand::trusted(&codes, wild_rank, *rules).least()
    };
    Ok(on_threads(rows, threads, solve))
}

/// `solve` of each item, on up to `threads` threads as [`least_each`] says.
fn on_threads<T: Sync>(items: &[T], threads: usize, solve: impl Fn(&T) -> u64 + Sync) -> Vec<u64> {
    let threads = threads
        .clamp(1, MAX_THREADS)
        .min(items.len().div_ceil(HANDS_PER_THREAD).max(1));
    if threads == 1 {
        return items.iter().map(&solve).collect();
    }
    let share = items.len().div_ceil(threads);
    let solve = |part: &[T]| part.iter().map(&solve).collect::<Vec<u64>>();
    std::thread::scope(|scope| {
        // (a share whose thread the system would not start is solved on this one)
        let parts: Vec<_> = items
            .chunks(share)
            .map(|part| {
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || solve(part));
                (part, spawned.ok())
            })
            .collect();
        parts
            .into_iter()
            .flat_map(
                |(part, spawned)| match spawned.map(|thread| thread.join()) {
                    Some(Ok(values)) => values,
                    Some(Err(panic)) => std::panic::resume_unwind(panic),
                    None => solve(part),
                },
            )
            .collect()
    })
}

/// How [`Hand::zero_discards_until`] prices a hand's discards: the hand's sweep and its least
/// deadwood when the sweep takes the hand (it prices a wild's discard too), else a bound of
/// the least deadwood (exact when `exact`) and every discard on the search's shared memo
/// (`shared`: made when first needed).
struct ZeroPricing {
    split: sweep::Split,
    plain: Option<sweep::Least>,
    least: u64,
    exact: bool,
    shared: Option<Discards>,
}

/// A hand checked against a rule set: sorted codes that the deck can hold, and a wild rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    codes: Codes,
    wild_rank: u8,
    rules: MeldRules,
}

/// A meld of an arrangement: its kind and its sorted codes (wilds included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meld {
    pub kind: Kind,
    pub codes: Vec<u8>,
}

/// The least deadwood of `codes` (sorted) when the naturals of the ranks of `free_ranks`
/// (bit `r` for rank `r + 3`) and every wild cost nothing left unmelded: a final hand under
/// `lay_off` against a table with a book of each of those ranks, under `rules` with books of
/// any suits and no limit of wilds per meld (which [`crate::game`] checks first; the sweep
/// when it takes the hand, else the search).
pub fn least_laying_off(codes: &[u8], wild_rank: u8, rules: &MeldRules, free_ranks: u16) -> u64 {
    sweep::least_laying_off(codes, wild_rank, rules, free_ranks)
        .unwrap_or_else(|| search::score_free(codes, wild_rank, rules, free_ranks, true).points)
}

/// An arrangement of a hand: its melds, its sorted deadwood and the deadwood's points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub melds: Vec<Meld>,
    pub deadwood: Vec<u8>,
    pub points: u64,
}

impl Hand {
    /// Checks the codes (0..=55, no more copies than the packs hold: any number of cards
    /// up to the whole deck), the wild rank (3..=13, or 0: only jokers are wild) and the
    /// rules.
    pub fn new(codes: &[u32], wild_rank: u32, rules: &MeldRules) -> Result<Hand, HandError> {
        rules.validate()?;
        if wild_rank != 0 && !(3..=13).contains(&wild_rank) {
            return Err(HandError::BadWildRank(wild_rank));
        }
        let packs = rules.packs as usize;
        if codes.len() > crate::deck_size(packs) {
            return Err(Self::beyond_the_deck(codes, packs));
        }
        let mut counts = [0u16; NUM_CODES];
        let allowed = |code: usize| copies_in_deck(code, packs);
        let mut over = false;
        // (the codes held, as bits: sorted by counting, with no comparison the processor
        // would have to guess on cards in any order)
        let mut held = 0u64;
        for &code in codes {
            let slot = counts
                .get_mut(code as usize)
                .ok_or(HandError::BadCode(code))?;
            *slot += 1;
            over |= usize::from(*slot) > allowed(code as usize);
            held |= 1 << code;
        }
        if over {
            // the lowest code held too often
            for (code, &copies) in counts.iter().enumerate() {
                if usize::from(copies) > allowed(code) {
                    return Err(HandError::TooManyCopies {
                        code: code as u8,
                        copies: usize::from(copies),
                        allowed: allowed(code),
                    });
                }
            }
        }
        let mut sorted = [0u8; INLINE];
        let codes = match sorted.get_mut(..codes.len()) {
            Some(slots) => {
                let mut len = 0;
                while held != 0 {
                    let code = held.trailing_zeros() as usize;
                    held &= held - 1;
                    let copies = usize::from(counts[code]);
                    slots[len..len + copies].fill(code as u8);
                    len += copies;
                }
                Codes::of(slots)
            }
            None => Codes::Heap(
                (0u8..)
                    .zip(counts)
                    .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
                    .collect(),
            ),
        };
        Ok(Hand {
            codes,
            wild_rank: wild_rank as u8,
            rules: *rules,
        })
    }

    /// The refusal of more codes than a deck of `packs` packs holds: the lowest code held
    /// more often than the deck holds it, or the first outside 0..=55.
    #[cold]
    fn beyond_the_deck(codes: &[u32], packs: usize) -> HandError {
        let mut counts = [0usize; NUM_CODES];
        for &code in codes {
            match counts.get_mut(code as usize) {
                Some(slot) => *slot += 1,
                None => return HandError::BadCode(code),
            }
        }
        let code = (0..NUM_CODES)
            .find(|&c| counts[c] > copies_in_deck(c, packs))
            .expect("more codes than the deck holds: one held too often");
        HandError::TooManyCopies {
            code: code as u8,
            copies: counts[code],
            allowed: copies_in_deck(code, packs),
        }
    }

    /// A hand the caller knows to be valid: sorted codes the deck holds (or one copy more,
    /// a draw added for the outs), a wild rank 3..=13 or 0, and rules that passed
    /// [`MeldRules::validate`] (the game's own hands).
    pub(crate) fn trusted(codes: &[u8], wild_rank: u8, rules: MeldRules) -> Hand {
        debug_assert!(codes.windows(2).all(|pair| pair[0] <= pair[1]));
        Hand {
            codes: Codes::of(codes),
            wild_rank,
            rules,
        }
    }

    /// Does the rank sweep take this hand's rules, for the wilds it holds
    /// ([`MeldRules::sweep_takes_with`])?
    fn sweep_takes(&self) -> bool {
        // (the wilds are counted only where a limit of them might bind)
        self.rules.sweep_takes() || {
            let wilds = self
                .codes
                .iter()
                .filter(|&&c| is_wild(c, self.wild_rank))
                .count();
            self.rules.sweep_takes_with(wilds)
        }
    }

    /// The sorted codes.
    pub fn codes(&self) -> &[u8] {
        &self.codes
    }

    /// [`least_laying_off`] of this hand (its rules must have books of any suits and no
    /// limit of wilds per meld).
    pub fn least_laying_off(&self, free_ranks: u16) -> u64 {
        least_laying_off(&self.codes, self.wild_rank, &self.rules, free_ranks)
    }

    /// The hand with one more card (for the outs; it may hold one copy beyond the deck).
    fn with(&self, code: u8) -> Hand {
        Hand {
            codes: self.codes.with(code),
            wild_rank: self.wild_rank,
            rules: self.rules,
        }
    }

    fn without(&self, code: u8) -> Hand {
        Hand {
            codes: self.codes.without(code),
            wild_rank: self.wild_rank,
            rules: self.rules,
        }
    }

    /// The distinct codes, in order.
    fn distinct(&self) -> Codes {
        self.codes.distinct()
    }

    /// The least deadwood points the hand can be left with.
    pub fn least(&self) -> u64 {
        if let Some(value) = Kept::get(self) {
            return value;
        }
        self.least_of(&self.codes)
    }

    /// The least deadwood points when they are at most `cap`, else None: the sweep capped
    /// there stops as soon as every way leaves more (when it takes the hand).
    pub fn least_at_most(&self, cap: u64) -> Option<u64> {
        if cap < u64::from(u8::MAX) && self.sweep_takes() {
            let split = sweep::Split::of(&self.codes, self.wild_rank, &self.rules);
            if let Some(found) = split.least_within(cap as u8) {
                return found.map(|least| least.points).filter(|&p| p <= cap);
            }
        }
        Some(self.least()).filter(|&p| p <= cap)
    }

    /// The least deadwood from the sweep when it takes the hand, else from the search.
    fn least_of(&self, codes: &[u8]) -> u64 {
        sweep::least_of(codes, self.wild_rank, &self.rules)
            .unwrap_or_else(|| search::score(codes, self.wild_rank, &self.rules).points)
    }

    /// An optimal arrangement (the search's choice among the optimal ones).
    pub fn arrange(&self) -> Layout {
        let solution = search::solve(&self.codes, self.wild_rank, &self.rules);
        Layout {
            melds: solution
                .melds
                .into_iter()
                .map(|(kind, codes)| Meld { kind, codes })
                .collect(),
            deadwood: solution.deadwood,
            points: solution.score.points,
        }
    }

    /// Each distinct code, with the least deadwood of the hand less one copy of it.
    pub fn discard_values(&self) -> Vec<(u8, u64)> {
        if let Some(values) = self.swept_discards() {
            return values;
        }
        if self.swept_least().is_some() {
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
    fn swept_discards(&self) -> Option<Vec<(u8, u64)>> {
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
    fn swept(&self) -> Option<sweep::Swept> {
        if !self.sweep_takes() {
            return None;
        }
        sweep::Split::of(&self.codes, self.wild_rank, &self.rules).swept()
    }

    /// The hand's least deadwood from the sweep, or None when the sweep does not take it
    /// (then neither does it take the hand's discards, bar trivial ones).
    fn swept_least(&self) -> Option<u64> {
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
    fn swept_best<T>(&self, then: impl FnOnce(&sweep::Swept, (u8, u64)) -> T) -> Option<T> {
        let swept = self.swept()?;
        let best = self.bounded_discard(swept.least(), |c| swept.without(c, self.wild_rank));
        Kept::put(self, best);
        Some(then(&swept, best))
    }

    /// The best discard of a hand (not empty) the recorded sweep does not take.
    fn unswept_best(&self) -> Option<(u8, u64)> {
        match self.swept_least() {
            Some(least) => Some(self.bounded_discard(least, |_| None)),
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
    fn relaxed_best(&self, exact: &mut Exact) -> Option<(u8, u64)> {
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
                    Kept::put(self, (c, was));
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
    fn order(&self, c: u8, value: u64) -> DiscardOrder {
        debug_assert!(value < 1 << 32);
        value << 32 | self.tie(c, self.rules.points(c, self.wild_rank))
    }

    /// The low half of `c`'s place in the order (the ties between equal deadwood), for a
    /// card worth `points`.
    fn tie(&self, c: u8, points: u32) -> DiscardOrder {
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
    fn bounded_discard(&self, least: u64, swept: impl Fn(u8) -> Option<u64>) -> (u8, u64) {
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
    fn zero_discards_until(&self, mut visit: impl FnMut(u8, bool) -> bool) {
        if self.codes.is_empty() {
            return;
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

    /// What prices the discards of [`Hand::zero_discards_until`], or None when no discard
    /// leaves the rest melded: two naturals no meld can hold (`lonely`; one discard leaves
    /// the other), or a whole hand whose natural deadwood is more than its costliest natural
    /// is worth (a discard leaves at least that deadwood less the card's points, and no less
    /// for a wild), which the sweep capped there finds as soon as every way leaves more.
    fn zero_pricing(&self, lonely: &Lonely) -> Option<ZeroPricing> {
        if lonely.cards >= 2 {
            return None;
        }
        // the sweep when it takes the hand (which prices a wild's discard too), else every
        // discard on the search's shared memo
        let split = sweep::Split::of(&self.codes, self.wild_rank, &self.rules);
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
            sweep::Split::of(&self.codes, self.wild_rank, &relaxed).least_within(cap)
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
    fn might_meld_all_without(&self, c: u8) -> bool {
        let rest = self.without(c);
        let relaxed = self.rules.relaxed();
        sweep::Split::of(&rest.codes, self.wild_rank, &relaxed)
            .least_within(0)
            .is_none_or(|found| found.is_some_and(|least| least.points == 0))
    }

    /// Does every card but one copy of `c` (held) meld, leaving no deadwood points? On the
    /// sweep capped at no natural deadwood (it stops at the first rank where every way
    /// leaves some) when it takes the rest, else on the search.
    fn melds_all_without(&self, c: u8) -> bool {
        let rest = self.without(c);
        match sweep::Split::of(&rest.codes, self.wild_rank, &self.rules).least_within(0) {
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
        if !joker_out && rules.default_melds() {
            // a drawn natural used in a meld can be replaced by a joker
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

/// The exact values [`Hand::relaxed_best`] asks for: the least deadwood of the hand and of
/// the hand less one card, on one search memo they share (made on first use). With
/// `arrange`, the first discard is solved by arranging the rest instead (kept in `first`):
/// it is most often the best, whose arrangement [`Hand::best_discard`] then has.
struct Exact<'h> {
    hand: &'h Hand,
    shared: Option<Discards>,
    arrange: bool,
    first: Option<(u8, Layout)>,
}

impl<'h> Exact<'h> {
    fn new(hand: &'h Hand, arrange: bool) -> Exact<'h> {
        Exact {
            hand,
            shared: None,
            arrange,
            first: None,
        }
    }

    fn shared(&mut self) -> &mut Discards {
        let hand = self.hand;
        self.shared
            .get_or_insert_with(|| Discards::new(&hand.codes, hand.wild_rank, &hand.rules))
    }

    /// The hand's least deadwood.
    fn whole(&mut self) -> u64 {
        self.shared().whole().points
    }

    /// The least deadwood of the hand less one copy of `c` (held).
    fn without(&mut self, c: u8) -> u64 {
        if self.arrange && self.first.is_none() {
            let layout = self.hand.without(c).arrange();
            let points = layout.points;
            self.first = Some((c, layout));
            return points;
        }
        self.shared().score(c).points
    }
}

fn naturals_len(naturals: &Naturals) -> u32 {
    naturals.codes().map(|c| naturals.count(c)).sum()
}

/// Can natural `c` be in some meld of a hand with these naturals and `wilds` wilds, under the
/// default meld rules (which allow every meld any option allows, so this bounds every rule
/// set)? A book needs the other naturals of its rank and the wilds to make 3; a run holding c
/// with at most `wilds` wilds holds a window of 3 consecutive ranks around c with at least
/// 3 - `wilds` ranks of c's suit.
fn live(naturals: &Naturals, wilds: u32, c: u8) -> bool {
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

/// The hand a best discard left last on this thread, and its least deadwood: the hand a
/// player keeps, which the game then scores (a final turn) or a bot values again, is known
/// without a sweep. Exact: the key is the whole hand, its wild rank and its rules.
struct Kept {
    codes: [u8; MAX_CARDS],
    len: usize,
    wild_rank: u8,
    rules: MeldRules,
    value: u64,
}

impl Kept {
    thread_local! {
        static LAST: std::cell::RefCell<Option<Kept>> = const { std::cell::RefCell::new(None) };
    }

    /// Remember that `hand` less `discard` has the least deadwood `value`.
    fn put(hand: &Hand, (discard, value): (u8, u64)) {
        if hand.codes.len() > MAX_CARDS {
            return; // (a hand with a draw added, for the outs: never one a player keeps)
        }
        let mut kept = Kept {
            codes: [0; MAX_CARDS],
            len: 0,
            wild_rank: hand.wild_rank,
            rules: hand.rules,
            value,
        };
        let mut skipped = false;
        for &c in hand.codes.iter() {
            if c == discard && !skipped {
                skipped = true;
                continue;
            }
            kept.codes[kept.len] = c;
            kept.len += 1;
        }
        Self::LAST.with(|last| *last.borrow_mut() = Some(kept));
    }

    /// The least deadwood of `hand` if it is the one remembered.
    fn get(hand: &Hand) -> Option<u64> {
        Self::LAST.with(|last| {
            let last = last.borrow();
            let kept = last.as_ref()?;
            (kept.codes[..kept.len] == hand.codes[..]
                && kept.wild_rank == hand.wild_rank
                && kept.rules == hand.rules)
                .then_some(kept.value)
        })
    }
}

/// The naturals of a hand that no meld can hold, under the most permissive meld rules (every
/// option only forbids melds) with every wild the rules let melds take. Such a card is
/// deadwood in every arrangement of the hand and of the hand less any card, so the hand less
/// it has exactly the hand's least deadwood less its points, and the hand less any other card
/// has at least their points.
pub(crate) struct Lonely {
    /// The lonely naturals, as bits of their codes.
    codes: u64,
    /// The points of the lonely naturals, copies included.
    points: u64,
    /// How many lonely naturals, copies included.
    cards: u32,
}

impl Lonely {
    pub(crate) fn of(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Lonely {
        let mut of_rank = [0u8; 11];
        let mut held = 0u64;
        let mut wilds = 0usize;
        for &c in codes {
            if is_wild(c, wild_rank) {
                wilds += 1;
            } else {
                of_rank[usize::from(rank_index(c))] += 1;
                held |= 1 << c;
            }
        }
        if rules.max_wilds == WildLimit::AtMost(0) {
            wilds = 0;
        }
        let mut lonely = Lonely {
            codes: 0,
            points: 0,
            cards: 0,
        };
        if wilds >= 2 {
            return lonely; // a natural and two wilds make a book
        }
        // the ranks a book may hold: three naturals, or two and the wild
        let mut books = 0u64;
        for (r, &n) in of_rank.iter().enumerate() {
            if usize::from(n) + wilds >= 3 {
                books |= 1 << r;
            }
        }
        for suit in 0..5 {
            let m = held >> (11 * suit) & 0x7ff;
            // the starts of the three-rank windows a run may fill: all three held, or two
            // and the wild
            let windows = if wilds == 0 {
                m & m >> 1 & m >> 2
            } else {
                (m & m >> 1) | (m & m >> 2) | (m >> 1 & m >> 2)
            } & 0x1ff;
            let in_runs = windows | windows << 1 | windows << 2;
            lonely.codes |= (m & !in_runs & !books) << (11 * suit);
        }
        for &c in codes {
            if lonely.holds(c) {
                lonely.points += u64::from(rank_index(c)) + 3;
                lonely.cards += 1;
            }
        }
        lonely
    }

    /// Is `c` (held) a natural that no meld can hold? (Never a wild: its bit is not set.)
    pub(crate) fn holds(&self, c: u8) -> bool {
        self.codes >> c & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand keeps its codes sorted whatever order they come in (they are sorted by
    /// counting), every copy kept: hands of every size up to 40 cards and the whole deck,
    /// three packs (up to nine jokers).
    #[test]
    fn hand_sorts_codes_in_any_order() {
        let rules = MeldRules {
            packs: 3,
            ..MeldRules::default()
        };
        let mut generator = crate::shuffle::SplitMix64::new(7);
        for size in (0..=40).chain([crate::deck_size(3)]) {
            for _ in 0..50 {
                let mut copies = [0usize; NUM_CODES];
                let mut codes = Vec::new();
                while codes.len() < size {
                    let seed = generator.next_u64();
                    // (jokers often, for their many copies)
                    let code = if seed % 5 == 0 {
                        55
                    } else {
                        (seed >> 8) as usize % NUM_CODES
                    };
                    if copies[code] < copies_in_deck(code, 3) {
                        copies[code] += 1;
                        codes.push(code as u32);
                    }
                }
                let mut sorted: Vec<u8> = codes.iter().map(|&c| c as u8).collect();
                sorted.sort_unstable();
                let made = Hand::new(&codes, 13, &rules).expect("a hand the deck holds");
                assert_eq!(made.codes(), &sorted[..], "{codes:?}");
            }
        }
    }

    fn hand(text: &str, wild_rank: u32) -> Hand {
        hand_with(text, wild_rank, &MeldRules::default())
    }

    fn code(card: &str) -> u32 {
        if card == "JK" {
            return 55;
        }
        let (rank, suit) = card.split_at(card.len() - 1);
        let rank: u32 = match rank {
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            r => r.parse().unwrap(),
        };
        let suit = "*HCSD".find(suit).unwrap() as u32;
        suit * 11 + rank - 3
    }

    /// A xorshift generator from `seed` (not 0): the tests' random hands.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Rule sets the tests of every discard run under: the official melds, no wilds in
    /// melds, distinct-suit books without all-wild melds, and wilds worth no points.
    fn option_sets() -> [MeldRules; 4] {
        [
            MeldRules::default(),
            MeldRules {
                max_wilds: crate::WildLimit::AtMost(0),
                ..MeldRules::default()
            },
            MeldRules {
                distinct_suit_books: true,
                all_wild_melds: false,
                ..MeldRules::default()
            },
            MeldRules {
                wild_points: 0,
                joker_points: 0,
                ..MeldRules::default()
            },
        ]
    }

    /// A sorted hand of `size` cards dealt from a two-pack deck by `next`.
    fn dealt(next: &mut impl FnMut() -> u64, size: usize) -> Vec<u8> {
        let mut deck: Vec<u8> = (0..2).flat_map(|_| (0..56).chain([55, 55])).collect();
        let mut codes: Vec<u8> = (0..size)
            .map(|_| deck.swap_remove((next() % deck.len() as u64) as usize))
            .collect();
        codes.sort_unstable();
        codes
    }

    fn hand_with(text: &str, wild_rank: u32, rules: &MeldRules) -> Hand {
        let codes: Vec<u32> = text.split_whitespace().map(code).collect();
        Hand::new(&codes, wild_rank, rules).unwrap()
    }

    #[test]
    fn least_deadwood_of_small_hands() {
        assert_eq!(hand("JS QS JK 7H 7D 7C 4D", 5).least(), 4);
        assert_eq!(hand("7H 8H 9H KS", 3).least(), 13);
        assert_eq!(hand("JK 5S", 3).least(), 55);
        assert_eq!(hand("", 3).least(), 0);
    }

    #[test]
    fn arrangement_says_what_the_wild_is_in() {
        let layout = hand("JS QS JK 7H 7D 7C 4D", 5).arrange();
        assert_eq!(layout.points, 4);
        assert_eq!(layout.deadwood, vec![code("4D") as u8]);
        assert_eq!(layout.melds.len(), 2);
        let run = layout.melds.iter().find(|m| m.kind == Kind::Run).unwrap();
        assert!(run.codes.contains(&JOKER));
    }

    #[test]
    fn best_discard_and_going_out() {
        let h = hand("3H 4H 5H 9C KD", 9);
        let (card, rest) = h.best_discard().unwrap();
        assert_eq!(u32::from(card), code("KD"));
        assert_eq!(rest.points, 0);
        assert!(h.can_out());
        assert!(!hand("7H 8H 9H KS QD", 3).can_out());
        assert!(hand("", 3).best_discard().is_err());
    }

    #[test]
    fn the_best_discard_keeping_cards_is_the_best_of_the_others() {
        // KS is the card to throw; kept, the next in best_discard's order goes
        let h = hand("5H 6H 7H 9D KS", 3);
        assert_eq!(h.best_discard_keeping(&[]), Some(code("KS") as u8));
        assert_eq!(
            h.best_discard_keeping(&[code("KS") as u8]),
            Some(code("9D") as u8)
        );
        // of two copies, one kept: the other may still go
        let two = hand("5H 6H 7H KS KS", 3);
        assert_eq!(
            two.best_discard_keeping(&[code("KS") as u8]),
            Some(code("KS") as u8)
        );
        let all: Vec<u8> = two.codes().to_vec();
        assert_eq!(two.best_discard_keeping(&all), None);
    }

    #[test]
    fn going_out_is_some_discard_leaving_no_deadwood() {
        // (hands with several candidate discards take the recorded sweep)
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let rules = MeldRules::default();
        let mut outs = 0;
        for round in 0..3000u64 {
            let codes: Vec<u32> = dealt(&mut next, 3 + (round % 13) as usize)
                .into_iter()
                .map(u32::from)
                .collect();
            let wild_rank = [0, 3, 8, 13][(round % 4) as usize];
            let h = Hand::new(&codes, wild_rank, &rules).unwrap();
            let expected = h
                .distinct()
                .iter()
                .copied()
                .any(|c| search::score(&h.without(c).codes, h.wild_rank, &rules).points == 0);
            assert_eq!(h.can_out(), expected, "{codes:?} wild {wild_rank}");
            outs += usize::from(expected);
        }
        assert!(outs > 100, "{outs}");
    }

    /// A limit of wilds per meld that cannot bind (no more wilds in the hand than a meld may
    /// hold; at most one wild under "no more wilds than naturals") leaves every arrangement
    /// allowed: the search's least deadwood is the one with no limit, and the sweep answers
    /// (exactly) for those hands and only those.
    #[test]
    fn a_limit_of_wilds_that_cannot_bind_is_no_limit() {
        let mut next = xorshift(0x0b1d_0f11_a175);
        let limits = [
            WildLimit::AtMost(1),
            WildLimit::AtMost(2),
            WildLimit::AtMost(3),
            WildLimit::Naturals,
        ];
        let (mut swept, mut searched) = (0, 0);
        for round in 0..8000u64 {
            let rules = MeldRules {
                max_wilds: limits[(round % 4) as usize],
                distinct_suit_books: round % 5 == 0,
                all_wild_melds: round % 3 != 0,
                ..MeldRules::default()
            };
            let codes = dealt(&mut next, 3 + (round % 13) as usize);
            let wild_rank = [0, 3, 8, 13][(round / 4 % 4) as usize];
            let wilds = codes.iter().filter(|&&c| is_wild(c, wild_rank)).count();
            let truth = search::score(&codes, wild_rank, &rules).points;
            let binds = match rules.max_wilds {
                WildLimit::AtMost(n) => wilds > n as usize,
                _ => wilds > 1,
            };
            if !binds {
                let free = search::score(&codes, wild_rank, &rules.relaxed()).points;
                let books = MeldRules {
                    max_wilds: WildLimit::Unlimited,
                    ..rules
                };
                assert_eq!(truth, search::score(&codes, wild_rank, &books).points);
                assert!(free <= truth);
            }
            match sweep::least_of(&codes, wild_rank, &rules) {
                Some(least) => {
                    assert!(!binds, "{codes:?} wild {wild_rank} {rules:?}");
                    assert_eq!(least, truth, "{codes:?} wild {wild_rank} {rules:?}");
                    swept += 1;
                }
                None => {
                    assert!(binds || rules.distinct_suit_books, "{codes:?} {rules:?}");
                    searched += 1;
                }
            }
        }
        assert!(
            swept > 3000 && searched > 1000,
            "{swept} swept, {searched} searched"
        );
    }

    /// Under distinct-suit books the sweep's least deadwood is the search's, on random hands
    /// of one to three packs and hands dense in a few ranks (several books of one rank, two
    /// copies of a card that no book may hold together), with all-wild melds or not and no
    /// wilds in melds; it leaves few hands to the search.
    #[test]
    fn the_sweep_under_distinct_suit_books_is_the_search() {
        let mut next = xorshift(0x0000_d157_1c7b_00c5_u64);
        let (mut taken, mut hands, mut books) = (0, 0, 0);
        let (mut recorded, mut priced) = (0, 0);
        for round in 0..40000u64 {
            let packs = 1 + (round % 3) as u32;
            let rules = MeldRules {
                packs,
                distinct_suit_books: true,
                all_wild_melds: round % 4 != 0,
                max_wilds: if round % 9 == 0 {
                    WildLimit::AtMost(0)
                } else {
                    WildLimit::Unlimited
                },
                ..MeldRules::default()
            };
            // a deck of `packs` packs, or only its cards of three ranks, or of one (full
            // books and spare wilds), and the jokers; or up to ten wilds and the rest dealt
            let wild_rank = [0, 3, 8, 13][(round / 7 % 4) as usize];
            let ranks = match round % 4 {
                1 => vec![next() % 11, next() % 11, next() % 11],
                2 => vec![next() % 11],
                _ => vec![],
            };
            let mut deck: Vec<u8> = (0..packs)
                .flat_map(|_| (0..55u8).chain([55, 55, 55]))
                .filter(|&c| ranks.is_empty() || c == 55 || ranks.contains(&u64::from(c % 11)))
                .collect();
            let size = (1 + (round / 4 % 15) as usize).min(deck.len());
            let mut codes: Vec<u8> = Vec::new();
            if round % 4 == 3 {
                let mut wilds: Vec<usize> = (0..deck.len())
                    .filter(|&i| is_wild(deck[i], wild_rank))
                    .collect();
                for _ in 0..(next() % 11) as usize {
                    if wilds.is_empty() || codes.len() == size {
                        break;
                    }
                    let i = wilds.swap_remove((next() % wilds.len() as u64) as usize);
                    codes.push(deck[i]);
                    deck[i] = u8::MAX; // (dealt)
                }
                deck.retain(|&c| c != u8::MAX);
            }
            while codes.len() < size {
                codes.push(deck.swap_remove((next() % deck.len() as u64) as usize));
            }
            codes.sort_unstable();
            hands += 1;
            let truth = search::score(&codes, wild_rank, &rules).points;
            if let Some(swept) = sweep::least_of(&codes, wild_rank, &rules) {
                taken += 1;
                assert_eq!(swept, truth, "{codes:?} wild {wild_rank} packs {packs}");
                let relaxed = search::score(&codes, wild_rank, &rules.relaxed()).points;
                books += usize::from(relaxed < truth);
            }
            // the recorded sweep: every discard's value is the search's
            if round % 3 == 0 {
                let split = sweep::Split::of(&codes, wild_rank, &rules);
                if let Some(record) = split.swept() {
                    recorded += 1;
                    assert_eq!(record.least(), truth, "{codes:?} wild {wild_rank}");
                    let mut distinct = codes.clone();
                    distinct.dedup();
                    for c in distinct {
                        let mut rest = codes.clone();
                        rest.remove(rest.iter().position(|&x| x == c).unwrap());
                        let value = search::score(&rest, wild_rank, &rules).points;
                        if let Some(found) = record.without(c, wild_rank) {
                            assert_eq!(found, value, "{codes:?} less {c} wild {wild_rank}");
                            priced += 1;
                        }
                    }
                }
            }
        }
        // (most hands swept, and many of them meld less than books of any suits would)
        assert!(taken * 100 > hands * 95, "{taken} of {hands}");
        assert!(books > 1000, "{books}");
        assert!(
            recorded > 8000 && priced > 40000,
            "{recorded} recorded, {priced} discards priced"
        );
        // one natural and twelve wilds, no all-wild melds: its meld takes ten at most (a run
        // of eleven), and the sweep, counting less room than that, leaves it to the search
        let rules = MeldRules {
            distinct_suit_books: true,
            all_wild_melds: false,
            ..MeldRules::default()
        };
        let codes = [10, 10, 15, 21, 21, 32, 32, 43, 43, 54, 54, 55, 55]; // 7H, kings, jokers
        assert_eq!(sweep::least_of(&codes, 13, &rules), None);
        assert_eq!(search::score(&codes, 13, &rules).points, 40);
    }

    #[test]
    fn house_rules_best_discard_and_going_out_are_those_of_every_discard() {
        // (best first on the relaxed rules' bounds: each limit of wilds, distinct-suit
        // books, and four packs, whose copies the relaxed sweep does not take either)
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let limits = [
            WildLimit::AtMost(1),
            WildLimit::AtMost(2),
            WildLimit::AtMost(3),
            WildLimit::Naturals,
            WildLimit::Unlimited,
        ];
        let (mut solved_first, mut outs) = (0, 0);
        for round in 0..3000u64 {
            let rules = MeldRules {
                max_wilds: limits[(round % 5) as usize],
                distinct_suit_books: round % 5 == 4 || round % 7 == 0,
                all_wild_melds: round % 3 != 0,
                packs: if round % 11 == 0 { 4 } else { 2 },
                ..MeldRules::default()
            };
            let mut codes: Vec<u32> = dealt(&mut next, 2 + (round % 12) as usize)
                .into_iter()
                .map(u32::from)
                .collect();
            if rules.packs == 4 {
                codes.extend([codes[0], codes[0]]); // (three or four copies of one card)
            }
            let wild_rank = [0, 3, 8, 13][(round / 5 % 4) as usize];
            let h = Hand::new(&codes, wild_rank, &rules).unwrap();
            let every: Vec<(u8, u64)> = h
                .distinct()
                .iter()
                .map(|&c| {
                    (
                        c,
                        search::score(&h.without(c).codes, h.wild_rank, &rules).points,
                    )
                })
                .collect();
            let expected = every.iter().copied().min_by_key(|&(c, v)| h.order(c, v));
            assert_eq!(
                h.best_discard_value(),
                expected,
                "{codes:?} wild {wild_rank}"
            );
            // (arranged while solved: the arrangement of the rest, as on the sweep's path)
            let (best, layout) = h.best_discard().unwrap();
            assert_eq!(Some((best, layout.points)), expected);
            assert_eq!(
                layout,
                h.without(best).arrange(),
                "{codes:?} wild {wild_rank}"
            );
            let relaxed = every
                .iter()
                .map(|&(c, _)| {
                    (
                        c,
                        search::score(&h.without(c).codes, h.wild_rank, &rules.relaxed()).points,
                    )
                })
                .min_by_key(|&(c, v)| h.order(c, v));
            solved_first += usize::from(relaxed == expected);
            // (going out: no discard leaves the rest melded when none does under the
            // relaxed rules)
            let zeros: Vec<(u8, bool)> = every.iter().map(|&(c, v)| (c, v == 0)).collect();
            assert_eq!(h.zero_discards(), zeros, "{codes:?} wild {wild_rank}");
            assert_eq!(h.can_out(), zeros.iter().any(|&(_, zero)| zero));
            outs += usize::from(h.can_out());
        }
        assert!(outs > 100, "{outs}");
        // (the relaxed rules' best is most often the best: the bound that makes it fast)
        assert!(solved_first > 2000, "{solved_first}");
    }

    #[test]
    fn the_best_the_highest_melding_and_any_one_discard_are_those_of_every_discard() {
        // (lonely naturals are priced without solving: each must be exactly its bound)
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        let options = option_sets();
        let (mut lonely_cards, mut outs) = (0, 0);
        for round in 0..4000u64 {
            let rules = &options[(round % 4) as usize];
            let codes: Vec<u32> = dealt(&mut next, 2 + (round % 13) as usize)
                .into_iter()
                .map(u32::from)
                .collect();
            let wild_rank = [0, 3, 8, 13][(round / 4 % 4) as usize];
            let h = Hand::new(&codes, wild_rank, rules).unwrap();
            let least = search::score(&h.codes, h.wild_rank, rules).points;
            let lonely = Lonely::of(&h.codes, h.wild_rank, rules);
            let every: Vec<(u8, u64)> = h
                .distinct()
                .iter()
                .copied()
                .map(|c| {
                    (
                        c,
                        search::score(&h.without(c).codes, h.wild_rank, rules).points,
                    )
                })
                .collect();
            for &(c, value) in &every {
                if lonely.holds(c) {
                    lonely_cards += 1;
                    let points = u64::from(rules.points(c, h.wild_rank));
                    assert_eq!(value, least - points, "{codes:?} wild {wild_rank}, {c}");
                } else {
                    assert!(value >= lonely.points, "{codes:?} wild {wild_rank}, {c}");
                }
            }
            for &(c, value) in &every {
                let (best, of_c) = h.best_discard_and_value_of(c).unwrap();
                assert_eq!(of_c, value, "{codes:?} wild {wild_rank}, {c}");
                assert_eq!(Some(best), h.best_discard_value());
            }
            let zero = every
                .iter()
                .filter(|&&(_, v)| v == 0)
                .map(|&(c, _)| c)
                .max();
            assert_eq!(h.zero_discard(), zero, "{codes:?} wild {wild_rank}");
            let zeros: Vec<(u8, bool)> = every.iter().map(|&(c, v)| (c, v == 0)).collect();
            assert_eq!(h.zero_discards(), zeros, "{codes:?} wild {wild_rank}");
            outs += usize::from(zero.is_some());
            let expected = every.iter().copied().min_by_key(|&(c, v)| h.order(c, v));
            if let Some((best, value)) = h.best_discard_value() {
                // (the hand kept is remembered: the same value, for its own rules only)
                let kept = h.without(best);
                assert_eq!(kept.least(), value, "{codes:?} wild {wild_rank}");
                let other = Hand::trusted(&kept.codes, 0, *rules);
                let truth = search::score(&other.codes, 0, rules).points;
                assert_eq!(other.least(), truth, "{codes:?} wild 0");
            }
            assert_eq!(
                h.best_discard_value(),
                expected,
                "{codes:?} wild {wild_rank}"
            );
        }
        assert!(lonely_cards > 1000, "{lonely_cards}");
        assert!(outs > 100, "{outs}");
    }

    #[test]
    fn a_joker_worth_nothing_does_not_meld_when_no_meld_may_hold_it() {
        let rules = MeldRules {
            joker_points: 1,
            max_wilds: crate::WildLimit::AtMost(0),
            ..MeldRules::default()
        };
        assert!(!hand_with("7H 8H 9H KS JK", 3, &rules).can_out());
    }

    #[test]
    fn outs_of_a_four_card_run() {
        let outs = hand("7H 8H 9H 10H QS", 3).outs();
        let names: Vec<u32> = ["3*", "3H", "6H", "JH", "3C", "3S", "3D", "JK"]
            .iter()
            .map(|c| code(c))
            .collect();
        let mut names: Vec<u8> = names.into_iter().map(|c| c as u8).collect();
        names.sort_unstable();
        assert_eq!(outs, names);
    }

    #[test]
    fn bad_input_is_refused() {
        let rules = MeldRules::default();
        assert!(matches!(
            Hand::new(&[56], 3, &rules),
            Err(HandError::BadCode(56))
        ));
        assert!(matches!(
            Hand::new(&[1], 2, &rules),
            Err(HandError::BadWildRank(2))
        ));
        assert!(matches!(
            Hand::new(&[1, 1, 1], 3, &rules),
            Err(HandError::TooManyCopies { .. })
        ));
        assert!(Hand::new(&[55; 6], 3, &rules).is_ok());
        assert!(Hand::new(&[55; 7], 3, &rules).is_err());
        let bad = MeldRules { packs: 0, ..rules };
        assert!(Hand::new(&[1], 3, &bad).is_err());
        // any number of cards the deck holds, and no more
        let deck: Vec<u32> = (0..2).flat_map(|_| (0..56).chain([55, 55])).collect();
        let whole = Hand::new(&deck, 3, &rules).expect("the whole deck");
        assert_eq!(whole.codes().len(), 116);
        assert_eq!(whole.least(), 0);
        let mut beyond = deck.clone();
        beyond.push(9);
        let refused = Hand::new(&beyond, 3, &rules);
        assert_eq!(
            refused,
            Err(HandError::TooManyCopies {
                code: 9,
                copies: 3,
                allowed: 2
            })
        );
        let message = refused.unwrap_err().to_string();
        assert_eq!(
            message,
            "3 copies of Q*, but a deck of 2 pack(s) holds only 2"
        );
        beyond.push(56);
        assert_eq!(Hand::new(&beyond, 3, &rules), Err(HandError::BadCode(56)));
        assert!(Hand::new(&[55; 117], 3, &rules).is_err());
    }

    /// `quick_least` answers exactly what a checked `Hand` answers whenever it answers, and
    /// only on input a `Hand` takes: random hands of every size, and each way of bad input.
    #[test]
    fn quick_least_is_the_checked_hands_answer_or_none() {
        let rules = MeldRules::default();
        let mut next = xorshift(0x5eed_0f0a_1100);
        let mut answered = 0;
        for _ in 0..3000 {
            let size = (next() % (MAX_CARDS as u64 + 1)) as usize;
            let codes: Vec<u8> = (0..size).map(|_| (next() % 56) as u8).collect();
            let wild_rank = [0, 3, 9, 13][(next() % 4) as usize];
            let wide: Vec<u32> = codes.iter().map(|&c| u32::from(c)).collect();
            let checked = Hand::new(&wide, wild_rank, &rules);
            match quick_least(&codes, wild_rank, &rules) {
                Some(least) => {
                    answered += 1;
                    assert_eq!(Ok(least), checked.map(|h| h.least()), "{codes:?}");
                }
                None => {
                    // refused input, or a hand the sweep leaves to the search
                    let swept = sweep::least_of(&codes, wild_rank as u8, &rules);
                    assert!(checked.is_err() || swept.is_none(), "{codes:?}");
                }
            }
        }
        assert!(answered > 1000, "only {answered} answered");
        assert_eq!(quick_least(&[56], 3, &rules), None);
        assert_eq!(quick_least(&[1, 1, 1], 3, &rules), None);
        assert_eq!(quick_least(&[55; 7], 3, &rules), None);
        assert_eq!(quick_least(&[55; 6], 3, &rules), Some(0));
        assert_eq!(quick_least(&[1], 2, &rules), None);
        assert_eq!(quick_least(&[1], 14, &rules), None);
        assert_eq!(quick_least(&[0; MAX_CARDS + 1], 3, &rules), None);
        let bad = MeldRules { packs: 0, ..rules };
        assert_eq!(quick_least(&[1], 3, &bad), None);
    }

    /// `Hand::least_at_most` is the least deadwood when it is at most the cap, else None,
    /// under every option set (the sweep capped where it takes the hand, the search else).
    #[test]
    fn the_least_at_most_a_cap_is_the_least_or_none() {
        let options = option_sets();
        let mut next = xorshift(0x5eed_ca95);
        let mut seen = [0usize; 2];
        for round in 0..3000u64 {
            let rules = &options[(round % options.len() as u64) as usize];
            let codes = dealt(&mut next, 1 + (round % 14) as usize);
            let wild_rank = [0u8, 3, 8, 13][(round / 4 % 4) as usize];
            let Ok(hand) = Hand::new(
                &codes.iter().map(|&c| u32::from(c)).collect::<Vec<_>>(),
                u32::from(wild_rank),
                rules,
            ) else {
                continue;
            };
            let least = hand.least();
            for cap in [0u64, 3, 9, 20, 45, 300] {
                let found = hand.least_at_most(cap);
                assert_eq!(
                    found,
                    (least <= cap).then_some(least),
                    "{codes:?} cap {cap}"
                );
                seen[usize::from(found.is_some())] += 1;
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
    }

    /// A sweep capped at `cap` gives the uncapped sweep's least deadwood whenever that is at
    /// most `cap`, says "more" only when it is more, and prices a wild's discard exactly or
    /// above `cap` (where the uncapped price is above `cap` too).
    #[test]
    fn a_capped_sweep_answers_within_its_cap_and_says_when_it_is_over() {
        let options = option_sets();
        let mut next = xorshift(0x0c0f_fee0_1234);
        let (mut over, mut within, mut wilds_priced) = (0, 0, 0);
        for round in 0..4000u64 {
            let rules = &options[(round % 4) as usize];
            let codes = dealt(&mut next, 2 + (round % 12) as usize);
            let wild_rank = [0, 3, 8, 13][(round / 4 % 4) as usize];
            let split = sweep::Split::of(&codes, wild_rank, rules);
            let Some(full) = split.least_swept() else {
                continue;
            };
            for cap in [0u8, 3, 8, 13, 20, 40] {
                match split.least_within(cap) {
                    Some(Some(capped)) => {
                        within += 1;
                        assert_eq!(capped.points, full.points, "{codes:?} cap {cap}");
                        for &c in codes.iter().filter(|&&c| is_wild(c, wild_rank)) {
                            let (exact, found) =
                                (full.without_wild(&split, c), capped.without_wild(&split, c));
                            wilds_priced += 1;
                            let above = |v: Option<u64>| v.is_some_and(|v| v > u64::from(cap));
                            assert!(exact == found || (above(exact) && above(found)));
                        }
                    }
                    Some(None) => {
                        over += 1;
                        assert!(full.points > u64::from(cap), "{codes:?} cap {cap}");
                    }
                    None => panic!("the capped sweep refused a hand the sweep takes"),
                }
                if full.points <= u64::from(cap) {
                    assert!(matches!(split.least_within(cap), Some(Some(_))));
                }
            }
        }
        assert!(over > 1000 && within > 1000 && wilds_priced > 1000);
    }

    /// The naturals a recorded sweep reads back as deadwood are held naturals, include the
    /// lonely ones, and each leaves exactly the hand's least deadwood less its points when
    /// discarded (the search's value of the rest). The rule sets of `option_sets` the sweep
    /// takes, hands of 3 to 15 cards.
    #[test]
    fn the_deadwood_read_back_from_a_sweep_prices_its_discards_exactly() {
        let options = option_sets();
        let mut next = xorshift(0x00de_adc0_de11);
        let (mut priced, mut hands) = (0, 0);
        for round in 0..3000u64 {
            let rules = &options[(round % 4) as usize];
            if !rules.sweep_takes() {
                continue;
            }
            let codes = dealt(&mut next, 3 + (round % 13) as usize);
            let wild_rank = [0, 3, 8, 13][(round / 4 % 4) as usize];
            let Some(swept) = sweep::Split::of(&codes, wild_rank, rules).swept() else {
                continue;
            };
            hands += 1;
            let dead = swept.deadwood_codes();
            let held = codes
                .iter()
                .filter(|&&c| !is_wild(c, wild_rank))
                .fold(0u64, |bits, &c| bits | 1 << c);
            assert_eq!(dead & !held, 0, "{codes:?}: not held");
            let lonely = Lonely::of(&codes, wild_rank, rules);
            for &c in &codes {
                assert!(
                    !lonely.holds(c) || dead >> c & 1 == 1,
                    "{codes:?}: lonely {c}"
                );
            }
            let least = swept.least();
            for c in (0..56u8).filter(|&c| dead >> c & 1 == 1) {
                let mut rest = codes.clone();
                rest.remove(rest.iter().position(|&h| h == c).expect("held"));
                let exact = search::score(&rest, wild_rank, rules).points;
                let points = u64::from(rules.points(c, wild_rank));
                assert_eq!(least - points, exact, "{codes:?} less {c}");
                priced += 1;
            }
        }
        assert!(
            hands > 1500 && priced > 5000,
            "{hands} hands, {priced} priced"
        );
    }

    /// `least_each` answers each hand's least deadwood, in order, for any number of
    /// threads (more than the hands need, and more than it takes, included).
    #[test]
    fn least_each_on_threads_answers_as_one_hand_at_a_time() {
        let rules = MeldRules {
            packs: 3,
            ..MeldRules::default()
        };
        let mut next = xorshift(0x7123_4567_89ab);
        let hands: Vec<Hand> = (0..1500)
            .filter_map(|i| {
                let codes: Vec<u32> = (0..3 + i % 12).map(|_| (next() % 56) as u32).collect();
                Hand::new(&codes, [0, 3, 9, 13][i % 4], &rules).ok()
            })
            .collect();
        assert!(hands.len() > 1000, "only {} hands", hands.len());
        let one_by_one: Vec<u64> = hands.iter().map(Hand::least).collect();
        for threads in [0, 1, 2, 3, 7, MAX_THREADS, MAX_THREADS + 1] {
            assert_eq!(least_each(&hands, threads), one_by_one, "{threads} threads");
        }
        assert_eq!(least_each(&[], 4), Vec::<u64>::new());
    }

    /// Hands given as card counts: swept as read (the same split as from the codes) or
    /// solved as hands, the same answers on any number of threads, under rule sets the
    /// sweep takes or not and with more copies than it takes; bad rows refused.
    #[test]
    fn least_of_card_counts_is_each_hands_least() {
        let mut next = xorshift(0x00c0_0175_7a11);
        for (packs, distinct, max_wilds) in [
            (2, false, WildLimit::Unlimited),
            (3, true, WildLimit::Unlimited),
            (2, false, WildLimit::AtMost(2)),
            (4, false, WildLimit::Unlimited),
        ] {
            let rules = MeldRules {
                packs,
                distinct_suit_books: distinct,
                max_wilds,
                ..MeldRules::default()
            };
            for wild_rank in [0, 3, 13] {
                let rows: Vec<Counts> = (0..600)
                    .map(|i| {
                        let mut row = [0u8; NUM_CODES];
                        let (mut cards, size) = (0, i % (MAX_CARDS + 1));
                        while cards < size {
                            let c = (next() % NUM_CODES as u64) as usize;
                            if usize::from(row[c]) < copies_in_deck(c, packs as usize) {
                                row[c] += 1;
                                cards += 1;
                            }
                        }
                        row
                    })
                    .collect();
                let mut expected = Vec::new();
                for row in &rows {
                    let codes: Vec<u32> = (0u32..)
                        .zip(row)
                        .flat_map(|(c, &n)| std::iter::repeat_n(c, usize::from(n)))
                        .collect();
                    let narrow: Vec<u8> = codes.iter().map(|&c| c as u8).collect();
                    let split = sweep::Split::of_counts(row, wild_rank as u8, &rules);
                    assert_eq!(split, sweep::Split::of(&narrow, wild_rank as u8, &rules));
                    expected.push(Hand::new(&codes, wild_rank, &rules).unwrap().least());
                }
                for threads in [1, 3] {
                    let got = least_each_counts(&rows, wild_rank, &rules, threads);
                    assert_eq!(got, Ok(expected.clone()), "{rules:?} wild {wild_rank}");
                }
            }
        }
        let rules = MeldRules::default();
        let mut row = [0u8; NUM_CODES];
        row[7] = 3;
        assert!(matches!(
            least_each_counts(&[[0; NUM_CODES], row], 13, &rules, 1),
            Err(HandError::TooManyCopies {
                code: 7,
                copies: 3,
                allowed: 2
            })
        ));
        // (any number of cards the deck holds: the whole deck)
        let deck = [2; NUM_CODES];
        let mut whole = deck;
        whole[55] = 6;
        assert_eq!(least_each_counts(&[whole], 13, &rules, 1), Ok(vec![0]));
        row[7] = 2;
        row[55] = 6;
        row[8..16].fill(1);
        let codes: Vec<u32> = (0u32..)
            .zip(row)
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
            .collect();
        let least = Hand::new(&codes, 13, &rules).unwrap().least();
        assert_eq!(least_each_counts(&[row], 13, &rules, 1), Ok(vec![least]));
        assert_eq!(
            least_each_counts(&[], 14, &rules, 1),
            Err(HandError::BadWildRank(14))
        );
    }
}
