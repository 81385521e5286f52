//! The options of the rules that decide what melds and what unmelded cards cost.

use crate::error::HandError;

/// How many wilds one meld may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WildLimit {
    /// Any number (the official rules).
    Unlimited,
    /// At most this many.
    AtMost(u32),
    /// No more wilds than naturals.
    Naturals,
}

/// The meld and scoring options of a rule set (the rest of the rules do not touch a hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MeldRules {
    /// Packs in the deck, 1..=16: a hand holds at most this many copies of a natural and three
    /// times as many jokers.
    pub packs: u32,
    /// Books need distinct suits (so hold at most five cards).
    pub distinct_suit_books: bool,
    /// How many wilds one meld may hold.
    pub max_wilds: WildLimit,
    /// May a meld be all wilds?
    pub all_wild_melds: bool,
    /// What an unmelded card of the wild rank costs.
    pub wild_points: u32,
    /// What an unmelded joker costs.
    pub joker_points: u32,
}

/// "No limit", as a number of wilds: more than any hand holds.
pub const MANY: i64 = 1 << 30;

/// The largest number of packs.
pub const MAX_PACKS: u32 = 16;
/// The largest points an unmelded wild may cost (so no sum of a hand's points overflows).
pub const MAX_POINTS: u32 = 1 << 20;

impl Default for MeldRules {
    fn default() -> Self {
        MeldRules {
            packs: 2,
            distinct_suit_books: false,
            max_wilds: WildLimit::Unlimited,
            all_wild_melds: true,
            wild_points: 20,
            joker_points: 50,
        }
    }
}

impl MeldRules {
    /// Checks the options: packs 1..=16, points at most [`MAX_POINTS`].
    pub fn validate(&self) -> Result<(), HandError> {
        if !(1..=MAX_PACKS).contains(&self.packs) {
            return Err(HandError::BadRules(format!(
                "packs must be from 1 to {MAX_PACKS}, got {}",
                self.packs
            )));
        }
        for (name, value) in [
            ("wild_points", self.wild_points),
            ("joker_points", self.joker_points),
        ] {
            if value > MAX_POINTS {
                return Err(HandError::BadRules(format!(
                    "{name} must be at most {MAX_POINTS} for the compiled core, got {value}"
                )));
            }
        }
        Ok(())
    }

    /// How many wilds a meld of `naturals` natural cards may hold ([`MANY`]: no limit).
    pub fn limit(&self, naturals: usize) -> i64 {
        match self.max_wilds {
            WildLimit::Unlimited => MANY,
            WildLimit::AtMost(n) => i64::from(n),
            WildLimit::Naturals => naturals as i64,
        }
    }

    /// What `code` costs unmelded in a round with wild rank `wild_rank` (0: jokers only).
    pub fn points(&self, code: u8, wild_rank: u8) -> u32 {
        let rank = crate::rank_index(code) + 3;
        if code == crate::JOKER {
            self.joker_points
        } else if rank == wild_rank {
            self.wild_points
        } else {
            u32::from(rank)
        }
    }

    /// What `cards` cost unmelded, together.
    pub fn points_of(&self, cards: &[u8], wild_rank: u8) -> u64 {
        cards
            .iter()
            .map(|&c| u64::from(self.points(c, wild_rank)))
            .sum()
    }

    /// Are these the default meld options (any wilds per meld, books of any suits, all-wild
    /// melds)? Points and packs aside.
    pub fn default_melds(&self) -> bool {
        !self.distinct_suit_books && self.max_wilds == WildLimit::Unlimited && self.all_wild_melds
    }

    /// These rules with books of any suits and any number of wilds per meld (packs, points
    /// and all-wild melds kept): they allow every meld these allow, so a hand's least
    /// deadwood under them is at most its least deadwood under these.
    pub fn relaxed(&self) -> MeldRules {
        MeldRules {
            distinct_suit_books: false,
            max_wilds: WildLimit::Unlimited,
            ..*self
        }
    }

    /// Does the rank sweep take these rules? Any number of wilds per meld or none, books of
    /// any suits or distinct ones (all-wild melds allowed or not: the sweep's melds all hold
    /// a natural).
    pub fn sweep_takes(&self) -> bool {
        matches!(self.max_wilds, WildLimit::Unlimited | WildLimit::AtMost(0))
    }

    /// Does the rank sweep take these rules for a hand holding `wilds` wilds? Also when the
    /// limit of wilds per meld cannot bind: at most `n` wilds a meld and no more than `n`
    /// in the hand, or no more wilds than naturals and at most one wild (a meld of three or
    /// more holding one wild holds two naturals); then every arrangement the limit forbids
    /// does not exist, and the hand's least deadwood is as with no limit.
    pub fn sweep_takes_with(&self, wilds: usize) -> bool {
        match self.max_wilds {
            WildLimit::Unlimited => true,
            WildLimit::AtMost(n) => n == 0 || wilds <= n as usize,
            WildLimit::Naturals => wilds <= 1,
        }
    }
}
