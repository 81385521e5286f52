//! The game: a match of Five Crowns as a state machine on card codes ([`Game`]), and the
//! rule options it reads ([`GameRules`]). One idea per file: the action integers
//! ([`actions`]), the state and what it reads ([`state`]), a state given field by field
//! ([`parts`]), the referee (legal actions and refusals, [`legal`]), the transitions
//! ([`turns`]), why something is refused ([`refusal`]), the questions asked of a hand
//! ([`hands`]), final hands laid off onto the table ([`final_hand`]) and what a player may
//! observe ([`observe`]). The game reads the solver; nothing here reads the bots.

pub mod actions;
pub(crate) mod final_hand;
pub(crate) mod hands;
pub mod legal;
pub mod observe;
pub mod parts;
pub mod refusal;
pub mod rules;
pub mod state;
pub mod turns;

pub use parts::{Parts, PastRound};
pub use refusal::Illegal;
pub use rules::{GameRules, TieBreak, MAX_ROUND_TURNS};
pub use state::{Ended, FinalLayout, Game, Phase, RoundResult};
