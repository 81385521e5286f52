//! Many games stepped together: the engine of the Python package's `Simulator`.
//!
//! Each seat is played either by a built-in [`Policy`] or from outside (an "agent" seat):
//! after a reset and after every step, each game is played on by its built-in seats until an
//! agent seat must act or the game is done. Game `k` of a run with seed `s` (counting every
//! game the batch deals, resets included: slot `i` first plays game `i`, and each auto-reset
//! deals the next number) is dealt from [`game_seed`]`(s, k)` with the last seat dealing
//! first, and its built-in seats are reset as `fivecrowns.play_game` resets its bots, so a
//! game played here is the game the Python package plays from the same seed.

use std::sync::Arc;

use crate::bots::{Policy, PolicyKind};
use crate::game::observe::{legal_mask, observation_size, observe};
use crate::game::{Action, Game, GameError, GameRules, Illegal};
use crate::sim::play::game_seed;
use crate::HandError;

/// A batch of games and how they are played.
#[derive(Debug, Clone)]
pub struct Batch {
    rules: Arc<GameRules>,
    players: u8,
    /// The built-in policy of each seat (None: the seat is played from outside).
    seats: Vec<Option<PolicyKind>>,
    auto_reset: bool,
    /// Actions after which a game is cut short (truncated).
    max_actions: Option<usize>,
    /// Do the games keep their actions?
    record: bool,
    games: usize,
    seed: u64,
    /// The number of the next game an auto-reset deals.
    next_game: u64,
    slots: Vec<Slot>,
}

/// One game of the batch.
#[derive(Debug, Clone)]
pub struct Slot {
    /// The game's number in the run (its deal seed is `game_seed(seed, number)`).
    pub number: u64,
    pub game: Game,
    policies: Vec<Option<Policy>>,
    /// Over or truncated, and not reset (only without auto-reset).
    done: bool,
}

/// Where a step writes what happened to each game (rows of `players` entries per game).
pub struct StepOut<'a> {
    /// Minus the points each seat added to its total during the step.
    pub rewards: &'a mut [f32],
    /// The game ended (it is over).
    pub terminated: &'a mut [bool],
    /// The game was cut short: it has played `max_actions` actions or more (the built-in
    /// seats' included) and is not over.
    pub truncated: &'a mut [bool],
    /// Each seat's total: of the game that ended, for a game that ended in the step; else of
    /// the game being played.
    pub scores: &'a mut [i64],
    /// The winning seats of a game that ended in the step (all false otherwise).
    pub winners: &'a mut [bool],
}

impl Batch {
    /// `games` games of `players` players with a policy or None (played from outside) per
    /// seat, dealt from seed 0 (call [`Batch::reset`] to choose the seed). Without `record`
    /// the games keep no actions, only their count, so their memory stays bounded however
    /// long they last.
    pub fn new(
        rules: Arc<GameRules>,
        seats: Vec<Option<PolicyKind>>,
        games: usize,
        auto_reset: bool,
        max_actions: Option<usize>,
        record: bool,
    ) -> Result<Batch, GameError> {
        let players = u8::try_from(seats.len())
            .map_err(|_| HandError::BadRules(format!("too many players: {}", seats.len())))?;
        if seats.iter().all(Option::is_some) {
            return Err(GameError::Input(HandError::BadRules(
                "at least one seat must be played from outside (None); whole games of built-in \
                 bots are played by a tournament"
                    .to_string(),
            )));
        }
        if max_actions == Some(0) {
            return Err(GameError::Input(HandError::BadRules(
                "max_actions must be at least 1 (or None)".to_string(),
            )));
        }
        // one game first: it checks the rules and the table
        Game::new(rules.clone(), players, 0, players.saturating_sub(1))?;
        let mut batch = Batch {
            rules,
            players,
            seats,
            auto_reset,
            max_actions,
            record,
            games,
            seed: 0,
            next_game: 0,
            slots: Vec::with_capacity(games),
        };
        batch.reset(0);
        Ok(batch)
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
    pub fn players(&self) -> u8 {
        self.players
    }
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }
    /// The length of one observation row.
    pub fn observation_size(&self) -> usize {
        observation_size(self.players)
    }

    /// Deal every game afresh from run seed `seed`: slot `i` plays game `i`.
    pub fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.slots.clear();
        for number in 0..self.games as u64 {
            let slot = self.deal(number);
            self.slots.push(slot);
        }
        self.next_game = self.games as u64;
    }

    /// Deal the next games of the run into the slots marked in `slots`, in slot order.
    pub fn deal_next(&mut self, slots: &[bool]) {
        for (i, _) in slots.iter().enumerate().filter(|(_, &marked)| marked) {
            let number = self.next_game;
            self.next_game += 1;
            self.slots[i] = self.deal(number);
        }
    }

    fn deal(&self, number: u64) -> Slot {
        let seed = game_seed(self.seed, number);
        let dealer = self.players - 1;
        let mut game = Game::new(self.rules.clone(), self.players, seed, dealer)
            .expect("the rules and table were checked when the batch was made");
        if !self.record {
            game.stop_recording();
        }
        let policies = (0..self.players)
            .map(|seat| self.seats[usize::from(seat)].map(|kind| Policy::new(kind, seed, seat)))
            .collect();
        let mut slot = Slot {
            number,
            game,
            policies,
            done: false,
        };
        slot.play_built_in();
        slot
    }

    /// The seat each game waits for (None: the game is done, without auto-reset).
    pub fn to_act(&self, index: usize) -> Option<u8> {
        let slot = &self.slots[index];
        (!slot.done).then(|| slot.game.current())
    }

    /// Why the action for some game is refused: the first game whose action is illegal.
    /// Games that are done take no action (theirs is ignored).
    pub fn refusal(&self, actions: &[Action]) -> Option<(usize, Illegal)> {
        if actions.len() != self.slots.len() {
            let why = Illegal::ActionCount {
                games: self.slots.len(),
                actions: actions.len(),
            };
            return Some((0, why));
        }
        self.slots
            .iter()
            .zip(actions)
            .enumerate()
            .filter(|(_, (slot, _))| !slot.done)
            .find_map(|(i, (slot, &action))| slot.game.refusal(action).map(|why| (i, why)))
    }

    /// Play one action in every game that is not done (`actions[i]` in game `i`), then the
    /// built-in seats, writing what happened into `out`. An illegal action anywhere refuses
    /// the whole step and changes nothing.
    pub fn step(&mut self, actions: &[Action], out: StepOut<'_>) -> Result<(), (usize, Illegal)> {
        if let Some(refused) = self.refusal(actions) {
            return Err(refused);
        }
        let n = usize::from(self.players);
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        out.winners.fill(false);
        let mut before = vec![0; n];
        for (i, &action) in actions.iter().enumerate() {
            let slot = &mut self.slots[i];
            let row = i * n..(i + 1) * n;
            if slot.done {
                out.scores[row].copy_from_slice(slot.game.scores());
                continue;
            }
            before.copy_from_slice(slot.game.scores());
            slot.game.play(action);
            slot.play_built_in();
            let game = &slot.game;
            for (p, reward) in out.rewards[row.clone()].iter_mut().enumerate() {
                *reward = -((game.scores()[p] - before[p]) as f32);
            }
            out.scores[row.clone()].copy_from_slice(game.scores());
            let over = game.is_over();
            let cut = !over
                && self
                    .max_actions
                    .is_some_and(|most| game.action_count() >= most);
            if !(over || cut) {
                continue;
            }
            out.terminated[i] = over;
            out.truncated[i] = cut;
            for p in game.winners() {
                out.winners[i * n + usize::from(p)] = true;
            }
            if self.auto_reset {
                let number = self.next_game;
                self.next_game += 1;
                self.slots[i] = self.deal(number);
            } else {
                slot.done = true;
            }
        }
        Ok(())
    }

    /// Write each game's observation for the seat it waits for (or `seats[i]` when given)
    /// into `out`, one row per game; a game that is done is seen by seat 0.
    pub fn observe(&self, seats: Option<&[u8]>, out: &mut [f32]) {
        let size = self.observation_size();
        for (i, (slot, row)) in self.slots.iter().zip(out.chunks_mut(size)).enumerate() {
            let seat = match seats {
                Some(seats) => seats[i],
                None if slot.done => 0,
                None => slot.game.current(),
            };
            observe(&slot.game, seat, row);
        }
    }

    /// Write each game's legal actions into `out` as a mask, one row of `width` per game.
    pub fn legal_mask(&self, width: usize, out: &mut [bool]) {
        for (slot, row) in self.slots.iter().zip(out.chunks_mut(width)) {
            if slot.done {
                row.fill(false);
            } else {
                legal_mask(&slot.game, row);
            }
        }
    }

    /// Write each game's legal actions into `out`, ascending, one row of `width` per game
    /// padded with `pad`, and how many there are into `counts`.
    pub fn legal_actions(&self, width: usize, pad: i64, out: &mut [i64], counts: &mut [u32]) {
        for ((slot, row), count) in self.slots.iter().zip(out.chunks_mut(width)).zip(counts) {
            row.fill(pad);
            if slot.done {
                *count = 0;
                continue;
            }
            let legal = slot.game.legal_actions();
            *count = legal.len() as u32;
            for (place, action) in row.iter_mut().zip(legal) {
                *place = i64::from(action.int());
            }
        }
    }
}

impl Slot {
    /// Play the built-in seats until an outside seat must act or the game is over (every
    /// round ends, so this ends).
    fn play_built_in(&mut self) {
        while !self.game.is_over() {
            let Some(policy) = &mut self.policies[usize::from(self.game.current())] else {
                return;
            };
            let action = policy.act(&self.game);
            self.game.play(action);
        }
    }

    /// Over or cut short, and not reset (only without auto-reset).
    pub fn is_done(&self) -> bool {
        self.done
    }
}

/// The most legal actions a hand of `hand_size` cards after drawing can have: a discard and
/// a go-out per distinct card, and going out without a discard.
pub fn most_legal_actions(largest_hand: u8) -> usize {
    2 * (usize::from(largest_hand) + 1) + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::Mt19937;

    /// The buffers of a step.
    #[derive(Default)]
    struct Buffers {
        rewards: Vec<f32>,
        terminated: Vec<bool>,
        truncated: Vec<bool>,
        scores: Vec<i64>,
        winners: Vec<bool>,
    }

    impl Buffers {
        fn new(games: usize, players: usize) -> Buffers {
            Buffers {
                rewards: vec![0.0; games * players],
                terminated: vec![false; games],
                truncated: vec![false; games],
                scores: vec![0; games * players],
                winners: vec![false; games * players],
            }
        }
        fn out(&mut self) -> StepOut<'_> {
            StepOut {
                rewards: &mut self.rewards,
                terminated: &mut self.terminated,
                truncated: &mut self.truncated,
                scores: &mut self.scores,
                winners: &mut self.winners,
            }
        }
    }

    /// Random legal actions for several games: illegal ones are refused with nothing changed,
    /// the rewards of a game add up to minus its totals, and games are renumbered on reset.
    #[test]
    fn a_batch_steps_resets_and_refuses() {
        let rules = Arc::new(GameRules::default());
        let seats = vec![None, Some(PolicyKind::Greedy), None];
        let mut batch = Batch::new(rules, seats, 4, true, None, false).unwrap();
        let mut out = Buffers::new(4, 3);
        let mut earned = [0.0f64; 4 * 3];
        let mut rng = Mt19937::new(1);
        let mut ended = 0;
        while ended < 6 {
            let actions: Vec<Action> = batch
                .slots()
                .iter()
                .map(|slot| {
                    assert_ne!(slot.game.current(), 1, "the greedy seat never waits");
                    let legal = slot.game.legal_actions();
                    legal[rng.randbelow(legal.len() as u64) as usize]
                })
                .collect();
            // a discard before drawing, or a draw after it
            let mut wrong = actions.clone();
            wrong[3] = Action::from_int(if wrong[3].is_draw() { 2 } else { 0 });
            let games: Vec<Game> = batch.slots().iter().map(|s| s.game.clone()).collect();
            assert_eq!(batch.step(&wrong, out.out()).unwrap_err().0, 3);
            let after: Vec<Game> = batch.slots().iter().map(|s| s.game.clone()).collect();
            assert_eq!(after, games);
            let newest = batch.slots().iter().map(|s| s.number).max().unwrap();
            batch.step(&actions, out.out()).unwrap();
            for (total, reward) in earned.iter_mut().zip(&out.rewards) {
                *total += f64::from(*reward);
            }
            for i in (0..4).filter(|&i| out.terminated[i]) {
                ended += 1;
                let row = &mut earned[i * 3..i * 3 + 3];
                let want: Vec<f64> = out.scores[i * 3..i * 3 + 3]
                    .iter()
                    .map(|&s| -s as f64)
                    .collect();
                assert_eq!(row, &want[..]);
                row.fill(0.0);
                assert!(out.winners[i * 3..i * 3 + 3].contains(&true));
                assert!(batch.slots()[i].number > newest);
            }
        }
    }
}
