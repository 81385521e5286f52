//! Fuzz target: `fivecrowns_fuzz::solver_hand` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fivecrowns_fuzz::solver_hand(data));
