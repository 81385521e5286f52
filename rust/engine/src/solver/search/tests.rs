//! The tests of the search.

use super::memoised::{KEPT, RANK_CODES};
use super::*;
use crate::naturals::Naturals;
use crate::rules::WildLimit;
use crate::shuffle::SplitMix64;

/// [`Search::hopeless`] by its definition: windows of every length around a natural.
fn hopeless_by_every_window(search: &Search, state: &Naturals, w: u64) -> Vec<u8> {
    let limit = |m: usize| (w as i64).min(search.limit(m));
    let codes = state.held();
    state
        .codes()
        .filter(|&c| {
            let (q, base) = (usize::from(c % 11), c - c % 11);
            let m = if search.rules.distinct_suit_books {
                (codes & RANK_CODES[q]).count_ones() as usize
            } else {
                (0..5).map(|s| state.count(s * 11 + q as u8)).sum::<u32>() as usize
            }
            .min(3);
            let book = 3 - m as i64 <= limit(m);
            let held = (codes >> base & 0x7ff) as u32;
            let run = (3..12usize).any(|length| {
                (q.saturating_sub(length - 1)..=q.min(11 - length)).any(|low| {
                    let n = (held >> low & ((1 << length) - 1)).count_ones() as usize;
                    n > 0 && (length - n) as i64 <= limit(n)
                })
            });
            !book && !run
        })
        .collect()
}

#[test]
fn hopeless_naturals_are_those_no_window_of_any_length_holds() {
    let mut generator = SplitMix64::new(8);
    let mut deck: Vec<u8> = (0..3).flat_map(|_| 0..55u8).collect();
    for max_wilds in [
        WildLimit::Unlimited,
        WildLimit::AtMost(0),
        WildLimit::AtMost(1),
        WildLimit::AtMost(2),
        WildLimit::Naturals,
    ] {
        for distinct_suit_books in [false, true] {
            let rules = MeldRules {
                max_wilds,
                distinct_suit_books,
                packs: 3,
                ..MeldRules::default()
            };
            for _ in 0..400 {
                generator.shuffle(&mut deck);
                let mut state = Naturals::EMPTY;
                for &c in &deck[..2 + generator.below(14)] {
                    state.add(c);
                }
                let w = generator.below(4) as u64;
                let search = Search::new(&rules, &vec![20; w as usize]);
                let found: Vec<u8> = search.hopeless(&state, w).codes().collect();
                assert_eq!(found, hopeless_by_every_window(&search, &state, w));
            }
        }
    }
}

/// Forget the move templates this thread keeps between searches.
fn forget_templates() {
    KEPT.with(|cell| *cell.borrow_mut() = None);
}

#[test]
fn templates_kept_from_other_hands_give_each_hand_its_own_moves() {
    // a template is kept per the naturals its moves depend on: a hand solved with the
    // templates hundreds of other hands left has the solution it has with none kept
    let mut generator = SplitMix64::new(7);
    let limits = [
        WildLimit::Unlimited,
        WildLimit::AtMost(1),
        WildLimit::AtMost(2),
        WildLimit::Naturals,
    ];
    for (k, &max_wilds) in limits.iter().enumerate() {
        let rules = MeldRules {
            max_wilds,
            distinct_suit_books: k == 3,
            ..MeldRules::default()
        };
        let mut deck: Vec<u8> = (0..2).flat_map(|_| (0..56u8).chain([55, 55])).collect();
        let hands: Vec<(Vec<u8>, u8)> = (0..600)
            .map(|_| {
                generator.shuffle(&mut deck);
                let mut hand = deck[..3 + generator.below(12)].to_vec();
                hand.sort_unstable();
                (hand, [0, 3, 7, 13][generator.below(4)])
            })
            .collect();
        forget_templates();
        let kept: Vec<Solution> = hands.iter().map(|(h, w)| solve(h, *w, &rules)).collect();
        for ((hand, wild_rank), kept) in hands.iter().zip(&kept) {
            forget_templates();
            assert_eq!(
                &solve(hand, *wild_rank, &rules),
                kept,
                "{hand:?}, wild {wild_rank}"
            );
        }
    }
}
