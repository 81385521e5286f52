//! The rank sweep: the least deadwood of a hand under the default meld rules (any number of
//! wilds per meld, books of any suits), with all-wild melds allowed or not, fast; and under
//! `max_wilds_per_meld=0`, where it sweeps with no wilds and prices every wild as deadwood. It
//! takes hands of any size with at most [`MAX_COPIES`] copies of a natural and fewer than
//! [`LANES`] wilds that melds may take, whose least natural deadwood is at most
//! [`MAX_POINTS`]; the search answers the rest. It takes books of distinct suits too (see
//! `books`).
//!
//! Under those rules spare wilds are free once any meld holds a natural (a book takes any
//! number of wilds; a long run splits in two that each take one), so the answer is the least
//! *natural* deadwood `D` reachable with at most `W` wilds inside melds (the hand's wilds),
//! unless no meld holds a natural at all; then the wilds meld on their own when there are
//! three or more and the rules allow all-wild melds, or are deadwood ([`Split::finish`]).
//! Every meld the sweep makes holds a natural, so all-wild melds matter only there.
//!
//! `D` is found by sweeping the ranks from 3 to king. The state is, for each suit, how many
//! runs are still open, each summed up by one of four descriptors:
//! - A: one natural, started at the previous rank; it must continue;
//! - B: two adjacent naturals; it may close by taking one wild as an extension;
//! - C: a span of three or more holding at least two naturals; it may close for free;
//! - G: a run whose last card is a wild filling a gap; it must continue with a natural.
//!
//! At each rank every open run of a suit continues with a natural of that suit and rank,
//! takes a wild for the gap, or closes; new runs start on naturals; the naturals left over
//! at the rank all go to one book (padded to three with wilds) or are all deadwood (a book
//! takes any number of cards, so splitting them gains nothing). The value of a state is a
//! small vector: lane `j` holds the least natural deadwood so far using at most `j` wilds.
//! Using `n` wilds shifts the vector by `n` lanes; two ways to one state merge lane by lane.
//! Lanes are bytes, saturating at 255 (unreachable): a way through the ranks only adds
//! deadwood, so one above 254 never leads to a least natural deadwood within it, and the
//! sweep is exact whenever that least is at most 254 (every hand of the official game, and
//! nearly every big hand, which melds most of its cards).
//!
//! Choices that an exchange makes no better are not tried: a gap or a new run only where a
//! natural of the suit lies close enough above to end it; no run starts where another of its
//! suit closes (they would be one run); no natural of a suit goes to the book at a rank where
//! a run of that suit takes a wild (the two would swap).

//!
//! The parts, in the order they build on one another (each uses only those before it):
//! `values` (the lanes) and `steps` (one suit's runs through a rank); `ranks` (every way on
//! through a rank); `layer` (a rank's states, a sweep's working memory); `split` (a hand as
//! the sweep sees it, [`Split`]); `books` (books of distinct suits); `back` (the values of
//! the ranks above, downwards) and `record` (a recorded sweep, [`Swept`], and every
//! discard's value from it); `pass` (the sweep itself); `least` (a hand's least deadwood
//! from one sweep).

mod back;
mod books;
mod layer;
mod least;
mod pass;
mod ranks;
mod record;
mod split;
mod steps;
mod values;

pub use least::{least_laying_off, least_of, Least};
pub use record::Swept;
pub use split::{Split, MAX_COPIES, MAX_NATURALS, MAX_POINTS};
pub use values::LANES;

#[cfg(test)]
mod tests;
