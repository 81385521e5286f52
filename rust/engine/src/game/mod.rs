//! The game: a match of Five Crowns as a state machine on card codes ([`Game`]), and the
//! rule options it reads ([`GameRules`]).

pub(crate) mod final_hand;
pub(crate) mod hands;
pub mod observe;
pub mod rules;
pub mod state;

pub use rules::{GameRules, TieBreak, MAX_ROUND_TURNS};
pub use state::{Ended, FinalLayout, Game, Illegal, Parts, Phase, RoundResult};
