//! Card strings read in the core: the fast path's reading of a hand given as a string
//! (`"7H 8H JK, 10*"`), so that a string costs about what a tuple of cards does.
//!
//! It reads the package's notation (`fivecrowns.cards`) exactly, but only what is plainly
//! right: any string it does not read (a bad or empty card, a surrogate, more cards than
//! [`MAX_CARDS`]) gets None, and the package's own parser then reads it, or raises the error
//! that names the bad card. So it never decides an error, and a string it reads has the
//! codes `fivecrowns.parse_cards` gives it (the tests compare the two on random strings).
//!
//! The notation: cards separated by ASCII whitespace and/or commas (each comma between two
//! cards: none at either end, no two with only spaces between); a card is a rank `3`-`10`
//! (or `T`), `J`, `Q` or `K` and a suit `*`, `H`, `C`, `S` or `D` (ASCII letters of either
//! case) or the symbols ★ ♥ ♣ ♠ ♦ and their outlines ☆ ♡ ♧ ♤ ♢, or the joker `JK` or `JOKER`.

use fivecrowns_engine::{JOKER, MAX_CARDS};

/// What separates cards besides commas: the ASCII whitespace `str.split` of the package
/// splits on (`" \t\n\r\f\v"`; Rust's `is_ascii_whitespace` leaves out `\v`).
#[inline]
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The codes of the cards of `text`, and how many, or None when it is not a string of at
/// most [`MAX_CARDS`] cards this reads (see the module's documentation).
pub(crate) fn read_cards(text: &str) -> Option<([u8; MAX_CARDS], usize)> {
    let mut codes = [0u8; MAX_CARDS];
    let mut len = 0;
    // (with a comma, each chunk between commas must hold a card)
    let commas = text.contains(',');
    for chunk in text.split(',') {
        let before = len;
        for word in chunk.split(is_space_char).filter(|word| !word.is_empty()) {
            *codes.get_mut(len)? = read_card(word)?;
            len += 1;
        }
        if commas && len == before {
            return None; // (an empty card: the package's parser names it)
        }
    }
    Some((codes, len))
}

#[inline]
fn is_space_char(c: char) -> bool {
    u8::try_from(c).is_ok_and(is_space)
}

/// The code of one card (no separator in it), or None.
#[inline]
fn read_card(word: &str) -> Option<u8> {
    if word.eq_ignore_ascii_case("JK") || word.eq_ignore_ascii_case("JOKER") {
        return Some(JOKER);
    }
    let mut chars = word.chars();
    let suit = suit_index(chars.next_back()?)?;
    Some(suit * 11 + rank_of(chars.as_str().as_bytes())? - 3)
}

/// The suit index (0 stars, 1 hearts, 2 clubs, 3 spades, 4 diamonds) of a suit character.
#[inline]
fn suit_index(c: char) -> Option<u8> {
    Some(match c {
        '*' | '★' | '☆' => 0,
        'H' | 'h' | '♥' | '♡' => 1,
        'C' | 'c' | '♣' | '♧' => 2,
        'S' | 's' | '♠' | '♤' => 3,
        'D' | 'd' | '♦' | '♢' => 4,
        _ => return None,
    })
}

/// The rank (3..=13) a card's rank part names.
#[inline]
fn rank_of(rank: &[u8]) -> Option<u8> {
    match rank {
        [digit @ b'3'..=b'9'] => Some(digit - b'0'),
        b"10" | [b'T' | b't'] => Some(10),
        [b'J' | b'j'] => Some(11),
        [b'Q' | b'q'] => Some(12),
        [b'K' | b'k'] => Some(13),
        _ => None,
    }
}
