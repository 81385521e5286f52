//! A state of a match given field by field ([`Parts`], as the Python package's `GameState`
//! holds it): the game built from it, checked ([`Game::from_parts`]), and taken back apart
//! ([`Game::to_parts`]).

use std::sync::Arc;

use super::actions::{Action, GO_OUT_WITHOUT_DISCARD};
use super::invalid::{GameError, InvalidState};
use super::rules::{GameRules, TieBreak};
use super::state::{Ended, Game, Laid, Phase, RoundResult};
use crate::{copies_in_deck, NUM_CODES};

/// A finished round as [`Parts`] gives it: (round_number, extra_round, went_out, scores,
/// ended).
pub type PastRound = (u32, u32, Option<u8>, Vec<Option<i64>>, Ended);

/// A state of a match given field by field (as the Python package's `GameState` holds it),
/// for [`Game::from_parts`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parts {
    pub players: u8,
    pub seed: u64,
    pub first_dealer: u8,
    pub round_number: u32,
    pub extra_round: u32,
    pub dealer: u8,
    pub active: Vec<u8>,
    pub current: u8,
    /// Draw or discard (a game that is over has nothing left to play).
    pub phase: Phase,
    /// Each seat's hand; a finished seat's is every card it kept (its melds and deadwood).
    pub hands: Vec<Vec<u8>>,
    /// The seats that finished this round (went out, or took their final turn), in order.
    pub finished: Vec<u8>,
    pub stock: Vec<u8>,
    pub discard_pile: Vec<u8>,
    pub went_out: Option<u8>,
    pub final_turns_left: Vec<u8>,
    pub taken: Option<u8>,
    pub turns: u32,
    pub reshuffles: u32,
    pub round_scores: Vec<Option<i64>>,
    pub results: Vec<PastRound>,
    pub totals: Vec<i64>,
    /// The actions of the round in progress with the seat that played each (what the
    /// built-in policies read the round's public record from; the draws, discards and
    /// go-outs the core plays).
    pub round_history: Vec<(u8, u16)>,
}

impl Game {
    /// The match in the state `parts` describes, checked ([`check_parts`]: the seats, the
    /// round, the deck's cards each in one place, the hand sizes and the phase). The game
    /// keeps the actions of the round in progress (each by a seat of the table, an action
    /// the core plays; they are the round's public record, not replayed), none from before,
    /// and its finished rounds keep their scores but not their layouts.
    pub fn from_parts(rules: Arc<GameRules>, parts: Parts) -> Result<Game, GameError> {
        rules.validate()?;
        check_parts(&rules, &parts)?;
        let (hand_size, wild_rank) = rules.round_params(parts.round_number, parts.extra_round);
        let mut hands = parts.hands;
        let mut laid = Vec::with_capacity(parts.finished.len());
        for &p in &parts.finished {
            let mut kept = std::mem::take(&mut hands[usize::from(p)]);
            kept.sort_unstable();
            laid.push(Laid::new(p, kept));
        }
        for hand in &mut hands {
            hand.sort_unstable();
        }
        let results = past_results(&rules, parts.results);
        Ok(Game {
            rules,
            players: parts.players,
            seed: parts.seed,
            first_dealer: parts.first_dealer,
            round_number: parts.round_number,
            extra_round: parts.extra_round,
            dealer: parts.dealer,
            active: parts.active,
            current: parts.current,
            phase: parts.phase,
            hands,
            stock: parts.stock,
            discard_pile: parts.discard_pile,
            laid,
            placed: Vec::new(),
            selection: Vec::new(),
            laid_off: Vec::new(),
            went_out: parts.went_out,
            final_turns_left: parts.final_turns_left,
            final_next: 0,
            taken: parts.taken,
            turns: parts.turns,
            reshuffles: parts.reshuffles,
            round_scores: parts.round_scores,
            results: Arc::new(results),
            totals: parts.totals,
            finished: Arc::default(),
            actions: parts
                .round_history
                .iter()
                .map(|&(seat, action)| (seat, Action::from_int(action)))
                .collect(),
            past: 0,
            recording: true,
            halt: false,
            hand_size,
            wild_rank,
        })
    }

    /// The state field by field, as [`Game::from_parts`] takes it back.
    pub fn to_parts(&self) -> Parts {
        let mut hands = self.hands.clone();
        for laid in &self.laid {
            hands[usize::from(laid.owner)] = laid.kept.clone();
        }
        Parts {
            players: self.players,
            seed: self.seed,
            first_dealer: self.first_dealer,
            round_number: self.round_number,
            extra_round: self.extra_round,
            dealer: self.dealer,
            active: self.active.clone(),
            current: self.current,
            phase: self.phase,
            hands,
            finished: self.laid.iter().map(|laid| laid.owner).collect(),
            stock: self.stock.clone(),
            discard_pile: self.discard_pile.clone(),
            went_out: self.went_out,
            final_turns_left: self.final_turns_left().to_vec(),
            taken: self.taken,
            turns: self.turns,
            reshuffles: self.reshuffles,
            round_scores: self.round_scores.clone(),
            results: self
                .results
                .iter()
                .map(|r| {
                    (
                        r.round_number,
                        r.extra_round,
                        r.went_out,
                        r.scores.clone(),
                        r.ended,
                    )
                })
                .collect(),
            totals: self.totals.clone(),
            round_history: self
                .round_history()
                .iter()
                .map(|&(seat, action)| (seat, action.int()))
                .collect(),
        }
    }
}

/// The finished rounds of `results`, their layouts unknown.
fn past_results(rules: &GameRules, results: Vec<PastRound>) -> Vec<RoundResult> {
    results
        .into_iter()
        .map(|(round_number, extra_round, went_out, scores, ended)| {
            let (hand_size, wild_rank) = rules.round_params(round_number, extra_round);
            RoundResult {
                round_number,
                extra_round,
                hand_size,
                wild_rank,
                dealer: 0,
                went_out,
                hands: vec![None; scores.len()],
                layouts: None,
                scores,
                ended,
            }
        })
        .collect()
}

/// Refuse `parts` unless the rules reach them, each check in the order and the words of
/// the Python package's `game._checks.check_fields` where it makes the same one: the
/// table and its seats (`check_table`), the round, the deck (`check_cards`) and the
/// round in progress (`check_round`).
pub fn check_parts(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    check_table(rules, parts)?;
    check_results(rules, parts)?;
    let (n, rounds) = (parts.round_number, rules.rounds());
    if parts.extra_round == 0 && n > rounds {
        return Err(InvalidState::Round {
            round_number: n,
            rounds,
        });
    }
    if parts.extra_round > 0
        && (rules.tie_break != TieBreak::ExtraRound || n != rounds + parts.extra_round)
    {
        return Err(InvalidState::ExtraRound {
            extra_round: parts.extra_round,
            round_number: n,
        });
    }
    let active = &parts.active;
    if active.len() < 2 || !active.windows(2).all(|w| w[0] < w[1]) {
        return Err(InvalidState::DealtIn {
            active: active.clone(),
        });
    }
    if parts.extra_round == 0 && active.len() != usize::from(parts.players) {
        return Err(InvalidState::NotAllDealtIn);
    }
    check_cards(rules, parts)?;
    check_round(rules, parts)
}

/// The players, the seats each field names and the fields of one entry per seat.
fn check_table(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    let players = parts.players;
    if players < 2 || usize::from(players) > rules.deal_capacity() {
        return Err(InvalidState::Players {
            players,
            most: rules.deal_capacity(),
            packs: rules.melds.packs,
        });
    }
    if parts.round_number < 1 {
        return Err(InvalidState::RoundNumber);
    }
    let last = players - 1;
    for (field, value) in [
        ("first_dealer", parts.first_dealer),
        ("dealer", parts.dealer),
        ("current", parts.current),
    ] {
        if value > last {
            return Err(InvalidState::Seat { field, value, last });
        }
    }
    for (field, seats) in [
        ("active", &parts.active),
        ("final_turns_left", &parts.final_turns_left),
    ] {
        if seats.iter().any(|&p| p > last) {
            return Err(InvalidState::Seats { field, last });
        }
    }
    for (field, len) in [
        ("hands", parts.hands.len()),
        ("round_scores", parts.round_scores.len()),
        ("totals", parts.totals.len()),
    ] {
        if len != usize::from(players) {
            return Err(InvalidState::PerSeat { field, players });
        }
    }
    match parts.went_out {
        Some(went_out) if !parts.active.contains(&went_out) => {
            Err(InvalidState::WentOut { went_out })
        }
        _ => Ok(()),
    }
}

/// The finished rounds: round `i` of the results is round `i` of the game (a tie-break
/// round beyond the schedule), with a score entry per seat.
fn check_results(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    for (index, result) in (1u32..).zip(&parts.results) {
        let &(round_number, extra_round, _, ref scores, _) = result;
        if round_number != index {
            return Err(InvalidState::ResultRound {
                index,
                round_number,
            });
        }
        if extra_round != index.saturating_sub(rules.rounds()) {
            return Err(InvalidState::ResultExtra { index, extra_round });
        }
        if scores.len() != usize::from(parts.players) {
            let players = parts.players;
            return Err(InvalidState::ResultScores { index, players });
        }
    }
    Ok(())
}

/// Every card of the deck in exactly one place.
fn check_cards(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    let mut counts = [0usize; NUM_CODES];
    let cards = parts
        .hands
        .iter()
        .flatten()
        .chain(&parts.stock)
        .chain(&parts.discard_pile);
    for &code in cards {
        if usize::from(code) >= NUM_CODES {
            return Err(InvalidState::NoCard { code });
        }
        counts[usize::from(code)] += 1;
    }
    let packs = rules.melds.packs as usize;
    let (mut too_many, mut missing) = (Vec::new(), Vec::new());
    for (code, &count) in (0u8..).zip(&counts) {
        let whole = copies_in_deck(usize::from(code), packs);
        too_many.extend(std::iter::repeat_n(code, count.saturating_sub(whole)));
        missing.extend(std::iter::repeat_n(code, whole.saturating_sub(count)));
    }
    if too_many.is_empty() && missing.is_empty() {
        return Ok(());
    }
    Err(InvalidState::NotTheDeck { too_many, missing })
}

/// The round in progress: its phase, who acts, the seats not dealt in, the stock, the
/// history, the card taken, then who finished ([`check_final_turns`]) and the hands.
fn check_round(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    if parts.phase == Phase::Over {
        return Err(InvalidState::Over);
    }
    let (active, current) = (&parts.active, parts.current);
    if !active.contains(&current) {
        return Err(InvalidState::NotToAct { player: current });
    }
    for seat in (0..parts.players).filter(|p| !active.contains(p)) {
        if !parts.hands[usize::from(seat)].is_empty() {
            return Err(InvalidState::HoldsNotDealtIn { seat });
        }
        if parts.round_scores[usize::from(seat)].is_some() {
            return Err(InvalidState::ScoredNotDealtIn { seat });
        }
    }
    if parts.phase == Phase::Draw && parts.stock.is_empty() {
        return Err(InvalidState::EmptyStock);
    }
    for &(seat, action) in &parts.round_history {
        if !active.contains(&seat) {
            return Err(InvalidState::History { action: None });
        }
        if action > GO_OUT_WITHOUT_DISCARD {
            return Err(InvalidState::History {
                action: Some(Action::from_int(action)),
            });
        }
    }
    if let Some(code) = parts.taken {
        if usize::from(code) >= NUM_CODES {
            return Err(InvalidState::NoCard { code });
        }
        let held = parts.hands[usize::from(current)].contains(&code);
        if parts.phase == Phase::Draw || (parts.went_out.is_none() && !held) {
            return Err(InvalidState::TakenOutsideTurn);
        }
    }
    check_final_turns(rules, parts)?;
    check_hands(rules, parts)
}

/// Before anyone went out: no final turn, no score, and fewer turns than the limit; after:
/// the seats that finished led by the one who went out, and the final turns those of the
/// seats after it, the player to act first.
fn check_final_turns(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    let (active, finished, left) = (&parts.active, &parts.finished, &parts.final_turns_left);
    let Some(went) = parts.went_out else {
        if !left.is_empty()
            || !finished.is_empty()
            || parts.round_scores.iter().any(Option::is_some)
        {
            return Err(InvalidState::BeforeOut);
        }
        let limit = rules.round_turn_limit();
        if parts.turns >= limit {
            let turns = parts.turns;
            return Err(InvalidState::Turns { turns, limit });
        }
        return Ok(());
    };
    if finished.first() != Some(&went) || !finished.iter().all(|p| active.contains(p)) {
        return Err(InvalidState::Finished);
    }
    // (the seats after the one who went out, in turn order)
    let n = u32::from(parts.players);
    let mut order: Vec<u8> = active.iter().copied().filter(|&p| p != went).collect();
    order.sort_by_key(|&p| (u32::from(p) + n - u32::from(went)) % n);
    if left.first() != Some(&parts.current) || !order.ends_with(left) {
        return Err(InvalidState::FinalTurns);
    }
    Ok(())
}

/// Each hand holds what the round deals it (one card more for the player who drew), a
/// finished seat at most that and the card it drew; and no finished seat's melds are on
/// the table where the fields do not place them.
fn check_hands(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    let (hand_size, _) = rules.round_params(parts.round_number, parts.extra_round);
    let size = usize::from(hand_size);
    for &seat in &parts.active {
        let holds = parts.hands[usize::from(seat)].len();
        let drawn = seat == parts.current && parts.phase == Phase::Discard;
        let want = size + usize::from(drawn);
        if !parts.finished.contains(&seat) && holds != want {
            return Err(InvalidState::HandSize { seat, holds, want });
        }
    }
    for &seat in &parts.finished {
        // (a seat that finished kept its hand, and the card it drew when it went out
        // without a discard)
        let holds = parts.hands[usize::from(seat)].len();
        if holds > size + 1 {
            let most = size + 1;
            return Err(InvalidState::FinishedHolding { seat, holds, most });
        }
    }
    if (rules.lay_off || !rules.auto_arrange_final_hand) && !parts.finished.is_empty() {
        return Err(InvalidState::TableUnknown);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seat that finished holds at most its hand and one card: a state giving it more (the
    /// deck still whole) is refused with a reason, not played (the solver's hands hold at
    /// most `MAX_CARDS + 1` codes).
    #[test]
    fn a_finished_seat_holding_too_many_cards_is_refused() {
        let rules = Arc::new(GameRules::default());
        let game = Game::new(Arc::clone(&rules), 3, 7, 0).expect("official rules");
        let mut parts = game.to_parts();
        assert!(Game::from_parts(Arc::clone(&rules), game.to_parts()).is_ok());
        // (the seat before the one to act went out: the others take their final turns)
        let seat = (parts.current + 2) % 3;
        parts.finished = vec![seat];
        parts.went_out = Some(seat);
        parts.final_turns_left = vec![parts.current, (parts.current + 1) % 3];
        let mut stock = parts.stock.split_off(1);
        parts.hands[usize::from(seat)].append(&mut stock);
        let refused = Game::from_parts(rules, parts);
        let Err(GameError::State(why @ InvalidState::FinishedHolding { .. })) = refused else {
            panic!("not refused: {refused:?}");
        };
        assert!(why.to_string().contains("finished holding"), "{why}");
    }

    /// One field of `parts` changed at random (`random` picks which, and to what: often
    /// out of range).
    fn mutate(parts: &mut Parts, random: &mut crate::shuffle::SplitMix64) {
        let small = |random: &mut crate::shuffle::SplitMix64| random.below(9) as u8;
        let seat = random.below(usize::from(parts.players));
        match random.below(16) {
            0 => parts.players = small(random),
            1 => parts.dealer = small(random),
            2 => parts.current = small(random),
            3 => parts.round_number = random.below(14) as u32,
            4 => parts.extra_round = random.below(3) as u32,
            5 => parts.active = (0..random.below(5)).map(|_| small(random)).collect(),
            6 => parts.hands[seat].push(random.below(60) as u8),
            7 => drop(parts.hands[seat].pop()),
            8 => parts.stock.clear(),
            9 => parts.went_out = Some(small(random)),
            10 => parts.final_turns_left = (0..random.below(4)).map(|_| small(random)).collect(),
            11 => parts.taken = Some(random.below(60) as u8),
            12 => parts
                .round_history
                .push((small(random), random.below(300) as u16)),
            13 => parts.phase = [Phase::Draw, Phase::Discard, Phase::Over][random.below(3)],
            14 => parts
                .results
                .push((random.below(5) as u32, 0, None, vec![Some(1)], Ended::Out)),
            _ => parts.round_scores[seat] = Some(3),
        }
    }

    /// A state given field by field with one or two fields changed at random is refused
    /// with a reason or built, never a panic; a game built from it plays random legal
    /// actions to its end (nothing the checks let through breaks a transition), and a game's
    /// own parts build it back.
    #[test]
    fn any_parts_are_refused_or_built_and_played_without_a_panic() {
        let mut random = crate::shuffle::SplitMix64::new(11);
        let rules = Arc::new(GameRules {
            schedule: vec![3, 4],
            wild_ranks: vec![3, 4],
            tie_break: TieBreak::ExtraRound,
            extra_round_hand_size: 3,
            turn_limit: Some(40),
            ..GameRules::default()
        });
        let (mut built, mut refused) = (0, 0);
        for seed in 0..300 {
            let mut game = Game::new(Arc::clone(&rules), 3, seed, 2).expect("rules");
            for _ in 0..random.below(60) {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                game.play(legal[random.below(legal.len())]);
            }
            if game.is_over() {
                continue;
            }
            let again = Game::from_parts(Arc::clone(&rules), game.to_parts()).expect("its parts");
            assert_eq!(again.to_parts(), game.to_parts());
            let mut parts = game.to_parts();
            for _ in 0..1 + random.below(2) {
                mutate(&mut parts, &mut random);
            }
            let Ok(mut game) = Game::from_parts(Arc::clone(&rules), parts) else {
                refused += 1;
                continue;
            };
            built += 1;
            while !game.is_over() {
                let legal = game.legal_actions();
                game.play(legal[random.below(legal.len())]);
            }
        }
        assert!(
            built > 10 && refused > 100,
            "{built} built, {refused} refused"
        );
    }
}
