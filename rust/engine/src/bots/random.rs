//! The random policy: a uniformly random legal action, drawn from the generator the Python
//! package's `RandomBot` seeds (the same draw, so the same choice).

use crate::game::{Action, Game};
use crate::shuffle::Mt19937;

/// `RandomBot`'s choice: the legal action at a uniformly random index.
pub(crate) fn random_action(game: &Game, rng: &mut Mt19937) -> Action {
    let legal = game.legal_actions();
    legal[rng.randbelow(legal.len() as u64) as usize]
}
