//! Greedy's memo of each seat, shared by a game and every game played on from it (`played`),
//! so that a Python loop asking a seat's view for greedy's choice (`SeatView.greedy`) saves
//! the work `play_game` saves keeping one greedy policy per seat.

use std::sync::{Arc, Mutex};

use fivecrowns_engine::bots::{Policy, PolicyKind};
use fivecrowns_engine::game::{Action, Game as EngineGame};

/// One greedy policy per seat, made when first asked for. The games sharing it have the same
/// rules and table, and a policy's memo is checked against the round and the hand before it
/// is used: the choice is the same as a fresh policy's, only found with less work.
#[derive(Debug, Clone, Default)]
pub(crate) struct GreedyMemos(Arc<Mutex<Vec<Policy>>>);

impl GreedyMemos {
    /// Greedy's choice for `seat` (the seat to act) in `game` (the game is not over).
    pub(crate) fn act(&self, game: &EngineGame, seat: u8) -> Action {
        let fresh = || Policy::new(PolicyKind::Greedy, 0, seat).act(game);
        // (another thread asking at once, or a poisoned lock: a fresh policy, same answer)
        let Ok(mut policies) = self.0.try_lock() else {
            return fresh();
        };
        if policies.is_empty() {
            let seats = 0..game.players();
            policies.extend(seats.map(|s| Policy::new(PolicyKind::Greedy, 0, s)));
        }
        match policies.get_mut(usize::from(seat)) {
            Some(policy) => policy.act(game),
            None => fresh(),
        }
    }
}
