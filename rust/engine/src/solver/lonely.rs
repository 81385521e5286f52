//! The naturals of a hand that no meld can hold.

use crate::rules::{MeldRules, WildLimit};
use crate::{is_wild, rank_index};

/// The naturals of a hand that no meld can hold, under the most permissive meld rules (every
/// option only forbids melds) with every wild the rules let melds take. Such a card is
/// deadwood in every arrangement of the hand and of the hand less any card, so the hand less
/// it has exactly the hand's least deadwood less its points, and the hand less any other card
/// has at least their points.
pub(crate) struct Lonely {
    /// The lonely naturals, as bits of their codes.
    pub(super) codes: u64,
    /// The points of the lonely naturals, copies included.
    pub(super) points: u64,
    /// How many lonely naturals, copies included.
    pub(super) cards: u32,
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
