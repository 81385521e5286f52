//! The actions as integers, the Python package's `Action.to_int` encoding (stable: it only
//! ever grows at the end).

use crate::NUM_CODES;

/// The integer of "draw from the stock".
pub const DRAW_STOCK: u16 = 0;
/// The integer of "take the top discard".
pub const DRAW_DISCARD: u16 = 1;
/// The first integer of "discard code c" (`DISCARD + c`).
pub const DISCARD: u16 = 2;
/// The first integer of "go out discarding code c" (`GO_OUT + c`).
pub const GO_OUT: u16 = 2 + NUM_CODES as u16;
/// The integer of "go out without a discard".
pub const GO_OUT_WITHOUT_DISCARD: u16 = 2 + 2 * NUM_CODES as u16;
/// The first integer of "select code c to lay down" (`SELECT + c`), in a final turn where
/// players lay their hands down themselves.
pub const SELECT: u16 = GO_OUT_WITHOUT_DISCARD + 1;
/// The first integer of "deselect code c" (`DESELECT + c`).
pub const DESELECT: u16 = SELECT + NUM_CODES as u16;
/// The integer of "lay the selection down as a book".
pub const MELD_BOOK: u16 = DESELECT + NUM_CODES as u16;
/// The integer of "lay the selection down as a run".
pub const MELD_RUN: u16 = MELD_BOOK + 1;
/// The first integer of "lay the selection off onto table meld i" (`LAY_OFF + i`).
pub const LAY_OFF: u16 = MELD_RUN + 1;

/// How many action integers there are under rules whose deck holds `deck_size` cards
/// (`fivecrowns.num_actions`): the lay-offs reach a third of the deck, the most melds a
/// table can hold.
pub fn num_actions(deck_size: usize) -> usize {
    usize::from(LAY_OFF) + deck_size / 3
}
