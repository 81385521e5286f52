//! Rollouts for search: the rest of a round, or of the game, played from a state by built-in
//! policies, with the rollout's own seed for the reshuffles, the later deals and the
//! policies (each seat's policy reset as `fivecrowns.play_game` resets its bot in a game
//! dealt from that seed).

use crate::game::Game;
use crate::policy::{Policy, PolicyKind};

/// How far a rollout plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// To the end of the current round.
    Round,
    /// To the end of the game.
    Game,
}

/// Play `game` on from where it stands with `kinds[seat]` in each seat and the luck of
/// `seed`: each seat's score in the round it was in (0 for a seat not dealt in) with
/// [`Until::Round`], or each seat's final total with [`Until::Game`].
pub fn play_out(game: &Game, kinds: &[PolicyKind], seed: u64, until: Until) -> Vec<i64> {
    let mut game = game.clone();
    game.reseed(seed);
    let mut policies: Vec<Policy> = (0..game.players())
        .map(|seat| Policy::new(kinds[usize::from(seat)], seed, seat))
        .collect();
    let rounds = game.results().len();
    while !game.is_over() && (until == Until::Game || game.results().len() == rounds) {
        let action = policies[usize::from(game.current())].act(&game);
        game.play(action);
    }
    match until {
        Until::Game => game.scores().to_vec(),
        Until::Round => match game.results().get(rounds) {
            Some(result) => result.scores.iter().map(|s| s.unwrap_or(0)).collect(),
            None => game.round_scores().iter().map(|s| s.unwrap_or(0)).collect(),
        },
    }
}
