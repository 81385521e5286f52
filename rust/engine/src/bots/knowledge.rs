//! What the public record of a round tells one player: the twin of the Python package's
//! `fivecrowns.tracking.read_round`, read from a [`Game`]'s round history.
//!
//! The record names the card each take picked up, except the card that started the discard
//! pile (the upcard), which a player knows only if it saw the round begin (or while the turn
//! that took it lasts).

use crate::game::actions::{Action, ActionKind};
use crate::game::Game;
use crate::{is_wild, JOKER, NUM_CODES};

/// One player's reading of the current round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knowledge {
    /// Per card code, the copies this player has not seen (the deck less its hand, the
    /// discard pile, the table and the cards others are known to hold; never below zero).
    pub unseen: [u32; NUM_CODES],
    /// How many of the unseen cards are wild this round.
    pub unseen_wilds: u32,
    /// Per seat, the cards it took from the discard pile and has not thrown or laid down
    /// since, in the order taken.
    pub picked_up: Vec<Vec<u8>>,
    /// Per seat, the turns it started this round.
    pub turns: Vec<u32>,
    /// Per seat, how many of those turns began with a take of the top discard.
    pub takes: Vec<u32>,
}

impl Knowledge {
    /// How many cards the player has not seen.
    pub fn unseen_total(&self) -> u32 {
        self.unseen.iter().sum()
    }

    /// The round of `game` as `seat` reads it from the public record, knowing the `upcard`
    /// if it saw the round begin.
    pub fn read(game: &Game, seat: u8, upcard: Option<u8>) -> Knowledge {
        let players = usize::from(game.players());
        let mut stack: Vec<Option<u8>> = vec![upcard];
        let mut held: Vec<Vec<u8>> = vec![Vec::new(); players];
        let mut turns = vec![0u32; players];
        let mut takes = vec![0u32; players];
        let drop_one = |cards: &mut Vec<u8>, card: u8| {
            if let Some(at) = cards.iter().position(|&c| c == card) {
                cards.remove(at);
            }
        };
        let history = game.round_history();
        // the take of this turn, if any: the card it took is public while the turn lasts
        let last_take = game.taken_code().and_then(|_| {
            history
                .iter()
                .rposition(|&(_, action)| action == Action::DRAW_DISCARD)
        });
        for (index, &(player, action)) in history.iter().enumerate() {
            let p = usize::from(player);
            match action.kind() {
                ActionKind::DrawStock => turns[p] += 1,
                ActionKind::DrawDiscard => {
                    turns[p] += 1;
                    takes[p] += 1;
                    let mut taken = stack.pop().flatten();
                    if taken.is_none() && Some(index) == last_take {
                        taken = game.taken_code(); // (the upcard, not known, but taken this turn)
                    }
                    if let Some(card) = taken {
                        held[p].push(card);
                    }
                }
                ActionKind::Discard(card) | ActionKind::GoOut(card) => {
                    let card = card.code();
                    stack.push(Some(card));
                    drop_one(&mut held[p], card);
                }
                _ => {}
            }
        }
        // a card laid down or off is no longer held (a card another seat laid off onto this
        // seat's meld may be taken for one of its own, which only forgets a card known held)
        for (owner, meld) in game.table() {
            for &card in &meld.codes {
                drop_one(&mut held[usize::from(owner)], card);
            }
        }
        for (seat, cards) in held.iter_mut().enumerate() {
            for &card in game.laid_off_codes(seat as u8) {
                drop_one(cards, card);
            }
        }
        let packs = i64::from(game.rules().melds.packs);
        let mut counts = [packs; NUM_CODES];
        counts[usize::from(JOKER)] = 3 * packs;
        let mut see = |card: u8| counts[usize::from(card)] -= 1;
        game.hand_codes(seat).iter().for_each(|&c| see(c));
        game.pile_codes().iter().for_each(|&c| see(c));
        for (_, meld) in game.table() {
            meld.codes.iter().for_each(|&c| see(c));
        }
        for (other, cards) in held.iter().enumerate() {
            if other != usize::from(seat) {
                cards.iter().for_each(|&c| see(c));
            }
        }
        let unseen = counts.map(|count| count.max(0) as u32);
        let wild = game.wild_rank();
        let unseen_wilds = (0..NUM_CODES as u8)
            .filter(|&c| is_wild(c, wild))
            .map(|c| unseen[usize::from(c)])
            .sum();
        Knowledge {
            unseen,
            unseen_wilds,
            picked_up: held,
            turns,
            takes,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::card::Card;
    use crate::game::GameRules;

    /// A take is seen by everyone: the card taken is known to be in that hand (and is no
    /// longer unseen to the others), until it is thrown again; the upcard only by a player
    /// told it.
    #[test]
    fn a_taken_card_is_known_until_thrown() {
        let mut game = Game::new(Arc::new(GameRules::default()), 3, 5, 2).unwrap();
        let upcard = game.pile_codes()[0];
        game.play(Action::DRAW_STOCK);
        let thrown = game.hand_codes(0)[0];
        game.play(Action::discard(Card::trusted(thrown)));
        game.play(Action::DRAW_DISCARD);
        let before = Knowledge::read(&game, 2, None);
        assert_eq!(before.picked_up[1], vec![thrown]);
        assert_eq!(
            (before.turns.clone(), before.takes.clone()),
            (vec![1, 1, 0], vec![0, 1, 0])
        );
        let fresh = Knowledge::read(
            &Game::new(Arc::new(GameRules::default()), 3, 5, 2).unwrap(),
            2,
            None,
        );
        // the seat-2 reader sees the taken card (now in seat 1's hand) as known, not unseen,
        // and the upcard still on the pile as seen
        assert_eq!(
            before.unseen[usize::from(thrown)] + 1,
            fresh.unseen[usize::from(thrown)]
        );
        let again = game
            .hand_codes(1)
            .iter()
            .copied()
            .find(|&c| c == thrown)
            .unwrap();
        game.play(Action::discard(Card::trusted(again)));
        assert!(Knowledge::read(&game, 2, Some(upcard)).picked_up[1].is_empty());
        let mut first = Game::new(Arc::new(GameRules::default()), 3, 5, 2).unwrap();
        first.play(Action::DRAW_DISCARD);
        assert_eq!(
            Knowledge::read(&first, 1, Some(upcard)).picked_up[0],
            vec![upcard]
        );
        // while the turn that took the upcard lasts, every reader sees it taken; after, only
        // one told the upcard
        assert_eq!(Knowledge::read(&first, 1, None).picked_up[0], vec![upcard]);
        let kept = first
            .hand_codes(0)
            .iter()
            .copied()
            .find(|&c| c != upcard)
            .unwrap();
        first.play(Action::discard(Card::trusted(kept)));
        assert!(Knowledge::read(&first, 1, None).picked_up[0].is_empty());
        assert_eq!(
            Knowledge::read(&first, 1, Some(upcard)).picked_up[0],
            vec![upcard]
        );
    }
}
