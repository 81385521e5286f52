//! Scoring a final hand under `lay_off`: its least deadwood, counting the cards that can be
//! added to the melds on the table, found as the Python package's `_scoring.arrange_final`
//! finds it (the same layout, card for card).
//!
//! Every sub-multiset `S` of the hand's cards that could join some table meld is tried,
//! smallest first (and in a fixed order among those of one size); `S` counts when it can be
//! split among the table melds with every meld still valid (the first split found, meld by
//! meld, each meld's share smallest first), and the hand less `S` is then arranged by the
//! solver. The least (points, some card unmelded) wins; the first found among equals.

use std::collections::HashMap;

use super::hands::Query;
use super::rules::GameRules;
use crate::melds::{could_join, is_meld};
use crate::solver::Meld;

/// Cards laid off: (table meld index, the cards laid off onto it), in table order.
type Split = Vec<(usize, Vec<u8>)>;

/// How a final hand is laid out: its own melds, the cards laid off onto table meld `index`
/// (in table order), the deadwood left in hand (sorted) and its points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FinalHand {
    pub melds: Vec<Meld>,
    pub lay_offs: Split,
    pub deadwood: Vec<u8>,
    pub points: u64,
}

fn query<'a>(codes: &'a [u8], wild_rank: u8, rules: &'a GameRules) -> Query<'a> {
    Query {
        codes,
        wild_rank,
        rules,
    }
}

/// The layout of final hand `hand` (sorted codes) with the least deadwood, laying off onto
/// `table` when the rules allow it; among layouts of no points, one that melds every card
/// when there is one.
pub(crate) fn arrange_final(
    hand: &[u8],
    table: &[Meld],
    wild_rank: u8,
    rules: &GameRules,
) -> FinalHand {
    let best = query(hand, wild_rank, rules).arrangement();
    let plain = FinalHand {
        melds: best.melds,
        lay_offs: Vec::new(),
        deadwood: best.deadwood,
        points: best.points,
    };
    if !rules.lay_off || table.is_empty() || plain.deadwood.is_empty() {
        return plain;
    }
    let candidates = joining(hand, table, wild_rank);
    let mut memo = HashMap::new();
    // (points, some card unmelded), lowest first; the plain layout's counts as unmelded.
    let mut best_key = (plain.points, true);
    let mut found: Option<(Split, Vec<u8>)> = None;
    for part in sub_multisets(&candidates).into_iter().skip(1) {
        let rest = without_all(hand, &part);
        let points = query(&rest, wild_rank, rules).least();
        if points > best_key.0 {
            continue;
        }
        let key = (
            points,
            points > 0 || !query(&rest, wild_rank, rules).melds_all(),
        );
        if key >= best_key {
            continue;
        }
        let Some(split) = assign(&part, 0, table, wild_rank, rules, &mut memo) else {
            continue;
        };
        best_key = key;
        found = Some((split, rest));
        if key == (0, false) {
            break;
        }
    }
    let Some((lay_offs, rest)) = found else {
        return plain;
    };
    let own = query(&rest, wild_rank, rules).arrangement();
    FinalHand {
        melds: own.melds,
        lay_offs,
        deadwood: own.deadwood,
        points: own.points,
    }
}

/// What [`final_points`] remembers between calls on one table: the least deadwood of each
/// hand it priced, and the splits of cards among the table melds it tried.
#[derive(Default)]
pub(crate) struct Memo {
    least: HashMap<Vec<u8>, u64>,
    splits: HashMap<(usize, Vec<u8>), Option<Split>>,
}

/// The points of [`arrange_final`]'s layout of `hand` (sorted) against `table`, without
/// laying it out: the least deadwood of the hand, or of the hand less cards that can be laid
/// off together, whichever is least. `memo` must be used with one table, wild rank and rule
/// set only.
pub(crate) fn final_points(
    hand: &[u8],
    table: &[Meld],
    wild_rank: u8,
    rules: &GameRules,
    memo: &mut Memo,
) -> u64 {
    let mut least = |codes: &[u8]| -> u64 {
        if let Some(&known) = memo.least.get(codes) {
            return known;
        }
        let found = query(codes, wild_rank, rules).least();
        memo.least.insert(codes.to_vec(), found);
        found
    };
    let mut best = least(hand);
    if !rules.lay_off || table.is_empty() || best == 0 {
        return best;
    }
    let candidates = joining(hand, table, wild_rank);
    for part in sub_multisets(&candidates).into_iter().skip(1) {
        let points = least(&without_all(hand, &part));
        if points >= best {
            continue;
        }
        if assign(&part, 0, table, wild_rank, rules, &mut memo.splits).is_some() {
            best = points;
            if best == 0 {
                break;
            }
        }
    }
    best
}

/// The cards of `hand` that could join some meld of `table` (in the hand's order).
fn joining(hand: &[u8], table: &[Meld], wild_rank: u8) -> Vec<u8> {
    hand.iter()
        .copied()
        .filter(|&c| {
            table
                .iter()
                .any(|m| could_join(c, m.kind, &m.codes, wild_rank))
        })
        .collect()
}

/// A split of `remaining` (sorted) among table melds `index..` that keeps each a valid meld,
/// as (meld index, its cards) for each meld given some (None: there is none, at once when a
/// card could join none of them); the first in the twin's order.
fn assign(
    remaining: &[u8],
    index: usize,
    table: &[Meld],
    wild_rank: u8,
    rules: &GameRules,
    memo: &mut HashMap<(usize, Vec<u8>), Option<Split>>,
) -> Option<Split> {
    if remaining.is_empty() {
        return Some(Vec::new());
    }
    let later = table.get(index..).unwrap_or_default();
    if !remaining.iter().all(|&c| {
        later
            .iter()
            .any(|m| could_join(c, m.kind, &m.codes, wild_rank))
    }) {
        return None; // (a card no meld left could take)
    }
    let meld = table.get(index)?;
    let key = (index, remaining.to_vec());
    if let Some(known) = memo.get(&key) {
        return known.clone();
    }
    let fits: Vec<u8> = remaining
        .iter()
        .copied()
        .filter(|&c| could_join(c, meld.kind, &meld.codes, wild_rank))
        .collect();
    let mut found = None;
    for part in sub_multisets(&fits) {
        if !part.is_empty() {
            let mut joined = meld.codes.clone();
            joined.extend_from_slice(&part);
            if !is_meld(meld.kind, &joined, wild_rank, &rules.melds) {
                continue;
            }
        }
        let rest = without_all(remaining, &part);
        if let Some(tail) = assign(&rest, index + 1, table, wild_rank, rules, memo) {
            let mut split = Vec::with_capacity(tail.len() + 1);
            if !part.is_empty() {
                split.push((index, part));
            }
            split.extend(tail);
            found = Some(split);
            break;
        }
    }
    memo.insert(key, found.clone());
    found
}

/// Every sub-multiset of `cards` (sorted), each sorted, smallest first; among those of one
/// size, in the order of the counts of the distinct cards read as digits, the lowest card
/// the most significant (the Python twin's `_sub_multisets`).
fn sub_multisets(cards: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = vec![Vec::new()];
    let mut at = 0;
    while at < cards.len() {
        let card = cards[at];
        let count = cards[at..].iter().take_while(|&&c| c == card).count();
        at += count;
        let mut grown = Vec::with_capacity(out.len() * (count + 1));
        for part in &out {
            for k in 0..=count {
                let mut next = part.clone();
                next.extend(std::iter::repeat_n(card, k));
                grown.push(next);
            }
        }
        out = grown;
    }
    out.sort_by_key(Vec::len); // (stable)
    out
}

/// The cards of `hand` (sorted) beyond those of `part` (sorted): the multiset difference,
/// sorted.
pub(crate) fn without_all(hand: &[u8], part: &[u8]) -> Vec<u8> {
    let mut rest = Vec::with_capacity(hand.len());
    let mut taken = part.iter().peekable();
    for &c in hand {
        while taken.peek().is_some_and(|&&o| o < c) {
            taken.next();
        }
        if taken.peek() == Some(&&c) {
            taken.next();
        } else {
            rest.push(c);
        }
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_multisets_come_smallest_first_in_the_twins_order() {
        let found = sub_multisets(&[3, 3, 7]);
        let expected: Vec<Vec<u8>> = vec![
            vec![],
            vec![7],
            vec![3],
            vec![3, 7],
            vec![3, 3],
            vec![3, 3, 7],
        ];
        assert_eq!(found, expected);
        assert_eq!(without_all(&[1, 3, 3, 5, 7], &[3, 7]), vec![1, 3, 5]);
        assert_eq!(without_all(&[1, 3, 5], &[2, 3, 3, 9]), vec![1, 5]);
    }
}
