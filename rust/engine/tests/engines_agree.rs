//! The rank sweep against the memoised search, on random and adversarial hands.

mod common;

use common::Rng;
use fivecrowns_engine::rules::MeldRules;
use fivecrowns_engine::{search, sweep, Hand, WildLimit, JOKER, MAX_CARDS};

fn deck(packs: usize, suit: Option<u8>, wild_rank: u8) -> Vec<u8> {
    let mut deck = Vec::new();
    for _ in 0..packs {
        for c in 0..55u8 {
            if suit.is_none_or(|s| c / 11 == s || c % 11 + 3 == wild_rank) {
                deck.push(c);
            }
        }
        deck.extend([55, 55, 55]);
    }
    deck
}

/// A random hand of at most `most` cards (one in ten: any size up to it; else at most 16).
fn hand(rng: &mut Rng, packs: usize, most: usize) -> (Vec<u8>, u8) {
    let wild_rank = [0u8, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13][rng.below(12)];
    let suit = (rng.below(3) == 0).then(|| rng.below(5) as u8);
    let mut deck = deck(packs, suit, wild_rank);
    let most = if rng.below(10) == 0 {
        most
    } else {
        most.min(16)
    };
    let size = rng.below(most.min(deck.len()) + 1);
    let mut codes = Vec::new();
    for _ in 0..size {
        codes.push(deck.swap_remove(rng.below(deck.len())));
    }
    codes.sort_unstable();
    (codes, wild_rank)
}

#[test]
fn the_sweep_and_the_search_agree_on_the_least_deadwood() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut swept = 0;
    // (FIVECROWNS_CHECK_HANDS=n checks n hands instead)
    let cases: usize =
        std::env::var("FIVECROWNS_CHECK_HANDS").map_or(20_000, |n| n.parse().expect("a count"));
    for case in 0..cases {
        let packs = 1 + case % 3;
        let rules = MeldRules {
            packs: packs as u32,
            wild_points: [20, 20, 0, 7][case % 4],
            joker_points: [50, 50, 0, 15][(case / 4) % 4],
            all_wild_melds: case % 5 != 0,
            max_wilds: if case % 7 == 3 {
                WildLimit::AtMost(0)
            } else {
                WildLimit::Unlimited
            },
            distinct_suit_books: case % 11 < 4,
        };
        // (the sweep and the search take any size: beyond what the solver takes too)
        let (codes, wild_rank) = hand(&mut rng, packs, 24);
        let expected = search::score(&codes, wild_rank, &rules).points;
        if let Some(got) = sweep::least_of(&codes, wild_rank, &rules) {
            swept += 1;
            assert_eq!(
                got, expected,
                "hand {codes:?} wild rank {wild_rank} rules {rules:?}"
            );
        }
    }
    assert!(
        swept > cases * 9 / 10,
        "the sweep took only {swept} of {cases} hands"
    );
}

#[test]
fn every_discard_from_the_recorded_sweep_equals_the_search() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let cases: usize =
        std::env::var("FIVECROWNS_CHECK_HANDS").map_or(5_000, |n| n.parse().expect("a count"));
    for case in 0..cases {
        let packs = 1 + case % 3;
        let rules = MeldRules {
            packs: packs as u32,
            wild_points: [20, 20, 0, 7][case % 4],
            all_wild_melds: case % 5 != 0,
            max_wilds: if case % 7 == 3 {
                WildLimit::AtMost(0)
            } else {
                WildLimit::Unlimited
            },
            distinct_suit_books: case % 11 < 4,
            ..MeldRules::default()
        };
        let (codes, wild_rank) = hand(&mut rng, packs, MAX_CARDS);
        let wide: Vec<u32> = codes.iter().map(|&c| u32::from(c)).collect();
        let values = Hand::new(&wide, u32::from(wild_rank), &rules)
            .expect("a valid hand")
            .discard_values();
        for (c, value) in values {
            let mut rest = codes.clone();
            let at = rest.iter().position(|&x| x == c).expect("held");
            rest.remove(at);
            let expected = search::score(&rest, wild_rank, &rules).points;
            assert_eq!(
                value, expected,
                "hand {codes:?} less {c}, wild rank {wild_rank}, rules {rules:?}"
            );
        }
    }
}

/// Two hands' recorded sweeps asked for their discards in turn, on one thread and on two:
/// each keeps its own values (the memo of the ranks above is per thread and changes hands
/// when another hand asks), so each answer equals the hand's own asked alone.
#[test]
fn discards_of_hands_asked_in_turn_keep_to_their_own_hand() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let rules = MeldRules::default();
    let alone = |codes: &[u8], wild_rank: u8| {
        let swept = sweep::Split::of(codes, wild_rank, &rules).swept();
        let mut distinct = codes.to_vec();
        distinct.dedup();
        distinct
            .iter()
            .map(|&c| swept.as_ref().and_then(|s| s.without(c, wild_rank)))
            .collect::<Vec<_>>()
    };
    let mut compared = 0;
    for _ in 0..800 {
        let (first, wild_first) = hand(&mut rng, 2, 14);
        let (second, wild_second) = hand(&mut rng, 2, 14);
        let (Some(a), Some(b)) = (
            sweep::Split::of(&first, wild_first, &rules).swept(),
            sweep::Split::of(&second, wild_second, &rules).swept(),
        ) else {
            continue;
        };
        let (mut of_a, mut of_b) = (first.clone(), second.clone());
        of_a.dedup();
        of_b.dedup();
        let (mut got_a, mut got_b) = (Vec::new(), Vec::new());
        for i in 0..of_a.len().max(of_b.len()) {
            if let Some(&c) = of_a.get(i) {
                got_a.push(a.without(c, wild_first));
            }
            if let Some(&c) = of_b.get(i) {
                got_b.push(b.without(c, wild_second));
            }
        }
        assert_eq!(got_a, alone(&first, wild_first), "hand {first:?}");
        assert_eq!(got_b, alone(&second, wild_second), "hand {second:?}");
        // the same sweep asked from another thread (whose memo is its own)
        let on_another: Vec<_> = std::thread::scope(|scope| {
            scope
                .spawn(|| of_a.iter().map(|&c| a.without(c, wild_first)).collect())
                .join()
                .expect("no panic")
        });
        assert_eq!(on_another, got_a, "hand {first:?} on another thread");
        compared += 1;
    }
    assert!(compared > 300, "only {compared} pairs were swept");
}

/// Hands whose least natural deadwood is on both sides of the most a lane of the sweep holds
/// (254: its values are bytes): under distinct-suit books three copies of every other rank
/// of stars (kings, jacks, ... threes) and of the other ranks of hearts meld nothing (worth
/// 264 points), less a few cards, maybe with a joker or two. The sweep answers exactly when
/// that least is within 254 (its naturals may be worth more), and leaves the hand to the
/// search when it is more (however many naturals: [`sweep::Split::any_size`]).
#[test]
fn hands_near_the_sweeps_points_limit_agree_with_the_search() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let rules = MeldRules {
        packs: 3,
        distinct_suit_books: true,
        ..MeldRules::default()
    };
    let cases: usize =
        std::env::var("FIVECROWNS_CHECK_HANDS").map_or(300, |n| n.parse().expect("a count"));
    let (mut swept, mut searched, mut above) = (0, 0, 0);
    for _ in 0..cases {
        let mut codes: Vec<u8> = (0..3)
            .flat_map(|_| (0..11u8).map(|r| if r % 2 == 0 { r } else { 11 + r }))
            .collect();
        for _ in 0..rng.below(5) {
            codes.swap_remove(rng.below(codes.len()));
        }
        codes.extend(std::iter::repeat_n(JOKER, rng.below(4) / 2));
        codes.sort_unstable();
        let points: u64 = codes
            .iter()
            .filter(|&&c| c != JOKER)
            .map(|&c| u64::from(c % 11) + 3)
            .sum();
        let expected = search::score(&codes, 0, &rules).points;
        // (the least natural deadwood: the jokers' points aside)
        let free = MeldRules {
            joker_points: 0,
            ..rules
        };
        let natural = search::score(&codes, 0, &free).points;
        match sweep::Split::of(&codes, 0, &rules).any_size().least() {
            Some(got) => {
                assert_eq!(got, expected, "hand {codes:?}");
                above += usize::from(points > sweep::MAX_POINTS);
                swept += 1;
            }
            None => {
                assert!(natural > sweep::MAX_POINTS, "hand {codes:?}");
                searched += 1;
            }
        }
    }
    assert!(
        swept > cases / 10 && searched > cases / 10 && above > cases / 10,
        "swept {swept} ({above} worth more than a lane holds), searched {searched}"
    );
}
