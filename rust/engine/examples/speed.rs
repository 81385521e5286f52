//! How fast the engine's parts solve random hands of the two-pack deck, without Python: the
//! sweep's least deadwood, the search's, and the search's arrangement (a quick look for
//! profiling, e.g. under `valgrind --tool=callgrind`; `benchmarks/bench_core.py` measures the
//! public API).
//!
//! `cargo run --release --example speed`; `N` hands per size (20,000), `SIZES` (10,13,14),
//! `SWEEP_ONLY=1` to time the sweep alone, `DISCARDS_ONLY=1` every discard's value alone,
//! `BEST_ONLY=1` the best discard's value alone (what the built-in bots ask).

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
