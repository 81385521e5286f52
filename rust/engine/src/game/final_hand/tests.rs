//! The tests of final hands laid off onto the table: against an exhaustive search, and the
//! bounds the search uses.

use super::*;

use crate::rules::MeldRules;
use crate::shuffle::SplitMix64;
use crate::sweep;

/// A random valid table meld drawn from `deck` (its cards removed; a run when
/// `runs_only`), or None.
fn table_meld(
    deck: &mut Vec<u8>,
    wild_rank: u8,
    runs_only: bool,
    random: &mut SplitMix64,
) -> Option<Meld> {
    let take = |deck: &mut Vec<u8>, code: u8| -> bool {
        match deck.iter().position(|&c| c == code) {
            Some(at) => {
                deck.swap_remove(at);
                true
            }
            None => false,
        }
    };
    let wilds = random.below(3);
    let mut codes = Vec::new();
    if !runs_only && random.below(2) == 0 {
        let rank = random.below(11) as u8;
        for suit in 0..5u8 {
            let code = suit * 11 + rank;
            if codes.len() < 4
                && random.below(2) == 0
                && !is_wild(code, wild_rank)
                && take(deck, code)
            {
                codes.push(code);
            }
        }
        if codes.is_empty() {
            return None;
        }
        while codes.len() < 3 || codes.len() < 3 + wilds.min(1) {
            let at = deck.iter().position(|&c| is_wild(c, wild_rank))?;
            codes.push(deck.swap_remove(at));
        }
        return Some(Meld {
            kind: Kind::Book,
            codes,
        });
    }
    let suit = random.below(5) as u8;
    let low = random.below(9) as u8;
    let longest = if random.below(4) == 0 { 9 } else { 4 };
    let length = 3 + random.below(longest) as u8;
    let mut used_wilds = 0;
    for rank in low..(low + length).min(11) {
        let code = suit * 11 + rank;
        let natural = !is_wild(code, wild_rank)
            && (used_wilds >= wilds || random.below(4) != 0)
            && take(deck, code);
        if !natural {
            let at = deck.iter().position(|&c| is_wild(c, wild_rank))?;
            codes.push(deck.swap_remove(at));
            used_wilds += 1;
        } else {
            codes.push(code);
        }
    }
    let meld = Meld {
        kind: Kind::Run,
        codes,
    };
    Some(meld)
}

#[test]
fn lay_offs_reasoned_out_price_as_every_sub_multiset_tried() {
    let mut random = SplitMix64::new(17);
    let (mut checked, mut lowered) = ([0usize; 2], 0);
    for case in 0..4000 {
        let packs = 1 + random.below(2) as u32;
        let wild_rank = [0u8, 3, 7, 13][random.below(4)];
        let melds = MeldRules {
            packs,
            all_wild_melds: case % 3 != 0,
            joker_points: [50, 0, 25][case % 3],
            ..MeldRules::default()
        };
        let rules = GameRules {
            melds,
            lay_off: true,
            ..GameRules::default()
        };
        let mut deck: Vec<u8> = (0..packs)
            .flat_map(|_| (0..55u8).chain([55, 55, 55]))
            .collect();
        let mut table = Vec::new();
        for _ in 0..random.below(5) {
            if let Some(meld) = table_meld(&mut deck, wild_rank, case % 4 == 1, &mut random) {
                if is_meld(meld.kind, &meld.codes, wild_rank, &rules.melds) {
                    table.push(meld);
                }
            }
        }
        if table.is_empty() {
            continue;
        }
        let size = 1 + random.below(12);
        let mut hand: Vec<u8> = (0..size.min(deck.len()))
            .map(|_| deck.swap_remove(random.below(deck.len())))
            .collect();
        // (a hand dense in the table's suits and ranks now and then)
        if case % 2 == 0 {
            for meld in &table {
                if let Some(&c) = meld.codes.iter().find(|&&c| !is_wild(c, wild_rank)) {
                    for near in [c.saturating_sub(1), c + 1, (c + 11) % 55] {
                        if hand.len() < 14 && near < 55 {
                            if let Some(at) = deck.iter().position(|&o| o == near) {
                                hand.push(deck.swap_remove(at));
                            }
                        }
                    }
                }
            }
        }
        hand.sort_unstable();
        let mut fast = Memo::default();
        let found = final_points(&hand, &table, wild_rank, &rules, &mut fast);
        let mut slow = Memo::default();
        let least = query(&hand, wild_rank, &rules).least();
        let expected = if least == 0 {
            0
        } else {
            enumerated(&hand, &table, wild_rank, &rules, &mut slow, least)
        };
        assert_eq!(
            found, expected,
            "hand {hand:?} table {table:?} wild {wild_rank}"
        );
        let layout = arrange_final(&hand, &table, wild_rank, &rules);
        assert_eq!(layout.points, expected);
        let reasoned = matches!(fast.table, Some(Some(_)));
        checked[usize::from(reasoned)] += 1;
        lowered += usize::from(reasoned && expected < least);
    }
    // (most tables are reasoned out, and on many hands laying off lowers the deadwood)
    assert!(checked[1] > 2500 && lowered > 1500, "{checked:?} {lowered}");
    // a run of ten cards takes one more: the joker goes, the king (wild) is left
    let run = Meld {
        kind: Kind::Run,
        codes: (0..10).collect(),
    };
    let rules = GameRules {
        lay_off: true,
        ..GameRules::default()
    };
    let hand = [21, 55];
    assert_eq!(
        final_points(
            &hand,
            std::slice::from_ref(&run),
            13,
            &rules,
            &mut Memo::default()
        ),
        20
    );
    assert_eq!(
        enumerated(&hand, &[run], 13, &rules, &mut Memo::default(), 70),
        20
    );
}

/// The final points of `hand` by trying every set of cards that can go onto the table
/// (no floor): the reference under house meld rules.
fn every_set(hand: &[u8], table: &[Meld], wild_rank: u8, rules: &GameRules) -> u64 {
    let mut best = query(hand, wild_rank, rules).least();
    let mut splits = HashMap::default();
    for part in SubMultisets::of(&joining(hand, table, wild_rank)).skip(1) {
        let points = query(&without_all(hand, &part), wild_rank, rules).least();
        if points < best && assign(&part, 0, table, wild_rank, rules, &mut splits).is_some() {
            best = points;
        }
    }
    best
}

#[test]
fn house_meld_rules_stop_at_the_relaxed_floor_with_the_same_points() {
    let mut random = SplitMix64::new(41);
    let (mut cases, mut floored) = (0, 0);
    for case in 0..1500 {
        let wild_rank = [0u8, 3, 7, 13][random.below(4)];
        let mut melds = MeldRules::default();
        match case % 3 {
            0 => melds.distinct_suit_books = true,
            1 => melds.max_wilds = WildLimit::AtMost(1 + random.below(2) as u32),
            _ => melds.max_wilds = WildLimit::Naturals,
        }
        let rules = GameRules {
            melds,
            lay_off: true,
            ..GameRules::default()
        };
        let mut deck: Vec<u8> = (0..2).flat_map(|_| (0..55u8).chain([55, 55, 55])).collect();
        let mut table = Vec::new();
        for _ in 0..1 + random.below(4) {
            if let Some(meld) = table_meld(&mut deck, wild_rank, false, &mut random) {
                if is_meld(meld.kind, &meld.codes, wild_rank, &rules.melds) {
                    table.push(meld);
                }
            }
        }
        if table.is_empty() {
            continue;
        }
        // (a hand near the table: its suits' and ranks' neighbours, a few others)
        let mut hand: Vec<u8> = Vec::new();
        for meld in &table {
            for &c in meld.codes.iter().filter(|&&c| !is_wild(c, wild_rank)) {
                for near in [c.saturating_sub(1), c + 1, (c + 11) % 55] {
                    if hand.len() < 9 && near < 55 && random.below(2) == 0 {
                        if let Some(at) = deck.iter().position(|&o| o == near) {
                            hand.push(deck.swap_remove(at));
                        }
                    }
                }
            }
        }
        for _ in 0..random.below(4) {
            hand.push(deck.swap_remove(random.below(deck.len())));
        }
        hand.sort_unstable();
        let expected = every_set(&hand, &table, wild_rank, &rules);
        let mut memo = Memo::default();
        let found = final_points(&hand, &table, wild_rank, &rules, &mut memo);
        assert_eq!(
            found, expected,
            "hand {hand:?} table {table:?} wild {wild_rank}"
        );
        let under = floor(&hand, &table, wild_rank, &rules, &mut Memo::default());
        assert!(
            under <= expected,
            "floor {under} over {expected}: {hand:?} {table:?}"
        );
        assert_eq!(
            arrange_final(&hand, &table, wild_rank, &rules).points,
            expected
        );
        cases += 1;
        floored += usize::from(under == expected && under > 0);
    }
    // (the floor is often the answer: the search for it stops there)
    assert!(cases > 1200 && floored > cases / 3, "{cases} {floored}");
}

#[test]
fn the_sweep_and_the_search_price_free_cards_alike() {
    let mut random = SplitMix64::new(29);
    let deck: Vec<u8> = (0..2).flat_map(|_| (0..55u8).chain([55, 55, 55])).collect();
    for case in 0..3000 {
        let wild_rank = [0u8, 3, 9, 13][case % 4];
        let rules = MeldRules {
            packs: 2,
            all_wild_melds: case % 3 != 0,
            ..MeldRules::default()
        };
        let mut left = deck.clone();
        let size = 1 + random.below(14);
        let mut hand: Vec<u8> = (0..size)
            .map(|_| left.swap_remove(random.below(left.len())))
            .collect();
        hand.sort_unstable();
        let free_ranks = random.below(1 << 11) as u16 & random.below(1 << 11) as u16;
        let searched = search::score_free(&hand, wild_rank, &rules, free_ranks, true).points;
        let swept = sweep::least_laying_off(&hand, wild_rank, &rules, free_ranks);
        assert_eq!(
            swept,
            Some(searched),
            "hand {hand:?} wild {wild_rank} free {free_ranks:b}"
        );
    }
}

/// [`SubMultisets`] as the Python twin's `_sub_multisets` makes them: every count of each
/// distinct card in turn, then sorted by size (stably).
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

#[test]
fn sub_multisets_made_one_at_a_time_come_in_the_same_order() {
    let mut random = SplitMix64::new(41);
    for _ in 0..500 {
        let mut cards: Vec<u8> = (0..random.below(9))
            .map(|_| random.below(6) as u8)
            .collect();
        cards.sort_unstable();
        let lazy: Vec<Vec<u8>> = SubMultisets::of(&cards).collect();
        assert_eq!(lazy, sub_multisets(&cards), "{cards:?}");
    }
}

#[test]
fn sub_multisets_come_smallest_first_in_the_twins_order() {
    let found: Vec<Vec<u8>> = SubMultisets::of(&[3, 3, 7]).collect();
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
