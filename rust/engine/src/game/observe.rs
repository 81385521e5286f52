//! What one player may know of a game, as the flat observation vector of the Python
//! package's `PlayerView.observation` (the layout is documented in `fivecrowns.views`), and
//! the legal actions as a mask over the action integers.

use super::state::{Game, Phase};
use crate::NUM_CODES;

const HAND: usize = 0;
const SELECTION: usize = NUM_CODES;
const PILE: usize = 2 * NUM_CODES;
const TOP: usize = 3 * NUM_CODES;
const TABLE: usize = 4 * NUM_CODES;
const WILD: usize = 5 * NUM_CODES;
const PHASE: usize = WILD + 12;
const SCALARS: usize = PHASE + 3;
const SEATS: usize = SCALARS + 5;
/// The entries per seat at the end of the vector.
pub const SEAT_FEATURES: usize = 7;

/// The length of the observation vector for a table of `players`.
pub fn observation_size(players: u8) -> usize {
    SEATS + SEAT_FEATURES * usize::from(players)
}

/// Write what `seat` may know of `game` into `out` (`observation_size` entries, all
/// overwritten).
pub fn observe(game: &Game, seat: u8, out: &mut [f32]) {
    let players = game.players();
    debug_assert_eq!(out.len(), observation_size(players));
    out.fill(0.0);
    for &c in game.hand_codes(seat) {
        out[HAND + usize::from(c)] += 1.0;
    }
    let mut pile = game.pile_codes();
    if game.rules().discard_pile.squared {
        pile = &pile[pile.len().saturating_sub(1)..]; // (a squared pile shows its top alone)
    }
    for &c in pile {
        out[PILE + usize::from(c)] += 1.0;
    }
    if let Some(&top) = pile.last() {
        out[TOP + usize::from(top)] = 1.0;
    }
    if game.phase() != Phase::Over && game.current() == seat {
        for &c in game.selection_codes() {
            out[SELECTION + usize::from(c)] += 1.0;
        }
    }
    for (_, meld) in game.table() {
        for &c in &meld.codes {
            out[TABLE + usize::from(c)] += 1.0;
        }
    }
    let wild = game.wild_rank();
    out[WILD + if wild == 0 { 0 } else { usize::from(wild) - 2 }] = 1.0;
    let phase = game.phase();
    out[PHASE + phase as usize] = 1.0;
    let to_act = (phase != Phase::Over).then(|| game.current());
    let went_out = game.went_out();
    out[SCALARS] = flag(to_act == Some(seat));
    out[SCALARS + 1] = flag(went_out.is_some());
    out[SCALARS + 2] = game.round_number() as f32;
    out[SCALARS + 3] = game.stock_codes().len() as f32;
    out[SCALARS + 4] = f32::from(game.hand_size());
    let left = game.final_turns_left();
    for offset in 0..players {
        let other = (seat + offset) % players;
        let base = SEATS + SEAT_FEATURES * usize::from(offset);
        out[base] = game.hand_codes(other).len() as f32;
        out[base + 1] = game.scores()[usize::from(other)] as f32;
        out[base + 2] = flag(went_out == Some(other));
        out[base + 3] = flag(game.dealer() == other);
        out[base + 4] = flag(to_act == Some(other));
        out[base + 5] = flag(game.active().contains(&other));
        out[base + 6] = flag(left.contains(&other));
    }
}

/// Write the legal actions of `game` into `out` as a mask over the action integers (every
/// entry overwritten; all false once the game is over).
pub fn legal_mask(game: &Game, out: &mut [bool]) {
    out.fill(false);
    for action in game.legal_actions() {
        out[usize::from(action.int())] = true;
    }
}

fn flag(yes: bool) -> f32 {
    if yes {
        1.0
    } else {
        0.0
    }
}
