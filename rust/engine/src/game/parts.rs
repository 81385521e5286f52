//! A state of a match given field by field ([`Parts`], as the Python package's `GameState`
//! holds it): the game built from it, checked ([`Game::from_parts`]), and taken back apart
//! ([`Game::to_parts`]).

use std::sync::Arc;

use super::invalid::{GameError, InvalidState};
use super::rules::{GameRules, TieBreak};
use super::state::{Ended, Game, Laid, Phase, RoundResult, GO_OUT_WITHOUT_DISCARD};
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
            actions: parts.round_history,
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
            round_history: self.round_history().to_vec(),
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
/// the Python package's `_game_checks.check_fields` where it makes the same one: the
/// table and its seats ([`check_table`]), the round, the deck ([`check_cards`]) and the
/// round in progress ([`check_round`]).
pub fn check_parts(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    check_table(rules, parts)?;
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

/// The round in progress: its phase, who acts, its history, who finished and the hands.
fn check_round(rules: &GameRules, parts: &Parts) -> Result<(), InvalidState> {
    if parts.phase == Phase::Over {
        return Err(InvalidState::Over);
    }
    let active = &parts.active;
    if !active.contains(&parts.current) {
        return Err(InvalidState::NotToAct {
            player: parts.current,
        });
    }
    for &(seat, action) in &parts.round_history {
        if !active.contains(&seat) {
            return Err(InvalidState::History { action: None });
        }
        if action > GO_OUT_WITHOUT_DISCARD {
            return Err(InvalidState::History {
                action: Some(action),
            });
        }
    }
    let finished = &parts.finished;
    let led = match parts.went_out {
        Some(p) => finished.first() == Some(&p),
        None => finished.is_empty(),
    };
    if !led || !finished.iter().all(|p| active.contains(p)) {
        return Err(InvalidState::Finished);
    }
    if !parts.final_turns_left.iter().all(|p| active.contains(p)) {
        return Err(InvalidState::FinalTurns);
    }
    check_hands(rules, parts)
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
        let seat = parts.current;
        parts.finished = vec![seat];
        parts.went_out = Some(seat);
        let mut stock = std::mem::take(&mut parts.stock);
        parts.hands[usize::from(seat)].append(&mut stock);
        let refused = Game::from_parts(rules, parts);
        let Err(GameError::State(why @ InvalidState::FinishedHolding { .. })) = refused else {
            panic!("not refused: {refused:?}");
        };
        assert!(why.to_string().contains("finished holding"), "{why}");
    }
}
