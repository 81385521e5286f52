//! The built-in policies as one value per seat ([`Policy`]), chosen by name
//! ([`PolicyKind`]) and reset as the Python package resets its bots ([`bot_seed`]).

use super::greedy::{greedy, Memo};
use super::random::random_action;
use super::strong::Strong;
use crate::game::{Action, Game};
use crate::shuffle::{derive_seed, Mt19937};

/// Which built-in policy plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PolicyKind {
    Random,
    Greedy,
    Strong,
}

impl PolicyKind {
    /// The policy of a bot name ("random", "greedy", "strong"), if it is built in.
    pub fn from_name(name: &str) -> Option<PolicyKind> {
        match name {
            "random" => Some(PolicyKind::Random),
            "greedy" => Some(PolicyKind::Greedy),
            "strong" => Some(PolicyKind::Strong),
            _ => None,
        }
    }
}

/// A policy playing one seat of one game (the random one keeps its generator).
#[derive(Debug, Clone)]
pub enum Policy {
    Random(Box<Mt19937>),
    Greedy(Memo),
    Strong(Box<Strong>),
}

/// The seed the Python package resets the bot in `seat` with, in a game dealt from `seed`
/// (`fivecrowns.simulate.bot_seed`).
pub fn bot_seed(seed: u64, seat: u8) -> u64 {
    derive_seed(&format!("fivecrowns/bot/v1/{seed}/{seat}")) >> 1
}

impl Policy {
    /// The policy of `kind` for `seat` in a game dealt from `seed`, reset as the Python
    /// package resets its bot.
    pub fn new(kind: PolicyKind, seed: u64, seat: u8) -> Policy {
        match kind {
            PolicyKind::Random => Policy::Random(Box::new(Mt19937::new(bot_seed(seed, seat)))),
            PolicyKind::Greedy => Policy::Greedy(Memo::default()),
            PolicyKind::Strong => Policy::Strong(Box::default()),
        }
    }

    /// The action this policy plays now (the game is not over).
    pub fn act(&mut self, game: &Game) -> Action {
        match self {
            Policy::Random(rng) => random_action(game, rng),
            Policy::Greedy(memo) => greedy(game, memo),
            Policy::Strong(strong) => strong.act(game),
        }
    }
}
