//! The game's bindings: a rule set (`GameRules`), a match (`Game`) and a seat's view of it
//! (`SeatView`); whole games and rollouts played by the built-in bots are in [`runs`].
//! Conversions only; the engine plays.

use std::sync::Arc;

use fivecrowns_engine::game::actions::num_actions;
use fivecrowns_engine::game::observe;
use fivecrowns_engine::game::{
    Action, Ended, Game as EngineGame, GameError, GameRules as EngineRules, Illegal, OutLayout,
    Parts, Phase, PileRules, TieBreak,
};
use fivecrowns_engine::{Card, HandError};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use pyo3::IntoPyObjectExt;

use crate::{card_object, card_tuple, library_error, refusal, Solver};

mod chance;
mod memo;
mod runs;

use memo::GreedyMemos;

pub(crate) use runs::policy_kinds;

/// A rule set the compiled game plays (every option of `fivecrowns.Rules` but Solitaire's).
#[pyclass(frozen, module = "fivecrowns._core")]
pub struct GameRules {
    pub(crate) rules: Arc<EngineRules>,
}

#[pymethods]
impl GameRules {
    /// The options of `fivecrowns.Rules` beyond its meld and scoring ones (`melds`, a
    /// `Solver`), in its field order; a wild rank of None is 0 and a turn limit of None is 0.
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (
        melds, schedule, wild_ranks, extra_round_hand_size, tie_break, go_out_bonus,
        go_out_bonus_below_zero, may_discard_taken_discard, go_out_without_discard, lay_off,
        out_layout, auto_arrange_final_hand, turn_limit, reshuffle_whole_discard_pile=false,
        squared_discard_pile=false
    ))]
    fn new(
        py: Python<'_>,
        melds: &Solver,
        schedule: Vec<u8>,
        wild_ranks: Vec<u8>,
        extra_round_hand_size: u8,
        tie_break: &str,
        go_out_bonus: i64,
        go_out_bonus_below_zero: bool,
        may_discard_taken_discard: bool,
        go_out_without_discard: bool,
        lay_off: bool,
        out_layout: &str,
        auto_arrange_final_hand: bool,
        turn_limit: u32,
        reshuffle_whole_discard_pile: bool,
        squared_discard_pile: bool,
    ) -> PyResult<GameRules> {
        let melds = melds.rules;
        let tie_break = match tie_break {
            "shared" => TieBreak::Shared,
            "extra_round" => TieBreak::ExtraRound,
            "most_rounds_out" => TieBreak::MostRoundsOut,
            other => {
                let why = format!(
                    "tie_break must be shared, extra_round or most_rounds_out, got {other:?}"
                );
                return Err(refusal(py, &HandError::BadRules(why)));
            }
        };
        let out_layout = match out_layout {
            "fewest_lay_offs" => OutLayout::FewestLayOffs,
            "solver" => OutLayout::Solver,
            other => {
                let why = format!("out_layout must be fewest_lay_offs or solver, got {other:?}");
                return Err(refusal(py, &HandError::BadRules(why)));
            }
        };
        let rules = EngineRules {
            melds,
            schedule,
            wild_ranks,
            extra_round_hand_size,
            tie_break,
            go_out_bonus,
            go_out_bonus_below_zero,
            may_discard_taken_discard,
            go_out_without_discard,
            lay_off,
            out_layout,
            auto_arrange_final_hand,
            discard_pile: PileRules {
                reshuffle_whole: reshuffle_whole_discard_pile,
                squared: squared_discard_pile,
            },
            turn_limit: (turn_limit > 0).then_some(turn_limit),
        };
        rules.validate().map_err(|e| refusal(py, &e))?;
        Ok(GameRules {
            rules: Arc::new(rules),
        })
    }

    /// The most players the deck can deal.
    #[getter]
    fn deal_capacity(&self) -> usize {
        self.rules.deal_capacity()
    }
}

impl GameRules {
    /// The engine's rule set, shared.
    pub(crate) fn shared(&self) -> Arc<EngineRules> {
        self.rules.clone()
    }
}

/// A match played in the core. The engine's game is shared with the seats' views of it
/// (`seat_view`); an action on this object plays on a copy if a view still holds the old one.
#[pyclass(module = "fivecrowns._core")]
pub struct Game {
    pub(crate) game: Arc<EngineGame>,
    /// Greedy's memo per seat, shared with the games played on from this one.
    memos: GreedyMemos,
}

impl Game {
    pub(crate) fn from_engine(game: EngineGame) -> Game {
        Game {
            game: Arc::new(game),
            memos: GreedyMemos::default(),
        }
    }

    /// Refuse a seat the table does not have, as `GameState.view` does.
    fn check_seat(&self, py: Python<'_>, seat: u8) -> PyResult<()> {
        let players = self.game.players();
        if seat < players {
            return Ok(());
        }
        let why = format!(
            "player must be a seat from 0 to {}, got {seat}",
            players - 1
        );
        Err(library_error(py, "IllegalActionError", why))
    }
}

/// What one seat of a game may know, read when asked for (the source of a `PlayerView` of a
/// state the core plays): it shares the game, as it was when the view was made, and reads
/// from it only that seat's hand and the public facts.
#[pyclass(frozen, module = "fivecrowns._core")]
pub struct SeatView {
    game: Arc<EngineGame>,
    seat: u8,
    memos: GreedyMemos,
}

/// A refused action as the package's `IllegalActionError`, with the referee's words.
pub(crate) fn illegal(py: Python<'_>, why: &Illegal) -> PyErr {
    library_error(py, "IllegalActionError", why.to_string())
}

/// A game the engine refuses to build as the package's own exception: `InvalidStateError`
/// for a state the rules cannot reach (or a table they cannot deal), as `refusal` gives a
/// refused rule set or hand.
pub(crate) fn game_refusal(py: Python<'_>, error: &GameError) -> PyErr {
    match error {
        GameError::Input(error) => refusal(py, error),
        GameError::State(error) => library_error(py, "InvalidStateError", error.to_string()),
    }
}

/// The round's history of `game` as (seat, action integer) pairs.
fn history(game: &EngineGame) -> Vec<(u8, u16)> {
    let pairs = game.round_history().iter();
    pairs.map(|&(seat, action)| (seat, action.int())).collect()
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Draw => "draw",
        Phase::Discard => "discard",
        Phase::Over => "over",
    }
}

/// A finished round for `Game.from_parts`: (round_number, extra_round, went_out, scores,
/// ended).
type PyPastRound = (u32, u32, Option<u8>, Vec<Option<i64>>, String);

type PyMeld<'py> = (&'static str, Bound<'py, PyTuple>);

#[pymethods]
impl Game {
    /// A new match, round 1 dealt.
    #[new]
    fn new(
        py: Python<'_>,
        rules: &GameRules,
        players: u8,
        seed: u64,
        first_dealer: u8,
    ) -> PyResult<Game> {
        let game = EngineGame::new(rules.rules.clone(), players, seed, first_dealer)
            .map_err(|e| game_refusal(py, &e))?;
        Ok(Game::from_engine(game))
    }

    /// The match in a state given field by field, as `GameState` names them (cards as
    /// codes; a finished seat's hand is every card it kept, `finished` the seats that
    /// finished this round in order; results as (round_number, extra_round, went_out,
    /// scores, ended); the round's history as (seat, action) pairs), checked.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (
        rules, players, seed, first_dealer, round_number, extra_round, dealer, active,
        current, phase, hands, finished, stock, discard_pile, went_out, final_turns_left,
        taken, turns, reshuffles, round_scores, results, totals, round_history
    ))]
    fn from_parts(
        py: Python<'_>,
        rules: &GameRules,
        players: u8,
        seed: u64,
        first_dealer: u8,
        round_number: u32,
        extra_round: u32,
        dealer: u8,
        active: Vec<u8>,
        current: u8,
        phase: &str,
        hands: Vec<Vec<u8>>,
        finished: Vec<u8>,
        stock: Vec<u8>,
        discard_pile: Vec<u8>,
        went_out: Option<u8>,
        final_turns_left: Vec<u8>,
        taken: Option<u8>,
        turns: u32,
        reshuffles: u32,
        round_scores: Vec<Option<i64>>,
        results: Vec<PyPastRound>,
        totals: Vec<i64>,
        round_history: Vec<(u8, u16)>,
    ) -> PyResult<Game> {
        let phase = match phase {
            "draw" => Phase::Draw,
            "discard" => Phase::Discard,
            other => {
                let why = format!(
                    "impossible state: phase must be 'draw' or 'discard' (a round in progress), \
                     got {other:?}"
                );
                return Err(library_error(py, "InvalidStateError", why));
            }
        };
        let results = results
            .into_iter()
            .map(|(number, extra, out, scores, ended)| {
                let ended = match ended.as_str() {
                    "out" => Ended::Out,
                    "stock" => Ended::Stock,
                    "turn_limit" => Ended::TurnLimit,
                    other => {
                        let why = format!(
                            "impossible state: a round ended 'out', 'stock' or 'turn_limit', \
                             got {other:?}"
                        );
                        return Err(library_error(py, "InvalidStateError", why));
                    }
                };
                Ok((number, extra, out, scores, ended))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let parts = Parts {
            players,
            seed,
            first_dealer,
            round_number,
            extra_round,
            dealer,
            active,
            current,
            phase,
            hands,
            finished,
            stock,
            discard_pile,
            went_out,
            final_turns_left,
            taken,
            turns,
            reshuffles,
            round_scores,
            results,
            totals,
            round_history,
        };
        let game =
            EngineGame::from_parts(rules.rules.clone(), parts).map_err(|e| game_refusal(py, &e))?;
        Ok(Game::from_engine(game))
    }

    /// A copy that plays on independently.
    fn clone(&self) -> Game {
        Game::from_engine(EngineGame::clone(&self.game))
    }

    /// The legal actions, ascending.
    fn legal_actions(&self) -> Vec<u16> {
        self.game
            .legal_actions()
            .into_iter()
            .map(u16::from)
            .collect()
    }

    /// The legal actions, ascending, as the items of `table` at their integers (the
    /// package's actions without a table meld), a tuple; None when one is beyond `table`.
    fn legal_of<'py>(
        &self,
        py: Python<'py>,
        table: &Bound<'py, PyTuple>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let legal = self.game.legal_actions();
        let mut items = Vec::with_capacity(legal.len());
        for action in legal {
            let Some(item) = table.get_borrowed_item(usize::from(u16::from(action))).ok() else {
                return Ok(None);
            };
            items.push(item);
        }
        PyTuple::new(py, items).map(Some)
    }

    /// Play `action`; an illegal one raises `IllegalActionError` and changes nothing.
    fn apply(&mut self, py: Python<'_>, action: i64) -> PyResult<()> {
        let Ok(action) = u16::try_from(action) else {
            let limit = num_actions(self.game.rules().deck_size());
            let why = Illegal::NotAnAction {
                value: action,
                limit,
            };
            return Err(illegal(py, &why));
        };
        Arc::make_mut(&mut self.game)
            .apply(Action::from_int(action))
            .map_err(|why| illegal(py, &why))
    }

    /// A copy with `action` played (this game is unchanged), with the seat to act then, its
    /// phase and whether the round is the same; an illegal action raises
    /// `IllegalActionError`.
    fn played(&self, py: Python<'_>, action: i64) -> PyResult<(Game, u8, &'static str, bool)> {
        let mut game = self.clone();
        game.memos = self.memos.clone(); // (same rules and table: greedy's memo carries on)
        game.apply(py, action)?;
        let (current, phase) = (game.game.current(), phase_name(game.game.phase()));
        let same_round = game.game.results().len() == self.game.results().len();
        Ok((game, current, phase, same_round))
    }

    /// The phase: "draw", "discard" or "over".
    #[getter]
    fn phase(&self) -> &'static str {
        phase_name(self.game.phase())
    }

    /// What `seat` may know, as `PlayerView.observation`'s vector.
    fn observation<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_seat(py, seat)?;
        let mut out = vec![0.0; observe::observation_size(self.game.players())];
        observe::observe(&self.game, seat, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// The legal actions as an int8 mask of `width` entries (at least the largest action
    /// integer of the rules plus one).
    fn legal_mask<'py>(&self, py: Python<'py>, width: usize) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut out = vec![0i8; width];
        for action in self.game.legal_actions() {
            let Some(place) = out.get_mut(usize::from(action.int())) else {
                return Err(PyValueError::new_err(
                    "the mask is narrower than the actions",
                ));
            };
            *place = 1;
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// How many rounds have ended.
    #[getter]
    fn rounds_played(&self) -> usize {
        self.game.results().len()
    }

    /// The scores by seat of ended round `index` (None: not dealt in), and its tie-break
    /// number (0 for a round of the schedule).
    fn round_result(&self, index: usize) -> PyResult<(Vec<Option<i64>>, u32)> {
        let result = self
            .game
            .results()
            .get(index)
            .ok_or_else(|| PyValueError::new_err("no such round"))?;
        Ok((result.scores.clone(), result.extra_round))
    }

    /// The seed the game was dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.game.seed()
    }

    /// The seat that dealt round 1.
    #[getter]
    fn first_dealer(&self) -> u8 {
        self.game.first_dealer()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    #[getter]
    fn current(&self) -> u8 {
        self.game.current()
    }

    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.game.scores().to_vec()
    }

    /// The winning seats once the game is over (a list of ints, not bytes).
    #[getter]
    fn winners(&self) -> Vec<u32> {
        self.game.winners().into_iter().map(u32::from).collect()
    }

    /// Every action since the deal of round 1.
    #[getter]
    fn actions(&self) -> Vec<u16> {
        self.game.actions().map(u16::from).collect()
    }

    /// The fields of the round in play that change from action to action, as `GameState`
    /// reads them, in this order: hands, discard_pile, table (as (owner, kind, codes)
    /// tuples), went_out, final_turns_left, taken, turns, reshuffles, round_scores, laid_off
    /// (each seat's cards laid off onto the table), selection; cards as
    /// the package's canonical `Card` objects. (The seat to act and the phase come with
    /// `played`, the stock and the round's history have getters of their own, and the rest
    /// stay the same through the round.)
    fn round_fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let g = &self.game;
        let hands = (0..g.players())
            .map(|seat| card_tuple(py, Card::codes(g.hand(seat))))
            .collect::<PyResult<Vec<_>>>()?;
        let mut items = vec![PyTuple::new(py, hands)?.into_any()];
        items.extend(public_fields(py, g)?);
        items.extend([
            g.reshuffles().into_bound_py_any(py)?,
            PyTuple::new(py, g.round_scores())?.into_any(),
            laid_off_tuple(py, g)?.into_any(),
            card_tuple(py, Card::codes(g.selection()))?.into_any(),
        ]);
        PyTuple::new(py, items)
    }

    /// What `seat` may know of the game as it is now, read when asked for (see `SeatView`).
    fn seat_view(&self, py: Python<'_>, seat: u8) -> PyResult<SeatView> {
        self.check_seat(py, seat)?;
        Ok(SeatView {
            game: self.game.clone(),
            seat,
            memos: self.memos.clone(),
        })
    }

    /// The facts that stay the same through the round in play: (round_number, extra_round,
    /// dealer, active, the totals of the finished rounds of the schedule, the number of
    /// actions of the finished rounds).
    #[allow(clippy::type_complexity)]
    fn round_facts(&self) -> (u32, u32, u8, Vec<u8>, Vec<i64>, usize) {
        let g = &self.game;
        (
            g.round_number(),
            g.extra_round(),
            g.dealer(),
            g.active().to_vec(),
            g.scores().to_vec(),
            g.past_actions(),
        )
    }

    /// The round results from index `start` on, as `snapshot` gives them.
    fn results_from<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyList>> {
        results_list(py, &self.game, start)
    }

    /// The stock (its top card last), as canonical `Card` objects.
    #[getter]
    fn stock<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, Card::codes(self.game.stock()))
    }

    /// The number of cards in the stock.
    #[getter]
    fn stock_size(&self) -> usize {
        self.game.stock().len()
    }

    /// The round's history as (seat, action) pairs.
    #[getter]
    fn round_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, history(&self.game))
    }

    /// Every field of the state as the Python `GameState` names them (cards as codes, melds
    /// as (kind, codes), round results with their layouts; without `results`, not those).
    #[pyo3(signature = (results = true))]
    fn snapshot<'py>(&self, py: Python<'py>, results: bool) -> PyResult<Bound<'py, PyDict>> {
        let g = &self.game;
        let out = PyDict::new(py);
        let meld = |(kind, codes): (fivecrowns_engine::Kind, Vec<u8>)| -> PyResult<PyMeld<'py>> {
            Ok((kind.name(), PyTuple::new(py, codes)?))
        };
        out.set_item("round_number", g.round_number())?;
        out.set_item("extra_round", g.extra_round())?;
        out.set_item("dealer", g.dealer())?;
        out.set_item("active", PyTuple::new(py, g.active())?)?;
        out.set_item("current", g.current())?;
        out.set_item("phase", phase_name(g.phase()))?;
        let hands = (0..g.players())
            .map(|seat| PyTuple::new(py, Card::codes(g.hand(seat))))
            .collect::<PyResult<Vec<_>>>()?;
        out.set_item("hands", PyTuple::new(py, hands)?)?;
        out.set_item("stock", PyTuple::new(py, Card::codes(g.stock()))?)?;
        out.set_item(
            "discard_pile",
            PyTuple::new(py, Card::codes(g.discard_pile()))?,
        )?;
        let table = PyList::empty(py);
        for (owner, m) in g.table() {
            let (kind, codes) = meld((m.kind, m.codes.clone()))?;
            table.append((owner, kind, codes))?;
        }
        out.set_item("table", table)?;
        out.set_item("went_out", g.went_out())?;
        out.set_item("final_turns_left", PyTuple::new(py, g.final_turns_left())?)?;
        out.set_item("taken", g.taken().map(Card::code))?;
        out.set_item("turns", g.turns())?;
        out.set_item("reshuffles", g.reshuffles())?;
        out.set_item("round_scores", PyTuple::new(py, g.round_scores())?)?;
        let laid_off = (0..g.players())
            .map(|seat| PyTuple::new(py, Card::codes(g.laid_off(seat))))
            .collect::<PyResult<Vec<_>>>()?;
        out.set_item("laid_off", PyTuple::new(py, laid_off)?)?;
        out.set_item("selection", PyTuple::new(py, Card::codes(g.selection()))?)?;
        out.set_item("scores", PyTuple::new(py, g.scores())?)?;
        out.set_item("past_actions", g.past_actions())?;
        out.set_item("round_history", PyTuple::new(py, history(g))?)?;
        if !results {
            return Ok(out);
        }
        let found = results_list(py, g, 0)?;
        out.set_item("results", found)?;
        Ok(out)
    }
}

#[pymethods]
impl SeatView {
    /// This seat's hand, as the package's canonical `Card` objects.
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, Card::codes(self.game.hand(self.seat)))
    }

    /// The discard pile (its top card last), as canonical `Card` objects.
    fn discard_pile<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, Card::codes(self.game.discard_pile()))
    }

    /// The top card of the discard pile, or None when the pile is empty.
    fn top_discard<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.game.discard_pile().last() {
            Some(card) => card_object(py, card.code()),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// The other fields of the round in play that change from action to action (not the
    /// hand, the discard pile or the table), as `PlayerView` names them, in this order:
    /// hand_sizes, stock_size, went_out, final_turns_left, taken, turns, selection (this
    /// seat's, when it is to act), laid_off (each seat's cards laid off onto the table,
    /// public); cards as the package's canonical `Card` objects.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let g = &self.game;
        let sizes = (0..g.players()).map(|seat| g.hand(seat).len());
        let selected = if g.current() == self.seat {
            Card::codes(g.selection())
        } else {
            &[]
        };
        let items = [
            PyTuple::new(py, sizes)?.into_any(),
            g.stock().len().into_bound_py_any(py)?,
            g.went_out().into_bound_py_any(py)?,
            PyTuple::new(py, g.final_turns_left())?.into_any(),
            taken_card(py, g)?,
            g.turns().into_bound_py_any(py)?,
            card_tuple(py, selected)?.into_any(),
            laid_off_tuple(py, g)?.into_any(),
        ];
        PyTuple::new(py, items)
    }

    /// The action the built-in greedy bot (`GreedyBot`'s twin, move for move) plays for this
    /// seat now, as its integer; None when the seat is not the one to act (or the game is
    /// over). It reads only what the seat may know.
    fn greedy(&self) -> Option<u16> {
        let g = &self.game;
        if g.is_over() || g.current() != self.seat {
            return None;
        }
        Some(self.memos.act(g, self.seat).int())
    }

    /// The melds on the table as (owner, kind, codes) tuples (the core arranges the cards
    /// the finished players kept when first asked for).
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        table_tuple(py, &self.game)
    }

    /// The round results from index `start` on, as `Game.results_from` gives them (every
    /// hand of a finished round is public).
    fn results_from<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Bound<'py, PyList>> {
        results_list(py, &self.game, start)
    }
}

/// The public fields of the round that change from action to action, as `GameState` and
/// `PlayerView` name them: discard_pile, table, went_out, final_turns_left, taken, turns.
fn public_fields<'py>(py: Python<'py>, g: &EngineGame) -> PyResult<[Bound<'py, PyAny>; 6]> {
    Ok([
        card_tuple(py, Card::codes(g.discard_pile()))?.into_any(),
        table_tuple(py, g)?.into_any(),
        g.went_out().into_bound_py_any(py)?,
        PyTuple::new(py, g.final_turns_left())?.into_any(),
        taken_card(py, g)?,
        g.turns().into_bound_py_any(py)?,
    ])
}

/// The melds on the table as (owner, kind, codes) tuples.
fn table_tuple<'py>(py: Python<'py>, g: &EngineGame) -> PyResult<Bound<'py, PyTuple>> {
    let table = g
        .table()
        .map(|(owner, m)| (owner, m.kind.name(), PyTuple::new(py, &m.codes)?).into_bound_py_any(py))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, table)
}

/// Each seat's cards laid off onto the table this round (a tuple of `Card` tuples).
fn laid_off_tuple<'py>(py: Python<'py>, g: &EngineGame) -> PyResult<Bound<'py, PyTuple>> {
    let seats = (0..g.players())
        .map(|seat| card_tuple(py, Card::codes(g.laid_off(seat))))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, seats)
}

/// The card taken from the discard pile this turn, or None.
fn taken_card<'py>(py: Python<'py>, g: &EngineGame) -> PyResult<Bound<'py, PyAny>> {
    match g.taken().map(Card::code) {
        Some(code) => card_object(py, code),
        None => Ok(py.None().into_bound(py)),
    }
}

/// The round results of `g` from index `start` on: (round_number, extra_round, hand_size,
/// wild_rank or None, dealer, went_out, scores, ended, layouts), each layout (melds as
/// (kind, codes), deadwood codes, points, codes laid off) or None for a seat not dealt in.
fn results_list<'py>(
    py: Python<'py>,
    g: &EngineGame,
    start: usize,
) -> PyResult<Bound<'py, PyList>> {
    let meld = |(kind, codes): (fivecrowns_engine::Kind, Vec<u8>)| -> PyResult<PyMeld<'py>> {
        Ok((kind.name(), PyTuple::new(py, codes)?))
    };
    let found = PyList::empty(py);
    for (index, r) in g.results().iter().enumerate().skip(start) {
        let layouts = PyList::empty(py);
        for layout in g.layouts(index) {
            match layout {
                None => layouts.append(py.None())?,
                Some(layout) => {
                    let melds = layout
                        .melds
                        .into_iter()
                        .map(meld)
                        .collect::<PyResult<Vec<_>>>()?;
                    let deadwood = PyTuple::new(py, layout.deadwood)?;
                    let laid_off = PyTuple::new(py, layout.laid_off)?;
                    layouts.append((melds, deadwood, layout.points, laid_off))?;
                }
            }
        }
        let wild = (r.wild_rank > 0).then_some(r.wild_rank);
        found.append((
            r.round_number,
            r.extra_round,
            r.hand_size,
            wild,
            r.dealer,
            r.went_out,
            PyTuple::new(py, &r.scores)?,
            r.ended.name(),
            layouts,
        ))?;
    }
    Ok(found)
}

/// Add the game's classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameRules>()?;
    m.add_class::<Game>()?;
    m.add_class::<SeatView>()?;
    chance::register(m)?;
    runs::register(m)
}
