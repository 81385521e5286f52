//! The naturals of a hand as one fixed-size value: how many copies of each natural code,
//! five bits per code (up to 31 copies; sixteen packs hold sixteen), rank-major so that the
//! lowest field set is the lowest natural (lowest rank, then suit).

/// Bits per code.
const BITS: u32 = 5;
const FIELD: u64 = (1 << BITS) - 1;
/// Fields per word.
const PER_WORD: usize = 12;
const WORDS: usize = 5;

/// A multiset of natural codes (0..=54); also used as a mask of fields.
#[derive(Debug, Clone, Copy, Default)]
pub struct Naturals([u64; WORDS]);

impl PartialEq for Naturals {
    /// Word by word, without a branch (an array's comparison may call `memcmp`).
    #[inline]
    fn eq(&self, other: &Naturals) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

impl Eq for Naturals {}

impl std::hash::Hash for Naturals {
    /// The words alone (a fixed number: no length first, as an array's hash writes).
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for &word in &self.0 {
            state.write_u64(word);
        }
    }
}

/// The field of a natural code: rank-major.
#[inline]
const fn slot(code: u8) -> usize {
    (code % 11) as usize * 5 + (code / 11) as usize
}

/// The word and bit shift of each natural code's field (see [`slot`]), read from a table:
/// the field's place costs no division.
const AT: [(u8, u8); 55] = {
    let mut at = [(0, 0); 55];
    let mut code = 0;
    while code < 55 {
        let i = slot(code as u8);
        at[code] = ((i / PER_WORD) as u8, (BITS as usize * (i % PER_WORD)) as u8);
        code += 1;
    }
    at
};

/// The word and bit shift of `code`'s field.
#[inline]
fn at(code: u8) -> (usize, u32) {
    let (word, shift) = AT[usize::from(code)];
    (usize::from(word), u32::from(shift))
}

#[inline]
fn code_of(slot: usize) -> u8 {
    ((slot % 5) * 11 + slot / 5) as u8
}

impl Naturals {
    /// No naturals.
    pub const EMPTY: Naturals = Naturals([0; WORDS]);

    /// Copies of `code`.
    #[inline]
    pub fn count(&self, code: u8) -> u32 {
        let (word, shift) = at(code);
        ((self.0[word] >> shift) & FIELD) as u32
    }

    /// One more copy of `code` (the caller keeps counts at most 31).
    #[inline]
    pub fn add(&mut self, code: u8) {
        let (word, shift) = at(code);
        self.0[word] += 1 << shift;
    }

    /// One copy fewer of `code` (which must be held).
    #[inline]
    pub fn remove(&mut self, code: u8) {
        let (word, shift) = at(code);
        self.0[word] -= 1 << shift;
    }

    /// `self` less `other`, field by field (every field of `other` at most that of `self`).
    #[inline]
    pub fn minus(&self, other: &Naturals) -> Naturals {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
        out
    }

    /// The fields of `self` inside `mask` (a mask has all bits of its fields set).
    #[inline]
    pub fn and(&self, mask: &Naturals) -> Naturals {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(mask.0.iter()) {
            *a &= b;
        }
        out
    }

    /// Are there no naturals?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The lowest natural (lowest rank, then suit), if any.
    #[inline]
    pub fn lowest(&self) -> Option<u8> {
        for (k, &w) in self.0.iter().enumerate() {
            if w != 0 {
                let field = w.trailing_zeros() as usize / BITS as usize;
                return Some(code_of(k * PER_WORD + field));
            }
        }
        None
    }

    /// A mask with every bit of `code`'s field set.
    #[inline]
    pub const fn set_field(&mut self, code: u8) {
        let i = slot(code);
        self.0[i / PER_WORD] |= FIELD << (BITS as usize * (i % PER_WORD));
    }

    /// The codes held, as bits (bit `c` set when `c` is held).
    #[inline]
    pub fn held(&self) -> u64 {
        let mut bits = 0u64;
        for (k, &word) in self.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                let field = w.trailing_zeros() as usize / BITS as usize;
                bits |= 1 << code_of(k * PER_WORD + field);
                w &= !(FIELD << (BITS as usize * field));
            }
        }
        bits
    }

    /// The codes held, each once, in code order.
    pub fn codes(&self) -> impl Iterator<Item = u8> {
        let mut bits = self.held();
        std::iter::from_fn(move || {
            let code = bits.trailing_zeros() as u8;
            bits &= bits.wrapping_sub(1);
            (code < 64).then_some(code)
        })
    }

    /// The lowest field set, as a slot number (for ordering masks), or `usize::MAX`.
    pub fn lowest_slot(&self) -> usize {
        self.lowest().map_or(usize::MAX, slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_and_remove() {
        let mut n = Naturals::EMPTY;
        for c in [54u8, 0, 0, 12, 33] {
            n.add(c);
        }
        assert_eq!(n.count(0), 2);
        assert_eq!(n.count(54), 1);
        assert_eq!(n.count(1), 0);
        n.remove(0);
        assert_eq!(n.count(0), 1);
        assert_eq!(n.codes().collect::<Vec<_>>(), vec![0, 12, 33, 54]);
    }

    #[test]
    fn lowest_is_lowest_rank_then_suit() {
        let mut n = Naturals::EMPTY;
        n.add(12); // 4 of hearts
        n.add(44); // 3 of diamonds
        assert_eq!(n.lowest(), Some(44));
        n.add(33); // 3 of spades
        assert_eq!(n.lowest(), Some(33));
        assert_eq!(Naturals::EMPTY.lowest(), None);
    }

    #[test]
    fn held_codes_are_the_codes_with_a_copy() {
        let mut n = Naturals::EMPTY;
        assert_eq!(n.held(), 0);
        assert_eq!(n.codes().count(), 0);
        for c in [54u8, 0, 0, 12, 33, 11, 43, 44] {
            n.add(c);
        }
        let expected: Vec<u8> = (0..55u8).filter(|&c| n.count(c) > 0).collect();
        assert_eq!(n.codes().collect::<Vec<_>>(), expected);
        let bits = expected.iter().fold(0u64, |b, &c| b | 1 << c);
        assert_eq!(n.held(), bits);
    }

    #[test]
    fn every_code_has_its_own_field() {
        let mut n = Naturals::EMPTY;
        for c in 0..55u8 {
            for _ in 0..=(c % 17) {
                n.add(c);
            }
        }
        for c in 0..55u8 {
            assert_eq!(n.count(c), u32::from(c % 17) + 1);
        }
    }
}
