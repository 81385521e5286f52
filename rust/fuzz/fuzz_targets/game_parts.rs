//! Fuzz target: `fivecrowns_fuzz::game_parts` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fivecrowns_fuzz::game_parts(data));
