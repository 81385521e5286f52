//! Cards chosen from outside: a round dealt with given hands and upcard, and a draw from the
//! stock of a given card. For a driver that plays chance itself (the Python package's
//! OpenSpiel game picks every card dealt and every card drawn from the stock as a chance
//! outcome), so the stock has no order that matters: a draw may take any card in it.

use super::actions::Action;
use super::refusal::Illegal;
use super::state::{Game, Phase};
use crate::{JOKER, NUM_CODES};

/// Why a deal given from outside is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealFault {
    /// Not the start of a round: an action of the round was played (or the game is over).
    NotAtDeal,
    /// A seat's hand has the wrong number of cards (the seat, its cards, the round's size).
    HandSize { seat: u8, cards: usize, size: u8 },
    /// A seat whose hand is given finished the round (or is no seat).
    Finished { seat: u8 },
    /// More copies of a card code than the deck holds (or a code that is no card).
    NotInDeck { code: u8 },
}

impl std::fmt::Display for DealFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DealFault::NotAtDeal => write!(f, "a deal is given only before a round's first action"),
            DealFault::Finished { seat } => {
                write!(
                    f,
                    "seat {seat} finished the round (or is no seat): its hand stays"
                )
            }
            DealFault::HandSize { seat, cards, size } => {
                write!(f, "seat {seat} must be dealt {size} cards, got {cards}")
            }
            DealFault::NotInDeck { code } => {
                write!(
                    f,
                    "card code {code} is not in the deck (or not that many times)"
                )
            }
        }
    }
}

impl std::error::Error for DealFault {}

impl Game {
    /// The round about to be played, dealt `hands` (by seat; empty for a seat not dealt in)
    /// and `upcard` instead of its own shuffle: the stock is the rest of the deck, ascending
    /// by code (its top card, last, the highest). Refused, changing nothing, unless no action
    /// of the round was played and the cards fit the deck and the round's hand size.
    pub fn redeal(&mut self, hands: &[Vec<u8>], upcard: u8) -> Result<(), DealFault> {
        if self.phase == Phase::Over || !self.actions.is_empty() {
            return Err(DealFault::NotAtDeal);
        }
        let packs = self.rules.melds.packs as usize;
        let mut left = [packs; NUM_CODES];
        left[usize::from(JOKER)] = 3 * packs;
        let mut take = |code: u8| match left.get_mut(usize::from(code)) {
            Some(count) if *count > 0 => {
                *count -= 1;
                Ok(())
            }
            _ => Err(DealFault::NotInDeck { code }),
        };
        let players = usize::from(self.players);
        if hands.len() != players {
            return Err(DealFault::HandSize {
                seat: u8::try_from(hands.len().min(255)).unwrap_or(u8::MAX),
                cards: 0,
                size: self.hand_size,
            });
        }
        for (seat, hand) in hands.iter().enumerate() {
            let seat = u8::try_from(seat).expect("a seat fits a byte");
            let size = if self.active.contains(&seat) {
                usize::from(self.hand_size)
            } else {
                0
            };
            if hand.len() != size {
                return Err(DealFault::HandSize {
                    seat,
                    cards: hand.len(),
                    size: self.hand_size,
                });
            }
            for &code in hand {
                take(code)?;
            }
        }
        take(upcard)?;
        for (mine, hand) in self.hands.iter_mut().zip(hands) {
            mine.clear();
            mine.extend_from_slice(hand);
            mine.sort_unstable();
        }
        self.discard_pile.clear();
        self.discard_pile.push(upcard);
        self.stock.clear();
        for (code, &count) in left.iter().enumerate() {
            let code = u8::try_from(code).expect("a card code fits a byte");
            self.stock.extend(std::iter::repeat_n(code, count));
        }
        Ok(())
    }

    /// Draw the card of `code` from the stock (its top copy, moved to the top first): the
    /// draw from the stock, with that card. Refused, changing nothing, if drawing from the
    /// stock is not legal now or no such card is in the stock (`None` then: the referee's
    /// refusal of the draw, if any).
    pub fn draw_stock_card(&mut self, code: u8) -> Result<(), Option<Illegal>> {
        if let Some(why) = self.refusal(Action::DRAW_STOCK) {
            return Err(Some(why));
        }
        let Some(index) = self.stock.iter().rposition(|&card| card == code) else {
            return Err(None);
        };
        let card = self.stock.remove(index);
        self.stock.push(card);
        self.play(Action::DRAW_STOCK);
        Ok(())
    }

    /// The hands of `seats` (each a seat still to finish the round) replaced by `hands`, and
    /// the stock by the cards of those hands and the stock that are left, ascending by code:
    /// the same round with other cards hidden where they were. Refused, changing nothing,
    /// if a seat finished the round or a hand's size changes, or if the hands take cards
    /// neither those hands nor the stock held.
    pub fn rehand(&mut self, seats: &[u8], hands: &[Vec<u8>]) -> Result<(), DealFault> {
        let mut pool = [0i64; NUM_CODES];
        for &code in &self.stock {
            pool[usize::from(code)] += 1;
        }
        for (&seat, hand) in seats.iter().zip(hands) {
            let finished = self.laid.iter().any(|laid| laid.owner == seat);
            let Some(old) = self.hands.get(usize::from(seat)).filter(|_| !finished) else {
                return Err(DealFault::Finished { seat });
            };
            if old.len() != hand.len() {
                return Err(DealFault::HandSize {
                    seat,
                    cards: hand.len(),
                    size: u8::try_from(old.len()).unwrap_or(u8::MAX),
                });
            }
            for &code in old {
                pool[usize::from(code)] += 1;
            }
        }
        for &code in hands.iter().take(seats.len()).flatten() {
            match pool.get_mut(usize::from(code)) {
                Some(count) if *count > 0 => *count -= 1,
                _ => return Err(DealFault::NotInDeck { code }),
            }
        }
        for (&seat, hand) in seats.iter().zip(hands) {
            let mine = &mut self.hands[usize::from(seat)];
            mine.clear();
            mine.extend_from_slice(hand);
            mine.sort_unstable();
        }
        self.stock.clear();
        for (code, &count) in pool.iter().enumerate() {
            let code = u8::try_from(code).expect("a card code fits a byte");
            let count = usize::try_from(count).expect("a count left is not negative");
            self.stock.extend(std::iter::repeat_n(code, count));
        }
        Ok(())
    }

    /// How many copies of each card code the stock holds, by code.
    pub fn stock_counts(&self) -> [u32; NUM_CODES] {
        let mut counts = [0; NUM_CODES];
        for &code in &self.stock {
            counts[usize::from(code)] += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::GameRules;

    fn game() -> Game {
        let rules = Arc::new(GameRules::default());
        Game::new(rules, 2, 7, 1).expect("a table of two")
    }

    #[test]
    fn redeal_takes_the_hands_and_the_rest_is_the_stock_ascending() {
        let mut g = game();
        let hands = vec![vec![5, 4, 3], vec![55, 55, 0]];
        g.redeal(&hands, 9).expect("a deal of the deck's cards");
        assert_eq!(g.hand_codes(0), &[3, 4, 5]);
        assert_eq!(g.hand_codes(1), &[0, 55, 55]);
        assert_eq!(g.pile_codes(), &[9]);
        let stock = g.stock_codes();
        assert_eq!(stock.len(), 116 - 7);
        assert!(stock.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(stock.iter().filter(|&&c| c == 55).count(), 4);
        assert_eq!(stock.iter().filter(|&&c| c == 9).count(), 1);
    }

    #[test]
    fn redeal_refuses_cards_the_deck_has_not_and_wrong_sizes() {
        let mut g = game();
        let before = g.clone();
        let too_many = vec![vec![4, 4, 4], vec![1, 2, 3]];
        assert_eq!(
            g.redeal(&too_many, 9),
            Err(DealFault::NotInDeck { code: 4 })
        );
        let short = vec![vec![4, 5], vec![1, 2, 3]];
        assert!(matches!(
            g.redeal(&short, 9),
            Err(DealFault::HandSize { seat: 0, .. })
        ));
        assert_eq!(g, before);
        g.apply(Action::DRAW_STOCK).expect("a legal draw");
        let fine = vec![vec![4, 5, 6], vec![1, 2, 3]];
        assert_eq!(g.redeal(&fine, 9), Err(DealFault::NotAtDeal));
    }

    #[test]
    fn a_stock_draw_of_a_chosen_card_takes_its_top_copy() {
        let mut g = game();
        g.redeal(&[vec![3, 4, 5], vec![6, 7, 8]], 9)
            .expect("a deal");
        let counts = g.stock_counts();
        assert_eq!(counts[20], 2);
        let seat = g.current();
        g.draw_stock_card(20).expect("a 20 is in the stock");
        assert!(g.hand_codes(seat).contains(&20));
        assert_eq!(g.stock_counts()[20], 1);
        assert_eq!(g.phase(), Phase::Discard);
        let before = g.clone();
        assert!(matches!(g.draw_stock_card(21), Err(Some(_)))); // (drawn already)
        assert_eq!(g, before);
    }

    #[test]
    fn rehand_swaps_hidden_cards_with_the_stock() {
        let mut g = game();
        g.redeal(&[vec![3, 4, 5], vec![6, 7, 8]], 9)
            .expect("a deal");
        let before = g.clone();
        g.rehand(&[1], &[vec![6, 10, 55]])
            .expect("cards of the stock");
        assert_eq!(g.hand_codes(1), &[6, 10, 55]);
        assert_eq!(g.hand_codes(0), &[3, 4, 5]);
        let counts = g.stock_counts();
        assert_eq!((counts[7], counts[8], counts[10], counts[55]), (2, 2, 1, 5));
        assert_eq!(g.stock_codes().len(), before.stock_codes().len());
        let mut again = g.clone();
        let too_many = again.rehand(&[1], &[vec![10, 10, 10]]);
        assert_eq!(too_many, Err(DealFault::NotInDeck { code: 10 }));
        assert!(matches!(
            again.rehand(&[1], &[vec![10]]),
            Err(DealFault::HandSize { .. })
        ));
        assert_eq!(again, g);
    }

    #[test]
    fn a_stock_draw_of_a_card_not_in_the_stock_changes_nothing() {
        let mut g = game();
        g.redeal(&[vec![3, 3, 5], vec![6, 7, 8]], 9)
            .expect("a deal");
        let before = g.clone();
        assert_eq!(g.draw_stock_card(3), Err(None));
        assert_eq!(g, before);
    }
}
