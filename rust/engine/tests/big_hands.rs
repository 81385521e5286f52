//! Hands of any size the deck holds (issue 45): whole decks of one to four packs, dense
//! hands (many copies, many wilds) and random big hands, every question of a `Hand`, under
//! the meld options; each answer checked against something independent of it (the
//! arrangement's own validity and points, the least over every discard, the search where
//! the sweep answers), and the least deadwood of small hands against a brute force over
//! every partition into melds.

mod common;

use common::Rng;
use fivecrowns_engine::melds::is_meld;
use fivecrowns_engine::rules::MeldRules;
use fivecrowns_engine::solver::least_each_counts;
use fivecrowns_engine::{is_wild, search, sweep, Hand, Kind, WildLimit, JOKER, NUM_CODES};

/// Every card of `packs` packs, sorted.
fn deck(packs: usize) -> Vec<u8> {
    let mut deck: Vec<u8> = (0..packs)
        .flat_map(|_| (0..55).chain([55, 55, 55]))
        .collect();
    deck.sort_unstable();
    deck
}

fn hand(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Hand {
    let wide: Vec<u32> = codes.iter().map(|&c| u32::from(c)).collect();
    Hand::new(&wide, u32::from(wild_rank), rules).expect("a hand the deck holds")
}

/// The hand less one copy of `code` (held).
fn less(codes: &[u8], code: u8) -> Vec<u8> {
    let mut rest = codes.to_vec();
    rest.remove(rest.iter().position(|&c| c == code).expect("held"));
    rest
}

/// The rule sets the tests run under: the official melds and each house meld option (and
/// custom points).
fn options(packs: u32) -> Vec<MeldRules> {
    let base = MeldRules {
        packs,
        ..MeldRules::default()
    };
    vec![
        base,
        MeldRules {
            max_wilds: WildLimit::AtMost(0),
            ..base
        },
        MeldRules {
            max_wilds: WildLimit::AtMost(1),
            ..base
        },
        MeldRules {
            max_wilds: WildLimit::Naturals,
            ..base
        },
        MeldRules {
            all_wild_melds: false,
            ..base
        },
        MeldRules {
            wild_points: 7,
            joker_points: 0,
            ..base
        },
    ]
}

/// Checks every answer of the hand `codes` against the others and against the arrangement's
/// own validity: every meld legal under the rules, the cards conserved, the deadwood's points
/// the least deadwood; every discard's value the least deadwood of the rest (some of them
/// solved alone), the best discard the least of them, going out some discard leaving
/// nothing, the batch call the same least.
fn check_every_answer(codes: &[u8], wild_rank: u8, rules: &MeldRules) {
    let whole = hand(codes, wild_rank, rules);
    let least = whole.least();
    let layout = whole.arrange();
    assert_eq!(layout.points, least, "{codes:?} wild {wild_rank} {rules:?}");
    let mut cards: Vec<u8> = layout.deadwood.clone();
    for meld in &layout.melds {
        assert!(
            is_meld(meld.kind, &meld.codes, wild_rank, rules),
            "{:?} {:?} is no meld under {rules:?}",
            meld.kind,
            meld.codes
        );
        cards.extend(&meld.codes);
    }
    cards.sort_unstable();
    assert_eq!(cards, codes, "the arrangement's cards are the hand's");
    assert_eq!(rules.points_of(&layout.deadwood, wild_rank), least);
    let values = whole.discard_values();
    let mut distinct = codes.to_vec();
    distinct.dedup();
    assert_eq!(values.iter().map(|&(c, _)| c).collect::<Vec<_>>(), distinct);
    let (best, best_value) = whole.best_discard_value().expect("a hand");
    let lowest = values.iter().map(|&(_, v)| v).min().expect("a hand");
    assert_eq!(best_value, lowest, "{codes:?} wild {wild_rank} {rules:?}");
    let (card, rest) = whole.best_discard().expect("a hand");
    assert_eq!((card, rest.points), (best, best_value));
    for &(c, value) in values.iter().step_by(7) {
        // (some of them, each solved alone)
        assert_eq!(hand(&less(codes, c), wild_rank, rules).least(), value);
    }
    let zeros: Vec<(u8, bool)> = values.iter().map(|&(c, v)| (c, v == 0)).collect();
    let melded_rules = MeldRules {
        wild_points: rules.wild_points.max(1),
        joker_points: rules.joker_points.max(1),
        ..*rules
    };
    if melded_rules == *rules {
        assert_eq!(whole.zero_discards(), zeros, "{codes:?} wild {wild_rank}");
        assert_eq!(whole.can_out(), zeros.iter().any(|&(_, zero)| zero));
    }
    let mut row = [0u8; NUM_CODES];
    for &c in codes {
        row[usize::from(c)] += 1;
    }
    assert_eq!(
        least_each_counts(&[row], u32::from(wild_rank), rules, 1),
        Ok(vec![least])
    );
}

/// Whole decks of one to four packs under every option the core answers them fast under
/// (books of any suits: distinct-suit books of two packs or more are measured by
/// `benchmarks/bench_big_hands.py`, not solved in time): the least deadwood and a valid
/// arrangement of it; and every question of one pack less a few cards (under every option
/// in `tests/test_core_big_hands.py`).
#[test]
fn whole_decks_of_one_to_four_packs_answer_every_question() {
    let mut rng = Rng(0x00de_c0de_0045);
    for packs in 1..=4 {
        let full = deck(packs);
        // (the official melds, no wilds in melds, and at most one a meld)
        for rules in options(packs as u32).into_iter().take(3) {
            for wild_rank in [0, 13] {
                let whole = hand(&full, wild_rank, &rules);
                let jokers_left = 3 * packs as u64 * u64::from(rules.joker_points);
                let wilds = full.iter().filter(|&&c| is_wild(c, wild_rank)).count() as u64;
                let expected = if rules.max_wilds == WildLimit::AtMost(0) {
                    // every natural melds (a run 3..K a suit a pack), no wild may
                    jokers_left + (wilds - 3 * packs as u64) * u64::from(rules.wild_points)
                } else {
                    0
                };
                assert_eq!(whole.least(), expected, "{packs} packs, {rules:?}");
                let layout = whole.arrange();
                assert_eq!(layout.points, expected);
                let held: usize = layout.melds.iter().map(|m| m.codes.len()).sum();
                assert_eq!(held + layout.deadwood.len(), full.len());
                for meld in &layout.melds {
                    assert!(is_meld(meld.kind, &meld.codes, wild_rank, &rules));
                }
            }
        }
    }
    let mut kept = deck(1);
    for _ in 0..1 + rng.below(4) {
        kept.remove(rng.below(kept.len()));
    }
    check_every_answer(&kept, 0, &MeldRules::default());
}

/// Whole decks of two to four packs less a few cards, under every option and distinct-suit
/// books (built, see the solver's `dense`): every question answered and checked.
#[test]
fn nearly_whole_decks_answer_every_question_under_every_option() {
    let mut rng = Rng(0x0045_0045_0045);
    for packs in 2..=4 {
        let mut rule_sets = options(packs as u32);
        rule_sets.push(MeldRules {
            packs: packs as u32,
            distinct_suit_books: true,
            ..MeldRules::default()
        });
        for rules in rule_sets {
            let mut kept = deck(packs);
            for _ in 0..rng.below(5) {
                kept.remove(rng.below(kept.len()));
            }
            check_every_answer(&kept, [0, 3, 9, 13][rng.below(4)], &rules);
        }
    }
}

/// Dense hands: every copy of three adjacent ranks, one suit's every copy with the jokers,
/// and every wild of the deck with a few naturals, on two and three packs.
#[test]
fn dense_hands_answer_every_question() {
    let mut rng = Rng(0x0000_de05_e0ff);
    for packs in 2..=3usize {
        let full = deck(packs);
        let low = rng.below(9) as u8;
        let three: Vec<u8> = full
            .iter()
            .copied()
            .filter(|&c| c != JOKER && (low..low + 3).contains(&(c % 11)))
            .chain(std::iter::repeat_n(JOKER, rng.below(3 * packs)))
            .collect();
        let suit = rng.below(5) as u8;
        let mut one_suit: Vec<u8> = full
            .iter()
            .copied()
            .filter(|&c| c == JOKER || c / 11 == suit)
            .collect();
        one_suit.sort_unstable();
        let wild_rank = 3 + rng.below(11) as u8;
        let mut wilds: Vec<u8> = full
            .iter()
            .copied()
            .filter(|&c| is_wild(c, wild_rank))
            .collect();
        let mut naturals: Vec<u8> = full
            .iter()
            .copied()
            .filter(|&c| !is_wild(c, wild_rank))
            .collect();
        for _ in 0..wilds.len() / 2 + 1 {
            wilds.push(naturals.swap_remove(rng.below(naturals.len())));
        }
        wilds.sort_unstable();
        for rules in options(packs as u32) {
            let mut three = three.clone();
            three.sort_unstable();
            check_every_answer(&three, 0, &rules);
            check_every_answer(&one_suit, 7, &rules);
            check_every_answer(&wilds, wild_rank, &rules);
        }
    }
}

/// Random hands of 16 to 30 cards from decks of one to four packs, every question under
/// every option (distinct-suit books too), and the sweep of any size, where it answers,
/// against the search.
#[test]
fn random_big_hands_answer_every_question() {
    let mut rng = Rng(0x0b16_0b16_0b16);
    let mut swept = 0;
    for case in 0..60 {
        let packs = 1 + case % 4;
        let mut full = deck(packs);
        let size = 16 + rng.below(15);
        let mut codes: Vec<u8> = (0..size)
            .map(|_| full.swap_remove(rng.below(full.len())))
            .collect();
        codes.sort_unstable();
        let wild_rank = [0, 3, 8, 13][rng.below(4)];
        let mut rule_sets = options(packs as u32);
        rule_sets.push(MeldRules {
            packs: packs as u32,
            distinct_suit_books: true,
            ..MeldRules::default()
        });
        let rules = rule_sets[case % rule_sets.len()];
        check_every_answer(&codes, wild_rank, &rules);
        let split = sweep::Split::of(&codes, wild_rank, &rules).any_size();
        if rules.sweep_takes_with(split.wild_count()) {
            if let Some(least) = split.least() {
                let truth = search::score(&codes, wild_rank, &rules).points;
                assert_eq!(least, truth, "{codes:?} wild {wild_rank} {rules:?}");
                swept += 1;
            }
        }
    }
    assert!(swept > 15, "{swept} swept");
}

/// The least deadwood by brute force: the lowest card left is deadwood, or in a meld with
/// any subset of the cards above it that `is_meld` accepts.
fn brute_force(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> u64 {
    let Some((&first, rest)) = codes.split_first() else {
        return 0;
    };
    let mut best = u64::from(rules.points(first, wild_rank)) + brute_force(rest, wild_rank, rules);
    for subset in 1u32..1 << rest.len() {
        if subset.count_ones() < 2 {
            continue;
        }
        let (mut meld, mut others) = (vec![first], Vec::new());
        for (i, &c) in rest.iter().enumerate() {
            if subset >> i & 1 == 1 {
                meld.push(c);
            } else {
                others.push(c);
            }
        }
        if [Kind::Book, Kind::Run]
            .iter()
            .any(|&kind| is_meld(kind, &meld, wild_rank, rules))
        {
            best = best.min(brute_force(&others, wild_rank, rules));
        }
    }
    best
}

/// Small hands, dense in a few ranks and wilds, against the brute force under every option.
#[test]
fn small_hands_agree_with_a_brute_force_over_every_partition() {
    let mut rng = Rng(0x00b7_0fce_0045);
    for case in 0..300 {
        let packs = 1 + case % 4;
        let mut rule_sets = options(packs as u32);
        rule_sets.push(MeldRules {
            packs: packs as u32,
            distinct_suit_books: true,
            all_wild_melds: case % 2 == 0,
            ..MeldRules::default()
        });
        let rules = rule_sets[case % rule_sets.len()];
        let ranks = [
            rng.below(11) as u8,
            rng.below(11) as u8,
            rng.below(11) as u8,
        ];
        let mut full: Vec<u8> = deck(packs)
            .into_iter()
            .filter(|&c| c == JOKER || ranks.iter().any(|&r| c % 11 == r || c % 11 == r + 1))
            .collect();
        let size = 1 + rng.below(8);
        let mut codes: Vec<u8> = (0..size.min(full.len()))
            .map(|_| full.swap_remove(rng.below(full.len())))
            .collect();
        codes.sort_unstable();
        let wild_rank = [0, 3 + ranks[0], 13][rng.below(3)];
        let expected = brute_force(&codes, wild_rank, &rules);
        let got = hand(&codes, wild_rank, &rules);
        assert_eq!(
            got.least(),
            expected,
            "{codes:?} wild {wild_rank} {rules:?}"
        );
        assert_eq!(got.arrange().points, expected);
    }
}
