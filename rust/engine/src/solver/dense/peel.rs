//! A dense hand's naturals peeled into books and runs that need no wild, and the few left
//! over (with some of their naturals lent to them, so that a run may hold them).

use crate::NUM_CODES;

/// The natural codes (0..=54).
pub(super) const NATURALS: usize = NUM_CODES - 1;

/// The most naturals the rest may hold with the naturals lent to it (the sweep's first
/// bound: beyond it the rest would be slow to solve).
const MOST_LEFT: usize = crate::solver::sweep::MAX_NATURALS;

/// A book peeled off: its rank index (0 for threes) and the copies of each suit it holds
/// (three or more cards in all; one of a suit at most under distinct-suit books).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Book {
    pub(super) rank: u8,
    pub(super) copies: [u8; 5],
}

impl Book {
    /// How many naturals it holds.
    pub(super) fn size(&self) -> usize {
        self.copies.iter().map(|&n| usize::from(n)).sum()
    }

    /// Its codes, sorted.
    pub(super) fn codes(&self) -> Vec<u8> {
        (0u8..5)
            .flat_map(|s| {
                std::iter::repeat_n(s * 11 + self.rank, usize::from(self.copies[s as usize]))
            })
            .collect()
    }
}

/// A run peeled off: its suit and its lowest and highest rank indexes (one natural of each
/// rank between, three or more).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Run {
    pub(super) suit: u8,
    pub(super) low: u8,
    pub(super) high: u8,
}

impl Run {
    /// Its codes, sorted.
    pub(super) fn codes(&self) -> Vec<u8> {
        (self.low..=self.high).map(|q| self.suit * 11 + q).collect()
    }
}

/// A hand's naturals as books and runs that need no wild, and the rest.
#[derive(Debug, Clone)]
pub(super) struct Peeled {
    pub(super) books: Vec<Book>,
    pub(super) runs: Vec<Run>,
    /// The copies of each natural code left over (lent ones included).
    pub(super) rest: [u8; NATURALS],
}

impl Peeled {
    /// Peel the naturals `counts` (copies of each natural code) into books: under books of
    /// any suits, every rank holding three or more is one book; under distinct-suit books,
    /// the rank's naturals are dealt in layers (a book of one copy of each suit left) while
    /// a layer holds three or more. And into runs: what is left of each suit, layer by layer
    /// (each stretch of three ranks or more that a suit still holds). Books first, or with
    /// `runs_first` runs first (a suit dense in every rank). Then each natural
    /// left borrows, from the books of the two ranks either side of it in its suit that can
    /// spare a card (four or more) or the ends of runs of four or more there, one copy of
    /// its suit at each, while the rest stays small.
    pub(super) fn of(counts: &[u8; NATURALS], distinct: bool, runs_first: bool) -> Peeled {
        let mut peeled = Peeled {
            books: Vec::with_capacity(if distinct { 44 } else { 11 }),
            runs: Vec::new(),
            rest: *counts,
        };
        if runs_first {
            peeled.peel_runs();
            peeled.peel_books(distinct);
        } else {
            peeled.peel_books(distinct);
            peeled.peel_runs();
        }
        peeled.lend();
        peeled
    }

    /// Peel the books of what is left, rank by rank.
    fn peel_books(&mut self, distinct: bool) {
        for q in 0..11u8 {
            let mut copies = [0u8; 5];
            for (s, n) in copies.iter_mut().enumerate() {
                *n = self.rest[s * 11 + usize::from(q)];
            }
            if !distinct {
                if copies.iter().map(|&n| usize::from(n)).sum::<usize>() >= 3 {
                    self.books.push(Book { rank: q, copies });
                    copies = [0; 5];
                }
            } else {
                loop {
                    let layer = copies.map(|n| u8::from(n > 0));
                    if layer.iter().sum::<u8>() < 3 {
                        break;
                    }
                    self.books.push(Book {
                        rank: q,
                        copies: layer,
                    });
                    for (n, l) in copies.iter_mut().zip(layer) {
                        *n -= l;
                    }
                }
            }
            for (s, &n) in copies.iter().enumerate() {
                self.rest[s * 11 + usize::from(q)] = n;
            }
        }
    }

    /// Peel the runs of what is left, suit by suit, layer by layer.
    fn peel_runs(&mut self) {
        for suit in 0..5u8 {
            let at = |q: u8| usize::from(suit * 11 + q);
            loop {
                let mut found = false;
                let mut q = 0u8;
                while q < 11 {
                    let low = q;
                    while q < 11 && self.rest[at(q)] > 0 {
                        q += 1;
                    }
                    if q >= low + 3 {
                        (low..q).for_each(|r| self.rest[at(r)] -= 1);
                        let high = q - 1;
                        self.runs.push(Run { suit, low, high });
                        found = true;
                    }
                    q += 1;
                }
                if !found {
                    break;
                }
            }
        }
    }

    /// The naturals left over, in all.
    pub(super) fn left(&self) -> usize {
        self.rest.iter().map(|&n| usize::from(n)).sum()
    }

    /// Lend each natural left over a copy of its suit's naturals one and two ranks either
    /// side, from a book that keeps three or more without it.
    fn lend(&mut self) {
        let left: Vec<u8> = (0..NATURALS as u8)
            .filter(|&c| self.rest[usize::from(c)] > 0)
            .collect();
        let mut size = self.left();
        for c in left {
            let (s, q) = (c / 11, c % 11);
            for other in q.saturating_sub(2)..=(q + 2).min(10) {
                let code = s * 11 + other;
                if other == q || self.rest[usize::from(code)] > 0 || size >= MOST_LEFT {
                    continue;
                }
                let donor = self
                    .books
                    .iter_mut()
                    .find(|b| b.rank == other && b.copies[usize::from(s)] > 0 && b.size() > 3);
                if let Some(book) = donor {
                    book.copies[usize::from(s)] -= 1;
                    self.rest[usize::from(code)] += 1;
                    size += 1;
                }
            }
        }
    }

    /// The rest as sorted codes, with the hand's `wilds` (sorted codes) after them.
    pub(super) fn rest_codes(&self, wilds: &[u8]) -> Vec<u8> {
        let mut codes: Vec<u8> = (0u8..)
            .zip(self.rest)
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
            .collect();
        codes.extend_from_slice(wilds);
        codes.sort_unstable();
        codes
    }
}
