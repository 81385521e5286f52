//! Why the engine refuses a hand.

use std::fmt;

/// A hand (or a wild rank, or a rule set) the engine cannot solve; the message says what was
/// wrong and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandError {
    /// A card code outside 0..=55.
    BadCode(u32),
    /// A wild rank outside 3..=13 (0: only jokers are wild).
    BadWildRank(u32),
    /// More copies of a card than the deck holds.
    TooManyCopies {
        code: u8,
        copies: usize,
        allowed: usize,
    },
    /// A rule set outside what the rules accept.
    BadRules(String),
    /// Some other input no hand can be made of (its shape or size).
    BadHand(String),
    /// A question that needs cards asked of an empty hand.
    Empty(&'static str),
}

/// The notation of the card `code` ("10H", "JK").
pub(crate) fn card_name(code: u8) -> String {
    crate::card::Card::trusted(code).to_string()
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::BadCode(code) => {
                write!(f, "card codes are 0 to 55 (55 is the joker), got {code}")
            }
            HandError::BadWildRank(rank) => write!(
                f,
                "wild rank must be from 3 to 13, or 0 when only jokers are wild, got {rank}"
            ),
            // (the Python package's words, so both engines refuse alike)
            HandError::TooManyCopies {
                code,
                copies,
                allowed,
            } if *code == crate::JOKER => write!(
                f,
                "{copies} jokers, but a deck of {} pack(s) holds only {allowed}",
                allowed / 3
            ),
            HandError::TooManyCopies {
                code,
                copies,
                allowed,
            } => write!(
                f,
                "{copies} copies of {}, but a deck of {allowed} pack(s) holds only {allowed}",
                card_name(*code)
            ),
            HandError::BadRules(why) | HandError::BadHand(why) => f.write_str(why),
            HandError::Empty(what) => write!(f, "{what} needs a hand of at least one card"),
        }
    }
}

impl std::error::Error for HandError {}
