//! Why the game refuses an action ([`Illegal`]): one kind per rule broken, with the data
//! that names it, written (by `Display`) in the exact words of the Python package's referee
//! (`fivecrowns.game._moves.Referee`, and `Action.from_int` for an integer that is no action), so
//! that both engines refuse alike.

use std::fmt;

use super::actions::Action;
use super::meld_fault::MeldFault;
use super::names::{card_list, listed};
use crate::card::Card;

/// Why an action is refused (its `Display` is the Python referee's message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    /// A step of a batch of `games` games given another number of `actions`.
    ActionCount { games: usize, actions: usize },
    /// An integer that names no action under these rules (`limit`: how many there are).
    NotAnAction { value: i64, limit: usize },
    /// The game is over.
    GameOver { action: Action },
    /// An action after the draw, before it.
    MustDraw { player: u8 },
    /// A draw after the draw.
    HasDrawn { player: u8 },
    /// Taking the top discard of an empty pile.
    EmptyDiscardPile,
    /// A card the player does not hold (`hand`: what it holds).
    NotInHand {
        card: Card,
        player: u8,
        hand: Vec<u8>,
    },
    /// Discarding the card just taken, where the rules forbid it.
    TakenDiscard { card: Card },
    /// Going out in a final turn.
    FinalTurn { went_out: u8, player: u8 },
    /// Going out without a discard, which the rules do not allow.
    NoOutWithoutDiscard,
    /// Going out without a discard in a final turn laid down by hand.
    LayDownFirst,
    /// Going out with these cards left unmelded.
    Unmelded { cards: Vec<u8> },
    /// Laying down by hand where the engine arranges final hands.
    ArrangedByEngine,
    /// Laying down by hand outside a final turn.
    NotAFinalTurn,
    /// Selecting a card every copy of which is selected.
    AllSelected { card: Card },
    /// Deselecting a card that is not selected.
    NotSelected { card: Card },
    /// Laying down an empty selection.
    NothingSelected,
    /// Laying down every card where a discard must follow.
    NothingLeftToDiscard,
    /// Laying off where the rules do not allow it.
    NoLayOff,
    /// Laying off onto a table meld that is not there (`table`: how many there are).
    NoTableMeld { index: usize, table: usize },
    /// Laying down a selection that is no meld of the kind asked (or does not extend the
    /// table meld into one).
    NotAMeld {
        selection: Vec<u8>,
        fault: MeldFault,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::ActionCount { games, actions } => write!(
                f,
                "one action per game: {games} games, got {actions} actions"
            ),
            Illegal::NotAnAction { value, limit } => write!(
                f,
                "an action integer is an int from 0 to {} (a numpy integer will do, not a \
                 bool), got {value}",
                limit.saturating_sub(1)
            ),
            Illegal::GameOver { action } => {
                write!(f, "the game is over; no action is legal ({action})")
            }
            Illegal::MustDraw { player } => write!(f, "player {player} must draw first"),
            Illegal::HasDrawn { player } => write!(
                f,
                "player {player} has already drawn; discard a card or go out"
            ),
            Illegal::EmptyDiscardPile => {
                f.write_str("the discard pile is empty; draw from the stock")
            }
            Illegal::NotInHand { card, player, hand } => write!(
                f,
                "{card} is not in your hand (player {player} holds {})",
                card_list(hand)
            ),
            Illegal::TakenDiscard { card } => write!(
                f,
                "{card} was just taken from the discard pile and these rules forbid discarding \
                 it (may_discard_taken_discard=False)"
            ),
            Illegal::FinalTurn { went_out, player } => write!(
                f,
                "player {went_out} has already gone out; this is the final turn of player \
                 {player}: discard a card to end it"
            ),
            Illegal::NoOutWithoutDiscard => f.write_str(
                "going out without a discard is not allowed by these rules \
                 (go_out_without_discard=False)",
            ),
            Illegal::LayDownFirst => f.write_str(
                "lay your cards down (select, then meld); the turn ends when none is left",
            ),
            Illegal::Unmelded { cards } => {
                let verb = if cards.len() == 1 { "is" } else { "are" };
                write!(f, "cannot go out: {} {verb} unmelded", listed(cards))
            }
            Illegal::ArrangedByEngine => f.write_str(
                "final hands are arranged by the engine in this game \
                 (auto_arrange_final_hand=True); just discard",
            ),
            Illegal::NotAFinalTurn => {
                f.write_str("cards are laid down only by going out or in a final turn")
            }
            Illegal::AllSelected { card } => {
                write!(f, "every {card} of the hand is already selected")
            }
            Illegal::NotSelected { card } => write!(f, "{card} is not selected"),
            Illegal::NothingSelected => f.write_str("select the cards to lay down first"),
            Illegal::NothingLeftToDiscard => f.write_str(
                "laying down every card leaves nothing to discard; keep one \
                 (go_out_without_discard=False)",
            ),
            Illegal::NoLayOff => f.write_str(
                "laying off onto table melds is not allowed by these rules (lay_off=False)",
            ),
            Illegal::NoTableMeld { index, table } => write!(
                f,
                "there is no table meld {index} (the table holds {table})"
            ),
            Illegal::NotAMeld { selection, fault } => {
                write!(f, "cannot lay down {}: {fault}", card_list(selection))
            }
        }
    }
}

impl std::error::Error for Illegal {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::meld_fault::meld_fault;
    use crate::rules::MeldRules;
    use crate::search::Kind;

    /// Refusals read as the Python referee writes them.
    #[test]
    fn a_refusal_reads_as_the_python_referee_words_it() {
        let hand = vec![4, 19, 44, 55];
        let cases = [
            (
                Illegal::NotInHand {
                    card: Card::trusted(18),
                    player: 0,
                    hand,
                },
                "10H is not in your hand (player 0 holds 7* JH 3D JK)",
            ),
            (
                Illegal::Unmelded {
                    cards: vec![16, 17, 54],
                },
                "cannot go out: 8H, 9H and KD are unmelded",
            ),
            (
                Illegal::Unmelded { cards: vec![55] },
                "cannot go out: JK is unmelded",
            ),
            (Illegal::MustDraw { player: 2 }, "player 2 must draw first"),
            (
                Illegal::GameOver {
                    action: Action::from_int(57),
                },
                "the game is over; no action is legal (discard JK)",
            ),
            (
                Illegal::NotAnAction {
                    value: -1,
                    limit: 267,
                },
                "an action integer is an int from 0 to 266 (a numpy integer will do, not a \
                 bool), got -1",
            ),
        ];
        for (why, text) in cases {
            assert_eq!(why.to_string(), text);
        }
        let fault = meld_fault(Kind::Run, &[15, 38, 17], 0, &MeldRules::default());
        let why = Illegal::NotAMeld {
            selection: vec![15, 17],
            fault: fault.expect("no run"),
        };
        assert_eq!(
            why.to_string(),
            "cannot lay down 7H 9H: run needs one suit: 7H 8S 9H"
        );
    }
}
