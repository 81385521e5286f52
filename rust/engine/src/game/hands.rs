//! The questions the game asks of a hand, with the meaning the Python package's public
//! solver gives them: "melded" means every card in a meld (not merely no points, which differ
//! when a wild costs nothing), and an arrangement melds every card when one can.

use crate::game::rules::GameRules;
use crate::melds::stands_for;
use crate::solver::{Hand, Layout};

/// A hand of the game (sorted codes the deck holds) under a rule set, in a round.
pub(crate) struct Query<'a> {
    pub codes: &'a [u8],
    pub wild_rank: u8,
    pub rules: &'a GameRules,
}

impl Query<'_> {
    fn hand(&self) -> Hand {
        Hand::trusted(self.codes.to_vec(), self.wild_rank, self.rules.melds)
    }

    fn melded_hand(&self) -> Hand {
        Hand::trusted(self.codes.to_vec(), self.wild_rank, self.rules.melded())
    }

    /// The least deadwood points.
    pub fn least(&self) -> u64 {
        self.hand().least()
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

    /// Each distinct code, and whether the hand less one copy of it melds every card.
    pub fn melding_discards(&self) -> Vec<(u8, bool)> {
        let hand = self.melded_hand();
        hand.discard_values()
            .into_iter()
            .map(|(code, value)| (code, value == 0))
            .collect()
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
