//! Whole games and rollouts played by the built-in bots without the GIL (`play_game`,
//! `play_games`, `play_summaries`, `rollouts`, `view_rollouts`). Conversions only; the
//! engine's simulation layer plays.

use fivecrowns_engine::bots::PolicyKind;
use fivecrowns_engine::game::{Action, Game as EngineGame, GameError, Illegal};
use fivecrowns_engine::shuffle;
use fivecrowns_engine::sim::play::play_game as engine_play_game;
use fivecrowns_engine::sim::rollout::{self, Until};
use fivecrowns_engine::HandError;
use numpy::PyArray2;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{game_refusal, illegal, Game, GameRules};
use crate::refusal;

/// The built-in bots named `bots` (an `InvalidRulesError` for a name the core does not play).
pub(crate) fn policy_kinds(py: Python<'_>, bots: &[String]) -> PyResult<Vec<PolicyKind>> {
    bots.iter()
        .map(|name| {
            PolicyKind::from_name(name).ok_or_else(|| {
                let why = format!(
                    "the core plays the bots 'random', 'greedy' and 'strong', got {name:?}"
                );
                refusal(py, &HandError::BadRules(why))
            })
        })
        .collect()
}

/// One whole game played by built-in bots (`bots[seat]`: "random" or "greedy"), dealt from
/// `seed` with the last seat dealing first, each bot reset as `fivecrowns.play_game` resets it.
#[pyfunction]
fn play_game(py: Python<'_>, rules: &GameRules, bots: Vec<String>, seed: u64) -> PyResult<Game> {
    let kinds = policy_kinds(py, &bots)?;
    let rules = rules.rules.clone();
    let game = py
        .detach(move || engine_play_game(rules, &kinds, seed))
        .map_err(|e| game_refusal(py, &e))?;
    Ok(Game::from_engine(game))
}

/// Many whole games (one per seed) played by built-in bots without the GIL: each game's
/// totals, a games x players int64 array.
#[pyfunction]
fn play_games<'py>(
    py: Python<'py>,
    rules: &GameRules,
    bots: Vec<String>,
    seeds: Vec<u64>,
) -> PyResult<Bound<'py, PyArray2<i64>>> {
    let kinds = policy_kinds(py, &bots)?;
    let players = kinds.len();
    let mut totals = Vec::with_capacity(seeds.len() * players);
    for seeds in seeds.chunks(BATCH) {
        let rules = rules.rules.clone();
        let kinds = &kinds;
        let batch = py
            .detach(move || -> Result<Vec<i64>, GameError> {
                let mut totals = Vec::with_capacity(seeds.len() * players);
                for &seed in seeds {
                    let game = engine_play_game(rules.clone(), kinds, seed)?;
                    totals.extend_from_slice(game.scores());
                }
                Ok(totals)
            })
            .map_err(|e| game_refusal(py, &e))?;
        totals.extend(batch);
        py.check_signals()?; // Ctrl-C stops between batches
    }
    rows(py, totals, players)
}

/// `values` as an int64 array of rows of `columns`.
fn rows(py: Python<'_>, values: Vec<i64>, columns: usize) -> PyResult<Bound<'_, PyArray2<i64>>> {
    let count = values.len() / columns.max(1);
    let array = numpy::ndarray::Array2::from_shape_vec((count, columns), values)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyArray2::from_owned_array(py, array))
}

/// Play each game on (`games[i]`, or `games[0]` for every rollout) with the built-in bots
/// `bots[seat]`, `count` rollouts, rollout `i` with the luck of `rollout_seed(seed, i)`,
/// without the GIL: each seat's score in the round being played (0: not dealt in), or with
/// `whole_game` its final total; a rollouts x players int64 array. With `firsts`, each
/// rollout plays each of them first (see `rollout::play_each`): a row per rollout and
/// action, rollout-major. With a `horizon`, a round still on after that many more turns
/// scores each hand's least deadwood (`rollout::Until::Turns`). With `rounds_out` (and
/// `whole_game`), each row is followed by each seat's rounds gone out
/// (`rollout::Until::GameRoundsOut`): a column per seat and then another.
#[pyfunction]
#[pyo3(signature = (games, bots, seed, count, whole_game, firsts, horizon=None, rounds_out=false))]
#[allow(clippy::too_many_arguments)]
fn rollouts<'py>(
    py: Python<'py>,
    games: Vec<PyRef<'py, Game>>,
    bots: Vec<String>,
    seed: u64,
    count: usize,
    whole_game: bool,
    firsts: Vec<u16>,
    horizon: Option<u32>,
    rounds_out: bool,
) -> PyResult<Bound<'py, PyArray2<i64>>> {
    let plan = Plan::new(seed, count, whole_game, &firsts, horizon, rounds_out);
    let check = |players: usize| {
        if games.is_empty() || !(games.len() == 1 || games.len() == count) {
            return Err(PyValueError::new_err("one game, or one game per rollout"));
        }
        if games
            .iter()
            .any(|g| usize::from(g.game.players()) != players)
        {
            return Err(PyValueError::new_err("one bot per seat of the game"));
        }
        Ok(())
    };
    let ready = plan.ready(py, &bots, check)?;
    let engines: Vec<EngineGame> = games.iter().map(|g| EngineGame::clone(&g.game)).collect();
    let engines = &engines;
    ready.play(
        py,
        |i, _| Ok(engines[if engines.len() == 1 { 0 } else { i }].clone()),
        |why: Illegal| illegal(py, &why),
    )
}

/// What both kinds of rollouts are asked: the luck, how many, how far, the first actions.
struct Plan {
    seed: u64,
    count: usize,
    whole_game: bool,
    firsts: Vec<Action>,
    horizon: Option<u32>,
    rounds_out: bool,
}

/// A [`Plan`] checked, with its bots.
struct Ready<'a> {
    plan: &'a Plan,
    kinds: Vec<PolicyKind>,
    until: Until,
}

impl Plan {
    /// The plan of `count` rollouts from `seed` playing `firsts` first (action integers).
    fn new(
        seed: u64,
        count: usize,
        whole_game: bool,
        firsts: &[u16],
        horizon: Option<u32>,
        rounds_out: bool,
    ) -> Plan {
        Plan {
            seed,
            count,
            whole_game,
            firsts: firsts.iter().copied().map(Action::from_int).collect(),
            horizon,
            rounds_out,
        }
    }

    /// How far a rollout plays (a horizon only within the round).
    fn until(&self) -> Until {
        match self.horizon {
            None if self.whole_game && self.rounds_out => Until::GameRoundsOut,
            None if self.whole_game => Until::Game,
            None => Until::Round,
            Some(turns) => Until::Turns(turns),
        }
    }

    /// The plan checked (at most `rollout::MAX_ROLLOUTS` rows, the bots, then `check` of
    /// their number, then the horizon), with its bots.
    fn ready(
        &self,
        py: Python<'_>,
        bots: &[String],
        check: impl FnOnce(usize) -> PyResult<()>,
    ) -> PyResult<Ready<'_>> {
        if self.count.saturating_mul(self.firsts.len().max(1)) > rollout::MAX_ROLLOUTS {
            return Err(PyValueError::new_err(format!(
                "at most {} rollouts (times first actions) per call",
                rollout::MAX_ROLLOUTS
            )));
        }
        let kinds = policy_kinds(py, bots)?;
        check(kinds.len())?;
        if self.whole_game && self.horizon.is_some() {
            return Err(PyValueError::new_err(
                "a horizon stops a rollout within the round, not the game",
            ));
        }
        if self.rounds_out && !self.whole_game {
            return Err(PyValueError::new_err(
                "the rounds gone out are counted over the whole game",
            ));
        }
        Ok(Ready {
            plan: self,
            until: self.until(),
            kinds,
        })
    }
}

impl Ready<'_> {
    /// Each rollout `i` played on from the game `start(i, luck)` makes (see
    /// `rollout::play_each`), without the GIL in batches between checks for Ctrl-C; a
    /// refusal made an error by `refuse`. The rows as an int64 array, a column per seat.
    fn play<'py, E: Send + From<Illegal>>(
        &self,
        py: Python<'py>,
        start: impl Fn(usize, u64) -> Result<EngineGame, E> + Sync,
        refuse: impl Fn(E) -> PyErr,
    ) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let (count, seats) = (self.plan.count, self.kinds.len());
        // (a column per seat, and another per seat for the rounds out)
        let players = if self.until == Until::GameRoundsOut {
            2 * seats
        } else {
            seats
        };
        let per_rollout = self.plan.firsts.len().max(1);
        let mut scores = Vec::with_capacity(count * per_rollout * players);
        let (start, kinds, firsts) = (&start, &self.kinds, &self.plan.firsts);
        let (seed, until) = (self.plan.seed, self.until);
        for chunk in chunks(count) {
            let batch = py
                .detach(move || -> Result<Vec<i64>, E> {
                    let mut found = Vec::with_capacity(chunk.len() * per_rollout * players);
                    for i in chunk {
                        let luck = shuffle::rollout_seed(seed, i as u64);
                        let game = start(i, luck)?;
                        rollout::play_each(game, firsts, kinds, luck, until, &mut found)?;
                    }
                    Ok(found)
                })
                .map_err(&refuse)?;
            scores.extend(batch);
            py.check_signals()?;
        }
        rows(py, scores, players)
    }
}

/// Rollouts `0..count` in the batches played between checks for Ctrl-C.
fn chunks(count: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    (0..count)
        .step_by(BATCH * 16)
        .map(move |start| start..count.min(start + BATCH * 16))
}

/// Why rollouts from a view stopped: the hidden cards could not be dealt, or a first action
/// is illegal.
enum PlayOnError {
    Sample(GameError),
    Illegal(Illegal),
}

impl From<Illegal> for PlayOnError {
    fn from(why: Illegal) -> PlayOnError {
        PlayOnError::Illegal(why)
    }
}

/// Rollouts from one player's knowledge: for each of `count` rollouts, the state `template`
/// with its hidden cards dealt afresh from the rollout's seed (see `rollout::Unseen`), played
/// on as `rollouts` plays it (with `firsts` too).
#[pyfunction]
#[pyo3(signature = (
    template, known, laid, hidden, scored, improve, unseen, bots, seed, count, whole_game,
    firsts, horizon=None, rounds_out=false
))]
#[allow(clippy::too_many_arguments)]
fn view_rollouts<'py>(
    py: Python<'py>,
    template: PyRef<'py, Game>,
    known: Vec<Vec<u8>>,
    laid: Vec<Vec<u8>>,
    hidden: Vec<usize>,
    scored: Vec<bool>,
    improve: Vec<u32>,
    unseen: Vec<u8>,
    bots: Vec<String>,
    seed: u64,
    count: usize,
    whole_game: bool,
    firsts: Vec<u16>,
    horizon: Option<u32>,
    rounds_out: bool,
) -> PyResult<Bound<'py, PyArray2<i64>>> {
    let game = &template.game;
    let n = usize::from(game.players());
    let lengths = [
        known.len(),
        laid.len(),
        hidden.len(),
        scored.len(),
        improve.len(),
    ];
    let check = |players: usize| {
        if players != n || lengths != [n; 5] {
            return Err(PyValueError::new_err(
                "one bot, and one entry of each list, per seat",
            ));
        }
        Ok(())
    };
    let plan = Plan::new(seed, count, whole_game, &firsts, horizon, rounds_out);
    let ready = plan.ready(py, &bots, check)?;
    let spec = rollout::Unseen {
        template: game.to_parts(),
        known,
        laid,
        hidden,
        scored,
        improve,
        unseen,
    };
    let spec = &spec;
    ready.play(
        py,
        |_, luck| spec.sample(game, luck).map_err(PlayOnError::Sample),
        |e| match e {
            PlayOnError::Sample(e) => game_refusal(py, &e),
            PlayOnError::Illegal(why) => illegal(py, &why),
        },
    )
}

/// What a tournament keeps of one game: each seat's total, the winning seats, each round of
/// the schedule's scores by seat, and who went out of each (-1: nobody).
type Summary = (Vec<i64>, Vec<u32>, Vec<Vec<i64>>, Vec<i64>);

fn summary(game: &EngineGame) -> Summary {
    let rounds: Vec<_> = game
        .results()
        .iter()
        .filter(|r| r.extra_round == 0)
        .collect();
    (
        game.scores().to_vec(),
        game.winners().into_iter().map(u32::from).collect(),
        rounds
            .iter()
            .map(|r| r.scores.iter().map(|s| s.unwrap_or(0)).collect())
            .collect(),
        rounds
            .iter()
            .map(|r| r.went_out.map_or(-1, i64::from))
            .collect(),
    )
}

/// Whole games played by built-in bots without the GIL, one per seed (`bots[i][seat]`: the
/// bot in each seat of game i): what a tournament keeps of each (see `Summary`).
#[pyfunction]
fn play_summaries(
    py: Python<'_>,
    rules: &GameRules,
    bots: Vec<Vec<String>>,
    seeds: Vec<u64>,
) -> PyResult<Vec<Summary>> {
    if bots.len() != seeds.len() {
        return Err(PyValueError::new_err(
            "play_summaries needs one seating per seed",
        ));
    }
    let seatings = bots
        .iter()
        .map(|names| policy_kinds(py, names))
        .collect::<PyResult<Vec<_>>>()?;
    let mut found = Vec::with_capacity(seeds.len());
    for (seatings, seeds) in seatings.chunks(BATCH).zip(seeds.chunks(BATCH)) {
        let rules = rules.rules.clone();
        let batch = py
            .detach(move || {
                seatings
                    .iter()
                    .zip(seeds)
                    .map(|(kinds, &seed)| {
                        Ok(summary(&engine_play_game(rules.clone(), kinds, seed)?))
                    })
                    .collect::<Result<Vec<_>, GameError>>()
            })
            .map_err(|e| game_refusal(py, &e))?;
        found.extend(batch);
        py.check_signals()?; // Ctrl-C stops between batches
    }
    Ok(found)
}

/// Games played between two looks at the interpreter's signals (a few milliseconds' worth).
const BATCH: usize = 16;

/// Add the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_game, m)?)?;
    m.add_function(wrap_pyfunction!(play_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_summaries, m)?)?;
    m.add_function(wrap_pyfunction!(rollouts, m)?)?;
    m.add_function(wrap_pyfunction!(view_rollouts, m)?)?;
    Ok(())
}
