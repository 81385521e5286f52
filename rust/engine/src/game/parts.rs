//! A state of a match given field by field ([`Parts`], as the Python package's `GameState`
//! holds it): the game built from it, checked ([`Game::from_parts`]), and taken back apart
//! ([`Game::to_parts`]).

use std::sync::Arc;

use super::rules::GameRules;
use super::state::{Ended, Game, Laid, Phase, RoundResult, GO_OUT_WITHOUT_DISCARD};
use crate::error::HandError;
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
    /// The match in the state `parts` describes, checked: the deck's cards each in one place,
    /// the hand sizes of the round, the seats and the phase. The game keeps the actions of
    /// the round in progress (each by a seat of the table, an action the core plays; they
    /// are the round's public record, not replayed), none from before, and its finished
    /// rounds keep their scores but not their layouts.
    pub fn from_parts(rules: Arc<GameRules>, parts: Parts) -> Result<Game, HandError> {
        rules.validate()?;
        let bad = |why: String| Err(HandError::BadHand(why));
        let n = usize::from(parts.players);
        if parts.players < 2 || n > rules.deal_capacity() {
            return bad(format!(
                "players must be from 2 to {}",
                rules.deal_capacity()
            ));
        }
        let seat = |p: u8| p < parts.players;
        let sorted = |seats: &[u8]| seats.windows(2).all(|w| w[0] < w[1]);
        if !(seat(parts.dealer)
            && seat(parts.first_dealer)
            && !parts.active.is_empty()
            && sorted(&parts.active)
            && parts.active.iter().all(|&p| seat(p))
            && parts.active.contains(&parts.current)
            && parts.finished.iter().all(|p| parts.active.contains(p))
            && parts
                .final_turns_left
                .iter()
                .all(|p| parts.active.contains(p))
            && parts
                .went_out
                .is_none_or(|p| parts.finished.first() == Some(&p))
            && (parts.went_out.is_some() || parts.finished.is_empty())
            && parts.round_number >= 1
            && parts.round_number <= rules.rounds() + parts.extra_round)
        {
            return bad("the seats, dealer or round do not fit the table".to_string());
        }
        if parts.phase == Phase::Over {
            return bad("a game that is over has nothing to play".to_string());
        }
        let played = |&(p, a): &(u8, u16)| parts.active.contains(&p) && a <= GO_OUT_WITHOUT_DISCARD;
        if !parts.round_history.iter().all(played) {
            return bad(
                "the round's history holds an action the core does not play or a seat not dealt in"
                    .to_string(),
            );
        }
        if [
            parts.hands.len(),
            parts.round_scores.len(),
            parts.totals.len(),
        ] != [n; 3]
        {
            return bad("hands, round scores and totals need one entry per seat".to_string());
        }
        let (hand_size, wild_rank) = rules.round_params(parts.round_number, parts.extra_round);
        let mut counts = [0usize; NUM_CODES];
        let cards = parts
            .hands
            .iter()
            .flatten()
            .chain(&parts.stock)
            .chain(&parts.discard_pile);
        for &c in cards {
            if usize::from(c) >= NUM_CODES {
                return bad(format!("no card has the code {c}"));
            }
            counts[usize::from(c)] += 1;
        }
        let packs = parts_packs(&rules);
        let whole = (0..NUM_CODES).all(|c| counts[c] == copies_in_deck(c, packs));
        if !whole {
            return bad("the cards are not the deck, each card once".to_string());
        }
        for &p in &parts.active {
            let size = parts.hands[usize::from(p)].len();
            let drawn = p == parts.current && parts.phase == Phase::Discard;
            let want = usize::from(hand_size) + usize::from(drawn);
            if !parts.finished.contains(&p) && size != want {
                return bad(format!("seat {p} holds {size} cards, not {want}"));
            }
        }
        for &p in &parts.finished {
            // (a seat that finished kept its hand, and the card it drew when it went out
            // without a discard)
            let size = parts.hands.get(usize::from(p)).map_or(0, Vec::len);
            if size > usize::from(hand_size) + 1 {
                return bad(format!(
                    "seat {p} finished holding {size} cards, more than {} can be",
                    usize::from(hand_size) + 1
                ));
            }
        }
        if (rules.lay_off || !rules.auto_arrange_final_hand) && !parts.finished.is_empty() {
            return bad(
                "a state whose table holds melds under lay_off, or laid down by hand, is \
                 not built from its parts (which do not say what was laid where)"
                    .to_string(),
            );
        }
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
        let results = parts
            .results
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
            .collect();
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

fn parts_packs(rules: &GameRules) -> usize {
    rules.melds.packs as usize
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
        let Err(HandError::BadHand(why)) = refused else {
            panic!("not refused: {refused:?}");
        };
        assert!(why.contains("finished holding"), "{why}");
    }
}
