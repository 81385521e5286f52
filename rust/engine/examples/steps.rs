//! Instruction-count workload: a batch of 64 official four-player games (two seats played
//! from outside with random legal actions, one greedy, one random), stepped N times (3000).

use std::sync::Arc;

use fivecrowns_engine::bots::PolicyKind;
use fivecrowns_engine::game::{Action, GameRules};
use fivecrowns_engine::shuffle::SplitMix64;
use fivecrowns_engine::sim::batch::{most_legal_actions, Batch, StepOut};

fn main() {
    let steps: usize = std::env::var("N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let rules = Arc::new(GameRules::default());
    let seats = vec![
        None,
        Some(PolicyKind::Greedy),
        None,
        Some(PolicyKind::Random),
    ];
    let games = 64;
    let mut batch = Batch::new(rules, seats, games, true, None, false).expect("rules");
    batch.reset(3);
    let width = most_legal_actions(13);
    let (mut legal, mut counts) = (vec![0i64; games * width], vec![0u32; games]);
    let mut out = (
        vec![0f32; games * 4],
        vec![false; games],
        vec![false; games],
        vec![0i64; games * 4],
        vec![false; games * 4],
    );
    let mut random = SplitMix64::new(1);
    let mut total = 0i64;
    for _ in 0..steps {
        batch.legal_actions(width, -1, &mut legal, &mut counts);
        let actions: Vec<Action> = (0..games)
            .map(|g| legal[g * width + random.below(counts[g].max(1) as usize)].max(0) as u16)
            .map(Action::from_int)
            .collect();
        let step = StepOut {
            rewards: &mut out.0,
            terminated: &mut out.1,
            truncated: &mut out.2,
            scores: &mut out.3,
            winners: &mut out.4,
        };
        batch.step(&actions, step).expect("legal actions");
        total += out.3.iter().sum::<i64>();
    }
    println!("{steps} steps of {games} games ({total})");
}
