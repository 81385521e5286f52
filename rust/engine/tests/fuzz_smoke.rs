//! The bodies of the fuzz targets (`rust/fuzz/src/lib.rs`) on stable, over a fixed seeded
//! set of random inputs (and a few edge cases), so that `cargo test` exercises them without
//! nightly or libFuzzer. A panic here is a bug the fuzzer would have found.

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod bodies;

use fivecrowns_engine::shuffle::SplitMix64;

/// `count` inputs of up to `most` random bytes from `seed`, after the empty input and a few
/// all-equal ones.
fn inputs(seed: u64, count: usize, most: usize) -> Vec<Vec<u8>> {
    let mut random = SplitMix64::new(seed);
    let mut found: Vec<Vec<u8>> = vec![Vec::new(), vec![0; most], vec![255; most], vec![1; 7]];
    for _ in 0..count {
        let len = random.below(most + 1);
        found.push((0..len).map(|_| random.below(256) as u8).collect());
    }
    found
}

#[test]
fn game_actions_on_seeded_inputs() {
    for input in inputs(1, 1000, 400) {
        bodies::game_actions(&input);
    }
}

#[test]
fn game_parts_on_seeded_inputs() {
    for input in inputs(2, 1000, 400) {
        bodies::game_parts(&input);
    }
}

#[test]
fn solver_hand_on_seeded_inputs() {
    for input in inputs(3, 1000, 40) {
        bodies::solver_hand(&input);
    }
}
