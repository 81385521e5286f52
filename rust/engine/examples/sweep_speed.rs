//! How fast the sweep and the search solve random 13-card hands (a quick look, not a
//! benchmark: `benchmarks/bench_core.py` measures through Python).

use std::time::Instant;

use fivecrowns_engine::rules::MeldRules;
use fivecrowns_engine::{search, sweep};

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
    for size in std::env::var("SIZES").map_or(vec![10usize, 13, 14], |v| {
        v.split(",").map(|x| x.parse().unwrap()).collect()
    }) {
        let hands: Vec<Vec<u8>> = (0..std::env::var("N").map_or(20_000, |v| v.parse().unwrap()))
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
        let start = Instant::now();
        let mut total = 0u64;
        for h in &hands {
            total += sweep::least_of(h, wild, &rules).unwrap_or(0);
        }
        let sweep_ns = start.elapsed().as_nanos() as f64 / hands.len() as f64;
        let start = Instant::now();
        let n_search = if std::env::var("SWEEP_ONLY").is_ok() {
            0
        } else {
            hands.len().min(2000)
        };
        for h in &hands[..n_search] {
            total += search::score(h, wild, &rules).points;
        }
        let search_ns = start.elapsed().as_nanos() as f64 / 2000.0;
        println!("{size} cards: sweep {sweep_ns:.0} ns, search {search_ns:.0} ns ({total})");
    }
}
