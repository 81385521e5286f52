//! How the game writes cards and actions in its messages: the Python package's notation
//! (`format_cards`, and
//! the lists of a sentence); a card and an action write themselves ([`crate::Card`],
//! [`super::actions::Action`]).

use crate::error::card_name;

/// Cards separated by spaces (`fivecrowns.format_cards`).
pub(crate) fn card_list(cards: &[u8]) -> String {
    let names: Vec<String> = cards.iter().map(|&c| card_name(c)).collect();
    names.join(" ")
}

/// Cards as a sentence lists them: "7H", "7H and 8H", "7H, 8H and 9H".
pub(crate) fn listed(cards: &[u8]) -> String {
    let names: Vec<String> = cards.iter().map(|&c| card_name(c)).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}
