//! Why the game refuses to be built ([`InvalidState`]: a table, or a state given field by
//! field, that the rules cannot reach), written in the words of the Python package's checks
//! (`GameState.new`, `game._checks`) where it has the same check, and [`GameError`], what
//! building a game can fail with: a bad rule set or hand ([`HandError`]), or a bad state.

use std::fmt;

use super::actions::Action;
use super::names::card_list;
use crate::error::HandError;

/// The longest message of a refused state (`game._checks._MAX_MESSAGE`: the cards it names
/// are cut short).
const MAX_MESSAGE: usize = 300;

/// A state the rules cannot reach, or a table they cannot deal (`Display`: what is wrong,
/// in the Python package's words; the kinds it does not have are the core's own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvalidState {
    /// Too few players, or more than the deck deals (`most`).
    Players {
        players: u8,
        most: usize,
        packs: u32,
    },
    /// A first dealer that is not a seat.
    FirstDealer { first_dealer: u8, players: u8 },
    /// Round 0.
    RoundNumber,
    /// A field that names one seat names none (`last`: the last seat).
    Seat {
        field: &'static str,
        value: u8,
        last: u8,
    },
    /// A field that lists seats lists one that is none.
    Seats { field: &'static str, last: u8 },
    /// A field that holds one entry per seat holds another number.
    PerSeat { field: &'static str, players: u8 },
    /// The player who went out is not dealt in.
    WentOut { went_out: u8 },
    /// A round beyond the schedule.
    Round { round_number: u32, rounds: u32 },
    /// A tie-break round that cannot be this round.
    ExtraRound { extra_round: u32, round_number: u32 },
    /// Fewer than two players dealt in, or not in ascending order.
    DealtIn { active: Vec<u8> },
    /// A round of the schedule that does not deal every player in.
    NotAllDealtIn,
    /// A code that is no card.
    NoCard { code: u8 },
    /// The cards are not the deck: some too many, some missing.
    NotTheDeck { too_many: Vec<u8>, missing: Vec<u8> },
    /// A game that is over (the core builds a round in progress only).
    Over,
    /// The player to act is not dealt in.
    NotToAct { player: u8 },
    /// The round's history names a seat not dealt in (`None`), or an action the core does
    /// not take from a state's fields.
    History { action: Option<Action> },
    /// The seats that finished the round are not dealt in, or not led by the one who went
    /// out.
    Finished,
    /// The final turns are not those of the seats after the one who went out, the player to
    /// act first.
    FinalTurns,
    /// Final turns, finished seats or scores before anyone went out.
    BeforeOut,
    /// As many turns as the round's limit, or more, with nobody out.
    Turns { turns: u32, limit: u32 },
    /// A seat not dealt in holds cards.
    HoldsNotDealtIn { seat: u8 },
    /// A seat not dealt in has a round score.
    ScoredNotDealtIn { seat: u8 },
    /// A player is to draw from an empty stock.
    EmptyStock,
    /// A card marked as just taken outside the turn that took it.
    TakenOutsideTurn,
    /// Finished round `index` (1, 2, ...) says it is another round.
    ResultRound { index: u32, round_number: u32 },
    /// Finished round `index` has the wrong tie-break number.
    ResultExtra { index: u32, extra_round: u32 },
    /// Finished round `index` does not hold a score entry per seat.
    ResultScores { index: u32, players: u8 },
    /// A hand of the wrong size.
    HandSize { seat: u8, holds: usize, want: usize },
    /// A finished seat holding more than it can have kept.
    FinishedHolding { seat: u8, holds: usize, most: usize },
    /// Melds on the table under `lay_off`, or laid down by hand, which a state's fields do
    /// not place.
    TableUnknown,
}

impl InvalidState {
    /// What is wrong, without the "impossible state" that introduces the kinds but a
    /// table's (the players, the first dealer).
    fn what(&self) -> String {
        match self {
            InvalidState::Players {
                players,
                most,
                packs,
            } => format!(
                "players must be an int from 2 to {most} (the most a deck of {packs} pack(s) \
                 can deal the largest hand to; one player is Solitaire, a different game), got \
                 {players}"
            ),
            InvalidState::FirstDealer {
                first_dealer,
                players,
            } => format!(
                "first_dealer must be a seat from 0 to {} (or None), got {first_dealer}",
                players.saturating_sub(1)
            ),
            InvalidState::Seat { field, value, last } => {
                format!("{field} must be a seat from 0 to {last}, got {value}")
            }
            InvalidState::Seats { field, last } => {
                format!("{field} must be a tuple of seats from 0 to {last}")
            }
            InvalidState::PerSeat { field, players } => match *field {
                "hands" => format!("hands must hold {players} tuples of cards, one per seat"),
                "round_scores" => format!("round_scores must hold {players} ints or None"),
                _ => format!("{field} must hold {players} ints, one per seat"),
            },
            InvalidState::WentOut { went_out } => {
                format!("went_out must be a player dealt in or None, got {went_out}")
            }
            InvalidState::Round {
                round_number,
                rounds,
            } => format!("round {round_number} of a {rounds}-round schedule"),
            InvalidState::ExtraRound {
                extra_round,
                round_number,
            } => format!("tie-break round {extra_round} cannot be round {round_number} here"),
            InvalidState::DealtIn { active } => {
                let seats: Vec<String> = active.iter().map(u8::to_string).collect();
                format!(
                    "the players dealt in must be 2 or more distinct seats, got [{}]",
                    seats.join(", ")
                )
            }
            InvalidState::NoCard { code } => {
                format!("no card has the code {code} (card codes are 0 to 55, 55 the joker)")
            }
            InvalidState::NotTheDeck { too_many, missing } => {
                let mut text = "the cards of hands, stock, discard_pile and table are not the deck"
                    .to_string();
                if !too_many.is_empty() {
                    text += &format!("; too many {}", card_list(too_many));
                }
                if !missing.is_empty() {
                    text += &format!("; missing {}", card_list(missing));
                }
                text
            }
            InvalidState::NotToAct { player } => {
                format!("player {player} is to act but is not dealt in")
            }
            InvalidState::History {
                action: Some(action),
            } => format!(
                "the round history holds {:?}, which the core does not take from a state's \
                 fields (it takes draws, discards and going out)",
                action.to_string()
            ),
            InvalidState::Turns { turns, limit } => {
                format!("{turns} turns in a round limited to {limit}")
            }
            InvalidState::HoldsNotDealtIn { seat } => {
                format!("hands: player {seat} holds or laid off cards but is not dealt in")
            }
            InvalidState::ScoredNotDealtIn { seat } => {
                format!("round_scores: player {seat} is scored but not dealt in")
            }
            InvalidState::ResultRound {
                index,
                round_number,
            } => format!("round result {index} says round {round_number}"),
            InvalidState::ResultExtra { index, extra_round } => {
                format!("round result {index} has extra_round {extra_round}")
            }
            InvalidState::ResultScores { index, players } => format!(
                "round result {index} holds a score entry for other than the {players} seats"
            ),
            InvalidState::HandSize { seat, holds, want } => {
                format!("hands: player {seat} holds {holds} cards, not {want}")
            }
            InvalidState::FinishedHolding { seat, holds, most } => format!(
                "hands: player {seat} finished holding {holds} cards, more than {most} can be"
            ),
            _ => self.fixed().unwrap_or_default().to_string(),
        }
    }

    /// The message of a kind that carries no data (None for the others).
    fn fixed(&self) -> Option<&'static str> {
        Some(match self {
            InvalidState::RoundNumber => "round_number must be an int of at least 1",
            InvalidState::NotAllDealtIn => "every player is dealt in a round of the schedule",
            InvalidState::Over => {
                "a game that is over has nothing to play (the core builds only a round in \
                 progress)"
            }
            InvalidState::History { action: None } => {
                "the round history names a player not dealt in"
            }
            InvalidState::Finished => {
                "the players who finished the round are not dealt in, or not led by the one \
                 who went out"
            }
            InvalidState::FinalTurns => {
                "the final turns are not the players after the one who went out"
            }
            InvalidState::BeforeOut => {
                "melds, lay-offs, final turns or scores before anyone went out"
            }
            InvalidState::EmptyStock => {
                "a player is to draw from an empty stock (it is refilled when a turn ends)"
            }
            InvalidState::TakenOutsideTurn => {
                "a card is marked as just taken from the pile outside a turn"
            }
            InvalidState::TableUnknown => {
                "the table holds melds under lay_off, or laid down by hand, which the state's \
                 fields do not place"
            }
            _ => return None,
        })
    }
}

impl fmt::Display for InvalidState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = self.what();
        if matches!(
            self,
            InvalidState::Players { .. } | InvalidState::FirstDealer { .. }
        ) {
            return f.write_str(&what);
        }
        let text = format!("impossible state: {what}");
        if text.chars().count() > MAX_MESSAGE {
            let cut: String = text.chars().take(MAX_MESSAGE - 3).collect();
            write!(f, "{cut}...")
        } else {
            f.write_str(&text)
        }
    }
}

impl std::error::Error for InvalidState {}

/// Why a game cannot be built: its rules (or a hand) are refused, or its state is not one
/// the rules reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    Input(HandError),
    State(InvalidState),
}

impl From<HandError> for GameError {
    fn from(error: HandError) -> GameError {
        GameError::Input(error)
    }
}

impl From<InvalidState> for GameError {
    fn from(error: InvalidState) -> GameError {
        GameError::State(error)
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Input(error) => error.fmt(f),
            GameError::State(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}
