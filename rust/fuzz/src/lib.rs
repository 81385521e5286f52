//! The bodies of the fuzz targets of the core's entry points, each a function of raw bytes
//! that must never panic (and checks what it can of the answers):
//! - [`game_parts`]: `Game::from_parts` on a state given field by field, raw or a real
//!   game's with fields changed; a game it builds plays on;
//! - [`game_actions`]: a game under a rule set read from the bytes, played by a sequence of
//!   action integers (legal or not) and choices among the legal ones; a refused action
//!   changes nothing;
//! - [`solver_hand`]: the solver's public entry (`Hand::new`) on any list of codes, wild
//!   rank and meld rules, then every question of a `Hand`, the answers checked against one
//!   another.
//!
//! The targets under `fuzz_targets/` (cargo-fuzz, nightly) call these; the engine's test
//! `tests/fuzz_smoke.rs` runs them on stable over seeded random inputs, so CI exercises
//! them. Only the engine's public API is used.

use std::sync::Arc;

use fivecrowns_engine::game::actions::num_actions;
use fivecrowns_engine::game::{Action, Game, GameRules, Parts, Phase, PileRules, TieBreak};
use fivecrowns_engine::{Hand, MeldRules, WildLimit};

/// The bytes of an input, read front to back (zeros once they run out).
pub struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes(data)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&first, rest)) => {
                self.0 = rest;
                first
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    pub fn u64(&mut self) -> u64 {
        let mut bytes = [0; 8];
        bytes.iter_mut().for_each(|b| *b = self.byte());
        u64::from_le_bytes(bytes)
    }

    pub fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// Up to `most` bytes, their number read first.
    pub fn list(&mut self, most: usize) -> Vec<u8> {
        let len = usize::from(self.byte()) % (most + 1);
        (0..len).map(|_| self.byte()).collect()
    }
}

/// Meld rules read from three bytes (out of range now and then: 0 or 5 packs, points past
/// the core's cap).
pub fn meld_rules(bytes: &mut Bytes<'_>) -> MeldRules {
    let (a, b, c) = (bytes.byte(), bytes.byte(), bytes.byte());
    MeldRules {
        packs: [1, 2, 1, 2, 3, 4, 0, 5][usize::from(a & 7)],
        distinct_suit_books: a & 8 != 0,
        max_wilds: match b % 5 {
            0 | 1 => WildLimit::Unlimited,
            2 => WildLimit::Naturals,
            n => WildLimit::AtMost(u32::from(n - 3 + (b >> 6))),
        },
        all_wild_melds: a & 16 != 0,
        wild_points: [20, 0, 15, 1 << 20][usize::from(c & 3)],
        joker_points: [50, 25, 0, 1 << 20][usize::from((c >> 2) & 3)],
    }
}

/// A rule set of games read from the bytes: short schedules (often with a turn limit) of
/// any option, out of range now and then (which the game refuses).
pub fn game_rules(bytes: &mut Bytes<'_>) -> GameRules {
    let melds = meld_rules(bytes);
    let rounds = 1 + usize::from(bytes.byte() % 3);
    let schedule: Vec<u8> = (0..rounds).map(|_| bytes.byte() % 16).collect();
    let wild_ranks = (0..rounds).map(|_| bytes.byte() % 15).collect();
    let options = bytes.byte();
    let limit = bytes.byte();
    GameRules {
        melds,
        schedule,
        wild_ranks,
        extra_round_hand_size: 1 + bytes.byte() % 15,
        tie_break: [
            TieBreak::Shared,
            TieBreak::ExtraRound,
            TieBreak::MostRoundsOut,
        ][usize::from(options % 3)],
        go_out_bonus: i64::from(bytes.byte() as i8),
        go_out_bonus_below_zero: options & 4 != 0,
        may_discard_taken_discard: options & 8 != 0,
        go_out_without_discard: options & 16 != 0,
        lay_off: options & 32 != 0,
        auto_arrange_final_hand: options & 64 == 0,
        discard_pile: PileRules {
            reshuffle_whole: limit & 64 != 0,
            squared: limit & 128 != 0,
        },
        turn_limit: (options & 128 == 0 || limit == 0).then_some(u32::from(limit) + 1),
    }
}

/// Play on `game` by the rest of the bytes: each step an action integer (legal or not:
/// a refused one must change nothing) or a choice among the legal actions.
pub fn play_on(game: &mut Game, bytes: &mut Bytes<'_>) {
    let limit = num_actions(game.rules().deck_size());
    while !bytes.is_empty() {
        let legal = game.legal_actions();
        let value = bytes.u16();
        if value & 1 == 0 || legal.is_empty() {
            let action = Action::from_int((value >> 1) % (limit as u16 + 4));
            let before = game.clone();
            match game.apply(action) {
                Ok(()) => assert!(legal.contains(&action), "{action} was not listed"),
                Err(why) => {
                    assert!(
                        !legal.contains(&action),
                        "{action} listed but refused: {why}"
                    );
                    assert_eq!(*game, before, "a refused {action} changed the game");
                    assert!(!why.to_string().is_empty());
                }
            }
        } else {
            let action = legal[usize::from(value >> 1) % legal.len()];
            game.apply(action).expect("a listed action is legal");
        }
        if game.is_over() {
            assert!(game.legal_actions().is_empty());
        }
    }
}

/// `Game::from_parts` on parts read from the bytes: a real game's (played a few steps)
/// with fields changed, or raw; a game built from them plays on.
pub fn game_parts(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let rules = Arc::new(game_rules(&mut bytes));
    let players = 2 + bytes.byte() % 3;
    let Ok(mut game) = Game::new(Arc::clone(&rules), players, bytes.u64(), 0) else {
        return;
    };
    for _ in 0..bytes.byte() % 48 {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        game.play(legal[usize::from(bytes.byte()) % legal.len()]);
    }
    let mut parts = game.to_parts();
    if bytes.byte() % 4 == 0 {
        parts = raw_parts(&mut bytes);
    }
    for _ in 0..bytes.byte() % 4 {
        edit(&mut parts, &mut bytes);
    }
    if let Ok(mut built) = Game::from_parts(rules, parts.clone()) {
        if let Ok(again) = Game::from_parts(built.shared_rules(), built.to_parts()) {
            assert_eq!(
                again.to_parts(),
                built.to_parts(),
                "parts did not round-trip"
            );
        }
        play_on(&mut built, &mut bytes);
    }
}

/// Parts made of the bytes alone.
fn raw_parts(bytes: &mut Bytes<'_>) -> Parts {
    let players = bytes.byte() % 6;
    let seats = |bytes: &mut Bytes<'_>| bytes.list(6).iter().map(|s| s % 7).collect();
    Parts {
        players,
        seed: bytes.u64(),
        first_dealer: bytes.byte() % 7,
        round_number: u32::from(bytes.byte() % 16),
        extra_round: u32::from(bytes.byte() % 3),
        dealer: bytes.byte() % 7,
        active: seats(bytes),
        current: bytes.byte() % 7,
        phase: [Phase::Draw, Phase::Discard, Phase::Over][usize::from(bytes.byte() % 3)],
        hands: (0..players).map(|_| bytes.list(16)).collect(),
        finished: seats(bytes),
        stock: bytes.list(120),
        discard_pile: bytes.list(24),
        went_out: bytes.flag().then(|| bytes.byte() % 7),
        final_turns_left: seats(bytes),
        taken: bytes.flag().then(|| bytes.byte()),
        turns: u32::from(bytes.u16()),
        reshuffles: u32::from(bytes.byte()),
        round_scores: (0..players)
            .map(|_| bytes.flag().then(|| i64::from(bytes.byte())))
            .collect(),
        results: Vec::new(),
        totals: (0..players)
            .map(|_| i64::from(bytes.byte() as i8))
            .collect(),
        round_history: (0..bytes.byte() % 8)
            .map(|_| (bytes.byte() % 7, bytes.u16() % 300))
            .collect(),
    }
}

/// One field of `parts` changed as the bytes say (often out of range).
fn edit(parts: &mut Parts, bytes: &mut Bytes<'_>) {
    let (field, value) = (bytes.byte(), bytes.byte());
    let seat = usize::from(value) % usize::from(parts.players.max(1));
    let small = value % 7;
    match field % 20 {
        0 => parts.players = small,
        1 => parts.dealer = small,
        2 => parts.current = small,
        3 => parts.round_number = u32::from(value % 16),
        4 => parts.extra_round = u32::from(value % 3),
        5 => parts.active = (0..small).collect(),
        6 => parts
            .hands
            .get_mut(seat)
            .into_iter()
            .for_each(|h| h.push(value)),
        7 => drop(parts.hands.get_mut(seat).and_then(Vec::pop)),
        8 => drop(parts.stock.pop()),
        9 => parts.went_out = Some(small),
        10 => parts.final_turns_left = (0..small % 4).collect(),
        11 => parts.taken = Some(value),
        12 => parts.round_history.push((small, u16::from(value) * 2)),
        13 => parts.phase = [Phase::Draw, Phase::Discard, Phase::Over][usize::from(value % 3)],
        14 => parts.finished.push(small),
        15 => parts.stock.push(value),
        16 => parts.discard_pile.push(value),
        17 => parts
            .totals
            .get_mut(seat)
            .into_iter()
            .for_each(|t| *t = -i64::from(value)),
        18 => parts.turns = u32::from(value) * 64,
        _ => {
            if let Some(card) = parts.stock.pop() {
                parts.discard_pile.push(card);
            }
        }
    }
}

/// A game under a rule set read from the bytes, played by the rest of them.
pub fn game_actions(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let rules = Arc::new(game_rules(&mut bytes));
    let players = bytes.byte() % 8;
    let dealer = bytes.byte() % 8;
    if let Ok(mut game) = Game::new(rules, players, bytes.u64(), dealer) {
        play_on(&mut game, &mut bytes);
    }
}

/// The most codes a fuzzed hand holds (bigger hands are the solver's tests' and
/// benchmarks' work: a fuzzer wants many inputs a second).
pub const MOST_CODES: usize = 24;

/// The solver's public entry on a list of codes (any byte, past the deck's cards too), a
/// wild rank (any) and meld rules read from the bytes; every question of a hand it accepts,
/// the answers checked against one another.
pub fn solver_hand(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let rules = meld_rules(&mut bytes);
    let wild_rank = u32::from(bytes.byte() % 16);
    let codes: Vec<u32> = bytes
        .list(MOST_CODES)
        .iter()
        .map(|&c| u32::from(c % 64))
        .collect();
    let Ok(hand) = Hand::new(&codes, wild_rank, &rules) else {
        return;
    };
    let least = hand.least();
    let layout = hand.arrange();
    assert_eq!(
        layout.points, least,
        "the arrangement's points are not the least"
    );
    let held: usize =
        layout.melds.iter().map(|m| m.codes.len()).sum::<usize>() + layout.deadwood.len();
    assert_eq!(held, codes.len(), "the arrangement lost or made cards");
    assert_eq!(hand.least_at_most(least), Some(least));
    if least > 0 {
        assert_eq!(hand.least_at_most(least - 1), None);
    }
    let outs = hand.outs();
    assert!(outs.windows(2).all(|w| w[0] < w[1]), "outs are not sorted");
    let values = hand.discard_values();
    let zero = values.iter().any(|&(_, value)| value == 0);
    assert_eq!(
        hand.can_out(),
        zero,
        "can_out and the discards' values disagree"
    );
    match hand.best_discard() {
        Ok((card, rest)) => {
            let best = values.iter().map(|&(_, value)| value).min();
            assert_eq!(Some(rest.points), best, "the best discard is not the least");
            assert!(values.iter().any(|&(c, _)| c == card));
        }
        Err(_) => assert!(codes.is_empty() && values.is_empty()),
    }
}
