//! The Five Crowns rules engine on card codes, with nothing of Python in it.
//!
//! Cards are codes: `suit * 11 + (rank - 3)` for the 55 naturals (suits stars, hearts, clubs,
//! spades, diamonds; ranks 3 to 13), and [`JOKER`] (55) for the joker. A wild rank is 3..=13,
//! or 0 when only jokers are wild.
//!
//! The layers, each using only those above it in this list (data flows one way):
//! - the vocabulary: this module's card codes, [`rules`] (the meld and scoring options),
//!   [`error`], [`naturals`] (a multiset of naturals) and [`melds`] (what a meld's cards
//!   stand for, whether cards form one);
//! - [`solver`]: the questions about one hand of any size the deck holds (its least
//!   deadwood, an optimal arrangement, the value of every discard, the best discard, going
//!   out, the outs) under any [`MeldRules`], on two exact algorithms: [`sweep`], a rank sweep
//!   for the least deadwood under the default meld rules and distinct-suit books (fast), and
//!   [`search`], the memoised search for everything else and for every arrangement, the twin
//!   of the Python package's search, move for move (so both packages return the same
//!   arrangement of a hand); re-exported here as [`codes`], [`search`] and [`sweep`];
//! - [`analysis`]: what a hand is worth beyond its least deadwood (each possible draw's
//!   value), on the solver;
//! - [`game`]: a game's state and its transitions, on the solver;
//! - [`bots`]: the built-in bots (random, greedy, strong) and what they share, on the game;
//! - [`sim`]: batches of games and rollouts, on the bots
//!   (and [`shuffle`], the seeded shuffles and hashes every layer uses).

pub mod analysis;
pub mod bots;
pub mod card;
pub mod error;
pub mod game;
pub mod melds;
pub mod naturals;
pub mod rules;
pub mod shuffle;
pub mod sim;
pub mod solver;

pub use card::Card;
pub use error::HandError;
pub use rules::{MeldRules, WildLimit};
pub use solver::{codes, search, sweep};
pub use solver::{Hand, Kind, Layout, Meld};

/// The code of the joker (the naturals are 0..=54).
pub const JOKER: u8 = 55;
/// How many distinct card codes there are: 55 naturals and the joker.
pub const NUM_CODES: usize = 56;

/// How many copies of the card `code` a deck of `packs` packs holds: one of each natural per
/// pack, and three jokers.
#[inline]
pub fn copies_in_deck(code: usize, packs: usize) -> usize {
    if code == usize::from(JOKER) {
        3 * packs
    } else {
        packs
    }
}
/// How many cards a deck of `packs` packs holds: 58 a pack (55 naturals and three jokers),
/// the most cards a hand given to the solver may hold.
#[inline]
pub fn deck_size(packs: usize) -> usize {
    58 * packs
}

/// The largest hand a round deals (the Python package's `rules.MAX_HAND_SIZE`): every
/// question the engine answers on a hand of at most one card more is answered within a
/// second, whatever the rules (`benchmarks/worst_inputs.py` searches for the slowest).
pub const MAX_DEALT: u8 = 14;
/// The most cards a hand of a game holds: the largest deal and the card drawn (the game's
/// bound, not the solver's: the solver takes any hand the deck holds, see [`deck_size`]).
pub const MAX_CARDS: usize = MAX_DEALT as usize + 1;

/// Is `code` wild in a round whose wild rank is `wild_rank` (0: only jokers)?
#[inline]
pub fn is_wild(code: u8, wild_rank: u8) -> bool {
    code == JOKER || rank_index(code) + 3 == wild_rank
}

/// The natural cards of `codes` (those that are not wild when `wild_rank` is wild), in order.
pub fn naturals(codes: &[u8], wild_rank: u8) -> Vec<u8> {
    codes
        .iter()
        .copied()
        .filter(|&c| !is_wild(c, wild_rank))
        .collect()
}

/// `code % 11`: a natural's rank less three (0 for threes), read from a table (the hot paths
/// ask it of every card).
#[inline]
pub fn rank_index(code: u8) -> u8 {
    /// `c % 11` for every byte `c`.
    const RANKS: [u8; 256] = {
        let mut ranks = [0u8; 256];
        let mut c = 0;
        while c < 256 {
            ranks[c] = (c % 11) as u8;
            c += 1;
        }
        ranks
    };
    RANKS[usize::from(code)]
}
