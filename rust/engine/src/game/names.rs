//! How the game writes cards and actions in its messages: the Python package's notation
//! (`str(Card)`, `format_cards`, `str(Action)`).

use std::fmt;

use super::actions::{
    DESELECT, DISCARD, DRAW_DISCARD, DRAW_STOCK, GO_OUT, GO_OUT_WITHOUT_DISCARD, LAY_OFF,
    MELD_BOOK, MELD_RUN, SELECT,
};
use crate::error::card_name;

/// The card `code`, written as the Python package writes it ("10H", "JK").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardName(pub u8);

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&card_name(self.0))
    }
}

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

/// The notation of `action` (`str(Action)` in the Python package: "draw", "take",
/// "discard 7H", "out 7H", "out!", "select 7H", "deselect 7H", "meld book", "meld run",
/// "layoff 2").
pub fn notation(action: u16) -> String {
    let card = |base: u16| card_name((action - base) as u8);
    match action {
        DRAW_STOCK => "draw".to_string(),
        DRAW_DISCARD => "take".to_string(),
        a if a < GO_OUT => format!("discard {}", card(DISCARD)),
        a if a < GO_OUT_WITHOUT_DISCARD => format!("out {}", card(GO_OUT)),
        GO_OUT_WITHOUT_DISCARD => "out!".to_string(),
        a if a < DESELECT => format!("select {}", card(SELECT)),
        a if a < MELD_BOOK => format!("deselect {}", card(DESELECT)),
        MELD_BOOK => "meld book".to_string(),
        MELD_RUN => "meld run".to_string(),
        a => format!("layoff {}", a - LAY_OFF),
    }
}
