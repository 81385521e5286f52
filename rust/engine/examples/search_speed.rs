//! How fast the search arranges random 13-card hands (a quick look for profiling; the
//! benchmarks measure through Python).

use std::time::Instant;

use fivecrowns_engine::rules::MeldRules;
use fivecrowns_engine::search;

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
    let count: usize = std::env::var("N").map_or(2000, |v| v.parse().expect("a count"));
    let hands: Vec<Vec<u8>> = (0..count)
        .map(|_| {
            let mut d = deck.clone();
            let mut h: Vec<u8> = (0..13)
                .map(|_| d.swap_remove((next() % d.len() as u64) as usize))
                .collect();
            h.sort_unstable();
            h
        })
        .collect();
    let start = Instant::now();
    let mut total = 0;
    for h in &hands {
        total += search::solve(h, 13, &rules).melds.len();
    }
    let ns = start.elapsed().as_nanos() as f64 / count as f64;
    println!("13 cards: search arrangement {ns:.0} ns ({total})");
}
