//! A hand checked against a rule set, and what it is made of: its sorted codes, its least
//! deadwood (the sweep when it takes the hand, else the search) and its optimal arrangement
//! (the search's, the twin of the Python package's).

use super::codes::Codes;
use crate::error::HandError;
use crate::rules::MeldRules;
use crate::{copies_in_deck, is_wild, NUM_CODES};

use super::big;
use super::codes::INLINE;
use super::dense;
use super::kept::Kept;
use super::search::{self, Kind};
use super::sweep;

/// A hand checked against a rule set: sorted codes that the deck can hold, and a wild rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub(super) codes: Codes,
    pub(super) wild_rank: u8,
    pub(super) rules: MeldRules,
}

/// A meld of an arrangement: its kind and its sorted codes (wilds included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meld {
    pub kind: Kind,
    pub codes: Vec<u8>,
}

/// An arrangement of a hand: its melds, its sorted deadwood and the deadwood's points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub melds: Vec<Meld>,
    pub deadwood: Vec<u8>,
    pub points: u64,
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
    pub(super) fn beyond_the_deck(codes: &[u32], packs: usize) -> HandError {
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
    pub(super) fn sweep_takes(&self) -> bool {
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
    pub(super) fn with(&self, code: u8) -> Hand {
        Hand {
            codes: self.codes.with(code),
            wild_rank: self.wild_rank,
            rules: self.rules,
        }
    }

    pub(super) fn without(&self, code: u8) -> Hand {
        Hand {
            codes: self.codes.without(code),
            wild_rank: self.wild_rank,
            rules: self.rules,
        }
    }

    /// The distinct codes, in order.
    pub(super) fn distinct(&self) -> Codes {
        self.codes.distinct()
    }

    /// The least deadwood points the hand can be left with.
    pub fn least(&self) -> u64 {
        if let Some(value) = Kept::get(&self.codes, self.wild_rank, &self.rules) {
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
    pub(super) fn least_of(&self, codes: &[u8]) -> u64 {
        let (wild_rank, rules) = (self.wild_rank, &self.rules);
        sweep::least_of(codes, wild_rank, rules).unwrap_or_else(|| {
            if big::is_big(codes, wild_rank) {
                big::least(codes, wild_rank, rules)
            } else {
                search::score(codes, wild_rank, rules).points
            }
        })
    }

    /// An optimal arrangement (the search's choice among the optimal ones; a big hand's
    /// built one, when it reaches the floor no arrangement goes below: see the module `dense`).
    pub fn arrange(&self) -> Layout {
        if big::is_big(&self.codes, self.wild_rank) {
            if let Some(layout) = dense::arrange(&self.codes, self.wild_rank, &self.rules) {
                return layout;
            }
        }
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
}
