//! Analysis of one hand on the solver: what each possible draw leaves it with
//! ([`draws`]). This layer sits on the solver, beside the game (it knows nothing of games).

pub mod draws;

pub use draws::after_draws;
