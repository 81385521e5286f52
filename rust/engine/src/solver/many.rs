//! Many hands at once: the least deadwood of each, on threads, from hands or from rows of
//! card counts; and the least deadwood of one hand on the hot path, without making a [`Hand`].

use crate::error::HandError;
use crate::rules::MeldRules;
use crate::{copies_in_deck, JOKER, NUM_CODES};

use super::hand::Hand;
use super::sweep;

/// The least deadwood of the hand `codes` when the checks pass and the sweep takes it, without
/// building a [`Hand`] (no allocation, no sorting): the hot path of one call. None when a
/// check fails (a code beyond the deck, more copies than the packs hold, a bad wild rank or
/// bad rules) or the sweep does not take the rules or the hand; the caller then builds a
/// [`Hand`], which says what is wrong or searches.
pub fn quick_least(codes: &[u8], wild_rank: u32, rules: &MeldRules) -> Option<u64> {
    if !(wild_rank == 0 || (3..=13).contains(&wild_rank)) || rules.validate().is_err() {
        return None;
    }
    let packs = rules.packs as usize;
    let mut copies = [0u8; NUM_CODES];
    for &c in codes {
        let held = copies.get_mut(usize::from(c))?;
        *held += 1;
        if usize::from(*held) > copies_in_deck(usize::from(c), packs) {
            return None;
        }
    }
    sweep::least_of(codes, wild_rank as u8, rules)
}

/// The most threads [`least_each`] takes.
pub const MAX_THREADS: usize = 256;

/// The fewest hands worth a thread of their own in [`least_each`] (starting one costs
/// about as much as solving a few dozen hands).
const HANDS_PER_THREAD: usize = 256;

/// The least deadwood of each hand, on up to `threads` threads (at most [`MAX_THREADS`];
/// each takes one contiguous share of the hands, at least `HANDS_PER_THREAD` of them). The
/// answers are the same for any number of threads.
pub fn least_each(hands: &[Hand], threads: usize) -> Vec<u64> {
    on_threads(hands, threads, Hand::least)
}

/// A hand as the copies of each card code (a row of card counts).
pub type Counts = [u8; NUM_CODES];

/// [`least_each`] of hands given as card counts, each checked first (no more copies than
/// the deck holds; the wild rank and the rules as [`Hand::new`] checks them). A row the sweep takes is swept as it is read, with no codes
/// sorted and no [`Hand`] made; any other is solved as a hand.
pub fn least_each_counts(
    rows: &[Counts],
    wild_rank: u32,
    rules: &MeldRules,
    threads: usize,
) -> Result<Vec<u64>, HandError> {
    rules.validate()?;
    if wild_rank != 0 && !(3..=13).contains(&wild_rank) {
        return Err(HandError::BadWildRank(wild_rank));
    }
    let packs = rules.packs as usize;
    for row in rows {
        // (a fold the compiler turns into a few vector instructions a row)
        let most = row[..usize::from(JOKER)]
            .iter()
            .fold(0, |most: u8, &n| most.max(n));
        if usize::from(most) <= packs && usize::from(row[usize::from(JOKER)]) <= 3 * packs {
            continue;
        }
        let over = (0..NUM_CODES).find(|&c| usize::from(row[c]) > copies_in_deck(c, packs));
        if let Some(code) = over {
            return Err(HandError::TooManyCopies {
                code: code as u8,
                copies: usize::from(row[code]),
                allowed: copies_in_deck(code, packs),
            });
        }
    }
    let wild_rank = wild_rank as u8;
    let solve = |row: &Counts| {
        let split = sweep::Split::of_counts(row, wild_rank, rules);
        if rules.sweep_takes_with(split.wild_count()) {
            if let Some(least) = split.least() {
                return least;
            }
        }
        let codes: Vec<u8> = (0u8..)
            .zip(row)
            .flat_map(|(c, &n)| std::iter::repeat_n(c, usize::from(n)))
            .collect();
        Hand::trusted(&codes, wild_rank, *rules).least()
    };
    Ok(on_threads(rows, threads, solve))
}

/// `solve` of each item, on up to `threads` threads as [`least_each`] says.
pub(super) fn on_threads<T: Sync>(
    items: &[T],
    threads: usize,
    solve: impl Fn(&T) -> u64 + Sync,
) -> Vec<u64> {
    let threads = threads
        .clamp(1, MAX_THREADS)
        .min(items.len().div_ceil(HANDS_PER_THREAD).max(1));
    if threads == 1 {
        return items.iter().map(&solve).collect();
    }
    let share = items.len().div_ceil(threads);
    let solve = |part: &[T]| part.iter().map(&solve).collect::<Vec<u64>>();
    std::thread::scope(|scope| {
        // (a share whose thread the system would not start is solved on this one)
        let parts: Vec<_> = items
            .chunks(share)
            .map(|part| {
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || solve(part));
                (part, spawned.ok())
            })
            .collect();
        parts
            .into_iter()
            .flat_map(
                |(part, spawned)| match spawned.map(|thread| thread.join()) {
                    Some(Ok(values)) => values,
                    Some(Err(panic)) => std::panic::resume_unwind(panic),
                    None => solve(part),
                },
            )
            .collect()
    })
}
