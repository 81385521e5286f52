//! Chance played from outside (the package's OpenSpiel game, which picks every card dealt
//! and drawn from the stock as a chance outcome): a round dealt given cards, a stock draw of
//! a given card, the stock's chance outcomes, and an action with what it changed. Each
//! returns a new game; the one given is unchanged.

use fivecrowns_engine::game::actions::num_actions;
use fivecrowns_engine::game::{Action, Game as EngineGame, Illegal};
use fivecrowns_engine::{Card, NUM_CODES};
use pyo3::prelude::*;

use super::{illegal, phase_name, Game};
use crate::library_error;

/// `game`, at the start of a round with no action played, dealt `hands` (by seat; empty
/// for a seat not dealt in) and `upcard` instead: the stock is the rest of the deck,
/// ascending by code (top card last). Cards the deck does not hold, or hands of the wrong
/// size, raise `InvalidStateError`.
#[pyfunction]
fn chance_redeal(py: Python<'_>, game: &Game, hands: Vec<Vec<u8>>, upcard: u8) -> PyResult<Game> {
    let mut out = EngineGame::clone(&game.game);
    out.redeal(&hands, upcard)
        .map_err(|why| library_error(py, "InvalidStateError", why.to_string()))?;
    Ok(Game::from_engine(out))
}

/// `game` after the player to act draws the card of `code` from the stock, with the seat to
/// act then and its phase; `IllegalActionError` if drawing from the stock is not legal
/// (the referee's words) or no such card is in the stock.
#[pyfunction]
fn chance_draw(py: Python<'_>, game: &Game, code: i64) -> PyResult<(Game, u8, &'static str)> {
    let missing = || {
        library_error(
            py,
            "IllegalActionError",
            format!("no {code} is in the stock"),
        )
    };
    let card = u8::try_from(code)
        .ok()
        .filter(|&c| usize::from(c) < NUM_CODES);
    let Some(card) = card else {
        return Err(missing());
    };
    let mut out = EngineGame::clone(&game.game);
    match out.draw_stock_card(card) {
        Ok(()) => {}
        Err(Some(why)) => return Err(illegal(py, &why)),
        Err(None) => return Err(missing()),
    }
    let (current, phase) = (out.current(), phase_name(out.phase()));
    Ok((Game::from_engine(out), current, phase))
}

/// `game` with the hands of `seats` (seats still to finish the round) replaced by `hands`
/// and the stock by the rest of those hands' and the stock's cards, ascending by code (a
/// world with other hidden cards); `InvalidStateError` if a seat finished, a hand's size
/// changes, or the cards are not those hands' and the stock's.
#[pyfunction]
fn chance_rehand(
    py: Python<'_>,
    game: &Game,
    seats: Vec<u8>,
    hands: Vec<Vec<u8>>,
) -> PyResult<Game> {
    let mut out = EngineGame::clone(&game.game);
    if seats.len() != hands.len() || seats.iter().any(|&seat| seat >= out.players()) {
        let why = "chance_rehand takes a hand for each of its seats".to_string();
        return Err(library_error(py, "InvalidStateError", why));
    }
    out.rehand(&seats, &hands)
        .map_err(|why| library_error(py, "InvalidStateError", why.to_string()))?;
    Ok(Game::from_engine(out))
}

/// The chance outcomes of a draw from `game`'s stock: (card code, probability) for each code
/// in it, ascending: its copies over the stock's cards.
#[pyfunction]
fn chance_stock(game: &Game) -> Vec<(u8, f64)> {
    let counts = game.game.stock_counts();
    let total: u32 = counts.iter().sum();
    let codes = (0u8..).zip(counts);
    codes
        .filter(|&(_, count)| count > 0)
        .map(|(code, count)| (code, f64::from(count) / f64::from(total)))
        .collect()
}

/// What `chance_played` gives: the game after the action, the seat to act then and its
/// phase, the rounds finished, the reshuffles of the round, who went out, the card taken
/// from the discard pile, and the codes the acting seat's hand lost (ascending; `bytes`).
type Played = (
    Game,
    u8,
    &'static str,
    usize,
    u32,
    Option<u8>,
    Option<u8>,
    Vec<u8>,
);

/// `game` after `action` (an action integer), with what the action changed (`Played`); an
/// illegal action raises `IllegalActionError` with the referee's words.
#[pyfunction]
fn chance_played(py: Python<'_>, game: &Game, action: i64) -> PyResult<Played> {
    let before = &game.game;
    let Ok(value) = u16::try_from(action) else {
        let limit = num_actions(before.rules().deck_size());
        let why = Illegal::NotAnAction {
            value: action,
            limit,
        };
        return Err(illegal(py, &why));
    };
    let mut out = EngineGame::clone(before);
    out.apply(Action::from_int(value))
        .map_err(|why| illegal(py, &why))?;
    let seat = before.current();
    let mut counts = [0i32; NUM_CODES];
    for &code in Card::codes(before.hand(seat)) {
        counts[usize::from(code)] += 1;
    }
    for &code in Card::codes(out.hand(seat)) {
        counts[usize::from(code)] -= 1;
    }
    let mut lost = Vec::new();
    for (code, &count) in (0u8..).zip(counts.iter()) {
        for _ in 0..count.max(0) {
            lost.push(code);
        }
    }
    let facts = (
        out.current(),
        phase_name(out.phase()),
        out.results().len(),
        out.reshuffles(),
        out.went_out(),
        out.taken().map(Card::code),
    );
    let game = Game::from_engine(out);
    Ok((
        game, facts.0, facts.1, facts.2, facts.3, facts.4, facts.5, lost,
    ))
}

/// Add the functions of chance played from outside to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(chance_redeal, m)?)?;
    m.add_function(wrap_pyfunction!(chance_draw, m)?)?;
    m.add_function(wrap_pyfunction!(chance_stock, m)?)?;
    m.add_function(wrap_pyfunction!(chance_rehand, m)?)?;
    m.add_function(wrap_pyfunction!(chance_played, m)?)
}
