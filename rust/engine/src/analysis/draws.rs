//! What each possible draw leaves a hand with: for a hand before its draw and the distinct
//! cards it may draw, the least deadwood after drawing each and discarding the best card (the
//! drawn card may go back), in one call: the exact draw odds' inner loop
//! (`fivecrowns.draw_odds` of the Python package).
//!
//! Most draws are solved as a hand of their own ([`Hand::best_discard_value`] of the hand
//! and the draw). A natural draw that no meld of the hand and the draw can hold (no book of
//! its rank, no run through it, even under the default meld rules, which allow every meld any
//! option allows) stays deadwood whatever is discarded: then discarding it leaves the hand's
//! least deadwood, and discarding any other card `d` leaves the least deadwood of the hand
//! less `d` and the draw's points. So such draws share one answer of the hand itself: its
//! best discard's value. And a natural draw that no run can join with the hand's naturals
//! (none of its suit within the reach of the hand's wilds: a run through the draw holds only
//! it and wilds) and of which the hand holds no copy is worth what any other draw of its rank
//! with the same two properties is worth (the one stands for the other in every meld: a
//! book of its rank, a run of it and wilds), so those draws share one answer. So do wild
//! draws worth the same points unmelded (a wild is purely a wild: any wild stands for any
//! other in a meld).

use crate::error::HandError;
use crate::rules::MeldRules;
use crate::solver::Hand;
use crate::{is_wild, rank_index, JOKER};

/// For the hand of `codes` (before its draw) and `draws` (codes, each a card the deck holds
/// another copy of beside the hand), the least deadwood the hand is left with after drawing
/// each and discarding the best card, in the order of `draws`. A hand, wild rank, rule set or
/// draw that [`Hand::new`] refuses (a draw the deck cannot hold beside the hand) is refused
/// the same way.
pub fn after_draws(
    codes: &[u32],
    wild_rank: u32,
    rules: &MeldRules,
    draws: &[u32],
) -> Result<Vec<u64>, HandError> {
    let hand = Hand::new(codes, wild_rank, rules)?;
    let least = hand.least();
    let mut codes = codes.to_vec();
    let shape = Shape::of(hand.codes(), wild_rank as u8);
    // (the best discard's value of the hand itself, asked once when a dead draw needs it)
    let mut best_of_hand: Option<u64> = None;
    // (the value of a lone draw of each rank, once one is known)
    let mut lone_by_rank: [Option<u64>; 11] = [None; 11];
    // (the value of a wild draw by its points, once one is known)
    let mut wild_by_points: Vec<(u32, u64)> = Vec::new();
    let mut values = Vec::with_capacity(draws.len());
    for &draw in draws {
        codes.push(draw);
        let with = Hand::new(&codes, wild_rank, rules)?;
        codes.pop();
        // (the draw is a valid code: the hand with it was made)
        let draw = draw as u8;
        let lone = shape
            .lone(draw, wild_rank as u8)
            .then(|| usize::from(rank_index(draw)));
        let points = rules.points(draw, wild_rank as u8);
        let wild = is_wild(draw, wild_rank as u8);
        let known_wild = || wild_by_points.iter().find(|&&(p, _)| p == points);
        let value = if let Some(&(_, known)) = known_wild().filter(|_| wild) {
            known
        } else if shape.dead(draw, wild_rank as u8) {
            let best = *best_of_hand
                .get_or_insert_with(|| hand.best_discard_value().map_or(0, |(_, value)| value));
            least.min(best + u64::from(points))
        } else if let Some(known) = lone.and_then(|rank| lone_by_rank[rank]) {
            known
        } else {
            with.best_discard_value().map_or(0, |(_, value)| value)
        };
        if let Some(rank) = lone {
            lone_by_rank[rank] = Some(value);
        }
        if wild && known_wild().is_none() {
            wild_by_points.push((points, value));
        }
        values.push(value);
    }
    Ok(values)
}

/// What a hand holds, for telling whether a draw can sit in any meld: its wilds, and its
/// naturals by suit and rank.
struct Shape {
    wilds: u32,
    /// `naturals[suit][rank - 3]`: copies held (wilds not counted).
    naturals: [[u32; 11]; 5],
}

impl Shape {
    fn of(codes: &[u8], wild_rank: u8) -> Shape {
        let mut shape = Shape {
            wilds: 0,
            naturals: [[0; 11]; 5],
        };
        for &c in codes {
            if is_wild(c, wild_rank) {
                shape.wilds += 1;
            } else {
                shape.naturals[usize::from(c / 11)][usize::from(rank_index(c))] += 1;
            }
        }
        shape
    }

    /// Is `draw` a natural (not wild) of which the hand holds no copy, and no natural of its
    /// suit within `wilds + 1` ranks of it (a run through it and a natural of the hand holds
    /// every rank between them, the missing ones wilds)?
    fn lone(&self, draw: u8, wild_rank: u8) -> bool {
        if draw == JOKER || is_wild(draw, wild_rank) {
            return false;
        }
        let (suit, rank) = (usize::from(draw / 11), usize::from(rank_index(draw)));
        let reach = self.wilds as usize + 1;
        let low = rank.saturating_sub(reach);
        let high = (rank + reach).min(10);
        self.naturals[suit][low..=high].iter().all(|&n| n == 0)
    }

    /// Can no meld of the hand and `draw` hold `draw`, under any meld rules? Never for a
    /// wild, nor with two wilds (a natural and two wilds make a book); otherwise when the hand
    /// holds fewer than `2 - wilds` other naturals of the draw's rank (a book needs three
    /// cards) and no window of three consecutive ranks around the draw's holds `3 - wilds`
    /// ranks of its suit (the draw's included: a run needs three consecutive ranks, wilds
    /// standing for those missing).
    fn dead(&self, draw: u8, wild_rank: u8) -> bool {
        if draw == JOKER || is_wild(draw, wild_rank) || self.wilds >= 2 {
            return false;
        }
        let need = 3 - self.wilds;
        let (suit, rank) = (usize::from(draw / 11), usize::from(rank_index(draw)));
        let same_rank: u32 = self.naturals.iter().map(|ranks| ranks[rank]).sum();
        if same_rank + 1 >= need {
            return false;
        }
        let held = |r: usize| r == rank || self.naturals[suit][r] > 0;
        let windows = rank.saturating_sub(2)..=rank.min(8);
        !windows
            .into_iter()
            .any(|low| (low..low + 3).filter(|&r| held(r)).count() as u32 >= need)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MeldRules, WildLimit};
    use crate::shuffle::SplitMix64;

    /// Every draw's value is the least over every discard of the hand and the draw, each
    /// solved alone, under several rule sets and hands with few wilds (where draws are dead).
    #[test]
    fn each_draw_is_the_least_over_every_discard() {
        let mut generator = SplitMix64::new(3);
        let (mut dead_seen, mut lone_seen) = (0, 0);
        for round in 0..600 {
            let rules = MeldRules {
                packs: 2,
                distinct_suit_books: round % 2 == 0,
                max_wilds: if round % 3 == 0 {
                    WildLimit::AtMost(1)
                } else {
                    WildLimit::Unlimited
                },
                all_wild_melds: round % 5 != 0,
                wild_points: if round % 7 == 0 { 50 } else { 20 },
                joker_points: 50,
            };
            let wild_rank = [0, 3, 7, 13][round % 4] as u32;
            let mut deck: Vec<u8> = (0..2).flat_map(|_| 0..55u8).collect();
            deck.extend([JOKER; 6]);
            generator.shuffle(&mut deck);
            let size = 1 + round % 14;
            let codes: Vec<u32> = deck[..size].iter().map(|&c| u32::from(c)).collect();
            let hand = Hand::new(&codes, wild_rank, &rules).unwrap();
            let shape = Shape::of(hand.codes(), wild_rank as u8);
            let fits =
                |c: &u32| Hand::new(&[&codes[..], &[*c]].concat(), wild_rank, &rules).is_ok();
            let draws: Vec<u32> = (0..56u32).filter(fits).collect();
            let values = after_draws(&codes, wild_rank, &rules, &draws).unwrap();
            for (&draw, &value) in draws.iter().zip(&values) {
                dead_seen += usize::from(shape.dead(draw as u8, wild_rank as u8));
                lone_seen += usize::from(shape.lone(draw as u8, wild_rank as u8));
                let mut with = codes.clone();
                with.push(draw);
                let expected = (0..with.len())
                    .map(|skip| {
                        let rest: Vec<u32> = with
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != skip)
                            .map(|(_, &c)| c)
                            .collect();
                        Hand::new(&rest, wild_rank, &rules).unwrap().least()
                    })
                    .min()
                    .unwrap();
                assert_eq!(value, expected, "round {round}, draw {draw}");
            }
        }
        assert!(dead_seen > 500, "only {dead_seen} dead draws were checked");
        assert!(lone_seen > 2000, "only {lone_seen} lone draws were checked");
    }

    /// A draw the deck cannot hold beside the hand is refused.
    #[test]
    fn a_draw_beyond_the_deck_is_refused() {
        let rules = MeldRules::default();
        assert_eq!(rules.packs, 2);
        assert!(after_draws(&[5, 5], 3, &rules, &[6, 4]).is_ok());
        assert!(matches!(
            after_draws(&[5, 5], 3, &rules, &[6, 5]),
            Err(HandError::TooManyCopies { code: 5, .. })
        ));
        assert!(after_draws(&[5], 3, &rules, &[56]).is_err());
    }
}
