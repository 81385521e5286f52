//! The questions about one hand, on checked input: its least deadwood, an optimal
//! arrangement, the value of every discard, the best discard, whether it can go out, and which
//! draws would let it. Every answer is exact, and the arrangements are those the Python twin
//! returns (the search's, see [`search`]). A hand may hold any cards the deck of its rule set
//! holds, up to the whole deck.
//!
//! Data flows one way, from the two algorithms up to the questions:
//! - [`codes`]: a hand's sorted codes;
//! - [`sweep`]: the rank sweep, the least deadwood under the default meld rules and
//!   distinct-suit books (fast), with every discard's value from one recorded sweep;
//! - [`search`]: the memoised search, exact under every rule set, and every arrangement;
//! - `dense`: a big dense hand's arrangement built (books peeled, the rest solved) and
//!   proved optimal by the floor no arrangement goes below, before either is asked;
//! - `hand` ([`Hand`]): a checked hand, its least deadwood and its arrangement, on those;
//! - `lonely` and `kept`: the naturals no meld can hold, and the hand a best discard left
//!   last on this thread;
//! - `discards` and `going_out`: the value of each discard and the best one, and which
//!   discards and draws let a hand go out, on a [`Hand`];
//! - `many`: many hands at once, on threads, and the hot path of one hand's least deadwood.

mod big;
pub mod codes;
mod dense;
mod discards;
mod going_out;
mod hand;
mod kept;
mod lonely;
mod many;
pub mod search;
pub mod sweep;

pub use hand::{least_laying_off, Hand, Layout, Meld};
pub(crate) use lonely::Lonely;
pub use many::{least_each, least_each_counts, quick_least, Counts, MAX_THREADS};
pub use search::Kind;

#[cfg(test)]
mod tests;
