//! Games played on by the built-in bots: whole games ([`play`]), many games stepped together
//! ([`batch`], the engine of the Python package's `Simulator`) and rollouts for search
//! ([`rollout`]). This layer sits above the bots, as the Python package's `sim` layer does.

pub mod batch;
pub mod play;
pub mod rollout;
