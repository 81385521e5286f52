//! A hand's sorted codes held inline, with room for one card beyond the most a hand holds
//! (a draw added for the outs): a [`crate::solver::Hand`] and the built-in policies' hands
//! copy them without allocating.

use std::ops::Deref;

use crate::MAX_CARDS;

/// The most codes [`Codes`] holds.
pub const CAPACITY: usize = MAX_CARDS + 1;

/// Up to [`CAPACITY`] codes, in the order given (the callers keep them sorted).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Codes {
    codes: [u8; CAPACITY],
    len: u8,
}

impl Codes {
    /// The codes of `codes`, or None when there are more than [`CAPACITY`].
    pub fn of(codes: &[u8]) -> Option<Codes> {
        let mut held = Codes {
            codes: [0; CAPACITY],
            len: 0,
        };
        held.codes.get_mut(..codes.len())?.copy_from_slice(codes);
        held.len = codes.len() as u8;
        Some(held)
    }

    /// The codes with `code` put in its sorted place, or None when they are full.
    pub fn with(&self, code: u8) -> Option<Codes> {
        let len = usize::from(self.len);
        if len == CAPACITY {
            return None;
        }
        let at = self.partition_point(|&c| c <= code);
        let mut held = *self;
        held.codes.copy_within(at..len, at + 1);
        held.codes[at] = code;
        held.len += 1;
        Some(held)
    }

    /// The codes less the first copy of `code` (unchanged when it is not held).
    pub fn without(&self, code: u8) -> Codes {
        let mut held = *self;
        if let Some(at) = self.iter().position(|&c| c == code) {
            held.codes.copy_within(at + 1..usize::from(self.len), at);
            held.len -= 1;
        }
        held
    }

    /// The codes with each run of equal codes kept once (the distinct codes, when sorted).
    pub fn distinct(&self) -> Codes {
        let mut held = *self;
        let mut len = 0;
        for &c in self.iter() {
            if len == 0 || held.codes[len - 1] != c {
                held.codes[len] = c;
                len += 1;
            }
        }
        held.len = len as u8;
        held
    }
}

impl Deref for Codes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.codes[..usize::from(self.len)]
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
        let codes = Codes::of(&[1, 3, 3, 7]).expect("room");
        assert_eq!(&*codes.with(3).expect("room"), &[1, 3, 3, 3, 7]);
        assert_eq!(&*codes.with(0).expect("room"), &[0, 1, 3, 3, 7]);
        assert_eq!(&*codes.with(9).expect("room"), &[1, 3, 3, 7, 9]);
        assert_eq!(&*codes.without(3), &[1, 3, 7]);
        assert_eq!(&*codes.without(4), &[1, 3, 3, 7]);
        assert_eq!(&*codes.distinct(), &[1, 3, 7]);
        assert_eq!(&*Codes::of(&[]).expect("room").distinct(), &[] as &[u8]);
        let full = Codes::of(&[5; CAPACITY]).expect("room");
        assert_eq!(full.len(), CAPACITY);
        assert!(full.with(5).is_none());
        assert!(Codes::of(&[5; CAPACITY + 1]).is_none());
        assert_eq!(format!("{:?}", codes), "[1, 3, 3, 7]");
    }
}
