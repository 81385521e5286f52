//! The memoised search: an exact solver for every rule set, the twin of the Python package's
//! `fivecrowns._search`, move for move (the same states, the same order of choices, the same
//! arrangement chosen among the optimal ones).
//!
//! The search takes the lowest remaining natural card (lowest rank, then suit) and tries
//! everything it can be: the lowest natural of a run of its suit (the run takes, rank by rank
//! upwards, a natural of its suit or a wild filling the gap, and ends on a natural), in a book
//! of its rank (with any other naturals of that rank), or deadwood. No natural of a lower rank
//! is left, so no meld holding the card is missed.
//!
//! A meld takes only the wilds it needs (its gaps, and the padding to three cards); the wilds
//! it could take beyond those (its spare room) are added to a running total. Spare wilds never
//! change which melds are possible, so where they go is settled when no natural is left: some
//! fill spare room, the rest form all-wild melds where the rules allow them, and those left
//! over are deadwood (the cheapest). The value of the rest of a hand depends only on the
//! naturals left, the wilds left and the spare room so far (capped at the wilds left), and is
//! memoised on those three. The score is lexicographic: least deadwood points, then fewest
//! unmelded cards.
//!
//! What keeps it fast, each exact under every rule option: naturals in no meld at all are set
//! aside as deadwood first ([`Search::hopeless`]); the hand's components (naturals that could
//! share a meld) are finished one at a time ([`Search::split`]); a natural's choices depend
//! only on the naturals of its rank, those of its suit above it that a run from it could
//! reach and the wilds left, and are kept per those; and a state stops looking once a choice
//! melds every card.
use crate::rules::MeldRules;

mod arrange;
mod discards;
mod memoised;

pub use crate::melds::Kind;
pub use discards::Discards;
pub use memoised::{cost, parse, Score, Search, Solution};

use memoised::prepared;

/// The least score of a hand (sorted codes; `wild_rank` 0: jokers only).
pub fn score(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Score {
    let (mut search, live, hopeless, _) = prepared(codes, wild_rank, rules);
    let w = search.wilds();
    search.value(&live, w, 0).plus(cost(&hopeless))
}

/// [`score`] of a hand when the search values at most `budget` states (None: it would value
/// more; a big hand whose arrangements do not meld every card may need very many).
pub fn score_within(codes: &[u8], wild_rank: u8, rules: &MeldRules, budget: u64) -> Option<Score> {
    let (mut search, live, hopeless, _) = prepared(codes, wild_rank, rules);
    search.budget = budget;
    let w = search.wilds();
    let found = search.value(&live, w, 0).plus(cost(&hopeless));
    (!search.gave_up()).then_some(found)
}

/// The least score of a hand (sorted codes) in which the naturals of the ranks of
/// `free_ranks` (bit `r` for rank `r + 3`) and, when `wilds_free`, the wilds cost nothing
/// left unmelded: a final hand under `lay_off` can lay those off onto the table's books
/// whatever else it does, so its least deadwood with them priced so is the least over every
/// choice of them to lay off.
pub fn score_free(
    codes: &[u8],
    wild_rank: u8,
    rules: &MeldRules,
    free_ranks: u16,
    wilds_free: bool,
) -> Score {
    let (state, mut wilds) = parse(codes, wild_rank, rules);
    if wilds_free {
        wilds.iter_mut().for_each(|p| *p = 0);
    }
    let mut search = Search::new(rules, &wilds);
    search.free_ranks = free_ranks;
    let hopeless = search.hopeless(&state, search.wilds());
    let live = state.minus(&hopeless);
    search.split(&live);
    let w = search.wilds();
    let mut set_aside = cost(&hopeless);
    for c in hopeless.codes() {
        if free_ranks >> (c % 11) & 1 == 1 {
            set_aside.points -= u64::from(hopeless.count(c)) * u64::from(c % 11 + 3);
        }
    }
    search.value(&live, w, 0).plus(set_aside)
}

/// An optimal arrangement of a hand (sorted codes).
pub fn solve(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Solution {
    let (mut search, live, hopeless, _) = prepared(codes, wild_rank, rules);
    search.solution(&live, &hopeless, codes, wild_rank)
}

#[cfg(test)]
mod tests;
