//! The tests of the questions about one hand.

use super::*;
use crate::error::HandError;
use crate::rules::{MeldRules, WildLimit};
use crate::{copies_in_deck, is_wild, JOKER, MAX_CARDS, NUM_CODES};

/// A hand keeps its codes sorted whatever order they come in (they are sorted by
/// counting), every copy kept: hands of every size up to 40 cards and the whole deck,
/// three packs (up to nine jokers).
#[test]
fn hand_sorts_codes_in_any_order() {
    let rules = MeldRules {
        packs: 3,
        ..MeldRules::default()
    };
    let mut generator = crate::shuffle::SplitMix64::new(7);
    for size in (0..=40).chain([crate::deck_size(3)]) {
        for _ in 0..50 {
            let mut copies = [0usize; NUM_CODES];
            let mut codes = Vec::new();
            while codes.len() < size {
                let seed = generator.next_u64();
                // (jokers often, for their many copies)
                let code = if seed % 5 == 0 {
                    55
                } else {
                    (seed >> 8) as usize % NUM_CODES
                };
                if copies[code] < copies_in_deck(code, 3) {
                    copies[code] += 1;
                    codes.push(code as u32);
                }
            }
            let mut sorted: Vec<u8> = codes.iter().map(|&c| c as u8).collect();
            sorted.sort_unstable();
            let made = Hand::new(&codes, 13, &rules).expect("a hand the deck holds");
            assert_eq!(made.codes(), &sorted[..], "{codes:?}");
        }
    }
}

fn hand(text: &str, wild_rank: u32) -> Hand {
    hand_with(text, wild_rank, &MeldRules::default())
}

fn code(card: &str) -> u32 {
    if card == "JK" {
        return 55;
    }
    let (rank, suit) = card.split_at(card.len() - 1);
    let rank: u32 = match rank {
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        r => r.parse().unwrap(),
    };
    let suit = "*HCSD".find(suit).unwrap() as u32;
    suit * 11 + rank - 3
}

/// A xorshift generator from `seed` (not 0): the tests' random hands.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// Rule sets the tests of every discard run under: the official melds, no wilds in
/// melds, distinct-suit books without all-wild melds, and wilds worth no points.
fn option_sets() -> [MeldRules; 4] {
    [
        MeldRules::default(),
        MeldRules {
            max_wilds: crate::WildLimit::AtMost(0),
            ..MeldRules::default()
        },
        MeldRules {
            distinct_suit_books: true,
            all_wild_melds: false,
            ..MeldRules::default()
        },
        MeldRules {
            wild_points: 0,
            joker_points: 0,
            ..MeldRules::default()
        },
    ]
}

/// A sorted hand of `size` cards dealt from a two-pack deck by `next`.
fn dealt(next: &mut impl FnMut() -> u64, size: usize) -> Vec<u8> {
    let mut deck: Vec<u8> = (0..2).flat_map(|_| (0..56).chain([55, 55])).collect();
    let mut codes: Vec<u8> = (0..size)
        .map(|_| deck.swap_remove((next() % deck.len() as u64) as usize))
        .collect();
    codes.sort_unstable();
    codes
}

fn hand_with(text: &str, wild_rank: u32, rules: &MeldRules) -> Hand {
    let codes: Vec<u32> = text.split_whitespace().map(code).collect();
    Hand::new(&codes, wild_rank, rules).unwrap()
}

#[test]
fn least_deadwood_of_small_hands() {
    assert_eq!(hand("JS QS JK 7H 7D 7C 4D", 5).least(), 4);
    assert_eq!(hand("7H 8H 9H KS", 3).least(), 13);
    assert_eq!(hand("JK 5S", 3).least(), 55);
    assert_eq!(hand("", 3).least(), 0);
}

#[test]
fn arrangement_says_what_the_wild_is_in() {
    let layout = hand("JS QS JK 7H 7D 7C 4D", 5).arrange();
    assert_eq!(layout.points, 4);
    assert_eq!(layout.deadwood, vec![code("4D") as u8]);
    assert_eq!(layout.melds.len(), 2);
    let run = layout.melds.iter().find(|m| m.kind == Kind::Run).unwrap();
    assert!(run.codes.contains(&JOKER));
}

#[test]
fn best_discard_and_going_out() {
    let h = hand("3H 4H 5H 9C KD", 9);
    let (card, rest) = h.best_discard().unwrap();
    assert_eq!(u32::from(card), code("KD"));
    assert_eq!(rest.points, 0);
    assert!(h.can_out());
    assert!(!hand("7H 8H 9H KS QD", 3).can_out());
    assert!(hand("", 3).best_discard().is_err());
}

#[test]
fn the_best_discard_keeping_cards_is_the_best_of_the_others() {
    // KS is the card to throw; kept, the next in best_discard's order goes
    let h = hand("5H 6H 7H 9D KS", 3);
    assert_eq!(h.best_discard_keeping(&[]), Some(code("KS") as u8));
    assert_eq!(
        h.best_discard_keeping(&[code("KS") as u8]),
        Some(code("9D") as u8)
    );
    // of two copies, one kept: the other may still go
    let two = hand("5H 6H 7H KS KS", 3);
    assert_eq!(
        two.best_discard_keeping(&[code("KS") as u8]),
        Some(code("KS") as u8)
    );
    let all: Vec<u8> = two.codes().to_vec();
    assert_eq!(two.best_discard_keeping(&all), None);
}

#[test]
fn going_out_is_some_discard_leaving_no_deadwood() {
    // (hands with several candidate discards take the recorded sweep)
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    let rules = MeldRules::default();
    let mut outs = 0;
    for round in 0..3000u64 {
        let codes: Vec<u32> = dealt(&mut next, 3 + (round % 13) as usize)
            .into_iter()
            .map(u32::from)
            .collect();
        let wild_rank = [0, 3, 8, 13][(round % 4) as usize];
        let h = Hand::new(&codes, wild_rank, &rules).unwrap();
        let expected = h
            .distinct()
            .iter()
            .copied()
            .any(|c| search::score(&h.without(c).codes, h.wild_rank, &rules).points == 0);
        assert_eq!(h.can_out(), expected, "{codes:?} wild {wild_rank}");
        outs += usize::from(expected);
    }
    assert!(outs > 100, "{outs}");
}

/// A limit of wilds per meld that cannot bind (no more wilds in the hand than a meld may
/// hold; at most one wild under "no more wilds than naturals") leaves every arrangement
/// allowed: the search's least deadwood is the one with no limit, and the sweep answers
/// (exactly) for those hands and only those.
#[test]
fn a_limit_of_wilds_that_cannot_bind_is_no_limit() {
    let mut next = xorshift(0x0b1d_0f11_a175);
    let limits = [
        WildLimit::AtMost(1),
        WildLimit::AtMost(2),
        WildLimit::AtMost(3),
        WildLimit::Naturals,
    ];
    let (mut swept, mut searched) = (0, 0);
    for round in 0..8000u64 {
        let rules = MeldRules {
            max_wilds: limits[(round % 4) as usize],
            distinct_suit_books: round % 5 == 0,
            all_wild_melds: round % 3 != 0,
            ..MeldRules::default()
        };
        let codes = dealt(&mut next, 3 + (round % 13) as usize);
        let wild_rank = [0, 3, 8, 13][(round / 4 % 4) as usize];
        let wilds = codes.iter().filter(|&&c| is_wild(c, wild_rank)).count();
        let truth = search::score(&codes, wild_rank, &rules).points;
        let binds = match rules.max_wilds {
            WildLimit::AtMost(n) => wilds > n as usize,
            _ => wilds > 1,
        };
        if !binds {
            let free = search::score(&codes, wild_rank, &rules.relaxed()).points;
            let books = MeldRules {
                max_wilds: WildLimit::Unlimited,
                ..rules
            };
            assert_eq!(truth, search::score(&codes, wild_rank, &books).points);
            assert!(free <= truth);
        }
        match sweep::least_of(&codes, wild_rank, &rules) {
            Some(least) => {
                assert!(!binds, "{codes:?} wild {wild_rank} {rules:?}");
                assert_eq!(least, truth, "{codes:?} wild {wild_rank} {rules:?}");
                swept += 1;
            }
            None => {
                assert!(binds || rules.distinct_suit_books, "{codes:?} {rules:?}");
                searched += 1;
            }
        }
    }
    assert!(
        swept > 3000 && searched > 1000,
        "{swept} swept, {searched} searched"
    );
}

/// Under distinct-suit books the sweep's least deadwood is the search's, on random hands
/// of one to three packs and hands dense in a few ranks (several books of one rank, two
/// copies of a card that no book may hold together), with all-wild melds or not and no
/// wilds in melds; it leaves few hands to the search.
#[test]
fn the_sweep_under_distinct_suit_books_is_the_search() {
    let mut next = xorshift(0x0000_d157_1c7b_00c5_u64);
    let (mut taken, mut hands, mut books) = (0, 0, 0);
    let (mut recorded, mut priced) = (0, 0);
    for round in 0..40000u64 {
        let packs = 1 + (round % 3) as u32;
        let rules = MeldRules {
            packs,
            distinct_suit_books: true,
            all_wild_melds: round % 4 != 0,
            max_wilds: if round % 9 == 0 {
                WildLimit::AtMost(0)
            } else {
                WildLimit::Unlimited
            },
            ..MeldRules::default()
        };
        // a deck of `packs` packs, or only its cards of three ranks, or of one (full
        // books and spare wilds), and the jokers; or up to ten wilds and the rest dealt
        let wild_rank = [0, 3, 8, 13][(round / 7 % 4) as usize];
        let ranks = match round % 4 {
            1 => vec![next() % 11, next() % 11, next() % 11],
            2 => vec![next() % 11],
            _ => vec![],
        };
        let mut deck: Vec<u8> = (0..packs)
            .flat_map(|_| (0..55u8).chain([55, 55, 55]))
            .filter(|&c| ranks.is_empty() || c == 55 || ranks.contains(&u64::from(c % 11)))
            .collect();
        let size = (1 + (round / 4 % 15) as usize).min(deck.len());
        let mut codes: Vec<u8> = Vec::new();
        if round % 4 == 3 {
            let mut wilds: Vec<usize> = (0..deck.len())
                .filter(|&i| is_wild(deck[i], wild_rank))
                .collect();
            for _ in 0..(next() % 11) as usize {
                if wilds.is_empty() || codes.len() == size {
                    break;
                }
                let i = wilds.swap_remove((next() % wilds.len() as u64) as usize);
                codes.push(deck[i]);
                deck[i] = u8::MAX; // (dealt)
            }
            deck.retain(|&c| c != u8::MAX);
        }
        while codes.len() < size {
            codes.push(deck.swap_remove((next() % deck.len() as u64) as usize));
        }
        codes.sort_unstable();
        hands += 1;
        let truth = search::score(&codes, wild_rank, &rules).points;
        if let Some(swept) = sweep::least_of(&codes, wild_rank, &rules) {
            taken += 1;
            assert_eq!(swept, truth, "{codes:?} wild {wild_rank} packs {packs}");
            let relaxed = search::score(&codes, wild_rank, &rules.relaxed()).points;
            books += usize::from(relaxed < truth);
        }
        // the recorded sweep: every discard's value is the search's
        if round % 3 == 0 {
            let split = sweep::Split::of(&codes, wild_rank, &rules);
            if let Some(record) = split.swept() {
                recorded += 1;
                assert_eq!(record.least(), truth, "{codes:?} wild {wild_rank}");
                let mut distinct = codes.clone();
                distinct.dedup();
                for c in distinct {
                    let mut rest = codes.clone();
                    rest.remove(rest.iter().position(|&x| x == c).unwrap());
                    let value = search::score(&rest, wild_rank, &rules).points;
                    if let Some(found) = record.without(c, wild_rank) {
                        assert_eq!(found, value, "{codes:?} less {c} wild {wild_rank}");
                        priced += 1;
                    }
                }
            }
        }
    }
    // (most hands swept, and many of them meld less than books of any suits would)
    assert!(taken * 100 > hands * 95, "{taken} of {hands}");
    assert!(books > 1000, "{books}");
    assert!(
        recorded > 8000 && priced > 40000,
        "{recorded} recorded, {priced} discards priced"
    );
    // one natural and twelve wilds, no all-wild melds: its meld takes ten at most (a run
    // of eleven), and the sweep, counting less room than that, leaves it to the search
    let rules = MeldRules {
        distinct_suit_books: true,
        all_wild_melds: false,
        ..MeldRules::default()
    };
    let codes = [10, 10, 15, 21, 21, 32, 32, 43, 43, 54, 54, 55, 55]; // 7H, kings, jokers
    assert_eq!(sweep::least_of(&codes, 13, &rules), None);
    assert_eq!(search::score(&codes, 13, &rules).points, 40);
}

#[test]
fn house_rules_best_discard_and_going_out_are_those_of_every_discard() {
    // (best first on the relaxed rules' bounds: each limit of wilds, distinct-suit
    // books, and four packs, whose copies the relaxed sweep does not take either)
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    let limits = [
        WildLimit::AtMost(1),
        WildLimit::AtMost(2),
        WildLimit::AtMost(3),
        WildLimit::Naturals,
        WildLimit::Unlimited,
    ];
    let (mut solved_first, mut outs) = (0, 0);
    for round in 0..3000u64 {
        let rules = MeldRules {
            max_wilds: limits[(round % 5) as usize],
            distinct_suit_books: round % 5 == 4 || round % 7 == 0,
            all_wild_melds: round % 3 != 0,
            packs: if round % 11 == 0 { 4 } else { 2 },
            ..MeldRules::default()
        };
        let mut codes: Vec<u32> = dealt(&mut next, 2 + (round % 12) as usize)
            .into_iter()
            .map(u32::from)
            .collect();
        if rules.packs == 4 {
            codes.extend([codes[0], codes[0]]); // (three or four copies of one card)
        }
        let wild_rank = [0, 3, 8, 13][(round / 5 % 4) as usize];
        let h = Hand::new(&codes, wild_rank, &rules).unwrap();
        let every: Vec<(u8, u64)> = h
            .distinct()
            .iter()
            .map(|&c| {
                (
                    c,
                    search::score(&h.without(c).codes, h.wild_rank, &rules).points,
                )
            })
            .collect();
        let expected = every.iter().copied().min_by_key(|&(c, v)| h.order(c, v));
        assert_eq!(
            h.best_discard_value(),
            expected,
            "{codes:?} wild {wild_rank}"
        );
        // (arranged while solved: the arrangement of the rest, as on the sweep's path)
        let (best, layout) = h.best_discard().unwrap();
        assert_eq!(Some((best, layout.points)), expected);
        assert_eq!(
            layout,
            h.without(best).arrange(),
            "{codes:?} wild {wild_rank}"
        );
        let relaxed = every
            .iter()
            .map(|&(c, _)| {
                (
                    c,
                    search::score(&h.without(c).codes, h.wild_rank, &rules.relaxed()).points,
                )
            })
            .min_by_key(|&(c, v)| h.order(c, v));
        solved_first += usize::from(relaxed == expected);
        // (going out: no discard leaves the rest melded when none does under the
        // relaxed rules)
        let zeros: Vec<(u8, bool)> = every.iter().map(|&(c, v)| (c, v == 0)).collect();
        assert_eq!(h.zero_discards(), zeros, "{codes:?} wild {wild_rank}");
        assert_eq!(h.can_out(), zeros.iter().any(|&(_, zero)| zero));
        outs += usize::from(h.can_out());
    }
    assert!(outs > 100, "{outs}");
    // (the relaxed rules' best is most often the best: the bound that makes it fast)
    assert!(solved_first > 2000, "{solved_first}");
}

#[test]
fn the_best_the_highest_melding_and_any_one_discard_are_those_of_every_discard() {
    // (lonely naturals are priced without solving: each must be exactly its bound)
    let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
    let options = option_sets();
    let (mut lonely_cards, mut outs) = (0, 0);
    for round in 0..4000u64 {
        let rules = &options[(round % 4) as usize];
        let codes: Vec<u32> = dealt(&mut next, 2 + (round % 13) as usize)
            .into_iter()
            .map(u32::from)
            .collect();
        let wild_rank = [0, 3, 8, 13][(round / 4 % 4) as usize];
        let h = Hand::new(&codes, wild_rank, rules).unwrap();
        let least = search::score(&h.codes, h.wild_rank, rules).points;
        let lonely = Lonely::of(&h.codes, h.wild_rank, rules);
        let every: Vec<(u8, u64)> = h
            .distinct()
            .iter()
            .copied()
            .map(|c| {
                (
                    c,
                    search::score(&h.without(c).codes, h.wild_rank, rules).points,
                )
            })
            .collect();
        for &(c, value) in &every {
            if lonely.holds(c) {
                lonely_cards += 1;
                let points = u64::from(rules.points(c, h.wild_rank));
                assert_eq!(value, least - points, "{codes:?} wild {wild_rank}, {c}");
            } else {
                assert!(value >= lonely.points, "{codes:?} wild {wild_rank}, {c}");
            }
        }
        for &(c, value) in &every {
            let (best, of_c) = h.best_discard_and_value_of(c).unwrap();
            assert_eq!(of_c, value, "{codes:?} wild {wild_rank}, {c}");
            assert_eq!(Some(best), h.best_discard_value());
        }
        let zero = every
            .iter()
            .filter(|&&(_, v)| v == 0)
            .map(|&(c, _)| c)
            .max();
        assert_eq!(h.zero_discard(), zero, "{codes:?} wild {wild_rank}");
        let zeros: Vec<(u8, bool)> = every.iter().map(|&(c, v)| (c, v == 0)).collect();
        assert_eq!(h.zero_discards(), zeros, "{codes:?} wild {wild_rank}");
        outs += usize::from(zero.is_some());
        let expected = every.iter().copied().min_by_key(|&(c, v)| h.order(c, v));
        if let Some((best, value)) = h.best_discard_value() {
            // (the hand kept is remembered: the same value, for its own rules only)
            let kept = h.without(best);
            assert_eq!(kept.least(), value, "{codes:?} wild {wild_rank}");
            let other = Hand::trusted(&kept.codes, 0, *rules);
            let truth = search::score(&other.codes, 0, rules).points;
            assert_eq!(other.least(), truth, "{codes:?} wild 0");
        }
        assert_eq!(
            h.best_discard_value(),
            expected,
            "{codes:?} wild {wild_rank}"
        );
    }
    assert!(lonely_cards > 1000, "{lonely_cards}");
    assert!(outs > 100, "{outs}");
}

#[test]
fn a_joker_worth_nothing_does_not_meld_when_no_meld_may_hold_it() {
    let rules = MeldRules {
        joker_points: 1,
        max_wilds: crate::WildLimit::AtMost(0),
        ..MeldRules::default()
    };
    assert!(!hand_with("7H 8H 9H KS JK", 3, &rules).can_out());
}

#[test]
fn outs_of_a_four_card_run() {
    let outs = hand("7H 8H 9H 10H QS", 3).outs();
    let names: Vec<u32> = ["3*", "3H", "6H", "JH", "3C", "3S", "3D", "JK"]
        .iter()
        .map(|c| code(c))
        .collect();
    let mut names: Vec<u8> = names.into_iter().map(|c| c as u8).collect();
    names.sort_unstable();
    assert_eq!(outs, names);
}

#[test]
fn bad_input_is_refused() {
    let rules = MeldRules::default();
    assert!(matches!(
        Hand::new(&[56], 3, &rules),
        Err(HandError::BadCode(56))
    ));
    assert!(matches!(
        Hand::new(&[1], 2, &rules),
        Err(HandError::BadWildRank(2))
    ));
    assert!(matches!(
        Hand::new(&[1, 1, 1], 3, &rules),
        Err(HandError::TooManyCopies { .. })
    ));
    assert!(Hand::new(&[55; 6], 3, &rules).is_ok());
    assert!(Hand::new(&[55; 7], 3, &rules).is_err());
    let bad = MeldRules { packs: 0, ..rules };
    assert!(Hand::new(&[1], 3, &bad).is_err());
    // any number of cards the deck holds, and no more
    let deck: Vec<u32> = (0..2).flat_map(|_| (0..56).chain([55, 55])).collect();
    let whole = Hand::new(&deck, 3, &rules).expect("the whole deck");
    assert_eq!(whole.codes().len(), 116);
    assert_eq!(whole.least(), 0);
    let mut beyond = deck.clone();
    beyond.push(9);
    let refused = Hand::new(&beyond, 3, &rules);
    assert_eq!(
        refused,
        Err(HandError::TooManyCopies {
            code: 9,
            copies: 3,
            allowed: 2
        })
    );
    let message = refused.unwrap_err().to_string();
    assert_eq!(
        message,
        "3 copies of Q*, but a deck of 2 pack(s) holds only 2"
    );
    beyond.push(56);
    assert_eq!(Hand::new(&beyond, 3, &rules), Err(HandError::BadCode(56)));
    assert!(Hand::new(&[55; 117], 3, &rules).is_err());
}

/// `quick_least` answers exactly what a checked `Hand` answers whenever it answers, and
/// only on input a `Hand` takes: random hands of every size, and each way of bad input.
#[test]
fn quick_least_is_the_checked_hands_answer_or_none() {
    let rules = MeldRules::default();
    let mut next = xorshift(0x5eed_0f0a_1100);
    let mut answered = 0;
    for _ in 0..3000 {
        let size = (next() % (MAX_CARDS as u64 + 1)) as usize;
        let codes: Vec<u8> = (0..size).map(|_| (next() % 56) as u8).collect();
        let wild_rank = [0, 3, 9, 13][(next() % 4) as usize];
        let wide: Vec<u32> = codes.iter().map(|&c| u32::from(c)).collect();
        let checked = Hand::new(&wide, wild_rank, &rules);
        match quick_least(&codes, wild_rank, &rules) {
            Some(least) => {
                answered += 1;
                assert_eq!(Ok(least), checked.map(|h| h.least()), "{codes:?}");
            }
            None => {
                // refused input, or a hand the sweep leaves to the search
                let swept = sweep::least_of(&codes, wild_rank as u8, &rules);
                assert!(checked.is_err() || swept.is_none(), "{codes:?}");
            }
        }
    }
    assert!(answered > 1000, "only {answered} answered");
    assert_eq!(quick_least(&[56], 3, &rules), None);
    assert_eq!(quick_least(&[1, 1, 1], 3, &rules), None);
    assert_eq!(quick_least(&[55; 7], 3, &rules), None);
    assert_eq!(quick_least(&[55; 6], 3, &rules), Some(0));
    assert_eq!(quick_least(&[1], 2, &rules), None);
    assert_eq!(quick_least(&[1], 14, &rules), None);
    assert_eq!(quick_least(&[0; MAX_CARDS + 1], 3, &rules), None);
    let bad = MeldRules { packs: 0, ..rules };
    assert_eq!(quick_least(&[1], 3, &bad), None);
}

/// `Hand::least_at_most` is the least deadwood when it is at most the cap, else None,
/// under every option set (the sweep capped where it takes the hand, the search else).
#[test]
fn the_least_at_most_a_cap_is_the_least_or_none() {
    let options = option_sets();
    let mut next = xorshift(0x5eed_ca95);
    let mut seen = [0usize; 2];
    for round in 0..3000u64 {
        let rules = &options[(round % options.len() as u64) as usize];
        let codes = dealt(&mut next, 1 + (round % 14) as usize);
        let wild_rank = [0u8, 3, 8, 13][(round / 4 % 4) as usize];
        let Ok(hand) = Hand::new(
            &codes.iter().map(|&c| u32::from(c)).collect::<Vec<_>>(),
            u32::from(wild_rank),
            rules,
        ) else {
            continue;
        };
        let least = hand.least();
        for cap in [0u64, 3, 9, 20, 45, 300] {
            let found = hand.least_at_most(cap);
            assert_eq!(
                found,
                (least <= cap).then_some(least),
                "{codes:?} cap {cap}"
            );
            seen[usize::from(found.is_some())] += 1;
        }
    }
    assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
}

/// A sweep capped at `cap` gives the uncapped sweep's least deadwood whenever that is at
/// most `cap`, says "more" only when it is more, and prices a wild's discard exactly or
/// above `cap` (where the uncapped price is above `cap` too).
#[test]
fn a_capped_sweep_answers_within_its_cap_and_says_when_it_is_over() {
    let options = option_sets();
    let mut next = xorshift(0x0c0f_fee0_1234);
    let (mut over, mut within, mut wilds_priced) = (0, 0, 0);
    for round in 0..4000u64 {
        let rules = &options[(round % 4) as usize];
        let codes = dealt(&mut next, 2 + (round % 12) as usize);
        let wild_rank = [0, 3, 8, 13][(round / 4 % 4) as usize];
        let split = sweep::Split::of(&codes, wild_rank, rules);
        let Some(full) = split.least_swept() else {
            continue;
        };
        for cap in [0u8, 3, 8, 13, 20, 40] {
            match split.least_within(cap) {
                Some(Some(capped)) => {
                    within += 1;
                    assert_eq!(capped.points, full.points, "{codes:?} cap {cap}");
                    for &c in codes.iter().filter(|&&c| is_wild(c, wild_rank)) {
                        let (exact, found) =
                            (full.without_wild(&split, c), capped.without_wild(&split, c));
                        wilds_priced += 1;
                        let above = |v: Option<u64>| v.is_some_and(|v| v > u64::from(cap));
                        assert!(exact == found || (above(exact) && above(found)));
                    }
                }
                Some(None) => {
                    over += 1;
                    assert!(full.points > u64::from(cap), "{codes:?} cap {cap}");
                }
                None => panic!("the capped sweep refused a hand the sweep takes"),
            }
            if full.points <= u64::from(cap) {
                assert!(matches!(split.least_within(cap), Some(Some(_))));
            }
        }
    }
    assert!(over > 1000 && within > 1000 && wilds_priced > 1000);
}

/// The naturals a recorded sweep reads back as deadwood are held naturals, include the
/// lonely ones, and each leaves exactly the hand's least deadwood less its points when
/// discarded (the search's value of the rest). The rule sets of `option_sets` the sweep
/// takes, hands of 3 to 15 cards.
#[test]
fn the_deadwood_read_back_from_a_sweep_prices_its_discards_exactly() {
    let options = option_sets();
    let mut next = xorshift(0x00de_adc0_de11);
    let (mut priced, mut hands) = (0, 0);
    for round in 0..3000u64 {
        let rules = &options[(round % 4) as usize];
        if !rules.sweep_takes() {
            continue;
        }
        let codes = dealt(&mut next, 3 + (round % 13) as usize);
        let wild_rank = [0, 3, 8, 13][(round / 4 % 4) as usize];
        let Some(swept) = sweep::Split::of(&codes, wild_rank, rules).swept() else {
            continue;
        };
        hands += 1;
        let dead = swept.deadwood_codes();
        let held = codes
            .iter()
            .filter(|&&c| !is_wild(c, wild_rank))
            .fold(0u64, |bits, &c| bits | 1 << c);
        assert_eq!(dead & !held, 0, "{codes:?}: not held");
        let lonely = Lonely::of(&codes, wild_rank, rules);
        for &c in &codes {
            assert!(
                !lonely.holds(c) || dead >> c & 1 == 1,
                "{codes:?}: lonely {c}"
            );
        }
        let least = swept.least();
        for c in (0..56u8).filter(|&c| dead >> c & 1 == 1) {
            let mut rest = codes.clone();
            rest.remove(rest.iter().position(|&h| h == c).expect("held"));
            let exact = search::score(&rest, wild_rank, rules).points;
            let points = u64::from(rules.points(c, wild_rank));
            assert_eq!(least - points, exact, "{codes:?} less {c}");
            priced += 1;
        }
    }
    assert!(
        hands > 1500 && priced > 5000,
        "{hands} hands, {priced} priced"
    );
}

/// `least_each` answers each hand's least deadwood, in order, for any number of
/// threads (more than the hands need, and more than it takes, included).
#[test]
fn least_each_on_threads_answers_as_one_hand_at_a_time() {
    let rules = MeldRules {
        packs: 3,
        ..MeldRules::default()
    };
    let mut next = xorshift(0x7123_4567_89ab);
    let hands: Vec<Hand> = (0..1500)
        .filter_map(|i| {
            let codes: Vec<u32> = (0..3 + i % 12).map(|_| (next() % 56) as u32).collect();
            Hand::new(&codes, [0, 3, 9, 13][i % 4], &rules).ok()
        })
        .collect();
    assert!(hands.len() > 1000, "only {} hands", hands.len());
    let one_by_one: Vec<u64> = hands.iter().map(Hand::least).collect();
    for threads in [0, 1, 2, 3, 7, MAX_THREADS, MAX_THREADS + 1] {
        assert_eq!(least_each(&hands, threads), one_by_one, "{threads} threads");
    }
    assert_eq!(least_each(&[], 4), Vec::<u64>::new());
}

/// Hands given as card counts: swept as read (the same split as from the codes) or
/// solved as hands, the same answers on any number of threads, under rule sets the
/// sweep takes or not and with more copies than it takes; bad rows refused.
#[test]
fn least_of_card_counts_is_each_hands_least() {
    let mut next = xorshift(0x00c0_0175_7a11);
    for (packs, distinct, max_wilds) in [
        (2, false, WildLimit::Unlimited),
        (3, true, WildLimit::Unlimited),
        (2, false, WildLimit::AtMost(2)),
        (4, false, WildLimit::Unlimited),
    ] {
        let rules = MeldRules {
            packs,
            distinct_suit_books: distinct,
            max_wilds,
            ..MeldRules::default()
        };
        for wild_rank in [0, 3, 13] {
            let rows: Vec<Counts> = (0..600)
                .map(|i| {
                    let mut row = [0u8; NUM_CODES];
                    let (mut cards, size) = (0, i % (MAX_CARDS + 1));
                    while cards < size {
                        let c = (next() % NUM_CODES as u64) as usize;
                        if usize::from(row[c]) < copies_in_deck(c, packs as usize) {
                            row[c] += 1;
                            cards += 1;
                        }
                    }
                    row
                })
                .collect();
            let mut expected = Vec::new();
            for row in &rows {
                let codes: Vec<u32> = (0u32..)
                    .zip(row)
                    .flat_map(|(c, &n)| std::iter::repeat_n(c, usize::from(n)))
                    .collect();
                let narrow: Vec<u8> = codes.iter().map(|&c| c as u8).collect();
                let split = sweep::Split::of_counts(row, wild_rank as u8, &rules);
                assert_eq!(split, sweep::Split::of(&narrow, wild_rank as u8, &rules));
                expected.push(Hand::new(&codes, wild_rank, &rules).unwrap().least());
            }
            for threads in [1, 3] {
                let got = least_each_counts(&rows, wild_rank, &rules, threads);
                assert_eq!(got, Ok(expected.clone()), "{rules:?} wild {wild_rank}");
            }
        }
    }
    let rules = MeldRules::default();
    let mut row = [0u8; NUM_CODES];
    row[7] = 3;
    assert!(matches!(
        least_each_counts(&[[0; NUM_CODES], row], 13, &rules, 1),
        Err(HandError::TooManyCopies {
            code: 7,
            copies: 3,
            allowed: 2
        })
    ));
    // (any number of cards the deck holds: the whole deck)
    let deck = [2; NUM_CODES];
    let mut whole = deck;
    whole[55] = 6;
    assert_eq!(least_each_counts(&[whole], 13, &rules, 1), Ok(vec![0]));
    row[7] = 2;
    row[55] = 6;
    row[8..16].fill(1);
    let codes: Vec<u32> = (0u32..)
        .zip(row)
        .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
        .collect();
    let least = Hand::new(&codes, 13, &rules).unwrap().least();
    assert_eq!(least_each_counts(&[row], 13, &rules, 1), Ok(vec![least]));
    assert_eq!(
        least_each_counts(&[], 14, &rules, 1),
        Err(HandError::BadWildRank(14))
    );
}
