//! The game as a state machine on card codes: the twin of the Python package's `GameState`
//! for rule sets where the engine arranges final hands and nobody lays off
//! (`auto_arrange_final_hand`, no `lay_off`), move for move and shuffle for shuffle.
//!
//! Melds on the table and the layouts of finished rounds are not built while playing: with no
//! lay-offs nothing in play depends on them, so the state keeps the cards each player kept
//! (going out, or after a final turn's discard) and [`Game::table`] and
//! [`Game::layouts`] arrange them when asked, as the Python engine did when it played.

use std::sync::{Arc, OnceLock};

use super::actions::Action;
use super::final_hand::{arrange_final, FinalHand};
use super::hands::Query;
use super::invalid::{GameError, InvalidState};
use super::rules::{GameRules, TieBreak};
use crate::card::Card;
use crate::error::HandError;
use crate::search::Kind;
use crate::solver::{Layout, Meld as TableMeld};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The current player must draw.
    Draw,
    /// The current player has drawn and must discard (or go out).
    Discard,
    /// The game is over.
    Over,
}

/// How a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ended {
    /// Someone went out and the final turns were played.
    Out,
    /// The stock ran out with nothing to reshuffle.
    Stock,
    /// The turn limit was reached.
    TurnLimit,
}

impl Ended {
    /// The name the Python package gives it.
    pub fn name(self) -> &'static str {
        match self {
            Ended::Out => "out",
            Ended::Stock => "stock",
            Ended::TurnLimit => "turn_limit",
        }
    }
}

/// A finished round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundResult {
    pub round_number: u32,
    pub extra_round: u32,
    pub hand_size: u8,
    pub wild_rank: u8,
    pub dealer: u8,
    pub went_out: Option<u8>,
    /// Each seat's round score (None: not dealt in).
    pub scores: Vec<Option<i64>>,
    pub ended: Ended,
    /// Each seat's cards at the end: those it kept going out or in its final turn (its
    /// melds went onto the table), or the hand it still held; None: not dealt in.
    pub(super) hands: Vec<Option<Vec<u8>>>,
    /// Each seat's final layout, when it depends on more than its cards (under `lay_off`,
    /// the melds on the table; laying down by hand, the player's choices); else found from
    /// `hands` when asked for.
    pub(super) layouts: Option<Vec<Option<FinalLayout>>>,
}

/// A meld: its kind and sorted codes.
pub type Meld = (Kind, Vec<u8>);

/// How one hand ended a round: its melds (with the cards others laid off onto them), the
/// cards it laid off onto others' melds (sorted), its deadwood (sorted) and what that costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalLayout {
    pub melds: Vec<Meld>,
    pub laid_off: Vec<u8>,
    pub deadwood: Vec<u8>,
    pub points: u64,
}

/// A whole match, round by round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub(super) rules: Arc<GameRules>,
    pub(super) players: u8,
    pub(super) seed: u64,
    pub(super) first_dealer: u8,
    pub(super) round_number: u32,
    pub(super) extra_round: u32,
    pub(super) dealer: u8,
    /// The seats dealt in this round, ascending.
    pub(super) active: Vec<u8>,
    pub(super) current: u8,
    pub(super) phase: Phase,
    /// Each seat's hand, sorted (a finished player's is its deadwood, once arranged).
    pub(super) hands: Vec<Vec<u8>>,
    /// Top card last.
    pub(super) stock: Vec<u8>,
    /// Top card last.
    pub(super) discard_pile: Vec<u8>,
    /// The cards each finished player kept, in the order they finished.
    pub(super) laid: Vec<Laid>,
    /// The melds laid down by hand in final turns (`auto_arrange_final_hand` off), after the
    /// melds of `laid` on the table: (owner, meld).
    pub(super) placed: Vec<(u8, TableMeld)>,
    /// The cards the player to act has selected to lay down (sorted).
    pub(super) selection: Vec<u8>,
    /// The cards each seat laid off onto the table this round (sorted), by seat; empty
    /// until some seat lays off (so a copy of a game costs nothing more without lay-offs).
    pub(super) laid_off: Vec<Vec<u8>>,
    pub(super) went_out: Option<u8>,
    /// Who still takes a final turn, in order (from `final_next`).
    pub(super) final_turns_left: Vec<u8>,
    pub(super) final_next: usize,
    pub(super) taken: Option<u8>,
    pub(super) turns: u32,
    pub(super) reshuffles: u32,
    pub(super) round_scores: Vec<Option<i64>>,
    /// (Shared by the copies of a game: a copy costs the same however many rounds ended.)
    pub(super) results: Arc<Vec<RoundResult>>,
    /// Each seat's total over the finished rounds of the schedule.
    pub(super) totals: Vec<i64>,
    /// The actions of the finished rounds since the deal of round 1 (or since the state it
    /// was built from) with the seat that played each, while `recording` (shared by the
    /// copies of a game, as `results`).
    pub(super) finished: Arc<Vec<(u8, Action)>>,
    /// The actions of the round in progress, with the seat that played each.
    pub(super) actions: Vec<(u8, Action)>,
    /// How many actions were applied before this round's deal (kept or not).
    pub(super) past: usize,
    /// Are the actions of finished rounds kept? (Else only counted, in `past`.)
    pub(super) recording: bool,
    /// Stop when the round ends, dealing nothing more ([`Game::halt_after_round`]).
    pub(super) halt: bool,
    pub(super) hand_size: u8,
    pub(super) wild_rank: u8,
}

/// The cards a finished player kept (going out, or after a final turn's discard), and their
/// arrangement once someone asked for it: its melds are on the table, its deadwood is the
/// player's hand. (Under `lay_off` a final turn's arrangement is made at once, without the
/// cards it laid off, and its melds grow by the cards later turns lay off onto them; laying
/// down by hand, a final turn's melds are in `Game::placed` and its arrangement is no melds,
/// every card it kept its deadwood.)
#[derive(Debug, Clone)]
pub(super) struct Laid {
    pub(super) owner: u8,
    pub(super) kept: Vec<u8>,
    pub(super) arranged: OnceLock<Layout>,
}

impl Laid {
    pub(super) fn new(owner: u8, kept: Vec<u8>) -> Laid {
        Laid {
            owner,
            kept,
            arranged: OnceLock::new(),
        }
    }

    /// The cards `owner` kept, arranged as `layout` already (a final turn's).
    pub(super) fn arranged(owner: u8, kept: Vec<u8>, layout: Layout) -> Laid {
        Laid {
            owner,
            kept,
            arranged: OnceLock::from(layout),
        }
    }
}

/// Two games are equal whether or not their layouts were arranged yet.
impl PartialEq for Laid {
    fn eq(&self, other: &Laid) -> bool {
        self.owner == other.owner && self.kept == other.kept
    }
}

impl Eq for Laid {}

impl Game {
    /// Deal the rest of the game from `seed`: the reshuffles of this round and the deals of
    /// the rounds after it (a rollout's own luck).
    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// A new match, round 1 dealt. `players` is 2..=the deal capacity (the Python package
    /// checks its tighter limits first), `first_dealer` a seat.
    pub fn new(
        rules: Arc<GameRules>,
        players: u8,
        seed: u64,
        first_dealer: u8,
    ) -> Result<Game, GameError> {
        rules.validate()?;
        if players < 2 || usize::from(players) > rules.deal_capacity() {
            return Err(GameError::State(InvalidState::Players {
                players,
                most: rules.deal_capacity(),
                packs: rules.melds.packs,
            }));
        }
        if rules.turn_limit.is_none() {
            // a round no hand can go out of would be played for ever
            let least = if rules.go_out_without_discard { 2 } else { 3 };
            let extra =
                (rules.tie_break == TieBreak::ExtraRound).then_some(rules.extra_round_hand_size);
            let short = rules
                .schedule
                .iter()
                .copied()
                .chain(extra)
                .min()
                .unwrap_or(least);
            if short < least {
                return Err(GameError::Input(HandError::BadRules(format!(
                    "no hand dealt {short} card(s) can go out (a meld needs 3 cards), so a \
                     round dealing them ends only if the stock runs out with nothing to \
                     reshuffle; deal at least 3 cards (2 with go_out_without_discard), or set \
                     turn_limit"
                ))));
            }
        }
        if first_dealer >= players {
            return Err(GameError::State(InvalidState::FirstDealer {
                first_dealer,
                players,
            }));
        }
        let n = usize::from(players);
        let mut game = Game {
            rules,
            players,
            seed,
            first_dealer,
            round_number: 1,
            extra_round: 0,
            dealer: first_dealer,
            active: (0..players).collect(),
            current: 0,
            phase: Phase::Draw,
            hands: vec![Vec::new(); n],
            stock: Vec::new(),
            discard_pile: Vec::new(),
            laid: Vec::new(),
            placed: Vec::new(),
            selection: Vec::new(),
            laid_off: Vec::new(),
            went_out: None,
            final_turns_left: Vec::new(),
            final_next: 0,
            taken: None,
            turns: 0,
            reshuffles: 0,
            round_scores: vec![None; n],
            results: Arc::default(),
            totals: vec![0; n],
            finished: Arc::default(),
            actions: Vec::new(),
            past: 0,
            recording: true,
            halt: false,
            hand_size: 0,
            wild_rank: 0,
        };
        game.deal();
        Ok(game)
    }

    // -- reading ------------------------------------------------------------------------------

    pub fn rules(&self) -> &GameRules {
        &self.rules
    }
    /// The rule set, shared.
    pub fn shared_rules(&self) -> Arc<GameRules> {
        self.rules.clone()
    }
    pub fn players(&self) -> u8 {
        self.players
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn first_dealer(&self) -> u8 {
        self.first_dealer
    }
    pub fn round_number(&self) -> u32 {
        self.round_number
    }
    pub fn extra_round(&self) -> u32 {
        self.extra_round
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn active(&self) -> &[u8] {
        &self.active
    }
    /// The seat to act (the last to act once the game is over).
    pub fn current(&self) -> u8 {
        self.current
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    pub fn hand_size(&self) -> u8 {
        self.hand_size
    }
    /// This round's wild rank (0: only jokers are wild).
    pub fn wild_rank(&self) -> u8 {
        self.wild_rank
    }
    /// The stock, top card last.
    pub fn stock(&self) -> &[Card] {
        Card::trusted_slice(&self.stock)
    }
    /// The discard pile, top card last.
    pub fn discard_pile(&self) -> &[Card] {
        Card::trusted_slice(&self.discard_pile)
    }
    pub fn went_out(&self) -> Option<u8> {
        self.went_out
    }
    pub fn final_turns_left(&self) -> &[u8] {
        &self.final_turns_left[self.final_next..]
    }
    /// The card the player to act took from the discard pile this turn.
    pub fn taken(&self) -> Option<Card> {
        self.taken.map(Card::trusted)
    }
    pub fn turns(&self) -> u32 {
        self.turns
    }
    pub fn reshuffles(&self) -> u32 {
        self.reshuffles
    }
    pub fn round_scores(&self) -> &[Option<i64>] {
        &self.round_scores
    }
    pub fn results(&self) -> &[RoundResult] {
        &self.results
    }
    /// Each player's total over the finished rounds of the schedule.
    pub fn scores(&self) -> &[i64] {
        &self.totals
    }
    /// Every action since the deal of round 1 (this round's only after
    /// [`Game::stop_recording`]).
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        self.finished
            .iter()
            .chain(&self.actions)
            .map(|&(_, action)| action)
    }
    /// How many actions were applied since the deal of round 1.
    pub fn action_count(&self) -> usize {
        self.past + self.actions.len()
    }
    /// How many actions were applied before this round's deal.
    pub fn past_actions(&self) -> usize {
        self.past
    }
    /// Keep only the round in progress from now on, the actions before it only counted: the
    /// memory of a game stays bounded however long it lasts (a round ends by its turn limit),
    /// [`Game::actions`] holds this round's actions only, and [`Game::round_history`] stays
    /// whole (the built-in policies read it).
    pub fn stop_recording(&mut self) {
        self.recording = false;
        self.finished = Arc::default();
    }
    /// End the game when the current round ends, its result recorded (the next round is not
    /// dealt): for rollouts that read only this round, which then need no shuffle.
    pub fn halt_after_round(&mut self) {
        self.halt = true;
    }

    /// Are the actions of finished rounds kept?
    pub fn is_recording(&self) -> bool {
        self.recording
    }
    /// This round's actions, with the seat that played each.
    pub fn round_history(&self) -> &[(u8, Action)] {
        &self.actions
    }

    /// A seat's hand, sorted (a finished player's is the deadwood it kept).
    pub fn hand(&self, seat: u8) -> &[Card] {
        Card::trusted_slice(self.hand_codes(seat))
    }

    /// [`Game::stock`] as codes.
    pub(crate) fn stock_codes(&self) -> &[u8] {
        &self.stock
    }
    /// [`Game::discard_pile`] as codes.
    pub(crate) fn pile_codes(&self) -> &[u8] {
        &self.discard_pile
    }
    /// [`Game::taken`] as a code.
    pub(crate) fn taken_code(&self) -> Option<u8> {
        self.taken
    }
    /// [`Game::selection`] as codes.
    pub(crate) fn selection_codes(&self) -> &[u8] {
        &self.selection
    }
    /// [`Game::laid_off`] as codes.
    pub(crate) fn laid_off_codes(&self, seat: u8) -> &[u8] {
        self.laid_off
            .get(usize::from(seat))
            .map_or(&[], Vec::as_slice)
    }

    /// [`Game::hand`] as codes (what the solver reads).
    pub(crate) fn hand_codes(&self, seat: u8) -> &[u8] {
        match self.laid.iter().find(|laid| laid.owner == seat) {
            Some(laid) => &self.layout(laid).deadwood,
            None => &self.hands[usize::from(seat)],
        }
    }

    /// The cards `seat` laid off onto the table this round, sorted.
    pub fn laid_off(&self, seat: u8) -> &[Card] {
        let codes = self.laid_off.get(usize::from(seat));
        Card::trusted_slice(codes.map_or(&[], Vec::as_slice))
    }

    /// The melds on the table: (owner, meld), in the order they were laid down (with the
    /// cards laid off onto them).
    pub fn table(&self) -> impl Iterator<Item = (u8, &crate::solver::Meld)> + '_ {
        self.laid
            .iter()
            .flat_map(move |laid| {
                self.layout(laid)
                    .melds
                    .iter()
                    .map(move |meld| (laid.owner, meld))
            })
            .chain(self.placed.iter().map(|(owner, meld)| (*owner, meld)))
    }

    /// The cards the player to act has selected to lay down (sorted; empty but in a final
    /// turn where players lay their hands down themselves).
    pub fn selection(&self) -> &[Card] {
        Card::trusted_slice(&self.selection)
    }

    pub(super) fn layout<'a>(&self, laid: &'a Laid) -> &'a Layout {
        laid.arranged
            .get_or_init(|| self.query(&laid.kept).arrangement())
    }

    /// The final layout of each seat in finished round `index` (None: not dealt in).
    pub fn layouts(&self, index: usize) -> Vec<Option<FinalLayout>> {
        let result = &self.results[index];
        if let Some(layouts) = &result.layouts {
            return layouts.clone();
        }
        result
            .hands
            .iter()
            .map(|end| {
                end.as_ref().map(|cards| {
                    let query = Query {
                        codes: cards,
                        wild_rank: result.wild_rank,
                        rules: &self.rules,
                    };
                    let layout = query.arrangement();
                    let melds = layout
                        .melds
                        .into_iter()
                        .map(|meld| (meld.kind, meld.codes))
                        .collect();
                    FinalLayout {
                        melds,
                        laid_off: Vec::new(),
                        deadwood: layout.deadwood,
                        points: layout.points,
                    }
                })
            })
            .collect()
    }

    /// The winners of a finished game (empty before the end).
    pub fn winners(&self) -> Vec<u8> {
        if self.phase != Phase::Over {
            return Vec::new();
        }
        let low = *self.totals.iter().min().expect("players");
        let lowest: Vec<u8> = self.seats_where(|p| self.totals[p] == low);
        if lowest.len() == 1 {
            return lowest;
        }
        match self.rules.tie_break {
            TieBreak::Shared => lowest,
            TieBreak::MostRoundsOut => {
                let outs = |p: u8| {
                    self.results
                        .iter()
                        .filter(|r| r.extra_round == 0 && r.went_out == Some(p))
                        .count()
                };
                let most = lowest.iter().map(|&p| outs(p)).max().unwrap_or(0);
                lowest.into_iter().filter(|&p| outs(p) == most).collect()
            }
            TieBreak::ExtraRound => {
                let last = self.results.last().expect("a finished game has rounds");
                let best = last.scores.iter().flatten().min().copied();
                self.seats_where(|p| last.scores[p].is_some() && last.scores[p] == best)
            }
        }
    }

    pub(super) fn seats_where(&self, keep: impl Fn(usize) -> bool) -> Vec<u8> {
        (0..self.players)
            .filter(|&p| keep(usize::from(p)))
            .collect()
    }

    pub(super) fn query<'a>(&'a self, codes: &'a [u8]) -> Query<'a> {
        Query {
            codes,
            wild_rank: self.wild_rank,
            rules: &self.rules,
        }
    }

    /// Does `hand` (the current player's) meld every card, laying off onto the table under
    /// `lay_off` in a final turn?
    pub(super) fn melds_all(&self, hand: &[u8]) -> bool {
        if self.rules.lay_off && self.went_out.is_some() {
            return self.arrange_final(hand).deadwood.is_empty();
        }
        self.query(hand).melds_all()
    }

    /// The layout of final hand `hand` with the least deadwood, laying off onto the table
    /// under `lay_off`.
    pub(crate) fn arrange_final(&self, hand: &[u8]) -> FinalHand {
        let table: Vec<TableMeld> = self.table().map(|(_, meld)| meld.clone()).collect();
        arrange_final(hand, &table, self.wild_rank, &self.rules)
    }

    /// The players dealt in, in turn order from the one left of `seat`.
    pub(super) fn seats_after(&self, seat: u8) -> Vec<u8> {
        let n = u32::from(self.players);
        let mut seats = self.active.clone();
        seats.sort_by_key(|&p| (u32::from(p) + 2 * n - u32::from(seat) - 1) % n);
        seats
    }

    /// The next player dealt in after `seat`, in turn order.
    pub(crate) fn next_after(&self, seat: u8) -> u8 {
        self.seats_after(seat)[0]
    }
}
