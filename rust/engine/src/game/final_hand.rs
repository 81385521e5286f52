//! Scoring a final hand under `lay_off`: its least deadwood, counting the cards that can be
//! added to the melds on the table, found as the Python package's `_scoring.arrange_final`
//! finds it (the same layout, card for card).
//!
//! Every sub-multiset `S` of the hand's cards that could join some table meld is tried,
//! smallest first (and in a fixed order among those of one size); `S` counts when it can be
//! split among the table melds with every meld still valid (the first split found, meld by
//! meld, each meld's share smallest first), and the hand less `S` is then arranged by the
//! solver. The least (points, some card unmelded) wins; the first found among equals.
//!
//! The least points are found first, without trying every `S` where the table allows it
//! ([`Table`]); under house meld rules the sets are tried in order until one reaches the
//! least under the relaxed rules ([`floor`]). The layout is then the first `S` that reaches
//! them: the same layout, found sooner. [`final_points`] gives the points alone, as the
//! bots' final turns weigh them.

use rustc_hash::FxHashMap as HashMap;

use super::hands::Query;
use super::rules::GameRules;
use crate::melds::{could_join, is_meld};
use crate::rules::WildLimit;
use crate::search::{self, Kind};
use crate::solver::{least_laying_off, Meld};
use crate::{is_wild, rank_index};

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
    // (the hand's own arrangement, laid out only when it is the layout)
    let plain = || {
        let best = query(hand, wild_rank, rules).arrangement();
        FinalHand {
            melds: best.melds,
            lay_offs: Vec::new(),
            deadwood: best.deadwood,
            points: best.points,
        }
    };
    if !rules.lay_off || table.is_empty() {
        return plain();
    }
    let own = query(hand, wild_rank, rules);
    let plain_points = own.least();
    if plain_points == 0 && own.melds_all() {
        return plain(); // (it melds every card)
    }
    // the least points first (found without trying layouts one by one), so that the search
    // for the first layout in the twin's order stops at one that has them
    let mut memo = Memo::default();
    memo.least.insert(hand.to_vec(), plain_points);
    let least = final_points(hand, table, wild_rank, rules, &mut memo);
    if least == plain_points && least > 0 {
        return plain(); // (no layout has fewer points, and the plain one comes first)
    }
    // (naturals no meld of the hand can hold stay deadwood unless laid off: a layout that
    // keeps more of their points than the least is passed over unsolved)
    let (naturals, wilds) = search::parse(hand, wild_rank, &rules.melds);
    let search = search::Search::new(&rules.melds, &wilds);
    let stuck = search.hopeless(&naturals, search.wilds());
    drop(search);
    let candidates = joining(hand, table, wild_rank);
    // (points, some card unmelded), lowest first; the plain layout's counts as unmelded.
    let mut best_key = (plain_points, true);
    let mut found: Option<(Split, Vec<u8>)> = None;
    for part in SubMultisets::of(&candidates).skip(1) {
        let kept: u64 = stuck
            .codes()
            .map(|c| {
                let laid = part.iter().filter(|&&o| o == c).count() as u64;
                u64::from(stuck.count(c)).saturating_sub(laid) * u64::from(rank_index(c) + 3)
            })
            .sum();
        if kept > least {
            continue;
        }
        let rest = without_all(hand, &part);
        // (only a set that reaches the least is the layout: the sweep stops above it)
        let Some(points) = query(&rest, wild_rank, rules).least_at_most(least) else {
            continue;
        };
        let key = (
            points,
            points > 0 || !query(&rest, wild_rank, rules).melds_all(),
        );
        if key >= best_key {
            continue;
        }
        let Some(split) = assign(&part, 0, table, wild_rank, rules, &mut memo.splits) else {
            continue;
        };
        best_key = key;
        found = Some((split, rest));
        if key == (0, false) || (points == least && least > 0) {
            break; // (no later layout is lower)
        }
    }
    debug_assert!(
        best_key.0 == least,
        "final points {least}, a layout of {best_key:?}"
    );
    let Some((lay_offs, rest)) = found else {
        return plain();
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
    /// The table as [`Table`] reads it (None: not yet read; Some(None): one it does not take).
    table: Option<Option<Table>>,
    /// The least deadwood of each hand with the cards it can always lay off priced at nothing.
    free_least: HashMap<Vec<u8>, u64>,
    /// Under house meld rules: the relaxed rules ([`crate::MeldRules::relaxed`]) and their
    /// memo, for [`floor`].
    relaxed: Option<Box<(GameRules, Memo)>>,
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
    let best = memo.least(hand, wild_rank, rules);
    if !rules.lay_off || table.is_empty() || best == 0 {
        return best;
    }
    if memo.table.is_none() {
        memo.table = Some(Table::of(table, wild_rank, rules));
    }
    // (the table read once is taken out while it answers, which needs the memo too)
    match memo.table.take() {
        Some(Some(read)) => {
            let found = read.final_points(hand, wild_rank, rules, best, memo);
            memo.table = Some(Some(read));
            found
        }
        unread => {
            memo.table = unread;
            enumerated(hand, table, wild_rank, rules, memo, best)
        }
    }
}

impl Memo {
    /// The least deadwood of `codes` (sorted), remembered.
    fn least(&mut self, codes: &[u8], wild_rank: u8, rules: &GameRules) -> u64 {
        if let Some(&known) = self.least.get(codes) {
            return known;
        }
        let found = query(codes, wild_rank, rules).least();
        self.least.insert(codes.to_vec(), found);
        found
    }
}

/// [`final_points`] by trying every sub-multiset of the cards that could join the table,
/// `best` the hand's least deadwood (more than 0), until one reaches the [`floor`].
fn enumerated(
    hand: &[u8],
    table: &[Meld],
    wild_rank: u8,
    rules: &GameRules,
    memo: &mut Memo,
    mut best: u64,
) -> u64 {
    let floor = floor(hand, table, wild_rank, rules, memo);
    if best <= floor {
        return best;
    }
    let candidates = joining(hand, table, wild_rank);
    for part in SubMultisets::of(&candidates).skip(1) {
        let points = memo.least(&without_all(hand, &part), wild_rank, rules);
        if points >= best {
            continue;
        }
        if assign(&part, 0, table, wild_rank, rules, &mut memo.splits).is_some() {
            best = points;
            if best <= floor {
                break; // (no later set does better)
            }
        }
    }
    best
}

/// No more than the final points of `hand` (sorted) against `table`: under house meld rules
/// (distinct-suit books, a limit of wilds per meld), the final points under the relaxed
/// rules, which allow every meld and every lay-off the house rules do, where [`Table`]
/// reasons them out (every table meld holds a natural); else 0.
fn floor(hand: &[u8], table: &[Meld], wild_rank: u8, rules: &GameRules, memo: &mut Memo) -> u64 {
    let relaxed = rules.melds.relaxed();
    if relaxed == rules.melds {
        return 0;
    }
    let inner = memo.relaxed.get_or_insert_with(|| {
        let rules = GameRules {
            melds: relaxed,
            ..rules.clone()
        };
        let read = Table::of(table, wild_rank, &rules);
        let memo = Memo {
            table: Some(read),
            ..Memo::default()
        };
        Box::new((rules, memo))
    });
    let (rules, memo) = &mut **inner;
    if !matches!(memo.table, Some(Some(_))) {
        return 0; // (not reasoned out: trying every set again would cost as much)
    }
    final_points(hand, table, wild_rank, rules, memo)
}

/// A table of melds as [`final_points`] reasons about it under the default meld rules
/// (books of any suits, any number of wilds in a meld), when every table meld holds a
/// natural: which ranks have a book, and each run's suit, the ranks its naturals hold, its
/// wilds and its cards.
///
/// Then a book takes any naturals of its rank and any wilds, whatever else is laid off, and
/// a run takes naturals of its suit at ranks it lacks (one each) as long as its gaps are no
/// more than its wilds and it holds at most eleven cards; wilds laid off onto a run fill its
/// gaps or its room. So when the table has a book, the wilds and the naturals of a book's
/// rank can always be laid off, and pricing them at nothing gives the least over every choice
/// of them ([`least_laying_off`]); what is left to choose is the naturals laid off onto each
/// run, with the wilds their gaps need. With no book, the naturals onto each run and how many
/// wilds the runs take: the costliest wilds, since a hand less dearer wilds melds as well.
#[derive(Debug)]
struct Table {
    /// The ranks (less three) that have a book, as bits.
    book_ranks: u16,
    runs: Vec<TableRun>,
}

#[derive(Debug, Clone, Copy)]
struct TableRun {
    suit: u8,
    /// The ranks (less three) its naturals hold, as bits.
    ranks: u16,
    wilds: u32,
    cards: u32,
}

/// The most cards a run holds.
const RUN_CARDS: u32 = 11;

impl Table {
    fn of(table: &[Meld], wild_rank: u8, rules: &GameRules) -> Option<Table> {
        let melds = &rules.melds;
        if melds.distinct_suit_books || melds.max_wilds != WildLimit::Unlimited {
            return None;
        }
        let mut read = Table {
            book_ranks: 0,
            runs: Vec::new(),
        };
        for meld in table {
            let naturals: Vec<u8> = crate::naturals(&meld.codes, wild_rank);
            let first = *naturals.first()?; // (an all-wild meld takes any rank or suit)
            match meld.kind {
                Kind::Book => read.book_ranks |= 1 << rank_index(first),
                Kind::Run => read.runs.push(TableRun {
                    suit: first / 11,
                    ranks: naturals.iter().fold(0, |r, &c| r | 1 << rank_index(c)),
                    wilds: (meld.codes.len() - naturals.len()) as u32,
                    cards: meld.codes.len() as u32,
                }),
            }
        }
        Some(read)
    }

    /// [`final_points`] of `hand` (sorted) on this table, `plain` its least deadwood.
    fn final_points(
        &self,
        hand: &[u8],
        wild_rank: u8,
        rules: &GameRules,
        plain: u64,
        memo: &mut Memo,
    ) -> u64 {
        let mut best = plain;
        let mut wilds: Vec<u8> = hand
            .iter()
            .copied()
            .filter(|&c| is_wild(c, wild_rank))
            .collect();
        // (the costliest first: those the runs take)
        wilds.sort_by_key(|&c| std::cmp::Reverse(rules.melds.points(c, wild_rank)));
        let naturals: Vec<u8> = crate::naturals(hand, wild_rank);
        let mut choice = Choice {
            left: naturals,
            gaps: 0,
            room: 0,
            wilds: wilds.len() as u32,
        };
        self.each_choice(0, &mut choice, &mut |choice| {
            let gaps = choice.gaps as usize;
            let most = if self.book_ranks != 0 {
                gaps
            } else {
                wilds.len().min(choice.room as usize)
            };
            for taken in gaps..=most {
                let mut rest: Vec<u8> = choice.left.clone();
                rest.extend_from_slice(&wilds[taken..]);
                rest.sort_unstable();
                let points = self.least_of(&rest, wild_rank, rules, memo);
                best = best.min(points);
            }
        });
        best
    }

    /// The least deadwood of `rest` with what this table always takes priced at nothing.
    fn least_of(&self, rest: &[u8], wild_rank: u8, rules: &GameRules, memo: &mut Memo) -> u64 {
        if self.book_ranks == 0 {
            return memo.least(rest, wild_rank, rules);
        }
        if let Some(&known) = memo.free_least.get(rest) {
            return known;
        }
        let found = least_laying_off(rest, wild_rank, &rules.melds, self.book_ranks);
        memo.free_least.insert(rest.to_vec(), found);
        found
    }

    /// Call `then` with every choice of the naturals laid off onto runs `index..` (each run
    /// a set of naturals of its suit at ranks it lacks, one copy each, that keeps it within
    /// eleven cards with the wilds its gaps then need, no more than the hand holds).
    fn each_choice(&self, index: usize, choice: &mut Choice, then: &mut impl FnMut(&Choice)) {
        let Some(run) = self.runs.get(index) else {
            then(choice);
            return;
        };
        // the distinct naturals left that could join it
        let mut fits: Vec<u8> = choice
            .left
            .iter()
            .copied()
            .filter(|&c| c / 11 == run.suit && run.ranks >> rank_index(c) & 1 == 0)
            .collect();
        fits.dedup();
        for subset in 0u32..1 << fits.len() {
            let mut ranks = run.ranks;
            let mut laid = 0u32;
            for (i, &c) in fits.iter().enumerate() {
                if subset >> i & 1 == 1 {
                    ranks |= 1 << rank_index(c);
                    laid += 1;
                }
            }
            let span = 16 - ranks.leading_zeros() - ranks.trailing_zeros();
            let gaps = (span - ranks.count_ones()).saturating_sub(run.wilds);
            let cards = run.cards + laid + gaps;
            if choice.gaps + gaps > choice.wilds || cards > RUN_CARDS {
                continue; // (more wilds than the hand holds, or more cards than a run)
            }
            let saved = (choice.left.clone(), choice.gaps, choice.room);
            for (i, &c) in fits.iter().enumerate() {
                if subset >> i & 1 == 1 {
                    let at = choice
                        .left
                        .iter()
                        .position(|&o| o == c)
                        .expect("a natural left");
                    choice.left.remove(at);
                }
            }
            choice.gaps += gaps;
            choice.room += RUN_CARDS - run.cards - laid;
            self.each_choice(index + 1, choice, then);
            (choice.left, choice.gaps, choice.room) = saved;
        }
    }
}

/// The naturals left in hand after those laid off onto the runs so far, the wilds their gaps
/// need and the room they have for wilds, and the wilds the hand holds.
struct Choice {
    left: Vec<u8>,
    gaps: u32,
    room: u32,
    wilds: u32,
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
    for part in SubMultisets::of(&fits) {
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

/// Every sub-multiset of some cards (sorted), each sorted, smallest first; among those of
/// one size, in the order of the counts of the distinct cards read as digits, the lowest
/// card the most significant (the Python twin's `_sub_multisets`). Made one at a time, as
/// they are asked for: a search that stops early makes few of them.
struct SubMultisets {
    /// The distinct cards and their copies.
    cards: Vec<(u8, usize)>,
    /// How many copies of each the one made last takes.
    taken: Vec<usize>,
    /// The size of the one made last (None before the first).
    size: Option<usize>,
    total: usize,
}

impl SubMultisets {
    fn of(cards: &[u8]) -> SubMultisets {
        let mut distinct: Vec<(u8, usize)> = Vec::new();
        for &c in cards {
            match distinct.last_mut() {
                Some((last, n)) if *last == c => *n += 1,
                _ => distinct.push((c, 1)),
            }
        }
        SubMultisets {
            total: cards.len(),
            taken: vec![0; distinct.len()],
            cards: distinct,
            size: None,
        }
    }

    /// The least (as digits, the first card most significant) way to take `left` copies from
    /// the distinct cards `from..`, written into `taken`; false when they hold fewer.
    fn least_from(&mut self, from: usize, mut left: usize) -> bool {
        for i in (from..self.cards.len()).rev() {
            self.taken[i] = left.min(self.cards[i].1);
            left -= self.taken[i];
        }
        left == 0
    }
}

impl Iterator for SubMultisets {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        let advanced = self.size.is_some() && {
            // the next of this size: raise the last digit that can go up while the digits after
            // it take the rest, and make those the least
            let mut found = false;
            let mut after: usize = 0;
            for i in (0..self.cards.len()).rev() {
                if self.taken[i] < self.cards[i].1 && after > 0 {
                    self.taken[i] += 1;
                    found = self.least_from(i + 1, after - 1);
                    break;
                }
                after += self.taken[i];
            }
            found
        };
        if !advanced {
            let size = self.size.map_or(0, |size| size + 1);
            self.size = Some(size);
            if size > self.total || !self.least_from(0, size) {
                return None;
            }
        }
        Some(
            self.cards
                .iter()
                .zip(&self.taken)
                .flat_map(|(&(c, _), &n)| std::iter::repeat_n(c, n))
                .collect(),
        )
    }
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
mod tests;
