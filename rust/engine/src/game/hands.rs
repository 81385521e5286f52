//! The questions the game asks of a hand, with the meaning the Python package's public
//! solver gives them: "melded" means every card in a meld (not merely no points, which differ
//! when a wild costs nothing), and an arrangement melds every card when one can; and the
//! edits of a sorted hand (a card taken out or put in).

use crate::game::rules::GameRules;
use crate::melds::stands_for;
use crate::solver::{Hand, Layout, Lonely};

/// A hand of the game (sorted codes the deck holds) under a rule set, in a round.
pub(crate) struct Query<'a> {
    pub codes: &'a [u8],
    pub wild_rank: u8,
    pub rules: &'a GameRules,
}

impl Query<'_> {
    fn hand(&self) -> Hand {
        Hand::trusted(self.codes, self.wild_rank, self.rules.melds)
    }

    fn melded_hand(&self) -> Hand {
        Hand::trusted(self.codes, self.wild_rank, self.rules.melded())
    }

    /// The least deadwood points.
    pub fn least(&self) -> u64 {
        self.hand().least()
    }

    /// The least deadwood when it is at most `cap`, else None ([`Hand::least_at_most`]).
    pub fn least_at_most(&self, cap: u64) -> Option<u64> {
        self.hand().least_at_most(cap)
    }

    /// Does every card fit in some set of disjoint melds?
    pub fn melds_all(&self) -> bool {
        self.melded_hand().least() == 0
    }

    /// Each distinct code with the least deadwood of the hand less one copy of it.
    pub fn discard_values(&self) -> Vec<(u8, u64)> {
        self.hand().discard_values()
    }

    /// The discard leaving the least deadwood (ties: a natural before a wild, the most
    /// points, the higher code) and that deadwood.
    pub fn best_discard_value(&self) -> Option<(u8, u64)> {
        self.hand().best_discard_value()
    }

    /// [`Query::best_discard_value`], and the least deadwood of the hand less one copy of
    /// `other` (held).
    pub fn best_discard_and_value_of(&self, other: u8) -> Option<((u8, u64), u64)> {
        self.hand().best_discard_and_value_of(other)
    }

    /// The highest card whose discard leaves no deadwood points, if any.
    pub fn zero_discard(&self) -> Option<u8> {
        self.hand().zero_discard()
    }

    /// Could every card but one sit in a meld? False proves that no discard leaves every
    /// other card melded (nor does the whole hand meld). It counts the naturals no meld can
    /// hold ([`Lonely`]), however the others are used: two such cards, and the hand cannot go
    /// out.
    pub fn may_go_out(&self) -> bool {
        let lonely = Lonely::of(self.codes, self.wild_rank, &self.rules.melds);
        self.codes.iter().filter(|&&c| lonely.holds(c)).count() < 2
    }

    /// Each distinct code, and whether the hand less one copy of it melds every card.
    pub fn melding_discards(&self) -> Vec<(u8, bool)> {
        // (wilds cost 1 here: a hand melds every card when it leaves no points, whatever
        // the rules make a wild worth)
        let mut counting = self.rules.melded();
        counting.wild_points = 1;
        counting.joker_points = 1;
        Hand::trusted(self.codes, self.wild_rank, counting).zero_discards()
    }

    /// An arrangement with the least deadwood that melds every card when one can (the public
    /// `best_arrangement`).
    /// Its melds are listed in the order of the cards they play (see [`stands_for`]).
    pub fn arrangement(&self) -> Layout {
        let mut layout = self.hand().arrange();
        if layout.points == 0 && !layout.deadwood.is_empty() && self.melds_all() {
            layout = self.melded_hand().arrange();
        }
        layout
            .melds
            .sort_by_cached_key(|meld| stands_for(meld.kind, &meld.codes, self.wild_rank));
        layout
    }
}

/// `hand` (sorted) without one copy of `card`.
pub(crate) fn without(hand: &[u8], card: u8) -> Vec<u8> {
    let mut rest = hand.to_vec();
    remove(&mut rest, card);
    rest
}

pub(crate) fn remove(hand: &mut Vec<u8>, card: u8) {
    if let Ok(at) = hand.binary_search(&card) {
        hand.remove(at);
    }
}

pub(crate) fn insert(hand: &mut Vec<u8>, card: u8) {
    let at = hand.partition_point(|&c| c <= card);
    hand.insert(at, card);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::Mt19937;

    /// When `may_go_out` says no, no discard melds the rest and the hand does not meld.
    #[test]
    fn may_go_out_never_hides_a_go_out() {
        let mut rng = Mt19937::new(7);
        let mut refused = 0;
        for options in 0..4u64 {
            let mut rules = GameRules::default();
            rules.melds.distinct_suit_books = options & 1 == 1;
            rules.melds.wild_points = if options & 2 == 2 { 0 } else { 20 };
            for _ in 0..4000 {
                let size = 3 + rng.randbelow(13) as usize;
                let mut deck: Vec<u8> = (0..55).flat_map(|c| [c, c]).collect();
                deck.extend([55; 6]);
                let mut codes: Vec<u8> = (0..size)
                    .map(|_| deck.swap_remove(rng.randbelow(deck.len() as u64) as usize))
                    .collect();
                codes.sort_unstable();
                let wild_rank = [0, 3, 7, 13][rng.randbelow(4) as usize];
                let query = Query {
                    codes: &codes,
                    wild_rank,
                    rules: &rules,
                };
                if !query.may_go_out() {
                    refused += 1;
                    assert!(!query.melds_all(), "{codes:?}");
                    assert!(
                        query.melding_discards().iter().all(|&(_, m)| !m),
                        "{codes:?}"
                    );
                }
            }
        }
        assert!(refused > 4000, "the test proves little: {refused}");
    }
}
