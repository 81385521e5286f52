//! The built-in bots, the twins of the Python package's bots move for move: `random`
//! ([`random`]), `greedy` ([`greedy`]) and `strong` ([`strong`], reading the round with
//! [`knowledge`]), on what they share ([`kit`]), played seat by seat as a [`Policy`]. A bot
//! reads only what its player may know: its hand, the top discard, the rules and the public
//! record of the round. Bots read the game; the game knows nothing of them.

pub mod greedy;
pub mod kit;
pub mod knowledge;
pub mod policy;
pub mod random;
pub mod strong;

pub use policy::{bot_seed, Policy, PolicyKind};
