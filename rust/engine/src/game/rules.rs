//! The options of a rule set that the game reads (the meld and scoring options are
//! [`MeldRules`]): the schedule of rounds, what a turn allows, scoring and tie-breaks.

use crate::error::HandError;
use crate::rules::MeldRules;

/// How a tie for the lowest total is broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Every tied player wins (the default).
    Shared,
    /// The tied players play tie-break rounds until one is lowest.
    ExtraRound,
    /// The tied player who went out most often wins (a tie that remains is shared).
    MostRoundsOut,
}

/// The discard pile's options (both off by default: the official rules).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PileRules {
    /// When the stock runs out, the whole discard pile (no card kept face up) is shuffled
    /// into the new stock; with no pile at all the round ends.
    pub reshuffle_whole: bool,
    /// A seat's observation shows only the top card of the pile (play is the same).
    pub squared: bool,
}

impl PileRules {
    /// The cards of the pile that stay face up when the stock runs out.
    pub fn kept_at_reshuffle(&self) -> usize {
        usize::from(!self.reshuffle_whole)
    }
}

/// A whole rule set, as the game engine plays it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameRules {
    /// The meld and scoring options (and the packs).
    pub melds: MeldRules,
    /// The hand size of each round, 1..=60.
    pub schedule: Vec<u8>,
    /// The wild rank of each round (3..=13, or 0: only jokers are wild).
    pub wild_ranks: Vec<u8>,
    /// The hand size of a tie-break round, 1..=60.
    pub extra_round_hand_size: u8,
    /// How a tie is broken.
    pub tie_break: TieBreak,
    /// The round score of the player who goes out.
    pub go_out_bonus: i64,
    /// May the go-out bonus take a total below zero?
    pub go_out_bonus_below_zero: bool,
    /// May a player discard the card just taken from the discard pile?
    pub may_discard_taken_discard: bool,
    /// May a player go out with every card melded and no discard?
    pub go_out_without_discard: bool,
    /// May a final turn lay cards off onto the melds on the table (its layout found by the
    /// engine, as every final hand's)?
    pub lay_off: bool,
    /// Does the engine lay out every final hand for the least deadwood? Else a final turn's
    /// player lays its cards down itself (selecting them, then laying them down as a book or
    /// a run, or off onto a table meld under `lay_off`) before its discard.
    pub auto_arrange_final_hand: bool,
    /// The discard pile's options: does an empty stock take the whole pile (its top card
    /// too), and does a view show only the top card?
    pub discard_pile: PileRules,
    /// End a round with nobody out after this many turns (a simulation safeguard); without
    /// one, after [`MAX_ROUND_TURNS`].
    pub turn_limit: Option<u32>,
}

/// The most turns a round lasts with nobody out, even without a turn limit: then it ends and
/// every hand is scored (two bots can pass cards back and forth for ever under some house
/// rules; no game may run for ever). The Python package's `rules.MAX_ROUND_TURNS`.
pub const MAX_ROUND_TURNS: u32 = 10_000;

/// The largest hand a round deals.
pub const MAX_HAND: u8 = crate::MAX_DEALT;
/// The largest go-out bonus the engine takes, either sign (so no total overflows).
pub const MAX_BONUS: i64 = 1 << 40;

impl Default for GameRules {
    /// The official rules.
    fn default() -> Self {
        let schedule: Vec<u8> = (3..=13).collect();
        GameRules {
            melds: MeldRules::default(),
            wild_ranks: schedule.clone(),
            schedule,
            extra_round_hand_size: 13,
            tie_break: TieBreak::Shared,
            go_out_bonus: 0,
            go_out_bonus_below_zero: false,
            may_discard_taken_discard: true,
            go_out_without_discard: false,
            lay_off: false,
            auto_arrange_final_hand: true,
            discard_pile: PileRules::default(),
            turn_limit: None,
        }
    }
}

impl GameRules {
    /// Checks the options, as the Python package's `Rules` does.
    pub fn validate(&self) -> Result<(), HandError> {
        self.melds.validate()?;
        let bad = |text: String| Err(HandError::BadRules(text));
        if self.schedule.is_empty() || self.schedule.iter().any(|&s| !(1..=MAX_HAND).contains(&s)) {
            return bad(format!(
                "schedule must be a non-empty list of hand sizes from 1 to {MAX_HAND}"
            ));
        }
        if self.wild_ranks.len() != self.schedule.len() {
            return bad(format!(
                "wild_ranks must give one entry per round ({}), got {}",
                self.schedule.len(),
                self.wild_ranks.len()
            ));
        }
        if self
            .wild_ranks
            .iter()
            .any(|&w| w != 0 && !(3..=13).contains(&w))
        {
            return bad("a wild rank is 3..=13, or 0 when only jokers are wild".to_string());
        }
        if !(1..=MAX_HAND).contains(&self.extra_round_hand_size) {
            return bad(format!(
                "extra_round_hand_size must be from 1 to {MAX_HAND}, got {}",
                self.extra_round_hand_size
            ));
        }
        if self.go_out_bonus.abs() > MAX_BONUS {
            return bad(format!(
                "go_out_bonus must be within ±{MAX_BONUS} for the compiled core"
            ));
        }
        if matches!(self.turn_limit, Some(limit) if limit == 0 || limit > MAX_ROUND_TURNS) {
            return bad(format!(
                "turn_limit must be from 1 to {MAX_ROUND_TURNS} (or none)"
            ));
        }
        Ok(())
    }

    /// The turns after which a round with nobody out ends: the turn limit, or
    /// [`MAX_ROUND_TURNS`].
    pub fn round_turn_limit(&self) -> u32 {
        self.turn_limit.unwrap_or(MAX_ROUND_TURNS)
    }

    /// The cards of the deck.
    pub fn deck_size(&self) -> usize {
        58 * self.melds.packs as usize
    }

    /// The number of rounds of the schedule.
    pub fn rounds(&self) -> u32 {
        self.schedule.len() as u32
    }

    /// The largest hand the game deals (of the schedule, or of a tie-break round).
    pub fn largest_hand(&self) -> usize {
        let most = usize::from(*self.schedule.iter().max().unwrap_or(&1));
        if self.tie_break == TieBreak::ExtraRound {
            most.max(usize::from(self.extra_round_hand_size))
        } else {
            most
        }
    }

    /// The most players the deck can deal (every hand, the discard and one stock card).
    pub fn deal_capacity(&self) -> usize {
        (self.deck_size() - 2) / self.largest_hand()
    }

    /// The hand size and wild rank of round `round_number` (1-based) of the schedule, or of
    /// tie-break round `extra_round` (1, 2, ...).
    pub fn round_params(&self, round_number: u32, extra_round: u32) -> (u8, u8) {
        if extra_round > 0 {
            let size = self.extra_round_hand_size;
            return (size, if (3..=13).contains(&size) { size } else { 0 });
        }
        let index = (round_number as usize).saturating_sub(1);
        (self.schedule[index], self.wild_ranks[index])
    }

    /// The round score of the player who went out of a round of the schedule, whose total
    /// before the round is `total`.
    pub fn go_out_score(&self, total: i64) -> i64 {
        if self.go_out_bonus_below_zero {
            self.go_out_bonus
        } else {
            self.go_out_bonus.max(-total.max(0))
        }
    }

    /// The meld rules under which a hand's least deadwood is 0 exactly when every card melds
    /// (an unmelded wild costs at least 1).
    pub fn melded(&self) -> MeldRules {
        let mut rules = self.melds;
        if rules.wild_points == 0 || rules.joker_points == 0 {
            rules.wild_points = 1;
            rules.joker_points = 1;
        }
        rules
    }
}
