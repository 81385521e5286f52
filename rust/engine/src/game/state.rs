//! The game as a state machine on card codes: the twin of the Python package's `GameState`
//! for rule sets where the engine arranges final hands and nobody lays off
//! (`auto_arrange_final_hand`, no `lay_off`), move for move and shuffle for shuffle.
//!
//! Melds on the table and the layouts of finished rounds are not built while playing: with no
//! lay-offs nothing in play depends on them, so the state keeps the cards each player kept
//! (going out, or after a final turn's discard) and [`Game::table`] and
//! [`Game::layouts`] arrange them when asked, as the Python engine did when it played.

use std::sync::{Arc, OnceLock};

use crate::error::HandError;
use crate::game::final_hand::{arrange_final, FinalHand};
use crate::game::hands::Query;
use crate::game::rules::{GameRules, TieBreak};
use crate::melds::is_meld;
use crate::search::Kind;
use crate::shuffle;
use crate::solver::{Layout, Meld as TableMeld};
use crate::{copies_in_deck, JOKER, NUM_CODES};

/// The integer of "draw from the stock".
pub const DRAW_STOCK: u16 = 0;
/// The integer of "take the top discard".
pub const DRAW_DISCARD: u16 = 1;
/// The first integer of "discard code c" (`DISCARD + c`).
pub const DISCARD: u16 = 2;
/// The first integer of "go out discarding code c" (`GO_OUT + c`).
pub const GO_OUT: u16 = 2 + NUM_CODES as u16;
/// The integer of "go out without a discard".
pub const GO_OUT_WITHOUT_DISCARD: u16 = 2 + 2 * NUM_CODES as u16;
/// The first integer of "select code c to lay down" (`SELECT + c`), in a final turn where
/// players lay their hands down themselves.
pub const SELECT: u16 = GO_OUT_WITHOUT_DISCARD + 1;
/// The first integer of "deselect code c" (`DESELECT + c`).
pub const DESELECT: u16 = SELECT + NUM_CODES as u16;
/// The integer of "lay the selection down as a book".
pub const MELD_BOOK: u16 = DESELECT + NUM_CODES as u16;
/// The integer of "lay the selection down as a run".
pub const MELD_RUN: u16 = MELD_BOOK + 1;
/// The first integer of "lay the selection off onto table meld i" (`LAY_OFF + i`).
pub const LAY_OFF: u16 = MELD_RUN + 1;

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

/// Why an action is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal(pub String);

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
    hands: Vec<Option<Vec<u8>>>,
    /// Each seat's final layout, when it depends on more than its cards (under `lay_off`,
    /// the melds on the table; laying down by hand, the player's choices); else found from
    /// `hands` when asked for.
    layouts: Option<Vec<Option<FinalLayout>>>,
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
    rules: Arc<GameRules>,
    players: u8,
    seed: u64,
    first_dealer: u8,
    round_number: u32,
    extra_round: u32,
    dealer: u8,
    /// The seats dealt in this round, ascending.
    active: Vec<u8>,
    current: u8,
    phase: Phase,
    /// Each seat's hand, sorted (a finished player's is its deadwood, once arranged).
    hands: Vec<Vec<u8>>,
    /// Top card last.
    stock: Vec<u8>,
    /// Top card last.
    discard_pile: Vec<u8>,
    /// The cards each finished player kept, in the order they finished.
    laid: Vec<Laid>,
    /// The melds laid down by hand in final turns (`auto_arrange_final_hand` off), after the
    /// melds of `laid` on the table: (owner, meld).
    placed: Vec<(u8, TableMeld)>,
    /// The cards the player to act has selected to lay down (sorted).
    selection: Vec<u8>,
    /// The cards each seat laid off onto the table this round (sorted), by seat; empty
    /// until some seat lays off (so a copy of a game costs nothing more without lay-offs).
    laid_off: Vec<Vec<u8>>,
    went_out: Option<u8>,
    /// Who still takes a final turn, in order (from `final_next`).
    final_turns_left: Vec<u8>,
    final_next: usize,
    taken: Option<u8>,
    turns: u32,
    reshuffles: u32,
    round_scores: Vec<Option<i64>>,
    /// (Shared by the copies of a game: a copy costs the same however many rounds ended.)
    results: Arc<Vec<RoundResult>>,
    /// Each seat's total over the finished rounds of the schedule.
    totals: Vec<i64>,
    /// The actions of the finished rounds since the deal of round 1 (or since the state it
    /// was built from) with the seat that played each, while `recording` (shared by the
    /// copies of a game, as `results`).
    finished: Arc<Vec<(u8, u16)>>,
    /// The actions of the round in progress, with the seat that played each.
    actions: Vec<(u8, u16)>,
    /// How many actions were applied before this round's deal (kept or not).
    past: usize,
    /// Are the actions of finished rounds kept? (Else only counted, in `past`.)
    recording: bool,
    /// Stop when the round ends, dealing nothing more ([`Game::halt_after_round`]).
    halt: bool,
    hand_size: u8,
    wild_rank: u8,
}

/// The cards a finished player kept (going out, or after a final turn's discard), and their
/// arrangement once someone asked for it: its melds are on the table, its deadwood is the
/// player's hand. (Under `lay_off` a final turn's arrangement is made at once, without the
/// cards it laid off, and its melds grow by the cards later turns lay off onto them; laying
/// down by hand, a final turn's melds are in `Game::placed` and its arrangement is no melds,
/// every card it kept its deadwood.)
#[derive(Debug, Clone)]
struct Laid {
    owner: u8,
    kept: Vec<u8>,
    arranged: OnceLock<Layout>,
}

impl Laid {
    fn new(owner: u8, kept: Vec<u8>) -> Laid {
        Laid {
            owner,
            kept,
            arranged: OnceLock::new(),
        }
    }

    /// The cards `owner` kept, arranged as `layout` already (a final turn's).
    fn arranged(owner: u8, kept: Vec<u8>, layout: Layout) -> Laid {
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
    ) -> Result<Game, HandError> {
        rules.validate()?;
        if players < 2 || usize::from(players) > rules.deal_capacity() {
            return Err(HandError::BadRules(format!(
                "players must be from 2 to {} with these rules, got {players}",
                rules.deal_capacity()
            )));
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
                return Err(HandError::BadRules(format!(
                    "no hand dealt {short} card(s) can go out (a meld needs 3 cards); deal at \
                     least 3 cards (2 with go_out_without_discard), or set turn_limit"
                )));
            }
        }
        if first_dealer >= players {
            return Err(HandError::BadRules(format!(
                "first_dealer must be a seat from 0 to {}, got {first_dealer}",
                players - 1
            )));
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
    pub fn stock(&self) -> &[u8] {
        &self.stock
    }
    pub fn discard_pile(&self) -> &[u8] {
        &self.discard_pile
    }
    pub fn went_out(&self) -> Option<u8> {
        self.went_out
    }
    pub fn final_turns_left(&self) -> &[u8] {
        &self.final_turns_left[self.final_next..]
    }
    pub fn taken(&self) -> Option<u8> {
        self.taken
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
    pub fn actions(&self) -> impl Iterator<Item = u16> + '_ {
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
    pub fn round_history(&self) -> &[(u8, u16)] {
        &self.actions
    }

    /// A seat's hand, sorted (a finished player's is the deadwood it kept).
    pub fn hand(&self, seat: u8) -> &[u8] {
        match self.laid.iter().find(|laid| laid.owner == seat) {
            Some(laid) => &self.layout(laid).deadwood,
            None => &self.hands[usize::from(seat)],
        }
    }

    /// The cards `seat` laid off onto the table this round, sorted.
    pub fn laid_off(&self, seat: u8) -> &[u8] {
        self.laid_off
            .get(usize::from(seat))
            .map_or(&[], Vec::as_slice)
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
    pub fn selection(&self) -> &[u8] {
        &self.selection
    }

    fn layout<'a>(&self, laid: &'a Laid) -> &'a Layout {
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

    fn seats_where(&self, keep: impl Fn(usize) -> bool) -> Vec<u8> {
        (0..self.players)
            .filter(|&p| keep(usize::from(p)))
            .collect()
    }

    fn query<'a>(&'a self, codes: &'a [u8]) -> Query<'a> {
        Query {
            codes,
            wild_rank: self.wild_rank,
            rules: &self.rules,
        }
    }

    /// Does `hand` (the current player's) meld every card, laying off onto the table under
    /// `lay_off` in a final turn?
    fn melds_all(&self, hand: &[u8]) -> bool {
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

    /// The player to act lays `cards` off onto table meld `index`.
    fn lay_off(&mut self, index: usize, cards: &[u8]) {
        self.lay_off_onto(index, cards);
        self.laid_off.resize(usize::from(self.players), Vec::new());
        let mine = &mut self.laid_off[usize::from(self.current)];
        mine.extend_from_slice(cards);
        mine.sort_unstable();
    }

    /// Add `cards` to table meld `index` (counted over the table in order).
    fn lay_off_onto(&mut self, index: usize, cards: &[u8]) {
        let mut skip = index;
        for at in 0..self.laid.len() {
            let count = self.layout(&self.laid[at]).melds.len();
            if skip < count {
                let layout = self.laid[at].arranged.get_mut().expect("arranged above");
                let meld = &mut layout.melds[skip];
                meld.codes.extend_from_slice(cards);
                meld.codes.sort_unstable();
                return;
            }
            skip -= count;
        }
        let meld = &mut self.placed[skip].1;
        meld.codes.extend_from_slice(cards);
        meld.codes.sort_unstable();
    }

    /// Each seat's final layout as the round ends, under `lay_off` or with hands laid down
    /// by hand: a finished seat's melds on the table (as they grew), what it laid off and
    /// its deadwood; a seat still holding its hand arranged for the least deadwood against
    /// the table (its melds are not laid down).
    fn table_layouts(&self) -> Vec<Option<FinalLayout>> {
        let mut layouts = vec![None; usize::from(self.players)];
        for &p in &self.active {
            let seat = usize::from(p);
            let mut melds: Vec<Meld> = self
                .table()
                .filter(|&(owner, _)| owner == p)
                .map(|(_, meld)| (meld.kind, meld.codes.clone()))
                .collect();
            layouts[seat] = Some(if self.round_scores[seat].is_some() {
                let deadwood = self.hand(p).to_vec();
                let points = self.rules.melds.points_of(&deadwood, self.wild_rank);
                FinalLayout {
                    melds,
                    laid_off: self.laid_off(p).to_vec(),
                    deadwood,
                    points,
                }
            } else {
                let end = self.arrange_final(&self.hands[seat]);
                melds.extend(end.melds.into_iter().map(|meld| (meld.kind, meld.codes)));
                let mut laid_off: Vec<u8> = end.lay_offs.into_iter().flat_map(|(_, c)| c).collect();
                laid_off.sort_unstable();
                FinalLayout {
                    melds,
                    laid_off,
                    deadwood: end.deadwood,
                    points: end.points,
                }
            });
        }
        layouts
    }

    /// The players dealt in, in turn order from the one left of `seat`.
    fn seats_after(&self, seat: u8) -> Vec<u8> {
        let n = u32::from(self.players);
        let mut seats = self.active.clone();
        seats.sort_by_key(|&p| (u32::from(p) + 2 * n - u32::from(seat) - 1) % n);
        seats
    }

    /// The next player dealt in after `seat`, in turn order.
    pub(crate) fn next_after(&self, seat: u8) -> u8 {
        self.seats_after(seat)[0]
    }

    // -- legal actions --------------------------------------------------------------------------

    /// The card these rules forbid discarding now, if any.
    fn forbidden_discard(&self) -> Option<u8> {
        let taken = self.taken?;
        if self.rules.may_discard_taken_discard {
            return None;
        }
        let hand = &self.hands[usize::from(self.current)];
        if hand.iter().all(|&c| c == taken) {
            None
        } else {
            Some(taken)
        }
    }

    /// Every legal action, ascending.
    pub fn legal_actions(&self) -> Vec<u16> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Draw => {
                if self.discard_pile.is_empty() {
                    vec![DRAW_STOCK]
                } else {
                    vec![DRAW_STOCK, DRAW_DISCARD]
                }
            }
            Phase::Discard => {
                let hand = &self.hands[usize::from(self.current)];
                let forbidden = self.forbidden_discard();
                let mut distinct = hand.clone();
                distinct.dedup();
                let mut legal: Vec<u16> = distinct
                    .iter()
                    .filter(|&&c| Some(c) != forbidden)
                    .map(|&c| DISCARD + u16::from(c))
                    .collect();
                if self.lays_down_by_hand() {
                    self.lay_down_actions(&distinct, &mut legal);
                    return legal;
                }
                let query = self.query(hand);
                // (a final turn under lay_off may meld cards no meld of the hand holds)
                let lays_off = self.rules.lay_off && self.went_out.is_some();
                if !lays_off && !query.may_go_out() {
                    return legal;
                }
                if self.went_out.is_none() {
                    for (c, melds) in query.melding_discards() {
                        if melds && Some(c) != forbidden {
                            legal.push(GO_OUT + u16::from(c));
                        }
                    }
                }
                if self.rules.go_out_without_discard && self.melds_all(hand) {
                    legal.push(GO_OUT_WITHOUT_DISCARD);
                }
                legal
            }
        }
    }

    /// Is this a final turn where the player lays its hand down itself (selecting cards,
    /// then laying them down as a book or a run, or off onto a table meld)?
    pub(crate) fn lays_down_by_hand(&self) -> bool {
        !self.rules.auto_arrange_final_hand && self.went_out.is_some()
    }

    /// The legal actions of laying down by hand (`distinct`: the hand's distinct codes),
    /// ascending, added to `legal`: select a card not yet every copy selected; deselect a
    /// selected card; lay the selection down as a book or a run, or off onto a table meld
    /// (with `lay_off`), where it makes a meld and leaves a card to discard (or
    /// `go_out_without_discard`).
    fn lay_down_actions(&self, distinct: &[u8], legal: &mut Vec<u16>) {
        let hand = &self.hands[usize::from(self.current)];
        let count = |cards: &[u8], c: u8| cards.iter().filter(|&&x| x == c).count();
        let selection = &self.selection;
        for &c in distinct {
            if count(selection, c) < count(hand, c) {
                legal.push(SELECT + u16::from(c));
            }
        }
        let mut chosen = selection.clone();
        chosen.dedup();
        legal.extend(chosen.iter().map(|&c| DESELECT + u16::from(c)));
        let keeps_one = selection.len() < hand.len() || self.rules.go_out_without_discard;
        if selection.is_empty() || !keeps_one {
            return;
        }
        let (wild, rules) = (self.wild_rank, &self.rules.melds);
        for (action, kind) in [(MELD_BOOK, Kind::Book), (MELD_RUN, Kind::Run)] {
            if is_meld(kind, selection, wild, rules) {
                legal.push(action);
            }
        }
        if self.rules.lay_off {
            for (index, (_, meld)) in self.table().enumerate() {
                let mut joined = meld.codes.clone();
                joined.extend_from_slice(selection);
                if is_meld(meld.kind, &joined, wild, rules) {
                    legal.push(LAY_OFF + index as u16);
                }
            }
        }
    }

    /// Why `action` is not legal now (None: it is).
    pub fn refusal(&self, action: u16) -> Option<Illegal> {
        let refuse = |text: String| Some(Illegal(text));
        if self.phase == Phase::Over {
            return refuse("the game is over; no action is legal".to_string());
        }
        let draw = action <= DRAW_DISCARD;
        if draw != (self.phase == Phase::Draw) {
            return refuse(if draw {
                format!("player {} has already drawn", self.current)
            } else {
                format!("player {} must draw first", self.current)
            });
        }
        if action == DRAW_STOCK {
            return None;
        }
        if action == DRAW_DISCARD {
            return (self.discard_pile.is_empty())
                .then(|| Illegal("the discard pile is empty".to_string()));
        }
        let hand = &self.hands[usize::from(self.current)];
        let held = |c: u16| c < NUM_CODES as u16 && hand.binary_search(&(c as u8)).is_ok();
        let discardable = |c: u16| held(c) && Some(c as u8) != self.forbidden_discard();
        if (DISCARD..GO_OUT).contains(&action) {
            return (!discardable(action - DISCARD))
                .then(|| Illegal("that card cannot be discarded".to_string()));
        }
        if (GO_OUT..GO_OUT_WITHOUT_DISCARD).contains(&action) {
            let c = (action - GO_OUT) as u8;
            if self.went_out.is_some() || !discardable(u16::from(c)) {
                return refuse("cannot go out with that card".to_string());
            }
            let rest = without(hand, c);
            return (!self.query(&rest).melds_all())
                .then(|| Illegal("cannot go out: cards are unmelded".to_string()));
        }
        if action == GO_OUT_WITHOUT_DISCARD {
            let ok = self.rules.go_out_without_discard
                && !self.lays_down_by_hand()
                && self.melds_all(hand);
            return (!ok).then(|| Illegal("cannot go out without a discard".to_string()));
        }
        if action >= SELECT && self.lays_down_by_hand() {
            return (!self.legal_actions().contains(&action))
                .then(|| Illegal("that card or meld cannot be laid down".to_string()));
        }
        refuse(format!(
            "cards are laid down by hand only in a final turn, when the rules say so (action \
             {action})"
        ))
    }

    // -- applying actions -----------------------------------------------------------------------

    /// Play `action`; a refused action changes nothing.
    pub fn apply(&mut self, action: u16) -> Result<(), Illegal> {
        if let Some(why) = self.refusal(action) {
            return Err(why);
        }
        self.play(action);
        Ok(())
    }

    /// Play `action`, known to be legal.
    pub fn play(&mut self, action: u16) {
        self.actions.push((self.current, action));
        match action {
            DRAW_STOCK | DRAW_DISCARD => self.draw(action == DRAW_STOCK),
            a if a < GO_OUT => self.discard((a - DISCARD) as u8),
            a if a < GO_OUT_WITHOUT_DISCARD => self.go_out(Some((a - GO_OUT) as u8)),
            GO_OUT_WITHOUT_DISCARD => self.go_out(None),
            a if a < DESELECT => insert(&mut self.selection, (a - SELECT) as u8),
            a if a < MELD_BOOK => remove(&mut self.selection, (a - DESELECT) as u8),
            MELD_BOOK => self.lay_down(Some(Kind::Book)),
            MELD_RUN => self.lay_down(Some(Kind::Run)),
            a => {
                let index = usize::from(a - LAY_OFF);
                let cards = self.selection.clone();
                self.lay_off(index, &cards);
                self.lay_down(None);
            }
        }
    }

    /// Take the selection out of the hand of the player to act (a new meld of `kind` on the
    /// table, or laid off already); an empty hand ends the final turn.
    fn lay_down(&mut self, kind: Option<Kind>) {
        let p = self.current;
        let cards = std::mem::take(&mut self.selection);
        let hand = &mut self.hands[usize::from(p)];
        for &c in &cards {
            remove(hand, c);
        }
        let empty = hand.is_empty();
        if let Some(kind) = kind {
            self.placed.push((p, TableMeld { kind, codes: cards }));
        }
        if empty {
            self.finish_final();
        }
    }

    fn draw(&mut self, from_stock: bool) {
        let card = if from_stock {
            self.stock.pop()
        } else {
            self.discard_pile.pop()
        }
        .expect("a legal draw has a card");
        insert(&mut self.hands[usize::from(self.current)], card);
        self.taken = (!from_stock).then_some(card);
        self.phase = Phase::Discard;
    }

    fn discard(&mut self, card: u8) {
        let p = usize::from(self.current);
        remove(&mut self.hands[p], card);
        self.discard_pile.push(card);
        self.taken = None;
        if self.went_out.is_some() {
            self.finish_final();
            return;
        }
        self.turns += 1;
        if self.turns >= self.rules.round_turn_limit() {
            self.end_round(Ended::TurnLimit);
            return;
        }
        let next = self.next_after(self.current);
        self.start_turn(next);
    }

    fn go_out(&mut self, card: Option<u8>) {
        if self.went_out.is_some() {
            self.finish_final(); // out! in a final turn
            return;
        }
        let p = self.current;
        let mut hand = std::mem::take(&mut self.hands[usize::from(p)]);
        if let Some(card) = card {
            remove(&mut hand, card);
            self.discard_pile.push(card);
        }
        self.laid.push(Laid::new(p, hand));
        self.went_out = Some(p);
        self.final_turns_left = self
            .seats_after(p)
            .into_iter()
            .filter(|&s| s != p)
            .collect();
        self.final_next = 0;
        self.round_scores[usize::from(p)] = Some(if self.extra_round > 0 {
            self.rules.go_out_bonus
        } else {
            self.rules.go_out_score(self.totals[usize::from(p)])
        });
        self.taken = None;
        self.turns += 1;
        let next = self.final_turns_left[0];
        self.start_turn(next);
    }

    /// End the current player's final turn with the hand left after the discard.
    fn finish_final(&mut self) {
        let p = self.current;
        let kept = std::mem::take(&mut self.hands[usize::from(p)]);
        self.selection.clear();
        if !self.rules.auto_arrange_final_hand {
            // (the player laid down what it chose; the rest is its deadwood)
            let points = self.rules.melds.points_of(&kept, self.wild_rank);
            self.round_scores[usize::from(p)] = Some(points as i64);
            let arranged = Layout {
                melds: Vec::new(),
                deadwood: kept.clone(),
                points,
            };
            self.laid.push(Laid::arranged(p, kept, arranged));
        } else if self.rules.lay_off {
            let end = self.arrange_final(&kept);
            for (index, cards) in &end.lay_offs {
                self.lay_off(*index, cards);
            }
            self.round_scores[usize::from(p)] = Some(end.points as i64);
            let arranged = Layout {
                melds: end.melds,
                deadwood: end.deadwood,
                points: end.points,
            };
            self.laid.push(Laid::arranged(p, kept, arranged));
        } else {
            let points = self.query(&kept).least();
            self.round_scores[usize::from(p)] = Some(points as i64);
            self.laid.push(Laid::new(p, kept));
        }
        self.final_next += 1;
        self.taken = None;
        self.turns += 1;
        match self.final_turns_left.get(self.final_next) {
            None => self.end_round(Ended::Out),
            Some(&next) => self.start_turn(next),
        }
    }

    fn start_turn(&mut self, player: u8) {
        self.current = player;
        if self.stock.is_empty() {
            if self.discard_pile.len() <= 1 {
                self.end_round(Ended::Stock);
                return;
            }
            self.reshuffles += 1;
            let top = self.discard_pile.pop().expect("a pile of two or more");
            shuffle::shuffled_into(
                &self.discard_pile,
                &mut self.stock,
                self.seed,
                self.round_number,
                self.extra_round,
                self.reshuffles,
            );
            self.discard_pile.clear();
            self.discard_pile.push(top);
        }
        self.phase = Phase::Draw;
        self.taken = None;
    }

    fn end_round(&mut self, ended: Ended) {
        let n = usize::from(self.players);
        let mut hands: Vec<Option<Vec<u8>>> = vec![None; n];
        let mut scores = self.round_scores.clone();
        let by_table = self.rules.lay_off || !self.rules.auto_arrange_final_hand;
        let layouts = by_table.then(|| self.table_layouts());
        for &p in &self.active {
            let seat = usize::from(p);
            let cards = match self.laid.iter().find(|laid| laid.owner == p) {
                Some(laid) => laid.kept.clone(),
                None => self.hands[seat].clone(),
            };
            if scores[seat].is_none() {
                let points = match &layouts {
                    Some(layouts) => layouts[seat].as_ref().map_or(0, |l| l.points),
                    None => self.query(&cards).least(),
                };
                scores[seat] = Some(points as i64);
            }
            hands[seat] = Some(cards);
        }
        let result = RoundResult {
            round_number: self.round_number,
            extra_round: self.extra_round,
            hand_size: self.hand_size,
            wild_rank: self.wild_rank,
            dealer: self.dealer,
            went_out: self.went_out,
            scores: scores.clone(),
            ended,
            hands,
            layouts,
        };
        if result.extra_round == 0 {
            for (total, score) in self.totals.iter_mut().zip(&scores) {
                *total += score.unwrap_or(0);
            }
        }
        Arc::make_mut(&mut self.results).push(result);
        self.round_scores = scores;
        if self.recording {
            Arc::make_mut(&mut self.finished).extend_from_slice(&self.actions);
        }
        self.past += self.actions.len();
        self.actions.clear();
        self.taken = None;
        self.laid_off.clear(); // (in the round's result now)
        if self.halt {
            self.phase = Phase::Over;
            self.final_turns_left.clear();
            self.final_next = 0;
            return;
        }
        if self.extra_round == 0 && self.round_number < self.rules.rounds() {
            self.active = (0..self.players).collect();
            self.extra_round = 0;
        } else {
            let tied = self.tied();
            if tied.is_empty() {
                self.phase = Phase::Over;
                self.final_turns_left.clear();
                self.final_next = 0;
                return;
            }
            self.active = tied;
            self.extra_round += 1;
        }
        self.round_number += 1;
        self.dealer = (self.dealer + 1) % self.players;
        self.deal();
    }

    /// The players who must play a tie-break round now (empty: none is due).
    fn tied(&self) -> Vec<u8> {
        if self.rules.tie_break != TieBreak::ExtraRound {
            return Vec::new();
        }
        let last = self.results.last().expect("a round was played");
        let played: Vec<(u8, i64)> = if last.extra_round > 0 {
            (0..self.players)
                .filter_map(|p| last.scores[usize::from(p)].map(|s| (p, s)))
                .collect()
        } else {
            (0..self.players)
                .map(|p| (p, self.totals[usize::from(p)]))
                .collect()
        };
        let low = played.iter().map(|&(_, s)| s).min().unwrap_or(0);
        let even: Vec<u8> = played
            .iter()
            .filter(|&&(_, s)| s == low)
            .map(|&(p, _)| p)
            .collect();
        if even.len() > 1 {
            even
        } else {
            Vec::new()
        }
    }

    /// Deal this round: fresh hands, discard, stock; the first player to draw.
    fn deal(&mut self) {
        let (size, wild) = self.rules.round_params(self.round_number, self.extra_round);
        self.hand_size = size;
        self.wild_rank = wild;
        let mut deck = Vec::with_capacity(self.rules.deck_size());
        let packs = self.rules.melds.packs as usize;
        for code in 0..JOKER {
            deck.extend(std::iter::repeat_n(code, packs));
        }
        deck.extend(std::iter::repeat_n(JOKER, 3 * packs));
        let mut order = Vec::with_capacity(deck.len());
        shuffle::shuffled_into(
            &deck,
            &mut order,
            self.seed,
            self.round_number,
            self.extra_round,
            0,
        );
        let seats = self.seats_after(self.dealer);
        for hand in &mut self.hands {
            hand.clear();
        }
        let dealt = usize::from(size) * seats.len();
        for (i, &card) in order[..dealt].iter().enumerate() {
            self.hands[usize::from(seats[i % seats.len()])].push(card);
        }
        for hand in &mut self.hands {
            hand.sort_unstable();
        }
        self.discard_pile.clear();
        self.discard_pile.push(order[dealt]);
        self.stock.clear();
        self.stock.extend(order[dealt + 1..].iter().rev());
        self.current = seats[0];
        self.phase = Phase::Draw;
        self.laid.clear();
        self.placed.clear();
        self.selection.clear();
        self.went_out = None;
        self.final_turns_left.clear();
        self.final_next = 0;
        self.taken = None;
        self.turns = 0;
        self.reshuffles = 0;
        self.round_scores = vec![None; usize::from(self.players)];
    }
}

fn parts_packs(rules: &GameRules) -> usize {
    rules.melds.packs as usize
}

/// `hand` (sorted) without one copy of `card`.
pub(crate) fn without(hand: &[u8], card: u8) -> Vec<u8> {
    let mut rest = hand.to_vec();
    remove(&mut rest, card);
    rest
}

fn remove(hand: &mut Vec<u8>, card: u8) {
    if let Ok(at) = hand.binary_search(&card) {
        hand.remove(at);
    }
}

fn insert(hand: &mut Vec<u8>, card: u8) {
    let at = hand.partition_point(|&c| c <= card);
    hand.insert(at, card);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{Policy, PolicyKind};

    /// A final turn of a game whose players lay their hands down themselves, after the draw,
    /// where the hand holds a meld (greedy players up to it, from the first seed that gives
    /// one).
    fn final_turn_with_a_meld(rules: &Arc<GameRules>) -> (Game, Layout) {
        for seed in 0..200 {
            let mut game = Game::new(Arc::clone(rules), 3, seed, 0).expect("rules");
            let mut bots: Vec<Policy> = (0..3)
                .map(|seat| Policy::new(PolicyKind::Greedy, seed, seat))
                .collect();
            while game.phase() != Phase::Over && game.results().is_empty() {
                if game.went_out().is_some() && game.phase() == Phase::Discard {
                    let layout = game.query(game.hand(game.current())).arrangement();
                    if !layout.melds.is_empty() && !layout.deadwood.is_empty() {
                        return (game, layout);
                    }
                }
                let seat = usize::from(game.current());
                let action = if game.lays_down_by_hand() && game.phase() == Phase::Discard {
                    DISCARD + u16::from(game.hand(game.current())[0])
                } else {
                    bots[seat].act(&game)
                };
                game.apply(action).expect("a legal action");
            }
        }
        panic!("no final turn with a meld in 200 games");
    }

    /// Laying down by hand: each card of a meld selected in turn, then the meld laid down,
    /// moves those cards from the hand to the table; every action the engine lists is
    /// played, every other one refused with nothing changed; the turn ends with the discard
    /// and scores what is left in hand.
    #[test]
    fn a_final_hand_is_laid_down_by_hand() {
        let rules = Arc::new(GameRules {
            schedule: vec![7, 8],
            wild_ranks: vec![7, 8],
            auto_arrange_final_hand: false,
            ..GameRules::default()
        });
        let (mut game, layout) = final_turn_with_a_meld(&rules);
        let before = game.clone();
        for action in 0..LAY_OFF + 4 {
            let legal = game.legal_actions().contains(&action);
            let mut trial = game.clone();
            assert_eq!(trial.apply(action).is_ok(), legal, "action {action}");
            if !legal {
                assert_eq!(trial, before);
            }
        }
        assert!(!game.legal_actions().contains(&MELD_BOOK));
        let seat = game.current();
        let table = game.table().count();
        let meld = &layout.melds[0];
        for &c in &meld.codes {
            game.apply(SELECT + u16::from(c))
                .expect("select a card of the hand");
        }
        let kind = match meld.kind {
            Kind::Book => MELD_BOOK,
            Kind::Run => MELD_RUN,
        };
        assert!(game.legal_actions().contains(&kind));
        game.apply(kind).expect("lay the meld down");
        assert_eq!(game.table().count(), table + 1);
        assert!(game.selection().is_empty());
        let hand = game.hand(seat).to_vec();
        assert_eq!(hand.len() + meld.codes.len(), before.hand(seat).len());
        let discard = hand[0];
        game.apply(DISCARD + u16::from(discard)).expect("discard");
        let left: i64 = hand[1..]
            .iter()
            .map(|&c| i64::from(rules.melds.points(c, game.wild_rank)))
            .sum();
        let score = game
            .results()
            .last()
            .map_or(game.round_scores()[usize::from(seat)], |r| {
                r.scores[usize::from(seat)]
            });
        assert_eq!(score, Some(left));
    }

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
