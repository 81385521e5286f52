//! Whole games played by the built-in policies, dealt as the Python package deals a
//! tournament's games ([`game_seed`]).

use std::sync::Arc;

use crate::bots::{Policy, PolicyKind};
use crate::game::{Game, GameError, GameRules};
use crate::shuffle::derive_seed;
use crate::HandError;

/// The deal seed of game `game` of a tournament with seed `seed`
/// (`fivecrowns.simulate.game_seed`).
pub fn game_seed(seed: u64, game: u64) -> u64 {
    derive_seed(&format!("fivecrowns/game/v1/{seed}/{game}")) >> 1
}

/// Play a whole game with these policies, one per seat (`kinds[seat]`), dealt from `seed`
/// with the last seat dealing first.
pub fn play_game(
    rules: Arc<GameRules>,
    kinds: &[PolicyKind],
    seed: u64,
) -> Result<Game, GameError> {
    let players = u8::try_from(kinds.len())
        .map_err(|_| HandError::BadRules("too many players".to_string()))?;
    let mut game = Game::new(rules, players, seed, players.saturating_sub(1))?;
    let mut policies: Vec<Policy> = (0..players)
        .map(|seat| Policy::new(kinds[usize::from(seat)], seed, seat))
        .collect();
    while !game.is_over() {
        let action = policies[usize::from(game.current())].act(&game);
        debug_assert!(game.refusal(action).is_none(), "{action} is legal");
        game.play(action);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::kit::ask;
    use crate::card::Card;
    use crate::game::actions::LAY_OFF;
    use crate::game::Action;
    use crate::game::Phase;
    use crate::search::Kind;
    use crate::solver::Layout;

    /// A final turn of a game whose players lay their hands down themselves, after the draw,
    /// where the hand holds a meld (greedy players up to it, from the first seed that gives
    /// one).
    fn final_turn_with_a_meld(rules: &Arc<GameRules>) -> (Game, Layout) {
        for seed in 0..200 {
            let mut game = Game::new(Arc::clone(rules), 3, seed, 0).expect("rules");
            let mut bots: Vec<Policy> = (0..3)
                .map(|seat| Policy::new(PolicyKind::Greedy, seed, seat))
                .collect();
            while game.phase() != Phase::Over && game.results().is_empty() {
                if game.went_out().is_some() && game.phase() == Phase::Discard {
                    let layout = ask(&game, game.hand_codes(game.current())).arrangement();
                    if !layout.melds.is_empty() && !layout.deadwood.is_empty() {
                        return (game, layout);
                    }
                }
                let seat = usize::from(game.current());
                let action = if game.lays_down_by_hand() && game.phase() == Phase::Discard {
                    Action::discard(Card::trusted(game.hand_codes(game.current())[0]))
                } else {
                    bots[seat].act(&game)
                };
                game.apply(action).expect("a legal action");
            }
        }
        panic!("no final turn with a meld in 200 games");
    }

    /// Laying down by hand: each card of a meld selected in turn, then the meld laid down,
    /// moves those cards from the hand to the table; every action the engine lists is
    /// played, every other one refused with nothing changed; the turn ends with the discard
    /// and scores what is left in hand.
    #[test]
    fn a_final_hand_is_laid_down_by_hand() {
        let rules = Arc::new(GameRules {
            schedule: vec![7, 8],
            wild_ranks: vec![7, 8],
            auto_arrange_final_hand: false,
            ..GameRules::default()
        });
        let (mut game, layout) = final_turn_with_a_meld(&rules);
        let before = game.clone();
        for action in (0..LAY_OFF + 4).map(Action::from_int) {
            let legal = game.legal_actions().contains(&action);
            let mut trial = game.clone();
            assert_eq!(trial.apply(action).is_ok(), legal, "action {action}");
            if !legal {
                assert_eq!(trial, before);
            }
        }
        assert!(!game.legal_actions().contains(&Action::MELD_BOOK));
        let seat = game.current();
        let table = game.table().count();
        let meld = &layout.melds[0];
        for &c in &meld.codes {
            game.apply(Action::select(Card::trusted(c)))
                .expect("select a card of the hand");
        }
        let kind = match meld.kind {
            Kind::Book => Action::MELD_BOOK,
            Kind::Run => Action::MELD_RUN,
        };
        assert!(game.legal_actions().contains(&kind));
        game.apply(kind).expect("lay the meld down");
        assert_eq!(game.table().count(), table + 1);
        assert!(game.selection_codes().is_empty());
        let hand = game.hand_codes(seat).to_vec();
        assert_eq!(hand.len() + meld.codes.len(), before.hand(seat).len());
        let discard = hand[0];
        game.apply(Action::discard(Card::trusted(discard)))
            .expect("discard");
        let left: i64 = hand[1..]
            .iter()
            .map(|&c| i64::from(rules.melds.points(c, game.wild_rank())))
            .sum();
        let score = game
            .results()
            .last()
            .map_or(game.round_scores()[usize::from(seat)], |r| {
                r.scores[usize::from(seat)]
            });
        assert_eq!(score, Some(left));
    }
}
