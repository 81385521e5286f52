//! Why cards are no meld of the kind a player lays them down as, in the words of the Python
//! package's `melds.make_meld` and `game._scoring.meld_of` (the referee quotes them when it refuses
//! a meld laid down, or off, by hand), found by the same steps in the same order.

use std::fmt;

use super::names::card_list;
use crate::card::Card;
use crate::rules::{MeldRules, WildLimit};
use crate::search::Kind;
use crate::{is_wild, rank_index};

/// The fewest cards of a meld.
const MIN_MELD: usize = 3;
/// The most cards of a run (3 through K).
const MAX_RUN: usize = 11;
/// The suits a book with distinct suits can hold.
const SUITS: usize = 5;

/// Why some cards are no meld of the kind wanted (each names the cards as the Python
/// package does: `cards` in code order, `naturals` by rank then code, wilds in code order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MeldFault {
    /// Fewer than three cards.
    TooFew { cards: Vec<u8> },
    /// Wilds only, and these rules want a natural.
    AllWild { cards: Vec<u8> },
    /// More wilds than the rules allow (`allowed`: the limit for these naturals).
    TooManyWilds {
        cards: Vec<u8>,
        wilds: usize,
        limit: WildLimit,
        allowed: i64,
    },
    /// A book of distinct suits holding a suit twice.
    BookSuits { naturals: Vec<u8> },
    /// A book of distinct suits of more than five cards (`cards`: naturals, then wilds).
    BookSize { cards: Vec<u8> },
    /// A run of more than eleven cards (`cards`: naturals, then wilds).
    RunLength { cards: Vec<u8> },
    /// A run holding two cards of one rank.
    RunRank { first: u8, second: u8 },
    /// A run with more gaps than wilds to fill them.
    RunGaps {
        naturals: Vec<u8>,
        gaps: Vec<u8>,
        wilds: usize,
    },
    /// Naturals of distinct ranks in several suits.
    RunSuits { naturals: Vec<u8> },
    /// Naturals neither of one rank nor of one suit.
    Neither { naturals: Vec<u8> },
    /// A meld, but of the other kind.
    OtherKind {
        cards: Vec<u8>,
        found: Kind,
        wanted: Kind,
    },
}

impl fmt::Display for MeldFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldFault::TooFew { cards } => {
                let shown = if cards.is_empty() {
                    "(none)".to_string()
                } else {
                    card_list(cards)
                };
                let n = cards.len();
                write!(
                    f,
                    "a meld needs at least {MIN_MELD} cards, got {n}: {shown}"
                )
            }
            MeldFault::AllWild { cards } => write!(
                f,
                "a meld of wilds only ({}) is not allowed by these rules (all_wild_melds=False)",
                card_list(cards)
            ),
            MeldFault::TooManyWilds {
                cards,
                wilds,
                limit,
                allowed,
            } => {
                let allowed = match limit {
                    WildLimit::Naturals => "no more wilds than naturals".to_string(),
                    _ => format!("at most {allowed}"),
                };
                write!(
                    f,
                    "too many wilds in {}: {wilds}, and these rules allow {allowed} \
                     (max_wilds_per_meld)",
                    card_list(cards)
                )
            }
            MeldFault::BookSuits { naturals } => write!(
                f,
                "book holds two cards of one suit ({}), which these rules forbid \
                 (distinct_suit_books)",
                card_list(naturals)
            ),
            MeldFault::BookSize { cards } => write!(
                f,
                "a book with distinct suits holds at most {SUITS} cards, got {}: {}",
                cards.len(),
                card_list(cards)
            ),
            MeldFault::RunLength { cards } => write!(
                f,
                "a run is at most {MAX_RUN} cards (3 through K, no wrap-around), got {}: {}",
                cards.len(),
                card_list(cards)
            ),
            MeldFault::RunRank { first, second } => write!(
                f,
                "a run cannot hold two cards of one rank: {} {}",
                Card::trusted(*first),
                Card::trusted(*second)
            ),
            MeldFault::RunGaps {
                naturals,
                gaps,
                wilds,
            } => write!(
                f,
                "run {} has {} gap(s) ({}) but only {wilds} wild(s) to fill them",
                card_list(naturals),
                gaps.len(),
                card_list(gaps)
            ),
            MeldFault::RunSuits { naturals } => {
                write!(f, "run needs one suit: {}", card_list(naturals))
            }
            MeldFault::Neither { naturals } => write!(
                f,
                "cards are neither one rank (a book) nor one suit (a run): {}",
                card_list(naturals)
            ),
            MeldFault::OtherKind {
                cards,
                found,
                wanted,
            } => write!(
                f,
                "{} is a {}, not a {}",
                card_list(cards),
                found.name(),
                wanted.name()
            ),
        }
    }
}

/// Why `cards` are no meld of `kind` in a round with wild rank `wild_rank` (0: jokers only)
/// under `rules` (None: they are one), the first reason the Python package's `meld_of` finds.
pub fn meld_fault(kind: Kind, cards: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<MeldFault> {
    let mut cards = cards.to_vec();
    cards.sort_unstable();
    if cards.len() < MIN_MELD {
        return Some(MeldFault::TooFew { cards });
    }
    let (mut naturals, wilds): (Vec<u8>, Vec<u8>) =
        cards.iter().partition(|&&c| !is_wild(c, wild_rank));
    naturals.sort_by_key(|&c| (rank_index(c), c));
    if naturals.is_empty() && !rules.all_wild_melds {
        return Some(MeldFault::AllWild { cards });
    }
    let allowed = rules.limit(naturals.len());
    if rules.max_wilds != WildLimit::Unlimited && wilds.len() as i64 > allowed {
        return Some(MeldFault::TooManyWilds {
            wilds: wilds.len(),
            cards,
            limit: rules.max_wilds,
            allowed,
        });
    }
    let ranks = distinct(naturals.iter().map(|&c| rank_index(c)));
    if ranks <= 1 && kind == Kind::Book {
        return book_fault(&naturals, &wilds, rules);
    }
    if distinct(naturals.iter().map(|&c| c / 11)) <= 1 {
        return run_fault(&naturals, &wilds).or_else(|| {
            (kind == Kind::Book).then_some(MeldFault::OtherKind {
                cards,
                found: Kind::Run,
                wanted: kind,
            })
        });
    }
    if ranks == naturals.len() {
        return Some(MeldFault::RunSuits { naturals });
    }
    Some(MeldFault::Neither { naturals })
}

/// How many distinct values `values` holds.
fn distinct(values: impl Iterator<Item = u8>) -> usize {
    let mut seen: Vec<u8> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// Why `naturals` (of one rank, or none) and `wilds` are no book (`_book`).
fn book_fault(naturals: &[u8], wilds: &[u8], rules: &MeldRules) -> Option<MeldFault> {
    if !rules.distinct_suit_books {
        return None;
    }
    if distinct(naturals.iter().map(|&c| c / 11)) != naturals.len() {
        return Some(MeldFault::BookSuits {
            naturals: naturals.to_vec(),
        });
    }
    if naturals.len() + wilds.len() > SUITS {
        return Some(MeldFault::BookSize {
            cards: [naturals, wilds].concat(),
        });
    }
    None
}

/// Why `naturals` (of one suit, by rank) and `wilds` are no run (`_run`).
fn run_fault(naturals: &[u8], wilds: &[u8]) -> Option<MeldFault> {
    if naturals.len() + wilds.len() > MAX_RUN {
        return Some(MeldFault::RunLength {
            cards: [naturals, wilds].concat(),
        });
    }
    if let Some(pair) = naturals
        .windows(2)
        .find(|pair| rank_index(pair[0]) == rank_index(pair[1]))
    {
        return Some(MeldFault::RunRank {
            first: pair[0],
            second: pair[1],
        });
    }
    let (&low, &high) = (naturals.first()?, naturals.last()?);
    let gaps: Vec<u8> = (low..=high)
        .filter(|&code| !naturals.contains(&code))
        .collect();
    if gaps.len() > wilds.len() {
        return Some(MeldFault::RunGaps {
            naturals: naturals.to_vec(),
            gaps,
            wilds: wilds.len(),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::melds::is_meld;
    use crate::shuffle::SplitMix64;

    /// Cards are refused as a meld of a kind exactly when the solver's meld test refuses
    /// them, under every meld option, on random card sets of 1 to 13 cards drawn mostly from
    /// one rank or one suit (so that many are melds, and every fault is met).
    #[test]
    fn a_fault_is_found_exactly_for_the_cards_that_are_no_meld() {
        let mut random = SplitMix64::new(45);
        let limits = [
            WildLimit::Unlimited,
            WildLimit::AtMost(0),
            WildLimit::AtMost(1),
            WildLimit::AtMost(2),
            WildLimit::Naturals,
        ];
        let mut faults = std::collections::BTreeSet::new();
        for round in 0..40_000 {
            let rules = MeldRules {
                distinct_suit_books: round % 2 == 0,
                max_wilds: limits[round % 5],
                all_wild_melds: round % 3 != 0,
                ..MeldRules::default()
            };
            let wild = [0, 3, 7, 13][random.below(4)] as u8;
            let (suit, rank) = (random.below(5) as u8, random.below(11) as u8);
            let size = 1 + random.below(13);
            let cards: Vec<u8> = (0..size)
                .map(|_| match random.below(6) {
                    0 => crate::JOKER,
                    1 => random.below(55) as u8,
                    2 | 3 => suit * 11 + random.below(11) as u8,
                    _ => random.below(5) as u8 * 11 + rank,
                })
                .collect();
            for kind in [Kind::Book, Kind::Run] {
                let mut sorted = cards.clone();
                sorted.sort_unstable();
                let fault = meld_fault(kind, &cards, wild, &rules);
                assert_eq!(
                    fault.is_none(),
                    is_meld(kind, &sorted, wild, &rules),
                    "{kind:?} {sorted:?} wild {wild} {rules:?}: {fault:?}"
                );
                if let Some(fault) = fault {
                    faults.insert(fault.to_string().split(':').next().map(str::to_owned));
                }
            }
        }
        assert!(faults.len() >= 10, "{faults:?}");
    }

    #[test]
    fn a_fault_reads_as_the_python_package_words_it() {
        let rules = MeldRules::default();
        // 7H 8S 9H: naturals of several suits and ranks
        let fault = meld_fault(Kind::Run, &[15, 38, 17], 0, &rules).expect("no run");
        assert_eq!(fault.to_string(), "run needs one suit: 7H 8S 9H");
        let fault = meld_fault(Kind::Book, &[15, 16, 17], 0, &rules).expect("no book");
        assert_eq!(fault.to_string(), "7H 8H 9H is a run, not a book");
        let fault = meld_fault(Kind::Run, &[15, 19, 55], 0, &rules).expect("a gap too many");
        assert_eq!(
            fault.to_string(),
            "run 7H JH has 3 gap(s) (8H 9H 10H) but only 1 wild(s) to fill them"
        );
    }
}
