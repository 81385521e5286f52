//! How fast greedy rollouts of the rest of a round are, without Python (a quick look for
//! profiling under `valgrind --tool=callgrind --toggle-collect='*play_on*'`;
//! `benchmarks/bench_rollout.py` measures the public API).
//!
//! `cargo run --release --example rollouts`; `N` rollouts (2000) from round 8 of a
//! four-player greedy game, a few turns in.

use std::sync::Arc;
use std::time::Instant;

use fivecrowns_engine::bots::{Policy, PolicyKind};
use fivecrowns_engine::game::GameRules;
use fivecrowns_engine::sim::rollout::{play_on, Until};

fn main() {
    let n: u64 = std::env::var("N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let rules = Arc::new(GameRules::default());
    let mut game = fivecrowns_engine::game::Game::new(rules, 4, 11, 3).expect("official rules");
    let mut policies: Vec<Policy> = (0..4)
        .map(|seat| Policy::new(PolicyKind::Greedy, 11, seat))
        .collect();
    let mut turns = 0;
    while game.round_number() < 8 || turns < 8 {
        turns = if game.round_number() == 8 {
            turns + 1
        } else {
            0
        };
        let action = policies[usize::from(game.current())].act(&game);
        game.play(action);
    }
    let kinds = [PolicyKind::Greedy; 4];
    let start = Instant::now();
    let mut points = 0i64;
    for seed in 0..n {
        points += play_on(game.clone(), &kinds, seed, Until::Round)
            .iter()
            .sum::<i64>();
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{n} greedy rollouts of round {}: {:.2} us each ({points} points)",
        game.round_number(),
        seconds * 1e6 / n as f64
    );
}
