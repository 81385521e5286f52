//! How fast the engine plays whole official four-player games with the built-in policies,
//! without Python (a quick look for profiling, e.g. under `valgrind --tool=callgrind`;
//! `benchmarks/bench_simulate.py` measures the public API).
//!
//! `cargo run --release --example games`; `N` games (200), `BOTS` ("greedy").

use std::sync::Arc;
use std::time::Instant;

use fivecrowns_engine::bots::PolicyKind;
use fivecrowns_engine::game::GameRules;
use fivecrowns_engine::sim::play::play_game;

fn main() {
    let games: u64 = std::env::var("N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let bots = std::env::var("BOTS").unwrap_or_else(|_| "greedy".to_string());
    let kind = PolicyKind::from_name(&bots).expect("BOTS is random or greedy");
    let rules = Arc::new(GameRules::default());
    let start = Instant::now();
    let (mut actions, mut points) = (0usize, 0i64);
    for seed in 0..games {
        let game = play_game(rules.clone(), &[kind; 4], seed).expect("official rules");
        actions += game.actions().count();
        points += game.scores().iter().sum::<i64>();
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{games} {bots} games: {:.0} games/s, {:.2} us per action ({actions} actions, {points} points)",
        games as f64 / seconds,
        seconds * 1e6 / actions as f64
    );
}
