//! What the cards of a meld play: the natural card each position stands for, as the Python
//! package's `fivecrowns.melds` reads a meld the solver found (arrangements list their melds
//! in the order of these, so the order never depends on the search); and whether cards form
//! a meld of a kind, as that module judges it (for cards laid off onto a table meld). The
//! vocabulary under the solver and the game: [`Kind`] is theirs.

use crate::rules::MeldRules;
use crate::{is_wild, rank_index};

/// A book (one rank) or a run (one suit, consecutive ranks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Book,
    Run,
}

impl Kind {
    /// "book" or "run".
    pub fn name(self) -> &'static str {
        match self {
            Kind::Book => "book",
            Kind::Run => "run",
        }
    }
}

/// The rank an all-wild book stands for (king).
const ALL_WILD_RANK: u8 = 13;

/// The codes a valid meld's cards stand for, position by position: a book's naturals (by
/// code) then its wilds, each standing for the book's rank in a suit the naturals lack first
/// (in suit order), then in every suit in turn; a run's cards from low to high, its wilds
/// filling the gaps, then extending it upwards as far as king, then downwards.
pub fn stands_for(kind: Kind, codes: &[u8], wild_rank: u8) -> Vec<u8> {
    let mut naturals: Vec<u8> = crate::naturals(codes, wild_rank);
    naturals.sort_unstable_by_key(|&c| (c % 11, c));
    let wilds = codes.len() - naturals.len();
    match kind {
        Kind::Book => {
            let base = naturals.first().map_or(ALL_WILD_RANK - 3, |&c| c % 11);
            let missing = (0..5u8).filter(|&s| !naturals.iter().any(|&c| c / 11 == s));
            let cycle: Vec<u8> = missing.chain(0..5u8).collect();
            let mut stands = naturals;
            stands.extend((0..wilds).map(|i| cycle[i % cycle.len()] * 11 + base));
            stands
        }
        Kind::Run => {
            let suit = naturals.first().map_or(0, |&c| c / 11);
            // ranks 3..=13 as 0..=10; an all-wild run's span before extension is empty
            let (low, high) = match (naturals.first(), naturals.last()) {
                (Some(&lo), Some(&hi)) => (i32::from(lo % 11), i32::from(hi % 11)),
                _ => (0, -1),
            };
            let gaps = (high - low + 1) - naturals.len() as i32;
            let extra = wilds as i32 - gaps;
            let above = extra.min(10 - high);
            let (low, high) = (low - (extra - above), high + above);
            (low..=high).map(|r| suit * 11 + r as u8).collect()
        }
    }
}

/// Do `codes` (in any order) form a meld of `kind` under `rules`, as the Python package's
/// `meld_of` reads them? At least three cards; not all wild unless `all_wild_melds`; no more
/// wilds than the rules allow; a book's naturals of one rank (of distinct suits, five cards
/// at most, under `distinct_suit_books`); a run's naturals of one suit and distinct ranks,
/// its gaps no more than its wilds, eleven cards at most.
pub fn is_meld(kind: Kind, codes: &[u8], wild_rank: u8, rules: &MeldRules) -> bool {
    if codes.len() < 3 {
        return false;
    }
    let mut naturals: Vec<u8> = crate::naturals(codes, wild_rank);
    let wilds = codes.len() - naturals.len();
    if naturals.is_empty() && !rules.all_wild_melds {
        return false;
    }
    if wilds as i64 > rules.limit(naturals.len()) {
        return false;
    }
    match kind {
        Kind::Book => {
            let rank = naturals.first().map(|&c| rank_index(c));
            if naturals.iter().any(|&c| Some(rank_index(c)) != rank) {
                return false;
            }
            if !rules.distinct_suit_books {
                return true;
            }
            let mut suits = 0u8;
            for &c in &naturals {
                let bit = 1 << (c / 11);
                if suits & bit != 0 {
                    return false;
                }
                suits |= bit;
            }
            codes.len() <= 5
        }
        Kind::Run => {
            if codes.len() > 11 {
                return false;
            }
            let Some(&first) = naturals.first() else {
                return true;
            };
            if naturals.iter().any(|&c| c / 11 != first / 11) {
                return false;
            }
            naturals.sort_unstable();
            if naturals.windows(2).any(|pair| pair[0] == pair[1]) {
                return false;
            }
            let span = usize::from(naturals[naturals.len() - 1] - naturals[0]) + 1;
            span - naturals.len() <= wilds
        }
    }
}

/// Could `code` join the meld of `kind` whose cards are `codes` (a wild always; a book's
/// rank; a run's suit at a rank it lacks; anything, when the meld is all wilds)? A quick
/// test before [`is_meld`] judges the meld with the card.
pub fn could_join(code: u8, kind: Kind, codes: &[u8], wild_rank: u8) -> bool {
    if is_wild(code, wild_rank) {
        return true;
    }
    let mut naturals = codes.iter().copied().filter(|&c| !is_wild(c, wild_rank));
    let Some(first) = naturals.next() else {
        return true;
    };
    match kind {
        Kind::Book => rank_index(code) == rank_index(first),
        Kind::Run => {
            code / 11 == first / 11
                && rank_index(code) != rank_index(first)
                && naturals.all(|c| rank_index(c) != rank_index(code))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::WildLimit;

    #[test]
    fn a_book_s_wilds_stand_for_the_missing_suits_first() {
        // 7H 7D + two jokers: the jokers are 7* and 7C
        assert_eq!(
            stands_for(Kind::Book, &[15, 48, 55, 55], 3),
            vec![15, 48, 4, 26]
        );
        // three jokers: a book of kings, stars hearts clubs
        assert_eq!(stands_for(Kind::Book, &[55, 55, 55], 3), vec![10, 21, 32]);
    }

    #[test]
    fn a_run_s_wilds_fill_gaps_then_extend_up_then_down() {
        // 5H 7H + two jokers: 5H 6H 7H 8H
        assert_eq!(
            stands_for(Kind::Run, &[13, 15, 55, 55], 3),
            vec![13, 14, 15, 16]
        );
        // QH KH + joker: JH QH KH
        assert_eq!(stands_for(Kind::Run, &[20, 21, 55], 3), vec![19, 20, 21]);
        // three jokers: 3* 4* 5*
        assert_eq!(stands_for(Kind::Run, &[55, 55, 55], 3), vec![0, 1, 2]);
    }

    /// A card's code from its rank (3..=13) and suit (0 stars .. 4 diamonds).
    fn card(rank: u8, suit: u8) -> u8 {
        suit * 11 + rank - 3
    }

    #[test]
    fn melds_are_judged_as_the_python_package_judges_them() {
        let official = MeldRules::default();
        let joker = crate::JOKER;
        let wild = 5; // fives wild
        let book = [card(9, 0), card(9, 1), card(9, 1)];
        assert!(is_meld(Kind::Book, &book, wild, &official));
        assert!(!is_meld(Kind::Run, &book, wild, &official));
        assert!(!is_meld(Kind::Book, &book[..2], wild, &official));
        let distinct = MeldRules {
            distinct_suit_books: true,
            ..official
        };
        assert!(!is_meld(Kind::Book, &book, wild, &distinct));
        let five = [card(9, 0), card(9, 1), card(9, 2), card(9, 3), joker, joker];
        assert!(is_meld(Kind::Book, &five, wild, &official));
        assert!(!is_meld(Kind::Book, &five, wild, &distinct));
        assert!(is_meld(Kind::Book, &five[..5], wild, &distinct));
        // a run: one suit, distinct ranks, gaps no more than its wilds, eleven cards at most
        let run = [card(7, 2), card(9, 2), card(5, 0)]; // 7C 5* 9C: 5* stands for 8C
        assert!(is_meld(Kind::Run, &run, wild, &official));
        assert!(!is_meld(Kind::Book, &run, wild, &official));
        assert!(!is_meld(
            Kind::Run,
            &[card(7, 2), card(10, 2), joker],
            wild,
            &official
        ));
        assert!(!is_meld(
            Kind::Run,
            &[card(7, 2), card(7, 2), joker],
            wild,
            &official
        ));
        assert!(!is_meld(
            Kind::Run,
            &[card(7, 2), card(8, 3), joker],
            wild,
            &official
        ));
        let long: Vec<u8> = (3..=13).map(|rank| card(rank, 1)).collect();
        assert!(is_meld(Kind::Run, &long, 0, &official));
        let mut longer = long.clone();
        longer.push(joker);
        assert!(!is_meld(Kind::Run, &longer, 0, &official));
        // wild limits and all-wild melds
        let one = MeldRules {
            max_wilds: WildLimit::AtMost(1),
            ..official
        };
        let two_wilds = [card(7, 2), joker, card(5, 1)];
        assert!(is_meld(Kind::Run, &two_wilds, wild, &official));
        assert!(!is_meld(Kind::Run, &two_wilds, wild, &one));
        let naturals = MeldRules {
            max_wilds: WildLimit::Naturals,
            ..official
        };
        assert!(!is_meld(Kind::Book, &two_wilds, wild, &naturals));
        assert!(is_meld(
            Kind::Book,
            &[card(7, 2), card(7, 3), joker, joker],
            wild,
            &naturals
        ));
        let wilds = [joker, joker, card(5, 4)];
        assert!(is_meld(Kind::Book, &wilds, wild, &official));
        assert!(is_meld(Kind::Run, &wilds, wild, &official));
        let no_all_wild = MeldRules {
            all_wild_melds: false,
            ..official
        };
        assert!(!is_meld(Kind::Book, &wilds, wild, &no_all_wild));
    }

    #[test]
    fn a_card_could_join_a_meld_of_its_rank_or_of_its_suit_at_a_rank_it_lacks() {
        let run = [card(7, 2), card(8, 2), crate::JOKER];
        assert!(could_join(card(10, 2), Kind::Run, &run, 3));
        assert!(!could_join(card(8, 2), Kind::Run, &run, 3));
        assert!(!could_join(card(9, 1), Kind::Run, &run, 3));
        assert!(could_join(card(3, 1), Kind::Run, &run, 3)); // a wild
        let book = [card(9, 0), card(9, 1), card(9, 1)];
        assert!(could_join(card(9, 1), Kind::Book, &book, 3));
        assert!(!could_join(card(10, 1), Kind::Book, &book, 3));
        assert!(could_join(card(10, 1), Kind::Book, &[crate::JOKER; 3], 3));
    }
}
