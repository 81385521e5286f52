//! The actions ([`Action`]): the Python package's `Action.to_int` encoding (stable: it only
//! ever grows at the end), wrapped, and what each integer means ([`ActionKind`]).
//!
//! Every `u16` is an action's integer by its shape (the lay-offs take every integer from
//! [`LAY_OFF`] up); whether a rule set has that action ([`num_actions`]) and whether it is
//! legal now is the referee's to say (`Game::refusal`), so an [`Action`] is made from any
//! integer and refused, with the referee's words, where it names nothing.

use std::fmt;

use crate::card::Card;
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

/// An action of the game, as its integer.
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Action(u16);

/// What an action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// Draw from the stock.
    DrawStock,
    /// Take the top discard.
    DrawDiscard,
    /// Discard a card.
    Discard(Card),
    /// Go out, discarding a card.
    GoOut(Card),
    /// Go out without a discard.
    GoOutWithoutDiscard,
    /// Select a card to lay down (a final turn laid down by hand).
    Select(Card),
    /// Deselect a card.
    Deselect(Card),
    /// Lay the selection down as a book.
    MeldBook,
    /// Lay the selection down as a run.
    MeldRun,
    /// Lay the selection off onto the table meld of this index.
    LayOff(usize),
}

impl Action {
    pub const DRAW_STOCK: Action = Action(DRAW_STOCK);
    pub const DRAW_DISCARD: Action = Action(DRAW_DISCARD);
    pub const GO_OUT_WITHOUT_DISCARD: Action = Action(GO_OUT_WITHOUT_DISCARD);
    pub const MELD_BOOK: Action = Action(MELD_BOOK);
    pub const MELD_RUN: Action = Action(MELD_RUN);

    /// The action of the integer `value` (any integer: see the module's documentation).
    #[inline]
    pub const fn from_int(value: u16) -> Action {
        Action(value)
    }

    /// The action's integer.
    #[inline]
    pub const fn int(self) -> u16 {
        self.0
    }

    /// Discard `card`.
    #[inline]
    pub const fn discard(card: Card) -> Action {
        Action(DISCARD + card.code() as u16)
    }

    /// Go out discarding `card`.
    #[inline]
    pub const fn go_out(card: Card) -> Action {
        Action(GO_OUT + card.code() as u16)
    }

    /// Select `card`.
    #[inline]
    pub const fn select(card: Card) -> Action {
        Action(SELECT + card.code() as u16)
    }

    /// Deselect `card`.
    #[inline]
    pub const fn deselect(card: Card) -> Action {
        Action(DESELECT + card.code() as u16)
    }

    /// Lay the selection off onto table meld `index` (None: no integer is that far).
    #[inline]
    pub fn lay_off(index: usize) -> Option<Action> {
        u16::try_from(index)
            .ok()
            .and_then(|index| LAY_OFF.checked_add(index))
            .map(Action)
    }

    /// The action of `kind` (None only for a lay-off past every integer).
    pub fn of(kind: ActionKind) -> Option<Action> {
        Some(match kind {
            ActionKind::DrawStock => Action::DRAW_STOCK,
            ActionKind::DrawDiscard => Action::DRAW_DISCARD,
            ActionKind::Discard(card) => Action::discard(card),
            ActionKind::GoOut(card) => Action::go_out(card),
            ActionKind::GoOutWithoutDiscard => Action::GO_OUT_WITHOUT_DISCARD,
            ActionKind::Select(card) => Action::select(card),
            ActionKind::Deselect(card) => Action::deselect(card),
            ActionKind::MeldBook => Action::MELD_BOOK,
            ActionKind::MeldRun => Action::MELD_RUN,
            ActionKind::LayOff(index) => return Action::lay_off(index),
        })
    }

    /// What the action does.
    #[inline]
    pub fn kind(self) -> ActionKind {
        // (each range's offsets are below NUM_CODES: every one is a card's code)
        let card = |base: u16| Card::trusted((self.0 - base) as u8);
        match self.0 {
            DRAW_STOCK => ActionKind::DrawStock,
            DRAW_DISCARD => ActionKind::DrawDiscard,
            a if a < GO_OUT => ActionKind::Discard(card(DISCARD)),
            a if a < GO_OUT_WITHOUT_DISCARD => ActionKind::GoOut(card(GO_OUT)),
            GO_OUT_WITHOUT_DISCARD => ActionKind::GoOutWithoutDiscard,
            a if a < DESELECT => ActionKind::Select(card(SELECT)),
            a if a < MELD_BOOK => ActionKind::Deselect(card(DESELECT)),
            MELD_BOOK => ActionKind::MeldBook,
            MELD_RUN => ActionKind::MeldRun,
            a => ActionKind::LayOff(usize::from(a - LAY_OFF)),
        }
    }

    /// Is it a draw (from the stock or the discard pile)?
    #[inline]
    pub const fn is_draw(self) -> bool {
        self.0 <= DRAW_DISCARD
    }
}

impl From<Action> for u16 {
    #[inline]
    fn from(action: Action) -> u16 {
        action.0
    }
}

/// The Python package's notation (`str(Action)`: "draw", "take", "discard 7H", "out 7H",
/// "out!", "select 7H", "deselect 7H", "meld book", "meld run", "layoff 2").
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            ActionKind::DrawStock => f.write_str("draw"),
            ActionKind::DrawDiscard => f.write_str("take"),
            ActionKind::Discard(card) => write!(f, "discard {card}"),
            ActionKind::GoOut(card) => write!(f, "out {card}"),
            ActionKind::GoOutWithoutDiscard => f.write_str("out!"),
            ActionKind::Select(card) => write!(f, "select {card}"),
            ActionKind::Deselect(card) => write!(f, "deselect {card}"),
            ActionKind::MeldBook => f.write_str("meld book"),
            ActionKind::MeldRun => f.write_str("meld run"),
            ActionKind::LayOff(index) => write!(f, "layoff {index}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every integer is one action, whose kind makes it again.
    #[test]
    fn every_integer_is_the_action_its_kind_makes() {
        for value in 0..=u16::MAX {
            let action = Action::from_int(value);
            assert_eq!(action.int(), value);
            assert_eq!(Action::of(action.kind()), Some(action), "{value}");
            assert_eq!(action.is_draw(), value <= DRAW_DISCARD);
        }
        assert_eq!(Action::lay_off(usize::from(u16::MAX - LAY_OFF) + 1), None);
        assert_eq!(std::mem::size_of::<Action>(), 2);
    }

    #[test]
    fn actions_are_written_as_the_python_package_writes_them() {
        let seven = Card::natural(7, 1).unwrap();
        let written: Vec<String> = [
            Action::DRAW_STOCK,
            Action::DRAW_DISCARD,
            Action::discard(seven),
            Action::go_out(Card::JOKER),
            Action::GO_OUT_WITHOUT_DISCARD,
            Action::select(seven),
            Action::deselect(seven),
            Action::MELD_BOOK,
            Action::MELD_RUN,
            Action::lay_off(2).unwrap(),
        ]
        .iter()
        .map(Action::to_string)
        .collect();
        let expected = [
            "draw",
            "take",
            "discard 7H",
            "out JK",
            "out!",
            "select 7H",
            "deselect 7H",
            "meld book",
            "meld run",
            "layoff 2",
        ];
        assert_eq!(written, expected);
    }
}
