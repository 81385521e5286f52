//! What the cards of a meld play: the natural card each position stands for, as the Python
//! package's `fivecrowns.melds` reads a meld the solver found. Arrangements list their melds
//! in the order of these (so the order never depends on the search).

use crate::is_wild;
use crate::search::Kind;

/// The rank an all-wild book stands for (king).
const ALL_WILD_RANK: u8 = 13;

/// The codes a valid meld's cards stand for, position by position: a book's naturals (by
/// code) then its wilds, each standing for the book's rank in a suit the naturals lack first
/// (in suit order), then in every suit in turn; a run's cards from low to high, its wilds
/// filling the gaps, then extending it upwards as far as king, then downwards.
pub fn stands_for(kind: Kind, codes: &[u8], wild_rank: u8) -> Vec<u8> {
    let mut naturals: Vec<u8> = codes
        .iter()
        .copied()
        .filter(|&c| !is_wild(c, wild_rank))
        .collect();
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
