//! The least deadwood of a big hand (more naturals than the sweep takes first,
//! [`sweep::MAX_NATURALS`]): built first ([`dense`]: a dense hand's arrangement reaching
//! the floor no arrangement goes below, in microseconds), then the search on a budget (it
//! stops as soon as a choice melds every card, which a big hand mostly does), then the
//! sweep of any size (polynomial in the hand, but slow on dense suits with many wilds),
//! then the search without a budget (a hand the sweep does not take: four copies of a card,
//! sixteen wilds or more, a limit of wilds per meld, or a least natural deadwood above
//! [`sweep::MAX_POINTS`]).

use crate::is_wild;
use crate::rules::MeldRules;

use super::dense;
use super::search;
use super::sweep;

/// The states the search may value before the sweep is tried (some milliseconds).
const BUDGET: u64 = 20_000;

/// Does the hand `codes` hold more naturals than the sweep takes first?
pub(super) fn is_big(codes: &[u8], wild_rank: u8) -> bool {
    codes.len() > sweep::MAX_NATURALS
        && codes.iter().filter(|&&c| !is_wild(c, wild_rank)).count() > sweep::MAX_NATURALS
}

/// The least deadwood of the big hand `codes` (sorted).
pub(super) fn least(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> u64 {
    if let Some(built) = dense::least(codes, wild_rank, rules) {
        return built;
    }
    if let Some(found) = search::score_within(codes, wild_rank, rules, BUDGET) {
        return found.points;
    }
    let split = sweep::Split::of(codes, wild_rank, rules).any_size();
    if rules.sweep_takes_with(split.wild_count()) {
        if let Some(least) = split.least() {
            return least;
        }
    }
    search::score(codes, wild_rank, rules).points
}
