//! The game: a match of Five Crowns as a state machine on card codes ([`Game`]), and the
//! rule options it reads ([`GameRules`]). One idea per file: the action integers
//! ([`actions`]), the state and what it reads ([`state`]), a state given field by field
//! ([`parts`]), the referee (legal actions and refusals, [`legal`]), the transitions
//! ([`turns`]), why an action is refused ([`refusal`], [`meld_fault`]) and why a state is
//! ([`invalid`]), in the Python package's notation ([`names`]), the questions asked of a hand
//! (`hands`), final hands laid off onto the table (`final_hand`), the layout of a hand that
//! goes out (`out_layout`) and what a player may observe ([`observe`]). The game reads the solver; nothing here reads the bots.

pub mod actions;
pub mod chance;
pub(crate) mod final_hand;
pub(crate) mod hands;
pub mod invalid;
pub mod legal;
pub mod meld_fault;
pub mod names;
pub mod observe;
pub(crate) mod out_layout;
pub mod parts;
pub mod refusal;
pub mod rules;
pub mod state;
pub mod turns;

pub use actions::{Action, ActionKind};
pub use chance::DealFault;
pub use invalid::{GameError, InvalidState};
pub use meld_fault::MeldFault;
pub use parts::{Parts, PastRound};
pub use refusal::Illegal;
pub use rules::{GameRules, OutLayout, PileRules, TieBreak, MAX_ROUND_TURNS};
pub use state::{Ended, FinalLayout, Game, Phase, RoundResult};
