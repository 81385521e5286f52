//! How fast the engine's parts solve random hands of the two-pack deck, without Python: the
//! sweep's least deadwood, the search's, and the search's arrangement (a quick look for
//! profiling, e.g. under `valgrind --tool=callgrind`; `benchmarks/bench_core.py` measures the
//! public API).
//!
//! `cargo run --release --example speed`; `N` hands per size (20,000), `SIZES` (10,13,14),
//! `SWEEP_ONLY=1` to time the sweep alone, `DISCARDS_ONLY=1` every discard's value alone,
//! `BEST_ONLY=1` the best discard's value alone (what the built-in bots ask).
//!
//! `SPLIT=1` (meant for `SIZES=14`) times the parts of `best_discard` one call at a time
//! (medians and means): the best discard's value, the whole call, the search that arranges
//! the cards kept (what the arrangement costs now), and what an arrangement read back from the sweep
//! would cost instead (the rest swept again with its states recorded and its deadwood read
//! back, and the search of the melded part alone). It also counts how often a canonical
//! deadwood picked greedily (each card in turn, the costliest first, is deadwood if some
//! least-deadwood arrangement holds it with those already picked) is the search's deadwood,
//! and the search of the rest without it the search's arrangement.

use std::time::Instant;

use fivecrowns_engine::rules::MeldRules;
use fivecrowns_engine::{search, sweep, Hand};

fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn per_hand(start: Instant, hands: usize) -> f64 {
    start.elapsed().as_nanos() as f64 / hands.max(1) as f64
}

/// One sweep, kept out of line so that a profiler can count it alone
/// (`valgrind --tool=callgrind --toggle-collect=speed::swept`).
#[inline(never)]
fn swept(hand: &[u8], wild: u8, rules: &MeldRules) -> u64 {
    sweep::least_of(hand, wild, rules).unwrap_or(0)
}

/// Every distinct card's discard value from one recorded sweep and the deadwood it reads
/// back (what `deadwood_by_discard` runs), out of line like [`swept`] (`--toggle-collect=speed::discards`).
#[inline(never)]
fn discards(hand: &[u8], wild: u8, rules: &MeldRules) -> u64 {
    let Some(swept) = sweep::Split::of(hand, wild, rules).swept() else {
        return 0;
    };
    let mut distinct = hand.to_vec();
    distinct.dedup();
    let (dead, least) = (swept.deadwood_codes(), swept.least());
    distinct
        .iter()
        .map(|&c| {
            if dead >> c & 1 == 1 {
                least - u64::from(rules.points(c, wild))
            } else {
                swept.without(c, wild).unwrap_or(0)
            }
        })
        .sum()
}

/// The best discard's value (`Hand::best_discard_value`), out of line like [`swept`]
/// (`--toggle-collect=speed::best`).
#[inline(never)]
fn best(hand: &[u32], wild: u32, rules: &MeldRules) -> u64 {
    let hand = Hand::new(hand, wild, rules).expect("a hand the deck holds");
    hand.best_discard_value()
        .map_or(0, |(c, v)| u64::from(c) + v)
}

/// The median and the mean of some times in nanoseconds.
fn summary(times: &mut [u128]) -> (u128, f64) {
    times.sort_unstable();
    let mean = times.iter().sum::<u128>() as f64 / times.len().max(1) as f64;
    (times.get(times.len() / 2).copied().unwrap_or(0), mean)
}

/// The hand less one copy of `code` (held).
fn less(hand: &[u8], code: u8) -> Vec<u8> {
    let mut rest = hand.to_vec();
    if let Some(at) = rest.iter().position(|&c| c == code) {
        rest.remove(at);
    }
    rest
}

/// The engine's hand of these codes.
fn hand_of(codes: &[u8], wild: u8, rules: &MeldRules) -> Hand {
    let codes: Vec<u32> = codes.iter().map(|&c| u32::from(c)).collect();
    Hand::new(&codes, wild.into(), rules).expect("a hand the deck holds")
}

/// The least deadwood of a hand.
fn least(hand: &[u8], wild: u8, rules: &MeldRules) -> u64 {
    hand_of(hand, wild, rules).least()
}

/// The deadwood picked greedily: each card in turn, the costliest first (then the highest
/// code), joins it if the rest's least deadwood plus the points picked is still the hand's.
fn greedy_deadwood(hand: &[u8], wild: u8, rules: &MeldRules) -> Vec<u8> {
    let points = |c: u8| u64::from(rules.points(c, wild));
    let target = least(hand, wild, rules);
    let mut order = hand.to_vec();
    order.sort_unstable_by_key(|&c| std::cmp::Reverse((points(c), c)));
    let (mut rest, mut dead, mut picked) = (hand.to_vec(), Vec::new(), 0);
    for c in order {
        let without = less(&rest, c);
        if least(&without, wild, rules) + picked + points(c) == target {
            (rest, picked) = (without, picked + points(c));
            dead.push(c);
        }
    }
    dead.sort_unstable();
    dead
}

/// `SPLIT=1`: the parts of `best_discard`, and the greedy deadwood against the search's. A
/// search of a hand it has just searched takes about half the time, though it runs only some
/// 8% fewer instructions (presumably what it reads is then in the processor's caches), so
/// each part is timed on hands of its own that nothing has searched before, as the public
/// calls meet them.
fn split(hands: &[Vec<u8>], wild: u8, rules: &MeldRules) {
    let mut times: [Vec<u128>; 5] = Default::default();
    let (mut total, mut same_dead, mut same_layout) = (0u64, 0, 0);
    let third = hands.len() / 3;
    for h in &hands[..third] {
        let start = Instant::now();
        total += hand_of(h, wild, rules)
            .best_discard()
            .map_or(0, |(_, layout)| layout.points);
        times[1].push(start.elapsed().as_nanos());
    }
    for h in &hands[third..2 * third] {
        let (card, _) = hand_of(h, wild, rules)
            .best_discard_value()
            .expect("a hand");
        let rest = less(h, card);
        let start = Instant::now();
        total += search::solve(&rest, wild, rules).melds.len() as u64;
        times[2].push(start.elapsed().as_nanos());
    }
    for h in &hands[2 * third..] {
        let hand = hand_of(h, wild, rules);
        let start = Instant::now();
        let (card, value) = hand.best_discard_value().expect("a hand");
        times[0].push(start.elapsed().as_nanos());
        let rest = less(h, card);
        let start = Instant::now();
        let dead = sweep::Split::of(&rest, wild, rules)
            .swept()
            .map_or(0, |swept| swept.deadwood_codes());
        times[3].push(start.elapsed().as_nanos());
        // (the rest less one copy of each code read back as deadwood)
        let melded: Vec<u8> = rest
            .iter()
            .enumerate()
            .filter(|&(i, &c)| dead >> c & 1 == 0 || (i > 0 && rest[i - 1] == c))
            .map(|(_, &c)| c)
            .collect();
        let start = Instant::now();
        total += search::solve(&melded, wild, rules).melds.len() as u64 + value;
        times[4].push(start.elapsed().as_nanos());
        let arranged = search::solve(&rest, wild, rules);
        let greedy = greedy_deadwood(&rest, wild, rules);
        if greedy == arranged.deadwood {
            same_dead += 1;
            let kept: Vec<u8> = greedy.iter().fold(rest.clone(), |kept, &c| less(&kept, c));
            if search::solve(&kept, wild, rules).melds == arranged.melds {
                same_layout += 1;
            }
        }
    }
    let names = [
        "best discard's value",
        "best_discard (value and arrangement)",
        "search of the kept (the arrangement now)",
        "the kept swept again, deadwood read back",
        "search of the kept less that deadwood",
    ];
    for (name, times) in names.iter().zip(times.iter_mut()) {
        let (median, mean) = summary(times);
        println!("{name:44} median {median:>6} ns, mean {mean:>7.0} ns");
    }
    println!(
        "greedy deadwood of the kept: the search's in {same_dead} of {} hands, with the \
         search's arrangement in {same_layout} (checksum {total})",
        hands.len() - 2 * third
    );
}

fn main() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let deck: Vec<u8> = (0..2).flat_map(|_| (0..56u8).chain([55, 55])).collect();
    let rules = MeldRules::default();
    let count: usize = setting("N", 20_000);
    let sizes: String = setting("SIZES", "10,13,14".to_string());
    let sweep_only = std::env::var("SWEEP_ONLY").is_ok();
    let discards_only = std::env::var("DISCARDS_ONLY").is_ok();
    let best_only = std::env::var("BEST_ONLY").is_ok();
    let split_only = std::env::var("SPLIT").is_ok();
    for size in sizes.split(',').filter_map(|s| s.parse::<usize>().ok()) {
        let hands: Vec<Vec<u8>> = (0..count)
            .map(|_| {
                let mut d = deck.clone();
                let mut h: Vec<u8> = (0..size)
                    .map(|_| d.swap_remove((next() % d.len() as u64) as usize))
                    .collect();
                h.sort_unstable();
                h
            })
            .collect();
        let wild = if size == 10 { 12 } else { 13 };
        if split_only {
            println!("{size} cards:");
            split(&hands, wild, &rules);
            continue;
        }
        if best_only {
            let wide: Vec<Vec<u32>> = hands
                .iter()
                .map(|h| h.iter().map(|&c| u32::from(c)).collect())
                .collect();
            let start = Instant::now();
            let total: u64 = wide.iter().map(|h| best(h, wild.into(), &rules)).sum();
            let ns = per_hand(start, hands.len());
            println!("{size} cards: best discard {ns:.0} ns (checksum {total})");
            continue;
        }
        if discards_only {
            let start = Instant::now();
            let total: u64 = hands.iter().map(|h| discards(h, wild, &rules)).sum();
            let ns = per_hand(start, hands.len());
            println!("{size} cards: every discard {ns:.0} ns (checksum {total})");
            continue;
        }
        let start = Instant::now();
        let mut total = 0u64;
        for h in &hands {
            total += swept(h, wild, &rules);
        }
        let sweep_ns = per_hand(start, hands.len());
        let searched = if sweep_only {
            &hands[..0]
        } else {
            &hands[..hands.len().min(2000)]
        };
        let start = Instant::now();
        for h in searched {
            total += search::score(h, wild, &rules).points;
        }
        let search_ns = per_hand(start, searched.len());
        let start = Instant::now();
        for h in searched {
            total += search::solve(h, wild, &rules).melds.len() as u64;
        }
        let arrange_ns = per_hand(start, searched.len());
        println!(
            "{size} cards: sweep {sweep_ns:.0} ns, search {search_ns:.0} ns, \
             arrangement {arrange_ns:.0} ns (checksum {total})"
        );
    }
}
