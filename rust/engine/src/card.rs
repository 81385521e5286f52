//! A card ([`Card`]): one of the 56 card codes, checked once where it enters the engine.
//!
//! A card is its code, `suit * 11 + (rank - 3)` for the 55 naturals (suits stars, hearts,
//! clubs, spades, diamonds; ranks 3 to 13) and [`JOKER`] (55) for the joker, wrapped so
//! that a card cannot be mistaken for a seat, a count or an action. The wrapper is
//! `#[repr(transparent)]` over the code and `Copy`: converting it to its code
//! ([`Card::code`], [`Card::codes`]) costs nothing, so the solver keeps its bare codes in
//! its hot loops and the layers above hand it cards at no cost.

use std::fmt;

use crate::{rank_index, JOKER, NUM_CODES};

/// One card: a natural (a rank 3..=13 of one of five suits) or the joker.
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// The suits in code order, as the Python package writes them.
const SUITS: [&str; 5] = ["*", "H", "C", "S", "D"];

impl Card {
    /// The joker.
    pub const JOKER: Card = Card(JOKER);

    /// The card of `code`, or None for a code no card has (56 and above).
    #[inline]
    pub const fn from_code(code: u8) -> Option<Card> {
        if (code as usize) < NUM_CODES {
            Some(Card(code))
        } else {
            None
        }
    }

    /// The card of `code`, a code the engine made or checked already (a game's hands, the
    /// solver's answers).
    #[inline]
    pub(crate) const fn trusted(code: u8) -> Card {
        debug_assert!((code as usize) < NUM_CODES);
        Card(code)
    }

    /// The natural of `rank` (3..=13) in suit `suit` (0..=4: stars, hearts, clubs, spades,
    /// diamonds), or None when either is out of range.
    #[inline]
    pub const fn natural(rank: u8, suit: u8) -> Option<Card> {
        if rank < 3 || rank > 13 || suit > 4 {
            return None;
        }
        Some(Card(suit * 11 + rank - 3))
    }

    /// Every card, in code order (the 55 naturals, then the joker).
    pub fn all() -> impl Iterator<Item = Card> {
        (0..NUM_CODES as u8).map(Card)
    }

    /// The card's code (0..=55).
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// Is it the joker?
    #[inline]
    pub const fn is_joker(self) -> bool {
        self.0 == JOKER
    }

    /// A natural's rank (3..=13); None for the joker.
    #[inline]
    pub fn rank(self) -> Option<u8> {
        (!self.is_joker()).then(|| rank_index(self.0) + 3)
    }

    /// A natural's suit (0..=4, the code order); None for the joker.
    #[inline]
    pub const fn suit(self) -> Option<u8> {
        if self.is_joker() {
            None
        } else {
            Some(self.0 / 11)
        }
    }

    /// Is it wild in a round whose wild rank is `wild_rank` (0: only jokers)?
    #[inline]
    pub fn is_wild(self, wild_rank: u8) -> bool {
        crate::is_wild(self.0, wild_rank)
    }

    /// The codes of `cards`, the same memory seen as codes (no copy).
    #[inline]
    pub fn codes(cards: &[Card]) -> &[u8] {
        // SAFETY: `Card` is `#[repr(transparent)]` over `u8`, so a slice of cards has the
        // layout of a slice of bytes of the same length, and every card is a valid byte.
        unsafe { std::slice::from_raw_parts(cards.as_ptr().cast::<u8>(), cards.len()) }
    }

    /// The cards of `codes`, codes the engine made or checked already (a game's hands, the
    /// solver's answers), the same memory seen as cards (no copy).
    #[inline]
    pub(crate) fn trusted_slice(codes: &[u8]) -> &[Card] {
        debug_assert!(codes.iter().all(|&code| usize::from(code) < NUM_CODES));
        // SAFETY: `Card` is `#[repr(transparent)]` over `u8`, so a slice of bytes has the
        // layout of a slice of cards of the same length, and every byte is a valid `Card`
        // to the language (that its code is below 56 is this crate's promise, which the
        // caller keeps: the codes are a game's or the solver's).
        unsafe { std::slice::from_raw_parts(codes.as_ptr().cast::<Card>(), codes.len()) }
    }

    /// The cards of `codes`, or the first code no card has.
    pub fn from_codes(codes: &[u8]) -> Result<Vec<Card>, u8> {
        codes
            .iter()
            .map(|&code| Card::from_code(code).ok_or(code))
            .collect()
    }
}

impl From<Card> for u8 {
    #[inline]
    fn from(card: Card) -> u8 {
        card.0
    }
}

impl TryFrom<u8> for Card {
    /// The code no card has.
    type Error = u8;

    #[inline]
    fn try_from(code: u8) -> Result<Card, u8> {
        Card::from_code(code).ok_or(code)
    }
}

/// The Python package's notation: "10H", "QS", "3*", "JK".
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (Some(rank), Some(suit)) = (self.rank(), self.suit()) else {
            return f.write_str("JK");
        };
        let suit = SUITS[usize::from(suit)];
        match rank {
            11 => write!(f, "J{suit}"),
            12 => write!(f, "Q{suit}"),
            13 => write!(f, "K{suit}"),
            r => write!(f, "{r}{suit}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_its_code_and_its_rank_and_suit() {
        assert_eq!(Card::all().count(), NUM_CODES);
        for (code, card) in Card::all().enumerate() {
            assert_eq!(usize::from(card.code()), code);
            assert_eq!(Card::from_code(card.code()), Some(card));
            assert_eq!(Card::try_from(card.code()), Ok(card));
            match (card.rank(), card.suit()) {
                (Some(rank), Some(suit)) => {
                    assert!(!card.is_joker());
                    assert_eq!(Card::natural(rank, suit), Some(card));
                    assert!(card.is_wild(rank) && !card.is_wild(0));
                    assert!(!card.is_wild(3 + (rank - 2) % 11), "another rank");
                }
                (None, None) => assert!(card.is_joker() && card == Card::JOKER),
                other => panic!("{card:?}: {other:?}"),
            }
        }
        for code in 56..=255 {
            assert_eq!(Card::from_code(code), None);
            assert_eq!(Card::try_from(code), Err(code));
        }
        assert_eq!(Card::natural(2, 0), None);
        assert_eq!(Card::natural(14, 0), None);
        assert_eq!(Card::natural(3, 5), None);
    }

    #[test]
    fn cards_are_written_as_the_python_package_writes_them() {
        let names: Vec<String> = [0, 7, 8, 9, 10, 12, 54, 55]
            .into_iter()
            .map(|c| Card::from_code(c).unwrap().to_string())
            .collect();
        assert_eq!(names, ["3*", "10*", "J*", "Q*", "K*", "4H", "KD", "JK"]);
        let nines: Vec<String> = (0..5)
            .map(|s| Card::natural(9, s).unwrap().to_string())
            .collect();
        assert_eq!(nines, ["9*", "9H", "9C", "9S", "9D"]);
    }

    #[test]
    fn codes_see_the_same_cards_and_from_codes_checks_them() {
        let cards = Card::from_codes(&[55, 0, 23]).unwrap();
        assert_eq!(Card::codes(&cards), &[55, 0, 23]);
        assert_eq!(Card::from_codes(&[1, 56, 200]), Err(56));
        assert_eq!(std::mem::size_of::<Card>(), 1);
        assert_eq!(std::mem::size_of::<Option<Card>>(), 2);
    }
}
