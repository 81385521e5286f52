//! A hand as the sweep sees it ([`Split`]): its naturals by rank and suit and its wilds, and
//! what its least deadwood is given its least natural deadwood.

use crate::rules::MeldRules;
use crate::rules::WildLimit;
use crate::JOKER;
use crate::NUM_CODES;

use super::ranks::reach;
use super::values::{Values, LANES};

/// Copies of one natural the sweep takes (three packs).
pub const MAX_COPIES: u8 = 3;
/// The most naturals a hand the sweep takes first holds ([`Split::any_size`] lifts it): its
/// states multiply with dense suits and wilds (a whole pack with eight wilds takes it about a
/// second), while the search stops as soon as a choice melds every card, which a big hand
/// mostly does.
pub const MAX_NATURALS: usize = 20;
/// The most natural deadwood a lane holds (a byte below the unreachable 255): the sweep takes
/// a hand whose naturals are worth more too, and answers it when its least natural deadwood
/// is at most this (a way through the ranks only adds deadwood, so one over it never leads
/// to one within it); else the search does ([`Split::known`]).
pub const MAX_POINTS: u64 = 254;

/// The suit and rank index (0 for threes) of each natural's code.
pub(super) const SUIT_RANK: [(u8, u8); JOKER as usize] = {
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
pub(super) fn code_bit(s: usize, r: usize) -> u64 {
    1 << (11 * s + r)
}

/// A hand as the sweep sees it: its naturals by rank and suit, and its wilds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// Copies of each natural, by rank (0 for threes) and suit.
    pub(super) by_rank: [[u8; 5]; 11],
    /// The ranks each suit holds, as bits.
    pub(super) held: [u16; 5],
    pub(super) naturals: usize,
    /// The most naturals the sweep takes ([`Split::any_size`]).
    pub(super) most_naturals: usize,
    /// The naturals' points.
    pub(super) points: u64,
    /// The most copies of one natural.
    pub(super) copies: u8,
    /// Rank wilds and jokers held, and the points of one of each.
    pub(super) wilds: [usize; 2],
    pub(super) wild_points: [u64; 2],
    /// May three or more wilds meld on their own?
    pub(super) all_wild_melds: bool,
    /// May a meld hold wilds at all (not under `max_wilds_per_meld=0`)?
    pub(super) melding_wilds: bool,
    /// Do books need distinct suits (see [`DistinctBooks`])?
    pub(super) distinct: bool,
    /// The reach of gaps and new runs with the wilds melds may take (see [`reach`]).
    pub(super) reach: (u32, u32),
    /// The ranks (as bits) whose naturals cost nothing left unmelded ([`least_laying_off`]).
    pub(super) free_ranks: u16,
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
    pub(super) fn empty(rules: &MeldRules) -> Split {
        Split {
            by_rank: [[0; 5]; 11],
            held: [0; 5],
            naturals: 0,
            most_naturals: MAX_NATURALS,
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
    pub(super) fn add(&mut self, c: u8, n: u8, wild_rank: u8) {
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
    pub(super) fn usable(&self) -> usize {
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
    pub(super) fn finish(&self, d: Option<u64>) -> u64 {
        self.finish_less(self.points, self.wilds, d)
    }

    /// [`Split::finish`] for the hand less a card: its naturals worth `points` and its
    /// `wilds` (rank wilds, jokers).
    pub(super) fn finish_less(
        &self,
        points: u64,
        [rank_wilds, jokers]: [usize; 2],
        d: Option<u64>,
    ) -> u64 {
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
    pub(super) fn sweepable(&self) -> bool {
        self.copies <= MAX_COPIES && self.usable() < LANES && self.naturals <= self.most_naturals
    }

    /// The split taken by the sweep however many naturals it holds (see [`MAX_NATURALS`]).
    pub fn any_size(self) -> Split {
        Split {
            most_naturals: usize::MAX,
            ..self
        }
    }

    /// `d`, a least natural deadwood read from the lanes of naturals worth `points`, when it
    /// is known: an unreachable lane (`u64::MAX`) of naturals worth more than [`MAX_POINTS`]
    /// says only that the least is more than that (None: the search answers).
    pub(super) fn known(&self, points: u64, d: u64) -> Option<u64> {
        (d != u64::MAX || points <= MAX_POINTS).then_some(d)
    }

    /// The least deadwood of the hand less one copy of the wild `code` (held), from the
    /// hand's least natural deadwood by wilds used (`whole`): the same naturals, one wild
    /// fewer, so the vector's lane for one wild fewer.
    pub(super) fn without_wild(&self, whole: Values, code: u8) -> Option<u64> {
        let mut rest = self.wilds;
        rest[usize::from(code == JOKER)] -= 1;
        let usable = if self.melding_wilds {
            rest[0] + rest[1]
        } else {
            0
        };
        let d = self.known(self.points, whole.deadwood(usable))?;
        Some(self.finish_less(self.points, rest, Some(d)))
    }
}
