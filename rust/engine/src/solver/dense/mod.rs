//! Big dense hands built rather than searched, each answer proved optimal by a bound.
//!
//! With many copies, books and runs abound, and the least deadwood of a dense hand is
//! nearly always its *floor*: the points of the naturals no meld can hold ([`Lonely`]), and
//! of every wild when no meld may hold one (`max_wilds_per_meld=0`). No arrangement leaves
//! less (those cards are deadwood in each), so an arrangement leaving exactly the floor
//! (its points and its cards) is optimal.
//!
//! One is built in three steps ([`peel`], then the rest solved exactly, then [`spares`]):
//! - the naturals are peeled into books that need no wild (a rank's every natural when it
//!   holds three or more, or under distinct-suit books layers of one card a suit while three
//!   suits are left), then what is left into runs (a suit's stretches of three ranks or
//!   more, layer by layer); each natural left over borrows the cards of its suit next to
//!   it from books and runs that can spare them, so that the rest may hold runs;
//! - the rest (the naturals left over, those lent and every wild), a small hand, is solved
//!   exactly by the sweep or the search (on a budget): the books peeled and an arrangement
//!   of the rest are an arrangement of the hand, so the hand's least deadwood is at most the
//!   rest's, and is it when that is the floor;
//! - else the rest's optimal arrangement is taken, the naturals it leaves given back to the
//!   melds that take them, the wilds it leaves given room in the melds (a book splitting in
//!   two to make more), and the whole checked against the floor.
//!
//! Where the floor is not reached (the bound too weak, or the building too plain) the
//! answer is None and the caller solves the hand as before.

mod peel;
mod spares;

use crate::is_wild;
use crate::rules::{MeldRules, WildLimit};

use super::hand::{Layout, Meld};
use super::lonely::Lonely;
use super::search::{self, Kind, Score};
use super::sweep;

use peel::{Peeled, NATURALS};
use spares::Built;

/// The states the search may value on the rest before the building gives up.
const BUDGET: u64 = 20_000;

/// The fewest cards of a hand that is built: a smaller one is solved as before (the paths
/// tuned for the hands of up to 30 cards and the draws of their outs, whose few books make
/// a rest nearly the whole hand).
pub(super) const FEWEST: usize = 33;

/// The least score any arrangement of the hand `codes` may have: its naturals no meld can
/// hold, and its wilds when no meld may hold one.
pub(super) fn floor(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Score {
    let lonely = Lonely::of(codes, wild_rank, rules);
    let mut floor = Score {
        points: lonely.points,
        unmelded: u64::from(lonely.cards),
    };
    if rules.max_wilds == WildLimit::AtMost(0) {
        for &c in codes.iter().filter(|&&c| is_wild(c, wild_rank)) {
            floor.points += u64::from(rules.points(c, wild_rank));
            floor.unmelded += 1;
        }
    }
    floor
}

/// A hand (sorted codes) as the building sees it: its peeled books and rest, its wilds, its
/// floor.
struct Dense<'r> {
    peeled: Peeled,
    wilds: Vec<u8>,
    floor: Score,
    wild_rank: u8,
    rules: &'r MeldRules,
}

impl<'r> Dense<'r> {
    /// The hand peeled books first, or with `runs_first` runs first.
    fn of(codes: &[u8], wild_rank: u8, rules: &'r MeldRules, runs_first: bool) -> Dense<'r> {
        let mut counts = [0u8; NATURALS];
        let mut wilds = Vec::new();
        for &c in codes {
            if is_wild(c, wild_rank) {
                wilds.push(c);
            } else {
                counts[usize::from(c)] += 1;
            }
        }
        Dense {
            peeled: Peeled::of(&counts, rules.distinct_suit_books, runs_first),
            wilds,
            floor: floor(codes, wild_rank, rules),
            wild_rank,
            rules,
        }
    }

    /// The rest's least deadwood, exactly, when the sweep or the search on its budget
    /// answers.
    fn rest_least(&self, rest: &[u8]) -> Option<u64> {
        if rest.is_empty() {
            return Some(0);
        }
        sweep::least_of(rest, self.wild_rank, self.rules).or_else(|| {
            search::score_within(rest, self.wild_rank, self.rules, BUDGET).map(|s| s.points)
        })
    }

    /// An arrangement of the hand built on the rest's optimal one (see the module's docs),
    /// and its score; None when the search on its budget does not solve the rest.
    fn build(&self, rest: &[u8]) -> Option<(Vec<Built>, Vec<u8>, Score)> {
        let mut melds: Vec<Built> = self
            .peeled
            .books
            .iter()
            .map(|book| Built {
                kind: Kind::Book,
                naturals: book.codes(),
                wilds: Vec::new(),
            })
            .chain(self.peeled.runs.iter().map(|run| Built {
                kind: Kind::Run,
                naturals: run.codes(),
                wilds: Vec::new(),
            }))
            .collect();
        let (mut dead, mut wilds) = (Vec::new(), Vec::new());
        if !rest.is_empty() {
            search::score_within(rest, self.wild_rank, self.rules, BUDGET)?;
            let solution = search::solve(rest, self.wild_rank, self.rules);
            for (kind, codes) in solution.melds {
                let (wild, natural): (Vec<u8>, Vec<u8>) =
                    codes.iter().partition(|&&c| is_wild(c, self.wild_rank));
                melds.push(Built {
                    kind,
                    naturals: natural,
                    wilds: wild,
                });
            }
            for c in solution.deadwood {
                if is_wild(c, self.wild_rank) {
                    wilds.push(c);
                } else {
                    dead.push(c);
                }
            }
        }
        // (every wild must find a place to reach the floor, unless no meld may hold one)
        if self.rules.max_wilds != WildLimit::AtMost(0) {
            spares::place(&mut melds, &mut dead, &mut wilds, self.rules);
        }
        dead.extend_from_slice(&wilds);
        let score = Score {
            points: self.rules.points_of(&dead, self.wild_rank),
            unmelded: dead.len() as u64,
        };
        Some((melds, dead, score))
    }
}

/// The least deadwood of the hand `codes` (sorted) when a building reaches its floor (None
/// too below [`FEWEST`] cards).
pub(super) fn least(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<u64> {
    (codes.len() >= FEWEST)
        .then(|| built_least(codes, wild_rank, rules))
        .flatten()
}

/// [`least`] of a hand of any size: peeled books first, then runs first.
fn built_least(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<u64> {
    [false, true].into_iter().find_map(|runs_first| {
        let dense = Dense::of(codes, wild_rank, rules, runs_first);
        let rest = dense.peeled.rest_codes(&dense.wilds);
        if dense.rest_least(&rest) == Some(dense.floor.points) {
            return Some(dense.floor.points);
        }
        let (_, _, score) = dense.build(&rest)?;
        (score.points == dense.floor.points).then_some(score.points)
    })
}

/// An optimal arrangement of the hand `codes` (sorted) when a building reaches its floor
/// (its points and its cards), its melds in the order of their sorted codes (None too below
/// [`FEWEST`] cards).
pub(super) fn arrange(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<Layout> {
    (codes.len() >= FEWEST)
        .then(|| built_arrangement(codes, wild_rank, rules))
        .flatten()
}

/// [`arrange`] of a hand of any size: peeled books first, then runs first.
fn built_arrangement(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<Layout> {
    let (built, mut deadwood, score) = [false, true].into_iter().find_map(|runs_first| {
        let dense = Dense::of(codes, wild_rank, rules, runs_first);
        let rest = dense.peeled.rest_codes(&dense.wilds);
        dense
            .build(&rest)
            .filter(|(_, _, score)| *score == dense.floor)
    })?;
    let mut melds: Vec<Meld> = built
        .into_iter()
        .map(|b| {
            let mut codes = b.naturals;
            codes.extend(b.wilds);
            codes.sort_unstable();
            Meld {
                kind: b.kind,
                codes,
            }
        })
        .collect();
    melds.sort_unstable_by(|a, b| a.codes.cmp(&b.codes));
    deadwood.sort_unstable();
    Some(Layout {
        melds,
        deadwood,
        points: score.points,
    })
}

#[cfg(test)]
mod tests;
