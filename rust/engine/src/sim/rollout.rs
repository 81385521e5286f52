//! Rollouts for search: the rest of a round, or of the game, played from a state by built-in
//! policies, with the rollout's own seed for the reshuffles, the later deals and the
//! policies (each seat's policy reset as `fivecrowns.play_game` resets its bot in a game
//! dealt from that seed).

use crate::bots::kit::ask;
use crate::bots::{Policy, PolicyKind};
use crate::game::{Action, Game, GameError, Illegal, Parts, Phase};
use crate::shuffle::SplitMix64;
use crate::solver::Hand;
use crate::HandError;

/// The most rollouts (times first actions) one call plays: the Python package's
/// `fivecrowns.rollout.MAX_ROLLOUTS`.
pub const MAX_ROLLOUTS: usize = 10_000_000;

/// The most times [`Unseen::sample`] improves one hand: the Python package's
/// `fivecrowns.rollout.MAX_IMPROVE`.
pub const MAX_IMPROVE: u32 = 1_000;

/// How far a rollout plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// To the end of the current round.
    Round,
    /// To the end of the game.
    Game,
    /// To the end of the game, reporting besides each seat's total how many rounds it went
    /// out (tie-break rounds not counted: what `tie_break = most_rounds_out` compares).
    GameRoundsOut,
    /// To the end of the current round, or until this many more turns have begun with
    /// nobody out: then each seat scores its hand's least deadwood, as if the round ended
    /// there (`least_of_hands`).
    Turns(u32),
}

/// Play `game` on from where it stands with `kinds[seat]` in each seat and the luck of
/// `seed`: each seat's score in the round it was in (0 for a seat not dealt in) with
/// [`Until::Round`] (or [`Until::Turns`]), or each seat's final total with [`Until::Game`]
/// (followed by each seat's rounds out with [`Until::GameRoundsOut`]).
pub fn play_on(mut game: Game, kinds: &[PolicyKind], seed: u64, until: Until) -> Vec<i64> {
    game.reseed(seed);
    let whole_game = matches!(until, Until::Game | Until::GameRoundsOut);
    if !whole_game {
        game.halt_after_round();
    }
    let mut policies: Vec<Policy> = (0..game.players())
        .map(|seat| Policy::new(kinds[usize::from(seat)], seed, seat))
        .collect();
    let rounds = game.results().len();
    // (the turns begun so far: a turn begins when its player is to draw)
    let mut begun = 0u32;
    while !game.is_over() && (whole_game || game.results().len() == rounds) {
        if let Until::Turns(limit) = until {
            if game.phase() == Phase::Draw && game.went_out().is_none() {
                if begun == limit {
                    return least_of_hands(&game);
                }
                begun += 1;
            }
        }
        let action = policies[usize::from(game.current())].act(&game);
        game.play(action);
    }
    match until {
        Until::Game => game.scores().to_vec(),
        Until::GameRoundsOut => {
            let mut found = game.scores().to_vec();
            found.extend(rounds_out(&game));
            found
        }
        Until::Round | Until::Turns(_) => match game.results().get(rounds) {
            Some(result) => result.scores.iter().map(|s| s.unwrap_or(0)).collect(),
            None => game.round_scores().iter().map(|s| s.unwrap_or(0)).collect(),
        },
    }
}

/// Play `game` on with `kinds[seat]` in each seat and the luck of `seed` until `player` has
/// ended `turns` more turns of its own (the one in progress counts, once its draw is made;
/// the others' turns before each of them count too) or somebody goes out: who went out
/// first, or None. The twin of the Python package's `fivecrowns.analysis.going_out._play`
/// (a round that ends with nobody out, at its turn limit or with the stock empty, gives
/// whoever its result says went out: nobody).
pub fn first_out(
    mut game: Game,
    kinds: &[PolicyKind],
    seed: u64,
    player: u8,
    turns: u32,
) -> Option<u8> {
    game.reseed(seed);
    game.halt_after_round();
    let mut policies: Vec<Policy> = (0..game.players())
        .map(|seat| Policy::new(kinds[usize::from(seat)], seed, seat))
        .collect();
    let rounds = game.results().len();
    let mut begun = u32::from(game.current() == player && game.phase() != Phase::Draw);
    while !game.is_over() {
        let seat = game.current();
        if seat == player && game.phase() == Phase::Draw {
            begun += 1;
        }
        let action = policies[usize::from(seat)].act(&game);
        game.play(action);
        if let Some(result) = game.results().get(rounds) {
            return result.went_out;
        }
        if let Some(out) = game.went_out() {
            return Some(out);
        }
        if begun >= turns && game.current() != player {
            return None;
        }
    }
    None
}

/// How many rounds each seat went out (tie-break rounds not counted), as
/// `Game::winners` counts them under `most_rounds_out`.
pub fn rounds_out(game: &Game) -> Vec<i64> {
    let mut outs = vec![0; usize::from(game.players())];
    for result in game.results().iter().filter(|r| r.extra_round == 0) {
        if let Some(seat) = result.went_out {
            outs[usize::from(seat)] += 1;
        }
    }
    outs
}

/// Each seat's least deadwood now (0 for a seat not dealt in): the score of a rollout that
/// [`Until::Turns`] stops before the round ends.
fn least_of_hands(game: &Game) -> Vec<i64> {
    (0..game.players())
        .map(|seat| {
            if game.active().contains(&seat) {
                ask(game, game.hand_codes(seat)).least() as i64
            } else {
                0
            }
        })
        .collect()
}

/// The rollouts of one seed: with no `firsts`, `game` played on ([`play_on`]); otherwise,
/// for each action of `firsts` in turn, a copy of `game` that plays it first and then plays
/// on with the same `seed` (so the actions are compared on the same luck). Each rollout's
/// scores are appended to `scores`; an illegal first action is refused before any is played.
pub fn play_each(
    game: Game,
    firsts: &[Action],
    kinds: &[PolicyKind],
    seed: u64,
    until: Until,
    scores: &mut Vec<i64>,
) -> Result<(), Illegal> {
    if firsts.is_empty() {
        scores.extend(play_on(game, kinds, seed, until));
        return Ok(());
    }
    if let Some(why) = firsts.iter().find_map(|&action| game.refusal(action)) {
        return Err(why);
    }
    for &action in firsts {
        let mut copy = game.clone();
        copy.play(action);
        scores.extend(play_on(copy, kinds, seed, until));
    }
    Ok(())
}

/// What one player knows of a round, for sampling the rest: a state consistent with it (its
/// hidden cards any), and for each seat the cards known to be in its hand (the player's own
/// hand; others' known pick-ups), the cards it laid on the table (a finished seat's melds),
/// how many unseen cards it holds besides, whether its round score is its hand's points
/// (a seat that finished its final turn) and how many times its hand is improved (see
/// [`Unseen::sample`]); and the unseen cards, ascending.
#[derive(Debug, Clone)]
pub struct Unseen {
    pub template: Parts,
    pub known: Vec<Vec<u8>>,
    pub laid: Vec<Vec<u8>>,
    pub hidden: Vec<usize>,
    pub scored: Vec<bool>,
    pub improve: Vec<u32>,
    pub unseen: Vec<u8>,
}

impl Unseen {
    /// The template's state with the hidden cards dealt from `seed`, in the order of the
    /// Python package's `sample_state`: the unseen cards shuffled by SplitMix64 seeded with
    /// `seed`, each seat in turn takes its share, the rest is the stock (its top card last);
    /// then each seat in turn is improved `improve[seat]` times (at most [`MAX_IMPROVE`], while
    /// the stock has cards): the stock card at the generator's next `below(stock size)` joins
    /// its hand, and the card [`Hand::best_discard_keeping`] its known cards takes that place
    /// in the stock.
    /// The game deals its reshuffles and later rounds from `seed` too.
    pub fn sample(&self, game: &Game, seed: u64) -> Result<Game, GameError> {
        if self.improve.iter().any(|&steps| steps > MAX_IMPROVE) {
            return Err(GameError::Input(HandError::BadHand(format!(
                "a hand is improved at most {MAX_IMPROVE} times"
            ))));
        }
        let mut generator = SplitMix64::new(seed);
        let mut order = self.unseen.clone();
        generator.shuffle(&mut order);
        let mut parts = self.template.clone();
        parts.seed = seed;
        let wild = game.wild_rank();
        let rules = game.rules();
        let mut at = 0;
        let mut hands = Vec::with_capacity(parts.hands.len());
        for seat in 0..parts.hands.len() {
            let take = self.hidden[seat];
            if at + take > order.len() {
                return Err(GameError::Input(HandError::BadHand(
                    "more hidden cards than unseen".to_string(),
                )));
            }
            let mut hand = self.known[seat].clone();
            hand.extend_from_slice(&order[at..at + take]);
            at += take;
            hands.push(hand);
        }
        let mut stock = order[at..].to_vec();
        for (seat, hand) in hands.iter_mut().enumerate() {
            for _ in 0..self.improve[seat] {
                if stock.is_empty() {
                    break;
                }
                let place = generator.below(stock.len());
                hand.push(stock[place]);
                let codes: Vec<u32> = hand.iter().copied().map(u32::from).collect();
                let thrown = Hand::new(&codes, u32::from(wild), &rules.melds)?
                    .best_discard_keeping(&self.known[seat])
                    .ok_or_else(|| {
                        HandError::BadHand("a known card that is not in the hand".to_string())
                    })?;
                if let Some(index) = hand.iter().rposition(|&c| c == thrown) {
                    hand.remove(index);
                }
                stock[place] = thrown;
            }
        }
        for (seat, mut hand) in hands.into_iter().enumerate() {
            if self.scored[seat] {
                parts.round_scores[seat] = Some(rules.melds.points_of(&hand, wild) as i64);
            }
            hand.extend_from_slice(&self.laid[seat]);
            parts.hands[seat] = hand;
        }
        parts.stock = stock;
        Game::from_parts(game.shared_rules(), parts)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::GameRules;

    /// Each first action is played on its own copy with the same luck: alone, it gives the row
    /// it gives among others; an illegal one is refused before anything is played.
    #[test]
    fn each_first_action_meets_the_same_luck() {
        let game = Game::new(Arc::new(GameRules::default()), 3, 7, 2).unwrap();
        let kinds = [PolicyKind::Greedy; 3];
        let firsts = game.legal_actions();
        assert_eq!(firsts.len(), 2, "draw from the stock or take the discard");
        let mut both = Vec::new();
        play_each(game.clone(), &firsts, &kinds, 11, Until::Round, &mut both).unwrap();
        assert_eq!(both.len(), 2 * 3);
        for (row, &action) in firsts.iter().enumerate() {
            let mut alone = Vec::new();
            play_each(
                game.clone(),
                &[action],
                &kinds,
                11,
                Until::Round,
                &mut alone,
            )
            .unwrap();
            assert_eq!(alone, both[row * 3..row * 3 + 3]);
            let mut played = game.clone();
            played.play(action);
            assert_eq!(alone, play_on(played, &kinds, 11, Until::Round));
        }
        let mut none = Vec::new();
        let discard_first = Action::from_int(firsts[0].int() + 2);
        assert!(play_each(
            game,
            &[firsts[0], discard_first],
            &kinds,
            11,
            Until::Round,
            &mut none
        )
        .is_err());
        assert!(none.is_empty());
    }

    /// The first to go out within a player's next turns: nobody within zero more turns of
    /// a player not to act; within more turns, the seat that goes out first when the round
    /// is played on as a whole (the same luck), when it goes out before the player's turns
    /// are over.
    #[test]
    fn the_first_out_is_the_first_out_of_the_round_played_on() {
        let kinds = [PolicyKind::Greedy; 3];
        let mut seen = [0; 2];
        for deal in 0..40 {
            let game = Game::new(Arc::new(GameRules::default()), 3, deal, 2).unwrap();
            let player = (game.current() + 1) % 3;
            assert_eq!(first_out(game.clone(), &kinds, 5, player, 0), None);
            let mut whole = game.clone();
            whole.reseed(5);
            whole.halt_after_round();
            let mut policies: Vec<Policy> = (0..3)
                .map(|s| Policy::new(PolicyKind::Greedy, 5, s))
                .collect();
            // (the player's turns begun when somebody goes out)
            let mut begun = 0;
            while whole.went_out().is_none() && whole.results().is_empty() {
                if whole.current() == player && whole.phase() == Phase::Draw {
                    begun += 1;
                }
                let action = policies[usize::from(whole.current())].act(&whole);
                whole.play(action);
            }
            let out = whole
                .went_out()
                .or_else(|| whole.results().first().and_then(|r| r.went_out));
            let all = first_out(game.clone(), &kinds, 5, player, 1000);
            assert_eq!(all, out, "deal {deal}");
            if let Some(out) = out.filter(|_| begun > 0) {
                // (the player goes out in its turn `begun`; another seat after the player's
                // turn `begun` is over, so within `begun + 1` of them)
                let last = if out == player { begun } else { begun + 1 };
                let before = first_out(game.clone(), &kinds, 5, player, last - 1);
                assert_eq!(before, None, "deal {deal}");
                assert_eq!(first_out(game.clone(), &kinds, 5, player, last), Some(out));
                seen[usize::from(out == player)] += 1;
            }
        }
        assert!(
            seen[0] > 5 && seen[1] > 5,
            "too few outs of each kind: {seen:?}"
        );
    }

    /// A rollout of the whole game that reports the rounds out gives the totals of one
    /// that does not, then each seat's rounds gone out (tie-break rounds aside), as the game
    /// played on by hand with the same luck has them; under `most_rounds_out` the winners
    /// are the lowest totals with the most rounds out.
    #[test]
    fn the_rounds_out_are_those_of_the_game_played_on() {
        use crate::game::TieBreak;
        let kinds = [PolicyKind::Greedy; 3];
        let rules = Arc::new(GameRules {
            tie_break: TieBreak::MostRoundsOut,
            ..GameRules::default()
        });
        let mut outs_seen = 0;
        for deal in 0..10 {
            let game = Game::new(rules.clone(), 3, deal, 2).unwrap();
            let found = play_on(game.clone(), &kinds, 5, Until::GameRoundsOut);
            assert_eq!(
                found[..3],
                play_on(game.clone(), &kinds, 5, Until::Game)[..]
            );
            let mut by_hand = game.clone();
            by_hand.reseed(5);
            let mut policies: Vec<Policy> = (0..3)
                .map(|s| Policy::new(PolicyKind::Greedy, 5, s))
                .collect();
            while !by_hand.is_over() {
                let action = policies[usize::from(by_hand.current())].act(&by_hand);
                by_hand.play(action);
            }
            let mut outs = [0i64; 3];
            for result in by_hand.results() {
                if let (0, Some(seat)) = (result.extra_round, result.went_out) {
                    outs[usize::from(seat)] += 1;
                }
            }
            assert_eq!(found[3..], outs[..], "deal {deal}");
            outs_seen += outs.iter().sum::<i64>();
            let low = *found[..3].iter().min().unwrap();
            let most = (0..3).filter(|&p| found[p] == low).map(|p| outs[p]).max();
            let winners: Vec<u8> = (0..3u8)
                .filter(|&p| found[usize::from(p)] == low && Some(outs[usize::from(p)]) == most)
                .collect();
            assert_eq!(by_hand.winners(), winners, "deal {deal}");
        }
        assert!(outs_seen > 50, "only {outs_seen} rounds gone out");
    }

    /// A rollout to a horizon of turns scores each hand's least deadwood when the turn past
    /// the horizon begins and nobody is out; one that ends sooner, or a horizon past the
    /// round's end, scores the round as it ends.
    #[test]
    fn a_horizon_scores_the_hands_when_its_turns_have_begun() {
        let kinds = [PolicyKind::Greedy; 3];
        let mut stopped = 0;
        for deal in 0..20 {
            let game = Game::new(Arc::new(GameRules::default()), 3, deal, 2).unwrap();
            let least = |g: &Game| -> Vec<i64> {
                (0..3)
                    .map(|s| ask(g, g.hand_codes(s)).least() as i64)
                    .collect()
            };
            assert_eq!(
                play_on(game.clone(), &kinds, 5, Until::Turns(0)),
                least(&game)
            );
            let whole = play_on(game.clone(), &kinds, 5, Until::Round);
            assert_eq!(
                play_on(game.clone(), &kinds, 5, Until::Turns(10_000)),
                whole
            );
            for horizon in 1..10 {
                // the same game played by hand: `horizon` turns, then the hands
                let mut by_hand = game.clone();
                by_hand.reseed(5);
                by_hand.halt_after_round();
                let mut policies: Vec<Policy> = (0..3)
                    .map(|s| Policy::new(PolicyKind::Greedy, 5, s))
                    .collect();
                let mut begun = 0;
                let expected = loop {
                    if !by_hand.results().is_empty() {
                        break whole.clone();
                    }
                    if by_hand.phase() == Phase::Draw && by_hand.went_out().is_none() {
                        if begun == horizon {
                            stopped += 1;
                            break least(&by_hand);
                        }
                        begun += 1;
                    }
                    let action = policies[usize::from(by_hand.current())].act(&by_hand);
                    by_hand.play(action);
                };
                let found = play_on(game.clone(), &kinds, 5, Until::Turns(horizon));
                assert_eq!(found, expected, "deal {deal}, horizon {horizon}");
            }
        }
        assert!(stopped > 20, "the horizons stopped only {stopped} rounds");
    }
}
