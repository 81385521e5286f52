use super::*;
use crate::melds::is_meld;
use crate::JOKER;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// Every card of `packs` packs, sorted.
fn deck(packs: usize) -> Vec<u8> {
    let mut deck: Vec<u8> = (0..packs).flat_map(|_| (0..55).chain([JOKER; 3])).collect();
    deck.sort_unstable();
    deck
}

/// The official melds and every house meld option, on `packs` packs.
fn options(packs: u32) -> Vec<MeldRules> {
    let base = MeldRules {
        packs,
        ..MeldRules::default()
    };
    let mut all = vec![base];
    for max_wilds in [
        WildLimit::AtMost(0),
        WildLimit::AtMost(1),
        WildLimit::AtMost(2),
        WildLimit::Naturals,
    ] {
        all.push(MeldRules { max_wilds, ..base });
    }
    all.push(MeldRules {
        all_wild_melds: false,
        ..base
    });
    all.push(MeldRules {
        distinct_suit_books: true,
        ..base
    });
    all.push(MeldRules {
        distinct_suit_books: true,
        all_wild_melds: false,
        ..base
    });
    all.push(MeldRules {
        wild_points: 0,
        joker_points: 0,
        ..base
    });
    all
}

/// The built arrangement of `codes`, when there is one, is an arrangement of the hand
/// (every meld legal, the cards conserved) whose deadwood is the floor; returns its points.
fn checked_arrangement(codes: &[u8], wild_rank: u8, rules: &MeldRules) -> Option<u64> {
    let layout = built_arrangement(codes, wild_rank, rules)?;
    let mut cards = layout.deadwood.clone();
    for meld in &layout.melds {
        assert!(
            is_meld(meld.kind, &meld.codes, wild_rank, rules),
            "{meld:?} is no meld under {rules:?} (hand {codes:?}, wild {wild_rank})"
        );
        cards.extend(&meld.codes);
    }
    cards.sort_unstable();
    assert_eq!(cards, codes, "the arrangement's cards are the hand's");
    assert_eq!(layout.points, rules.points_of(&layout.deadwood, wild_rank));
    let floor = floor(codes, wild_rank, rules);
    assert_eq!(
        (layout.points, layout.deadwood.len() as u64),
        (floor.points, floor.unmelded)
    );
    Some(layout.points)
}

/// On small dense hands (a few ranks, many copies, some wilds) under every meld option: the
/// floor is never above the search's least, and what the building answers is the search's.
#[test]
fn the_floor_bounds_the_least_and_the_building_is_exact() {
    let mut rng = Rng(0x0de7_5e00_0045);
    let (mut built, mut arranged) = (0, 0);
    for case in 0..1500 {
        let packs = 1 + case % 4;
        let all = options(packs as u32);
        let rules = all[case % all.len()];
        let low = rng.below(9) as u8;
        let mut pool: Vec<u8> = deck(packs)
            .into_iter()
            .filter(|&c| c == JOKER || (low..low + 3).contains(&(c % 11)))
            .collect();
        let size = 3 + rng.below(10);
        let mut codes: Vec<u8> = (0..size)
            .map(|_| pool.swap_remove(rng.below(pool.len())))
            .collect();
        codes.sort_unstable();
        let wild_rank = [0, 3 + low, 13][rng.below(3)];
        let truth = search::score(&codes, wild_rank, &rules);
        let floor = floor(&codes, wild_rank, &rules);
        assert!(floor <= truth, "{codes:?} wild {wild_rank} {rules:?}");
        if let Some(value) = built_least(&codes, wild_rank, &rules) {
            assert_eq!(value, truth.points, "{codes:?} wild {wild_rank} {rules:?}");
            built += 1;
        }
        if let Some(points) = checked_arrangement(&codes, wild_rank, &rules) {
            assert_eq!(points, truth.points, "{codes:?} wild {wild_rank} {rules:?}");
            arranged += 1;
        }
    }
    assert!(
        built > 500 && arranged > 400,
        "{built} built, {arranged} arranged"
    );
}

/// Whole decks of one to four packs, and those less a few cards, are built under every meld
/// option (but `max_wilds_per_meld=0`, where the wild rank's naturals make no run), each
/// with a valid arrangement of their floor.
#[test]
fn whole_decks_and_nearly_whole_ones_are_built() {
    let mut rng = Rng(0x00de_c0de_0045);
    for packs in 1..=4usize {
        for rules in options(packs as u32) {
            for wild_rank in [0, 3, 9, 13] {
                let mut codes = deck(packs);
                for _ in 0..4 {
                    let value = built_least(&codes, wild_rank, &rules);
                    let points = checked_arrangement(&codes, wild_rank, &rules);
                    if rules.max_wilds != WildLimit::AtMost(0) {
                        let floor = floor(&codes, wild_rank, &rules).points;
                        assert_eq!(
                            value,
                            Some(floor),
                            "{packs} packs, wild {wild_rank} {rules:?}"
                        );
                        assert_eq!(points, Some(floor), "{packs} packs, wild {wild_rank}");
                    }
                    codes.remove(rng.below(codes.len()));
                }
            }
        }
    }
}

/// Every copy of one or two suits (no book of three suits under distinct-suit books: runs
/// only), less a card, with no wild or two, is built under every meld option.
#[test]
fn dense_suits_are_built_as_runs() {
    for packs in 1..=4usize {
        for rules in options(packs as u32) {
            for suits in [1u8, 2] {
                for jokers in [0, 2] {
                    let mut codes: Vec<u8> = deck(packs)
                        .into_iter()
                        .filter(|&c| c != JOKER && c / 11 < suits)
                        .collect();
                    codes.remove(codes.len() / 3);
                    codes.extend(std::iter::repeat_n(JOKER, jokers));
                    codes.sort_unstable();
                    if rules.max_wilds == WildLimit::AtMost(0) && jokers > 0 {
                        continue; // (no meld holds the jokers)
                    }
                    let floor = floor(&codes, 0, &rules).points;
                    let what = format!("{packs} packs, {suits} suits, {jokers} jokers, {rules:?}");
                    assert_eq!(built_least(&codes, 0, &rules), Some(floor), "{what}");
                    assert_eq!(
                        checked_arrangement(&codes, 0, &rules),
                        Some(floor),
                        "{what}"
                    );
                }
            }
        }
    }
}
