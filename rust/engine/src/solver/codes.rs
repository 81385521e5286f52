//! A hand's sorted codes: held inline up to [`INLINE`] of them (every hand a round deals,
//! with the card drawn and one more for the outs), so that a [`crate::solver::Hand`] of a
//! game copies them without allocating, and on the heap beyond (a hand of any size the
//! deck holds, up to a whole deck of many packs).

use std::ops::Deref;

/// The most codes [`Codes`] holds without allocating: the largest deal, the card drawn and
/// a draw added for the outs.
pub const INLINE: usize = crate::MAX_DEALT as usize + 2;

/// Codes in the order given (the callers keep them sorted): inline up to [`INLINE`] of
/// them, on the heap beyond (never on the heap when they fit inline, so two equal sequences
/// are held alike).
#[derive(Clone, PartialEq, Eq)]
pub enum Codes {
    /// At most [`INLINE`] codes: the first `len` of `codes`.
    Inline { codes: [u8; INLINE], len: u8 },
    /// More than [`INLINE`] codes.
    Heap(Vec<u8>),
}

impl Codes {
    /// No codes.
    pub const EMPTY: Codes = Codes::Inline {
        codes: [0; INLINE],
        len: 0,
    };

    /// The codes of `codes`.
    pub fn of(codes: &[u8]) -> Codes {
        if codes.len() > INLINE {
            return Codes::Heap(codes.to_vec());
        }
        let mut inline = [0; INLINE];
        inline[..codes.len()].copy_from_slice(codes);
        Codes::Inline {
            codes: inline,
            len: codes.len() as u8,
        }
    }

    /// The codes with `code` put in its sorted place.
    pub fn with(&self, code: u8) -> Codes {
        let at = self.partition_point(|&c| c <= code);
        match self {
            Codes::Inline { codes, len } if usize::from(*len) < INLINE => {
                let (mut codes, len) = (*codes, usize::from(*len));
                codes.copy_within(at..len, at + 1);
                codes[at] = code;
                Codes::Inline {
                    codes,
                    len: len as u8 + 1,
                }
            }
            _ => {
                let mut held = Vec::with_capacity(self.len() + 1);
                held.extend_from_slice(&self[..at]);
                held.push(code);
                held.extend_from_slice(&self[at..]);
                Codes::Heap(held)
            }
        }
    }

    /// The codes less the first copy of `code` (unchanged when it is not held).
    pub fn without(&self, code: u8) -> Codes {
        let Some(at) = self.iter().position(|&c| c == code) else {
            return self.clone();
        };
        match self {
            Codes::Inline { codes, len } => {
                let (mut codes, len) = (*codes, usize::from(*len));
                codes.copy_within(at + 1..len, at);
                Codes::Inline {
                    codes,
                    len: len as u8 - 1,
                }
            }
            Codes::Heap(held) => {
                let mut rest = held.clone();
                rest.remove(at);
                Codes::of(&rest)
            }
        }
    }

    /// The codes with each run of equal codes kept once (the distinct codes, when sorted).
    pub fn distinct(&self) -> Codes {
        let mut distinct = [0; crate::NUM_CODES];
        let mut len = 0;
        for &c in self.iter() {
            if len == 0 || distinct[len - 1] != c {
                if len == distinct.len() {
                    // (not sorted: more distinct runs than codes exist)
                    let mut held = self.to_vec();
                    held.dedup();
                    return Codes::of(&held);
                }
                distinct[len] = c;
                len += 1;
            }
        }
        Codes::of(&distinct[..len])
    }
}

impl Deref for Codes {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Codes::Inline { codes, len } => &codes[..usize::from(*len)],
            Codes::Heap(held) => held,
        }
    }
}

impl std::fmt::Debug for Codes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_insert_remove_and_dedup_like_a_vec() {
        let codes = Codes::of(&[1, 3, 3, 7]);
        assert_eq!(&*codes.with(3), &[1, 3, 3, 3, 7]);
        assert_eq!(&*codes.with(0), &[0, 1, 3, 3, 7]);
        assert_eq!(&*codes.with(9), &[1, 3, 3, 7, 9]);
        assert_eq!(&*codes.without(3), &[1, 3, 7]);
        assert_eq!(&*codes.without(4), &[1, 3, 3, 7]);
        assert_eq!(&*codes.distinct(), &[1, 3, 7]);
        assert_eq!(&*Codes::EMPTY.distinct(), &[] as &[u8]);
        assert_eq!(format!("{:?}", codes), "[1, 3, 3, 7]");
    }

    /// Past [`INLINE`] codes the heap holds them, and back within it the inline array does
    /// again: equal codes are equal values whichever way they came.
    #[test]
    fn codes_of_any_length_move_between_inline_and_heap() {
        let full = Codes::of(&[5; INLINE]);
        assert!(matches!(full, Codes::Inline { .. }));
        let more = full.with(2);
        assert!(matches!(more, Codes::Heap(_)));
        assert_eq!(more.len(), INLINE + 1);
        assert_eq!(more[0], 2);
        assert_eq!(more.without(2), full);
        assert!(matches!(more.without(2), Codes::Inline { .. }));
        let deck: Vec<u8> = (0..4).flat_map(|_| 0..56u8).collect();
        let mut sorted = deck.clone();
        sorted.sort_unstable();
        let whole = Codes::of(&sorted);
        assert_eq!(&*whole, &sorted[..]);
        let distinct: Vec<u8> = (0..56).collect();
        assert_eq!(&*whole.distinct(), &distinct[..]);
        assert_eq!(whole.with(55).len(), 225);
        assert_eq!(whole.without(0).len(), 223);
        // (unsorted codes: every run kept once, however many)
        assert_eq!(Codes::of(&deck).distinct().len(), deck.len());
    }
}
